// asyncpipe_commit_future_queue(q) takes its queue as an integer constant
// from 0 to 7, like asyncpipe_commit_queue: each mistake is an error at the
// user's call, in OpenCL C, CUDA and HIP alike; and the call is the portable
// asyncpipe.mark.future.queue, not merged with a commit to another queue.
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note \
// RUN:   -DDEVICE='__attribute__((device))' %s
// RUN: clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc --cuda-device-only \
// RUN:   -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note \
// RUN:   -DDEVICE='__attribute__((device))' %s
// RUN: clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib \
// RUN:   -I%asyncpipe_include -O2 -S -emit-llvm -DVALID_ONLY %s -o - \
// RUN:   | FileCheck %s
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/futures.h>

#ifndef DEVICE
#define DEVICE
#endif

// CHECK-LABEL: define {{.*}} @two_queues(
// CHECK:   %[[A:.*]] = {{.*}}call i32 @asyncpipe.mark.future()
// CHECK:   %[[B:.*]] = {{.*}}call i32 @asyncpipe.mark.future.queue(i32 noundef 1) #[[ATTR:[0-9]+]]
// CHECK:   call void @asyncpipe.wait.future(i32 noundef %[[A]])
// CHECK:   call void @asyncpipe.wait.future(i32 noundef %[[B]])
// CHECK: attributes #[[ATTR]] = {{.*}}nomerge
DEVICE void two_queues(void) {
  asyncpipe_future_t a = asyncpipe_commit_future();
  asyncpipe_future_t b = asyncpipe_commit_future_queue(1);
  asyncpipe_wait_future(a);
  asyncpipe_wait_future(b);
}

#ifndef VALID_ONLY
DEVICE void f(int q) {
  asyncpipe_wait_future(asyncpipe_commit_future_queue(ASYNCPIPE_MAX_QUEUES - 1));
  asyncpipe_commit_future_queue(q); // expected-error {{argument 'q' of 'asyncpipe_commit_future_queue' must be an integer constant: queues are told apart at compile time}}
  asyncpipe_commit_future_queue(8); // expected-error {{argument 'q' of 'asyncpipe_commit_future_queue' is out of range: queues are 0 to 7}}
  asyncpipe_commit_future_queue(-1); // expected-error {{argument 'q' of 'asyncpipe_commit_future_queue' is out of range: queues are 0 to 7}}
}
#endif
