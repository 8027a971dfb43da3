//===- AsyncInlineFragments.cpp - Inline async always_inline helpers ------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// In the default -O1..-O3 pipelines the always-inliner runs after the
// PipelineEarlySimplification extension point, where asyncpipe-elim and
// asyncpipe-bind-waits must run (before the CGSCC inliner merges other
// activations). A user's always_inline stage() helper that copies, marks and
// waits would then be reasoned about as if it were its own activation, and
// its caller as if it had none of those marks and waits: both lose their
// synchronization. Running the always-inliner first, only where such a
// helper exists, gives the model-level passes the caller as -O0 sees it.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncInlineFragments.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"

using namespace llvm;
using namespace llvm::asyncpipe;

static bool hasAsyncFragment(const Module &M) {
  for (const Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute(Attribute::AlwaysInline) &&
        hasAsyncOpsInlined(F))
      return true;
  return false;
}

PreservedAnalyses AsyncInlineFragmentsPass::run(Module &M,
                                                ModuleAnalysisManager &AM) {
  if (!moduleMayHaveAsyncOps(M) || useUnsoundLegacyModelForTesting() ||
      !hasAsyncFragment(M))
    return PreservedAnalyses::all();
  return AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false).run(M, AM);
}
