# -*- Python -*-
# lit configuration of the AsyncPipe Clang tests (clang/test).

import os

config.name = "AsyncPipe-Clang"
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.asyncpipe_obj_root, "clang", "test")
lit_config.load_config(
    config, os.path.join(config.asyncpipe_src_root, "utils", "lit", "asyncpipe_common.cfg.py"))
config.substitutions.append(("%asyncpipe_obj", config.asyncpipe_obj_root))
