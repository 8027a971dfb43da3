// cp.async.wait_group takes an immediate count: asyncpipe_host_nvvm.h rejects
// a count that is not an integer constant (or is negative) at the call, in C
// and in C++, instead of leaving a non-constant immediate to the code
// generator.
// RUN: %clang -fsyntax-only -Xclang -verify=c -I%asyncpipe_rt_include %s
// RUN: %clang -fsyntax-only -Xclang -verify=cxx -x c++ -I%asyncpipe_rt_include %s
// RUN: %clang -fsyntax-only -Xclang -verify=c -DASYNCPIPE_REFERENCE -I%asyncpipe_rt_include %s

#include "asyncpipe_host_nvvm.h"

void constant(void) {
  nvvm_cp_async_wait_group(0);
  nvvm_cp_async_wait_group(3);
}

// cxx-note@+1 {{declared here}}
void variable(int n) {
  // c-error@* {{static assertion expression is not an integral constant expression}}
  // cxx-error@* {{non-type template argument is not a constant expression}}
  // cxx-note@* {{function parameter 'n' with unknown value cannot be used in a constant expression}}
  nvvm_cp_async_wait_group(n);
}

void negative(void) {
  // c-error@* {{cp.async.wait_group count must be >= 0}}
  // cxx-error@* {{cp.async.wait_group count must be >= 0}}
  // cxx-note@* {{in instantiation of template class '__asyncpipe_nvvm_count<-1>' requested here}}
  nvvm_cp_async_wait_group(-1);
}
