//===- AsyncOpSummary.cpp - Report the async operations of a function -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncOpSummary.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Pass.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe"

namespace {
struct OpCounts {
  unsigned Copies = 0, Marks = 0, Waits = 0;
  bool any() const { return Copies || Marks || Waits; }
};

OpCounts countAsyncOps(Function &F) {
  OpCounts C;
  for (Instruction &I : instructions(F)) {
    AsyncOp Op = AsyncOp::get(I);
    C.Copies += Op.isCopy();
    C.Marks += Op.isMark();
    C.Waits += Op.isWait();
  }
  return C;
}

void emitSummary(Function &F, StringRef Stage, OptimizationRemarkEmitter &ORE) {
  OpCounts C = countAsyncOps(F);
  if (!C.any() || isOpenCLKernelBody(F))
    return;
  ASYNCPIPE_DEBUG(dbgs() << "AsyncOpSummary: " << F.getName() << " at " << Stage
                         << ": " << C.Copies << " copies, " << C.Marks
                         << " marks, " << C.Waits << " waits\n");
  // The name the user wrote: C++ (HIP, CUDA) names are mangled in the IR,
  // and an OpenCL kernel's code may be in the body clang made of it.
  StringRef Name = F.getName();
  Name.consume_front("__clang_ocl_kern_imp_");
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "AsyncOpSummary", &F)
           << "'" << ore::NV("Function", demangle(Name)) << "' at " << Stage
           << ": " << ore::NV("Copies", C.Copies) << " async copies, "
           << ore::NV("Marks", C.Marks) << " marks, "
           << ore::NV("Waits", C.Waits) << " waits";
  });
}

class AsyncOpSummaryLegacy : public FunctionPass {
public:
  static char ID;
  explicit AsyncOpSummaryLegacy(StringRef Stage = "codegen")
      : FunctionPass(ID), Stage(Stage) {}

  StringRef getPassName() const override { return "AsyncPipe op summary"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
  }
  bool runOnFunction(Function &F) override {
    if (!moduleMayHaveAsyncOps(*F.getParent()))
      return false;
    OptimizationRemarkEmitter ORE(&F);
    emitSummary(F, Stage, ORE);
    return false;
  }

private:
  std::string Stage;
};
} // namespace

char AsyncOpSummaryLegacy::ID = 0;

PreservedAnalyses AsyncOpSummaryPass::run(Function &F,
                                          FunctionAnalysisManager &AM) {
  if (!moduleMayHaveAsyncOps(*F.getParent()))
    return PreservedAnalyses::all();
  emitSummary(F, Stage, AM.getResult<OptimizationRemarkEmitterAnalysis>(F));
  return PreservedAnalyses::all();
}

FunctionPass *llvm::createAsyncOpSummaryLegacyPass(StringRef Stage) {
  return new AsyncOpSummaryLegacy(Stage);
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AsyncOpSummaryLegacy, "asyncpipe-summary",
                "AsyncPipe op summary", false, false)
