/*===- asyncpipe/opencl_async.h - OpenCL async copies on the model --------===*\
 *
 * Part of the AsyncPipe project.
 *
 * OpenCL C's async_work_group_copy, async_work_group_strided_copy,
 * wait_group_events and prefetch, the 2D and 3D copies of
 * cl_khr_extended_async_copies (async_work_group_copy_2D2D and _3D3D), and
 * cl_khr_async_work_group_copy_fence's async_work_group_copy_fence, on
 * AsyncPipe's model, for AMDGPU, NVPTX and the host. Include it after the
OpenCL builtins (clang's default
 * header) and before the code that uses them; nothing else changes:
 *
 *   #include <asyncpipe/opencl_async.h>
 *
 * Without it, the builtins come from the device library (libclc) and are
 * synchronous loops. With it:
 *
 *  * An event is a mark: event_t is AsyncPipe's future type (an int), each
 *    global-to-local copy ends with a mark and returns its future, and
 *    wait_group_events waits on the futures, which the compiler turns into
 *    the weakest counting wait (llvm/docs/AsyncPipeFutures.rst): the copy
 *    of the next tile stays in flight while the current one is used. A copy
 *    given a non-zero event returns a later mark, which covers both.
 *  * The work-group's work-items share a global-to-local copy round-robin by
 *    local linear id, in the widest pieces the pointers' alignment allows
 *    (NVPTX and host 16, 8 or 4 bytes; AMDGPU LDS DMA 4, 2 or 1, a wave's
 *    destinations consecutive as LDS DMA needs). Bytes no async copy can
 *    move are copied synchronously.
 *  * Strided global-to-local copies are asynchronous per element (or per
 *    piece of a large element). Elements no async copy can move (under 4
 *    bytes on NVPTX) are copied synchronously, with a warning at the call.
 *  * Local-to-global copies (plain and strided) are synchronous: neither
 *    target has an asynchronous copy into global memory. They end with a
 *    work-group barrier, so their data is visible to the work-group when
 *    they return. Given no event, they return one that is complete; given
 *    one, they return it, as OpenCL says, and waiting on it waits for the
 *    copies it stands for.
 *  * wait_group_events waits for the events' marks and then synchronizes
 *    the work-group (a barrier whose fences order local memory only, so that
 *    on AMDGPU it does not wait for copies still in flight).
 *  * 2D and 3D copies copy line by line, each line as a contiguous copy,
 *    all lines under one mark (global to local), or synchronously (local to
 *    global).
 *  * async_work_group_copy_fence waits for every earlier mark and
 *    synchronizes the work-group: later copies see what earlier ones wrote.
 *  * prefetch is a no-op: a hint.
 *
 * As in OpenCL, every work-item of the work-group calls each of these with
 * the same arguments. event_t values are futures: keep them in variables or
 * arrays of the kernel, wait on them in the kernel (or in functions inlined
 * into it).
 *
 * On AMDGPU and NVPTX the work-item ids and barriers come from target
 * builtins, so no device library is needed; a kernel linked with libclc-22
 * (-Xclang -mlink-builtin-bitcode) keeps libclc for everything else. On the
 * host they are the OpenCL work-item functions of the work-group runner.
 *
\*===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE_OPENCL_ASYNC_H
#define ASYNCPIPE_OPENCL_ASYNC_H

#if !defined(__OPENCL_C_VERSION__)
#error "asyncpipe/opencl_async.h is for OpenCL C"
#endif

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/futures.h>

#define __ASYNCPIPE_OCL_INLINE                                                 \
  static inline __attribute__((always_inline, overloadable))

/* The work-item's place in the work-group. */
__ASYNCPIPE_OCL_INLINE size_t __asyncpipe_ocl_rank(void) {
#if defined(ASYNCPIPE_LOCAL_LINEAR_ID)
  return ASYNCPIPE_LOCAL_LINEAR_ID();
#else
  return get_local_id(0) +
         get_local_size(0) *
             (get_local_id(1) + get_local_size(1) * get_local_id(2));
#endif
}

__ASYNCPIPE_OCL_INLINE size_t __asyncpipe_ocl_size(void) {
#if defined(ASYNCPIPE_TARGET_AMDGPU)
  return (size_t)__builtin_amdgcn_workgroup_size_x() *
         __builtin_amdgcn_workgroup_size_y() *
         __builtin_amdgcn_workgroup_size_z();
#elif defined(ASYNCPIPE_TARGET_NVPTX)
  return (size_t)__nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ntid_y() *
         __nvvm_read_ptx_sreg_ntid_z();
#else
  return get_local_size(0) * get_local_size(1) * get_local_size(2);
#endif
}

/* A work-group barrier ordering local memory. On AMDGPU the fences are for
 * LDS only: a fence for global memory waits for every outstanding vector
 * memory operation (vmcnt(0)), async copies in flight included. */
__ASYNCPIPE_OCL_INLINE void __asyncpipe_ocl_local_barrier(void) {
#if defined(ASYNCPIPE_LOCAL_BARRIER)
  ASYNCPIPE_LOCAL_BARRIER();
#else
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
}

/* A work-group barrier ordering global memory too. */
__ASYNCPIPE_OCL_INLINE void __asyncpipe_ocl_global_barrier(void) {
#if defined(ASYNCPIPE_TARGET_AMDGPU)
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
#elif defined(ASYNCPIPE_TARGET_NVPTX)
  __nvvm_barrier_sync(0);
#else
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
#endif
}

/* The widest async piece for both pointers, given that both are aligned to
 * elem (the element type's size, a power of two). 0: none. */
__ASYNCPIPE_OCL_INLINE size_t __asyncpipe_ocl_piece(ulong both, size_t elem) {
#if defined(ASYNCPIPE_TARGET_AMDGPU)
  if (elem >= 4 || (both & 3) == 0)
    return 4;
  if (elem >= 2 || (both & 1) == 0)
    return 2;
  return 1;
#else
  if (elem >= 16 || (both & 15) == 0)
    return 16;
  if (elem >= 8 || (both & 7) == 0)
    return 8;
  if (elem >= 4 || (both & 3) == 0)
    return 4;
#if defined(ASYNCPIPE_TARGET_NVPTX)
  return 0;
#else
  return elem >= 2 || (both & 1) == 0 ? 2 : 1;
#endif
#endif
}

/* The async piece for one element of elem bytes (aligned to elem): the whole
 * element, or pieces of the widest size. 0: none. */
__ASYNCPIPE_OCL_INLINE size_t __asyncpipe_ocl_element_piece(size_t elem) {
#if defined(ASYNCPIPE_TARGET_AMDGPU)
  return elem < 4 ? elem : 4;
#elif defined(ASYNCPIPE_TARGET_NVPTX)
  return elem < 4 ? 0 : elem < 16 ? elem : 16;
#else
  return elem < 16 ? elem : 16;
#endif
}

/* Async piece `index` of a copy in pieces of a constant size (a switch, so
 * that each copy's size is a constant in the IR even at -O0): dst + index *
 * piece from src. The destination is computed with the constant size, so
 * that on AMDGPU the lowering sees lane i's destination at lane 0's + i *
 * size, as LDS DMA writes it, when index steps by one from lane to lane. */
__ASYNCPIPE_OCL_INLINE void __asyncpipe_ocl_copy_piece(__local char *dst,
                                                       size_t index,
                                                       const __global char *src,
                                                       size_t piece) {
  switch (piece) {
#if defined(ASYNCPIPE_TARGET_AMDGPU)
  case 1:
    asyncpipe_copy(dst + index, src, 1);
    return;
  case 2:
    asyncpipe_copy(dst + index * 2, src, 2);
    return;
  case 4:
    asyncpipe_copy(dst + index * 4, src, 4);
    return;
#else
#if defined(ASYNCPIPE_TARGET_HOST)
  case 1:
    asyncpipe_copy(dst + index, src, 1);
    return;
  case 2:
    asyncpipe_copy(dst + index * 2, src, 2);
    return;
#endif
  case 4:
    asyncpipe_copy(dst + index * 4, src, 4);
    return;
  case 8:
    asyncpipe_copy(dst + index * 8, src, 8);
    return;
  case 16:
    asyncpipe_copy(dst + index * 16, src, 16);
    return;
#endif
  default:
    /* Unreachable: __asyncpipe_ocl_piece returns only these. */
    return;
  }
}

/* bytes contiguous bytes from global to local memory, shared by the
 * work-group, without a mark. Both pointers are aligned to align (a power of
 * two). Work-item r copies pieces r, r + count, ...: on each trip of the loop
 * the pieces of a wave's work-items are consecutive, as LDS DMA needs. */
__ASYNCPIPE_OCL_INLINE void __asyncpipe_ocl_copy_bytes(__local char *d,
                                                       const __global char *s,
                                                       size_t bytes,
                                                       size_t align) {
  size_t rank = __asyncpipe_ocl_rank(), count = __asyncpipe_ocl_size();
  /* With a known work-group size (reqd_work_group_size), this lets the
   * compiler see how many pieces each work-item copies: on AMDGPU a wait can
   * then count the copies instead of waiting for all (vmcnt(0)). */
  __builtin_assume(rank < count);
  size_t piece = __asyncpipe_ocl_piece((ulong)d | (ulong)s, align);
  size_t done = 0;
  if (piece) {
    size_t pieces = bytes / piece;
    for (size_t i = rank; i < pieces; i += count)
      __asyncpipe_ocl_copy_piece(d, i, s + i * piece, piece);
    done = pieces * piece;
  }
  for (size_t i = done + rank; i < bytes; i += count)
    d[i] = s[i];
}

/* async_work_group_copy, global to local: bytes bytes, elements of elem. */
__ASYNCPIPE_OCL_INLINE asyncpipe_future_t
__asyncpipe_ocl_copy(__local void *dst, const __global void *src, size_t bytes,
                     size_t elem, asyncpipe_future_t event) {
  (void)event; /* The new mark covers the event's copies too. */
  __asyncpipe_ocl_copy_bytes((__local char *)dst, (const __global char *)src,
                             bytes, elem);
  return asyncpipe_commit_future();
}

/* The event a synchronous copy returns: as OpenCL says, the event it was
 * given, if any, since a non-zero event ties the copy to earlier copies and
 * waiting on it must wait for them; with none, the dummy future, the copy
 * being complete on return. Where the event is the constant 0 the choice
 * folds; where it is a future, the wait on the result counts from the
 * nearer of the two arms, the given event's mark. */
__ASYNCPIPE_OCL_INLINE asyncpipe_future_t
__asyncpipe_ocl_sync_event(asyncpipe_future_t event) {
  return event != 0 ? event : asyncpipe_future_any();
}

/* async_work_group_copy, local to global: synchronous (see the top). */
__ASYNCPIPE_OCL_INLINE asyncpipe_future_t
__asyncpipe_ocl_copy(__global void *dst, const __local void *src, size_t bytes,
                     size_t elem, asyncpipe_future_t event) {
  (void)elem;
  __global char *d = (__global char *)dst;
  const __local char *s = (const __local char *)src;
  size_t rank = __asyncpipe_ocl_rank(), count = __asyncpipe_ocl_size();
  if (elem >= 4) {
    /* Both pointers are aligned to elem: whole words. */
    for (size_t i = rank; i < bytes / 4; i += count)
      ((__global uint *)d)[i] = ((const __local uint *)s)[i];
  } else {
    for (size_t i = rank; i < bytes; i += count)
      d[i] = s[i];
  }
  __asyncpipe_ocl_global_barrier();
  return __asyncpipe_ocl_sync_event(event);
}

/* True when elements of elem bytes cannot be moved by async copies here. */
#if defined(ASYNCPIPE_TARGET_NVPTX)
#define __ASYNCPIPE_OCL_SYNC_ELEMENT(ELEM) ((ELEM) < 4)
#else
#define __ASYNCPIPE_OCL_SYNC_ELEMENT(ELEM) 0
#endif

/* async_work_group_strided_copy, global to local: dst[i] = src[i * stride]
 * for num elements of elem bytes. */
__ASYNCPIPE_OCL_INLINE asyncpipe_future_t
__asyncpipe_ocl_strided(__local void *dst, const __global void *src, size_t num,
                        size_t stride, size_t elem, asyncpipe_future_t event)
    __attribute__((diagnose_if(
        __ASYNCPIPE_OCL_SYNC_ELEMENT(elem),
        "async_work_group_strided_copy of elements under 4 bytes is copied "
        "synchronously on NVPTX (cp.async copies 4, 8 or 16 bytes); copy "
        "whole 4-byte words, or use async_work_group_copy for contiguous "
        "data",
        "warning"))) {
  (void)event;
  __local char *d = (__local char *)dst;
  const __global char *s = (const __global char *)src;
  size_t rank = __asyncpipe_ocl_rank(), count = __asyncpipe_ocl_size();
  __builtin_assume(rank < count);
  /* Elements are aligned to elem, so are their pieces. */
  size_t piece = __asyncpipe_ocl_element_piece(elem);
  if (piece == 0) {
    for (size_t i = rank; i < num; i += count)
      for (size_t b = 0; b < elem; ++b)
        d[i * elem + b] = s[i * stride * elem + b];
  } else {
    /* Piece p of element i = p / per lands at d + p * piece (elements are
     * per whole pieces): consecutive from one work-item to the next. */
    size_t per = elem / piece, pieces = num * per;
    for (size_t p = rank; p < pieces; p += count) {
      size_t i = p / per, at = p % per * piece;
      __asyncpipe_ocl_copy_piece(d, p, s + i * stride * elem + at, piece);
    }
  }
  return asyncpipe_commit_future();
}

/* async_work_group_strided_copy, local to global: dst[i * stride] = src[i].
 * Synchronous (see the top). */
__ASYNCPIPE_OCL_INLINE asyncpipe_future_t
__asyncpipe_ocl_strided(__global void *dst, const __local void *src, size_t num,
                        size_t stride, size_t elem, asyncpipe_future_t event) {
  __global char *d = (__global char *)dst;
  const __local char *s = (const __local char *)src;
  size_t rank = __asyncpipe_ocl_rank(), count = __asyncpipe_ocl_size();
  if (elem >= 4) {
    size_t words = elem / 4;
    for (size_t i = rank; i < num; i += count)
      for (size_t w = 0; w < words; ++w)
        ((__global uint *)d)[i * stride * words + w] =
            ((const __local uint *)s)[i * words + w];
  } else {
    for (size_t i = rank; i < num; i += count)
      for (size_t b = 0; b < elem; ++b)
        d[i * stride * elem + b] = s[i * elem + b];
  }
  __asyncpipe_ocl_global_barrier();
  return __asyncpipe_ocl_sync_event(event);
}

/* cl_khr_extended_async_copies: async_work_group_copy_3D3D, global to local.
 * Offsets, line lengths and plane areas are in elements of elem bytes; line
 * l of plane p starts at element offset + p * plane_area + l * line_length
 * on each side. Each line is a contiguous copy shared by the work-group (so
 * that on AMDGPU a wave's pieces are consecutive within the line), all under
 * one mark. elem need not be a power of two: the pieces follow the
 * pointers' own alignment. */
__ASYNCPIPE_OCL_INLINE asyncpipe_future_t __asyncpipe_ocl_copy_3d(
    __local void *dst, size_t dst_offset, const __global void *src,
    size_t src_offset, size_t elem, size_t per_line, size_t lines,
    size_t planes, size_t src_line, size_t src_plane, size_t dst_line,
    size_t dst_plane, asyncpipe_future_t event) {
  (void)event; /* The new mark covers the event's copies too. */
  __local char *d = (__local char *)dst;
  const __global char *s = (const __global char *)src;
  for (size_t p = 0; p < planes; ++p)
    for (size_t l = 0; l < lines; ++l)
      __asyncpipe_ocl_copy_bytes(
          d + (dst_offset + p * dst_plane + l * dst_line) * elem,
          s + (src_offset + p * src_plane + l * src_line) * elem,
          per_line * elem, 1);
  return asyncpipe_commit_future();
}

/* async_work_group_copy_3D3D, local to global: synchronous (see the top). */
__ASYNCPIPE_OCL_INLINE asyncpipe_future_t __asyncpipe_ocl_copy_3d(
    __global void *dst, size_t dst_offset, const __local void *src,
    size_t src_offset, size_t elem, size_t per_line, size_t lines,
    size_t planes, size_t src_line, size_t src_plane, size_t dst_line,
    size_t dst_plane, asyncpipe_future_t event) {
  __global char *d = (__global char *)dst;
  const __local char *s = (const __local char *)src;
  size_t rank = __asyncpipe_ocl_rank(), count = __asyncpipe_ocl_size();
  /* Whole words when every line starts on one (elements of a multiple of
   * 4 bytes, both pointers aligned to 4), else bytes. */
  size_t unit = (((ulong)d | (ulong)s | elem) & 3) == 0 ? 4 : 1;
  size_t per_row = per_line * elem / unit, rows = planes * lines;
  for (size_t u = rank; u < rows * per_row; u += count) {
    size_t row = u / per_row, at = u % per_row * unit;
    size_t p = row / lines, l = row % lines;
    size_t to = (dst_offset + p * dst_plane + l * dst_line) * elem + at;
    size_t from = (src_offset + p * src_plane + l * src_line) * elem + at;
    if (unit == 4)
      *(__global uint *)(d + to) = *(const __local uint *)(s + from);
    else
      d[to] = s[from];
  }
  __asyncpipe_ocl_global_barrier();
  return __asyncpipe_ocl_sync_event(event);
}

/* async_work_group_copy_2D2D: the 3D copy of one plane. */
__ASYNCPIPE_OCL_INLINE asyncpipe_future_t async_work_group_copy_2D2D(
    __local void *dst, size_t dst_offset, const __global void *src,
    size_t src_offset, size_t num_bytes_per_element,
    size_t num_elements_per_line, size_t num_lines,
    size_t src_total_line_length, size_t dst_total_line_length,
    asyncpipe_future_t event) {
  return __asyncpipe_ocl_copy_3d(dst, dst_offset, src, src_offset,
                                 num_bytes_per_element, num_elements_per_line,
                                 num_lines, 1, src_total_line_length, 0,
                                 dst_total_line_length, 0, event);
}

__ASYNCPIPE_OCL_INLINE asyncpipe_future_t async_work_group_copy_2D2D(
    __global void *dst, size_t dst_offset, const __local void *src,
    size_t src_offset, size_t num_bytes_per_element,
    size_t num_elements_per_line, size_t num_lines,
    size_t src_total_line_length, size_t dst_total_line_length,
    asyncpipe_future_t event) {
  return __asyncpipe_ocl_copy_3d(dst, dst_offset, src, src_offset,
                                 num_bytes_per_element, num_elements_per_line,
                                 num_lines, 1, src_total_line_length, 0,
                                 dst_total_line_length, 0, event);
}

__ASYNCPIPE_OCL_INLINE asyncpipe_future_t async_work_group_copy_3D3D(
    __local void *dst, size_t dst_offset, const __global void *src,
    size_t src_offset, size_t num_bytes_per_element,
    size_t num_elements_per_line, size_t num_lines, size_t num_planes,
    size_t src_total_line_length, size_t src_total_plane_area,
    size_t dst_total_line_length, size_t dst_total_plane_area,
    asyncpipe_future_t event) {
  return __asyncpipe_ocl_copy_3d(
      dst, dst_offset, src, src_offset, num_bytes_per_element,
      num_elements_per_line, num_lines, num_planes, src_total_line_length,
      src_total_plane_area, dst_total_line_length, dst_total_plane_area, event);
}

__ASYNCPIPE_OCL_INLINE asyncpipe_future_t async_work_group_copy_3D3D(
    __global void *dst, size_t dst_offset, const __local void *src,
    size_t src_offset, size_t num_bytes_per_element,
    size_t num_elements_per_line, size_t num_lines, size_t num_planes,
    size_t src_total_line_length, size_t src_total_plane_area,
    size_t dst_total_line_length, size_t dst_total_plane_area,
    asyncpipe_future_t event) {
  return __asyncpipe_ocl_copy_3d(
      dst, dst_offset, src, src_offset, num_bytes_per_element,
      num_elements_per_line, num_lines, num_planes, src_total_line_length,
      src_total_plane_area, dst_total_line_length, dst_total_plane_area, event);
}

/* cl_khr_async_work_group_copy_fence: the copies the work-group started
 * before the fence are ordered before those it starts after it. The
 * work-item waits for every mark of its function (each copy ends with one,
 * so its part of every earlier copy has landed), and a barrier makes every
 * work-item's part visible to the work-group before any later copy reads or
 * overwrites it. Later waits on the earlier events wait for nothing, and
 * the compiler removes them. */
__ASYNCPIPE_OCL_INLINE void
__asyncpipe_ocl_copy_fence(cl_mem_fence_flags flags) {
  asyncpipe_wait(0);
  if (flags & CLK_GLOBAL_MEM_FENCE)
    __asyncpipe_ocl_global_barrier();
  else
    __asyncpipe_ocl_local_barrier();
}

/* wait_group_events: the events' marks, then the work-group sees every
 * work-item's part of the copies. */
__ASYNCPIPE_OCL_INLINE void
__asyncpipe_ocl_wait(int num_events, const asyncpipe_future_t *events) {
  for (int i = 0; i < num_events; ++i)
    asyncpipe_wait_future(events[i]);
  __asyncpipe_ocl_local_barrier();
}

/* The OpenCL spellings. Macros, so that the element size reaches the copy as
 * a constant and the device library's definitions are not used. */
#define event_t asyncpipe_future_t
#define async_work_group_copy(DST, SRC, NUM, EVENT)                            \
  __asyncpipe_ocl_copy((DST), (SRC), (size_t)(NUM) * sizeof(*(DST)),           \
                       sizeof(*(DST)), (EVENT))
#define async_work_group_strided_copy(DST, SRC, NUM, STRIDE, EVENT)            \
  __asyncpipe_ocl_strided((DST), (SRC), (size_t)(NUM), (size_t)(STRIDE),       \
                          sizeof(*(DST)), (EVENT))
#define wait_group_events(NUM, EVENTS) __asyncpipe_ocl_wait((NUM), (EVENTS))
#define prefetch(P, NUM) ((void)(P), (void)(NUM))
#define async_work_group_copy_fence(FLAGS) __asyncpipe_ocl_copy_fence(FLAGS)
/* The extensions' macros: this header provides their functions. */
#define cl_khr_extended_async_copies 1
#define cl_khr_async_work_group_copy_fence 1

#undef __ASYNCPIPE_OCL_INLINE

#endif /* ASYNCPIPE_OPENCL_ASYNC_H */
