//===- asyncpipe/cuda_compat.h - Drop-in for cuda::pipeline -----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Code written for libcu++'s <cuda/pipeline> compiles for NVPTX, AMDGPU and
// the host with one include and one namespace alias:
//
//   #include <asyncpipe/cuda_compat.h>      // instead of <cuda/pipeline>
//   namespace cuda = asyncpipe::cuda_compat;
//
// Next to CUDA's own headers (a CUDA compilation with CUDA's headers, not
// -nocudainc, or libcu++ already included), which define namespace cuda
// themselves, there is no alias: the names below are declared in CUDA's
// namespace cuda, and this header takes <cuda/pipeline>'s place. It must
// come before <cuda/pipeline> (an error says so otherwise); the rest of the
// source, its #include <cuda/pipeline> included, does not change:
//
//   #include <asyncpipe/cuda_compat.h> // or -include asyncpipe/cuda_compat.h
//   #include <cooperative_groups.h>
//   #include <cuda/pipeline>           // skipped: the drop-in is it
//
// (__cuda_compat_libcudacxx.h).
//
// asyncpipe::cuda_compat has cuda::pipeline's names: thread_scope,
// thread_scope_thread / thread_scope_block, pipeline<Scope>, make_pipeline
// (thread scope; block scope unified, partitioned by producer count or by
// role), pipeline_shared_state, pipeline_role, pipeline_consumer_wait_prior,
// aligned_size_t, memcpy_async (per thread and collective over a group, any
// size), std::size_t, std::chrono, pipeline::quit() and the timed waits
// consumer_wait_for / consumer_wait_until. The pipeline is
// asyncpipe::pipeline (<asyncpipe/pipeline.h>) with the timed waits; this
// header adds
// cuda::memcpy_async's contract, which takes any size and alignment:
//
//  * per thread, memcpy_async(dst, src, size, pipe): the copy is split into
//    the largest async copies the target has for the pointers' alignment
//    (NVPTX and host: 16, 8 and 4 bytes), the alignment being known from
//    aligned_size_t<N> or the element type, else tested at run time; the
//    bytes no async copy can move (misaligned head and tail, pointers
//    aligned differently) are copied synchronously. On AMDGPU an LDS DMA
//    copy writes a wave's lanes to consecutive slots, so a copy of 1, 2 or 4
//    bytes is asynchronous when the wave's destinations are consecutive
//    (checked at run time: lane i's dst == lane 0's dst + i * size), and
//    synchronous otherwise.
//  * collectively, memcpy_async(group, dst, src, size, pipe): the group's
//    work-items share the chunks round-robin by thread_rank(), which makes
//    a wave's destinations consecutive on AMDGPU.
//
// A synchronous part is complete when memcpy_async returns, which is
// allowed: a wait may find a copy complete earlier than it has to be.
//
// Differences from libcu++, all on the safe side:
//  * Waits are per thread and exact: CUDA's warp entanglement (a diverged
//    warp's commits counting as several batches, so a thread may wait for
//    more than its own batches) only ever waits longer; AsyncPipe waits for
//    exactly the thread's own batches, which is all CUDA guarantees.
//  * A block-scope unified pipeline orders its stages with workgroup
//    barriers (__syncthreads) rather than per-stage shared-memory barriers;
//    quit() from a unified pipeline is for a work-item that exits at once.
//  * consumer_wait_for / consumer_wait_until: at block scope they wait until
//    the stage is complete and return true, where libcu++ may time out and
//    return false (at thread scope libcu++ does the same as this).
//  * thread_scope_device / thread_scope_system pipelines are a compile-time
//    error: no target can order stages over several thread blocks.
//
// As for asyncpipe::pipeline, the calls of one pipeline must end up in one
// function after inlining: helpers that take a pipeline must be inlined
// (__forceinline__ or __attribute__((always_inline))).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_CUDA_COMPAT_H
#define ASYNCPIPE_CUDA_COMPAT_H

// Which of the two ways the names reach `cuda`. CUDA's own headers
// (libcu++, which <cooperative_groups.h>, <cuda/barrier> and <cuda/pipeline>
// bring in) define namespace cuda, so the alias cannot be declared: when
// libcu++ is already included, or this is a CUDA compilation with CUDA's
// headers (not -nocudainc) where libcu++ can be included, the names are
// declared in CUDA's namespace cuda instead (__cuda_compat_libcudacxx.h).
#if defined(_LIBCUDACXX_BEGIN_NAMESPACE_CUDA) ||                               \
    (defined(__CUDA__) && !defined(__HIP__) &&                                 \
     defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__) &&                              \
     __has_include(<cuda/std/detail/__config>))
#define ASYNCPIPE_CUDA_COMPAT_IN_LIBCUDACXX 1
#else
#define ASYNCPIPE_CUDA_COMPAT_IN_LIBCUDACXX 0
#endif

#include <asyncpipe/pipeline.h>

#if __has_include(<chrono>)
#include <chrono>
#define ASYNCPIPE_CUDA_COMPAT_HAS_CHRONO 1
#else
#define ASYNCPIPE_CUDA_COMPAT_HAS_CHRONO 0
#endif

#define ASYNCPIPE_COMPAT_INLINE                                                \
  ASYNCPIPE_DEVICE __attribute__((always_inline)) inline

// LDS DMA (AMDGPU before gfx1250) writes a wave's copies to consecutive LDS
// slots; gfx1250's async copies take each lane's own address, as cp.async
// and the host do, and so take the split of the other targets.
#if defined(ASYNCPIPE_TARGET_AMDGPU) && !defined(__gfx1250__) &&               \
    !defined(__gfx1251__)
#define ASYNCPIPE_COMPAT_LDS_DMA 1
#endif

// The error for a pipeline scope no target can honour, in both namings of
// thread_scope (this header's and libcu++'s).
#define ASYNCPIPE_CUDA_COMPAT_SCOPE_ERROR                                      \
  "AsyncPipe's cuda::pipeline cannot honour thread_scope_device or "           \
  "thread_scope_system on this target (its stages are ordered by "             \
  "thread-block barriers): use thread_scope_block with one shared state per "  \
  "thread block, or thread_scope_thread"

namespace asyncpipe {
namespace cuda_compat {

// cuda::std's size type, for code that spells it cuda::std::size_t, and
// cuda::std::chrono, for the durations and time points of the timed waits
// (the standard library's, where there is one). (A namespace std of its own,
// so no other code of this header names ::std.)
namespace std {
using size_t = decltype(sizeof(0));
#if ASYNCPIPE_CUDA_COMPAT_HAS_CHRONO
namespace chrono = ::std::chrono;
#endif
} // namespace std

using asyncpipe::pipeline_consumer_wait_prior;
using asyncpipe::pipeline_role;
using asyncpipe::thread_scope;
using asyncpipe::thread_scope_block;
using asyncpipe::thread_scope_thread;

// libcu++'s wider scopes: a pipeline shared by threads of several thread
// blocks (its shared state in global memory). AsyncPipe's pipelines order
// stages with workgroup barriers and workgroup-scope counters, which no
// target can stretch over several blocks, so naming them in a pipeline or a
// shared state is a compile-time error at the user's line.
constexpr thread_scope thread_scope_device = static_cast<thread_scope>(2);
constexpr thread_scope thread_scope_system = static_cast<thread_scope>(3);

namespace detail {
// Scope, or a compile-time error for the scopes no target can honour. The
// fallback keeps the error the only one.
template <thread_scope Scope> constexpr thread_scope supported_scope() {
  static_assert(Scope == thread_scope::thread || Scope == thread_scope::block,
                ASYNCPIPE_CUDA_COMPAT_SCOPE_ERROR);
  return Scope == thread_scope::thread ? thread_scope::thread
                                       : thread_scope::block;
}
} // namespace detail

// cuda::pipeline_shared_state, with the scope checked first.
template <thread_scope Scope, unsigned StageCount>
using pipeline_shared_state =
    asyncpipe::pipeline_shared_state<detail::supported_scope<Scope>(),
                                     StageCount>;

// cuda::pipeline: asyncpipe::pipeline with libcu++'s timed waits.
template <thread_scope Scope>
class pipeline : public asyncpipe::pipeline<detail::supported_scope<Scope>()> {
  using base = asyncpipe::pipeline<detail::supported_scope<Scope>()>;

public:
  ASYNCPIPE_COMPAT_INLINE pipeline(const base &pipe) : base(pipe) {}

  // Waits for the oldest stage, for at most the given duration (a
  // cuda::std::chrono::duration), and says whether it is complete. At
  // thread scope libcu++ waits for the stage and returns true whatever the
  // duration, and so does this. At block scope libcu++ may give up when the
  // duration has passed and return false; this waits until the stage is
  // complete (its stages are ordered by barriers that cannot be left
  // half-taken) and returns true, which is always a correct answer: the
  // stage is complete when it returns.
  template <class Duration>
  ASYNCPIPE_COMPAT_INLINE bool consumer_wait_for(const Duration &) {
    this->consumer_wait();
    return true;
  }
  // The same until a time point (a cuda::std::chrono::time_point).
  template <class TimePoint>
  ASYNCPIPE_COMPAT_INLINE bool consumer_wait_until(const TimePoint &) {
    this->consumer_wait();
    return true;
  }
};

ASYNCPIPE_COMPAT_INLINE pipeline<thread_scope::thread> make_pipeline() {
  return asyncpipe::make_pipeline();
}
// Block scope: unified, or partitioned by producer count or by role.
template <class Group, unsigned StageCount, class... Partition>
ASYNCPIPE_COMPAT_INLINE pipeline<thread_scope::block> make_pipeline(
    const Group &group,
    asyncpipe::pipeline_shared_state<thread_scope::block, StageCount> *state,
    Partition... partition) {
  return asyncpipe::make_pipeline(group, state, partition...);
}

// A size that is a multiple of Alignment, with both pointers aligned to
// Alignment: the promise that lets memcpy_async use wide copies without run-
// time tests.
template <std::size_t Alignment> struct aligned_size_t {
  static_assert(Alignment && (Alignment & (Alignment - 1)) == 0,
                "the alignment of aligned_size_t must be a power of two, "
                "such as 4, 8 or 16");
  static constexpr std::size_t align = Alignment;
  std::size_t value;
  ASYNCPIPE_COMPAT_INLINE constexpr explicit aligned_size_t(std::size_t size)
      : value(size) {}
  ASYNCPIPE_COMPAT_INLINE constexpr operator std::size_t() const {
    return value;
  }
};

namespace detail {
using size_t = std::size_t;
using uintptr = decltype(sizeof(0));

// The size and the promised alignment of a memcpy_async shape: a plain size,
// or an aligned_size_t, this header's or libcu++'s (a class with a static
// `align` and a `value`, which is how both spell the promise).
template <class Shape, class = void> struct shape_traits {
  static constexpr size_t align = 1;
  ASYNCPIPE_COMPAT_INLINE static size_t size(Shape s) {
    return static_cast<size_t>(s);
  }
};
template <class Shape>
struct shape_traits<Shape, decltype(void(Shape::align))> {
  static constexpr size_t align = Shape::align;
  ASYNCPIPE_COMPAT_INLINE static size_t size(Shape s) {
    // The promise, for the optimizer: no tail to copy.
    __builtin_assume((s.value & (align - 1)) == 0);
    return s.value;
  }
};

template <size_t A, size_t B> struct max_size {
  static constexpr size_t value = A > B ? A : B;
};

ASYNCPIPE_COMPAT_INLINE uintptr address(const void *p) {
  return reinterpret_cast<uintptr>(p);
}

// Copies synchronously (the bytes no async copy can move).
ASYNCPIPE_COMPAT_INLINE void copy_now(char *dst, const char *src, size_t n) {
  for (size_t i = 0; i < n; ++i)
    dst[i] = src[i];
}

// One async copy of Size bytes (a constant, see asyncpipe::detail::copy).
template <unsigned Size>
ASYNCPIPE_COMPAT_INLINE void copy_async(char *dst, const char *src) {
  asyncpipe::detail::copy(dst, src, Size, ASYNCPIPE_COPY_DEFAULT);
}

#if defined(ASYNCPIPE_COMPAT_LDS_DMA)
// True if, across the active lanes of the wave, lane i's dst is lane 0's dst
// plus i * size: the layout an LDS DMA copy writes. Uniform across the wave.
ASYNCPIPE_COMPAT_INLINE bool lanes_consecutive(const void *dst, unsigned size) {
  auto lds = (__attribute__((address_space(3))) const char *)dst;
  unsigned offset = static_cast<unsigned>(reinterpret_cast<uintptr>(lds));
  unsigned lane =
      __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  unsigned base = offset - lane * size;
  unsigned first = static_cast<unsigned>(
      __builtin_amdgcn_readfirstlane(static_cast<int>(base)));
  return __builtin_amdgcn_ballot_w64(base != first) == 0;
}

// One work-item's piece of LDS DMA: asynchronous where the wave's layout
// allows it, else synchronous.
template <unsigned Size>
ASYNCPIPE_COMPAT_INLINE void copy_lane(char *dst, const char *src) {
  if (lanes_consecutive(dst, Size))
    copy_async<Size>(dst, src);
  else
    copy_now(dst, src, Size);
}
#endif

// Per work-item: dst[0, n) = src[0, n), with the promise that both pointers
// are multiples of Align and n a multiple of Multiple.
template <size_t Align, size_t Multiple>
ASYNCPIPE_COMPAT_INLINE void copy_split(char *dst, const char *src, size_t n) {
#if defined(ASYNCPIPE_COMPAT_LDS_DMA)
  // One DMA copy per lane and call; wider or several pieces per lane would
  // not be consecutive across the wave.
  uintptr both = address(dst) | address(src);
  if (n == 4 && (Align >= 4 || (both & 3) == 0))
    copy_lane<4>(dst, src);
  else if (n == 2 && (Align >= 2 || (both & 1) == 0))
    copy_lane<2>(dst, src);
  else if (n == 1)
    copy_lane<1>(dst, src);
  else
    copy_now(dst, src, n);
#else
  // Pointers aligned differently modulo 4 leave nothing for async copies.
  uintptr skew = address(dst) ^ address(src);
  if (Align < 4 && (skew & 3) != 0) {
    copy_now(dst, src, n);
    return;
  }
  if (Align < 4) {
    // The misaligned head, up to a 4-byte boundary.
    size_t head = (4 - (address(dst) & 3)) & 3;
    head = head < n ? head : n;
    copy_now(dst, src, head);
    dst += head;
    src += head;
    n -= head;
  }
  // Each width is used if the promise or a run-time test allows it; with the
  // promise of aligned_size_t, n is a multiple of the width and nothing is
  // left after it.
  if (Align >= 16 || (n >= 16 && (skew & 15) == 0)) {
    // 4-byte copies up to a 16-byte boundary, then 16-byte copies.
    if (Align < 16)
      for (; n >= 4 && (address(dst) & 15) != 0; dst += 4, src += 4, n -= 4)
        copy_async<4>(dst, src);
    for (; n >= 16; dst += 16, src += 16, n -= 16)
      copy_async<16>(dst, src);
    if (Multiple >= 16)
      return;
  } else if (Align >= 8 || (n >= 8 && (skew & 7) == 0)) {
    if (Align < 8)
      for (; n >= 4 && (address(dst) & 7) != 0; dst += 4, src += 4, n -= 4)
        copy_async<4>(dst, src);
    for (; n >= 8; dst += 8, src += 8, n -= 8)
      copy_async<8>(dst, src);
    if (Multiple >= 8)
      return;
  }
  for (; n >= 4; dst += 4, src += 4, n -= 4)
    copy_async<4>(dst, src);
  if (Multiple >= 4)
    return;
  // The tail, under 4 bytes.
  copy_now(dst, src, n);
#endif
}

// Whether Group is a whole thread block whose thread_rank() is the
// work-item's linear id, so that a wave's ranks are consecutive: then the
// round-robin chunks of a wave are consecutive in LDS by construction, and
// LDS DMA needs no run-time test of the layout. Other groups get the test.
template <class Group> struct is_whole_block {
  static constexpr bool value = false;
};
template <> struct is_whole_block<asyncpipe::thread_block> {
  static constexpr bool value = true;
};

// Collective: the group's work-items copy chunks of Chunk bytes
// round-robin by rank; the bytes after the last whole chunk, synchronously,
// by rank too. Returns nothing: every work-item called it with the same
// operands. Every work-item copies the same number of chunks (rounds), then
// those whose rank is left copy one more: with a group size known at compile
// time the number of copies is a constant, which lets an AMDGPU wait count
// them instead of waiting for all (vmcnt(0)).
template <unsigned Chunk, bool LanesInOrder>
ASYNCPIPE_COMPAT_INLINE void copy_chunks(unsigned rank, unsigned count,
                                         char *dst, const char *src, size_t n) {
  size_t chunks = n / Chunk;
  size_t rounds = chunks / count;
  size_t i = rank;
  for (size_t round = 0; round <= rounds; ++round, i += count) {
    if (round == rounds && i >= chunks)
      break;
#if defined(ASYNCPIPE_COMPAT_LDS_DMA)
    if (LanesInOrder)
      copy_async<Chunk>(dst + i * Chunk, src + i * Chunk);
    else
      copy_lane<Chunk>(dst + i * Chunk, src + i * Chunk);
#else
    copy_async<Chunk>(dst + i * Chunk, src + i * Chunk);
#endif
  }
  for (size_t i = chunks * Chunk + rank; i < n; i += count)
    dst[i] = src[i];
}

template <size_t Align, class Group>
ASYNCPIPE_COMPAT_INLINE void copy_group(const Group &group, char *dst,
                                        const char *src, size_t n) {
  constexpr bool whole_block = is_whole_block<Group>::value;
  unsigned count = group.size();
#if defined(ASYNCPIPE_LOCAL_LINEAR_ID)
  // A whole block's rank from the work-item ids, which lets the lowering
  // prove a wave's LDS DMA destinations consecutive.
  unsigned rank =
      whole_block ? ASYNCPIPE_LOCAL_LINEAR_ID() : group.thread_rank();
#else
  unsigned rank = group.thread_rank();
#endif
  __builtin_assume(rank < count);
  uintptr both = address(dst) | address(src);
#if defined(ASYNCPIPE_COMPAT_LDS_DMA)
  // LDS DMA moves at most 4 bytes per lane on gfx9 (16 on gfx950, whose
  // wider lane slots this does not use yet).
  if (Align >= 4 || (both & 3) == 0)
    copy_chunks<4, whole_block>(rank, count, dst, src, n);
  else if (Align >= 2 || (both & 1) == 0)
    copy_chunks<2, whole_block>(rank, count, dst, src, n);
  else
    copy_chunks<1, whole_block>(rank, count, dst, src, n);
#else
  if (Align >= 16 || (both & 15) == 0)
    copy_chunks<16, whole_block>(rank, count, dst, src, n);
  else if (Align >= 8 || (both & 7) == 0)
    copy_chunks<8, whole_block>(rank, count, dst, src, n);
  else if (Align >= 4 || (both & 3) == 0)
    copy_chunks<4, whole_block>(rank, count, dst, src, n);
  else
    for (size_t i = rank; i < n; i += count)
      dst[i] = src[i];
#endif
}
} // namespace detail

// Per work-item: this work-item copies size bytes from src to dst as part of
// the pipeline's head stage.
template <class Shape, thread_scope Scope>
ASYNCPIPE_COMPAT_INLINE void memcpy_async(void *dst, const void *src,
                                          Shape size, pipeline<Scope> &) {
  using traits = detail::shape_traits<Shape>;
  detail::copy_split<traits::align, traits::align>(
      static_cast<char *>(dst), static_cast<const char *>(src),
      traits::size(size));
}
template <class T, class Shape, thread_scope Scope>
ASYNCPIPE_COMPAT_INLINE void memcpy_async(T *dst, const T *src, Shape size,
                                          pipeline<Scope> &) {
  using traits = detail::shape_traits<Shape>;
  detail::copy_split<detail::max_size<traits::align, alignof(T)>::value,
                     traits::align>(reinterpret_cast<char *>(dst),
                                    reinterpret_cast<const char *>(src),
                                    traits::size(size));
}

// Collective: the work-items of group (each calls it with the same
// operands) copy size bytes from src to dst together.
template <class Group, class Shape, thread_scope Scope>
ASYNCPIPE_COMPAT_INLINE void memcpy_async(const Group &group, void *dst,
                                          const void *src, Shape size,
                                          pipeline<Scope> &) {
  using traits = detail::shape_traits<Shape>;
  detail::copy_group<traits::align>(group, static_cast<char *>(dst),
                                    static_cast<const char *>(src),
                                    traits::size(size));
}
template <class Group, class T, class Shape, thread_scope Scope>
ASYNCPIPE_COMPAT_INLINE void memcpy_async(const Group &group, T *dst,
                                          const T *src, Shape size,
                                          pipeline<Scope> &) {
  using traits = detail::shape_traits<Shape>;
  detail::copy_group<detail::max_size<traits::align, alignof(T)>::value>(
      group, reinterpret_cast<char *>(dst), reinterpret_cast<const char *>(src),
      traits::size(size));
}

} // namespace cuda_compat
} // namespace asyncpipe

// Next to CUDA's own headers the names go into their namespace cuda instead
// of an alias (see the top of this file).
#if ASYNCPIPE_CUDA_COMPAT_IN_LIBCUDACXX
#include <asyncpipe/__cuda_compat_libcudacxx.h>
#endif

#undef ASYNCPIPE_COMPAT_INLINE
#undef ASYNCPIPE_COMPAT_LDS_DMA
#undef ASYNCPIPE_CUDA_COMPAT_SCOPE_ERROR

#endif // ASYNCPIPE_CUDA_COMPAT_H
