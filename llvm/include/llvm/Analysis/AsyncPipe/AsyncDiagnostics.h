//===- AsyncDiagnostics.h - Diagnostics for bad async input -----*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// One way for every AsyncPipe pass to report input it cannot compile: an
/// error (or warning) through the LLVMContext's diagnostic handler, located at
/// the offending instruction, so that clang prints file:line:col and opt/llc
/// print the function. Passes report and then leave correct code behind
/// (typically by removing the offending operation), never crash.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_ANALYSIS_ASYNCPIPE_ASYNCDIAGNOSTICS_H
#define LLVM_ANALYSIS_ASYNCPIPE_ASYNCDIAGNOSTICS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Compiler.h"

namespace llvm {
class CallBase;
class Function;
class Instruction;

namespace asyncpipe {

/// Reports \p Msg as an error at \p I.
void reportAsyncError(const Instruction &I, const Twine &Msg);

/// Reports \p Msg as a warning at \p I.
void reportAsyncWarning(const Instruction &I, const Twine &Msg);

/// Gives \p New, which replaces the user's call \p Old, its location: the
/// debug location, and clang's !srcloc of the call, which places a
/// diagnostic at the user's line without -g.
void keepUserLocation(Instruction &New, const Instruction &Old);

/// True if \p F is the body clang makes of an OpenCL kernel
/// (__clang_ocl_kern_imp_<kernel>), nothing calls it and the kernel holds the
/// same code (the body inlined into it): remarks and errors about it would
/// repeat the kernel's.
bool isOpenCLKernelBody(const Function &F);

/// Reports and removes each call in \p F that names an async operation with
/// operands that do not fit it (see isMalformedAsyncCall): the model does not
/// recognize it, and left alone it would reach codegen as a call to an
/// undefined function. Returns true if it removed any.
bool removeMalformedAsyncCalls(Function &F);

/// The same for calls already found by a caller's own walk over the function
/// (each call in \p Malformed is one isMalformedAsyncCall accepts).
bool removeMalformedAsyncCalls(ArrayRef<CallBase *> Malformed);

/// How remarks name an async call in the user's vocabulary: the source
/// spelling of the IR callee \p IRName (asyncpipe.wait is asyncpipe_wait,
/// llvm.amdgcn.wait.asyncmark is __builtin_amdgcn_wait_asyncmark) and what a
/// mark is called there ("commit groups", "asyncmarks").
struct UserSpelling {
  StringRef Call;
  StringRef Groups;
};
UserSpelling getUserSpelling(StringRef IRName);

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_ANALYSIS_ASYNCPIPE_ASYNCDIAGNOSTICS_H
