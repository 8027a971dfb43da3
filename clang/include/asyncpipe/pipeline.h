//===- asyncpipe/pipeline.h - A cuda::pipeline-like C++ API ----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// asyncpipe::pipeline, modelled on cuda::pipeline, for CUDA and HIP device
// code (and host C++), on top of the portable API of <asyncpipe/asyncpipe.h>.
// A pipeline is a sequence of stages; each stage is a group of async copies.
//
//   pipe.producer_acquire();  // wait until the head stage may be filled
//   asyncpipe::memcpy_async(dst, src, size, pipe);  // per work-item copies
//   pipe.producer_commit();   // close the head stage (a mark)
//   pipe.consumer_wait();     // wait until the oldest stage has landed
//   ...use the oldest stage's data...
//   pipe.consumer_release();  // the oldest stage's buffers may be refilled
//   asyncpipe::pipeline_consumer_wait_prior<N>(pipe);  // or
//   pipe.wait_prior<N>();     // thread scope: wait for all stages but the
//                             // newest N
//
// Scopes:
//  * thread scope, asyncpipe::make_pipeline(): each work-item tracks its own
//    copies. Costs nothing beyond the copies, marks and waits: the stage
//    counters are registers that fold away when the schedule is static.
//    consumer_wait() makes the stage visible to this work-item only; add a
//    barrier before reading other work-items' copies.
//  * block scope, asyncpipe::make_pipeline(block, &shared_state[, role or
//    producer_count]): the whole workgroup (thread block) collectively.
//    - unified (every work-item produces and consumes): consumer_wait()
//      also makes every work-item's copies of the stage visible to all
//      (a workgroup barrier); consumer_release() is a barrier too, so that
//      no work-item refills a stage another is still reading.
//    - partitioned (each work-item is a producer or a consumer, for good):
//      the shared state holds per-stage counters in shared memory.
//      producer_acquire() waits until every consumer released the stage's
//      previous use; producer_commit() waits for the producer's own copies
//      and then publishes the stage (the async model has no way to signal
//      another work-item when a copy lands); consumer_wait() waits
//      until every producer published the stage. On AMDGPU, where the lanes
//      of a wavefront cannot wait for each other, roles must be uniform per
//      wavefront (64 work-items on gfx9).
//
// Queues: make_pipeline<Q>() (and make_pipeline<Q>(block, ...)) makes a
// pipeline that commits and waits on async queue Q (asyncpipe_commit_queue,
// asyncpipe_wait_queue; 0 to ASYNCPIPE_MAX_QUEUES - 1, default 0, which is
// asyncpipe_commit / asyncpipe_wait): two pipelines on different queues in one
// function count their stages apart, TVM's one queue per async stage. A copy
// belongs to the next commit of any queue, so commit one pipeline's stage
// before issuing the other's copies.
//
// The calls of one pipeline must run in one function activation after
// inlining (marks are counted per function, llvm/docs/AsyncPipeModel.rst):
// every member is always inlined; helpers the user passes a pipeline to must be
// inlined too (__forceinline__ / __attribute__((always_inline))).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_PIPELINE_H
#define ASYNCPIPE_PIPELINE_H

#ifndef __cplusplus
#error "asyncpipe/pipeline.h is C++; C and OpenCL C use asyncpipe/asyncpipe.h"
#endif

#include <asyncpipe/asyncpipe.h>

#define ASYNCPIPE_MEMBER ASYNCPIPE_DEVICE __attribute__((always_inline)) inline

namespace asyncpipe {

enum class thread_scope { thread, block };
constexpr thread_scope thread_scope_thread = thread_scope::thread;
constexpr thread_scope thread_scope_block = thread_scope::block;

enum class pipeline_role { producer, consumer };

// Queue selects the async queue the pipeline commits to and waits on
// (asyncpipe_commit_queue): two pipelines on different queues count their
// stages apart. Queue 0, the default, is asyncpipe_commit / asyncpipe_wait.
template <thread_scope Scope, unsigned Queue = 0> class pipeline;
} // namespace asyncpipe

#if !defined(ASYNCPIPE_LOCAL_BARRIER) && !defined(__CUDA__) && !defined(__HIP__)
extern "C" void __asyncpipe_rt_barrier(void);
#endif

namespace asyncpipe {
namespace detail {
// A pipeline's marks and waits on its queue; queue 0 in the plain spelling,
// so that a pipeline without a queue is the code it always was.
template <unsigned Queue> struct queue_ops {
  static_assert(Queue < ASYNCPIPE_MAX_QUEUES,
                "asyncpipe::pipeline's queue must be 0 to "
                "ASYNCPIPE_MAX_QUEUES - 1 (7)");
  static ASYNCPIPE_MEMBER void commit() { asyncpipe_commit_queue(Queue); }
  static ASYNCPIPE_MEMBER void wait(int n) { asyncpipe_wait_queue(Queue, n); }
};
template <> struct queue_ops<0> {
  static ASYNCPIPE_MEMBER void commit() { asyncpipe_commit(); }
  static ASYNCPIPE_MEMBER void wait(int n) { asyncpipe_wait(n); }
};

// Workgroup-wide barrier that orders shared-memory accesses. On AMDGPU the
// fences are for LDS only: a fence for every address space waits for all
// outstanding vector memory operations (vmcnt(0)), in-flight async copies of
// later stages included, and the pipeline would not overlap anything.
ASYNCPIPE_MEMBER void block_barrier() {
#if defined(ASYNCPIPE_LOCAL_BARRIER)
  ASYNCPIPE_LOCAL_BARRIER();
#elif !defined(__CUDA__) && !defined(__HIP__)
  // Host C++: the runtime's work-group barrier (asyncpipe_rt.def), which does
  // nothing for one work-item per work-group; a runner that runs a work-
  // group's work-items as threads defines it to join them.
  __asyncpipe_rt_barrier();
#endif
}

// Shared-memory counters: release increments, acquire reads. NVPTX gets
// explicit CTA fences around relaxed atomics: LLVM 22's NVPTX backend emits
// a release atomicrmw as a plain (relaxed) atom.add, with no fence, at any
// scope and PTX version (llc -mcpu=sm_80 -mattr=+ptx80).
ASYNCPIPE_MEMBER void release_increment(unsigned *counter) {
#if defined(ASYNCPIPE_TARGET_NVPTX)
  __nvvm_membar_cta();
  __scoped_atomic_fetch_add(counter, 1u, __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_WRKGRP);
#else
  __scoped_atomic_fetch_add(counter, 1u, __ATOMIC_RELEASE,
                            __MEMORY_SCOPE_WRKGRP);
#endif
}

ASYNCPIPE_MEMBER unsigned acquire_load(const unsigned *counter) {
#if defined(ASYNCPIPE_TARGET_NVPTX)
  unsigned value =
      __scoped_atomic_load_n(counter, __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);
  __nvvm_membar_cta();
  return value;
#else
  return __scoped_atomic_load_n(counter, __ATOMIC_ACQUIRE,
                                __MEMORY_SCOPE_WRKGRP);
#endif
}

// Work-items of a partitioned pipeline that quit() (one side: producers or
// consumers): how many, and, per stage slot, how many uses of the slot they
// had completed (published or released) when they quit.
struct quit_record {
  unsigned *count;
  unsigned *uses; // [stage_count]
};

// Spins until *counter holds every arrival that use `use` of a slot needs:
// (use + 1) from each of the `members` work-items of the other side that are
// still in the pipeline, plus what those that quit had done. The counters
// only grow, and wrap around consistently because they are compared by
// difference. Quitting only lowers the target (a work-item never runs more
// than one use of a slot ahead of its peers), so the target is recomputed
// on each try: a stale one is only too high. quit() writes the uses before
// the count (release), and the count is read first (acquire), so a fresh
// count always comes with its uses.
ASYNCPIPE_MEMBER void wait_until_reached(const unsigned *counter,
                                         unsigned members, unsigned use,
                                         const quit_record *quit,
                                         unsigned slot) {
  for (;;) {
    unsigned quitters = acquire_load(quit->count);
    unsigned done = acquire_load(&quit->uses[slot]);
    unsigned target = (use + 1) * (members - quitters) + done;
    if (static_cast<int>(acquire_load(counter) - target) >= 0)
      return;
#if defined(ASYNCPIPE_TARGET_AMDGPU)
    __builtin_amdgcn_s_sleep(1);
#endif
  }
}

// The number of uses of stage slot `slot` among stages [0, head) of a
// pipeline with `stages` slots.
ASYNCPIPE_MEMBER unsigned uses_before(unsigned head, unsigned slot,
                                      unsigned stages) {
  return (head + stages - 1 - slot) / stages;
}

// One copy of a constant size. A switch over the sizes the target can copy
// keeps each copy's size a constant in the IR at -O0 (where the caller's
// constant is not propagated); from -O1 on the switch folds away.
ASYNCPIPE_MEMBER void copy(void *dst, const void *src, unsigned long size,
                           unsigned flags) {
  // The flags are a constant for the same reason; one bit, two calls.
#define ASYNCPIPE_SIZE_CASE(N)                                                 \
  case N:                                                                      \
    if (flags & ASYNCPIPE_COPY_BYPASS_L1)                                      \
      asyncpipe_copy_flags(dst, src, N, ASYNCPIPE_COPY_BYPASS_L1);             \
    else                                                                       \
      asyncpipe_copy_flags(dst, src, N, ASYNCPIPE_COPY_DEFAULT);               \
    return;
  switch (size) {
#if defined(ASYNCPIPE_TARGET_AMDGPU) &&                                        \
    (defined(__gfx1250__) || defined(__gfx1251__))
    // The async copies' sizes (global_load_async_to_lds_b8/b32/b64/b128).
    ASYNCPIPE_SIZE_CASE(1)
    ASYNCPIPE_SIZE_CASE(4)
    ASYNCPIPE_SIZE_CASE(8)
    ASYNCPIPE_SIZE_CASE(16)
#elif defined(ASYNCPIPE_TARGET_AMDGPU)
    ASYNCPIPE_SIZE_CASE(1)
    ASYNCPIPE_SIZE_CASE(2)
    ASYNCPIPE_SIZE_CASE(4)
#if defined(__gfx950__)
    ASYNCPIPE_SIZE_CASE(12)
    ASYNCPIPE_SIZE_CASE(16)
#endif
#elif defined(ASYNCPIPE_TARGET_NVPTX)
    ASYNCPIPE_SIZE_CASE(4)
    ASYNCPIPE_SIZE_CASE(8)
    ASYNCPIPE_SIZE_CASE(16)
#else
    ASYNCPIPE_SIZE_CASE(1)
    ASYNCPIPE_SIZE_CASE(2)
    ASYNCPIPE_SIZE_CASE(4)
    ASYNCPIPE_SIZE_CASE(8)
    ASYNCPIPE_SIZE_CASE(12)
    ASYNCPIPE_SIZE_CASE(16)
#endif
  default:
    // Unreachable: memcpy_async diagnoses every other size at compile time.
    return;
  }
#undef ASYNCPIPE_SIZE_CASE
}

// The block-scope state shared by a partitioned pipeline's work-items, in
// shared memory: per stage, the number of producer arrivals and of consumer
// releases so far (monotonic counters, compared by difference).
struct block_state_header {
  unsigned stage_count;
  unsigned producer_count;
  unsigned consumer_count;
};
} // namespace detail

// The workgroup (thread block) as a group, for make_pipeline. Any type with
// thread_rank() and size() (e.g. cooperative_groups::thread_block) works too.
struct thread_block {
  ASYNCPIPE_MEMBER unsigned thread_rank() const {
#if defined(ASYNCPIPE_LOCAL_LINEAR_ID)
    return ASYNCPIPE_LOCAL_LINEAR_ID();
#else
    return 0;
#endif
  }
  ASYNCPIPE_MEMBER unsigned size() const {
#if defined(ASYNCPIPE_TARGET_AMDGPU)
    return __builtin_amdgcn_workgroup_size_x() *
           __builtin_amdgcn_workgroup_size_y() *
           __builtin_amdgcn_workgroup_size_z();
#elif defined(ASYNCPIPE_TARGET_NVPTX)
    return __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ntid_y() *
           __nvvm_read_ptx_sreg_ntid_z();
#else
    return 1;
#endif
  }
  ASYNCPIPE_MEMBER void sync() const { detail::block_barrier(); }
};

ASYNCPIPE_MEMBER thread_block this_thread_block() { return thread_block(); }

// Shared state of a block-scope pipeline with StageCount stages; declare it
// __shared__ and pass its address to make_pipeline.
template <thread_scope Scope, unsigned StageCount>
struct pipeline_shared_state {
  static_assert(Scope == thread_scope::block,
                "a thread-scope pipeline has no shared state and cannot be "
                "partitioned: use asyncpipe::make_pipeline()");
};

template <unsigned StageCount>
struct pipeline_shared_state<thread_scope::block, StageCount> {
  static_assert(StageCount > 0, "a pipeline needs at least one stage");
  detail::block_state_header header;
  unsigned produced[StageCount];
  unsigned released[StageCount];
  // Producers and consumers that quit(): see detail::wait_until_reached.
  unsigned producers_quit;
  unsigned consumers_quit;
  unsigned produced_by_quitters[StageCount];
  unsigned released_by_quitters[StageCount];
};

// Thread scope: the work-item's own sequence of stages. head counts the
// committed stages, tail the released ones; the stages in flight are
// [tail, head).
template <unsigned Queue> class pipeline<thread_scope::thread, Queue> {
  using ops = detail::queue_ops<Queue>;

public:
  ASYNCPIPE_MEMBER void producer_acquire() {}
  ASYNCPIPE_MEMBER unsigned producer_commit() {
    ops::commit();
    return head++;
  }
  // Waits for the oldest unreleased stage: all but the head - tail - 1
  // newer stages.
  ASYNCPIPE_MEMBER void consumer_wait() {
    unsigned pending = head - tail;
    ops::wait(pending ? static_cast<int>(pending - 1) : 0);
  }
  ASYNCPIPE_MEMBER void consumer_release() { ++tail; }
  template <unsigned N> ASYNCPIPE_MEMBER void wait_prior() {
    ops::wait(static_cast<int>(N));
  }
  // Leaves the pipeline (before an early exit). Nothing is shared, so there
  // is nothing to hand over; true as in cuda::pipeline: the caller was the
  // last (only) participant.
  ASYNCPIPE_MEMBER bool quit() { return true; }

private:
  unsigned head = 0;
  unsigned tail = 0;
};

// Block scope, unified or partitioned (see the file comment).
template <unsigned Queue> class pipeline<thread_scope::block, Queue> {
  using ops = detail::queue_ops<Queue>;

public:
  ASYNCPIPE_MEMBER
  pipeline(detail::block_state_header *state, unsigned *produced,
           unsigned *released, detail::quit_record producers_quit,
           detail::quit_record consumers_quit, bool partitioned, bool producer)
      : state(state), produced(produced), released(released),
        producers_quit(producers_quit), consumers_quit(consumers_quit),
        partitioned(partitioned), producer(producer) {}

  ASYNCPIPE_MEMBER void producer_acquire() {
    if (!partitioned)
      return;
    // The k-th use of a slot needs all consumers' releases of use k - 1.
    unsigned slot = head % state->stage_count;
    unsigned use = head / state->stage_count;
    if (use != 0)
      detail::wait_until_reached(&released[slot], state->consumer_count,
                                 use - 1, &consumers_quit, slot);
  }
  ASYNCPIPE_MEMBER unsigned producer_commit() {
    ops::commit();
    if (partitioned) {
      // Nothing signals another work-item when a copy lands: wait for this
      // producer's copies, then publish the stage.
      ops::wait(0);
      detail::release_increment(&produced[head % state->stage_count]);
    }
    return head++;
  }
  ASYNCPIPE_MEMBER void consumer_wait() {
    if (partitioned) {
      unsigned slot = tail % state->stage_count;
      unsigned use = tail / state->stage_count;
      detail::wait_until_reached(&produced[slot], state->producer_count, use,
                                 &producers_quit, slot);
      return;
    }
    unsigned pending = head - tail;
    ops::wait(pending ? static_cast<int>(pending - 1) : 0);
    detail::block_barrier();
  }
  ASYNCPIPE_MEMBER void consumer_release() {
    if (partitioned)
      detail::release_increment(&released[tail % state->stage_count]);
    else
      detail::block_barrier();
    ++tail;
  }
  ASYNCPIPE_MEMBER bool is_producer() const { return producer; }

  // Leaves the pipeline (before an early exit). Partitioned: records, for
  // the other side's waits, how many uses of each slot this work-item has
  // completed, so that they stop waiting for its future arrivals; returns
  // true for the last work-item to quit. Unified: the stages are ordered by
  // workgroup barriers, which an exited work-item no longer takes part in;
  // nothing to record, and true.
  ASYNCPIPE_MEMBER bool quit() {
    if (!partitioned)
      return true;
    // A producer's copies must land before its last stage counts as
    // published: producer_commit already waited for them.
    unsigned stages = state->stage_count;
    detail::quit_record &side = producer ? producers_quit : consumers_quit;
    unsigned done = producer ? head : tail;
    for (unsigned slot = 0; slot < stages; ++slot)
      __scoped_atomic_fetch_add(&side.uses[slot],
                                detail::uses_before(done, slot, stages),
                                __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);
    detail::release_increment(side.count);
    unsigned quitters = detail::acquire_load(producers_quit.count) +
                        detail::acquire_load(consumers_quit.count);
    return quitters == state->producer_count + state->consumer_count;
  }

private:
  detail::block_state_header *state;
  unsigned *produced;
  unsigned *released;
  detail::quit_record producers_quit;
  detail::quit_record consumers_quit;
  bool partitioned;
  bool producer;
  unsigned head = 0;
  unsigned tail = 0;
};

// make_pipeline<Queue>() for a pipeline on another queue than 0.
template <unsigned Queue = 0>
ASYNCPIPE_MEMBER pipeline<thread_scope::thread, Queue> make_pipeline() {
  return pipeline<thread_scope::thread, Queue>();
}

namespace detail {
// Collective: one work-item resets the counters, everyone sees it.
template <class Group, unsigned StageCount>
ASYNCPIPE_MEMBER void
reset_shared_state(const Group &group,
                   pipeline_shared_state<thread_scope::block, StageCount> *st,
                   unsigned producers, unsigned consumers) {
  if (group.thread_rank() == 0) {
    st->header.stage_count = StageCount;
    st->header.producer_count = producers;
    st->header.consumer_count = consumers;
    st->producers_quit = 0;
    st->consumers_quit = 0;
    for (unsigned S = 0; S < StageCount; ++S) {
      st->produced[S] = 0;
      st->released[S] = 0;
      st->produced_by_quitters[S] = 0;
      st->released_by_quitters[S] = 0;
    }
  }
  block_barrier();
}

template <unsigned Queue, unsigned StageCount>
ASYNCPIPE_MEMBER pipeline<thread_scope::block, Queue>
block_pipeline(pipeline_shared_state<thread_scope::block, StageCount> *st,
               bool partitioned, bool producer) {
  return pipeline<thread_scope::block, Queue>(
      &st->header, st->produced, st->released,
      quit_record{&st->producers_quit, st->produced_by_quitters},
      quit_record{&st->consumers_quit, st->released_by_quitters}, partitioned,
      producer);
}
} // namespace detail

// Unified block-scope pipeline: every work-item of group produces and
// consumes. Its stages are ordered by workgroup barriers, so the shared
// counters are not used (nor reset: no barrier here).
template <unsigned Queue = 0, class Group, unsigned StageCount>
ASYNCPIPE_MEMBER pipeline<thread_scope::block, Queue>
make_pipeline(const Group &,
              pipeline_shared_state<thread_scope::block, StageCount> *st) {
  return detail::block_pipeline<Queue>(st, /*partitioned=*/false,
                                       /*producer=*/true);
}

// Partitioned: the first producer_count work-items of group are producers,
// the others consumers. Collective.
template <unsigned Queue = 0, class Group, unsigned StageCount>
ASYNCPIPE_MEMBER pipeline<thread_scope::block, Queue>
make_pipeline(const Group &group,
              pipeline_shared_state<thread_scope::block, StageCount> *st,
              unsigned producer_count) {
  detail::reset_shared_state(group, st, producer_count,
                             group.size() - producer_count);
  return detail::block_pipeline<Queue>(st, /*partitioned=*/true,
                                       /*producer=*/group.thread_rank() <
                                           producer_count);
}

// Partitioned by each work-item's role. Collective.
template <unsigned Queue = 0, class Group, unsigned StageCount>
ASYNCPIPE_MEMBER pipeline<thread_scope::block, Queue>
make_pipeline(const Group &group,
              pipeline_shared_state<thread_scope::block, StageCount> *st,
              pipeline_role role) {
  detail::reset_shared_state(group, st, 0, 0);
  detail::release_increment(role == pipeline_role::producer
                                ? &st->header.producer_count
                                : &st->header.consumer_count);
  detail::block_barrier();
  return detail::block_pipeline<Queue>(st, /*partitioned=*/true,
                                       role == pipeline_role::producer);
}

// Starts an async copy of size bytes per work-item into the pipeline's head
// stage (see asyncpipe_copy for the per-work-item semantics). size must be
// an integer constant the target can copy; flags, an integer constant set of
// ASYNCPIPE_COPY_* hints (e.g. ASYNCPIPE_COPY_BYPASS_L1 for data read once),
// is an AsyncPipe extension of cuda::memcpy_async.
// The checks are spelled out, not taken from __config.h's macros, so that
// an error at the user's call has one note (the attribute), not a macro
// backtrace.
template <thread_scope Scope, unsigned Queue>
ASYNCPIPE_MEMBER void memcpy_async(void *dst, const void *src,
                                   unsigned long size, pipeline<Scope, Queue> &)
    __attribute__((diagnose_if(!__builtin_constant_p(size),
                               "argument 'size' of 'asyncpipe::memcpy_async' "
                               "must be an integer constant",
                               "error")))
    __attribute__((diagnose_if(__builtin_constant_p(size) &&
                                   !ASYNCPIPE_LEGAL_COPY_SIZE(size),
                               "'asyncpipe::memcpy_async' cannot copy this "
                               "size on this target: size must "
                               "be " ASYNCPIPE_COPY_SIZES_TEXT,
                               "error"))) {
  detail::copy(dst, src, size, ASYNCPIPE_COPY_DEFAULT);
}
template <thread_scope Scope, unsigned Queue>
ASYNCPIPE_MEMBER void memcpy_async(void *dst, const void *src,
                                   unsigned long size, pipeline<Scope, Queue> &,
                                   unsigned flags)
    __attribute__((diagnose_if(!__builtin_constant_p(size),
                               "argument 'size' of 'asyncpipe::memcpy_async' "
                               "must be an integer constant",
                               "error")))
    __attribute__((diagnose_if(__builtin_constant_p(size) &&
                                   !ASYNCPIPE_LEGAL_COPY_SIZE(size),
                               "'asyncpipe::memcpy_async' cannot copy this "
                               "size on this target: size must "
                               "be " ASYNCPIPE_COPY_SIZES_TEXT,
                               "error")))
    __attribute__((diagnose_if(!__builtin_constant_p(flags),
                               "argument 'flags' of 'asyncpipe::memcpy_async' "
                               "must be an integer constant",
                               "error")))
    __attribute__((diagnose_if(__builtin_constant_p(flags) &&
                                   (flags & ~ASYNCPIPE_COPY_ALL_FLAGS) != 0,
                               "argument 'flags' of 'asyncpipe::memcpy_async' "
                               "has bits that are not ASYNCPIPE_COPY_* flags",
                               "error"))) {
  detail::copy(dst, src, size, flags);
}

// Waits for all of the pipeline's stages but the newest N (cuda's
// pipeline_consumer_wait_prior). Thread scope only, as in CUDA: at block
// scope a work-item cannot tell when other work-items' stages have landed
// without the stage bookkeeping of consumer_wait.
template <unsigned N, unsigned Queue>
ASYNCPIPE_MEMBER void
pipeline_consumer_wait_prior(pipeline<thread_scope::thread, Queue> &pipe) {
  pipe.template wait_prior<N>();
}
template <unsigned N, unsigned Queue>
ASYNCPIPE_DEVICE void
pipeline_consumer_wait_prior(pipeline<thread_scope::block, Queue> &pipe)
    __attribute__((unavailable(
        "wait_prior needs a thread-scope pipeline; a block-scope pipeline "
        "waits with consumer_wait()")));

} // namespace asyncpipe

#undef ASYNCPIPE_MEMBER

#endif // ASYNCPIPE_PIPELINE_H
