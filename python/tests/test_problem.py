import os
import re

import pytest

from ck_mlir import CkOptError, CompilerError, ConvProblem, read_problems, run_ck_opt
from ck_mlir._capi import parse_problems

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "bench", "data",
                    "retinanet_bwd_weight.csv")
RETINANET_HEADER = "G,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,pad_w,dil_h,dil_w,layers\n"


def gemm_shapes(ir):
    return re.findall(r"ck\.gemm .* : !ck\.view<(\d+)x(\d+)x(\d+)x\w+>, "
                      r"!ck\.view<(\d+)x(\d+)x(\d+)x\w+>", ir)


def test_output_size_follows_the_conv_formula():
    p = ConvProblem(G=1, N=2, C=3, K=4, input_size=(7, 8), filter_size=(3, 2),
                    stride=(2, 3), dilation=(1, 2), pad_left=(1, 0),
                    pad_right=(0, 2))
    # (7+1+0-1*(3-1)-1)//2+1 = 3, (8+0+2-2*(2-1)-1)//3+1 = 3
    assert p.output_size == (3, 3)


def test_bad_problems_are_refused_with_a_reason():
    # The compiler's parser checks problems and tables, and says why.
    with pytest.raises(ValueError, match="invalid problem: .*empty"):
        ConvProblem(G=1, N=1, C=1, K=1, input_size=(2,), filter_size=(5,))
    with pytest.raises(ValueError, match="direction"):
        ConvProblem(G=1, N=1, C=1, K=1, input_size=(2,), filter_size=(1,),
                    direction="sideways")
    with pytest.raises(ValueError, match=r"\.csv:2: expected 15 comma-separated fields, got 3"):
        read_problems([RETINANET_HEADER, "1,16,256\n"])


def test_python_and_the_tools_read_tables_alike():
    # A table without a header row: ck-compile reads it, and so does
    # Python now, through the same parser.
    rows = ["32,16,16,16,50,50,3,3,2,2,1,1,1,1\n"]
    (p,) = read_problems(rows, direction="fwd", dtype="bf16")
    assert (p.G, p.N, p.C, p.K, p.direction, p.dtype) == (32, 16, 16, 16, "fwd", "bf16")
    assert p.key == "fwd-bf16-G32-N16-C16-K16-in50x50-f3x3-s2x2-d1x1-pl1x1-pr1x1-NHWGC_GKYXC_NHWGK"
    (again,) = parse_problems(p.flags.split())
    assert again["key"] == p.key


def test_problem_table_rows_become_problems():
    rows = [RETINANET_HEADER, "# comment\n", "32,16,16,16,50,50,3,3,2,2,1,1,1,1,2\n"]
    (p,) = read_problems(rows)
    assert (p.G, p.N, p.C, p.K) == (32, 16, 16, 16)
    assert p.stride == (2, 2) and p.pad_left == (1, 1) and p.output_size == (25, 25)


def test_retinanet_table_has_37_shapes():
    assert len(read_problems(DATA)) == 37


@pytest.mark.parametrize("direction", ["fwd", "bwd_weight"])
def test_ck_opt_lowers_the_problem_to_the_expected_gemm(direction):
    p = ConvProblem(G=2, N=3, C=5, K=7, input_size=(9, 6), filter_size=(3, 3),
                    stride=(2, 1), pad_left=(1, 1), pad_right=(1, 1),
                    direction=direction)
    # One GEMM batch per group, as gemm_sizes() describes it (by default
    # backward-weight takes both groups into one GEMM: merge-groups).
    ir = run_ck_opt(p.to_mlir(), ["-ck-conv-to-gemm=merge-groups=1"])
    (shape,) = gemm_shapes(ir)
    m, n, k = p.gemm_sizes()
    # a is G x M x K and b is G x K x N.
    assert tuple(int(s) for s in shape) == (2, m, k, 2, k, n)


def test_ck_opt_diagnostics_reach_python():
    bad = ConvProblem(G=1, N=1, C=1, K=1, input_size=(4,), filter_size=(1,)).to_mlir()
    bad = bad.replace("strides [1]", "strides [0]")
    with pytest.raises(CkOptError, match="strides must be >= 1"):
        run_ck_opt(bad)


def test_a_problem_compiles_into_a_bundle_through_the_c_api(tmp_path, monkeypatch):
    monkeypatch.setenv("CK_MLIR_CACHE_DIR", "")
    p = ConvProblem(G=1, N=2, C=8, K=8, input_size=(6, 6), filter_size=(3, 3),
                    pad_left=(1, 1), pad_right=(1, 1), direction="fwd")
    p.compile("gfx942", str(tmp_path / "bundle"))
    plan = (tmp_path / "bundle" / "plan.ckplan").read_text()
    assert f"meta key {p.key}" in plan
    with pytest.raises(CompilerError, match="unknown chip 'gfx000'"):
        p.compile("gfx000", str(tmp_path / "other"))
