// OpenCL C kernels with cl_khr_extended_async_copies (2D and 3D copies) and
// cl_khr_async_work_group_copy_fence, compiled with
// <asyncpipe/opencl_async.h> for AMDGPU, NVPTX and the host.
#include <asyncpipe/opencl_async.h>

#if !defined(cl_khr_extended_async_copies) ||                                  \
    !defined(cl_khr_async_work_group_copy_fence)
#error "the extensions' macros are defined"
#endif

// A 4 x 3 block at row 2, column 1 of an 8 x 8 matrix into a local tile
// with lines of 4 (one element of padding), and back into global memory as
// lines of 3.
__attribute__((reqd_work_group_size(4, 1, 1))) kernel void
block_2d(global const int *in, global int *out) {
  local int tile[4 * 4];
  event_t e = async_work_group_copy_2D2D(tile, 0, in, 2 * 8 + 1, sizeof(int),
                                         3, 4, 8, 4, 0);
  wait_group_events(1, &e);
  e = async_work_group_copy_2D2D(out, 0, tile, 0, sizeof(int), 3, 4, 4, 3, 0);
  wait_group_events(1, &e);
}

// Of 2 planes of 3 lines of 4, each plane's first 2 lines without their
// first element, into a dense 2 x 2 x 3 local box; then back, doubled.
__attribute__((reqd_work_group_size(4, 1, 1))) kernel void
box_3d(global const int *in, global int *out) {
  local int box[2 * 2 * 3];
  event_t e = async_work_group_copy_3D3D(box, 0, in, 1, sizeof(int), 3, 2, 2,
                                         4, 12, 3, 6, 0);
  wait_group_events(1, &e);
  size_t l = get_local_id(0);
  for (size_t i = l; i < 12; i += 4)
    box[i] *= 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_copy_3D3D(out, 0, box, 0, sizeof(int), 3, 2, 2, 3, 6,
                                 3, 6, 0);
  wait_group_events(1, &e);
}

// Elements of 2 bytes at odd offsets (lines of 5 shorts starting 1 element
// into lines of 7): pieces follow the pointers' alignment, the rest is
// copied byte by byte.
__attribute__((reqd_work_group_size(4, 1, 1))) kernel void
shorts_2d(global const int *in, global int *out) {
  local short lines[3 * 5];
  event_t e = async_work_group_copy_2D2D(lines, 0, (global const short *)in, 1,
                                         sizeof(short), 5, 3, 7, 5, 0);
  wait_group_events(1, &e);
  size_t l = get_local_id(0);
  for (size_t i = l; i < 15; i += 4)
    out[i] = lines[i];
}

// A copy into local memory, a fence, and the copy of the same local memory
// back out: nothing but the fence waits for the first copy, which the
// second reads.
__attribute__((reqd_work_group_size(4, 1, 1))) kernel void
fenced(global const int *in, global int *out) {
  local int stage[16];
  event_t e = async_work_group_copy(stage, in, 16, 0);
#ifndef NO_FENCE
  async_work_group_copy_fence(CLK_LOCAL_MEM_FENCE);
#endif
  event_t f = async_work_group_copy(out, stage, 16, 0);
  wait_group_events(1, &f);
}

// Without reqd_work_group_size the work-group size is known only at run
// time: each work-item's pieces are a loop's trips, and on AMDGPU the lowering
// still proves a wave's destinations consecutive (no warning).
kernel void any_size(global const float *in, global float *out, int stride) {
  local float tile[256];
  local float column[64];
  local float block[4 * 8];
  event_t e = async_work_group_copy(tile, in, 256, 0);
  event_t f = async_work_group_strided_copy(column, in, 64, stride, 0);
  event_t g = async_work_group_copy_2D2D(block, 0, in, 3, sizeof(float), 8, 4,
                                         stride, 8, 0);
  wait_group_events(1, &e);
  wait_group_events(1, &f);
  wait_group_events(1, &g);
  size_t l = get_local_id(0);
  out[l] = tile[l % 256] + column[l % 64] + block[l % 32];
}
