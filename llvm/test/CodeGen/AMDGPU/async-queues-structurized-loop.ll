; XFAIL: *
; Known gap (issue 35): a wait on a queue, lowered on AMDGPU to the combined
; count the one mark analysis computes on the IR's CFG, is not proven by the
; checker when a mark that count relies on sits in a block the structurizer
; makes skippable. Here queue 1's wait in the loop leaves 1 of its marks:
; on every path since queue 1's previous mark there are 2 marks of all
; queues (the asyncmark of %next, then queue 1's own), so the wait is
; asyncmark(2). The structurized loop has a Flow block that loops back to
; %head; the checker, which takes a branch on data either way, follows
; head -> Flow -> head, which skips %next: a path no lane takes, where
; asyncmark(2) leaves the previous DMA in flight. The hardware is safe (a
; wave loops back only if a lane continues, and then runs %next), but the
; wait is unproven. Found by utils/asyncpipe_randir.py --with queues,tensor
; (gfx1250, seed 50, O0), reduced by llvm-reduce. The fix is to lower
; queue waits in the machine lowering, on the CFG the checker reads, as it
; lowers plain waits.
; RUN: %opt -passes='default<O0>' -amdgpu-enable-check-async-waits %s \
; RUN:   | %llc -mcpu=gfx1250 -O0 -amdgpu-enable-check-async-waits -o /dev/null

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @queue_wait_in_loop(ptr addrspace(1) %g, ptr addrspace(3) %l, i1 %stop) {
entry:
  br label %head

head:
  call void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1) %g, ptr addrspace(3) %l, i32 0, i32 0)
  call void @asyncpipe.mark.queue(i32 1)
  call void @asyncpipe.wait.queue(i32 1, i32 1)
  br i1 %stop, label %exit, label %next

next:
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @llvm.amdgcn.asyncmark()
  br label %head

exit:
  ret void
}

declare void @asyncpipe.mark.queue(i32)
declare void @asyncpipe.wait.queue(i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
declare void @llvm.amdgcn.global.load.async.to.lds.b32(ptr addrspace(1), ptr addrspace(3), i32 immarg, i32 immarg)
