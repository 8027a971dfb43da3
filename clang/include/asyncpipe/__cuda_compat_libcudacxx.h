//===- asyncpipe/__cuda_compat_libcudacxx.h - Beside libcu++ ---*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Internal to <asyncpipe/cuda_compat.h>, which includes it when CUDA's own
// headers are (or can be) part of the compilation: include
// <asyncpipe/cuda_compat.h> instead.
//
// CUDA's <cooperative_groups.h>, <cuda/barrier> and <cuda/pipeline> define
// namespace cuda (libcu++), so `namespace cuda = asyncpipe::cuda_compat;`
// cannot be declared next to them. Here the drop-in's pipeline names are
// declared in libcu++'s own namespace cuda instead, and the source needs no
// alias at all: cuda::pipeline, cuda::make_pipeline, cuda::memcpy_async and
// the rest name AsyncPipe's pipeline, while cuda::thread_scope,
// cuda::aligned_size_t, cuda::std and everything else stay libcu++'s.
//
// Nothing libcu++ defines is redefined. <cuda/barrier> only declares
// cuda::pipeline (a class template over cuda::thread_scope); its definition,
// make_pipeline, pipeline_shared_state, pipeline_role and the pipeline
// overloads of memcpy_async are <cuda/pipeline>'s. This header takes
// <cuda/pipeline>'s place: it includes what <cuda/pipeline> includes, marks
// <cuda/pipeline> as included (its include guard), so that a later
// #include <cuda/pipeline> is skipped, and defines those names itself.
// <cuda/pipeline> included first has already defined them, which cannot be
// undone: that order is an error with the fix.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE___CUDA_COMPAT_LIBCUDACXX_H
#define ASYNCPIPE___CUDA_COMPAT_LIBCUDACXX_H

// clang-format off
#if defined(_CUDA_PIPELINE)
#error "AsyncPipe: <cuda/pipeline> is included before <asyncpipe/cuda_compat.h> and has defined cuda::pipeline itself; include <asyncpipe/cuda_compat.h> first (before <cuda/pipeline>, e.g. as the file's first include or with -include asyncpipe/cuda_compat.h)"
#else
// clang-format on

// What <cuda/pipeline> includes, so that code written for it finds
// cuda::barrier, cuda::atomic and cuda::std::chrono as before.
#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/std/chrono>

// clang-format off
#if !defined(_LIBCUDACXX_ABI_NAMESPACE)
#error "AsyncPipe: this libcu++ does not define _LIBCUDACXX_ABI_NAMESPACE (CUDA 13's versioned namespace in its namespace cuda), so <asyncpipe/cuda_compat.h> cannot declare cuda::pipeline in it; compile with -nocudainc and `namespace cuda = asyncpipe::cuda_compat;`"
#else
// clang-format on

// From here on #include <cuda/pipeline> is this header.
#define _CUDA_PIPELINE

namespace asyncpipe {
namespace cuda_compat {
namespace detail {
// AsyncPipe's scope for libcu++'s, or a compile-time error for the scopes no
// target can honour.
template <::cuda::thread_scope Scope>
constexpr asyncpipe::thread_scope from_libcudacxx_scope() {
  static_assert(Scope == ::cuda::thread_scope_thread ||
                    Scope == ::cuda::thread_scope_block,
                ASYNCPIPE_CUDA_COMPAT_SCOPE_ERROR);
  return Scope == ::cuda::thread_scope_thread ? asyncpipe::thread_scope::thread
                                              : asyncpipe::thread_scope::block;
}
} // namespace detail
} // namespace cuda_compat
} // namespace asyncpipe

// libcu++'s namespace cuda, with its versioned inline namespace (where
// <cuda/barrier> declared cuda::pipeline). A source that still declares the
// alias gets "redefinition of 'cuda'" with a note showing the next line (the
// last opening of namespace cuda before the alias): its comment is the fix.
// clang-format off
namespace cuda { // With CUDA's headers, cuda::pipeline is declared here in CUDA's namespace cuda: remove `namespace cuda = asyncpipe::cuda_compat;`
inline namespace _LIBCUDACXX_ABI_NAMESPACE {
// clang-format on

// cuda::pipeline: the drop-in's pipeline (asyncpipe::pipeline with the timed
// waits), over libcu++'s thread_scope.
template <thread_scope _Scope>
class pipeline
    : public ::asyncpipe::cuda_compat::pipeline<
          ::asyncpipe::cuda_compat::detail::from_libcudacxx_scope<_Scope>()> {
  static constexpr ::asyncpipe::thread_scope scope =
      ::asyncpipe::cuda_compat::detail::from_libcudacxx_scope<_Scope>();
  using base = ::asyncpipe::cuda_compat::pipeline<scope>;

public:
  ASYNCPIPE_COMPAT_INLINE pipeline(const ::asyncpipe::pipeline<scope> &pipe)
      : base(pipe) {}
};

template <thread_scope _Scope, unsigned _StageCount>
using pipeline_shared_state = ::asyncpipe::pipeline_shared_state<
    ::asyncpipe::cuda_compat::detail::from_libcudacxx_scope<_Scope>(),
    _StageCount>;

using pipeline_role = ::asyncpipe::pipeline_role;
using ::asyncpipe::pipeline_consumer_wait_prior;

ASYNCPIPE_COMPAT_INLINE pipeline<thread_scope_thread> make_pipeline() {
  return ::asyncpipe::make_pipeline();
}
// Block scope: unified, or partitioned by producer count or by role.
template <class _Group, unsigned _StageCount, class... _Partition>
ASYNCPIPE_COMPAT_INLINE pipeline<thread_scope_block> make_pipeline(
    const _Group &__group,
    ::asyncpipe::pipeline_shared_state<::asyncpipe::thread_scope::block,
                                       _StageCount> *__state,
    _Partition... __partition) {
  return ::asyncpipe::make_pipeline(__group, __state, __partition...);
}

// The drop-in's memcpy_async overloads (they take its pipeline, which
// cuda::pipeline derives from) next to libcu++'s for cuda::barrier.
using ::asyncpipe::cuda_compat::memcpy_async;

} // namespace _LIBCUDACXX_ABI_NAMESPACE
} // namespace cuda

#endif // _LIBCUDACXX_ABI_NAMESPACE
#endif // _CUDA_PIPELINE

#endif // ASYNCPIPE___CUDA_COMPAT_LIBCUDACXX_H
