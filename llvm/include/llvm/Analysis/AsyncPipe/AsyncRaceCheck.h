//===- AsyncRaceCheck.h - Warn where an access sees a copy in flight C++
//-*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-race-check pass warns, at the user's line, about each load
/// or store of shared memory that AsyncRaceAnalysis proves overlaps an async
/// copy still in flight (and each store into such a copy's source), naming the
/// copy's line, the iteration, how many groups the last wait leaves pending and
/// the weakest wait that removes the race. It is a lint: it changes nothing.
/// -asyncpipe-warn-async-race=false turns it off.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCRACECHECK_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCRACECHECK_H

#include "llvm/IR/PassManager.h"

namespace llvm {

class AsyncRaceCheckPass : public PassInfoMixin<AsyncRaceCheckPass> {
public:
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCRACECHECK_H
