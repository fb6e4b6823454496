#!/usr/bin/env python3
"""Tuning-database entries from the JSON of `ck-bench --sweep` runs.

ck-bench writes the database itself during a sweep (--tuning-db, each
problem as it finishes). This merges the JSON lines of sweeps run without
it, or into another database, the fastest verified choice of each problem
whose heuristic bundle passed, in the format ck-bench writes
(lib/Tuning/Tuning.cpp), keeping an existing entry where it is faster:

    bench/tuning_from_sweep.py --db sm_90a.tuning sweep-a.json.xz sweep-b.json
"""
import argparse
import json
import lzma
import sys

HEADER = ("# ck-mlir tuning database: measured kernel choices per problem\n"
          "# (ck-bench --sweep); tuned KEY US HEURISTIC_US FLAGS\n"
          "ck-tuning 1\n")


def read_db(path):
    chip, entries = None, {}
    for line in open(path):
        words = line.split()
        if words[:1] == ["chip"]:
            chip = words[1]
        elif words[:1] == ["tuned"]:
            entries[words[1]] = (float(words[2]), float(words[3]), words[4:])
    return chip, entries


def sweep_results(path):
    """{key: {choice flags (tuple): median us}} of the passing bundles."""
    opener = lzma.open if path.endswith(".xz") else open
    results = {}
    with opener(path, "rt") as f:
        for line in f:
            r = json.loads(line)
            if r.get("status") != "pass" or r.get("time_us_median") is None:
                continue
            # The bundle's directory is KEY, or KEY@name=value@... for a
            # choice (cktuning::Choice::suffix).
            parts = r["bundle"].rsplit("/", 1)[-1].split("@")
            flags = tuple("--" + p for p in parts[1:])
            results.setdefault(r["key"], {})[flags] = r["time_us_median"]
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True,
                        help="the database to merge into (rewritten)")
    parser.add_argument("sweeps", nargs="+", help="ck-bench --json files")
    args = parser.parse_args()
    chip, entries = read_db(args.db)
    if chip is None:
        sys.exit(f"{args.db}: no 'chip' line")
    changed = 0
    for path in args.sweeps:
        for key, times in sweep_results(path).items():
            if () not in times:
                continue  # no heuristic time to record beside the choice
            flags, us = min(times.items(), key=lambda item: item[1])
            old = entries.get(key)
            if old and old[0] <= us:
                continue
            entries[key] = (us, times[()], list(flags))
            changed += 1
    with open(args.db, "w") as out:
        out.write(HEADER + f"chip {chip}\n")
        for key in sorted(entries):
            us, heuristic, flags = entries[key]
            out.write(" ".join(["tuned", key, f"{us:.3f}", f"{heuristic:.3f}"]
                               + flags) + "\n")
    print(f"{args.db}: {changed} entries set, {len(entries)} in all")


if __name__ == "__main__":
    main()
