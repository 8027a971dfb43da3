# CMake generated Testfile for 
# Source directory: /work/wt-src/llvm/test
# Build directory: /work/wt-src/build2/llvm/test
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[asyncpipe-lit]=] "/usr/lib/llvm-22/bin/lit" "-sv" "/work/wt-src/build2/llvm/test" "/work/wt-src/build2/clang/test")
set_tests_properties([=[asyncpipe-lit]=] PROPERTIES  _BACKTRACE_TRIPLES "/work/wt-src/llvm/test/CMakeLists.txt;23;add_test;/work/wt-src/llvm/test/CMakeLists.txt;0;")
