// The portable async calls with eager semantics (a copy completes at issue,
// marks and waits do nothing) and a no-op pipeline marker: linked with a
// program compiled without the plugin, this gives the unpipelined reference.
#include <string.h>

void eager_copy(void *Dst, const void *Src, unsigned Bytes,
                unsigned Flags) __asm__("asyncpipe.copy");
void eager_copy(void *Dst, const void *Src, unsigned Bytes, unsigned Flags) {
  (void)Flags;
  memcpy(Dst, Src, Bytes);
}

void eager_mark(void) __asm__("asyncpipe.mark");
void eager_mark(void) {}

void eager_wait(unsigned N) __asm__("asyncpipe.wait");
void eager_wait(unsigned N) { (void)N; }

void ignored_pipeline_marker(int Stages) __asm__("asyncpipe.pipeline");
void ignored_pipeline_marker(int Stages) { (void)Stages; }

void lazy_runtime_reset(void) {}
