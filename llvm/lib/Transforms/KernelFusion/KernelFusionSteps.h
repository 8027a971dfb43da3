//===- KernelFusionSteps.h - The steps of kernel fusion ---------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the fusion implementation: the plan every step fills in or
// reads, and one entry point per step, each in its own file. fuseKernels()
// (KernelFusion.cpp) runs them in order: first every planning step, which
// checks the spec and may refuse, then the rewriting steps, which build the
// fused kernel.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_KERNELFUSION_KERNELFUSIONSTEPS_H
#define ASYNCPIPE_LIB_TRANSFORMS_KERNELFUSION_KERNELFUSIONSTEPS_H

#include "llvm/Transforms/KernelFusion/KernelFusion.h"
#include "llvm/Transforms/KernelFusion/WorkItemModel.h"

namespace llvm {
class Argument;
class Constant;
class DataLayout;
class IRBuilderBase;
class Type;
class Value;

namespace asyncpipe {

/// How a constant argument is passed, and so how the fused kernel holds it.
enum class ConstantPassing {
  /// As a value (a scalar, vector, struct or array): uses see the constant.
  Direct,
  /// A byval pointer to a private copy: the fused kernel makes that copy.
  ByVal,
  /// A byref pointer to memory the kernel only reads: the fused kernel
  /// points at a constant global in that address space.
  ByRef,
};

/// A set of kernel arguments that receive the same value, i.e. one
/// parameter of the fused kernel before elision.
struct ArgClass {
  SmallVector<KernelArgRef, 2> Members;
  Type *Ty = nullptr;
  Promotion Kind = Promotion::None;
  /// For promoted classes: original element size and the element count of
  /// the local or private replacement.
  uint64_t ElementSize = 0;
  uint64_t PromotedElements = 0;
  /// For constant classes: the value every use sees, of the argument's type
  /// (or, for a byval or byref pointer, of the type it points to).
  Constant *Value = nullptr;
  /// How Value reaches the kernels.
  ConstantPassing Passing = ConstantPassing::Direct;

  bool isElided() const { return Kind != Promotion::None || Value; }
};

/// One entry of the fusion list.
struct KernelPlan {
  Function *Kernel = nullptr;
  NDRange Range;
  /// The argument class of each of the kernel's parameters.
  SmallVector<unsigned, 8> ArgClasses;
  /// Work-items at or beyond the kernel's global linear size skip its body.
  bool NeedsGuard = false;
  /// The kernel's size queries are replaced by its own nd-range (the list of
  /// nd-ranges is heterogeneous).
  bool RemapSizes = false;
  /// The kernel's global ids are recomputed from the global linear id.
  bool RemapGlobalId = false;
};

struct FusionPlan {
  FusionPlan(Module &M, const WorkItemModel &Model) : M(M), Model(Model) {}
  Module &M;
  const WorkItemModel &Model;
  std::string FusedName;
  SmallVector<KernelPlan, 4> Kernels;
  SmallVector<ArgClass, 8> Classes;
  NDRange FusedRange;
  bool NoBarriers = false;
  /// Promotions given up on, as (restriction, detail).
  SmallVector<DroppedPromotion, 2> DroppedPromotions;
};

/// Spec step (FusionSpec.cpp): kernels exist and agree on their calling
/// convention, nd-ranges are well formed, argument references are in range.
Error planKernels(FusionPlan &Plan, const KernelFusionSpec &Spec);

/// Parameter elision (FusionParamElision.cpp): one class per group of
/// identical arguments, all members of the same type.
Error planArgClasses(FusionPlan &Plan, const KernelFusionSpec &Spec);
/// Replaces \p Fused (one parameter per class) by a function with only the
/// classes that are neither promoted nor constant; returns it.
Function *elideParams(Function &Fused, FusionPlan &Plan,
                      SmallVectorImpl<KernelArgRef> &ParamsOut);

/// Nd-range step (FusionNDRange.cpp): the seed's restrictions, the fused
/// nd-range, which kernels need guards and remapping.
Error planNDRanges(FusionPlan &Plan);
/// Emits the global linear id of the executing work-item in the fused grid.
Value *createGlobalLinearId(IRBuilderBase &B, const FusionPlan &Plan);
/// Refuses if \p Body (kernel \p Kernel's flattened body) has a work-group
/// barrier but its guard would let only part of a work-group run it.
Error checkGuardedBarriers(Function &Body, const KernelPlan &Kernel,
                           const FusionPlan &Plan);
/// Replaces the work-item queries in \p Body (a flattened copy of
/// \p Kernel's body) by the values they have in the kernel's own nd-range.
Error remapWorkItemQueries(Function &Body, const KernelPlan &Kernel,
                           const FusionPlan &Plan);

/// Internalization (FusionInternalize.cpp): promotion hints and the size of
/// each replacement, the same for every kernel using the argument.
Error planPromotions(FusionPlan &Plan, const KernelFusionSpec &Spec);
/// Moves every promoted class of \p Fused into local or private memory,
/// accesses remapped to offset % new_size.
/// A promotion whose accesses cannot be rewritten is dropped instead.
Error internalizePromotedArgs(Function &Fused, FusionPlan &Plan);

/// Constants as bytes (FusionConstantBytes.cpp), in \p DL's layout and byte
/// order. The number of bytes a runtime passes for an argument of type
/// \p Ty: a scalar's store size, an aggregate's or vector's allocation size.
uint64_t getConstantArgSize(Type *Ty, const DataLayout &DL);
/// \p Bytes (at least getConstantArgSize(Ty) of them) as a constant of
/// \p Ty, any nesting of structs, arrays and vectors; padding is skipped.
/// Null if \p Ty has no such form (scalable vectors, target types).
Constant *decodeConstantBytes(Type *Ty, ArrayRef<uint8_t> Bytes,
                              const DataLayout &DL);
/// The bytes of \p C, padding zeroed; false if \p C has parts without
/// defined bytes (undef, constant expressions).
bool encodeConstantBytes(const Constant &C, const DataLayout &DL,
                         SmallVectorImpl<uint8_t> &Bytes);

/// Constant propagation (FusionConstants.cpp).
Error planConstants(FusionPlan &Plan, const KernelFusionSpec &Spec);
void propagateConstants(Function &Fused, const FusionPlan &Plan);

/// Refuses identical arguments passed differently (one byval, one not).
Error checkArgPassing(const FusionPlan &Plan);

/// Fused entry (FusionEntry.cpp): a function with one parameter per class
/// whose body is every kernel's body in order, inlined, with a work-group
/// barrier between consecutive kernels.
Expected<Function *> createFusedEntry(FusionPlan &Plan);

/// A refusal naming \p Restriction.
Error refuse(StringRef Restriction, const Twine &Detail);

/// "kernel 1 ('scale')" for messages.
std::string describeKernel(const FusionPlan &Plan, unsigned Index);
std::string describeArg(const FusionPlan &Plan, KernelArgRef Arg);

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_KERNELFUSION_KERNELFUSIONSTEPS_H
