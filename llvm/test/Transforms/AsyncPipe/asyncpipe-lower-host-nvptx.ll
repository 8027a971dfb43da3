; On the host, asyncpipe-lower runs native NVPTX cp.async code on the runtime
; with hardware semantics: copies become runtime copies (the ".s" forms
; zero-filling ones), commit_group / wait_group / wait_all the per-thread
; __asyncpipe_rt_hw_* calls, never tail calls, and no function gets
; activation bounds for them (a group committed in one function is waited
; for in another). No nvvm declaration is left for the host's code generator.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -passes=asyncpipe-lower -S %s | FileCheck %s

define void @copies(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n) {
; CHECK-LABEL: define void @copies(
; CHECK-NEXT:    [[D0:%.*]] = addrspacecast ptr addrspace(3) %s to ptr
; CHECK-NEXT:    [[S0:%.*]] = addrspacecast ptr addrspace(1) %g to ptr
; CHECK-NEXT:    notail call void @__asyncpipe_rt_copy(ptr [[D0]], ptr [[S0]], i64 4, ptr @__asyncpipe_rt_site)
; CHECK:         notail call void @__asyncpipe_rt_copy(ptr {{%.*}}, ptr {{%.*}}, i64 8, ptr @__asyncpipe_rt_site)
; CHECK:         notail call void @__asyncpipe_rt_copy(ptr {{%.*}}, ptr {{%.*}}, i64 16, ptr @__asyncpipe_rt_site)
; CHECK:         notail call void @__asyncpipe_rt_copy(ptr {{%.*}}, ptr {{%.*}}, i64 16, ptr @__asyncpipe_rt_site)
; CHECK:         [[N:%.*]] = zext i32 %n to i64
; CHECK-NEXT:    notail call void @__asyncpipe_rt_copy_zfill(ptr {{%.*}}, ptr {{%.*}}, i64 16, i64 [[N]], ptr @__asyncpipe_rt_site)
; CHECK-NEXT:    ret void
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %n)
  ret void
}

; A commit in one function and waits in another: no enter/exit calls.
define void @commit() {
; CHECK-LABEL: define void @commit(
; CHECK-NEXT:    notail call void @__asyncpipe_rt_hw_commit()
; CHECK-NEXT:    ret void
  call void @llvm.nvvm.cp.async.commit.group()
  ret void
}

define void @waits() {
; CHECK-LABEL: define void @waits(
; CHECK-NEXT:    notail call void @__asyncpipe_rt_hw_wait(i64 2)
; CHECK-NEXT:    notail call void @__asyncpipe_rt_hw_wait(i64 0)
; CHECK-NEXT:    notail call void @__asyncpipe_rt_hw_wait_all()
; CHECK-NEXT:    ret void
  call void @llvm.nvvm.cp.async.wait.group(i32 2)
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

; CHECK-NOT: __asyncpipe_rt_enter
; CHECK-NOT: declare {{.*}}@llvm.nvvm
declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
