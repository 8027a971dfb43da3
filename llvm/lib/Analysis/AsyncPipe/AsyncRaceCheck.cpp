//===- AsyncRaceCheck.cpp - Warn where an access sees a copy in flight ----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A wait one group too weak compiles silently and fails now and then on the
// GPU. AsyncRaceAnalysis proves where an access overlaps a copy still in
// flight; this pass tells the user at the access's line, in the words of the
// calls they wrote, with the wait that fixes it. It runs after the futures
// are lowered to counts and before the portable calls are lowered, so that
// it reads the waits the program will execute in the spelling the user
// wrote.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncRaceCheck.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/AsyncPipe/AsyncRaceAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include <set>
#include <tuple>

using namespace llvm;
using namespace llvm::asyncpipe;

static cl::opt<bool> WarnAsyncRace(
    "asyncpipe-warn-async-race", cl::init(true), cl::Hidden,
    cl::desc("Warn where a load or store of shared memory is proven to "
             "overlap an async copy still in flight"));

namespace {

/// " at line 12", or "" without a location (no -g).
std::string atLine(const DebugLoc &Loc) {
  return Loc ? (" at line " + Twine(Loc.getLine())).str() : "";
}
std::string atLine(const Instruction *I) {
  return I ? atLine(I->getDebugLoc()) : "";
}

std::string ordinal(uint64_t N) {
  const char *Suffix = "th";
  if (N % 100 < 11 || N % 100 > 13)
    Suffix = N % 10 == 1   ? "st"
             : N % 10 == 2 ? "nd"
             : N % 10 == 3 ? "rd"
                           : "th";
  return std::to_string(N) + Suffix;
}

/// What the user called the racing async operation: an async store
/// (shared to global) or a copy.
StringRef asyncOpNoun(const AsyncRace &R) {
  return AsyncOp::get(*R.Copy).isStore() ? "store" : "copy";
}

/// "in iteration 1 of the loop at line 9 (counting from 0), with the copy
/// issued in the previous iteration; ", or "" outside loops.
std::string describeWhen(const AsyncRace &R) {
  std::string When;
  if (R.L) {
    When = "in iteration " + std::to_string(R.AccessIteration) +
           " of the loop" + atLine(R.L->getStartLoc()) + " (counting from 0)";
    if (R.TripCount)
      When += " on a run where it iterates " + std::to_string(R.TripCount) +
              " times";
    When += (", with the " + asyncOpNoun(R) + " issued ").str();
    if (R.CopyBeforeLoop)
      When += "before the loop; ";
    else if (R.IterationsApart == 0)
      When += "earlier in the same iteration; ";
    else if (R.IterationsApart == 1)
      When += "in the previous iteration; ";
    else
      When += std::to_string(R.IterationsApart) + " iterations earlier; ";
  }
  if (R.AccessLoop)
    When += "the access in iteration " + std::to_string(R.AccessLoopIteration) +
            " of the loop" + atLine(R.AccessLoop->getStartLoc()) +
            " (counting from 0); ";
  return When;
}

/// The weakest wait that completes the copy before the access.
std::string describeFix(const AsyncRace &R, StringRef Access) {
  if (R.MarksSinceCopy == 0)
    return ("no mark closes the " + asyncOpNoun(R) + "'s group before the " +
            Access + ": commit it, then wait for 0 before the " + Access)
        .str();
  UserSpelling Wait = getUserSpelling(
      R.LastWait ? AsyncOp::get(*R.LastWait).getName() : "asyncpipe.wait");
  uint64_t Needed = R.MarksSinceCopy - 1;
  // A PTX instruction takes its count as an operand, a C function as an
  // argument.
  std::string Call = Wait.Call.contains('.')
                         ? (Wait.Call + " " + Twine(Needed)).str()
                         : (Wait.Call + "(" + Twine(Needed) + ")").str();
  return "wait until at most " + std::to_string(Needed) + " of the " +
         Wait.Groups.str() + " are pending (" + Call + ") before the " +
         Access.str();
}

/// Where the warning goes, as the user sees it: the access's line, or
/// (without -g) the wait's or the copy's call, by clang's location.
std::tuple<const MDNode *, unsigned, unsigned> reportKey(const AsyncRace &R) {
  if (const DebugLoc &Loc = R.Access->getDebugLoc())
    return {Loc.getScope(), Loc.getLine(), Loc.getCol()};
  const Instruction *At = R.LastWait ? R.LastWait : R.Copy;
  return {At->getMetadata("srcloc"), 0, 0};
}

void warnRace(const AsyncRace &R) {
  StringRef Access = isa<StoreInst>(R.Access) ? "store" : "load";
  // An async store (shared to global) is named as the user wrote it.
  std::string Noun = asyncOpNoun(R).str();
  std::string Group = "the " + Noun + "'s group (the " +
                      ordinal(R.MarksSinceCopy) + " newest at the " +
                      Access.str() + ")";
  // What the access does to the copy's bytes, and the same seen from the
  // wait or the copy.
  std::string What =
      R.OverwritesSource
          ? "overwrites the source of the async " + Noun + atLine(R.Copy) +
                ", which may not have read it yet"
          : Access.str() + (Access == "store" ? " to" : " of") +
                " shared memory overlaps the destination of the async " + Noun +
                atLine(R.Copy) + " while it is still in flight";
  std::string Later = R.OverwritesSource
                          ? "a later store overwrites its source"
                          : "a later " + Access.str() +
                                " of shared memory overlaps its destination";
  if (R.Access->getDebugLoc()) {
    std::string Waited = R.LastWait
                             ? "the wait" + atLine(R.LastWait) + " leaves " +
                                   Group + " pending; "
                             : "no wait completes " + Group + " before it; ";
    std::string Subject = R.OverwritesSource ? "this store " : "this ";
    reportAsyncWarning(*R.Access, Subject + What + ": " + describeWhen(R) +
                                      Waited + describeFix(R, Access));
    return;
  }
  // Without -g the access has no line; the wait (or the copy) has the
  // user's, from clang's location of the call.
  // With -g the copy may have its line where the optimizer left the access
  // none (a load hoisted or merged): the copy's line is then the lead.
  std::string Hint = R.Copy->getDebugLoc()
                         ? " (the async " + Noun + atLine(R.Copy) + "; the " +
                               Access.str() + " has no line of its own): "
                         : " (compile with -g for the lines): ";
  if (R.LastWait) {
    reportAsyncWarning(
        *R.LastWait, "this wait leaves an async " + Noun + " in flight while " +
                         Later + Hint + describeWhen(R) + Group +
                         " is still pending; " + describeFix(R, Access));
    return;
  }
  reportAsyncWarning(*R.Copy,
                     "this async " + Noun + " is still in flight when " +
                         Later + Hint + describeWhen(R) + "no wait completes " +
                         Group + " before it; " + describeFix(R, Access));
}

} // namespace

PreservedAnalyses AsyncRaceCheckPass::run(Function &F,
                                          FunctionAnalysisManager &AM) {
  if (!WarnAsyncRace || !moduleMayHaveAsyncOps(*F.getParent()) ||
      isOpenCLKernelBody(F))
    return PreservedAnalyses::all();
  // Copies of one access made by unrolling or by the pipeliner's prologue
  // have the user's one line: one warning says it.
  std::set<std::tuple<const MDNode *, unsigned, unsigned>> Warned;
  for (const AsyncRace &R : AM.getResult<AsyncRaceAnalysis>(F).races())
    if (Warned.insert(reportKey(R)).second)
      warnRace(R);
  return PreservedAnalyses::all();
}
