"""The evaluation with tuned weights (``eval=tuned``, the planner's ``rollout=tuned``):
the shipped file, its checks, the bots that take it and the script that makes it."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

import arle
import arle.bots
from arle.bots import evaluation as E
from arle.bots.common import evaluator_option
from arle.bots.greedy import GreedyBot
from arle.bots.plan import PlanBot, playout

ROOT = Path(__file__).resolve().parent.parent


def test_the_shipped_weights_name_every_feature_and_load_in_order() -> None:
    ev = E.tuned_evaluator()
    assert ev is E.tuned_evaluator()                   # read once
    assert len(ev.weights) == len(E.FEATURES)
    assert ev.weights != E._W                          # tuned, not the hand weights
    # the expansion's features keep their hand weights (only the base game's were tuned)
    base = E.FEATURES.index("tea")
    assert ev.weights[base:] == E._W[base:]


def test_the_tuned_evaluation_is_the_hand_features_with_other_weights() -> None:
    s = arle.new_game(players=1, seed=3)
    ev = E.tuned_evaluator()
    for _ in range(25):
        assert ev(s, 0) == E.evaluate(s, 0, ev.weights)
        s.apply(s.legal_actions()[0])
    assert E.Weighted(list(E._W))(s, 0) == pytest.approx(E.evaluate(s, 0), abs=1e-9)


@pytest.mark.parametrize("data, message", [
    ([], '"weights" object'),
    ({"weights": [1, 2]}, '"weights" object'),
    ({"weights": {"workers": 1, "charm": 2}}, "unknown feature.*charm"),
    ({"weights": {"workers": "many"}}, "workers must be a finite number"),
    ({"weights": {"workers": True}}, "workers must be a finite number"),
    ({"weights": {"land": float("nan")}}, "land must be a finite number"),
    ({"weights": {"land": float("inf")}}, "land must be a finite number"),
])
def test_bad_weights_files_are_refused(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        E.weights_from(data)


def test_a_weights_file_may_leave_features_at_their_hand_weight() -> None:
    w = E.weights_from({"weights": {"workers": 9.5}})
    assert w[0] == 9.5 and w[1:] == E._W[1:]
    with pytest.raises(ValueError, match="weights expected"):
        E.Weighted([1.0, 2.0])


def test_greedy_and_mcts_take_eval_tuned() -> None:
    assert evaluator_option("tuned", None, "greedy") is E.tuned_evaluator()
    with pytest.raises(ValueError, match="model= needs eval=learned"):
        evaluator_option("tuned", "m.npz", "greedy")
    bot = arle.bots.get("greedy:eval=tuned")
    assert bot.name == "greedy:eval=tuned"
    assert arle.bots.get("mcts:eval=tuned,sims=5")._ev is E.tuned_evaluator()
    with pytest.raises(ValueError, match="hand, learned, tuned"):
        arle.bots.get("greedy:eval=psychic")


def test_tuned_greedy_plays_a_much_better_solo_game_than_hand_greedy() -> None:
    """What the weights were tuned for: greedy's playout from a solo setup (75.5 with the
    hand weights on every setup tried: it builds nothing)."""
    s = arle.new_game(players=1, seed=3)
    hand, _ = playout(s)
    tuned, line = playout(s, ev=E.tuned_evaluator())
    assert hand == 75.5
    assert tuned >= hand + 20
    # the line replays to its score through the public engine
    r = arle.new_game(players=1, seed=3)
    for a in line:
        r.apply(a)
    assert r.is_terminal() and r.scores()[0].total == tuned
    greedy = GreedyBot(seed=0, eval="tuned")
    g = arle.new_game(players=1, seed=3)
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply(legal[0] if len(legal) == 1 else greedy.choose(g))
    assert g.scores()[0].total == tuned


def test_the_planner_takes_rollout_tuned() -> None:
    bot = arle.bots.get("plan:playouts=2,rollout=tuned")
    assert isinstance(bot, PlanBot) and bot.rollout == "tuned"
    s = arle.new_game(players=1, seed=5)
    assert bot._rollout_eval(s) is E.tuned_evaluator()
    a = bot.choose(s)
    assert a in s.legal_actions() and bot.best_score > 75.5
    with pytest.raises(ValueError, match="auto, hand, learned or tuned"):
        arle.bots.get("plan:rollout=oracle")


def test_the_tuning_script_writes_a_weights_file_the_bots_read(tmp_path: Path) -> None:
    pytest.importorskip("cma")
    spec = importlib.util.spec_from_file_location("tune_weights",
                                                  ROOT / "scripts" / "tune-weights.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["tune_weights"] = mod
    try:
        spec.loader.exec_module(mod)
        out = tmp_path / "w.json"
        assert mod.main(["--setups", "1", "--gens1", "1", "--gens2", "0",
                         "--out", str(out)]) == 0
    finally:
        del sys.modules["tune_weights"]
    data = json.loads(out.read_text())
    assert data["positions"] == 10 and data["generations"] == [1, 0]
    w = E.weights_from(data)
    # no generation in stage 2: its result is its start, the hand weights; stage 1 kept
    # the best of its start (hand greedy's 75.5) and one generation
    assert w == E._W
    assert data["stage1"] >= 75.5
