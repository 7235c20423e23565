"""Rulebook: "The Goods Track", the Peat Boat (anytime action), "Limited Components"
(RULINGS 5, 8).

Goods-track goods stop at 15, Food (two indicators) at 30, the excess is lost. A Peat
Boat turns 1 Peat into 1 goods-track good at any time. Limited tiles (Fields, Stalls,
Stables, Forests, Peat Boats/Plows, vehicles) come from one supply shared by the
players, and a returned tile is available again.
"""

from __future__ import annotations

import pytest
from util import fresh, legal, res, set_res

from arle.data import catalog as C
from arle.position import edit
from arle.state import State


def give(s: State, p: int, *kinds: str) -> State:
    return edit(s, p, equipment=kinds, in_place=True)


def boats(s: State) -> set[str]:
    return {a[5:] for a in legal(s) if a.startswith("boat ")}


def zero_goods(s: State, p: int = 0) -> State:
    return edit(s, p, res={C.RESOURCES[r]: 0 for r in C.GOODS_TRACK}, in_place=True)


# ---------------------------------------------------------------------------
# Caps
# ---------------------------------------------------------------------------
def test_food_stops_at_30() -> None:
    s = set_res(fresh(), 0, food=29)
    s.apply("place fisherman")       # Fish Traps 2 -> 3: 3 Food
    assert res(s, 0, "food") == 30


def test_goods_stop_at_15() -> None:
    s = edit(fresh(), res={"grain": 14}, half_year=2)
    s.apply("place cattle_trader")   # 2 Grain
    assert res(s, 0, "grain") == 15


def test_food_may_exceed_15() -> None:
    s = set_res(fresh(), 0, food=14)
    s.apply("place fisherman")
    assert res(s, 0, "food") == 17


def test_supply_goods_are_not_capped() -> None:
    s = set_res(fresh(), 0, wood=40)
    s.apply("place woodcutter")
    assert res(s, 0, "wood") == 43


@pytest.mark.parametrize("food,vp", [(0, 0), (6, 0), (7, 1), (14, 2), (15, 3), (18, 3),
                                     (22, 4), (26, 5), (29, 5), (30, 6)])
def test_food_split_over_two_indicators_at_the_end(food: int, vp: int) -> None:
    s = zero_goods(fresh())
    set_res(s, 0, food=food)
    assert s.scores()[0].categories["goods_track"] == vp


@pytest.mark.parametrize("value,vp", [(6, 0), (7, 1), (10, 1), (11, 2), (14, 2), (15, 3)])
def test_goods_indicator_vp(value: int, vp: int) -> None:
    s = zero_goods(fresh())
    set_res(s, 0, hide=value)
    assert s.scores()[0].categories["goods_track"] == vp


# ---------------------------------------------------------------------------
# Peat Boat
# ---------------------------------------------------------------------------
def test_peat_boat_exchanges_one_peat_for_any_goods_track_good() -> None:
    s = give(fresh(), 0, "peat_boat")
    assert boats(s) == {"food", "grain", "flax", "hide", "wool"}
    s.apply("boat hide")
    assert (res(s, 0, "peat"), res(s, 0, "hide")) == (2, 3)
    s.apply("boat hide")
    s.apply("boat food")
    assert (res(s, 0, "peat"), res(s, 0, "hide"), res(s, 0, "food")) == (0, 4, 6)
    assert boats(s) == set()


def test_peat_boat_needs_peat_and_a_boat() -> None:
    assert boats(fresh()) == set()                       # no boat
    s = set_res(give(fresh(), 0, "peat_boat"), 0, peat=0)
    assert boats(s) == set()                             # no Peat


def test_two_boats_still_exchange_one_for_one() -> None:
    s = give(fresh(), 0, "peat_boat", "peat_boat")
    s.apply("boat grain")
    assert (res(s, 0, "peat"), res(s, 0, "grain")) == (2, 2)


def test_peat_boat_not_for_a_full_good() -> None:
    s = set_res(give(fresh(), 0, "peat_boat"), 0, hide=15, food=30)
    assert boats(s) == {"grain", "flax", "wool"}


def test_peat_boat_inside_an_action() -> None:
    s = set_res(give(fresh(), 0, "peat_boat"), 0, food=8)
    s.apply("place builder")
    assert s.stack and "boat food" in legal(s)
    assert not any(a.startswith("build potters_inn") for a in legal(s))
    s.apply("boat food")              # 9 Food: an Inn is affordable now
    assert any(a.startswith("build potters_inn") for a in legal(s))


# ---------------------------------------------------------------------------
# Limited components: one supply for both players
# ---------------------------------------------------------------------------
def test_supply_sizes() -> None:
    two = fresh(players=2).pool
    assert two == {"field": 10, "stall_depot": 5, "stable": 3, "forest_park": 5,
                   "boat_plow": 6, "handcart_wagon": 2, "cart_horse_cart": 3,
                   "carriage_droshky": 3, "coach": 0}
    solo = fresh().pool
    assert (solo["field"], solo["stall_depot"]) == (12, 6)


def two(summer: bool = True) -> State:
    s = edit(fresh(players=2), start_player=0, half_year=1 if summer else 2)
    for p in (0, 1):
        set_res(s, p, food=20, grain=5, wood=10, clay=10, brick=4)
    return s


def test_fields_are_shared_and_come_back() -> None:
    s = two()
    give(s, 0, "plow")
    give(s, 1, "plow", "horse_cart")
    edit(s, supply={"field": 1}, in_place=True)
    s.apply("place farmer")
    s.apply("field grain")
    assert s.pool["field"] == 0
    s.apply("done")
    s.apply("place laborer_summer")
    s.apply("imitate farmer")
    assert not any(a.startswith("field") for a in legal(s))
    s.apply("load 1 0 hage")         # player 1 sells a Field: back to the supply
    s.apply("sell field:flax")
    assert s.pool["field"] == 1
    assert "field grain" in legal(s)


def test_stalls_are_shared() -> None:
    s = two()
    edit(s, supply={"stall_depot": 1}, in_place=True)
    s.apply("place carpenter_summer")
    s.apply("stall")
    s.apply("pay grain:1 clay:2")
    assert s.pool["stall_depot"] == 0
    s.apply("place laborer_summer")
    assert "imitate carpenter_summer" in legal(s)
    s.apply("imitate carpenter_summer")
    assert "stall" not in legal(s)


def test_forests_are_shared() -> None:
    s = two()
    edit(s, supply={"forest_park": 1}, in_place=True)
    s.apply("place forester")
    s.apply("forest")
    assert s.pool["forest_park"] == 0
    s.apply("place laborer_summer")
    s.apply("imitate forester")
    assert "forest" not in legal(s)


def test_stables_are_shared() -> None:
    s = two(summer=False)
    edit(s, supply={"stable": 1}, in_place=True)
    s.apply("place carpenter_winter")
    s.apply("stable")
    assert s.pool["stable"] == 0
    s.apply("place laborer_winter")
    s.apply("imitate carpenter_winter")
    assert "stable" not in legal(s)


def test_peat_boats_and_plows_are_one_shared_supply() -> None:
    s = two(summer=False)
    edit(s, supply={"boat_plow": 1}, in_place=True)
    s.apply("place wainwright")
    s.apply("peat_boat")
    assert s.pool["boat_plow"] == 0
    if s.stack:
        s.apply("done")
    s.apply("place farmer")          # player 1: Special Action, a Summer space
    assert not any(a.startswith("plow") for a in legal(s))


def test_vehicles_are_shared_and_come_back() -> None:
    s = two(summer=False)
    edit(s, supply={"cart_horse_cart": 1}, res={"wood": 10}, animals={"horses": 2},
         in_place=True)
    s.apply("place wainwright")
    s.apply("vehicle cart")
    assert s.pool["cart_horse_cart"] == 0
    if s.stack:
        s.apply("done")
    s.apply("place laborer_winter")
    s.apply("imitate wainwright")
    vehicles = {a for a in legal(s) if a.startswith("vehicle")}
    assert "vehicle cart" not in vehicles and "vehicle horse_cart" not in vehicles
    assert "vehicle handcart" in vehicles
    s.apply("done")
    s.apply("return cart@0")         # player 0 gives the Cart back
    assert s.pool["cart_horse_cart"] == 1
    s.apply("skip")
    s.apply("place laborer_summer")  # player 1: Special Action
    assert "vehicle cart" in legal(s)
