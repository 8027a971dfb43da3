; Work-item remapping when the kernels' nd-ranges differ. The fused kernel
; runs on the largest launch (with the common local size); the global linear
; id is invariant. For each kernel:
; - global size, global offset and work_dim become the kernel's own;
; - local size and number of groups become constants when the kernel has an
;   explicit local size, and are kept otherwise;
; - global ids are recomputed from the linear id (dimension 0 fastest:
;   x = L % GS0, y = (L / GS0) % GS1, z = L / (GS0 * GS1)) only when the
;   dimensions differ or a global size other than the slowest one differs;
;   local and group ids are never remapped;
; - on AMDGPU and NVPTX, which have no global id query, a remapped kernel
;   without a local size runs as one work-group spanning its grid: local id =
;   remapped global id, group id = 0, local size = global size, 1 group;
; - work-items beyond a kernel's grid skip its body, not the barriers;
; - one nd-range for every kernel: nothing is remapped or guarded;
; - a kernel with a barrier may be guarded when the work-items skipping it
;   form whole work-groups (otherwise fusion is refused, see
;   llvm/test/tools/asyncpipe-fuse/refusals-*.test).
; REQUIRES: amdgpu-registered-target, nvptx-registered-target
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=asyncpipe-fuse-kernels -pass-remarks=asyncpipe-fusion -S %t/builtin.ll \
; RUN:   -o %t/builtin.fused.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --check-prefix=BUILTIN --input-file=%t/builtin.fused.ll
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/amdgpu.ll -o %t/amdgpu.fused.ll
; RUN: FileCheck %s --check-prefix=AMDGPU --input-file=%t/amdgpu.fused.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t/amdgpu.fused.ll -o /dev/null
; RUN: %opt -passes=asyncpipe-fuse-kernels -S %t/nvptx.ll -o %t/nvptx.fused.ll
; RUN: FileCheck %s --check-prefix=NVPTX --input-file=%t/nvptx.fused.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t/nvptx.fused.ll -o /dev/null

; REMARK: remark: <unknown>:0:0: fused 3 kernels (grouped, grid2d, grid3d) on nd-range global (48) local (16): 3 parameters, 0 local and 0 private buffers, 3 kernels remapped
; REMARK-NEXT: remark: <unknown>:0:0: fused 3 kernels (wide2d, grid2d, short2d) on nd-range global (8,4): 3 parameters, 0 local and 0 private buffers, 3 kernels remapped
; REMARK-NEXT: remark: <unknown>:0:0: fused 2 kernels (offset1d, offset1d) on nd-range global (32) offset (4): 2 parameters, 0 local and 0 private buffers, 2 kernels remapped
; REMARK-NEXT: remark: <unknown>:0:0: fused 2 kernels (homogeneous, homogeneous) on nd-range global (64) local (8): 2 parameters, 0 local and 0 private buffers, 0 kernels remapped
; REMARK-NEXT: remark: <unknown>:0:0: fused 2 kernels (homogeneous, synced) on nd-range global (64) local (8): 2 parameters, 0 local and 0 private buffers, 2 kernels remapped

; BUILTIN-LABEL: define spir_kernel void @fused_dims(ptr %out, ptr %out1, ptr %out2) #{{[0-9]+}} {
; BUILTIN-NEXT: entry:
; BUILTIN-NEXT:   %fusion.linear.id = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %gid0.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   store i64 %gid0.i, ptr %out, align 8
; BUILTIN-NEXT:   %lid0.i = call i64 @_Z12get_local_idj(i32 0)
; BUILTIN-NEXT:   %p1.i = getelementptr i64, ptr %out, i64 1
; BUILTIN-NEXT:   store i64 %lid0.i, ptr %p1.i, align 8
; BUILTIN-NEXT:   %grp0.i = call i64 @_Z12get_group_idj(i32 0)
; BUILTIN-NEXT:   %p2.i = getelementptr i64, ptr %out, i64 2
; BUILTIN-NEXT:   store i64 %grp0.i, ptr %p2.i, align 8
; BUILTIN-NEXT:   %p3.i = getelementptr i64, ptr %out, i64 3
; BUILTIN-NEXT:   store i64 48, ptr %p3.i, align 8
; BUILTIN-NEXT:   %p4.i = getelementptr i64, ptr %out, i64 4
; BUILTIN-NEXT:   store i64 16, ptr %p4.i, align 8
; BUILTIN-NEXT:   %p5.i = getelementptr i64, ptr %out, i64 5
; BUILTIN-NEXT:   store i64 3, ptr %p5.i, align 8
; BUILTIN-NEXT:   %p6.i = getelementptr i64, ptr %out, i64 6
; BUILTIN-NEXT:   store i64 1, ptr %p6.i, align 8
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 12
; BUILTIN-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1:
; BUILTIN-NEXT:   %fusion.linear.id.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 4
; BUILTIN-NEXT:   %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 4
; BUILTIN-NEXT:   store i64 %fusion.global.id.0.i, ptr %out1, align 8
; BUILTIN-NEXT:   %p1.i3 = getelementptr i64, ptr %out1, i64 1
; BUILTIN-NEXT:   store i64 %fusion.global.id.1.i, ptr %p1.i3, align 8
; BUILTIN-NEXT:   %p2.i4 = getelementptr i64, ptr %out1, i64 2
; BUILTIN-NEXT:   store i64 0, ptr %p2.i4, align 8
; BUILTIN-NEXT:   %p3.i5 = getelementptr i64, ptr %out1, i64 3
; BUILTIN-NEXT:   store i64 4, ptr %p3.i5, align 8
; BUILTIN-NEXT:   %p4.i6 = getelementptr i64, ptr %out1, i64 4
; BUILTIN-NEXT:   store i64 3, ptr %p4.i6, align 8
; BUILTIN-NEXT:   %p5.i7 = getelementptr i64, ptr %out1, i64 5
; BUILTIN-NEXT:   store i64 1, ptr %p5.i7, align 8
; BUILTIN-NEXT:   %lsz0.i = call i64 @_Z14get_local_sizej(i32 0)
; BUILTIN-NEXT:   %p6.i8 = getelementptr i64, ptr %out1, i64 6
; BUILTIN-NEXT:   store i64 %lsz0.i, ptr %p6.i8, align 8
; BUILTIN-NEXT:   %lid0.i9 = call i64 @_Z12get_local_idj(i32 0)
; BUILTIN-NEXT:   %p7.i = getelementptr i64, ptr %out1, i64 7
; BUILTIN-NEXT:   store i64 %lid0.i9, ptr %p7.i, align 8
; BUILTIN-NEXT:   %grp0.i10 = call i64 @_Z12get_group_idj(i32 0)
; BUILTIN-NEXT:   %p8.i = getelementptr i64, ptr %out1, i64 8
; BUILTIN-NEXT:   store i64 %grp0.i10, ptr %p8.i, align 8
; BUILTIN-NEXT:   %p9.i = getelementptr i64, ptr %out1, i64 9
; BUILTIN-NEXT:   store i64 2, ptr %p9.i, align 8
; BUILTIN-NEXT:   br label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1.done:
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %kernel.2.in.range = icmp ult i64 %fusion.linear.id, 12
; BUILTIN-NEXT:   br i1 %kernel.2.in.range, label %kernel.2, label %kernel.2.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.2:
; BUILTIN-NEXT:   %fusion.linear.id.i11 = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %fusion.global.id.0.i12 = urem i64 %fusion.linear.id.i11, 2
; BUILTIN-NEXT:   [[TMP0:%.*]] = udiv i64 %fusion.linear.id.i11, 2
; BUILTIN-NEXT:   %fusion.global.id.1.i13 = urem i64 [[TMP0]], 2
; BUILTIN-NEXT:   %fusion.global.id.2.i = udiv i64 %fusion.linear.id.i11, 4
; BUILTIN-NEXT:   store i64 %fusion.global.id.0.i12, ptr %out2, align 8
; BUILTIN-NEXT:   %p1.i14 = getelementptr i64, ptr %out2, i64 1
; BUILTIN-NEXT:   store i64 %fusion.global.id.1.i13, ptr %p1.i14, align 8
; BUILTIN-NEXT:   %p2.i15 = getelementptr i64, ptr %out2, i64 2
; BUILTIN-NEXT:   store i64 %fusion.global.id.2.i, ptr %p2.i15, align 8
; BUILTIN-NEXT:   %p3.i16 = getelementptr i64, ptr %out2, i64 3
; BUILTIN-NEXT:   store i64 3, ptr %p3.i16, align 8
; BUILTIN-NEXT:   br label %kernel.2.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.2.done:
; BUILTIN-NEXT:   ret void
; BUILTIN-NEXT: }

; BUILTIN-LABEL: define spir_kernel void @fused_width(ptr %out, ptr %out1, ptr %out2) #{{[0-9]+}} {
; BUILTIN-NEXT: entry:
; BUILTIN-NEXT:   [[TMP0:%.*]] = call i64 @_Z13get_global_idj(i32 1)
; BUILTIN-NEXT:   [[TMP1:%.*]] = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   [[TMP2:%.*]] = mul i64 [[TMP0]], 8
; BUILTIN-NEXT:   %fusion.linear.id = add i64 [[TMP2]], [[TMP1]]
; BUILTIN-NEXT:   %gid0.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   store i64 %gid0.i, ptr %out, align 8
; BUILTIN-NEXT:   %gid1.i = call i64 @_Z13get_global_idj(i32 1)
; BUILTIN-NEXT:   %p1.i = getelementptr i64, ptr %out, i64 1
; BUILTIN-NEXT:   store i64 %gid1.i, ptr %p1.i, align 8
; BUILTIN-NEXT:   %p2.i = getelementptr i64, ptr %out, i64 2
; BUILTIN-NEXT:   store i64 8, ptr %p2.i, align 8
; BUILTIN-NEXT:   %p3.i = getelementptr i64, ptr %out, i64 3
; BUILTIN-NEXT:   store i64 4, ptr %p3.i, align 8
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 12
; BUILTIN-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1:
; BUILTIN-NEXT:   [[TMP3:%.*]] = call i64 @_Z13get_global_idj(i32 1)
; BUILTIN-NEXT:   [[TMP4:%.*]] = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   [[TMP5:%.*]] = mul i64 [[TMP3]], 8
; BUILTIN-NEXT:   %fusion.linear.id.i = add i64 [[TMP5]], [[TMP4]]
; BUILTIN-NEXT:   %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 4
; BUILTIN-NEXT:   %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 4
; BUILTIN-NEXT:   store i64 %fusion.global.id.0.i, ptr %out1, align 8
; BUILTIN-NEXT:   %p1.i3 = getelementptr i64, ptr %out1, i64 1
; BUILTIN-NEXT:   store i64 %fusion.global.id.1.i, ptr %p1.i3, align 8
; BUILTIN-NEXT:   %p2.i4 = getelementptr i64, ptr %out1, i64 2
; BUILTIN-NEXT:   store i64 0, ptr %p2.i4, align 8
; BUILTIN-NEXT:   %p3.i5 = getelementptr i64, ptr %out1, i64 3
; BUILTIN-NEXT:   store i64 4, ptr %p3.i5, align 8
; BUILTIN-NEXT:   %p4.i = getelementptr i64, ptr %out1, i64 4
; BUILTIN-NEXT:   store i64 3, ptr %p4.i, align 8
; BUILTIN-NEXT:   %p5.i = getelementptr i64, ptr %out1, i64 5
; BUILTIN-NEXT:   store i64 1, ptr %p5.i, align 8
; BUILTIN-NEXT:   %lsz0.i = call i64 @_Z14get_local_sizej(i32 0)
; BUILTIN-NEXT:   %p6.i = getelementptr i64, ptr %out1, i64 6
; BUILTIN-NEXT:   store i64 %lsz0.i, ptr %p6.i, align 8
; BUILTIN-NEXT:   %lid0.i = call i64 @_Z12get_local_idj(i32 0)
; BUILTIN-NEXT:   %p7.i = getelementptr i64, ptr %out1, i64 7
; BUILTIN-NEXT:   store i64 %lid0.i, ptr %p7.i, align 8
; BUILTIN-NEXT:   %grp0.i = call i64 @_Z12get_group_idj(i32 0)
; BUILTIN-NEXT:   %p8.i = getelementptr i64, ptr %out1, i64 8
; BUILTIN-NEXT:   store i64 %grp0.i, ptr %p8.i, align 8
; BUILTIN-NEXT:   %p9.i = getelementptr i64, ptr %out1, i64 9
; BUILTIN-NEXT:   store i64 2, ptr %p9.i, align 8
; BUILTIN-NEXT:   br label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1.done:
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %kernel.2.in.range = icmp ult i64 %fusion.linear.id, 16
; BUILTIN-NEXT:   br i1 %kernel.2.in.range, label %kernel.2, label %kernel.2.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.2:
; BUILTIN-NEXT:   %gid0.i6 = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   store i64 %gid0.i6, ptr %out2, align 8
; BUILTIN-NEXT:   %gid1.i7 = call i64 @_Z13get_global_idj(i32 1)
; BUILTIN-NEXT:   %p1.i8 = getelementptr i64, ptr %out2, i64 1
; BUILTIN-NEXT:   store i64 %gid1.i7, ptr %p1.i8, align 8
; BUILTIN-NEXT:   %p2.i9 = getelementptr i64, ptr %out2, i64 2
; BUILTIN-NEXT:   store i64 2, ptr %p2.i9, align 8
; BUILTIN-NEXT:   %ngr1.i = call i64 @_Z14get_num_groupsj(i32 1)
; BUILTIN-NEXT:   %p3.i10 = getelementptr i64, ptr %out2, i64 3
; BUILTIN-NEXT:   store i64 %ngr1.i, ptr %p3.i10, align 8
; BUILTIN-NEXT:   br label %kernel.2.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.2.done:
; BUILTIN-NEXT:   ret void
; BUILTIN-NEXT: }

; BUILTIN-LABEL: define spir_kernel void @fused_offset(ptr %out, ptr %out1) #{{[0-9]+}} {
; BUILTIN-NEXT: entry:
; BUILTIN-NEXT:   [[TMP0:%.*]] = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %fusion.linear.id = sub i64 [[TMP0]], 4
; BUILTIN-NEXT:   %gid0.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   store i64 %gid0.i, ptr %out, align 8
; BUILTIN-NEXT:   %p1.i = getelementptr i64, ptr %out, i64 1
; BUILTIN-NEXT:   store i64 4, ptr %p1.i, align 8
; BUILTIN-NEXT:   %p2.i = getelementptr i64, ptr %out, i64 2
; BUILTIN-NEXT:   store i64 32, ptr %p2.i, align 8
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 16
; BUILTIN-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1:
; BUILTIN-NEXT:   %gid0.i2 = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   store i64 %gid0.i2, ptr %out1, align 8
; BUILTIN-NEXT:   %p1.i3 = getelementptr i64, ptr %out1, i64 1
; BUILTIN-NEXT:   store i64 4, ptr %p1.i3, align 8
; BUILTIN-NEXT:   %p2.i4 = getelementptr i64, ptr %out1, i64 2
; BUILTIN-NEXT:   store i64 16, ptr %p2.i4, align 8
; BUILTIN-NEXT:   br label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1.done:
; BUILTIN-NEXT:   ret void
; BUILTIN-NEXT: }

; BUILTIN-LABEL: define spir_kernel void @fused_same(ptr %out, ptr %out1) #{{[0-9]+}} {
; BUILTIN-NEXT: entry:
; BUILTIN-NEXT:   %gid0.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   store i64 %gid0.i, ptr %out, align 8
; BUILTIN-NEXT:   %gsz0.i = call i64 @_Z15get_global_sizej(i32 0)
; BUILTIN-NEXT:   %p1.i = getelementptr i64, ptr %out, i64 1
; BUILTIN-NEXT:   store i64 %gsz0.i, ptr %p1.i, align 8
; BUILTIN-NEXT:   %lsz0.i = call i64 @_Z14get_local_sizej(i32 0)
; BUILTIN-NEXT:   %p2.i = getelementptr i64, ptr %out, i64 2
; BUILTIN-NEXT:   store i64 %lsz0.i, ptr %p2.i, align 8
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %gid0.i2 = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   store i64 %gid0.i2, ptr %out1, align 8
; BUILTIN-NEXT:   %gsz0.i3 = call i64 @_Z15get_global_sizej(i32 0)
; BUILTIN-NEXT:   %p1.i4 = getelementptr i64, ptr %out1, i64 1
; BUILTIN-NEXT:   store i64 %gsz0.i3, ptr %p1.i4, align 8
; BUILTIN-NEXT:   %lsz0.i5 = call i64 @_Z14get_local_sizej(i32 0)
; BUILTIN-NEXT:   %p2.i6 = getelementptr i64, ptr %out1, i64 2
; BUILTIN-NEXT:   store i64 %lsz0.i5, ptr %p2.i6, align 8
; BUILTIN-NEXT:   ret void
; BUILTIN-NEXT: }

; BUILTIN-LABEL: define spir_kernel void @fused_synced(ptr %out, ptr %out1) #{{[0-9]+}} {
; BUILTIN-NEXT: entry:
; BUILTIN-NEXT:   %fusion.linear.id = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %gid0.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   store i64 %gid0.i, ptr %out, align 8
; BUILTIN-NEXT:   %p1.i = getelementptr i64, ptr %out, i64 1
; BUILTIN-NEXT:   store i64 64, ptr %p1.i, align 8
; BUILTIN-NEXT:   %p2.i = getelementptr i64, ptr %out, i64 2
; BUILTIN-NEXT:   store i64 8, ptr %p2.i, align 8
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 3)
; BUILTIN-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 32
; BUILTIN-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1:
; BUILTIN-NEXT:   %gid.i = call i64 @_Z13get_global_idj(i32 0)
; BUILTIN-NEXT:   %p.i = getelementptr i64, ptr %out1, i64 %gid.i
; BUILTIN-NEXT:   store i64 1, ptr %p.i, align 8
; BUILTIN-NEXT:   call void @_Z7barrierj(i32 1)
; BUILTIN-NEXT:   br label %kernel.1.done
; BUILTIN-EMPTY:
; BUILTIN-NEXT: kernel.1.done:
; BUILTIN-NEXT:   ret void
; BUILTIN-NEXT: }

; AMDGPU-LABEL: define amdgpu_kernel void @fused(ptr addrspace(1) %out, ptr addrspace(1) %out1, ptr addrspace(1) %out2) #{{[0-9]+}} {
; AMDGPU-NEXT: entry:
; AMDGPU-NEXT:   [[TMP0:%.*]] = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   [[TMP1:%.*]] = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   [[TMP2:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   [[TMP3:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[TMP2]], i64 4
; AMDGPU-NEXT:   [[TMP4:%.*]] = load i16, ptr addrspace(4) [[TMP3]], align 2
; AMDGPU-NEXT:   [[TMP5:%.*]] = zext i32 [[TMP0]] to i64
; AMDGPU-NEXT:   [[TMP6:%.*]] = zext i16 [[TMP4]] to i64
; AMDGPU-NEXT:   [[TMP7:%.*]] = mul i64 [[TMP5]], [[TMP6]]
; AMDGPU-NEXT:   [[TMP8:%.*]] = zext i32 [[TMP1]] to i64
; AMDGPU-NEXT:   %fusion.linear.id = add i64 [[TMP7]], [[TMP8]]
; AMDGPU-NEXT:   %dispatch.i = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   %implicitarg.i = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
; AMDGPU-NEXT:   %lidx.i = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   store i32 %lidx.i, ptr addrspace(1) %out, align 4
; AMDGPU-NEXT:   %grpx.i = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   %p1.i = getelementptr i32, ptr addrspace(1) %out, i32 1
; AMDGPU-NEXT:   store i32 %grpx.i, ptr addrspace(1) %p1.i, align 4
; AMDGPU-NEXT:   %lszx.addr.i = getelementptr i8, ptr addrspace(4) %dispatch.i, i64 4
; AMDGPU-NEXT:   %p2.i = getelementptr i32, ptr addrspace(1) %out, i32 2
; AMDGPU-NEXT:   store i32 16, ptr addrspace(1) %p2.i, align 4
; AMDGPU-NEXT:   %p3.i = getelementptr i32, ptr addrspace(1) %out, i32 3
; AMDGPU-NEXT:   store i32 4, ptr addrspace(1) %p3.i, align 4
; AMDGPU-NEXT:   %gszx.addr.i = getelementptr i8, ptr addrspace(4) %dispatch.i, i64 12
; AMDGPU-NEXT:   %p4.i = getelementptr i32, ptr addrspace(1) %out, i32 4
; AMDGPU-NEXT:   store i32 64, ptr addrspace(1) %p4.i, align 4
; AMDGPU-NEXT:   %lsz5x.addr.i = getelementptr i8, ptr addrspace(4) %implicitarg.i, i64 12
; AMDGPU-NEXT:   %p5.i = getelementptr i32, ptr addrspace(1) %out, i32 5
; AMDGPU-NEXT:   store i32 16, ptr addrspace(1) %p5.i, align 4
; AMDGPU-NEXT:   fence syncscope("workgroup") release
; AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:   fence syncscope("workgroup") acquire
; AMDGPU-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 32
; AMDGPU-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT: kernel.1:
; AMDGPU-NEXT:   [[TMP9:%.*]] = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   [[TMP10:%.*]] = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   [[TMP11:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   [[TMP12:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[TMP11]], i64 4
; AMDGPU-NEXT:   [[TMP13:%.*]] = load i16, ptr addrspace(4) [[TMP12]], align 2
; AMDGPU-NEXT:   [[TMP14:%.*]] = zext i32 [[TMP9]] to i64
; AMDGPU-NEXT:   [[TMP15:%.*]] = zext i16 [[TMP13]] to i64
; AMDGPU-NEXT:   [[TMP16:%.*]] = mul i64 [[TMP14]], [[TMP15]]
; AMDGPU-NEXT:   [[TMP17:%.*]] = zext i32 [[TMP10]] to i64
; AMDGPU-NEXT:   %fusion.linear.id.i = add i64 [[TMP16]], [[TMP17]]
; AMDGPU-NEXT:   %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 8
; AMDGPU-NEXT:   %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 8
; AMDGPU-NEXT:   %dispatch.i3 = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   %implicitarg.i4 = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
; AMDGPU-NEXT:   [[TMP18:%.*]] = trunc i64 %fusion.global.id.0.i to i32
; AMDGPU-NEXT:   store i32 [[TMP18]], ptr addrspace(1) %out1, align 4
; AMDGPU-NEXT:   [[TMP19:%.*]] = trunc i64 %fusion.global.id.1.i to i32
; AMDGPU-NEXT:   %p1.i5 = getelementptr i32, ptr addrspace(1) %out1, i32 1
; AMDGPU-NEXT:   store i32 [[TMP19]], ptr addrspace(1) %p1.i5, align 4
; AMDGPU-NEXT:   %p2.i6 = getelementptr i32, ptr addrspace(1) %out1, i32 2
; AMDGPU-NEXT:   store i32 0, ptr addrspace(1) %p2.i6, align 4
; AMDGPU-NEXT:   %p3.i7 = getelementptr i32, ptr addrspace(1) %out1, i32 3
; AMDGPU-NEXT:   store i32 0, ptr addrspace(1) %p3.i7, align 4
; AMDGPU-NEXT:   %lszx.addr.i8 = getelementptr i8, ptr addrspace(4) %dispatch.i3, i64 4
; AMDGPU-NEXT:   %p4.i9 = getelementptr i32, ptr addrspace(1) %out1, i32 4
; AMDGPU-NEXT:   store i32 8, ptr addrspace(1) %p4.i9, align 4
; AMDGPU-NEXT:   %lszy.addr.i = getelementptr i8, ptr addrspace(4) %dispatch.i3, i64 6
; AMDGPU-NEXT:   %p5.i10 = getelementptr i32, ptr addrspace(1) %out1, i32 5
; AMDGPU-NEXT:   store i32 4, ptr addrspace(1) %p5.i10, align 4
; AMDGPU-NEXT:   %ngry.addr.i = getelementptr i8, ptr addrspace(4) %implicitarg.i4, i64 4
; AMDGPU-NEXT:   %p6.i = getelementptr i32, ptr addrspace(1) %out1, i32 6
; AMDGPU-NEXT:   store i32 1, ptr addrspace(1) %p6.i, align 4
; AMDGPU-NEXT:   %gszy.addr.i = getelementptr i8, ptr addrspace(4) %dispatch.i3, i64 16
; AMDGPU-NEXT:   %p7.i = getelementptr i32, ptr addrspace(1) %out1, i32 7
; AMDGPU-NEXT:   store i32 4, ptr addrspace(1) %p7.i, align 4
; AMDGPU-NEXT:   br label %kernel.1.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT: kernel.1.done:
; AMDGPU-NEXT:   fence syncscope("workgroup") release
; AMDGPU-NEXT:   call void @llvm.amdgcn.s.barrier()
; AMDGPU-NEXT:   fence syncscope("workgroup") acquire
; AMDGPU-NEXT:   %kernel.2.in.range = icmp ult i64 %fusion.linear.id, 32
; AMDGPU-NEXT:   br i1 %kernel.2.in.range, label %kernel.2, label %kernel.2.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT: kernel.2:
; AMDGPU-NEXT:   %dispatch.i11 = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; AMDGPU-NEXT:   %implicitarg.i12 = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
; AMDGPU-NEXT:   %lidx.i13 = call i32 @llvm.amdgcn.workitem.id.x()
; AMDGPU-NEXT:   store i32 %lidx.i13, ptr addrspace(1) %out2, align 4
; AMDGPU-NEXT:   %grpx.i14 = call i32 @llvm.amdgcn.workgroup.id.x()
; AMDGPU-NEXT:   %p1.i15 = getelementptr i32, ptr addrspace(1) %out2, i32 1
; AMDGPU-NEXT:   store i32 %grpx.i14, ptr addrspace(1) %p1.i15, align 4
; AMDGPU-NEXT:   %lszx.addr.i16 = getelementptr i8, ptr addrspace(4) %dispatch.i11, i64 4
; AMDGPU-NEXT:   %lszx.raw.i = load i16, ptr addrspace(4) %lszx.addr.i16, align 2
; AMDGPU-NEXT:   %lszx.ext.i = zext i16 %lszx.raw.i to i32
; AMDGPU-NEXT:   %p2.i17 = getelementptr i32, ptr addrspace(1) %out2, i32 2
; AMDGPU-NEXT:   store i32 %lszx.ext.i, ptr addrspace(1) %p2.i17, align 4
; AMDGPU-NEXT:   %ngrx.raw.i = load i32, ptr addrspace(4) %implicitarg.i12, align 4
; AMDGPU-NEXT:   %p3.i18 = getelementptr i32, ptr addrspace(1) %out2, i32 3
; AMDGPU-NEXT:   store i32 %ngrx.raw.i, ptr addrspace(1) %p3.i18, align 4
; AMDGPU-NEXT:   %gszx.addr.i19 = getelementptr i8, ptr addrspace(4) %dispatch.i11, i64 12
; AMDGPU-NEXT:   %p4.i20 = getelementptr i32, ptr addrspace(1) %out2, i32 4
; AMDGPU-NEXT:   store i32 32, ptr addrspace(1) %p4.i20, align 4
; AMDGPU-NEXT:   br label %kernel.2.done
; AMDGPU-EMPTY:
; AMDGPU-NEXT: kernel.2.done:
; AMDGPU-NEXT:   ret void
; AMDGPU-NEXT: }

; NVPTX-LABEL: define ptx_kernel void @fused(ptr addrspace(1) %out, ptr addrspace(1) %out1, ptr addrspace(1) %out2) #{{[0-9]+}} {
; NVPTX-NEXT: entry:
; NVPTX-NEXT:   [[TMP0:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   [[TMP1:%.*]] = zext i32 [[TMP0]] to i64
; NVPTX-NEXT:   [[TMP2:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; NVPTX-NEXT:   [[TMP3:%.*]] = zext i32 [[TMP2]] to i64
; NVPTX-NEXT:   [[TMP4:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   [[TMP5:%.*]] = zext i32 [[TMP4]] to i64
; NVPTX-NEXT:   [[TMP6:%.*]] = mul i64 [[TMP1]], [[TMP3]]
; NVPTX-NEXT:   %fusion.linear.id = add i64 [[TMP6]], [[TMP5]]
; NVPTX-NEXT:   %lidx.i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   store i32 %lidx.i, ptr addrspace(1) %out, align 4
; NVPTX-NEXT:   %grpx.i = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   %p1.i = getelementptr i32, ptr addrspace(1) %out, i32 1
; NVPTX-NEXT:   store i32 %grpx.i, ptr addrspace(1) %p1.i, align 4
; NVPTX-NEXT:   %p2.i = getelementptr i32, ptr addrspace(1) %out, i32 2
; NVPTX-NEXT:   store i32 16, ptr addrspace(1) %p2.i, align 4
; NVPTX-NEXT:   %p3.i = getelementptr i32, ptr addrspace(1) %out, i32 3
; NVPTX-NEXT:   store i32 4, ptr addrspace(1) %p3.i, align 4
; NVPTX-NEXT:   call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:   %kernel.1.in.range = icmp ult i64 %fusion.linear.id, 32
; NVPTX-NEXT:   br i1 %kernel.1.in.range, label %kernel.1, label %kernel.1.done
; NVPTX-EMPTY:
; NVPTX-NEXT: kernel.1:
; NVPTX-NEXT:   [[TMP7:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   [[TMP8:%.*]] = zext i32 [[TMP7]] to i64
; NVPTX-NEXT:   [[TMP9:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; NVPTX-NEXT:   [[TMP10:%.*]] = zext i32 [[TMP9]] to i64
; NVPTX-NEXT:   [[TMP11:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   [[TMP12:%.*]] = zext i32 [[TMP11]] to i64
; NVPTX-NEXT:   [[TMP13:%.*]] = mul i64 [[TMP8]], [[TMP10]]
; NVPTX-NEXT:   %fusion.linear.id.i = add i64 [[TMP13]], [[TMP12]]
; NVPTX-NEXT:   %fusion.global.id.0.i = urem i64 %fusion.linear.id.i, 8
; NVPTX-NEXT:   %fusion.global.id.1.i = udiv i64 %fusion.linear.id.i, 8
; NVPTX-NEXT:   [[TMP14:%.*]] = trunc i64 %fusion.global.id.0.i to i32
; NVPTX-NEXT:   store i32 [[TMP14]], ptr addrspace(1) %out1, align 4
; NVPTX-NEXT:   [[TMP15:%.*]] = trunc i64 %fusion.global.id.1.i to i32
; NVPTX-NEXT:   %p1.i3 = getelementptr i32, ptr addrspace(1) %out1, i32 1
; NVPTX-NEXT:   store i32 [[TMP15]], ptr addrspace(1) %p1.i3, align 4
; NVPTX-NEXT:   %p2.i4 = getelementptr i32, ptr addrspace(1) %out1, i32 2
; NVPTX-NEXT:   store i32 0, ptr addrspace(1) %p2.i4, align 4
; NVPTX-NEXT:   %p3.i5 = getelementptr i32, ptr addrspace(1) %out1, i32 3
; NVPTX-NEXT:   store i32 0, ptr addrspace(1) %p3.i5, align 4
; NVPTX-NEXT:   %p4.i = getelementptr i32, ptr addrspace(1) %out1, i32 4
; NVPTX-NEXT:   store i32 8, ptr addrspace(1) %p4.i, align 4
; NVPTX-NEXT:   %p5.i = getelementptr i32, ptr addrspace(1) %out1, i32 5
; NVPTX-NEXT:   store i32 4, ptr addrspace(1) %p5.i, align 4
; NVPTX-NEXT:   %p6.i = getelementptr i32, ptr addrspace(1) %out1, i32 6
; NVPTX-NEXT:   store i32 1, ptr addrspace(1) %p6.i, align 4
; NVPTX-NEXT:   br label %kernel.1.done
; NVPTX-EMPTY:
; NVPTX-NEXT: kernel.1.done:
; NVPTX-NEXT:   call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NVPTX-NEXT:   %kernel.2.in.range = icmp ult i64 %fusion.linear.id, 32
; NVPTX-NEXT:   br i1 %kernel.2.in.range, label %kernel.2, label %kernel.2.done
; NVPTX-EMPTY:
; NVPTX-NEXT: kernel.2:
; NVPTX-NEXT:   %lidx.i6 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; NVPTX-NEXT:   store i32 %lidx.i6, ptr addrspace(1) %out2, align 4
; NVPTX-NEXT:   %grpx.i7 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; NVPTX-NEXT:   %p1.i8 = getelementptr i32, ptr addrspace(1) %out2, i32 1
; NVPTX-NEXT:   store i32 %grpx.i7, ptr addrspace(1) %p1.i8, align 4
; NVPTX-NEXT:   %lszx.i = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; NVPTX-NEXT:   %p2.i9 = getelementptr i32, ptr addrspace(1) %out2, i32 2
; NVPTX-NEXT:   store i32 %lszx.i, ptr addrspace(1) %p2.i9, align 4
; NVPTX-NEXT:   %ngrx.i = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
; NVPTX-NEXT:   %p3.i10 = getelementptr i32, ptr addrspace(1) %out2, i32 3
; NVPTX-NEXT:   store i32 %ngrx.i, ptr addrspace(1) %p3.i10, align 4
; NVPTX-NEXT:   br label %kernel.2.done
; NVPTX-EMPTY:
; NVPTX-NEXT: kernel.2.done:
; NVPTX-NEXT:   ret void
; NVPTX-NEXT: }

;--- builtin.ll
target triple = "x86_64-unknown-linux-gnu"

; 1-D, 48 work-items in groups of 16.
define spir_kernel void @grouped(ptr %out) {
  %gid0 = call i64 @_Z13get_global_idj(i32 0)
  %p0 = getelementptr i64, ptr %out, i64 0
  store i64 %gid0, ptr %p0
  %lid0 = call i64 @_Z12get_local_idj(i32 0)
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %lid0, ptr %p1
  %grp0 = call i64 @_Z12get_group_idj(i32 0)
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %grp0, ptr %p2
  %gsz0 = call i64 @_Z15get_global_sizej(i32 0)
  %p3 = getelementptr i64, ptr %out, i64 3
  store i64 %gsz0, ptr %p3
  %lsz0 = call i64 @_Z14get_local_sizej(i32 0)
  %p4 = getelementptr i64, ptr %out, i64 4
  store i64 %lsz0, ptr %p4
  %ngr0 = call i64 @_Z14get_num_groupsj(i32 0)
  %p5 = getelementptr i64, ptr %out, i64 5
  store i64 %ngr0, ptr %p5
  %dim = call i32 @_Z12get_work_dimv()
  %dim.wide = zext i32 %dim to i64
  %p6 = getelementptr i64, ptr %out, i64 6
  store i64 %dim.wide, ptr %p6
  ret void
}

; 2-D, 4 x 3, no local size.
define spir_kernel void @grid2d(ptr %out) {
  %gid0 = call i64 @_Z13get_global_idj(i32 0)
  %p0 = getelementptr i64, ptr %out, i64 0
  store i64 %gid0, ptr %p0
  %gid1 = call i64 @_Z13get_global_idj(i32 1)
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %gid1, ptr %p1
  %gid2 = call i64 @_Z13get_global_idj(i32 2)
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %gid2, ptr %p2
  %gsz0 = call i64 @_Z15get_global_sizej(i32 0)
  %p3 = getelementptr i64, ptr %out, i64 3
  store i64 %gsz0, ptr %p3
  %gsz1 = call i64 @_Z15get_global_sizej(i32 1)
  %p4 = getelementptr i64, ptr %out, i64 4
  store i64 %gsz1, ptr %p4
  %gsz2 = call i64 @_Z15get_global_sizej(i32 2)
  %p5 = getelementptr i64, ptr %out, i64 5
  store i64 %gsz2, ptr %p5
  %lsz0 = call i64 @_Z14get_local_sizej(i32 0)
  %p6 = getelementptr i64, ptr %out, i64 6
  store i64 %lsz0, ptr %p6
  %lid0 = call i64 @_Z12get_local_idj(i32 0)
  %p7 = getelementptr i64, ptr %out, i64 7
  store i64 %lid0, ptr %p7
  %grp0 = call i64 @_Z12get_group_idj(i32 0)
  %p8 = getelementptr i64, ptr %out, i64 8
  store i64 %grp0, ptr %p8
  %dim = call i32 @_Z12get_work_dimv()
  %dim.wide = zext i32 %dim to i64
  %p9 = getelementptr i64, ptr %out, i64 9
  store i64 %dim.wide, ptr %p9
  ret void
}

; 3-D, 2 x 2 x 3, no local size.
define spir_kernel void @grid3d(ptr %out) {
  %gid0 = call i64 @_Z13get_global_idj(i32 0)
  %p0 = getelementptr i64, ptr %out, i64 0
  store i64 %gid0, ptr %p0
  %gid1 = call i64 @_Z13get_global_idj(i32 1)
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %gid1, ptr %p1
  %gid2 = call i64 @_Z13get_global_idj(i32 2)
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %gid2, ptr %p2
  %gsz2 = call i64 @_Z15get_global_sizej(i32 2)
  %p3 = getelementptr i64, ptr %out, i64 3
  store i64 %gsz2, ptr %p3
  ret void
}

; 2-D, 8 x 4, no local size.
define spir_kernel void @wide2d(ptr %out) {
  %gid0 = call i64 @_Z13get_global_idj(i32 0)
  %p0 = getelementptr i64, ptr %out, i64 0
  store i64 %gid0, ptr %p0
  %gid1 = call i64 @_Z13get_global_idj(i32 1)
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %gid1, ptr %p1
  %gsz0 = call i64 @_Z15get_global_sizej(i32 0)
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %gsz0, ptr %p2
  %gsz1 = call i64 @_Z15get_global_sizej(i32 1)
  %p3 = getelementptr i64, ptr %out, i64 3
  store i64 %gsz1, ptr %p3
  ret void
}

; 2-D, 8 x 2: a prefix of wide2d's grid.
define spir_kernel void @short2d(ptr %out) {
  %gid0 = call i64 @_Z13get_global_idj(i32 0)
  %p0 = getelementptr i64, ptr %out, i64 0
  store i64 %gid0, ptr %p0
  %gid1 = call i64 @_Z13get_global_idj(i32 1)
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %gid1, ptr %p1
  %gsz1 = call i64 @_Z15get_global_sizej(i32 1)
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %gsz1, ptr %p2
  %ngr1 = call i64 @_Z14get_num_groupsj(i32 1)
  %p3 = getelementptr i64, ptr %out, i64 3
  store i64 %ngr1, ptr %p3
  ret void
}

; 1-D with an offset.
define spir_kernel void @offset1d(ptr %out) {
  %gid0 = call i64 @_Z13get_global_idj(i32 0)
  %p0 = getelementptr i64, ptr %out, i64 0
  store i64 %gid0, ptr %p0
  %off0 = call i64 @_Z17get_global_offsetj(i32 0)
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %off0, ptr %p1
  %gsz0 = call i64 @_Z15get_global_sizej(i32 0)
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %gsz0, ptr %p2
  ret void
}

; Listed twice with one nd-range.
define spir_kernel void @homogeneous(ptr %out) {
  %gid0 = call i64 @_Z13get_global_idj(i32 0)
  %p0 = getelementptr i64, ptr %out, i64 0
  store i64 %gid0, ptr %p0
  %gsz0 = call i64 @_Z15get_global_sizej(i32 0)
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %gsz0, ptr %p1
  %lsz0 = call i64 @_Z14get_local_sizej(i32 0)
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %lsz0, ptr %p2
  ret void
}

declare i64 @_Z13get_global_idj(i32)
declare i64 @_Z12get_local_idj(i32)
declare i64 @_Z12get_group_idj(i32)
declare i64 @_Z15get_global_sizej(i32)
declare i64 @_Z14get_local_sizej(i32)
declare i64 @_Z14get_num_groupsj(i32)
declare i64 @_Z17get_global_offsetj(i32)
declare i32 @_Z12get_work_dimv()
declare void @_Z7barrierj(i32)

; Synchronizes its work-group; launched on a prefix of the fused grid that
; ends on a work-group boundary (32 of 64 work-items, groups of 8), so the
; work-groups that skip it skip it entirely.
define spir_kernel void @synced(ptr %out) {
  %gid = call i64 @_Z13get_global_idj(i32 0)
  %p = getelementptr i64, ptr %out, i64 %gid
  store i64 1, ptr %p
  call void @_Z7barrierj(i32 1)
  ret void
}

; Different dimensions: grid2d and grid3d get their global ids recomputed.
declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused_dims()
; Same dimensions, different width: wide2d keeps its ids, grid2d is remapped,
; short2d keeps its ids (its grid is a prefix) and is guarded.
declare !asyncpipe.fusion.kernels !2 !asyncpipe.fusion.ndranges !3 void @fused_width()
; Offsets: the same for both, so ids are kept; offset and size queries
; become the kernel's own; the linear id discounts the offset.
declare !asyncpipe.fusion.kernels !4 !asyncpipe.fusion.ndranges !5 void @fused_offset()
; One nd-range for every kernel: nothing is remapped or guarded.
declare !asyncpipe.fusion.kernels !6 !asyncpipe.fusion.ndranges !7 void @fused_same()
; A guarded kernel with a barrier.
declare !asyncpipe.fusion.kernels !8 !asyncpipe.fusion.ndranges !9 void @fused_synced()

!0 = !{!"grouped", !"grid2d", !"grid3d"}
!1 = !{!{i32 1, !{i64 48, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 2, !{i64 4, i64 3, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 3, !{i64 2, i64 2, i64 3}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}
!2 = !{!"wide2d", !"grid2d", !"short2d"}
!3 = !{!{i32 2, !{i64 8, i64 4, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 2, !{i64 4, i64 3, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 2, !{i64 8, i64 2, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}
!4 = !{!"offset1d", !"offset1d"}
!5 = !{!{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 4, i64 0, i64 0}}, !{i32 1, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 4, i64 0, i64 0}}}
!6 = !{!"homogeneous", !"homogeneous"}
!7 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}
!8 = !{!"homogeneous", !"synced"}
!9 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 8, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

;--- amdgpu.ll
target triple = "amdgcn-amd-amdhsa"

; 1-D, 64 work-items in groups of 16: sizes become constants.
define amdgpu_kernel void @grouped(ptr addrspace(1) %out) {
  %dispatch = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %implicitarg = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %lidx = call i32 @llvm.amdgcn.workitem.id.x()
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 0
  store i32 %lidx, ptr addrspace(1) %p0
  %grpx = call i32 @llvm.amdgcn.workgroup.id.x()
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %grpx, ptr addrspace(1) %p1
  %lszx.addr = getelementptr i8, ptr addrspace(4) %dispatch, i64 4
  %lszx.raw = load i16, ptr addrspace(4) %lszx.addr
  %lszx.ext = zext i16 %lszx.raw to i32
  %lszx = add i32 %lszx.ext, 0
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %lszx, ptr addrspace(1) %p2
  %ngrx.addr = getelementptr i8, ptr addrspace(4) %implicitarg, i64 0
  %ngrx.raw = load i32, ptr addrspace(4) %ngrx.addr
  %ngrx = add i32 %ngrx.raw, 0
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %ngrx, ptr addrspace(1) %p3
  %gszx.addr = getelementptr i8, ptr addrspace(4) %dispatch, i64 12
  %gszx.raw = load i32, ptr addrspace(4) %gszx.addr
  %gszx = add i32 %gszx.raw, 0
  %p4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %gszx, ptr addrspace(1) %p4
  %lsz5x.addr = getelementptr i8, ptr addrspace(4) %implicitarg, i64 12
  %lsz5x.raw = load i16, ptr addrspace(4) %lsz5x.addr
  %lsz5x.ext = zext i16 %lsz5x.raw to i32
  %lsz5x = add i32 %lsz5x.ext, 0
  %p5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %lsz5x, ptr addrspace(1) %p5
  ret void
}

; 2-D, 8 x 4, no local size: runs as one work-group spanning its grid.
define amdgpu_kernel void @grid2d(ptr addrspace(1) %out) {
  %dispatch = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %implicitarg = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %lidx = call i32 @llvm.amdgcn.workitem.id.x()
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 0
  store i32 %lidx, ptr addrspace(1) %p0
  %lidy = call i32 @llvm.amdgcn.workitem.id.y()
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %lidy, ptr addrspace(1) %p1
  %grpx = call i32 @llvm.amdgcn.workgroup.id.x()
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %grpx, ptr addrspace(1) %p2
  %grpy = call i32 @llvm.amdgcn.workgroup.id.y()
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %grpy, ptr addrspace(1) %p3
  %lszx.addr = getelementptr i8, ptr addrspace(4) %dispatch, i64 4
  %lszx.raw = load i16, ptr addrspace(4) %lszx.addr
  %lszx.ext = zext i16 %lszx.raw to i32
  %lszx = add i32 %lszx.ext, 0
  %p4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %lszx, ptr addrspace(1) %p4
  %lszy.addr = getelementptr i8, ptr addrspace(4) %dispatch, i64 6
  %lszy.raw = load i16, ptr addrspace(4) %lszy.addr
  %lszy.ext = zext i16 %lszy.raw to i32
  %lszy = add i32 %lszy.ext, 0
  %p5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %lszy, ptr addrspace(1) %p5
  %ngry.addr = getelementptr i8, ptr addrspace(4) %implicitarg, i64 4
  %ngry.raw = load i32, ptr addrspace(4) %ngry.addr
  %ngry = add i32 %ngry.raw, 0
  %p6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %ngry, ptr addrspace(1) %p6
  %gszy.addr = getelementptr i8, ptr addrspace(4) %dispatch, i64 16
  %gszy.raw = load i32, ptr addrspace(4) %gszy.addr
  %gszy = add i32 %gszy.raw, 0
  %p7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %gszy, ptr addrspace(1) %p7
  ret void
}

; 1-D, 32 work-items, no local size: ids kept, guarded.
define amdgpu_kernel void @small(ptr addrspace(1) %out) {
  %dispatch = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %implicitarg = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %lidx = call i32 @llvm.amdgcn.workitem.id.x()
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 0
  store i32 %lidx, ptr addrspace(1) %p0
  %grpx = call i32 @llvm.amdgcn.workgroup.id.x()
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %grpx, ptr addrspace(1) %p1
  %lszx.addr = getelementptr i8, ptr addrspace(4) %dispatch, i64 4
  %lszx.raw = load i16, ptr addrspace(4) %lszx.addr
  %lszx.ext = zext i16 %lszx.raw to i32
  %lszx = add i32 %lszx.ext, 0
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %lszx, ptr addrspace(1) %p2
  %ngrx.addr = getelementptr i8, ptr addrspace(4) %implicitarg, i64 0
  %ngrx.raw = load i32, ptr addrspace(4) %ngrx.addr
  %ngrx = add i32 %ngrx.raw, 0
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %ngrx, ptr addrspace(1) %p3
  %gszx.addr = getelementptr i8, ptr addrspace(4) %dispatch, i64 12
  %gszx.raw = load i32, ptr addrspace(4) %gszx.addr
  %gszx = add i32 %gszx.raw, 0
  %p4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %gszx, ptr addrspace(1) %p4
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"grouped", !"grid2d", !"small"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 2, !{i64 8, i64 4, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

;--- nvptx.ll
target triple = "nvptx64-nvidia-cuda"

; 1-D, 64 work-items in groups of 16: sizes become constants.
define ptx_kernel void @grouped(ptr addrspace(1) %out) {
  %lidx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 0
  store i32 %lidx, ptr addrspace(1) %p0
  %grpx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %grpx, ptr addrspace(1) %p1
  %lszx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %lszx, ptr addrspace(1) %p2
  %ngrx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %ngrx, ptr addrspace(1) %p3
  ret void
}

; 2-D, 8 x 4, no local size: runs as one work-group spanning its grid.
define ptx_kernel void @grid2d(ptr addrspace(1) %out) {
  %lidx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 0
  store i32 %lidx, ptr addrspace(1) %p0
  %lidy = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %lidy, ptr addrspace(1) %p1
  %grpx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %grpx, ptr addrspace(1) %p2
  %grpy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %grpy, ptr addrspace(1) %p3
  %lszx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %p4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %lszx, ptr addrspace(1) %p4
  %lszy = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %p5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %lszy, ptr addrspace(1) %p5
  %ngry = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  %p6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %ngry, ptr addrspace(1) %p6
  ret void
}

; 1-D, 32 work-items, no local size: ids kept, guarded.
define ptx_kernel void @small(ptr addrspace(1) %out) {
  %lidx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 0
  store i32 %lidx, ptr addrspace(1) %p0
  %grpx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %grpx, ptr addrspace(1) %p1
  %lszx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %lszx, ptr addrspace(1) %p2
  %ngrx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %ngrx, ptr addrspace(1) %p3
  ret void
}

declare !asyncpipe.fusion.kernels !0 !asyncpipe.fusion.ndranges !1 void @fused()

!0 = !{!"grouped", !"grid2d", !"small"}
!1 = !{!{i32 1, !{i64 64, i64 0, i64 0}, !{i64 16, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 2, !{i64 8, i64 4, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}, !{i32 1, !{i64 32, i64 0, i64 0}, !{i64 0, i64 0, i64 0}, !{i64 0, i64 0, i64 0}}}

