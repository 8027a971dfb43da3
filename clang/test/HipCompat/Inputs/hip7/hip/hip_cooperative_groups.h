// Stands in for a HIP 7 <hip/hip_cooperative_groups.h>, which has its own
// cooperative_groups::memcpy_async: the installed one, with HIP 7's version.
#include_next <hip/hip_cooperative_groups.h>
#undef HIP_VERSION_MAJOR
#define HIP_VERSION_MAJOR 7
