// asyncpipe_store in host C: one call of @asyncpipe.store(ptr dst, ptr src,
// i32 size); the size must be an integer constant from 1 to 16, what the host
// runtime stores in one operation, or the call is an error.
// RUN: clang -I%asyncpipe_include -O1 -fno-discard-value-names -S -emit-llvm \
// RUN:   %s -o - | FileCheck %s
// RUN: clang -I%asyncpipe_include -fsyntax-only -Xclang -verify \
// RUN:   -Xclang -verify-ignore-unexpected=note -DBAD %s

#include <asyncpipe/asyncpipe.h>

// CHECK-LABEL: @write_back(
// CHECK: call void @asyncpipe.store(ptr noundef %out, ptr noundef %staging, i32 noundef 16)
void write_back(int *out, const int *staging) {
  asyncpipe_store(out, staging, 16);
  asyncpipe_commit();
  asyncpipe_wait(0);
}

#ifdef BAD
void bad(int *out, int *staging, unsigned n) {
  asyncpipe_store(out, staging, n); // expected-error {{argument 'size' of 'asyncpipe_store' must be an integer constant}}
  asyncpipe_store(out, staging, 32); // expected-error {{'asyncpipe_store' cannot store this size on this target: size must be 1 to 16}}
}
#endif
