//===- AMDGPURecordAsyncWaits.cpp - Record every source wait --------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The checker must see a wait that an IR pass deleted before codegen, so the
// requirement of every wait is recorded before any AsyncPipe or optimization
// pass runs: right after each source mark a recorded mark, right after each
// source wait with a constant count a recorded wait, both side-effecting
// inline-asm comments (AMDGPUAsyncChecker.h). They are barriers to memory
// operations exactly like the calls they follow, are cloned with them by the
// inliner and the unroller, and reach the machine code as INLINEASM, where
// amdgpu-check-async-waits counts the recorded marks and checks each
// recorded wait at the point where the source wait stood, whether or not the
// wait itself survived. Each record names its activation, so that the marks
// of a normal function inlined into another are not counted by the caller's
// waits; an always_inline function's records take the activation of the
// function they end up in.
//
// At the start of codegen the records of a function where every one still
// stands next to its mark or wait are dropped (the lowering's markers check
// the same, and the code generated is unchanged); elsewhere all are kept.
//
// Known gap: only marks and waits are recorded, so a pass that moved an async
// copy across a mark goes unseen.
//
// The names are matched here, not through the project's op recognizer, so
// that a recognizer bug cannot hide a wait from the checker as well.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsyncChecker.h"
#include "AMDGPUAsyncDMAState.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/AsyncPipe/AsyncInvokes.h"

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

namespace {

enum class SourceOp { None, Mark, Wait };

/// What \p Call is in the source's mark model, and for a wait its count
/// operand. Native waits of other targets have hardware semantics and no
/// place on AMDGPU; waits on futures are not counting waits (see the docs).
SourceOp classify(const CallBase &Call, Value *&Count,
                  uint64_t *Queue = nullptr) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return SourceOp::None;
  StringRef Name = Callee->getName();
  // A queue's mark or wait (llvm/docs/AsyncPipeModel.rst, "Queues"): its
  // queue is an operand, a constant below 8 or not recorded at all.
  if (((Name == "asyncpipe.mark.queue" ||
        Name == "asyncpipe.mark.future.queue") &&
       Call.arg_size() == 1) ||
      (Name == "asyncpipe.wait.queue" && Call.arg_size() == 2)) {
    auto *Q = dyn_cast<ConstantInt>(Call.getArgOperand(0));
    if (!Q || Q->getValue().uge(8))
      return SourceOp::None;
    if (Queue)
      *Queue = Q->getZExtValue();
    if (Call.arg_size() == 1)
      return SourceOp::Mark;
    Count = Call.getArgOperand(1);
    return SourceOp::Wait;
  }
  if (Name == "llvm.amdgcn.asyncmark" || Name == "asyncpipe.mark" ||
      Name == "asyncpipe.mark.future")
    return SourceOp::Mark;
  if ((Name == "llvm.amdgcn.wait.asyncmark" || Name == "asyncpipe.wait") &&
      Call.arg_size() >= 1) {
    Count = Call.getArgOperand(0);
    return SourceOp::Wait;
  }
  return SourceOp::None;
}

/// A record has the default memory effects of a side-effecting inline asm,
/// like the mark or wait it follows: with fewer, LLVM 22's EarlyCSE and GVN
/// remove or merge identical records and hoist LDS loads above them.
CallInst *emitRecord(IRBuilder<> &B, std::optional<uint64_t> Count,
                     int64_t Activation) {
  CallInst *Record;
  if (!Count) {
    auto *Ty = FunctionType::get(B.getVoidTy(), {B.getInt32Ty()}, false);
    Record = B.CreateCall(
        InlineAsm::get(Ty, RecordedMarkAsm, "i", /*hasSideEffects=*/true),
        {B.getInt32(int32_t(Activation))});
  } else {
    auto *Ty = FunctionType::get(B.getVoidTy(),
                                 {B.getInt32Ty(), B.getInt32Ty()}, false);
    // Counts beyond 2^31 wait for nothing any program can have outstanding.
    uint64_t N = std::min<uint64_t>(*Count, INT32_MAX);
    Record = B.CreateCall(
        InlineAsm::get(Ty, RecordedWaitAsm, "i,i", /*hasSideEffects=*/true),
        {B.getInt32(N), B.getInt32(int32_t(Activation))});
  }
  Record->setDoesNotThrow();
  return Record;
}

/// True if asyncpipe-pipeline may rewrite a loop of \p F: the user asked for
/// it with asyncpipe_pipeline(N) or -asyncpipe-pipeline-stages. Pipelining
/// deliberately waits for fewer marks than the source, so the source's waits
/// are not what such a function requires; a record in its loop would also be
/// a store the pipeliner cannot move a copy across, and it would refuse.
bool mayBePipelined(const Function &F, bool StagesByOption) {
  for (const BasicBlock &BB : F) {
    if (StagesByOption && BB.getTerminator() &&
        BB.getTerminator()->getMetadata("llvm.loop"))
      return true;
    for (const Instruction &I : BB)
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (Callee->getName() == "asyncpipe.pipeline")
            return true;
  }
  // Without loop metadata, a loop is found by its back edge.
  if (!StagesByOption)
    return false;
  SmallPtrSet<const BasicBlock *, 16> Seen;
  for (const BasicBlock &BB : F) {
    Seen.insert(&BB);
    for (const BasicBlock *Succ : successors(&BB))
      if (Seen.contains(Succ))
        return true;
  }
  return false;
}

/// Adds activation \p Activation, limited to the one counter \p Counters
/// names, to ActivationCountersMetadata.
void listActivationCounters(Module &M, int64_t Activation,
                            const MDNode &Counters) {
  if (Counters.getNumOperands() != 1 || !isa<MDString>(Counters.getOperand(0)))
    return;
  LLVMContext &Ctx = M.getContext();
  M.getOrInsertNamedMetadata(ActivationCountersMetadata)
      ->addOperand(
          MDNode::get(Ctx, {ConstantAsMetadata::get(ConstantInt::getSigned(
                                Type::getInt32Ty(Ctx), Activation)),
                            Counters.getOperand(0)}));
}

bool recordModule(Module &M) {
  if (!isAsyncWaitCheckerEnabled() || !M.getTargetTriple().isAMDGCN() ||
      M.getNamedMetadata(RecordedModuleMetadata))
    return false;
  auto &Options = cl::getRegisteredOptions();
  auto Stages = Options.find("asyncpipe-pipeline-stages");
  bool StagesByOption =
      Stages != Options.end() && Stages->second->getNumOccurrences() > 0;
  M.getOrInsertNamedMetadata(RecordedModuleMetadata);
  unsigned NextActivation = 1;
  SmallDenseSet<int64_t, 4> ListedCounters;
  for (Function &F : M) {
    if (mayBePipelined(F, StagesByOption))
      continue;
    SmallVector<std::pair<CallBase *, std::optional<uint64_t>>, 8> Marks, Waits;
    // Each queue but 0 is a sequence of its own, recorded as an activation
    // of its own (getRecordedQueueActivation): the checker then counts a
    // queue's wait against that queue's marks alone, in an always_inline
    // function's caller too.
    DenseMap<CallBase *, uint64_t> QueueOf;
    bool Inlined = F.hasFnAttribute(Attribute::AlwaysInline);
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallInst>(&I);
      Value *Count = nullptr;
      uint64_t Queue = 0;
      SourceOp Op = Call ? classify(*Call, Count, &Queue) : SourceOp::None;
      if (Op != SourceOp::None && Queue != 0)
        QueueOf[Call] = Queue;
      switch (Op) {
      case SourceOp::None:
        break;
      case SourceOp::Mark:
        Marks.push_back({Call, std::nullopt});
        break;
      case SourceOp::Wait:
        // A count known only at run time cannot be recorded as a constant;
        // such waits are checked only through the marker the lowering
        // leaves.
        if (auto *C = dyn_cast<ConstantInt>(Count))
          Waits.push_back({Call, C->getZExtValue()});
        break;
      }
    }
    if (Marks.empty() && Waits.empty())
      continue;
    int64_t Activation = 0;
    if (!Inlined) {
      Activation = NextActivation++;
      F.addFnAttr(ActivationAttr, utostr(Activation));
    }
    // A queue that stands for a class of upstream's draft stages on one
    // counter (its calls carry !asyncpipe.wait.counters) is listed with that
    // counter, where the checker proves its waits alone.
    auto ActivationOf = [&](CallBase *Call) {
      int64_t Of = getRecordedQueueActivation(Activation, QueueOf.lookup(Call));
      if (MDNode *Counters = Call->getMetadata(asyncpipe::WaitCountersMD);
          Counters && Of != Activation && ListedCounters.insert(Of).second)
        listActivationCounters(M, Of, *Counters);
      return Of;
    };
    for (auto [Call, Count] : Marks) {
      IRBuilder<> B(Call->getNextNode());
      emitRecord(B, std::nullopt, ActivationOf(Call))
          ->setDebugLoc(Call->getDebugLoc());
    }
    for (auto [Call, Count] : Waits) {
      IRBuilder<> B(Call->getNextNode());
      emitRecord(B, Count, ActivationOf(Call))
          ->setDebugLoc(Call->getDebugLoc());
    }
  }
  // The named metadata is a change even in a module without async calls.
  return true;
}

/// The count of a recorded wait call.
std::optional<uint64_t> recordedWaitCount(const CallInst &Call) {
  const auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand());
  if (!Asm || Asm->getAsmString() != RecordedWaitAsm || Call.arg_size() != 2)
    return std::nullopt;
  if (const auto *C = dyn_cast<ConstantInt>(Call.getArgOperand(0)))
    return C->getZExtValue();
  return std::nullopt;
}

bool isRecordedMark(const CallInst &Call) {
  const auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand());
  return Asm && Asm->getAsmString() == RecordedMarkAsm;
}

/// True if \p Record still stands right after the source operation it
/// records, a wait no weaker than it was.
bool isIntact(const CallInst &Record) {
  const auto *Prev = dyn_cast_or_null<CallInst>(Record.getPrevNode());
  Value *Count = nullptr;
  SourceOp Op = Prev ? classify(*Prev, Count) : SourceOp::None;
  if (isRecordedMark(Record))
    return Op == SourceOp::Mark;
  std::optional<uint64_t> N = recordedWaitCount(Record);
  auto *C = dyn_cast_or_null<ConstantInt>(Count);
  return N && Op == SourceOp::Wait && C && C->getZExtValue() <= *N;
}

/// True if \p F has a loop asyncpipe-pipeline transformed (its loop metadata
/// says "asyncpipe.pipeline.done").
bool hasPipelinedLoop(const Function &F) {
  for (const BasicBlock &BB : F) {
    const MDNode *Loop = BB.getTerminator()
                             ? BB.getTerminator()->getMetadata("llvm.loop")
                             : nullptr;
    if (!Loop)
      continue;
    for (const MDOperand &Op : Loop->operands()) {
      const auto *Property = dyn_cast_or_null<MDNode>(Op.get());
      if (!Property || Property->getNumOperands() == 0)
        continue;
      if (const auto *Name = dyn_cast<MDString>(Property->getOperand(0)))
        if (Name->getString() == "asyncpipe.pipeline.done")
          return true;
    }
  }
  return false;
}

/// At the start of codegen: a function whose every recorded mark and wait
/// still stands next to its source operation is checked through the markers
/// the lowering leaves, exactly as strong; its records are dropped so that
/// they cannot change the code generated. A function where a pass deleted,
/// moved or weakened any of them keeps all its records for the checker.
bool pruneIntactRecords(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<CallInst *, 8> Records;
    bool AllIntact = true;
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (!Call || !(isRecordedMark(*Call) || recordedWaitCount(*Call)))
        continue;
      Records.push_back(Call);
      AllIntact &= isIntact(*Call);
    }
    // A loop asyncpipe-pipeline rewrote waits for fewer marks than the
    // source on purpose (the user asked for it): the records of its
    // function no longer state what the program requires, and the checker
    // checks it through the lowering's markers alone.
    if (!AllIntact && !hasPipelinedLoop(F))
      continue;
    for (CallInst *Record : Records)
      Record->eraseFromParent();
    Changed |= !Records.empty();
  }
  return Changed;
}

/// The start of codegen. IR that no pipeline recorded needs no record: every
/// source operation is still there, and the lowering's markers stand for it.
bool recordOrPruneForCodeGen(Module &M) {
  if (!isAsyncWaitCheckerEnabled() || !M.getTargetTriple().isAMDGCN() ||
      !M.getNamedMetadata(RecordedModuleMetadata))
    return false;
  return pruneIntactRecords(M);
}

class AMDGPURecordAsyncWaitsLegacy : public ModulePass {
public:
  static char ID;
  AMDGPURecordAsyncWaitsLegacy() : ModulePass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU prune recorded async waits (AsyncPipe)";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<AMDGPUAsyncDMAState>();
  }
  bool runOnModule(Module &M) override {
    // The lowering that follows erases the declarations the machine passes
    // would need to tell that the module has nothing for them; note it now.
    getAnalysis<AMDGPUAsyncDMAState>().ModuleMayHaveAsyncOps =
        asyncpipe::moduleMayHaveAsyncOps(M) ||
        M.getNamedMetadata(RecordedModuleMetadata);
    return recordOrPruneForCodeGen(M);
  }
};
} // namespace

char AMDGPURecordAsyncWaitsLegacy::ID = 0;

PreservedAnalyses AMDGPURecordAsyncWaitsPass::run(Module &M,
                                                  ModuleAnalysisManager &) {
  if (!asyncpipe::moduleMayHaveAsyncOps(M))
    return PreservedAnalyses::all();
  // A record goes after its op, which must not be a terminator.
  bool InvokesCalled = asyncpipe::convertAsyncInvokesToCalls(M);
  return recordModule(M) || InvokesCalled ? PreservedAnalyses::none()
                                          : PreservedAnalyses::all();
}

ModulePass *llvm::createAMDGPURecordAsyncWaitsLegacyPass() {
  return new AMDGPURecordAsyncWaitsLegacy();
}
