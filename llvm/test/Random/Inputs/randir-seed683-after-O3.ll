; The IR of Random/randir-seed683-checker-flow.ll as opt -O3 left it when the
; seed was found: SimplifyCFG had hoisted %early's and %later's waits into
; %body (bound waits were not nomerge then); %early keeps the record of its
; source wait.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none)
define void @helper() local_unnamed_addr #0 {
  ret void
}

define amdgpu_kernel void @kernel(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 %n, i1 %a, i1 %b) local_unnamed_addr #1 {
entry:
  %0 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %1 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %0)
  %2 = mul i32 %1, 4
  %3 = sub i32 0, %2
  %4 = getelementptr i8, ptr addrspace(3) %lds, i32 %3
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %g, ptr addrspace(3) %4, i32 4, i32 0, i32 0)
  tail call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 1) #3
  %n.frozen = freeze i32 %n
  switch i32 %n.frozen, label %entry.split [
    i32 0, label %asyncpipe.wait.0
  ]

asyncpipe.wait.0:                                 ; preds = %entry
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br label %entry.split

entry.split:                                      ; preds = %asyncpipe.wait.0, %entry
  br label %head

head:                                             ; preds = %latch, %entry.split
  %i = phi i32 [ 0, %entry.split ], [ %n, %latch ]
  %c = icmp slt i32 %i, 0
  br label %latch

body:                                             ; preds = %latch
  call void @llvm.amdgcn.asyncmark()
  tail call void asm sideeffect "; asyncpipe.recorded.mark activation $0", "i"(i32 1) #3
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  br i1 %a, label %early, label %later

early:                                            ; preds = %body
  tail call void asm sideeffect "; asyncpipe.recorded.wait($0) activation $1", "i,i"(i32 0, i32 1) #3
  ret void

later:                                            ; preds = %body
  br i1 %b, label %latch, label %never

never:                                            ; preds = %later
  tail call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) %lds, i32 4, i32 0, i32 0)
  unreachable

latch:                                            ; preds = %later, %head
  br i1 %c, label %body, label %head
}

declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

declare void @llvm.amdgcn.asyncmark()

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32) #2

declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)

declare void @llvm.amdgcn.wait.asyncmark(i16)

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "uniform-work-group-size"="false" }
attributes #1 = { "asyncpipe-activation"="1" "uniform-work-group-size"="false" }
attributes #2 = { nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }
attributes #3 = { nounwind }

!asyncpipe.waits.recorded = !{}
