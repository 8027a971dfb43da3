/*===- asyncpipe_host_nvvm.h - Native NVPTX cp.async on the host --*- C -*-===*
 *
 * Part of the AsyncPipe project.
 *
 *===----------------------------------------------------------------------===*
 *
 * Host builds of CUDA-style code that uses NVPTX's own async copies: each
 * macro below is a call to the llvm.nvvm.cp.async.* intrinsic of the same
 * name, which the plugin (asyncpipe-lower) turns into host runtime calls with
 * the hardware's semantics: one queue of commit groups per thread, shared by
 * every function the thread runs, so a group committed in one function may be
 * waited for in another (not the per-activation model of the portable calls
 * in asyncpipe_host.h). Compile with `clang -fpass-plugin=AsyncPipe.so` and
 * link libasyncpipe_rt.a.
 *
 *   nvvm_cp_async_ca_shared_global_{4,8,16}(dst, src)  copy 4/8/16 bytes
 *   nvvm_cp_async_cg_shared_global_16(dst, src)        (L1 bypass: the same)
 *   nvvm_cp_async_ca_shared_global_{4,8,16}_s(dst, src, src_size)
 *                            copy src_size bytes, zero the rest of the copy
 *   nvvm_cp_async_commit_group()    close this thread's current group
 *   nvvm_cp_async_wait_group(n)     until at most n groups are pending;
 *                                   n must be an integer constant
 *   nvvm_cp_async_wait_all()        commit, then wait for every group
 *
 * With -DASYNCPIPE_REFERENCE the same source builds without the plugin as the
 * synchronous reference of a differential test (copies complete at once).
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE_HOST_NVVM_H
#define ASYNCPIPE_HOST_NVVM_H

/* The wait count is an immediate operand of the intrinsic: reject anything
 * else at the call instead of failing in the code generator. */
#ifdef __cplusplus
template <int N> struct __asyncpipe_nvvm_count {
  static_assert(N >= 0, "cp.async.wait_group count must be >= 0");
  static constexpr int value = N;
};
#define __asyncpipe_nvvm_constant_count(n)                                     \
  ((void)__asyncpipe_nvvm_count<(n)>::value)
#else
#define __asyncpipe_nvvm_constant_count(n)                                     \
  ((void)sizeof(struct {                                                       \
     _Static_assert((n) >= 0, "cp.async.wait_group count must be >= 0");       \
     int __unused_member;                                                      \
   }))
#endif

#ifdef ASYNCPIPE_REFERENCE
#include <string.h>

static inline void __asyncpipe_nvvm_copy(void *dst, const void *src,
                                         unsigned size, unsigned src_size) {
  if (src_size > size)
    src_size = size;
  memcpy(dst, src, src_size);
  memset((char *)dst + src_size, 0, size - src_size);
}
#define nvvm_cp_async_ca_shared_global_4(dst, src)                             \
  __asyncpipe_nvvm_copy((dst), (src), 4, 4)
#define nvvm_cp_async_ca_shared_global_8(dst, src)                             \
  __asyncpipe_nvvm_copy((dst), (src), 8, 8)
#define nvvm_cp_async_ca_shared_global_16(dst, src)                            \
  __asyncpipe_nvvm_copy((dst), (src), 16, 16)
#define nvvm_cp_async_cg_shared_global_16(dst, src)                            \
  __asyncpipe_nvvm_copy((dst), (src), 16, 16)
#define nvvm_cp_async_ca_shared_global_4_s(dst, src, n)                        \
  __asyncpipe_nvvm_copy((dst), (src), 4, (n))
#define nvvm_cp_async_ca_shared_global_8_s(dst, src, n)                        \
  __asyncpipe_nvvm_copy((dst), (src), 8, (n))
#define nvvm_cp_async_ca_shared_global_16_s(dst, src, n)                       \
  __asyncpipe_nvvm_copy((dst), (src), 16, (n))
#define nvvm_cp_async_commit_group() ((void)0)
#define nvvm_cp_async_wait_group(n) __asyncpipe_nvvm_constant_count(n)
#define nvvm_cp_async_wait_all() ((void)0)

#else

/* NVPTX's shared and global address spaces, as the intrinsics expect. */
#define __asyncpipe_nvvm_shared __attribute__((address_space(3)))
#define __asyncpipe_nvvm_global __attribute__((address_space(1)))

#ifdef __cplusplus
extern "C" {
#endif
#define __asyncpipe_nvvm_declare_copy(bytes, kind)                             \
  void __asyncpipe_nvvm_##kind##_##bytes(__asyncpipe_nvvm_shared void *,       \
                                         __asyncpipe_nvvm_global const void *) \
      __asm__("llvm.nvvm.cp.async." #kind ".shared.global." #bytes);           \
  void __asyncpipe_nvvm_##kind##_##bytes##_s(                                  \
      __asyncpipe_nvvm_shared void *, __asyncpipe_nvvm_global const void *,    \
      int) __asm__("llvm.nvvm.cp.async." #kind ".shared.global." #bytes ".s");
__asyncpipe_nvvm_declare_copy(4, ca)
__asyncpipe_nvvm_declare_copy(8, ca)
__asyncpipe_nvvm_declare_copy(16, ca)
__asyncpipe_nvvm_declare_copy(16, cg)
#undef __asyncpipe_nvvm_declare_copy
void __asyncpipe_nvvm_commit_group(void)
    __asm__("llvm.nvvm.cp.async.commit.group");
void __asyncpipe_nvvm_wait_group(int) __asm__("llvm.nvvm.cp.async.wait.group");
void __asyncpipe_nvvm_wait_all(void) __asm__("llvm.nvvm.cp.async.wait.all");
#ifdef __cplusplus
}
#endif

#define __asyncpipe_nvvm_args(dst, src)                                        \
  (__asyncpipe_nvvm_shared void *)(dst),                                       \
      (__asyncpipe_nvvm_global const void *)(src)
#define nvvm_cp_async_ca_shared_global_4(dst, src)                             \
  __asyncpipe_nvvm_ca_4(__asyncpipe_nvvm_args(dst, src))
#define nvvm_cp_async_ca_shared_global_8(dst, src)                             \
  __asyncpipe_nvvm_ca_8(__asyncpipe_nvvm_args(dst, src))
#define nvvm_cp_async_ca_shared_global_16(dst, src)                            \
  __asyncpipe_nvvm_ca_16(__asyncpipe_nvvm_args(dst, src))
#define nvvm_cp_async_cg_shared_global_16(dst, src)                            \
  __asyncpipe_nvvm_cg_16(__asyncpipe_nvvm_args(dst, src))
#define nvvm_cp_async_ca_shared_global_4_s(dst, src, n)                        \
  __asyncpipe_nvvm_ca_4_s(__asyncpipe_nvvm_args(dst, src), (n))
#define nvvm_cp_async_ca_shared_global_8_s(dst, src, n)                        \
  __asyncpipe_nvvm_ca_8_s(__asyncpipe_nvvm_args(dst, src), (n))
#define nvvm_cp_async_ca_shared_global_16_s(dst, src, n)                       \
  __asyncpipe_nvvm_ca_16_s(__asyncpipe_nvvm_args(dst, src), (n))
#define nvvm_cp_async_commit_group() __asyncpipe_nvvm_commit_group()
#define nvvm_cp_async_wait_group(n)                                            \
  (__asyncpipe_nvvm_constant_count(n), __asyncpipe_nvvm_wait_group(n))
#define nvvm_cp_async_wait_all() __asyncpipe_nvvm_wait_all()

#endif /* ASYNCPIPE_REFERENCE */

#endif /* ASYNCPIPE_HOST_NVVM_H */
