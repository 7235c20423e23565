"""``arle.view.futile_placements``: the placements that would give the player to move
nothing now, which the faces show as such and ask about before a worker is wasted.

Checked against the spaces' texts over seeded random games of the base game and Tea &
Trade, solo and two players: the Butcher gives nothing exactly when the player has no
animal, the Tanner without Hide, the Linen Weaver without Flax, the Woolen Weaver without
Wool; and a placement called futile indeed changes nobody's belongings, the board or the
supplies (the Special Action used for it is no gain).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import arle
from arle import view

RULES: dict[str, Callable[[arle.State, int], bool]] = {
    "place butcher": lambda s, p: sum(view.animals(s, p).values()) == 0,
    "place tanner": lambda s, p: view.resources(s, p)["hide"] == 0,
    "place linen_weaver": lambda s, p: view.resources(s, p)["flax"] == 0,
    "place woolen_weaver": lambda s, p: view.resources(s, p)["wool"] == 0,
}


def holdings(s: arle.State) -> tuple[object, ...]:
    d = json.loads(s.to_json())
    return d["players"], d["board"], d["pool"]


@pytest.mark.parametrize(("players", "expansion", "seed"), [
    (1, None, 2), (2, None, 1), (1, "tea-and-trade", 3), (2, "tea-and-trade", 4)])
def test_futile_placements_follow_the_spaces_texts(players: int, expansion: str | None,
                                                   seed: int) -> None:
    s = arle.new_game(players=players, seed=seed, expansion=expansion)
    rng = random.Random(seed)
    checked = {True: 0, False: 0}
    while not s.is_terminal() and s.half_year <= 8:
        legal = s.legal_actions()
        texts = {str(a) for a in legal}
        if any(a.verb == "place" for a in legal):
            p = s.current_player
            assert p is not None
            futile = view.futile_placements(s)
            assert futile <= texts
            for text in futile:                      # nothing changes for anyone
                c = s.clone()
                c.apply(text)
                assert holdings(c) == holdings(s), text
            for text, gives_nothing in RULES.items():
                if text not in texts:
                    continue
                c = s.clone()
                c.apply(text)
                if c.half_year != s.half_year:       # the inventory follows: not judged
                    assert text not in futile
                    continue
                assert (text in futile) == gives_nothing(s, p), (text, s.history)
                checked[gives_nothing(s, p)] += 1
        s.apply(rng.choice(legal))
    assert checked[True] and checked[False]      # both cases were met


def test_nothing_is_futile_outside_placements_or_after_the_end() -> None:
    s = arle.new_game(players=1, seed=2)
    rng = random.Random(0)
    while s.legal_actions()[0].verb == "place" or len(s.legal_actions()) == 1:
        s.apply(rng.choice(s.legal_actions()))
    assert not any(a.verb == "place" for a in s.legal_actions())
    assert view.futile_placements(s) == frozenset()
