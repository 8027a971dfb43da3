//===- FusionConstantBytes.cpp - Constants as the bytes a kernel receives -===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A runtime knows a kernel argument as the bytes it would pass to the kernel
// (clSetKernelArg style; the fusion design's string-encoded value): a scalar,
// or a struct or array of any nesting, with the target's layout and byte
// order. Fusion turns those bytes into a constant of the argument's type, and
// a lit test may write that constant typed instead of as bytes. Both
// directions live here, following the module's DataLayout: element offsets
// of structs, array strides, byte order, padding.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"

using namespace llvm;
using namespace llvm::asyncpipe;

uint64_t asyncpipe::getConstantArgSize(Type *Ty, const DataLayout &DL) {
  // A scalar is passed as its value's bytes; a struct, array or vector as
  // the object the kernel receives, padding included (sizeof in C).
  if (Ty->isAggregateType() || Ty->isVectorTy())
    return DL.getTypeAllocSize(Ty).getFixedValue();
  return DL.getTypeStoreSize(Ty).getFixedValue();
}

/// The bits of a scalar of \p Bits bits stored at the start of \p Bytes.
static APInt readScalarBits(ArrayRef<uint8_t> Bytes, unsigned Bits,
                            const DataLayout &DL) {
  unsigned NumBytes = (Bits + 7) / 8;
  APInt Value(Bits, 0);
  for (unsigned I = 0; I != NumBytes; ++I) {
    unsigned Byte = DL.isLittleEndian() ? I : NumBytes - 1 - I;
    unsigned Width = std::min(8u, Bits - I * 8);
    Value.insertBits(APInt(Width, Bytes[Byte] & ((1u << Width) - 1)), I * 8);
  }
  return Value;
}

static void writeScalarBits(const APInt &Value, MutableArrayRef<uint8_t> Bytes,
                            const DataLayout &DL) {
  unsigned Bits = Value.getBitWidth();
  unsigned NumBytes = (Bits + 7) / 8;
  for (unsigned I = 0; I != NumBytes; ++I) {
    unsigned Byte = DL.isLittleEndian() ? I : NumBytes - 1 - I;
    Bytes[Byte] =
        Value.extractBitsAsZExtValue(std::min(8u, Bits - I * 8), I * 8);
  }
}

/// True for the element types of vectors whose elements each start on a
/// byte (DataLayout packs vector elements without padding).
static bool hasByteSizedElements(const FixedVectorType &Ty,
                                 const DataLayout &DL) {
  return DL.getTypeSizeInBits(Ty.getElementType()).getFixedValue() % 8 == 0;
}

Constant *asyncpipe::decodeConstantBytes(Type *Ty, ArrayRef<uint8_t> Bytes,
                                         const DataLayout &DL) {
  if (Ty->isIntegerTy() || Ty->isFloatingPointTy() || Ty->isPointerTy()) {
    unsigned Bits = Ty->isPointerTy()
                        ? DL.getPointerTypeSizeInBits(Ty)
                        : Ty->getPrimitiveSizeInBits().getFixedValue();
    if (Bytes.size() < (Bits + 7) / 8)
      return nullptr;
    APInt Value = readScalarBits(Bytes, Bits, DL);
    if (Ty->isIntegerTy())
      return ConstantInt::get(Ty, Value);
    if (Ty->isFloatingPointTy())
      return ConstantFP::get(Ty->getContext(),
                             APFloat(Ty->getFltSemantics(), Value));
    auto *PtrTy = cast<PointerType>(Ty);
    if (Value.isZero())
      return ConstantPointerNull::get(PtrTy);
    return ConstantExpr::getIntToPtr(ConstantInt::get(Ty->getContext(), Value),
                                     PtrTy);
  }
  SmallVector<Constant *, 8> Elements;
  if (auto *STy = dyn_cast<StructType>(Ty)) {
    if (STy->isOpaque())
      return nullptr;
    const StructLayout &Layout = *DL.getStructLayout(STy);
    for (auto [Index, ElementTy] : enumerate(STy->elements())) {
      uint64_t Offset = Layout.getElementOffset(Index).getFixedValue();
      if (Offset > Bytes.size())
        return nullptr;
      Constant *Element =
          decodeConstantBytes(ElementTy, Bytes.drop_front(Offset), DL);
      if (!Element)
        return nullptr;
      Elements.push_back(Element);
    }
    return ConstantStruct::get(STy, Elements);
  }
  if (auto *ATy = dyn_cast<ArrayType>(Ty)) {
    uint64_t Stride = DL.getTypeAllocSize(ATy->getElementType());
    for (uint64_t I = 0, E = ATy->getNumElements(); I != E; ++I) {
      if (I * Stride > Bytes.size())
        return nullptr;
      Constant *Element = decodeConstantBytes(ATy->getElementType(),
                                              Bytes.drop_front(I * Stride), DL);
      if (!Element)
        return nullptr;
      Elements.push_back(Element);
    }
    return ConstantArray::get(ATy, Elements);
  }
  if (auto *VTy = dyn_cast<FixedVectorType>(Ty);
      VTy && hasByteSizedElements(*VTy, DL)) {
    uint64_t Stride = DL.getTypeSizeInBits(VTy->getElementType()) / 8;
    for (uint64_t I = 0, E = VTy->getNumElements(); I != E; ++I) {
      if (I * Stride > Bytes.size())
        return nullptr;
      Constant *Element = decodeConstantBytes(VTy->getElementType(),
                                              Bytes.drop_front(I * Stride), DL);
      if (!Element)
        return nullptr;
      Elements.push_back(Element);
    }
    return ConstantVector::get(Elements);
  }
  // Scalable vectors, target types, vectors of bits: no bytes to read.
  return nullptr;
}

/// Writes \p C at the start of \p Bytes (already zeroed: padding stays 0).
static bool writeConstant(const Constant &C, MutableArrayRef<uint8_t> Bytes,
                          const DataLayout &DL) {
  Type *Ty = C.getType();
  if (Bytes.size() < DL.getTypeStoreSize(Ty).getFixedValue())
    return false;
  if (auto *CI = dyn_cast<ConstantInt>(&C)) {
    writeScalarBits(CI->getValue(), Bytes, DL);
    return true;
  }
  if (auto *CF = dyn_cast<ConstantFP>(&C)) {
    writeScalarBits(CF->getValueAPF().bitcastToAPInt(), Bytes, DL);
    return true;
  }
  if (isa<ConstantPointerNull>(C))
    return true;
  // Where each element starts.
  SmallVector<uint64_t, 8> Offsets;
  if (auto *STy = dyn_cast<StructType>(Ty)) {
    const StructLayout &Layout = *DL.getStructLayout(STy);
    for (unsigned I = 0, E = STy->getNumElements(); I != E; ++I)
      Offsets.push_back(Layout.getElementOffset(I).getFixedValue());
  } else if (auto *ATy = dyn_cast<ArrayType>(Ty)) {
    uint64_t Stride = DL.getTypeAllocSize(ATy->getElementType());
    for (uint64_t I = 0, E = ATy->getNumElements(); I != E; ++I)
      Offsets.push_back(I * Stride);
  } else if (auto *VTy = dyn_cast<FixedVectorType>(Ty);
             VTy && hasByteSizedElements(*VTy, DL)) {
    uint64_t Stride = DL.getTypeSizeInBits(VTy->getElementType()) / 8;
    for (uint64_t I = 0, E = VTy->getNumElements(); I != E; ++I)
      Offsets.push_back(I * Stride);
  } else {
    // Undef, constant expressions, vectors of bits: no defined bytes.
    return false;
  }
  for (auto [Index, Offset] : enumerate(Offsets)) {
    const Constant *Element = C.getAggregateElement(Index);
    if (!Element || Offset > Bytes.size() ||
        !writeConstant(*Element, Bytes.drop_front(Offset), DL))
      return false;
  }
  return true;
}

bool asyncpipe::encodeConstantBytes(const Constant &C, const DataLayout &DL,
                                    SmallVectorImpl<uint8_t> &Bytes) {
  // A scalable vector (or a struct of them) has no fixed number of bytes.
  if (!C.getType()->isSized() || DL.getTypeAllocSize(C.getType()).isScalable())
    return false;
  Bytes.assign(getConstantArgSize(C.getType(), DL), 0);
  return writeConstant(C, Bytes, DL);
}
