# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "CK"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ck_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
# Tests compile afresh: an empty CK_MLIR_CACHE_DIR turns the bundle cache
# off (the cache's own tests name theirs with --cache-dir).
config.environment["CK_MLIR_CACHE_DIR"] = ""

tool_dirs = [config.ck_tools_dir, config.llvm_tools_dir]
tools = ["ck-opt", "ck-compile", "ck-bench", "ckrt-info", "ck-capi-test"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# ck as a plugin of Debian's mlir-opt (tools/ck-plugin).
llvm_config.add_tool_substitutions(["mlir-opt"], [config.llvm_tools_dir])
config.substitutions.append(
    ("%ck_plugin", os.path.join(config.ck_obj_root, "lib", "CKPlugin.so")))

# The version project() declares, for the --version tests.
config.substitutions.append(("%ck_mlir_version", config.ck_mlir_version))
# ckrt's SONAME: libckrt.so.MAJOR.MINOR of that version.
config.substitutions.append(
    ("%ckrt_soname",
     "libckrt.so." + ".".join(config.ck_mlir_version.split(".")[:2])))
config.substitutions.append(
    ("%ck_lib_dir", os.path.join(config.ck_obj_root, "lib")))
config.substitutions.append(("%ck_tools_dir", config.ck_tools_dir))

# ptxas turns PTX into cubins (format=bin of the NVIDIA pipeline, ck-compile
# for sm_*); tests that need it say `REQUIRES: ptxas`.
if os.path.exists("/usr/local/cuda/bin/ptxas"):
    config.available_features.add("ptxas")
