/*===- asyncpipe/__config.h - Language and target detection ---------------===*\
 *
 * Part of the AsyncPipe project.
 *
 * Internal to the AsyncPipe headers: include <asyncpipe/asyncpipe.h>,
 * <asyncpipe/pipeline.h> or <asyncpipe/amdgcn_async.h> instead.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE___CONFIG_H
#define ASYNCPIPE___CONFIG_H

/* The target of this compilation pass. CUDA and HIP compile every source
 * twice; only the device pass sees __AMDGCN__ or __NVPTX__, and the host pass
 * only type-checks device functions, so it sees the host rules. */
#if defined(__AMDGCN__)
#define ASYNCPIPE_TARGET_AMDGPU 1
#elif defined(__NVPTX__)
#define ASYNCPIPE_TARGET_NVPTX 1
#else
#define ASYNCPIPE_TARGET_HOST 1
#endif

#if defined(__OPENCL_C_VERSION__)
#define ASYNCPIPE_OPENCL 1
#endif

/* Functions callable from kernels. */
#if defined(__CUDA__) || defined(__HIP__)
#define ASYNCPIPE_DEVICE __attribute__((device))
#else
#define ASYNCPIPE_DEVICE
#endif

/* Pointer types of the copy operands. OpenCL C has its own address-space
 * keywords; CUDA and HIP pointers are generic in the source and are cast to
 * the target's address space by the headers (AMDGPU and NVPTX agree: 1 is
 * global, 3 is workgroup-shared). */
#if defined(ASYNCPIPE_OPENCL)
#define ASYNCPIPE_GLOBAL_PTR(T) __global T *
#define ASYNCPIPE_SHARED_PTR(T) __local T *
#elif !defined(__CUDA__) && !defined(__HIP__) && defined(ASYNCPIPE_TARGET_HOST)
#define ASYNCPIPE_GLOBAL_PTR(T) T *
#define ASYNCPIPE_SHARED_PTR(T) T *
#else
/* CUDA and HIP, both passes: the host pass type-checks device code as the
 * device pass compiles it. */
#define ASYNCPIPE_GENERIC_SOURCE_POINTERS 1
#define ASYNCPIPE_GLOBAL_PTR(T) __attribute__((address_space(1))) T *
#define ASYNCPIPE_SHARED_PTR(T) __attribute__((address_space(3))) T *
#endif

/* Compile-time argument checks. diagnose_if evaluates its condition at each
 * call with the call's arguments, so a bad argument is a clang error at the
 * argument, with the message below, as for a real builtin. */
#define ASYNCPIPE_REQUIRE(COND, MESSAGE)                                       \
  __attribute__((diagnose_if(!(COND), MESSAGE, "error")))
/* ARG must be an integer constant. */
#define ASYNCPIPE_REQUIRE_CONSTANT(ARG, MESSAGE)                               \
  ASYNCPIPE_REQUIRE(__builtin_constant_p(ARG), MESSAGE)
/* COND must hold when ARG is a constant (a non-constant ARG is diagnosed by
 * ASYNCPIPE_REQUIRE_CONSTANT, so it is not reported twice). */
#define ASYNCPIPE_REQUIRE_IF_CONSTANT(ARG, COND, MESSAGE)                      \
  ASYNCPIPE_REQUIRE(!__builtin_constant_p(ARG) || (COND), MESSAGE)

/* Without a CUDA installation clang 22 compiles CUDA for PTX ISA 4.2, which
 * LLVM's NVPTX backend rejects for sm_80 and newer with a crash dump before
 * any plugin runs. No macro gives the PTX version, but clang offers an NVPTX
 * builtin only when the target has the SM and PTX version it needs, so a
 * missing cp.async builtin (sm_80, PTX 7.0) or cluster builtin (sm_90, PTX
 * 7.8) on a target with that SM means the PTX version is too old. (OpenCL's
 * driver always asks for the newest PTX version; a bare -cc1 asks for none,
 * which lets the backend choose, so neither is checked.) */
#if defined(ASYNCPIPE_TARGET_NVPTX) && defined(__CUDA__) &&                    \
    defined(__CUDA_ARCH__)
#if __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1000 &&                            \
    !__has_builtin(__nvvm_isspacep_shared_cluster)
#error "AsyncPipe: sm_90 needs PTX ISA 7.8 or newer, and without a CUDA installation clang picks PTX ISA 4.2: add --cuda-feature=+ptx78"
#elif __CUDA_ARCH__ >= 800 && !__has_builtin(__nvvm_cp_async_commit_group)
#error "AsyncPipe: async copies (cp.async) need PTX ISA 7.0 or newer, and without a CUDA installation clang picks PTX ISA 4.2: add --cuda-feature=+ptx70"
#endif
#endif

/* The portable calls have no definition: the plugin replaces every call. A
 * call still present when code generation starts means the plugin did not
 * run (clang without -fpass-plugin). The `error` attribute makes the backend
 * report exactly that, at the call, at every -O level and for every language
 * and target, instead of a link error or an assembler error much later. */
/* The backend names the callee by its IR symbol (asyncpipe.copy), so the
 * message names the call the user wrote. */
/* nothrow: none of them throws, and C++ code must never call one through an
 * invoke (a try block, -fexceptions), which the plugin's passes would have to
 * turn into a call and a branch before they could lower or remove it. */
#define ASYNCPIPE_LOWERED_BY_PLUGIN(CALL)                                      \
  __attribute__((nothrow,                                                      \
                 error(CALL " is lowered by the AsyncPipe plugin, which did "  \
                            "not run: compile with "                           \
                            "-fpass-plugin=<prefix>/lib/AsyncPipe.so")))

/* The work-item's linear id in its work-group (x fastest), on the GPU
 * targets; shared by the C (OpenCL) and C++ (pipeline) headers. */
#if defined(ASYNCPIPE_TARGET_AMDGPU)
#define ASYNCPIPE_LOCAL_LINEAR_ID()                                            \
  (__builtin_amdgcn_workitem_id_x() +                                          \
   __builtin_amdgcn_workgroup_size_x() *                                       \
       (__builtin_amdgcn_workitem_id_y() +                                     \
        __builtin_amdgcn_workgroup_size_y() * __builtin_amdgcn_workitem_id_z()))
#elif defined(ASYNCPIPE_TARGET_NVPTX)
#define ASYNCPIPE_LOCAL_LINEAR_ID()                                            \
  (__nvvm_read_ptx_sreg_tid_x() +                                              \
   __nvvm_read_ptx_sreg_ntid_x() *                                             \
       (__nvvm_read_ptx_sreg_tid_y() +                                         \
        __nvvm_read_ptx_sreg_ntid_y() * __nvvm_read_ptx_sreg_tid_z()))
#endif

/* A work-group barrier that orders LDS / shared memory only: a fence for
 * global memory would wait for every outstanding vector memory operation,
 * async copies in flight included. */
#if defined(ASYNCPIPE_TARGET_AMDGPU)
#define ASYNCPIPE_LOCAL_BARRIER()                                              \
  do {                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local");            \
    __builtin_amdgcn_s_barrier();                                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local");            \
  } while (0)
#elif defined(ASYNCPIPE_TARGET_NVPTX)
#define ASYNCPIPE_LOCAL_BARRIER() __nvvm_barrier_sync(0)
#endif

/* The per-work-item sizes one async copy can move on the target. The AMDGPU
 * sizes are those of LDS DMA (global_load_lds_{ubyte,ushort,dword} and, on
 * gfx950, dwordx3/dwordx4), and on gfx1250, which has no LDS DMA, those of
 * its async copies (global_load_async_to_lds_b8/b32/b64/b128); NVPTX's are
 * those of cp.async. */
#if defined(ASYNCPIPE_TARGET_AMDGPU) &&                                        \
    (defined(__gfx1250__) || defined(__gfx1251__))
#define ASYNCPIPE_LEGAL_COPY_SIZE(N)                                           \
  ((N) == 1 || (N) == 4 || (N) == 8 || (N) == 16)
#define ASYNCPIPE_COPY_SIZES_TEXT "1, 4, 8 or 16"
#elif defined(ASYNCPIPE_TARGET_AMDGPU) && defined(__gfx950__)
#define ASYNCPIPE_LEGAL_COPY_SIZE(N)                                           \
  ((N) == 1 || (N) == 2 || (N) == 4 || (N) == 12 || (N) == 16)
#define ASYNCPIPE_COPY_SIZES_TEXT "1, 2, 4, 12 or 16"
#elif defined(ASYNCPIPE_TARGET_AMDGPU)
#define ASYNCPIPE_LEGAL_COPY_SIZE(N) ((N) == 1 || (N) == 2 || (N) == 4)
#define ASYNCPIPE_COPY_SIZES_TEXT "1, 2 or 4 (12 and 16 need gfx950)"
#elif defined(ASYNCPIPE_TARGET_NVPTX)
#define ASYNCPIPE_LEGAL_COPY_SIZE(N) ((N) == 4 || (N) == 8 || (N) == 16)
#define ASYNCPIPE_COPY_SIZES_TEXT "4, 8 or 16"
#else
#define ASYNCPIPE_LEGAL_COPY_SIZE(N) ((N) > 0)
#define ASYNCPIPE_COPY_SIZES_TEXT "positive"
#endif

/* The per-work-item sizes one async store (shared to global memory) can
 * move: gfx1250's global_store_async_from_lds_b8/b32/b64/b128, sm_90's
 * cp.async.bulk (a multiple of 16 bytes; the plugin reports targets before
 * sm_90). Other GPUs have no async store; the plugin reports the call there,
 * with the fix, so the size is not checked here. */
#if defined(ASYNCPIPE_TARGET_AMDGPU) &&                                        \
    (defined(__gfx1250__) || defined(__gfx1251__))
#define ASYNCPIPE_LEGAL_STORE_SIZE(N)                                          \
  ((N) == 1 || (N) == 4 || (N) == 8 || (N) == 16)
#define ASYNCPIPE_STORE_SIZES_TEXT "1, 4, 8 or 16"
#elif defined(ASYNCPIPE_TARGET_NVPTX)
#define ASYNCPIPE_LEGAL_STORE_SIZE(N) ((N) >= 16 && (N) % 16 == 0)
#define ASYNCPIPE_STORE_SIZES_TEXT "a multiple of 16"
#elif defined(ASYNCPIPE_TARGET_HOST)
#define ASYNCPIPE_LEGAL_STORE_SIZE(N) ((N) > 0 && (N) <= 16)
#define ASYNCPIPE_STORE_SIZES_TEXT "1 to 16"
#else
#define ASYNCPIPE_LEGAL_STORE_SIZE(N) 1
#define ASYNCPIPE_STORE_SIZES_TEXT "any"
#endif

/* CUDA and HIP: the copy operands are generic pointers in the source and are
 * converted to the shared and global address spaces, as Clang does for the
 * target builtins. A pointer explicitly in the other address space is an
 * error. Overloads, so that each call picks the right one; always inlined. */
#if defined(ASYNCPIPE_GENERIC_SOURCE_POINTERS)
namespace __asyncpipe_ptr {
template <class T>
ASYNCPIPE_DEVICE
    __attribute__((always_inline)) inline ASYNCPIPE_SHARED_PTR(void)
        async_copy_destination(T *p) {
  return (ASYNCPIPE_SHARED_PTR(void))p;
}
template <class T>
ASYNCPIPE_DEVICE ASYNCPIPE_SHARED_PTR(void)
    async_copy_destination(__attribute__((address_space(1))) T *p)
        __attribute__((unavailable(
            "the destination of an async copy must be shared memory (LDS), not "
            "global memory")));
template <class T>
ASYNCPIPE_DEVICE ASYNCPIPE_SHARED_PTR(void) async_copy_destination(
    __attribute__((address_space(7))) T *p)
    __attribute__((unavailable(
        "the destination of an async copy must be shared memory (LDS), not a "
        "buffer")));

template <class T>
ASYNCPIPE_DEVICE
    __attribute__((always_inline)) inline ASYNCPIPE_GLOBAL_PTR(void)
        async_copy_source(T *p) {
  return (ASYNCPIPE_GLOBAL_PTR(void))p;
}
template <class T>
ASYNCPIPE_DEVICE
ASYNCPIPE_GLOBAL_PTR(void) async_copy_source(__attribute__((address_space(3)))
                                             T *p)
    __attribute__((unavailable(
        "the source of an async copy must be global memory, not shared memory "
        "(LDS)")));
template <class T>
ASYNCPIPE_DEVICE ASYNCPIPE_GLOBAL_PTR(void)
    async_copy_source(__attribute__((address_space(7))) T *p)
        __attribute__((unavailable(
            "the source of this async copy must be global memory, not a buffer "
            "fat pointer (__builtin_amdgcn_load_async_to_lds takes one)")));

/* An async store's operands, the other way round: to global memory from
 * shared memory. */
template <class T>
ASYNCPIPE_DEVICE
    __attribute__((always_inline)) inline ASYNCPIPE_GLOBAL_PTR(void)
        async_store_destination(T *p) {
  return (ASYNCPIPE_GLOBAL_PTR(void))p;
}
template <class T>
ASYNCPIPE_DEVICE ASYNCPIPE_GLOBAL_PTR(void) async_store_destination(
    __attribute__((address_space(3))) T *p)
    __attribute__((unavailable(
        "the destination of an async store must be global memory, not "
        "shared memory (LDS)")));
template <class T>
ASYNCPIPE_DEVICE
    __attribute__((always_inline)) inline ASYNCPIPE_SHARED_PTR(void)
        async_store_source(T *p) {
  return (ASYNCPIPE_SHARED_PTR(void))p;
}
template <class T>
ASYNCPIPE_DEVICE ASYNCPIPE_SHARED_PTR(void)
    async_store_source(__attribute__((address_space(1))) T *p)
        __attribute__((unavailable(
            "the source of an async store must be shared memory (LDS), not "
            "global memory")));
} // namespace __asyncpipe_ptr
#endif

#endif /* ASYNCPIPE___CONFIG_H */
