"""Rulebook: "The Vehicles", "Loading Vehicles" and "Details on Vehicles" (RULINGS 5, 8).

Loading: Wood/Clay become Timber/Brick on single spaces (Clay also costs 1 Peat);
Linen/Woolen/Leather (sizes 2/3/3) become Summer/Winter/Leather Wear; double spaces
are never split and never take size-1 tiles; the Wagon's singles are never joined;
loads stay out of reach until the next inventory empties the vehicles.
"""

from __future__ import annotations

import pytest
from util import fresh, legal, res, set_animals, set_res, play_out_half_year

from arle import IllegalActionError
from arle.engine import farm as F
from arle.position import edit
from arle.state import State


def give(s: State, p: int, *kinds: str) -> State:
    """Put equipment from the shared supply into player p's barn."""
    return edit(s, p, equipment=kinds, in_place=True)


def loads(s: State, item: str) -> set[str]:
    """The legal ``load I J ITEM`` actions for one item, as "I J" strings."""
    out = set()
    for a in s.legal_actions():
        if a.verb == "load" and a.args[2] == item:
            out.add(f"{a.args[0]} {a.args[1]}")
    return out


def bare(players: int = 1) -> State:
    """A fresh game whose player 0 owns nothing loadable and nothing sellable except
    what a test sets up (no goods, no fields, no moors, no boardwalk, no animals)."""
    return edit(fresh(players=players), res={}, only=True, grid=[""] * 21, bw_peat=0,
                animals=(0, 0, 0))




# ---------------------------------------------------------------------------
# Building materials on single spaces
# ---------------------------------------------------------------------------
def test_wood_is_loaded_as_timber() -> None:
    s = give(fresh(), 0, "handcart")
    s.apply("load 0 0 wood")
    assert res(s, 0, "wood") == 3
    assert res(s, 0, "timber") == 0  # not reachable before the inventory
    assert s.players[0].barn[0] == ["handcart", "timber"]


def test_clay_is_loaded_as_brick_and_costs_one_peat() -> None:
    s = give(fresh(), 0, "handcart")
    s.apply("load 0 0 clay")
    assert (res(s, 0, "clay"), res(s, 0, "peat"), res(s, 0, "brick")) == (3, 2, 0)
    assert s.players[0].barn[0] == ["handcart", "brick"]


def test_clay_cannot_be_loaded_without_peat() -> None:
    s = set_res(give(fresh(), 0, "handcart"), 0, peat=0)
    assert loads(s, "clay") == set()
    assert loads(s, "wood") == {"0 0"}
    with pytest.raises(IllegalActionError):
        s.apply("load 0 0 clay")


def test_nothing_to_load_without_the_good() -> None:
    s = set_res(give(fresh(), 0, "horse_cart"), 0, wood=0, clay=0, timber=3, brick=3)
    # Timber and Brick are already upgraded: they are never loaded.
    assert loads(s, "wood") == loads(s, "clay") == set()
    assert not any(a.verb == "load" and a.args[2] in ("timber", "brick")
                   for a in s.legal_actions())


# ---------------------------------------------------------------------------
# Fabrics: sizes 2 / 3 / 3
# ---------------------------------------------------------------------------
def test_fabric_sizes_on_a_horse_cart() -> None:
    s = set_res(give(fresh(), 0, "horse_cart"), 0, linen=1, woolen=1, leather=1)
    assert loads(s, "wood") == {"0 0", "0 1", "0 2", "0 3"}
    assert loads(s, "linen") == {"0 0", "0 1", "0 2"}     # size 2
    assert loads(s, "woolen") == {"0 0", "0 1"}           # size 3
    assert loads(s, "leather") == {"0 0", "0 1"}          # size 3


@pytest.mark.parametrize("fabric,wear", [("linen", "summer_wear"),
                                         ("woolen", "winter_wear"),
                                         ("leather", "leather_wear")])
def test_fabric_becomes_clothing_after_the_inventory(fabric: str, wear: str) -> None:
    s = set_res(give(fresh(), 0, "horse_cart"), 0, **{fabric: 2})
    s.apply(f"load 0 0 {fabric}")
    assert res(s, 0, fabric) == 1 and res(s, 0, wear) == 0
    assert s.players[0].barn[0][1] == wear
    play_out_half_year(s)
    assert res(s, 0, wear) == 1
    assert s.players[0].barn[0] == ["horse_cart", "", "", "", ""]


def test_small_vehicles_cannot_carry_fabrics() -> None:
    s = set_res(give(fresh(), 0, "handcart", "wagon"), 0, linen=1, woolen=1, leather=1)
    assert loads(s, "linen") == loads(s, "woolen") == loads(s, "leather") == set()


# ---------------------------------------------------------------------------
# Single and double spaces
# ---------------------------------------------------------------------------
def test_wagon_singles_are_never_combined() -> None:
    s = set_res(give(fresh(), 0, "wagon"), 0, linen=1)
    set_animals(s, 0, sheep=1)  # Norden (size 2) could sell the sheep
    assert loads(s, "wood") == {"0 0", "0 1"}
    assert loads(s, "linen") == set()
    assert loads(s, "norden") == set()
    assert loads(s, "hage") == {"0 0", "0 1"}


def test_cart_singles_combine() -> None:
    s = set_res(give(fresh(), 0, "cart"), 0, linen=1, woolen=1)
    assert loads(s, "linen") == {"0 0", "0 1"}
    assert loads(s, "woolen") == {"0 0"}
    assert loads(s, "bremen") == set()  # only 3 spaces


def test_carriage_single_double_layout() -> None:
    # Carriage [1][2]: size 1 on the single, size 2 on the double, size 3 on both.
    s = set_res(give(fresh(), 0, "carriage"), 0, linen=1, woolen=1)
    assert loads(s, "wood") == {"0 0"}
    assert loads(s, "hage") == {"0 0"}
    assert loads(s, "linen") == {"0 1"}
    assert loads(s, "woolen") == {"0 0"}
    assert loads(s, "bremen") == set()


def test_droshky_single_double_single_layout() -> None:
    s = set_res(give(fresh(), 0, "droshky"), 0, linen=1, woolen=1)
    assert loads(s, "wood") == {"0 0", "0 2"}
    assert loads(s, "linen") == {"0 1"}
    assert loads(s, "woolen") == {"0 0", "0 1"}
    assert loads(s, "bremen") == {"0 0"}


def test_double_space_never_holds_a_size_one_tile() -> None:
    s = give(fresh(), 0, "carriage")
    s.apply("load 0 0 wood")
    # Only the double space is left: no Wood, Clay or small destination fits.
    assert loads(s, "wood") == loads(s, "clay") == loads(s, "hage") == set()
    assert loads(s, "beemoor") == set()


def test_two_summer_wear_on_a_droshky_is_impossible() -> None:
    # Rulebook example: the double space in the middle cannot be split.
    s = set_res(give(fresh(), 0, "droshky"), 0, linen=2)
    s.apply("load 0 1 linen")
    assert loads(s, "linen") == set()
    assert s.players[0].barn[0] == ["droshky", "", "summer_wear", ""]
    # ... but both outer single spaces still take Wood.
    assert loads(s, "wood") == {"0 0", "0 2"}


def test_a_double_space_is_not_split_by_a_size_three_tile() -> None:
    # Droshky [1][2][1]: Woolen on [1][2] leaves one single; a Linen cannot use it.
    s = set_res(give(fresh(), 0, "droshky"), 0, woolen=1, linen=1)
    s.apply("load 0 0 woolen")
    assert s.players[0].barn[0] == ["droshky", "winter_wear", "+", ""]
    assert loads(s, "linen") == set()
    assert loads(s, "wood") == {"0 2"}


def test_horse_cart_example_hage_aurich_and_timber() -> None:
    # Rulebook illustration: Hage and Aurich on a Horse Cart, Aurich on the two
    # middle single spaces, and one Timber.
    s = give(fresh(), 0, "horse_cart")
    s.apply("load 0 0 hage")
    s.apply("sell field:grain")  # Hage has one item: the frame closes by itself
    assert loads(s, "aurich") == {"0 1", "0 2"}
    s.apply("load 0 1 aurich")
    s.apply("sell horse")        # the only Horse: nothing else left to sell
    assert not s.stack
    s.apply("load 0 3 wood")
    assert s.players[0].barn[0] == ["horse_cart", "dest:hage", "dest:aurich", "+", "timber"]


def test_bremen_only_on_horse_cart_or_droshky() -> None:
    # The starting hydrated moors make Bremen usable (remove a Moor tile).
    bremen = set()
    # a barn holds at most 3 large vehicles: two barns between them have every vehicle
    for barn in (("handcart", "wagon", "cart", "horse_cart"), ("carriage", "droshky")):
        s = give(fresh(), 0, *barn)
        kinds = [b[0] for b in s.players[0].barn]
        bremen |= {kinds[int(x.split()[0])] for x in loads(s, "bremen")}
    assert bremen == {"horse_cart", "droshky"}


def test_a_loaded_cell_cannot_be_loaded_again() -> None:
    s = give(fresh(), 0, "handcart")
    s.apply("load 0 0 wood")
    assert loads(s, "wood") == set()
    with pytest.raises(IllegalActionError):
        s.apply("load 0 0 clay")


def test_identical_vehicles_are_one_choice() -> None:
    s = give(fresh(), 0, "handcart", "handcart")
    assert loads(s, "wood") == {"0 0"}
    s.apply("load 0 0 wood")
    assert loads(s, "wood") == {"1 0"}


# ---------------------------------------------------------------------------
# When loading is possible
# ---------------------------------------------------------------------------
def test_loading_is_an_anytime_action_in_the_work_phase() -> None:
    s = give(fresh(), 0, "handcart")
    assert "load 0 0 wood" in legal(s)        # at worker placement
    s.apply("place builder")                  # inside an action's decision
    assert s.stack and "load 0 0 wood" in legal(s)


def test_loading_after_the_last_worker_until_end() -> None:
    s = give(fresh(), 0, "handcart")
    for _ in range(4):
        s.apply("skip")
    assert s.phase == "work"
    assert legal(s) >= {"end", "load 0 0 wood"}
    s.apply("load 0 0 wood")
    assert s.phase == "work" and "end" in legal(s)
    s.apply("end")
    assert s.phase == "inventory"


def test_no_loading_during_the_inventory() -> None:
    s = give(fresh(), 0, "handcart")
    set_animals(s, 0, horse=1)
    for _ in range(4):
        s.apply("skip")
    s.apply("end")
    assert s.stack and s.stack[-1].KIND == "sustain"
    assert not any(a.startswith("load") for a in legal(s))


def test_vehicle_can_be_loaded_right_after_it_is_built() -> None:
    s = edit(fresh(), res={"wood": 6}, half_year=2)
    s.apply("place wainwright")
    s.apply("vehicle handcart")
    assert "load 0 0 wood" in legal(s)   # still inside the Wainwright's frame
    s.apply("load 0 0 wood")
    assert s.players[0].barn[0] == ["handcart", "timber"]


# ---------------------------------------------------------------------------
# Emptying
# ---------------------------------------------------------------------------
def test_loads_are_out_of_reach_until_the_inventory() -> None:
    s = give(fresh(), 0, "handcart", "horse_cart")
    s.apply("load 0 0 wood")
    # The Timber on the handcart cannot be sold at Bremen (only the moor can go).
    s.apply("load 1 0 bremen")
    assert not any(a.startswith("sell timber") for a in legal(s))
    assert any(a.startswith("sell moor") for a in legal(s))


def test_inventory_empties_goods_to_supply_and_destinations_to_the_track() -> None:
    s = set_res(give(fresh(), 0, "horse_cart", "droshky"), 0, linen=1, peat=5)
    s.apply("load 0 0 wood")
    s.apply("load 0 1 clay")
    s.apply("load 0 2 beemoor")      # sells 1 Peat (single option: automatic)
    s.apply("load 1 1 linen")
    before = (res(s, 0, "timber"), res(s, 0, "brick"), res(s, 0, "summer_wear"))
    assert before == (0, 0, 0)
    play_out_half_year(s)
    pl = s.players[0]
    assert (res(s, 0, "timber"), res(s, 0, "brick"), res(s, 0, "summer_wear")) == (1, 1, 1)
    assert pl.travel == ["beemoor"]
    assert pl.barn == [["horse_cart", "", "", "", ""], ["droshky", "", "", ""]]
    # The emptied vehicle can be loaded again in the new half year.
    assert "load 0 0 wood" in legal(s)


def test_loading_station_puts_peat_from_the_general_supply_on_single_spaces() -> None:
    s = give(fresh(), 0, "carriage")
    edit(s, built={"loading_station": F.empty_land(s.players[0])[0]}, in_place=True)
    assert loads(s, "peat") == {"0 0"}        # never on the double space
    s.apply("load 0 0 peat")
    assert res(s, 0, "peat") == 3             # nothing paid from the own supply
    play_out_half_year(s)
    # 3 + 1 Peat from the vehicle, then 2 Peat burnt in November's sustenance
    assert res(s, 0, "peat") == 2


# ---------------------------------------------------------------------------
# The barn: returning equipment
# ---------------------------------------------------------------------------
def test_returning_an_empty_vehicle_puts_it_back_in_the_shared_supply() -> None:
    s = give(fresh(), 0, "cart")
    assert s.pool["cart_horse_cart"] == 2
    s.apply("return cart@0")
    assert s.players[0].barn == [] and s.pool["cart_horse_cart"] == 3


def test_a_loaded_vehicle_is_not_returned() -> None:
    # Reading: returning a vehicle would lose its loads, so only empty ones are offered.
    s = give(fresh(), 0, "handcart")
    s.apply("load 0 0 wood")
    assert not any(a.startswith("return") for a in legal(s))


def test_bare_player_has_nothing_to_load() -> None:
    s = give(bare(), 0, "horse_cart")
    assert not any(a.startswith("load") for a in legal(s))
