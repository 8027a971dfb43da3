/*===- workgroup-runner.c - Run OpenCL kernels on the host ----------------===*\
|*                                                                            *|
|* Part of the AsyncPipe project.                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "workgroup-runner.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { MaxWorkItemsPerGroup = 256 };

/* What the work-items of one group share besides their barrier: the
 * scratch space of the group algorithms. */
struct group_state {
  size_t count;
  int scratch[MaxWorkItemsPerGroup];
};

struct work_item {
  const struct ap_ndrange *range;
  struct group_state *group;
  size_t local_linear_id;
  size_t local_size[3];
  size_t group_id[3];
  size_t local_id[3];
  pthread_barrier_t *barrier;
  void (*fn)(void *);
  void *ctx;
};

static _Thread_local const struct work_item *self;

static void *run_work_item(void *arg) {
  self = arg;
  self->fn(self->ctx);
  return NULL;
}

static size_t dim_or(const size_t *v, unsigned dim, unsigned dims,
                     size_t unused) {
  return dim < dims ? v[dim] : unused;
}

static void run_group(const struct ap_ndrange *r, const size_t local[3],
                      const size_t group[3], void (*fn)(void *), void *ctx) {
  size_t count = local[0] * local[1] * local[2];
  if (count > MaxWorkItemsPerGroup) {
    fprintf(stderr, "workgroup-runner: %zu work-items per group is too many\n",
            count);
    exit(2);
  }
  struct work_item items[MaxWorkItemsPerGroup];
  pthread_t threads[MaxWorkItemsPerGroup];
  pthread_barrier_t barrier;
  pthread_barrier_init(&barrier, NULL, (unsigned)count);
  static struct group_state group_state;
  group_state.count = count;
  for (size_t i = 0; i < count; ++i) {
    struct work_item *w = &items[i];
    w->range = r;
    w->group = &group_state;
    w->local_linear_id = i;
    w->barrier = &barrier;
    w->fn = fn;
    w->ctx = ctx;
    w->local_id[0] = i % local[0];
    w->local_id[1] = i / local[0] % local[1];
    w->local_id[2] = i / (local[0] * local[1]);
    for (unsigned d = 0; d < 3; ++d) {
      w->local_size[d] = local[d];
      w->group_id[d] = group[d];
    }
    pthread_create(&threads[i], NULL, run_work_item, w);
  }
  for (size_t i = 0; i < count; ++i)
    pthread_join(threads[i], NULL);
  pthread_barrier_destroy(&barrier);
}

void ap_run_ndrange(const struct ap_ndrange *r, void (*fn)(void *), void *ctx) {
  size_t local[3], groups[3];
  for (unsigned d = 0; d < 3; ++d) {
    size_t global = dim_or(r->global, d, r->dims, 1);
    size_t l = dim_or(r->local, d, r->dims, 1);
    local[d] = r->local[0] ? l : global;
    groups[d] = global / local[d];
  }
  size_t group[3];
  for (group[2] = 0; group[2] < groups[2]; ++group[2])
    for (group[1] = 0; group[1] < groups[1]; ++group[1])
      for (group[0] = 0; group[0] < groups[0]; ++group[0])
        run_group(r, local, group, fn, ctx);
}

/* The OpenCL work-item functions, SPIR-mangled as clang emits them. */
unsigned _Z12get_work_dimv(void) { return self->range->dims; }
size_t _Z15get_global_sizej(unsigned d) {
  return dim_or(self->range->global, d, self->range->dims, 1);
}
size_t _Z14get_local_sizej(unsigned d) {
  return d < 3 ? self->local_size[d] : 1;
}
size_t _Z14get_num_groupsj(unsigned d) {
  return _Z15get_global_sizej(d) / _Z14get_local_sizej(d);
}
size_t _Z12get_local_idj(unsigned d) { return d < 3 ? self->local_id[d] : 0; }
size_t _Z12get_group_idj(unsigned d) { return d < 3 ? self->group_id[d] : 0; }
size_t _Z17get_global_offsetj(unsigned d) {
  return dim_or(self->range->offset, d, self->range->dims, 0);
}
size_t _Z13get_global_idj(unsigned d) {
  if (d >= 3)
    return 0;
  return self->group_id[d] * self->local_size[d] + self->local_id[d] +
         _Z17get_global_offsetj(d);
}
void _Z7barrierj(unsigned flags) {
  (void)flags;
  pthread_barrier_wait(self->barrier);
}

/* Atomics on global and local int (OpenCL 1.x names). */
int _Z10atomic_addPU8CLglobalVii(volatile int *p, int v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
int _Z10atomic_addPU7CLlocalVii(volatile int *p, int v) {
  return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
int _Z10atomic_incPU8CLglobalVi(volatile int *p) {
  return __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST);
}

/* Group algorithms: every work-item of the group must call them. */
int _Z21work_group_reduce_addi(int x) {
  struct group_state *g = self->group;
  g->scratch[self->local_linear_id] = x;
  pthread_barrier_wait(self->barrier);
  int sum = 0;
  for (size_t i = 0; i < g->count; ++i)
    sum += g->scratch[i];
  /* Nobody overwrites the scratch before everyone has read it. */
  pthread_barrier_wait(self->barrier);
  return sum;
}
int _Z20work_group_broadcastim(int x, size_t local_id) {
  struct group_state *g = self->group;
  if (self->local_linear_id == local_id)
    g->scratch[0] = x;
  pthread_barrier_wait(self->barrier);
  int v = g->scratch[0];
  pthread_barrier_wait(self->barrier);
  return v;
}
