//===- KernelFusionListTest.cpp - The runtime-side fusion list ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Drives KernelFusionList as a runtime's queue would and prints what each
// step returns; llvm/test/Transforms/KernelFusion/kernel-fusion-list.test
// checks the output. A plain program rather than a gtest binary: the LLVM
// packages ship no gtest library, and FileCheck makes the expected behaviour
// readable.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/KernelFusion/KernelFusionList.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::asyncpipe;

static const char *Kernels = R"(
target triple = "x86_64-unknown-linux-gnu"
define spir_kernel void @produce(ptr %buf) {
  store i32 1, ptr %buf
  ret void
}
define spir_kernel void @consume(ptr %buf, ptr %out) {
  %v = load i32, ptr %buf
  store i32 %v, ptr %out
  ret void
}
)";

static StringRef getStatusName(KernelFusionList::Status S) {
  switch (S) {
  case KernelFusionList::Status::Inactive:
    return "inactive";
  case KernelFusionList::Status::Active:
    return "active";
  case KernelFusionList::Status::Cancelled:
    return "cancelled";
  case KernelFusionList::Status::Completed:
    return "completed";
  }
  return "?";
}

static KernelLaunch launch(StringRef Kernel) {
  NDRange Range;
  Range.GlobalSize = {16, 0, 0};
  return {Kernel.str(), Range};
}

static void printLaunches(StringRef What, ArrayRef<KernelLaunch> Launches) {
  outs() << What << ":";
  for (const KernelLaunch &L : Launches)
    outs() << " " << L.Kernel;
  outs() << "\n";
}

static void printOutcome(const KernelFusionList::Outcome &O) {
  if (O.Fused)
    outs() << "fused into " << O.Fused->Kernel->getName() << " with "
           << O.Fused->Params.size() << " parameters\n";
  else
    outs() << "not fused\n";
  printLaunches("run individually", O.Individual);
  if (!O.RefusalReason.empty())
    outs() << "reason: " << O.RefusalReason << "\n";
}

int main() {
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseAssemblyString(Kernels, Diag, Ctx);
  if (!M) {
    Diag.print("KernelFusionListTest", errs());
    return 1;
  }
  KernelFusionList List;
  FusionHints Hints;
  Hints.IdenticalArgs.push_back({{0, 0}, {1, 0}});

  outs() << "== outside fusion mode\n";
  outs() << "submit taken: " << List.submit(launch("produce")) << "\n";
  printLaunches("cancel returns", List.cancel());
  printOutcome(List.complete(*M, "unused", Hints));
  outs() << "status: " << getStatusName(List.getStatus()) << "\n";

  outs() << "== start, submit, cancel\n";
  List.start();
  outs() << "submit taken: " << List.submit(launch("produce")) << "\n";
  List.submit(launch("consume"));
  printLaunches("cancel returns", List.cancel());
  outs() << "status: " << getStatusName(List.getStatus()) << "\n";
  outs() << "submit taken: " << List.submit(launch("produce")) << "\n";
  printOutcome(List.complete(*M, "unused", Hints));

  outs() << "== start twice discards the first list\n";
  List.start();
  List.submit(launch("consume"));
  List.start();
  List.submit(launch("produce"));
  printLaunches("collected", List.getLaunches());

  outs() << "== complete refused: falls back to the individual kernels\n";
  List.submit(launch("missing"));
  size_t FunctionsBefore = M->size();
  printOutcome(List.complete(*M, "fused", Hints));
  outs() << "status: " << getStatusName(List.getStatus()) << "\n";
  outs() << "module unchanged: " << (M->size() == FunctionsBefore) << "\n";

  outs() << "== complete fused\n";
  List.start();
  List.submit(launch("produce"));
  List.submit(launch("consume"));
  printOutcome(List.complete(*M, "fused", Hints));
  outs() << "status: " << getStatusName(List.getStatus()) << "\n";
  printLaunches("collected", List.getLaunches());
  return 0;
}
