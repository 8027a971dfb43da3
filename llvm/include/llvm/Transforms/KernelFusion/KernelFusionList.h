//===- KernelFusionList.h - A runtime's list of kernels to fuse -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The runtime side of user-driven fusion, as one object an embedding runtime
/// drives from its queue: start() enters fusion mode, submit() collects
/// launches instead of running them, cancel() leaves fusion mode and hands
/// the launches back to run one by one, complete() asks fuseKernels() for
/// one fused kernel and, if fusion is refused, falls back to the individual
/// launches with the reason. Dependency tracking and events stay with the
/// runtime; this class only keeps the list and its state.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_KERNELFUSION_KERNELFUSIONLIST_H
#define LLVM_TRANSFORMS_KERNELFUSION_KERNELFUSIONLIST_H

#include "llvm/Transforms/KernelFusion/KernelFusion.h"
#include <optional>

namespace llvm {
namespace asyncpipe {

/// One kernel launch as the runtime recorded it.
struct KernelLaunch {
  std::string Kernel;
  NDRange Range;
};

/// What the user said about the collected launches; kernel indices are
/// positions in the fusion list.
struct FusionHints {
  SmallVector<SmallVector<KernelArgRef, 2>, 2> IdenticalArgs;
  SmallVector<PromotionHint, 2> Promotions;
  SmallVector<ConstantArg, 2> Constants;
  /// See KernelFusionSpec::NoBarriers.
  bool NoBarriers = false;
};

class KernelFusionList {
public:
  enum class Status { Inactive, Active, Cancelled, Completed };

  /// The result of complete(): either a fused kernel to launch instead of
  /// the list, or the launches to run individually and why.
  struct Outcome {
    std::optional<FusedKernel> Fused;
    SmallVector<KernelLaunch, 4> Individual;
    std::string RefusalReason;
  };

  Status getStatus() const { return State; }
  bool isActive() const { return State == Status::Active; }
  ArrayRef<KernelLaunch> getLaunches() const { return Launches; }

  /// Enters fusion mode. A list left over from an earlier fusion is
  /// discarded.
  void start();

  /// In fusion mode, records \p Launch and returns true. Otherwise returns
  /// false: the caller runs the launch right away.
  bool submit(KernelLaunch Launch);

  /// Leaves fusion mode; returns the recorded launches, in order, to run
  /// individually. Outside fusion mode there is nothing to return.
  SmallVector<KernelLaunch, 4> cancel();

  /// Leaves fusion mode by fusing the recorded launches into a kernel named
  /// \p FusedName in \p M. If fusion is refused, \p M is unchanged and the
  /// outcome lists the launches to run individually. Outside fusion mode
  /// (e.g. cancelled earlier for synchronization) the outcome is empty.
  Outcome complete(Module &M, StringRef FusedName, const FusionHints &Hints);

private:
  Status State = Status::Inactive;
  SmallVector<KernelLaunch, 4> Launches;
};

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_TRANSFORMS_KERNELFUSION_KERNELFUSIONLIST_H
