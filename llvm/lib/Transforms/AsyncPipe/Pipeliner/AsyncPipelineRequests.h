//===- AsyncPipelineRequests.h - Which loops ask for a pipeline -*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner: its loop metadata (AsyncPipelineRequests.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEREQUESTS_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEREQUESTS_H

#include "AsyncPipelineSchedule.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <optional>
#include <string>

namespace llvm {
class Function;
class Instruction;
class LLVMContext;
class Loop;
class LoopInfo;
class MDNode;
class OptimizationRemarkEmitter;

namespace asyncpipe {

/// The most stages a loop may ask for.
constexpr unsigned MaxPipelineStages = 16;

/// The pipeliner's loop properties (AsyncPipePipeliner.rst, "Asking for it").
inline constexpr StringLiteral StagesKey = "asyncpipe.pipeline.stages";
inline constexpr StringLiteral StageKey = "asyncpipe.pipeline.stage";
inline constexpr StringLiteral OrderKey = "asyncpipe.pipeline.order";
inline constexpr StringLiteral AsyncStagesKey =
    "asyncpipe.pipeline.async_stages";
inline constexpr StringLiteral DoneKey = "asyncpipe.pipeline.done";
inline constexpr StringLiteral RegistersKey = "asyncpipe.pipeline.registers";
/// Loop property: which of the function's requests the loop carries.
inline constexpr StringLiteral RequestKey = "asyncpipe.pipeline.request";
/// The start of the follow-up properties' names: the properties of the loops
/// the pipeliner makes.
inline constexpr StringLiteral FollowupKeyPrefix =
    "asyncpipe.pipeline.followup_";

/// The entry of loop ID \p ID whose first operand is \p Key, if any.
MDNode *findLoopProperty(const MDNode *ID, StringRef Key);

/// Turns the asyncpipe_pipeline() marker calls of \p F into loop metadata and
/// records the requests in \p F; returns true if there were any.
bool consumePipelineMarkers(Function &F, LoopInfo &LI);

/// Reports each request of \p F that no loop carries any more, once.
void remarkLostRequests(Function &F, OptimizationRemarkEmitter &ORE);

/// True if a loop of \p F may carry a pipelining request.
bool hasPipelineLoopMetadata(const Function &F);

/// True if \p I is a marker call or a latch whose loop asks for stages and is
/// not pipelined yet.
bool opensPipelineRequest(const Instruction &I);

/// Reports an error at each loop of \p F whose pipeliner annotations are
/// invalid (AsyncPipelineAnnotations.cpp) and drops its request, so that the
/// loop stays as written. Returns true if it changed a loop.
bool rejectInvalidAnnotations(Function &F, LoopInfo &LI);

/// The same for one loop: true if it rejected \p L's annotations.
bool rejectIfInvalid(Loop &L);

/// Reports \p Why as an error about the annotation \p Key of \p L, at the
/// loop, and drops the loop's request.
void rejectAnnotation(Loop &L, StringRef Key, const Twine &Why);

/// Gives \p L the loop ID of a loop that asked and is not pipelined: its
/// other properties stay, its request is done.
void dropRequest(Loop &L);

/// What \p L asks for, or none if it does not ask to be pipelined (or was
/// pipelined already). The annotations are valid (rejectInvalidAnnotations).
std::optional<PipelineRequest> readRequest(const Loop &L, const LoopInfo &LI,
                                           unsigned DefaultStages);

/// The loop ID of a loop made from one whose ID was \p Orig: Which is
/// "pipelined" or "fallback" (see the definition).
MDNode *makePipelinedLoopID(MDNode *Orig, StringRef Which, LLVMContext &Ctx);

/// Gives \p L the loop ID of a pipelined loop: never pipelined again.
void markPipelined(Loop &L);

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINEREQUESTS_H
