//===- AsyncLower.cpp - Lower portable async calls to a target ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The portable headers emit one spelling for every target so that the
// middle-end passes and the user's source need no target switches. This pass
// is where that spelling meets the hardware: each call is replaced by what the
// module's AsyncTarget emits. Anything the target cannot express is reported
// at the call's location and removed, never passed on as an external call.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncLower.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/SimplifyQuery.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Transforms/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Transforms/AsyncPipe/AsyncLowerFutures.h"
#include "llvm/Transforms/AsyncPipe/AsyncOps.h"
#include "llvm/Transforms/AsyncPipe/AsyncTarget.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-lower"

namespace {

/// \p V as a select between two constants, or null.
SelectInst *asSelectOfConstants(Value *V) {
  auto *Select = dyn_cast<SelectInst>(V);
  if (Select && isa<ConstantInt>(Select->getTrueValue()) &&
      isa<ConstantInt>(Select->getFalseValue()))
    return Select;
  return nullptr;
}

/// The values below \p Limit that a run-time operand \p V can take, in
/// increasing order: both constants of a select between constants (the common
/// `last ? 0 : 1`), or else every value in its known range.
struct PossibleValues {
  SmallVector<uint64_t, 16> Below;
  /// True if \p V can also be \p Limit or more (or outside the known range).
  bool AlsoAtLeastLimit = false;
};

PossibleValues getPossibleValues(Value *V, uint64_t Limit,
                                 const Instruction *Context) {
  PossibleValues Result;
  auto Add = [&](uint64_t Value) {
    if (Value >= Limit)
      Result.AlsoAtLeastLimit = true;
    else if (!is_contained(Result.Below, Value))
      Result.Below.push_back(Value);
  };
  if (SelectInst *Select = asSelectOfConstants(V)) {
    for (Value *Arm : {Select->getTrueValue(), Select->getFalseValue()})
      Add(cast<ConstantInt>(Arm)->getValue().getLimitedValue());
    llvm::sort(Result.Below);
    return Result;
  }
  // An empty range (of an undefined value, say) has no values to switch on.
  ConstantRange Known = computeConstantRangeIncludingKnownBits(
      V, /*ForSigned=*/false, SimplifyQuery(Context->getDataLayout(), Context));
  uint64_t First = Known.getUnsignedMin().getLimitedValue();
  uint64_t Last = Known.getUnsignedMax().getLimitedValue();
  for (uint64_t I = First; I <= Last && I < Limit; ++I)
    Result.Below.push_back(I);
  Result.AlsoAtLeastLimit = Last >= Limit || Result.Below.empty();
  return Result;
}

/// For every wait, an upper bound on the marks of the function's own sequence
/// that can be outstanding when it runs, or none when a mark in a cycle makes
/// the number unbounded. Forward dataflow over the CFG: a mark adds one, a
/// wait for N caps the count at N, joins take the maximum. Marks in callees
/// are not the caller's (DESIGN.md section 1), so calls change nothing.
class OutstandingMarkBounds {
public:
  explicit OutstandingMarkBounds(Function &F);

  /// The bound at \p Wait, or none if it is unbounded or unknown.
  std::optional<uint64_t> at(const CallBase *Wait) const {
    auto It = AtWait.find(Wait);
    if (It == AtWait.end() || It->second == Unbounded)
      return std::nullopt;
    return It->second;
  }

private:
  static constexpr uint64_t Unbounded = UINT64_MAX;
  /// Waits for more marks than this are treated as no bound, which keeps the
  /// fixed point short; such waits are rare and only weaken the bounds.
  static constexpr uint64_t LargestTrackedWait = 256;

  uint64_t transfer(BasicBlock &BB, uint64_t Count, bool Record);
  static std::optional<uint64_t> getLargestCount(const AsyncOp &Op);
  static uint64_t countMarks(Function &F);

  /// Above this the count only grows around a cycle with a mark and no wait
  /// small enough to cap it: any finite bound is at most the largest tracked
  /// wait plus the marks of one acyclic path.
  uint64_t Limit;
  DenseMap<const CallBase *, uint64_t> AtWait;
};

OutstandingMarkBounds::OutstandingMarkBounds(Function &F)
    : Limit(countMarks(F) + LargestTrackedWait) {
  DenseMap<BasicBlock *, uint64_t> In;
  SmallVector<BasicBlock *, 16> Worklist;
  In[&F.getEntryBlock()] = 0;
  Worklist.push_back(&F.getEntryBlock());
  while (!Worklist.empty()) {
    BasicBlock *BB = Worklist.pop_back_val();
    uint64_t Out = transfer(*BB, In[BB], /*Record=*/false);
    for (BasicBlock *Succ : successors(BB)) {
      auto [It, Inserted] = In.try_emplace(Succ, Out);
      if (!Inserted && It->second >= Out)
        continue;
      It->second = Out;
      Worklist.push_back(Succ);
    }
  }
  for (auto &[BB, Count] : In)
    transfer(*BB, Count, /*Record=*/true);
}

uint64_t OutstandingMarkBounds::countMarks(Function &F) {
  uint64_t Marks = 0;
  for (Instruction &I : instructions(F))
    Marks += AsyncOp::get(I).isMark();
  return Marks;
}

uint64_t OutstandingMarkBounds::transfer(BasicBlock &BB, uint64_t Count,
                                         bool Record) {
  for (Instruction &I : BB) {
    AsyncOp Op = AsyncOp::get(I);
    if (Op.isMark()) {
      if (Count != Unbounded)
        Count = Count + 1 > Limit ? Unbounded : Count + 1;
      continue;
    }
    if (!Op.isWait())
      continue;
    if (Record)
      AtWait[Op.getCall()] = Count;
    if (std::optional<uint64_t> Cap = getLargestCount(Op))
      Count = std::min(Count, *Cap);
  }
  return Count;
}

/// The most marks a wait can leave outstanding, when it is at most
/// LargestTrackedWait: 0 for a wait-all form, else the count's largest
/// possible value (a run-time count caps the sequence too).
std::optional<uint64_t>
OutstandingMarkBounds::getLargestCount(const AsyncOp &Op) {
  Value *N = Op.getWaitCountOperand();
  if (!N)
    return 0;
  if (auto *Constant = dyn_cast<ConstantInt>(N)) {
    if (Constant->isNegative())
      return std::nullopt;
    return Constant->getValue().ule(LargestTrackedWait)
               ? std::optional<uint64_t>(Constant->getZExtValue())
               : std::nullopt;
  }
  PossibleValues Counts =
      getPossibleValues(N, LargestTrackedWait + 1, Op.getCall());
  if (Counts.AlsoAtLeastLimit || Counts.Below.empty())
    return std::nullopt;
  return Counts.Below.back();
}

/// \p V, frozen unless it is known to be well defined: the call it came from
/// accepted undef or poison, a branch on them is undefined behaviour.
Value *freezeForBranch(IRBuilderBase &B, Value *V) {
  if (isGuaranteedNotToBeUndefOrPoison(V))
    return V;
  return B.CreateFreeze(V, V->getName() + ".frozen");
}

/// Replaces \p Switch on \p Select, a select between two constants, by a
/// branch on the select's condition; codegen alone would materialize the
/// select and compare it.
void branchOnSelectCondition(SwitchInst &Switch, SelectInst &Select) {
  auto *TrueValue = cast<ConstantInt>(Select.getTrueValue());
  auto *FalseValue = cast<ConstantInt>(Select.getFalseValue());
  BasicBlock *IfTrue = Switch.findCaseValue(TrueValue)->getCaseSuccessor();
  BasicBlock *IfFalse = Switch.findCaseValue(FalseValue)->getCaseSuccessor();
  IRBuilder<> B(&Switch);
  B.CreateCondBr(freezeForBranch(B, Select.getCondition()), IfTrue, IfFalse);
  SmallPtrSet<BasicBlock *, 4> Kept = {IfTrue, IfFalse};
  for (BasicBlock *Succ : successors(Switch.getParent()))
    if (!Kept.contains(Succ))
      Succ->removePredecessor(Switch.getParent());
  Value *OldCondition = Switch.getCondition();
  Switch.eraseFromParent();
  if (OldCondition != &Select && OldCondition->use_empty())
    cast<Instruction>(OldCondition)->eraseFromParent();
}

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
    function_ref<void(IRBuilderBase &)> EmitDefault = nullptr) {
  Function &F = *Call->getFunction();
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Head = Call->getParent();
  BasicBlock *Tail = SplitBlock(Head, Call);
  Head->getTerminator()->eraseFromParent();
  BasicBlock *DefaultBlock = Tail;
  if (Default == SwitchDefault::Emit) {
    DefaultBlock = BasicBlock::Create(Ctx, Name + ".default", &F, Tail);
    IRBuilder<> DB(DefaultBlock);
    EmitDefault(DB);
    DB.CreateBr(Tail);
  }
  IRBuilder<> HB(Head);
  SwitchInst *Switch =
      HB.CreateSwitch(freezeForBranch(HB, V), DefaultBlock, Values.size());
  auto *Ty = cast<IntegerType>(V->getType());
  for (uint64_t Value : Values) {
    BasicBlock *Case =
        BasicBlock::Create(Ctx, Name + "." + Twine(Value), &F, Tail);
    IRBuilder<> CB(Case);
    EmitCase(CB, Value);
    CB.CreateBr(Tail);
    if (Default == SwitchDefault::LastCase && Value == Values.back())
      Switch->setDefaultDest(Case);
    else
      Switch->addCase(ConstantInt::get(Ty, Value), Case);
  }
  if (SelectInst *Select = asSelectOfConstants(V))
    branchOnSelectCondition(*Switch, *Select);
  Call->eraseFromParent();
}

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

/// The portable calls, and the waits in the target's native form when the
/// target wants them rewritten too (each target's own intrinsics are the same
/// model, so a run-time count in them needs the same treatment).
SmallVector<AsyncOp, 16> PortableLowering::collectOps() const {
  std::optional<AsyncOpForm> NativeForm;
  if (Target)
    NativeForm = Target->getRewrittenNativeForm();
  SmallVector<AsyncOp, 16> Ops;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    if (!Op)
      continue;
    if (Op.getForm() == AsyncOpForm::Portable ||
        (Op.isWait() && Op.getForm() == NativeForm))
      Ops.push_back(Op);
  }
  return Ops;
}

bool PortableLowering::run() {
  bool Changed = removeMalformedAsyncCalls(F);
  // Futures first: their waits become counting waits lowered below.
  Changed |= lowerAsyncFutures(F, ORE);
  SmallVector<AsyncOp, 16> Ops = collectOps();
  if (Ops.empty())
    return Changed;
  if (!Target) {
    for (const AsyncOp &Op : Ops) {
      reportAsyncError(*Op.getCall(),
                       Twine("'") + Op.getName() +
                           "' is not supported on target '" +
                           F.getParent()->getTargetTriple().str() + "'");
      Op.getCall()->eraseFromParent();
    }
    return true;
  }
  // Bound the marks before any is rewritten into a form the model may not
  // recognize (the host's runtime calls).
  MarkBounds.emplace(F);
  bool OwnsMarkSequence = false;
  for (const AsyncOp &Op : Ops) {
    OwnsMarkSequence |= !Op.isCopy() && Op.getForm() == AsyncOpForm::Portable;
    if (Op.isCopy())
      lowerCopy(Op);
    else if (Op.isMark())
      lowerMark(Op);
    else
      lowerWait(Op);
  }
  if (OwnsMarkSequence)
    Target->createActivationBounds(F);
  return true;
}

void PortableLowering::lowerCopy(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  std::optional<uint64_t> Size = Op.getCopySize();
  std::optional<uint32_t> Flags;
  Value *SourceSize = nullptr;
  if (!Size) {
    reportAsyncError(*Call, "async copy size must be a compile-time constant");
  } else if (!Target->isLegalCopySize(*Size)) {
    reportAsyncError(*Call, Twine("async copy of ") + Twine(*Size) +
                                " bytes is not supported on " +
                                Target->getName());
  } else if ((Flags = getCopyFlags(Op)) &&
             getZeroFillSourceSize(Op, *Size, SourceSize)) {
    uint32_t Honoured = Target->getHonouredCopyFlags(*Size, *Flags);
    remarkIgnoredHints(Op, *Size, *Flags & ~Honoured);
    if (SourceSize && !isa<ConstantInt>(SourceSize) &&
        Target->prefersConstantSourceSize()) {
      lowerZeroFillCopyBySwitch(Op, *Size, Honoured);
      return;
    }
    IRBuilder<> B(Call);
    CallInst *New = Target->createCopyWithPolicy(B, Op.getSharedPointer(),
                                                 Op.getGlobalPointer(), *Size,
                                                 Honoured, SourceSize);
    New->setDebugLoc(Call->getDebugLoc());
  }
  Call->eraseFromParent();
}

/// A run-time zero-fill source size as a switch over copies with the
/// constant sizes in its known range (sizes past the copy are undefined, and
/// go to the full copy).
void PortableLowering::lowerZeroFillCopyBySwitch(const AsyncOp &Op,
                                                 uint64_t Bytes,
                                                 uint32_t Flags) {
  CallBase *Call = Op.getCall();
  Value *SourceSize = Op.getSourceSizeOperand();
  PossibleValues Sizes = getPossibleValues(SourceSize, Bytes + 1, Call);
  if (Sizes.AlsoAtLeastLimit && !is_contained(Sizes.Below, Bytes))
    Sizes.Below.push_back(Bytes);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "ZeroFillSourceSize", Call)
           << "zero-fill source size is not a compile-time constant: "
              "selecting among "
           << ore::NV("Cases", Sizes.Below.size())
           << " copies with constant source sizes";
  });
  DebugLoc DL = Call->getDebugLoc();
  emitSwitchOnConstants(
      Call, SourceSize, Sizes.Below, "asyncpipe.copy.zfill",
      [&](IRBuilderBase &B, uint64_t Read) {
        Value *ReadSize = Read == Bytes ? nullptr : B.getInt32(Read);
        Target
            ->createCopyWithPolicy(B, Op.getSharedPointer(),
                                   Op.getGlobalPointer(), Bytes, Flags,
                                   ReadSize)
            ->setDebugLoc(DL);
      },
      SwitchDefault::LastCase);
}

/// The copy's policy hints, or none after reporting flags that are not a
/// constant or not defined.
std::optional<uint32_t> PortableLowering::getCopyFlags(const AsyncOp &Op) {
  Value *Operand = Op.getCopyFlagsOperand();
  if (!Operand)
    return 0;
  auto *Flags = dyn_cast<ConstantInt>(Operand);
  if (!Flags) {
    reportAsyncError(*Op.getCall(),
                     "async copy flags must be a compile-time constant");
    return std::nullopt;
  }
  uint64_t Value = Flags->getZExtValue();
  if (Value & ~uint64_t(KnownCopyFlags)) {
    reportAsyncError(*Op.getCall(), "unknown async copy flags 0x" +
                                        Twine::utohexstr(Value) +
                                        " (defined: bit 0, bypass L1)");
    return std::nullopt;
  }
  return uint32_t(Value);
}

/// Sets \p SourceSize to the number of bytes a zero-filling copy reads, or to
/// null when it reads them all (a plain copy). Returns false after reporting
/// a zero-fill the target lacks or a source larger than the copy.
bool PortableLowering::getZeroFillSourceSize(const AsyncOp &Op, uint64_t Bytes,
                                             Value *&SourceSize) {
  SourceSize = Op.getSourceSizeOperand();
  if (!SourceSize)
    return true;
  if (!Target->supportsZeroFill()) {
    reportAsyncError(*Op.getCall(),
                     Twine("zero-filling async copies are not supported on ") +
                         Target->getName());
    return false;
  }
  auto *Constant = dyn_cast<ConstantInt>(SourceSize);
  if (!Constant)
    return true;
  if (Constant->isNegative() || Constant->getZExtValue() > Bytes) {
    reportAsyncError(*Op.getCall(), "zero-fill source size " +
                                        Twine(Constant->getSExtValue()) +
                                        " is outside the copy's 0.." +
                                        Twine(Bytes) + " bytes");
    return false;
  }
  if (Constant->getZExtValue() == Bytes)
    SourceSize = nullptr;
  return true;
}

void PortableLowering::remarkIgnoredHints(const AsyncOp &Op, uint64_t Bytes,
                                          uint32_t Ignored) {
  if (!(Ignored & BypassL1))
    return;
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, "IgnoredCopyHint", Op.getCall())
           << "L1-bypass hint ignored for this " << ore::NV("Bytes", Bytes)
           << "-byte async copy: " << Target->getName()
           << " does not support it at this size";
  });
}

void PortableLowering::lowerMark(const AsyncOp &Op) {
  IRBuilder<> B(Op.getCall());
  Target->createMark(B)->setDebugLoc(Op.getCall()->getDebugLoc());
  Op.getCall()->eraseFromParent();
}

void PortableLowering::lowerWait(const AsyncOp &Op) {
  Value *Count = Op.getWaitCountOperand();
  if (!Count) {
    // A native wait-all also waits for copies no mark covers; keep it.
    if (Op.getForm() == AsyncOpForm::Portable)
      replaceWait(Op, 0);
    return;
  }
  if (auto *N = dyn_cast<ConstantInt>(Count)) {
    if (isValidConstantCount(Op, *N))
      lowerConstantWait(Op, N->getZExtValue());
    else
      Op.getCall()->eraseFromParent();
    return;
  }
  lowerVariableWait(Op);
}

/// Reports a count that is negative or that the target's wait cannot encode.
bool PortableLowering::isValidConstantCount(const AsyncOp &Op,
                                            const ConstantInt &N) {
  if (N.isNegative()) {
    reportAsyncError(*Op.getCall(), "async wait count " +
                                        Twine(N.getSExtValue()) +
                                        " is negative");
    return false;
  }
  uint64_t Max = Target->getMaxEncodableWaitCount();
  if (N.getValue().ugt(Max) && !Target->getMaxWaitCount()) {
    reportAsyncError(*Op.getCall(),
                     "async wait count " + Twine(N.getZExtValue()) +
                         " is out of range: " + Target->getName() +
                         " waits encode 0.." + Twine(Max));
    return false;
  }
  return true;
}

void PortableLowering::lowerConstantWait(const AsyncOp &Op, uint64_t N) {
  if (isRedundantWait(Op, N)) {
    Op.getCall()->eraseFromParent();
    return;
  }
  // A native wait the target would emit unchanged stays as it is.
  if (Op.getForm() != AsyncOpForm::Portable && N != 0)
    return;
  replaceWait(Op, N);
}

/// True (with a remark) if at most \p N marks can be outstanding at the wait
/// anyway, so it waits for nothing and the target wants it gone.
bool PortableLowering::isRedundantWait(const AsyncOp &Op, uint64_t N) {
  std::optional<uint64_t> Bound = MarkBounds->at(Op.getCall());
  if (!Target->dropsRedundantWaits() || !Bound || N < *Bound)
    return false;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "RedundantWait", Op.getCall())
           << "wait for at most " << ore::NV("Count", N)
           << " outstanding marks removed: at most "
           << ore::NV("MaxOutstanding", *Bound)
           << " marks can be outstanding here";
  });
  return true;
}

void PortableLowering::replaceWait(const AsyncOp &Op, uint64_t N) {
  IRBuilder<> B(Op.getCall());
  Target->createWait(B, N)->setDebugLoc(Op.getCall()->getDebugLoc());
  Op.getCall()->eraseFromParent();
}

// A run-time count: the target either takes it as is, or the count is folded
// to a constant when only one value can matter, or a switch selects among
// the constant waits that can matter.
void PortableLowering::lowerVariableWait(const AsyncOp &Op) {
  CallBase *Call = Op.getCall();
  Value *N = Op.getWaitCountOperand();
  if (Op.getForm() == AsyncOpForm::Portable) {
    IRBuilder<> B(Call);
    if (CallInst *New = Target->createVariableWait(B, N)) {
      New->setDebugLoc(Call->getDebugLoc());
      Call->eraseFromParent();
      return;
    }
  }
  // With at most Bound marks outstanding, a count >= Bound waits for nothing;
  // without a bound (or with one too large for a switch), larger counts fall
  // back to waiting for everything.
  std::optional<uint64_t> Bound = MarkBounds->at(Call);
  if (Bound && *Bound > MaxWaitSwitchCases)
    Bound = std::nullopt;
  PossibleValues Counts =
      getPossibleValues(N, Bound.value_or(UnboundedWaitCases), Call);
  if (Counts.Below.size() == 1 && !Counts.AlsoAtLeastLimit) {
    uint64_t Only = Counts.Below.front();
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "VariableWaitCount", Call)
             << "wait count is not a compile-time constant but is always "
             << ore::NV("Count", Only);
    });
    lowerConstantWait(Op, Only);
    return;
  }
  if (Counts.Below.empty() && Bound) {
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "RedundantWait", Call)
             << "wait removed: its count is at least "
             << ore::NV("MinCount", *Bound) << " and at most "
             << ore::NV("MaxOutstanding", *Bound)
             << " marks can be outstanding here";
    });
    Call->eraseFromParent();
    return;
  }
  emitWaitSwitch(Op, Counts, Bound);
}

/// Replaces the wait by a switch on its count over the constant waits for
/// \p Counts; larger counts wait for nothing when \p Bound is known, for
/// everything otherwise.
void PortableLowering::emitWaitSwitch(const AsyncOp &Op,
                                      const PossibleValues &Counts,
                                      std::optional<uint64_t> Bound) {
  CallBase *Call = Op.getCall();
  bool NeedsWaitAll = !Bound && Counts.AlsoAtLeastLimit;
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(DEBUG_TYPE, "VariableWaitCount", Call);
    R << "wait count is not a compile-time constant: selecting among "
      << ore::NV("Cases", Counts.Below.size()) << " constant waits";
    if (Bound && Counts.AlsoAtLeastLimit)
      R << "; larger counts wait for nothing (at most "
        << ore::NV("MaxOutstanding", *Bound) << " marks outstanding)";
    else if (NeedsWaitAll && MarkBounds->at(Call))
      R << "; larger counts wait for all marks (up to "
        << ore::NV("MaxOutstanding", *MarkBounds->at(Call))
        << " marks outstanding)";
    else if (NeedsWaitAll)
      R << "; larger counts wait for all marks (marks in a loop)";
    return R;
  });
  DebugLoc DL = Call->getDebugLoc();
  SwitchDefault Default = !Counts.AlsoAtLeastLimit ? SwitchDefault::LastCase
                          : NeedsWaitAll           ? SwitchDefault::Emit
                                                   : SwitchDefault::Nothing;
  emitSwitchOnConstants(
      Call, Op.getWaitCountOperand(), Counts.Below, "asyncpipe.wait",
      [&](IRBuilderBase &B, uint64_t I) {
        Target->createWait(B, I)->setDebugLoc(DL);
      },
      Default,
      [&](IRBuilderBase &B) { Target->createWait(B, 0)->setDebugLoc(DL); });
}

bool lowerModule(Module &M,
                 function_ref<OptimizationRemarkEmitter &(Function &)> GetORE) {
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(M);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    // Another target's native forms the target runs (NVPTX's on the host).
    if (Target)
      Changed |= Target->lowerEmulatedNativeOps(F);
    Changed |= PortableLowering(F, Target.get(), GetORE(F)).run();
  }
  // Drop the now unused portable declarations so none reaches codegen.
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && F.use_empty() && F.getName().starts_with("asyncpipe."))
      F.eraseFromParent();
  return Changed;
}

class AsyncLowerLegacy : public ModulePass {
public:
  static char ID;
  AsyncLowerLegacy() : ModulePass(ID) {}
  StringRef getPassName() const override {
    return "AsyncPipe portable-call lowering";
  }
  bool runOnModule(Module &M) override {
    std::unique_ptr<OptimizationRemarkEmitter> ORE;
    return lowerModule(M, [&](Function &F) -> OptimizationRemarkEmitter & {
      ORE = std::make_unique<OptimizationRemarkEmitter>(&F);
      return *ORE;
    });
  }
};
} // namespace

char AsyncLowerLegacy::ID = 0;

PreservedAnalyses AsyncLowerPass::run(Module &M, ModuleAnalysisManager &AM) {
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = lowerModule(M, [&](Function &F) -> OptimizationRemarkEmitter & {
    return FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

ModulePass *llvm::createAsyncLowerLegacyPass() {
  return new AsyncLowerLegacy();
}
