"""Index of Inns (blue) and Index of Large Buildings (red), plus the promo Peat Power
Plant (RULINGS 11): VP and the one-time effect when built.  Costs are in
test_building_costs.py."""

from __future__ import annotations

import pytest

import arle
from arle.data import catalog as C
from arle.engine import farm as F
from util import fresh, home, legal, only, res, set_animals, set_tool, top

from arle.position import edit

VP = {"potters_inn": 5, "farmers_inn": 3, "junk_dealers_inn": 4, "gulf_house_inn": 5,
      "milk_house_inn": 5, "sluice_yard_inn": 4,
      "village_church": 15, "lutetsburg_castle": 15, "berum_castle": 15,
      "peat_power_plant": 15}
INN_COST = {"wood": 1, "clay": 1, "food": 9}
LARGE_COST = {"timber": 3, "brick": 3, "food": 15}


def game(b, **kw):
    return fresh(buildings=[b], promos=b == "peat_power_plant", **kw)


def build(s, b, **extra):
    amounts = dict(extra)
    cost = LARGE_COST if VP[b] == 15 else INN_COST
    for k, n in cost.items():
        amounts[k] = amounts.get(k, 0) + n
    only(s, **amounts)
    s.apply("place builder")
    s.apply(f"build {b}")
    assert b in s.players[0].buildings
    return s


def tool(s, t, p=0):
    i = C.TOOL_INDEX[t]
    return C.TOOL_VALUES[i][s.players[p].tools[i]]


def give(s, kind, p=0):
    return edit(s, p, equipment=[kind], in_place=True)


def resolve(s):
    while s.stack:
        acts = sorted(legal(s))
        s.apply("done" if "done" in acts else acts[0])


@pytest.mark.parametrize("b", sorted(VP))
def test_inn_and_large_building_vp(b):
    s = game(b)
    pl = s.players[0]
    # no Peat to cut (keeps the effects quiet), and one free Land Space only, taken by
    # the building (so no Forest from Lütetsburg)
    edit(s, cells={F.BOARDWALK_CELL: "forest", 9: "forest"}, bw_peat=0, in_place=True)
    before = home(s)
    build(s, b)
    resolve(s)
    assert home(s) == before + VP[b]
    assert pl.grid.count(f"b:{b}") == 1


# ---------------------------------------------------------------------------
# Inns
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("wheels", [2, 3, 4])
def test_potters_inn_one_animal_of_any_type_per_pottery_wheel(wheels):
    s = game("potters_inn")
    set_tool(s, 0, "pottery_wheels", wheels)
    set_animals(s, 0, horse=0)
    build(s, "potters_inn")
    takes = {a for a in legal(s) if a.startswith("take")}
    expected = {f"take {a} {b} {wheels - a - b}"
                for a in range(wheels + 1) for b in range(wheels + 1 - a)}
    assert takes == expected
    s.apply(f"take 1 {wheels - 1} 0")
    assert s.players[0].animals == [1, wheels - 1, 0]
    assert top(s) is None
    assert tool(s, "pottery_wheels") == wheels  # the wheels stay


def test_potters_inn_animals_must_be_housed():
    s = game("potters_inn")
    set_tool(s, 0, "pottery_wheels", 4)
    set_animals(s, 0, sheep=1, horse=8)
    build(s, "potters_inn")
    s.apply("take 0 0 4")
    # Stall 3 + one pasture 2 + 5 dikes hold 10 animals of one kind and the sheep fits
    # only among the mixed places: 13 animals, 10 places
    assert top(s) == "house"
    assert legal(s) == {"release sheep", "release horse"}


def test_potters_inn_unhoused_animals_go_back_until_they_fit():
    s = game("potters_inn")
    set_tool(s, 0, "pottery_wheels", 4)
    set_animals(s, 0, horse=8)
    build(s, "potters_inn")
    s.apply("take 0 0 4")
    # one kind only: the forced give-back stops at the 10 places
    assert s.players[0].animals == [0, 0, 10]
    assert top(s) is None


def test_potters_inn_choice_of_what_to_give_back():
    s = game("potters_inn")
    set_tool(s, 0, "pottery_wheels", 4)
    set_animals(s, 0, sheep=1, horse=8)
    build(s, "potters_inn")
    s.apply("take 0 0 4")
    s.apply("release horse")
    assert top(s) == "house"  # 1 sheep + 11 horses: still one too many
    s.apply("release sheep")  # then only horses are left: the rest is forced
    assert s.players[0].animals == [0, 0, 10]
    assert top(s) is None


def test_farmers_inn_up_to_three_fields_to_forests():
    s = game("farmers_inn")
    pl = s.players[0]
    edit(s, dikes=1, cells={6: "field_grain", 7: "field_flax"},  # row 2 is land
         in_place=True)
    fields, forests = s.pool["field"], s.pool["forest_park"]
    build(s, "farmers_inn")
    opts = {a for a in legal(s) if a.startswith("replace")}
    assert opts == {f"replace {g} {f}" for g in range(3) for f in range(3) if g + f <= 3}
    before = home(s)
    s.apply("replace 2 1")
    assert (pl.grid.count("field_grain"), pl.grid.count("field_flax")) == (0, 1)
    assert pl.grid.count("forest") == 3
    assert s.pool["field"] == fields + 3 and s.pool["forest_park"] == forests - 3
    assert home(s) == before + 3 * 2


def test_farmers_inn_limited_by_forests_in_supply():
    s = edit(game("farmers_inn"), supply={"forest_park": 1})
    build(s, "farmers_inn")
    assert {a for a in legal(s) if a.startswith("replace")} == {
        "replace 0 0", "replace 1 0", "replace 0 1"}
    s.apply("replace 0 0")
    assert F.fields(s.players[0]) == 2 and s.pool["forest_park"] == 1


def test_farmers_inn_no_forest_left_asks_nothing():
    s = edit(game("farmers_inn"), supply={"forest_park": 0})
    build(s, "farmers_inn")
    assert top(s) is None
    assert F.fields(s.players[0]) == 2


def test_junk_dealers_inn_leather_wear_woolen_and_free_equipment():
    s = game("junk_dealers_inn")
    build(s, "junk_dealers_inn")
    assert (res(s, 0, "leather_wear"), res(s, 0, "woolen")) == (1, 1)
    assert {"take handcart", "take peat_boat", "done"} <= legal(s)
    boats = s.pool["boat_plow"]
    s.apply("take peat_boat")
    assert [b[0] for b in s.players[0].barn] == ["peat_boat"]
    assert s.pool["boat_plow"] == boats - 1
    assert top(s) is None  # only one piece of equipment


def test_junk_dealers_inn_handcart_or_nothing():
    s = game("junk_dealers_inn")
    build(s, "junk_dealers_inn")
    s.apply("take handcart")
    assert s.players[0].barn == [["handcart", ""]]
    s2 = game("junk_dealers_inn")
    build(s2, "junk_dealers_inn")
    s2.apply("done")
    assert s2.players[0].barn == []
    assert (res(s2, 0, "leather_wear"), res(s2, 0, "woolen")) == (1, 1)


def test_junk_dealers_inn_only_what_the_supply_holds():
    s = edit(game("junk_dealers_inn"), supply={"handcart_wagon": 0})
    build(s, "junk_dealers_inn")
    assert "take handcart" not in legal(s)
    assert "take peat_boat" in legal(s)


def test_junk_dealers_inn_full_barn_return_equipment_first():
    s = game("junk_dealers_inn")
    for _ in range(5):
        give(s, "plow")  # 4 small slots + the bottom large slot
    build(s, "junk_dealers_inn")
    assert "take handcart" not in legal(s) and "take peat_boat" not in legal(s)
    assert "return plow@0" in legal(s)
    s.apply("return plow@0")
    s.apply("take handcart")
    assert sorted(b[0] for b in s.players[0].barn) == ["handcart"] + ["plow"] * 4


def test_gulf_house_inn_timber_per_stall_brick_per_stable():
    s = game("gulf_house_inn")
    edit(s, dikes=1, cells=dict(zip((6, 7, 8, 10),
                                    ("double_stall", "stable", "depot", "stall"))),
         in_place=True)
    build(s, "gulf_house_inn")
    # 2 Stalls + a Double Stall (counts as 2) = 4 Timber; 1 Stable = 1 Brick; no Depot
    assert (res(s, 0, "timber"), res(s, 0, "brick")) == (4, 1)
    assert res(s, 0, "wood") == 0


def test_gulf_house_inn_start_farm():
    s = game("gulf_house_inn")
    build(s, "gulf_house_inn")
    assert (res(s, 0, "timber"), res(s, 0, "brick")) == (1, 0)


def test_milk_house_inn_cattle_then_cut_per_cattle_including_the_new_one():
    s = game("milk_house_inn")
    set_animals(s, 0, cattle=2)
    edit(s, dehydrated=[0], in_place=True)
    build(s, "milk_house_inn")
    assert s.players[0].animals[C.CATTLE] == 3
    assert top(s) == "cut"
    s.apply("cut m0 3")
    assert res(s, 0, "peat") == 3
    assert top(s) is None


def test_milk_house_inn_without_cattle_cuts_one():
    s = game("milk_house_inn")
    build(s, "milk_house_inn")
    # the new Cattle counts: 1 cut, from the only Peat source, taken automatically
    assert s.players[0].animals[C.CATTLE] == 1
    assert res(s, 0, "peat") == 1 and s.players[0].bw_peat == 3


def test_milk_house_inn_cattle_are_housed_before_the_cut():
    s = edit(game("milk_house_inn"), dikes=1)  # 5 pastures; the inn takes one: 8 +
    # stall 3 + 4 dikes
    set_animals(s, 0, sheep=1, cattle=15, horse=0)
    build(s, "milk_house_inn")
    # 16 cattle + 1 sheep, 15 places for cattle: housing comes first
    assert top(s) == "house"
    assert s.players[0].animals[C.CATTLE] == 16


@pytest.mark.parametrize("traps,after", [(2, 4), (3, 5), (5, 6), (6, 6)])
def test_sluice_yard_inn_two_fish_trap_steps_then_wood_per_trap(traps, after):
    # RULINGS 6: two free steps (the English text's one step is wrong)
    s = game("sluice_yard_inn")
    set_tool(s, 0, "fish_traps", traps)
    build(s, "sluice_yard_inn")
    assert tool(s, "fish_traps") == after
    assert res(s, 0, "wood") == after


# ---------------------------------------------------------------------------
# Large Buildings
# ---------------------------------------------------------------------------
def test_village_church_free_carriage():
    s = game("village_church")
    n = s.pool["carriage_droshky"]
    eq = s.scores()[0].categories["equipment"]
    build(s, "village_church")
    assert s.players[0].barn == [["carriage", "", ""]]
    assert s.pool["carriage_droshky"] == n - 1
    assert s.scores()[0].categories["equipment"] == eq + 4 + 3  # 4 VP, no -3 any more
    assert top(s) is None


def test_village_church_no_carriage_in_supply():
    s = edit(game("village_church"), supply={"carriage_droshky": 0})
    build(s, "village_church")
    assert s.players[0].barn == []
    assert top(s) is None


def test_village_church_full_barn_may_return_a_large_vehicle():
    s = game("village_church")
    for _ in range(3):
        give(s, "cart")
    build(s, "village_church")
    assert top(s) == "free_equipment"
    assert "take carriage" not in legal(s)
    s.apply("return cart@0")
    assert legal(s) >= {"take carriage", "done"}
    s.apply("take carriage")
    assert sorted(b[0] for b in s.players[0].barn) == ["carriage", "cart", "cart"]


def test_village_church_full_barn_may_decline():
    s = game("village_church")
    for _ in range(3):
        give(s, "cart")
    n = s.pool["carriage_droshky"]
    build(s, "village_church")
    s.apply("done")
    assert [b[0] for b in s.players[0].barn] == ["cart"] * 3
    assert s.pool["carriage_droshky"] == n


def test_lutetsburg_castle_forest_and_three_tools():
    s = game("lutetsburg_castle")
    forests = s.pool["forest_park"]
    build(s, "lutetsburg_castle")
    pl = s.players[0]
    assert pl.grid.count("forest") == 1
    assert s.pool["forest_park"] == forests - 1
    assert (tool(s, "spades"), tool(s, "pottery_wheels"), tool(s, "workbenches")) == (5, 3, 3)
    assert tool(s, "shovels") == 3
    assert top(s) is None


def test_lutetsburg_castle_shovels_option():
    # RULINGS 6: the rules option reads the tile's tool as Shovels instead of Spades
    s = game("lutetsburg_castle", options={"lutetsburg_shovels": True})
    build(s, "lutetsburg_castle")
    assert (tool(s, "shovels"), tool(s, "spades")) == (4, 3)
    assert (tool(s, "pottery_wheels"), tool(s, "workbenches")) == (3, 3)


def test_lutetsburg_castle_no_land_or_no_forest_left():
    s = game("lutetsburg_castle")
    edit(s, cells={9: "stall"}, in_place=True)  # the castle takes the last empty Land
    build(s, "lutetsburg_castle")
    assert s.players[0].grid.count("forest") == 0
    assert tool(s, "spades") == 5
    s2 = game("lutetsburg_castle")
    edit(s2, supply={"forest_park": 0}, in_place=True)
    build(s2, "lutetsburg_castle")
    assert s2.players[0].grid.count("forest") == 0
    assert tool(s2, "workbenches") == 3


def test_lutetsburg_castle_tools_stop_at_the_end():
    s = game("lutetsburg_castle")
    set_tool(s, 0, "spades", 7)
    set_tool(s, 0, "workbenches", 4)
    build(s, "lutetsburg_castle")
    assert (tool(s, "spades"), tool(s, "pottery_wheels"), tool(s, "workbenches")) == (7, 3, 4)


def test_berum_castle_ovens_looms_and_a_tile_upgrade():
    s = game("berum_castle")
    build(s, "berum_castle")
    assert (tool(s, "ovens"), tool(s, "weaving_looms")) == (2, 3)
    assert top(s) == "upgrade"
    assert legal(s) == {"upgrade stall", "upgrade moor", "done"}
    s.apply("upgrade stall")
    assert s.players[0].grid.count("depot") == 1 and s.players[0].grid.count("stall") == 0
    assert top(s) is None


def test_berum_castle_upgrade_a_vehicle():
    s = game("berum_castle")
    give(s, "cart")
    build(s, "berum_castle")
    s.apply("upgrade cart@0")
    assert s.players[0].barn == [["horse_cart", "", "", "", ""]]


def test_peat_power_plant_removes_moors_for_2_food_each():
    s = game("peat_power_plant")
    pl = s.players[0]
    edit(s, dehydrated=[2], in_place=True)
    before = home(s)
    build(s, "peat_power_plant")
    assert legal(s) == {"remove moor", "remove dmoor4", "remove boardwalk", "done"}
    s.apply("remove moor")
    s.apply("remove dmoor4")  # its Peat goes with it
    s.apply("remove moor")
    assert legal(s) == {"remove boardwalk", "done"}
    s.apply("done")
    assert top(s) is None
    assert res(s, 0, "food") == 6
    assert res(s, 0, "peat") == 0
    assert all(pl.grid[c] == "" for c in range(15, 21))
    assert pl.moor_peat == [0, 0, 0]
    # 15 VP + 2 hydrated (-4 each) + 1 dehydrated (-1) gone
    assert home(s) == before + 15 + 8 + 1


def test_peat_power_plant_may_remove_the_small_boardwalk():
    # Reading: the Small Boardwalk is a one-space dehydrated Moor tile (RULINGS 1), so it
    # is one of the "Moor tiles" the plant removes: 2 Food, its Peat lost, -3 VP gone.
    s = game("peat_power_plant")
    pl = s.players[0]
    before = home(s)
    build(s, "peat_power_plant")
    s.apply("remove boardwalk")
    assert "remove boardwalk" not in legal(s)
    s.apply("done")
    assert res(s, 0, "food") == 2 and res(s, 0, "peat") == 0
    assert pl.grid[F.BOARDWALK_CELL] == "" and pl.bw_peat == 0
    assert F.BOARDWALK_CELL in F.empty_land(pl)
    assert home(s) == before + 15 + 3


def test_peat_power_plant_removes_up_to_all_four_tiles():
    s = game("peat_power_plant")
    build(s, "peat_power_plant", food=15)   # 15 + the cost's 15: the Food cap of 30
    for _ in range(3):
        s.apply("remove moor")
    s.apply("remove boardwalk")  # nothing left to remove: the decision ends by itself
    assert top(s) is None
    assert res(s, 0, "food") == 15 + 8


def test_peat_power_plant_any_number_including_none():
    s = game("peat_power_plant")
    build(s, "peat_power_plant")
    s.apply("remove moor")
    s.apply("done")
    pl = s.players[0]
    assert res(s, 0, "food") == 2
    assert len(F.hydrated_moors(pl)) == 2
    assert len(F.empty_land(pl)) == 1 + 2  # row 3's spare space plus the freed moor
    s2 = game("peat_power_plant")
    build(s2, "peat_power_plant")
    s2.apply("done")
    assert res(s2, 0, "food") == 0 and len(F.hydrated_moors(s2.players[0])) == 3


def test_peat_power_plant_is_a_fourth_red_building():
    s = arle.new_game(players=1, seed=0, buildings="first-game", promos=True)
    reds = [b for b in s.board if C.BUILDING_COLOR[b] == "red"]
    assert sorted(reds) == ["berum_castle", "lutetsburg_castle", "peat_power_plant",
                            "village_church"]


def test_building_decisions_survive_a_save_and_load():
    from arle.state import State
    s = game("junk_dealers_inn")
    build(s, "junk_dealers_inn")
    t = State.from_json(s.to_json())
    assert legal(t) == legal(s)
    t.apply("take peat_boat")
    assert [b[0] for b in t.players[0].barn] == ["peat_boat"]
    s = game("peat_power_plant")
    build(s, "peat_power_plant")
    s.apply("remove moor")
    t = State.from_json(s.to_json())
    assert legal(t) == legal(s) == {"remove moor", "remove boardwalk", "done"}
