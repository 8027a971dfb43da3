//===- NVPTXInlineAsm.h - cp.async written as inline PTX --------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// CUDA's <cuda_pipeline.h> and libcu++'s <cuda/pipeline> write cp.async as
/// inline PTX (asm volatile("cp.async.wait_group %0;" :: "n"(N))). This
/// parses such a statement's text and constraints and says what it does to
/// the thread's cp.async group counter. Registered as an inline-asm recognizer
/// (registerNVPTXInlineAsmRecognizer), it makes AsyncOp::get() treat a
/// recognized statement as a native NVPTX op (hardware semantics); one that
/// touches cp.async state but is not understood is opaque.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_NVPTX_NVPTXINLINEASM_H
#define ASYNCPIPE_LIB_TARGET_NVPTX_NVPTXINLINEASM_H

#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;

namespace asyncpipe {
class AsyncOp;

/// What one inline asm statement does to the cp.async state.
struct NVPTXInlineAsmAsyncOp {
  enum class Kind : uint8_t {
    None,      ///< Does not mention cp.async.
    Copy,      ///< cp.async.{ca,cg}.shared{::cta}.global
    Commit,    ///< cp.async.commit_group
    WaitGroup, ///< cp.async.wait_group N
    WaitAll,   ///< cp.async.wait_all
    /// Touches cp.async state in a way not modelled (bulk and mbarrier
    /// forms, several statements, malformed text): the function is opaque.
    Opaque,
  };
  Kind K = Kind::None;
  /// Call operand positions, or -1: the shared destination and the global
  /// source (only when they are pointers, not 32-bit shared addresses), the
  /// copy size and the source size when they are operands, the wait count.
  int8_t SharedArg = -1;
  int8_t GlobalArg = -1;
  int8_t SizeArg = -1;
  int8_t SourceSizeArg = -1;
  int8_t CountArg = -1;
  /// The copy size in bytes (4, 8 or 16), from the text or a constant
  /// operand.
  uint8_t Bytes = 0;
  /// The wait count when it is written in the text.
  std::optional<uint32_t> LiteralCount;
  /// .cg: the copy bypasses L1.
  bool BypassL1 = false;
  /// An opaque copy's constant source size larger than its Bytes, which
  /// ptxas rejects.
  std::optional<uint64_t> SourceSizePastCopy;
};

/// Parses \p Call if it is an inline asm statement; Kind::None otherwise.
NVPTXInlineAsmAsyncOp parseNVPTXInlineAsmAsyncOp(const CallBase &Call);

/// The op \p Call is if it is a modelled cp.async statement (the recognizer
/// registered with AsyncOp::get()), or an op of kind None.
AsyncOp getNVPTXInlineAsmOp(const CallBase &Call);

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_NVPTX_NVPTXINLINEASM_H
