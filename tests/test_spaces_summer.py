"""Action Spaces - Summer/Fall Half Year, and The Action Spaces - General Rules
(placing workers, own costs, notation, conversion arrows)."""

from __future__ import annotations

import pytest

from arle.actions import IllegalActionError
from arle.data import catalog as C
from arle.engine import farm as F
from util import do, fresh, legal, res, set_animals, set_res, set_tool

from arle.position import edit


def tv(s, tool: str, p: int = 0) -> int:
    t = C.TOOL_INDEX[tool]
    return C.TOOL_VALUES[t][s.players[p].tools[t]]


def two_players(seed: int = 0):
    """A 2-player game and (player to move first, the other player)."""
    s = fresh(players=2, seed=seed)
    a = s.current_player
    return s, a, 1 - a


def cover_land(s, p: int = 0, tile: str = "forest") -> None:
    edit(s, p, cells={i: tile for i in F.empty_land(s.players[p])}, in_place=True)


# ---------------------------------------------------------------------------
# General rules: placing workers
# ---------------------------------------------------------------------------
def test_summer_offers_the_15_summer_spaces_solo() -> None:
    s = fresh()
    places = {a for a in legal(s) if a.startswith("place ")}
    assert places == {f"place {sp}" for sp in C.SUMMER_SPACES}


def test_skip_uses_up_the_worker() -> None:
    s = fresh()
    do(s, "skip")
    assert s.turn == 1 and s.occupied == {}


def test_four_workers_per_player_per_half_year() -> None:
    s = fresh()
    do(s, "skip", "skip", "skip", "skip")
    assert "end" in legal(s)
    assert not any(a.startswith("place") for a in legal(s))


def test_occupied_space_is_blocked() -> None:
    s, a, b = two_players()
    do(s, "place woodcutter")
    assert s.current_player == b
    assert "place woodcutter" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.apply("place woodcutter")


def test_own_worker_blocks_too() -> None:
    s = fresh()
    do(s, "place woodcutter")
    assert "place woodcutter" not in legal(s)


def test_space_cost_must_be_payable() -> None:
    s = fresh()
    set_res(s, 0, food=1)
    acts = legal(s)
    assert "place forester" in acts           # 1 Food
    assert "place laborer_summer" not in acts  # 2 Food
    set_res(s, 0, food=0, grain=5)
    assert "place forester" not in legal(s)   # Grain never pays here


def test_solo_has_no_special_action() -> None:
    s = fresh()
    assert not any(f"place {sp}" in legal(s) for sp in C.WINTER_SPACES)


def test_special_action_once_per_half_year() -> None:
    s, a, b = two_players()
    assert "place potter" in legal(s)
    do(s, "place peat_boatman")
    assert s.special == a
    assert res(s, a, "peat") == 3 + 3
    assert not any(f"place {sp}" in legal(s) for sp in C.WINTER_SPACES)


def test_illegal_action_leaves_state_unchanged() -> None:
    s = fresh()
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply("place peat_boatman")
    assert s.to_json() == before


# ---------------------------------------------------------------------------
# Fisherman
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("traps,after", [(2, 3), (3, 4), (5, 6), (6, 6)])
def test_fisherman_moves_trap_then_food_per_trap(traps: int, after: int) -> None:
    s = fresh()
    set_tool(s, 0, "fish_traps", traps)
    set_res(s, 0, food=0, wood=0)
    do(s, "place fisherman", "take none")
    assert tv(s, "fish_traps") == after
    assert res(s, 0, "food") == after
    assert res(s, 0, "wood") == 0  # moving the indicator here is free


def test_fisherman_sheep_is_optional() -> None:
    s = fresh()
    do(s, "place fisherman", "take sheep")
    assert s.players[0].animals == [1, 0, 1]
    s = fresh()
    do(s, "place fisherman", "take none")
    assert s.players[0].animals == [0, 0, 1]


def test_fisherman_food_capped_at_30() -> None:
    s = fresh()
    set_res(s, 0, food=28)
    do(s, "place fisherman", "take none")
    assert res(s, 0, "food") == 30


# ---------------------------------------------------------------------------
# Grocer (Summer)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("choice", ["timber", "brick", "sheep", "cattle", "horse"])
def test_grocer_summer(choice: str) -> None:
    s = fresh()
    set_res(s, 0, grain=1, leather=0, timber=0, brick=0)
    do(s, "place grocer_summer")
    assert legal(s) >= {"take timber", "take brick", "take sheep", "take cattle",
                        "take horse"}
    do(s, f"take {choice}")
    assert res(s, 0, "grain") == 2 and res(s, 0, "leather") == 1
    got = {"timber": res(s, 0, "timber"), "brick": res(s, 0, "brick"),
           "sheep": s.players[0].animals[0], "cattle": s.players[0].animals[1],
           "horse": s.players[0].animals[2] - 1}
    assert got == {k: int(k == choice) for k in got}


# ---------------------------------------------------------------------------
# Woolen Weaver (brown arrow: up to one conversion per Weaving Loom)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("looms", [2, 3, 4, 5])
def test_woolen_weaver_per_loom(looms: int) -> None:
    s = fresh()
    set_tool(s, 0, "weaving_looms", looms)
    set_res(s, 0, wool=10, woolen=0)
    do(s, "place woolen_weaver")
    assert f"convert {looms}" in legal(s) and f"convert {looms + 1}" not in legal(s)
    do(s, f"convert {looms}")
    assert res(s, 0, "wool") == 10 - looms and res(s, 0, "woolen") == looms


def test_woolen_weaver_limited_by_wool_and_may_do_fewer() -> None:
    s = fresh()
    set_res(s, 0, wool=1, woolen=0)
    do(s, "place woolen_weaver")
    assert legal(s) == {"convert 1", "done"}
    do(s, "done")
    assert res(s, 0, "wool") == 1 and res(s, 0, "woolen") == 0


# ---------------------------------------------------------------------------
# Colonist
# ---------------------------------------------------------------------------
def test_colonist_horse_only() -> None:
    s = fresh()
    do(s, "place colonist", "take horse")
    assert s.players[0].animals[2] == 2
    assert F.hydrated_moors(s.players[0]) == [0, 1, 2]


def test_colonist_dehydrate_puts_exactly_4_peat() -> None:
    s = fresh()
    set_res(s, 0, peat=0)
    do(s, "place colonist", "take dehydrate")
    pl = s.players[0]
    assert len(F.hydrated_moors(pl)) == 2
    assert sorted(pl.moor_peat) == [0, 0, 4]
    assert res(s, 0, "peat") == 0  # the 4 Peat come from the general supply
    assert pl.animals[2] == 1


def test_colonist_both() -> None:
    s = fresh()
    do(s, "place colonist", "take horse+dehydrate")
    pl = s.players[0]
    assert pl.animals[2] == 2 and len(F.hydrated_moors(pl)) == 2


def test_colonist_without_hydrated_moor_offers_horse_only() -> None:
    s = fresh()
    edit(s, dehydrated=range(3), in_place=True)
    do(s, "place colonist")
    assert legal(s) == {"take horse", "done"}


# ---------------------------------------------------------------------------
# Peat Cutter
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("spades", [3, 5, 7])
def test_peat_cutter_per_spade(spades: int) -> None:
    s = fresh()
    pl = s.players[0]
    edit(s, dehydrated=[0, 1], in_place=True)
    set_tool(s, 0, "spades", spades)
    set_res(s, 0, peat=0)
    do(s, "place peat_cutter")
    assert "cut m0 4" in legal(s) or spades < 4
    # take everything possible, tile by tile
    while s.stack:
        cuts = [a for a in legal(s) if a.startswith("cut")]
        if not cuts:
            break
        best = max(cuts, key=lambda a: int(a.split()[2]))
        do(s, best)
    assert res(s, 0, "peat") == spades
    assert pl.bw_peat + sum(pl.moor_peat) == 12 - spades


def test_peat_cutter_several_tiles_example() -> None:
    """7 Spades: 4 from a moor (the tile leaves), then 3 from the boardwalk."""
    s = fresh()
    pl = s.players[0]
    edit(s, dehydrated=[2], in_place=True)
    set_tool(s, 0, "spades", 7)
    set_res(s, 0, peat=0)
    do(s, "place peat_cutter", "cut m2 4")
    assert pl.grid[17] == pl.grid[20] == ""
    assert "cut bw 4" not in legal(s) and "cut bw 3" in legal(s)
    do(s, "cut bw 3")
    assert s.stack == [] and res(s, 0, "peat") == 7 and pl.bw_peat == 1


def test_peat_cutter_may_cut_fewer() -> None:
    s = fresh()
    set_res(s, 0, peat=0)
    do(s, "place peat_cutter", "cut bw 1", "done")
    assert res(s, 0, "peat") == 1 and s.players[0].bw_peat == 3


def test_peat_cutter_never_from_general_supply() -> None:
    s = edit(fresh(), cells={13: ""}, bw_peat=0)
    set_res(s, 0, peat=0)
    do(s, "place peat_cutter")
    assert res(s, 0, "peat") == 0


# ---------------------------------------------------------------------------
# Dike Builder
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("shovels,dikes", [(3, 1), (4, 2), (5, 2), (6, 3)])
def test_dike_builder_dikes_per_pair_of_shovels(shovels: int, dikes: int) -> None:
    s = fresh()
    set_tool(s, 0, "shovels", shovels)
    do(s, "place dike_builder", "take none")
    assert s.players[0].dikes == dikes


@pytest.mark.parametrize("take,animals", [("sheep", [1, 0, 1]), ("cattle", [0, 1, 1]),
                                          ("none", [0, 0, 1])])
def test_dike_builder_sheep_or_cattle(take: str, animals: list[int]) -> None:
    s = fresh()
    do(s, "place dike_builder")
    assert legal(s) == {"take sheep", "take cattle", "take none"}
    do(s, f"take {take}")
    assert s.players[0].animals == animals


def test_dike_builder_new_land_houses_the_animal() -> None:
    """The dike is built before the animal arrives: the new polder can hold it."""
    s = fresh()
    cover_land(s)
    set_animals(s, 0, sheep=0, cattle=5, horse=3)  # dikes 5 + stall 3: full
    do(s, "place dike_builder", "take cattle")
    assert s.players[0].animals == [0, 6, 3]
    assert s.stack == []


# ---------------------------------------------------------------------------
# Clay Worker, Woodcutter
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("shovels", [3, 4, 5, 6])
def test_clay_worker(shovels: int) -> None:
    s = fresh()
    set_tool(s, 0, "shovels", shovels)
    set_res(s, 0, clay=0)
    do(s, "place clay_worker")
    assert res(s, 0, "clay") == shovels
    assert tv(s, "shovels") == shovels  # "per": the Shovels are kept


@pytest.mark.parametrize("axes", [3, 4, 5, 6])
def test_woodcutter(axes: int) -> None:
    s = fresh()
    set_tool(s, 0, "axes", axes)
    set_res(s, 0, wood=0)
    edit(s, cells={9: "forest"}, in_place=True)  # forests do not matter here
    do(s, "place woodcutter")
    assert res(s, 0, "wood") == axes


# ---------------------------------------------------------------------------
# Farmer
# ---------------------------------------------------------------------------
def test_farmer_plow_costs_wood_and_cattle() -> None:
    s = fresh()
    set_animals(s, 0, cattle=1, horse=1)
    set_res(s, 0, wood=3, timber=0)
    do(s, "place farmer")
    assert {"plow cattle", "plow horse"} <= legal(s)
    do(s, "plow cattle")
    pl = s.players[0]
    assert [b[0] for b in pl.barn] == ["plow"]
    assert res(s, 0, "wood") == 2 and pl.animals == [0, 0, 1]
    assert s.pool["boat_plow"] == 5


def test_farmer_plow_with_horse_and_timber() -> None:
    s = fresh()
    set_res(s, 0, wood=0, timber=1)
    do(s, "place farmer", "plow horse")
    pl = s.players[0]
    assert [b[0] for b in pl.barn] == ["plow"]
    assert res(s, 0, "timber") == 0 and pl.animals == [0, 0, 0]


def test_farmer_needs_an_animal_for_the_plow() -> None:
    s = fresh()
    set_animals(s, 0, horse=0)
    do(s, "place farmer")
    assert s.stack == []  # nothing to do: no plow, no fields


def test_farmer_field_with_the_plow_just_built() -> None:
    s = fresh()
    set_res(s, 0, wood=1)
    do(s, "place farmer", "plow horse")
    assert legal(s) >= {"field grain", "field flax"}
    do(s, "field grain")
    assert legal(s) & {"field grain", "field flax", "plow horse"} == set()
    do(s, "done")
    assert s.players[0].grid.count("field_grain") == 2
    assert s.pool["field"] == 12 - 1


def test_farmer_one_field_per_plow_including_new_one() -> None:
    s = fresh()
    pl = s.players[0]
    edit(s, equipment=["plow", "plow"], dikes=1, in_place=True)  # 5 empty land spaces
    set_res(s, 0, wood=1)
    do(s, "place farmer", "field flax", "field grain")
    assert "field flax" not in legal(s)  # 2 plows, 2 fields so far
    do(s, "plow horse", "field flax")
    assert not any(a.startswith(("field", "plow")) for a in legal(s))
    do(s, "done")
    assert pl.grid.count("field_flax") == 3 and pl.grid.count("field_grain") == 2


def test_farmer_may_plow_fewer_fields() -> None:
    s = fresh()
    edit(s, equipment=["plow", "plow"], in_place=True)
    do(s, "place farmer", "field flax", "done")
    assert s.players[0].grid.count("field_flax") == 2


def test_field_supply_14_minus_2_per_player() -> None:
    assert fresh(players=1).pool["field"] == 12
    assert fresh(players=2).pool["field"] == 10


def test_farmer_needs_field_supply_and_empty_land() -> None:
    s = fresh()
    edit(s, equipment=["plow"], supply={"field": 0}, in_place=True)
    do(s, "place farmer")
    assert not any(a.startswith("field") for a in legal(s))
    s = fresh()
    edit(s, equipment=["plow"], in_place=True)
    cover_land(s)
    do(s, "place farmer")
    assert not any(a.startswith("field") for a in legal(s))


def test_farmer_full_barn_return_first() -> None:
    """No barn room for a Plow: return another piece of equipment first."""
    s = fresh()
    pl = s.players[0]
    edit(s, equipment=["peat_boat"] * 5, supply={"boat_plow": 1}, in_place=True)
    do(s, "place farmer")
    assert "plow horse" not in legal(s)
    assert "return peat_boat@0" in legal(s)
    do(s, "return peat_boat@0", "plow horse")
    assert sorted(b[0] for b in pl.barn) == ["peat_boat"] * 4 + ["plow"]


# ---------------------------------------------------------------------------
# Forester
# ---------------------------------------------------------------------------
def test_forester_costs_1_food_and_takes_a_forest() -> None:
    s = fresh()
    set_res(s, 0, food=3)
    do(s, "place forester")
    assert res(s, 0, "food") == 2
    do(s, "forest")
    assert s.players[0].grid.count("forest") == 1
    assert s.pool["forest_park"] == 4
    assert F.empty_land(s.players[0]) == [9]


def test_forest_supply_is_5() -> None:
    assert fresh().pool["forest_park"] == 5
    s = fresh()
    edit(s, supply={"forest_park": 0}, in_place=True)
    do(s, "place forester")
    assert "forest" not in legal(s)


def test_forester_builds_instead() -> None:
    s = fresh()
    set_res(s, 0, food=3, grain=1, wood=1)
    do(s, "place forester")
    assert "build workshop" in legal(s)
    do(s, "build workshop")
    if s.stack:  # a choice of which material to pay
        do(s, "pay grain:1 wood:1")
    pl = s.players[0]
    assert "workshop" in pl.buildings and pl.grid.count("forest") == 0
    assert res(s, 0, "food") == 2 and res(s, 0, "grain") == 0


def test_forester_not_both() -> None:
    s = fresh()
    set_res(s, 0, food=3, grain=2, wood=2)
    do(s, "place forester", "forest")
    assert s.stack == []


# ---------------------------------------------------------------------------
# Carpenter (Summer), Builder
# ---------------------------------------------------------------------------
def test_carpenter_summer_stall_costs_2_clay_1_grain() -> None:
    s = fresh()
    set_res(s, 0, clay=2, brick=0, grain=1)
    do(s, "place carpenter_summer", "stall")
    pl = s.players[0]
    assert pl.grid.count("stall") == 2
    assert res(s, 0, "clay") == 0 and res(s, 0, "grain") == 0
    assert s.pool["stall_depot"] == 6 - 1


def test_carpenter_summer_stall_brick_for_clay() -> None:
    s = fresh()
    set_res(s, 0, clay=1, brick=1, grain=1)
    do(s, "place carpenter_summer", "stall")
    assert res(s, 0, "clay") == 0 and res(s, 0, "brick") == 0


def test_carpenter_summer_no_stall_without_grain_or_land() -> None:
    s = fresh()
    set_res(s, 0, clay=5, grain=0, wood=0, timber=0, brick=0)
    do(s, "place carpenter_summer")
    assert "stall" not in legal(s)
    s = fresh()
    cover_land(s)
    set_res(s, 0, clay=5, grain=1)
    do(s, "place carpenter_summer")
    assert "stall" not in legal(s)


def test_carpenter_summer_builds_instead() -> None:
    s = fresh()
    set_res(s, 0, clay=2, grain=2, wood=0, timber=0, brick=0)
    do(s, "place carpenter_summer")
    assert {"stall", "build workshop"} <= legal(s)
    do(s, "build workshop")
    assert "workshop" in s.players[0].buildings
    assert s.stack == [] and s.players[0].grid.count("stall") == 1


def test_builder_builds_one_building_on_land() -> None:
    s = fresh()
    set_res(s, 0, timber=1, brick=1, food=9, clay=0, wood=0, grain=0)
    do(s, "place builder")
    yellow = [b for b in s.board if b in C.YELLOW]
    assert {f"build {b}" for b in yellow} <= legal(s)
    assert "build farmers_house" not in legal(s)
    do(s, f"build {yellow[0]}")
    pl = s.players[0]
    assert yellow[0] in pl.buildings and "b:" + yellow[0] in pl.grid
    assert res(s, 0, "timber") == 0 and res(s, 0, "brick") == 0
    assert yellow[0] not in s.board


def test_builder_needs_empty_land() -> None:
    s = fresh()
    cover_land(s)
    set_res(s, 0, timber=5, brick=5, grain=5, food=30)
    do(s, "place builder")
    assert not any(a.startswith("build") for a in legal(s))


# ---------------------------------------------------------------------------
# Warden: Tile Upgrades (RULINGS 7)
# ---------------------------------------------------------------------------
def _warden(s, what: str):
    do(s, "place warden")
    assert f"upgrade {what}" in legal(s)
    do(s, f"upgrade {what}")
    assert s.stack == []
    return s.players[0]


@pytest.mark.parametrize("old,new", [("forest", "park"), ("stall", "depot"),
                                     ("stable", "double_stall")])
def test_warden_flips_land_tiles(old: str, new: str) -> None:
    s = fresh()
    set_animals(s, 0, horse=0)
    edit(s, cells={9: old}, in_place=True)
    before = dict(s.pool)
    res_before = s.players[0].res[:]
    pl = _warden(s, old)
    assert pl.grid[9] == new  # the first such tile (all are alike)
    assert s.pool == before  # a flip takes nothing from the supply
    assert pl.res == res_before  # and costs nothing


def test_warden_moor_to_dehydrated_with_4_peat() -> None:
    s = fresh()
    set_res(s, 0, peat=0)
    pl = _warden(s, "moor")
    assert len(F.hydrated_moors(pl)) == 2 and sorted(pl.moor_peat) == [0, 0, 4]
    assert res(s, 0, "peat") == 0


@pytest.mark.parametrize("old,new", [("peat_boat", "plow"), ("handcart", "wagon"),
                                     ("cart", "horse_cart"), ("carriage", "droshky")])
def test_warden_flips_equipment_for_free(old: str, new: str) -> None:
    s = fresh()
    edit(s, equipment=[old], in_place=True)
    set_res(s, 0, wood=0, timber=0)
    set_animals(s, 0, horse=0)
    pl = _warden(s, f"{old}@0")
    assert pl.barn == [[new] + [""] * len(C.VEHICLE_CELLS.get(new, ()))]
    assert pl.animals == [0, 0, 0]


def test_warden_vehicle_flip_keeps_loads() -> None:
    s = fresh()
    edit(s, barn=[["cart", "timber", "brick", ""]], in_place=True)
    pl = _warden(s, "cart@0")
    assert pl.barn == [["horse_cart", "timber", "brick", "", ""]]
    s = fresh()
    edit(s, barn=[["handcart", "timber"]], in_place=True)
    assert _warden(s, "handcart@0").barn == [["wagon", "timber", ""]]
    s = fresh()
    edit(s, barn=[["carriage", "", "summer_wear"]], in_place=True)
    assert _warden(s, "carriage@0").barn == [["droshky", "", "summer_wear", ""]]


def test_warden_refuses_stall_to_depot_when_animals_would_not_fit() -> None:
    s = fresh()
    cover_land(s)
    set_animals(s, 0, horse=6)  # 3 in the stall, 3 on dikes
    do(s, "place warden")
    assert "upgrade stall" not in legal(s)
    s = fresh()
    cover_land(s)
    set_animals(s, 0, horse=5)  # fits on the dikes alone
    do(s, "place warden", "upgrade stall")
    assert s.players[0].grid.count("depot") == 1


def test_warden_fields_and_double_stalls_cannot_flip() -> None:
    s = fresh()
    edit(s, cells={9: "double_stall", 10: "park", 12: "depot"}, dehydrated=range(3),
         in_place=True)
    do(s, "place warden")
    assert s.stack == []  # nothing to flip: the action ends


def test_warden_one_flip_only() -> None:
    s = fresh()
    edit(s, cells={9: "forest"}, in_place=True)
    do(s, "place warden", "upgrade forest")
    assert s.stack == [] and s.players[0].grid.count("moor") == 6


# ---------------------------------------------------------------------------
# Laborer (Summer)
# ---------------------------------------------------------------------------
def test_laborer_imitates_forester_for_3_food_in_all() -> None:
    s = fresh()
    set_res(s, 0, food=4)
    do(s, "place forester", "forest", "place laborer_summer")
    assert res(s, 0, "food") == 1
    do(s, "imitate forester")
    assert res(s, 0, "food") == 0
    do(s, "forest")
    assert s.players[0].grid.count("forest") == 2


def test_laborer_cannot_imitate_forester_without_the_extra_food() -> None:
    s = fresh()
    set_res(s, 0, food=3)
    do(s, "place forester", "forest")
    assert res(s, 0, "food") == 2
    do(s, "place laborer_summer")
    assert "imitate forester" not in legal(s)


def test_laborer_may_imitate_own_worker() -> None:
    s = fresh()
    set_res(s, 0, wood=0, food=5)
    do(s, "place woodcutter", "place laborer_summer", "imitate woodcutter")
    assert res(s, 0, "wood") == 6 and res(s, 0, "food") == 3


def test_laborer_only_occupied_spaces() -> None:
    s = fresh()
    do(s, "place woodcutter", "place laborer_summer")
    imitations = {a for a in legal(s) if a.startswith("imitate")}
    assert imitations == {"imitate woodcutter"}  # never itself, never a free space


def test_laborer_uses_own_tools_spades_example() -> None:
    """Further Details 7: opponent has 7 Spades, you 3: imitating gets you 3 Peat."""
    s, a, b = two_players()
    set_tool(s, a, "spades", 7)
    edit(s, a, dehydrated=[0], in_place=True)
    edit(s, b, dehydrated=[0], in_place=True)
    set_res(s, a, peat=0)
    set_res(s, b, peat=0, food=5)
    do(s, "place peat_cutter", "cut m0 4", "cut bw 3")
    assert res(s, a, "peat") == 7
    assert s.current_player == b
    do(s, "place laborer_summer", "imitate peat_cutter")
    assert max(int(x.split()[2]) for x in legal(s) if x.startswith("cut")) == 3
    do(s, "cut m0 3")
    assert res(s, b, "peat") == 3 and res(s, b, "food") == 3
    assert s.current_player == a


def test_laborer_imitates_opponent_worker_fisherman() -> None:
    s, a, b = two_players()
    do(s, "place fisherman", "take none")
    set_res(s, b, food=2)
    do(s, "place laborer_summer", "imitate fisherman", "take sheep")
    assert tv(s, "fish_traps", b) == 3 and res(s, b, "food") == 3
    assert s.players[b].animals[0] == 1


def test_summer_laborer_cannot_imitate_winter_space() -> None:
    s, a, b = two_players()
    do(s, "place peat_boatman")  # a's Special Action
    do(s, "place laborer_summer")
    assert not any(x.startswith("imitate") for x in legal(s))


def test_laborer_builds_a_vehicle() -> None:
    s = fresh()
    set_res(s, 0, food=2, wood=5, timber=0)
    do(s, "place laborer_summer")
    assert {"vehicle handcart", "vehicle wagon", "vehicle cart"} <= legal(s)
    assert "vehicle horse_cart" not in legal(s)  # 7 Wood
    assert "vehicle carriage" not in legal(s)    # 2 Horses
    do(s, "vehicle cart")
    pl = s.players[0]
    assert [b[0] for b in pl.barn] == ["cart"]
    assert res(s, 0, "food") == 0 and res(s, 0, "wood") == 0 and pl.animals[2] == 0


def test_summer_laborer_does_not_build_buildings_or_boats() -> None:
    s = fresh()
    set_res(s, 0, food=5, wood=5, grain=5)
    do(s, "place laborer_summer")
    assert not any(x.startswith("build") for x in legal(s))
    assert "peat_boat" not in legal(s) and "vehicle peat_boat" not in legal(s)


def test_laborer_imitation_either_or() -> None:
    """A single "or": the vehicle and the imitation exclude each other."""
    s = fresh()
    set_res(s, 0, food=5, wood=20)
    do(s, "place woodcutter", "place laborer_summer", "vehicle handcart")
    assert s.stack == []


def test_warden_coach_and_four_upgrade_with_promos() -> None:
    """RULINGS 11: the Coach-and-Four's back adds a single space to its triple."""
    s = fresh(promos=True)
    edit(s, barn=[["coach_and_four", "winter_wear"]], in_place=True)
    assert _warden(s, "coach_and_four@0").barn == [
        ["coach_and_four_upgraded", "winter_wear", ""]]


def test_field_supply_is_shared() -> None:
    s, a, b = two_players()
    edit(s, a, equipment=["plow"], in_place=True)
    edit(s, b, equipment=["plow"], supply={"field": 1}, in_place=True)
    do(s, "place farmer", "field grain", "done")
    assert s.pool["field"] == 0
    edit(s, b, animals={"horses": 1}, in_place=True)
    set_res(s, b, food=5)
    do(s, "place laborer_summer", "imitate farmer")
    assert not any(x.startswith("field") for x in legal(s))


def test_goods_track_gains_stop_at_15() -> None:
    s = fresh()
    set_res(s, 0, grain=15, leather=0)
    do(s, "place grocer_summer", "take timber")
    assert res(s, 0, "grain") == 15 and res(s, 0, "leather") == 1
