"""Index of Minor Craft Buildings (yellow, plus the promo Peat-Fired Brickworks of
RULINGS 11) and Index of Major Craft Buildings (orange): VP and the one-time effect
when built.  Costs are in test_building_costs.py."""

from __future__ import annotations

import pytest

from arle.data import catalog as C
from arle.engine import farm as F
from util import fresh, home, legal, only, res, set_animals, set_tool, top

from arle.position import edit

# VP as printed in the rulebook's indexes (and RULINGS 11 for the promo)
VP = {"turnery": 5, "smokehouse": 5, "smithy": 3, "cooperage": 4, "bakehouse": 4,
      "peat_fired_brickworks": 4,
      "mill": 6, "weaving_mill": 7, "textile_house": 9, "saddlery": 8, "joinery": 6,
      "waterfront_house": 10}
# a payment that covers each building exactly one way
COST = {
    **{b: {"timber": 1, "brick": 1} for b in
       ("turnery", "smokehouse", "smithy", "cooperage", "bakehouse", "peat_fired_brickworks")},
    "mill": {"timber": 1, "grain": 8},
    "weaving_mill": {"brick": 2, "wool": 10},
    "textile_house": {"brick": 1, "summer_wear": 1, "winter_wear": 1},
    "saddlery": {"timber": 2, "leather": 3},
    "joinery": {"timber": 2, "grain": 5},
    "waterfront_house": {"brick": 2, "food": 25},
}


def game(b):
    return fresh(buildings=[b], promos=b == "peat_fired_brickworks")


def build(s, b, **extra):
    """Give exactly the building's cost plus ``extra``, then build it with the Builder."""
    amounts = dict(extra)
    for k, n in COST[b].items():
        amounts[k] = amounts.get(k, 0) + n
    only(s, **amounts)
    s.apply("place builder")
    s.apply(f"build {b}")
    assert b in s.players[0].buildings
    return s


def no_peat_on_board(s):
    return edit(s, cells={F.BOARDWALK_CELL: ""}, bw_peat=0, in_place=True)


def resolve(s):
    """Answer every pending decision of the build the plainest way (``done`` if possible)."""
    while s.stack:
        acts = sorted(legal(s))
        s.apply("done" if "done" in acts else acts[0])


@pytest.mark.parametrize("b", sorted(VP))
def test_craft_building_vp(b):
    s = game(b)
    no_peat_on_board(s)
    before = home(s)
    build(s, b)
    resolve(s)
    assert home(s) == before + VP[b]
    assert s.players[0].grid.count(f"b:{b}") == 1
    assert b not in s.board


# ---------------------------------------------------------------------------
# Minor Craft Buildings
# ---------------------------------------------------------------------------
def test_turnery_wood_and_two_peat_cuts_per_forest():
    s = game("turnery")
    pl = s.players[0]
    cells = F.empty_land(pl)
    # replace the Grain Field too: 2 Forests in all; 4 Peat on the Moor tile + 4 on the
    # Small Boardwalk
    edit(s, cells={cells[0]: "forest", 3 * 3 + 2: "forest"}, dehydrated=[0],
         in_place=True)
    build(s, "turnery")
    assert res(s, 0, "wood") == 2
    assert top(s) == "cut"
    assert "done" not in legal(s)  # the cuts are not optional while Peat remains
    s.apply("cut m0 3")
    s.apply("cut bw 1")
    assert res(s, 0, "peat") == 4
    assert (pl.moor_peat[0], pl.bw_peat) == (1, 3)
    assert top(s) is None


def test_turnery_without_forests_gives_nothing():
    s = game("turnery")
    build(s, "turnery")
    assert top(s) is None
    assert (res(s, 0, "wood"), res(s, 0, "peat")) == (0, 0)


def test_turnery_parks_are_not_forests():
    # Reading: "per Forest" counts Forest tiles; a Park is the tile's other side.
    s = game("turnery")
    edit(s, cells={F.empty_land(s.players[0])[0]: "park"}, in_place=True)
    build(s, "turnery")
    assert (res(s, 0, "wood"), res(s, 0, "peat")) == (0, 0)


def test_turnery_cuts_only_what_the_moors_hold():
    s = game("turnery")
    pl = s.players[0]
    forests = {c: "forest" for c in F.empty_land(pl)}
    edit(s, cells={**forests, 3 * 3 + 2: "forest", 4 * 3 + 2: "forest",
                   3 * 3 + 0: ""},  # land for the Turnery: 3 Forests remain
         in_place=True)
    build(s, "turnery")
    assert res(s, 0, "wood") == 3
    s.apply("cut bw 4")  # 6 cuts due, only 4 Peat on the board
    assert res(s, 0, "peat") == 4
    assert pl.grid[F.BOARDWALK_CELL] == ""  # the emptied Small Boardwalk leaves
    assert top(s) is None


@pytest.mark.parametrize("traps", [2, 4, 6])
def test_smokehouse_cut_one_peat_per_fish_trap(traps):
    s = game("smokehouse")
    pl = s.players[0]
    edit(s, dehydrated=[1], in_place=True)
    set_tool(s, 0, "fish_traps", traps)
    build(s, "smokehouse")
    s.apply(f"cut m1 {min(traps, 4)}")
    if traps > 4:
        s.apply(f"cut bw {traps - 4}")
    assert res(s, 0, "peat") == traps
    assert top(s) is None
    assert pl.tools[C.FISH_TRAPS] == C.TOOL_VALUES[C.FISH_TRAPS].index(traps)


def give(s, kind, p=0):
    return edit(s, p, equipment=[kind], in_place=True)


def test_smithy_exchanges_small_equipment_for_plows_any_number():
    s = game("smithy")
    for k in ("peat_boat", "peat_boat", "handcart", "wagon", "cart"):
        give(s, k)
    pools = dict(s.pool)
    build(s, "smithy")
    assert legal(s) == {"exchange peat_boat", "exchange handcart", "exchange wagon", "done"}
    s.apply("exchange handcart")
    s.apply("exchange peat_boat")
    s.apply("exchange wagon")
    assert legal(s) == {"exchange peat_boat", "done"}
    s.apply("exchange peat_boat")
    assert legal(s) == {"done"} or top(s) is None
    kinds = sorted(b[0] for b in s.players[0].barn)
    assert kinds == ["cart", "plow", "plow", "plow", "plow"]
    assert s.pool["handcart_wagon"] == pools["handcart_wagon"] + 2
    assert s.pool["boat_plow"] == pools["boat_plow"] - 2  # boats flip to plows
    before = s.scores()[0].categories["equipment"]
    assert before == 4 * 3 + 1


def test_smithy_may_stop_early_and_needs_plows_in_supply():
    s = game("smithy")
    give(s, "handcart")
    give(s, "wagon")
    edit(s, supply={"boat_plow": 1}, in_place=True)
    build(s, "smithy")
    s.apply("exchange wagon")
    # no Plow left in the supply for the Handcart
    assert top(s) is None
    assert sorted(b[0] for b in s.players[0].barn) == ["handcart", "plow"]


def test_smithy_without_small_equipment_asks_nothing():
    s = game("smithy")
    give(s, "cart")
    build(s, "smithy")
    assert top(s) is None
    assert [b[0] for b in s.players[0].barn] == ["cart"]


@pytest.mark.parametrize("sheep,cattle,horses,k", [
    (2, 2, 9, 0), (3, 2, 0, 1), (0, 9, 0, 1), (5, 5, 0, 2), (7, 7, 0, 2), (8, 7, 0, 3),
    (20, 0, 0, 3),
])
def test_cooperage_dairy_thresholds(sheep, cattle, horses, k):
    s = edit(game("cooperage"), dikes=7)  # room for the herds (the building itself
    # takes a pasture)
    set_animals(s, 0, sheep=sheep, cattle=cattle, horse=horses)
    build(s, "cooperage", food=3, grain=1, flax=2, hide=3, wool=4)
    r = s.players[0].res
    # both Food indicators move k: Food rises by 2k
    assert (r[C.FOOD], r[C.GRAIN], r[C.FLAX], r[C.HIDE], r[C.WOOL]) == (
        3 + 2 * k, 1 + k, 2 + k, 3 + k, 4 + k)
    assert r[C.WOOD] == r[C.CLAY] == r[C.PEAT] == 0


def test_cooperage_indicators_stop_at_15_and_food_at_30():
    s = edit(game("cooperage"), dikes=7)
    set_animals(s, 0, sheep=10, cattle=5)
    build(s, "cooperage", food=27, grain=14, flax=15, hide=13, wool=0)
    r = s.players[0].res
    assert (r[C.FOOD], r[C.GRAIN], r[C.FLAX], r[C.HIDE], r[C.WOOL]) == (30, 15, 15, 15, 3)


@pytest.mark.parametrize("ovens,grain,flax,best", [(1, 9, 9, 1), (3, 9, 9, 3), (4, 5, 9, 2),
                                                    (4, 9, 1, 1)])
def test_bakehouse_per_oven_2_grain_1_flax_to_8_food(ovens, grain, flax, best):
    s = game("bakehouse")
    set_tool(s, 0, "ovens", ovens)
    build(s, "bakehouse", grain=grain, flax=flax, food=1)
    converts = {a for a in legal(s) if a.startswith("convert")}
    assert converts == {f"convert {n}" for n in range(1, best + 1)}
    s.apply(f"convert {best}")
    r = s.players[0].res
    assert (r[C.GRAIN], r[C.FLAX], r[C.FOOD]) == (grain - 2 * best, flax - best, 1 + 8 * best)
    assert top(s) is None
    assert s.players[0].tools[C.OVENS] == ovens - 1  # the Ovens stay


def test_bakehouse_may_be_declined():
    s = game("bakehouse")
    build(s, "bakehouse", grain=2, flax=1)
    s.apply("done")
    assert (res(s, 0, "grain"), res(s, 0, "food")) == (2, 0)


@pytest.mark.parametrize("shovels,clay,peat,best", [(3, 9, 9, 3), (6, 9, 9, 6), (5, 2, 9, 2),
                                                     (4, 9, 3, 3)])
def test_peat_fired_brickworks_per_shovel_clay_and_peat_to_brick(shovels, clay, peat, best):
    s = game("peat_fired_brickworks")
    set_tool(s, 0, "shovels", shovels)
    build(s, "peat_fired_brickworks", clay=clay, peat=peat)
    converts = {a for a in legal(s) if a.startswith("convert")}
    assert converts == {f"convert {n}" for n in range(1, best + 1)}
    s.apply(f"convert {best}")
    r = s.players[0].res
    assert (r[C.CLAY], r[C.PEAT], r[C.BRICK]) == (clay - best, peat - best, best)
    assert top(s) is None


# ---------------------------------------------------------------------------
# Major Craft Buildings
# ---------------------------------------------------------------------------
def with_fields(s, n):
    """Give the player exactly ``n`` Fields and enough land for the Mill."""
    pl = s.players[0]
    no_fields = {c: "" for c in range(21) if pl.grid[c] in ("field_grain", "field_flax")}
    edit(s, dikes=7, cells=no_fields, in_place=True)  # every row is land
    free = F.empty_land(pl)
    return edit(s, cells={free[i]: "field_grain" if i % 2 else "field_flax"
                          for i in range(n)}, in_place=True)


@pytest.mark.parametrize("fields,food", [(0, 0), (1, 0), (2, 0), (3, 8), (4, 8), (5, 10),
                                         (6, 12), (8, 12)])
def test_mill_food_by_fields(fields, food):
    s = game("mill")
    with_fields(s, fields)
    build(s, "mill", food=2)
    assert res(s, 0, "food") == 2 + food
    assert F.fields(s.players[0]) == fields  # the Fields stay


def test_mill_start_farm_two_fields_no_food():
    s = game("mill")
    build(s, "mill", food=2)
    assert res(s, 0, "food") == 2


def test_weaving_mill_winter_wear_and_two_loom_steps():
    s = game("weaving_mill")
    build(s, "weaving_mill")
    pl = s.players[0]
    assert res(s, 0, "winter_wear") == 1
    assert C.TOOL_VALUES[C.WEAVING_LOOMS][pl.tools[C.WEAVING_LOOMS]] == 4
    assert res(s, 0, "wood") == 0  # free moves


def test_weaving_mill_loom_steps_stop_at_the_end():
    s = game("weaving_mill")
    set_tool(s, 0, "weaving_looms", 4)
    build(s, "weaving_mill")
    assert C.TOOL_VALUES[C.WEAVING_LOOMS][s.players[0].tools[C.WEAVING_LOOMS]] == 5


def test_textile_house_linen_woolen_leather():
    s = game("textile_house")
    build(s, "textile_house")
    r = s.players[0].res
    assert (r[C.LINEN], r[C.WOOLEN], r[C.LEATHER]) == (1, 1, 1)
    assert (r[C.SUMMER_WEAR], r[C.WINTER_WEAR], r[C.BRICK]) == (0, 0, 0)


def test_saddlery_cut_per_horse_then_one_fleshing_beam():
    s = game("saddlery")
    set_animals(s, 0, horse=3)
    edit(s, dehydrated=[2], in_place=True)
    build(s, "saddlery")
    assert top(s) == "cut"
    # the Fleshing Beam moves afterwards
    assert s.players[0].tools[C.FLESHING_BEAMS] == 0
    s.apply("cut m2 2")
    s.apply("cut bw 1")
    assert res(s, 0, "peat") == 3
    assert C.TOOL_VALUES[C.FLESHING_BEAMS][s.players[0].tools[C.FLESHING_BEAMS]] == 5
    assert s.players[0].animals[C.HORSE] == 3  # the Horses stay
    assert top(s) is None


def test_saddlery_without_horses_still_moves_the_beam():
    s = game("saddlery")
    set_animals(s, 0, horse=0)
    set_tool(s, 0, "fleshing_beams", 5)
    build(s, "saddlery")
    assert res(s, 0, "peat") == 0
    assert C.TOOL_VALUES[C.FLESHING_BEAMS][s.players[0].tools[C.FLESHING_BEAMS]] == 6


def test_joinery_two_peat_per_boat_one_horse_per_plow():
    s = game("joinery")
    # five small pieces fill the barn (no large vehicle)
    for k in ("peat_boat", "peat_boat", "plow", "plow", "plow"):
        give(s, k)
    build(s, "joinery")
    assert res(s, 0, "peat") == 4  # from the general supply
    assert s.players[0].bw_peat == 4
    assert s.players[0].animals[C.HORSE] == 1 + 3
    assert top(s) is None


def test_joinery_without_equipment_gives_nothing():
    s = game("joinery")
    build(s, "joinery")
    assert res(s, 0, "peat") == 0 and s.players[0].animals == [0, 0, 1]


def overfull_joinery():
    s = game("joinery")
    for _ in range(3):
        give(s, "plow")
    pl = s.players[0]
    # land: Stall (3) + 1 pasture (2, the Joinery takes the other) + 5 dikes = 10 places
    set_animals(s, 0, horse=9)
    assert F.empty_land(pl) and len(F.empty_land(pl)) == 2
    return s


def test_joinery_horses_must_be_housed():
    s = overfull_joinery()
    set_animals(s, 0, sheep=1)  # two kinds to give back: a real choice
    build(s, "joinery")
    assert top(s) == "house"
    assert s.players[0].animals == [1, 0, 12]
    assert legal(s) == {"release sheep", "release horse"}


def test_joinery_unhoused_horses_go_back_until_they_fit():
    s = overfull_joinery()
    build(s, "joinery")
    # one kind only: giving back is forced, exactly down to the 10 places
    assert s.players[0].animals == [0, 0, 10]
    assert top(s) is None


def test_joinery_housing_choice_ends_once_all_fit():
    s = overfull_joinery()
    set_animals(s, 0, sheep=1)
    build(s, "joinery")
    s.apply("release horse")
    s.apply("release horse")
    assert top(s) == "house"
    s.apply("release horse")
    assert s.players[0].animals == [1, 0, 9]
    assert top(s) is None


def test_waterfront_house_net_minus_15_food_two_dikes_three_fish_traps():
    s = game("waterfront_house")
    build(s, "waterfront_house", food=5)  # 30 Food
    pl = s.players[0]
    assert res(s, 0, "food") == 15
    assert res(s, 0, "brick") == 0
    assert pl.dikes == 2
    assert C.TOOL_VALUES[C.FISH_TRAPS][pl.tools[C.FISH_TRAPS]] == 5


def test_waterfront_house_fish_traps_stop_at_6_and_dikes_at_7():
    s = game("waterfront_house")
    set_tool(s, 0, "fish_traps", 5)
    edit(s, dikes=6, in_place=True)
    build(s, "waterfront_house")
    pl = s.players[0]
    assert res(s, 0, "food") == 10
    assert pl.dikes == 7
    assert C.TOOL_VALUES[C.FISH_TRAPS][pl.tools[C.FISH_TRAPS]] == 6


def test_waterfront_house_dikes_turn_row_two_into_land():
    s = game("waterfront_house")
    build(s, "waterfront_house")
    # two dike moves: row 2 is land, row 1 not yet (that takes four)
    assert C.first_land_row(s.players[0].dikes) == 2
    assert set(F.empty_land(s.players[0])) >= {6, 7, 8}
