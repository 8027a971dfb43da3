# -*- Python -*-
# lit configuration of the AsyncPipe LLVM tests (llvm/test).

import os

config.name = "AsyncPipe"
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.asyncpipe_obj_root, "llvm", "test")
lit_config.load_config(
    config, os.path.join(config.asyncpipe_src_root, "utils", "lit", "asyncpipe_common.cfg.py"))

# MLIR modules translated to LLVM IR with %mlir-translate (llvm/test/Examples).
config.suffixes = set(config.suffixes) | {".mlir"}

# The build directory, for utils/asyncpipe_update_checks.py --build-dir.
config.substitutions.append(("%asyncpipe_obj", config.asyncpipe_obj_root))
