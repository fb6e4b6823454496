"""Timing rounds (bench/device_check.py --rounds): the order a round visits
the bundles in and one bundle's time over its rounds. Free of torch, so
that it is tested without a GPU (bench/tests/test_timing_rounds.py)."""

import statistics


def round_order(items, n):
    """`items` in the order round `n` (from 0) times them: every other round
    reversed, so that a drift of the clocks over a round falls on both ends
    alike."""
    return list(items) if n % 2 == 0 else list(reversed(items))


def merge_rounds(result, rounds):
    """`result` with the timing fields of `rounds` (one dict per round, as
    bench/gputime.py's measure gives them under `ck_` and `cudnn_`, in the
    order run): each time the median of the rounds' medians, quartiles of
    those medians, extremes over every replay of every round, the medians
    themselves as `<name>_rounds_us`, and TFLOP/s from the median."""
    result.update({k: v for k, v in rounds[0].items()
                   if not k.endswith("_us") and not k.endswith("_tflops")})
    for name in ("ck", "cudnn"):
        medians = [r[f"{name}_us"] for r in rounds if f"{name}_us" in r]
        if not medians:
            continue
        us = statistics.median(medians)
        quartiles = (statistics.quantiles(medians, n=4) if len(medians) > 1
                     else [us, us, us])
        result.update({
            f"{name}_us": us, f"{name}_q1_us": quartiles[0],
            f"{name}_q3_us": quartiles[2],
            f"{name}_min_us": min(r[f"{name}_min_us"] for r in rounds),
            f"{name}_max_us": max(r[f"{name}_max_us"] for r in rounds),
            f"{name}_rounds_us": medians,
            f"{name}_tflops": result["flops"] / (us * 1e-6) / 1e12})
    return result
