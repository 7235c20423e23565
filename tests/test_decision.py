"""``State.pending()``: the pending decision in words and fields (arle.decision).

Every frame type the engine registers has its words; along random games the decision
names the player to move and the frame on top of the stack, and asking never changes
the state.  The terminal game and the web page use the same words.
"""

from __future__ import annotations

import random

import pytest
from util import do, fresh, set_res, set_tool, winter

import arle
from arle.decision import KINDS, Decision, pending
from arle.engine import core
from arle import frames as FR
from arle.position import edit

# The details of each decision kind: the fields of the frame (as the dict frames had them).
FRAME_FIELDS: dict[str, tuple[str, ...]] = {
    "pay": ("opts",), "cut": ("n", "must"), "house": (), "optional_animal": ("kinds",),
    "take_animal": ("kinds",), "grocer": (), "merchant": (), "colonist": (),
    "convert": ("kind",), "butcher": (), "master": ("n", "moved"), "again": ("space",), "dig": ("n",), "reconnect": ("edge",), "shipwright": ("space", "taken"),
    "trades": ("sent",), "tt_building": ("building", "n"), "upgrade": (),
    "wainwright": ("vehicle", "boat"), "farmer": ("built", "fields", "dry"),
    "space_choice": ("opts", "space", "tea"), "cell": ("tile", "at", "cells", "gone", "then"),
    "dikes": ("n", "line"), "animals_choice": ("n",), "fields_to_forests": (),
    "free_equipment": ("kinds",), "remove_moors": (), "smithy": (),
    "before_november": ("left",), "plow_maker": (), "sell": ("dest", "sold"),
    "breed": ("opts",), "sustain": (), "final": (),
}

#: The frame fields added for Tea & Trade, with the default that leaves them out.
OPTIONAL = {"dry": 0, "tea": ""}


def test_details_keys_are_the_frame_fields() -> None:
    assert set(FRAME_FIELDS) == set(FR.DECISION_KINDS)
    for kind, names in FRAME_FIELDS.items():
        cls = FR.FRAME_TYPES[kind]
        assert cls.FIELDS == ("p", *names), kind


def test_every_engine_frame_has_words() -> None:
    assert set(KINDS) == {"place", "end", "over"} | set(core.FRAMES)


@pytest.mark.parametrize("players,seed,expansion", [(1, 21, None), (2, 22, None),
                                                     (2, 23, None), (3, 24, "tea-and-trade"),
                                                     (1, 25, "tea-and-trade"),
                                                     (2, 26, "tea-and-trade")])
def test_pending_follows_the_game(players: int, seed: int, expansion: str | None) -> None:
    rng = random.Random(seed)
    s = arle.new_game(players=players, seed=seed, buildings="random", expansion=expansion)
    kinds = set()
    while True:
        before = s.to_json()
        d = s.pending()
        assert s.to_json() == before
        assert isinstance(d, Decision) and d.kind in KINDS
        assert d.player == s.current_player
        assert d.title and d.text and "{" not in d.title + d.text
        kinds.add(d.kind)
        if s.is_terminal():
            assert d == pending(s) and d.kind == "over" and d.player is None
            break
        if s.stack:
            top = s.stack[-1]
            assert d.kind == top.KIND
            want = {k: getattr(top, k) for k in FRAME_FIELDS[top.KIND]}
            # Fields added for the expansion are left out while at their default.
            assert d.details == {k: v for k, v in want.items()
                                 if not (k in OPTIONAL and v == OPTIONAL[k])}
        else:
            assert d.kind in ("place", "end") and d.details == {}
            # "place" exactly when the player may still place a worker (or skip)
            assert (d.kind == "place") == any(a.verb in ("place", "skip")
                                              for a in s.legal_actions())
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert {"place", "end", "pay", "sustain", "over"} <= kinds


def test_place_then_a_sub_decision() -> None:
    s = fresh()
    d = s.pending()
    assert (d.player, d.kind, d.title) == (0, "place", "Place a worker")
    assert d.text == "place a worker on a free action space."   # no "0 of yours"
    s.apply("place fisherman")
    d = s.pending()
    assert (d.kind, d.details) == ("optional_animal", {"kinds": ("sheep",)})
    assert d.text == "take one animal (sheep) or none."


def test_details_name_the_space_the_destination_and_the_peat() -> None:
    s = fresh()
    s.apply("place peat_cutter")
    d = s.pending()
    assert d.kind == "cut" and d.title == f"Cut up to {d.details['n']} peat"

    s = fresh()
    edit(s, equipment=["horse_cart"], res={"food": 0, "linen": 1, "woolen": 1, "leather": 1},
         in_place=True)
    s.apply("load 0 0 bremen")
    d = s.pending()
    assert (d.kind, d.details["dest"], d.title) == ("sell", "bremen",
                                                     "Travel to Bremen: sell goods")
    assert d.text == "at Bremen: sell goods, each item at most once, then done."


def test_conversions_name_the_space() -> None:
    s = set_tool(set_res(winter(fresh()), 0, flax=6, food=5), 0, "weaving_looms", 3)
    do(s, "place linen_weaver")
    d = s.pending()
    assert d.kind == "convert" and d.details == {"kind": "linen_weaver"}
    assert d.title == "Linen Weaver: how many conversions?"
    assert d.text.startswith("Linen Weaver: how many times")


def test_the_faces_show_the_same_words() -> None:
    from arle.cli.render import describe_decision
    from arle.web.views import decision_title
    s = fresh(players=2)
    d = s.pending()
    assert describe_decision(s) == f"Player {d.player + 1}: {d.text}"  # type: ignore[operator]
    assert decision_title(s) == d.title
