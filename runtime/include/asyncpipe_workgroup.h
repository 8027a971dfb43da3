/*===- asyncpipe_workgroup.h - Run OpenCL C kernels on the host -----------===*\
|*                                                                            *|
|* Part of the AsyncPipe project.                                             *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* The host work-group runner: OpenCL C compiled for the host (clang -x cl)   *|
|* calls get_global_id(), barrier(), atomic_add(), work_group_reduce_add()... *|
|* and this library answers them, so that a kernel runs as on a device: one   *|
|* thread per work-item, a real barrier per work-group (and per sub-group),   *|
|* atomics, group and sub-group algorithms. Work-groups run one after the     *|
|* other, so module-level __local arrays are the running group's shared       *|
|* memory. Kernel fusion's tests run kernels unfused and fused with it;       *|
|* asyncpipe-run-kernels runs any kernel of a shared object from a script.    *|
|* llvm/docs/AsyncPipeKernelFusion.rst lists the builtins provided.           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE_WORKGROUP_H
#define ASYNCPIPE_WORKGROUP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* At most this many work-items per work-group (one thread each). */
enum { AP_MAX_WORK_GROUP_SIZE = 1024 };

struct ap_ndrange {
  unsigned dims;    /* 1 to 3 */
  size_t global[3]; /* unused dimensions: 0 (read as 1) */
  size_t local[3];  /* all 0: none given, one work-group spans the grid */
  size_t offset[3];
};

/* Runs fn(ctx) once per work-item of range, one thread per work-item of a
 * work-group; returns when all finished. Returns 0, or -1 (with a message on
 * stderr) if the range is invalid: a local size not dividing the global size
 * or a work-group larger than AP_MAX_WORK_GROUP_SIZE. */
int ap_run_ndrange(const struct ap_ndrange *range, void (*fn)(void *),
                   void *ctx);

/* The sub-group size get_sub_group_size() and the sub-group algorithms use
 * from the next ap_run_ndrange on (default 4); the last sub-group of a
 * work-group may be smaller. Returns the previous size. */
unsigned ap_set_sub_group_size(unsigned size);

#ifdef __cplusplus
}
#endif

#endif /* ASYNCPIPE_WORKGROUP_H */
