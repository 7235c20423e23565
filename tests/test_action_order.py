"""The order of the legal actions is defined, not an accident of import order.

``legal_actions()`` lists the top frame's own actions (in the frame's order), then the
anytime actions by verb in ``core.ANYTIME_ORDER``; with no frame, the placements in the
board's space order, ``skip`` (or ``end``), then the anytime actions (see
docs/ARCHITECTURE.md, "Action order").  Bots and research envs pick by index, so a
change of order changes their games: these pinned lists fail when it happens.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import arle
from arle.engine import core
from arle.state import State

HERE = Path(__file__).parent
WALKS: dict[str, dict[str, Any]] = {
    **json.loads((HERE / "perft_positions.json").read_text(encoding="utf-8")),
    **json.loads((HERE / "action_order_positions.json").read_text(encoding="utf-8")),
}


def position(key: str) -> State:
    w = WALKS[key]
    s = arle.new_game(players=w["players"], seed=w["seed"], buildings=w["buildings"],
                      promos=w["promos"], expansion=w.get("expansion"))
    for text in w["walk"]:
        s.apply(text)
    return s


PINNED: list[tuple[str, str, list[str]]] = [
    ("1p-s0-first-game-0", "place", [
        "place fisherman", "place grocer_summer", "place woolen_weaver", "place colonist",
        "place peat_cutter", "place dike_builder", "place clay_worker", "place farmer",
        "place forester", "place woodcutter", "place master_summer",
        "place carpenter_summer", "place builder", "place warden", "place laborer_summer",
        "skip", "release horse"]),
    ("2p-s9-random-promos-21", "wainwright", ["done", "load 0 0 hage", "return handcart@0"]),
    ("2p-s9-random-promos-168", "sustain", [
        "feed", "boat food", "boat grain", "boat flax", "boat hide", "boat wool"]),
    ("2p-s7-random-promos-72", "merchant", [
        "take wood timber", "take wood brick", "take clay timber", "take clay brick"]),
    ("2p-s20-random-promos-111", "place", [
        "place tanner", "place butcher", "place cattle_trader", "place grocer_winter",
        "place builders_merchant", "place potter", "place wood_trader_space",
        "place master_winter", "place carpenter_winter", "skip", "load 0 0 wood",
        "load 0 0 clay", "load 0 0 hage", "load 0 0 beemoor", "boat food", "boat grain",
        "boat flax", "boat hide", "boat wool", "release sheep", "return handcart@0",
        "return peat_boat@1"]),
]


@pytest.mark.parametrize("key,kind,texts", PINNED, ids=[k for k, _, _ in PINNED])
def test_the_order_of_legal_actions_is_pinned(key: str, kind: str, texts: list[str]) -> None:
    s = position(key)
    assert s.pending().kind == kind
    assert [str(a) for a in s.legal_actions()] == texts
    # the same order after a JSON round trip and in a clone
    assert [str(a) for a in State.from_json(s.to_json()).legal_actions()] == texts
    assert [str(a) for a in s.clone().legal_actions()] == texts


def test_the_anytime_verbs_have_one_fixed_order() -> None:
    assert core.ANYTIME_ORDER == ("use", "load", "boat", "release", "return")
    assert set(core.ANYTIME) == set(core.ANYTIME_ORDER)


def test_anytime_actions_follow_the_frame_and_come_in_verb_order() -> None:
    rank = {v: i for i, v in enumerate(core.ANYTIME_ORDER)}
    for key in WALKS:
        s = position(key)
        verbs = [a.verb for a in s.legal_actions()]
        tail = [v for v in verbs if v in rank]
        if s.pending().kind != "house":       # the house frame's own actions are releases
            assert verbs[len(verbs) - len(tail):] == tail, key
        assert tail == sorted(tail, key=rank.__getitem__), key
