"""Game records to training arrays (``arle.env.dataset`` and ``arle dataset``).

Every row is the mover's observation, the legal mask and the action the record took
(legal by its mask); rows replay the record exactly; outcomes are the environments'
final rewards from the mover's side; a file written by ``arle dataset`` loads back;
bad sources are refused with the file named and nothing written.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import arle
from arle.cli.main import app
from arle.env import CATALOG, OBS_SIZE, encode
from arle.env.dataset import FORMAT, load, records_to_arrays

runner = CliRunner()


def random_game(players: int, seed: int, finish: bool = True) -> arle.State:
    s = arle.new_game(players=players, seed=seed, buildings="random")
    rng = random.Random(seed)
    steps = 0
    while not s.is_terminal() and (finish or steps < 20):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        steps += 1
    return s


def test_rows_replay_the_records() -> None:
    games = [random_game(2, 1), random_game(1, 2)]
    d = records_to_arrays([g.record() for g in games])
    n = sum(len(g.record()["actions"]) for g in games)
    assert d["obs"].shape == (n, OBS_SIZE) and d["mask"].shape == (n, len(CATALOG))
    assert d["obs"].dtype == np.float32 and d["mask"].dtype == bool
    assert all(d["mask"][np.arange(n), d["action"]])             # every action legal
    # row by row: the same observation, player and action as a replay
    rec = games[0].record()
    s = arle.replay(dict(rec, actions=[]))
    for i, text in enumerate(rec["actions"][:40]):
        p = s.current_player
        assert d["player"][i] == p and d["ply"][i] == i and d["game"][i] == 0
        assert np.array_equal(d["obs"][i], encode(s, p))
        assert CATALOG.text(int(d["action"][i])) == text
        s.apply(text)


def test_outcomes_from_the_movers_side() -> None:
    g = random_game(2, 5)
    a, b = (sc.total for sc in g.scores())
    d = records_to_arrays([g.record()])
    for p, diff in ((0, a - b), (1, b - a)):
        rows = d["player"] == p
        assert np.all(d["outcome"][rows] == np.float32(diff))
        assert np.all(d["score"][rows] == np.float32(a if p == 0 else b))
    w = records_to_arrays([g.record()], reward="win_loss")
    winner = g.winner()
    assert set(w["outcome"][w["player"] == winner].tolist()) == {1.0}
    assert np.allclose(d["game_scores"], [[a, b]])
    solo = records_to_arrays([random_game(1, 6).record()])
    assert np.isnan(solo["game_scores"][0, 1])


def test_unfinished_and_malformed_records_are_refused() -> None:
    with pytest.raises(ValueError, match="record 1: the game is not finished"):
        records_to_arrays([random_game(1, 3).record(), random_game(1, 4, finish=False).record()])
    with pytest.raises(ValueError, match="record 0: not an arle game record"):
        records_to_arrays([{"actions": []}])
    with pytest.raises(ValueError, match="unknown reward"):
        records_to_arrays([], reward="points")


def test_the_command(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    for seed in (7, 8):
        (folder / f"g{seed}.json").write_text(json.dumps(random_game(2, seed).record()))
    out = tmp_path / "data.npz"
    r = runner.invoke(app, ["dataset", str(folder), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "decisions from 2 games" in r.stderr
    meta, arrays = load(str(out))
    assert meta["format"] == FORMAT and meta["obs_size"] == OBS_SIZE
    assert meta["actions"] == len(CATALOG) and meta["reward"] == "score_diff"
    assert set(arrays["game"].tolist()) == {0, 1}
    assert len(arrays["game_setup"]) == 2 and json.loads(arrays["game_setup"][0])["seed"] == 7

    unfinished = tmp_path / "half.json"
    unfinished.write_text(json.dumps(random_game(1, 9, finish=False).record()))
    bad_out = tmp_path / "bad.npz"
    for args, message in [
        ([str(unfinished)], "half.json: the game is not finished"),
        ([str(tmp_path / "none.json")], "no such file"),
        ([str(tmp_path / "empty")], "no such file"),
        ([str(folder), "--reward", "points"], "unknown reward"),
    ]:
        r = runner.invoke(app, ["dataset", *args, "--out", str(bad_out)])
        assert r.exit_code == 2, (args, r.output)
        assert message in r.stderr
        assert not bad_out.exists()
    (tmp_path / "emptydir").mkdir()
    r = runner.invoke(app, ["dataset", str(tmp_path / "emptydir"), "--out", str(bad_out)])
    assert r.exit_code == 2 and "no .json game records" in r.stderr
    r = runner.invoke(app, ["dataset", str(folder), "--out", str(tmp_path / "no" / "d.npz")])
    assert r.exit_code == 2 and "cannot write" in r.stderr
