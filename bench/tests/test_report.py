"""bench/report.py bench: the numbers in bench.json and bench.md, from a
hand-made run directory whose expected values are worked out below."""

import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(os.path.dirname(HERE), "report.py")


def timing(us):
    return {"us": us, "q1_us": us - 1, "q3_us": us + 1}


def result(problem, ck_us, cudnn_us=None, flops=1e9, nbytes=3e6):
    r = {"problem": problem, "pass": True, "flops": flops, "bytes": nbytes,
         "ck_tflops": flops / (ck_us * 1e-6) / 1e12}
    r.update({f"ck_{k}": v for k, v in timing(ck_us).items()})
    if cudnn_us is not None:
        r.update({f"cudnn_{k}": v for k, v in timing(cudnn_us).items()})
        r["cudnn_tflops"] = flops / (cudnn_us * 1e-6) / 1e12
    return r


# Rows 1 (K=36, 7x7, 1 layer) and 6 (K=256, 7x7, 8 layers) of the table.
HEAD = "bwd_weight f16 G=1 N=16 C=256 K=36 in=7x7 filter=3x3 stride=1x1 dilation=1x1 pad=1x1/1x1"
TRUNK = "bwd_weight f16 G=1 N=16 C=256 K=256 in=7x7 filter=3x3 stride=1x1 dilation=1x1 pad=1x1/1x1"


def run_report(tmp_path, results):
    ceilings = {"device": "test GPU", "mma_sync": {"tflops": 500.0},
                "cublas_f16": {"tflops": 400.0}, "copy": {"tb_per_s": 3.0}}
    (tmp_path / "ceilings.json").write_text(json.dumps(ceilings))
    (tmp_path / "bwd_weight_f16.json").write_text(
        "\n".join(json.dumps(r) for r in results) + "\n")
    subprocess.run([sys.executable, REPORT, "bench", str(tmp_path), "--no-plot"],
                   check=True)
    return (json.loads((tmp_path / "bench.json").read_text()),
            (tmp_path / "bench.md").read_text())


def test_summary_weights_layers_and_takes_the_geometric_mean(tmp_path):
    # Speeds 2x and 0.5x: geometric mean 1x. Model: 1 * 4 + 8 * 10 us for ck,
    # 1 * 8 + 8 * 5 us for cuDNN.
    report, text = run_report(tmp_path, [result(HEAD, 4.0, 8.0),
                                         result(TRUNK, 10.0, 5.0)])
    (summary,) = report["summary"]
    assert summary["passed"] == 2 and summary["shapes"] == 2
    assert math.isclose(summary["geomean_speedup"], 1.0)
    assert math.isclose(summary["model_ck_ms"], 0.084)
    assert math.isclose(summary["model_cudnn_ms"], 0.048)
    assert math.isclose(summary["best_ck_tflops"], 250.0)
    assert "| bwd_weight | f16 | 2/2 | 1.00x | 0.08 | 0.05 | 250 |" in text


def test_roofline_is_the_larger_of_compute_and_memory_time(tmp_path):
    # 1e9 FLOPs at 500 TFLOP/s: 2 us; 3e6 bytes at 3 TB/s: 1 us. ck at 4 us
    # is at 50% of the roofline and 250 TFLOP/s, half of mma.sync and 62%
    # of cuBLAS.
    report, text = run_report(tmp_path, [result(HEAD, 4.0, 8.0)])
    (row,) = report["shapes"]
    assert math.isclose(row["bound_us"], 2.0)
    assert math.isclose(row["speedup"], 2.0)
    assert "| 1 | 1 | 256 | 36 | 7x7 | 3x3 | 1 | 1 | 4.0 (3.0-5.0) | 250.0 | 50% | 62% | 50% |" in text
    # Memory-bound: 3e7 bytes take 10 us at 3 TB/s; ck at 20 us is at 50%.
    report, _ = run_report(tmp_path, [result(HEAD, 20.0, nbytes=3e7)])
    (row,) = report["shapes"]
    assert math.isclose(row["bound_us"], 10.0)
    assert "speedup" not in row


def test_a_failed_shape_is_listed_as_such(tmp_path):
    failed = {"problem": HEAD, "pass": False, "error": "CkrtError: boom"}
    report, text = run_report(tmp_path, [failed, result(TRUNK, 10.0, 5.0)])
    assert report["summary"][0]["passed"] == 1
    assert "NO: CkrtError: boom" in text


def test_compare_takes_the_geometric_mean_of_per_shape_speedups(tmp_path):
    # Shape a: 10 -> 5 us (2x); shape b: 4 -> 8 us (0.5x); shape c only
    # after: left out. Geometric mean 1x; sums 14 and 13 us.
    before = [{"key": "a", "pass": True, "ck_us": 10.0},
              {"key": "b", "pass": True, "ck_us": 4.0}]
    after = [{"key": "a", "pass": True, "ck_us": 5.0},
             {"key": "b", "pass": False, "ck_us": 8.0},
             {"key": "c", "pass": True, "ck_us": 1.0}]
    for name, results in (("before", before), ("after", after)):
        (tmp_path / f"{name}.json").write_text(
            "\n".join(json.dumps(r) for r in results) + "\n")
    out = tmp_path / "compare.md"
    subprocess.run([sys.executable, REPORT, "compare", "--set", "s",
                    str(tmp_path / "before.json"), str(tmp_path / "after.json"),
                    str(out)], check=True)
    text = out.read_text()
    assert "| s | 2 | 1.000x | 0.50x | 2.00x | 0.01 | 0.01 | 1/2 |" in text
    assert "| a | 10.0 | 5.0 | 2.00x |" in text


def test_compare_pairs_the_builds_of_one_ab_folder(tmp_path):
    # One results file of an A/B folder: a@old 9 us -> a@new 3 us (3x); b
    # has no new bundle (the builds agreed on it): left out.
    results = [{"key": "a@old", "pass": True, "ck_us": 9.0},
               {"key": "a@new", "pass": True, "ck_us": 3.0},
               {"key": "b@old", "pass": True, "ck_us": 2.0}]
    path = tmp_path / "ab.json"
    path.write_text("\n".join(json.dumps(r) for r in results) + "\n")
    out = tmp_path / "compare.md"
    subprocess.run([sys.executable, REPORT, "compare", "--set", "s",
                    f"{path}@old", f"{path}@new", str(out)], check=True)
    text = out.read_text()
    assert "| s | 1 | 3.000x | 3.00x | 3.00x | 0.01 | 0.00 | 1/1 |" in text
    assert "| a | 9.0 | 3.0 | 3.00x |" in text


def test_sweep_table_marks_each_problems_fastest_choice(tmp_path):
    # Problem a: heuristic 100 us, split_k 50 us (2x, fastest), stages=3
    # 125 us (0.8x). Problem b: heuristic 30 us is fastest; its split_k
    # failed verification and is left out. Geomean of the fastest over the
    # heuristic: sqrt(2 * 1) = 1.414.
    def r(key, choice, us, status="pass"):
        return {"key": key, "bundle": f"sweep/{key}{choice}", "status": status,
                "time_us_median": us}
    rows = [r("a", "", 100.0), r("a", "@partition=split_k", 50.0),
            r("a", "@stages=3", 125.0), r("b", "", 30.0),
            r("b", "@partition=split_k", 10.0, status="fail"),
            r("b", "@stages=3", 40.0)]
    (tmp_path / "sweep.json").write_text("\n".join(json.dumps(x) for x in rows))
    out = tmp_path / "sweep.md"
    subprocess.run([sys.executable, REPORT, "sweep", str(tmp_path / "sweep.json"),
                    str(out)], check=True)
    text = out.read_text()
    assert "| problem | heuristic (us) | partition=split_k | stages=3 |" in text
    assert "| a | 100.0 | **2.00x** | 0.80x |" in text
    assert "| b | 30.0 | - | 0.75x |" in text
    assert "1.414x over 2 problems" in text
