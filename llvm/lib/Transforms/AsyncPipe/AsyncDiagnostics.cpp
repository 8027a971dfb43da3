//===- AsyncDiagnostics.cpp - Diagnostics for bad async input -------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

static void report(const Instruction &I, const Twine &Msg,
                   DiagnosticSeverity Severity) {
  const Function &F = *I.getFunction();
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F, Msg, DiagnosticLocation(I.getDebugLoc()), Severity));
}

void asyncpipe::reportAsyncError(const Instruction &I, const Twine &Msg) {
  report(I, Msg, DS_Error);
}

void asyncpipe::reportAsyncWarning(const Instruction &I, const Twine &Msg) {
  report(I, Msg, DS_Warning);
}
