"""The learned-evaluation pipeline for the later games: Tea & Trade (1-2 players) and the
3-player game each have their observation layout, which a dataset and a model name; a
model plays only games of its layout, and everything else is refused with a message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import arle
import arle.bots
from arle.bots.learned import (default_model, layout_fingerprint, learned_evaluator,
                               learned_value, load_model, train)
from arle.cli.main import app
from arle.env import dataset as D
from arle.env.catalog import TT_CATALOG
from arle.env.observation_tt import (LAYOUT_NAMES, layout_for, layout_name, layout_named,
                                     state_layout_name)
from util import played_record

runner = CliRunner()
TT = "tea-and-trade"


def _game(seed: int, players: int, expansion: str | None) -> dict[str, Any]:
    return played_record(seed, players, expansion, bot="random")


@pytest.fixture(scope="module")
def tt_data() -> dict[str, Any]:
    return D.records_to_arrays([_game(1, 1, TT), _game(2, 2, TT), _game(3, 1, TT)])


@pytest.fixture(scope="module")
def three_data() -> dict[str, Any]:
    return D.records_to_arrays([_game(4, 3, TT), _game(5, 3, TT)])


def test_layout_names() -> None:
    assert LAYOUT_NAMES == ("base", TT, f"{TT}-3p")
    assert [layout_name(None, 1), layout_name(None, 2), layout_name(TT, 1),
            layout_name(TT, 2), layout_name(TT, 3)] == ["base", "base", TT, TT, f"{TT}-3p"]
    for name, (exp, n) in zip(LAYOUT_NAMES, [(None, 2), (TT, 2), (TT, 3)]):
        assert layout_named(name) is layout_for(exp, n)
        assert state_layout_name(arle.new_game(players=n, seed=1, expansion=exp)
                                 if exp else arle.new_game(players=n, seed=1)) == name
    with pytest.raises(ValueError, match="unknown observation layout 'x'"):
        layout_named("x")
    # the fingerprints tell the layouts apart, and the base one is that of the first models
    prints = {layout_fingerprint(n) for n in LAYOUT_NAMES}
    assert len(prints) == 3 and default_model().meta["obs_layout"] == layout_fingerprint()


def test_datasets_of_the_later_games(tt_data: dict[str, Any],
                                     three_data: dict[str, Any]) -> None:
    assert str(tt_data["layout"]) == TT
    assert tt_data["obs"].shape[1] == layout_named(TT).size
    assert tt_data["mask"].shape[1] == len(TT_CATALOG)
    assert tt_data["mask"][np.arange(len(tt_data["action"])), tt_data["action"]].all()
    assert str(three_data["layout"]) == f"{TT}-3p"
    assert three_data["obs"].shape[1] == layout_named(f"{TT}-3p").size
    assert three_data["game_scores"].shape == (2, 3)
    assert set(three_data["player"].tolist()) == {0, 1, 2}
    # every row's score is its mover's final score
    for g in range(2):
        rows = three_data["game"] == g
        for p in range(3):
            mine = rows & (three_data["player"] == p)
            assert (three_data["score"][mine] == three_data["game_scores"][g, p]).all()


def test_a_dataset_holds_one_layout() -> None:
    with pytest.raises(ValueError, match="record 1: a game of the tea-and-trade observation "
                                         "layout; the records before it are base games"):
        D.records_to_arrays([_game(1, 1, None), _game(1, 1, TT)])


def test_the_dataset_file_names_its_layout(tt_data: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "tt.npz"
    D.save(str(path), tt_data, "score_diff")
    meta, arrays = D.load(str(path))
    assert meta["layout"] == TT and meta["obs_size"] == layout_named(TT).size
    assert meta["actions"] == len(TT_CATALOG) and str(arrays["layout"]) == TT


@pytest.mark.parametrize("which", ["tt", "three"])
def test_models_of_the_later_games(which: str, tt_data: dict[str, Any],
                                   three_data: dict[str, Any], tmp_path: Path) -> None:
    data, players, name = ((tt_data, 2, TT) if which == "tt"
                           else (three_data, 3, f"{TT}-3p"))
    model, report = train([data], hidden=6, epochs=2, seed=3)
    assert model.layout == name and report.learned_mae <= report.hand_mae + 1e-6
    path = tmp_path / "m.npz"
    model.save(str(path))
    loaded = load_model(str(path))
    assert loaded.layout == name and loaded.meta["obs_layout"] == layout_fingerprint(name)
    s = arle.new_game(players=players, seed=7, expansion=TT)
    values = [learned_value(loaded, s, p) for p in range(players)]
    assert all(np.isfinite(values))
    assert values == [learned_value(model, s.clone(), p) for p in range(players)]
    # a model plays only games of its layout
    with pytest.raises(ValueError, match=f"the model reads {name} games and this is a "
                                         "base game"):
        learned_value(loaded, arle.new_game(players=2, seed=7), 0)
    bot = arle.bots.get(f"greedy:eval=learned,model={path}", seed=1)
    for _ in range(6):
        a = bot.choose(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_no_shipped_model_for_a_layout_is_a_clear_error() -> None:
    ev = learned_evaluator()
    s = arle.new_game(players=1, seed=2, expansion=TT)
    with pytest.raises(ValueError, match="no learned model is shipped for tea-and-trade "
                                         "games of 1 player .*model=PATH"):
        ev(s, 0)
    with pytest.raises(ValueError, match="unknown observation layout 'x'"):
        default_model("x", 2)
    # the base game still plays with the shipped model
    base = arle.new_game(players=1, seed=2)
    assert ev(base, 0) == learned_value(default_model(), base, 0)


def test_training_refuses_datasets_of_two_layouts(tt_data: dict[str, Any],
                                                  three_data: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="dataset 2 holds tea-and-trade-3p games and "
                                         "dataset 1 tea-and-trade games"):
        train([tt_data, three_data], hidden=4, epochs=1)


def test_a_model_of_an_unknown_layout_is_refused(tt_data: dict[str, Any],
                                                  tmp_path: Path) -> None:
    model, _ = train([tt_data], hidden=4, epochs=1)
    good = tmp_path / "m.npz"
    model.save(str(good))
    with np.load(good, allow_pickle=False) as f:
        payload = {k: f[k] for k in f.files}
    meta = json.loads(str(payload["meta"]))
    meta["layout"] = "chess"
    payload["meta"] = np.asarray(json.dumps(meta))
    bad = tmp_path / "bad.npz"
    np.savez(bad, **payload)
    with pytest.raises(ValueError, match="unknown observation layout 'chess'"):
        load_model(str(bad))


def test_the_commands_carry_the_layout(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    for i in range(3):
        (games / f"g{i}.json").write_text(json.dumps(_game(10 + i, 1, TT)))
    data = tmp_path / "d.npz"
    r = runner.invoke(app, ["dataset", str(games), "--out", str(data)])
    assert r.exit_code == 0, r.output
    out = tmp_path / "m.npz"
    r = runner.invoke(app, ["train-eval", str(data), "--out", str(out), "--hidden", "4",
                            "--epochs", "1", "--json"])
    assert r.exit_code == 0, r.output
    assert load_model(str(out)).layout == TT


def test_every_shipped_model_loads_for_its_games() -> None:
    from arle.bots.learned import DEFAULT_MODELS
    assert {("base", 1), ("base", 2), (f"{TT}-3p", 3)} <= set(DEFAULT_MODELS)
    for (layout, players), _file in DEFAULT_MODELS.items():
        model = default_model(layout, players)
        assert model.layout == layout and model.meta["trained_on"]["games"] > 0
        exp = None if layout == "base" else TT
        s = (arle.new_game(players=players, seed=4) if exp is None
             else arle.new_game(players=players, seed=4, expansion=exp))
        assert all(np.isfinite(learned_value(model, s, p)) for p in range(players))
    # eval=learned needs no model= in a 3-player game: the shipped one plays
    three = arle.new_game(players=3, seed=4, expansion=TT)
    bot = arle.bots.get("greedy:eval=learned", seed=1)
    for _ in range(8):
        a = bot.choose(three)
        assert a in three.legal_actions()
        three.apply(a)
