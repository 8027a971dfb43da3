//===- AsyncDiagnostics.cpp - Diagnostics for bad async input -------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"

using namespace llvm;

static void report(const Instruction &I, const Twine &Msg,
                   DiagnosticSeverity Severity) {
  const Function &F = *I.getFunction();
  // Without -g a call has no debug location, and the error would point at the
  // function. Clang gives calls to the headers' AsyncPipe functions (declared
  // with the `error` attribute) a !srcloc, the location of the user's call,
  // which clang resolves for an inline-asm style diagnostic (so clang files
  // such a warning under -Winline-asm: the place matters more than the flag).
  if (!I.getDebugLoc() && I.getMetadata("srcloc")) {
    F.getContext().diagnose(DiagnosticInfoInlineAsm(I, Msg, Severity));
    return;
  }
  F.getContext().diagnose(DiagnosticInfoUnsupported(
      F, Msg, DiagnosticLocation(I.getDebugLoc()), Severity));
}

void asyncpipe::reportAsyncError(const Instruction &I, const Twine &Msg) {
  report(I, Msg, DS_Error);
}

void asyncpipe::reportAsyncWarning(const Instruction &I, const Twine &Msg) {
  report(I, Msg, DS_Warning);
}

void asyncpipe::keepUserLocation(Instruction &New, const Instruction &Old) {
  New.setDebugLoc(Old.getDebugLoc());
  if (MDNode *SrcLoc = Old.getMetadata("srcloc"))
    New.setMetadata("srcloc", SrcLoc);
}

bool asyncpipe::isOpenCLKernelBody(const Function &F) {
  StringRef Name = F.getName();
  if (!Name.consume_front("__clang_ocl_kern_imp_"))
    return false;
  if (!F.getParent()->getFunction(Name))
    return false;
  // Unless optimized, the kernel (or another kernel) calls the body, and the
  // body is the only copy of the code.
  for (const User *U : F.users())
    if (isa<CallBase>(U))
      return false;
  return true;
}

bool asyncpipe::removeMalformedAsyncCalls(Function &F) {
  SmallVector<CallBase *, 4> Malformed;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I);
        Call && isMalformedAsyncCall(*Call))
      Malformed.push_back(Call);
  return removeMalformedAsyncCalls(Malformed);
}

/// How a portable call is declared, as a fix hint for a malformed one: the
/// types (not variadic, i32 integers) are what the headers declare.
static StringRef getExpectedSignatureHint(StringRef Name) {
  return StringSwitch<StringRef>(Name)
      .Case("asyncpipe.copy",
            "; declare it as <asyncpipe/asyncpipe.h> does: void (ptr dst, ptr "
            "src, i32 size, i32 flags)")
      .Case("asyncpipe.copy.zfill",
            "; declare it as <asyncpipe/asyncpipe.h> does: void (ptr dst, ptr "
            "src, i32 size, i32 src_size, i32 flags)")
      .Case("asyncpipe.store",
            "; declare it as <asyncpipe/asyncpipe.h> does: void (ptr dst, ptr "
            "src, i32 size)")
      .Case("asyncpipe.mark",
            "; declare it as <asyncpipe/asyncpipe.h> does: void ()")
      .Case("asyncpipe.wait",
            "; declare it as <asyncpipe/asyncpipe.h> does: void (i32 n)")
      .Case("asyncpipe.mark.future",
            "; declare it as <asyncpipe/futures.h> does: i32 ()")
      .Case("asyncpipe.mark.future.queue",
            "; declare it as <asyncpipe/futures.h> does: i32 (i32 queue)")
      .Case("asyncpipe.wait.future",
            "; declare it as <asyncpipe/futures.h> does: void (i32 future)")
      .Case("asyncpipe.future.any",
            "; declare it as <asyncpipe/futures.h> does: i32 ()")
      // The forms with a stage mask are upstream's draft (llvm-project PR
      // #220442), see llvm/docs/AsyncPipeAMDGPU.rst.
      .Case("llvm.amdgcn.asyncmark",
            "; expected (), or (i32 mask) with a stage mask")
      .Case("llvm.amdgcn.wait.asyncmark",
            "; expected (i16 N), or (i16 N, i32 mask) with a stage mask")
      .Default("");
}

bool asyncpipe::removeMalformedAsyncCalls(ArrayRef<CallBase *> Malformed) {
  for (CallBase *Call : Malformed) {
    StringRef Name = Call->getCalledFunction()->getName();
    bool Future = Name == "asyncpipe.mark.future" ||
                  Name == "asyncpipe.mark.future.queue" ||
                  Name == "asyncpipe.future.any";
    if (!Call->getType()->isVoidTy() &&
        !(Future && Call->getType()->isIntegerTy(32)))
      reportAsyncError(
          *Call, "'" + Name + "' is declared to return " +
                     (Future ? "something other than i32" : "a value") +
                     "; declare it to return " + (Future ? "i32" : "void"));
    else
      reportAsyncError(*Call,
                       "'" + Name +
                           "' is called with operands of the wrong number or "
                           "type" +
                           getExpectedSignatureHint(Name));
    if (!Call->use_empty())
      Call->replaceAllUsesWith(PoisonValue::get(Call->getType()));
    Call->eraseFromParent();
  }
  return !Malformed.empty();
}

asyncpipe::UserSpelling asyncpipe::getUserSpelling(StringRef IRName) {
  static const struct {
    StringRef IRName;
    UserSpelling Spelling;
  } Known[] = {
      {"asyncpipe.wait", {"asyncpipe_wait", "commit groups"}},
      {"asyncpipe.mark", {"asyncpipe_commit", "commit groups"}},
      {"llvm.amdgcn.wait.asyncmark",
       {"__builtin_amdgcn_wait_asyncmark", "asyncmarks"}},
      {"llvm.amdgcn.asyncmark", {"__builtin_amdgcn_asyncmark", "asyncmarks"}},
      {"llvm.nvvm.cp.async.wait.group",
       {"cp.async.wait_group", "commit groups"}},
      {"llvm.nvvm.cp.async.commit.group",
       {"cp.async.commit_group", "commit groups"}},
  };
  for (const auto &K : Known)
    if (K.IRName == IRName)
      return K.Spelling;
  return {IRName, "marks"};
}
