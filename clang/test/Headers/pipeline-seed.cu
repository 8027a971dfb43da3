// The two examples of the cuda::pipeline documentation ("Tracking
// asynchronous memory operations"), written with asyncpipe::pipeline: three
// stages of copies (one, two and one copy per thread), then either
// consumer_wait / consumer_release three times in order, or wait_prior<2>,
// <1>, <0>. Both give the documented sequence: commit after each stage, then
// waits for all but 2, 1 and 0 stages, and at thread scope nothing else: no
// memory access, call or branch beyond the copies, marks and waits.
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fno-discard-value-names -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fno-discard-value-names \
// RUN:   -O2 -S -emit-llvm %s -o %t.hip.ll
// RUN: FileCheck %s < %t.hip.ll
// RUN: FileCheck %s --check-prefix=EXACT < %t.hip.ll
// With the plugin, on NVPTX: the same sequence in PTX, accepted by ptxas.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 -S \
// RUN:   %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// With the plugin, for AMDGPU, the same sequence of upstream intrinsics.
// RUN: %clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=AMDGPU
// At -O0 the stage counters stay in memory, so the waits get run-time counts,
// which the plugin lowers (with a remark); the PTX still assembles.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O0 -S \
// RUN:   %s -o %t-O0.ptx -Rpass-analysis=asyncpipe-lower 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O0
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t-O0.ptx -o %t-O0.cubin %}
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

// O0: asyncpipe/pipeline.h:{{[0-9]+}}:{{[0-9]+}}: remark: wait count is not a compile-time constant

#include <asyncpipe/pipeline.h>

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#ifdef __NVPTX__
#define THREAD_INDEX __nvvm_read_ptx_sreg_tid_x()
#else
#define THREAD_INDEX __builtin_amdgcn_workitem_id_x()
#endif

constexpr int block_size = 128;

// CHECK-LABEL: @pipeline_example(
// CHECK:         call {{.*}}i32 @llvm.{{nvvm.read.ptx.sreg.tid.x|amdgcn.workitem.id.x}}()
// CHECK-NOT:     {{call|load|store|fence|atomicrmw|alloca|br }}
// CHECK:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NEXT:    call void @asyncpipe.mark()
// CHECK-NOT:     {{call|load|store|fence|atomicrmw|alloca|br }}
// CHECK:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NOT:     {{call|load|store|fence|atomicrmw|alloca|br }}
// CHECK:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NEXT:    call void @asyncpipe.mark()
// CHECK-NOT:     {{call|load|store|fence|atomicrmw|alloca|br }}
// CHECK:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NEXT:    call void @asyncpipe.mark()
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 2)
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 1)
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
// CHECK-NEXT:    ret void
// PTX-LABEL: .entry pipeline_example(
// PTX:         cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// PTX-NEXT:    cp.async.commit_group;
// PTX:         cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// PTX:         cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// PTX-NEXT:    cp.async.commit_group;
// PTX:         cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// PTX-NEXT:    cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group 2;
// PTX-NEXT:    cp.async.wait_group 1;
// PTX-NEXT:    cp.async.wait_all;
// PTX-NEXT:    ret;
// AMDGPU-LABEL: @pipeline_example(
// AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %{{.*}}, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
// AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
// AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %{{.*}}, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
// AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %{{.*}}, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
// AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
// AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %{{.*}}, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
// AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
// AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 2)
// AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
// AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 0)
// AMDGPU-NEXT:    ret void
// The whole HIP function: the thread index, the address arithmetic of the
// copies, and the copies, marks and waits; nothing of the pipeline object.
// EXACT-LABEL: define protected amdgpu_kernel void @pipeline_example(ptr addrspace(1) noundef %in.coerce)
// EXACT-NEXT:  entry:
// EXACT-NEXT:    [[T:%.*]] = tail call i32 @llvm.amdgcn.workitem.id.x()
// EXACT-NEXT:    [[T64:%.*]] = zext nneg i32 [[T]] to i64
// EXACT-NEXT:    [[D0:%.*]] = getelementptr inbounds nuw float, ptr addrspace(3) @_ZZ16pipeline_exampleE6buffer, i32 [[T]]
// EXACT-NEXT:    [[S0:%.*]] = getelementptr inbounds nuw float, ptr addrspace(1) %in.coerce, i64 [[T64]]
// EXACT-NEXT:    tail call void @asyncpipe.copy(ptr addrspace(3) noundef [[D0]], ptr addrspace(1) noundef [[S0]], i32 noundef 4, i32 noundef 0)
// EXACT-NEXT:    tail call void @asyncpipe.mark()
// EXACT-NEXT:    [[D1:%.*]] = getelementptr inbounds nuw float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ16pipeline_exampleE6buffer, i32 512), i32 [[T]]
// EXACT-NEXT:    [[B1:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(1) %in.coerce, i64 512
// EXACT-NEXT:    [[S1:%.*]] = getelementptr inbounds nuw float, ptr addrspace(1) [[B1]], i64 [[T64]]
// EXACT-NEXT:    tail call void @asyncpipe.copy(ptr addrspace(3) noundef nonnull [[D1]], ptr addrspace(1) noundef nonnull [[S1]], i32 noundef 4, i32 noundef 0)
// EXACT-NEXT:    [[D2:%.*]] = getelementptr inbounds nuw float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ16pipeline_exampleE6buffer, i32 1024), i32 [[T]]
// EXACT-NEXT:    [[B2:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(1) %in.coerce, i64 1024
// EXACT-NEXT:    [[S2:%.*]] = getelementptr inbounds nuw float, ptr addrspace(1) [[B2]], i64 [[T64]]
// EXACT-NEXT:    tail call void @asyncpipe.copy(ptr addrspace(3) noundef nonnull [[D2]], ptr addrspace(1) noundef nonnull [[S2]], i32 noundef 4, i32 noundef 0)
// EXACT-NEXT:    tail call void @asyncpipe.mark()
// EXACT-NEXT:    [[D3:%.*]] = getelementptr inbounds nuw float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ16pipeline_exampleE6buffer, i32 1536), i32 [[T]]
// EXACT-NEXT:    [[B3:%.*]] = getelementptr inbounds nuw i8, ptr addrspace(1) %in.coerce, i64 1536
// EXACT-NEXT:    [[S3:%.*]] = getelementptr inbounds nuw float, ptr addrspace(1) [[B3]], i64 [[T64]]
// EXACT-NEXT:    tail call void @asyncpipe.copy(ptr addrspace(3) noundef nonnull [[D3]], ptr addrspace(1) noundef nonnull [[S3]], i32 noundef 4, i32 noundef 0)
// EXACT-NEXT:    tail call void @asyncpipe.mark()
// EXACT-NEXT:    tail call void @asyncpipe.wait(i32 noundef 2)
// EXACT-NEXT:    tail call void @asyncpipe.wait(i32 noundef 1)
// EXACT-NEXT:    tail call void @asyncpipe.wait(i32 noundef 0)
// EXACT-NEXT:    ret void
// EXACT-NEXT:  }
extern "C" __global__ void pipeline_example(const float *in) {
  __shared__ __attribute__((aligned(sizeof(float)))) float
      buffer[4 * block_size];
  unsigned t = THREAD_INDEX;
  asyncpipe::pipeline<asyncpipe::thread_scope_thread> pipeline =
      asyncpipe::make_pipeline();

  // First stage of memory copies.
  pipeline.producer_acquire();
  asyncpipe::memcpy_async(buffer + t, in + t, sizeof(float), pipeline);
  pipeline.producer_commit();
  // Second stage: the second and third block.
  pipeline.producer_acquire();
  asyncpipe::memcpy_async(buffer + block_size + t, in + block_size + t,
                          sizeof(float), pipeline);
  asyncpipe::memcpy_async(buffer + 2 * block_size + t,
                          in + 2 * block_size + t, sizeof(float), pipeline);
  pipeline.producer_commit();
  // Third stage: the last block.
  pipeline.producer_acquire();
  asyncpipe::memcpy_async(buffer + 3 * block_size + t,
                          in + 3 * block_size + t, sizeof(float), pipeline);
  pipeline.producer_commit();

  pipeline.consumer_wait(); // the first stage
  pipeline.consumer_release();
  pipeline.consumer_wait(); // the second stage
  pipeline.consumer_release();
  pipeline.consumer_wait(); // the third stage
  pipeline.consumer_release();
}

// CHECK-LABEL: @wait_prior_example(
// CHECK:         call {{.*}}i32 @llvm.{{nvvm.read.ptx.sreg.tid.x|amdgcn.workitem.id.x}}()
// CHECK-NOT:     {{call|load|store|fence|atomicrmw|alloca|br }}
// CHECK:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NEXT:    call void @asyncpipe.mark()
// CHECK-NOT:     {{call|load|store|fence|atomicrmw|alloca|br }}
// CHECK:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NOT:     {{call|load|store|fence|atomicrmw|alloca|br }}
// CHECK:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NEXT:    call void @asyncpipe.mark()
// CHECK-NOT:     {{call|load|store|fence|atomicrmw|alloca|br }}
// CHECK:         call void @asyncpipe.copy({{.*}}, i32 noundef 4, i32 noundef 0)
// CHECK-NEXT:    call void @asyncpipe.mark()
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 2)
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 1)
// CHECK-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
// CHECK-NEXT:    ret void
// PTX-LABEL: .entry wait_prior_example(
// PTX:         cp.async.commit_group;
// PTX:         cp.async.commit_group;
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group 2;
// PTX-NEXT:    cp.async.wait_group 1;
// PTX-NEXT:    cp.async.wait_all;
// PTX-NEXT:    ret;
// AMDGPU-LABEL: @wait_prior_example(
// AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %{{.*}}, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
// AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
// AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %{{.*}}, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
// AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %{{.*}}, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
// AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
// AMDGPU:         call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %{{.*}}, ptr addrspace(3) %{{.*}}, i32 4, i32 0, i32 0)
// AMDGPU-NEXT:    call void @llvm.amdgcn.asyncmark()
// AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 2)
// AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 1)
// AMDGPU-NEXT:    call void @llvm.amdgcn.wait.asyncmark(i16 0)
// AMDGPU-NEXT:    ret void
extern "C" __global__ void wait_prior_example(const float *in) {
  __shared__ __attribute__((aligned(sizeof(float)))) float
      buffer[4 * block_size];
  unsigned t = THREAD_INDEX;
  auto pipe = asyncpipe::make_pipeline();

  asyncpipe::memcpy_async(buffer + t, in + t, sizeof(float), pipe);
  pipe.producer_commit();
  asyncpipe::memcpy_async(buffer + block_size + t, in + block_size + t,
                          sizeof(float), pipe);
  asyncpipe::memcpy_async(buffer + 2 * block_size + t,
                          in + 2 * block_size + t, sizeof(float), pipe);
  pipe.producer_commit();
  asyncpipe::memcpy_async(buffer + 3 * block_size + t,
                          in + 3 * block_size + t, sizeof(float), pipe);
  pipe.producer_commit();

  asyncpipe::pipeline_consumer_wait_prior<2>(pipe); // the first batch
  pipe.wait_prior<1>();                             // the second batch
  asyncpipe::pipeline_consumer_wait_prior<0>(pipe); // the last batch
}
