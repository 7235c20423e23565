"""Action Spaces - Winter/Spring Half Year, and Further Details on the Action Spaces
(plows, placing tiles, vehicle costs, Wood Trader, Laborer)."""

from __future__ import annotations

import pytest

from arle.data import catalog as C
from arle.engine import farm as F
from util import do, fresh, legal, res, set_animals, set_res, set_tool, winter

from arle.position import edit


def tv(s, tool: str, p: int = 0) -> int:
    t = C.TOOL_INDEX[tool]
    return C.TOOL_VALUES[t][s.players[p].tools[t]]


def w(players: int = 1, seed: int = 0):
    return winter(fresh(players=players, seed=seed))


def cover_land(s, p: int = 0, tile: str = "forest") -> None:
    edit(s, p, cells={i: tile for i in F.empty_land(s.players[p])}, in_place=True)


def barn(s, p: int = 0) -> list[str]:
    return sorted(b[0] for b in s.players[p].barn)


def test_winter_offers_the_15_winter_spaces_solo() -> None:
    s = w()
    places = {a for a in legal(s) if a.startswith("place ")}
    assert places == {f"place {sp}" for sp in C.WINTER_SPACES}


# ---------------------------------------------------------------------------
# Peat Boatman
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("boats", [0, 1, 2, 3])
def test_peat_boatman_3_plus_1_per_boat(boats: int) -> None:
    s = w()
    edit(s, equipment=["peat_boat"] * boats + ["plow"], in_place=True)
    set_res(s, 0, peat=0)
    do(s, "place peat_boatman")
    assert res(s, 0, "peat") == 3 + boats
    assert s.players[0].bw_peat == 4  # taken from the general supply


# ---------------------------------------------------------------------------
# Tanner, Linen Weaver
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("beams", [3, 5, 6])
def test_tanner_per_fleshing_beam(beams: int) -> None:
    s = w()
    set_tool(s, 0, "fleshing_beams", beams)
    set_res(s, 0, hide=10, leather=0)
    do(s, "place tanner")
    assert f"convert {beams}" in legal(s) and f"convert {beams + 1}" not in legal(s)
    do(s, f"convert {beams}")
    assert res(s, 0, "hide") == 10 - beams and res(s, 0, "leather") == beams


@pytest.mark.parametrize("looms", [2, 3, 4, 5])
def test_linen_weaver_per_loom(looms: int) -> None:
    s = w()
    set_tool(s, 0, "weaving_looms", looms)
    set_res(s, 0, flax=10, linen=0)
    do(s, "place linen_weaver")
    assert f"convert {looms + 1}" not in legal(s)
    do(s, f"convert {looms}")
    assert res(s, 0, "flax") == 10 - looms and res(s, 0, "linen") == looms


def test_linen_weaver_limited_by_flax() -> None:
    s = w()
    set_res(s, 0, flax=2)
    do(s, "place linen_weaver")
    assert legal(s) == {"convert 1", "convert 2", "done"}


# ---------------------------------------------------------------------------
# Butcher
# ---------------------------------------------------------------------------
def test_butcher_sheep_and_cattle() -> None:
    s = w()
    set_animals(s, 0, sheep=2, cattle=2, horse=1)
    set_res(s, 0, food=0, hide=0)
    do(s, "place butcher", "butcher 1 1 0")
    assert s.players[0].animals == [1, 1, 1]
    assert res(s, 0, "food") == 3 + 4 and res(s, 0, "hide") == 4


@pytest.mark.parametrize("tables", [2, 3, 4])
def test_butcher_per_slaughtering_table(tables: int) -> None:
    s = w()
    set_tool(s, 0, "slaughtering_tables", tables)
    set_animals(s, 0, sheep=0, cattle=6, horse=0)
    set_res(s, 0, food=0, hide=0)
    do(s, "place butcher")
    assert f"butcher 0 {tables} 0" in legal(s)
    assert f"butcher 0 {tables + 1} 0" not in legal(s)
    do(s, f"butcher 0 {tables} 0")
    assert res(s, 0, "food") == 4 * tables and res(s, 0, "hide") == 2 * tables


def test_butcher_horse() -> None:
    s = w()
    set_res(s, 0, food=0, hide=0)
    do(s, "place butcher", "butcher 0 0 1")
    assert s.players[0].animals == [0, 0, 0]
    assert res(s, 0, "food") == 3 and res(s, 0, "hide") == 2


def test_butcher_hides_capped_at_15() -> None:
    s = w()
    set_animals(s, 0, sheep=2)
    set_res(s, 0, hide=13, food=0)
    do(s, "place butcher", "butcher 2 0 0")
    assert res(s, 0, "hide") == 15 and res(s, 0, "food") == 6


# ---------------------------------------------------------------------------
# Cattle Trader, Grocer (Winter), Builder's Merchant
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind,animals", [("cattle", [1, 1, 1]), ("horse", [1, 0, 2])])
def test_cattle_trader(kind: str, animals: list[int]) -> None:
    s = w()
    set_res(s, 0, grain=1)
    do(s, "place cattle_trader")
    assert legal(s) == {"take cattle", "take horse"}
    do(s, f"take {kind}")
    assert res(s, 0, "grain") == 3 and s.players[0].animals == animals


@pytest.mark.parametrize("kind", ["sheep", "cattle", "horse"])
def test_grocer_winter(kind: str) -> None:
    s = w()
    set_res(s, 0, peat=0, wood=0, clay=0)
    do(s, "place grocer_winter")
    # the Peat comes off a moor tile: here only the Small Boardwalk holds some
    assert s.players[0].bw_peat == 3 and res(s, 0, "peat") == 1
    do(s, f"take {kind}")
    assert res(s, 0, "wood") == 1 and res(s, 0, "clay") == 1
    an = [0, 0, 1]
    an[C.ANIMAL_INDEX[kind]] += 1
    assert s.players[0].animals == an


def test_grocer_winter_peat_choice_of_tile() -> None:
    s = w()
    edit(s, dehydrated=[1], in_place=True)
    do(s, "place grocer_winter")
    assert legal(s) == {"cut m1 1", "cut bw 1"}
    do(s, "cut m1 1")
    assert s.players[0].moor_peat == [0, 3, 0]


def test_grocer_winter_no_peat_from_supply() -> None:
    s = w()
    edit(s, cells={13: ""}, bw_peat=0, in_place=True)
    set_res(s, 0, peat=0)
    do(s, "place grocer_winter", "take sheep")
    assert res(s, 0, "peat") == 0 and res(s, 0, "wood") == 5


@pytest.mark.parametrize("a,b", [("wood", "timber"), ("wood", "brick"), ("clay", "timber"),
                                 ("clay", "brick")])
def test_builders_merchant(a: str, b: str) -> None:
    s = w()
    set_res(s, 0, hide=0, wood=0, clay=0, timber=0, brick=0)
    do(s, "place builders_merchant")
    assert len({x for x in legal(s) if x.startswith("take")}) == 4
    do(s, f"take {a} {b}")
    got = {k: res(s, 0, k) for k in ("wood", "clay", "timber", "brick")}
    assert got == {k: int(k in (a, b)) for k in got}
    assert res(s, 0, "hide") == 2


# ---------------------------------------------------------------------------
# Potter, Baker
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("wheels", [2, 3, 4])
def test_potter_per_wheel_peat_from_supply(wheels: int) -> None:
    s = w()
    set_tool(s, 0, "pottery_wheels", wheels)
    set_res(s, 0, clay=10, brick=0, food=0, peat=0)
    do(s, "place potter")
    assert f"convert {wheels + 1}" not in legal(s)
    do(s, f"convert {wheels}")
    assert res(s, 0, "clay") == 10 - wheels
    assert res(s, 0, "food") == 3 * wheels and res(s, 0, "peat") == wheels
    assert s.players[0].bw_peat == 4  # not cut off a moor tile


@pytest.mark.parametrize("ovens", [1, 2, 3, 4])
def test_baker_per_oven(ovens: int) -> None:
    s = w()
    set_tool(s, 0, "ovens", ovens)
    set_res(s, 0, grain=5, peat=5, flax=5, wood=5, food=0)
    do(s, "place baker")
    assert f"convert {ovens + 1}" not in legal(s)
    do(s, f"convert {ovens}")
    assert res(s, 0, "food") == 6 * ovens
    assert res(s, 0, "grain") == 5 - ovens and res(s, 0, "peat") == 5 - ovens
    assert res(s, 0, "flax") == 5 and res(s, 0, "wood") == 5


def test_baker_flax_only_when_out_of_grain() -> None:
    s = w()
    set_tool(s, 0, "ovens", 3)
    set_res(s, 0, grain=1, flax=5, peat=5, wood=0, timber=0, food=0)
    do(s, "place baker", "convert 3")
    assert res(s, 0, "grain") == 0 and res(s, 0, "flax") == 3
    assert res(s, 0, "peat") == 2 and res(s, 0, "food") == 18


def test_baker_wood_only_when_out_of_peat() -> None:
    s = w()
    set_tool(s, 0, "ovens", 2)
    set_res(s, 0, grain=5, flax=0, peat=1, wood=5, timber=0, food=0)
    do(s, "place baker", "convert 2")
    assert res(s, 0, "peat") == 0 and res(s, 0, "wood") == 4
    assert res(s, 0, "grain") == 3 and res(s, 0, "food") == 12


def test_baker_no_fallback_limits_conversions() -> None:
    """1 Grain and no Flax: only one conversion even with Peat for more."""
    s = w()
    set_tool(s, 0, "ovens", 3)
    set_res(s, 0, grain=1, flax=0, peat=5)
    do(s, "place baker")
    assert legal(s) == {"convert 1", "done"}


def test_baker_timber_for_the_wood() -> None:
    s = w()
    set_res(s, 0, grain=1, peat=0, wood=0, timber=1, food=0)
    do(s, "place baker", "convert 1")
    assert res(s, 0, "timber") == 0 and res(s, 0, "food") == 6


def test_baker_flax_and_wood_together() -> None:
    s = w()
    set_res(s, 0, grain=0, flax=1, peat=0, wood=1, timber=0, food=0)
    do(s, "place baker", "convert 1")
    assert (res(s, 0, "flax"), res(s, 0, "wood"), res(s, 0, "food")) == (0, 0, 6)


# ---------------------------------------------------------------------------
# Wood Trader (Further Details 6)
# ---------------------------------------------------------------------------
def test_wood_trader_pays_food_takes_4_wood() -> None:
    s = w()
    set_res(s, 0, food=2, grain=2, wood=0)
    do(s, "place wood_trader_space", "wood")
    assert res(s, 0, "food") == 1 and res(s, 0, "grain") == 2 and res(s, 0, "wood") == 4


def test_wood_trader_grain_only_when_out_of_food() -> None:
    s = w()
    set_res(s, 0, food=0, grain=2, wood=0)
    assert "place wood_trader_space" in legal(s)
    do(s, "place wood_trader_space", "wood")
    assert res(s, 0, "grain") == 1 and res(s, 0, "wood") == 4


def test_wood_trader_needs_food_or_grain() -> None:
    s = w()
    set_res(s, 0, food=0, grain=0)
    assert "place wood_trader_space" not in legal(s)


def test_wood_trader_builds_instead() -> None:
    s = w()
    set_res(s, 0, food=1, grain=1, wood=0, clay=1, timber=0, brick=0)
    do(s, "place wood_trader_space")
    assert "wood" in legal(s) and "build workshop" in legal(s)
    do(s, "build workshop")
    assert "workshop" in s.players[0].buildings and res(s, 0, "wood") == 0


# ---------------------------------------------------------------------------
# Wainwright (Further Details 3; RULINGS 8)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind,wood,horses", [("handcart", 2, 0), ("wagon", 4, 0),
                                              ("cart", 5, 1), ("horse_cart", 7, 1),
                                              ("carriage", 4, 2), ("droshky", 6, 2)])
def test_wainwright_vehicle_costs(kind: str, wood: int, horses: int) -> None:
    s = w()
    set_animals(s, 0, horse=2)
    set_res(s, 0, wood=wood, timber=0)
    do(s, "place wainwright")
    assert f"vehicle {kind}" in legal(s)
    do(s, f"vehicle {kind}")
    assert barn(s) == [kind]
    assert res(s, 0, "wood") == 0 and s.players[0].animals[2] == 2 - horses
    assert s.pool[C.TILE_POOL[kind]] == C.SUPPLY_POOLS[C.TILE_POOL[kind]] - 1


@pytest.mark.parametrize("kind,wood,horses", [("handcart", 2, 0), ("cart", 5, 1),
                                              ("horse_cart", 7, 1), ("carriage", 4, 2),
                                              ("droshky", 6, 2)])
def test_wainwright_vehicle_unaffordable(kind: str, wood: int, horses: int) -> None:
    s = w()
    set_animals(s, 0, horse=horses)
    set_res(s, 0, wood=wood - 1, timber=0)
    do(s, "place wainwright")
    assert f"vehicle {kind}" not in legal(s)
    if horses:
        s = w()
        set_animals(s, 0, horse=horses - 1)
        set_res(s, 0, wood=wood)
        do(s, "place wainwright")
        assert f"vehicle {kind}" not in legal(s)


def test_wainwright_vehicle_and_peat_boat() -> None:
    s = w()
    set_res(s, 0, wood=3, timber=0)
    do(s, "place wainwright", "peat_boat")
    assert res(s, 0, "wood") == 2
    do(s, "vehicle handcart")
    assert s.stack == []
    assert barn(s) == ["handcart", "peat_boat"] and res(s, 0, "wood") == 0


def test_wainwright_one_peat_boat_only() -> None:
    s = w()
    set_res(s, 0, wood=10)
    do(s, "place wainwright", "peat_boat")
    assert "peat_boat" not in legal(s)
    do(s, "done")
    assert barn(s) == ["peat_boat"]


def test_wainwright_vehicle_supply_limit() -> None:
    s = w()
    edit(s, supply={"handcart_wagon": 0}, in_place=True)
    set_res(s, 0, wood=10)
    do(s, "place wainwright")
    assert "vehicle handcart" not in legal(s) and "vehicle wagon" not in legal(s)
    assert "vehicle cart" in legal(s)


def test_barn_capacity() -> None:
    """4 small + 3 large; the bottom large space may take a small item instead."""
    assert F.barn_fits(["plow"] * 4 + ["cart"] * 3)
    assert not F.barn_fits(["plow"] * 5 + ["cart"] * 3)
    assert F.barn_fits(["plow"] * 5 + ["cart"] * 2)
    assert not F.barn_fits(["plow"] * 6)
    assert not F.barn_fits(["cart"] * 4)


def test_wainwright_full_barn_needs_return_first() -> None:
    s = w()
    edit(s, equipment=["peat_boat"] * 4 + ["cart"] * 3, in_place=True)
    assert s.pool["boat_plow"] == 2
    set_res(s, 0, wood=10)
    set_animals(s, 0, horse=2)
    do(s, "place wainwright")
    assert not any(a.startswith("vehicle") for a in legal(s)) and "peat_boat" not in legal(s)
    do(s, "return peat_boat@0")
    assert "peat_boat" in legal(s) and "vehicle handcart" in legal(s)
    assert "vehicle carriage" not in legal(s)  # a large vehicle needs a large space
    do(s, "return cart@3")
    assert "vehicle carriage" in legal(s)
    do(s, "vehicle carriage", "peat_boat")
    assert barn(s) == ["carriage"] + ["cart"] * 2 + ["peat_boat"] * 4


def test_small_item_in_bottom_large_space_blocks_third_large() -> None:
    s = w()
    edit(s, equipment=["peat_boat"] * 5 + ["cart"] * 2, in_place=True)
    set_res(s, 0, wood=10)
    set_animals(s, 0, horse=2)
    do(s, "place wainwright")
    assert "vehicle cart" not in legal(s)
    do(s, "return peat_boat@0")
    assert "vehicle cart" in legal(s)


# ---------------------------------------------------------------------------
# Carpenter (Winter)
# ---------------------------------------------------------------------------
def test_carpenter_winter_stall() -> None:
    s = w()
    set_res(s, 0, clay=2, grain=1, brick=0)
    do(s, "place carpenter_winter", "stall")
    assert s.players[0].grid.count("stall") == 2
    assert res(s, 0, "clay") == 0 and res(s, 0, "grain") == 0


def test_carpenter_winter_stall_to_stable() -> None:
    s = w()
    set_res(s, 0, brick=2, clay=0, grain=0)
    do(s, "place carpenter_winter", "stable")
    pl = s.players[0]
    assert pl.grid[12] == "stable" and pl.grid.count("stall") == 0
    assert res(s, 0, "brick") == 0
    assert s.pool["stable"] == 2 and s.pool["stall_depot"] == 6 + 1


def test_stable_supply_is_3() -> None:
    assert fresh().pool["stable"] == 3
    s = w()
    edit(s, supply={"stable": 0}, in_place=True)
    set_res(s, 0, brick=2)
    do(s, "place carpenter_winter")
    assert "stable" not in legal(s)


def test_no_stable_without_a_stall_or_bricks() -> None:
    s = w()
    edit(s, cells={12: "depot"}, in_place=True)
    set_res(s, 0, brick=5)
    do(s, "place carpenter_winter")
    assert "stable" not in legal(s)
    s = w()
    set_res(s, 0, brick=1, clay=5)  # Clay never pays for Brick
    do(s, "place carpenter_winter")
    assert "stable" not in legal(s)


def test_carpenter_winter_either_or() -> None:
    s = w()
    set_res(s, 0, brick=2, clay=2, grain=1)
    do(s, "place carpenter_winter", "stable")
    assert s.stack == [] and s.players[0].grid.count("stall") == 0


def test_no_stable_directly_on_land() -> None:
    s = w()
    cover_land(s)
    set_res(s, 0, brick=2)
    do(s, "place carpenter_winter", "stable")  # the exchange needs no free land
    assert s.players[0].grid.count("stable") == 1


# ---------------------------------------------------------------------------
# Dike Warden
# ---------------------------------------------------------------------------
def test_dike_warden_dike_and_upgrade() -> None:
    s = w()
    edit(s, cells={9: "forest"}, in_place=True)
    do(s, "place dike_warden")
    assert s.players[0].dikes == 1
    do(s, "upgrade forest")
    assert s.players[0].grid[9] == "park"


def test_dike_warden_dike_even_without_upgrade() -> None:
    s = w()
    do(s, "place dike_warden", "done")
    assert s.players[0].dikes == 1


def test_dike_warden_moor_upgrade() -> None:
    s = w()
    set_res(s, 0, peat=0)
    do(s, "place dike_warden", "upgrade moor")
    assert sorted(s.players[0].moor_peat) == [0, 0, 4] and res(s, 0, "peat") == 0


# ---------------------------------------------------------------------------
# Laborer (Winter)
# ---------------------------------------------------------------------------
def test_winter_laborer_builds_a_building() -> None:
    s = w()
    set_res(s, 0, food=2, grain=1, wood=1, clay=0, timber=0, brick=0)
    do(s, "place laborer_winter", "build workshop")
    assert "workshop" in s.players[0].buildings
    assert res(s, 0, "food") == 0 and res(s, 0, "grain") == 0 and res(s, 0, "wood") == 0


def test_winter_laborer_does_not_build_vehicles() -> None:
    s = w()
    set_res(s, 0, food=5, wood=10)
    do(s, "place laborer_winter")
    assert not any(a.startswith("vehicle") for a in legal(s))


def test_winter_laborer_imitates_with_own_tools() -> None:
    s = w(players=2)
    a = s.current_player
    b = 1 - a
    set_tool(s, a, "pottery_wheels", 4)
    set_res(s, a, clay=4)
    set_res(s, b, clay=4, food=2, peat=0)
    do(s, "place potter", "convert 4")
    do(s, "place laborer_winter", "imitate potter")
    assert "convert 3" not in legal(s)
    do(s, "convert 2")
    assert res(s, b, "food") == 6 and res(s, b, "peat") == 2 and res(s, b, "clay") == 2


def test_winter_laborer_imitates_wood_trader_with_grain_when_out_of_food() -> None:
    s = w()
    set_res(s, 0, food=3, grain=1, wood=0)
    do(s, "place wood_trader_space", "wood")        # Food 3 -> 2
    do(s, "place laborer_winter", "imitate wood_trader_space", "wood")  # 2 Food, then Grain
    assert res(s, 0, "food") == 0 and res(s, 0, "grain") == 0 and res(s, 0, "wood") == 8


def test_winter_laborer_cannot_imitate_summer_space() -> None:
    s = w(players=2)
    do(s, "place woodcutter")  # the Special Action
    do(s, "place laborer_winter")
    assert not any(a.startswith("imitate") for a in legal(s))


def test_winter_laborer_imitation_only_occupied() -> None:
    s = w()
    set_res(s, 0, food=10)
    do(s, "place peat_boatman", "place laborer_winter")
    assert {a for a in legal(s) if a.startswith("imitate")} == {"imitate peat_boatman"}
    do(s, "imitate peat_boatman")
    assert res(s, 0, "peat") == 3 + 6


# ---------------------------------------------------------------------------
# Further Details 2: placing tiles
# ---------------------------------------------------------------------------
def test_depot_park_double_stall_stable_never_built_directly() -> None:
    s = w()
    set_res(s, 0, food=30, wood=30, clay=30, brick=30, timber=30, grain=15)
    do(s, "place carpenter_winter")
    assert not {"depot", "park", "double_stall"} & {a.split()[0] for a in legal(s)}
