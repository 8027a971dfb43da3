// An event shared by a global-to-local copy and a synchronous local-to-global
// copy (OpenCL: "the event object supplied in event argument will be
// returned"): waiting on the event the second copy returns must wait for the
// first copy too.
#include <asyncpipe/opencl_async.h>

__attribute__((reqd_work_group_size(16, 1, 1))) kernel void
shared_event(global const int *in, global const int *more, global int *out,
             global int *sum) {
  local int tile[16];
  local int staged[16];
  size_t l = get_local_id(0);
  staged[l] = more[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(tile, in, 16, 0);
  e = async_work_group_copy(out, staged, 16, e);
  wait_group_events(1, &e);
  sum[l] = tile[l] + staged[l];
}

// Given no event, the local-to-global copy's event is complete: waiting on it
// leaves the tile's copy in flight.
__attribute__((reqd_work_group_size(16, 1, 1))) kernel void
own_event(global const int *in, global const int *more, global int *out,
          global int *sum) {
  local int tile[16];
  local int staged[16];
  size_t l = get_local_id(0);
  staged[l] = more[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(tile, in, 16, 0);
  event_t f = async_work_group_copy(out, staged, 16, 0);
  wait_group_events(1, &f);
  sum[l] = staged[l];
  wait_group_events(1, &e);
  sum[l] += tile[l];
}
