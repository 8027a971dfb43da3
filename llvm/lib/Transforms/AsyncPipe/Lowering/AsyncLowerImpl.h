//===- AsyncLowerImpl.h - The pieces of asyncpipe-lower ---------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to Lowering/: the per-function lowering of asyncpipe-lower, whose
// marks and waits are in AsyncLower.cpp and copies in AsyncLowerCopies.cpp,
// and the analyses and builders they share: what a copy's destination is
// (AsyncCopyDestination.cpp) and run-time operands turned into switches over
// constants (AsyncConstantSwitch.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_LOWERING_ASYNCLOWERIMPL_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_LOWERING_ASYNCLOWERIMPL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/InstrTypes.h"
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class CallBase;
class ConstantInt;
class DataLayout;
class Function;
class IRBuilderBase;
class Instruction;
class OptimizationRemarkEmitter;
class Value;

namespace asyncpipe {
class AsyncTarget;

namespace lowering {

/// Gives \p New, which replaces \p Old, its source location: the debug
/// location, and clang's !srcloc, the location of the user's call, which
/// places later diagnostics (e.g. a target without async copies) at that
/// call when compiling without -g.
void inheritLocation(Instruction &New, const Instruction &Old);

/// What the shared-memory destination of a GPU copy is known to point to.
struct DestinationOrigin {
  enum Kind { Unknown, NotShared, MaybeNotShared } K = Unknown;
  /// Why, for the diagnostic ("global memory (address space 1)").
  std::string Reason;
};

/// Follows \p V (a shared pointer operand or its generic origin) back
/// through offsets and address-space casts (AsyncCopyDestination.cpp).
DestinationOrigin classifyDestination(const Value *V, unsigned Depth = 0);

/// How a per-lane value depends on the lane: not at all, as Coef * lane (plus
/// something wave-uniform), in a way that is not affine (Why names how), or
/// too deep to tell.
struct LaneTerm {
  enum Kind { Uniform, Affine, NonAffine, Unknown } K = Uniform;
  int64_t Coef = 0;
  std::string Why;

  static LaneTerm affine(int64_t Coef) { return {Affine, Coef, ""}; }
  static LaneTerm nonAffine(std::string Why) {
    return {NonAffine, 0, std::move(Why)};
  }
};

/// The lane term of a destination's byte offset from a wave-uniform base.
LaneTerm analyzeLaneOffset(const Value *Ptr, const DataLayout &DL);

/// The values below \p Limit that a run-time operand \p V can take, in
/// increasing order: both constants of a select between constants (the common
/// `last ? 0 : 1`), or else every value in its known range.
struct PossibleValues {
  SmallVector<uint64_t, 16> Below;
  /// True if \p V can also be \p Limit or more (or outside the known range).
  bool AlsoAtLeastLimit = false;
};

PossibleValues getPossibleValues(Value *V, uint64_t Limit,
                                 const Instruction *Context);

/// What a switch built by emitSwitchOnConstants does for values without a
/// case of their own.
enum class SwitchDefault { Nothing, LastCase, Emit };

/// Replaces \p Call by a switch on \p V whose case for each of \p Values
/// holds what \p EmitCase emits for it: the way to give an operand that must
/// be (or is best) an immediate a run-time value. Other values do nothing, go
/// to the last case, or run what \p EmitDefault emits.
void emitSwitchOnConstants(
    CallBase *Call, Value *V, ArrayRef<uint64_t> Values, StringRef Name,
    function_ref<void(IRBuilderBase &, uint64_t)> EmitCase,
    SwitchDefault Default,
    function_ref<void(IRBuilderBase &)> EmitDefault = nullptr);

/// For every wait, the upper bound (AsyncMarkAnalysis) on the marks that can
/// be outstanding when it runs, in the sequence the wait counts, taken before
/// anything is rewritten: a lowered portable mark becomes a native commit,
/// which the analysis counts in another sequence.
class OutstandingMarkBounds {
public:
  OutstandingMarkBounds(Function &F, ArrayRef<AsyncOp> Ops) {
    AsyncMarkCounts Counts(F);
    for (const AsyncOp &Op : Ops) {
      if (!Op.isWait())
        continue;
      MarkBounds B = Counts.before(*Op.getCall(), Op.getSemantics());
      if (B.isBounded())
        AtWait[Op.getCall()] = B.Max;
      std::string Why;
      if (Counts.isRedundantWait(Op, &Why))
        RedundantWhy[Op.getCall()] = Why;
    }
  }

  /// The bound at \p Wait, or none if it is unbounded or unknown.
  std::optional<uint64_t> at(const CallBase *Wait) const {
    auto It = AtWait.find(Wait);
    if (It == AtWait.end())
      return std::nullopt;
    return It->second;
  }
  /// The rule that makes \p Wait redundant, or none.
  std::optional<std::string> redundantBecause(const CallBase *Wait) const {
    auto It = RedundantWhy.find(Wait);
    if (It == RedundantWhy.end())
      return std::nullopt;
    return It->second;
  }

private:
  DenseMap<const CallBase *, uint64_t> AtWait;
  DenseMap<const CallBase *, std::string> RedundantWhy;
};

class PortableLowering {
public:
  PortableLowering(Function &F, const AsyncTarget *Target,
                   OptimizationRemarkEmitter &ORE)
      : F(F), Target(Target), ORE(ORE) {}

  bool run();

private:
  SmallVector<AsyncOp, 16> collectOps() const;
  void lowerCopy(const AsyncOp &Op);
  std::optional<uint32_t> getCopyFlags(const AsyncOp &Op);
  bool getZeroFillSourceSize(const AsyncOp &Op, uint64_t Bytes,
                             Value *&SourceSize);
  void remarkIgnoredHints(const AsyncOp &Op, uint64_t Bytes, uint32_t Ignored);
  void lowerZeroFillCopyBySwitch(const AsyncOp &Op, uint64_t Bytes,
                                 uint32_t Flags);
  void lowerMark(const AsyncOp &Op);
  void lowerWait(const AsyncOp &Op);
  bool isValidConstantCount(const AsyncOp &Op, const ConstantInt &N);
  void lowerFoldedNegativeCount(const AsyncOp &Op, const ConstantInt &N);
  void lowerConstantWait(const AsyncOp &Op, uint64_t N);
  bool isRedundantWait(const AsyncOp &Op, uint64_t N);
  void lowerVariableWait(const AsyncOp &Op);
  void emitWaitSwitch(const AsyncOp &Op, const PossibleValues &Counts,
                      std::optional<uint64_t> Bound);
  void replaceWait(const AsyncOp &Op, uint64_t N);
  /// Upper bound of the range of constant waits a run-time count selects
  /// among when the target needs constants and the marks are unbounded.
  static constexpr uint64_t UnboundedWaitCases = 8;
  /// With more marks than this outstanding, a run-time count selects among
  /// UnboundedWaitCases waits, not one per possible count.
  static constexpr uint64_t MaxWaitSwitchCases = 32;

  Function &F;
  const AsyncTarget *Target;
  OptimizationRemarkEmitter &ORE;
  std::optional<OutstandingMarkBounds> MarkBounds;
};

} // namespace lowering
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_LOWERING_ASYNCLOWERIMPL_H
