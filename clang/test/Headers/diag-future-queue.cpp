// The C++ spelling of a queue's commit returning a future,
// asyncpipe::commit_future<Q>(): the queue is checked where the template is
// used, and the call is asyncpipe_commit_future_queue(Q).
// RUN: clang -x c++ -target x86_64-linux-gnu -I%asyncpipe_include \
// RUN:   -fsyntax-only -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: clang -x c++ -target x86_64-linux-gnu -I%asyncpipe_include -O2 -S \
// RUN:   -emit-llvm -DVALID_ONLY %s -o - | FileCheck %s
// REQUIRES: x86-registered-target

#include <asyncpipe/asyncpipe.h>
#include <asyncpipe/futures.h>

// CHECK-LABEL: define {{.*}} @two_queues(
// CHECK-NEXT: call {{.*}}i32 @asyncpipe.mark.future.queue(i32 noundef 3)
extern "C" int two_queues() { return asyncpipe::commit_future<3>(); }

#ifndef VALID_ONLY
int out_of_range() {
  return asyncpipe::commit_future<8>(); // expected-note {{in instantiation}}
  // expected-error@asyncpipe/futures.h:* {{asyncpipe::commit_future's queue must be 0 to ASYNCPIPE_MAX_QUEUES - 1}}
}
#endif
