//===- AsyncOps.h - The AsyncPipe asynchronous-operation model --*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Recognizes the IR spellings of the async model
/// (llvm/docs/AsyncPipeModel.rst): asynchronous copies between global and
/// shared memory (global-to-shared copies, and shared-to-global stores), marks
/// (commits) and waits. Every AsyncPipe pass sees async operations only through
/// this interface, so the AMDGPU intrinsics, NVPTX's cp.async intrinsics and
/// the portable AsyncPipe calls are one model to all of them.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCOPS_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCOPS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class Function;
class Instruction;
class Module;
class Value;

namespace asyncpipe {

/// The role of an instruction in the async model.
enum class AsyncOpKind : uint8_t {
  None, ///< Not part of the async model.
  /// Asynchronous copy from global to shared memory or, for a store
  /// (AsyncOp::isStore()), from shared to global memory. Both are counted by
  /// the same marks and waits.
  Copy,
  Mark, ///< Appends a mark to the current activation's mark sequence.
  Wait, ///< Waits until at most N marks of the sequence are outstanding.
  /// Waits until the mark that made a future (see AsyncFutures below) is
  /// complete. asyncpipe-lower-futures turns it into a counting wait.
  FutureWait,
  /// Makes the dummy future (Croktile's dma.any): waiting on it waits for
  /// nothing.
  FutureAny,
};

/// The IR spelling family an operation was written in.
enum class AsyncOpForm : uint8_t {
  AMDGPU,   ///< llvm.amdgcn.*async* (upstream names and the buffer spelling).
  NVPTX,    ///< llvm.nvvm.cp.async.*
  Portable, ///< asyncpipe.* calls emitted by the portable API headers.
  Host,     ///< __asyncpipe_rt_* calls into the host runtime (asyncpipe_rt.h).
  NVPTXInlineAsm, ///< cp.async written as inline PTX (NVPTXInlineAsm.h).
};

/// Which rules of llvm/docs/AsyncPipeModel.rst an operation follows.
enum class AsyncSemantics : uint8_t {
  /// The upstream activation model (llvm.amdgcn.asyncmark / wait.asyncmark,
  /// portable asyncpipe.* calls, the host runtime): a mark joins the current
  /// function activation's sequence and a wait counts only that sequence.
  Activation = 0,
  /// Native forms written against a hardware counter (llvm.nvvm.cp.async.*,
  /// recognized cp.async inline assembly):
  /// one counter per thread; any call may commit and wait any number of
  /// groups, and a function starts with any number pending.
  Hardware = 1,
};
constexpr unsigned NumAsyncSemantics = 2;

/// Queue ids a program may use: 0 to MaxAsyncQueues - 1
/// (llvm/docs/AsyncPipeModel.rst, "Queues"). Queue 0 is the one sequence of
/// the calls without a queue operand.
constexpr unsigned MaxAsyncQueues = 8;

/// One recognized async operation: a call plus what the model needs to know
/// about its operands.
class AsyncOp {
public:
  AsyncOp() = default;

  /// Classifies \p I; returns an op whose kind is None for anything else.
  static AsyncOp get(const Instruction &I);

  AsyncOpKind getKind() const { return Kind; }
  AsyncOpForm getForm() const { return Form; }
  /// The rules this spelling follows (see AsyncSemantics).
  AsyncSemantics getSemantics() const;
  CallBase *getCall() const { return Call; }
  explicit operator bool() const { return Kind != AsyncOpKind::None; }

  bool isCopy() const { return Kind == AsyncOpKind::Copy; }
  /// For a copy: true if it writes global memory from shared memory (an
  /// async store, asyncpipe.store), false if it fills shared memory.
  bool isStore() const { return isCopy() && ToGlobal; }
  bool isMark() const { return Kind == AsyncOpKind::Mark; }
  bool isWait() const { return Kind == AsyncOpKind::Wait; }
  bool isFutureWait() const { return Kind == AsyncOpKind::FutureWait; }
  bool isFutureAny() const { return Kind == AsyncOpKind::FutureAny; }
  /// For a mark: true if it returns a future naming it (asyncpipe.mark.future).
  bool returnsFuture() const;
  /// For a wait on a future: the future operand.
  Value *getFutureOperand() const;
  /// For a wait: true for a native wait-all form that also waits for copies
  /// no mark covers yet (NVPTX cp.async.wait_all is a commit followed by
  /// wait_group 0).
  bool alsoWaitsForUncommittedCopies() const;

  /// For a copy: the shared-memory pointer operand (the destination of a
  /// copy, the source of a store).
  Value *getSharedPointer() const;
  /// For a copy: the global-memory (or buffer resource) operand (the source
  /// of a copy, the destination of a store); null when it is not a pointer (a
  /// <4 x i32> buffer resource).
  Value *getGlobalPointer() const;
  /// For a copy: the operand it reads from (the global pointer of a copy,
  /// the shared pointer of a store).
  Value *getCopySource() const {
    return isStore() ? getSharedPointer() : getGlobalPointer();
  }
  /// For a copy: the operand it writes to.
  Value *getCopyDestination() const {
    return isStore() ? getGlobalPointer() : getSharedPointer();
  }
  /// For a copy: the per-lane size in bytes when it is a constant.
  std::optional<uint64_t> getCopySize() const;
  /// For a zero-filling copy: the operand holding how many of the copy's
  /// bytes are read from the source (the rest are written as zeros), or null
  /// for a plain copy.
  Value *getSourceSizeOperand() const;
  /// For a portable copy: the policy-flags operand (AsyncCopyFlags), or null
  /// where the spelling has none.
  Value *getCopyFlagsOperand() const;
  /// For a copy: the positions of the operands that must be constants where
  /// the copy is lowered (its size and policy flags, where it has them).
  SmallVector<unsigned, 2> getImmediateCopyOperandNos() const;

  /// For a wait: the operand holding N, or null for wait-all forms.
  Value *getWaitCountOperand() const;
  /// For a wait: N when it is known at compile time (0 for wait-all forms).
  std::optional<uint64_t> getConstantWaitCount() const;

  /// For a mark or a wait: true if the spelling names its queue
  /// (asyncpipe.mark.queue, asyncpipe.wait.queue and their host forms).
  bool hasQueueOperand() const { return QueueArg >= 0; }
  /// For a mark or a wait: the queue operand, or null where the spelling has
  /// none (queue 0).
  Value *getQueueOperand() const;
  /// For a mark or a wait of the activation kind: its queue, 0 for the
  /// spellings without a queue operand; none when the operand is not a
  /// constant below MaxAsyncQueues (asyncpipe-lower reports it).
  std::optional<unsigned> getQueue() const;

  /// The callee's name, for diagnostics and remarks.
  StringRef getName() const;

private:
  friend AsyncOp getNVPTXInlineAsmOp(const CallBase &Call);
  AsyncOp(AsyncOpKind K, AsyncOpForm F, CallBase *C, int8_t Shared,
          int8_t Global, int8_t Size, int8_t Count)
      : Kind(K), Form(F), Call(C), SharedArg(Shared), GlobalArg(Global),
        SizeArg(Size), CountArg(Count) {}

  AsyncOpKind Kind = AsyncOpKind::None;
  AsyncOpForm Form = AsyncOpForm::Portable;
  CallBase *Call = nullptr;
  // Operand positions, or -1 where the spelling has no such operand. A size
  // of -1 with a copy means the size is part of the name (see SizeInName).
  int8_t SharedArg = -1;
  int8_t GlobalArg = -1;
  int8_t SizeArg = -1;
  int8_t CountArg = -1;
  uint8_t SizeInName = 0;
  bool ToGlobal = false;
  int8_t SourceSizeArg = -1;
  int8_t FlagsArg = -1;
  int8_t QueueArg = -1;
  // A wait count written in an inline asm statement's text, or -1.
  int64_t CountInText = -1;
};

/// True if \p F has a mark or a wait of a queue other than 0, or one whose
/// queue is not known (llvm/docs/AsyncPipeModel.rst, "Queues"): its waits
/// then count the marks of their own queue only, and the transforms that
/// reason about one sequence of marks leave it alone.
bool usesAsyncQueues(const Function &F);

/// Bits of the portable copy's flags operand. They are hints: a target that
/// cannot honour one ignores it (asyncpipe-lower says so in a remark).
enum AsyncCopyFlags : uint32_t {
  /// Cache the source in L2 only, not in L1 (NVPTX cp.async.cg).
  BypassL1 = 1u << 0,
  /// Every bit this version defines; others are diagnosed.
  KnownCopyFlags = BypassL1,
};

/// Recognizes the async operations that programs write as inline assembly
/// (CUDA's cp.async in inline PTX, lib/Target/NVPTX/NVPTXInlineAsmCpAsync.cpp).
/// A target registers one; AsyncOp::get() asks each registered recognizer
/// about every inline asm call, so that no target-independent code knows any
/// target's assembly.
struct AsyncInlineAsmRecognizer {
  /// The op \p Call is, or an op of kind None.
  AsyncOp (*Recognize)(const CallBase &Call) = nullptr;
  /// True if \p Call touches async state at all, whether Recognize models it
  /// or not.
  bool (*TouchesAsyncState)(const CallBase &Call) = nullptr;
};

/// Adds \p R to the recognizers AsyncOp::get() asks (once: registering the
/// same recognizer again does nothing). Called when the plugin is loaded.
void registerAsyncInlineAsmRecognizer(AsyncInlineAsmRecognizer R);

/// True if \p F has a mark sequence of its own, as every activation does in
/// the model. An always_inline function never has: it is part of each caller
/// it is inlined into (AsyncPipe's pipeline.h members, users' stage() helpers),
/// whatever mix of copies, marks and waits it holds, so nothing may reason
/// about its marks and waits on their own.
bool hasOwnMarkSequence(const Function &F);

/// True if \p F still calls an always_inline function that will be inlined
/// and that holds async operations (directly or through further
/// always_inline calls). Until it is inlined, \p F's marks and waits are not
/// all visible, so model-level transforms leave \p F alone.
bool callsAsyncFragment(const Function &F);

/// True if \p Call is such a call: callsAsyncFragment(F) is this for any call
/// of F, for passes that learn it in a walk they make anyway.
bool isAsyncFragmentCall(const CallBase &Call);

/// True if \p F or an always_inline function it calls holds an async
/// operation.
bool hasAsyncOpsInlined(const Function &F);

/// True if \p M defines an always_inline function holding async operations
/// (with hasAsyncOpsInlined()), which must be inlined into its callers
/// before their marks and waits are reasoned about: the modules on which
/// `asyncpipe-inline-fragments` runs the always-inliner (never under
/// useUnsoundLegacyModelForTesting()).
bool moduleHasAsyncFragments(const Module &M);

/// True if \p F is a kernel entry (AMDGPU, PTX or SPIR kernel): nothing calls
/// it, so it is never inlined and no caller leaves groups pending at its start.
bool isKernelEntry(const Function &F);

/// True if \p Call is inline assembly that may commit or wait cp.async groups
/// in a way the recognizer does not model: the hardware counter is then
/// unknown after it.
bool isOpaqueToHardwareCounter(const CallBase &Call);

/// Erases \p Op, a wait or mark the one mark analysis proved redundant,
/// together with the record -amdgpu-enable-check-async-waits placed right after
/// it at the start of the pipeline (llvm/docs/AsyncPipeAMDGPU.rst): a proven
/// removal holds on the IR's paths, and the checker, which follows the
/// machine CFG of structurized branches, would otherwise check the record on
/// flow edges for lanes that are not active there.
void eraseProvenRedundantOp(CallBase &Op);

/// Metadata on a wait: the target's hardware counters the wait must drain,
/// a tuple of MDStrings named by the target (AMDGPU: "asynccnt" or
/// "tensorcnt", for upstream's draft stage masks, AsyncPipeAMDGPU.rst).
/// Absent, the wait drains every counter its marks cover. A pass that
/// rewrites a wait keeps it (AsyncLower does); one that drops it only makes
/// the wait stronger.
inline constexpr const char *WaitCountersMD = "asyncpipe.wait.counters";

/// The function metadata that records, when a transform removes an
/// operation of hardware semantics (a native cp.async wait proven redundant),
/// the debug location of the first one removed (an MDTuple of its line,
/// column and scope, or empty without -g). Targets that reject native
/// operations the subtarget lacks read it, so that whether a program compiles
/// does not depend on which of them the optimizer proved redundant.
inline constexpr const char *RemovedHardwareOpMD = "asyncpipe.removed.native";

/// Records \p Op in RemovedHardwareOpMD if it is an intrinsic of hardware
/// semantics (inline PTX is not recorded: stock llc compiles it for every
/// target); call before erasing it.
void noteRemovedHardwareOp(const CallBase &Op);

/// Testing only (-asyncpipe-unsound-legacy-model-for-testing): restores the
/// unsound rules of earlier versions (the activation rule applied to native
/// forms, always_inline "fragments" only when they hold marks xor waits,
/// elimination before the always-inliner), so that tests can show that the
/// differential oracle and the checkers catch them.
bool useUnsoundLegacyModelForTesting();

/// True if \p Call names an async operation but its operands do not fit it
/// (too few, or not a pointer or integer where one is read). AsyncOp::get()
/// does not recognize such a call; it must be diagnosed.
bool isMalformedAsyncCall(const CallBase &Call);

/// True if \p Name looks like an async-model callee this version does not
/// know (a misspelling or an intrinsic from a newer LLVM); such calls must be
/// diagnosed rather than emitted as external calls.
bool isUnknownAsyncName(StringRef Name);

/// True if \p Call is anything AsyncPipe acts on or diagnoses: a call to an
/// async spelling (well-formed or not), to a name isUnknownAsyncName() takes,
/// or to the host runtime, or inline assembly a registered recognizer says
/// touches async state.
bool isAsyncCall(const CallBase &Call);

/// False only if \p M certainly has nothing for AsyncPipe to do: no function
/// named like an async operation, a runtime call or the pipeline annotation
/// (the spelling table, `llvm.nvvm.cp.async.*`, `asyncpipe.*`,
/// `__asyncpipe_rt_*`, unknown `llvm.amdgcn.*async*` names) and no inline
/// assembly mentioning cp.async. Every pass calls it first, so that the
/// plugin costs nothing on code without async operations; the answer is
/// cached per module state, so calling it per function is cheap.
bool moduleMayHaveAsyncOps(const Module &M);

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCOPS_H
