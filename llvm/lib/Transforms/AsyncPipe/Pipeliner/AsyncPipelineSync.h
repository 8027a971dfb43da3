//===- AsyncPipelineSync.h - Barriers, fences, names ------------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Private to the pipeliner (AsyncPipelineSync.cpp): what a barrier or fence
// does to the memory an early copy reads ahead, what counts as work in a
// statement, and the names remarks give values.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINESYNC_H
#define ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINESYNC_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {
class Function;
class Instruction;
class Loop;
class Value;

namespace asyncpipe {
class AsyncTarget;

namespace pipeliner {

/// The name a user knows: C++ names demangled (a CUDA/HIP __shared__ array is
/// a global named _ZZ4gemmE2As, which the user wrote as gemm's As).
std::string demangleName(StringRef Name);

/// Where the user finds inner loop \p Inner: its source line, else its
/// header block's name (clang names loop blocks only in builds that keep
/// value names).
std::string describeInnerLoop(const Loop &Inner);

/// A value for a remark: its (demangled) name, or what it is.
std::string describe(const Value *V);

/// A pointer the way the user can find it in the source: its name, the
/// variable of its debug records, or which parameter it is.
std::string describePointer(const Value *Obj);

/// What a synchronization instruction can do to the global memory an early
/// copy reads ahead. A work-group barrier or a fence whose scope is the work
/// group (or narrower) only orders the accesses of the work-items of one
/// group, which all run this same loop: the stores that could feed a copy
/// through it are then the loop's own (checked with alias analysis) and those
/// before the loop (checked when the loop synchronizes, see checkReadAhead).
/// A wider fence may make another group's or the host's writes visible.
enum class SyncKind {
  None,      ///< Not a synchronization the pipeliner knows.
  Barrier,   ///< Every work-item of the group waits there.
  GroupSync, ///< Writes nothing, orders at most the group's accesses.
  WideFence, ///< Orders accesses beyond the work group.
};

/// A fence with its scope, or a call with the (demangled) name of its callee.
std::string describeSync(const Instruction &I);

/// How the user says that a pointer aliases nothing else in \p F's language.
StringRef restrictKeyword(const Function &F);

/// What \p I is as a synchronization of the work group (see SyncKind).
SyncKind classifySync(const Instruction &I, const AsyncTarget *Target);

/// Computes a value from its operands alone: no memory, no side effect.
bool isPure(const Instruction &I);

/// Consumer work: what makes a group that follows it in a statement begun by
/// a wait a statement of its own (see cutStatements). Address arithmetic is
/// not work, and neither are intrinsics that only describe the program.
bool isWork(const Instruction &I);

} // namespace pipeliner
} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TRANSFORMS_ASYNCPIPE_PIPELINER_ASYNCPIPELINESYNC_H
