"""Experiment: a kernel's cp.async source addresses with fewer instructions.

LLVM folds the i32 select of an invalid copy's index to 0 into the
widened product, so each copy's source address takes mul.wide.u32, a
64-bit selp and a 64-bit add (IMAD.WIDE, two SEL, IADD3 and IADD3.X in
SASS). MODE `narrow` selects the 32-bit index and makes the address one
mad.wide.u32 (SEL and a fused IMAD.WIDE); `unselect` drops the select (a
cp.async of source size 0 reads nothing).

  python3 select_ptx.py IN.ptx OUT.ptx narrow|unselect
"""

import re
import sys

PATTERN = re.compile(
    r"\tmul\.wide\.u32 \t(%rd\d+), (%r\d+), 2;\n"
    r"\tselp\.b64 \t(%rd\d+), \1, 0, (%p\d+);\n"
    r"\tadd\.s64 \t(%rd\d+), \3, (%rd\d+);\n")


def main():
    source, destination, mode = sys.argv[1:4]
    text = open(source).read()
    count = 0

    def rewrite(match):
        nonlocal count
        count += 1
        _, index, _, predicate, address, base = match.groups()
        if mode == "narrow":
            return (f"\tselp.b32 \t%rsel{count}, {index}, 0, {predicate};\n"
                    f"\tmad.wide.u32 \t{address}, %rsel{count}, 2, {base};\n")
        return f"\tmad.wide.u32 \t{address}, {index}, 2, {base};\n"

    text = PATTERN.sub(rewrite, text)
    if mode == "narrow":
        text = re.sub(r"(\.visible \.entry [^{]*\{\n)",
                      lambda m: m.group(1) + f"\t.reg .b32 \t%rsel<{count + 1}>;\n",
                      text)
    open(destination, "w").write(text)
    print(f"select_ptx: {count} addresses rewritten", file=sys.stderr)


if __name__ == "__main__":
    main()
