//===- FusionConstants.cpp - Bake run-time arguments into the kernel ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// At fusion time the runtime already knows the value of many arguments (a
// size, a scale factor, an accessor's range, a captured array). Turning them
// into constants lets the optimizer fold bounds and unroll loops in the fused
// kernel, and removes them from the fused kernel's parameters. The runtime
// hands over each value as the bytes it would pass to the kernel; they are
// read as the argument's type: a scalar, vector, struct or array passed as a
// value, or the struct or array a byval or byref pointer points to.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::asyncpipe;

/// The type whose bytes a constant for \p Arg gives, and how it is passed;
/// none if the argument holds no value of its own (a buffer pointer).
static std::optional<std::pair<Type *, ConstantPassing>>
getConstantType(const Argument &Arg, const DataLayout &DL) {
  // A struct or array passed by value (accessor ranges, captured arrays):
  // its bytes are the object the kernel receives a copy of.
  if (Type *ByValTy = Arg.getParamByValType();
      ByValTy &&
      Arg.getType()->getPointerAddressSpace() == DL.getAllocaAddrSpace())
    return std::make_pair(ByValTy, ConstantPassing::ByVal);
  // AMDGPU passes them by reference to the kernel's (read-only) arguments.
  if (Type *ByRefTy = Arg.getParamByRefType())
    return std::make_pair(ByRefTy, ConstantPassing::ByRef);
  Type *Ty = Arg.getType();
  if (Ty->isIntegerTy() || Ty->isFloatingPointTy() || Ty->isAggregateType() ||
      isa<FixedVectorType>(Ty))
    return std::make_pair(Ty, ConstantPassing::Direct);
  return std::nullopt;
}

/// True if values of \p Ty have a fixed number of bytes (not a scalable
/// vector or a struct of them, not a target type).
static bool hasFixedSize(Type *Ty, const DataLayout &DL) {
  if (!Ty->isSized() || isa<TargetExtType>(Ty))
    return false;
  return !DL.getTypeAllocSize(Ty).isScalable();
}

/// Records the constant on its argument class. A promoted argument is a
/// pointer into a buffer, so it never also gets a constant.
static Error recordConstant(FusionPlan &Plan, const ConstantArg &C) {
  unsigned ClassIndex = Plan.Kernels[C.Arg.Kernel].ArgClasses[C.Arg.Arg];
  ArgClass &Class = Plan.Classes[ClassIndex];
  const DataLayout &DL = Plan.M.getDataLayout();
  const Argument &Arg = *Plan.Kernels[C.Arg.Kernel].Kernel->getArg(C.Arg.Arg);
  auto Refuse = [&]() {
    return refuse("constant-for-non-scalar-argument",
                  describeArg(Plan, C.Arg) +
                      " is neither a scalar, vector, struct or array value "
                      "nor a struct or array passed byval in private memory "
                      "or byref; pass no constant for it");
  };
  std::optional<std::pair<Type *, ConstantPassing>> Target =
      getConstantType(Arg, DL);
  if (!Target)
    return Refuse();
  auto [Ty, Passing] = *Target;
  auto NoConstantForm = [&, Ty = Ty]() {
    std::string TypeName;
    raw_string_ostream(TypeName) << *Ty;
    return refuse("constant-for-non-scalar-argument",
                  describeArg(Plan, C.Arg) + " has type " + TypeName +
                      ", which has no constant form built from bytes (a "
                      "vector of i1, a scalable or target type); pass no "
                      "constant for it");
  };
  if (!hasFixedSize(Ty, DL))
    return NoConstantForm();
  uint64_t Size = getConstantArgSize(Ty, DL);
  if (C.Bytes.size() != Size)
    return refuse("constant-size-mismatch",
                  "the constant for " + describeArg(Plan, C.Arg) + " has " +
                      Twine(C.Bytes.size()) + " bytes, its type needs " +
                      Twine(Size));
  Constant *Value = decodeConstantBytes(Ty, C.Bytes, DL);
  // In memory, the bytes themselves are the value: padding the type does
  // not describe (or a part with no constant form) must keep its bytes.
  SmallVector<uint8_t, 32> RoundTrip;
  if (Passing != ConstantPassing::Direct &&
      (!Value || !encodeConstantBytes(*Value, DL, RoundTrip) ||
       ArrayRef<uint8_t>(RoundTrip) != ArrayRef<uint8_t>(C.Bytes)))
    Value = ConstantDataArray::get(Plan.M.getContext(), C.Bytes);
  if (!Value)
    return NoConstantForm();
  if (Class.Value && Class.Value != Value)
    return refuse("conflicting-constants",
                  describeArg(Plan, C.Arg) +
                      " is identical to an argument with another constant "
                      "value");
  Class.Value = Value;
  Class.Passing = Passing;
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
  for (auto [Index, Class, Param] : enumerate(Plan.Classes, Fused.args())) {
    if (!Class.Value)
      continue;
    Align Alignment = Param.getParamAlign().valueOrOne();
    switch (Class.Passing) {
    case ConstantPassing::Direct:
      Param.replaceAllUsesWith(Class.Value);
      break;
    case ConstantPassing::ByVal: {
      // The kernels' byval copies are made from this one, so it is never
      // written.
      IRBuilder<> B(&*Fused.getEntryBlock().getFirstInsertionPt());
      AllocaInst *Copy =
          B.CreateAlloca(Class.Value->getType(), DL.getAllocaAddrSpace(),
                         nullptr, Param.getName() + ".const");
      Copy->setAlignment(Alignment);
      B.CreateAlignedStore(Class.Value, Copy, Alignment);
      Param.replaceAllUsesWith(Copy);
      break;
    }
    case ConstantPassing::ByRef: {
      // byref memory is only read, like the kernel arguments it stood for.
      auto *Global = new GlobalVariable(
          Plan.M, Class.Value->getType(), /*isConstant=*/true,
          GlobalValue::InternalLinkage, Class.Value,
          Plan.FusedName + ".const." + Twine(Index), nullptr,
          GlobalValue::NotThreadLocal,
          Param.getType()->getPointerAddressSpace());
      Global->setAlignment(Alignment);
      Global->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      Param.replaceAllUsesWith(Global);
      break;
    }
    }
  }
}
