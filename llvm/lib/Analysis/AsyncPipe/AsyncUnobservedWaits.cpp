//===- AsyncUnobservedWaits.cpp - Waits that cannot see a mark ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Under the activation model a function starts with no mark outstanding, so
// a wait that no mark of its own function reaches waits for nothing, and
// the passes remove it (rule W1). That is the model, and upstream's; it
// surprises users when the function then reads shared memory: the wait looks
// like it protects the read from copies its caller started. This pass says
// so at the wait. It warns only where the function reads memory that is, or
// through a generic pointer it was given may be, shared; a kernel (which has
// no caller) and a function that is part of its callers (always_inline)
// never warn.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncUnobservedWaits.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {
/// The memory \p I reads through a pointer, if it reads any.
const Value *getReadPointer(const Instruction &I) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->getPointerOperand();
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  if (const auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
    return CmpXchg->getPointerOperand();
  if (const auto *Transfer = dyn_cast<MemTransferInst>(&I))
    return Transfer->getRawSource();
  return nullptr;
}

/// True if \p Ptr points to shared memory (\p SharedAS), or may: a pointer in
/// the generic address space (0 on the GPU targets) that does not come from
/// a local variable or a global of another address space may be the
/// caller's shared tile, which is what such helpers read (at -O0 through the
/// local variable that holds the argument).
bool mayPointToShared(const Value *Ptr, unsigned SharedAS) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == SharedAS)
    return true;
  if (AS != 0)
    return false;
  const Value *Object = getUnderlyingObject(Ptr);
  if (isa<AllocaInst>(Object))
    return false;
  if (const auto *Global = dyn_cast<GlobalValue>(Object))
    return Global->getAddressSpace() == SharedAS;
  return true;
}

/// The first read of shared memory reachable from \p Wait, or null.
const Instruction *findSharedReadAfter(const Instruction &Wait,
                                       unsigned SharedAS) {
  auto IsSharedRead = [&](const Instruction &I) {
    const Value *Ptr = getReadPointer(I);
    return Ptr && mayPointToShared(Ptr, SharedAS);
  };
  for (const Instruction &I :
       make_range(std::next(Wait.getIterator()), Wait.getParent()->end()))
    if (IsSharedRead(I))
      return &I;
  SmallVector<const BasicBlock *, 8> Worklist(successors(Wait.getParent()));
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    for (const Instruction &I : *BB)
      if (IsSharedRead(I))
        return &I;
    append_range(Worklist, successors(BB));
  }
  return nullptr;
}

/// "line 12" for a diagnostic, or "" without a location.
std::string describeLine(const Instruction &I) {
  if (const DebugLoc &Loc = I.getDebugLoc())
    return (" (line " + Twine(Loc.getLine()) + ")").str();
  return "";
}

/// Whether waits in \p F follow its own activation alone, so that a wait no
/// mark of \p F reaches can be reported.
bool isOwnActivation(const Function &F) {
  return !isKernelEntry(F) && !F.hasFnAttribute(Attribute::AlwaysInline) &&
         !isOpenCLKernelBody(F) && !callsAsyncFragment(F);
}

void warnUnobservedWait(const AsyncOp &Wait, const Instruction &Read,
                        const AsyncTarget &Target) {
  std::string WaitForAll = Target.describeWaitForAllCopies();
  reportAsyncWarning(
      *Wait.getCall(),
      "this wait waits for nothing: no mark of its own function reaches it "
      "(AsyncPipe's activation model, upstream's asyncmark model: a wait "
      "counts only the marks made in its own function), yet this function "
      "then reads shared memory" +
          describeLine(Read) +
          " that copies started by its caller may still be writing; wait in "
          "the caller before the call, make this function always_inline (it "
          "is then part of its caller)" +
          (WaitForAll.empty() ? ""
                              : ", or wait for every copy with " + WaitForAll));
}
} // namespace

/// Warns at each wait on a named queue that no mark of that queue of its
/// function reaches: most likely the copies it should cover were committed
/// to another queue.
static void warnUnmarkedQueueWaits(const Function &F) {
  if (!usesAsyncQueues(F) || F.hasFnAttribute(Attribute::AlwaysInline) ||
      callsAsyncFragment(F))
    return;
  std::optional<AsyncMarkCounts> Counts;
  for (const Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    std::optional<unsigned> Queue = Op.getQueue();
    if (!Op.isWait() || !Op.hasQueueOperand() || !Queue)
      continue;
    if (!Counts)
      Counts.emplace(F);
    MarkBounds Before = Counts->beforeInQueue(I, *Queue);
    if (!Before.isBounded() || Before.MarkSeen)
      continue;
    std::string Q = std::to_string(*Queue);
    reportAsyncWarning(I, "this wait on queue " + Q +
                              " waits for nothing: no mark of queue " + Q +
                              " of this function reaches it (a wait counts "
                              "only the marks of its own queue); wait on the "
                              "queue the copies were committed to, or commit "
                              "them with asyncpipe_commit_queue(" +
                              Q + ")");
  }
}

PreservedAnalyses AsyncUnobservedWaitsPass::run(Function &F,
                                                FunctionAnalysisManager &) {
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  warnUnmarkedQueueWaits(F);
  if (!isOwnActivation(F))
    return PreservedAnalyses::all();
  SmallVector<AsyncOp, 4> Waits;
  for (Instruction &I : instructions(F))
    if (AsyncOp Op = AsyncOp::get(I);
        Op.isWait() && Op.getSemantics() == AsyncSemantics::Activation)
      Waits.push_back(Op);
  if (Waits.empty())
    return PreservedAnalyses::all();
  std::unique_ptr<AsyncTarget> Target = AsyncTarget::get(*F.getParent());
  // On the host every pointer may point to a work-group's memory.
  if (!Target || Target->getSharedAddressSpace() == 0)
    return PreservedAnalyses::all();
  AsyncMarkCounts Counts(F);
  for (const AsyncOp &Wait : Waits) {
    MarkBounds Before =
        Counts.before(*Wait.getCall(), AsyncSemantics::Activation);
    if (!Before.isBounded() || Before.MarkSeen)
      continue;
    if (const Instruction *Read = findSharedReadAfter(
            *Wait.getCall(), Target->getSharedAddressSpace()))
      warnUnobservedWait(Wait, *Read, *Target);
  }
  return PreservedAnalyses::all();
}
