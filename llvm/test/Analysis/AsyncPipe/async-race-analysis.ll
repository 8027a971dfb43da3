; AsyncRaceAnalysis (print<asyncpipe-races>): the accesses of shared memory
; proven to overlap an async copy still in flight, on the shapes of
; multi-buffered loops users write, right and wrong by one. Only what is
; proven is printed: a wait in a branch not decided per iteration, a loaded
; index or another buffer gives nothing.
; RUN: %opt -passes='print<asyncpipe-races>' -disable-output %s 2>&1 | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [2 x [256 x i32]] poison
@tile3 = internal addrspace(3) global [3 x [256 x i32]] poison
@other = internal addrspace(3) global [256 x i32] poison

; Double buffering, waiting for at most 1 group: the tile read was copied
; one iteration earlier (or before the loop), two marks ago. No race.
; CHECK-LABEL: async races in 'double_buffer':
; CHECK-NOT:   race:
define amdgpu_kernel void @double_buffer(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %i64 = zext i32 %i to i64
  %dst0 = getelementptr [256 x i32], ptr addrspace(3) @tile, i64 0, i64 %i64
  %src0 = getelementptr i32, ptr addrspace(1) %in, i64 %i64
  call void @asyncpipe.copy(ptr addrspace(3) %dst0, ptr addrspace(1) %src0, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %t.next = add nuw nsw i32 %t, 1
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 %i64
  %row = shl i32 %t.next, 8
  %row64 = zext i32 %row to i64
  %src.row = getelementptr i32, ptr addrspace(1) %in, i64 %row64
  %src = getelementptr i32, ptr addrspace(1) %src.row, i64 %i64
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 %i64
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The same, waiting for at most 2: the read of iteration 0 overlaps the copy
; made before the loop, its group the 2nd newest.
; CHECK-LABEL: async races in 'double_buffer_off_by_one':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 0 of loop loop, copy before the loop; marks since the copy: 2; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @double_buffer_off_by_one(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %i64 = zext i32 %i to i64
  %dst0 = getelementptr [256 x i32], ptr addrspace(3) @tile, i64 0, i64 %i64
  %src0 = getelementptr i32, ptr addrspace(1) %in, i64 %i64
  call void @asyncpipe.copy(ptr addrspace(3) %dst0, ptr addrspace(1) %src0, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %t.next = add nuw nsw i32 %t, 1
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 %i64
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 %i64
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Triple buffering with a modular index ((t + 2) % 3): waiting for at most 2
; is right (the groups of iterations t and t - 1 stay in flight), for at
; most 3 the tile copied two iterations earlier is pending.
; CHECK-LABEL: async races in 'triple_buffer':
; CHECK-NOT:   race:
; CHECK-LABEL: async races in 'triple_buffer_off_by_one':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 2 of loop loop, copy 2 iteration(s) earlier; marks since the copy: 3; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @triple_buffer(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %i64 = zext i32 %i to i64
  %ahead = add nuw nsw i32 %t, 2
  %nb = urem i32 %ahead, 3
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [3 x [256 x i32]], ptr addrspace(3) @tile3, i64 0, i64 %nb64, i64 %i64
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2)
  %b = urem i32 %t, 3
  %b64 = zext i32 %b to i64
  %rd = getelementptr [3 x [256 x i32]], ptr addrspace(3) @tile3, i64 0, i64 %b64, i64 %i64
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %t.next = add nuw nsw i32 %t, 1
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_kernel void @triple_buffer_off_by_one(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %i64 = zext i32 %i to i64
  %ahead = add nuw nsw i32 %t, 2
  %nb = urem i32 %ahead, 3
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [3 x [256 x i32]], ptr addrspace(3) @tile3, i64 0, i64 %nb64, i64 %i64
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 3)
  %b = urem i32 %t, 3
  %b64 = zext i32 %b to i64
  %rd = getelementptr [3 x [256 x i32]], ptr addrspace(3) @tile3, i64 0, i64 %b64, i64 %i64
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %t.next = add nuw nsw i32 %t, 1
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Straight-line code: the first tile's group is completed by wait(1) (two
; marks since its copy), the second's is not; a store into a tile whose copy
; no mark has closed races too (a wait for 0 does not complete it).
; CHECK-LABEL: async races in 'straight_line':
; CHECK-NEXT:  race: %second reads at offset 4 of copy call @asyncpipe.copy; marks since the copy: 1; last wait: call @asyncpipe.wait
; CHECK-NEXT:  race: 'store' writes at offset 0 of copy call @asyncpipe.copy; marks since the copy: 0; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @straight_line(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 16, i32 0)
  call void @asyncpipe.mark()
  %t1 = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 1
  call void @asyncpipe.copy(ptr addrspace(3) %t1, ptr addrspace(1) %in, i32 16, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %first = load i32, ptr addrspace(3) @tile
  %t1.1 = getelementptr i32, ptr addrspace(3) %t1, i64 1
  %second = load i32, ptr addrspace(3) %t1.1
  %sum = add i32 %first, %second
  store i32 %sum, ptr addrspace(1) %out
  call void @asyncpipe.copy(ptr addrspace(3) @other, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.wait(i32 0)
  store i32 0, ptr addrspace(3) @other
  ret void
}

; Each work-item copies its own element, every one reads element 0: for the
; work-group's first work-item (id 0) that is its own copy, one group too
; weak.
; CHECK-LABEL: async races in 'broadcast_read':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy; marks since the copy: 1; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @broadcast_read(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %i64 = zext i32 %i to i64
  %dst = getelementptr i32, ptr addrspace(3) @other, i64 %i64
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @other
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; A tile read in an inner loop that neither marks nor waits: its reads of
; every iteration follow the same wait. For the first work-item the read of
; iteration 0 of %inner is its own copy, one group too weak.
; CHECK-LABEL: async races in 'inner_loop_read':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, access in iteration 0 of loop inner; marks since the copy: 1; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @inner_loop_read(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %i64 = zext i32 %i to i64
  %dst = getelementptr i32, ptr addrspace(3) @other, i64 %i64
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  br label %inner
inner:
  %k = phi i64 [ 0, %entry ], [ %k.next, %inner ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %inner ]
  %rd = getelementptr i32, ptr addrspace(3) @other, i64 %k
  %v = load i32, ptr addrspace(3) %rd
  %sum.next = add i32 %sum, %v
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, 256
  br i1 %done, label %exit, label %inner
exit:
  store i32 %sum.next, ptr addrspace(1) %out
  ret void
}

; A store into the bytes a pending copy reads: the copy may not have read
; them yet. After the wait for 0 the store is safe; a store elsewhere in the
; source too.
; CHECK-LABEL: async races in 'source_overwrite':
; CHECK-NEXT:  race: 'store' writes at offset 0 of the source of copy call @asyncpipe.copy; marks since the copy: 1; last wait: none
; CHECK-NOT:   race:
define amdgpu_kernel void @source_overwrite(ptr addrspace(1) %in) {
entry:
  %in.4 = getelementptr i32, ptr addrspace(1) %in, i64 4
  call void @asyncpipe.copy(ptr addrspace(3) @other, ptr addrspace(1) %in, i32 16, i32 0)
  call void @asyncpipe.mark()
  store i32 0, ptr addrspace(1) %in
  store i32 1, ptr addrspace(1) %in.4
  call void @asyncpipe.wait(i32 0)
  store i32 2, ptr addrspace(1) %in
  ret void
}

; Nothing is claimed where it is not proven: a wait in a branch (the groups
; between copy and read depend on the path), a read of another buffer. Pointers
; rotated through phis from constant starts are followed iteration by
; iteration: the double buffer below waits one group too weakly.
; CHECK-LABEL: async races in 'wait_in_branch':
; CHECK-NOT:   race:
define amdgpu_kernel void @wait_in_branch(ptr addrspace(1) %in, ptr addrspace(1) %out, i1 %c) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @other, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br i1 %c, label %then, label %join
then:
  call void @asyncpipe.wait(i32 0)
  br label %join
join:
  %v = load i32, ptr addrspace(3) @other
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: async races in 'rotated_pointers':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 1 of loop loop, copy 1 iteration(s) earlier; marks since the copy: 2; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @rotated_pointers(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %cur = phi ptr addrspace(3) [ @tile, %entry ], [ %next, %loop ]
  %next = phi ptr addrspace(3) [ getelementptr ([2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 1), %entry ], [ %cur, %loop ]
  call void @asyncpipe.copy(ptr addrspace(3) %next, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2)
  %v = load i32, ptr addrspace(3) %cur
  store i32 %v, ptr addrspace(1) %out
  %t.next = add nuw nsw i32 %t, 1
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; A buffer counter rotated by select from a constant start, as the pipeliner
; writes it (c' = c + 1 == 3 ? 0 : c + 1): its value on each iteration is
; followed from the start, so the read of the buffer copied two iterations
; earlier is seen, pending under a wait for at most 3.
; CHECK-LABEL: async races in 'rotated_counter':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 2 of loop loop, copy 2 iteration(s) earlier; marks since the copy: 3; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @rotated_counter(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %read = phi i32 [ 0, %entry ], [ %read.next, %loop ]
  %fill = phi i32 [ 2, %entry ], [ %fill.next, %loop ]
  %fill64 = zext i32 %fill to i64
  %dst = getelementptr [3 x [256 x i32]], ptr addrspace(3) @tile3, i64 0, i64 %fill64
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 3)
  %read64 = zext i32 %read to i64
  %rd = getelementptr [3 x [256 x i32]], ptr addrspace(3) @tile3, i64 0, i64 %read64
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %read.inc = add i32 %read, 1
  %read.wrap = icmp eq i32 %read.inc, 3
  %read.next = select i1 %read.wrap, i32 0, i32 %read.inc
  %fill.inc = add i32 %fill, 1
  %fill.wrap = icmp eq i32 %fill.inc, 3
  %fill.next = select i1 %fill.wrap, i32 0, i32 %fill.inc
  %t.next = add nuw nsw i32 %t, 1
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; An index loaded from memory has no value per iteration the analysis can
; give: nothing is claimed.
; CHECK-LABEL: async races in 'loaded_index':
; CHECK-NOT:   race:
define amdgpu_kernel void @loaded_index(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %idx, i32 %n) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %loop ]
  %t64 = zext i32 %t to i64
  %slot.p = getelementptr i64, ptr addrspace(1) %idx, i64 %t64
  %slot = load i64, ptr addrspace(1) %slot.p
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %slot
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  %t.next = add nuw nsw i32 %t, 1
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; CHECK-LABEL: async races in 'other_buffer':
; CHECK-NOT:   race:
define amdgpu_kernel void @other_buffer(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  %v = load i32, ptr addrspace(3) @other
  %t1 = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 1
  %w = load i32, ptr addrspace(3) %t1
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

; A cycle LoopInfo does not describe (two entries): its blocks run any
; number of times, so no trace holds and nothing is claimed, though the read
; in %b would overlap the copy of %a with only one mark between.
; CHECK-LABEL: async races in 'irreducible':
; CHECK-NOT:   race:
define amdgpu_kernel void @irreducible(ptr addrspace(1) %in, ptr addrspace(1) %out, i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %b
a:
  call void @asyncpipe.copy(ptr addrspace(3) @other, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %b
b:
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @other
  store i32 %v, ptr addrspace(1) %out
  br i1 %d, label %a, label %exit
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Marks only where a copy was issued and a wait count computed at run time
; (the generator's conditional marks): each iteration's path is followed, its
; branches and wait count decided on that iteration. Waiting for
; (t + 1 < 4 ? 1 : 0) is right; (t + 1 < 4 ? 2 : 1) leaves the tile copied
; in iteration 0 pending at its read in iteration 1.
; CHECK-LABEL: async races in 'runtime_wait_count':
; CHECK-NOT:   race:
; CHECK-LABEL: async races in 'runtime_wait_count_off_by_one':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 1 of loop loop, copy 1 iteration(s) earlier; marks since the copy: 2; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @runtime_wait_count(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %consume ]
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp ult i32 %t.next, 4
  br i1 %more, label %issue, label %consume
issue:
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %consume
consume:
  %count = select i1 %more, i32 1, i32 0
  call void @asyncpipe.wait(i32 %count)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 0
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, 4
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_kernel void @runtime_wait_count_off_by_one(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %consume ]
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp ult i32 %t.next, 4
  br i1 %more, label %issue, label %consume
issue:
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %consume
consume:
  %count = select i1 %more, i32 2, i32 1
  call void @asyncpipe.wait(i32 %count)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 0
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, 4
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The wait count computed from a phi of the branch's two arms (what
; SimplifyCFG makes of a select): the value of the arm the iteration's path
; came from.
; CHECK-LABEL: async races in 'path_phi_wait_count_off_by_one':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 1 of loop loop, copy 1 iteration(s) earlier; marks since the copy: 2; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @path_phi_wait_count_off_by_one(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %consume ]
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp ult i32 %t.next, 4
  br i1 %more, label %issue, label %consume
issue:
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %consume
consume:
  %arm = phi i32 [ 1, %issue ], [ 0, %loop ]
  %count = add nuw nsw i32 %arm, 1
  call void @asyncpipe.wait(i32 %count)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 0
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, 4
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The same with the trip count %n read at run time: the path of an
; iteration depends on it, so the loop is followed with %n pinned to the
; values that make it run 1 to 12 times. With the right counts no run has a
; race; one group too weak, the run of 2 iterations reads the tile copied in
; iteration 0 with one mark since it, and a wait for 1 in iteration 1.
; CHECK-LABEL: async races in 'pinned_trip_count':
; CHECK-NOT:   race:
; CHECK-LABEL: async races in 'pinned_trip_count_off_by_one':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 1 of loop loop running 2 times, copy 1 iteration(s) earlier; marks since the copy: 1; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @pinned_trip_count(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %enter = icmp ugt i32 %n, 0
  br i1 %enter, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %t = phi i32 [ 0, %preheader ], [ %t.next, %consume ]
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp ult i32 %t.next, %n
  br i1 %more, label %issue, label %consume
issue:
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %consume
consume:
  %count = select i1 %more, i32 1, i32 0
  call void @asyncpipe.wait(i32 %count)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 0
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_kernel void @pinned_trip_count_off_by_one(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %enter = icmp ugt i32 %n, 0
  br i1 %enter, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %t = phi i32 [ 0, %preheader ], [ %t.next, %consume ]
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp ult i32 %t.next, %n
  br i1 %more, label %issue, label %consume
issue:
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %consume
consume:
  %count = select i1 %more, i32 2, i32 1
  call void @asyncpipe.wait(i32 %count)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 0
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Marks on both arms of a branch (what SimplifyCFG makes of one mark per
; buffer after copies under the same condition): every path marks twice, the
; copy is on one of them, and the branch is decided per iteration. Waiting
; for 4 (3 is right) leaves the copy of the previous iteration pending.
; CHECK-LABEL: async races in 'marks_on_both_arms':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 1 of loop loop, copy 1 iteration(s) earlier; marks since the copy: 4; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @marks_on_both_arms(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %consume ]
  %t.next = add nuw nsw i32 %t, 1
  %last = icmp eq i32 %t, 7
  br i1 %last, label %none, label %issue
issue:
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br label %consume
none:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br label %consume
consume:
  call void @asyncpipe.wait(i32 4)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 0
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, 8
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; A copy before a loop whose marks are on branches (its paths followed per
; iteration): the walk goes from the copy through the loop's entry into the
; paths of its iterations. The prologue marks once and each iteration twice,
; so waiting for 3 completes the previous iteration's copy but not the
; prologue's at iteration 0.
; CHECK-LABEL: async races in 'prologue_before_paths':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy, iteration 0 of loop loop, copy before the loop; marks since the copy: 3; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
define amdgpu_kernel void @prologue_before_paths(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  call void @asyncpipe.copy(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %consume ]
  %t.next = add nuw nsw i32 %t, 1
  %last = icmp eq i32 %t, 7
  br i1 %last, label %none, label %issue
issue:
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br label %consume
none:
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  br label %consume
consume:
  call void @asyncpipe.wait(i32 3)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 0
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, 8
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; A branch whose direction is read from memory on each iteration is not
; decided: nothing is claimed past it.
; CHECK-LABEL: async races in 'loaded_branch':
; CHECK-NOT:   race:
define amdgpu_kernel void @loaded_branch(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %flags) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %consume ]
  %t.next = add nuw nsw i32 %t, 1
  %t64 = zext i32 %t to i64
  %fp = getelementptr i8, ptr addrspace(1) %flags, i64 %t64
  %f = load i8, ptr addrspace(1) %fp
  %c = icmp ne i8 %f, 0
  br i1 %c, label %issue, label %consume
issue:
  %nb = and i32 %t.next, 1
  %nb64 = zext i32 %nb to i64
  %dst = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %nb64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  br label %consume
consume:
  call void @asyncpipe.wait(i32 2)
  %b = and i32 %t, 1
  %b64 = zext i32 %b to i64
  %rd = getelementptr [2 x [256 x i32]], ptr addrspace(3) @tile, i64 0, i64 %b64, i64 0
  %v = load i32, ptr addrspace(3) %rd
  store i32 %v, ptr addrspace(1) %out
  %done = icmp eq i32 %t.next, 8
  br i1 %done, label %exit, label %loop
exit:
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Copies issued by a loop over lanes that runs a constant number of times
; (-O1 leaves it rolled): each of its iterations issues its copy once the
; loop is entered, so lane 0's copy, read after a wait one group too weak,
; is claimed. A loop whose trip count is not a constant issues nothing
; claimed.
; CHECK-LABEL: async races in 'lane_loop_copies':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy; marks since the copy: 1; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
; CHECK-LABEL: async races in 'lane_loop_unknown_trip':
; CHECK-NOT:   race:
define amdgpu_kernel void @lane_loop_copies(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  br label %lanes
lanes:
  %l = phi i64 [ 0, %entry ], [ %l.next, %lanes ]
  %dst = getelementptr [256 x i32], ptr addrspace(3) @tile, i64 0, i64 %l
  %src = getelementptr i32, ptr addrspace(1) %in, i64 %l
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 4, i32 0)
  %l.next = add nuw nsw i64 %l, 1
  %more = icmp ult i64 %l.next, 4
  br i1 %more, label %lanes, label %after
after:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_kernel void @lane_loop_unknown_trip(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %n) {
entry:
  br label %lanes
lanes:
  %l = phi i64 [ 0, %entry ], [ %l.next, %lanes ]
  %dst = getelementptr [256 x i32], ptr addrspace(3) @tile, i64 0, i64 %l
  %src = getelementptr i32, ptr addrspace(1) %in, i64 %l
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %src, i32 4, i32 0)
  %l.next = add nuw nsw i64 %l, 1
  %more = icmp ult i64 %l.next, %n
  br i1 %more, label %lanes, label %after
after:
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

; Copies issued by a helper that only copies join the caller's group (the
; activation model): they are the caller's copies, at the helper's line,
; their addresses the helper's computed from the caller's arguments. A
; helper that marks too has its own sequence and is not looked into.
; CHECK-LABEL: async races in 'helper_copies':
; CHECK-NOT:   race:
; CHECK-LABEL: async races in 'helper_copies_off_by_one':
; CHECK-NEXT:  race: %v reads at offset 0 of copy call @asyncpipe.copy in @issue; marks since the copy: 2; last wait: call @asyncpipe.wait
; CHECK-NOT:   race:
; CHECK-LABEL: async races in 'helper_marks':
; CHECK-NOT:   race:
define internal void @issue(ptr addrspace(3) %base, ptr addrspace(1) %in, i32 %j) {
  %b = and i32 %j, 1
  %b64 = zext i32 %b to i64
  %dst = getelementptr [256 x i32], ptr addrspace(3) %base, i64 %b64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  ret void
}

define internal void @issue_and_mark(ptr addrspace(3) %base, ptr addrspace(1) %in, i32 %j) {
  %b = and i32 %j, 1
  %b64 = zext i32 %b to i64
  %dst = getelementptr [256 x i32], ptr addrspace(3) %base, i64 %b64, i64 0
  call void @asyncpipe.copy(ptr addrspace(3) %dst, ptr addrspace(1) %in, i32 4, i32 0)
  call void @asyncpipe.mark()
  ret void
}

define amdgpu_kernel void @helper_copies(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  call void @issue(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 0)
  call void @asyncpipe.mark()
  call void @issue(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_kernel void @helper_copies_off_by_one(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  call void @issue(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 0)
  call void @asyncpipe.mark()
  call void @issue(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

define amdgpu_kernel void @helper_marks(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  call void @issue_and_mark(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 0)
  call void @asyncpipe.mark()
  call void @issue_and_mark(ptr addrspace(3) @tile, ptr addrspace(1) %in, i32 1)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 2)
  %v = load i32, ptr addrspace(3) @tile
  store i32 %v, ptr addrspace(1) %out
  call void @asyncpipe.wait(i32 0)
  ret void
}

; An async store (shared to global) reads its staging buffer until a wait
; covers it: a write into the buffer before that overwrites its source.
; Waiting for 0 first is right; with no wait the write races.
; CHECK-LABEL: async races in 'async_store_staging':
; CHECK-NOT:   race:
; CHECK-LABEL: async races in 'async_store_staging_no_wait':
; CHECK-NEXT:  race: 'store' writes at offset 0 of the source of copy call @asyncpipe.store; marks since the copy: 1; last wait: none
; CHECK-NOT:   race:
define amdgpu_kernel void @async_store_staging(ptr addrspace(1) %out) {
  store i32 1, ptr addrspace(3) @other
  call void @asyncpipe.store(ptr addrspace(1) %out, ptr addrspace(3) @other, i32 4)
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  store i32 2, ptr addrspace(3) @other
  ret void
}

define amdgpu_kernel void @async_store_staging_no_wait(ptr addrspace(1) %out) {
  store i32 1, ptr addrspace(3) @other
  call void @asyncpipe.store(ptr addrspace(1) %out, ptr addrspace(3) @other, i32 4)
  call void @asyncpipe.mark()
  store i32 2, ptr addrspace(3) @other
  call void @asyncpipe.wait(i32 0)
  ret void
}

declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
declare void @asyncpipe.store(ptr addrspace(1), ptr addrspace(3), i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare i32 @llvm.amdgcn.workitem.id.x()
