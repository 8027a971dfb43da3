// An MLIR module as a compiler built on MLIR emits it (LLVM dialect plus
// ROCDL), taken by Debian's mlir-translate to LLVM IR and by the stock opt
// and llc with the plugin to gfx942 code (llvm/docs/AsyncPipeForCompilers.rst).
// MLIR 22's ROCDL dialect has no async-copy, mark or wait op, and
// llvm.call_intrinsic rejects a name LLVM 22 does not know as an intrinsic,
// so the module declares each AsyncPipe call with llvm.func and calls it
// with llvm.call.
//
// @double_buffer is pipelined by the frontend itself: it keeps the next
// tile's copy in flight while reading the current one, with the upstream
// AMDGPU spellings; its loop's wait is exactly vmcnt(1). @sync_form copies
// and waits for each tile at once, with the portable calls, and asks the
// plugin's pipeliner for 3 stages with a call of asyncpipe.pipeline (MLIR's
// loop annotation attribute has no field for AsyncPipe's loop properties):
// opt pipelines it and its loop's wait leaves 2 copies in flight, vmcnt(2).
// llc checks every wait with the independent checker.

// The IR mlir-translate gives: plain declarations and calls.
// RUN: %mlir-translate --mlir-to-llvmir %s | FileCheck %s --check-prefix=IR

// The documented flow: opt (the pipeliner runs there), then llc.
// RUN: %mlir-translate --mlir-to-llvmir %s \
// RUN:   | %opt -mcpu=gfx942 -passes='default<O2>' -S \
// RUN:     -pass-remarks=asyncpipe-pipeline 2>%t.opt.txt \
// RUN:   | %llc -mcpu=gfx942 -O2 -verify-machineinstrs \
// RUN:     -amdgpu-enable-check-async-waits -pass-remarks-analysis=asyncpipe \
// RUN:     -o %t.O2.s 2>%t.llc.txt
// RUN: FileCheck %s --check-prefix=PIPELINED --input-file=%t.opt.txt
// RUN: FileCheck %s --check-prefix=WAITS --input-file=%t.llc.txt \
// RUN:   --implicit-check-not='wait_asyncmark(1) needs vmcnt(0)'
// RUN: FileCheck %s --check-prefix=O2 --input-file=%t.O2.s

// llc alone: the frontend's own pipelining is compiled as written, but a
// pipeline request reaches codegen unserved, which a missed remark says.
// RUN: %mlir-translate --mlir-to-llvmir %s \
// RUN:   | %llc -mcpu=gfx942 -O2 -verify-machineinstrs \
// RUN:     -amdgpu-enable-check-async-waits -pass-remarks-missed=asyncpipe \
// RUN:     -o %t.llc.s 2>%t.missed.txt
// RUN: FileCheck %s --check-prefix=LLC --input-file=%t.llc.s
// RUN: FileCheck %s --check-prefix=MISSED --input-file=%t.missed.txt

// IR-DAG: declare void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)
// IR-DAG: declare void @llvm.amdgcn.asyncmark()
// IR-DAG: declare void @llvm.amdgcn.wait.asyncmark(i16)
// IR-DAG: declare void @asyncpipe.copy(ptr addrspace(3), ptr addrspace(1), i32, i32)
// IR-DAG: declare void @asyncpipe.mark()
// IR-DAG: declare void @asyncpipe.wait(i32)
// IR-DAG: declare void @asyncpipe.pipeline(i32)
// IR-DAG: define amdgpu_kernel void @double_buffer(
// IR-DAG: define amdgpu_kernel void @sync_form(

// PIPELINED: remark: {{.*}}pipelined loop with 3 stages: 1 async groups per iteration, buffers 'tile' x3

// The double buffer, unrolled by the optimizer: every wait of its loop
// leaves the newest copy in flight, and the exit waits for all.
// WAITS:      'double_buffer' at codegen:
// WAITS-NEXT: 'sync_form' at codegen: 3 async copies, 3 marks, 2 waits
// WAITS-NEXT: wait_asyncmark(1) needs vmcnt(1)
// WAITS:      wait_asyncmark(0) needs vmcnt(0)
// WAITS-NEXT: wait_asyncmark(2) needs vmcnt(2)
// WAITS-NEXT: wait_asyncmark(0) needs vmcnt(0)

// O2-LABEL: sync_form:
// O2:       global_load_lds_dword
// O2:       ; asyncmark
// O2:       global_load_lds_dword
// O2:       ; asyncmark
// O2:       ; =>This Inner Loop Header: Depth=1
// O2:       global_load_lds_dword
// O2:       ; asyncmark
// O2-NEXT:  ;;#ASMEND
// O2-NEXT:  s_waitcnt vmcnt(2)
// O2-NEXT:  ;;#ASMSTART
// O2-NEXT:  ; wait_asyncmark(2)
// O2-NEXT:  ;;#ASMEND
// O2:       s_cbranch_scc1
// O2:       s_waitcnt vmcnt(0)
// O2-NEXT:  ;;#ASMSTART
// O2-NEXT:  ; wait_asyncmark(0)
// O2-NEXT:  ;;#ASMEND

// LLC-LABEL: double_buffer:
// LLC:       global_load_lds_dword
// LLC:       ; asyncmark
// LLC:       ; =>This Inner Loop Header: Depth=1
// LLC:       global_load_lds_dword
// LLC:       ; asyncmark
// LLC-NEXT:  ;;#ASMEND
// LLC-NEXT:  s_waitcnt vmcnt(1)
// LLC-NEXT:  ;;#ASMSTART
// LLC-NEXT:  ; wait_asyncmark(1)
// LLC-NEXT:  ;;#ASMEND
// LLC-NEXT:  ds_read_b32
// LLC:       s_cbranch_scc1
// LLC-NEXT:  ; %bb.2:
// LLC-NEXT:  s_waitcnt vmcnt(0)
// LLC-NEXT:  ;;#ASMSTART
// LLC-NEXT:  ; wait_asyncmark(0)
// LLC-NEXT:  ;;#ASMEND
// LLC-LABEL: sync_form:
// LLC:       ; =>This Inner Loop Header: Depth=1
// LLC:       global_load_lds_dword
// LLC-NEXT:  ;;#ASMSTART
// LLC-NEXT:  ; asyncmark
// LLC-NEXT:  ;;#ASMEND
// LLC-NEXT:  s_waitcnt vmcnt(0)
// LLC-NEXT:  ;;#ASMSTART
// LLC-NEXT:  ; wait_asyncmark(0)
// LLC-NEXT:  ;;#ASMEND

// MISSED: remark: {{.*}}loop not pipelined: asyncpipe_pipeline(3) reached code generation, but the pipeliner runs in the optimizer

module attributes {llvm.target_triple = "amdgcn-amd-amdhsa"} {
  llvm.mlir.global internal @tiles() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2 x array<64 x i32>>
  llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x f32>

  // Upstream AMDGPU spellings (llvm/docs/AsyncPipeAMDGPU.rst).
  llvm.func @"llvm.amdgcn.global.load.async.lds"(!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32)
  llvm.func @"llvm.amdgcn.asyncmark"()
  llvm.func @"llvm.amdgcn.wait.asyncmark"(i16)
  // Portable calls and the pipeline request (llvm/docs/AsyncPipeClang.rst).
  llvm.func @asyncpipe.copy(!llvm.ptr<3>, !llvm.ptr<1>, i32, i32)
  llvm.func @asyncpipe.mark()
  llvm.func @asyncpipe.wait(i32)
  llvm.func @asyncpipe.pipeline(i32)

  // One wave-wide LDS DMA per tile into the buffer the next trip reads.
  llvm.func @double_buffer(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32) attributes {rocdl.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %all = llvm.mlir.constant(0 : i16) : i16
    %one = llvm.mlir.constant(1 : i16) : i16
    %tiles = llvm.mlir.addressof @tiles : !llvm.ptr<3>
    llvm.call @"llvm.amdgcn.global.load.async.lds"(%in, %tiles, %c4, %c0, %c0) : (!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32) -> ()
    llvm.call @"llvm.amdgcn.asyncmark"() : () -> ()
    llvm.br ^loop(%c0, %c0 : i32, i32)
  ^loop(%i: i32, %acc: i32):
    %i.next = llvm.add %i, %c1 : i32
    %cur = llvm.and %i, %c1 : i32
    %next = llvm.xor %cur, %c1 : i32
    %src = llvm.getelementptr %in[%i.next] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, !llvm.array<64 x i32>
    %dst = llvm.getelementptr %tiles[%next] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<64 x i32>
    llvm.call @"llvm.amdgcn.global.load.async.lds"(%src, %dst, %c4, %c0, %c0) : (!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32) -> ()
    llvm.call @"llvm.amdgcn.asyncmark"() : () -> ()
    llvm.call @"llvm.amdgcn.wait.asyncmark"(%one) : (i16) -> ()
    %tile = llvm.getelementptr %tiles[%cur] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<64 x i32>
    %v = llvm.load %tile : !llvm.ptr<3> -> i32
    %sum = llvm.add %acc, %v : i32
    %done = llvm.icmp "eq" %i.next, %n : i32
    llvm.cond_br %done, ^exit, ^loop(%i.next, %sum : i32, i32)
  ^exit:
    llvm.call @"llvm.amdgcn.wait.asyncmark"(%all) : (i16) -> ()
    llvm.store %sum, %out : i32, !llvm.ptr<1>
    llvm.return
  }

  // Each work-item copies its own element (lane i writes tile + i, as LDS
  // DMA needs) and waits for it before reading: the synchronous form.
  llvm.func @sync_form(%src: !llvm.ptr<1> {llvm.noalias}, %dst: !llvm.ptr<1> {llvm.noalias}, %n: i32) attributes {rocdl.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c256 = llvm.mlir.constant(256 : i32) : i32
    %zero = llvm.mlir.constant(0.0 : f32) : f32
    %tid = rocdl.workitem.id.x : i32
    %tile = llvm.mlir.addressof @tile : !llvm.ptr<3>
    %mine = llvm.getelementptr %tile[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %has.work = llvm.icmp "sgt" %n, %c0 : i32
    llvm.cond_br %has.work, ^loop(%c0, %zero : i32, f32), ^exit(%zero : f32)
  ^loop(%i: i32, %acc: f32):
    llvm.call @asyncpipe.pipeline(%c3) : (i32) -> ()
    %base = llvm.mul %i, %c256 : i32
    %gidx = llvm.add %base, %tid : i32
    %g = llvm.getelementptr %src[%gidx] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.call @asyncpipe.copy(%mine, %g, %c4, %c0) : (!llvm.ptr<3>, !llvm.ptr<1>, i32, i32) -> ()
    llvm.call @asyncpipe.mark() : () -> ()
    llvm.call @asyncpipe.wait(%c0) : (i32) -> ()
    %v = llvm.load %mine : !llvm.ptr<3> -> f32
    %acc.next = llvm.fadd %acc, %v : f32
    %i.next = llvm.add %i, %c1 : i32
    %done = llvm.icmp "eq" %i.next, %n : i32
    llvm.cond_br %done, ^exit(%acc.next : f32), ^loop(%i.next, %acc.next : i32, f32)
  ^exit(%r: f32):
    %o = llvm.getelementptr %dst[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %r, %o : f32, !llvm.ptr<1>
    llvm.return
  }
}
