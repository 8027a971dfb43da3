//===- KernelFusion.h - User-driven fusion of GPU kernels -------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// User-driven kernel fusion: a runtime that has collected a list of kernel
/// launches asks the compiler for one kernel doing the work of all of them.
/// The fused kernel runs the kernels' bodies in order with a work-group
/// barrier between them, takes each buffer passed to several kernels once,
/// keeps buffers that only carry data from one kernel to the next in local or
/// private memory, bakes in arguments known at run time, and remaps the
/// work-item queries of kernels launched on a different nd-range than the
/// fused one.
///
/// fuseKernels() is the library entry point; the asyncpipe-fuse-kernels pass
/// reads the same spec from metadata on a stub function, and the
/// asyncpipe-fuse tool from a JSON file. llvm/docs/AsyncPipeKernelFusion.rst
/// describes the spec and every refusal reason.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_KERNELFUSION_KERNELFUSION_H
#define LLVM_TRANSFORMS_KERNELFUSION_KERNELFUSION_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>
#include <string>

namespace llvm {
class Function;
class Module;

namespace asyncpipe {

/// An nd-range in OpenCL order: dimension 0 varies fastest. Unused
/// dimensions hold 0 in the spec; a local size of all zeros means the launch
/// did not specify one.
struct NDRange {
  unsigned Dimensions = 1;
  std::array<uint64_t, 3> GlobalSize = {0, 0, 0};
  std::array<uint64_t, 3> LocalSize = {0, 0, 0};
  std::array<uint64_t, 3> Offset = {0, 0, 0};

  bool hasLocalSize() const;
  /// Number of work-items.
  uint64_t getGlobalLinearSize() const;
  /// Number of work-groups; only meaningful with a local size.
  uint64_t getNumWorkGroups() const;
  /// Global size in \p Dim, 1 for dimensions beyond Dimensions.
  uint64_t getGlobalSize(unsigned Dim) const;
  /// Local size in \p Dim, 1 for dimensions beyond Dimensions.
  uint64_t getLocalSize(unsigned Dim) const;
  std::string str() const;
  bool operator==(const NDRange &Other) const;
  bool operator!=(const NDRange &Other) const { return !(*this == Other); }
};

/// Parameter \p Arg (0-based) of the kernel at position \p Kernel of the
/// fusion list.
struct KernelArgRef {
  unsigned Kernel = 0;
  unsigned Arg = 0;
  bool operator==(const KernelArgRef &Other) const {
    return Kernel == Other.Kernel && Arg == Other.Arg;
  }
};

enum class Promotion { None, Local, Private };

/// A hint to keep a buffer argument in local or private memory. NumElements
/// and ElementSize describe the original buffer.
struct PromotionHint {
  KernelArgRef Arg;
  Promotion Kind = Promotion::None;
  uint64_t NumElements = 0;
  uint64_t ElementSize = 0;
};

/// An argument whose value is known when fusing (a scalar, a vector, or a
/// struct or array passed as a value, byval or byref): its bytes as the
/// runtime would pass them to the kernel (clSetKernelArg style), in the
/// target's byte order and layout.
struct ConstantArg {
  KernelArgRef Arg;
  SmallVector<uint8_t, 8> Bytes;
};

/// Everything a runtime says about the fusion it wants.
struct KernelFusionSpec {
  /// Name of the fused kernel.
  std::string FusedName;
  /// Kernels in execution order; a kernel may appear more than once.
  SmallVector<std::string, 4> Kernels;
  /// The nd-range each entry of Kernels was launched with.
  SmallVector<NDRange, 4> NDRanges;
  /// Groups of arguments that receive the same value.
  SmallVector<SmallVector<KernelArgRef, 2>, 2> IdenticalArgs;
  SmallVector<PromotionHint, 2> Promotions;
  SmallVector<ConstantArg, 2> Constants;
  /// No work-group barrier between consecutive kernels (the fusion design's
  /// no_barriers property): the user promises that no work-item reads what
  /// another work-item of an earlier kernel wrote.
  bool NoBarriers = false;
};

/// A promotion hint that was not followed: the buffer stays in global
/// memory. \p Arg is the first argument of its identical group,
/// \p Restriction names why (e.g. "promoted-size-mismatch",
/// "conflicting-promotion-hints").
struct DroppedPromotion {
  KernelArgRef Arg;
  std::string Restriction;
  std::string Detail;
};

/// What the runtime needs to launch the fused kernel.
struct FusedKernel {
  Function *Kernel = nullptr;
  /// For each parameter of the fused kernel, one of the original arguments
  /// it stands for (promoted and constant arguments are not parameters).
  SmallVector<KernelArgRef, 8> Params;
  /// The nd-range to launch the fused kernel with.
  NDRange Range;
  /// Number of buffers kept in local and private memory.
  unsigned LocalBuffers = 0;
  unsigned PrivateBuffers = 0;
  /// Number of kernels whose work-item queries were remapped.
  unsigned RemappedKernels = 0;
  /// Promotion hints that could not be followed, in argument order.
  SmallVector<DroppedPromotion, 2> DroppedPromotions;
};

/// Why a fusion was refused: \p Restriction is a stable short name (e.g.
/// "different-local-sizes"), the message says which kernels and values
/// violate it.
class FusionRefusal : public ErrorInfo<FusionRefusal> {
public:
  static char ID;
  FusionRefusal(StringRef Restriction, const Twine &Detail)
      : Restriction(Restriction.str()), Detail(Detail.str()) {}
  StringRef getRestriction() const { return Restriction; }
  StringRef getDetail() const { return Detail; }
  void log(raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string Restriction;
  std::string Detail;
};

/// Adds the fused kernel described by \p Spec to \p M. The original kernels
/// stay in the module (a runtime may still launch them). On refusal returns a
/// FusionRefusal and leaves \p M exactly as it was.
Expected<FusedKernel> fuseKernels(Module &M, const KernelFusionSpec &Spec);

/// Reads the spec attached as !asyncpipe.fusion.* metadata to the stub
/// function \p Stub (see the docs for the format). The fused name is the
/// stub's name.
Expected<KernelFusionSpec> readFusionSpecMetadata(const Function &Stub);

/// True if \p F carries a fusion spec.
bool hasFusionSpecMetadata(const Function &F);

/// Fuses the kernels named in the metadata of every stub function, replacing
/// the stub by the fused kernel. A refusal is an error diagnostic naming the
/// violated restriction; the module is then left as it was.
class KernelFusionPass : public PassInfoMixin<KernelFusionPass> {
public:
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_TRANSFORMS_KERNELFUSION_KERNELFUSION_H
