"""The Tea & Trade catalog (data/tea_trade.py) against the counts its rulebook states:
components, the building overview, the action spaces, setup for 1-2 and 3 players,
and the one UNCONFIRMED table (the rulings' table Z)."""

from __future__ import annotations

import inspect
import re

import pytest

from arle.data import catalog as C
from arle.data import tea_trade as TT

COLOURS = ("green", "yellow", "orange", "blue", "red")


def colour(b: str) -> str:
    c = TT.TT_BUILDING_COLOR.get(b) or C.BUILDING_COLOR[b]
    return "green" if c.endswith("green") else c


# ---------------------------------------------------------------------------
# Buildings
# ---------------------------------------------------------------------------
def test_23_buildings_with_unique_new_ids() -> None:
    assert len(TT.TT_BUILDINGS) == 23
    assert len(set(TT.TT_BUILDINGS)) == 23
    assert not set(TT.TT_BUILDINGS) & set(C.BUILDINGS)
    assert not set(TT.TT_BUILDINGS) & set(C.SPACES)
    for table in (TT.TT_BUILDING_NAME, TT.TT_BUILDING_COLOR, TT.TT_BUILDING_KIND,
                  TT.TT_BUILDING_VP, TT.TT_BUILDING_COST, TT.TT_BUILDING_TIMING,
                  TT.TT_BUILDING_FIGURES):
        assert set(table) == set(TT.TT_BUILDINGS)


def test_new_tiles_per_colour() -> None:
    # 4 green, 5 yellow + Smokehouse* + Smithy*, 4 orange, 4 blue + 2 starred, 2 red.
    counts = {c: sum(colour(b) == c for b in TT.TT_BUILDINGS) for c in COLOURS}
    assert counts == {"green": 4, "yellow": 7, "orange": 4, "blue": 6, "red": 2}
    kinds = {TT.KIND_OF_COLOR[colour(b)] for b in TT.TT_BUILDINGS}
    assert all(TT.TT_BUILDING_KIND[b] == TT.KIND_OF_COLOR[colour(b)] for b in TT.TT_BUILDINGS)
    assert kinds == {"small_house", "minor_craft", "major_craft", "inn", "large"}


def test_starred_tiles_replace_their_base_namesakes() -> None:
    assert set(TT.STARRED_REPLACES.values()) == {"smokehouse", "smithy", "farmers_inn",
                                                 "sluice_yard_inn"}
    for new, old in TT.STARRED_REPLACES.items():
        assert old in C.BUILDINGS
        assert TT.TT_BUILDING_NAME[new] == C.BUILDING_NAME[old] + "*"
        assert colour(new) == colour(old)
    starred = {b for b in TT.TT_BUILDINGS if TT.TT_BUILDING_NAME[b].endswith("*")}
    assert starred == set(TT.STARRED_REPLACES)


def test_category_costs_and_vp() -> None:
    for b in TT.TT_BUILDINGS:
        cost, vp, c = TT.TT_BUILDING_COST[b], TT.TT_BUILDING_VP[b], colour(b)
        if c == "green":
            assert cost == C.Cost("any1", {C.GRAIN: 1}) and vp == 1
        elif c == "yellow":
            assert cost == C.Cost("fixed", {C.TIMBER: 1, C.BRICK: 1}) and 3 <= vp <= 5
        elif c == "blue":
            assert cost == C.Cost("two_different", {C.FOOD: 9}) and 3 <= vp <= 5
        elif c == "red":
            assert cost == C.Cost("fixed", {C.TIMBER: 3, C.BRICK: 3, C.FOOD: 15}) and vp == 15
        else:
            assert cost.kind == "fixed" and 5 <= vp <= 8
    assert TT.TT_BUILDING_COST["slaughterhouse"].fixed == {C.BRICK: 2}
    assert TT.TT_BUILDING_COST["caroline_sluice"].fixed == {C.TIMBER: 2, C.FOOD: 12}
    assert TT.TT_BUILDING_COST["tea_factory"].fixed == {TT.TEA: 5, C.BRICK: 2}
    assert TT.TT_BUILDING_COST["schnapps_factory"].fixed == {C.GRAIN: 6, C.BRICK: 1}
    assert [TT.TT_BUILDING_VP[b] for b in TT.TT_ORANGE] == [8, 5, 6, 5]


def test_printed_vp_of_each_tile() -> None:
    assert TT.TT_BUILDING_VP == {
        "animal_market": 1, "chicken_farm": 1, "tea_office": 1, "dehydration_mill": 1,
        "smokehouse_star": 4, "smithy_star": 5, "moor_farmers_house": 5, "small_wharf": 5,
        "fridericus_sluice": 3, "homestead": 5, "peat_barn": 3, "slaughterhouse": 8,
        "caroline_sluice": 5, "tea_factory": 6, "schnapps_factory": 5, "ale_house_inn": 4,
        "old_brickworks_inn": 5, "vossenhus_inn": 5, "farmers_inn_star": 5,
        "sluice_yard_inn_star": 4, "old_smithy_inn": 3, "mennonite_church": 15,
        "norderburg_castle": 15,
    }


def test_timing_green_anytime_others_once() -> None:
    assert {b for b, t in TT.TT_BUILDING_TIMING.items() if t == "anytime"} == set(TT.TT_GREEN)
    assert set(TT.TT_BUILDING_TIMING.values()) == {"anytime", "immediate"}
    assert set(TT.LASTING_EFFECT) == {"slaughterhouse"}


def pool(players: int) -> dict[str, list[str]]:
    """Every tile that may appear with the expansion, per colour."""
    tiles = [b for b in C.BUILDINGS if b not in TT.POOL_EXCLUDES_BASE
             and b not in C.LIGHT_GREEN and b not in C.PROMO_YELLOW + C.PROMO_RED]
    tiles += [b for b in TT.TT_BUILDINGS if players == 3 or b not in TT.THREE_PLAYER_ONLY]
    return {c: [b for b in tiles if colour(b) == c] for c in COLOURS}


def test_pool_sizes_of_the_building_overview() -> None:
    # 11 Small Houses, 10 Minor Craft, 10 Major Craft, 10 Inns, 5 Large in the game.
    assert {c: len(v) for c, v in pool(3).items()} == {
        "green": 11, "yellow": 10, "orange": 10, "blue": 10, "red": 5}
    assert len(pool(2)["orange"]) == 9 and len(pool(2)["red"]) == 4
    assert set(pool(3)["green"]) == set(TT.POOL_GREEN_BASE) | set(TT.TT_GREEN)


def test_building_overview_counts() -> None:
    assert TT.SLOTS_1_2P == {"green": 4, "yellow": 2, "orange": 9, "blue": 4, "red": 4}
    assert TT.SLOTS_3P == {"green": 6, "yellow": 3, "orange": 10, "blue": 4, "red": 5}
    assert TT.DISPLAY_SLOTS_2P == {"orange": 3, "red": 1, "blue": 1}
    assert TT.DISPLAY_SLOTS_3P == {"orange": 1, "red": 1, "green": 2, "yellow": 1}


@pytest.mark.parametrize("players", [1, 2, 3])
def test_orange_and_red_are_all_used(players: int) -> None:
    slots = TT.SLOTS_3P if players == 3 else TT.SLOTS_1_2P
    for c in ("orange", "red"):
        assert len(pool(players)[c]) == slots[c]


def test_fixed_display_tiles() -> None:
    fixed2 = [b for v in TT.DISPLAY_FIXED_2P.values() for b in v]
    assert fixed2 == ["slaughterhouse", "caroline_sluice", "tea_factory", "mennonite_church"]
    fixed3 = {b for v in TT.DISPLAY_FIXED_3P.values() for b in v}
    assert fixed3 == set(TT.THREE_PLAYER_ONLY) == {"schnapps_factory", "norderburg_castle"}
    for fixed, slots in ((TT.DISPLAY_FIXED_2P, TT.DISPLAY_SLOTS_2P),
                         (TT.DISPLAY_FIXED_3P, TT.DISPLAY_SLOTS_3P)):
        for c, tiles in fixed.items():
            assert len(tiles) == slots[c]
            assert all(colour(b) == c for b in tiles)


def test_expansion_only_mode_has_enough_tiles() -> None:
    assert TT.BUILDING_POOL_MODES == ("mixed", "expansion_only")
    assert len(TT.TT_GREEN) == TT.SLOTS_1_2P["green"]
    # T46: with 3 players, 2 green slots are filled from the base dark-green houses.
    assert TT.SLOTS_3P["green"] - len(TT.TT_GREEN) == 2
    assert len(TT.EXPANSION_ONLY_GREEN_FILL_3P) >= 2
    assert len(TT.TT_YELLOW) >= TT.SLOTS_3P["yellow"]
    assert len(TT.TT_BLUE) >= TT.SLOTS_3P["blue"]


def test_ability_figures() -> None:
    f = TT.TT_BUILDING_FIGURES
    assert f["norderburg_castle"]["fields_to_food"] == {4: 14, 6: 19, 8: 24}
    assert f["mennonite_church"]["gives_ship"] == "trading_ship_large"
    assert f["sluice_yard_inn_star"]["gives_ship"] == "fishing_cutter_large"
    assert f["small_wharf"]["gives_one_of"] == ("fishing_cutter_small", "peat_boat")
    assert f["dehydration_mill"]["ditches"] == 2
    assert f["fridericus_sluice"]["ditches_per_workbench"] == 3
    for fig in f.values():
        for v in fig.values():
            if isinstance(v, str):
                assert v in TT.SHIP_IDS or v in C.EQUIPMENT or v in C.TILE_VP


# ---------------------------------------------------------------------------
# Action spaces
# ---------------------------------------------------------------------------
def test_pinned_space_ids() -> None:
    assert TT.TT_SUMMER_SPACES_2P == ("ditcher", "sailmaker")
    assert TT.TT_WINTER_SPACES_2P == ("boat_builder", "grandmother")
    new = (set(TT.TT_SUMMER_SPACES_3P) | set(TT.TT_WINTER_SPACES_3P) | set(TT.IMITATE_SPACES))
    assert set(TT.TT_SPACE_NAME) == new
    assert not new & set(C.SPACES) and not new & set(C.BUILDINGS)


def test_17_spaces_a_half_year_with_1_or_2_players() -> None:
    assert len(C.SUMMER_SPACES + TT.TT_SUMMER_SPACES_2P) == 17
    assert len(C.WINTER_SPACES + TT.TT_WINTER_SPACES_2P) == 17


def test_18_spaces_a_half_year_and_3_imitate_with_3_players() -> None:
    summer = [s for s in C.SUMMER_SPACES if s not in TT.COVERED_BY_OVERLAY]
    winter = [s for s in C.WINTER_SPACES if s not in TT.COVERED_BY_OVERLAY]
    assert len(summer) + len(TT.TT_SUMMER_SPACES_3P) == 18
    assert len(winter) + len(TT.TT_WINTER_SPACES_3P) == 18
    assert len(TT.IMITATE_SPACES) == 3
    assert set(TT.COVERED_BY_OVERLAY) == set(C.LABORERS)
    # T40: Grandmother is a winter space with 1-2 players, a summer one with 3.
    assert "grandmother" in TT.TT_WINTER_SPACES_2P and "grandmother" in TT.TT_SUMMER_SPACES_3P


def test_space_figures() -> None:
    assert TT.SAILMAKER_GAIN == {C.WOOL: 1, C.PEAT: 1}
    assert TT.GRANDMOTHER_GAIN == {TT.EAST_FRISIAN_TEA: 1, C.FOOD: 4}
    assert TT.BOAT_BUILDER_BUILDS_2P == (("trading_ship", "peat_boat"), ("fishing_cutter",))
    assert TT.BOAT_BUILDER_BUILDS_3P == (("trading_ship",),)
    assert TT.LABORER_3P_FOOD == 2 and TT.IMITATE_FOOD == (1, 2)
    assert (TT.WOODCUTTER_WINTER_WOOD, TT.WOODCUTTER_WINTER_WOOD_PER_FOREST) == (3, 1)
    assert (TT.DRIVER_CLAY_PER_PEAT_BOAT, TT.DRIVER_DITCHES_PER_CLAY) == (1, 3)


def test_tea_tool_spaces_name_real_spaces_and_tracks() -> None:
    for space, track in TT.TEA_TOOL_SPACES.items():
        assert space in C.SPACES or space in TT.TT_SPACE_NAME
        assert track in C.TOOLS or track == TT.DIGGING_SPADES
    assert "woodcutter_winter" not in TT.TEA_TOOL_SPACES      # T35
    assert "farmer" not in TT.TEA_TOOL_SPACES
    assert TT.TEA_TOOL_SPACES["ditcher"] == TT.DIGGING_SPADES


# ---------------------------------------------------------------------------
# Ships, trades, tea, the Digging Spade track
# ---------------------------------------------------------------------------
def test_ships() -> None:
    assert TT.SHIP_IDS == ("fishing_cutter_small", "fishing_cutter_large",
                           "trading_ship_small", "trading_ship_large")
    assert set(TT.SHIPS) == set(TT.SHIP_IDS) == set(TT.SHIP_NAME) == set(TT.SHIP_KIND)
    assert TT.SHIP_SUPPLY == {"fishing_cutter": 5, "trading_ship": 4}
    assert TT.HARBOR_SPACES == {"fishing_cutter": 2, "trading_ship": 2}
    assert TT.SHIP_UPGRADES == {"fishing_cutter_small": "fishing_cutter_large",
                                "trading_ship_small": "trading_ship_large"}
    # The pad scores ships 2, 3 or 4 VP; a flip adds 1 VP and 1 space (T4, T5).
    assert {s.vp for s in TT.SHIPS.values()} == {2, 3, 4}
    for small, large in TT.SHIP_UPGRADES.items():
        a, b = TT.SHIPS[small], TT.SHIPS[large]
        assert b.vp == a.vp + 1 and b.spaces == a.spaces + 1
        assert TT.SHIP_KIND[small] == TT.SHIP_KIND[large]
    for s in TT.SHIPS.values():
        assert set(s.cost) <= set(range(len(C.RESOURCES)))


def test_england_needs_the_large_trading_ship() -> None:
    england = TT.TRADES["england"]
    assert england.ships == ("trading_ship_large",) and england.size == 3
    assert TT.SHIPS["trading_ship_large"].spaces >= 3 > TT.SHIPS["trading_ship_small"].spaces
    assert TT.SHIPS["trading_ship_large"].combinable


def test_trades() -> None:
    t = TT.TRADES
    assert set(t) == set(TT.TRADE_NAME) == {"india", "england", "norway", "finland"}
    assert (t["india"].pay, t["india"].gives, t["india"].each_space) == (
        ({C.FOOD: 3},), TT.TEA, True)
    assert (t["england"].pay, t["england"].gives, t["england"].each_space) == (
        ({TT.TEA: 1},), C.WINTER_WEAR, False)
    assert (t["norway"].pay, t["norway"].gives) == (({C.FLAX: 3}, {C.GRAIN: 3}), C.WOOD)
    assert (t["finland"].pay, t["finland"].gives) == (({C.WINTER_WEAR: 1},), C.TIMBER)
    for trade in t.values():
        assert set(trade.ships) <= {"trading_ship_small", "trading_ship_large"}


def test_tea() -> None:
    assert TT.TT_RESOURCES[:len(C.RESOURCES)] == C.RESOURCES
    assert TT.TT_RESOURCES[TT.TEA] == "tea"
    assert TT.TT_RESOURCES[TT.EAST_FRISIAN_TEA] == "east_frisian_tea"
    assert TT.TEA_VP == {TT.TEA: 0.5, TT.EAST_FRISIAN_TEA: 1.0}
    assert TT.PAYS_FOR == {TT.EAST_FRISIAN_TEA: TT.TEA}
    assert TT.TEA_STEPS == {TT.TEA: 1, TT.EAST_FRISIAN_TEA: 2}
    assert TT.OVEN_TEA_STEPS == {TT.TEA: 0, TT.EAST_FRISIAN_TEA: 1}
    assert TT.DOUBLE_ACTION_COST == {TT.EAST_FRISIAN_TEA: 2}
    assert TT.TEA_LOAD_RESULT == {"tea": TT.EAST_FRISIAN_TEA}


def test_digging_spade_track() -> None:
    assert TT.DIGGING_SPADE_VALUES == (3, 4, 5, 6)
    assert TT.DIGGING_SPADE_START == 0
    assert set(TT.DIGGING_SPADE_VP) == set(TT.DIGGING_SPADE_VALUES)
    assert set(TT.DIGGING_SPADE_VP.values()) == {0, 2, 3}     # the pad's 0, 2 or 3 VP
    assert TT.DIGGING_SPADE_STEP_COST == {C.WOOD: 1}


# ---------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------
def test_start_supply_with_1_or_2_players() -> None:
    s = TT.TT_START_RESOURCES
    assert {r: s[r] for r in (C.WOOD, C.CLAY, C.PEAT, TT.TEA)} == {
        C.WOOD: 3, C.CLAY: 3, C.PEAT: 3, TT.TEA: 3}
    assert {r: s[r] for r in C.GOODS_TRACK} == {r: C.START_RESOURCES[r] for r in C.GOODS_TRACK}
    assert set(s) == set(C.GOODS_TRACK) | {C.WOOD, C.CLAY, C.PEAT, TT.TEA}


def test_three_player_setup() -> None:
    s = TT.THREE_PLAYER_START_RESOURCES
    assert {r: s[r] for r in C.GOODS_TRACK} == {
        C.FOOD: 6, C.GRAIN: 2, C.FLAX: 4, C.HIDE: 3, C.WOOL: 5}          # T50
    assert {r: s[r] for r in (C.WOOD, C.CLAY, C.PEAT, TT.TEA)} == {
        C.WOOD: 3, C.CLAY: 3, C.PEAT: 3, TT.TEA: 3}
    assert TT.THREE_PLAYER_BOARDWALK_PEAT == 2
    assert TT.THREE_PLAYER_HALF_YEARS == 7
    assert TT.THREE_PLAYER_HALF_YEARS % 2 == C.HALF_YEARS % 2 == 1   # ends on a Summer
    assert (TT.SPECIALIZATION_PICKS, TT.SPECIALIZATION_HOUSES_MAX) == (2, 1)
    assert TT.SPECIAL_ACTIONS_PER_HALF_YEAR_3P == 2


@pytest.mark.parametrize("vehicle,left", [("handcart", {"handcart_wagon": 2,
                                                        "cart_horse_cart": 4}),
                                          ("cart", {"handcart_wagon": 5,
                                                    "cart_horse_cart": 1})])
def test_three_player_supply_after_the_starting_vehicles(vehicle: str,
                                                        left: dict[str, int]) -> None:
    # T49: the box adds 3 Handcart/Wagon and 1 Cart/Horse Cart.
    pools = dict(TT.THREE_PLAYER_SUPPLY_POOLS)
    assert vehicle in TT.THREE_PLAYER_START_VEHICLE.values
    pools[TT.VEHICLE_POOL[vehicle]] -= 3
    assert {k: pools[k] for k in left} == left
    assert pools["stable"] == C.SUPPLY_POOLS["stable"] + 1


# ---------------------------------------------------------------------------
# The one UNCONFIRMED table
# ---------------------------------------------------------------------------
Z_KEYS = {   # table Z, less SHIP_SUPPLY and the spade values, which it marks confirmed
    "ships", "ship_both_sides_buyable", "ship_flip_by_tile_upgrade",
    "digging_spade_step_cost", "digging_spade_vp", "tea_tile_size", "tea_upgrade_spaces",
    "tea_supply", "ditch_supply", "ditch_forbidden_edges_static", "dike_columns",
    "cutter_food_before_trades", "three_player_half_years", "three_player_start_vehicle",
    "three_player_boardwalk_vp", "specialization_may_pass",
}


def test_unconfirmed_holds_table_z() -> None:
    u = TT.UNCONFIRMED
    assert set(u) == Z_KEYS
    assert set(TT.UnconfirmedTable.__annotations__) == Z_KEYS
    ships = {k: (s.cost, s.vp, s.spaces, s.combinable, s.flips_to) for k, s in u["ships"].items()}
    assert ships == {
        "fishing_cutter_small": ({C.WOOD: 3}, 2, 2, True, "fishing_cutter_large"),
        "fishing_cutter_large": ({C.WOOD: 5}, 3, 3, True, None),
        "trading_ship_small": ({C.WOOD: 3, C.LINEN: 2}, 3, 2, True, "trading_ship_large"),
        "trading_ship_large": ({C.WOOD: 5, C.LINEN: 2}, 4, 3, True, None),
    }
    assert u["digging_spade_vp"] == {3: 0, 4: 0, 5: 2, 6: 3}
    assert u["digging_spade_step_cost"] == {C.WOOD: 1}
    assert (u["tea_tile_size"], u["tea_supply"], u["dike_columns"]) == (1, None, "owner_chooses")
    assert u["ship_both_sides_buyable"] and u["ship_flip_by_tile_upgrade"]
    assert u["cutter_food_before_trades"] and not u["specialization_may_pass"]
    assert (u["three_player_half_years"], u["three_player_boardwalk_vp"]) == (7, -3)


def test_named_alternatives() -> None:
    u = TT.UNCONFIRMED
    choices = {k: v for k, v in u.items() if isinstance(v, TT.Choice)}
    assert set(choices) == {"tea_upgrade_spaces", "ditch_supply",
                            "ditch_forbidden_edges_static", "three_player_start_vehicle"}
    for c in choices.values():
        assert c.default in c.values and len(c.values) == 2
        assert re.fullmatch(r"T\d+", c.ruling)
    assert u["tea_upgrade_spaces"].value == "any_single"
    assert "ships_only" in u["tea_upgrade_spaces"].values
    assert u["ditch_supply"].value is None and 30 in u["ditch_supply"].values.values()
    assert u["ditch_forbidden_edges_static"].value == frozenset()
    assert u["ditch_forbidden_edges_static"].values["moor_interior_always"] == {
        "h(5,0)", "h(5,1)", "h(5,2)"}
    assert u["three_player_start_vehicle"].value == "handcart"
    assert u["three_player_start_vehicle"].values["cart"] == "cart"


def test_other_tables_refer_to_unconfirmed() -> None:
    u = TT.UNCONFIRMED
    assert TT.SHIPS is u["ships"]
    assert TT.DIGGING_SPADE_VP is u["digging_spade_vp"]
    assert TT.DIGGING_SPADE_STEP_COST is u["digging_spade_step_cost"]
    assert TT.DITCH_SUPPLY is u["ditch_supply"]
    assert TT.DITCH_FORBIDDEN_EDGES_STATIC is u["ditch_forbidden_edges_static"]
    assert TT.THREE_PLAYER_START_VEHICLE is u["three_player_start_vehicle"]
    assert TT.THREE_PLAYER_HALF_YEARS == u["three_player_half_years"]
    assert TT.THREE_PLAYER_BOARDWALK_VP == u["three_player_boardwalk_vp"]
    assert TT.TEA_LOAD_SIZE["tea"] == u["tea_tile_size"]


def test_every_unconfirmed_value_cites_its_ruling() -> None:
    src = inspect.getsource(TT)
    block = src[src.index("UNCONFIRMED: Final[UnconfirmedTable] = {"):]
    block = block[:block.index("\n}\n")]
    for key in Z_KEYS - {"ships"}:
        line = next(x for x in block.splitlines() if f'"{key}"' in x)
        assert re.search(r"T\d+", line), line
    for ship in TT.SHIP_IDS:
        line = next(x for x in block.splitlines() if f'"{ship}": Ship(' in x)
        assert re.search(r"T\d+", line), line
    # Table Z's figures appear once in the module: in UNCONFIRMED.
    assert src.count("{3: 0, 4: 0, 5: 2, 6: 3}") == 1
    assert src.count("Ship({WOOD: 5}, 3, 3") == 1
