// wait_prior is for thread-scope pipelines, as in CUDA.
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: nvptx-registered-target

#include <asyncpipe/pipeline.h>

__attribute__((device)) void f() {
  __attribute__((shared)) asyncpipe::pipeline_shared_state<
      asyncpipe::thread_scope_block, 2>
      state;
  auto block = asyncpipe::make_pipeline(asyncpipe::this_thread_block(), &state);
  auto thread = asyncpipe::make_pipeline();
  asyncpipe::pipeline_consumer_wait_prior<1>(thread);
  thread.wait_prior<0>();
  asyncpipe::pipeline_consumer_wait_prior<1>(block); // expected-error {{'pipeline_consumer_wait_prior<1U, 0U>' is unavailable: wait_prior needs a thread-scope pipeline; a block-scope pipeline waits with consumer_wait()}}
}
