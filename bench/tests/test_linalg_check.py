"""The cases of bench/linalg_check.py import into ck ops (no GPU needed)."""

import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import linalg_check  # noqa: E402

CK_OPT = os.environ.get("CK_OPT", "ck-opt")


@pytest.mark.parametrize("case", linalg_check._cases(), ids=lambda c: c.name)
def test_case_imports_into_one_ck_op(case, tmp_path):
    source = tmp_path / "linalg.mlir"
    source.write_text(case.mlir())
    done = subprocess.run([CK_OPT, str(source), "-ck-import-linalg"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    ck_ops = [line for line in done.stdout.splitlines()
              if "ck.conv_fwd" in line or "ck.gemm" in line]
    assert len(ck_ops) == 1
    assert "linalg." not in done.stdout
    # An op that adds to its output keeps it as its D tensor; one after a
    # zero fill overwrites it.
    assert ("adds(" in ck_ops[0]) == case.accumulate
