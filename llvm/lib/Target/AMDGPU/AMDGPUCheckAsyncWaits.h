//===- AMDGPUCheckAsyncWaits.h - What the checker's files share -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The declarations the files of amdgpu-check-async-waits share, included by
/// nothing else: the checker shares no code with the lowering, so that a bug
/// in one is not in the other too (AMDGPUCheckAsyncWaits.cpp).
///
/// * AMDGPUCheckAsyncWaits.cpp: the pass, and the marks and waits it checks;
/// * AMDGPUCheckAsyncWaitsOpcodes.cpp: instructions classified by opcode
///   name, and the counter fields of the wait instructions;
/// * AMDGPUCheckAsyncWaitsDataflow.cpp: one lane's view of the execution
///   mask, and the dataflow that follows it;
/// * AMDGPUCheckAsyncWaitsReports.cpp: the error at an unsatisfied wait, its
///   explanation, and the exactness remarks.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUCHECKASYNCWAITS_H
#define ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUCHECKASYNCWAITS_H

#include "AMDGPUAsyncChecker.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/TargetParser/TargetParser.h"
#include <climits>
#include <optional>
#include <tuple>
#include <vector>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
class MachineInstr;
class MachineOperand;
class TargetInstrInfo;
class TargetRegisterInfo;

namespace asyncpipe {
namespace amdgpu {
namespace checker {

//===----------------------------------------------------------------------===//
// Instructions (AMDGPUCheckAsyncWaitsOpcodes.cpp).
//===----------------------------------------------------------------------===//

enum class OpClass : uint8_t {
  Other,       ///< Never counted as a newer in-order event.
  InOrderLoad, ///< A vector-memory load into VGPRs, counted and in order.
  /// A vector-memory store or atomic: in order with loads up to GFX9, on
  /// GFX10 and later counted by vscnt or of unknown order, so not counted.
  VectorMemoryOther,
  LDSDMA,      ///< A load from global or buffer memory into LDS.
  Waitcnt,     ///< s_waitcnt (GFX6-GFX11): a combined counter wait.
  WaitLoadcnt, ///< s_wait_loadcnt (GFX12): the load counter alone.
  /// A GFX12.5 async copy between global (or cluster) memory and LDS,
  /// counted by ASYNCcnt and retired in order.
  AsyncCopy,
  WaitAsynccnt, ///< s_wait_asynccnt (GFX12.5): the async counter alone.
  /// A GFX12.5 tensor DMA between global memory and LDS, counted by
  /// TENSORcnt and retired in order.
  TensorDMA,
  WaitTensorcnt, ///< s_wait_tensorcnt (GFX12.5): the tensor counter alone.
};

enum class MaskShape : uint8_t {
  None,     ///< What it writes becomes unknown.
  Move,     ///< D = S0.
  Not,      ///< D = ~S0.
  Binary,   ///< D = S0 op S1.
  SaveExec, ///< D = EXEC; EXEC = S0 op EXEC.
  WrExec,   ///< D = EXEC = S0 op EXEC.
  CmpX,     ///< EXEC = EXEC & (a per-lane compare).
  Select,   ///< D = SCC ? S0 : S1 (s_cselect).
};

enum class MaskLogic : uint8_t {
  And,
  Or,
  Xor,
  AndN2,
  OrN2,
  Nand,
  Nor,
  Xnor,
  AndN1,
  OrN1
};

struct MaskOp {
  MaskShape Shape = MaskShape::None;
  MaskLogic Logic = MaskLogic::And;
  /// The width of its operands: an immediate is uniform only if all of
  /// these bits agree, since SCC and s_cselect see all of them, lanes or
  /// not (a wave32's 64-bit operations). 64 where the name does not say.
  uint8_t Bits = 64;
  bool operator==(const MaskOp &O) const {
    return Shape == O.Shape && Logic == O.Logic && Bits == O.Bits;
  }
};

/// The class of every opcode of one target, computed once.
class OpcodeTable {
public:
  /// Classifies every opcode of \p TII, then stops with a fatal error if
  /// an opcode of known class is missing or classified otherwise.
  OpcodeTable(const TargetInstrInfo &TII, const TargetRegisterInfo &TRI);

  OpClass classOf(const MachineInstr &MI) const {
    return MI.getOpcode() < Classes.size() ? Classes[MI.getOpcode()]
                                           : OpClass::Other;
  }
  MaskOp maskOpOf(const MachineInstr &MI) const {
    return MI.getOpcode() < MaskOps.size() ? MaskOps[MI.getOpcode()] : MaskOp();
  }
  /// The execution mask of a wave64 and of a wave32.
  unsigned exec() const { return Exec; }
  unsigned execLo() const { return ExecLo; }
  /// The registers the conditional branches test.
  unsigned vcc() const { return Vcc; }
  unsigned vccLo() const { return VccLo; }
  unsigned scc() const { return Scc; }

private:
  /// The names the classes are read from are a fact of LLVM 22's AMDGPU
  /// backend; a backend that renamed them would make the checker silently
  /// blind, so it stops.
  void selfCheck() const;

  std::vector<OpClass> Classes;
  std::vector<MaskOp> MaskOps;
  StringMap<unsigned> ByName;
  unsigned Exec = 0, ExecLo = 0, Vcc = 0, VccLo = 0, Scc = 0;
};

/// Where a wait instruction's immediate keeps the load counter: a low field
/// and an optional high field whose bits continue it.
struct LoadCountField {
  uint8_t LoShift, LoBits, HiShift, HiBits;
  unsigned decode(unsigned Imm) const {
    unsigned Lo = (Imm >> LoShift) & ((1u << LoBits) - 1);
    unsigned Hi = HiBits ? (Imm >> HiShift) & ((1u << HiBits) - 1) : 0;
    return Lo | (Hi << LoBits);
  }
  /// One more than the largest count the field can hold.
  unsigned limit() const { return 1u << (LoBits + HiBits); }
};

/// The s_waitcnt vmcnt field by ISA major version: [3:0] up to GFX8, GFX9
/// and GFX10 add [15:14] as bits 5:4, GFX11 moved it to [15:10]. GFX12 has
/// no s_waitcnt; its s_wait_loadcnt holds the count in [5:0]. GFX12.5's
/// s_wait_asynccnt holds the async counter in [5:0].
std::optional<LoadCountField> getWaitcntField(unsigned Major);
std::optional<LoadCountField> getWaitLoadcntField(unsigned Major);
inline constexpr LoadCountField WaitAsynccntField = {0, 6, 0, 0};
/// s_wait_tensorcnt's count, read as all 16 bits of its immediate: LLVM 22
/// does not say how wide TENSORcnt is and encodes the immediate as written,
/// and any narrower reading of it is a smaller count, a stronger wait. So
/// this is the weakest reading, which keeps the check sound whatever the
/// width.
inline constexpr LoadCountField WaitTensorcntField = {0, 16, 0, 0};

/// True for the generations whose async copies count on ASYNCcnt (GFX12.5),
/// and whose tensor DMA counts on TENSORcnt.
bool hasAsyncCounter(const AMDGPU::IsaVersion &V);

//===----------------------------------------------------------------------===//
// What is checked (AMDGPUCheckAsyncWaits.cpp).
//===----------------------------------------------------------------------===//

/// The operations a check follows, one counter each: those the async copies
/// count on (vmcnt, or ASYNCcnt on GFX12.5), or GFX12.5's tensor DMA, on
/// TENSORcnt. The counters retire independently, so a wait is proven by one
/// check per counter, each blind to the other's events and waits.
enum class Queue : uint8_t { Copies, Tensor };

/// One kind of marks and waits to check.
struct MarkerFamily {
  StringLiteral MarkAsm, WaitAsm;
  bool Recorded;
  /// A wait marker limited to the counter this family is checked on (a wait
  /// of upstream's draft stage masks); one limited to the other counter is
  /// not a wait there.
  StringLiteral WaitHereOnlyAsm = "";
};
inline constexpr MarkerFamily Emitted = {"; asyncmark", "; wait_asyncmark($0)",
                                         false,
                                         "; wait_asyncmark($0) asynccnt"};
inline constexpr MarkerFamily EmittedTensor = {
    "; asyncmark", "; wait_asyncmark($0)", false,
    "; wait_asyncmark($0) tensorcnt"};
inline constexpr MarkerFamily Recorded = {RecordedMarkAsm, RecordedWaitAsm,
                                          true};

/// The activation a recorded mark or wait in \p MF counts in: 0 and -Q
/// (queue 0 and queue Q recorded in an always_inline function) are those of
/// \p MF itself.
int64_t resolveActivation(const MachineFunction &MF, int64_t Recorded);
/// The sequence of the lowering's markers that the waits of queue \p Queue
/// count (AsyncPipe queues; AMDGPUAsyncMarkers.h): "; asyncmark queue(Q)"
/// marks (a plain mark is queue 0's) and "; wait_asyncmark(N) queue(Q)"
/// waits. Sequence 0 is every mark and the plain waits, which count them
/// all.
inline int64_t getEmittedQueueSequence(unsigned Queue) { return 1 + Queue; }
/// Whether \p MI is a mark of \p F: for recorded marks, of \p Activation;
/// for the lowering's markers, of the sequence \p Activation.
bool isMark(const MachineInstr &MI, const MarkerFamily &F,
            int64_t Activation = 0);
/// The count of \p MI if it is a wait of \p F (for recorded waits: of
/// \p Activation; for the lowering's markers: of the sequence
/// \p Activation).
std::optional<unsigned> waitCount(const MachineInstr &MI, const MarkerFamily &F,
                                  int64_t Activation = 0);
/// An LDS DMA of the async model: amdgpu-tag-async-dma made its LDS memory
/// operand point at an instruction carrying !asyncpipe.async (the contract
/// between IR and machine code, documented in AsyncPipeAMDGPU.rst).
bool isAsyncDMA(const MachineInstr &MI);

//===----------------------------------------------------------------------===//
// One lane and the dataflow (AMDGPUCheckAsyncWaitsDataflow.cpp).
//===----------------------------------------------------------------------===//

/// A lane's bit of a mask: known, or depending on data.
enum class Bit : uint8_t { Zero, One, Unknown };
inline Bit toBit(bool B) { return B ? Bit::One : Bit::Zero; }
/// \p L applied to \p A and \p B: known where the known bits decide it.
Bit applyLogic(MaskLogic L, Bit A, Bit B);

/// A lane's bit of a register, and whether every lane of the wave has the
/// same bit (a flow boolean set to 0 or -1): only then is the whole register
/// known to be zero.
struct Val {
  Bit B = Bit::Unknown;
  bool Uniform = false;
};

/// The value of \p L applied to \p A and \p Bv: uniform when the uniform
/// operands alone decide it (all of them, or e.g. a uniform 0 in an AND).
Val applyLogic(MaskLogic L, Val A, Val Bv);

/// One lane: whether it is active, and its known bits of scalar registers
/// (sorted by register; a register not listed is unknown). A known bit is
/// encoded as bit 0 of the byte, "uniform" as bit 1.
struct Lane {
  bool Active = true;
  SmallVector<std::pair<unsigned, uint8_t>, 4> Known;

  Val get(unsigned Reg) const {
    for (auto [R, K] : Known)
      if (R == Reg)
        return {toBit(K & 1), (K & 2) != 0};
    return {};
  }
  void set(unsigned Reg, Val V) {
    if (V.B == Bit::Unknown)
      return;
    uint8_t K = (V.B == Bit::One) | (V.Uniform ? 2 : 0);
    auto It = llvm::lower_bound(Known, std::make_pair(Reg, uint8_t(0)));
    if (It != Known.end() && It->first == Reg)
      It->second = K;
    else
      Known.insert(It, {Reg, K});
  }
  template <typename Pred> void forgetIf(Pred P) {
    llvm::erase_if(Known, [&](const std::pair<unsigned, uint8_t> &K) {
      return P(K.first);
    });
  }
  bool operator<(const Lane &O) const {
    return std::tie(Active, Known) < std::tie(O.Active, O.Known);
  }
  bool operator==(const Lane &O) const {
    return Active == O.Active && Known == O.Known;
  }
};

/// The count of a level with no DMA possibly in flight.
inline constexpr unsigned Done = UINT_MAX;

/// Newer[M]: how many in-order loads were issued after the youngest async
/// DMA, possibly still in flight, that at least M marks follow; Done if none.
using InFlight = SmallVector<unsigned, 8>;

/// The lane states at one point, sorted by lane, each lane once.
using LaneStates = SmallVector<std::pair<Lane, InFlight>, 4>;

/// Joins (L, S) into \p States: a lane already there keeps, per level, the
/// younger (smaller) count. Returns true if \p States changed.
bool joinState(LaneStates &States, const Lane &L, const InFlight &S);
/// Makes \p States a set: sorted by lane, each lane once with the smallest
/// count of its entries per level. The same set as joining the entries one
/// by one (joinState), in O(n log n) rather than O(n^2) moves.
void normalizeStates(LaneStates &States);
/// Joins the set \p From into the set \p Into, as joinState would each of
/// its lanes, in one merge, taking \p From's entries. Returns true if
/// \p Into changed.
bool joinStates(LaneStates &Into, LaneStates &&From);

/// The registers some lane of a set of lane states knows a bit of,
/// kept while a block is stepped: only an instruction that changes the
/// lanes changes them.
struct KnownRegisters {
  SmallVector<unsigned, 8> Regs;
  bool Valid = false;
};

/// -amdgpu-check-async-waits-max-lane-states.
unsigned getMaxLaneStates();
/// -amdgpu-check-async-waits-report-exactness.
bool shouldReportExactness();

/// One check of one function: the waits of one marker family (and, for
/// recorded ones, of one activation) on one counter. The dataflow is in
/// AMDGPUCheckAsyncWaitsDataflow.cpp; check(), explain() and the exactness
/// remarks are in AMDGPUCheckAsyncWaitsReports.cpp.
class Checker {
public:
  Checker(MachineFunction &MF, const OpcodeTable &Ops,
          const MarkerFamily &Family, Queue Q, int64_t Activation = 0);

  /// Reports each unsatisfied wait; returns how many there were.
  unsigned run();

private:
  bool step(const MachineInstr &MI, InFlight &S, bool Active) const;
  bool clobbers(const MachineInstr &MI, unsigned K) const;
  void stepLane(const MachineInstr &MI, const Lane &L,
                SmallVectorImpl<Lane> &Out) const;
  void splitOnScc(const MachineInstr &MI, const Lane &L,
                  SmallVectorImpl<Lane> &Out) const;
  void stepAll(const MachineInstr &MI, LaneStates &States,
               KnownRegisters &Known) const;
  bool keepsEveryLane(const MachineInstr &MI, const LaneStates &States,
                      KnownRegisters &Known) const;
  void age(InFlight &S) const;
  void retire(InFlight &S, unsigned AllowedOutstanding) const;
  Val read(const MachineOperand &MO, const Lane &L, unsigned Bits = 64) const;
  const MachineOperand *unknownExecSource(const MachineInstr &MI, MaskOp Op,
                                          const Lane &L) const;
  bool edgeFeasible(const MachineBasicBlock &Pred, const Lane &L,
                    const MachineBasicBlock &Succ) const;
  bool isExec(unsigned Reg) const { return Reg == ExecReg || Reg == ExecAlias; }
  InFlight entryCounts() const;
  Lane laneEntering(const MachineBasicBlock &MBB, Lane L) const;
  LaneStates atBlockStart(const MachineBasicBlock &MBB) const;
  const BitVector &liveInAliases(const MachineBasicBlock &MBB) const;
  bool solve(unsigned Bound);
  bool check(const MachineInstr &MI, const LaneStates &States) const;
  void explain(const MachineInstr &Wait, unsigned Level) const;
  void noteExplanation(const MachineInstr &Wait, unsigned Level,
                       const MachineInstr *DMA,
                       ArrayRef<const MachineBasicBlock *> Path) const;
  std::optional<unsigned> allowedBy(const MachineInstr &MI) const;
  unsigned weakestSufficient(const MachineInstr &Marker,
                             const LaneStates &Before) const;
  void reportExactness(ArrayRef<const MachineInstr *> Markers,
                       const MachineInstr *Wait, const LaneStates &BeforeWait,
                       const LaneStates &AtMarkers) const;
  void reportExactness(const MachineInstr &Marker, const LaneStates &Before,
                       const MachineInstr *Wait) const;

  MachineFunction &MF;
  const OpcodeTable &Ops;
  const MarkerFamily &Family;
  /// The counter this check follows.
  Queue Q;
  /// For recorded requirements: the activation whose marks and waits count.
  int64_t Activation;
  const TargetRegisterInfo &TRI;
  unsigned Major;
  /// The async copies count on ASYNCcnt (GFX12.5): only they are events, only
  /// s_wait_asynccnt retires them, and calls and returns do not wait for
  /// them.
  bool AsyncCounter = false;
  std::optional<LoadCountField> WaitcntField, WaitLoadcntField;
  unsigned Saturation;
  unsigned Levels = 0;
  /// EXEC (wave64) or EXEC_LO (wave32), and the bits a lane mask has.
  unsigned ExecReg, ExecAlias;
  uint64_t WaveMask;
  /// False: every lane is active everywhere (the wave-level check).
  bool LaneAware;
  DenseMap<const MachineBasicBlock *, LaneStates> End;
  /// Per block, every register that overlaps one of its live-ins: built
  /// once, since atBlockStart asks for every sweep, edge and lane.
  mutable DenseMap<const MachineBasicBlock *, BitVector> LiveInAliases;
  /// clobbers()'s answers for the instruction ClobbersOf.
  mutable const MachineInstr *ClobbersOf = nullptr;
  mutable SmallVector<std::pair<unsigned, bool>, 8> ClobbersKnown;
};

} // namespace checker
} // namespace amdgpu
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_AMDGPU_AMDGPUCHECKASYNCWAITS_H
