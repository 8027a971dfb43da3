/*===- asyncpipe_workgroup.c - Run OpenCL C kernels on the host -----------===*\
|*                                                                            *|
|* Part of the AsyncPipe project.                                             *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* One thread per work-item of a work-group, a pthread barrier per            *|
|* work-group and per sub-group; work-groups one after the other. The OpenCL  *|
|* builtins are defined under the SPIR (Itanium) mangled names clang gives    *|
|* them when it compiles OpenCL C for the host, so kernels link against this  *|
|* library as they are.                                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "asyncpipe_workgroup.h"
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Sub-group size is a launch property here, as on devices that choose it
 * when they compile the kernel. */
static unsigned sub_group_size_setting = 4;

unsigned ap_set_sub_group_size(unsigned size) {
  unsigned old = sub_group_size_setting;
  sub_group_size_setting = size ? size : 1;
  return old;
}

/* One slot per work-item for the group and sub-group algorithms. */
union slot {
  int i;
  unsigned u;
  long l;
  unsigned long ul;
  float f;
  double d;
};

/* M(type, slot field, Itanium mangling) for each member of union slot: the
 * element types of the broadcasts and shuffles defined below. */
#define AP_FOR_EACH_SLOT_TYPE(M)                                               \
  M(int, i, i)                                                                 \
  M(unsigned, u, j)                                                            \
  M(long, l, l)                                                                \
  M(unsigned long, ul, m)                                                      \
  M(float, f, f)                                                               \
  M(double, d, d)

struct group_state {
  size_t count;
  size_t sub_group_size;
  pthread_barrier_t barrier;
  pthread_barrier_t sub_barriers[AP_MAX_WORK_GROUP_SIZE];
  union slot scratch[AP_MAX_WORK_GROUP_SIZE];
};

struct work_item {
  const struct ap_ndrange *range;
  struct group_state *group;
  size_t local_linear_id;
  size_t local_size[3];
  size_t group_id[3];
  size_t local_id[3];
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

/* Static: too large for a stack, and groups never overlap in time. */
static struct group_state state;
static struct work_item items[AP_MAX_WORK_GROUP_SIZE];
static pthread_t threads[AP_MAX_WORK_GROUP_SIZE];

static size_t sub_group_count(size_t count, size_t size) {
  return (count + size - 1) / size;
}

static void run_group(const struct ap_ndrange *r, const size_t local[3],
                      const size_t group[3], void (*fn)(void *), void *ctx) {
  size_t count = local[0] * local[1] * local[2];
  size_t sg = sub_group_size_setting;
  state.count = count;
  state.sub_group_size = sg;
  pthread_barrier_init(&state.barrier, NULL, (unsigned)count);
  size_t sub_groups = sub_group_count(count, sg);
  for (size_t s = 0; s < sub_groups; ++s) {
    size_t members = s + 1 < sub_groups ? sg : count - s * sg;
    pthread_barrier_init(&state.sub_barriers[s], NULL, (unsigned)members);
  }
  /* Small stacks: up to AP_MAX_WORK_GROUP_SIZE threads live at once. */
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 1 << 20);
  for (size_t i = 0; i < count; ++i) {
    struct work_item *w = &items[i];
    w->range = r;
    w->group = &state;
    w->local_linear_id = i;
    w->fn = fn;
    w->ctx = ctx;
    w->local_id[0] = i % local[0];
    w->local_id[1] = i / local[0] % local[1];
    w->local_id[2] = i / (local[0] * local[1]);
    for (unsigned d = 0; d < 3; ++d) {
      w->local_size[d] = local[d];
      w->group_id[d] = group[d];
    }
    /* Work-items already started wait at barriers for this one: no way
     * back. */
    if (pthread_create(&threads[i], &attr, run_work_item, w)) {
      fprintf(stderr,
              "asyncpipe-workgroup: cannot start the thread of work-item %zu "
              "of %zu; give a smaller local size\n",
              i, count);
      exit(2);
    }
  }
  for (size_t i = 0; i < count; ++i)
    pthread_join(threads[i], NULL);
  pthread_attr_destroy(&attr);
  for (size_t s = 0; s < sub_groups; ++s)
    pthread_barrier_destroy(&state.sub_barriers[s]);
  pthread_barrier_destroy(&state.barrier);
}

int ap_run_ndrange(const struct ap_ndrange *r, void (*fn)(void *), void *ctx) {
  size_t local[3], groups[3];
  int has_local = r->local[0] != 0;
  if (r->dims < 1 || r->dims > 3) {
    fprintf(stderr, "asyncpipe-workgroup: %u dimensions (1 to 3)\n", r->dims);
    return -1;
  }
  for (unsigned d = 0; d < 3; ++d) {
    size_t global = dim_or(r->global, d, r->dims, 1);
    size_t l = has_local ? dim_or(r->local, d, r->dims, 1) : global;
    if (!global || !l || global % l) {
      fprintf(stderr,
              "asyncpipe-workgroup: local size %zu does not divide global "
              "size %zu in dimension %u\n",
              l, global, d);
      return -1;
    }
    local[d] = l;
    groups[d] = global / l;
  }
  size_t count = local[0] * local[1] * local[2];
  if (count > AP_MAX_WORK_GROUP_SIZE) {
    fprintf(stderr,
            "asyncpipe-workgroup: %zu work-items per group (at most %d); "
            "give a local size\n",
            count, (int)AP_MAX_WORK_GROUP_SIZE);
    return -1;
  }
  size_t group[3];
  for (group[2] = 0; group[2] < groups[2]; ++group[2])
    for (group[1] = 0; group[1] < groups[1]; ++group[1])
      for (group[0] = 0; group[0] < groups[0]; ++group[0])
        run_group(r, local, group, fn, ctx);
  return 0;
}

/*===- Work-item functions ------------------------------------------------===*/

unsigned _Z12get_work_dimv(void) { return self->range->dims; }
size_t _Z15get_global_sizej(unsigned d) {
  return dim_or(self->range->global, d, self->range->dims, 1);
}
size_t _Z14get_local_sizej(unsigned d) {
  return d < 3 ? self->local_size[d] : 1;
}
/* Work-groups are uniform here: the enqueued size is the local size. */
size_t _Z23get_enqueued_local_sizej(unsigned d) {
  return _Z14get_local_sizej(d);
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
size_t _Z20get_global_linear_idv(void) {
  size_t id[3];
  for (unsigned d = 0; d < 3; ++d)
    id[d] = _Z13get_global_idj(d) - _Z17get_global_offsetj(d);
  return id[0] +
         _Z15get_global_sizej(0) * (id[1] + _Z15get_global_sizej(1) * id[2]);
}
size_t _Z19get_local_linear_idv(void) { return self->local_linear_id; }

/*===- Barriers -----------------------------------------------------------===*/

/* pthread barriers order memory too: every fence flag is honoured. */
void _Z7barrierj(unsigned flags) {
  (void)flags;
  pthread_barrier_wait(&self->group->barrier);
}
void _Z18work_group_barrierj(unsigned flags) { _Z7barrierj(flags); }
void _Z18work_group_barrierj12memory_scope(unsigned flags, int scope) {
  (void)scope;
  _Z7barrierj(flags);
}
void _Z9mem_fencej(unsigned flags) {
  (void)flags;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/*===- Sub-groups ---------------------------------------------------------===*/

static size_t sg_id(void) {
  return self->local_linear_id / self->group->sub_group_size;
}
static size_t sg_first(void) { return sg_id() * self->group->sub_group_size; }
static size_t sg_members(void) {
  size_t rest = self->group->count - sg_first();
  size_t size = self->group->sub_group_size;
  return rest < size ? rest : size;
}
static void sg_wait(void) {
  pthread_barrier_wait(&self->group->sub_barriers[sg_id()]);
}

unsigned _Z18get_sub_group_sizev(void) { return (unsigned)sg_members(); }
unsigned _Z22get_max_sub_group_sizev(void) {
  return (unsigned)self->group->sub_group_size;
}
unsigned _Z18get_num_sub_groupsv(void) {
  return (unsigned)sub_group_count(self->group->count,
                                   self->group->sub_group_size);
}
unsigned _Z27get_enqueued_num_sub_groupsv(void) {
  return _Z18get_num_sub_groupsv();
}
unsigned _Z16get_sub_group_idv(void) { return (unsigned)sg_id(); }
unsigned _Z22get_sub_group_local_idv(void) {
  return (unsigned)(self->local_linear_id - sg_first());
}
void _Z17sub_group_barrierj(unsigned flags) {
  (void)flags;
  sg_wait();
}

/*===- Group and sub-group algorithms -------------------------------------===*/

/* Every member publishes its value, all wait, each combines the values of
 * [first, first + n) it needs, and all wait again before the slots are
 * reused. */
#define AP_COLLECTIVE(NAME, T, FIELD, INIT, COMBINE, SCOPE)                    \
  T NAME(T x) {                                                                \
    union slot *s = self->group->scratch;                                      \
    size_t me = self->local_linear_id;                                         \
    size_t first = SCOPE##_first(), n = SCOPE##_members();                     \
    s[me].FIELD = x;                                                           \
    SCOPE##_wait();                                                            \
    T acc = INIT;                                                              \
    for (size_t i = first; i < first + n; ++i) {                               \
      T v = s[i].FIELD;                                                        \
      (void)v;                                                                 \
      COMBINE;                                                                 \
    }                                                                          \
    SCOPE##_wait();                                                            \
    return acc;                                                                \
  }

static size_t wg_first(void) { return 0; }
static size_t wg_members(void) { return self->group->count; }
static void wg_wait(void) { pthread_barrier_wait(&self->group->barrier); }

#define AP_ADD acc += v
#define AP_MIN acc = v < acc ? v : acc
#define AP_MAX acc = v > acc ? v : acc
#define AP_ALL acc = acc && v
#define AP_ANY acc = acc || v
#define AP_INCL(OP)                                                            \
  if (i <= me) {                                                               \
    OP;                                                                        \
  }
#define AP_EXCL(OP)                                                            \
  if (i < me) {                                                                \
    OP;                                                                        \
  }

/* The reductions and scans of one type, for one scope. */
#define AP_ARITH(PREFIX, LEN_R, LEN_S, SCOPE, T, FIELD, C, MIN_ID, MAX_ID)     \
  AP_COLLECTIVE(_Z##LEN_R##PREFIX##_reduce_add##C, T, FIELD, 0, AP_ADD, SCOPE) \
  AP_COLLECTIVE(_Z##LEN_R##PREFIX##_reduce_min##C, T, FIELD, MIN_ID, AP_MIN,   \
                SCOPE)                                                         \
  AP_COLLECTIVE(_Z##LEN_R##PREFIX##_reduce_max##C, T, FIELD, MAX_ID, AP_MAX,   \
                SCOPE)                                                         \
  AP_COLLECTIVE(_Z##LEN_S##PREFIX##_scan_inclusive_add##C, T, FIELD, 0,        \
                AP_INCL(AP_ADD), SCOPE)                                        \
  AP_COLLECTIVE(_Z##LEN_S##PREFIX##_scan_exclusive_add##C, T, FIELD, 0,        \
                AP_EXCL(AP_ADD), SCOPE)                                        \
  AP_COLLECTIVE(_Z##LEN_S##PREFIX##_scan_inclusive_min##C, T, FIELD, MIN_ID,   \
                AP_INCL(AP_MIN), SCOPE)                                        \
  AP_COLLECTIVE(_Z##LEN_S##PREFIX##_scan_exclusive_min##C, T, FIELD, MIN_ID,   \
                AP_EXCL(AP_MIN), SCOPE)                                        \
  AP_COLLECTIVE(_Z##LEN_S##PREFIX##_scan_inclusive_max##C, T, FIELD, MAX_ID,   \
                AP_INCL(AP_MAX), SCOPE)                                        \
  AP_COLLECTIVE(_Z##LEN_S##PREFIX##_scan_exclusive_max##C, T, FIELD, MAX_ID,   \
                AP_EXCL(AP_MAX), SCOPE)

/* The identities: min starts at the type's largest value, max at its
 * smallest. */
#define AP_TYPES(PREFIX, LEN_R, LEN_S, SCOPE)                                  \
  AP_ARITH(PREFIX, LEN_R, LEN_S, SCOPE, int, i, i, INT32_MAX, INT32_MIN)       \
  AP_ARITH(PREFIX, LEN_R, LEN_S, SCOPE, unsigned, u, j, UINT32_MAX, 0)         \
  AP_ARITH(PREFIX, LEN_R, LEN_S, SCOPE, long, l, l, INT64_MAX, INT64_MIN)      \
  AP_ARITH(PREFIX, LEN_R, LEN_S, SCOPE, unsigned long, ul, m, UINT64_MAX, 0)   \
  AP_ARITH(PREFIX, LEN_R, LEN_S, SCOPE, float, f, f, __builtin_inff(),         \
           -__builtin_inff())                                                  \
  AP_ARITH(PREFIX, LEN_R, LEN_S, SCOPE, double, d, d, __builtin_inf(),         \
           -__builtin_inf())

AP_TYPES(work_group, 21, 29, wg)
AP_TYPES(sub_group, 20, 28, sg)

AP_COLLECTIVE(_Z14work_group_alli, int, i, 1, AP_ALL, wg)
AP_COLLECTIVE(_Z14work_group_anyi, int, i, 0, AP_ANY, wg)
AP_COLLECTIVE(_Z13sub_group_alli, int, i, 1, AP_ALL, sg)
AP_COLLECTIVE(_Z13sub_group_anyi, int, i, 0, AP_ANY, sg)

/* Broadcasts: the work-item at the given local id publishes, all read. */
#define AP_BROADCAST(NAME, T, FIELD, PARAMS, IS_SOURCE, WAIT)                  \
  T NAME PARAMS {                                                              \
    union slot *s = self->group->scratch;                                      \
    size_t slot =                                                              \
        self->local_linear_id - (self->local_linear_id % n_##WAIT());          \
    if (IS_SOURCE)                                                             \
      s[slot].FIELD = x;                                                       \
    WAIT##_wait();                                                             \
    T v = s[slot].FIELD;                                                       \
    WAIT##_wait();                                                             \
    return v;                                                                  \
  }

/* Slots are per scope: one for the work-group, the sub-group's first for
 * a sub-group. */
static size_t n_wg(void) { return SIZE_MAX; }
static size_t n_sg(void) { return self->group->sub_group_size; }

#define AP_BROADCASTS(T, FIELD, C)                                             \
  AP_BROADCAST(_Z20work_group_broadcast##C##m, T, FIELD, (T x, size_t l0),     \
               _Z19get_local_linear_idv() == l0, wg)                           \
  AP_BROADCAST(_Z20work_group_broadcast##C##mm, T, FIELD,                      \
               (T x, size_t l0, size_t l1),                                    \
               self->local_id[0] == l0 && self->local_id[1] == l1, wg)         \
  AP_BROADCAST(_Z20work_group_broadcast##C##mmm, T, FIELD,                     \
               (T x, size_t l0, size_t l1, size_t l2),                         \
               self->local_id[0] == l0 && self->local_id[1] == l1 &&           \
                   self->local_id[2] == l2,                                    \
               wg)                                                             \
  AP_BROADCAST(_Z19sub_group_broadcast##C##j, T, FIELD, (T x, unsigned l),     \
               _Z22get_sub_group_local_idv() == l, sg)

AP_FOR_EACH_SLOT_TYPE(AP_BROADCASTS)

/* Sub-group shuffles (cl_khr_subgroup_shuffle, _relative): lane LANE's
 * value, or the caller's own for a lane outside the sub-group. */
#define AP_SHUFFLE(NAME, T, FIELD, LANE)                                       \
  T NAME(T x, unsigned arg) {                                                  \
    union slot *s = self->group->scratch;                                      \
    size_t me = _Z22get_sub_group_local_idv();                                 \
    (void)me;                                                                  \
    s[self->local_linear_id].FIELD = x;                                        \
    sg_wait();                                                                 \
    size_t lane = (LANE);                                                      \
    T v = lane < sg_members() ? s[sg_first() + lane].FIELD : x;                \
    sg_wait();                                                                 \
    return v;                                                                  \
  }
#define AP_SHUFFLES(T, FIELD, C)                                               \
  AP_SHUFFLE(_Z17sub_group_shuffle##C##j, T, FIELD, arg)                       \
  AP_SHUFFLE(_Z21sub_group_shuffle_xor##C##j, T, FIELD, me ^ arg)              \
  AP_SHUFFLE(_Z20sub_group_shuffle_up##C##j, T, FIELD,                         \
             me >= arg ? me - arg : SIZE_MAX)                                  \
  AP_SHUFFLE(_Z22sub_group_shuffle_down##C##j, T, FIELD, me + arg)

AP_FOR_EACH_SLOT_TYPE(AP_SHUFFLES)

/*===- Atomics (OpenCL 1.x names) on global and local memory --------------===*/

#define AP_ATOMIC_RMW(OP, LEN, AS, T, C, BUILTIN)                              \
  T _Z##LEN##atomic_##OP##PU##AS##V##C##C(volatile T *p, T v) {                \
    return BUILTIN(p, v, __ATOMIC_SEQ_CST);                                    \
  }
#define AP_ATOMIC_MINMAX(OP, AS, T, C, CMP)                                    \
  T _Z10atomic_##OP##PU##AS##V##C##C(volatile T *p, T v) {                     \
    T old = __atomic_load_n(p, __ATOMIC_SEQ_CST);                              \
    while (!(old CMP v) &&                                                     \
           !__atomic_compare_exchange_n(p, &old, v, 0, __ATOMIC_SEQ_CST,       \
                                        __ATOMIC_SEQ_CST))                     \
      ;                                                                        \
    return old;                                                                \
  }
#define AP_ATOMICS(AS, T, C)                                                   \
  AP_ATOMIC_RMW(add, 10, AS, T, C, __atomic_fetch_add)                         \
  AP_ATOMIC_RMW(sub, 10, AS, T, C, __atomic_fetch_sub)                         \
  AP_ATOMIC_RMW(and, 10, AS, T, C, __atomic_fetch_and)                         \
  AP_ATOMIC_RMW(or, 9, AS, T, C, __atomic_fetch_or)                            \
  AP_ATOMIC_RMW(xor, 10, AS, T, C, __atomic_fetch_xor)                         \
  AP_ATOMIC_RMW(xchg, 11, AS, T, C, __atomic_exchange_n)                       \
  AP_ATOMIC_MINMAX(min, AS, T, C, <=)                                          \
  AP_ATOMIC_MINMAX(max, AS, T, C, >=)                                          \
  T _Z10atomic_incPU##AS##V##C(volatile T *p) {                                \
    return __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST);                         \
  }                                                                            \
  T _Z10atomic_decPU##AS##V##C(volatile T *p) {                                \
    return __atomic_fetch_sub(p, 1, __ATOMIC_SEQ_CST);                         \
  }                                                                            \
  T _Z14atomic_cmpxchgPU##AS##V##C##C##C(volatile T *p, T cmp, T v) {          \
    __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_SEQ_CST,               \
                                __ATOMIC_SEQ_CST);                             \
    return cmp;                                                                \
  }

AP_ATOMICS(8CLglobal, int, i)
AP_ATOMICS(8CLglobal, unsigned, j)
AP_ATOMICS(7CLlocal, int, i)
AP_ATOMICS(7CLlocal, unsigned, j)

float _Z11atomic_xchgPU8CLglobalVff(volatile float *p, float v) {
  float old;
  __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);
  return old;
}
float _Z11atomic_xchgPU7CLlocalVff(volatile float *p, float v) {
  return _Z11atomic_xchgPU8CLglobalVff(p, v);
}

/*===- Common integer and float functions ---------------------------------===*/

/* Kernels use these everywhere; only the scalar forms. */
#define AP_MINMAX(T, C)                                                        \
  T _Z3min##C##C(T a, T b) { return b < a ? b : a; }                           \
  T _Z3max##C##C(T a, T b) { return a < b ? b : a; }                           \
  T _Z5clamp##C##C##C(T x, T lo, T hi) {                                       \
    return _Z3min##C##C(_Z3max##C##C(x, lo), hi);                              \
  }

AP_MINMAX(int, i)
AP_MINMAX(unsigned, j)
AP_MINMAX(long, l)
AP_MINMAX(unsigned long, m)
AP_MINMAX(float, f)
AP_MINMAX(double, d)

unsigned _Z3absi(int x) { return x < 0 ? -(unsigned)x : (unsigned)x; }
unsigned long _Z3absl(long x) {
  return x < 0 ? -(unsigned long)x : (unsigned long)x;
}
/* fmin / fmax: a NaN operand yields the other one. Written out so that the
 * library needs no libm. */
#define AP_FMINMAX(T, C)                                                       \
  T _Z4fmin##C##C(T a, T b) {                                                  \
    return a != a ? b : b != b ? a : b < a ? b : a;                            \
  }                                                                            \
  T _Z4fmax##C##C(T a, T b) { return a != a ? b : b != b ? a : a < b ? b : a; }

AP_FMINMAX(float, f)
AP_FMINMAX(double, d)
