"""The masked-PPO example script (when sb3-contrib is installed) and the overhead
benchmark run end to end on tiny budgets."""

from __future__ import annotations

import importlib.util
import runpy
from pathlib import Path

import pytest

from arle.env import bench

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def test_bench_measures_both_environments():
    r = bench.measure(games=1, repeat=1)
    for key in ("engine_solo", "gym", "engine_2p", "aec"):
        assert r[key] > 0
    assert {"gym_overhead_x", "aec_overhead_x"} <= set(r)


@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None,
                    reason="sb3-contrib (the 'rl' extra) is not installed")
def test_example_trains_and_reports(capsys):
    mod = runpy.run_path(str(EXAMPLE))
    mod["main"](["--minutes", "1", "--timesteps", "64", "--n-steps", "64",
                 "--eval-games", "1"])
    out = capsys.readouterr().out
    assert "masked PPO: mean score" in out and "random bot: mean score" in out
