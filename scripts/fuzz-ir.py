#!/usr/bin/env python3
"""Mutation fuzzer for ck-opt: mutates the ck IR of the lit tests and runs
the mutants through ck-opt's passes, looking for crashes and hangs.

Seeds are the `// -----` sections of test/**/*.mlir that hold ck ops. A
mutant changes a few tokens of its seed the way a hostile or careless
producer would (sizes to 0, -1 or 2^63 - 1, element types, layout letters,
transform kinds, operands swapped, lines dropped or repeated) and goes
through one of several pass configurations. ck-opt may reject it (exit 1
with a diagnostic, the expected outcome for most mutants) but must never
die of a signal, print a stack dump or an LLVM ERROR, or run past the time
limit. Each finding is written to --out with the command that shows it, and
the exit status is 1 if there was any.

  scripts/fuzz-ir.py --ck-opt build/bin/ck-opt --seconds 120 --out /tmp/fz
"""

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHIPS = ["gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1201", "sm_80", "sm_90a"]


def pass_configurations():
    """The ck-opt command lines the mutants go through (after the input)."""
    configs = [[], ["-ck-conv-to-gemm"], ["-ck-conv-to-gemm=path=implicit"],
               ["-convert-ck-conv-to-gpu-reference"],
               ["-convert-ck-to-amdgpu"], ["-convert-ck-to-nvvm"],
               ["-ck-lower-partition"], ["-ck-pipeline"],
               ["-ck-lower-wave-tiles"], ["-ck-lower-coords"]]
    for chip in CHIPS:
        target = f"-ck-set-target=chip={chip}"
        configs.append([target, "-ck-conv-to-gemm", "-ck-select-gemm-config"])
        configs.append([target, "-ck-conv-to-gemm", "-ck-select-gemm-config",
                        "-convert-ck-to-gpu"])
        configs.append([target, "-ck-conv-to-gemm", "-ck-select-gemm-config",
                        "-convert-ck-to-gpu", "-ck-lower-partition",
                        "-ck-pipeline", "-ck-lower-wave-tiles",
                        "-ck-lower-coords"])
    return configs


INTERESTING = [0, 1, -1, 2, 3, 4, 7, 8, 16, 17, 255, 256, 65535, 65536,
               2**31 - 1, 2**31, 2**32, 2**40, 2**62, 2**63 - 1]
TYPES = ["f16", "bf16", "f32", "f64", "i32", "i8"]
KINDS = ["pass_through", "pad", "embed", "merge", "unmerge", "slice"]
LAYOUT = re.compile(r"\b[NGCKDHWZYX]{3,6}\b")


def seeds():
    """The sections of the lit tests that hold ck ops, without RUN and
    CHECK lines (they do not change what ck-opt does)."""
    found = []
    for path in sorted((ROOT / "test").rglob("*.mlir")):
        for section in path.read_text().split("// -----"):
            lines = [l for l in section.splitlines()
                     if not l.lstrip().startswith("//")]
            text = "\n".join(lines).strip()
            if "ck." in text and "func.func" in text:
                found.append(text + "\n")
    return found


def mutate(text, rng):
    """A few random token-level changes of `text`."""
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        if choice < 0.45:
            numbers = list(re.finditer(r"(?<![%\w#.])-?\d+(?![\w.])", text))
            if numbers:
                m = rng.choice(numbers)
                value = rng.choice(INTERESTING) if rng.random() < 0.8 else \
                    int(m.group()) + rng.choice([-1, 1])
                text = text[:m.start()] + str(value) + text[m.end():]
        elif choice < 0.55:
            types = list(re.finditer(r"\b(f16|bf16|f32)\b", text))
            if types:
                m = rng.choice(types)
                text = text[:m.start()] + rng.choice(TYPES) + text[m.end():]
        elif choice < 0.65:
            layouts = list(LAYOUT.finditer(text))
            if layouts:
                m = rng.choice(layouts)
                letters = list(m.group())
                rng.shuffle(letters)
                if rng.random() < 0.3:
                    letters[rng.randrange(len(letters))] = rng.choice("NGCKHWYX")
                text = text[:m.start()] + "".join(letters) + text[m.end():]
        elif choice < 0.72:
            kinds = list(re.finditer("|".join(KINDS), text))
            if kinds:
                m = rng.choice(kinds)
                text = text[:m.start()] + rng.choice(KINDS) + text[m.end():]
        elif choice < 0.82:
            names = sorted(set(re.findall(r"%[A-Za-z_][\w]*|%\d+", text)))
            if len(names) >= 2:
                a, b = rng.sample(names, 2)
                occurrences = [m for m in re.finditer(re.escape(a) + r"\b", text)]
                if occurrences:
                    m = rng.choice(occurrences)
                    text = text[:m.start()] + b + text[m.end():]
        else:
            lines = text.splitlines()
            body = [i for i, l in enumerate(lines) if "ck." in l]
            if body:
                i = rng.choice(body)
                if rng.random() < 0.5:
                    del lines[i]
                else:
                    lines.insert(i, lines[i])
            text = "\n".join(lines) + "\n"
    return text


def limit_memory():
    gib = 4
    resource.setrlimit(resource.RLIMIT_AS, (gib << 30, gib << 30))


CRASH_MARKERS = ("Stack dump", "PLEASE submit a bug report", "LLVM ERROR",
                 "Assertion", "UNREACHABLE", "terminate called")


def run_one(ck_opt, text, config, timeout):
    """'ok', 'crash' or 'hang', and what ck-opt printed."""
    try:
        proc = subprocess.run([ck_opt, "-", *config], input=text.encode(),
                              capture_output=True, timeout=timeout,
                              preexec_fn=limit_memory)
    except subprocess.TimeoutExpired:
        return "hang", ""
    err = proc.stderr.decode(errors="replace")
    if proc.returncode < 0 or proc.returncode > 1 or \
            any(m in err for m in CRASH_MARKERS):
        # Running out of the memory limit is a finding too: ck-opt must
        # refuse what it cannot build, not grow without bound.
        return "crash", err
    return "ok", err


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ck-opt", default=str(ROOT / "build/bin/ck-opt"))
    parser.add_argument("--seconds", type=float, default=60,
                        help="how long to fuzz (default 60)")
    parser.add_argument("--seed", type=int, default=None,
                        help="random seed (default: from the clock; printed)")
    parser.add_argument("--timeout", type=float, default=20,
                        help="seconds one ck-opt run may take (default 20)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default="fuzz-ir-findings",
                        help="directory for the inputs of findings")
    args = parser.parse_args()
    if not os.access(args.ck_opt, os.X_OK):
        sys.exit(f"fuzz-ir: no ck-opt at '{args.ck_opt}' (build it first)")
    seed = args.seed if args.seed is not None else int(time.time())
    rng = random.Random(seed)
    corpus = seeds()
    configs = pass_configurations()
    print(f"fuzz-ir: seed {seed}, {len(corpus)} seed sections, "
          f"{len(configs)} pass configurations, {args.seconds:g} s")

    deadline = time.monotonic() + args.seconds
    counts = {"ok": 0, "crash": 0, "hang": 0}
    out = Path(args.out)

    def batch():
        return [(mutate(rng.choice(corpus), rng), rng.choice(configs))
                for _ in range(args.jobs * 4)]

    with ThreadPoolExecutor(args.jobs) as pool:
        while time.monotonic() < deadline:
            work = batch()
            results = pool.map(
                lambda w: run_one(args.ck_opt, w[0], w[1], args.timeout), work)
            for (text, config), (outcome, err) in zip(work, results):
                counts[outcome] += 1
                if outcome == "ok":
                    continue
                out.mkdir(parents=True, exist_ok=True)
                n = counts["crash"] + counts["hang"]
                case = out / f"{outcome}-{n}.mlir"
                case.write_text(text)
                command = f"{args.ck_opt} {case} {' '.join(config)}"
                (out / f"{outcome}-{n}.txt").write_text(command + "\n" + err)
                print(f"fuzz-ir: {outcome}: {command}")
    total = sum(counts.values())
    print(f"fuzz-ir: {total} inputs, {counts['crash']} crashes, "
          f"{counts['hang']} hangs")
    return 1 if counts["crash"] or counts["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
