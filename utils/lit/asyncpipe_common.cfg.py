# -*- Python -*-
# Settings shared by the AsyncPipe lit suites (llvm/test and clang/test).
# Loaded from each suite's lit.cfg.py with lit_config.load_config(); the
# suite's generated lit.site.cfg.py has already set the config.* paths.

import glob
import os
import shutil

import lit.formats
import lit.util

config.test_format = lit.formats.ShTest(not lit.util.which("bash"))
config.suffixes = [".ll", ".mir", ".c", ".cl", ".cu", ".hip", ".cpp", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

# The stock LLVM 22 tools come first on PATH, so that a plain `opt`, `llc`,
# `clang`, `FileCheck` in a RUN line is LLVM 22's, never another installed
# version's.
path = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["PATH"] = path
for var in ["HOME", "TMPDIR", "CUDA_PATH", "ASYNCPIPE_TEST_VERBOSE"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

tools = config.llvm_tools_dir
plugin = config.asyncpipe_plugin

# The stock tools with the plugin loaded, one substitution per loading path.
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%opt", f"{tools}/opt -load-pass-plugin={plugin}"))
config.substitutions.append(("%llc", f"{tools}/llc -load={plugin}"))
config.substitutions.append(("%clang", f"{tools}/clang -fpass-plugin={plugin}"))
# MLIR's translator (Debian package mlir-22-tools), for the tests that start
# from an .mlir file as a compiler built on MLIR would. utils/setup.sh
# installs it like opt and llc, so those tests require it: without it they
# fail, and lit says why up front rather than leaving only "not found".
mlir_translate = os.path.join(tools, "mlir-translate")
config.substitutions.append(("%mlir-translate", mlir_translate))
if not os.path.isfile(mlir_translate):
    lit_config.warning(
        f"{mlir_translate} is missing: the .mlir tests will fail; install "
        "Debian's mlir-22-tools (utils/setup.sh does)")
config.substitutions.append(("%asyncpipe_include", config.asyncpipe_include_dir))
config.substitutions.append(("%asyncpipe_src", config.asyncpipe_src_root))
config.substitutions.append(("%python", config.python_executable))
# Programs per target in the random batch (llvm/test/Random); utils/check.sh
# runs a smaller slice with its second compiler.
config.substitutions.append(
    ("%randir_count", lit_config.params.get("randir_count", "300")))

# AsyncPipe's own command-line tools.
config.substitutions.append(("%asyncpipe-fuse", os.path.join(config.asyncpipe_tools_bin_dir, "asyncpipe-fuse")))
config.substitutions.append(("%asyncpipe-run-kernels", os.path.join(config.asyncpipe_tools_bin_dir, "asyncpipe-run-kernels")))
# The host work-group runner: compile a host program with %asyncpipe_workgroup
# to get its header and library.
config.substitutions.append(("%asyncpipe_workgroup", "-I{} {} -lpthread".format(
    config.asyncpipe_runtime_include,
    os.path.join(config.asyncpipe_obj_root, "lib", "libasyncpipe_workgroup.a"))))
config.substitutions.append(("%asyncpipe_unittests", config.asyncpipe_unittests_dir))

# The host runtime (runtime/): tests that build and run host programs compile
# with -I%asyncpipe_rt_include and link %asyncpipe_rt_lib (a static C++
# library, hence the C++ and thread libraries after it).
config.substitutions.append(("%asyncpipe_rt_include", config.asyncpipe_runtime_include))
config.substitutions.append(("%asyncpipe_rt_lib", f"{config.asyncpipe_runtime_lib} -lstdc++ -lpthread"))

# Without a CUDA installation clang 22 emits PTX ISA 4.2 for NVPTX, which
# LLVM's own backend rejects for sm_80 with a fatal error before any plugin
# pass runs. Tests that compile for NVPTX with clang pin the PTX version that
# CUDA 13 would give, so they behave the same with the toolkit and without.
config.substitutions.append(("%nvptx_ptx", "-Xclang -target-feature -Xclang +ptx88"))

# Registered LLVM targets.
for target in config.llvm_targets_to_build.replace(";", " ").split():
    config.available_features.add(target.lower() + "-registered-target")

# ptxas (CUDA toolkit): tests that assemble PTX need it and are UNSUPPORTED
# without it.
cuda_bin = os.path.join(config.cuda_root, "bin")
ptxas = shutil.which("ptxas", path=os.pathsep.join([path, cuda_bin]))
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
    config.environment["PATH"] = os.pathsep.join([config.environment["PATH"], os.path.dirname(ptxas)])

# A CUDA installation clang can use for `-x cuda` with the CUDA headers.
if os.path.isfile(os.path.join(config.cuda_root, "include", "cuda_runtime.h")):
    config.available_features.add("cuda-sdk")
    config.substitutions.append(("%cuda_path", config.cuda_root))

# libclc (Debian package libclc-22): OpenCL C work-item functions and barrier
# for AMDGPU, as README's first example links them.
libclc_amdgcn = "/usr/lib/clc/amdgcn-amd-amdhsa.bc"
if os.path.isfile(libclc_amdgcn):
    config.available_features.add("libclc")
    config.substitutions.append(("%libclc_amdgcn", libclc_amdgcn))

# ROCm (Debian packages libamdhip64-dev and rocm-device-libs): host+device
# HIP programs through utils/asyncpipe-hipcc. UNSUPPORTED without them.
rocm_device_libs = glob.glob("/usr/lib/*/amdgcn/bitcode/ockl.bc")
if os.path.isfile("/usr/include/hip/hip_runtime.h") and rocm_device_libs:
    config.available_features.add("rocm")
    config.substitutions.append(
        ("%rocm_device_libs", os.path.dirname(rocm_device_libs[0])))

# dpkg: a test checks that every tool the tests call comes from a Debian
# package utils/setup.sh installs.
if shutil.which("dpkg"):
    config.available_features.add("dpkg")

# pyflakes3 (Debian package pyflakes3): a test lints the Python scripts with
# it, and is UNSUPPORTED without it.
if shutil.which("pyflakes3", path=path):
    config.available_features.add("pyflakes")
