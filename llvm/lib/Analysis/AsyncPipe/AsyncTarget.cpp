//===- AsyncTarget.cpp - The registry of AsyncTarget factories ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace llvm::asyncpipe;

AsyncTarget::~AsyncTarget() = default;

/// The registered factories. Filled while the plugin (or a tool) starts,
/// before any pass asks, so that reads need no lock.
static SmallVectorImpl<AsyncTarget::Factory> &getFactories() {
  static SmallVector<AsyncTarget::Factory, 4> Factories;
  return Factories;
}

void AsyncTarget::registerFactory(Factory F) {
  if (!is_contained(getFactories(), F))
    getFactories().push_back(F);
}

std::unique_ptr<AsyncTarget> AsyncTarget::get(const Triple &TT) {
  for (Factory F : getFactories())
    if (std::unique_ptr<AsyncTarget> Target = F(TT))
      return Target;
  return nullptr;
}

std::unique_ptr<AsyncTarget> AsyncTarget::get(const Module &M) {
  return get(M.getTargetTriple());
}
