"""Index of Small Houses (green buildings): light-green Starter Houses acting before
November (RULINGS 10: every Summer, the 9th included; owner picks the order), and the
dark-green houses used at any time, any number of times (``use ID``; the Loading
Station is a ``load I J peat`` action).  Costs are in test_building_costs.py."""

from __future__ import annotations

import pytest

from arle.data import catalog as C
from arle.engine import farm as F
from util import fresh, home, legal, only, res, set_animals, top, winter

from arle.position import edit

LIGHT_GREEN = ["farmers_house", "plow_makers_workshop", "novices_hut", "workshop"]
DARK_GREEN = ["weaving_parlor", "colonists_house", "carpenters_workshop",
              "schnapps_distillery", "loading_station", "litter_storage", "wood_trader"]


def add(s, p=0, **amounts):
    return edit(s, p, res={k: res(s, p, k) + n for k, n in amounts.items()}, in_place=True)


def build(s, b, space="builder"):
    """Build ``b`` paying with Timber (the test gives exactly what is needed)."""
    add(s, timber=1, grain=1)
    s.apply(f"place {space}")
    s.apply(f"build {b}")
    if s.stack and s.stack[-1].KIND == "pay":
        s.apply("pay grain:1 timber:1")
    assert b in s.players[0].buildings
    return s


def finish_work(s):
    """Skip the remaining workers and end the Work Phase (solo)."""
    while s.phase == "work" and not s.stack:
        s.apply("skip" if "skip" in legal(s) else "end")
    return s


# ---------------------------------------------------------------------------
# VP: every Small House is worth 1 VP
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("b", LIGHT_GREEN + DARK_GREEN)
def test_small_house_is_worth_1_vp(b):
    s = fresh(buildings=[b])
    before = home(s)
    build(s, b)
    assert home(s) == before + 1
    assert s.players[0].grid.count(f"b:{b}") == 1


# ---------------------------------------------------------------------------
# Light green: before November
# ---------------------------------------------------------------------------
def test_farmers_house_clay_and_optional_peat_cut():
    s = fresh()
    build(s, "farmers_house")
    clay, peat = res(s, 0, "clay"), res(s, 0, "peat")
    finish_work(s)
    assert top(s) == "cut"  # "may cut 1 Peat": cutting is optional
    assert legal(s) == {"cut bw 1", "done"}
    assert res(s, 0, "clay") == clay + 1
    s.apply("cut bw 1")
    assert res(s, 0, "peat") == peat + 1
    assert s.players[0].bw_peat == 3
    assert top(s) == "sustain"


def test_farmers_house_cut_may_be_declined():
    s = fresh()
    build(s, "farmers_house")
    peat = res(s, 0, "peat")
    finish_work(s)
    s.apply("done")
    assert res(s, 0, "peat") == peat
    assert s.players[0].bw_peat == 4
    assert top(s) == "sustain"


def test_farmers_house_cut_comes_off_a_moor_tile_only():
    s = fresh()
    build(s, "farmers_house")
    edit(s, cells={F.BOARDWALK_CELL: ""}, bw_peat=0,  # no Peat left on the home board
         in_place=True)
    clay, peat = res(s, 0, "clay"), res(s, 0, "peat")
    finish_work(s)
    assert top(s) == "sustain"
    assert res(s, 0, "clay") == clay + 1
    assert res(s, 0, "peat") == peat


def test_plow_makers_workshop_places_a_field_of_choice():
    s = fresh()
    build(s, "plow_makers_workshop")
    fields = s.pool["field"]
    finish_work(s)
    assert top(s) == "plow_maker"
    assert legal(s) == {"field grain", "field flax", "done"}
    s.apply("field flax")
    assert s.players[0].grid.count("field_flax") == 2
    assert s.pool["field"] == fields - 1
    assert top(s) == "sustain"


def test_plow_makers_workshop_may_decline():
    s = fresh()
    build(s, "plow_makers_workshop")
    fields = s.pool["field"]
    finish_work(s)
    s.apply("done")
    assert F.fields(s.players[0]) == 2
    assert s.pool["field"] == fields


def test_plow_makers_workshop_needs_land_and_a_field_in_supply():
    s = fresh()
    build(s, "plow_makers_workshop")
    pl = s.players[0]
    edit(s, cells={cell: "forest" for cell in F.empty_land(pl)}, in_place=True)
    finish_work(s)
    assert top(s) == "sustain"
    assert F.fields(pl) == 2
    s2 = fresh()
    build(s2, "plow_makers_workshop")
    edit(s2, supply={"field": 0}, in_place=True)
    finish_work(s2)
    assert top(s2) == "sustain"


def test_novices_hut_grain_and_one_dike():
    s = fresh()
    build(s, "novices_hut")
    grain = res(s, 0, "grain")
    finish_work(s)
    assert top(s) == "sustain"
    # +1 from the Novice's Hut, +1 from harvesting the Grain Field
    assert res(s, 0, "grain") == grain + 2
    assert s.players[0].dikes == 1


def test_workshop_wood_and_exactly_one_master_step():
    s = fresh()
    build(s, "workshop")
    only(s, food=9, peat=5)
    finish_work(s)
    assert top(s) == "master"
    assert res(s, 0, "wood") == 1  # the Workshop's Wood arrives before the Master step
    # 1 Wood buys a 1-Wood step; Weaving Looms (2 Wood) and the Clay tracks are out
    assert legal(s) == {"done", "tool fish_traps", "tool fleshing_beams", "tool spades",
                        "tool shovels", "tool axes"}
    s.apply("tool spades")
    assert s.players[0].tools[C.SPADES] == 1
    assert res(s, 0, "wood") == 0
    assert top(s) == "sustain"  # one indicator only, no second step offered


def test_workshop_master_pays_the_cost_with_a_choice():
    s = fresh()
    build(s, "workshop")
    only(s, food=9, peat=5, clay=1, brick=1, timber=1)
    finish_work(s)
    s.apply("tool pottery_wheels")
    assert legal(s) == {"pay clay:1", "pay brick:1"}
    s.apply("pay brick:1")
    pl = s.players[0]
    assert pl.tools[C.POTTERY_WHEELS] == 1
    assert (pl.res[C.CLAY], pl.res[C.BRICK]) == (1, 0)
    assert top(s) == "sustain"


def test_workshop_master_may_be_declined():
    s = fresh()
    build(s, "workshop")
    only(s, food=9, peat=5)
    tools = list(s.players[0].tools)
    finish_work(s)
    s.apply("done")
    assert s.players[0].tools == tools
    assert res(s, 0, "wood") == 1


def two_light_green_no_land():
    s = fresh()
    build(s, "novices_hut")
    build(s, "plow_makers_workshop", space="carpenter_summer")
    return edit(s, cells={cell: "forest" for cell in F.empty_land(s.players[0])},
                in_place=True)


def test_owner_picks_the_order_of_light_green_houses():
    s = two_light_green_no_land()
    finish_work(s)
    assert top(s) == "before_november"
    assert legal(s) == {"house novices_hut", "house plow_makers_workshop"}
    # Novice's Hut first: its Dike frees row 2, where the Plow Maker's Field can go
    s.apply("house novices_hut")
    assert s.players[0].dikes == 1
    assert legal(s) == {"field grain", "field flax", "done"}
    s.apply("field grain")
    g = s.players[0].grid
    assert g.count("field_grain") == 2
    assert any(g[c] == "field_grain" for c in range(6, 9))


def test_light_green_order_the_other_way_round():
    s = two_light_green_no_land()
    finish_work(s)
    s.apply("house plow_makers_workshop")  # no land yet: nothing to place
    assert top(s) == "sustain"
    assert s.players[0].dikes == 1  # the Novice's Hut then acts on its own
    assert F.fields(s.players[0]) == 2


def test_light_green_acts_in_every_summer_including_the_ninth():
    s = edit(fresh(), half_year=9)
    build(s, "novices_hut")
    grain = res(s, 0, "grain")
    finish_work(s)
    assert s.half_year == 9
    assert s.players[0].dikes == 1
    assert res(s, 0, "grain") == grain + 2
    # finish the game: the house acted before the last November inventory
    while not s.is_terminal():
        acts = sorted(legal(s))
        s.apply("finish" if "finish" in acts else next(a for a in acts if a.startswith("feed")))
    assert s.players[0].dikes == 1


def test_light_green_acts_again_in_the_next_summer():
    s = fresh()
    build(s, "novices_hut")
    finish_work(s)
    assert s.players[0].dikes == 1
    # play through sustenance, the Winter and into the next November
    for _ in range(3):
        while s.phase != "work" or s.stack:
            acts = sorted(legal(s))
            feed = [a for a in acts if a.startswith("feed") or a.startswith("breed")]
            s.apply(feed[0] if feed else acts[0])
        if s.half_year == 3:
            break
        finish_work(s)
    assert s.half_year == 3
    only(s, food=20, peat=5, grain=5)
    finish_work(s)
    assert s.players[0].dikes == 2


def test_light_green_does_not_act_in_winter():
    s = fresh()
    winter(s)
    only(s, food=5, timber=1, grain=1, peat=5)
    s.apply("place wood_trader_space")  # Food for the space, then build
    s.apply("build farmers_house")
    clay = res(s, 0, "clay")
    finish_work(s)
    assert top(s) == "sustain"
    assert res(s, 0, "clay") == clay
    assert s.players[0].bw_peat == 4


def test_light_green_houses_of_both_players_act():
    s = fresh(players=2)
    first = s.current_player
    for p in (0, 1):
        only(s, p, timber=1, grain=1, food=9, peat=5)
    s.apply("place builder")
    s.apply("build novices_hut")
    s.apply("place carpenter_summer")
    s.apply("build workshop")
    second = 1 - first
    while s.phase == "work" and not s.stack:
        s.apply("skip" if "skip" in legal(s) else "end")
    # the start player's house acts first, then the other player's
    assert s.players[first].dikes == 1
    assert top(s) == "master" and s.current_player == second


# ---------------------------------------------------------------------------
# Dark green houses: at any time, any number of times
# ---------------------------------------------------------------------------
def test_weaving_parlor_flax_to_linen_and_cut_repeatable():
    s = fresh(buildings=["weaving_parlor"])
    build(s, "weaving_parlor")
    only(s, flax=7)
    assert "use weaving_parlor" in legal(s)
    s.apply("use weaving_parlor")  # only the Small Boardwalk holds Peat: cut is automatic
    assert (res(s, 0, "flax"), res(s, 0, "linen"), res(s, 0, "peat")) == (4, 1, 1)
    assert s.players[0].bw_peat == 3
    s.apply("use weaving_parlor")
    assert (res(s, 0, "flax"), res(s, 0, "linen"), res(s, 0, "peat")) == (1, 2, 2)
    assert "use weaving_parlor" not in legal(s)  # 1 Flax left


def test_weaving_parlor_cut_choice_between_moor_tiles():
    s = fresh(buildings=["weaving_parlor"])
    build(s, "weaving_parlor")
    edit(s, dehydrated=[0], in_place=True)
    only(s, flax=3)
    s.apply("use weaving_parlor")
    assert legal(s) == {"cut m0 1", "cut bw 1"}  # a cut is compulsory: no "done"
    s.apply("cut m0 1")
    assert s.players[0].moor_peat[0] == 3


def test_colonists_house_pays_two_wool_not_woolen():
    # RULINGS 6: 2 Wool from the goods track -> 1 Clay, cut 1 Peat
    s = fresh(buildings=["colonists_house"])
    build(s, "colonists_house")
    only(s, wool=1, woolen=5)
    assert "use colonists_house" not in legal(s)
    only(s, wool=4)
    s.apply("use colonists_house")
    assert (res(s, 0, "wool"), res(s, 0, "clay"), res(s, 0, "peat")) == (2, 1, 1)
    s.apply("use colonists_house")
    assert (res(s, 0, "wool"), res(s, 0, "clay"), res(s, 0, "peat")) == (0, 2, 2)
    assert s.players[0].bw_peat == 2


def test_carpenters_workshop_stall_to_stable_for_4_food_1_brick():
    s = fresh(buildings=["carpenters_workshop"])
    build(s, "carpenters_workshop")
    only(s, food=8, brick=1, clay=5)
    before = home(s)
    stables, stalls = s.pool["stable"], s.pool["stall_depot"]
    s.apply("use carpenters_workshop")
    pl = s.players[0]
    assert (res(s, 0, "food"), res(s, 0, "brick"), res(s, 0, "clay")) == (4, 0, 5)
    assert pl.grid.count("stable") == 1 and pl.grid.count("stall") == 0
    assert s.pool["stable"] == stables - 1 and s.pool["stall_depot"] == stalls + 1
    assert home(s) == before + 4  # Stall 2 VP -> Stable 6 VP


def test_carpenters_workshop_needs_a_stall_a_stable_in_supply_and_brick():
    s = fresh(buildings=["carpenters_workshop"])
    build(s, "carpenters_workshop")
    only(s, food=8, clay=5)
    assert "use carpenters_workshop" not in legal(s)  # Clay is no Brick here
    only(s, food=8, brick=1)
    edit(s, supply={"stable": 0}, in_place=True)
    assert "use carpenters_workshop" not in legal(s)
    stall = s.players[0].grid.index("stall")
    edit(s, supply={"stable": 3}, cells={stall: "depot"}, in_place=True)
    assert "use carpenters_workshop" not in legal(s)
    edit(s, cells={stall: "stall"}, in_place=True)
    only(s, food=3, brick=1)
    assert "use carpenters_workshop" not in legal(s)


def test_carpenters_workshop_repeatable_for_each_stall():
    s = fresh(buildings=["carpenters_workshop"])
    build(s, "carpenters_workshop")
    pl = s.players[0]
    edit(s, cells={F.empty_land(pl)[0]: "stall"}, in_place=True)
    only(s, food=8, brick=2)
    s.apply("use carpenters_workshop")
    s.apply("use carpenters_workshop")
    assert pl.grid.count("stable") == 2 and s.pool["stable"] == 1


def test_schnapps_distillery_grain_and_peat_to_3_food():
    s = fresh(buildings=["schnapps_distillery"])
    build(s, "schnapps_distillery")
    only(s, grain=2, peat=2)
    s.apply("use schnapps_distillery")
    s.apply("use schnapps_distillery")
    assert (res(s, 0, "grain"), res(s, 0, "peat"), res(s, 0, "food")) == (0, 0, 6)
    assert "use schnapps_distillery" not in legal(s)


def test_schnapps_distillery_between_harvest_and_sustenance():
    s = fresh(buildings=["schnapps_distillery"])
    build(s, "schnapps_distillery")
    only(s, peat=3)
    assert "use schnapps_distillery" not in legal(s)
    finish_work(s)
    assert top(s) == "sustain"
    assert res(s, 0, "grain") == 1  # harvested from the Grain Field
    assert "use schnapps_distillery" in legal(s)
    s.apply("use schnapps_distillery")
    assert (res(s, 0, "food"), res(s, 0, "grain"), res(s, 0, "peat")) == (3, 0, 2)
    assert top(s) == "sustain"
    assert "feed" in legal(s)  # 3 Food and 2 Peat: sustenance fully paid
    s.apply("feed")
    assert s.players[0].bottleneck == 0


def test_dark_green_usable_inside_a_work_phase_decision():
    s = fresh(buildings=["wood_trader", "workshop"])
    build(s, "wood_trader")
    only(s, timber=1, food=2, grain=1)
    s.apply("place carpenter_summer")
    # nothing to pay the Workshop with but the Timber; converting it to Wood still works
    assert "use wood_trader" in legal(s)
    s.apply("use wood_trader")
    assert (res(s, 0, "wood"), res(s, 0, "timber"), res(s, 0, "food")) == (2, 0, 1)
    assert "build workshop" in legal(s)


def test_dark_green_usable_at_the_end_of_the_work_phase():
    s = fresh(buildings=["weaving_parlor"])
    build(s, "weaving_parlor")
    only(s, flax=3, food=9, peat=5)
    for _ in range(3):
        s.apply("skip")
    assert "end" in legal(s) and "use weaving_parlor" in legal(s)
    s.apply("use weaving_parlor")
    assert res(s, 0, "linen") == 1


def test_wood_trader_building_timber_and_food_to_two_wood():
    s = fresh(buildings=["wood_trader"])
    build(s, "wood_trader")
    only(s, timber=2, food=1, wood=0)
    s.apply("use wood_trader")
    assert (res(s, 0, "timber"), res(s, 0, "food"), res(s, 0, "wood")) == (1, 0, 2)
    assert "use wood_trader" not in legal(s)  # no Food left
    only(s, wood=5, food=5)
    assert "use wood_trader" not in legal(s)  # Wood is no Timber here


def test_litter_storage_needs_two_horses():
    s = fresh(buildings=["litter_storage"])
    build(s, "litter_storage")
    only(s, flax=9)
    assert s.players[0].animals[C.HORSE] == 1
    assert "use litter_storage" not in legal(s)
    set_animals(s, 0, horse=2)
    s.apply("use litter_storage")
    assert s.players[0].animals[C.HORSE] == 3 and res(s, 0, "flax") == 6
    s.apply("use litter_storage")
    s.apply("use litter_storage")
    assert s.players[0].animals[C.HORSE] == 5 and res(s, 0, "flax") == 0
    assert "use litter_storage" not in legal(s)


def test_litter_storage_needs_three_flax():
    s = fresh(buildings=["litter_storage"])
    build(s, "litter_storage")
    only(s, flax=2)
    set_animals(s, 0, horse=4)
    assert "use litter_storage" not in legal(s)


def give_vehicle(s, kind, p=0):
    return edit(s, p, equipment=[kind], in_place=True)


def test_loading_station_free_peat_on_a_single_space():
    s = fresh(buildings=["loading_station"])
    build(s, "loading_station")
    give_vehicle(s, "handcart")
    only(s, food=9)  # no Peat at all: it comes from the general supply
    assert "load 0 0 peat" in legal(s)
    s.apply("load 0 0 peat")
    assert s.players[0].barn[0] == ["handcart", "peat"]
    assert res(s, 0, "peat") == 0
    finish_work(s)
    assert top(s) == "sustain"
    assert res(s, 0, "peat") == 1  # unloaded when the vehicles are emptied


def test_loading_station_not_on_a_double_space():
    s = fresh(buildings=["loading_station"])
    build(s, "loading_station")
    give_vehicle(s, "carriage")
    only(s, food=9)
    loads = {a for a in legal(s) if a.startswith("load") and a.endswith(" peat")}
    assert loads == {"load 0 0 peat"}  # cell 1 is the double space
    s.apply("load 0 0 peat")
    assert not {a for a in legal(s) if a.startswith("load") and a.endswith(" peat")}


def test_loading_station_every_empty_single_space():
    s = fresh(buildings=["loading_station"])
    build(s, "loading_station")
    give_vehicle(s, "cart")
    only(s, food=9)
    for j in range(3):
        s.apply(f"load 0 {j} peat")
    assert s.players[0].barn[0] == ["cart", "peat", "peat", "peat"]


def test_no_peat_loads_without_loading_station():
    s = fresh(buildings=["loading_station"])
    give_vehicle(s, "handcart")
    only(s, food=9, peat=5)
    assert not {a for a in legal(s) if a.endswith(" peat")}


def test_loading_station_only_in_the_work_phase():
    s = fresh(buildings=["loading_station"])
    build(s, "loading_station")
    give_vehicle(s, "handcart")
    only(s, food=9, peat=5)
    finish_work(s)
    assert top(s) == "sustain"
    assert not {a for a in legal(s) if a.startswith("load")}


def test_light_green_order_survives_a_save_and_load():
    from arle.state import State
    s = two_light_green_no_land()
    finish_work(s)
    t = State.from_json(s.to_json())
    assert legal(t) == legal(s) == {"house novices_hut", "house plow_makers_workshop"}
    t.apply("house novices_hut")
    assert legal(t) == {"field grain", "field flax", "done"}
