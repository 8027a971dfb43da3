// Stands in for ROCm's <hip/hip_runtime.h> in hip-with-rocm.hip: the real
// one is not installed on the test machine.
#define FAKE_HIP_RUNTIME_INCLUDED 1
struct fake_thread_index { unsigned x; };
extern const __attribute__((device)) fake_thread_index threadIdx;
