//===- asyncpipe/hip_cooperative_groups.h - HIP drop-in ------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// HIP code ported from CUDA keeps its cooperative_groups::memcpy_async and
// cuda::pipeline calls; one include replaces CUDA's
// <cooperative_groups/memcpy_async.h> and <cuda/pipeline>:
//
//   #include <asyncpipe/hip_cooperative_groups.h>
//   namespace cg = cooperative_groups;
//   namespace cuda = asyncpipe::cuda_compat;   // only for cuda::pipeline
//
// In namespace cooperative_groups it adds CUDA's
//  * memcpy_async(group, dst, src, size): the group's work-items (each
//    calls it with the same operands) copy size bytes, any size and
//    alignment, from global to shared memory; size may be
//    cuda::aligned_size_t<N> (asyncpipe::cuda_compat::aligned_size_t), the
//    promise that lets it skip the run-time alignment tests. Each call is
//    one batch.
//  * memcpy_async(group, dst, dst_count, src, src_count): the same, of
//    min(dst_count, src_count) elements.
//  * wait_prior<N>(group): waits until at most the N newest batches of this
//    work-item may still be in flight, then synchronizes the group, so that
//    every work-item sees every other's bytes of the older batches.
//  * wait(group): waits for every batch, then synchronizes the group.
// and cuda::pipeline's API is asyncpipe::cuda_compat
// (<asyncpipe/cuda_compat.h>, included here), whose collective memcpy_async
// takes these groups too.
//
// The copies are <asyncpipe/cuda_compat.h>'s collective ones: on gfx942 and
// gfx950 LDS DMA (global_load_lds_*, 1, 2 or 4 bytes per lane, the group's
// work-items taking consecutive chunks so that a wave's destinations are
// consecutive), on gfx1250 its async copies (global_load_async_to_lds, up
// to 16 bytes per lane), on NVPTX cp.async and on the host the AsyncPipe
// runtime; the bytes no async copy can move are copied at once. The waits
// are the plugin's exact ones: with the block size stated
// (this_thread_block<N>, below), wait_prior<1> on gfx942 becomes the
// s_waitcnt vmcnt that leaves the newest batch in flight; with a block size
// known only at run time it is a correct vmcnt(0). A thread block's
// synchronization after a wait orders shared memory only (a barrier with
// LDS fences), so that it does not also wait for the batches left in
// flight; other groups use their own sync().
//
// The groups: with ROCm (clang -x hip with the HIP runtime headers, e.g.
// through asyncpipe-hipcc), ROCm's <hip/hip_cooperative_groups.h>, which
// this header includes, so that the two headers may be included in either
// order. Without ROCm (-nogpuinc, <asyncpipe/hip.h>) and on the host,
// thread_block and this_thread_block() are asyncpipe::thread_block's. ROCm's
// other groups (tiles, coalesced groups) work with memcpy_async too: it
// needs thread_rank(), size() and, for the waits, sync().
//
// HIP 7's own header has a cooperative_groups::memcpy_async (a blocking copy
// on gfx9) that these would clash with: there this header stops with an
// error that says to define ASYNCPIPE_HIP_CG_KEEP_ROCM, which leaves ROCm's
// names alone and offers these under asyncpipe::hip_cg (namespace cg =
// asyncpipe::hip_cg;), with thread_block and this_thread_block().
//
// As for every AsyncPipe wait, the copies and the waits that count them must
// end up in one function after inlining: helpers that call memcpy_async or a
// wait must be __forceinline__.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_HIP_COOPERATIVE_GROUPS_H
#define ASYNCPIPE_HIP_COOPERATIVE_GROUPS_H

#if defined(__CUDA__)
#error "asyncpipe/hip_cooperative_groups.h is for HIP and host C++; CUDA code uses <asyncpipe/cuda_compat.h> (cuda::memcpy_async with a pipeline)"
#endif

#if defined(__HIP__)
#include <asyncpipe/hip.h>
#endif
#include <asyncpipe/cuda_compat.h>

#if defined(__HIP__) && !defined(ASYNCPIPE_HIP_WITHOUT_ROCM)
// ROCm's groups; its header guard makes a later include of it a no-op.
#include <hip/hip_cooperative_groups.h>
#define ASYNCPIPE_HIP_CG_ROCM_GROUPS 1
#if defined(HIP_VERSION_MAJOR) && HIP_VERSION_MAJOR >= 7 &&                    \
    !defined(ASYNCPIPE_HIP_CG_KEEP_ROCM)
#error "this HIP's <hip/hip_cooperative_groups.h> has its own cooperative_groups::memcpy_async, wait and wait_prior: compile with -DASYNCPIPE_HIP_CG_KEEP_ROCM and write 'namespace cg = asyncpipe::hip_cg;' to call AsyncPipe's"
#endif
#endif

#define ASYNCPIPE_HIP_CG_INLINE                                                \
  ASYNCPIPE_DEVICE __attribute__((always_inline)) inline

namespace asyncpipe {
namespace hip_cg {

#if defined(ASYNCPIPE_HIP_CG_ROCM_GROUPS)
using ::cooperative_groups::this_thread_block;
using ::cooperative_groups::thread_block;
#else
using asyncpipe::this_thread_block;
using asyncpipe::thread_block;
#endif

// A thread block of a size the kernel states: what lets a wait count copies
// on AMDGPU. The counter a wait tests there counts LDS DMA instructions per
// wave, so a wait that leaves the newest batch in flight needs to know how
// many each work-item issued; with a block size known only at run time the
// count can be any, and the wait is a correct but full vmcnt(0). CUDA's
// thread_block has no size parameter, so this is the one change a port
// makes to get the exact waits:
//
//   auto block = asyncpipe::hip_cg::this_thread_block<256>();
//
// instead of cg::thread_block block = cg::this_thread_block(); everything
// else (memcpy_async, wait, wait_prior, sync, thread_rank, size) is the same.
// On the GPU a block of another size stops the kernel (a trap) rather than
// copy part of the data. On the host, which runs one work-item per block,
// it is the host's block and N is not checked.
template <unsigned N> class sized_thread_block {
public:
  ASYNCPIPE_HIP_CG_INLINE explicit sized_thread_block(const thread_block &block)
      : block(block) {
#if !defined(ASYNCPIPE_TARGET_HOST)
    if (block.size() != N)
      __builtin_trap();
#endif
  }
  ASYNCPIPE_HIP_CG_INLINE unsigned thread_rank() const {
    unsigned rank = block.thread_rank();
#if !defined(ASYNCPIPE_TARGET_HOST)
    __builtin_assume(rank < N);
#endif
    return rank;
  }
  ASYNCPIPE_HIP_CG_INLINE unsigned size() const {
#if defined(ASYNCPIPE_TARGET_HOST)
    return block.size();
#else
    return N;
#endif
  }
  ASYNCPIPE_HIP_CG_INLINE unsigned num_threads() const { return size(); }
  ASYNCPIPE_HIP_CG_INLINE void sync() const { block.sync(); }
  // The block, for the calls that take CUDA's thread_block.
  ASYNCPIPE_HIP_CG_INLINE operator const thread_block &() const {
    return block;
  }

private:
  thread_block block;
};

template <unsigned N>
ASYNCPIPE_HIP_CG_INLINE sized_thread_block<N> this_thread_block() {
  static_assert(N > 0 && N <= 1024,
                "this_thread_block<N>: N is the number of work-items the "
                "kernel's blocks are launched with, 1 to 1024");
  return sized_thread_block<N>(this_thread_block());
}

} // namespace hip_cg

// Both blocks rank their work-items by linear id, as asyncpipe::thread_block
// does: their copies need no run-time test of the wave's LDS layout.
namespace cuda_compat {
namespace detail {
#if defined(ASYNCPIPE_HIP_CG_ROCM_GROUPS)
template <> struct is_whole_block<::cooperative_groups::thread_block> {
  static constexpr bool value = true;
};
#endif
template <unsigned N> struct is_whole_block<hip_cg::sized_thread_block<N>> {
  static constexpr bool value = true;
};
} // namespace detail
} // namespace cuda_compat

namespace hip_cg {
namespace detail {
using size_t = cuda_compat::std::size_t;

// Makes every work-item's completed copies visible to the whole group. A
// thread block's barrier fences shared memory only: a fence for global
// memory would also wait for the batches a wait_prior leaves in flight.
template <class Group>
ASYNCPIPE_HIP_CG_INLINE void sync_after_wait(const Group &group) {
  group.sync();
}
ASYNCPIPE_HIP_CG_INLINE void sync_after_wait(const thread_block &) {
  asyncpipe::detail::block_barrier();
}
template <unsigned N>
ASYNCPIPE_HIP_CG_INLINE void sync_after_wait(const sized_thread_block<N> &) {
  asyncpipe::detail::block_barrier();
}

template <class Group, size_t Align, class Shape>
ASYNCPIPE_HIP_CG_INLINE void copy_batch(const Group &group, char *dst,
                                        const char *src, Shape size) {
  using traits = cuda_compat::detail::shape_traits<Shape>;
  cuda_compat::detail::copy_group<
      cuda_compat::detail::max_size<traits::align, Align>::value>(
      group, dst, src, traits::size(size));
  // One batch per call, as CUDA's.
  asyncpipe_commit();
}
} // namespace detail

// The group copies size bytes from src to dst, as one batch.
template <class Group, class Shape>
ASYNCPIPE_HIP_CG_INLINE void memcpy_async(const Group &group, void *dst,
                                          const void *src, const Shape &size) {
  detail::copy_batch<Group, 1>(group, static_cast<char *>(dst),
                               static_cast<const char *>(src), size);
}
template <class Group, class T, class Shape>
ASYNCPIPE_HIP_CG_INLINE void memcpy_async(const Group &group, T *dst,
                                          const T *src, const Shape &size) {
  detail::copy_batch<Group, alignof(T)>(group, reinterpret_cast<char *>(dst),
                                        reinterpret_cast<const char *>(src),
                                        size);
}
// The group copies min(dst_count, src_count) elements, as one batch.
template <class Group, class T>
ASYNCPIPE_HIP_CG_INLINE void
memcpy_async(const Group &group, T *dst, detail::size_t dst_count, const T *src,
             detail::size_t src_count) {
  detail::size_t count = dst_count < src_count ? dst_count : src_count;
  detail::copy_batch<Group, alignof(T)>(group, reinterpret_cast<char *>(dst),
                                        reinterpret_cast<const char *>(src),
                                        count * sizeof(T));
}

// Waits until at most the N newest batches of this work-item are in flight,
// then synchronizes the group.
template <unsigned N, class Group>
ASYNCPIPE_HIP_CG_INLINE void wait_prior(const Group &group) {
  asyncpipe_wait(static_cast<int>(N));
  detail::sync_after_wait(group);
}
// Waits for every batch, then synchronizes the group.
template <class Group> ASYNCPIPE_HIP_CG_INLINE void wait(const Group &group) {
  asyncpipe_wait(0);
  detail::sync_after_wait(group);
}

} // namespace hip_cg
} // namespace asyncpipe

#if !defined(ASYNCPIPE_HIP_CG_KEEP_ROCM)
namespace cooperative_groups {
#if !defined(ASYNCPIPE_HIP_CG_ROCM_GROUPS)
using asyncpipe::hip_cg::this_thread_block;
using asyncpipe::hip_cg::thread_block;
#endif
using asyncpipe::hip_cg::memcpy_async;
using asyncpipe::hip_cg::wait;
using asyncpipe::hip_cg::wait_prior;
} // namespace cooperative_groups
#endif

#undef ASYNCPIPE_HIP_CG_INLINE

#endif // ASYNCPIPE_HIP_COOPERATIVE_GROUPS_H
