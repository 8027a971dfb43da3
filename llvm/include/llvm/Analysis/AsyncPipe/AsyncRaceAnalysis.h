//===- AsyncRaceAnalysis.h - Accesses that see a copy in flight -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Finds the loads and stores of shared memory that overlap the destination
/// of an async copy still in flight, and the stores that overwrite its
/// source, under the model
/// (llvm/docs/AsyncPipeModel.rst): on every execution that reaches both, in
/// the iteration named, the copy's group has not been waited for when the
/// access runs, and the bytes overlap. Only proven races are reported: no
/// "may" answers, so that a warning built on it has no false positive.
///
/// What is proven (llvm/docs/AsyncPipeRaces.rst): the copy and the access
/// run on every iteration of one loop (or once in the function), in blocks
/// that dominate the loop's latch; the marks and waits between them are in
/// such blocks too, so the groups issued between the copy's and the
/// access's iteration are the same on every path; and the addresses, as
/// ScalarEvolution computes them for the iterations named (modular buffer
/// indices included), differ by a constant that makes the bytes overlap.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCRACEANALYSIS_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCRACEANALYSIS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include <cstdint>

namespace llvm {
class Instruction;
class Loop;
class raw_ostream;

namespace asyncpipe {

/// One access that runs while a copy whose destination it overlaps is in
/// flight.
struct AsyncRace {
  /// The async copy.
  const Instruction *Copy = nullptr;
  /// The load or store of the copy's destination.
  const Instruction *Access = nullptr;
  /// The loop whose iterations are counted, or null where the copy and the
  /// access run once in the function.
  const Loop *L = nullptr;
  /// The access's iteration of L (from 0) on which the bytes overlap.
  uint64_t AccessIteration = 0;
  /// How many iterations of L earlier the copy was issued (0: the same
  /// iteration). A copy before L (a prologue's) has CopyBeforeLoop set.
  uint64_t IterationsApart = 0;
  bool CopyBeforeLoop = false;
  /// Marks of the copy's sequence issued after the copy before the access:
  /// 0 when no mark has closed its group yet.
  uint64_t MarksSinceCopy = 0;
  /// The last wait before the access on that path, or null.
  const Instruction *LastWait = nullptr;
  /// Where in the copy's destination (its source, with OverwritesSource)
  /// the access starts (bytes; may be negative: the access starts before
  /// it).
  int64_t Offset = 0;
  /// Where the access is in a loop nested in L (or, outside loops, in a
  /// loop) that neither marks nor waits: that loop, and the access's
  /// iteration of it (from 0) on which the bytes overlap.
  const Loop *AccessLoop = nullptr;
  uint64_t AccessLoopIteration = 0;
  /// The access is a store into the bytes the copy reads, which it may not
  /// have read yet, rather than an access of the bytes it writes.
  bool OverwritesSource = false;
  /// Where L's trip count is a value read at run time and the race needs
  /// its branches or wait counts decided: the number of iterations L runs
  /// on the run the race is claimed for; 0 where the race needs no such
  /// run.
  uint64_t TripCount = 0;
};

/// The races of one function, each access once: with the copy whose group is
/// the newest among those it races with (the one the weakest fix must
/// complete).
class AsyncRaceInfo {
public:
  ArrayRef<AsyncRace> races() const { return Races; }
  void print(raw_ostream &OS) const;

  /// Invalidation for the new pass manager: any change to the function.
  bool invalidate(Function &, const PreservedAnalyses &PA,
                  FunctionAnalysisManager::Invalidator &);

private:
  friend class AsyncRaceAnalysis;
  SmallVector<AsyncRace, 4> Races;
};

/// The new-PM analysis handing out AsyncRaceInfo.
class AsyncRaceAnalysis : public AnalysisInfoMixin<AsyncRaceAnalysis> {
  friend AnalysisInfoMixin<AsyncRaceAnalysis>;
  static AnalysisKey Key;

public:
  using Result = AsyncRaceInfo;
  Result run(Function &F, FunctionAnalysisManager &AM);
};

/// Prints every race: `opt -passes='print<asyncpipe-races>'`.
class AsyncRacePrinterPass : public PassInfoMixin<AsyncRacePrinterPass> {
  raw_ostream &OS;

public:
  explicit AsyncRacePrinterPass(raw_ostream &OS) : OS(OS) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCRACEANALYSIS_H
