"""The learned evaluation (arle.bots.learned, ``arle train-eval``, ``eval=learned``): a
model trained on a tiny dataset loads, evaluates legal positions deterministically, and a
corrupt or mismatched model file is refused with a clear message."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import arle
import arle.bots
from arle.bots.evaluation import evaluate
from arle.bots.greedy import GreedyBot
from arle.bots.learned import (FORMAT, ValueModel, default_model, learned_evaluator,
                               learned_value, load_model, train)
from arle.cli.main import app
from arle.env import dataset as D
from util import played_record

runner = CliRunner()


def _game(seed: int, players: int = 1) -> dict[str, Any]:
    return played_record(seed, players)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A dataset of three solo games and one two-player game."""
    arrays = D.records_to_arrays([_game(1), _game(2), _game(3), _game(4, players=2)])
    path = tmp_path_factory.mktemp("learned") / "tiny.npz"
    D.save(str(path), arrays, "score_diff")
    return path, arrays


@pytest.fixture(scope="module")
def model_file(tiny: tuple[Path, dict[str, Any]]) -> Path:
    path = tiny[0].parent / "model.npz"
    model, _report = train([tiny[1]], hidden=8, epochs=3, seed=1)
    model.save(str(path))
    return path


def test_the_dataset_carries_the_hand_evaluation(tiny: tuple[Path, dict[str, Any]]) -> None:
    arrays = tiny[1]
    rec = _game(1)
    s = arle.replay(dict(rec, actions=[]))
    for i, text in enumerate(rec["actions"][:25]):
        p = s.current_player
        assert p is not None
        assert arrays["hand"][i] == pytest.approx(evaluate(s, p), abs=1e-3)
        s.apply(text)


def test_training_is_deterministic_and_measured(tiny: tuple[Path, dict[str, Any]]) -> None:
    a, ra = train([tiny[1]], hidden=8, epochs=3, seed=1)
    b, rb = train([tiny[1]], hidden=8, epochs=3, seed=1)
    assert a.checksum() == b.checksum() and ra == rb
    assert ra.games == 4 and ra.held_out_games >= 1
    assert ra.rows == len(tiny[1]["action"])
    # the network starts as the hand evaluation: the best epoch is never worse than it
    assert ra.learned_mae <= ra.hand_mae + 1e-6


def test_a_trained_model_evaluates_legal_positions_deterministically(model_file: Path) -> None:
    model = load_model(str(model_file))
    s = arle.new_game(players=2, seed=9)
    bot = GreedyBot(seed=9)
    for _ in range(40):
        for p in (0, 1):
            v = learned_value(model, s, p)
            assert np.isfinite(v)
            assert v == learned_value(load_model(str(model_file)), s.clone(), p)
        s.apply(bot.choose(s))
    # a finished game is its score: no correction
    end = arle.replay(_game(5))
    assert learned_value(model, end, 0) == end.scores()[0].total


def test_the_shipped_model_loads_and_names_its_training() -> None:
    model = default_model()
    assert model.meta["format"] == FORMAT
    assert model.meta["trained_on"]["games"] > 0
    s = arle.new_game(players=1, seed=2)
    assert np.isfinite(learned_value(model, s, 0))


def _resave(src: Path, dst: Path, **changes: Any) -> Path:
    with np.load(src, allow_pickle=False) as data:
        payload = {k: data[k] for k in data.files}
    meta = json.loads(str(payload["meta"]))
    for k, v in changes.items():
        if k in ("w1", "w2", "b1", "b2", "mean", "std"):
            payload[k] = v(payload[k])
        else:
            meta[k] = v
    payload["meta"] = np.asarray(json.dumps(meta))
    np.savez(dst, **payload)
    return dst


@pytest.mark.parametrize("damage, message", [
    ("garbage", "not a readable arle value model"),
    ("truncated", "not a readable arle value model"),
    ("format", "not an arle value model (format 'something-else'"),
    ("layout", "another observation layout"),
    ("checksum", "do not match their checksum"),
    ("nan", "not finite"),
    ("shape", "has shape"),
    ("missing", "no such model file"),
])
def test_bad_model_files_are_refused(model_file: Path, tmp_path: Path, damage: str,
                                     message: str) -> None:
    bad = tmp_path / "bad.npz"
    if damage == "garbage":
        bad.write_bytes(b"not a zip at all")
    elif damage == "truncated":
        bad.write_bytes(model_file.read_bytes()[:200])
    elif damage == "format":
        _resave(model_file, bad, format="something-else")
    elif damage == "layout":
        _resave(model_file, bad, obs_layout="0123456789abcdef")
    elif damage == "checksum":
        _resave(model_file, bad, w2=lambda a: a + 0.5)
    elif damage == "nan":
        _resave(model_file, bad, b1=lambda a: a * np.nan)
    elif damage == "shape":
        _resave(model_file, bad, w2=lambda a: a[:-1])
    before = bad.read_bytes() if bad.exists() else None
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_model(str(bad))
    assert (bad.read_bytes() if bad.exists() else None) == before


def test_a_saved_model_is_a_zip_without_pickles(model_file: Path) -> None:
    with zipfile.ZipFile(model_file) as z:
        assert sorted(z.namelist()) == sorted(
            f"{k}.npy" for k in ("meta", "mean", "std", "w1", "b1", "w2", "b2"))
    with np.load(model_file, allow_pickle=False) as data:
        assert all(data[k].dtype != object for k in data.files)


def test_train_eval_command_writes_a_model(tiny: tuple[Path, dict[str, Any]],
                                           tmp_path: Path) -> None:
    out = tmp_path / "m.npz"
    r = runner.invoke(app, ["train-eval", str(tiny[0]), "--out", str(out), "--hidden", "4",
                            "--epochs", "2", "--json"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.stdout)
    assert figures["games"] == 4 and figures["model"] == str(out)
    assert isinstance(load_model(str(out)), ValueModel)


def test_train_eval_refuses_what_is_no_dataset(tmp_path: Path, model_file: Path) -> None:
    out = tmp_path / "m.npz"
    for bad in (tmp_path / "missing.npz", model_file):
        r = runner.invoke(app, ["train-eval", str(bad), "--out", str(out)])
        assert r.exit_code != 0
        assert "arle train-eval" in r.output and str(bad) in r.output
        assert not out.exists()


def test_train_eval_refuses_a_dataset_without_the_hand_column(
        tiny: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    old = dict(tiny[1])
    del old["hand"]
    path = tmp_path / "old.npz"
    D.save(str(path), old, "score_diff")
    r = runner.invoke(app, ["train-eval", str(path), "--out", str(tmp_path / "m.npz")])
    assert r.exit_code != 0 and "run arle dataset again" in r.output


@pytest.mark.parametrize("spec", ["greedy:eval=learned", "mcts:eval=learned,sims=4"])
def test_bots_play_with_the_learned_evaluation(spec: str) -> None:
    bot = arle.bots.get(spec, seed=3)
    assert "eval=learned" in bot.name
    s = arle.new_game(players=2, seed=3)
    for _ in range(12):
        a = bot.choose(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_bots_take_a_model_file(model_file: Path) -> None:
    bot = arle.bots.get(f"greedy:eval=learned,model={model_file}", seed=1)
    s = arle.new_game(players=1, seed=1)
    assert bot.choose(s) in s.legal_actions()
    ev = learned_evaluator(str(model_file))
    assert ev(s, 0) == learned_value(load_model(str(model_file)), s, 0)


def test_mcts_default_plays_two_player_games_with_the_learned_evaluation() -> None:
    """``eval=auto`` (the default): the shipped model where it is measured stronger (two
    players, base game), the hand evaluation elsewhere; the same choices as naming it."""
    from arle.bots.mcts import MCTSBot
    auto, learned, hand = (arle.bots.get(f"mcts:sims=6{x}", seed=2)
                           for x in ("", ",eval=learned", ",eval=hand"))
    assert isinstance(auto, MCTSBot) and auto.name == "mcts" and auto.eval == "auto"
    s = arle.new_game(players=2, seed=4)
    while len(s.legal_actions()) < 3:
        s.apply(s.legal_actions()[0])
    assert str(auto.choose(s)) == str(learned.choose(s))
    assert auto._ev is not None
    solo = arle.new_game(players=1, seed=4)
    while len(solo.legal_actions()) < 3:
        solo.apply(solo.legal_actions()[0])
    assert str(auto.choose(solo)) == str(hand.choose(solo)) and auto._ev is None
    with pytest.raises(ValueError, match="model= needs eval=learned"):
        arle.bots.get("mcts:model=x.npz")


@pytest.mark.parametrize("spec, message", [
    ("mcts:eval=deep", "mcts eval must be one of auto, hand, learned"),
    ("greedy:eval=auto", "greedy eval must be one of hand, learned"),
    ("greedy:model=x.npz", "model= needs eval=learned"),
    ("greedy:eval=learned,model=/nonexistent/m.npz", "no such model file"),
    ("mcts:chains=learned", "mcts chains must be eval"),
])
def test_bad_eval_options_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arle.bots.get(spec)


def test_playing_with_the_learned_evaluation_needs_no_research_extra() -> None:
    """The default install has numpy but not gymnasium, pettingzoo or OpenSpiel: the
    learned bots still play (the environments then say what is missing)."""
    import subprocess
    import sys
    code = (
        "import sys\n"
        "for m in ('gymnasium', 'pettingzoo', 'pyspiel'): sys.modules[m] = None\n"
        "import arle, arle.bots, arle.env\n"
        "s = arle.new_game(players=1, seed=1)\n"
        "print(arle.bots.get('greedy:eval=learned').choose(s) in s.legal_actions())\n"
        "try:\n"
        "    arle.env.SoloEnv\n"
        "except ImportError as e:\n"
        "    print('research extra' in str(e))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True"]


def _positions(seed: int, players: int) -> list[arle.State]:
    """Every position of a greedy game, its end included."""
    s = arle.new_game(players=players, seed=seed)
    bot = GreedyBot(seed=seed)
    out = []
    while s.phase != "over":
        out.append(s.clone())
        s.apply(bot.choose(s))
    return out + [s]


@pytest.mark.parametrize("players", [1, 2])
def test_many_positions_evaluate_as_one_at_a_time(players: int) -> None:
    """The search bot judges an expansion's positions in one matrix product: the same
    values as one call each, to the float32 rounding of the product, and a finished
    game is its score."""
    ev = learned_evaluator()
    states = _positions(7, players)
    for p in range(players):
        many = ev.many(states, p)
        assert many == pytest.approx([ev(s, p) for s in states], abs=1e-3)
        assert many == ev.many(states, p)                      # deterministic
        assert many[-1] == evaluate(states[-1], p)
        # the folded network is the model's own formula
        model = default_model("base", players)
        assert ev(states[3], p) == pytest.approx(
            learned_value(model, states[3], p), abs=1e-3)
    assert ev.many([], 0) == []


def test_fine_tuning_starts_from_the_given_model(tiny: tuple[Path, dict[str, Any]],
                                                 model_file: Path, tmp_path: Path) -> None:
    start = load_model(str(model_file))
    # no epoch that helps: the result is the starting model itself
    same, r0 = train([tiny[1]], epochs=1, lr=1e-6, seed=1, init=start)
    assert same.hidden == start.hidden
    assert np.allclose(same.w1, start.w1, atol=1e-4)
    assert np.array_equal(same.mean, start.mean) and np.array_equal(same.std, start.std)
    tuned, report = train([tiny[1]], epochs=3, seed=1, init=start)
    assert report.learned_mae <= r0.learned_mae + 1e-6
    assert tuned.meta["trained_on"]["init"] == start.meta["checksum"]
    out = tmp_path / "tuned.npz"
    r = runner.invoke(app, ["train-eval", str(tiny[0]), "--out", str(out), "--init",
                            str(model_file), "--epochs", "2", "--lr", "0.0005", "--json"])
    assert r.exit_code == 0, r.output
    assert load_model(str(out)).hidden == start.hidden
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a model")
    r = runner.invoke(app, ["train-eval", str(tiny[0]), "--out", str(tmp_path / "x.npz"),
                            "--init", str(bad)])
    assert r.exit_code != 0 and str(bad) in r.output
    assert not (tmp_path / "x.npz").exists()


def test_fine_tuning_refuses_a_model_of_another_layout(
        tiny: tuple[Path, dict[str, Any]]) -> None:
    three = default_model("tea-and-trade-3p", 3)
    with pytest.raises(ValueError, match="reads tea-and-trade-3p games"):
        train([tiny[1]], epochs=1, init=three)


def test_mcts_chains_by_the_hand_evaluation() -> None:
    """``chains=hand``: the sub-decisions inside a macro-action by the hand evaluation,
    the macro-actions' ends by the bot's.  With the hand evaluation that is the same
    search; with the learned one it still plays legal moves, deterministically."""
    s = arle.new_game(players=1, seed=6)
    hand = [arle.bots.get(f"mcts:sims=8,eval=hand{x}", seed=1) for x in ("", ",chains=hand")]
    learned = [arle.bots.get("mcts:sims=8,eval=learned,chains=hand", seed=1)
               for _ in range(2)]
    for _ in range(10):
        a, b = (str(bot.choose(s)) for bot in hand)
        assert a == b
        x, y = (bot.choose(s) for bot in learned)
        assert x == y and x in s.legal_actions()
        s.apply(a)


def test_a_session_holds_blas_to_one_thread_and_gives_the_same_values() -> None:
    """The bots run a whole search inside ``session()``: BLAS stays on one thread for
    it (nested blocks included) and is given back afterwards; the values do not change."""
    from threadpoolctl import threadpool_info

    def blas_threads() -> list[int]:
        return [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]

    ev = learned_evaluator()
    states = _positions(7, 1)[:20]
    before, outside = blas_threads(), ev.many(states, 0)
    with ev.session():
        assert all(n == 1 for n in blas_threads())
        with ev.session():
            inner = ev.many(states, 0)
        assert all(n == 1 for n in blas_threads())      # the outer block still holds
        assert ev.many(states, 0) == inner
    assert blas_threads() == before
    assert inner == pytest.approx(outside, abs=1e-4)
    # the bots open it around their searches; the hand evaluation has none to open
    from arle.bots.common import evaluating
    with evaluating(None):
        pass
    bot = arle.bots.get("mcts:sims=4,eval=learned", seed=1)
    s = arle.new_game(players=1, seed=2)
    assert bot.choose(s) in s.legal_actions()
    assert blas_threads() == before
