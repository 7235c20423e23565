"""The decision model: frames, forced choices, anytime actions, atomic refusal."""

from __future__ import annotations

import pytest

import arle
from util import do, fresh, legal, set_animals


def test_gain_that_does_not_fit_asks_which_animal_to_give_back() -> None:
    s = fresh()
    # 5 dikes + 2 pastures (2 same type each) + the starting stall (3 same type).
    set_animals(s, 0, sheep=4, cattle=3, horse=3)  # 4 sheep: 2 pastures; 3 cattle: stall;
    # 3 horses + 1 more animal would need 4 mixed places: dikes hold 5, so 3 horses fit.
    do(s, "place fisherman")
    assert legal(s) == {"take sheep", "take none"}
    s.apply("take sheep")  # 5 sheep: 2+2 in pastures, 1 on a dike -> still fits
    assert s.players[0].animals == [5, 3, 3]
    assert not s.stack


def test_release_frame_ends_as_soon_as_animals_fit() -> None:
    s = fresh()
    set_animals(s, 0, sheep=4, cattle=3, horse=5)  # dikes full with the horses
    do(s, "place fisherman", "take sheep")
    assert s.stack and s.stack[-1].KIND == "house"
    assert legal(s) == {"release sheep", "release cattle", "release horse"}
    s.apply("release horse")
    assert s.players[0].animals == [5, 3, 4]
    assert not s.stack  # the frame closed: no more animals to give back


def test_single_option_is_applied_automatically() -> None:
    s = fresh()
    do(s, "place clay_worker")  # no sub-decision at all
    assert s.players[0].res[6] == 4 + 3
    assert s.turn == 1


def test_illegal_action_leaves_state_unchanged() -> None:
    s = fresh(players=2, seed=3)
    before = s.to_json()
    for bad in ("place nowhere", "", "take sheep", "build mill", "load 9 9 wood"):
        with pytest.raises(arle.IllegalActionError):
            s.apply(bad)
        assert s.to_json() == before
    with pytest.raises(arle.IllegalActionError):
        s.apply(arle.Action("place", ("builder", "extra")))
    assert s.to_json() == before


def test_illegal_action_error_is_a_value_error() -> None:
    assert issubclass(arle.IllegalActionError, ValueError)


def test_food_from_travel_can_pay_inside_a_building_choice() -> None:
    s = fresh(buildings=["potters_inn"])
    arle.position.edit(s, res={"food": 7, "wood": 1, "clay": 1, "peat": 1},
                       equipment=["handcart"], in_place=True)
    do(s, "place builder")
    assert "build potters_inn" not in legal(s)          # 9 Food needed, 7 held
    assert "load 0 0 beemoor" in legal(s)               # anytime actions are open here
    do(s, "load 0 0 beemoor")    # the only sale (1 Peat for 2 Food) is made at once
    assert s.players[0].res[0] == 9
    assert "build potters_inn" in legal(s)
    do(s, "build potters_inn")   # wood + clay is the only pair of materials held
    assert "potters_inn" in s.players[0].buildings and s.players[0].res[0] == 0
