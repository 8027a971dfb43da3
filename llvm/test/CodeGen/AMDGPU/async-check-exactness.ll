; The checker's exactness report (-amdgpu-check-async-waits-report-exactness,
; bench/randir-scale.sh) judges the markers that stand together after one
; counter wait as a group: the stock wait insertion merges the counter waits
; emitted for them into one, in front of the first. The wait is given to the
; marker that needs the most of it; the others need nothing more and have
; no counter wait of their own: exact. Each used to be judged against that
; one counter wait, so whichever asked for less was "not exact" although
; nothing was lost (random programs at -O0, where a source's wait(0) and
; wait(1) often stand together).
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %s -o - | FileCheck %s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-check-async-waits-report-exactness \
; RUN:   -pass-remarks-analysis=asyncpipe %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1030 -amdgpu-enable-check-async-waits \
; RUN:   -amdgpu-check-async-waits-report-exactness \
; RUN:   -pass-remarks-analysis=asyncpipe %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; REQUIRES: amdgpu-registered-target

; REMARK: wait_asyncmark(0): emitted count(1), weakest sufficient count(1): exact
; REMARK-NEXT: wait_asyncmark(1): emitted none, weakest sufficient none: exact
; REMARK: wait_asyncmark(1): emitted none, weakest sufficient none: exact
; REMARK-NEXT: wait_asyncmark(0): emitted count(0), weakest sufficient count(0): exact
; REMARK: wait_asyncmark(1): emitted none, weakest sufficient none: exact
; REMARK: wait_asyncmark(1): emitted count(63), weakest sufficient count(63): exact
; REMARK-NOT: weakest sufficient

; CHECK-LABEL: stronger_first:
; CHECK: global_load_lds_dword
; CHECK: global_load_lds_dword
; CHECK: global_load_lds_dword
; CHECK-NEXT: s_waitcnt vmcnt(1)
; CHECK: ; wait_asyncmark(0)
; CHECK-NOT: s_waitcnt
; CHECK: ; wait_asyncmark(1)
define amdgpu_kernel void @stronger_first(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

; The counter waits of the two markers, merged in front of the first:
; CHECK-LABEL: weaker_first:
; CHECK: global_load_lds_dword
; CHECK: global_load_lds_dword
; CHECK: ; asyncmark
; CHECK: s_waitcnt vmcnt(0)
; CHECK: ; wait_asyncmark(1)
; CHECK-NOT: s_waitcnt
; CHECK: ; wait_asyncmark(0)
define amdgpu_kernel void @weaker_first(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  call void @llvm.amdgcn.wait.asyncmark(i16 0)
  ret void
}

; An s_waitcnt for other counters (lgkmcnt(0) for an LDS load) in front of
; a marker, with only LDS accesses in between, holds the vmcnt field's
; largest value, which waits for nothing on vmcnt: no counter wait for the
; marker, which needs none (once "emitted count(63)", not exact).
; CHECK-LABEL: other_counter:
; CHECK: ds_read_b32
; CHECK: s_waitcnt lgkmcnt(0)
; CHECK-NEXT: ds_write_b32
; CHECK-NOT: s_waitcnt
; CHECK: ; wait_asyncmark(1)
define amdgpu_kernel void @other_counter(ptr addrspace(1) %g, ptr addrspace(3) %p, ptr addrspace(3) %q) {
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  %v = load volatile i32, ptr addrspace(3) %p, align 4
  store volatile i32 %v, ptr addrspace(3) %q, align 4
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

; The same field's largest value, where the marker needs exactly that count:
; the first copy has 63 newer ones when wait(1) needs it done. That is the
; lowering's wait, count(63), and exact (once "emitted none", not exact:
; random programs whose loops fill the counter, where the wait is merged into
; an s_waitcnt for other counters that prints no vmcnt).
; CHECK-LABEL: field_max:
; CHECK: s_waitcnt vmcnt(63)
; CHECK-NEXT: ;;#ASMSTART
; CHECK-NEXT: ; wait_asyncmark(1)
define amdgpu_kernel void @field_max(ptr addrspace(1) %g) {
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1) %g, ptr addrspace(3) null, i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 1)
  ret void
}

declare void @llvm.amdgcn.load.async.to.lds.p1(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
declare void @llvm.amdgcn.asyncmark()
declare void @llvm.amdgcn.wait.asyncmark(i16)
