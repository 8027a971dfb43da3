/*===- asyncpipe/amdgcn_async.h - Upstream AMDGPU async LDS builtins ------===*\
 *
 * Part of the AsyncPipe project.
 *
 * The async LDS DMA builtins of upstream Clang, for Clang 22 (which does not
 * have them), in OpenCL C and HIP on AMDGPU:
 *
 *   void __builtin_amdgcn_global_load_async_lds(
 *       global void *src, local void *dst, unsigned size, int offset,
 *       unsigned aux);
 *   void __builtin_amdgcn_load_async_to_lds(
 *       global void *src, local void *dst, unsigned size, int offset,
 *       unsigned aux);                      // also a buffer fat pointer src
 *   void __builtin_amdgcn_raw_ptr_buffer_load_async_lds(
 *       __amdgpu_buffer_rsrc_t rsrc, local void *dst, unsigned size,
 *       int voffset, int soffset, int offset, int aux);
 *   void __builtin_amdgcn_struct_ptr_buffer_load_async_lds(
 *       __amdgpu_buffer_rsrc_t rsrc, local void *dst, unsigned size,
 *       int vindex, int voffset, int soffset, int offset, int aux);
 *   void __builtin_amdgcn_asyncmark(void);
 *   void __builtin_amdgcn_wait_asyncmark(unsigned short n);
 *
 * Operands are those of the non-async builtins
 * (__builtin_amdgcn_global_load_lds and so on), and each call becomes a call
 * of the upstream LLVM intrinsic with the same operands:
 * llvm.amdgcn.global.load.async.lds,
 * llvm.amdgcn.load.async.to.lds.p1 / .p7, llvm.amdgcn.asyncmark,
 * llvm.amdgcn.wait.asyncmark. The buffer forms call
 * llvm.amdgcn.raw.ptr.buffer.load.lds.async and
 * llvm.amdgcn.struct.ptr.buffer.load.lds.async, AsyncPipe's spelling of the
 * upstream names, which LLVM 22's verifier rejects. The AsyncPipe plugin
 * (clang -fpass-plugin=AsyncPipe.so) lowers them; without it the backend
 * would emit calls to undefined functions.
 *
 * On gfx1250 and gfx1251 only the mark and the wait can be used: the copies
 * there are Clang 22's __builtin_amdgcn_global_load_async_to_lds_b8/b32/b64/
 * b128, __builtin_amdgcn_cluster_load_async_to_lds_* and
 * __builtin_amdgcn_global_store_async_from_lds_*, which the marks track
 * (s_wait_asynccnt), and Clang 22's tensor DMA builtins
 * (__builtin_amdgcn_tensor_load_to_lds, _d2, tensor_store_from_lds, _d2),
 * which the marks track too, on their own counter (s_wait_tensorcnt); a call
 * of an LDS DMA builtin above is an error there.
 *
 * Semantics (llvm/docs/AsyncPipeClang.rst): each copy is issued by every
 * active lane and completes asynchronously; asyncmark closes a group of the
 * copies issued before it; wait_asyncmark(n) waits until at most n marks of
 * the current function are outstanding. LDS DMA writes lane L's bytes at
 * dst + offset + L * size with a wave-uniform dst: dst is the base of the
 * wave's block, not each lane's address (a lane-varying dst is read from the
 * first active lane), as for the non-async builtins.
 *
 * As for real builtins, size, offset, aux and n must be integer constants,
 * size must be one the target can copy, and the pointers must be in the right
 * address spaces; anything else is a compile error. In HIP, generic pointers
 * are accepted and converted, as Clang does for the non-async builtins.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE_AMDGCN_ASYNC_H
#define ASYNCPIPE_AMDGCN_ASYNC_H

#include <asyncpipe/__config.h>

/* gfx1250 and gfx1251 have no LDS DMA, but their async copies
 * (__builtin_amdgcn_global_load_async_to_lds_b32 and friends, Clang 22's own)
 * count on ASYNCcnt, and upstream accepts the mark builtins there (target
 * feature "vmem-to-lds-load-insts|asynccnt"); the LDS DMA builtins are
 * errors at the call there. */
#if defined(__gfx1250__) || defined(__gfx1251__)
#define ASYNCPIPE_AMDGCN_ASYNCCNT 1
#endif

#if defined(__AMDGCN__) && (defined(__GFX11__) || defined(__GFX12__)) &&       \
    !defined(ASYNCPIPE_AMDGCN_ASYNCCNT)
#error "asyncpipe/amdgcn_async.h: no LDS DMA on this GPU (needs gfx9 or gfx10)"
#endif

/* For AMDGPU device code, and HIP host passes, which type-check device code.
 * Each builtin is declared only where Clang does not already provide it. */
#if defined(__AMDGCN__) || defined(__HIP__)

/* The checks of a copy builtin: size, offset and aux are integer constants
 * and size is one LDS DMA can copy. BUILTIN is the builtin's name. */
#define ASYNCPIPE_AMDGCN_CONSTANT(ARG, BUILTIN)                                \
  ASYNCPIPE_REQUIRE_CONSTANT(ARG, "argument '" #ARG "' of '" #BUILTIN          \
                                  "' must be an integer constant")
#define ASYNCPIPE_AMDGCN_COPY_CHECKS(BUILTIN)                                  \
  ASYNCPIPE_AMDGCN_CONSTANT(size, BUILTIN)                                     \
  ASYNCPIPE_REQUIRE_IF_CONSTANT(size, ASYNCPIPE_LEGAL_COPY_SIZE(size),         \
                                "'" #BUILTIN "' cannot copy this size: size "  \
                                "must be " ASYNCPIPE_COPY_SIZES_TEXT)          \
  ASYNCPIPE_AMDGCN_CONSTANT(offset, BUILTIN)                                   \
  ASYNCPIPE_AMDGCN_CONSTANT(aux, BUILTIN)                                      \
  ASYNCPIPE_AMDGCN_NEEDS_LDS_DMA(BUILTIN)

/* On gfx1250/gfx1251 a call of an LDS DMA builtin is an error at the call
 * that names the copies the GPU has. */
#if defined(ASYNCPIPE_AMDGCN_ASYNCCNT)
#define ASYNCPIPE_AMDGCN_NEEDS_LDS_DMA(BUILTIN)                                \
  __attribute__((diagnose_if(1,                                                \
                             "'" #BUILTIN "' needs LDS DMA (gfx9, gfx10), "    \
                             "which gfx1250 does not have: use "               \
                             "__builtin_amdgcn_global_load_async_to_lds_b8/"   \
                             "b32/b64/b128, which the same marks track",       \
                             "error")))
#else
#define ASYNCPIPE_AMDGCN_NEEDS_LDS_DMA(BUILTIN)
#endif

/* OpenCL C spells the operands' address spaces in the builtins' types; HIP
 * declares the builtins under internal names with the same types and wraps
 * them in macros that convert generic pointers (below). */
#if defined(ASYNCPIPE_OPENCL)
#define ASYNCPIPE_AMDGCN_NAME(BUILTIN) BUILTIN
#define ASYNCPIPE_AMDGCN_GLOBAL __global void *
#define ASYNCPIPE_AMDGCN_LDS __local void *
#define ASYNCPIPE_AMDGCN_OVERLOAD __attribute__((overloadable))
#else
#define ASYNCPIPE_AMDGCN_NAME(BUILTIN) __asyncpipe_##BUILTIN
#define ASYNCPIPE_AMDGCN_GLOBAL __attribute__((address_space(1))) void *
#define ASYNCPIPE_AMDGCN_LDS __attribute__((address_space(3))) void *
#define ASYNCPIPE_AMDGCN_OVERLOAD
#endif
#define ASYNCPIPE_AMDGCN_BUFFER_PTR __attribute__((address_space(7))) void *

#ifdef __cplusplus
extern "C++" {
#endif

/* One declaration per builtin, laid out alike. */
/* clang-format off */
#if !__has_builtin(__builtin_amdgcn_global_load_async_lds)
ASYNCPIPE_DEVICE void
ASYNCPIPE_AMDGCN_NAME(__builtin_amdgcn_global_load_async_lds)(
    ASYNCPIPE_AMDGCN_GLOBAL src, ASYNCPIPE_AMDGCN_LDS dst, unsigned size,
    int offset, unsigned aux)
    ASYNCPIPE_AMDGCN_COPY_CHECKS(__builtin_amdgcn_global_load_async_lds)
    __asm__("llvm.amdgcn.global.load.async.lds");
#define ASYNCPIPE_HAS_GLOBAL_LOAD_ASYNC_LDS 1
#endif

#if !__has_builtin(__builtin_amdgcn_load_async_to_lds)
/* Overloaded like llvm.amdgcn.load.async.to.lds on the source pointer:
 * global memory (.p1) or a buffer fat pointer (.p7). */
ASYNCPIPE_DEVICE void ASYNCPIPE_AMDGCN_OVERLOAD
ASYNCPIPE_AMDGCN_NAME(__builtin_amdgcn_load_async_to_lds)(
    ASYNCPIPE_AMDGCN_GLOBAL src, ASYNCPIPE_AMDGCN_LDS dst, unsigned size,
    int offset, unsigned aux)
    ASYNCPIPE_AMDGCN_COPY_CHECKS(__builtin_amdgcn_load_async_to_lds)
    __asm__("llvm.amdgcn.load.async.to.lds.p1");
ASYNCPIPE_DEVICE void ASYNCPIPE_AMDGCN_OVERLOAD
ASYNCPIPE_AMDGCN_NAME(__builtin_amdgcn_load_async_to_lds)(
    ASYNCPIPE_AMDGCN_BUFFER_PTR src, ASYNCPIPE_AMDGCN_LDS dst, unsigned size,
    int offset, unsigned aux)
    ASYNCPIPE_AMDGCN_COPY_CHECKS(__builtin_amdgcn_load_async_to_lds)
    __asm__("llvm.amdgcn.load.async.to.lds.p7");
#define ASYNCPIPE_HAS_LOAD_ASYNC_TO_LDS 1
#endif

#if !__has_builtin(__builtin_amdgcn_raw_ptr_buffer_load_async_lds)
ASYNCPIPE_DEVICE void
ASYNCPIPE_AMDGCN_NAME(__builtin_amdgcn_raw_ptr_buffer_load_async_lds)(
    __amdgpu_buffer_rsrc_t rsrc, ASYNCPIPE_AMDGCN_LDS dst, unsigned size,
    int voffset, int soffset, int offset, int aux)
    ASYNCPIPE_AMDGCN_COPY_CHECKS(
        __builtin_amdgcn_raw_ptr_buffer_load_async_lds)
    __asm__("llvm.amdgcn.raw.ptr.buffer.load.lds.async");
#define ASYNCPIPE_HAS_RAW_PTR_BUFFER_LOAD_ASYNC_LDS 1
#endif

#if !__has_builtin(__builtin_amdgcn_struct_ptr_buffer_load_async_lds)
ASYNCPIPE_DEVICE void
ASYNCPIPE_AMDGCN_NAME(__builtin_amdgcn_struct_ptr_buffer_load_async_lds)(
    __amdgpu_buffer_rsrc_t rsrc, ASYNCPIPE_AMDGCN_LDS dst, unsigned size,
    int vindex, int voffset, int soffset, int offset, int aux)
    ASYNCPIPE_AMDGCN_COPY_CHECKS(
        __builtin_amdgcn_struct_ptr_buffer_load_async_lds)
    __asm__("llvm.amdgcn.struct.ptr.buffer.load.lds.async");
#define ASYNCPIPE_HAS_STRUCT_PTR_BUFFER_LOAD_ASYNC_LDS 1
#endif

/* The mark and wait need no pointer conversion: HIP and OpenCL C declare
 * them under their own names. */
#if !__has_builtin(__builtin_amdgcn_asyncmark)
ASYNCPIPE_DEVICE void
__builtin_amdgcn_asyncmark(void) __asm__("llvm.amdgcn.asyncmark");
#endif

#if !__has_builtin(__builtin_amdgcn_wait_asyncmark)
ASYNCPIPE_DEVICE void __builtin_amdgcn_wait_asyncmark(unsigned short n)
    ASYNCPIPE_AMDGCN_CONSTANT(n, __builtin_amdgcn_wait_asyncmark)
    __asm__("llvm.amdgcn.wait.asyncmark");
#endif
/* clang-format on */

#ifdef __cplusplus
} /* extern "C++" */
#endif

#if !defined(ASYNCPIPE_OPENCL)
/* HIP: the builtins take generic pointers, as Clang's non-async builtins do
 * in HIP, and convert them. A pointer already qualified with the other
 * address space is an error. The conversions are overloads, so that each
 * call site picks the right one; they are folded away at every -O level. */
namespace __asyncpipe_amdgcn {
/* load_async_to_lds also takes a buffer fat pointer (.p7). */
template <class T>
ASYNCPIPE_DEVICE __attribute__((always_inline)) inline
    __attribute__((address_space(1))) void *
    global_src(T *p) {
  return __asyncpipe_ptr::async_copy_source(p);
}
template <class T>
ASYNCPIPE_DEVICE __attribute__((always_inline)) inline
    __attribute__((address_space(7))) void *
    global_src(__attribute__((address_space(7))) T *p) {
  return (__attribute__((address_space(7))) void *)p;
}
} // namespace __asyncpipe_amdgcn

/* Only global memory, not a buffer, for global_load_async_lds. */
#define __asyncpipe_amdgcn_global(P) __asyncpipe_ptr::async_copy_source(P)

#ifdef ASYNCPIPE_HAS_GLOBAL_LOAD_ASYNC_LDS
#define __builtin_amdgcn_global_load_async_lds(SRC, DST, SIZE, OFFSET, AUX)    \
  __asyncpipe___builtin_amdgcn_global_load_async_lds(                          \
      __asyncpipe_amdgcn_global(SRC),                                          \
      __asyncpipe_ptr::async_copy_destination(DST), SIZE, OFFSET, AUX)
#endif
#ifdef ASYNCPIPE_HAS_LOAD_ASYNC_TO_LDS
#define __builtin_amdgcn_load_async_to_lds(SRC, DST, SIZE, OFFSET, AUX)        \
  __asyncpipe___builtin_amdgcn_load_async_to_lds(                              \
      __asyncpipe_amdgcn::global_src(SRC),                                     \
      __asyncpipe_ptr::async_copy_destination(DST), SIZE, OFFSET, AUX)
#endif
#ifdef ASYNCPIPE_HAS_RAW_PTR_BUFFER_LOAD_ASYNC_LDS
#define __builtin_amdgcn_raw_ptr_buffer_load_async_lds(                        \
    RSRC, DST, SIZE, VOFFSET, SOFFSET, OFFSET, AUX)                            \
  __asyncpipe___builtin_amdgcn_raw_ptr_buffer_load_async_lds(                  \
      RSRC, __asyncpipe_ptr::async_copy_destination(DST), SIZE, VOFFSET,       \
      SOFFSET, OFFSET, AUX)
#endif
#ifdef ASYNCPIPE_HAS_STRUCT_PTR_BUFFER_LOAD_ASYNC_LDS
#define __builtin_amdgcn_struct_ptr_buffer_load_async_lds(                     \
    RSRC, DST, SIZE, VINDEX, VOFFSET, SOFFSET, OFFSET, AUX)                    \
  __asyncpipe___builtin_amdgcn_struct_ptr_buffer_load_async_lds(               \
      RSRC, __asyncpipe_ptr::async_copy_destination(DST), SIZE, VINDEX,        \
      VOFFSET, SOFFSET, OFFSET, AUX)
#endif
#endif /* !ASYNCPIPE_OPENCL */

#endif /* __AMDGCN__ || HIP */

#endif /* ASYNCPIPE_AMDGCN_ASYNC_H */
