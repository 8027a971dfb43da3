// Unknown policy names and malformed seeds are rejected with a message.
// RUN: %clang -O1 -I%asyncpipe_rt_include %s %asyncpipe_rt_lib -o %t
// RUN: env ASYNCPIPE_POLICY=fast not %t 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=12x not %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SEED

// POLICY: asyncpipe runtime: ASYNCPIPE_POLICY='fast' is invalid; expected eager, lazy or random
// SEED: asyncpipe runtime: ASYNCPIPE_SEED='12x' is invalid; expected an unsigned integer

#include "asyncpipe_host.h"

static int source, shared;

int main(void) {
  asyncpipe_copy(&shared, &source, sizeof(int), 0);
  asyncpipe_mark();
  asyncpipe_wait(0);
  return shared;
}
