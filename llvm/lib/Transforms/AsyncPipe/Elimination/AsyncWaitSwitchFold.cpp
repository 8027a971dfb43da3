//===- AsyncWaitSwitchFold.cpp - Fold run-time wait_group switches --------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// PTX's cp.async.wait_group takes an immediate, so libcu++ waits for a
// run-time count with a switch over `cp.async.wait_group 0..8`; the count of
// cuda::pipeline's consumer_wait is `head - tail - 1` of two loop-carried
// 8-bit counters. In a steady loop that commits one group and releases one
// stage per iteration, that difference is the same on every iteration, but
// no stock pass proves it; proveLoopCounterConstant (AsyncLoopCounters.h)
// does. Only the switch's condition is used: a switch whose count is proven
// constant is replaced by a branch to the one wait it executes.
//
//===----------------------------------------------------------------------===//

#include "AsyncWaitSwitchFold.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncLoopCounters.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-elim"

ASYNCPIPE_STATISTIC(NumWaitSwitchesFolded,
                    "Number of run-time wait_group switches folded");

DiagnosticLocation asyncpipe::userLocation(const Instruction &I) {
  const DILocation *Loc = I.getDebugLoc().get();
  while (Loc && Loc->getInlinedAt())
    Loc = Loc->getInlinedAt();
  return DiagnosticLocation(Loc);
}

std::string asyncpipe::describeWait(const AsyncOp &Wait) {
  if (Wait.getForm() != AsyncOpForm::NVPTXInlineAsm)
    return Wait.getName().str();
  if (Wait.alsoWaitsForUncommittedCopies())
    return "cp.async.wait_all";
  std::string Text = "cp.async.wait_group ";
  if (std::optional<uint64_t> N = Wait.getConstantWaitCount())
    Text += std::to_string(*N);
  else
    Text += "N";
  return Text;
}

namespace {

/// The native wait a block starts with, for a switch's successors.
AsyncOp leadingNativeWait(const BasicBlock &BB) {
  if (BB.empty() || isa<PHINode>(BB.front()))
    return AsyncOp();
  AsyncOp Wait = AsyncOp::get(*BB.getFirstNonPHIOrDbg());
  if (!Wait.isWait() || Wait.getSemantics() != AsyncSemantics::Hardware ||
      !getTrackedWaitCount(Wait))
    return AsyncOp();
  return Wait;
}

} // namespace

bool asyncpipe::isWaitGroupSwitch(const SwitchInst &SI) {
  if (SI.getNumCases() == 0)
    return false;
  for (const BasicBlock *Succ : successors(SI.getParent()))
    if (Succ->getUniquePredecessor() != SI.getParent() ||
        !leadingNativeWait(*Succ))
      return false;
  return true;
}

bool asyncpipe::foldWaitGroupSwitches(Function &F,
                                      ArrayRef<SwitchInst *> Switches,
                                      OptimizationRemarkEmitter &ORE) {
  if (Switches.empty())
    return false;
  DominatorTree DT(F);
  bool Folded = false;
  for (SwitchInst *SI : Switches) {
    BasicBlock *BB = SI->getParent();
    if (!DT.isReachableFromEntry(BB))
      continue;
    Value *Count = SI->getCondition();
    std::optional<APInt> Known;
    bool FromCounters = false;
    if (auto *C = dyn_cast<ConstantInt>(Count))
      Known = C->getValue();
    else if ((Known = proveLoopCounterConstant(*Count, *BB, DT)))
      FromCounters = true;
    if (!Known) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "WaitSwitchKept",
                                        userLocation(*SI), BB)
               << "run-time cp.async.wait_group switch kept: its count is "
                  "not provably the same on every path";
      });
      continue;
    }
    BasicBlock *Dest =
        SI->findCaseValue(ConstantInt::get(SI->getContext(), *Known))
            ->getCaseSuccessor();
    AsyncOp Wait = leadingNativeWait(*Dest);
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "WaitSwitchFolded",
                                userLocation(*SI), BB)
             << "run-time cp.async.wait_group switch folded into one \""
             << ore::NV("Wait", describeWait(Wait)) << "\": its count is "
             << ore::NV("Count", Known->getZExtValue()) << " on every path"
             << (FromCounters ? " (the loop-carried counters it is computed "
                                "from keep the same difference on every "
                                "iteration)"
                              : "");
    });
    ++NumWaitSwitchesFolded;
    ASYNCPIPE_DEBUG(dbgs() << "AsyncElim: folding wait_group switch" << *SI
                           << " to count " << *Known << "\n");
    // The other successors start with a wait, so they have no phis; they
    // become unreachable and are deleted below.
    SmallPtrSet<BasicBlock *, 8> Others;
    for (BasicBlock *Succ : successors(BB))
      if (Succ != Dest)
        Others.insert(Succ);
    for (BasicBlock *Succ : Others)
      Succ->removePredecessor(BB);
    BranchInst::Create(Dest, SI->getIterator());
    SI->eraseFromParent();
    Folded = true;
  }
  if (Folded)
    removeUnreachableBlocks(F);
  return Folded;
}
