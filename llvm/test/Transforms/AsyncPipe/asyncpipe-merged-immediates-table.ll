; Sibling copies whose sizes follow no pattern (9, 11, 6, and 15 otherwise):
; SimplifyCFG turns their switch into a load from a constant table,
; `@switch.table.*`, indexed by the switch value under a range check, and
; sinks the copies into one whose size is a phi of the load and the
; default. asyncpipe-lower reads the table's elements as the values the load
; can give and branches to one copy per size. Issue 36: the host's random
; programs of bench/reliability-batch.sh (seeds 26, 74, 84, 99, 123) were
; rejected at O1..O3.
;
; RUN: split-file %s %t
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower -S \
; RUN:   %t/tables.ll | FileCheck %t/tables.ll --check-prefix=LOWER
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O1>' -S \
; RUN:   %t/tables.ll | FileCheck %t/tables.ll --check-prefix=OPT
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes='default<O3>' -S \
; RUN:   %t/tables.ll | FileCheck %t/tables.ll --check-prefix=OPT
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   -disable-output %t/mutable.ll 2>&1 | FileCheck %t/mutable.ll
; RUN: not %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower \
; RUN:   -disable-output %t/straddle.ll 2>&1 | FileCheck %t/straddle.ll

;--- tables.ll
@lds = internal global [64 x i32] poison, align 4
@switch.table.sizes = private unnamed_addr constant [3 x i32] [i32 9, i32 11, i32 6], align 4
@switch.table.pairs = private unnamed_addr constant [2 x i32] [i32 4, i32 8], align 4

; As SimplifyCFG leaves it: the copy goes back onto each edge of the join;
; on the table's edge, one copy per element.
; LOWER-LABEL: define void @table(
; LOWER:       entry.join_crit_edge:
; LOWER-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 15,
; LOWER:       switch.lookup:
; LOWER:         %switch.load = load i32, ptr %switch.gep, align 4
; LOWER:       switch.lookup.split:
; LOWER-NEXT:    %switch.load.frozen = freeze i32 %switch.load
; LOWER-NEXT:    switch i32 %switch.load.frozen, label %switch.lookup.split.imm11 [
; LOWER-NEXT:      i32 6, label %switch.lookup.split.imm6
; LOWER-NEXT:      i32 9, label %switch.lookup.split.imm9
; LOWER-NEXT:    ]
; LOWER:       switch.lookup.split.imm6:
; LOWER-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 6,
; LOWER:       switch.lookup.split.imm9:
; LOWER-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 9,
; LOWER:       switch.lookup.split.imm11:
; LOWER-NEXT:    call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 11,
; LOWER-NOT:     @asyncpipe.copy(
define void @table(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 7
  %in.table = icmp ult i32 %k, 3
  br i1 %in.table, label %switch.lookup, label %join

switch.lookup:
  %index = zext nneg i32 %k to i64
  %switch.gep = getelementptr inbounds nuw i32, ptr @switch.table.sizes, i64 %index
  %switch.load = load i32, ptr %switch.gep, align 4
  br label %join

join:
  %size = phi i32 [ %switch.load, %switch.lookup ], [ 15, %entry ]
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 %size, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The table indexed as an array, `gep [N x T], @table, 0, %i`.
; LOWER-LABEL: define void @array_index(
; LOWER-DAG:     call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 4,
; LOWER-DAG:     call void @__asyncpipe_rt_copy(ptr @lds, ptr %g, i64 8,
; LOWER-NOT:     @asyncpipe.copy(
define void @array_index(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 1
  %index = zext nneg i32 %k to i64
  %element = getelementptr inbounds [2 x i32], ptr @switch.table.pairs, i64 0, i64 %index
  %size = load i32, ptr %element, align 4
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 %size, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

; As it is written: every -O level keeps one copy per size.
; OPT-LABEL: define void @switch(
; OPT-DAG:       call void @__asyncpipe_rt_copy(ptr {{.*}}@lds{{.*}}, ptr %g, i64 9,
; OPT-DAG:       call void @__asyncpipe_rt_copy(ptr {{.*}}@lds{{.*}}, ptr %g, i64 11,
; OPT-DAG:       call void @__asyncpipe_rt_copy(ptr {{.*}}@lds{{.*}}, ptr %g, i64 6,
; OPT-DAG:       call void @__asyncpipe_rt_copy(ptr {{.*}}@lds{{.*}}, ptr %g, i64 15,
; OPT-NOT:       @asyncpipe.copy(
define void @switch(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 7
  switch i32 %k, label %other [
    i32 0, label %nine
    i32 1, label %eleven
    i32 2, label %six
  ]
nine:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 9, i32 0)
  br label %done
eleven:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 11, i32 0)
  br label %done
six:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 6, i32 0)
  br label %done
other:
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 15, i32 0)
  br label %done
done:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

;--- mutable.ll
@lds = internal global [64 x i32] poison, align 4
@mutable.table = internal global [2 x i32] [i32 4, i32 8], align 4

; A table the program may write holds any value: the size is computed at
; run time, the program's error.
; CHECK: error: {{.*}}in function mutable{{.*}}: async copy size must be a compile-time constant
define void @mutable(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 1
  %index = zext nneg i32 %k to i64
  %element = getelementptr inbounds i32, ptr @mutable.table, i64 %index
  %size = load i32, ptr %element, align 4
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 %size, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)

;--- straddle.ll
@lds = internal global [64 x i32] poison, align 4
@bytes.table = private unnamed_addr constant [8 x i8] c"\04\00\00\00\08\00\00\00", align 4

; Nor is a load that may straddle two elements a table's element.
; CHECK: error: {{.*}}in function bytes{{.*}}: async copy size must be a compile-time constant
define void @bytes(ptr %g, i32 %n) {
entry:
  %k = and i32 %n, 1
  %index = zext nneg i32 %k to i64
  %element = getelementptr inbounds i8, ptr @bytes.table, i64 %index
  %size = load i32, ptr %element, align 1
  call void @asyncpipe.copy(ptr @lds, ptr %g, i32 %size, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
