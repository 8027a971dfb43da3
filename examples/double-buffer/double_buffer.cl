// A double-buffered tile copy + compute kernel in OpenCL C: while the
// work-group computes on one shared-memory tile, the asynchronous copy of the
// next tile is in flight. One source for AMDGPU (LDS DMA) and NVPTX
// (cp.async), with AsyncPipe's portable C API.
//
// Each work-item copies one int per tile: work-item i writes tile[i], so on
// AMDGPU the LDS destinations of a wave are contiguous, as LDS DMA requires.
//
//   clang -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 \
//     -I<AsyncPipe>/include -fpass-plugin=<AsyncPipe>/lib/AsyncPipe.so \
//     -S double_buffer.cl
//   clang -cl-std=CL2.0 -target nvptx64-nvidia-cuda -march=sm_80 -nogpulib \
//     -O2 -I<AsyncPipe>/include -fpass-plugin=<AsyncPipe>/lib/AsyncPipe.so \
//     -S double_buffer.cl

#include <asyncpipe/asyncpipe.h>

#define TILE 256

// Without a device library (-nogpulib: no ROCm device libs, no libclc), the
// work-item functions and the barrier used here come from target builtins.
#if defined(__NVPTX__)
#define get_local_id(dim) ((size_t)__nvvm_read_ptx_sreg_tid_x())
#define get_group_id(dim) ((size_t)__nvvm_read_ptx_sreg_ctaid_x())
#define barrier(flags) __nvvm_barrier_sync(0)
#elif defined(__AMDGCN__)
#define get_local_id(dim) ((size_t)__builtin_amdgcn_workitem_id_x())
#define get_group_id(dim) ((size_t)__builtin_amdgcn_workgroup_id_x())
// Only CLK_LOCAL_MEM_FENCE is used: the fences order LDS alone, so that the
// barrier does not wait for the async copy in flight (vmcnt).
#define barrier(flags)                                                         \
  (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local"),             \
   __builtin_amdgcn_s_barrier(),                                               \
   __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local"))
#endif

kernel void scale_tiles(global const int *in, global int *out, int ntiles) {
  local int tiles[2][TILE];
  size_t lid = get_local_id(0);
  size_t base = get_group_id(0) * (size_t)ntiles * TILE;
  if (ntiles <= 0)
    return;

  asyncpipe_copy(&tiles[0][lid], in + base + lid, sizeof(int));
  asyncpipe_commit();
  for (int t = 0; t < ntiles; ++t) {
    // Every iteration starts one copy, so that every wait sees the same
    // schedule: the last one copies the last tile again, into the buffer
    // nobody reads any more, rather than branching around the copy.
    int next = t + 1 < ntiles ? t + 1 : t;
    asyncpipe_copy(&tiles[(t + 1) & 1][lid], in + base + next * TILE + lid,
                   sizeof(int));
    asyncpipe_commit();
    asyncpipe_wait(1); // the tile of iteration t has landed; t + 1 may fly
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + t * TILE + lid] = 3 * tiles[t & 1][(lid + 1) % TILE];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  asyncpipe_wait(0);
}
