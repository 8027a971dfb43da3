#!/usr/bin/env python3
# ===-- utils/asyncpipe-syncloop-gen.py - Random synchronous-form loops -----===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Prints a random C program whose kernel is a synchronous-form loop annotated
with asyncpipe_pipeline(S): per iteration, 1-3 groups of async copies (some
predicated, some consumed right away after their own wait(0)), a final
wait(0) and a consumer with optional conditional code. main() runs the kernel
for trip counts 0-8 and prints every result.

Built once with the plugin (pipelined, linked with a host runtime) and once
without it (linked with eager definitions of the portable calls), the two
programs must print the same thing. The seed fixes the program. A few
pipeliner tests use this one with fixed seeds (one loop per program, every
trip count 0-8 in one run); the batch generator for the differential harness
is utils/asyncpipe_gen.py --sync-loops.
"""

import argparse
import random

HEADER = """#include "asyncpipe/pipeline_annotation.h"
#include <stdio.h>

void asyncpipe_copy(void *dst, const void *src, unsigned size,
                    unsigned flags) __asm__("asyncpipe.copy");
void asyncpipe_mark(void) __asm__("asyncpipe.mark");
void asyncpipe_wait(unsigned n) __asm__("asyncpipe.wait");
void lazy_runtime_reset(void);
"""

MAIN = """
int main(void) {
  int A[64], out[16];
  for (int i = 0; i < 64; ++i)
    A[i] = i * 7 + 3 * (i % 5);
  for (int n = 0; n <= 8; ++n)
    for (int k = 0; k < 2; ++k) {
      for (int i = 0; i < 16; ++i)
        out[i] = -12345;
      lazy_runtime_reset();
      long r = kernel(A, out, n, k);
      printf("%d %d %ld", n, k, r);
      for (int i = 0; i < n; ++i)
        printf(" %d", out[i]);
      printf("\\n");
    }
  return 0;
}
"""


def group(rng, index):
    """The copies of one group: 1-3 elements of A at affine indices."""
    copies = []
    for element in range(rng.randint(1, 3)):
        stride, offset = rng.randint(1, 3), rng.randint(0, 5)
        copies.append("asyncpipe_copy(&T%d[%d], &A[%d * t + %d], 4, 0);" %
                      (index, element, stride, offset))
    return copies


def generate(seed, stages):
    rng = random.Random(seed)
    stages = stages or rng.randint(2, 4)
    groups = rng.randint(1, 3)
    out = [HEADER]
    out += ["static int T%d[4];" % g for g in range(groups)]
    out.append("")
    out.append("__attribute__((noinline)) long kernel(const int *restrict A,")
    out.append("                                      int *restrict out, int n,")
    out.append("                                      int k) {")
    out.append("  long acc = 0;")
    out.append("  for (int t = 0; t < n; ++t) {")
    out.append("    asyncpipe_pipeline(%d);" % stages)
    for g in range(groups):
        copies = group(rng, g)
        if rng.random() < 0.25:
            out.append("    if ((t + k) % 3 == 0) {")
            out += ["      " + c for c in copies]
            out.append("    }")
        else:
            out += ["    " + c for c in copies]
        out.append("    asyncpipe_mark();")
        if g < groups - 1 and rng.random() < 0.3:
            out.append("    asyncpipe_wait(0);")
            out.append("    acc += T%d[0] * %d;" % (g, rng.randint(1, 9)))
    out.append("    asyncpipe_wait(0);")
    terms = ["T%d[0] * %d" % (g, rng.randint(1, 9)) for g in range(groups)]
    out.append("    int v = %s;" % " + ".join(terms))
    if rng.random() < 0.5:
        out.append("    if (v & 1)")
        out.append("      v = -v;")
    out.append("    out[t] = v;")
    out.append("    acc += v;")
    out.append("  }")
    out.append("  return acc;")
    out.append("}")
    out.append(MAIN)
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--stages", type=int, default=0,
                        help="stage count (default: 2-4, from the seed)")
    args = parser.parse_args()
    print(generate(args.seed, args.stages))


if __name__ == "__main__":
    main()
