"""The framework's runs, self-play and datasets work for any game of the protocol: the
second game (arle.green) plays a resumable self-play run whose folder becomes a dataset,
and Fields of Arle's self-play keeps its files as they were."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

import arle.green
from arle.framework import selfplay as F
from arle.framework.dataset import load

pytest.importorskip("numpy")


def _files(d: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(d.iterdir())}


def test_a_self_play_run_of_the_second_game_resumes_and_becomes_a_dataset(
        tmp_path: Path) -> None:
    from arle.env import green_dataset as GD
    out = tmp_path / "green"
    opts = {"token_limits": True}
    m = F.selfplay(["random", "greedy"], 2, 3, 11, str(out), game="green", options=opts)
    assert (m["played"], m["kept"], m["complete"]) == (3, 0, True)
    man = json.loads((out / "manifest.json").read_text())
    assert man["args"] == {"bots": ["random", "greedy"], "players": 2, "games": 3,
                           "seed": 11, "game": "green", "token_limits": True}
    assert [g["seats"] for g in man["games"]] == [["bot:random", "bot:greedy"],
                                                 ["bot:greedy", "bot:random"],
                                                 ["bot:random", "bot:greedy"]]
    records = [json.loads((out / F.record_name(i)).read_text()) for i in range(3)]
    for i, rec in enumerate(records):
        s = arle.green.GAME.replay(rec)
        assert s.is_terminal() and rec["scores"] == [x.total for x in s.scores()]
        assert rec["setup"]["seed"] == 11 + i and rec["setup"]["options"]["token_limits"]
    before = _files(out)
    # a torn record and a missing one are played again, the third kept as it is
    (out / "game-00001.json").write_text('{"format": "arle-green-record-1", "setup"')
    (out / "game-00002.json").unlink()
    m = F.selfplay(["random", "greedy"], 2, 3, 11, str(out), game="green", options=opts)
    assert (m["played"], m["kept"]) == (2, 1) and _files(out) == before
    # a record of another setup (other options) is not taken for the planned game
    other = F.selfplay(["random", "greedy"], 2, 1, 11, str(tmp_path / "o"), game="green")
    (out / "game-00000.json").write_text((tmp_path / "o" / "game-00000.json").read_text())
    assert other["games"][0]["seed"] == 11
    m = F.selfplay(["random", "greedy"], 2, 3, 11, str(out), game="green", options=opts)
    assert (m["played"], m["kept"]) == (1, 2) and _files(out) == before
    with pytest.raises(ValueError, match="another self-play run"):
        F.selfplay(["random"], 2, 3, 11, str(out), game="green", options=opts)
    assert _files(out) == before

    d = GD.records_to_arrays(records)
    rows = sum(len(r["actions"]) for r in records)
    assert d["obs"].shape[0] == d["mask"].shape[0] == rows and d["obs"].dtype == np.float32
    assert d["mask"][np.arange(rows), d["action"]].all()        # every action was legal
    assert sorted(set(d["game"].tolist())) == [0, 1, 2]
    last = [int(np.flatnonzero(d["game"] == g)[-1]) for g in range(3)]
    for g, k in enumerate(last):
        scores = records[g]["scores"]
        p = int(d["player"][k])
        assert d["score"][k] == scores[p]
        assert d["outcome"][k] == pytest.approx(scores[p] - scores[1 - p])
    assert str(d["layout"]).startswith("green-")
    path = tmp_path / "green.npz"
    GD.save(str(path), d)
    meta, back = load(str(path))
    assert meta["game"] == "green" and meta["obs_size"] == d["obs"].shape[1]
    assert (back["action"] == d["action"]).all() and str(back["layout"]) == str(d["layout"])
    with pytest.raises(ValueError, match="record 1: the game is not finished"):
        unfinished = arle.green.new_game(players=2, seed=1)
        GD.records_to_arrays([records[0], unfinished.record()])


def test_runs_of_a_game_are_refused_as_that_game_says() -> None:
    with pytest.raises(ValueError, match="seats 1 to 4 players, not 5"):
        F.plan(["random"], 5, 1, 0, game="green")
    with pytest.raises(ValueError, match="seats 1 to 3 players, not 0"):
        F.plan(["random"], 0, 1, 0)
    with pytest.raises(ValueError, match="at least one bot"):
        F.plan([], 2, 1, 0, game="green")
    with pytest.raises(ValueError, match="games must be at least 1"):
        F.plan(["random"], 2, 0, 0, game="green")
    with pytest.raises(ValueError, match="seed must be at least 0"):
        F.plan(["random"], 2, 1, -1, game="green")
    with pytest.raises(ValueError, match="action_choice"):
        F.plan(["random"], 2, 1, 0, game="green", options={"action_choice": "nonsense"})
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        F.plan(["random"], 2, 1, 0, game="chess")


def test_fields_of_arle_manifests_keep_their_form(tmp_path: Path) -> None:
    from arle.bots.selfplay import selfplay
    m = selfplay(["random"], 1, 1, 2, str(tmp_path / "a"), buildings="first-game")
    assert m["args"] == {"bots": ["random"], "players": 1, "games": 1, "seed": 2,
                         "buildings": "first-game"}
    m = selfplay(["random"], 1, 1, 2, str(tmp_path / "b"), expansion="tea-and-trade")
    assert m["args"] == {"bots": ["random"], "players": 1, "games": 1, "seed": 2,
                         "buildings": "random", "expansion": "tea-and-trade"}
    assert sorted(os.listdir(tmp_path / "b")) == ["game-00000.json", "manifest.json"]


def test_the_earlier_paths_name_the_framework_s_objects() -> None:
    import arle.bots.runs as old_runs
    import arle.bots.selfplay as old_selfplay
    import arle.framework.runs as runs
    for name in runs.__all__:
        assert getattr(old_runs, name) is getattr(runs, name)
    for name in ("FORMAT", "record_path", "valid_record"):
        assert getattr(old_selfplay, name) is getattr(F, name)
    pytest.importorskip("pettingzoo")
    import arle.env.aec_base as old_aec
    import arle.framework.aec as aec
    assert old_aec.TurnBasedAEC is aec.TurnBasedAEC and old_aec.ObsDict is aec.ObsDict


def test_the_selfplay_command_plays_either_game(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arle.bots.selfplay import selfplay
    from arle.cli.main import app
    runner = CliRunner()
    out = tmp_path / "g"
    r = runner.invoke(app, ["selfplay", "--game", "green", "--bots", "greedy,random",
                            "--players", "3", "--games", "2", "--seed", "1", "--out",
                            str(out), "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "2 game record(s)" in r.output and "2 played, 0 kept" in r.output
    man = json.loads((out / "manifest.json").read_text())
    assert man["args"] == {"bots": ["greedy", "random"], "players": 3, "games": 2,
                           "seed": 1, "game": "green"}
    assert man["games"][1]["seats"] == ["bot:random", "bot:greedy", "bot:random"]
    # and the folder becomes a dataset of the second game
    r = runner.invoke(app, ["dataset", str(out), "--game", "green", "--out",
                            str(tmp_path / "g.npz")])
    assert r.exit_code == 0, r.output
    assert "from 2 games (outcome: score_minus_mean)" in r.output
    meta, arrays = load(str(tmp_path / "g.npz"))
    assert meta["game"] == "green" and arrays["game_scores"].shape == (2, 3)
    r = runner.invoke(app, ["dataset", str(out), "--game", "green", "--reward", "win_loss",
                            "--out", str(tmp_path / "x.npz")])
    assert r.exit_code == 2 and "unknown reward 'win_loss' (use one of score_minus_mean)" \
        in r.output
    r = runner.invoke(app, ["dataset", str(out), "--out", str(tmp_path / "x.npz")])
    assert r.exit_code == 2 and "game-00000.json" in r.output     # not Fields of Arle's
    assert not (tmp_path / "x.npz").exists()
    for args, message in ((["--players", "5"], "--players must be 1 to 4 with --game green"),
                          (["--expansion", "tea-and-trade"], "not for --game green"),
                          (["--game", "chess"], "--game chess: use arle or green")):
        r = runner.invoke(app, ["selfplay", "--bots", "random", "--out", str(tmp_path / "x"),
                                "--game", "green", *args])
        assert r.exit_code == 2 and message in r.output, r.output
    assert not (tmp_path / "x").exists()
    # Fields of Arle through the command: the files the library's run writes
    r = runner.invoke(app, ["selfplay", "--bots", "random,greedy", "--players", "2",
                            "--games", "2", "--seed", "4", "--buildings", "first-game",
                            "--out", str(tmp_path / "a"), "--no-progress"])
    assert r.exit_code == 0, r.output
    selfplay(["random", "greedy"], 2, 2, 4, str(tmp_path / "b"), buildings="first-game")
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
