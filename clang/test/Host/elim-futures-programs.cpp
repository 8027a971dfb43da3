// The programs of the elimination and futures tests run on the host, with
// the plugin's -O2 pipeline (elimination, inlining-aware recount, futures
// lowered to counts), under every completion policy, and compare their
// results with a reference (Inputs/elim-futures-programs.cpp returns the
// number of mismatches). A deliberately wrong future lowering (every count
// one too large) reads copies that are still in flight under the lazy
// policy, and the program reports mismatches.
// Inputs/stand-in-runtime.c stands in for AsyncPipe's host runtime until it
// is merged; with AsyncSan the wrong lowering is also reported as a race.
// RUN: %clang -x c++ -O2 -I %asyncpipe_include %S/Inputs/elim-futures-programs.cpp \
// RUN:   -x c %S/Inputs/stand-in-runtime.c -o %t
// RUN: env ASYNCPIPE_POLICY=eager %t
// RUN: env ASYNCPIPE_POLICY=lazy %t
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=1 %t
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=2 %t
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=3 %t
// RUN: %clang -x c++ -O2 -I %asyncpipe_include -Xclang -load -Xclang %plugin \
// RUN:   -mllvm -asyncpipe-futures-miscount-for-testing=1 \
// RUN:   %S/Inputs/elim-futures-programs.cpp -x c %S/Inputs/stand-in-runtime.c -o %t.wrong
// RUN: env ASYNCPIPE_POLICY=eager %t.wrong
// RUN: env ASYNCPIPE_POLICY=lazy not %t.wrong
// RUN: env ASYNCPIPE_POLICY=random ASYNCPIPE_SEED=5 not %t.wrong
// The same with -O0 (futures in memory, counted from their loads).
// RUN: %clang -x c++ -O0 -I %asyncpipe_include %S/Inputs/elim-futures-programs.cpp \
// RUN:   -x c %S/Inputs/stand-in-runtime.c -o %t.O0
// RUN: env ASYNCPIPE_POLICY=lazy %t.O0
// REQUIRES: x86-registered-target
