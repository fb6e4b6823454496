"""bench/timing_rounds.py: the rounds' order and the merged times, on
hand-made rounds whose expected values are worked out below."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from timing_rounds import merge_rounds, round_order  # noqa: E402


def timed(name, us, low, high):
    return {f"{name}_us": us, f"{name}_q1_us": us - 0.5,
            f"{name}_q3_us": us + 0.5, f"{name}_min_us": low,
            f"{name}_max_us": high, f"{name}_launches": 100,
            f"{name}_method": "graph", f"{name}_tflops": 1.0}


def test_every_other_round_is_reversed():
    assert round_order([1, 2, 3], 0) == [1, 2, 3]
    assert round_order([1, 2, 3], 1) == [3, 2, 1]
    assert round_order([1, 2, 3], 2) == [1, 2, 3]


def test_median_of_the_rounds_medians():
    rounds = []
    for ck, cudnn in [(10.0, 20.0), (16.0, 19.0), (11.0, 30.0)]:
        r = {"flops": 2e6, "bytes": 1e6}
        r.update(timed("ck", ck, ck - 1, ck + 1))
        r.update(timed("cudnn", cudnn, cudnn - 2, cudnn + 2))
        rounds.append(r)
    result = merge_rounds({"key": "k", "pass": True}, rounds)
    # Medians 10, 16, 11 -> 11 (their mean would be 12.33); quartiles of
    # [10, 11, 16] (exclusive method): 10 and 16; extremes over the rounds'
    # replays: 9 and 17.
    assert result["ck_us"] == 11.0
    assert result["ck_rounds_us"] == [10.0, 16.0, 11.0]
    assert (result["ck_q1_us"], result["ck_q3_us"]) == (10.0, 16.0)
    assert (result["ck_min_us"], result["ck_max_us"]) == (9.0, 17.0)
    # 2e6 flops in 11 us: 0.1818... TFLOP/s, not a round's 1.0.
    assert abs(result["ck_tflops"] - 2e6 / 11e-6 / 1e12) < 1e-12
    assert result["cudnn_us"] == 20.0
    assert (result["cudnn_min_us"], result["cudnn_max_us"]) == (17.0, 32.0)
    # Fields that are not times come from the first round.
    assert result["ck_launches"] == 100 and result["flops"] == 2e6
    assert result["key"] == "k" and result["pass"]


def test_one_round_and_no_cudnn():
    r = {"flops": 1e6}
    r.update(timed("ck", 5.0, 4.0, 6.0))
    result = merge_rounds({}, [r])
    assert result["ck_us"] == 5.0
    assert (result["ck_q1_us"], result["ck_q3_us"]) == (5.0, 5.0)
    assert "cudnn_us" not in result
