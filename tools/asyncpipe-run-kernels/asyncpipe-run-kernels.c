/*===- asyncpipe-run-kernels.c - Run OpenCL C kernels of a shared object --===*\
|*                                                                            *|
|* Part of the AsyncPipe project.                                             *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Loads a shared object of OpenCL C kernels compiled for the host and runs   *|
|* them on the host work-group runner (asyncpipe_workgroup.h) as a script     *|
|* says: buffers, launches, prints. The kernels' builtins resolve against     *|
|* this executable, which exports the runner's. With it, any kernel taking    *|
|* buffers, local buffers and scalars runs unfused and fused without a host   *|
|* program of its own. The script language is in                              *|
|* llvm/docs/AsyncPipeKernelFusion.rst ("Testing on the host").               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "asyncpipe_workgroup.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MaxIntArgs = 6, MaxFloatArgs = 8, MaxBuffers = 64, MaxTokens = 4096 };

/* Kernels are called with every integer and pointer argument in an integer
 * register and every float in a vector register, in order within each
 * class: the x86-64 System V and AArch64 conventions for up to 6 integer
 * and 8 floating-point arguments, whatever their order in the signature. */
typedef void (*kernel_fn)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                          uint64_t, double, double, double, double, double,
                          double, double, double);

enum elem_type { Int, Uint, Long, Float };

struct buffer {
  char name[64];
  enum elem_type type;
  size_t count;
  void *data;
};

static struct buffer buffers[MaxBuffers];
static unsigned num_buffers;
static const char *script_name;
static unsigned line_no;

static void fail(const char *fmt, const char *arg) {
  fprintf(stderr, "asyncpipe-run-kernels: %s:%u: ", script_name, line_no);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  exit(1);
}

static size_t elem_size(enum elem_type t) { return t == Long ? 8 : 4; }

static struct buffer *find_buffer(const char *name) {
  for (unsigned i = 0; i < num_buffers; ++i)
    if (!strcmp(buffers[i].name, name))
      return &buffers[i];
  fail("no buffer '%s'", name);
  return NULL;
}

static long long parse_int(const char *s) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 0);
  if (errno || *end || end == s) {
    errno = 0;
    unsigned long long u = strtoull(s, &end, 0);
    if (errno || *end || end == s)
      fail("'%s' is not an integer", s);
    v = (long long)u;
  }
  return v;
}

static double parse_float(const char *s) {
  char *end;
  double v = strtod(s, &end);
  if (*end || end == s)
    fail("'%s' is not a number", s);
  return v;
}

static void store(struct buffer *b, size_t i, const char *text, long long iv,
                  int use_text) {
  switch (b->type) {
  case Int:
  case Uint:
    ((int32_t *)b->data)[i] = (int32_t)(use_text ? parse_int(text) : iv);
    break;
  case Long:
    ((int64_t *)b->data)[i] = use_text ? parse_int(text) : iv;
    break;
  case Float:
    ((float *)b->data)[i] = use_text ? (float)parse_float(text) : (float)iv;
    break;
  }
}

/* INIT: nothing (zeros), "iota" (0, 1, ...), or "values v..." repeated
 * cyclically over the buffer. */
static void init_buffer(struct buffer *b, char **tok, unsigned n) {
  if (n == 0) {
    memset(b->data, 0, b->count * elem_size(b->type));
    return;
  }
  if (!strcmp(tok[0], "iota") && n == 1) {
    for (size_t i = 0; i < b->count; ++i)
      store(b, i, NULL, (long long)i, 0);
    return;
  }
  if (strcmp(tok[0], "values") || n < 2)
    fail("unknown initializer '%s' (iota, values V...)", tok[0]);
  for (size_t i = 0; i < b->count; ++i)
    store(b, i, tok[1 + i % (n - 1)], 0, 1);
}

static void cmd_buffer(char **tok, unsigned n) {
  if (n < 3)
    fail("%s", "usage: buffer NAME int|uint|long|float COUNT [INIT]");
  if (num_buffers == MaxBuffers)
    fail("%s", "too many buffers");
  struct buffer *b = &buffers[num_buffers++];
  snprintf(b->name, sizeof(b->name), "%s", tok[0]);
  if (!strcmp(tok[1], "int"))
    b->type = Int;
  else if (!strcmp(tok[1], "uint"))
    b->type = Uint;
  else if (!strcmp(tok[1], "long"))
    b->type = Long;
  else if (!strcmp(tok[1], "float"))
    b->type = Float;
  else
    fail("unknown element type '%s'", tok[1]);
  long long count = parse_int(tok[2]);
  if (count <= 0)
    fail("buffer '%s' needs at least one element", tok[0]);
  b->count = (size_t)count;
  b->data = calloc(b->count, elem_size(b->type));
  init_buffer(b, tok + 3, n - 3);
}

/* G0[xG1[xG2]][/L0[xL1[xL2]]][+O0[xO1[xO2]]] */
static void parse_sizes(const char *s, size_t out[3], unsigned *dims) {
  const char *text = s;
  unsigned d = 0;
  char *end;
  for (;;) {
    if (d == 3)
      fail("more than 3 dimensions in '%s'", text);
    out[d++] = strtoull(s, &end, 10);
    if (end == s)
      fail("bad size in '%s'", s);
    s = end;
    if (*s != 'x')
      break;
    ++s;
  }
  if (*s && *s != '/' && *s != '+')
    fail("bad nd-range at '%s'", s);
  *dims = d;
}

static void parse_ndrange(const char *text, struct ap_ndrange *r) {
  memset(r, 0, sizeof(*r));
  parse_sizes(text, r->global, &r->dims);
  unsigned dims;
  const char *local = strchr(text, '/'), *offset = strchr(text, '+');
  if (local) {
    parse_sizes(local + 1, r->local, &dims);
    if (dims != r->dims)
      fail("local size of '%s' has another number of dimensions", text);
  }
  if (offset) {
    parse_sizes(offset + 1, r->offset, &dims);
    if (dims != r->dims)
      fail("offset of '%s' has another number of dimensions", text);
  }
}

struct launch {
  kernel_fn fn;
  uint64_t ints[MaxIntArgs];
  double floats[MaxFloatArgs];
};

static void run_launch(void *ctx) {
  const struct launch *l = ctx;
  l->fn(l->ints[0], l->ints[1], l->ints[2], l->ints[3], l->ints[4], l->ints[5],
        l->floats[0], l->floats[1], l->floats[2], l->floats[3], l->floats[4],
        l->floats[5], l->floats[6], l->floats[7]);
}

/* ARG: @BUFFER, int:V, uint:V, long:V, ulong:V, float:V, local:BYTES. */
static void cmd_run(void *lib, char **tok, unsigned n) {
  if (n < 2)
    fail("%s", "usage: run KERNEL NDRANGE ARG...");
  struct launch l;
  memset(&l, 0, sizeof(l));
  l.fn = (kernel_fn)dlsym(lib, tok[0]);
  if (!l.fn)
    fail("no kernel '%s' in the shared object", tok[0]);
  struct ap_ndrange range;
  parse_ndrange(tok[1], &range);
  unsigned ni = 0, nf = 0;
  void *locals[MaxIntArgs] = {0};
  for (unsigned i = 2; i < n; ++i) {
    const char *a = tok[i];
    if (!strncmp(a, "float:", 6)) {
      if (nf == MaxFloatArgs)
        fail("%s", "more than 8 floating-point arguments");
      float f = (float)parse_float(a + 6);
      uint64_t bits = 0;
      memcpy(&bits, &f, sizeof(f));
      memcpy(&l.floats[nf++], &bits, sizeof(bits));
      continue;
    }
    if (ni == MaxIntArgs)
      fail("%s", "more than 6 integer and pointer arguments");
    if (a[0] == '@') {
      l.ints[ni++] = (uint64_t)(uintptr_t)find_buffer(a + 1)->data;
    } else if (!strncmp(a, "local:", 6)) {
      /* Work-groups run one at a time: one allocation serves them all. */
      long long bytes = parse_int(a + 6);
      locals[ni] = calloc(bytes > 0 ? (size_t)bytes : 1, 1);
      l.ints[ni] = (uint64_t)(uintptr_t)locals[ni];
      ++ni;
    } else if (!strncmp(a, "int:", 4)) {
      l.ints[ni++] = (uint64_t)(int64_t)(int32_t)parse_int(a + 4);
    } else if (!strncmp(a, "uint:", 5)) {
      l.ints[ni++] = (uint32_t)parse_int(a + 5);
    } else if (!strncmp(a, "long:", 5) || !strncmp(a, "ulong:", 6)) {
      l.ints[ni++] = (uint64_t)parse_int(strchr(a, ':') + 1);
    } else {
      fail("unknown argument '%s' (@BUFFER, int:, uint:, long:, ulong:, "
           "float:, local:)",
           a);
    }
  }
  if (ap_run_ndrange(&range, run_launch, &l))
    fail("cannot launch '%s'", tok[0]);
  for (unsigned i = 0; i < MaxIntArgs; ++i)
    free(locals[i]);
}

static void cmd_print(char **tok, unsigned n) {
  if (n < 1)
    fail("%s", "usage: print BUFFER [LABEL...]");
  struct buffer *b = find_buffer(tok[0]);
  if (n == 1)
    printf("%s:", b->name);
  for (unsigned i = 1; i < n; ++i)
    printf(i == 1 ? "%s" : " %s", tok[i]);
  for (size_t i = 0; i < b->count; ++i) {
    switch (b->type) {
    case Int:
      printf(" %d", ((int32_t *)b->data)[i]);
      break;
    case Uint:
      printf(" %u", ((uint32_t *)b->data)[i]);
      break;
    case Long:
      printf(" %lld", (long long)((int64_t *)b->data)[i]);
      break;
    case Float:
      printf(" %g", ((float *)b->data)[i]);
      break;
    }
  }
  printf("\n");
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: asyncpipe-run-kernels KERNELS.so SCRIPT\n");
    return 2;
  }
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "asyncpipe-run-kernels: %s\n", dlerror());
    return 1;
  }
  script_name = argv[2];
  FILE *script = fopen(script_name, "r");
  if (!script) {
    fprintf(stderr, "asyncpipe-run-kernels: cannot open %s\n", script_name);
    return 1;
  }
  char line[16384];
  while (fgets(line, sizeof(line), script)) {
    ++line_no;
    char *hash = strchr(line, '#');
    if (hash)
      *hash = 0;
    char *tok[MaxTokens];
    unsigned n = 0;
    for (char *t = strtok(line, " \t\r\n"); t && n < MaxTokens;
         t = strtok(NULL, " \t\r\n"))
      tok[n++] = t;
    if (n == 0)
      continue;
    if (!strcmp(tok[0], "buffer"))
      cmd_buffer(tok + 1, n - 1);
    else if (!strcmp(tok[0], "reset"))
      n < 2 ? fail("%s", "usage: reset BUFFER [INIT]")
            : init_buffer(find_buffer(tok[1]), tok + 2, n - 2);
    else if (!strcmp(tok[0], "run"))
      cmd_run(lib, tok + 1, n - 1);
    else if (!strcmp(tok[0], "print"))
      cmd_print(tok + 1, n - 1);
    else if (!strcmp(tok[0], "sub_group_size") && n == 2)
      ap_set_sub_group_size((unsigned)parse_int(tok[1]));
    else
      fail("unknown command '%s' (buffer, reset, run, print, "
           "sub_group_size)",
           tok[0]);
    fflush(stdout);
  }
  fclose(script);
  return 0;
}
