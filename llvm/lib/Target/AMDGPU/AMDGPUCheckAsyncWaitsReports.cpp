//===- AMDGPUCheckAsyncWaitsReports.cpp - What the checker reports --------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// An unsatisfied wait is an error at the wait, whichever check found it.
// -amdgpu-check-async-waits-explain adds why: a separate search (explain) of
// the lane trajectories the dataflow follows, not merged, finds the DMA
// still in flight and a path of a lane to the wait, so that a report can be
// told true or false without a debugging build.
// -amdgpu-check-async-waits-report-exactness remarks, for every wait the
// lowering left, the count emitted and the weakest count proven sufficient
// (bench/randir-scale.sh reads them).
//
//===----------------------------------------------------------------------===//

#include "AMDGPUCheckAsyncWaits.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu::checker;

static cl::opt<bool> ExplainReports(
    "amdgpu-check-async-waits-explain", cl::init(false),
    cl::desc("With each wait the async wait checker reports, notes naming "
             "the async DMA that may still be in flight there and one path "
             "of a lane to the wait along which it is"));
static cl::alias
    VerifyExplainAlias("amdgpu-verify-async-waits-explain", cl::Hidden,
                       cl::aliasopt(ExplainReports),
                       cl::desc("Deprecated: use "
                                "-amdgpu-check-async-waits-explain"));
static cl::opt<unsigned> ExplainMaxStates(
    "amdgpu-check-async-waits-explain-max-states", cl::init(100000), cl::Hidden,
    cl::desc("Block-start lane states the search for a path to a reported "
             "wait visits before it gives up"));
static cl::opt<bool> ReportExactness(
    "amdgpu-check-async-waits-report-exactness", cl::Hidden,
    cl::desc("Remark, for every wait the lowering left, the count of the "
             "counter wait emitted for it and the weakest count the checker "
             "proves sufficient there (bench/randir-scale.sh)"));

bool asyncpipe::amdgpu::checker::shouldReportExactness() {
  return ReportExactness;
}

bool Checker::check(const MachineInstr &MI, const LaneStates &States) const {
  std::optional<unsigned> N = waitCount(MI, Family, Activation);
  // Only a lane that executes the wait needs it.
  if (!N || llvm::none_of(States, [&](const std::pair<Lane, InFlight> &E) {
        return E.first.Active && E.second[*N + 1] != Done;
      }))
    return true;
  const Function &F = MF.getFunction();
  // "s_waitcnt" names the copies' counter wait on every generation, as the
  // reports always have.
  StringRef Wait = Q == Queue::Tensor ? "s_wait_tensorcnt" : "s_waitcnt";
  StringRef DMA = Q == Queue::Tensor ? "a tensor DMA" : "an async DMA";
  std::string Msg =
      Family.Recorded
          ? ("the source's wait for at most " + Twine(*N) +
             " outstanding marks is not satisfied by the emitted " + Wait +
             ": " + DMA + " followed by " + Twine(*N + 1) +
             " or more marks may still be in flight; a pass deleted or "
             "weakened this wait before or during code generation")
                .str()
      : Activation == 0
          ? ("wait_asyncmark(" + Twine(*N) +
             ") is not satisfied by the emitted " + Wait + ": " + DMA +
             " followed by " + Twine(*N + 1) +
             " or more marks may still be in flight")
                .str()
          : ("the wait of queue " + Twine(Activation - 1) + " for at most " +
             Twine(*N) + " of its marks is not satisfied by the emitted " +
             Wait + ": " + DMA + " followed by " + Twine(*N + 1) +
             " or more of its marks may still be in flight")
                .str();
  F.getContext().diagnose(
      DiagnosticInfoUnsupported(F, Msg, DiagnosticLocation(MI.getDebugLoc())));
  if (ExplainReports)
    explain(MI, *N + 1);
  return false;
}

/// "bb.3.inner": a machine block as MIR names it.
static std::string blockName(const MachineBasicBlock &MBB) {
  std::string Name = "bb." + std::to_string(MBB.getNumber());
  if (!MBB.getName().empty())
    Name += "." + MBB.getName().str();
  return Name;
}

/// The blocks of \p Path, from the entry; a long one keeps its first 8 and
/// last 24.
static std::string describePath(ArrayRef<const MachineBasicBlock *> Path) {
  std::string Text;
  raw_string_ostream OS(Text);
  for (unsigned I = 0, E = Path.size(); I != E; ++I) {
    if (E > 32 && I == 8)
      OS << "... (" << E - 32 << " blocks) -> ";
    if (E > 32 && I >= 8 && I < E - 24)
      continue;
    OS << blockName(*Path[I]) << (I + 1 != E ? " -> " : "");
  }
  return Text;
}

/// The two notes of an explained report: at \p DMA (null: a caller's, at
/// entry; a call: its callee's), and at \p Wait with \p Path.
void Checker::noteExplanation(const MachineInstr &Wait, unsigned Level,
                              const MachineInstr *DMA,
                              ArrayRef<const MachineBasicBlock *> Path) const {
  const Function &F = MF.getFunction();
  StringRef Kind = Q == Queue::Tensor ? "tensor DMA" : "async DMA";
  std::string Text;
  raw_string_ostream OS(Text);
  if (!DMA)
    OS << "a" << (Q == Queue::Tensor ? " " : "n ") << Kind
       << " left by a caller of '" << F.getName() << "'";
  else if (DMA->isCall())
    OS << "a" << (Q == Queue::Tensor ? " " : "n ") << Kind
       << " left by the callee of this call (in "
       << blockName(*DMA->getParent()) << ")";
  else
    OS << "this " << Kind << " (in " << blockName(*DMA->getParent()) << ")";
  OS << " may still be in flight at the wait, followed by " << Level
     << " or more marks";
  F.getContext().diagnose(
      DiagnosticInfoGenericWithLoc(OS.str(), F,
                                   DMA ? DiagnosticLocation(DMA->getDebugLoc())
                                       : DiagnosticLocation(F.getSubprogram()),
                                   DS_Note));
  std::string PathText = "one path of a lane to the wait (the checker takes "
                         "a branch on data either way): " +
                         describePath(Path);
  F.getContext().diagnose(DiagnosticInfoGenericWithLoc(
      PathText, F, DiagnosticLocation(Wait.getDebugLoc()), DS_Note));
}

/// For -amdgpu-check-async-waits-explain: searches the lane trajectories
/// the analysis follows, from the function's entry and without joining
/// them, breadth first, for one that reaches \p Wait active with a DMA
/// followed by \p Level or more marks in flight, and names that DMA and the
/// blocks on the way. Every real trajectory is among those followed; a
/// report with no such trajectory came from merging states (more than
/// MaxLaneStates at a block), which the search does not do.
void Checker::explain(const MachineInstr &Wait, unsigned Level) const {
  /// Beside a lane's counts: the instruction that issued the DMA each count
  /// is of (a call: its callee's; null: the caller's, at entry).
  using Origins = SmallVector<const MachineInstr *, 8>;
  struct Trajectory {
    Lane L;
    InFlight S;
    Origins O;
  };
  struct Node {
    const MachineBasicBlock *MBB;
    Trajectory T;
    unsigned Parent;
  };
  const Function &F = MF.getFunction();
  std::vector<Node> Nodes;
  std::set<std::tuple<int, Lane, InFlight, Origins>> Seen;
  auto Visit = [&](const MachineBasicBlock *MBB, Trajectory T,
                   unsigned Parent) {
    if (Seen.insert({MBB->getNumber(), T.L, T.S, T.O}).second)
      Nodes.push_back({MBB, std::move(T), Parent});
  };
  Visit(&MF.front(), {Lane(), entryCounts(), Origins(Levels, nullptr)},
        UINT_MAX);
  unsigned Next = 0;
  for (; Next < Nodes.size() && Next < unsigned(ExplainMaxStates); ++Next) {
    const MachineBasicBlock *MBB = Nodes[Next].MBB;
    SmallVector<Trajectory, 4> Current = {Nodes[Next].T}, Stepped;
    for (const MachineInstr &MI : MBB->instrs()) {
      if (&MI == &Wait)
        for (const Trajectory &T : Current) {
          if (!T.L.Active || T.S[Level] == Done)
            continue;
          SmallVector<const MachineBasicBlock *, 32> Path = {MBB};
          for (unsigned P = Next; Nodes[P].Parent != UINT_MAX;
               P = Nodes[P].Parent)
            Path.push_back(Nodes[Nodes[P].Parent].MBB);
          std::reverse(Path.begin(), Path.end());
          noteExplanation(Wait, Level, T.O[Level], Path);
          return;
        }
      Stepped.clear();
      for (const Trajectory &T : Current) {
        Trajectory U = T;
        bool Issued = step(MI, U.S, T.L.Active);
        if (isMark(MI, Family, Activation) && T.L.Active)
          for (unsigned M = Levels - 1; M > 0; --M)
            U.O[M] = U.O[M - 1];
        if (Issued)
          U.O[0] = &MI;
        for (unsigned M = 0; M != Levels; ++M)
          if (U.S[M] == Done)
            U.O[M] = nullptr;
        if (!LaneAware) {
          Stepped.push_back(std::move(U));
          continue;
        }
        SmallVector<Lane, 2> Lanes;
        stepLane(MI, T.L, Lanes);
        for (Lane &N : Lanes) {
          U.L = std::move(N);
          Stepped.push_back(U);
        }
      }
      std::swap(Current, Stepped);
    }
    for (const MachineBasicBlock *Succ : MBB->successors())
      for (const Trajectory &T : Current) {
        if (edgeFeasible(*MBB, T.L, *Succ))
          Visit(Succ, {laneEntering(*Succ, T.L), T.S, T.O}, Next);
      }
  }
  // Every trajectory followed, none failing: the report came from a block
  // whose lane states were merged.
  std::string Why =
      Next == Nodes.size()
          ? ("no single path of a lane leaves the DMA in flight at the wait: "
             "the report comes from merging the lane states of a block "
             "reached by more than " +
             Twine(getMaxLaneStates()))
                .str()
          : ("no path of a lane to the wait found within " +
             Twine(unsigned(ExplainMaxStates)) +
             " lane states (-amdgpu-check-async-waits-explain-max-states)")
                .str();
  F.getContext().diagnose(DiagnosticInfoGenericWithLoc(
      Why, F, DiagnosticLocation(Wait.getDebugLoc()), DS_Note));
}

/// The smallest number of newer events, over the lanes that run \p Marker,
/// of a DMA it must see complete, given the state \p Before; Done if none.
unsigned Checker::weakestSufficient(const MachineInstr &Marker,
                                    const LaneStates &Before) const {
  unsigned N = *waitCount(Marker, Family, Activation);
  unsigned Needed = Done;
  for (const auto &[L, S] : Before)
    if (L.Active)
      Needed = std::min(Needed, S[N + 1]);
  // Saturation newer events: no encodable count is needed.
  return Needed >= Saturation ? Done : Needed;
}

/// Reports \p Markers, which stand together after the counter wait \p Wait
/// (or none) with nothing in between that changes the state. The stock wait
/// insertion merges the counter waits emitted for markers that stand
/// together into one in front of the first, so the wait is given to the
/// marker that needs the most of it; each of the others is judged, with no
/// counter wait of its own, on what is left in flight after it.
void Checker::reportExactness(ArrayRef<const MachineInstr *> Markers,
                              const MachineInstr *Wait,
                              const LaneStates &BeforeWait,
                              const LaneStates &AtMarkers) const {
  if (Markers.empty())
    return;
  const MachineInstr *Given = nullptr;
  if (Wait) {
    Given = Markers.front();
    for (const MachineInstr *M : Markers)
      if (weakestSufficient(*M, BeforeWait) <
          weakestSufficient(*Given, BeforeWait))
        Given = M;
  }
  for (const MachineInstr *M : Markers)
    if (M == Given)
      reportExactness(*M, BeforeWait, Wait);
    else
      reportExactness(*M, AtMarkers, nullptr);
}

/// The weakest sufficient count of a wait marker is the smallest number of
/// newer events, over the lanes that run it, of a DMA it must see complete
/// (before the counter wait given to it, if any); the wait is
/// exact when the emitted counter wait allows exactly that many.
void Checker::reportExactness(const MachineInstr &Marker,
                              const LaneStates &Before,
                              const MachineInstr *Wait) const {
  unsigned N = *waitCount(Marker, Family, Activation);
  unsigned Needed = weakestSufficient(Marker, Before);
  // Done: no counter wait in front of the marker, or, where the marker needs
  // none, one whose field holds its largest value (an s_waitcnt for other
  // counters), which waits for nothing it needs. Where the marker needs that
  // largest count, the field's value is its wait: the lowering's, merged
  // into the s_waitcnt for other counters, which prints no vmcnt at all.
  unsigned Emitted = Done;
  if (Wait)
    Emitted = allowedBy(*Wait).value_or(Done);
  if (Emitted != Done && Emitted + 1 >= Saturation && Needed == Done)
    Emitted = Done;
  // TENSORcnt is reported only where a tensor DMA is waited for or could
  // be, apart from the copies' counter (which bench/randir-scale.sh reads).
  if (Q == Queue::Tensor && Emitted == Done && Needed == Done)
    return;
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "wait_asyncmark(" << N
     << (Q == Queue::Tensor ? ") on TENSORcnt: emitted " : "): emitted ");
  if (Emitted != Done)
    OS << "count(" << Emitted << ")";
  else
    OS << "none";
  OS << ", weakest sufficient ";
  if (Needed != Done)
    OS << "count(" << Needed << ")";
  else
    OS << "none";
  OS << (Emitted == Needed ? ": exact" : ": not exact");
  MachineOptimizationRemarkEmitter ORE(MF, nullptr);
  ORE.emit([&] {
    return MachineOptimizationRemarkAnalysis("asyncpipe", "WaitExactness",
                                             Marker.getDebugLoc(),
                                             Marker.getParent())
           << OS.str();
  });
}
