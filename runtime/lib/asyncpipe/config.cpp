//===- config.cpp - The runtime's settings from the environment -----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "asyncpipe_rt_internal.h"
#include "asyncpipe_trace.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace asyncpipe_rt;

namespace {

[[noreturn]] void fatalConfigError(const char *Var, const char *Value,
                                   const char *Expected) {
  std::fprintf(stderr, "asyncpipe runtime: %s='%s' is invalid; expected %s\n",
               Var, Value, Expected);
  std::exit(2);
}

Config readConfig() {
  asyncpipe_trace::initialize();
  Config C;
  if (const char *P = std::getenv("ASYNCPIPE_POLICY"); P && *P) {
    if (!std::strcmp(P, "eager"))
      C.CompletionPolicy = Policy::Eager;
    else if (!std::strcmp(P, "lazy"))
      C.CompletionPolicy = Policy::Lazy;
    else if (!std::strcmp(P, "random"))
      C.CompletionPolicy = Policy::Random;
    else
      fatalConfigError("ASYNCPIPE_POLICY", P, "eager, lazy or random");
  }
  if (const char *S = std::getenv("ASYNCPIPE_SEED"); S && *S) {
    char *End = nullptr;
    C.Seed = std::strtoull(S, &End, 0);
    if (*End)
      fatalConfigError("ASYNCPIPE_SEED", S, "an unsigned integer");
  }
  if (const char *K = std::getenv("ASYNCPIPE_SAN_CONTINUE"); K && *K)
    C.ContinueAfterError = std::strcmp(K, "0") != 0;
  return C;
}

} // namespace

const Config &asyncpipe_rt::getConfig() {
  static const Config C = readConfig();
  return C;
}
