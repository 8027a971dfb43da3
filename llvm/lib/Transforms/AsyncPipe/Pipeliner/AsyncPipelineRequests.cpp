//===- AsyncPipelineRequests.cpp - Which loops ask to be pipelined --------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The pipeliner's loop metadata: the source annotation turned into loop
// properties, the function's record of its requests (so that a request an
// earlier pass lost gets a remark), what a loop asks for, and the loop IDs
// of the loops the pipeliner makes.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineRequests.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;
using namespace llvm::asyncpipe;

#define DEBUG_TYPE "asyncpipe-pipeline"

namespace llvm {
namespace asyncpipe {

static constexpr StringLiteral MarkerName = "asyncpipe.pipeline";
/// The register-stage marker and its loop property
/// (planRegisterStage, applyRegisterStage).
static constexpr StringLiteral RegistersMarkerName =
    "asyncpipe.pipeline.registers";
/// Function metadata: every request of the function, as !{i32 id, loc?}, so
/// that a request an earlier pass lost with its loop metadata still gets a
/// remark.
static constexpr StringLiteral RequestsKey = "asyncpipe.pipeline.requests";

//===----------------------------------------------------------------------===//
// Loop metadata
//===----------------------------------------------------------------------===//

/// The entry of loop ID \p ID whose first operand is \p Key, if any.
MDNode *findLoopProperty(const MDNode *ID, StringRef Key) {
  return findOptionMDForLoopID(const_cast<MDNode *>(ID), Key);
}

/// The loop-metadata entry whose first operand is \p Key, if any.
static MDNode *findLoopProperty(const Loop &L, StringRef Key) {
  return findLoopProperty(L.getLoopID(), Key);
}

/// The integer operands of a property node, or none if one is not an
/// integer constant.
static std::optional<SmallVector<unsigned, 8>>
readIntegers(const MDNode *Node) {
  SmallVector<unsigned, 8> Values;
  for (const MDOperand &Op : drop_begin(Node->operands())) {
    auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op.get());
    if (!C || C->getZExtValue() > 1024)
      return std::nullopt;
    Values.push_back(C->getZExtValue());
  }
  return Values;
}

/// Replaces the loop's properties named in \p Drop by \p Add, keeping the
/// rest (mustprogress, unroll hints, ...).
static void updateLoopProperties(Loop &L, ArrayRef<StringRef> Drop,
                                 ArrayRef<Metadata *> Add) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  SmallVector<Metadata *, 8> Ops = {nullptr};
  if (MDNode *ID = L.getLoopID())
    for (const MDOperand &Op : drop_begin(ID->operands())) {
      auto *Node = dyn_cast<MDNode>(Op.get());
      auto *Key = Node && Node->getNumOperands()
                      ? dyn_cast<MDString>(Node->getOperand(0))
                      : nullptr;
      if (Key && is_contained(Drop, Key->getString()))
        continue;
      Ops.push_back(Op.get());
    }
  append_range(Ops, Add);
  MDNode *NewID = MDNode::getDistinct(Ctx, Ops);
  NewID->replaceOperandWith(0, NewID);
  L.setLoopID(NewID);
}

static MDNode *makeProperty(LLVMContext &Ctx, StringRef Key,
                            std::optional<unsigned> Value = std::nullopt) {
  SmallVector<Metadata *, 2> Ops = {MDString::get(Ctx, Key)};
  if (Value)
    Ops.push_back(ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(Ctx), *Value)));
  return MDNode::get(Ctx, Ops);
}

/// Adds a request for the loop at \p Loc to \p F's record; returns its id.
static unsigned recordRequest(Function &F, DebugLoc Loc) {
  LLVMContext &Ctx = F.getContext();
  SmallVector<Metadata *, 4> Requests;
  if (MDNode *Old = F.getMetadata(RequestsKey))
    append_range(Requests, Old->operands());
  unsigned ID = Requests.size();
  SmallVector<Metadata *, 2> Entry = {
      ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), ID))};
  if (Loc)
    Entry.push_back(Loc.get());
  Requests.push_back(MDNode::get(Ctx, Entry));
  F.setMetadata(RequestsKey, MDNode::get(Ctx, Requests));
  return ID;
}

// The callable body clang makes of an OpenCL kernel holds the kernel's
// markers too: each is reported once, in the kernel.
static void reportMarkerError(const CallBase &Marker, const Twine &Msg) {
  if (!isOpenCLKernelBody(*Marker.getFunction()))
    reportAsyncError(Marker, Msg);
}

static void reportMarkerWarning(const CallBase &Marker, const Twine &Msg) {
  if (!isOpenCLKernelBody(*Marker.getFunction()))
    reportAsyncWarning(Marker, Msg);
}

/// How the source spells the marker that asks through loop property \p Key.
static StringRef getMarkerSpelling(StringRef Key) {
  return Key == StagesKey ? "asyncpipe_pipeline()"
                          : "asyncpipe_pipeline_registers()";
}

/// Whether \p Marker, asking for \p Count through loop property \p Key, is
/// a request \p L does not carry yet. A repeated marker with the same count
/// is the same request; one with another count, or a marker of the other
/// kind, is an error at the later marker: which one the user meant cannot be
/// told.
static bool isNewRequest(const CallBase &Marker, const Loop &L, StringRef Key,
                         unsigned Count) {
  StringRef OtherKey = Key == StagesKey ? RegistersKey : StagesKey;
  if (findLoopProperty(L, OtherKey)) {
    reportMarkerError(
        Marker, formatv("{0} and {1} are both in this loop (annotations "
                        "'{2}' and '{3}'): async stages are for a loop that "
                        "issues copies, a register stage for a loop of plain "
                        "loads; keep the one that fits",
                        getMarkerSpelling(OtherKey), getMarkerSpelling(Key),
                        OtherKey, Key));
    return false;
  }
  MDNode *Old = findLoopProperty(L, Key);
  if (!Old)
    return true;
  std::optional<SmallVector<unsigned, 8>> OldCount = readIntegers(Old);
  if (OldCount && OldCount->size() == 1 && OldCount->front() == Count)
    return false;
  std::string OldText = OldCount && OldCount->size() == 1
                            ? std::to_string(OldCount->front())
                            : std::string("an invalid count");
  StringRef What = Key == StagesKey ? "stages" : "register stages";
  reportMarkerError(Marker,
                    formatv("{0} asks for {1} {2} but this loop already asks "
                            "for {3} (annotation '{4}'); keep one request per "
                            "loop",
                            getMarkerSpelling(Key), Count, What, OldText, Key));
  return false;
}

/// Records that \p L asks for \p Stages stages, and keeps the unroller away
/// from it until the pipeliner has run.
static void requestStages(Loop &L, unsigned Stages) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  unsigned ID = recordRequest(*L.getHeader()->getParent(), L.getStartLoc());
  updateLoopProperties(L, {StagesKey, "llvm.loop.unroll.disable", RequestKey},
                       {makeProperty(Ctx, StagesKey, Stages),
                        makeProperty(Ctx, "llvm.loop.unroll.disable"),
                        makeProperty(Ctx, RequestKey, ID)});
}

/// Reports each request of \p F whose loop no longer carries it (an earlier
/// pass rebuilt the loop without its metadata, or removed the loop), then
/// forgets the record so that it is reported once.
void remarkLostRequests(Function &F, OptimizationRemarkEmitter &ORE) {
  MDNode *Requests = F.getMetadata(RequestsKey);
  if (!Requests)
    return;
  SmallSet<unsigned, 8> Seen;
  for (const BasicBlock &BB : F)
    if (MDNode *Request = findLoopProperty(
            BB.getTerminator()
                ? BB.getTerminator()->getMetadata(LLVMContext::MD_loop)
                : nullptr,
            RequestKey))
      if (std::optional<SmallVector<unsigned, 8>> IDs = readIntegers(Request))
        if (!IDs->empty())
          Seen.insert(IDs->front());
  for (const MDOperand &Op : Requests->operands()) {
    auto *Entry = cast<MDNode>(Op.get());
    unsigned ID =
        mdconst::extract<ConstantInt>(Entry->getOperand(0))->getZExtValue();
    if (Seen.contains(ID))
      continue;
    DebugLoc Loc;
    if (Entry->getNumOperands() > 1)
      Loc = DebugLoc(dyn_cast<DILocation>(Entry->getOperand(1)));
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "RequestLost", Loc,
                                      &F.getEntryBlock())
             << "loop not pipelined: an earlier optimization rebuilt or "
                "removed the loop that asked for it, and its request with it";
    });
  }
  F.setMetadata(RequestsKey, nullptr);
}

/// True if a loop of \p F may carry a pipelining request: some latch has
/// loop metadata with an asyncpipe.pipeline property, or the function lists
/// requests.
bool hasPipelineLoopMetadata(const Function &F) {
  if (F.getMetadata(RequestsKey))
    return true;
  for (const BasicBlock &BB : F) {
    const Instruction *Term = BB.getTerminator();
    MDNode *LoopID = Term ? Term->getMetadata(LLVMContext::MD_loop) : nullptr;
    if (!LoopID)
      continue;
    for (const MDOperand &Op : drop_begin(LoopID->operands()))
      if (auto *Property = dyn_cast_or_null<MDNode>(Op.get());
          Property && Property->getNumOperands() > 0)
        if (auto *Name = dyn_cast_or_null<MDString>(Property->getOperand(0));
            Name && Name->getString().starts_with("asyncpipe.pipeline"))
          return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The source annotation
//===----------------------------------------------------------------------===//

static bool isRegistersMarker(const CallBase &Marker) {
  return Marker.getCalledFunction()->getName() == RegistersMarkerName;
}

/// The marker calls of \p F.
static SmallVector<CallBase *, 4> collectMarkers(Function &F) {
  SmallVector<CallBase *, 4> Markers;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction();
          Callee && (Callee->getName() == MarkerName ||
                     Callee->getName() == RegistersMarkerName))
        Markers.push_back(Call);
  return Markers;
}

/// The stage count \p Marker asks for, or none after reporting that it is
/// not a constant in range.
static std::optional<unsigned> readMarkerStages(CallBase &Marker) {
  auto *Stages = Marker.arg_size() == 1
                     ? dyn_cast<ConstantInt>(Marker.getArgOperand(0))
                     : nullptr;
  if (Stages && !Stages->isNegative() && !Stages->isZero() &&
      Stages->getZExtValue() <= MaxPipelineStages)
    return Stages->getZExtValue();
  if (isRegistersMarker(Marker))
    reportMarkerError(Marker, "asyncpipe_pipeline_registers() needs a "
                              "compile-time stage count (2: the loads one "
                              "iteration ahead)");
  else
    reportMarkerError(Marker, formatv("asyncpipe_pipeline() needs a "
                                      "compile-time stage count from 1 to {0}",
                                      MaxPipelineStages));
  return std::nullopt;
}

/// The innermost loop around \p Marker, or null after warning that there is
/// none.
static Loop *getMarkedLoop(CallBase &Marker, const LoopInfo &LI) {
  if (Loop *L = LI.getLoopFor(Marker.getParent()))
    return L;
  reportMarkerWarning(Marker, isRegistersMarker(Marker)
                                  ? "asyncpipe_pipeline_registers() is not "
                                    "inside a loop; ignored"
                                  : "asyncpipe_pipeline() is not inside a "
                                    "loop; ignored");
  return nullptr;
}

/// Turns the marker calls of \p F into loop metadata; returns true if any.
/// A register-stage marker becomes its loop's property, which the unroller
/// then leaves alone.
bool consumePipelineMarkers(Function &F, LoopInfo &LI) {
  SmallVector<CallBase *, 4> Markers = collectMarkers(F);
  for (CallBase *Marker : Markers) {
    std::optional<unsigned> Stages = readMarkerStages(*Marker);
    Loop *L = Stages ? getMarkedLoop(*Marker, LI) : nullptr;
    bool Registers = isRegistersMarker(*Marker);
    if (L && isNewRequest(*Marker, *L, Registers ? RegistersKey : StagesKey,
                          *Stages)) {
      if (Registers) {
        LLVMContext &Ctx = Marker->getContext();
        updateLoopProperties(*L, {RegistersKey, "llvm.loop.unroll.disable"},
                             {makeProperty(Ctx, RegistersKey, *Stages),
                              makeProperty(Ctx, "llvm.loop.unroll.disable")});
      } else {
        requestStages(*L, *Stages);
      }
    }
    Marker->eraseFromParent();
  }
  return !Markers.empty();
}

bool dropLatePipelineMarkers(
    Module &M, function_ref<OptimizationRemarkEmitter &(Function &)> GetORE) {
  SetVector<Function *> Marked;
  for (StringRef Name : {MarkerName, RegistersMarkerName})
    if (Function *Decl = M.getFunction(Name))
      for (User *U : Decl->users())
        if (auto *Call = dyn_cast<CallBase>(U);
            Call && Call->getCalledOperand() == Decl)
          Marked.insert(Call->getFunction());
  for (Function *F : Marked) {
    // Only to tell a marker outside any loop, as the annotation pass does.
    DominatorTree DT(*F);
    LoopInfo LI(DT);
    OptimizationRemarkEmitter &ORE = GetORE(*F);
    for (CallBase *Marker : collectMarkers(*F)) {
      std::optional<unsigned> Stages = readMarkerStages(*Marker);
      // An OpenCL kernel's callable body repeats the kernel's markers.
      if (Stages && getMarkedLoop(*Marker, LI) && !isOpenCLKernelBody(*F))
        ORE.emit([&] {
          return OptimizationRemarkMissed(DEBUG_TYPE, "RequestAfterOptimizer",
                                          Marker)
                 << "loop not pipelined: "
                 << (isRegistersMarker(*Marker) ? "asyncpipe_pipeline_"
                                                  "registers("
                                                : "asyncpipe_pipeline(")
                 << ore::NV("Stages", *Stages)
                 << ") reached code generation, but the pipeliner runs in "
                    "the optimizer; compile with clang -O1 or higher and "
                    "-fpass-plugin=AsyncPipe.so, or run opt "
                    "-passes='default<O2>' with the plugin before llc";
        });
      Marker->eraseFromParent();
    }
  }
  return !Marked.empty();
}

//===----------------------------------------------------------------------===//
// Which loops, and the remarks
//===----------------------------------------------------------------------===//

/// True if \p L issues an async copy itself (not only in an inner loop).
static bool hasOwnAsyncCopy(const Loop &L, const LoopInfo &LI) {
  for (BasicBlock *BB : L.blocks())
    if (LI.getLoopFor(BB) == &L)
      for (Instruction &I : *BB)
        if (AsyncOp::get(I).isCopy())
          return true;
  return false;
}

/// What \p L asks for, or none if it does not ask to be pipelined.
std::optional<PipelineRequest> readRequest(const Loop &L, const LoopInfo &LI,
                                           unsigned DefaultStages) {
  if (findLoopProperty(L, DoneKey))
    return std::nullopt;
  PipelineRequest Request;
  if (MDNode *Stage = findLoopProperty(L, StageKey)) {
    std::optional<SmallVector<unsigned, 8>> Stages = readIntegers(Stage);
    std::optional<SmallVector<unsigned, 8>> Order;
    if (MDNode *OrderNode = findLoopProperty(L, OrderKey))
      Order = readIntegers(OrderNode);
    else
      Order.emplace();
    std::optional<SmallVector<unsigned, 8>> Async;
    MDNode *AsyncNode = findLoopProperty(L, AsyncStagesKey);
    if (AsyncNode)
      Async = readIntegers(AsyncNode);
    assert(Stages && Order && (!AsyncNode || Async) &&
           "invalid schedule annotations are rejected first");
    Request.Explicit.Stage = *Stages;
    Request.Explicit.Order = *Order;
    if (AsyncNode) {
      Request.Explicit.AsyncStages = *Async;
      Request.Explicit.HasAsyncStages = true;
    }
    return Request;
  }
  if (MDNode *StagesNode = findLoopProperty(L, StagesKey)) {
    std::optional<SmallVector<unsigned, 8>> Stages = readIntegers(StagesNode);
    assert(Stages && Stages->size() == 1 &&
           "invalid stage counts are rejected first");
    Request.Stages = (*Stages)[0];
    return Request;
  }
  if (DefaultStages && hasOwnAsyncCopy(L, LI)) {
    Request.Stages = std::min(DefaultStages, MaxPipelineStages);
    return Request;
  }
  return std::nullopt;
}

/// The loop ID of a loop the pipeliner made: the original's properties
/// except its own (a request becomes "done", so neither loop is pipelined
/// again; the request's id stays for remarkLostRequests), plus those of the
/// user's follow-up properties asyncpipe.pipeline.followup_all and
/// asyncpipe.pipeline.followup_<Which> (as llvm.loop.*.followup_* work for
/// LLVM's own loop transformations).
MDNode *makePipelinedLoopID(MDNode *Orig, StringRef Which, LLVMContext &Ctx) {
  std::string Followup = ("asyncpipe.pipeline.followup_" + Which).str();
  std::optional<MDNode *> ID =
      makeFollowupLoopID(Orig, {"asyncpipe.pipeline.followup_all", Followup},
                         "asyncpipe.pipeline.", /*AlwaysNew=*/true);
  SmallVector<Metadata *, 8> Ops = {nullptr};
  if (ID && *ID)
    append_range(Ops, drop_begin((*ID)->operands()));
  if (MDNode *Request = findLoopProperty(Orig, RequestKey))
    Ops.push_back(Request);
  Ops.push_back(makeProperty(Ctx, DoneKey));
  MDNode *New = MDNode::getDistinct(Ctx, Ops);
  New->replaceOperandWith(0, New);
  return New;
}

void dropRequest(Loop &L) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  SmallVector<Metadata *, 8> Ops = {nullptr};
  for (const MDOperand &Op : drop_begin(L.getLoopID()->operands())) {
    auto *Node = dyn_cast<MDNode>(Op.get());
    auto *Key = Node && Node->getNumOperands()
                    ? dyn_cast<MDString>(Node->getOperand(0))
                    : nullptr;
    // The request's id stays so that remarkLostRequests does not report
    // the request as lost.
    if (!Key || !Key->getString().starts_with("asyncpipe.pipeline") ||
        Key->getString() == RequestKey)
      Ops.push_back(Op.get());
  }
  Ops.push_back(makeProperty(Ctx, DoneKey));
  MDNode *ID = MDNode::getDistinct(Ctx, Ops);
  ID->replaceOperandWith(0, ID);
  L.setLoopID(ID);
}

void markPipelined(Loop &L) {
  L.setLoopID(makePipelinedLoopID(L.getLoopID(), "pipelined",
                                  L.getHeader()->getContext()));
}

bool opensPipelineRequest(const Instruction &I) {
  if (const auto *Call = dyn_cast<CallBase>(&I))
    if (const Function *Callee = Call->getCalledFunction();
        Callee && (Callee->getName() == MarkerName ||
                   Callee->getName() == RegistersMarkerName))
      return true;
  const MDNode *ID = I.getMetadata(LLVMContext::MD_loop);
  return (findLoopProperty(ID, StagesKey) && !findLoopProperty(ID, DoneKey)) ||
         findLoopProperty(ID, RegistersKey);
}

} // namespace asyncpipe
} // namespace llvm
