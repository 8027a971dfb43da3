//===- AsyncLowerImpl.h - The pieces of asyncpipe-lower ---------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to Lowering/: the analyses and builders asyncpipe-lower
// (AsyncLower.cpp) uses, each in a file of its own: what a copy's destination
// is (AsyncCopyDestination.cpp) and run-time operands turned into switches
// over constants (AsyncConstantSwitch.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_LOWERING_ASYNCLOWERIMPL_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_LOWERING_ASYNCLOWERIMPL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace llvm {
class CallBase;
class DataLayout;
class IRBuilderBase;
class Instruction;
class Value;

namespace asyncpipe {
namespace lowering {

/// What the shared-memory destination of a GPU copy is known to point to.
struct DestinationOrigin {
  enum Kind { Unknown, NotShared, MaybeNotShared } K = Unknown;
  /// Why, for the diagnostic ("global memory (address space 1)").
  std::string Reason;
};

/// "global memory (address space 1)", ..., for diagnostics.
std::string describeAddressSpace(unsigned AS);

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

} // namespace lowering
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_LOWERING_ASYNCLOWERIMPL_H
