//===- AMDGPUCheckAsyncWaitsDataflow.cpp - One lane's waits, proven -------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The analysis behind amdgpu-check-async-waits: for every number m of marks,
// the youngest async DMA of one lane still possibly in flight that at least m
// marks follow, as the number of counter events issued after it, computed
// over the final machine code by a forward dataflow, then every wait checked
// against it (AMDGPUCheckAsyncWaits.cpp says what is checked and why it is
// sound; AMDGPUCheckAsyncWaitsReports.cpp what a failure reports).
//
// Termination. A block's end state is a set of lane states joined into
// (joinState): a lane is its EXEC bit and a partial assignment of bits, each
// possibly marked uniform, to the function's physical registers, a finite
// set (flow booleans add nothing else to it), and its value is one
// count per level in [0, Saturation] or Done. Each sweep only adds lanes or
// lowers counts, so a block's state changes at most (lanes x Levels x
// (Saturation + 2)) times and the sweeps reach a fixed point. More than
// MaxLaneStates lanes at a block start are merged into their EXEC bit
// alone, which keeps the sets small. A hard bound
// (-amdgpu-check-async-waits-max-sweeps) falls back, with a remark, to the
// wave-level check: one lane, always active, whose counts only descend.
// Worst shapes: CodeGen/AMDGPU/async-check-termination.ll.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsync.h"
#include "AMDGPUCheckAsyncWaits.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"
#include <numeric>

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu::checker;

static cl::opt<bool> WaveLevel(
    "amdgpu-check-async-waits-wave-level", cl::Hidden,
    cl::desc("Check every wait as if every lane ran every instruction (the "
             "checker before it followed lanes): stricter, with false "
             "reports on structurized divergent branches"));
static cl::opt<bool> DataflowStats(
    "amdgpu-check-async-waits-dataflow-stats", cl::init(false), cl::Hidden,
    cl::desc("Print, per check, the sweeps of the async wait checker's "
             "dataflow and the blocks they stepped (exact work counts for "
             "tests)"));
static cl::opt<unsigned> MaxSweeps(
    "amdgpu-check-async-waits-max-sweeps", cl::init(1000), cl::Hidden,
    cl::desc("Sweeps of the checker's per-lane analysis of a function before "
             "it falls back to the wave-level check, with a remark"));

/// A block reached by more lane states than this forgets their mask bits.
/// Flow booleans keep more states apart: the loops of random seed 683
/// (exit guards in a divergent loop) reach 48 at a block, and random seed
/// 4075 (gfx1250: switches and an irreducible region in a divergent loop)
/// more than 128; forgetting the bits there brings back a false report. The
/// bound only has to keep the sets finite and small enough to be quick.
static cl::opt<unsigned> MaxLaneStates(
    "amdgpu-check-async-waits-max-lane-states", cl::init(1024), cl::Hidden,
    cl::desc("Lane states at a block start above which the async wait "
             "checker forgets their mask bits (testing)"));

unsigned asyncpipe::amdgpu::checker::getMaxLaneStates() {
  return MaxLaneStates;
}

//===----------------------------------------------------------------------===//
// One lane's view of the execution mask.
//===----------------------------------------------------------------------===//
//
// Copies, marks and waits belong to a work-item, a lane; but AMDGPU runs
// both sides of a divergent branch one after the other, EXEC narrowed to
// each side's lanes. A wave-level walk of the machine CFG follows the flow
// edge from one side into the other and counts the first side's copies and
// marks against the second side's waits, which no lane executes both of
// (LLVM's SimplifyCFG hoisting a wait(0) that starts both sides leaves such
// a pair of records behind). So the checker follows one lane: whether it is
// active (its EXEC bit), and its bit of each scalar register that holds a
// mask derived from EXEC, forking where its EXEC bit depends on data.
//
// What a lane does counts only where it is active: an async copy, a mark, a
// call and a recorded or emitted wait are its own only there. What the wave
// does counts everywhere: every vector-memory event is counted in issue
// order whatever EXEC is, and an s_waitcnt, a scalar instruction, retires
// the whole wave's events. With the lane always active this is exactly the
// wave-level check (-amdgpu-check-async-waits-wave-level), so the lane view
// only drops pairs of instructions no single lane executes both of; a lane
// that runs a copy and then a too-weak wait is still caught.
//
// Soundness: every real trajectory of a lane is among those followed as long
// as each bit the checker believes is the real one. A bit is believed only
// when an instruction modelled below (moves, bitwise operations, the
// save-exec and write-exec forms, v_cmpx) computes it from believed bits,
// exact immediates (0, all ones) or EXEC itself. Any other write to a
// register (another instruction, a call's register mask, a write to part of
// it) makes its bit unknown. Where an unknown bit decides EXEC, the lane
// forks on that bit, one copy for each value, and each copy computes its
// EXEC from it: a lane that leaves a divergent loop ("exec &= ~break", the
// break mask built from a compare) keeps the break bit that deactivated it,
// and is active again where the loop's exit restores "exec |= break". Had
// it forked on EXEC alone, the inactive copy would not know why, and could
// be followed as a lane that stayed in the loop and later skipped the exit
// block, copies and all (CodeGen/AMDGPU/async-check-loop-exit.ll). Either
// way every real value of the bit is followed. Forgetting a bit only adds
// trajectories, so the checker also forgets the bits of registers not live
// into a block, and every bit (keeping EXEC) at a block reached by more
// than MaxLaneStates distinct lane states.
//
// Flow booleans. The structurizer routes a branch through Flow blocks that
// test a scalar register set to -1 or 0 on each incoming path ("s_mov_b32
// s0, -1" in the entry, "s_mov_b32 s0, 0" on the else side, then in Flow
// "s_andn2_b32 vcc_lo, exec_lo, s0; s_cbranch_vccnz"), and a walk of the
// machine CFG follows paths those values exclude: the else side into the
// then side, counting both sides' marks (Random/randir-seed616-*.ll), or a
// loop exit guard that skips the block holding the wait
// (Random/randir-seed683-*.ll). So a known bit also says whether it is
// uniform, every lane's bit the same: an immediate 0 or -1 is, EXEC is not,
// and a bitwise operation is when its uniform operands alone decide it (an
// AND with a uniform 0). s_cselect picks its operand by a known SCC; where
// SCC depends on data (a compare of a kernel argument) and both operands are
// known, the lane splits on SCC, the wave's one bit, so a boolean computed
// once before a loop and tested on every trip decides every trip the same
// way: an early exit on it is taken on the first trip or never (random seed
// 79608, CodeGen/AMDGPU/async-check-invariant-exit.ll). A bitwise
// operation's SCC ("the result is not zero") is known when its result is
// uniform. A lane leaves a block only along the edges its known
// values allow (edgeFeasible): s_cbranch_vccnz is surely taken when the
// lane's own VCC bit is set and surely not when VCC is a uniform 0;
// s_cbranch_execnz is surely taken when the lane is active; s_cbranch_scc1
// by SCC; the z forms the other way round. Anything unknown, and any other
// branch or edge, is followed both ways. Soundness is the argument above:
// an edge is dropped only when the believed bits say no real lane state
// takes it, and the bits are believed only as they are exactly computed.

static bool evalLogic(MaskLogic L, bool A, bool B) {
  switch (L) {
  case MaskLogic::And:
    return A && B;
  case MaskLogic::Or:
    return A || B;
  case MaskLogic::Xor:
    return A != B;
  case MaskLogic::AndN2:
    return A && !B;
  case MaskLogic::OrN2:
    return A || !B;
  case MaskLogic::Nand:
    return !(A && B);
  case MaskLogic::Nor:
    return !(A || B);
  case MaskLogic::Xnor:
    return A == B;
  case MaskLogic::AndN1:
    return !A && B;
  case MaskLogic::OrN1:
    return !A || B;
  }
  llvm_unreachable("unknown logic");
}

Bit asyncpipe::amdgpu::checker::applyLogic(MaskLogic L, Bit A, Bit B) {
  bool Seen[2] = {false, false};
  for (bool VA : {false, true})
    for (bool VB : {false, true})
      if ((A == Bit::Unknown || (A == Bit::One) == VA) &&
          (B == Bit::Unknown || (B == Bit::One) == VB))
        Seen[evalLogic(L, VA, VB)] = true;
  return Seen[0] && Seen[1] ? Bit::Unknown : toBit(Seen[1]);
}

Val asyncpipe::amdgpu::checker::applyLogic(MaskLogic L, Val A, Val Bv) {
  Bit W = applyLogic(L, A.Uniform ? A.B : Bit::Unknown,
                     Bv.Uniform ? Bv.B : Bit::Unknown);
  if (W != Bit::Unknown)
    return {W, true};
  return {applyLogic(L, A.B, Bv.B), false};
}

bool asyncpipe::amdgpu::checker::joinState(LaneStates &States, const Lane &L,
                                           const InFlight &S) {
  auto It = llvm::lower_bound(States, L,
                              [](const std::pair<Lane, InFlight> &E,
                                 const Lane &K) { return E.first < K; });
  if (It == States.end() || !(It->first == L)) {
    States.insert(It, {L, S});
    return true;
  }
  bool Changed = false;
  for (unsigned M = 0, E = S.size(); M != E; ++M)
    if (S[M] < It->second[M]) {
      It->second[M] = S[M];
      Changed = true;
    }
  return Changed;
}

static bool laneLess(const std::pair<Lane, InFlight> &A,
                     const std::pair<Lane, InFlight> &B) {
  return A.first < B.first;
}

/// Lowers \p Into's counts to \p From's where smaller; returns whether any
/// was.
static bool lowerCounts(InFlight &Into, const InFlight &From) {
  bool Changed = false;
  for (unsigned M = 0, E = From.size(); M != E; ++M)
    if (From[M] < Into[M]) {
      Into[M] = From[M];
      Changed = true;
    }
  return Changed;
}

void asyncpipe::amdgpu::checker::normalizeStates(LaneStates &States) {
  if (States.size() < 2)
    return;
  // Often already a set: most lanes step to themselves, in order.
  if (llvm::adjacent_find(States, [](const auto &A, const auto &B) {
        return !laneLess(A, B);
      }) == States.end())
    return;
  // Sorted by index, so that each entry (a lane and its counts) moves once.
  SmallVector<unsigned, 64> Order(States.size());
  std::iota(Order.begin(), Order.end(), 0u);
  llvm::sort(Order, [&](unsigned A, unsigned B) {
    return laneLess(States[A], States[B]);
  });
  LaneStates Set;
  Set.reserve(States.size());
  for (unsigned I : Order) {
    if (!Set.empty() && Set.back().first == States[I].first)
      lowerCounts(Set.back().second, States[I].second);
    else
      Set.push_back(std::move(States[I]));
  }
  States = std::move(Set);
}

bool asyncpipe::amdgpu::checker::joinStates(LaneStates &Into,
                                            LaneStates &&From) {
  if (From.empty())
    return false;
  if (Into.empty()) {
    Into = std::move(From);
    return true;
  }
  LaneStates Merged;
  Merged.reserve(Into.size() + From.size());
  bool Changed = false;
  auto A = Into.begin(), AE = Into.end();
  auto B = From.begin(), BE = From.end();
  while (A != AE || B != BE) {
    if (B == BE || (A != AE && A->first < B->first)) {
      Merged.push_back(std::move(*A++));
    } else if (A == AE || B->first < A->first) {
      Merged.push_back(std::move(*B++));
      Changed = true;
    } else {
      Changed |= lowerCounts(A->second, B->second);
      Merged.push_back(std::move(*A++));
      ++B;
    }
  }
  Into = std::move(Merged);
  return Changed;
}

/// A program's entry point (a kernel or a graphics shader) starts with
/// nothing in flight: nothing ran before it.
static bool isEntryPoint(const Function &F) {
  switch (F.getCallingConv()) {
  case CallingConv::AMDGPU_KERNEL:
  case CallingConv::SPIR_KERNEL:
  case CallingConv::AMDGPU_PS:
  case CallingConv::AMDGPU_VS:
  case CallingConv::AMDGPU_GS:
  case CallingConv::AMDGPU_HS:
  case CallingConv::AMDGPU_ES:
  case CallingConv::AMDGPU_LS:
  case CallingConv::AMDGPU_CS:
    return true;
  default:
    return false;
  }
}

Checker::Checker(MachineFunction &MF, const OpcodeTable &Ops,
                 const MarkerFamily &Family, Queue Q, int64_t Activation)
    : MF(MF), Ops(Ops), Family(Family), Q(Q), Activation(Activation),
      TRI(*MF.getSubtarget().getRegisterInfo()) {
  AMDGPU::IsaVersion V = AMDGPU::getIsaVersion(MF.getSubtarget().getCPU());
  Major = V.Major;
  AsyncCounter = hasAsyncCounter(V);
  WaitcntField = getWaitcntField(Major);
  WaitLoadcntField = getWaitLoadcntField(Major);
  const LoadCountField *Any =
      WaitcntField ? &*WaitcntField
                   : (WaitLoadcntField ? &*WaitLoadcntField : nullptr);
  // No wait can tell more than "at least limit() newer loads".
  Saturation = Q == Queue::Tensor ? WaitTensorcntField.limit()
               : AsyncCounter     ? WaitAsynccntField.limit()
                                  : (Any ? Any->limit() : 1);
  bool Wave32 = MF.getSubtarget().checkFeatures("+wavefrontsize32");
  ExecReg = Wave32 ? Ops.execLo() : Ops.exec();
  // A wave32's lanes are all in EXEC_LO; its save-exec and v_cmpx forms
  // still name all of EXEC as written.
  ExecAlias = Wave32 ? Ops.exec() : ExecReg;
  WaveMask = Wave32 ? 0xffffffffu : ~uint64_t(0);
  LaneAware = !WaveLevel;
}

void Checker::age(InFlight &S) const {
  for (unsigned &N : S)
    if (N != Done)
      N = std::min(N + 1, Saturation);
}

void Checker::retire(InFlight &S, unsigned AllowedOutstanding) const {
  for (unsigned &N : S)
    if (N != Done && N >= AllowedOutstanding)
      N = Done;
}

/// Returns whether \p MI leaves a DMA of the lane in flight, the newest.
bool Checker::step(const MachineInstr &MI, InFlight &S, bool Active) const {
  if (MI.isBundle())
    return false; // Its members come next, one by one.
  if (isMark(MI, Family, Activation)) {
    // Every DMA of this lane in flight gains one mark after it.
    if (Active)
      for (unsigned M = Levels - 1; M > 0; --M)
        S[M] = S[M - 1];
    return false;
  }
  if (MI.isCall()) {
    if (AMDGPUAsyncAssumeCalleeWaits && !AsyncCounter) {
      // The callee's waits are the wave's.
      retire(S, 0);
      return false;
    }
    // The callee may leave DMAs of its own in flight, followed by none of
    // this function's marks, and its loads are counted as nothing.
    if (Active)
      S[0] = 0;
    return Active;
  }
  OpClass C = Ops.classOf(MI);
  // On its own counter (TENSORcnt, ASYNCcnt) only one kind of DMA is an
  // event, retired in order by that counter's wait. Every such DMA is
  // asynchronous, whether or not a mark follows it (LLVM 22 never waits for
  // either counter on its own): no tag is needed. Anything else that may
  // change the counter (a tensor save or stop) is counted as nothing, which
  // can only make the check stricter.
  auto StepOwnCounter = [&](OpClass Event, OpClass Wait,
                            const LoadCountField &Field) {
    if (C == Event) {
      age(S);
      if (Active)
        S[0] = 0;
      return Active;
    }
    if (C == Wait)
      retire(S, Field.decode(MI.getOperand(0).getImm()));
    return false;
  };
  if (Q == Queue::Tensor)
    return StepOwnCounter(OpClass::TensorDMA, OpClass::WaitTensorcnt,
                          WaitTensorcntField);
  if (AsyncCounter)
    return StepOwnCounter(OpClass::AsyncCopy, OpClass::WaitAsynccnt,
                          WaitAsynccntField);
  switch (C) {
  case OpClass::Other:
  case OpClass::AsyncCopy:
  case OpClass::WaitAsynccnt:
  case OpClass::TensorDMA:
  case OpClass::WaitTensorcnt:
    return false;
  case OpClass::VectorMemoryOther:
    if (Major <= 9)
      age(S);
    return false;
  case OpClass::Waitcnt:
    if (WaitcntField)
      retire(S, WaitcntField->decode(MI.getOperand(0).getImm()));
    return false;
  case OpClass::WaitLoadcnt:
    if (WaitLoadcntField)
      retire(S, WaitLoadcntField->decode(MI.getOperand(0).getImm()));
    return false;
  case OpClass::InOrderLoad:
    age(S);
    return false;
  case OpClass::LDSDMA:
    age(S);
    if (Active && isAsyncDMA(MI)) {
      S[0] = 0;
      return true;
    }
    return false;
  }
  llvm_unreachable("every class is handled");
}

/// A register operand whose bit, unknown in \p L, decides the EXEC that
/// \p MI writes; null if there is none.
const MachineOperand *Checker::unknownExecSource(const MachineInstr &MI,
                                                 MaskOp Op,
                                                 const Lane &L) const {
  unsigned LastSource = 0;
  switch (Op.Shape) {
  case MaskShape::SaveExec:
  case MaskShape::WrExec:
    LastSource = 1;
    break;
  case MaskShape::Move:
  case MaskShape::Not:
  case MaskShape::Binary:
    if (MI.getNumOperands() && MI.getOperand(0).isReg() &&
        MI.getOperand(0).isDef() && isExec(MI.getOperand(0).getReg()))
      LastSource = Op.Shape == MaskShape::Binary ? 2 : 1;
    break;
  case MaskShape::None:
  case MaskShape::Select:
  case MaskShape::CmpX:
    break;
  }
  for (unsigned Idx = 1; Idx <= LastSource && Idx < MI.getNumOperands();
       ++Idx) {
    const MachineOperand &MO = MI.getOperand(Idx);
    if (MO.isReg() && MO.getReg().isPhysical() &&
        !TRI.regsOverlap(MO.getReg(), ExecReg) && read(MO, L).B == Bit::Unknown)
      return &MO;
  }
  return nullptr;
}

Val Checker::read(const MachineOperand &MO, const Lane &L,
                  unsigned Bits) const {
  if (MO.isImm()) {
    uint64_t V = uint64_t(MO.getImm());
    uint64_t Lanes = V & WaveMask;
    if (Lanes != 0 && Lanes != WaveMask)
      return {};
    // Uniform only if the bits beyond the lanes agree too: a wave32's
    // "s_and_b64 s[4:5], s[6:7], 0x300000000" has no lane bit set, but SCC
    // is whether bit 32 or 33 of s[6:7] is.
    uint64_t Width = Bits == 32 ? 0xffffffffu : ~uint64_t(0);
    return {toBit(Lanes != 0), (V & Width) == 0 || (V & Width) == Width};
  }
  if (!MO.isReg() || !MO.getReg().isPhysical())
    return {};
  if (isExec(MO.getReg()))
    return {toBit(L.Active), false};
  return L.get(MO.getReg());
}

/// Whether \p MI overwrites register \p K, remembered for the instruction
/// being stepped: every lane asks about the same few registers.
bool Checker::clobbers(const MachineInstr &MI, unsigned K) const {
  if (ClobbersOf != &MI) {
    ClobbersOf = &MI;
    ClobbersKnown.clear();
  }
  for (auto [R, Clobbered] : ClobbersKnown)
    if (R == K)
      return Clobbered;
  bool Clobbered = llvm::any_of(MI.operands(), [&](const MachineOperand &MO) {
    if (MO.isRegMask())
      return MO.clobbersPhysReg(K);
    return MO.isReg() && MO.isDef() && MO.getReg().isPhysical() &&
           TRI.regsOverlap(K, MO.getReg());
  });
  ClobbersKnown.emplace_back(K, Clobbered);
  return Clobbered;
}

void Checker::stepLane(const MachineInstr &MI, const Lane &L,
                       SmallVectorImpl<Lane> &Out) const {
  // Every value is read before anything is written.
  Val Exec = {toBit(L.Active), false};
  MaskOp Op = Ops.maskOpOf(MI);
  auto Src = [&](unsigned Idx) {
    return Idx < MI.getNumOperands() ? read(MI.getOperand(Idx), L, Op.Bits)
                                     : Val();
  };
  std::optional<Val> Dst, NewExec;
  switch (Op.Shape) {
  case MaskShape::None:
    break;
  case MaskShape::Move:
    Dst = Src(1);
    break;
  case MaskShape::Not:
    Dst = applyLogic(MaskLogic::Xor, Src(1), Val{Bit::One, true});
    break;
  case MaskShape::Select: {
    // The structurizer's "s_cselect sX, -1, 0" of a compare: known only
    // when SCC is, or when both operands are the same.
    Val Scc = L.get(Ops.scc()), A = Src(1), B = Src(2);
    if (Scc.B != Bit::Unknown)
      Dst = Scc.B == Bit::One ? A : B;
    else if (A.B == B.B && A.Uniform == B.Uniform)
      Dst = A;
    else if (A.B != Bit::Unknown && B.B != Bit::Unknown)
      return splitOnScc(MI, L, Out);
    else
      Dst = Val();
    break;
  }
  case MaskShape::Binary:
    Dst = applyLogic(Op.Logic, Src(1), Src(2));
    break;
  case MaskShape::SaveExec:
    Dst = Exec;
    NewExec = applyLogic(Op.Logic, Src(1), Exec);
    break;
  case MaskShape::WrExec:
    Dst = NewExec = applyLogic(Op.Logic, Src(1), Exec);
    break;
  case MaskShape::CmpX:
    NewExec = applyLogic(MaskLogic::And, Exec, Val());
    break;
  }
  unsigned DstReg = 0;
  if (Dst && MI.getNumOperands() && MI.getOperand(0).isReg() &&
      MI.getOperand(0).isDef() && MI.getOperand(0).getReg().isPhysical())
    DstReg = MI.getOperand(0).getReg();

  Lane N = L;
  // A callee returns with EXEC as it found it; other registers in a call's
  // mask are clobbered, and so is every register a definition overlaps.
  N.forgetIf([&](unsigned K) { return clobbers(MI, K); });
  bool ExecExact = false, ExecOther = false, DefsScc = false;
  for (const MachineOperand &MO : MI.operands()) {
    if (!MO.isReg() || !MO.isDef() || !MO.getReg().isPhysical())
      continue;
    unsigned R = MO.getReg();
    DefsScc |= R == Ops.scc();
    if (isExec(R))
      ExecExact = true;
    else if (TRI.regsOverlap(R, ExecReg))
      ExecOther = true;
  }
  if (DstReg && isExec(DstReg)) {
    // A move or bitwise operation into EXEC.
    NewExec = Dst;
  } else if (DstReg && !TRI.regsOverlap(DstReg, ExecReg)) {
    N.set(DstReg, *Dst);
  }
  // A bitwise operation sets SCC to "the result is not zero", known when the
  // result is uniform, whatever its width.
  if (DefsScc && Dst && Dst->Uniform &&
      (Op.Shape == MaskShape::Binary || Op.Shape == MaskShape::Not))
    N.set(Ops.scc(), *Dst);
  Bit After = Exec.B;
  if (ExecOther || (ExecExact && !NewExec))
    After = Bit::Unknown;
  else if (ExecExact)
    After = NewExec->B;
  if (After != Bit::Unknown) {
    N.Active = After == Bit::One;
    Out.push_back(std::move(N));
    return;
  }
  // Split on the unknown bit that decides EXEC, if a register holds it, so
  // that each lane keeps the value that sent it where it went.
  if (const MachineOperand *Unknown = unknownExecSource(MI, Op, L)) {
    for (Bit B : {Bit::Zero, Bit::One}) {
      Lane Split = L;
      Split.set(Unknown->getReg(), Val{B, /*Uniform=*/false});
      stepLane(MI, Split, Out);
    }
    return;
  }
  N.Active = false;
  Out.push_back(N);
  N.Active = true;
  Out.push_back(std::move(N));
}

/// Steps \p MI once with SCC 0 and once with SCC 1. SCC is the wave's, the
/// same bit for every lane, so each copy believes it uniform.
void Checker::splitOnScc(const MachineInstr &MI, const Lane &L,
                         SmallVectorImpl<Lane> &Out) const {
  for (Bit B : {Bit::Zero, Bit::One}) {
    Lane Split = L;
    Split.set(Ops.scc(), Val{B, /*Uniform=*/true});
    stepLane(MI, Split, Out);
  }
}

/// Whether stepLane leaves every lane of \p States as it is: \p MI is no
/// mask operation and writes neither EXEC nor any register a lane knows a
/// bit of. Most instructions are such; for them the set keeps its order and
/// only the counts step, in place.
bool Checker::keepsEveryLane(const MachineInstr &MI, const LaneStates &States,
                             KnownRegisters &Known) const {
  if (Ops.maskOpOf(MI).Shape != MaskShape::None)
    return false;
  auto CollectKnown = [&] {
    if (Known.Valid)
      return;
    Known.Valid = true;
    Known.Regs.clear();
    // Lanes mostly know the same few registers: a linear search of the
    // few found so far is quicker than sorting every lane's.
    for (const auto &[L, S] : States)
      for (auto [R, K] : L.Known)
        if (!llvm::is_contained(Known.Regs, R))
          Known.Regs.push_back(R);
  };
  for (const MachineOperand &MO : MI.operands()) {
    if (MO.isRegMask()) {
      CollectKnown();
      if (llvm::any_of(Known.Regs,
                       [&](unsigned R) { return MO.clobbersPhysReg(R); }))
        return false;
      continue;
    }
    if (!MO.isReg() || !MO.isDef() || !MO.getReg().isPhysical())
      continue;
    unsigned R = MO.getReg();
    if (isExec(R) || TRI.regsOverlap(R, ExecReg))
      return false;
    CollectKnown();
    if (llvm::any_of(Known.Regs,
                     [&](unsigned K) { return TRI.regsOverlap(K, R); }))
      return false;
  }
  return true;
}

/// \p Known caches the registers the lanes of \p States know, for as long
/// as their lanes stay as they are.
void Checker::stepAll(const MachineInstr &MI, LaneStates &States,
                      KnownRegisters &Known) const {
  if (!LaneAware || keepsEveryLane(MI, States, Known)) {
    for (auto &[L, S] : States)
      step(MI, S, L.Active);
    return;
  }
  Known.Valid = false;
  // Each lane is stepped in place; the lanes a split adds go at the end,
  // and the whole is made a set again.
  LaneStates Added;
  SmallVector<Lane, 2> Lanes;
  for (auto &[L, S] : States) {
    step(MI, S, L.Active);
    Lanes.clear();
    stepLane(MI, L, Lanes);
    for (unsigned I = 1, E = Lanes.size(); I < E; ++I)
      Added.emplace_back(std::move(Lanes[I]), S);
    L = std::move(Lanes.front());
  }
  States.append(std::make_move_iterator(Added.begin()),
                std::make_move_iterator(Added.end()));
  normalizeStates(States);
}

/// Whether a lane in state \p L at the end of \p Pred may go on to \p Succ:
/// false only when the terminators' conditions, read from the lane's known
/// values, send it elsewhere. A conditional branch on VCC is surely taken
/// when the lane's own bit is set (VCC is not zero) and surely not when VCC
/// is a uniform zero; on EXEC, when the lane is active; on SCC, when SCC is
/// known. Anything else: both ways.
bool Checker::edgeFeasible(const MachineBasicBlock &Pred, const Lane &L,
                           const MachineBasicBlock &Succ) const {
  if (!LaneAware || Succ.isEHPad() || Succ.isInlineAsmBrIndirectTarget())
    return true;
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  bool SeenBranch = false;
  for (const MachineInstr &MI : Pred.terminators()) {
    if (!MI.isBranch()) {
      // A terminator after a branch would change what the branch read.
      if (SeenBranch)
        return true;
      continue;
    }
    SeenBranch = true;
    if (MI.getNumOperands() == 0 || !MI.getOperand(0).isMBB())
      return true;
    const MachineBasicBlock *Target = MI.getOperand(0).getMBB();
    StringRef Name = TII.getName(MI.getOpcode());
    if (Name == "S_BRANCH")
      return Target == &Succ;
    Bit Cond;
    if (Name == "S_CBRANCH_VCCNZ" || Name == "S_CBRANCH_VCCZ") {
      Val V = L.get(ExecReg == Ops.execLo() ? Ops.vccLo() : Ops.vcc());
      Cond =
          V.B == Bit::One ? Bit::One : (V.Uniform ? Bit::Zero : Bit::Unknown);
      if (Name == "S_CBRANCH_VCCZ")
        Cond = applyLogic(MaskLogic::Xor, Cond, Bit::One);
    } else if (Name == "S_CBRANCH_EXECNZ" || Name == "S_CBRANCH_EXECZ") {
      Cond = L.Active ? Bit::One : Bit::Unknown;
      if (Name == "S_CBRANCH_EXECZ")
        Cond = applyLogic(MaskLogic::Xor, Cond, Bit::One);
    } else if (Name == "S_CBRANCH_SCC1" || Name == "S_CBRANCH_SCC0") {
      Cond = L.get(Ops.scc()).B;
      if (Name == "S_CBRANCH_SCC0")
        Cond = applyLogic(MaskLogic::Xor, Cond, Bit::One);
    } else {
      return true;
    }
    if (Cond == Bit::One)
      return Target == &Succ;
    if (Cond == Bit::Unknown && Target == &Succ)
      return true;
  }
  // No branch taken: the lane falls through.
  return Pred.isLayoutSuccessor(&Succ);
}

const BitVector &Checker::liveInAliases(const MachineBasicBlock &MBB) const {
  auto [It, Inserted] = LiveInAliases.try_emplace(&MBB);
  if (Inserted) {
    It->second.resize(TRI.getNumRegs());
    for (const auto &LI : MBB.liveins())
      for (MCRegAliasIterator AI(LI.PhysReg, &TRI, /*IncludeSelf=*/true);
           AI.isValid(); ++AI)
        It->second.set(*AI);
  }
  return It->second;
}

/// The counts at the function's entry.
InFlight Checker::entryCounts() const {
  InFlight S(Levels, Done);
  // A callee may start with its caller's DMAs in flight, followed by none of
  // its own marks (on the generations that have LDS DMA, or ASYNCcnt and
  // TENSORcnt); a kernel or a shader starts with none.
  if ((Major <= 10 || AsyncCounter) && !isEntryPoint(MF.getFunction()))
    S[0] = 0;
  return S;
}

/// Lane \p L as it enters \p MBB along an edge.
Lane Checker::laneEntering(const MachineBasicBlock &MBB, Lane L) const {
  // A bit of a register that is dead here is never read again.
  if (MF.getRegInfo().tracksLiveness()) {
    const BitVector &Live = liveInAliases(MBB);
    L.forgetIf([&](unsigned R) { return !Live.test(R); });
  }
  return L;
}

LaneStates Checker::atBlockStart(const MachineBasicBlock &MBB) const {
  LaneStates States;
  if (&MBB == &MF.front())
    States.emplace_back(Lane(), entryCounts());
  // Each predecessor's lanes are a set, and mostly stay one as they enter:
  // merged one predecessor at a time rather than sorted all together.
  for (const MachineBasicBlock *Pred : MBB.predecessors()) {
    auto It = End.find(Pred);
    if (It == End.end())
      continue;
    LaneStates Entering;
    Entering.reserve(It->second.size());
    for (const auto &[L, S] : It->second)
      if (edgeFeasible(*Pred, L, MBB))
        Entering.emplace_back(laneEntering(MBB, L), S);
    normalizeStates(Entering);
    joinStates(States, std::move(Entering));
  }
  if (States.size() > unsigned(MaxLaneStates)) {
    for (auto &[L, S] : States)
      L.Known.clear();
    normalizeStates(States);
  }
  // A block no path reaches starts with nothing in flight.
  if (States.empty())
    joinState(States, Lane(), InFlight(Levels, Done));
  return States;
}

/// One sweep in reverse post-order after another until nothing changes, or
/// \p Bound sweeps (0: no bound). Termination: End[B] only grows, joined
/// with what each sweep computes (joinState), in a finite lattice: its
/// lanes range over the EXEC bit and partial assignments of bits to the
/// function's registers, its counts over [0, Saturation] and Done, and a
/// lane's counts only decrease. So each End[B] changes finitely often.
///
/// A block none of whose predecessors' End changed since it was last
/// stepped would compute the same states again, and joining them into its
/// End would change nothing: it is skipped. So the sweeps, their order and
/// every End are those of stepping every block every sweep, and a sweep
/// costs only the blocks whose input changed (a loop nest's sweeps after
/// the first step only what the back edges change).
bool Checker::solve(unsigned Bound) {
  ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
  BitVector Stale(MF.getNumBlockIDs(), true);
  unsigned BlocksStepped = 0;
  auto Report = [&](unsigned Sweeps) {
    if (DataflowStats)
      errs() << "amdgpu-check-async-waits: " << MF.getName() << ", "
             << (Q == Queue::Tensor ? "TENSORcnt" : "copies") << ", "
             << (Family.Recorded ? "recorded activation " : "sequence ")
             << Activation << ": " << MF.size() << " blocks, " << Sweeps
             << " sweeps, " << BlocksStepped << " blocks stepped\n";
  };
  for (unsigned Sweep = 0; Bound == 0 || Sweep != Bound; ++Sweep) {
    bool Changed = false;
    for (MachineBasicBlock *MBB : RPOT) {
      if (!Stale.test(MBB->getNumber()))
        continue;
      Stale.reset(MBB->getNumber());
      ++BlocksStepped;
      LaneStates States = atBlockStart(*MBB);
      KnownRegisters Known;
      for (const MachineInstr &MI : MBB->instrs())
        stepAll(MI, States, Known);
      if (joinStates(End[MBB], std::move(States))) {
        Changed = true;
        for (const MachineBasicBlock *Succ : MBB->successors())
          Stale.set(Succ->getNumber());
      }
    }
    if (!Changed) {
      Report(Sweep + 1);
      return true;
    }
  }
  Report(Bound);
  return false;
}

unsigned Checker::run() {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB.instrs())
      if (std::optional<unsigned> N = waitCount(MI, Family, Activation))
        Levels = std::max(Levels, *N + 2);
  if (!Levels)
    return 0;
  if (!solve(LaneAware ? unsigned(MaxSweeps) : 0)) {
    // The wave-level check is the lane check with every lane active: never
    // weaker, and its own lattice (one lane) is small.
    MachineOptimizationRemarkEmitter ORE(MF, nullptr);
    ORE.emit([&] {
      return MachineOptimizationRemarkAnalysis("asyncpipe", "CheckerWaveLevel",
                                               MF.getFunction().getSubprogram(),
                                               &MF.front())
             << "the async wait checker's per-lane analysis of the "
             << (Family.Recorded ? "source's" : "lowering's")
             << " waits reached its bound of "
             << ore::NV("Sweeps", unsigned(MaxSweeps))
             << " sweeps; they are checked wave-level";
    });
    LaneAware = false;
    End.clear();
    solve(0);
  }
  // Reported in layout order, which is source order for most programs.
  unsigned Failures = 0;
  bool Exactness = shouldReportExactness() && !Family.Recorded;
  for (const MachineBasicBlock &MBB : MF) {
    LaneStates States = atBlockStart(MBB);
    KnownRegisters Known;
    // For -amdgpu-check-async-waits-report-exactness: the last counter
    // wait, if nothing has changed the state since, the state before it, and
    // the markers since (which change nothing), reported together.
    const MachineInstr *LastWait = nullptr;
    LaneStates BeforeWait, AtMarkers;
    SmallVector<const MachineInstr *, 2> Markers;
    auto Report = [&] {
      reportExactness(Markers, LastWait, BeforeWait, AtMarkers);
      Markers.clear();
      LastWait = nullptr;
    };
    for (const MachineInstr &MI : MBB.instrs()) {
      Failures += !check(MI, States);
      if (!Exactness) {
        stepAll(MI, States, Known);
        continue;
      }
      if (waitCount(MI, Family, Activation)) {
        if (Markers.empty())
          AtMarkers = States;
        Markers.push_back(&MI);
      }
      if (allowedBy(MI)) {
        Report();
        LastWait = &MI;
        BeforeWait = States;
        stepAll(MI, States, Known);
        continue;
      }
      LaneStates Before = States;
      stepAll(MI, States, Known);
      if (States != Before)
        Report();
    }
    Report();
  }
  return Failures;
}

std::optional<unsigned> Checker::allowedBy(const MachineInstr &MI) const {
  OpClass C = Ops.classOf(MI);
  if (Q == Queue::Tensor)
    return C == OpClass::WaitTensorcnt
               ? std::optional<unsigned>(
                     WaitTensorcntField.decode(MI.getOperand(0).getImm()))
               : std::nullopt;
  if (AsyncCounter)
    return C == OpClass::WaitAsynccnt
               ? std::optional<unsigned>(
                     WaitAsynccntField.decode(MI.getOperand(0).getImm()))
               : std::nullopt;
  if (C == OpClass::Waitcnt && WaitcntField)
    return WaitcntField->decode(MI.getOperand(0).getImm());
  if (C == OpClass::WaitLoadcnt && WaitLoadcntField)
    return WaitLoadcntField->decode(MI.getOperand(0).getImm());
  return std::nullopt;
}
