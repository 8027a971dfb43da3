/*===- workgroup-runner.h - Run OpenCL kernels on the host ----------------===*\
|*                                                                            *|
|* Part of the AsyncPipe project.                                             *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* A tiny OpenCL execution model for the fusion tests: OpenCL C compiled for  *|
|* the host calls get_global_id() and barrier(); this library answers them.   *|
|* Each work-group runs as one thread per work-item with a real barrier;      *|
|* work-groups run one after the other, so module-level __local arrays are    *|
|* the group's shared memory. Also answered: atomic_add/atomic_inc on int,    *|
|* work_group_reduce_add and work_group_broadcast on int.                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ASYNCPIPE_TEST_WORKGROUP_RUNNER_H
#define ASYNCPIPE_TEST_WORKGROUP_RUNNER_H

#include <stddef.h>

struct ap_ndrange {
  unsigned dims;
  size_t global[3];
  size_t local[3]; /* all 0: one work-group spanning the grid */
  size_t offset[3];
};

/* Runs fn(ctx) once per work-item of range; returns when all finished. */
void ap_run_ndrange(const struct ap_ndrange *range, void (*fn)(void *),
                    void *ctx);

#endif
