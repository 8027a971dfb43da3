// The programs of the elimination and futures tests (seed 003's inlining
// example; futures in straight-line code, a double-buffered loop with swap,
// rotate over 3 and 4 buffers, seed 002's ele_add), written against the
// portable calls so that they also run on the host. main() runs each for
// several sizes and compares with a reference computed without async copies;
// it returns the number of mismatches.

#include <asyncpipe/futures.h>

// The portable calls of AsyncPipe's API header (owned elsewhere).
extern "C" void asyncpipe_copy(void *dst, const void *src, int size,
                               int flags) __asm__("asyncpipe.copy");
extern "C" void asyncpipe_mark(void) __asm__("asyncpipe.mark");
extern "C" void asyncpipe_wait(int n) __asm__("asyncpipe.wait");

enum { MaxChunks = 16 };
static int shared_slots[4];
static int shared_lhs[2], shared_rhs[2];

// Seed 003: foo's mark A is the callee's own; bar's wait(1) waits for B.
// foo's copy is bar's to wait for only through a mark of bar's after the
// call (D): the model does not let bar rely on foo's mark A.
static void foo(const int *in) {
  asyncpipe_copy(&shared_slots[2], &in[2], 4, 0);
  asyncpipe_mark(); // A
}
__attribute__((noinline)) int bar(const int *in) {
  asyncpipe_copy(&shared_slots[0], &in[0], 4, 0);
  asyncpipe_mark(); // B
  asyncpipe_copy(&shared_slots[1], &in[1], 4, 0);
  asyncpipe_mark(); // C
  foo(in);
  asyncpipe_wait(1);
  int b = shared_slots[0];
  asyncpipe_mark(); // D
  asyncpipe_wait(0);
  return b * 100 + shared_slots[1] * 10 + shared_slots[2];
}

__attribute__((noinline)) int straight_line(const int *in) {
  asyncpipe_copy(&shared_slots[0], &in[0], 4, 0);
  asyncpipe_future_t f1 = asyncpipe_commit_future();
  asyncpipe_copy(&shared_slots[1], &in[1], 4, 0);
  asyncpipe_future_t f2 = asyncpipe_commit_future();
  asyncpipe_copy(&shared_slots[2], &in[2], 4, 0);
  asyncpipe_future_t f3 = asyncpipe_commit_future();
  asyncpipe_wait_future(f1);
  int sum = shared_slots[0];
  asyncpipe_wait_future(f2);
  sum = sum * 10 + shared_slots[1];
  asyncpipe_wait_future(f3);
  return sum * 10 + shared_slots[2];
}

// Sum of in[0..n) through 2 buffers; futures swapped every iteration.
__attribute__((noinline)) int swap_loop(const int *in, int n) {
  asyncpipe_copy(&shared_slots[0], &in[0], 4, 0);
  asyncpipe_future_t current = asyncpipe_commit_future();
  asyncpipe_future_t next = asyncpipe_future_any();
  int sum = 0;
  for (int i = 1; i < n; ++i) {
    asyncpipe_copy(&shared_slots[i % 2], &in[i], 4, 0);
    next = asyncpipe_commit_future();
    asyncpipe_wait_future(current);
    sum += shared_slots[(i - 1) % 2];
    asyncpipe_future_swap(&current, &next);
  }
  asyncpipe_wait_future(current);
  return sum + shared_slots[(n - 1) % 2];
}

// Sum of in[0..n), n >= 2, through 3 buffers.
__attribute__((noinline)) int rotate3(const int *in, int n) {
  asyncpipe_copy(&shared_slots[0], &in[0], 4, 0);
  asyncpipe_future_t f0 = asyncpipe_commit_future();
  asyncpipe_copy(&shared_slots[1], &in[1], 4, 0);
  asyncpipe_future_t f1 = asyncpipe_commit_future();
  asyncpipe_future_t f2 = asyncpipe_future_any();
  int sum = 0;
  for (int i = 2; i < n; ++i) {
    asyncpipe_copy(&shared_slots[i % 3], &in[i], 4, 0);
    f2 = asyncpipe_commit_future();
    asyncpipe_wait_future(f0);
    sum += shared_slots[(i - 2) % 3];
    asyncpipe_future_rotate3(&f0, &f1, &f2);
  }
  asyncpipe_wait_future(f0);
  sum += shared_slots[(n - 2) % 3];
  asyncpipe_wait_future(f1);
  return sum + shared_slots[(n - 1) % 3];
}

// Sum of in[0..n), n >= 3, through 4 buffers.
__attribute__((noinline)) int rotate4(const int *in, int n) {
  asyncpipe_copy(&shared_slots[0], &in[0], 4, 0);
  asyncpipe_future_t f0 = asyncpipe_commit_future();
  asyncpipe_copy(&shared_slots[1], &in[1], 4, 0);
  asyncpipe_future_t f1 = asyncpipe_commit_future();
  asyncpipe_copy(&shared_slots[2], &in[2], 4, 0);
  asyncpipe_future_t f2 = asyncpipe_commit_future();
  asyncpipe_future_t f3 = asyncpipe_future_any();
  int sum = 0;
  for (int i = 3; i < n; ++i) {
    asyncpipe_copy(&shared_slots[i % 4], &in[i], 4, 0);
    f3 = asyncpipe_commit_future();
    asyncpipe_wait_future(f0);
    sum += shared_slots[(i - 3) % 4];
    asyncpipe_future_rotate4(&f0, &f1, &f2, &f3);
  }
  asyncpipe_wait_future(f0);
  sum += shared_slots[(n - 3) % 4];
  asyncpipe_wait_future(f1);
  sum += shared_slots[(n - 2) % 4];
  asyncpipe_wait_future(f2);
  return sum + shared_slots[(n - 1) % 4];
}

// Seed 002's ele_add: out[y] = lhs[y] + rhs[y], lhs and rhs double-buffered,
// dummy futures before the loop, swaps, the last chunk selected by parity.
__attribute__((noinline)) void ele_add(const int *lhs, const int *rhs,
                                       int *out, int ny) {
  asyncpipe_copy(&shared_lhs[0], &lhs[0], 4, 0);
  asyncpipe_future_t lfA = asyncpipe_commit_future();
  asyncpipe_copy(&shared_rhs[0], &rhs[0], 4, 0);
  asyncpipe_future_t rfA = asyncpipe_commit_future();
  asyncpipe_future_t lfB = asyncpipe_future_any();
  asyncpipe_future_t rfB = asyncpipe_future_any();
  for (int y = 1; y < ny; ++y) {
    asyncpipe_copy(&shared_lhs[y % 2], &lhs[y], 4, 0);
    lfB = asyncpipe_commit_future();
    asyncpipe_copy(&shared_rhs[y % 2], &rhs[y], 4, 0);
    rfB = asyncpipe_commit_future();
    asyncpipe_wait_future(lfA);
    asyncpipe_wait_future(rfA);
    out[y - 1] = shared_lhs[(y - 1) % 2] + shared_rhs[(y - 1) % 2];
    asyncpipe_future_swap(&lfA, &lfB);
    asyncpipe_future_swap(&rfA, &rfB);
  }
  // After the swaps A holds the last chunk's futures whatever the parity;
  // the select is Croktile's, kept to exercise the lowering through it.
  int odd = ny % 2;
  asyncpipe_future_t lf = asyncpipe_future_select(odd, lfA, lfA);
  asyncpipe_future_t rf = asyncpipe_future_select(odd, rfA, rfA);
  asyncpipe_wait_future(lf);
  asyncpipe_wait_future(rf);
  out[ny - 1] = shared_lhs[(ny - 1) % 2] + shared_rhs[(ny - 1) % 2];
}

int main() {
  int in[MaxChunks], rhs[MaxChunks], out[MaxChunks];
  for (int i = 0; i < MaxChunks; ++i) {
    in[i] = i + 1;
    rhs[i] = 100 * (i + 1);
  }
  int mismatches = 0;
  mismatches += bar(in) != 123;
  mismatches += straight_line(in) != 123;
  for (int n = 1; n <= MaxChunks; ++n) {
    int reference = n * (n + 1) / 2;
    mismatches += swap_loop(in, n) != reference;
    if (n >= 2)
      mismatches += rotate3(in, n) != reference;
    if (n >= 3)
      mismatches += rotate4(in, n) != reference;
    ele_add(in, rhs, out, n);
    for (int y = 0; y < n; ++y)
      mismatches += out[y] != 101 * (y + 1);
  }
  return mismatches;
}
