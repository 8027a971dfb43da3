//===- AsyncCheckAddressTaken.h - Portable calls used as values -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The asyncpipe-check-address-taken pass reports every use of a portable
/// call (asyncpipe.*) other than a direct call of it: its address stored,
/// selected, passed, cast or put in a table. AsyncPipe lowers only direct
/// calls; an address taken would reach the linker (or ptxas) as an
/// undefined symbol. It runs first in every pipeline: the optimizer turns
/// many calls through pointers into direct calls (SROA, constant
/// propagation), and a misuse must be an error at every -O level, not only
/// where the optimizer did not resolve it. asyncpipe-lower checks again for
/// IR that reaches it by another way (llc, opt -passes=asyncpipe-lower).
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCCHECKADDRESSTAKEN_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCCHECKADDRESSTAKEN_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class Module;

class AsyncCheckAddressTakenPass
    : public PassInfoMixin<AsyncCheckAddressTakenPass> {
public:
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

namespace asyncpipe {
/// Reports each use of a portable call of \p M that is not a direct call,
/// at its instruction (or naming the global whose initializer holds it), and
/// replaces it by poison, so that nothing reports it twice. Returns whether
/// there was one.
bool reportAddressTakenPortableCalls(Module &M);
} // namespace asyncpipe

} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCCHECKADDRESSTAKEN_H
