#!/usr/bin/env python3
"""Prints a gfx942 kernel of loops nested DEPTH deep: in every header an
async copy and a mark, in every latch a copy, a mark and a wait for one
mark, after the nest a wait for 0.

  async-loop-nest.py DEPTH
"""
import sys

depth = int(sys.argv[1])
copy = ("  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, "
        "ptr addrspace(3) @lds, i32 4, i32 0, i32 0)")
mark = "  call void @llvm.amdgcn.asyncmark()"
lines = [
    "@lds = internal addrspace(3) global [64 x i32] poison",
    "declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), "
    "ptr addrspace(3), i32, i32, i32)",
    "declare void @llvm.amdgcn.asyncmark()",
    "declare void @llvm.amdgcn.wait.asyncmark(i16)",
    "define amdgpu_kernel void @nest(ptr addrspace(1) %g, i32 %n) {",
    "entry:",
    "  br label %h0",
]
for d in range(depth):
    parent = "entry" if d == 0 else "h%d" % (d - 1)
    lines += ["h%d:" % d,
              "  %%i%d = phi i32 [ 0, %%%s ], [ %%i%d.next, %%l%d ]" %
              (d, parent, d, d),
              copy, mark,
              "  br label %%%s" % ("h%d" % (d + 1) if d + 1 < depth
                                   else "l%d" % d)]
for d in reversed(range(depth)):
    lines += ["l%d:" % d, copy, mark,
              "  call void @llvm.amdgcn.wait.asyncmark(i16 1)",
              "  %%i%d.next = add i32 %%i%d, 1" % (d, d),
              "  %%e%d = icmp slt i32 %%i%d.next, %%n" % (d, d),
              "  br i1 %%e%d, label %%h%d, label %%%s" %
              (d, d, "l%d" % (d - 1) if d else "exit")]
lines += ["exit:", "  call void @llvm.amdgcn.wait.asyncmark(i16 0)",
          "  ret void", "}"]
print("\n".join(lines))
