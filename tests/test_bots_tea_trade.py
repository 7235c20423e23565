"""The bots' evaluation with Tea & Trade: the expansion's features, zero in base games,
and the bots play expansion games to the end."""

from __future__ import annotations

import random

import pytest

import arle
from arle.bots import get
from arle.bots.evaluation import FEATURES, WEIGHTS, evaluate, features, score_now
from arle import position

TT = "tea-and-trade"
TT_FEATURES = ("tea", "ef_tea", "digging_spades", "ditches", "dehydrated", "trades",
               "cutters", "ship_spaces")


def _tt(v: list[float]) -> dict[str, float]:
    return dict(zip(FEATURES, v))


def test_expansion_features_are_zero_in_base_games():
    assert FEATURES[-len(TT_FEATURES):] == TT_FEATURES and set(WEIGHTS) == set(FEATURES)
    s = arle.new_game(players=2, seed=4)
    rng = random.Random(4)
    for _ in range(80):
        f = _tt(features(s, s.current_player))
        assert all(f[k] == 0 for k in TT_FEATURES)
        s.apply(rng.choice(s.legal_actions()))


def test_tea_and_ships_add_value_and_a_finished_game_is_its_score():
    s = arle.new_game(players=1, seed=2, expansion=TT)
    f = _tt(features(s, 0))
    assert f["tea"] > 0 and f["trades"] == f["cutters"] == f["ship_spaces"] == 0
    before = evaluate(s, 0)
    with_ship = position.edit(s, 0, harbor=[["trading_ship_small", "", ""]])
    g = _tt(features(with_ship, 0))
    assert g["trades"] > 0 and g["ship_spaces"] > 0 and g["cutters"] == 0
    assert evaluate(with_ship, 0) > before
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    assert evaluate(s, 0) == pytest.approx(score_now(s, 0)) == s.scores()[0].total


@pytest.mark.parametrize("spec", ["greedy", "mcts:sims=3"])
def test_bots_finish_an_expansion_game(spec):
    s = arle.new_game(players=2, seed=7, expansion=TT)
    bots = [get(spec, seed=1), get("random", seed=2)]
    while not s.is_terminal():
        a = bots[s.current_player].choose(s)
        assert a in s.legal_actions()
        s.apply(a)
