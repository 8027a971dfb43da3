//===- AsyncPipelineBuffers.cpp - The buffers a pipelined loop fills -----===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The shared buffers the groups of a pipelined loop fill: which objects they
// are, that every access to them lies in the loop (so each can move to the
// version of its iteration), that reads follow their copy and a wait, and
// how many versions each needs.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelinePlanner.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::pipeliner;

std::optional<unsigned> PipelinePlanner::findBuffer(const Value *Obj) const {
  for (unsigned Idx = 0; Idx != Sched.Buffers.size(); ++Idx)
    if (Sched.Buffers[Idx].Object == Obj)
      return Idx;
  return std::nullopt;
}

bool PipelinePlanner::findBuffers() {
  const DataLayout &DL = L.getHeader()->getDataLayout();
  for (unsigned StmtIdx = 0; StmtIdx != Sched.Statements.size(); ++StmtIdx) {
    for (CallBase *Copy : Sched.Statements[StmtIdx].Copies) {
      // cp.async written as inline PTX may take a 32-bit shared address, not
      // a pointer: its buffer cannot be multi-buffered.
      Value *Shared = AsyncOp::get(*Copy).getSharedPointer();
      if (!Shared || !Shared->getType()->isPointerTy())
        return fail("CopyDestinationNotPointer",
                    "an async copy's shared-memory destination is not a "
                    "pointer (cp.async written as inline PTX): use the "
                    "AsyncPipe copy API in loops to pipeline");
      // Read-ahead is proven on the source's memory, which a <4 x i32>
      // buffer resource does not name as a pointer.
      if (!AsyncOp::get(*Copy).getGlobalPointer())
        return fail("CopySourceNotPointer",
                    "an async copy's source is not a pointer (a <4 x i32> "
                    "buffer resource): use the ptr addrspace(8) buffer form "
                    "in loops to pipeline");
      Value *Obj = getUnderlyingObject(Shared, /*MaxLookup=*/0);
      if (std::optional<unsigned> Known = findBuffer(Obj)) {
        if (Sched.Buffers[*Known].Producer != StmtIdx)
          return fail(
              "BufferFilledTwice",
              formatv("the buffer {0} is filled by two groups", describe(Obj)));
        continue;
      }
      PipelineBuffer Buffer;
      Buffer.Object = Obj;
      Buffer.Producer = StmtIdx;
      if (auto *GV = dyn_cast<GlobalVariable>(Obj)) {
        // Every read follows a copy, so the grown buffer may start undefined
        // or zeroed like the original, but other contents would be lost.
        if (!GV->hasLocalLinkage() || GV->isConstant() ||
            !GV->hasInitializer() ||
            !(isa<UndefValue>(GV->getInitializer()) ||
              GV->getInitializer()->isNullValue()))
          return fail("BufferNotGrowable",
                      formatv("the buffer {0} cannot be grown: only internal "
                              "globals that are uninitialized or zeroed can "
                              "be multi-buffered",
                              describe(GV)));
        Buffer.Ty = GV->getValueType();
      } else if (auto *AI = dyn_cast<AllocaInst>(Obj);
                 AI && AI->isStaticAlloca()) {
        Buffer.Ty = AI->getAllocatedType();
      } else {
        return fail("CopyDestinationNotBuffer",
                    formatv("the destination of the async copy {0} is not a "
                            "buffer that can be grown (a global or alloca)",
                            describe(Copy)));
      }
      Buffer.Bytes = DL.getTypeAllocSize(Buffer.Ty);
      Sched.Buffers.push_back(Buffer);
      if (!collectAccesses(Sched.Buffers.size() - 1))
        return false;
    }
  }
  return true;
}

// Another function may use the same global (OpenCL's kernel and its callable
// copy, __clang_ocl_kern_imp_*): this function then gets a grown buffer of its
// own, which is only right if nothing else can see what it holds: nobody
// calls this function and it calls nothing that touches memory.
bool PipelinePlanner::checkPrivateToFunction(const PipelineBuffer &Buffer) {
  Function &F = *L.getHeader()->getParent();
  if (!F.use_empty())
    return fail("BufferSharedWithCaller",
                formatv("the buffer {0} is also used by other functions and "
                        "'{1}' is called, so it cannot get a grown copy of its "
                        "own",
                        describe(Buffer.Object), F.getName()));
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || AsyncOp::get(I) ||
          classifySync(I, Target) != SyncKind::None ||
          isa<IntrinsicInst>(Call) || Call->doesNotAccessMemory())
        continue;
      return fail("BufferSharedWithCallee",
                  formatv("the buffer {0} is also used by other functions, "
                          "which {1} may reach",
                          describe(Buffer.Object), describeSync(*Call)));
    }
  return true;
}

// Every pointer derived from a buffer must end in an access inside the loop:
// a load, or an async copy's source or destination. The transform moves each
// of them to the buffer version of its iteration.
bool PipelinePlanner::collectAccesses(unsigned BufferIdx) {
  PipelineBuffer &Buffer = Sched.Buffers[BufferIdx];
  std::string Name = describe(Buffer.Object);
  SmallVector<Value *, 8> Worklist = {Buffer.Object};
  SmallPtrSet<Value *, 16> Seen;
  while (!Worklist.empty()) {
    Value *Ptr = Worklist.pop_back_val();
    if (!Seen.insert(Ptr).second)
      continue;
    for (Use &U : Ptr->uses()) {
      User *Usr = U.getUser();
      if (auto *CE = dyn_cast<ConstantExpr>(Usr)) {
        if (!CE->isCast() && CE->getOpcode() != Instruction::GetElementPtr)
          return fail("BufferInConstantExpr",
                      formatv("the buffer {0} is used in a constant "
                              "expression the pipeliner cannot follow",
                              Name));
        Worklist.push_back(CE);
        continue;
      }
      auto *I = dyn_cast<Instruction>(Usr);
      if (!I)
        return fail(
            "BufferOutsideFunction",
            formatv("the buffer {0} is used outside any function", Name));
      if (I->getFunction() != L.getHeader()->getParent()) {
        Buffer.UsedByOtherFunctions = true;
        continue;
      }
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(I)) {
        Worklist.push_back(I);
        continue;
      }
      // Lifetime markers move to the grown alloca with the rest.
      if (auto *II = dyn_cast<IntrinsicInst>(I);
          II && II->isLifetimeStartOrEnd())
        continue;
      bool InLoop = L.contains(I);
      AsyncOp Op = AsyncOp::get(*I);
      if (auto *Load = dyn_cast<LoadInst>(I); Load && Load->isSimple()) {
        if (!InLoop)
          return fail("BufferReadOutsideLoop",
                      formatv("the buffer {0} is read outside the loop, so "
                              "it cannot be grown",
                              Name));
      } else if (Op.isCopy() && InLoop &&
                 (U.get() == Op.getGlobalPointer() ||
                  U.get() == Op.getSharedPointer())) {
        if (U.get() == Op.getSharedPointer() &&
            StatementOf.lookup(I) != Buffer.Producer)
          return fail("BufferFilledTwice",
                      formatv("the buffer {0} is filled by two groups", Name));
      } else if (isa<StoreInst>(I) &&
                 U.getOperandNo() == StoreInst::getPointerOperandIndex()) {
        return fail("BufferStored",
                    formatv("the buffer {0} is written by a store; only "
                            "async copies may fill a pipelined buffer",
                            Name));
      } else {
        return fail("BufferOtherUse",
                    formatv("the buffer {0} is used by {1} {2}; the "
                            "pipeliner cannot multi-buffer it",
                            Name, describe(I),
                            InLoop ? "in the loop" : "outside the loop"));
      }
      Buffer.Accesses.push_back({I, StatementOf.lookup(I), U.getOperandNo()});
    }
  }
  return !Buffer.UsedByOtherFunctions || checkPrivateToFunction(Buffer);
}

// A read of a buffer must come after the group that fills it, with a wait in
// between; a read before the copy would see the previous iteration's data,
// which multi-buffering would change.
bool PipelinePlanner::checkReadsAreWaited() {
  for (const PipelineBuffer &Buffer : Sched.Buffers) {
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      if (A.Statement == Buffer.Producer && AsyncOp::get(*A.I).isCopy() &&
          A.I->getOperand(A.OperandNo) == AsyncOp::get(*A.I).getSharedPointer())
        continue;
      if (A.Statement <= Buffer.Producer)
        return fail("ReadBeforeFill",
                    formatv("{0} reads the buffer {1} before the copy that "
                            "fills it in the same iteration: a consumer "
                            "aliases a producer across iterations",
                            describe(A.I), describe(Buffer.Object)));
      bool Waited = false;
      for (unsigned S = Buffer.Producer + 1; S <= A.Statement; ++S)
        Waited |= Sched.Statements[S].Wait != nullptr;
      if (!Waited)
        return fail("ReadNotWaited",
                    formatv("{0} reads the buffer {1} without a wait for "
                            "the copy that fills it",
                            describe(A.I), describe(Buffer.Object)));
    }
  }
  return true;
}

// The stage in which an access is done with its buffer version: a load at
// once, an async copy reading the buffer only at the first wait that covers
// its group, i.e. in the earliest stage that consumes what it copied.
std::optional<unsigned>
PipelinePlanner::getReleaseStage(const PipelineBuffer::Access &A) const {
  const PipelineStatement &Reader = Sched.Statements[A.Statement];
  if (!AsyncOp::get(*A.I).isCopy())
    return Reader.Stage;
  std::optional<unsigned> Release;
  for (const PipelineBuffer &Filled : Sched.Buffers) {
    if (Filled.Producer != A.Statement)
      continue;
    for (const PipelineBuffer::Access &Use : Filled.Accesses)
      if (Use.Statement != A.Statement)
        Release = std::min(Release.value_or(~0u),
                           Sched.Statements[Use.Statement].Stage);
  }
  return Release;
}

bool PipelinePlanner::sizeBuffers() {
  for (PipelineBuffer &Buffer : Sched.Buffers) {
    const PipelineStatement &Producer = Sched.Statements[Buffer.Producer];
    // No wait would cover a group nobody reads, and it could still be in
    // flight after the loop.
    if (none_of(Buffer.Accesses, [&](const PipelineBuffer::Access &A) {
          return A.Statement != Buffer.Producer;
        }))
      return fail("BufferNeverRead",
                  formatv("the buffer {0} is filled but never read in the "
                          "loop",
                          describe(Buffer.Object)));
    for (const PipelineBuffer::Access &A : Buffer.Accesses) {
      const PipelineStatement &Reader = Sched.Statements[A.Statement];
      if (A.Statement == Buffer.Producer)
        continue;
      if (Reader.Stage < Producer.Stage ||
          (Reader.Stage == Producer.Stage && Reader.Order < Producer.Order))
        return fail("ReadBeforeFillInSchedule",
                    formatv("statement {0} reads the buffer {1} before "
                            "statement {2} fills it in the schedule",
                            A.Statement, describe(Buffer.Object),
                            Buffer.Producer));
      std::optional<unsigned> FreeStage = getReleaseStage(A);
      if (!FreeStage)
        return fail("CopyReadNotWaited",
                    formatv("the async copy {0} reads the buffer {1} but "
                            "nothing in the loop waits for that copy",
                            describe(A.I), describe(Buffer.Object)));
      Buffer.Versions =
          std::max(Buffer.Versions, countVersions(Producer.Stage, *FreeStage));
    }
    if (Buffer.Bytes * Buffer.Versions > (uint64_t(1) << 31))
      return fail("BufferTooLarge",
                  formatv("the buffer {0} would grow beyond 2 GiB",
                          describe(Buffer.Object)));
  }
  return true;
}
