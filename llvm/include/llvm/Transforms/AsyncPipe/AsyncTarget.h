//===- AsyncTarget.h - What AsyncPipe needs to know about a target -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The one interface between the target-independent AsyncPipe passes and a
/// target: how to emit an async copy, a mark and a wait, the hardware limit on
/// a wait count, the shared and global address spaces, the legal copy sizes.
/// AsyncTarget::get() is the only place that looks at a triple; passes ask
/// this interface instead.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_ASYNCPIPE_ASYNCTARGET_H
#define LLVM_TRANSFORMS_ASYNCPIPE_ASYNCTARGET_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>
#include <optional>

namespace llvm {
class CallInst;
class Function;
class IRBuilderBase;
class Module;
class Triple;
class Value;

namespace asyncpipe {

class AsyncTarget {
public:
  virtual ~AsyncTarget();

  /// The async target for \p TT, or null if AsyncPipe does not support it.
  static std::unique_ptr<AsyncTarget> get(const Triple &TT);
  static std::unique_ptr<AsyncTarget> get(const Module &M);

  /// A short name for remarks and diagnostics ("AMDGPU", "NVPTX", "host").
  virtual StringRef getName() const = 0;

  /// Address space of workgroup-shared memory (AMDGPU LDS, CUDA shared).
  virtual unsigned getSharedAddressSpace() const = 0;
  /// Address space copies read from.
  virtual unsigned getGlobalAddressSpace() const = 0;

  /// True if one async copy can move \p Bytes bytes per work-item.
  virtual bool isLegalCopySize(uint64_t Bytes) const = 0;

  /// The largest wait count the hardware encodes, if it has a limit. A wait
  /// for more outstanding marks than this is clamped (a stronger, still
  /// correct wait).
  virtual std::optional<uint64_t> getMaxWaitCount() const = 0;

  /// Emits a copy of \p Bytes bytes per work-item from \p Src to \p Dst in
  /// the target's native form, at \p B's insertion point.
  virtual CallInst *createCopy(IRBuilderBase &B, Value *Dst, Value *Src,
                               uint64_t Bytes) const = 0;
  /// Emits a mark in the target's native form.
  virtual CallInst *createMark(IRBuilderBase &B) const = 0;
  /// Emits a wait for at most \p N outstanding marks in the target's native
  /// form.
  virtual CallInst *createWait(IRBuilderBase &B, uint64_t N) const = 0;
  /// Emits a wait whose count \p N is known only at run time, or returns
  /// null if the target's native wait needs a constant (the caller then
  /// selects among constant waits).
  virtual CallInst *createVariableWait(IRBuilderBase &B, Value *N) const {
    (void)B;
    (void)N;
    return nullptr;
  }

  /// Emits what the target needs around the body of \p F, a function that
  /// marks or waits, so that its marks stay out of its callers' mark
  /// sequences (DESIGN.md section 1). Hardware needs nothing; the host
  /// runtime is told where each activation begins and ends.
  virtual void createActivationBounds(Function &F) const { (void)F; }

  /// True if AsyncSan (asyncpipe-sanitize) can check programs for this
  /// target, i.e. they run on the host runtime.
  virtual bool supportsSanitizer() const { return false; }
};

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_TRANSFORMS_ASYNCPIPE_ASYNCTARGET_H
