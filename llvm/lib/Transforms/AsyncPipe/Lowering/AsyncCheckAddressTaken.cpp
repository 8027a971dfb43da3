//===- AsyncCheckAddressTaken.cpp - Portable calls used as values ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The address of a portable call can hide behind constants: a cast, a table
// of function pointers in a global. The walk follows constant users to the
// instructions and initializers that hold them, and reports each once: the
// use it reports becomes poison, so the compile goes on to its end (clang
// reports every error) and a later check finds nothing left.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/AsyncPipe/AsyncCheckAddressTaken.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace llvm::asyncpipe;

bool asyncpipe::reportAddressTakenPortableCalls(Module &M) {
  bool Reported = false;
  for (Function &F : M) {
    if (!F.isDeclaration() || !F.getName().starts_with("asyncpipe."))
      continue;
    std::string Taken = "the address of '" +
                        getUserSpelling(F.getName()).Call.str() + "' is taken";
    std::string Fix = ": AsyncPipe lowers only direct calls of it; call it "
                      "directly";
    // Each user with the value it uses: F itself, or a constant made of F.
    SmallVector<std::pair<User *, Constant *>, 8> Worklist;
    for (User *U : F.users())
      Worklist.push_back({U, &F});
    while (!Worklist.empty()) {
      auto [U, Used] = Worklist.pop_back_val();
      if (auto *Call = dyn_cast<CallBase>(U);
          Call && Call->getCalledOperand() == &F)
        continue;
      if (auto *I = dyn_cast<Instruction>(U)) {
        reportAsyncError(*I, Taken + Fix);
        I->replaceUsesOfWith(Used, PoisonValue::get(Used->getType()));
        Reported = true;
      } else if (auto *GV = dyn_cast<GlobalVariable>(U)) {
        M.getContext().diagnose(
            DiagnosticInfoGeneric(Taken + " in the initializer of global '" +
                                  GV->getName() + "'" + Fix));
        GV->setInitializer(PoisonValue::get(GV->getValueType()));
        Reported = true;
      } else if (auto *C = dyn_cast<Constant>(U)) {
        for (User *CU : C->users())
          Worklist.push_back({CU, C});
      }
    }
    F.removeDeadConstantUsers();
  }
  return Reported;
}

PreservedAnalyses AsyncCheckAddressTakenPass::run(Module &M,
                                                  ModuleAnalysisManager &) {
  return reportAddressTakenPortableCalls(M) ? PreservedAnalyses::none()
                                            : PreservedAnalyses::all();
}
