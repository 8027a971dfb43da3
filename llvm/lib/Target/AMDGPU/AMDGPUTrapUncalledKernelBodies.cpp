//===- AMDGPUTrapUncalledKernelBodies.cpp - OpenCL kernel copies ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Clang 22 emits each OpenCL kernel `k` twice: the kernel, and a callable
// copy of its body, `__clang_ocl_kern_imp_k`, for kernels that call `k` as a
// function. When optimizing, the kernel gets its own body and the copy is
// called by nobody in the module, yet kept (it is externally visible). If
// the kernel declares `local` variables, the copy refers to them, and the
// AMDGPU backend cannot give local memory to a function no kernel of the
// module calls: it compiles each such access to a trap and warns "local
// memory global used by non-kernel function" at the kernel, for code the
// user did not write and cannot change (every kernel with a `local` array
// gets it, README's first example included).
//
// Such a copy can only trap when called, from anywhere: a kernel of another
// code object cannot give it this module's local memory either. This pass
// makes that explicit before codegen: the copy's body becomes a trap (the
// symbol stays), with a remark at the kernel. A copy that a kernel of the
// module calls (at -O0 the kernel calls it) is left alone: the backend
// gives it the caller's local memory, and a real problem there (a function
// the user wrote that uses a kernel's local variable from elsewhere) is
// still reported by the backend. Like every pass of the plugin, it leaves
// modules without async operations as stock LLVM compiles them.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"

using namespace llvm;

#define DEBUG_TYPE "asyncpipe"

namespace {
constexpr const char *PassName = "amdgpu-trap-uncalled-kernel-bodies";
/// Address space of AMDGPU local memory (LDS).
constexpr unsigned LocalAddressSpace = 3;
constexpr StringLiteral CopyPrefix = "__clang_ocl_kern_imp_";

/// True if \p C is, or is built from, a local-memory global.
bool refersToLocalGlobal(const Constant &C,
                         SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(&C).second)
    return false;
  if (auto *GV = dyn_cast<GlobalVariable>(&C))
    return GV->getAddressSpace() == LocalAddressSpace;
  if (isa<GlobalValue>(C))
    return false;
  for (const Use &Op : C.operands())
    if (auto *OpC = dyn_cast<Constant>(Op.get());
        OpC && refersToLocalGlobal(*OpC, Seen))
      return true;
  return false;
}

bool usesLocalGlobals(const Function &F) {
  SmallPtrSet<const Constant *, 16> Seen;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      for (const Use &Op : I.operands())
        if (auto *C = dyn_cast<Constant>(Op.get());
            C && refersToLocalGlobal(*C, Seen))
          return true;
  return false;
}

/// The kernel whose uncalled callable copy \p F is, if \p F is one that uses
/// the kernel's local variables.
const Function *kernelOfUncalledCopy(const Function &F) {
  StringRef Name = F.getName();
  if (F.isDeclaration() || !Name.consume_front(CopyPrefix) || !F.use_empty())
    return nullptr;
  const Function *Kernel = F.getParent()->getFunction(Name);
  if (!Kernel || Kernel->getCallingConv() != CallingConv::AMDGPU_KERNEL ||
      !usesLocalGlobals(F))
    return nullptr;
  return Kernel;
}

void replaceBodyByTrap(Function &F) {
  for (BasicBlock &BB : F)
    BB.dropAllReferences();
  while (!F.empty())
    F.begin()->eraseFromParent();
  BasicBlock *Entry = BasicBlock::Create(F.getContext(), "", &F);
  IRBuilder<> B(Entry);
  B.CreateIntrinsic(Intrinsic::trap, {});
  B.CreateUnreachable();
}

class AMDGPUTrapUncalledKernelBodies : public ModulePass {
public:
  static char ID;
  AMDGPUTrapUncalledKernelBodies() : ModulePass(ID) {}
  StringRef getPassName() const override {
    return "AMDGPU trap uncalled OpenCL kernel bodies (AsyncPipe)";
  }
  bool runOnModule(Module &M) override {
    // Stock IR stays stock (AsyncPipeAMDGPU.rst): only modules the plugin
    // acts on.
    if (!asyncpipe::moduleMayHaveAsyncOps(M))
      return false;
    bool Changed = false;
    for (Function &F : M) {
      const Function *Kernel = kernelOfUncalledCopy(F);
      if (!Kernel)
        continue;
      // At the kernel's line, under this pass's own name: the remark is about
      // code clang wrote, so -Rpass-analysis=asyncpipe (what the user's
      // code does) does not show it.
      M.getContext().diagnose(
          OptimizationRemarkAnalysis(
              PassName, "UncalledKernelBody",
              DiagnosticLocation(Kernel->getSubprogram()),
              &Kernel->getEntryBlock())
          << "the callable copy of kernel '" << Kernel->getName()
          << "' that clang emits ('" << F.getName()
          << "'), called by no kernel here, uses the kernel's local "
             "variables, which only a kernel of this module can give it: "
             "its body is a trap");
      ASYNCPIPE_DEBUG(dbgs() << "AMDGPUTrapUncalledKernelBodies: trapping "
                             << F.getName() << "\n");
      replaceBodyByTrap(F);
      Changed = true;
    }
    return Changed;
  }
};
} // namespace

char AMDGPUTrapUncalledKernelBodies::ID = 0;

ModulePass *llvm::createAMDGPUTrapUncalledKernelBodiesPass() {
  return new AMDGPUTrapUncalledKernelBodies();
}

// Called from the plugin when it is loaded.
INITIALIZE_PASS(AMDGPUTrapUncalledKernelBodies, PassName,
                "AMDGPU trap uncalled OpenCL kernel bodies (AsyncPipe)", false,
                false)
