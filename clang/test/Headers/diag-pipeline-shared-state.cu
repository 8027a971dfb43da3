// A thread-scope pipeline has no shared state (and so cannot be
// partitioned); a block-scope one needs at least one stage.
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 %nvptx_ptx -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -I%asyncpipe_include \
// RUN:   -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note %s
// REQUIRES: nvptx-registered-target

#include <asyncpipe/pipeline.h>

__attribute__((shared)) asyncpipe::pipeline_shared_state<asyncpipe::thread_scope_block, 2> ok;
// expected-error@asyncpipe/pipeline.h:* {{a thread-scope pipeline has no shared state and cannot be partitioned: use asyncpipe::make_pipeline()}}
__attribute__((shared)) asyncpipe::pipeline_shared_state<asyncpipe::thread_scope_thread, 2> thread_state; // expected-note {{requested here}}
// expected-error@asyncpipe/pipeline.h:* {{a pipeline needs at least one stage}}
__attribute__((shared)) asyncpipe::pipeline_shared_state<asyncpipe::thread_scope_block, 0> no_stage; // expected-note {{requested here}}
