"""``arle tournament`` and the arena behind it: schedules, statistics, JSON, records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import arle
from arle.bots.arena import Match, MatchResult, play_match, schedule, summarize, unique_labels
from arle.cli.main import app
from arle.cli.tournament import split_bots
from arle.scoring import CATEGORIES

runner = CliRunner()


def test_two_player_schedule_rotates_seats_on_each_setup() -> None:
    ms = schedule(["greedy", "random"], players=2, games=4, seed=10)
    assert [m.seed for m in ms] == [10, 10, 11, 11]
    assert [m.labels for m in ms] == [("greedy", "random"), ("random", "greedy")] * 2
    # each bot sits in each seat equally often
    assert sum(m.labels[0] == "greedy" for m in ms) == 2


def test_three_bots_play_every_pair() -> None:
    ms = schedule(["a", "b", "c"], players=2, games=2, seed=0)
    pairs = {frozenset(m.labels) for m in ms}
    assert pairs == {frozenset("ab"), frozenset("ac"), frozenset("bc")}
    assert len(ms) == 6


def test_solo_schedule_gives_every_bot_the_same_setups() -> None:
    ms = schedule(["greedy", "random"], players=1, games=3, seed=5)
    assert [(m.labels[0], m.seed) for m in ms] == [
        ("greedy", 5), ("greedy", 6), ("greedy", 7),
        ("random", 5), ("random", 6), ("random", 7)]


def test_repeated_bots_get_numbered_labels() -> None:
    assert unique_labels(["random", "random"]) == ["random#1", "random#2"]
    assert split_bots("mcts:sims=5,c=1,greedy") == ["mcts:sims=5,c=1", "greedy"]


def _result(index: int, seed: int, labels: tuple[str, ...], scores: list[float],
            winner: int | None) -> MatchResult:
    cats = [dict.fromkeys(CATEGORIES, 0.0) | {"tools": sc} for sc in scores]
    return MatchResult(index, seed, labels, scores, cats, winner, [10] * len(labels),
                       [1.0] * len(labels))


def test_summary_counts_wins_means_and_intervals() -> None:
    results = [
        _result(0, 1, ("a", "b"), [50.0, 40.0], 0),
        _result(1, 1, ("b", "a"), [45.0, 60.0], 1),
        _result(2, 2, ("a", "b"), [30.0, 35.0], 1),
    ]
    st = summarize(["a", "b"], results, players=2)
    assert (st["a"].games, st["a"].wins, st["b"].wins) == (3, 2, 1)
    assert st["a"].mean_score == pytest.approx(140 / 3)
    lo, hi = st["a"].ci95
    assert lo < st["a"].mean_score < hi
    assert st["a"].categories["tools"] == pytest.approx(140 / 3)
    assert st["a"].sec_per_decision == pytest.approx(0.1)


def test_solo_wins_go_to_the_strictly_best_bot_of_each_setup() -> None:
    results = [
        _result(0, 1, ("a",), [50.0], None), _result(1, 2, ("a",), [40.0], None),
        _result(2, 1, ("b",), [45.0], None), _result(3, 2, ("b",), [40.0], None),
    ]
    st = summarize(["a", "b"], results, players=1)
    assert (st["a"].wins, st["b"].wins) == (1, 0)


def test_play_match_records_a_replayable_game() -> None:
    m = Match(0, 4, 2, ("greedy", "random"), ("greedy", "random"), (1, 2), "first-game")
    r = play_match(m)
    assert r.winner in (0, 1)
    s = arle.replay(r.record)
    assert s.is_terminal()
    assert [sh.total for sh in s.scores()] == r.scores == r.record["scores"]
    assert sum(r.decisions) == len(r.record["actions"]) or sum(r.decisions) <= len(
        r.record["actions"])


def test_cli_json_has_the_pinned_keys(tmp_path: Path) -> None:
    res = runner.invoke(app, ["tournament", "--players", "2", "--bots", "greedy,random",
                              "--games", "2", "--seed", "3", "--json", "--no-progress",
                              "--records", str(tmp_path / "recs")])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["games"] == 2
    assert set(data["bots"]) == {"greedy", "random"}
    for bot in data["bots"].values():
        assert {"mean_score", "ci95", "wins", "sec_per_decision", "categories"} <= set(bot)
        assert len(bot["ci95"]) == 2 and bot["ci95"][0] <= bot["mean_score"] <= bot["ci95"][1]
        assert set(bot["categories"]) == set(CATEGORIES)
    assert data["bots"]["greedy"]["wins"] + data["bots"]["random"]["wins"] == 2
    files = sorted((tmp_path / "recs").iterdir())
    assert [f.name for f in files] == ["game-0001.json", "game-0002.json"]
    assert arle.replay(json.loads(files[0].read_text())).is_terminal()


def test_cli_table_solo_in_parallel() -> None:
    res = runner.invoke(app, ["tournament", "--players", "1", "--bots", "random",
                              "--games", "2", "--jobs", "2", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "Solo tournament, 2 games" in res.stdout
    assert "Mean VP per scoring category" in res.stdout


def test_cli_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "scores.png"
    res = runner.invoke(app, ["tournament", "--players", "1", "--bots", "random,random",
                              "--games", "2", "--no-progress", "--plot", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("args,message", [
    (["--bots", "nobody"], "unknown bot 'nobody'"),
    (["--bots", "greedy"], "needs at least two bots"),
    (["--bots", "greedy,random", "--players", "4"], "--players must be 1, 2 or 3"),
    (["--bots", "greedy,random,random", "--players", "3"],
     "--players 3 needs --expansion tea-and-trade"),
    (["--bots", "greedy,random", "--players", "3", "--expansion", "tea-and-trade"],
     "needs at least three bots"),
    (["--bots", "greedy,random", "--games", "0"], "--games must be at least 1"),
    (["--bots", "mcts:sims=0,random"], "sims"),
])
def test_cli_refuses_bad_options(args: list[str], message: str) -> None:
    res = runner.invoke(app, ["tournament", "--no-progress", *args])
    assert res.exit_code == 2
    assert message in res.output
