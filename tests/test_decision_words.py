"""Decisions that say how much and which: the specialization round names the pick (the
first or second of two) and the feeding names what is due (3 Food, 2 Peat in November)
and what a missing one costs, from the catalog's figures."""

from __future__ import annotations

import random

import arle
from arle.data import catalog as C
from arle.data import tea_trade as T


def test_the_specialization_round_names_each_pick() -> None:
    s = arle.new_game(players=3, seed=7, expansion="tea-and-trade")
    seen = []
    while s.pending().kind == "tt_building":
        d = s.pending()
        seen.append((d.player, d.title))
        s.apply(s.legal_actions()[0])
    picks = [f"Specialization: your {n} pick of {T.SPECIALIZATION_PICKS}"
             for n in ("first", "second")]
    assert len(seen) == 3 * T.SPECIALIZATION_PICKS
    for k in range(3):                       # each player picks twice in a row
        assert [t for _, t in seen[2 * k:2 * k + 2]] == picks
        assert seen[2 * k][0] == seen[2 * k + 1][0]


def test_the_feeding_says_what_is_due() -> None:
    rng = random.Random(3)
    s = arle.new_game(players=1, seed=3)
    while s.pending().kind != "sustain":
        s.apply(rng.choice(s.legal_actions()))
    d = s.pending()
    assert d.title == (f"Feeding: pay {C.SUSTENANCE_FOOD} Food (and "
                       f"{C.SUSTENANCE_PEAT_NOVEMBER} Peat in November)")
    assert f"each one still missing costs {-C.BOTTLENECK_VP} VP" in d.text
