//===- AsyncTarget.h - What AsyncPipe needs from a target -------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The one interface between the target-independent AsyncPipe passes and a
/// target: how to emit an async copy, a mark and a wait, the hardware limit on
/// a wait count, the shared and global address spaces, the legal copy sizes.
/// Like TargetTransformInfo, it is obtained from the target: each target
/// registers a factory (registerFactory) that recognizes its own triples, and
/// the plugin entry (llvm/lib/Passes/AsyncPipe) registers every target. No
/// target-independent code looks at a triple; passes ask this interface.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCTARGET_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCTARGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class CallInst;
class Function;
class Instruction;
class IRBuilderBase;
class Module;
class Triple;
class Value;

namespace asyncpipe {

class AsyncTarget {
public:
  virtual ~AsyncTarget();

  /// The async target for \p TT: the first registered factory's that
  /// accepts \p TT, or null if no target does (AsyncPipe does not support it).
  static std::unique_ptr<AsyncTarget> get(const Triple &TT);
  static std::unique_ptr<AsyncTarget> get(const Module &M);

  /// A target's factory: its AsyncTarget if \p TT is one of its triples,
  /// null otherwise.
  using Factory = std::unique_ptr<AsyncTarget> (*)(const Triple &TT);
  /// Adds \p F to the factories get() asks, in registration order (once:
  /// registering a factory again does nothing). Called by each target's
  /// register function when the plugin is loaded, before any pass runs.
  static void registerFactory(Factory F);

  /// A short name for remarks and diagnostics ("AMDGPU", "NVPTX", "host").
  virtual StringRef getName() const = 0;

  /// Address space of workgroup-shared memory (AMDGPU LDS, CUDA shared).
  virtual unsigned getSharedAddressSpace() const = 0;
  /// Address space copies read from.
  virtual unsigned getGlobalAddressSpace() const = 0;

  /// True if one async copy can move \p Bytes bytes per work-item.
  virtual bool isLegalCopySize(uint64_t Bytes) const = 0;

  /// The largest wait count the hardware encodes, if it has a limit. A wait
  /// for more outstanding marks than this is clamped (a stronger, still
  /// correct wait).
  virtual std::optional<uint64_t> getMaxWaitCount() const = 0;

  /// Emits a copy of \p Bytes bytes per work-item from \p Src to \p Dst in
  /// the target's native form, at \p B's insertion point.
  virtual CallInst *createCopy(IRBuilderBase &B, Value *Dst, Value *Src,
                               uint64_t Bytes) const = 0;
  /// The subset of the AsyncCopyFlags hints in \p Flags that a copy of
  /// \p Bytes bytes honours; asyncpipe-lower reports the others as ignored.
  virtual uint32_t getHonouredCopyFlags(uint64_t Bytes, uint32_t Flags) const {
    (void)Bytes;
    (void)Flags;
    return 0;
  }

  /// True if the target has async stores from shared to global memory
  /// (asyncpipe.store; the write-back of llvm/docs/AsyncPipeModel.rst,
  /// "Async stores"), counted by the same marks and waits as its copies. A
  /// target may still reject them for a processor that lacks them, in
  /// codegen (AMDGPU before gfx1250).
  virtual bool supportsAsyncStores() const { return false; }
  /// Where supportsAsyncStores() is false: why, and what to write instead,
  /// for the error at each asyncpipe_store call.
  virtual std::string describeMissingAsyncStores() const {
    return "it has no asynchronous store from shared memory: write the "
           "shared data back with ordinary stores once a wait and a barrier "
           "have made it ready";
  }
  /// True if one async store can move \p Bytes bytes per work-item.
  virtual bool isLegalStoreSize(uint64_t Bytes) const {
    (void)Bytes;
    return false;
  }
  /// The sizes isLegalStoreSize() accepts, for a diagnostic ("1, 4, 8 or
  /// 16").
  virtual std::string describeLegalStoreSizes() const { return ""; }
  /// Emits an async store of \p Bytes bytes per work-item from \p Src
  /// (shared memory) to \p Dst (global memory) in the target's native form,
  /// at \p B's insertion point; only if supportsAsyncStores(). Each
  /// work-item stores from and to its own addresses.
  virtual CallInst *createStore(IRBuilderBase &B, Value *Dst, Value *Src,
                                uint64_t Bytes) const {
    (void)B;
    (void)Dst;
    (void)Src;
    (void)Bytes;
    return nullptr;
  }

  /// True if async stores complete on groups of their own, apart from the
  /// groups the marks commit for copies (NVPTX sm_90's bulk async-groups):
  /// in a module with async stores, asyncpipe-lower then has every mark and
  /// wait also commit and wait on those groups (createStoreGroupMark,
  /// createStoreGroupWait), so that both kinds of group follow the marks.
  virtual bool storesCompleteInGroupsOfTheirOwn() const { return false; }
  /// Commits the async stores issued since the last such commit as one
  /// group; only if storesCompleteInGroupsOfTheirOwn().
  virtual CallInst *createStoreGroupMark(IRBuilderBase &B) const {
    (void)B;
    return nullptr;
  }
  /// Waits until at most \p N store groups are outstanding, every store of
  /// the older ones complete (its destination written); only if
  /// storesCompleteInGroupsOfTheirOwn().
  virtual CallInst *createStoreGroupWait(IRBuilderBase &B, uint64_t N) const {
    (void)B;
    (void)N;
    return nullptr;
  }

  /// True if the target has a zero-filling copy (see
  /// createCopyWithPolicy's \p SourceSize).
  virtual bool supportsZeroFill() const { return false; }

  /// True if the copies of a wave land in consecutive shared-memory slots
  /// whatever each lane's destination (AMDGPU LDS DMA), so that the
  /// per-lane destinations must be lane 0's + lane * size.
  virtual bool needsConsecutiveLaneDestinations() const { return false; }

  /// True if a zero-fill source size known only at run time is better
  /// lowered as a switch over copies with constant source sizes (restricted
  /// to its known range) than passed in a register.
  virtual bool prefersConstantSourceSize() const { return false; }

  /// Emits a copy of \p Bytes bytes per work-item with the honoured policy
  /// hints \p Flags. With a \p SourceSize (an i32 no larger than \p Bytes;
  /// only if supportsZeroFill()), reads only that many bytes of \p Src and
  /// writes zeros to the rest of \p Dst.
  virtual CallInst *createCopyWithPolicy(IRBuilderBase &B, Value *Dst,
                                         Value *Src, uint64_t Bytes,
                                         uint32_t Flags,
                                         Value *SourceSize) const {
    (void)Flags;
    (void)SourceSize;
    return createCopy(B, Dst, Src, Bytes);
  }

  /// The IR form of the target's own async intrinsics whose waits
  /// asyncpipe-lower rewrites like portable ones (redundant waits dropped,
  /// run-time counts turned into constants, bad counts diagnosed), or none to
  /// leave native waits alone.
  virtual std::optional<AsyncOpForm> getRewrittenNativeForm() const {
    return std::nullopt;
  }

  /// True if asyncpipe-lower should remove a wait that cannot wait for
  /// anything (its count is at least the number of marks that can be
  /// outstanding there); false leaves such waits to the target's codegen.
  virtual bool dropsRedundantWaits() const { return false; }

  /// The largest constant wait count the target's native wait can encode;
  /// asyncpipe-lower diagnoses larger ones unless getMaxWaitCount() says they
  /// are clamped.
  virtual uint64_t getMaxEncodableWaitCount() const { return UINT64_MAX; }

  /// True if the native wait counts commit groups (NVPTX cp.async.wait_group),
  /// so that an empty group (a mark with no copy before it) is counted like
  /// any other and one constant count stays exact while a loop drains with
  /// empty groups. False if the wait is lowered to a count of the memory
  /// operations still in flight (AMDGPU s_waitcnt vmcnt) by a
  /// path-insensitive analysis: a copy skipped on some path then weakens the
  /// count on every path, and the pipeliner drains with an epilogue instead.
  virtual bool countsWaitsInGroups() const { return false; }

  /// True if the target's mark is also a commit of the thread's one hardware
  /// counter of groups (NVPTX: cp.async.commit_group), which a native wait
  /// anywhere in the thread counts, in a caller or a callee as well. Rule M1
  /// then keeps every mark, as it keeps native commits: a wait it cannot see
  /// may observe it.
  virtual bool marksCommitHardwareGroups() const { return false; }

  /// Emits a mark in the target's native form.
  virtual CallInst *createMark(IRBuilderBase &B) const = 0;
  /// Emits a wait for at most \p N outstanding marks in the target's native
  /// form.
  virtual CallInst *createWait(IRBuilderBase &B, uint64_t N) const = 0;
  /// True if the marks of every queue are one sequence of the target's
  /// counter (NVPTX commit groups, AMDGPU vmcnt / ASYNCcnt): asyncpipe-lower
  /// then makes each queue's mark a plain mark and each queue's wait a plain
  /// wait for the combined count (llvm/docs/AsyncPipeModel.rst, "Queues").
  /// False where queues are apart (the host runtime): createQueueMark()
  /// and createQueueWait() emit them.
  virtual bool queuesShareOneCounter() const { return true; }
  /// True (only where queuesShareOneCounter()) if the target's codegen
  /// computes the combined count of each queue's wait on the CFG it emits,
  /// rather than asyncpipe-lower on the IR's. AMDGPU: the structurizer adds
  /// edges no lane takes, which a count proven on the IR's CFG does not cover
  /// and the checker follows. asyncpipe-lower then keeps each mark of a queue
  /// other than 0 and each queue's wait with a constant count (queue 0's as
  /// asyncpipe.wait.queue(0, N)) in the portable form for codegen.
  virtual bool countsQueueWaitsInCodegen() const { return false; }
  /// Emits a mark of queue \p Queue (not 0) where queues are apart.
  virtual CallInst *createQueueMark(IRBuilderBase &B, unsigned Queue) const {
    (void)Queue;
    return createMark(B);
  }
  /// Emits a wait that leaves at most \p N (an integer, maybe known only at
  /// run time) marks of queue \p Queue (not 0) outstanding, where queues
  /// are apart.
  virtual CallInst *createQueueWait(IRBuilderBase &B, unsigned Queue,
                                    Value *N) const {
    (void)B;
    (void)Queue;
    (void)N;
    return nullptr;
  }

  /// Emits a wait whose count \p N is known only at run time, or returns
  /// null if the target's native wait needs a constant (the caller then
  /// selects among constant waits).
  virtual CallInst *createVariableWait(IRBuilderBase &B, Value *N) const {
    (void)B;
    (void)N;
    return nullptr;
  }

  /// Emits what the target needs around the body of \p F, a function that
  /// marks or waits, so that its marks stay out of its callers' mark
  /// sequences (llvm/docs/AsyncPipeModel.rst). Hardware needs nothing; the host
  /// runtime is told where each activation begins and ends.
  virtual void createActivationBounds(Function &F) const { (void)F; }

  /// Rewrites the native async operations in \p F that this target runs on
  /// behalf of another target, keeping that target's hardware semantics (the
  /// host runs NVPTX cp.async code on its runtime with one commit-group
  /// counter per thread, not the activation model). Returns true if \p F
  /// changed. asyncpipe-lower calls it on every defined function.
  virtual bool lowerEmulatedNativeOps(Function &F) const {
    (void)F;
    return false;
  }
  /// True if AsyncSan (asyncpipe-sanitize) can check programs for this
  /// target, i.e. they run on the host runtime.
  virtual bool supportsSanitizer() const { return false; }

  /// True if \p I is the target's work-group barrier (every work-item of the
  /// group waits there, and shared-memory accesses before it are visible to
  /// all work-items after it).
  virtual bool isBarrier(const Instruction &I) const {
    (void)I;
    return false;
  }
  /// True if \p V is 0 for the first work-item of its work-group, which
  /// every work-group has: its id in the group in some dimension, or its
  /// lane in the wave. The race analysis compares a copy's and an access's
  /// addresses for that work-item.
  virtual bool isZeroForFirstWorkItem(const Value &V) const {
    (void)V;
    return false;
  }
  /// Emits a work-group barrier, or returns null if the target has none.
  virtual CallInst *createBarrier(IRBuilderBase &B) const {
    (void)B;
    return nullptr;
  }
  /// True if the barrier of createBarrier() orders no memory by itself, so
  /// that a barrier carrying other work-items' global writes must be fenced
  /// at work-group scope (AMDGPU's s_barrier, as HIP's __syncthreads() does).
  virtual bool barrierNeedsWorkGroupFences() const { return false; }

  /// If \p I is an asynchronous operation of the target that the marks
  /// cover but the target-independent model does not (AMDGPU gfx1250's tensor
  /// DMA and its own async copies, which only codegen counts), a description
  /// of it for a remark ("gfx1250's tensor DMA
  /// 'llvm.amdgcn.tensor.load.to.lds'"); "" otherwise. A pass that moves
  /// copies or marks around (the loop pipeliner) leaves code with such an
  /// operation alone: it could not move it with its group.
  virtual std::string describeUnmodeledAsyncOp(const Instruction &I) const {
    (void)I;
    return "";
  }

  /// The source spelling that waits for every copy the thread issued,
  /// whichever function issued it ("__nvvm_cp_async_wait_all()"), for a fix
  /// hint; "" where the target has none.
  virtual std::string describeWaitForAllCopies() const { return ""; }
};

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCTARGET_H
