// The queue of asyncpipe_commit_queue / asyncpipe_wait_queue must be an
// integer constant from 0 to 7, and a wait's count must not be negative: each
// is an error at the user's call, in OpenCL C, CUDA and HIP alike.
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
// REQUIRES: amdgpu-registered-target, nvptx-registered-target

#include <asyncpipe/asyncpipe.h>

#ifndef DEVICE
#define DEVICE
#endif

DEVICE void f(int q, int n) {
  asyncpipe_commit_queue(1);
  asyncpipe_wait_queue(1, n);
  asyncpipe_wait_queue(ASYNCPIPE_MAX_QUEUES - 1, 0);
  asyncpipe_commit_queue(q); // expected-error {{argument 'q' of 'asyncpipe_commit_queue' must be an integer constant: queues are told apart at compile time}}
  asyncpipe_wait_queue(q, 0); // expected-error {{argument 'q' of 'asyncpipe_wait_queue' must be an integer constant: queues are told apart at compile time}}
  asyncpipe_commit_queue(8); // expected-error {{argument 'q' of 'asyncpipe_commit_queue' is out of range: queues are 0 to 7}}
  asyncpipe_wait_queue(-1, 0); // expected-error {{argument 'q' of 'asyncpipe_wait_queue' is out of range: queues are 0 to 7}}
  asyncpipe_wait_queue(0, -1); // expected-error {{argument 'n' of 'asyncpipe_wait_queue' must not be negative}}
}
