// The drop-in next to CUDA 13's own headers, the combinations it cannot
// support, each with the fix: <cuda/pipeline> included before it (it has
// already defined cuda::pipeline), the alias kept (CUDA's headers define
// namespace cuda; the drop-in's names are in it), and libcu++'s device and
// system scopes (as with -nocudainc: diag-cuda-compat.cu). Device and host
// compilation.
// REQUIRES: cuda-sdk, nvptx-registered-target
//
// RUN: not clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -DPIPELINE_FIRST -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ORDER --implicit-check-not=error:
// RUN: not clang -x cuda --cuda-host-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -DPIPELINE_FIRST -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ORDER --implicit-check-not=error:
// RUN: not clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -DALIAS -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALIAS --implicit-check-not=error:
// RUN: not clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCOPE --implicit-check-not=error:
// RUN: not clang -x cuda --cuda-host-only --cuda-gpu-arch=sm_80 \
// RUN:   --cuda-path=%cuda_path -I%cuda_path/include/cccl -Wno-unknown-cuda-version \
// RUN:   -I%asyncpipe_include -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCOPE --implicit-check-not=error:

#ifdef PIPELINE_FIRST
#include <cuda/pipeline>
// ORDER: asyncpipe/__cuda_compat_libcudacxx.h:{{[0-9]+}}:2: error: "AsyncPipe: <cuda/pipeline> is included before <asyncpipe/cuda_compat.h> and has defined cuda::pipeline itself; include <asyncpipe/cuda_compat.h> first (before <cuda/pipeline>, e.g. as the file's first include or with -include asyncpipe/cuda_compat.h)"
#include <asyncpipe/cuda_compat.h>
#elif defined(ALIAS)
#include <asyncpipe/cuda_compat.h>
#include <cooperative_groups.h>
// ALIAS: diag-cuda-headers-order.cu:[[#@LINE+3]]:11: error: redefinition of 'cuda'
// ALIAS: asyncpipe/__cuda_compat_libcudacxx.h:{{[0-9]+}}:{{[0-9]+}}: note: previous definition is here
// ALIAS-NEXT: {{.*}} // With CUDA's headers, cuda::pipeline is declared here in CUDA's namespace cuda: remove `namespace cuda = asyncpipe::cuda_compat;`
namespace cuda = asyncpipe::cuda_compat;
#else
#include <asyncpipe/cuda_compat.h>
#include <cuda/pipeline>

__device__ void device_scope(
    // SCOPE: asyncpipe/__cuda_compat_libcudacxx.h:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed due to requirement {{.*}}: AsyncPipe's cuda::pipeline cannot honour thread_scope_device or thread_scope_system on this target (its stages are ordered by thread-block barriers): use thread_scope_block with one shared state per thread block, or thread_scope_thread
    // SCOPE: diag-cuda-headers-order.cu:[[#@LINE+1]]:{{[0-9]+}}: note: in instantiation of template class 'cuda::pipeline<cuda::std::thread_scope_device>' requested here
    cuda::pipeline<cuda::thread_scope_device> pipe) {}
#endif
