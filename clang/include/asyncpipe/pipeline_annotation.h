/*===- pipeline_annotation.h - Ask AsyncPipe to pipeline a loop -----------===
 *
 * Part of the AsyncPipe project.
 *
 *===----------------------------------------------------------------------===
 *
 * One line in a loop body asks the AsyncPipe pipeliner to pipeline that loop:
 *
 *   for (int t = 0; t < tiles; ++t) {
 *     asyncpipe_pipeline(3);      // 3 stages: 2 tiles in flight
 *     ...copy, mark, wait(0), barrier, compute...
 *   }
 *
 * The call is a marker, not a function: the plugin turns it into metadata of
 * the innermost loop around it (asyncpipe.pipeline.stages) before any other
 * pass runs, at every optimization level, and removes it. The stage count
 * must be a constant from 1 to 16. One request per loop: the same marker
 * twice is one request, two that disagree (or asyncpipe_pipeline and
 * asyncpipe_pipeline_registers in one loop) are an error at the later one.
 * Works in C, C++, OpenCL C, CUDA and HIP with the stock clang and
 * -fpass-plugin=AsyncPipe.so. See llvm/docs/AsyncPipePipeliner.rst.
 *
 *===----------------------------------------------------------------------===
 */

#ifndef ASYNCPIPE_PIPELINE_ANNOTATION_H
#define ASYNCPIPE_PIPELINE_ANNOTATION_H

#if defined(__CUDA__) || defined(__HIP__)
#define ASYNCPIPE_PIPELINE_MARKER_DEVICE __attribute__((device))
#else
#define ASYNCPIPE_PIPELINE_MARKER_DEVICE
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* nothrow: the marker never becomes an invoke in C++ code. */
ASYNCPIPE_PIPELINE_MARKER_DEVICE __attribute__((nothrow)) void
asyncpipe_pipeline(int stages) __asm__("asyncpipe.pipeline");

/* In the body of a loop of plain loads (the shared-to-register loop inside
 * a pipelined one): issue the loads of the next iteration before this
 * iteration computes, a double buffer in registers (TVM's inner pipeline,
 * stages [0, 0, 1]). The count must be 2. */
ASYNCPIPE_PIPELINE_MARKER_DEVICE __attribute__((nothrow)) void
asyncpipe_pipeline_registers(int stages)
    __asm__("asyncpipe.pipeline.registers");

#ifdef __cplusplus
}
#endif

#undef ASYNCPIPE_PIPELINE_MARKER_DEVICE

#endif /* ASYNCPIPE_PIPELINE_ANNOTATION_H */
