#!/usr/bin/env python3
# ===-- bench/amdgpu/many_copies.py - A kernel of many portable copies ----===#
#
# Part of the AsyncPipe project.
#
# ===------------------------------------------------------------------------===#
"""Prints a kernel of N asyncpipe.copy calls (default 769, about 10k IR
instructions), each in its own block with a load, arithmetic, a store and a
conditional wait, for timing what the AMDGPU copy lowering hands llc
(issue 41: one lane id per copy made StraightLineStrengthReduce slow).

  many_copies.py [N] > k.ll
"""

import sys


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 769
    out = ['@lds = internal addrspace(3) global [65536 x i32] poison, align 16',
           'define amdgpu_kernel void @k(ptr addrspace(1) %src, ptr addrspace(1) %dst, i32 %x) {',
           'entry:', '  %id = call i32 @llvm.amdgcn.workitem.id.x()', '  br label %b0']
    for i in range(n):
        out += [f'b{i}:',
                f'  %o{i} = add i32 %id, {i * 64}',
                f'  %d{i} = getelementptr i32, ptr addrspace(3) @lds, i32 %o{i}',
                f'  %s{i} = getelementptr i32, ptr addrspace(1) %src, i32 %o{i}',
                f'  call void @asyncpipe.copy(ptr addrspace(3) %d{i}, ptr addrspace(1) %s{i}, i32 4, i32 0)',
                '  call void @asyncpipe.mark()',
                f'  %l{i} = load i32, ptr addrspace(1) %s{i}',
                f'  %m{i} = mul i32 %l{i}, %x',
                f'  %a{i} = add i32 %m{i}, {i}',
                f'  %q{i} = getelementptr i32, ptr addrspace(1) %dst, i32 %o{i}',
                f'  store i32 %a{i}, ptr addrspace(1) %q{i}',
                f'  %c{i} = icmp slt i32 %a{i}, 0',
                f'  br i1 %c{i}, label %w{i}, label %b{i+1}',
                f'w{i}:', '  call void @asyncpipe.wait(i32 0)', f'  br label %b{i+1}']
    out += [f'b{n}:', '  call void @asyncpipe.wait(i32 0)', '  ret void', '}',
            'declare i32 @llvm.amdgcn.workitem.id.x()',
            'declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)',
            'declare void @asyncpipe.mark()', 'declare void @asyncpipe.wait(i32)']
    print('\n'.join(out))


if __name__ == "__main__":
    main()
