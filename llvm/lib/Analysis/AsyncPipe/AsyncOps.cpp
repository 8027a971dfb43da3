//===- AsyncOps.cpp - The AsyncPipe asynchronous-operation model ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// LLVM 22 has no intrinsics for the AMDGPU async spellings, so they are
// unknown "llvm.amdgcn.*" declarations and can only be recognized by name;
// NVPTX's cp.async intrinsics are real and are recognized by intrinsic ID.
// One table holds every spelling with the positions of its operands.
//
//===----------------------------------------------------------------------===//

#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueSymbolTable.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace llvm::asyncpipe;

static cl::opt<bool> UnsoundLegacyModelForTesting(
    "asyncpipe-unsound-legacy-model-for-testing", cl::Hidden, cl::init(false),
    cl::desc("Testing only: restore the unsound rules of AsyncPipe 0.1 (the "
             "activation rule on native cp.async forms, always_inline "
             "fragments only with marks xor waits, elimination before the "
             "always-inliner), to show that the oracles catch them"));

bool asyncpipe::useUnsoundLegacyModelForTesting() {
  return UnsoundLegacyModelForTesting;
}

namespace {
struct Spelling {
  StringRef Name;
  bool IsPrefix; // Overloaded by suffix (".p1", ".p7", ...).
  AsyncOpKind Kind;
  AsyncOpForm Form;
  int8_t Shared, Global, Size, Count;
  uint8_t SizeInName;
  // Copies only: the zero-fill source size and the policy-flags operands.
  int8_t SourceSize = -1;
  int8_t Flags = -1;
  // Marks and waits of a named queue only: the queue operand.
  int8_t Queue = -1;
  // Copies only: true for a store from shared to global memory.
  bool ToGlobal = false;
};

// clang-format off
const Spelling Spellings[] = {
  // AMDGPU: upstream names (see llvm/docs/AMDGPUAsyncOperations.rst).
  {"llvm.amdgcn.global.load.async.lds", false, AsyncOpKind::Copy,
   AsyncOpForm::AMDGPU, 1, 0, 2, -1, 0},
  {"llvm.amdgcn.load.async.to.lds.", true, AsyncOpKind::Copy,
   AsyncOpForm::AMDGPU, 1, 0, 2, -1, 0},
  // The upstream buffer names prefix-match llvm.amdgcn.raw.ptr.buffer.load.*
  // and fail the LLVM 22 verifier; AsyncPipe spells them as the non-async
  // intrinsic's name with ".async" appended.
  {"llvm.amdgcn.raw.ptr.buffer.load.lds.async", false, AsyncOpKind::Copy,
   AsyncOpForm::AMDGPU, 1, 0, 2, -1, 0},
  {"llvm.amdgcn.struct.ptr.buffer.load.lds.async", false, AsyncOpKind::Copy,
   AsyncOpForm::AMDGPU, 1, 0, 2, -1, 0},
  // The same for the <4 x i32> resource forms. Their source is a vector, not
  // a pointer, so they have no global pointer operand.
  {"llvm.amdgcn.raw.buffer.load.lds.async", false, AsyncOpKind::Copy,
   AsyncOpForm::AMDGPU, 1, -1, 2, -1, 0},
  {"llvm.amdgcn.struct.buffer.load.lds.async", false, AsyncOpKind::Copy,
   AsyncOpForm::AMDGPU, 1, -1, 2, -1, 0},
  // AsyncPipe's spelling of the portable store on AMDGPU, (ptr addrspace(1)
  // dst, ptr addrspace(3) src, i32 size), each lane with its own addresses:
  // codegen makes it gfx1250's global.store.async.from.lds or reports it.
  {"llvm.amdgcn.global.store.async.lds", false, AsyncOpKind::Copy,
   AsyncOpForm::AMDGPU, 1, 0, 2, -1, 0, -1, -1, -1, true},
  {"llvm.amdgcn.asyncmark", false, AsyncOpKind::Mark, AsyncOpForm::AMDGPU,
   -1, -1, -1, -1, 0},
  {"llvm.amdgcn.wait.asyncmark", false, AsyncOpKind::Wait,
   AsyncOpForm::AMDGPU, -1, -1, -1, 0, 0},
  // Portable forms, emitted by the AsyncPipe headers and lowered per target.
  {"asyncpipe.copy", false, AsyncOpKind::Copy, AsyncOpForm::Portable,
   0, 1, 2, -1, 0, -1, 3},
  {"asyncpipe.copy.zfill", false, AsyncOpKind::Copy, AsyncOpForm::Portable,
   0, 1, 2, -1, 0, 3, 4},
  // An async store from shared to global memory, (ptr dst, ptr src, i32
  // size): the global destination first, as in every copy of the model.
  {"asyncpipe.store", false, AsyncOpKind::Copy, AsyncOpForm::Portable,
   1, 0, 2, -1, 0, -1, -1, -1, true},
  {"asyncpipe.mark", false, AsyncOpKind::Mark, AsyncOpForm::Portable,
   -1, -1, -1, -1, 0},
  {"asyncpipe.wait", false, AsyncOpKind::Wait, AsyncOpForm::Portable,
   -1, -1, -1, 0, 0},
  // Queues (llvm/docs/AsyncPipeModel.rst, "Queues"): (i32 queue) and
  // (i32 queue, i32 n).
  {"asyncpipe.mark.queue", false, AsyncOpKind::Mark, AsyncOpForm::Portable,
   -1, -1, -1, -1, 0, -1, -1, 0},
  {"asyncpipe.wait.queue", false, AsyncOpKind::Wait, AsyncOpForm::Portable,
   -1, -1, -1, 1, 0, -1, -1, 0},
  // Futures (llvm/docs/AsyncPipeFutures.rst): a mark returning an i32 future,
  // a wait on a future (its operand is in the count position), and the dummy
  // future.
  {"asyncpipe.mark.future", false, AsyncOpKind::Mark, AsyncOpForm::Portable,
   -1, -1, -1, -1, 0},
  // A queue's mark returning its future, (i32 queue): the future names a
  // mark of that queue, and a wait on it waits on that queue.
  {"asyncpipe.mark.future.queue", false, AsyncOpKind::Mark,
   AsyncOpForm::Portable, -1, -1, -1, -1, 0, -1, -1, 0},
  {"asyncpipe.wait.future", false, AsyncOpKind::FutureWait,
   AsyncOpForm::Portable, -1, -1, -1, 0, 0},
  {"asyncpipe.future.any", false, AsyncOpKind::FutureAny,
   AsyncOpForm::Portable, -1, -1, -1, -1, 0},
  // Host runtime calls (runtime/include/asyncpipe_rt.h), what the portable
  // forms become on the host; the __asyncpipe_rt_san_* copy is AsyncSan's.
  {"__asyncpipe_rt_copy", false, AsyncOpKind::Copy, AsyncOpForm::Host,
   0, 1, 2, -1, 0},
  {"__asyncpipe_rt_san_copy", false, AsyncOpKind::Copy, AsyncOpForm::Host,
   0, 1, 2, -1, 0},
  {"__asyncpipe_rt_copy_zfill", false, AsyncOpKind::Copy, AsyncOpForm::Host,
   0, 1, 2, -1, 0, 3, -1},
  {"__asyncpipe_rt_san_copy_zfill", false, AsyncOpKind::Copy,
   AsyncOpForm::Host, 0, 1, 2, -1, 0, 3, -1},
  {"__asyncpipe_rt_store", false, AsyncOpKind::Copy, AsyncOpForm::Host,
   1, 0, 2, -1, 0, -1, -1, -1, true},
  {"__asyncpipe_rt_san_async_store", false, AsyncOpKind::Copy,
   AsyncOpForm::Host, 1, 0, 2, -1, 0, -1, -1, -1, true},
  {"__asyncpipe_rt_mark", false, AsyncOpKind::Mark, AsyncOpForm::Host,
   -1, -1, -1, -1, 0},
  {"__asyncpipe_rt_wait", false, AsyncOpKind::Wait, AsyncOpForm::Host,
   -1, -1, -1, 0, 0},
  {"__asyncpipe_rt_mark_queue", false, AsyncOpKind::Mark, AsyncOpForm::Host,
   -1, -1, -1, -1, 0, -1, -1, 0},
  {"__asyncpipe_rt_wait_queue", false, AsyncOpKind::Wait, AsyncOpForm::Host,
   -1, -1, -1, 1, 0, -1, -1, 0},
  // What NVPTX's commit and waits become on the host: still one commit-group
  // counter per thread (hardware semantics), so still the NVPTX form.
  {"__asyncpipe_rt_hw_commit", false, AsyncOpKind::Mark, AsyncOpForm::NVPTX,
   -1, -1, -1, -1, 0},
  {"__asyncpipe_rt_hw_wait", false, AsyncOpKind::Wait, AsyncOpForm::NVPTX,
   -1, -1, -1, 0, 0},
  {"__asyncpipe_rt_hw_wait_all", false, AsyncOpKind::Wait, AsyncOpForm::NVPTX,
   -1, -1, -1, -1, 0},
};
// clang-format on

std::optional<Spelling> getNVPTXSpelling(Intrinsic::ID ID) {
  // The ".s" variants take the zero-fill source size as a third operand.
  auto Copy = [](uint8_t Bytes, bool ZeroFill) {
    Spelling S{"", false, AsyncOpKind::Copy, AsyncOpForm::NVPTX, 0, 1, -1,
               -1, Bytes};
    S.SourceSize = ZeroFill ? 2 : -1;
    return S;
  };

  switch (ID) {
  case Intrinsic::nvvm_cp_async_ca_shared_global_4:
    return Copy(4, false);
  case Intrinsic::nvvm_cp_async_ca_shared_global_4_s:
    return Copy(4, true);
  case Intrinsic::nvvm_cp_async_ca_shared_global_8:
    return Copy(8, false);
  case Intrinsic::nvvm_cp_async_ca_shared_global_8_s:
    return Copy(8, true);
  case Intrinsic::nvvm_cp_async_ca_shared_global_16:
  case Intrinsic::nvvm_cp_async_cg_shared_global_16:
    return Copy(16, false);
  case Intrinsic::nvvm_cp_async_ca_shared_global_16_s:
  case Intrinsic::nvvm_cp_async_cg_shared_global_16_s:
    return Copy(16, true);
  case Intrinsic::nvvm_cp_async_commit_group:
    return Spelling{
        "", false, AsyncOpKind::Mark, AsyncOpForm::NVPTX, -1, -1, -1, -1, 0};
  case Intrinsic::nvvm_cp_async_wait_group:
    return Spelling{
        "", false, AsyncOpKind::Wait, AsyncOpForm::NVPTX, -1, -1, -1, 0, 0};
  case Intrinsic::nvvm_cp_async_wait_all:
    return Spelling{
        "", false, AsyncOpKind::Wait, AsyncOpForm::NVPTX, -1, -1, -1, -1, 0};
  default:
    return std::nullopt;
  }
}

std::optional<Spelling> findSpelling(const Function &Callee) {
  if (Intrinsic::ID ID = Callee.getIntrinsicID())
    return getNVPTXSpelling(ID);
  StringRef Name = Callee.getName();
  for (const Spelling &S : Spellings)
    if (S.IsPrefix ? Name.starts_with(S.Name) : Name == S.Name)
      return S;
  return std::nullopt;
}

/// True if \p Call has a pointer or an integer wherever \p S reads one, and
/// no operands at all for a mark: the model never reads past what is there.
bool fitsSpelling(const CallBase &Call, const Spelling &S) {
  auto Has = [&](int8_t Index, bool Pointer) {
    if (Index < 0)
      return true;
    if (unsigned(Index) >= Call.arg_size())
      return false;
    Type *Ty = Call.getArgOperand(Index)->getType();
    if (Pointer)
      return Ty->isPointerTy();
    // Sizes, counts and flags are i32 in every portable and AMDGPU
    // spelling: an i64 count would be truncated where it is lowered.
    bool Declared32 =
        S.Form == AsyncOpForm::Portable || S.Form == AsyncOpForm::AMDGPU;
    return Declared32 ? Ty->isIntegerTy(32) : Ty->isIntegerTy();
  };
  // Only the future forms return a value, an i32; a lowered call leaves
  // nothing to take the place of any other result.
  bool ReturnsFuture = S.Name == StringRef("asyncpipe.mark.future") ||
                       S.Name == StringRef("asyncpipe.mark.future.queue") ||
                       S.Name == StringRef("asyncpipe.future.any");
  if (!Call.getType()->isVoidTy() &&
      !(ReturnsFuture && Call.getType()->isIntegerTy(32)))
    return false;
  // A variadic declaration takes anything, and the lowering would take it
  // for the real one; the portable and AMDGPU spellings have fixed types.
  if (Call.getFunctionType()->isVarArg() &&
      (S.Form == AsyncOpForm::Portable || S.Form == AsyncOpForm::AMDGPU))
    return false;
  if (S.Kind == AsyncOpKind::Mark)
    return S.Queue < 0 ? Call.arg_size() == 0
                       : Call.arg_size() == 1 && Has(S.Queue, false);
  // LLVM's llvm.amdgcn.wait.asyncmark takes exactly one i16. Another
  // signature must not be taken for it: rewriting it with the i16 signature
  // breaks the IR verifier. (The stage-mask form of upstream's draft is
  // rewritten before any pass asks, by amdgpu-lower-async-stage-masks.)
  if (S.Kind == AsyncOpKind::Wait && S.Form == AsyncOpForm::AMDGPU)
    return Call.arg_size() == 1 &&
           Call.getArgOperand(0)->getType()->isIntegerTy(16);
  return Has(S.Shared, true) && Has(S.Global, true) && Has(S.Size, false) &&
         Has(S.Count, false) && Has(S.SourceSize, false) &&
         Has(S.Flags, false) && Has(S.Queue, false);
}

Value *operandOrNull(CallBase *Call, int8_t Index) {
  if (!Call || Index < 0 || unsigned(Index) >= Call->arg_size())
    return nullptr;
  return Call->getArgOperand(Index);
}
} // namespace

/// The registered inline-asm recognizers. Filled while the plugin is loaded,
/// before any pass runs, so that reads need no lock.
static SmallVectorImpl<AsyncInlineAsmRecognizer> &getInlineAsmRecognizers() {
  static SmallVector<AsyncInlineAsmRecognizer, 2> Recognizers;
  return Recognizers;
}

void asyncpipe::registerAsyncInlineAsmRecognizer(AsyncInlineAsmRecognizer R) {
  if (none_of(getInlineAsmRecognizers(),
              [&](const AsyncInlineAsmRecognizer &Known) {
                return Known.Recognize == R.Recognize;
              }))
    getInlineAsmRecognizers().push_back(R);
}

static AsyncOp getInlineAsmOp(const CallBase &Call) {
  for (const AsyncInlineAsmRecognizer &R : getInlineAsmRecognizers())
    if (AsyncOp Op = R.Recognize(Call))
      return Op;
  return AsyncOp();
}

AsyncOp AsyncOp::get(const Instruction &I) {
  auto *Call = dyn_cast<CallBase>(&I);
  if (!Call)
    return AsyncOp();
  if (Call->isInlineAsm())
    return getInlineAsmOp(*Call);
  const Function *Callee = Call->getCalledFunction();
  if (!Callee)
    return AsyncOp();
  std::optional<Spelling> S = findSpelling(*Callee);
  if (!S || !fitsSpelling(*Call, *S))
    return AsyncOp();
  AsyncOp Op(S->Kind, S->Form, const_cast<CallBase *>(Call), S->Shared,
             S->Global, S->Size, S->Count);
  Op.SizeInName = S->SizeInName;
  Op.SourceSizeArg = S->SourceSize;
  Op.FlagsArg = S->Flags;
  Op.QueueArg = S->Queue;
  Op.ToGlobal = S->ToGlobal;
  return Op;
}

Value *AsyncOp::getQueueOperand() const {
  return isMark() || isWait() ? operandOrNull(Call, QueueArg) : nullptr;
}

std::optional<unsigned> AsyncOp::getQueue() const {
  if (QueueArg < 0)
    return 0;
  auto *Q = dyn_cast_or_null<ConstantInt>(getQueueOperand());
  if (!Q || Q->getValue().uge(MaxAsyncQueues))
    return std::nullopt;
  return unsigned(Q->getZExtValue());
}

bool asyncpipe::usesAsyncQueues(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && !Call->isInlineAsm() && Call->getCalledFunction() &&
          Call->getCalledFunction()->getName().ends_with("queue")) {
        AsyncOp Op = AsyncOp::get(I);
        if (Op.hasQueueOperand() && Op.getQueue() != 0u)
          return true;
      }
  return false;
}

Value *AsyncOp::getSharedPointer() const {
  return operandOrNull(Call, SharedArg);
}

Value *AsyncOp::getGlobalPointer() const {
  return operandOrNull(Call, GlobalArg);
}

std::optional<uint64_t> AsyncOp::getCopySize() const {
  if (!isCopy())
    return std::nullopt;
  if (SizeInName)
    return SizeInName;
  if (auto *C = dyn_cast_or_null<ConstantInt>(operandOrNull(Call, SizeArg)))
    return C->getZExtValue();
  return std::nullopt;
}

Value *AsyncOp::getSourceSizeOperand() const {
  return isCopy() ? operandOrNull(Call, SourceSizeArg) : nullptr;
}

Value *AsyncOp::getCopyFlagsOperand() const {
  return isCopy() ? operandOrNull(Call, FlagsArg) : nullptr;
}

SmallVector<unsigned, 2> AsyncOp::getImmediateCopyOperandNos() const {
  SmallVector<unsigned, 2> ArgNos;
  if (!isCopy())
    return ArgNos;
  for (int8_t ArgNo : {SizeArg, FlagsArg})
    if (ArgNo >= 0 && unsigned(ArgNo) < Call->arg_size())
      ArgNos.push_back(ArgNo);
  return ArgNos;
}

Value *AsyncOp::getWaitCountOperand() const {
  return isWait() ? operandOrNull(Call, CountArg) : nullptr;
}

std::optional<uint64_t> AsyncOp::getConstantWaitCount() const {
  if (!isWait())
    return std::nullopt;
  if (CountInText >= 0)
    return CountInText;
  if (CountArg < 0)
    return 0;
  if (auto *C = dyn_cast_or_null<ConstantInt>(getWaitCountOperand()))
    return C->getZExtValue();
  return std::nullopt;
}

bool AsyncOp::returnsFuture() const {
  return isMark() && !Call->getType()->isVoidTy();
}

Value *AsyncOp::getFutureOperand() const {
  return isFutureWait() ? operandOrNull(Call, CountArg) : nullptr;
}

bool AsyncOp::alsoWaitsForUncommittedCopies() const {
  return isWait() && Form != AsyncOpForm::Portable && CountArg < 0 &&
         CountInText < 0;
}

StringRef AsyncOp::getName() const {
  if (!Call || !Call->getCalledFunction())
    return "";
  return Call->getCalledFunction()->getName();
}

AsyncSemantics AsyncOp::getSemantics() const {
  if ((Form == AsyncOpForm::NVPTX || Form == AsyncOpForm::NVPTXInlineAsm) &&
      !UnsoundLegacyModelForTesting)
    return AsyncSemantics::Hardware;
  return AsyncSemantics::Activation;
}

/// The rule of AsyncPipe 0.1, kept for -asyncpipe-unsound-legacy-model-for-
/// testing only: an always_inline function was a fragment only when it had
/// marks but no wait or waits but no mark.
static bool hasOwnMarkSequenceLegacy(const Function &F) {
  bool HasMark = false, HasWait = false;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      AsyncOp Op = AsyncOp::get(I);
      HasMark |= Op.isMark();
      HasWait |= Op.isWait() || Op.isFutureWait();
    }
  return HasMark == HasWait;
}

bool asyncpipe::hasOwnMarkSequence(const Function &F) {
  if (!F.hasFnAttribute(Attribute::AlwaysInline))
    return true;
  if (UnsoundLegacyModelForTesting)
    return hasOwnMarkSequenceLegacy(F);
  return false;
}

/// True if \p Callee is an always_inline definition the inliner will inline.
static bool isInlinedFragment(const Function *Callee) {
  return Callee && !Callee->isDeclaration() &&
         Callee->hasFnAttribute(Attribute::AlwaysInline) &&
         !Callee->hasFnAttribute(Attribute::NoInline);
}

static bool
hasAsyncOpsThroughFragments(const Function &F,
                            SmallPtrSetImpl<const Function *> &Visited) {
  if (!Visited.insert(&F).second)
    return false;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (AsyncOp::get(I) || isMalformedAsyncCall(*Call))
        return true;
      if (isInlinedFragment(Call->getCalledFunction()) &&
          hasAsyncOpsThroughFragments(*Call->getCalledFunction(), Visited))
        return true;
    }
  return false;
}

bool asyncpipe::hasAsyncOpsInlined(const Function &F) {
  SmallPtrSet<const Function *, 8> Visited;
  return hasAsyncOpsThroughFragments(F, Visited);
}

bool asyncpipe::moduleHasAsyncFragments(const Module &M) {
  if (!moduleMayHaveAsyncOps(M) || UnsoundLegacyModelForTesting)
    return false;
  for (const Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute(Attribute::AlwaysInline) &&
        hasAsyncOpsInlined(F))
      return true;
  return false;
}

bool asyncpipe::isAsyncFragmentCall(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return !UnsoundLegacyModelForTesting && isInlinedFragment(Callee) &&
         Callee != Call.getFunction() && hasAsyncOpsInlined(*Callee);
}

bool asyncpipe::callsAsyncFragment(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && isAsyncFragmentCall(*Call))
        return true;
  return false;
}

void asyncpipe::noteRemovedHardwareOp(const CallBase &Op) {
  AsyncOp A = AsyncOp::get(Op);
  Function *F = const_cast<Function *>(Op.getFunction());
  // Only intrinsics are recorded: stock llc cannot select them for a target
  // without cp.async, so their removal must not turn that error into success.
  // A removed inline-PTX wait only spares ptxas a rejection.
  if (!A || A.getSemantics() != AsyncSemantics::Hardware || Op.isInlineAsm() ||
      !F || F->getMetadata(RemovedHardwareOpMD))
    return;
  // The verifier allows a DILocation only where it is a location, so the
  // parts are kept: line, column and scope.
  LLVMContext &Ctx = F->getContext();
  SmallVector<Metadata *, 3> Where;
  if (DILocation *Loc = Op.getDebugLoc().get()) {
    Type *I32 = Type::getInt32Ty(Ctx);
    Where = {ConstantAsMetadata::get(ConstantInt::get(I32, Loc->getLine())),
             ConstantAsMetadata::get(ConstantInt::get(I32, Loc->getColumn())),
             Loc->getScope()};
  }
  F->setMetadata(RemovedHardwareOpMD, MDTuple::get(Ctx, Where));
}

void asyncpipe::eraseProvenRedundantOp(CallBase &Op) {
  noteRemovedHardwareOp(Op);
  // The recorder's inline-asm text (AMDGPURecordAsyncWaits.cpp); the old
  // rules knew nothing of records and keep them, so the checker still sees
  // what they delete.
  auto *Next = dyn_cast_or_null<CallBase>(Op.getNextNode());
  auto *Asm = Next ? dyn_cast<InlineAsm>(Next->getCalledOperand()) : nullptr;
  StringRef Record = AsyncOp::get(Op).isMark() ? "; asyncpipe.recorded.mark "
                                               : "; asyncpipe.recorded.wait(";
  if (Asm && !UnsoundLegacyModelForTesting &&
      StringRef(Asm->getAsmString()).starts_with(Record))
    Next->eraseFromParent();
  Op.eraseFromParent();
}

bool asyncpipe::isKernelEntry(const Function &F) {
  switch (F.getCallingConv()) {
  case CallingConv::AMDGPU_KERNEL:
  case CallingConv::PTX_Kernel:
  case CallingConv::SPIR_KERNEL:
    return true;
  default:
    return false;
  }
}

bool asyncpipe::isOpaqueToHardwareCounter(const CallBase &Call) {
  auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand());
  return Asm && StringRef(Asm->getAsmString()).contains("cp.async");
}

bool asyncpipe::isMalformedAsyncCall(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return false;
  std::optional<Spelling> S = findSpelling(*Callee);
  return S && !fitsSpelling(Call, *S);
}

bool asyncpipe::isUnknownAsyncName(StringRef Name) {
  if (Name.starts_with("asyncpipe."))
    return true;
  return Name.starts_with("llvm.amdgcn.") &&
         (Name.contains(".async") || Name.contains("asyncmark"));
}

/// True if \p F's name is one AsyncPipe acts on or diagnoses.
static bool hasAsyncName(const Function &F) {
  StringRef Name = F.getName();
  if (Name.starts_with("llvm.nvvm.cp.async.") ||
      Name.starts_with("__asyncpipe_rt_") || isUnknownAsyncName(Name))
    return true;
  return findSpelling(F).has_value();
}

bool asyncpipe::isAsyncCall(const CallBase &Call) {
  if (Call.isInlineAsm())
    return any_of(getInlineAsmRecognizers(),
                  [&](const AsyncInlineAsmRecognizer &R) {
                    return R.TouchesAsyncState(Call);
                  });
  const Function *Callee = Call.getCalledFunction();
  return Callee && hasAsyncName(*Callee);
}

static bool computeModuleMayHaveAsyncOps(const Module &M) {
  for (const Function &F : M)
    if (hasAsyncName(F))
      return true;
  // Native cp.async written as inline assembly has no declaration to find.
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I);
            Call && isOpaqueToHardwareCounter(*Call))
          return true;
  return false;
}

bool asyncpipe::moduleMayHaveAsyncOps(const Module &M) {
  // The key changes whenever a function is added or removed (which is how an
  // async declaration appears), and names the module beyond its address,
  // which a later module may reuse. Per thread: ThinLTO backends compile
  // modules in parallel. Every part is O(1) to read (the symbol table counts
  // its names; the function list would be walked): passes ask once per
  // function, so anything linear here is quadratic per module.
  struct Key {
    const Module *M = nullptr;
    const LLVMContext *Ctx = nullptr;
    size_t NumNames = 0;
    const Function *First = nullptr, *Last = nullptr;
    std::string Identifier;
    bool Result = false;
  };
  thread_local Key Cached;
  const Function *First = M.empty() ? nullptr : &M.getFunctionList().front();
  const Function *Last = M.empty() ? nullptr : &M.getFunctionList().back();
  if (Cached.M == &M && Cached.Ctx == &M.getContext() &&
      Cached.NumNames == M.getValueSymbolTable().size() &&
      Cached.First == First && Cached.Last == Last &&
      Cached.Identifier == M.getModuleIdentifier())
    return Cached.Result;
  Cached.M = &M;
  Cached.Ctx = &M.getContext();
  Cached.NumNames = M.getValueSymbolTable().size();
  Cached.First = First;
  Cached.Last = Last;
  Cached.Identifier = M.getModuleIdentifier();
  Cached.Result = computeModuleMayHaveAsyncOps(M);
  return Cached.Result;
}
