//===- FusionSpec.cpp - The kernel fusion spec and its checks -------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// What a fusion request says, how it is read from metadata on a stub
// function (so lit tests carry their spec), and the first planning step: do
// the kernels exist, are their nd-ranges well formed. Every problem is a
// FusionRefusal naming the rule it breaks, never an assertion.
//
//===----------------------------------------------------------------------===//

#include "KernelFusionSteps.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::asyncpipe;

char FusionRefusal::ID = 0;

void FusionRefusal::log(raw_ostream &OS) const {
  OS << "kernel fusion refused [" << Restriction << "]: " << Detail;
}

std::error_code FusionRefusal::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

Error asyncpipe::refuse(StringRef Restriction, const Twine &Detail) {
  return make_error<FusionRefusal>(Restriction, Detail);
}

std::string asyncpipe::describeKernel(const FusionPlan &Plan, unsigned Index) {
  return ("kernel " + Twine(Index) + " ('" +
          Plan.Kernels[Index].Kernel->getName() + "')")
      .str();
}

std::string asyncpipe::describeArg(const FusionPlan &Plan, KernelArgRef Arg) {
  return ("argument " + Twine(Arg.Arg) + " of " +
          describeKernel(Plan, Arg.Kernel))
      .str();
}

//===----------------------------------------------------------------------===//
// NDRange
//===----------------------------------------------------------------------===//

bool NDRange::hasLocalSize() const {
  for (unsigned Dim = 0; Dim < Dimensions && Dim < 3; ++Dim)
    if (LocalSize[Dim])
      return true;
  return false;
}

uint64_t NDRange::getGlobalSize(unsigned Dim) const {
  return Dim < Dimensions ? GlobalSize[Dim] : 1;
}

uint64_t NDRange::getLocalSize(unsigned Dim) const {
  return Dim < Dimensions ? LocalSize[Dim] : 1;
}

uint64_t NDRange::getGlobalLinearSize() const {
  return getGlobalSize(0) * getGlobalSize(1) * getGlobalSize(2);
}

uint64_t NDRange::getNumWorkGroups() const {
  uint64_t Groups = 1;
  for (unsigned Dim = 0; Dim < 3; ++Dim)
    Groups *= getGlobalSize(Dim) / getLocalSize(Dim);
  return Groups;
}

static std::string formatTriple(const NDRange &R,
                                const std::array<uint64_t, 3> &Values) {
  std::string S = "(";
  for (unsigned Dim = 0; Dim < R.Dimensions; ++Dim)
    S += (Dim ? "," : "") + std::to_string(Values[Dim]);
  return S + ")";
}

std::string NDRange::str() const {
  std::string S = "global " + formatTriple(*this, GlobalSize);
  if (hasLocalSize())
    S += " local " + formatTriple(*this, LocalSize);
  if (Offset != std::array<uint64_t, 3>{0, 0, 0})
    S += " offset " + formatTriple(*this, Offset);
  return S;
}

bool NDRange::operator==(const NDRange &Other) const {
  if (Dimensions != Other.Dimensions)
    return false;
  for (unsigned Dim = 0; Dim < Dimensions; ++Dim)
    if (GlobalSize[Dim] != Other.GlobalSize[Dim] ||
        LocalSize[Dim] != Other.LocalSize[Dim] ||
        Offset[Dim] != Other.Offset[Dim])
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Planning: kernels and nd-ranges
//===----------------------------------------------------------------------===//

static Error checkNDRange(const NDRange &R, unsigned Index) {
  auto Invalid = [&](const Twine &Why) {
    return refuse("invalid-nd-range",
                  "the nd-range of kernel " + Twine(Index) + " " + Why);
  };
  if (R.Dimensions < 1 || R.Dimensions > 3)
    return Invalid("has " + Twine(R.Dimensions) +
                   " dimensions; 1 to 3 are supported");
  bool HasLocal = R.hasLocalSize();
  for (unsigned Dim = 0; Dim < R.Dimensions; ++Dim) {
    if (R.GlobalSize[Dim] == 0)
      return Invalid("has global size 0 in dimension " + Twine(Dim));
    if (HasLocal &&
        (R.LocalSize[Dim] == 0 || R.GlobalSize[Dim] % R.LocalSize[Dim] != 0))
      return Invalid("has local size " + Twine(R.LocalSize[Dim]) +
                     " in dimension " + Twine(Dim) +
                     ", which does not divide its global size " +
                     Twine(R.GlobalSize[Dim]));
  }
  // The fused kernel identifies work-items by a 64-bit global linear id.
  bool Overflows = false;
  uint64_t Linear =
      SaturatingMultiply(R.getGlobalSize(0), R.getGlobalSize(1), &Overflows);
  bool Overflows2 = false;
  SaturatingMultiply(Linear, R.getGlobalSize(2), &Overflows2);
  if (Overflows || Overflows2)
    return refuse("nd-range-too-large",
                  "the nd-range of kernel " + Twine(Index) + " " + R.str() +
                      " has 2^64 or more work-items; fusion numbers "
                      "work-items with a 64-bit linear id, so split the "
                      "launch");
  return Error::success();
}

static Error checkFusedName(const Module &M, StringRef Name) {
  if (Name.empty())
    return refuse("missing-fused-name", "the fused kernel needs a name");
  const GlobalValue *Existing = M.getNamedValue(Name);
  if (!Existing)
    return Error::success();
  const auto *Stub = dyn_cast<Function>(Existing);
  if (Stub && Stub->isDeclaration() && Stub->use_empty())
    return Error::success();
  return refuse("fused-name-taken",
                "'" + Name + "' already names a definition or a used value");
}

Error asyncpipe::planKernels(FusionPlan &Plan, const KernelFusionSpec &Spec) {
  if (Spec.Kernels.empty())
    return refuse("empty-kernel-list", "there are no kernels to fuse");
  if (Spec.NDRanges.size() != Spec.Kernels.size())
    return refuse("nd-range-count-mismatch",
                  Twine(Spec.Kernels.size()) + " kernels but " +
                      Twine(Spec.NDRanges.size()) + " nd-ranges");
  if (Error E = checkFusedName(Plan.M, Spec.FusedName))
    return E;
  Plan.NoBarriers = Spec.NoBarriers;
  Plan.FusedName = Spec.FusedName;

  for (unsigned I = 0, E = Spec.Kernels.size(); I != E; ++I) {
    Function *F = Plan.M.getFunction(Spec.Kernels[I]);
    if (!F || F->isDeclaration())
      return refuse("unknown-kernel", "kernel " + Twine(I) + " ('" +
                                          Spec.Kernels[I] +
                                          "') is not defined in the module");
    if (F->isVarArg())
      return refuse("variadic-kernel",
                    "kernel " + Twine(I) + " ('" + F->getName() +
                        "') takes a variable number of arguments");
    if (F->getCallingConv() !=
        Plan.M.getFunction(Spec.Kernels[0])->getCallingConv())
      return refuse("different-calling-conventions",
                    "kernel " + Twine(I) + " ('" + F->getName() +
                        "') has a different calling convention than kernel "
                        "0");
    if (Error Err = checkNDRange(Spec.NDRanges[I], I))
      return Err;
    KernelPlan K;
    K.Kernel = F;
    K.Range = Spec.NDRanges[I];
    Plan.Kernels.push_back(K);
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// The spec as metadata on a stub function
//===----------------------------------------------------------------------===//

namespace {

/// Reads the !asyncpipe.fusion.* nodes of one stub; the first malformed
/// node becomes a "malformed-spec" refusal.
class SpecMetadataReader {
public:
  explicit SpecMetadataReader(const Function &Stub) : Stub(Stub) {}
  Expected<KernelFusionSpec> read();

private:
  Error malformed(StringRef Kind, const Twine &Why) {
    return refuse("malformed-spec", "!asyncpipe.fusion." + Kind + " on '" +
                                        Stub.getName() + "' " + Why);
  }
  const MDTuple *getTuple(StringRef Kind) const {
    return dyn_cast_or_null<MDTuple>(
        Stub.getMetadata(("asyncpipe.fusion." + Kind).str()));
  }
  static std::optional<uint64_t> getInt(const MDOperand &Op) {
    if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op))
      return C->getZExtValue();
    return std::nullopt;
  }
  static const MDTuple *getSubTuple(const MDOperand &Op) {
    return dyn_cast_or_null<MDTuple>(Op.get());
  }
  std::optional<KernelArgRef> getArgRef(const MDTuple &T) const;
  Error readKernels(KernelFusionSpec &Spec);
  Error readNDRanges(KernelFusionSpec &Spec);
  Error readIdenticalArgs(KernelFusionSpec &Spec);
  Error readPromotions(KernelFusionSpec &Spec);
  Error readConstants(KernelFusionSpec &Spec);

  const Function &Stub;
};

std::optional<KernelArgRef>
SpecMetadataReader::getArgRef(const MDTuple &T) const {
  if (T.getNumOperands() < 2)
    return std::nullopt;
  std::optional<uint64_t> Kernel = getInt(T.getOperand(0));
  std::optional<uint64_t> Arg = getInt(T.getOperand(1));
  if (!Kernel || !Arg)
    return std::nullopt;
  return KernelArgRef{unsigned(*Kernel), unsigned(*Arg)};
}

Error SpecMetadataReader::readKernels(KernelFusionSpec &Spec) {
  const MDTuple *Kernels = getTuple("kernels");
  if (!Kernels)
    return malformed("kernels", "is missing or not a tuple");
  for (const MDOperand &Op : Kernels->operands()) {
    auto *Name = dyn_cast_or_null<MDString>(Op.get());
    if (!Name)
      return malformed("kernels", "must list kernel names as strings");
    Spec.Kernels.push_back(Name->getString().str());
  }
  return Error::success();
}

Error SpecMetadataReader::readNDRanges(KernelFusionSpec &Spec) {
  const MDTuple *Ranges = getTuple("ndranges");
  if (!Ranges)
    return malformed("ndranges", "is missing or not a tuple");
  for (const MDOperand &Op : Ranges->operands()) {
    const MDTuple *R = getSubTuple(Op);
    std::optional<uint64_t> Dims =
        R && R->getNumOperands() == 4 ? getInt(R->getOperand(0)) : std::nullopt;
    if (!Dims)
      return malformed("ndranges", "entries must be !{i32 dims, !{global}, "
                                   "!{local}, !{offset}}");
    NDRange Range;
    Range.Dimensions = *Dims;
    std::array<uint64_t, 3> *Triples[] = {&Range.GlobalSize, &Range.LocalSize,
                                          &Range.Offset};
    for (unsigned Part = 0; Part < 3; ++Part) {
      const MDTuple *T = getSubTuple(R->getOperand(Part + 1));
      if (!T || T->getNumOperands() != 3)
        return malformed("ndranges", "sizes and offsets must have 3 entries");
      for (unsigned Dim = 0; Dim < 3; ++Dim) {
        std::optional<uint64_t> V = getInt(T->getOperand(Dim));
        if (!V)
          return malformed("ndranges", "sizes and offsets must be integers");
        (*Triples[Part])[Dim] = *V;
      }
    }
    Spec.NDRanges.push_back(Range);
  }
  return Error::success();
}

Error SpecMetadataReader::readIdenticalArgs(KernelFusionSpec &Spec) {
  const MDTuple *Groups = getTuple("params");
  if (!Groups)
    return Error::success();
  for (const MDOperand &GroupOp : Groups->operands()) {
    const MDTuple *Group = getSubTuple(GroupOp);
    if (!Group)
      return malformed("params", "must list groups of !{kernel, arg} pairs");
    SmallVector<KernelArgRef, 2> Members;
    for (const MDOperand &MemberOp : Group->operands()) {
      const MDTuple *Member = getSubTuple(MemberOp);
      std::optional<KernelArgRef> Ref = Member && Member->getNumOperands() == 2
                                            ? getArgRef(*Member)
                                            : std::nullopt;
      if (!Ref)
        return malformed("params", "must list groups of !{kernel, arg} pairs");
      Members.push_back(*Ref);
    }
    Spec.IdenticalArgs.push_back(Members);
  }
  return Error::success();
}

Error SpecMetadataReader::readPromotions(KernelFusionSpec &Spec) {
  const MDTuple *Hints = getTuple("promote");
  if (!Hints)
    return Error::success();
  const char *Shape =
      "entries must be !{kernel, arg, !\"local\"|!\"private\"|!\"none\", "
      "elements, element size}";
  for (const MDOperand &Op : Hints->operands()) {
    const MDTuple *T = getSubTuple(Op);
    if (!T || T->getNumOperands() != 5)
      return malformed("promote", Shape);
    std::optional<KernelArgRef> Ref = getArgRef(*T);
    auto *Kind = dyn_cast_or_null<MDString>(T->getOperand(2).get());
    std::optional<uint64_t> Elements = getInt(T->getOperand(3));
    std::optional<uint64_t> ElementSize = getInt(T->getOperand(4));
    if (!Ref || !Kind || !Elements || !ElementSize)
      return malformed("promote", Shape);
    PromotionHint Hint;
    Hint.Arg = *Ref;
    if (Kind->getString() == "local")
      Hint.Kind = Promotion::Local;
    else if (Kind->getString() == "private")
      Hint.Kind = Promotion::Private;
    else if (Kind->getString() != "none")
      return malformed("promote",
                       "has unknown promotion '" + Kind->getString() + "'");
    Hint.NumElements = *Elements;
    Hint.ElementSize = *ElementSize;
    Spec.Promotions.push_back(Hint);
  }
  return Error::success();
}

Error SpecMetadataReader::readConstants(KernelFusionSpec &Spec) {
  const MDTuple *Constants = getTuple("constants");
  if (!Constants)
    return Error::success();
  const DataLayout &DL = Stub.getParent()->getDataLayout();
  for (const MDOperand &Op : Constants->operands()) {
    const MDTuple *T = getSubTuple(Op);
    std::optional<KernelArgRef> Ref =
        T && T->getNumOperands() == 3 ? getArgRef(*T) : std::nullopt;
    SmallVector<uint8_t, 8> Bytes;
    bool Valid = false;
    if (!Ref) {
      // Not a constant entry at all.
    } else if (auto *Text = dyn_cast<MDString>(T->getOperand(2).get())) {
      // The fusion design's form: the bytes as a string.
      StringRef Data = Text->getString();
      Bytes.assign(Data.bytes_begin(), Data.bytes_end());
      Valid = true;
    } else if (auto *Value =
                   mdconst::dyn_extract_or_null<Constant>(T->getOperand(2))) {
      // A typed constant (an [N x i8] array is just bytes).
      Valid = encodeConstantBytes(*Value, DL, Bytes);
    }
    if (!Valid)
      return malformed("constants",
                       "entries must be !{kernel, arg, <integer, "
                       "floating-point, vector, struct or array constant, or "
                       "a string of bytes>}");
    Spec.Constants.push_back({*Ref, std::move(Bytes)});
  }
  return Error::success();
}

Expected<KernelFusionSpec> SpecMetadataReader::read() {
  KernelFusionSpec Spec;
  Spec.FusedName = Stub.getName().str();
  if (Error E = readKernels(Spec))
    return E;
  if (Error E = readNDRanges(Spec))
    return E;
  if (Error E = readIdenticalArgs(Spec))
    return E;
  if (Error E = readPromotions(Spec))
    return E;
  if (Error E = readConstants(Spec))
    return E;
  // Present (any operands) means: no barrier between the kernels.
  Spec.NoBarriers = Stub.getMetadata("asyncpipe.fusion.no_barriers") != nullptr;
  return Spec;
}

} // namespace

bool asyncpipe::hasFusionSpecMetadata(const Function &F) {
  return F.getMetadata("asyncpipe.fusion.kernels") != nullptr;
}

Expected<KernelFusionSpec>
asyncpipe::readFusionSpecMetadata(const Function &Stub) {
  return SpecMetadataReader(Stub).read();
}
