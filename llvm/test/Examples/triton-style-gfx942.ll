; The IR a Triton-style frontend emits for a pipelined tile loop on gfx942
; (num_stages = 3, llvm/docs/AsyncPipeForCompilers.rst, "From Triton-style
; IR"): its own pipeliner has already issued the first two stages in a
; prologue; each trip waits until its tile has landed, crosses the workgroup
; barrier the frontend emits for a shared-memory handoff, computes on one of
; three slots and issues the tile two trips ahead into the slot the previous
; trip read. Copies are buffer loads into LDS through a buffer resource, so
; those past the end of the data are clamped by the hardware and need no
; guard. Where the frontend would emit s_waitcnt vmcnt(N) computed by hand
; (counting DMAs, not groups, and every other load in between), it emits a
; mark per stage and a wait for at most 1 outstanding stage: the plugin
; computes the count. A group here is two DMAs (the A and B tiles), so the
; loop's wait is vmcnt(2); the barrier does not drain the copies in flight;
; the checker proves every wait.
; RUN: %opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes='default<O2>' -S %s \
; RUN:   | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 -verify-machineinstrs \
; RUN:     -amdgpu-enable-check-async-waits -pass-remarks-analysis=asyncpipe \
; RUN:     -o %t.s 2>%t.remarks
; RUN: FileCheck %s --input-file=%t.s
; RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
; The same loop as a frontend writes it for stock LLVM 22 (the synchronous
; DMA intrinsics, no marks): the stock tools wait for every DMA in flight,
; the later stages' too, before the barrier of each trip.
; RUN: sed -e 's/\.lds\.async(/.lds(/g' -e '/asyncmark/d' %s \
; RUN:   | opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes='default<O2>' -S \
; RUN:   | llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 \
; RUN:   | FileCheck %s --check-prefix=STOCK

; REMARK: 'tile_loop' at codegen: 6 async copies, 3 marks, 2 waits
; REMARK: wait_asyncmark(1) needs vmcnt(2)
; REMARK: wait_asyncmark(0) needs vmcnt(0)

; CHECK-LABEL: tile_loop:
; CHECK:      buffer_load_dword {{.*}} offen lds
; CHECK:      buffer_load_dword {{.*}} offen lds
; CHECK:      ; asyncmark
; CHECK:      buffer_load_dword {{.*}} offen lds
; CHECK:      buffer_load_dword {{.*}} offen lds
; CHECK:      ; asyncmark
; CHECK:      ; =>This Inner Loop Header: Depth=1
; CHECK-NEXT: s_waitcnt vmcnt(2)
; CHECK-NEXT: ;;#ASMSTART
; CHECK-NEXT: ; wait_asyncmark(1)
; CHECK-NEXT: ;;#ASMEND
; CHECK-NOT:  s_waitcnt vmcnt
; CHECK:      s_barrier
; CHECK-NOT:  s_waitcnt vmcnt
; CHECK:      buffer_load_dword {{.*}} offen lds
; CHECK-NOT:  s_waitcnt vmcnt
; CHECK:      buffer_load_dword {{.*}} offen lds
; CHECK-NOT:  s_waitcnt vmcnt
; CHECK:      ; asyncmark
; CHECK:      s_cbranch_scc1
; CHECK-NEXT: ; %bb.2:
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: ;;#ASMSTART
; CHECK-NEXT: ; wait_asyncmark(0)
; CHECK-NEXT: ;;#ASMEND

; STOCK-LABEL: tile_loop:
; STOCK:       ; =>This Inner Loop Header: Depth=1
; STOCK:       s_waitcnt vmcnt(0)
; STOCK-NEXT:  s_barrier

@a.slots = internal addrspace(3) global [3 x [64 x float]] poison, align 16
@b.slots = internal addrspace(3) global [3 x [64 x float]] poison, align 16

define amdgpu_kernel void @tile_loop(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i32 %k.tiles) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %tiles.bytes = mul i32 %k.tiles, 256
  %bytes = zext i32 %tiles.bytes to i64
  %rsrc.a = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %a, i16 0, i64 %bytes, i32 159744)
  %rsrc.b = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %b, i16 0, i64 %bytes, i32 159744)
  %lane.bytes = shl i32 %lane, 2
  ; Prologue: stages 0 and 1.
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc.a, ptr addrspace(3) @a.slots, i32 4, i32 %lane.bytes, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc.b, ptr addrspace(3) @b.slots, i32 4, i32 %lane.bytes, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %off1 = add i32 %lane.bytes, 256
  %a.slot1 = getelementptr [64 x float], ptr addrspace(3) @a.slots, i32 1
  %b.slot1 = getelementptr [64 x float], ptr addrspace(3) @b.slots, i32 1
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc.a, ptr addrspace(3) %a.slot1, i32 4, i32 %off1, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc.b, ptr addrspace(3) %b.slot1, i32 4, i32 %off1, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  ; Stage i has landed once at most one stage (i + 1) is outstanding.
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %slot = urem i32 %i, 3
  %a.elt = getelementptr [64 x float], ptr addrspace(3) @a.slots, i32 %slot, i32 %lane
  %b.elt = getelementptr [64 x float], ptr addrspace(3) @b.slots, i32 %slot, i32 %lane
  %va = load float, ptr addrspace(3) %a.elt
  %vb = load float, ptr addrspace(3) %b.elt
  %acc.next = call float @llvm.fma.f32(float %va, float %vb, float %acc)
  ; Stage i + 2 into the slot trip i - 1 read (freed by the barrier).
  %ahead = add i32 %i, 2
  %slot.ahead = urem i32 %ahead, 3
  %tile.bytes = shl i32 %ahead, 8
  %off = add i32 %tile.bytes, %lane.bytes
  %a.dst = getelementptr [64 x float], ptr addrspace(3) @a.slots, i32 %slot.ahead
  %b.dst = getelementptr [64 x float], ptr addrspace(3) @b.slots, i32 %slot.ahead
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc.a, ptr addrspace(3) %a.dst, i32 4, i32 %off, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8) %rsrc.b, ptr addrspace(3) %b.dst, i32 4, i32 %off, i32 0, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %i.next = add i32 %i, 1
  %done = icmp sge i32 %i.next, %k.tiles
  br i1 %done, label %exit, label %loop

exit:
  ; The copies past the last tile are still in flight into the slots.
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  %out = getelementptr float, ptr addrspace(1) %c, i32 %lane
  store float %acc.next, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1), i16, i64, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds.async(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.amdgcn.s.barrier()
declare float @llvm.fma.f32(float, float, float)
