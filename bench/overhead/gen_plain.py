#!/usr/bin/env python3
"""Generates a C translation unit with no async operation, for measuring what
the AsyncPipe plugin costs on code that does not use it.

Each function has loop nests, branches, array and struct accesses and calls,
so that the optimizer and the backends do their usual work on it.

  gen_plain.py FUNCTIONS [SEED] > out.c
"""
import random
import sys


def function(rng, i):
    depth = rng.randint(1, 3)
    lines = [f"int f{i}(int *restrict a, const int *restrict b, int n) {{",
             "  int acc = 0;"]
    indent = "  "
    for d in range(depth):
        var = "ijk"[d]
        lines.append(f"{indent}for (int {var} = 0; {var} < n; ++{var}) {{")
        indent += "  "
    idx = " + ".join("ijk"[:depth])
    op = rng.choice(["+", "-", "^", "*"])
    lines.append(f"{indent}int v = b[({idx}) % n] {op} {rng.randint(1, 97)};")
    lines.append(f"{indent}if (v & {rng.randint(1, 15)})")
    lines.append(f"{indent}  a[({idx}) % n] += v;")
    lines.append(f"{indent}else")
    lines.append(f"{indent}  acc += s_{i % 8}.x[v & 7] * v;")
    for _ in range(depth):
        indent = indent[:-2]
        lines.append(f"{indent}}}")
    if i > 0:
        lines.append(f"  acc += f{rng.randrange(i)}(a, b, n / 2);")
    lines.append("  return acc;")
    lines.append("}")
    return "\n".join(lines)


def main():
    count = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print("struct S { int x[8]; };")
    for s in range(8):
        print(f"static struct S s_{s} = {{{{{', '.join(str(s * 8 + k) for k in range(8))}}}}};")
    for i in range(count):
        print(function(rng, i))


if __name__ == "__main__":
    main()
