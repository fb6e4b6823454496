"""bench/tuning_from_sweep.py: a stopped sweep's JSON into the database."""

import json
import os
import subprocess
import sys

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "tuning_from_sweep.py")


def result(key, suffix, us, status="pass"):
    return json.dumps({"key": key, "bundle": f"sweeps/{key}{suffix}",
                       "status": status, "time_us_median": us})


def test_fastest_verified_choice_merges_and_faster_entries_stay(tmp_path):
    db = tmp_path / "sm_90a.tuning"
    db.write_text("ck-tuning 1\nchip sm_90a\n"
                  "tuned kept 5.000 9.000 --stages=3\n"
                  "tuned replaced 50.000 60.000 --stages=1\n")
    sweep = tmp_path / "sweep.json"
    sweep.write_text("\n".join([
        # 'new': the failing choice is faster but not verified.
        result("new", "", 30.0),
        result("new", "@partition=data_parallel@waves=4,8", 20.0),
        result("new", "@waves=4,4", 10.0, status="fail"),
        # 'kept': the database's entry is faster than the sweep's best.
        result("kept", "", 8.0),
        result("kept", "@waves=4,8", 7.0),
        # 'replaced': the sweep found a faster choice.
        result("replaced", "", 45.0),
        result("replaced", "@stages=3", 40.0),
        # 'orphan': no heuristic time to record beside the choice.
        result("orphan", "@waves=4,8", 1.0),
    ]) + "\n")
    done = subprocess.run([sys.executable, SCRIPT, "--db", str(db),
                           str(sweep)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = [l for l in db.read_text().splitlines() if l.startswith("tuned")]
    assert lines == [
        "tuned kept 5.000 9.000 --stages=3",
        "tuned new 20.000 30.000 --partition=data_parallel --waves=4,8",
        "tuned replaced 40.000 45.000 --stages=3",
    ]
    assert "chip sm_90a" in db.read_text()
