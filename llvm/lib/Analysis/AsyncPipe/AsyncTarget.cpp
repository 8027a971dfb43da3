//===- AsyncTarget.cpp - Choose the AsyncTarget of a module ---------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "AsyncTargets.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace llvm::asyncpipe;

AsyncTarget::~AsyncTarget() = default;

std::unique_ptr<AsyncTarget> AsyncTarget::get(const Triple &TT) {
  if (TT.isAMDGCN())
    return createAMDGPUAsyncTarget();
  if (TT.isNVPTX())
    return createNVPTXAsyncTarget();
  if (TT.isX86() || TT.isAArch64() || TT.isRISCV() || TT.isPPC64() ||
      TT.getArch() == Triple::UnknownArch)
    return createHostAsyncTarget();
  return nullptr;
}

std::unique_ptr<AsyncTarget> AsyncTarget::get(const Module &M) {
  return get(M.getTargetTriple());
}
