//===- AsyncPipelineAnnotations.cpp - Invalid pipeliner annotations -------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A loop's asyncpipe.pipeline.* properties are written by people and by
// schedule generators (TVM-style stage, order and async_stages lists). An
// annotation that cannot mean what its writer wanted (a list of the wrong
// length, a stage out of range, two values for one key) is an error at the
// loop, naming the annotation and how to fix it: a missed remark would go
// unseen, and honouring the first value or ignoring the list would pipeline
// a schedule nobody wrote. The loop then stays as written.
//
// What needs the loop's statements (the length of the stage list, the stages
// allowed to issue copies) is checked where the planner cuts them
// (AsyncPipelineScheduler.cpp); everything else is checked here, before any
// loop is transformed.
//
//===----------------------------------------------------------------------===//

#include "AsyncPipelineRequests.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/AsyncPipe/AsyncDiagnostics.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace llvm::asyncpipe;

namespace {

/// What is wrong with one annotation of a loop, in the user's words.
struct InvalidAnnotation {
  StringRef Key;
  std::string Why;
};

using Verdict = std::optional<InvalidAnnotation>;

/// The integer operands of a property, or the position (from 1) of the
/// first operand that is not an integer constant of at most 64 bits.
struct IntegerOperands {
  SmallVector<int64_t, 8> Values;
  unsigned NotInteger = 0;
};

} // namespace

static IntegerOperands readOperands(const MDNode &Property) {
  IntegerOperands Result;
  for (const MDOperand &Op : drop_begin(Property.operands())) {
    auto *C = mdconst::dyn_extract_or_null<ConstantInt>(Op.get());
    if (!C || C->getValue().getSignificantBits() > 64) {
      Result.NotInteger = Result.Values.size() + 1;
      return Result;
    }
    Result.Values.push_back(C->getSExtValue());
  }
  return Result;
}

static StringRef getKey(const MDNode &Property) {
  auto *Key = Property.getNumOperands()
                  ? dyn_cast<MDString>(Property.getOperand(0))
                  : nullptr;
  return Key ? Key->getString() : StringRef();
}

/// "1st", "2nd", ...: a property's values are counted from its first one,
/// while statements and stages are numbered from 0.
static std::string getOrdinal(unsigned N) {
  StringRef Suffix = "th";
  if (N % 100 < 11 || N % 100 > 13)
    Suffix = N % 10 == 1   ? "st"
             : N % 10 == 2 ? "nd"
             : N % 10 == 3 ? "rd"
                           : "th";
  return std::to_string(N) + Suffix.str();
}

/// A property's values as the user wrote them, for a message.
static std::string describeValues(const MDNode &Property) {
  IntegerOperands Operands = readOperands(Property);
  if (Operands.NotInteger)
    return "values that are not all integers";
  if (Operands.Values.empty())
    return "no value";
  return "(" +
         join(map_range(Operands.Values,
                        [](int64_t V) { return std::to_string(V); }),
              ", ") +
         ")";
}

static bool isFollowupKey(StringRef Key) {
  return Key.consume_front(FollowupKeyPrefix) &&
         is_contained({"all", "pipelined", "fallback", "registers"}, Key);
}

static bool isKnownKey(StringRef Key) {
  return is_contained({StringRef(StagesKey), StringRef(StageKey),
                       StringRef(OrderKey), StringRef(AsyncStagesKey),
                       StringRef(DoneKey), StringRef(RegistersKey),
                       StringRef(RequestKey)},
                      Key) ||
         isFollowupKey(Key);
}

/// The pipeliner's properties of one loop, each key once, in the loop ID's
/// order (so that the first invalid one is reported).
using Annotations = SmallMapVector<StringRef, const MDNode *, 8>;

static bool haveSameValues(const MDNode &A, const MDNode &B) {
  return equal(A.operands(), B.operands(),
               [](const MDOperand &X, const MDOperand &Y) {
                 return X.get() == Y.get();
               });
}

/// Collects the pipeliner's properties of \p LoopID. An unknown key (a typo
/// is otherwise ignored) and a key given twice with different values (the
/// first one would silently win) are errors; a key given twice alike is
/// the same request.
static Verdict collectAnnotations(const MDNode &LoopID, Annotations &Found) {
  for (const MDOperand &Op : drop_begin(LoopID.operands())) {
    auto *Property = dyn_cast_or_null<MDNode>(Op.get());
    StringRef Key = Property ? getKey(*Property) : StringRef();
    if (!Key.starts_with("asyncpipe.pipeline"))
      continue;
    if (!isKnownKey(Key))
      return InvalidAnnotation{
          Key, "it is not an annotation of the pipeliner; the annotations "
               "are asyncpipe.pipeline.stages, .stage, .order, .async_stages "
               "and .registers (see AsyncPipePipeliner.rst)"};
    auto [It, Inserted] = Found.try_emplace(Key, Property);
    if (Inserted || haveSameValues(*It->second, *Property))
      continue;
    return InvalidAnnotation{
        Key, formatv("the loop has it twice, with different values: {0} "
                     "and {1}; keep one",
                     describeValues(*It->second), describeValues(*Property))};
  }
  return std::nullopt;
}

/// The operands of \p Property if all are integers, or the error that names
/// the first one that is not (\p Hint says what to write).
static Verdict readIntegers(const MDNode &Property, StringRef Hint,
                            SmallVectorImpl<int64_t> &Values) {
  IntegerOperands Operands = readOperands(Property);
  if (Operands.NotInteger)
    return InvalidAnnotation{
        getKey(Property),
        formatv("its {0} value is not an integer constant; {1}",
                getOrdinal(Operands.NotInteger), Hint)};
  Values.assign(Operands.Values.begin(), Operands.Values.end());
  return std::nullopt;
}

/// A property of one count from \p Lo to \p Hi.
static Verdict checkCount(const MDNode &Property, int64_t Lo, int64_t Hi,
                          StringRef Hint, int64_t &Count) {
  StringRef Key = getKey(Property);
  std::string Write =
      formatv("write !{{!\"{0}\", i32 N} with N from {1} to {2}", Key, Lo, Hi);
  SmallVector<int64_t, 8> Values;
  if (Verdict Bad = readIntegers(Property, Write, Values))
    return Bad;
  if (Values.size() != 1)
    return InvalidAnnotation{Key,
                             formatv("it takes one count, not {0} values; {1}",
                                     Values.size(), Write)};
  Count = Values.front();
  if (Count < Lo || Count > Hi)
    return InvalidAnnotation{
        Key, formatv("the count {0} is out of range; {1}", Count, Hint)};
  return std::nullopt;
}

/// The stage list: one stage per statement, each below MaxPipelineStages.
static Verdict checkStageList(const MDNode &Property,
                              SmallVectorImpl<int64_t> &Stages) {
  const int64_t LastStage = MaxPipelineStages - 1;
  std::string Hint =
      formatv("give one stage from 0 to {0} per statement", LastStage);
  if (Verdict Bad = readIntegers(Property, Hint, Stages))
    return Bad;
  if (Stages.empty())
    return InvalidAnnotation{StageKey, "it lists no stages; " + Hint};
  for (auto [Idx, Stage] : enumerate(Stages))
    if (Stage < 0 || Stage > LastStage)
      return InvalidAnnotation{
          StageKey, formatv("statement {0} has stage {1}, out of range; "
                            "stages go from 0 to {2}",
                            Idx, Stage, LastStage)};
  return std::nullopt;
}

/// The order: a permutation of the statements of the stage list.
static Verdict checkOrder(const MDNode &Property, size_t NumStatements) {
  std::string Hint = formatv("give each of the {0} statements of '{1}' its "
                             "own position from 0 to {2}",
                             NumStatements, StageKey, NumStatements - 1);
  SmallVector<int64_t, 8> Order;
  if (Verdict Bad = readIntegers(Property, Hint, Order))
    return Bad;
  if (Order.size() != NumStatements)
    return InvalidAnnotation{
        OrderKey, formatv("it lists {0} positions but '{1}' lists {2} "
                          "statements; {3}",
                          Order.size(), StageKey, NumStatements, Hint)};
  SmallVector<int, 8> HeldBy(NumStatements, -1);
  for (auto [Idx, Pos] : enumerate(Order)) {
    if (Pos < 0 || Pos >= int64_t(NumStatements))
      return InvalidAnnotation{
          OrderKey, formatv("statement {0} has position {1}, out of range; "
                            "{2}",
                            Idx, Pos, Hint)};
    if (HeldBy[Pos] >= 0)
      return InvalidAnnotation{
          OrderKey, formatv("statements {0} and {1} both have position {2}; "
                            "{3}",
                            HeldBy[Pos], Idx, Pos, Hint)};
    HeldBy[Pos] = int(Idx);
  }
  return std::nullopt;
}

/// The async stages: stages of the schedule.
static Verdict checkAsyncStages(const MDNode &Property, int64_t LastStage) {
  std::string Hint =
      formatv("list only stages of '{0}', from 0 to {1}", StageKey, LastStage);
  SmallVector<int64_t, 8> AsyncStages;
  if (Verdict Bad = readIntegers(Property, Hint, AsyncStages))
    return Bad;
  for (int64_t Stage : AsyncStages)
    if (Stage < 0 || Stage > LastStage)
      return InvalidAnnotation{
          AsyncStagesKey,
          formatv("async stage {0} is out of range: the schedule's stages "
                  "go from 0 to {1}; {2}",
                  Stage, LastStage, Hint)};
  return std::nullopt;
}

/// An explicit schedule: the stage list and what refers to it.
static Verdict checkSchedule(const Annotations &Found) {
  const MDNode *Stage = Found.lookup(StageKey);
  if (!Stage) {
    for (StringRef Key : {StringRef(OrderKey), StringRef(AsyncStagesKey)})
      if (Found.contains(Key))
        return InvalidAnnotation{
            Key, formatv("it describes the statements of an explicit "
                         "schedule, and the loop has none; add '{0}' (one "
                         "stage per statement) or remove '{1}'",
                         StageKey, Key)};
    return std::nullopt;
  }
  SmallVector<int64_t, 8> Stages;
  if (Verdict Bad = checkStageList(*Stage, Stages))
    return Bad;
  if (const MDNode *Order = Found.lookup(OrderKey))
    if (Verdict Bad = checkOrder(*Order, Stages.size()))
      return Bad;
  int64_t LastStage = *max_element(Stages);
  if (const MDNode *Async = Found.lookup(AsyncStagesKey))
    if (Verdict Bad = checkAsyncStages(*Async, LastStage))
      return Bad;
  // An explicit schedule has as many stages as its stage list uses; a count
  // that says otherwise would be ignored.
  if (const MDNode *Count = Found.lookup(StagesKey)) {
    int64_t NumStages = 0;
    if (Verdict Bad =
            checkCount(*Count, 1, MaxPipelineStages,
                       "remove it: the stage list gives the stages", NumStages))
      return Bad;
    if (NumStages != LastStage + 1)
      return InvalidAnnotation{
          StagesKey, formatv("it asks for {0} stages but '{1}' uses stages 0 "
                             "to {2}; remove it or make it {3}",
                             NumStages, StageKey, LastStage, LastStage + 1)};
  }
  return std::nullopt;
}

/// A follow-up lists the properties of a loop the pipeliner makes, which
/// LLVM's makeFollowupLoopID copies into that loop's ID as they are.
static Verdict checkFollowup(const MDNode &Property) {
  for (auto [Idx, Op] : enumerate(drop_begin(Property.operands())))
    if (!isa_and_nonnull<MDNode>(Op.get()))
      return InvalidAnnotation{
          getKey(Property),
          formatv("its {0} value is not a loop property; list the "
                  "properties the new loop gets, e.g. "
                  "!{{!\"llvm.loop.unroll.disable\"}",
                  getOrdinal(Idx + 1))};
  return std::nullopt;
}

/// Checks the pipeliner's annotations of one loop ID.
static Verdict checkAnnotations(const MDNode &LoopID) {
  Annotations Found;
  if (Verdict Bad = collectAnnotations(LoopID, Found))
    return Bad;
  // A loop the pipeliner made asks for nothing more, whatever else it has.
  if (Found.empty() || Found.contains(DoneKey))
    return std::nullopt;
  for (auto [Key, Property] : Found)
    if (isFollowupKey(Key))
      if (Verdict Bad = checkFollowup(*Property))
        return Bad;
  const MDNode *Registers = Found.lookup(RegistersKey);
  if (Registers) {
    int64_t Count = 0;
    if (Verdict Bad =
            checkCount(*Registers, 1, MaxPipelineStages,
                       "use 2 (the loads one iteration ahead)", Count))
      return Bad;
    for (StringRef Key : {StringRef(StagesKey), StringRef(StageKey)})
      if (Found.contains(Key))
        return InvalidAnnotation{
            RegistersKey,
            formatv("the loop also asks for async stages with '{0}': async "
                    "stages are for a loop that issues copies, a register "
                    "stage for a loop of plain loads; keep the one that fits",
                    Key)};
  }
  if (Found.contains(StageKey) || Found.contains(OrderKey) ||
      Found.contains(AsyncStagesKey))
    return checkSchedule(Found);
  if (const MDNode *Count = Found.lookup(StagesKey)) {
    int64_t NumStages = 0;
    return checkCount(*Count, 1, MaxPipelineStages,
                      formatv("use 1 to {0}", MaxPipelineStages).str(),
                      NumStages);
  }
  return std::nullopt;
}

void asyncpipe::rejectAnnotation(Loop &L, StringRef Key, const Twine &Why) {
  Function &F = *L.getHeader()->getParent();
  // The callable body of an OpenCL kernel holds the kernel's loops, which
  // report the same errors.
  if (!isOpenCLKernelBody(F))
    F.getContext().diagnose(DiagnosticInfoUnsupported(
        F, "invalid pipeliner annotation '" + Key + "': " + Why,
        DiagnosticLocation(L.getStartLoc()), DS_Error));
  dropRequest(L);
}

bool asyncpipe::rejectIfInvalid(Loop &L) {
  MDNode *LoopID = L.getLoopID();
  if (!LoopID)
    return false;
  Verdict Bad = checkAnnotations(*LoopID);
  if (!Bad)
    return false;
  rejectAnnotation(L, Bad->Key, Bad->Why);
  return true;
}

bool asyncpipe::rejectInvalidAnnotations(Function &F, LoopInfo &LI) {
  if (!hasPipelineLoopMetadata(F))
    return false;
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    Changed |= rejectIfInvalid(*L);
  return Changed;
}
