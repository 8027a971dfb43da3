//===- HostAsync.h - AsyncPipe's host target ----------------------*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The host target: async programs compiled for a CPU run on AsyncPipe's
/// host runtime (runtime/). The plugin entry registers it.
///
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_LIB_TARGET_HOST_HOSTASYNC_H
#define ASYNCPIPE_LIB_TARGET_HOST_HOSTASYNC_H

namespace llvm {
namespace asyncpipe {

/// Registers the host AsyncTarget for the CPU triples the runtime supports
/// (x86-64, AArch64, RISC-V, 64-bit PowerPC, and modules with no triple).
void registerHostAsyncTarget();

} // namespace asyncpipe
} // namespace llvm

#endif // ASYNCPIPE_LIB_TARGET_HOST_HOSTASYNC_H
