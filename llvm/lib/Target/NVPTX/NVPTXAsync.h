//===- NVPTXAsync.h - AsyncPipe's NVPTX codegen passes ----------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A codegen IR pass for NVPTX that runs before instruction selection and
/// diagnoses cp.async in a function compiled for a GPU or PTX version that
/// lacks it (below sm_80 or PTX ISA 7.0), naming the flags that fix it,
/// instead of letting the backend fail with "Cannot select", and the async
/// operations ptxas would reject (unknown cp.async names, AMDGPU's
/// operations, constant zero-fill sizes past the copy) at their calls.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_NVPTX_NVPTXASYNC_H
#define ASYNCPIPE_LIB_TARGET_NVPTX_NVPTXASYNC_H

namespace llvm {
class FunctionPass;
class PassRegistry;

namespace asyncpipe {
/// Registers the NVPTX AsyncTarget (nvptx triples) for the
/// target-independent passes.
void registerNVPTXAsyncTarget();
/// Registers the parser of cp.async written as inline PTX with AsyncOp::get()
/// (NVPTXInlineAsm.h), for every target: the host runs such code too.
void registerNVPTXInlineAsmRecognizer();
/// Registers the NVPTX work-item model with kernel fusion.
void registerNVPTXWorkItemModel();
} // namespace asyncpipe

/// The check for the legacy codegen pipeline (llc, clang's backend).
FunctionPass *createNVPTXAsyncSubtargetCheckLegacyPass();
void initializeNVPTXAsyncSubtargetCheckPass(PassRegistry &);

} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_NVPTX_NVPTXASYNC_H
