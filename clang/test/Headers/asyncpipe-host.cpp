// On the host (plain C and C++), the C API and the thread-scope pipeline emit
// the same portable IR with generic pointers; the AsyncPipe host runtime
// gives it meaning. Any size is accepted.
// RUN: clang -x c -target x86_64-linux-gnu -I%asyncpipe_include \
// RUN:   -fno-discard-value-names -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=C
// RUN: clang -x c++ -target x86_64-linux-gnu -I%asyncpipe_include \
// RUN:   -fno-discard-value-names -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefixes=C,CXX
// REQUIRES: x86-registered-target

#include <asyncpipe/asyncpipe.h>

// C-LABEL: @c_api(
// C-NEXT:  entry:
// C-NEXT:    tail call void @asyncpipe.copy(ptr noundef %dst, ptr noundef %src, i32 noundef 8, i32 noundef 0)
// C-NEXT:    tail call void @asyncpipe.copy.zfill(ptr noundef %dst, ptr noundef %src, i32 noundef 16, i32 noundef %n, i32 noundef 1)
// C-NEXT:    tail call void @asyncpipe.mark()
// C-NEXT:    tail call void @asyncpipe.wait(i32 noundef %n)
// C-NEXT:    ret void
#ifdef __cplusplus
extern "C"
#endif
    void
    c_api(int *dst, const int *src, int n) {
  asyncpipe_copy(dst, src, 8);
  asyncpipe_copy_zfill(dst, src, 16, n, ASYNCPIPE_COPY_BYPASS_L1);
  asyncpipe_commit();
  asyncpipe_wait(n);
}

#ifdef __cplusplus
#include <asyncpipe/pipeline.h>

// CXX-LABEL: @cxx_api(
// CXX-NEXT:  entry:
// CXX-NEXT:    tail call void @asyncpipe.copy(ptr noundef %dst, ptr noundef %src, i32 noundef 4, i32 noundef 0)
// CXX-NEXT:    tail call void @asyncpipe.mark()
// CXX-NEXT:    tail call void @asyncpipe.copy(ptr noundef %dst, ptr noundef %src, i32 noundef 16, i32 noundef 1)
// CXX-NEXT:    tail call void @asyncpipe.mark()
// CXX-NEXT:    tail call void @asyncpipe.wait(i32 noundef 1)
// CXX-NEXT:    tail call void @asyncpipe.wait(i32 noundef 0)
// CXX-NEXT:    ret void
extern "C" void cxx_api(int *dst, const int *src) {
  auto pipe = asyncpipe::make_pipeline();
  asyncpipe::memcpy_async(dst, src, 4, pipe);
  pipe.producer_commit();
  asyncpipe::memcpy_async(dst, src, 16, pipe, ASYNCPIPE_COPY_BYPASS_L1);
  pipe.producer_commit();
  pipe.consumer_wait();
  pipe.consumer_release();
  pipe.consumer_wait();
  pipe.consumer_release();
}
#endif
