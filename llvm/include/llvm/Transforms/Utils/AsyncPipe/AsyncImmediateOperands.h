//===- AsyncImmediateOperands.h - Merged immediates, split ------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Some operands of an async operation must be immediates: the size and
// policy flags of a portable copy, the size, offset and aux bits of an LDS
// DMA. A program that writes a constant there on every path is valid, but
// the optimizer may still merge two of its calls: SimplifyCFG sinks
// `if (c) copy(d, s, 4); else copy(d, s, 16);` into one call whose size is
// `phi [4], [16]` (or a select). The call is then split again: moved back
// into the predecessors where the merge is a phi of its own block, else one
// copy of it per constant the operand can take, behind a branch on the value
// that chose it, so that the program compiles exactly as written.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_UTILS_ASYNCPIPE_ASYNCIMMEDIATEOPERANDS_H
#define LLVM_TRANSFORMS_UTILS_ASYNCPIPE_ASYNCIMMEDIATEOPERANDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class Value;

namespace asyncpipe {

/// The integer constants \p V can be if it is one, or a merge of constants:
/// a tree of phis, selects, casts and operations with a constant operand
/// whose leaves are constants or i1 values (InstCombine turns
/// `select %c, i32 1, i32 0` into `zext i1 %c`), in increasing order without
/// repeats. None if a leaf is computed otherwise, a loop computes with the
/// value, or the tree is too large to be a merge.
std::optional<SmallVector<uint64_t, 4>> getMergedConstants(const Value *V);

/// For each operand of \p Call listed in \p ArgNos that is not a constant but
/// a merge of constants (getMergedConstants), replaces \p Call by copies of
/// it, one per constant, selected by a branch on the merged value. Returns
/// the calls that stand for \p Call afterwards: \p Call itself if nothing was
/// merged. Operands that are neither constants nor merges are left for the
/// caller to report.
SmallVector<CallBase *, 4> splitMergedImmediates(CallBase &Call,
                                                 ArrayRef<unsigned> ArgNos);

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_TRANSFORMS_UTILS_ASYNCPIPE_ASYNCIMMEDIATEOPERANDS_H
