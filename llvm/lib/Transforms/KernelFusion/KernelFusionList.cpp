//===- KernelFusionList.cpp - A runtime's list of kernels to fuse ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The fusion-list state machine of the fusion design (start / submit /
// cancel / complete), kept apart from any particular runtime so that one
// object carries the rule that a refused fusion still runs every kernel.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/KernelFusion/KernelFusionList.h"

using namespace llvm;
using namespace llvm::asyncpipe;

void KernelFusionList::start() {
  Launches.clear();
  State = Status::Active;
}

bool KernelFusionList::submit(KernelLaunch Launch) {
  if (!isActive())
    return false;
  Launches.push_back(std::move(Launch));
  return true;
}

SmallVector<KernelLaunch, 4> KernelFusionList::cancel() {
  if (!isActive())
    return {};
  State = Status::Cancelled;
  return std::move(Launches);
}

KernelFusionList::Outcome KernelFusionList::complete(Module &M,
                                                     StringRef FusedName,
                                                     const FusionHints &Hints) {
  Outcome Result;
  if (!isActive())
    return Result;
  KernelFusionSpec Spec;
  Spec.FusedName = FusedName.str();
  for (const KernelLaunch &Launch : Launches) {
    Spec.Kernels.push_back(Launch.Kernel);
    Spec.NDRanges.push_back(Launch.Range);
  }
  Spec.IdenticalArgs = Hints.IdenticalArgs;
  Spec.Promotions = Hints.Promotions;
  Spec.Constants = Hints.Constants;
  Spec.NoBarriers = Hints.NoBarriers;

  Expected<FusedKernel> Fused = fuseKernels(M, Spec);
  if (!Fused) {
    // Fusion is an optimization: refused, the launches run as submitted.
    Result.RefusalReason = toString(Fused.takeError());
    Result.Individual = cancel();
    return Result;
  }
  Result.Fused = *Fused;
  Launches.clear();
  State = Status::Completed;
  return Result;
}
