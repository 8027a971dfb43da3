; Sibling copies whose sizes lie on a line (8, 11, 14, and 2 otherwise):
; SimplifyCFG turns their switch into arithmetic on the switch value under a
; select, `select (icmp ugt %k, 2), 2, 3 * %k + 8`, and sinks the copies
; into one. asyncpipe-lower reads the size back by folding the select, its
; condition and the arithmetic for each value %k can take (0 to 7), and
; branches to one copy per size some path uses: 2, 8, 11 and 14, not the
; sizes 17 to 29 the arithmetic alone would give. Issue 36: the host's
; random programs of bench/reliability-batch.sh were rejected at O1..O3.
;
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower -S %s \
; RUN:   | FileCheck %s --check-prefix=LOWER
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O2>' -S %s \
; RUN:   | FileCheck %s --check-prefix=O2
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O0>' -S %s \
; RUN:   | FileCheck %s --check-prefix=O2

@lds = internal global [64 x i32] poison, align 4

; As SimplifyCFG leaves it.
; LOWER-LABEL: define void @linear(
; LOWER:         %size = select i1 %big, i32 2, i32 %offset
; LOWER-NEXT:    %size.frozen = freeze i32 %size
; LOWER-NEXT:    switch i32 %size.frozen, label %entry.imm14 [
; LOWER-NEXT:      i32 2, label %entry.imm2
; LOWER-NEXT:      i32 8, label %entry.imm8
; LOWER-NEXT:      i32 11, label %entry.imm11
; LOWER-NEXT:    ]
; LOWER:       entry.imm2:
; LOWER-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 2,
; LOWER:       entry.imm8:
; LOWER-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 8,
; LOWER:       entry.imm11:
; LOWER-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 11,
; LOWER:       entry.imm14:
; LOWER-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 14,
; LOWER-NOT:     @asyncpipe.copy(
define void @linear(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 7
  %times3 = mul nuw nsw i32 %k, 3
  %offset = add nuw nsw i32 %times3, 8
  %big = icmp ugt i32 %k, 2
  %size = select i1 %big, i32 2, i32 %offset
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 %size, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; As it is written; every -O level compiles it, one copy per size.
; O2-LABEL: define void @switch(
; O2-DAG:        call void @__asyncpipe_rt_copy(ptr {{.*}}@lds{{.*}}, ptr %g, i64 2,
; O2-DAG:        call void @__asyncpipe_rt_copy(ptr {{.*}}@lds{{.*}}, ptr %g, i64 8,
; O2-DAG:        call void @__asyncpipe_rt_copy(ptr {{.*}}@lds{{.*}}, ptr %g, i64 11,
; O2-DAG:        call void @__asyncpipe_rt_copy(ptr {{.*}}@lds{{.*}}, ptr %g, i64 14,
; O2-NOT:        @asyncpipe.copy(
define void @switch(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 7
  switch i32 %k, label %other [
    i32 0, label %eight
    i32 1, label %eleven
    i32 2, label %fourteen
  ]
eight:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 8, i32 0)
  br label %done
eleven:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 11, i32 0)
  br label %done
fourteen:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 14, i32 0)
  br label %done
other:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 2, i32 0)
  br label %done
done:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
