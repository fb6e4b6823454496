"""PyTorch convolution arguments as ck problems (ck_mlir.conv_args), and
the names of their bundles: what ck_mlir.torch checks before any GPU
work, testable without PyTorch."""

import pytest

from ck_mlir import bundles
from ck_mlir.conv_args import ConvArgs


def test_a_grouped_strided_conv2d_states_its_three_problems():
    # x (8, 32, 15, 16), w (64, 8, 3, 3), groups 4: C = 8 and K = 16 per
    # group; stride 2, pad 1: Ho = (15 + 2 - 3) // 2 + 1 = 8, Wo = 8.
    a = ConvArgs((8, 32, 15, 16), (64, 8, 3, 3), "float16", stride=2,
                 padding=1, groups=4)
    assert a.out_size == (8, 8) and a.y_shape == (8, 64, 8, 8)
    common = ("-G=4 -N=8 -C=8 -K=16 --in=15,16 --filter=3,3 --stride=2,2 "
              "--dilation=1,1 --pad-left=1,1 --pad-right=1,1")
    assert a.flags("fwd") == "--direction=fwd --type=f16 " + common
    assert a.flags("bwd_weight") == "--direction=bwd_weight --type=f16 " + common


def test_same_padding_of_an_even_window_pads_the_end_more():
    # Window 4 with dilation 1: 3 pads in all, 1 before and 2 after, as
    # PyTorch pads; the output keeps the input's size.
    a = ConvArgs((1, 4, 9), (4, 4, 4), "float32", padding="same")
    assert (a.pad_left, a.pad_right, a.out_size) == ((1,), (2,), (9,))
    a = ConvArgs((1, 4, 9, 9, 9), (4, 4, 3, 3, 3), "bfloat16", padding="valid")
    assert a.out_size == (7, 7, 7) and "--type=bf16" in a.flags("fwd")


@pytest.mark.parametrize("x, w, kwargs, message", [
    ((1, 4, 8, 8, 8, 8), (4, 4, 3, 3, 3, 3), {}, "1, 2 or 3 spatial"),
    ((1, 4, 8, 8), (4, 4, 3), {}, "1, 2 or 3 spatial"),
    ((1, 6, 8, 8), (4, 4, 3, 3), {"groups": 2}, "groups"),
    ((1, 8, 8, 8), (6, 2, 3, 3), {"groups": 4}, "multiple of groups"),
    ((1, 4, 2, 2), (4, 4, 3, 3), {}, "output would be empty"),
    ((1, 4, 8, 8), (4, 4, 3, 3), {"stride": 2, "padding": "same"}, "unit strides"),
    ((1, 4, 8, 8), (4, 4, 3, 3), {"stride": (1, 2, 3)}, "stride must be"),
    ((1, 4, 8, 8), (4, 4, 3, 3), {"dilation": 0}, "dilations must be >= 1"),
    ((1, 4, 8, 8), (4, 4, 3, 3), {"padding": -1}, "padding must be >= 0"),
])
def test_unsupported_arguments_say_why(x, w, kwargs, message):
    with pytest.raises(ValueError, match=message):
        ConvArgs(x, w, "float16", **kwargs)


def test_only_float_types():
    with pytest.raises(ValueError, match="float16, bfloat16 or float32"):
        ConvArgs((1, 4, 8, 8), (4, 4, 3, 3), "float64")


def test_bundles_are_named_by_their_flags(monkeypatch, tmp_path):
    a = ConvArgs((1, 4, 8, 8), (4, 4, 3, 3), "float16", padding=1)
    name = bundles.bundle_name
    assert name(a.flags("fwd"), "sm_90a") == name(a.flags("fwd"), "sm_90a")
    assert name(a.flags("fwd"), "sm_90a") != name(a.flags("bwd_data"), "sm_90a")
    assert name(a.flags("fwd"), "sm_90a") != name(a.flags("fwd"), "sm_80")
    monkeypatch.setenv("CK_MLIR_BUNDLES", str(tmp_path))
    assert bundles.bundle_path(a.flags("fwd"), "sm_90a").startswith(str(tmp_path))


def test_compile_bundles_compiles_each_problem_once(monkeypatch, tmp_path):
    monkeypatch.setenv("CK_MLIR_CACHE_DIR", "")
    a = ConvArgs((1, 8, 6, 6), (8, 8, 3, 3), "float16", padding=1)
    flags = [a.flags("fwd"), a.flags("bwd_weight")]
    made = bundles.compile_bundles(flags, "gfx942", str(tmp_path))
    for bundle in made:
        assert (tmp_path / bundle / "plan.ckplan").exists()
    # Compiled aside and renamed into place: nothing half written is left.
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".compiling")]
    plan = (tmp_path / made[0] / "plan.ckplan")
    before = plan.stat().st_mtime_ns
    assert bundles.compile_bundles(flags, "gfx942", str(tmp_path)) == made
    assert plan.stat().st_mtime_ns == before
