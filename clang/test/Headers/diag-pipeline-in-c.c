// The pipeline API is C++; C gets a clear error pointing at the C API.
// RUN: not clang -I%asyncpipe_include -fsyntax-only %s 2>&1 | FileCheck %s

// CHECK: error: "asyncpipe/pipeline.h is C++; C and OpenCL C use asyncpipe/asyncpipe.h"
#include <asyncpipe/pipeline.h>
