//===- AMDGPULowerAsyncStageMasks.cpp - Stage masks into marks and queues -===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Upstream's draft asyncmark stages (llvm-project PR #220442, provisional;
// AMDGPUAsyncStages.h) give llvm.amdgcn.asyncmark and wait.asyncmark a stage
// mask: one sequence of marks per stage, a mark appended to every stage its
// mask covers, a wait trimming the sequence of every stage its mask covers.
// LLVM 22 knows neither form. As the first pass of every pipeline this pass
// rewrites them into what AsyncPipe already solves, so that no second solver
// is needed:
//
// * The stages of the module are split into classes that no mask tells
//   apart, among the stages the target has operations of (gfx9 and gfx10
//   have one such stage, so one class).
// * With one class, a mark with a mask is llvm.amdgcn.asyncmark() and a wait
//   llvm.amdgcn.wait.asyncmark(i16 N): exact, since every mark and wait
//   then covers every operation there is.
// * With several, each class is an AsyncPipe queue (asyncpipe.mark.queue,
//   asyncpipe.wait.queue; llvm/docs/AsyncPipeModel.rst, "Queues"): a mark
//   is a mark of each queue it covers, a wait a wait of each. The queue
//   lowering waits for the combined count, which the one mark analysis
//   proves, and the checker proves each queue's waits against that queue's
//   marks. Every mark and wait of the module, with a mask or without, is
//   rewritten then: an always_inline helper's marks and waits join the
//   sequence of the function they are inlined into.
// * On gfx1250 a class whose stages all sit on one counter (TENSOR on
//   TENSORcnt, the copies on ASYNCcnt) marks its queue's calls with that
//   counter (!asyncpipe.wait.counters): its waits wait on that counter
//   alone, as the draft allows, and the checker proves them there.
//
// A mask that is not a constant, that sets a bit naming no stage, or that
// leaves in only stages the target has no operation of is an error at the
// call, with a fix.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUAsyncStages.h"
#include "AMDGPUAsyncSubtarget.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::amdgpu;

namespace {

constexpr StringLiteral MarkName = "llvm.amdgcn.asyncmark";
constexpr StringLiteral WaitName = "llvm.amdgcn.wait.asyncmark";

/// A mark or a wait of the activation sequence, with or without a mask.
struct StagedOp {
  CallInst *Call = nullptr;
  bool IsMark = false;
  /// For a wait: its count N (i16 for llvm.amdgcn.wait.asyncmark, i32 for
  /// asyncpipe.wait).
  Value *Count = nullptr;
  /// The stages it covers among those its function has operations of (all
  /// of them for the mask 0); unused for a form without a mask, which
  /// covers every stage of the module.
  uint32_t Stages = 0;
  bool HasMask = false;
};

bool hasParams(const CallBase &Call, ArrayRef<unsigned> Widths) {
  if (Call.arg_size() != Widths.size() || !Call.getType()->isVoidTy())
    return false;
  for (auto [Arg, Width] : zip(Call.args(), Widths))
    if (!Arg->getType()->isIntegerTy(Width))
      return false;
  return true;
}

StringRef getCalleeName(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee ? Callee->getName() : "";
}

bool isMaskedMark(const CallBase &Call) {
  return getCalleeName(Call) == MarkName && hasParams(Call, {32});
}

bool isMaskedWait(const CallBase &Call) {
  return getCalleeName(Call) == WaitName && hasParams(Call, {16, 32});
}

/// The declaration of the mark or the wait with a mask in \p M, if any; a
/// declaration of another signature is left for the malformed-call check.
Function *getMaskedDeclaration(const Module &M, StringRef Name) {
  Function *F = M.getFunction(Name);
  if (!F || !F->getReturnType()->isVoidTy() || F->isVarArg())
    return nullptr;
  SmallVector<unsigned, 2> Widths;
  for (Type *Param : F->getFunctionType()->params()) {
    if (!Param->isIntegerTy())
      return nullptr;
    Widths.push_back(Param->getIntegerBitWidth());
  }
  bool Masked = Name == MarkName
                    ? Widths.size() == 1 && Widths[0] == 32
                    : Widths.size() == 2 && Widths[0] == 16 && Widths[1] == 32;
  return Masked ? F : nullptr;
}

/// True if \p M declares a mark or a wait with a mask operand.
bool hasMaskedDeclarations(const Module &M) {
  return getMaskedDeclaration(M, MarkName) || getMaskedDeclaration(M, WaitName);
}

class StageMaskLowering {
public:
  StageMaskLowering(Module &M, StringRef DefaultCPU)
      : M(M), DefaultCPU(DefaultCPU) {}
  bool run();

private:
  StringRef getCPU(const Function &F) const;
  uint32_t getStagesWithOperations(const Function &F) const;
  /// The stages \p Call's mask covers, or none after reporting a bad mask.
  std::optional<uint32_t> checkMask(CallInst &Call, bool IsMark);
  void collect();
  void splitIntoClasses();
  bool usesPortableQueues() const;
  MDNode *getCounterOfClass(uint32_t Class) const;
  void rewriteAsPlainForms();
  void rewriteAsQueues();

  Module &M;
  StringRef DefaultCPU;
  SmallVector<StagedOp, 16> Ops;
  /// Every stage some function with a mask has operations of.
  uint32_t ModuleStages = 0;
  /// The stages no mask of the module tells apart, one bit set per class.
  SmallVector<uint32_t, 5> Classes;
  bool Changed = false;
};

StringRef StageMaskLowering::getCPU(const Function &F) const {
  Attribute CPU = F.getFnAttribute("target-cpu");
  return CPU.isValid() ? CPU.getValueAsString() : DefaultCPU;
}

/// Where the generation is not known (no target-cpu, opt without -mcpu),
/// every defined stage may have operations: the rewrite is then sound for
/// any generation, and only codegen reports what the target lacks.
uint32_t StageMaskLowering::getStagesWithOperations(const Function &F) const {
  StringRef CPU = getCPU(F);
  if (CPU.empty() || CPU == "generic")
    return DefinedStages;
  return amdgpu::getStagesWithOperations(AsyncSubtarget(CPU));
}

std::optional<uint32_t> StageMaskLowering::checkMask(CallInst &Call,
                                                     bool IsMark) {
  Value *MaskOperand = Call.getArgOperand(IsMark ? 0 : 1);
  std::string What =
      ("the stage mask of '" + (IsMark ? MarkName : WaitName) + "'").str();
  auto *Mask = dyn_cast<ConstantInt>(MaskOperand);
  if (!Mask) {
    reportAsyncError(Call, What +
                               " must be an integer constant: stages are told "
                               "apart when the program is compiled; branch on "
                               "the value and pass a constant mask in each "
                               "branch, or pass 0 to cover every stage");
    return std::nullopt;
  }
  uint32_t Bits = Mask->getZExtValue();
  if (uint32_t Undefined = Bits & ~StageMaskBits) {
    unsigned Bit = countr_zero(Undefined);
    reportAsyncError(
        Call, What + " sets bit " + Twine(Bit) + " (mask 0x" +
                  utohexstr(Bits, /*LowerCase=*/true) +
                  "), which names no stage: upstream's draft encoding "
                  "(llvm-project PR #220442) has stage bits 0 to 10, a "
                  "set bit leaving its stage out; clear bit " +
                  Twine(Bit) +
                  (Bit == 16 ? " (the stage ALL of an earlier draft): the "
                               "mask 0 covers every stage"
                             : ""));
    return std::nullopt;
  }
  const Function &F = *Call.getFunction();
  uint32_t Available = getStagesWithOperations(F);
  uint32_t Covered = getCoveredStages(Bits);
  if (Bits == 0)
    return Available;
  if (Covered & Available)
    return Covered & Available;
  std::string Generation = getCPU(F).str();
  std::string Fix =
      Available
          ? "leave in " + describeStages(Available) +
                ", the stages of this target's async operations, or pass "
                "the mask 0 to cover every stage"
          : std::string("this target has no async operation of any stage; "
                        "pass the mask 0, or use the form without a mask");
  reportAsyncError(Call,
                   What + " 0x" + utohexstr(Bits, /*LowerCase=*/true) +
                       " leaves in only " + describeStages(Covered) + ", and " +
                       Generation + " has no operation of " +
                       (Covered ? "that stage" : "any stage") + ": the " +
                       (IsMark ? "mark would track" : "wait would wait for") +
                       " nothing; " + Fix);
  return std::nullopt;
}

/// Finds every mark and wait of the activation sequence, checking the masks.
/// A bad one is reported and erased.
void StageMaskLowering::collect() {
  SmallVector<CallInst *, 4> Bad;
  for (Function &F : M) {
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (!Call)
        continue;
      StringRef Name = getCalleeName(*Call);
      StagedOp Op;
      Op.Call = Call;
      if (isMaskedMark(*Call) || isMaskedWait(*Call)) {
        Op.IsMark = isMaskedMark(*Call);
        Op.HasMask = true;
        std::optional<uint32_t> Stages = checkMask(*Call, Op.IsMark);
        if (!Stages) {
          Bad.push_back(Call);
          continue;
        }
        Op.Stages = *Stages;
        ModuleStages |= getStagesWithOperations(F);
        if (!Op.IsMark)
          Op.Count = Call->getArgOperand(0);
      } else if ((Name == MarkName || Name == "asyncpipe.mark") &&
                 hasParams(*Call, {})) {
        Op.IsMark = true;
      } else if ((Name == WaitName && hasParams(*Call, {16})) ||
                 (Name == "asyncpipe.wait" && hasParams(*Call, {32}))) {
        Op.Count = Call->getArgOperand(0);
      } else {
        continue;
      }
      Ops.push_back(Op);
    }
  }
  for (CallInst *Call : Bad)
    Call->eraseFromParent();
  Changed |= !Bad.empty();
}

/// Splits the module's stages into the classes no mask tells apart: two
/// stages are in one class if every mask covers both or neither.
void StageMaskLowering::splitIntoClasses() {
  if (ModuleStages)
    Classes.push_back(ModuleStages);
  for (const StagedOp &Op : Ops) {
    if (!Op.HasMask)
      continue;
    SmallVector<uint32_t, 5> Split;
    for (uint32_t Class : Classes)
      for (uint32_t Part : {Class & Op.Stages, Class & ~Op.Stages})
        if (Part)
          Split.push_back(Part);
    Classes = std::move(Split);
  }
}

/// True if the program marks or waits on queues of its own.
bool StageMaskLowering::usesPortableQueues() const {
  for (StringRef Name : {"asyncpipe.mark.queue", "asyncpipe.wait.queue"})
    if (const Function *F = M.getFunction(Name); F && !F->use_empty())
      return true;
  return false;
}

/// Copies what a diagnostic needs to point at the user's call.
void inheritLocation(Instruction &New, const Instruction &Old) {
  New.setDebugLoc(Old.getDebugLoc());
  if (MDNode *SrcLoc = Old.getMetadata("srcloc"))
    New.setMetadata("srcloc", SrcLoc);
}

/// One class: the masks tell no two operations apart, so each mark is a mark
/// of the one sequence and each wait a wait of it.
void StageMaskLowering::rewriteAsPlainForms() {
  // LLVM 22 knows neither name as an intrinsic: they are declared as the
  // upstream signatures without a mask.
  LLVMContext &Ctx = M.getContext();
  Type *Void = Type::getVoidTy(Ctx);
  FunctionCallee Mark = M.getOrInsertFunction(MarkName, Void);
  FunctionCallee Wait =
      M.getOrInsertFunction(WaitName, Void, Type::getInt16Ty(Ctx));
  for (const StagedOp &Op : Ops) {
    if (!Op.HasMask)
      continue;
    IRBuilder<> B(Op.Call);
    CallInst *New =
        Op.IsMark ? B.CreateCall(Mark, {}) : B.CreateCall(Wait, {Op.Count});
    inheritLocation(*New, *Op.Call);
    Op.Call->eraseFromParent();
  }
}

/// The one counter all stages of \p Class are counted on, where the other
/// counter retires apart (gfx1250): its waits need not wait on the other.
MDNode *StageMaskLowering::getCounterOfClass(uint32_t Class) const {
  if (!(ModuleStages & AsyncCntStages) || !(ModuleStages & TensorCntStages))
    return nullptr;
  StringRef Counter = !(Class & ~AsyncCntStages)    ? "asynccnt"
                      : !(Class & ~TensorCntStages) ? "tensorcnt"
                                                    : "";
  if (Counter.empty())
    return nullptr;
  LLVMContext &Ctx = M.getContext();
  return MDNode::get(Ctx, {MDString::get(Ctx, Counter)});
}

/// Several classes: each is a queue (1, 2, ...). A mark or a wait covering
/// several classes is one of each, in class order.
void StageMaskLowering::rewriteAsQueues() {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *Void = Type::getVoidTy(Ctx);
  FunctionCallee QueueMark =
      M.getOrInsertFunction("asyncpipe.mark.queue", Void, I32);
  FunctionCallee QueueWait =
      M.getOrInsertFunction("asyncpipe.wait.queue", Void, I32, I32);
  // The stages each function marks, its always_inline helpers' included
  // (they join its sequence). A wait on a stage its function never marks
  // waits for nothing; it is left out, so that no queue wait stands for a
  // stage the user did not mark (asyncpipe-unobserved-waits would warn).
  uint32_t InlinedMarked = 0;
  DenseMap<const Function *, uint32_t> Marked;
  for (const StagedOp &Op : Ops) {
    if (!Op.IsMark)
      continue;
    uint32_t Stages = Op.HasMask ? Op.Stages : ModuleStages;
    const Function *F = Op.Call->getFunction();
    Marked[F] |= Stages;
    if (F->hasFnAttribute(Attribute::AlwaysInline))
      InlinedMarked |= Stages;
  }
  for (const StagedOp &Op : Ops) {
    IRBuilder<> B(Op.Call);
    uint32_t Stages = Op.HasMask ? Op.Stages : ModuleStages;
    if (!Op.IsMark) {
      uint32_t Reached =
          Stages & (Marked.lookup(Op.Call->getFunction()) | InlinedMarked);
      // A wait that no mark reaches keeps its first queue, so that the
      // warning about it is still given.
      for (uint32_t Class : Classes)
        if (!Reached && (Stages & Class))
          Reached = Class;
      Stages = Reached;
    }
    Value *Count = Op.IsMark ? nullptr : B.CreateZExtOrTrunc(Op.Count, I32);
    for (auto [Index, Class] : enumerate(Classes)) {
      if (!(Stages & Class))
        continue;
      Value *Queue = B.getInt32(Index + 1);
      CallInst *New = Op.IsMark ? B.CreateCall(QueueMark, {Queue})
                                : B.CreateCall(QueueWait, {Queue, Count});
      inheritLocation(*New, *Op.Call);
      if (MDNode *Counters = getCounterOfClass(Class))
        New->setMetadata(WaitCountersMD, Counters);
    }
    Op.Call->eraseFromParent();
  }
}

bool StageMaskLowering::run() {
  // The masked declarations hold the intrinsics' names; take the names
  // away so that the plain forms can be declared next to them.
  SmallVector<Function *, 2> Masked;
  for (StringRef Name : {MarkName, WaitName})
    if (Function *F = getMaskedDeclaration(M, Name))
      Masked.push_back(F);
  collect();
  for (Function *F : Masked)
    F->setName("");
  splitIntoClasses();
  if (Classes.size() > 1 && usesPortableQueues()) {
    // The classes would take the queues the program numbers itself.
    const StagedOp *First =
        find_if(Ops, [](const StagedOp &Op) { return Op.HasMask; });
    reportAsyncError(*First->Call,
                     "stage masks that tell stages apart cannot be used in "
                     "a module that also marks or waits on AsyncPipe queues "
                     "(asyncpipe_commit_queue, asyncpipe_wait_queue); use "
                     "one of the two");
    Classes.resize(1);
  }
  if (Classes.size() <= 1)
    rewriteAsPlainForms();
  else
    rewriteAsQueues();
  for (Function *F : Masked)
    if (F->use_empty())
      F->eraseFromParent();
  return true;
}

class AMDGPULowerAsyncStageMasksLegacy : public ModulePass {
public:
  static char ID;
  AMDGPULowerAsyncStageMasksLegacy() : ModulePass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU lower async stage masks (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<TargetPassConfig>();
  }
  bool runOnModule(Module &M) override {
    if (!hasMaskedDeclarations(M))
      return false;
    const TargetMachine &TM =
        getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
    return StageMaskLowering(M, TM.getTargetCPU()).run();
  }
};
} // namespace

char AMDGPULowerAsyncStageMasksLegacy::ID = 0;

PreservedAnalyses AMDGPULowerAsyncStageMasksPass::run(Module &M,
                                                      ModuleAnalysisManager &) {
  if (!M.getTargetTriple().isAMDGCN() || !hasMaskedDeclarations(M))
    return PreservedAnalyses::all();
  StageMaskLowering(M, "").run();
  return PreservedAnalyses::none();
}

ModulePass *llvm::createAMDGPULowerAsyncStageMasksLegacyPass() {
  return new AMDGPULowerAsyncStageMasksLegacy();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPULowerAsyncStageMasksLegacy,
                "amdgpu-lower-async-stage-masks",
                "AMDGPU lower async stage masks (AsyncPipe)", false, false)
