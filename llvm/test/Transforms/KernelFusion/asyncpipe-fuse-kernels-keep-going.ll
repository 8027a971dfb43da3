; Cases where the fusion design keeps going, and so does AsyncPipe:
; - a query whose dimension is only known at run time, in a kernel that is
;   remapped, becomes a choice between the remapped values of the three
;   dimensions (dimensions left alone keep the query's answer);
; - a recursive kernel fuses when nothing in it needs remapping (its calls
;   stay calls);
; - no_barriers: no work-group barrier between the kernels;
; - a promotion that cannot be done is dropped with a warning, the buffer
;   stays a parameter in global memory and the kernels still fuse.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/dynamic.ll -o - | FileCheck %s --check-prefix=DYN
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/recursive.ll -o - | FileCheck %s --check-prefix=REC
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/no-barriers.ll -o - | FileCheck %s --check-prefix=NOBAR
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/dropped.ll -o %t/dropped.fused.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DROP-WARN
; RUN: FileCheck %s --check-prefix=DROP --input-file=%t/dropped.fused.ll

;--- dynamic.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @flat(ptr %buf) {
  %id = call i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr i32, ptr %buf, i64 %id
  store i32 1, ptr %p, align 4
  ret void
}

define spir_kernel void @grid(ptr %buf, i32 %dim) {
  %id = call i64 @_Z13get_global_idj(i32 %dim)
  %size = call i64 @_Z14get_local_sizej(i32 %dim)
  %i = add i64 %id, %size
  %p = getelementptr i32, ptr %buf, i64 %i
  store i32 2, ptr %p, align 4
  ret void
}

declare i64 @_Z13get_global_idj(i32)
declare i64 @_Z14get_local_sizej(i32)

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"flat", !"grid"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 2, !{i64 4, i64 4, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

; The global id of the 2-D kernel: x = L % 4, y = L / 4, 0 beyond. Its
; local size has no explicit value and stays the query's in every
; dimension.
; DYN:      kernel.1:
; DYN-NEXT:   %fusion.linear.id.i = call i64 @_Z13get_global_idj(i32 0)
; DYN-NEXT:   %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 4
; DYN-NEXT:   %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 4
; DYN-NEXT:   [[DIM:%.*]] = zext i32 %dim to i64
; DYN-NEXT:   {{%.*}} = icmp eq i64 [[DIM]], 2
; DYN-NEXT:   [[IS1:%.*]] = icmp eq i64 [[DIM]], 1
; DYN-NEXT:   [[Y:%.*]] = select i1 [[IS1]], i64 %fusion.global.id.1.i, i64 0
; DYN-NEXT:   [[IS0:%.*]] = icmp eq i64 [[DIM]], 0
; DYN-NEXT:   [[ID:%.*]] = select i1 [[IS0]], i64 %fusion.global.id.0.i, i64 [[Y]]
; DYN-NEXT:   %size.i = call i64 @_Z14get_local_sizej(i32 %dim)
; DYN-NEXT:   %i.i = add i64 [[ID]], %size.i
; DYN-NEXT:   %p.i2 = getelementptr i32, ptr %buf1, i64 %i.i

;--- recursive.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @recursive(ptr %buf) {
  call void @recurse(ptr %buf, i32 3)
  ret void
}

define internal void @recurse(ptr %buf, i32 %depth) {
  %done = icmp eq i32 %depth, 0
  br i1 %done, label %exit, label %more
more:
  store i32 %depth, ptr %buf, align 4
  %next = sub i32 %depth, 1
  call void @recurse(ptr %buf, i32 %next)
  br label %exit
exit:
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"recursive", !"recursive"}
!1 = !{!2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}

; REC-LABEL: define spir_kernel void @fused(ptr %buf, ptr %buf1)
; REC-NEXT:  entry:
; REC-NEXT:    call void @recurse(ptr %buf, i32 3)
; REC-NEXT:    call void @_Z7barrierj(i32 3)
; REC-NEXT:    call void @recurse(ptr %buf1, i32 3)
; REC-NEXT:    ret void

;--- no-barriers.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @one(ptr %buf) {
  store i32 1, ptr %buf, align 4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.no_barriers !3 void @fused()

!0 = !{!"one", !"one", !"one"}
!1 = !{!2, !2, !2}
!2 = !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}
!3 = !{}

; NOBAR-LABEL: define spir_kernel void @fused(ptr %buf, ptr %buf1, ptr %buf2)
; NOBAR-NEXT:  entry:
; NOBAR-NEXT:    store i32 1, ptr %buf, align 4
; NOBAR-NEXT:    store i32 1, ptr %buf1, align 4
; NOBAR-NEXT:    store i32 1, ptr %buf2, align 4
; NOBAR-NEXT:    ret void

;--- dropped.ll
target triple = "spir64-unknown-unknown"

define spir_kernel void @copy(ptr %in, ptr %out) {
  %id = call i64 @_Z13get_global_idj(i32 0)
  %src = getelementptr i32, ptr %in, i64 %id
  %v = load i32, ptr %src, align 4
  %dst = getelementptr i32, ptr %out, i64 %id
  store i32 %v, ptr %dst, align 4
  ret void
}

declare i64 @_Z13get_global_idj(i32)

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 !asyncpipe.fusion.params !3 !asyncpipe.fusion.promote !4 void @fused()

!0 = !{!"copy", !"copy"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}
!3 = !{!{!{i32 0, i32 1}, !{i32 1, i32 0}}}
; 64 elements: 1 per work-item of the first kernel, 2 of the second.
!4 = !{!{i32 0, i32 1, !"private", i64 64, i64 4}}

; DROP-WARN: warning: <unknown>:0:0: in function fused void (ptr, ptr, ptr): promotion dropped [promoted-size-mismatch]: the private replacement of argument 1 of kernel 0 ('copy') has 1 elements but argument 0 of kernel 1 ('copy') would need 2; the buffer stays in global memory
; DROP-LABEL: define spir_kernel void @fused(ptr %in, ptr %out, ptr %out1)
; DROP-NOT:   alloca
; DROP:       ret void
