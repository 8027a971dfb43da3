//===- FusionConstants.cpp - Bake run-time scalar arguments into the kernel
//===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// At fusion time the runtime already knows the value of each scalar argument
// (a size, a scale factor). Turning them into constants lets the optimizer
// fold bounds and unroll loops in the fused kernel, and removes them from the
// fused kernel's parameters. The runtime hands over each value as the bytes
// it would pass to the kernel; they are reinterpreted as the argument's type.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace llvm::asyncpipe;

/// \p Bytes (in \p DL's byte order) as a constant of type \p Ty.
static Constant *getConstantFromBytes(Type *Ty, ArrayRef<uint8_t> Bytes,
                                      const DataLayout &DL) {
  unsigned Bits = Ty->getPrimitiveSizeInBits().getFixedValue();
  APInt Value(Bits, 0);
  for (unsigned I = 0, E = Bytes.size(); I != E; ++I) {
    unsigned Byte = DL.isLittleEndian() ? I : E - 1 - I;
    unsigned Width = std::min(8u, Bits - I * 8);
    Value.insertBits(APInt(Width, Bytes[Byte] & ((1u << Width) - 1)), I * 8);
  }
  if (Ty->isIntegerTy())
    return ConstantInt::get(Ty, Value);
  return ConstantFP::get(Ty->getContext(),
                         APFloat(Ty->getFltSemantics(), Value));
}

/// Records the constant on its argument class. A promoted argument is a
/// pointer, so it never also gets a constant.
static Error recordConstant(FusionPlan &Plan, const ConstantArg &C) {
  unsigned ClassIndex = Plan.Kernels[C.Arg.Kernel].ArgClasses[C.Arg.Arg];
  ArgClass &Class = Plan.Classes[ClassIndex];
  const DataLayout &DL = Plan.M.getDataLayout();
  const Argument &Arg = *Plan.Kernels[C.Arg.Kernel].Kernel->getArg(C.Arg.Arg);
  // A struct or array passed by value (accessor ranges, captured arrays):
  // its bytes are the object the kernel receives a copy of.
  Type *ByValTy = Arg.getParamByValType();
  bool InMemory = ByValTy && Arg.getType()->getPointerAddressSpace() ==
                                 DL.getAllocaAddrSpace();
  if (!InMemory && !Class.Ty->isIntegerTy() && !Class.Ty->isFloatingPointTy())
    return refuse("constant-for-non-scalar-argument",
                  describeArg(Plan, C.Arg) +
                      " is neither an integer or floating-point scalar nor "
                      "an aggregate passed byval in private memory; pass no "
                      "constant for it");
  uint64_t Size = InMemory ? DL.getTypeAllocSize(ByValTy).getFixedValue()
                           : DL.getTypeStoreSize(Class.Ty).getFixedValue();
  if (C.Bytes.size() != Size)
    return refuse("constant-size-mismatch",
                  "the constant for " + describeArg(Plan, C.Arg) + " has " +
                      Twine(C.Bytes.size()) + " bytes, its type needs " +
                      Twine(Size));
  Constant *Value = InMemory
                        ? ConstantDataArray::get(Plan.M.getContext(), C.Bytes)
                        : getConstantFromBytes(Class.Ty, C.Bytes, DL);
  if (Class.Value && Class.Value != Value)
    return refuse("conflicting-constants",
                  describeArg(Plan, C.Arg) +
                      " is identical to an argument with another constant "
                      "value");
  Class.Value = Value;
  Class.ValueInMemory = InMemory;
  return Error::success();
}

Error asyncpipe::planConstants(FusionPlan &Plan, const KernelFusionSpec &Spec) {
  for (const ConstantArg &C : Spec.Constants)
    if (Error E = recordConstant(Plan, C))
      return E;
  return Error::success();
}

void asyncpipe::propagateConstants(Function &Fused, const FusionPlan &Plan) {
  const DataLayout &DL = Plan.M.getDataLayout();
  for (auto [Class, Param] : zip(Plan.Classes, Fused.args())) {
    if (!Class.Value)
      continue;
    if (!Class.ValueInMemory) {
      Param.replaceAllUsesWith(Class.Value);
      continue;
    }
    // The kernels' byval copies are made from this one, so it is never
    // written.
    IRBuilder<> B(&*Fused.getEntryBlock().getFirstInsertionPt());
    AllocaInst *Copy =
        B.CreateAlloca(Class.Value->getType(), DL.getAllocaAddrSpace(), nullptr,
                       Param.getName() + ".const");
    Copy->setAlignment(Param.getParamAlign().valueOrOne());
    B.CreateAlignedStore(Class.Value, Copy, Copy->getAlign());
    Param.replaceAllUsesWith(Copy);
  }
}
