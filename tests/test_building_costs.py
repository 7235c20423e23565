"""Building costs: "Further Details on the Action Spaces", item 2 (placing tiles and the
building costs printed on the game board), the cost lines of the building indexes, and
RULINGS 6 (Mill, Weaving Mill) and 11 (promo tiles).

Every test builds through the public API: a worker on the Builder, ``build ID``, then a
``pay ...`` choice only where the ways to pay differ.
"""

from __future__ import annotations

import pytest

from arle.data import catalog as C
from util import fresh, legal, only

from arle.position import edit

LIGHT_GREEN = ["farmers_house", "plow_makers_workshop", "novices_hut", "workshop"]
DARK_GREEN = ["weaving_parlor", "colonists_house", "carpenters_workshop",
              "schnapps_distillery", "loading_station", "litter_storage", "wood_trader"]
YELLOW = ["turnery", "smokehouse", "smithy", "cooperage", "bakehouse"]
BLUE = ["potters_inn", "farmers_inn", "junk_dealers_inn", "gulf_house_inn",
        "milk_house_inn", "sluice_yard_inn"]
RED = ["village_church", "lutetsburg_castle", "berum_castle"]


def game(*ids, promos=False, players=1):
    return fresh(players=players, buildings=list(ids), promos=promos)


def at_builder(s):
    s.apply("place builder")
    return s


def build_options(s):
    return {a for a in legal(s) if a.startswith("build ")}


def pay_options(s):
    return {a for a in legal(s) if a.startswith("pay ")}


# ---------------------------------------------------------------------------
# Small Houses: any 1 building material and 1 Grain
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("b", LIGHT_GREEN + DARK_GREEN)
def test_small_house_costs_any_one_material_and_one_grain(b):
    s = game(b)
    only(s, wood=1, clay=1, timber=1, brick=1, grain=1)
    at_builder(s)
    s.apply(f"build {b}")
    # four materials, four genuinely different payments
    assert pay_options(s) == {"pay grain:1 wood:1", "pay grain:1 clay:1",
                              "pay grain:1 timber:1", "pay grain:1 brick:1"}
    s.apply("pay grain:1 brick:1")
    r = s.players[0].res
    assert (r[C.GRAIN], r[C.WOOD], r[C.CLAY], r[C.TIMBER], r[C.BRICK]) == (0, 1, 1, 1, 0)
    assert b in s.players[0].buildings


@pytest.mark.parametrize("material", ["wood", "clay", "timber", "brick"])
def test_small_house_single_material_pays_without_asking(material):
    s = game("workshop")
    only(s, grain=2, **{material: 3})
    at_builder(s)
    s.apply("build workshop")
    assert not s.stack or s.stack[-1].KIND != "pay"
    assert s.players[0].res[C.RES_INDEX[material]] == 2
    assert s.players[0].res[C.GRAIN] == 1
    assert "workshop" in s.players[0].buildings


def test_small_house_needs_grain():
    s = game("workshop", "weaving_parlor")
    only(s, wood=4, clay=4, timber=4, brick=4, flax=5, food=9)
    at_builder(s)
    assert build_options(s) == set()


def test_small_house_needs_a_building_material():
    s = game("workshop")
    only(s, grain=5, peat=5, food=9)
    at_builder(s)
    assert build_options(s) == set()


# ---------------------------------------------------------------------------
# Minor Craft Buildings: 1 Timber and 1 Brick (Wood/Clay are no substitute)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("b", YELLOW)
def test_minor_craft_costs_one_timber_one_brick(b):
    s = game(b)
    only(s, timber=2, brick=2, wood=5, clay=5)
    at_builder(s)
    s.apply(f"build {b}")
    assert not any(f.KIND == "pay" for f in s.stack)
    r = s.players[0].res
    assert (r[C.TIMBER], r[C.BRICK], r[C.WOOD], r[C.CLAY]) == (1, 1, 5, 5)
    assert b in s.players[0].buildings


@pytest.mark.parametrize("missing", ["timber", "brick"])
def test_minor_craft_wood_or_clay_cannot_replace_timber_or_brick(missing):
    s = game("turnery")
    have = {"timber": 1, "brick": 1, "wood": 9, "clay": 9}
    have[missing] = 0
    only(s, **have)
    at_builder(s)
    assert "build turnery" not in legal(s)


def test_peat_fired_brickworks_costs_like_a_minor_craft_building():
    s = game("peat_fired_brickworks", promos=True)
    only(s, timber=1, brick=1)
    at_builder(s)
    s.apply("build peat_fired_brickworks")
    r = s.players[0].res
    assert (r[C.TIMBER], r[C.BRICK]) == (0, 0)
    assert "peat_fired_brickworks" in s.players[0].buildings


# ---------------------------------------------------------------------------
# Major Craft Buildings: individual costs
# ---------------------------------------------------------------------------
def test_mill_costs_timber_and_8_flax_or_8_grain():
    s = game("mill")
    only(s, timber=1, flax=9, grain=8)
    at_builder(s)
    s.apply("build mill")
    assert pay_options(s) == {"pay grain:8 timber:1", "pay flax:8 timber:1"}
    s.apply("pay flax:8 timber:1")
    r = s.players[0].res
    assert (r[C.TIMBER], r[C.FLAX], r[C.GRAIN]) == (0, 1, 8)


def test_mill_no_mixing_of_flax_and_grain():
    s = game("mill")
    only(s, timber=1, flax=7, grain=7)
    at_builder(s)
    assert "build mill" not in legal(s)


def test_mill_needs_timber_not_wood():
    s = game("mill")
    only(s, wood=3, grain=8)
    at_builder(s)
    assert "build mill" not in legal(s)


def test_mill_with_only_grain_pays_grain_without_asking():
    s = game("mill")
    only(s, timber=1, flax=7, grain=8)
    at_builder(s)
    s.apply("build mill")
    r = s.players[0].res
    assert (r[C.TIMBER], r[C.FLAX], r[C.GRAIN]) == (0, 7, 0)


def test_weaving_mill_costs_2_brick_and_10_flax_or_10_wool():
    # RULINGS 6: the printed tile asks for Wool (goods track), not Woolen.
    s = game("weaving_mill")
    only(s, brick=2, flax=10, wool=12)
    at_builder(s)
    s.apply("build weaving_mill")
    assert pay_options(s) == {"pay flax:10 brick:2", "pay wool:10 brick:2"}
    s.apply("pay wool:10 brick:2")
    r = s.players[0].res
    assert (r[C.BRICK], r[C.FLAX], r[C.WOOL]) == (0, 10, 2)


def test_weaving_mill_woolen_is_no_payment():
    s = game("weaving_mill")
    only(s, brick=2, woolen=10, flax=9, wool=9)
    at_builder(s)
    assert "build weaving_mill" not in legal(s)


def test_weaving_mill_no_mixing_and_clay_is_no_brick():
    s = game("weaving_mill")
    only(s, brick=1, clay=5, flax=10)
    at_builder(s)
    assert "build weaving_mill" not in legal(s)
    only(s, brick=2, flax=5, wool=5)
    assert "build weaving_mill" not in legal(s)


def test_textile_house_costs_brick_and_two_different_clothing():
    s = game("textile_house")
    only(s, brick=1, summer_wear=1, winter_wear=1, leather_wear=1)
    at_builder(s)
    s.apply("build textile_house")
    assert pay_options(s) == {"pay brick:1 summer_wear:1 winter_wear:1",
                              "pay brick:1 summer_wear:1 leather_wear:1",
                              "pay brick:1 winter_wear:1 leather_wear:1"}
    s.apply("pay brick:1 summer_wear:1 leather_wear:1")
    r = s.players[0].res
    assert (r[C.BRICK], r[C.SUMMER_WEAR], r[C.WINTER_WEAR], r[C.LEATHER_WEAR]) == (0, 0, 1, 0)


def test_textile_house_two_of_the_same_clothing_is_not_enough():
    s = game("textile_house")
    only(s, brick=3, summer_wear=5, linen=5, woolen=5, leather=5)
    at_builder(s)
    assert "build textile_house" not in legal(s)


def test_saddlery_costs_2_timber_and_3_leather():
    s = game("saddlery")
    only(s, timber=2, leather=3, wood=9)
    at_builder(s)
    s.apply("build saddlery")
    r = s.players[0].res
    assert (r[C.TIMBER], r[C.LEATHER], r[C.WOOD]) == (0, 0, 9)
    s = game("saddlery")
    only(s, timber=2, leather=2, hide=9)
    at_builder(s)
    assert "build saddlery" not in legal(s)


def test_joinery_costs_2_timber_and_5_grain():
    s = game("joinery")
    only(s, timber=2, grain=5)
    at_builder(s)
    s.apply("build joinery")
    r = s.players[0].res
    assert (r[C.TIMBER], r[C.GRAIN]) == (0, 0)
    s = game("joinery")
    only(s, timber=1, wood=5, grain=9)
    at_builder(s)
    assert "build joinery" not in legal(s)


def test_waterfront_house_costs_2_brick_and_25_food():
    s = game("waterfront_house")
    only(s, brick=2, food=25)
    at_builder(s)
    s.apply("build waterfront_house")
    r = s.players[0].res
    assert r[C.BRICK] == 0
    assert r[C.FOOD] == 10  # 25 paid, 10 received back
    s = game("waterfront_house")
    only(s, brick=2, food=24)
    at_builder(s)
    assert "build waterfront_house" not in legal(s)


# ---------------------------------------------------------------------------
# Inns: 2 different building materials and 9 Food
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("b", BLUE)
def test_inn_costs_two_different_materials_and_9_food(b):
    s = game(b)
    only(s, wood=1, clay=1, timber=1, brick=1, food=12)
    at_builder(s)
    s.apply(f"build {b}")
    assert pay_options(s) == {
        "pay food:9 wood:1 clay:1", "pay food:9 wood:1 timber:1", "pay food:9 wood:1 brick:1",
        "pay food:9 clay:1 timber:1", "pay food:9 clay:1 brick:1",
        "pay food:9 timber:1 brick:1",
    }
    s.apply("pay food:9 wood:1 timber:1")
    r = s.players[0].res
    # (Wood/Timber are checked on an Inn whose effect gives neither, below.)
    assert (r[C.FOOD], r[C.CLAY], r[C.BRICK]) == (3, 1, 1)
    assert b in s.players[0].buildings


def test_inn_wood_and_timber_count_as_different_materials():
    s = game("farmers_inn")
    only(s, wood=1, timber=1, food=9)
    at_builder(s)
    s.apply("build farmers_inn")
    r = s.players[0].res
    assert (r[C.WOOD], r[C.TIMBER], r[C.FOOD]) == (0, 0, 0)
    assert "farmers_inn" in s.players[0].buildings


@pytest.mark.parametrize("material", ["wood", "clay", "timber", "brick"])
def test_inn_two_of_the_same_material_is_not_enough(material):
    # Reading: "Timber instead of Wood" does not turn a second Timber into a different
    # material; two different building materials means two different kinds of tile.
    s = game("farmers_inn")
    only(s, food=20, **{material: 5})
    at_builder(s)
    assert "build farmers_inn" not in legal(s)


def test_inn_needs_9_food():
    s = game("farmers_inn")
    only(s, wood=1, clay=1, food=8, grain=9)
    at_builder(s)
    assert "build farmers_inn" not in legal(s)


# ---------------------------------------------------------------------------
# Large Buildings: 3 Timber, 3 Brick, 15 Food (promo Peat Power Plant alike)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("b", RED + ["peat_power_plant"])
def test_large_building_costs_3_timber_3_brick_15_food(b):
    s = game(b, promos=b == "peat_power_plant")
    only(s, timber=3, brick=3, food=16, wood=9, clay=9)
    at_builder(s)
    s.apply(f"build {b}")
    assert not any(f.KIND == "pay" for f in s.stack)
    r = s.players[0].res
    assert (r[C.TIMBER], r[C.BRICK], r[C.WOOD], r[C.CLAY]) == (0, 0, 9, 9)
    assert r[C.FOOD] == 1
    assert b in s.players[0].buildings


@pytest.mark.parametrize("short", ["timber", "brick", "food"])
def test_large_building_unaffordable_when_short(short):
    s = game("berum_castle")
    have = {"timber": 3, "brick": 3, "food": 15, "wood": 9, "clay": 9}
    have[short] -= 1
    only(s, **have)
    at_builder(s)
    assert "build berum_castle" not in legal(s)


# ---------------------------------------------------------------------------
# Placement: an empty Land Space, and each tile exists once
# ---------------------------------------------------------------------------
def fill_land(s, p=0):
    """Cover every empty Land Space with a Forest."""
    from arle.engine import farm as F
    return edit(s, p, cells={cell: "forest" for cell in F.empty_land(s.players[p])},
                in_place=True)


@pytest.mark.parametrize("b", ["workshop", "mill", "farmers_inn", "berum_castle"])
def test_building_needs_an_empty_land_space(b):
    s = fresh(players=1)  # first game: all of these are on the board
    only(s, wood=9, clay=9, timber=9, brick=9, food=30, grain=9, flax=9)
    fill_land(s)
    at_builder(s)
    assert build_options(s) == set()


def test_tidal_flats_are_no_land_but_diked_rows_are():
    s = fresh(players=1)
    only(s, wood=9, grain=9)
    fill_land(s)
    edit(s, dikes=1, in_place=True)  # row 2 becomes land
    at_builder(s)
    s.apply("build workshop")
    g = s.players[0].grid
    assert g.index("b:workshop") // 3 == 2


def test_built_tile_lies_on_an_empty_land_space_and_leaves_the_board():
    s = fresh(players=1)
    only(s, wood=2, grain=2)
    before = list(s.players[0].grid)
    at_builder(s)
    s.apply("build workshop")
    g = s.players[0].grid
    cell = g.index("b:workshop")
    assert before[cell] == "" and cell // 3 >= 3
    assert "workshop" not in s.board
    assert s.players[0].buildings == ["workshop"]


def test_each_building_exists_once_two_players():
    s = fresh(players=2)
    p = s.current_player
    q = 1 - p
    for who in (p, q):
        only(s, who, wood=5, grain=5)
    s.apply("place builder")
    s.apply("build workshop")
    # the other player's Carpenter: Workshop is gone from the board
    assert s.current_player == q
    s.apply("place carpenter_summer")
    opts = build_options(s)
    assert "build workshop" not in opts
    assert {"build farmers_house", "build novices_hut", "build plow_makers_workshop"} <= opts


def test_same_player_cannot_build_a_building_twice():
    s = fresh(players=1)
    only(s, wood=5, grain=5)
    at_builder(s)
    s.apply("build workshop")
    s.apply("place carpenter_summer")
    assert "build workshop" not in legal(s)
    assert "build novices_hut" in legal(s)


def test_building_not_on_the_board_cannot_be_built():
    s = game("workshop")
    only(s, wood=5, grain=5, timber=5, brick=5, food=30)
    at_builder(s)
    assert build_options(s) == {"build workshop"}


def test_build_is_refused_as_text_when_unaffordable():
    import arle
    s = game("mill")
    only(s, timber=1, grain=7)
    at_builder(s)
    with pytest.raises(arle.IllegalActionError):
        s.apply("build mill")


ALL = LIGHT_GREEN + DARK_GREEN + YELLOW + ["mill", "weaving_mill", "textile_house", "saddlery",
                                           "joinery", "waterfront_house"] + BLUE + RED + [
    "peat_fired_brickworks", "peat_power_plant"]
PROMOS = {"peat_fired_brickworks", "peat_power_plant"}


def rich(s, p=0):
    return only(s, p, wood=9, clay=9, timber=9, brick=9, grain=9, flax=10, wool=10, food=30,
                leather=3, summer_wear=1, winter_wear=1, peat=5)


def resolve(s):
    while s.stack:
        acts = sorted(legal(s))
        s.apply("done" if "done" in acts else acts[0])


def test_all_33_buildings_are_covered():
    assert len(ALL) == len(set(ALL)) == 33
    assert set(ALL) == set(C.BUILDINGS)


@pytest.mark.parametrize("b", ALL)
def test_each_building_needs_an_empty_land_space(b):
    s = game(b, promos=b in PROMOS)
    rich(s)
    at_builder(s)
    assert build_options(s) == {f"build {b}"}
    s2 = game(b, promos=b in PROMOS)
    rich(s2)
    fill_land(s2)
    at_builder(s2)
    assert build_options(s2) == set()


@pytest.mark.parametrize("b", ALL)
def test_each_building_exists_once(b):
    s = game(b, promos=b in PROMOS)
    rich(s)
    at_builder(s)
    s.apply(f"build {b}")
    resolve(s)
    assert b not in s.board and s.players[0].grid.count(f"b:{b}") == 1
    rich(s)
    s.apply("place carpenter_summer")
    assert build_options(s) == set()


def test_payment_options_follow_the_goods_as_they_change():
    """The ways to pay are kept per player's goods: changing the goods changes them."""
    from arle.engine.buildings import building_payments
    s = game("mill")
    only(s, timber=1, grain=8)
    assert building_payments(s, 0, "mill") == [{C.TIMBER: 1, C.GRAIN: 8}]
    only(s, timber=1, grain=8, flax=8)
    assert len(building_payments(s, 0, "mill")) == 2
    only(s, timber=1, grain=7)
    assert building_payments(s, 0, "mill") == []
    only(s, timber=1, grain=8)                       # back to the first goods
    assert building_payments(s, 0, "mill") == [{C.TIMBER: 1, C.GRAIN: 8}]
