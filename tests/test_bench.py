"""``arle bench``: the figures it reports (timings are not checked, only their shape)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arle.cli.bench import KEYS, compiled, run_bench
from arle.cli.main import app

runner = CliRunner()


def test_run_bench_reports_every_figure() -> None:
    r = run_bench(games=2, repeats=2, seed=1)
    assert list(r) == list(KEYS)
    assert all(v > 0 for v in r.values())
    # the decision time is the sum of its two parts
    assert r["us_per_decision"] == pytest.approx(r["us_legal_actions"] + r["us_apply"],
                                                 rel=0.05)


def test_decisions_per_game_depend_only_on_the_seeds() -> None:
    a = run_bench(games=1, repeats=1, seed=4)
    b = run_bench(games=1, repeats=3, seed=4)
    assert a["decisions_per_game"] == b["decisions_per_game"]


def test_cli_json_has_the_pinned_keys() -> None:
    res = runner.invoke(app, ["bench", "--games", "1", "--repeats", "1", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert set(data) == {"us_per_decision", "us_legal_actions", "us_apply", "us_clone",
                         "decisions_per_game", "games_per_s", "compiled"}
    assert data["compiled"] is compiled()


def test_cli_table_and_refusals() -> None:
    res = runner.invoke(app, ["bench", "--games", "1", "--repeats", "1"])
    assert res.exit_code == 0, res.output
    assert "per decision" in res.stdout and "games per second" in res.stdout
    bad = runner.invoke(app, ["bench", "--games", "0"])
    assert bad.exit_code == 2


def test_expansion_bench_sits_beside_the_base_game() -> None:
    tt = run_bench(games=1, repeats=1, seed=2, expansion="tea-and-trade")
    assert list(tt) == list(KEYS) and tt["decisions_per_game"] > 0
    res = runner.invoke(app, ["bench", "--games", "1", "--repeats", "1", "--expansion",
                              "tea-and-trade", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert set(data) == set(KEYS) | {"expansion", "base", "ratio", "compiled"}
    assert set(data["base"]) == set(KEYS) and data["expansion"] == "tea-and-trade"
    assert data["ratio"] == pytest.approx(
        data["us_per_decision"] / data["base"]["us_per_decision"], rel=0.01)
    table = runner.invoke(app, ["bench", "--games", "1", "--repeats", "1", "--expansion",
                                "tea-and-trade"])
    assert table.exit_code == 0 and "tea-and-trade" in table.stdout and "ratio" in table.stdout
    for bad in (["--expansion", "nope"], ["--expansion", "tea-and-trade", "--buildings",
                                          "first-game"]):
        r = runner.invoke(app, ["bench", "--games", "1", *bad])
        assert r.exit_code == 2, bad


def test_mcts_bench_counts_the_default_search() -> None:
    from arle.bots.mcts import MCTSBot
    from arle.cli.bench import MCTS_KEYS, run_mcts_bench
    r = run_mcts_bench(games=1, decisions=1, repeats=1, seed=0)
    assert list(r) == list(MCTS_KEYS)
    # one search of the default number of simulations (the first decision of solo
    # setup 0 is a real choice), timed in CPU seconds
    assert (r["searches"], r["sims"]) == (1, MCTSBot().sims)
    assert isinstance(r["sims_per_cpu_s"], float) and r["sims_per_cpu_s"] > 0
    assert r["runs"] == [r["sims_per_cpu_s"]]
    assert isinstance(r["workload_ms"], float) and r["workload_ms"] > 0
    with pytest.raises(ValueError):
        run_mcts_bench(decisions=0)


def test_cli_mcts_json_has_the_pinned_keys() -> None:
    from arle.cli.bench import MCTS_KEYS
    res = runner.invoke(app, ["bench", "--mcts", "--json", "--games", "1", "--decisions",
                              "1", "--repeats", "1"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert set(data) == set(MCTS_KEYS) | {"compiled"}
    assert data["compiled"] is compiled() and data["sims_per_cpu_s"] > 0
    assert (data["games"], data["decisions"]) == (1, 1)
    table = runner.invoke(app, ["bench", "--mcts", "--games", "1", "--decisions", "1",
                                "--repeats", "1"])
    assert table.exit_code == 0 and "simulations per CPU second" in table.stdout
    for bad in (["--expansion", "tea-and-trade"], ["--players", "1"], ["--decisions", "0"],
                ["--buildings", "first-game"], ["--games", "0"]):
        r = runner.invoke(app, ["bench", "--mcts", "--json", *bad])
        assert r.exit_code == 2, bad
