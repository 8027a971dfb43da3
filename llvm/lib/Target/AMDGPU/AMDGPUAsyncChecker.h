//===- AMDGPUAsyncChecker.h - The independent AMDGPU checker -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The three parts of -amdgpu-enable-check-async-waits (see
/// llvm/docs/AsyncPipeAMDGPU.rst, "The independent checker"):
///
/// * amdgpu-record-async-waits, an IR pass at the very start of the pipeline
///   (and at the start of codegen for IR that no pipeline recorded), leaves
///   a "requirement" next to every source mark and every source wait: a
///   side-effecting inline-asm comment that no AsyncPipe pass knows, so none
///   deletes, merges or weakens it.
/// * amdgpu-park-recorded-async-waits, right before si-insert-waitcnts,
///   turns each requirement into a meta instruction that the wait insertion
///   looks through (AMDGPUParkRecordedAsyncWaits.cpp);
/// * amdgpu-check-async-waits, the last machine pass, proves on the final
///   machine code that each recorded wait, and each wait marker the lowering
///   left, is satisfied by the s_waitcnt instructions really there, and then
///   erases the recorded requirements so that the assembly is unchanged.
///
/// They share this header and nothing else: none uses the lowering's
/// instruction classification, counter decoding or marker helpers.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCCHECKER_H
#define ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCCHECKER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include <cstdint>
#include <optional>

namespace llvm {
class MachineFunctionPass;
class MachineInstr;
class ModulePass;
class PassRegistry;

namespace asyncpipe {
namespace amdgpu {

/// The inline-asm text of a recorded source mark; $0 is an "i" operand, the
/// activation the mark belongs to (see ActivationAttr).
inline constexpr StringLiteral RecordedMarkAsm =
    "; asyncpipe.recorded.mark activation $0";
/// The inline-asm text of a recorded source wait; $0 and $1 are "i"
/// operands: the count N of "at most N marks outstanding", and the
/// activation whose marks it counts.
inline constexpr StringLiteral RecordedWaitAsm =
    "; asyncpipe.recorded.wait($0) activation $1";
/// The function attribute holding a function's activation number (1, 2, ...)
/// once its marks and waits are recorded. Records made in an always_inline
/// function carry activation 0, "the function this code ends up in", since
/// such a function is part of its caller.
inline constexpr StringLiteral ActivationAttr = "asyncpipe-activation";
/// Each queue other than 0 (llvm/docs/AsyncPipeModel.rst, "Queues") is a
/// sequence of marks of its own, recorded as an activation of its own:
/// queue Q of activation A is activation -(A * RecordedQueues + Q). Records
/// made in an always_inline function carry -Q, "queue Q of the function this
/// code ends up in", as its queue 0 records carry 0.
inline constexpr int64_t RecordedQueues = 8;
inline int64_t getRecordedQueueActivation(int64_t Activation, uint64_t Queue) {
  if (Queue == 0)
    return Activation;
  return -(Activation * RecordedQueues + int64_t(Queue));
}
/// Named metadata saying that a module's requirements are recorded, so that
/// codegen does not record a second time what the pipeline already did.
inline constexpr StringLiteral RecordedModuleMetadata =
    "asyncpipe.waits.recorded";

/// Named metadata listing the activations that stand for one class of
/// upstream's draft stages on one counter (AMDGPULowerAsyncStageMasks.cpp):
/// !{i32 activation, !"asynccnt"} or !{i32 activation, !"tensorcnt"}. Such a
/// sequence tracks only the operations on that counter, and its waits are
/// checked there alone.
inline constexpr StringLiteral ActivationCountersMetadata =
    "asyncpipe.activation.counters";

/// True with -amdgpu-enable-check-async-waits.
bool isAsyncWaitCheckerEnabled();

/// A parked requirement is KILL ParkedMagic, Value, Activation: Value is the
/// count of a recorded wait, or ParkedMark for a recorded mark.
inline constexpr int64_t ParkedMagic = 0x41505257; // "APRW"
inline constexpr int64_t ParkedMark = -1;
struct ParkedRecord {
  int64_t Value, Activation;
};
/// The requirement \p MI parks, if it is a parked one.
std::optional<ParkedRecord> getParked(const MachineInstr &MI);

/// The text of inline asm \p MI; empty for any other instruction.
StringRef getAsmText(const MachineInstr &MI);
/// The value of inline-asm "i" operand \p K of \p MI.
std::optional<int64_t> getAsmImm(const MachineInstr &MI, unsigned K);

} // namespace amdgpu
} // namespace asyncpipe

/// Records every source mark and wait of an AMDGPU module; does nothing
/// without -amdgpu-enable-check-async-waits, for other targets, or when the
/// module is already recorded.
class AMDGPURecordAsyncWaitsPass
    : public PassInfoMixin<AMDGPURecordAsyncWaitsPass> {
public:
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// The same, for the start of the legacy codegen pipeline (llc, clang's
/// backend).
ModulePass *createAMDGPURecordAsyncWaitsLegacyPass();

/// Right before si-insert-waitcnts: turns each recorded requirement into a
/// meta instruction that no later pass looks at, so that it cannot change
/// where waits go (see AMDGPUParkRecordedAsyncWaits.cpp).
MachineFunctionPass *createAMDGPUParkRecordedAsyncWaitsPass();
void initializeAMDGPUParkRecordedAsyncWaitsPass(PassRegistry &);

} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUASYNCCHECKER_H
