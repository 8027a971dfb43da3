// Block-scope asyncpipe::pipeline: unified (barriers order the stages for the
// whole workgroup) and partitioned (producers publish each stage through
// counters in the shared state; consumers wait on them).
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc \
// RUN:   --cuda-device-only -I%asyncpipe_include -fno-discard-value-names \
// RUN:   -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=AMDGPU
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fno-discard-value-names -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=NVPTX
// With the plugin, through ptxas.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include -O2 -S \
// RUN:   %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/pipeline.h>

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

// Unified: the wait for the stage is followed by a workgroup barrier (every
// work-item's copies of the stage are then visible to all), and the release
// is a barrier (nobody refills a stage another work-item still reads). On
// AMDGPU the barriers' fences order LDS only, so that they do not wait for
// copies in flight. No shared counters are touched.
// AMDGPU-LABEL: @unified(
// AMDGPU:         call void @asyncpipe.copy(ptr addrspace(3) noundef %{{.*}}, ptr addrspace(1) noundef %{{.*}}, i32 noundef 4, i32 noundef 0)
// AMDGPU-NEXT:    call void @asyncpipe.mark()
// AMDGPU-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
// AMDGPU-NEXT:    fence syncscope("workgroup") release, !mmra [[LDS:![0-9]+]]
// AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
// AMDGPU-NEXT:    fence syncscope("workgroup") acquire, !mmra [[LDS]]
// AMDGPU-NOT:     atomic
// AMDGPU:         load i32, ptr addrspace(3)
// AMDGPU:         store i32
// AMDGPU-NEXT:    fence syncscope("workgroup") release, !mmra [[LDS]]
// AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
// AMDGPU-NEXT:    fence syncscope("workgroup") acquire, !mmra [[LDS]]
// AMDGPU-NEXT:    ret void
// NVPTX-LABEL: @unified(
// NVPTX:         call void @asyncpipe.copy(ptr addrspace(3) noundef %{{.*}}, ptr addrspace(1) noundef %{{.*}}, i32 noundef 4, i32 noundef 0)
// NVPTX-NEXT:    call void @asyncpipe.mark()
// NVPTX-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
// NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
// NVPTX-NOT:     atomic
// NVPTX:         store i32
// NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
// NVPTX-NEXT:    ret void
extern "C" __global__ void unified(const int *in, int *out) {
  __shared__ int buf[2][256];
  __shared__ asyncpipe::pipeline_shared_state<asyncpipe::thread_scope_block, 2>
      state;
  auto block = asyncpipe::this_thread_block();
  unsigned t = block.thread_rank();
  auto pipe = asyncpipe::make_pipeline(block, &state);
  pipe.producer_acquire();
  asyncpipe::memcpy_async(&buf[0][t], in + t, 4, pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[t] = buf[0][255 - t];
  pipe.consumer_release();
}

// Partitioned: work-items 0..63 produce, the others consume. The producer
// waits until the slot is released (a spin on the slot's release counter,
// against a target that counts the consumers that quit: their number and
// the uses of the slot they had released), copies, commits, waits for its
// own copies and publishes the stage with a release increment; the consumer
// spins likewise on the stage's producer counter (acquire), reads, and
// releases the slot. State offsets: produced[] 12, released[] 20, producers
// that quit 28, consumers that quit 32, their uses per slot 36 and 44.
// AMDGPU-LABEL: @partitioned(
// AMDGPU:         call void @llvm.amdgcn.s.barrier()
// AMDGPU:         call void @llvm.amdgcn.s.sleep(i32 1)
// AMDGPU-NEXT:    load atomic i32, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ11partitionedE5state, i32 32) syncscope("workgroup") acquire, align 8
// AMDGPU-NEXT:    load atomic i32, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ11partitionedE5state, i32 44) syncscope("workgroup") acquire, align 4
// AMDGPU-NEXT:    load atomic i32, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ11partitionedE5state, i32 20) syncscope("workgroup") acquire, align 4
// AMDGPU:         call void @asyncpipe.copy(ptr addrspace(3) noundef %{{.*}}, ptr addrspace(1) noundef %{{.*}}, i32 noundef 4, i32 noundef 0)
// AMDGPU-NEXT:    call void @asyncpipe.mark()
// AMDGPU-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
// AMDGPU:         call void @llvm.amdgcn.s.sleep(i32 1)
// AMDGPU-NEXT:    load atomic i32, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ11partitionedE5state, i32 28) syncscope("workgroup") acquire, align 4
// AMDGPU-NEXT:    load atomic i32, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ11partitionedE5state, i32 36) syncscope("workgroup") acquire, align 4
// AMDGPU-NEXT:    load atomic i32, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ11partitionedE5state, i32 12) syncscope("workgroup") acquire, align 4
// AMDGPU:         %.sink = phi ptr addrspace(3) [ getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ11partitionedE5state, i32 20), %{{.*}} ], [ getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ11partitionedE5state, i32 12), %{{.*}} ]
// AMDGPU-NEXT:    atomicrmw add ptr addrspace(3) %.sink, i32 1 syncscope("workgroup") release, align 4
// AMDGPU-NEXT:    ret void
// NVPTX-LABEL: @partitioned(
// NVPTX:         call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
// NVPTX:         load atomic i32, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ11partitionedE5state to ptr), i64 32) monotonic, align 4
// NVPTX-NEXT:    call void @llvm.nvvm.membar.cta()
// NVPTX-NEXT:    load atomic i32, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ11partitionedE5state to ptr), i64 44) monotonic, align 4
// NVPTX-NEXT:    call void @llvm.nvvm.membar.cta()
// NVPTX-NEXT:    load atomic i32, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ11partitionedE5state to ptr), i64 20) monotonic, align 4
// NVPTX-NEXT:    call void @llvm.nvvm.membar.cta()
// NVPTX:         call void @asyncpipe.copy(ptr addrspace(3) noundef %{{.*}}, ptr addrspace(1) noundef %{{.*}}, i32 noundef 4, i32 noundef 0)
// NVPTX-NEXT:    call void @asyncpipe.mark()
// NVPTX-NEXT:    call void @asyncpipe.wait(i32 noundef 0)
// NVPTX:         load atomic i32, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ11partitionedE5state to ptr), i64 28) monotonic, align 4
// NVPTX-NEXT:    call void @llvm.nvvm.membar.cta()
// NVPTX-NEXT:    load atomic i32, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ11partitionedE5state to ptr), i64 36) monotonic, align 4
// NVPTX-NEXT:    call void @llvm.nvvm.membar.cta()
// NVPTX-NEXT:    load atomic i32, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ11partitionedE5state to ptr), i64 12) monotonic, align 4
// NVPTX-NEXT:    call void @llvm.nvvm.membar.cta()
// NVPTX:         call void @llvm.nvvm.membar.cta()
// NVPTX-NEXT:    atomicrmw add ptr %.sink, i32 1 monotonic, align 4
// NVPTX-NEXT:    ret void
extern "C" __global__ void partitioned(const int *in, int *out) {
  __shared__ int buf[2][256];
  __shared__ asyncpipe::pipeline_shared_state<asyncpipe::thread_scope_block, 2>
      state;
  auto block = asyncpipe::this_thread_block();
  unsigned t = block.thread_rank();
  auto pipe = asyncpipe::make_pipeline(block, &state, 64u);
  if (pipe.is_producer()) {
    pipe.producer_acquire();
    asyncpipe::memcpy_async(&buf[0][t], in + t, 4, pipe);
    pipe.producer_commit();
  } else {
    pipe.consumer_wait();
    out[t] = buf[0][t - 64];
    pipe.consumer_release();
  }
}

// Partitioned by role: each work-item counts itself in as a producer or a
// consumer (release increments of the counts in the shared state's header),
// between the barrier after the reset and the one that publishes the counts.
// AMDGPU-LABEL: @by_role(
// AMDGPU:         call void @llvm.amdgcn.s.barrier()
// AMDGPU-NEXT:    fence syncscope("workgroup") acquire
// AMDGPU-NEXT:    [[COUNT:%.*]] = select i1 %{{.*}}, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ7by_roleE5state, i32 4), ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @_ZZ7by_roleE5state, i32 8)
// AMDGPU-NEXT:    atomicrmw add ptr addrspace(3) [[COUNT]], i32 1 syncscope("workgroup") release, align 4
// AMDGPU-NEXT:    fence syncscope("workgroup") release
// AMDGPU-NEXT:    call void @llvm.amdgcn.s.barrier()
// AMDGPU:         call void @asyncpipe.copy(
// NVPTX-LABEL: @by_role(
// NVPTX:         call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
// NVPTX:         call void @llvm.nvvm.membar.cta()
// NVPTX-NEXT:    atomicrmw add ptr %{{.*}}, i32 1 monotonic, align 4
// NVPTX-NEXT:    call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
// NVPTX:         call void @asyncpipe.copy(
extern "C" __global__ void by_role(const int *in, int *out) {
  __shared__ int buf[2][256];
  __shared__ asyncpipe::pipeline_shared_state<asyncpipe::thread_scope_block, 2>
      state;
  auto block = asyncpipe::this_thread_block();
  unsigned t = block.thread_rank();
  auto role = t < 64 ? asyncpipe::pipeline_role::producer
                     : asyncpipe::pipeline_role::consumer;
  auto pipe = asyncpipe::make_pipeline(block, &state, role);
  if (pipe.is_producer()) {
    pipe.producer_acquire();
    asyncpipe::memcpy_async(&buf[0][t], in + t, 4, pipe);
    pipe.producer_commit();
  } else {
    pipe.consumer_wait();
    out[t] = buf[0][t - 64];
    pipe.consumer_release();
  }
}

// AMDGPU: [[LDS]] = !{!"amdgpu-synchronize-as", !"local"}
