# CMake generated Testfile for 
# Source directory: /work/wt-src
# Build directory: /work/wt-src/build2
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
subdirs("llvm/lib/Support/AsyncPipe")
subdirs("llvm/lib/Analysis/AsyncPipe")
subdirs("llvm/lib/Transforms/Utils/AsyncPipe")
subdirs("llvm/lib/Transforms/AsyncPipe")
subdirs("llvm/lib/Transforms/KernelFusion")
subdirs("llvm/lib/Target/AMDGPU")
subdirs("llvm/lib/Target/NVPTX")
subdirs("llvm/lib/Target/Host")
subdirs("llvm/lib/Target/SPIRV")
subdirs("llvm/lib/Passes/AsyncPipe")
subdirs("tools/asyncpipe-fuse")
subdirs("unittests")
subdirs("clang/include")
subdirs("llvm/cmake/modules")
subdirs("runtime")
subdirs("tools/asyncpipe-run-kernels")
subdirs("llvm/test")
