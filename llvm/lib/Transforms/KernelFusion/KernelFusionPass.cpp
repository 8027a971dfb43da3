//===- KernelFusionPass.cpp - asyncpipe-fuse-kernels ----------------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The fusion library behind a pass, so that a lit test carries its whole
// request: a stub function with !asyncpipe.fusion.* metadata names the
// kernels, nd-ranges and hints, and `opt -passes=asyncpipe-fuse-kernels`
// replaces it by the fused kernel. A refusal is an error diagnostic naming
// the violated restriction.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Transforms/KernelFusion/KernelFusion.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-fusion"

ASYNCPIPE_STATISTIC(NumFusionsDone, "Number of fused kernels made");
ASYNCPIPE_STATISTIC(NumFusionsRefused, "Number of fusions refused");

static void reportRefusal(Function &Stub, Error Err) {
  std::string Message = toString(std::move(Err));
  ++NumFusionsRefused;
  ASYNCPIPE_DEBUG(dbgs() << "KernelFusion: refusing " << Stub.getName() << ": "
                         << Message << "\n");
  Stub.getContext().diagnose(DiagnosticInfoUnsupported(
      Stub, "cannot fuse kernels into '" + Stub.getName() + "': " + Message,
      DiagnosticLocation(Stub.getSubprogram())));
}

/// The fusion design keeps going without a promotion it cannot do; the user
/// still learns that the buffer stays in global memory: a warning, and a
/// missed-optimization remark (PromotionDropped) naming the argument and
/// the reason for tools reading remarks.
static void reportDroppedPromotion(const KernelFusionSpec &Spec,
                                   const FusedKernel &Fused,
                                   const DroppedPromotion &Drop) {
  Function &Kernel = *Fused.Kernel;
  Kernel.getContext().diagnose(DiagnosticInfoUnsupported(
      Kernel,
      "promotion dropped [" + Drop.Restriction + "]: " + Drop.Detail +
          "; the buffer stays in global memory",
      DiagnosticLocation(Kernel.getSubprogram()), DS_Warning));
  OptimizationRemarkEmitter ORE(&Kernel);
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, "PromotionDropped", &Kernel)
           << "argument " << ore::NV("Arg", Drop.Arg.Arg) << " of kernel "
           << ore::NV("Kernel", Drop.Arg.Kernel) << " ('"
           << ore::NV("KernelName", Spec.Kernels[Drop.Arg.Kernel])
           << "') stays in global memory: "
           << ore::NV("Reason", Drop.Restriction);
  });
}

static void reportFusion(const KernelFusionSpec &Spec,
                         const FusedKernel &Fused) {
  ++NumFusionsDone;
  ASYNCPIPE_DEBUG(dbgs() << "KernelFusion: fused " << join(Spec.Kernels, ", ")
                         << " into " << Fused.Kernel->getName() << "\n");
  OptimizationRemarkEmitter ORE(Fused.Kernel);
  ORE.emit([&] {
    std::string Kernels = join(Spec.Kernels, ", ");
    return OptimizationRemark(DEBUG_TYPE, "Fused", Fused.Kernel)
           << "fused " << ore::NV("Kernels", unsigned(Spec.Kernels.size()))
           << " kernels (" << Kernels << ") on nd-range " << Fused.Range.str()
           << ": " << ore::NV("Params", unsigned(Fused.Params.size()))
           << " parameters, " << ore::NV("LocalBuffers", Fused.LocalBuffers)
           << " local and " << ore::NV("PrivateBuffers", Fused.PrivateBuffers)
           << " private buffers, "
           << ore::NV("RemappedKernels", Fused.RemappedKernels)
           << " kernels remapped";
  });
}

PreservedAnalyses KernelFusionPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 2> Stubs;
  for (Function &F : M)
    if (hasFusionSpecMetadata(F))
      Stubs.push_back(&F);

  bool Changed = false;
  for (Function *Stub : Stubs) {
    Expected<KernelFusionSpec> Spec = readFusionSpecMetadata(*Stub);
    if (!Spec) {
      reportRefusal(*Stub, Spec.takeError());
      continue;
    }
    Expected<FusedKernel> Fused = fuseKernels(M, *Spec);
    if (!Fused) {
      reportRefusal(*Stub, Fused.takeError());
      continue;
    }
    for (const DroppedPromotion &Drop : Fused->DroppedPromotions)
      reportDroppedPromotion(*Spec, *Fused, Drop);
    reportFusion(*Spec, *Fused);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
