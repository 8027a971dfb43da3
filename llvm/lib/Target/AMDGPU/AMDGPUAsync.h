//===- AMDGPUAsync.h - AsyncPipe's AMDGPU codegen passes --------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The passes that implement the async model in the AMDGPU code generator, in
/// pipeline order:
///
/// 1. amdgpu-lower-async-intrinsics (first IR pass of codegen): async DMAs to
///    the non-async LDS DMA intrinsics, marks and waits to inline-asm markers.
/// 2. amdgpu-tag-async-dma (last IR pass before instruction selection): tags
///    the LDS operand of each async DMA; diagnoses async calls left over.
/// 3. amdgpu-hide-async-dma (after si-memory-legalizer): makes the stock
///    si-insert-waitcnts see LDS accesses as not aliasing async DMAs, and
///    aliasing every other LDS DMA.
/// 4. amdgpu-lower-async-waits (after si-insert-waitcnts): turns each wait
///    marker into the weakest correct s_waitcnt vmcnt.
/// 5. amdgpu-check-async-waits (last, with -amdgpu-enable-check-async-waits):
///    an independent check that every wait is satisfied by the final code.
///
/// The check's own recording and parking passes, amdgpu-record-async-waits
/// (start of codegen) and amdgpu-park-recorded-async-waits (right before
/// amdgpu-hide-async-dma), are declared in AMDGPUAsyncChecker.h.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNC_H
#define ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNC_H

#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/CommandLine.h"

namespace llvm {
class FunctionPass;
class IRBuilderBase;
class Value;
class MachineFunctionPass;
class ModulePass;
class PassRegistry;

namespace asyncpipe {
/// Registers the AMDGPU AsyncTarget (amdgcn triples) for the
/// target-independent passes.
void registerAMDGPUAsyncTarget();
/// Registers the AMDGPU work-item model with kernel fusion.
void registerAMDGPUWorkItemModel();

/// Whether \p ID is one of gfx1250's own async copies (global or cluster
/// loads to LDS, stores from LDS), counted on ASYNCcnt.
bool isAsyncCntCopy(Intrinsic::ID ID);
/// Whether \p ID is gfx1250's tensor DMA, counted on TENSORcnt.
bool isTensorDMA(Intrinsic::ID ID);

/// The lane's index in its wave (mbcnt over a full mask), at \p B's
/// insertion point: what turns a portable per-lane copy destination into the
/// wave's LDS base and back.
Value *createLaneInWave(IRBuilderBase &B);
} // namespace asyncpipe

/// Whether callees return with vmcnt(0) (shared by the lowering and the
/// checker, which must agree on what a call does).
extern cl::opt<bool> AMDGPUAsyncAssumeCalleeWaits;

/// Rewrites the stage-mask forms of llvm.amdgcn.asyncmark and
/// wait.asyncmark (upstream's draft, AMDGPUAsyncStages.h) into plain marks
/// and waits, or into AsyncPipe queues where masks tell stages apart; the
/// first pass of every pipeline, so that nothing else sees a mask.
class AMDGPULowerAsyncStageMasksPass
    : public PassInfoMixin<AMDGPULowerAsyncStageMasksPass> {
public:
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// The same, for the start of the legacy codegen pipeline (llc, clang's
/// backend).
ModulePass *createAMDGPULowerAsyncStageMasksLegacyPass();
/// Makes the body of clang's callable copy of an OpenCL kernel that no
/// kernel of the module calls, and that uses the kernel's local variables,
/// a trap (AMDGPUTrapUncalledKernelBodies.cpp).
ModulePass *createAMDGPUTrapUncalledKernelBodiesPass();
FunctionPass *createAMDGPULowerAsyncIntrinsicsPass();
FunctionPass *createAMDGPUTagAsyncDMAPass();
MachineFunctionPass *createAMDGPUHideAsyncDMAPass();
MachineFunctionPass *createAMDGPULowerAsyncWaitsPass();
MachineFunctionPass *createAMDGPUCheckAsyncWaitsPass();

// Registration with the PassRegistry (INITIALIZE_PASS in each pass's file),
// called when the plugin is loaded so that llc's -run-pass, -start-*/-stop-*
// and -print-after find the passes by name.
void initializeAMDGPULowerAsyncStageMasksLegacyPass(PassRegistry &);
void initializeAMDGPUTrapUncalledKernelBodiesPass(PassRegistry &);
void initializeAMDGPULowerAsyncIntrinsicsPass(PassRegistry &);
void initializeAMDGPUTagAsyncDMAPass(PassRegistry &);
void initializeAMDGPUHideAsyncDMAPass(PassRegistry &);
void initializeAMDGPULowerAsyncWaitsPass(PassRegistry &);
void initializeAMDGPUCheckAsyncWaitsPass(PassRegistry &);

} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNC_H
