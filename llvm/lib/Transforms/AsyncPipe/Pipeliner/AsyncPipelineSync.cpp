//===- AsyncPipelineSync.cpp - Barriers, fences and names for remarks ----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// What a barrier or fence in a pipelined loop can do to the memory an early
// copy reads ahead (CUDA, HIP, OpenCL and the host runtime spellings), and
// the names the pipeliner's remarks give values: demangled, as the user
// wrote them.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineSync.h"
#include "llvm/Analysis/AsyncPipe/AsyncTarget.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MemoryModelRelaxationAnnotations.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace llvm {
namespace asyncpipe {
namespace pipeliner {

/// The name a user knows: C++ names demangled (a CUDA/HIP __shared__ array is
/// a global named _ZZ4gemmE2As, which the user wrote as gemm's As).
std::string demangleName(StringRef Name) { return demangle(Name.str()); }

std::string describeInnerLoop(const Loop &Inner) {
  if (DebugLoc Loc = Inner.getStartLoc())
    return formatv("at line {0}", Loc.getLine()).str();
  StringRef Name = Inner.getHeader()->getName();
  return Name.empty() ? std::string("in the loop body")
                      : formatv("at '{0}'", Name).str();
}

std::string describe(const Value *V) {
  if (V->hasName())
    return "'" + demangleName(V->getName()) + "'";
  if (const auto *I = dyn_cast<Instruction>(V))
    return ("'" + Twine(I->getOpcodeName()) + "' instruction").str();
  return "an unnamed value";
}

/// A pointer the way the user can find it in the source: its name, the
/// variable of its debug records, or which parameter it is.
std::string describePointer(const Value *Obj) {
  if (Obj->hasName())
    return describe(Obj);
  for (DbgVariableRecord *DVR : findDVRValues(const_cast<Value *>(Obj)))
    if (DILocalVariable *Var = DVR->getVariable();
        Var && !Var->getName().empty())
      return ("'" + Var->getName() + "'").str();
  if (const auto *Arg = dyn_cast<Argument>(Obj)) {
    // OpenCL's callable copy of a kernel: the user wrote the kernel.
    StringRef Kernel = Arg->getParent()->getName();
    if (Kernel.consume_front("__clang_ocl_kern_imp_"))
      return formatv("parameter {0} of kernel '{1}'", Arg->getArgNo() + 1,
                     Kernel)
          .str();
    return formatv("parameter {0} of '{1}'", Arg->getArgNo() + 1,
                   demangleName(Arg->getParent()->getName()))
        .str();
  }
  return describe(Obj);
}

/// How the user says that a pointer aliases nothing else: OpenCL C's
/// keyword, or the one CUDA and HIP (C++) accept.
StringRef restrictKeyword(const Function &F) {
  return F.getParent()->getNamedMetadata("opencl.ocl.version") ||
                 F.getMetadata("kernel_arg_addr_space")
             ? "restrict"
             : "__restrict__";
}

static bool isGroupScope(const LLVMContext &Ctx, SyncScope::ID ID) {
  if (ID == SyncScope::SingleThread)
    return true;
  std::optional<StringRef> Name = Ctx.getSyncScopeName(ID);
  if (!Name)
    return false;
  // AMDGPU's scopes (with their one-address-space forms), NVPTX's block.
  StringRef Base = Name->split("-one-as").first;
  return Base == "workgroup" || Base == "wavefront" || Base == "singlethread" ||
         Base == "block" || Base == "cta";
}

/// True if \p F is an LDS-only fence: its memory-model relaxation annotations
/// restrict it to AMDGPU's local address space (the third argument "local" of
/// __builtin_amdgcn_fence), so it cannot order global memory at any scope.
static bool isLocalMemoryOnly(const FenceInst &F) {
  MMRAMetadata MMRA(F);
  bool AnyAS = false;
  for (const MMRAMetadata::TagT &Tag : MMRA) {
    if (Tag.first != "amdgpu-as")
      continue;
    if (Tag.second != "local")
      return false;
    AnyAS = true;
  }
  return AnyAS;
}

/// A fence with its scope, or a call with the (demangled) name of its callee.
std::string describeSync(const Instruction &I) {
  if (const auto *F = dyn_cast<FenceInst>(&I)) {
    std::optional<StringRef> Scope =
        F->getContext().getSyncScopeName(F->getSyncScopeID());
    return ("the fence of scope '" +
            (Scope && !Scope->empty() ? *Scope : StringRef("system")) + "'")
        .str();
  }
  if (const auto *Call = dyn_cast<CallBase>(&I))
    if (const Function *Callee = Call->getCalledFunction())
      return "the call to '" + demangleName(Callee->getName()) + "'";
  return describe(&I);
}

SyncKind classifySync(const Instruction &I, const AsyncTarget *Target) {
  if (Target && Target->isBarrier(I))
    return SyncKind::Barrier;
  if (const auto *F = dyn_cast<FenceInst>(&I))
    return isGroupScope(F->getContext(), F->getSyncScopeID()) ||
                   isLocalMemoryOnly(*F)
               ? SyncKind::GroupSync
               : SyncKind::WideFence;
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee)
    return SyncKind::None;
  StringRef Name = Callee->getName();
  // HIP's __syncthreads() (ROCm and asyncpipe/hip.h) and libclc's barrier():
  // s_barrier between two work-group fences.
  if (Name == "llvm.amdgcn.s.barrier")
    return SyncKind::Barrier;
  if (Name.starts_with("llvm.amdgcn.s.barrier."))
    return SyncKind::GroupSync;
  // CUDA's __syncthreads() and its reductions (clang 22 spells barrier0 and
  // bar.sync 0 as barrier.cta.sync.aligned.all), and the counted forms, which
  // only some threads reach.
  if (Name.starts_with("llvm.nvvm.barrier.cta.") ||
      Name == "llvm.nvvm.barrier0")
    return Name.ends_with(".all") || Name == "llvm.nvvm.barrier0" ||
                   Name.starts_with("llvm.nvvm.barrier.cta.red.")
               ? SyncKind::Barrier
               : SyncKind::GroupSync;
  if (Name == "llvm.nvvm.membar.cta")
    return SyncKind::GroupSync;
  if (Name.starts_with("llvm.nvvm.membar."))
    return SyncKind::WideFence;
  // OpenCL C's builtins before libclc is linked: barrier(flags) and
  // work_group_barrier(flags) are work-group barriers; with a scope argument
  // only memory_scope_work_item (0) and memory_scope_work_group (1) stay in
  // the group. mem_fence and friends order one work-item's accesses.
  if (Name == "_Z7barrierj" || Name == "_Z18work_group_barrierj")
    return SyncKind::Barrier;
  if (Name == "_Z18work_group_barrierj12memory_scope") {
    const auto *Scope = dyn_cast<ConstantInt>(Call->getArgOperand(1));
    return Scope && Scope->getZExtValue() <= 1 ? SyncKind::Barrier
                                               : SyncKind::WideFence;
  }
  if (Name == "_Z9mem_fencej" || Name == "_Z14read_mem_fencej" ||
      Name == "_Z15write_mem_fencej")
    return SyncKind::GroupSync;
  return SyncKind::None;
}

bool isPure(const Instruction &I) {
  return !isa<PHINode>(I) && !I.mayHaveSideEffects() &&
         !I.mayReadOrWriteMemory();
}

/// Consumer work: what makes a group that follows it in a statement begun by
/// a wait a statement of its own (see cutStatements). Address arithmetic is
/// not work, and neither are intrinsics that only describe the program.
bool isWork(const Instruction &I) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    if (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd())
      return false;
  return I.mayHaveSideEffects() || I.mayReadOrWriteMemory();
}

} // namespace pipeliner
} // namespace asyncpipe
} // namespace llvm
