"""Tea & Trade on the command line: ``--expansion`` of ``arle play`` and ``arle
tournament``, the expansion's keys in ``arle score``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arle.bots.arena import Match, play_match
from arle.cli.main import app

runner = CliRunner()


def test_tournament_with_the_expansion(tmp_path: Path) -> None:
    res = runner.invoke(app, ["tournament", "--bots", "random", "--players", "1",
                              "--games", "2", "--expansion", "tea-and-trade",
                              "--no-progress", "--json", "--records", str(tmp_path)])
    assert res.exit_code == 0, res.output
    record = json.loads((tmp_path / "game-0001.json").read_text())
    assert record["setup"]["expansion"] == "tea-and-trade"


def test_the_tournament_table_shows_the_expansion_rows() -> None:
    args = ["tournament", "--bots", "random", "--players", "1", "--games", "1",
            "--no-progress"]
    res = runner.invoke(app, args + ["--expansion", "tea-and-trade"])
    assert res.exit_code == 0, res.output
    for row in ("Supply bottlenecks", "Tea", "Fishing Cutters and Trading Ships",
                "Digging Spade tools"):
        assert row in res.stdout
    base = runner.invoke(app, args)
    assert base.exit_code == 0 and "Supply bottlenecks" in base.stdout
    assert "Digging Spade tools" not in base.stdout


def test_tournament_refuses_bad_expansion_flags() -> None:
    res = runner.invoke(app, ["tournament", "--bots", "random", "--players", "1",
                              "--expansion", "nope", "--no-progress"])
    assert res.exit_code != 0 and "unknown expansion" in res.output
    res = runner.invoke(app, ["tournament", "--bots", "random", "--players", "1",
                              "--expansion", "tea-and-trade", "--buildings", "first-game",
                              "--no-progress"])
    assert res.exit_code != 0 and "expansion-only" in res.output


def test_match_carries_the_expansion() -> None:
    r = play_match(Match(0, 3, 1, ("random",), ("random",), (3,), "expansion-only",
                         "tea-and-trade"))
    assert r.record["setup"]["expansion"] == "tea-and-trade"
    assert {"tea", "ships", "digging_spades"} <= set(r.categories[0])


def test_play_with_the_expansion(tmp_path: Path) -> None:
    res = runner.invoke(app, ["play", "--players", "1", "--seats", "bot:random",
                              "--seed", "2", "--expansion", "tea-and-trade"])
    assert res.exit_code == 0, res.output
    assert "Final scoring pad" in res.output
    res = runner.invoke(app, ["play", "--players", "1", "--seats", "bot:random",
                              "--expansion", "fields-of-green"])
    assert res.exit_code != 0 and "unknown expansion" in res.output


def test_score_reads_the_expansion_keys(tmp_path: Path) -> None:
    path = tmp_path / "farm.json"
    path.write_text(json.dumps({"supply": {"tea": 3, "east_frisian_tea": 1},
                                "tools": {"digging_spades": 5},
                                "harbor": ["fishing_cutter_large"],
                                "home_board": {"ditches": 4}}))
    res = runner.invoke(app, ["score", str(path), "--json"])
    assert res.exit_code == 0, res.output
    cats = json.loads(res.output)["categories"]
    assert cats["tea"] == 2.5 and cats["digging_spades"] == 2 and cats["ships"] == 3
