"""Tea & Trade, the expansion's buildings (T44, T45, T47): each tile's cost, when it
acts and its effect; one test per effect and per example of the text."""

from __future__ import annotations

import json
from typing import Any

import pytest

import arle
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle import frames as FR
from arle.engine.core import push
from arle.engine.setup import IMPLEMENTED_TT_BUILDINGS, PENDING_TT_BUILDINGS
from arle.state import State
from tests.util import do, legal, position, top
from test_random_games import check_invariants, check_tt_invariants

TT = "tea-and-trade"
R = T.TT_RES_INDEX


def game(*buildings: str, cells: bool = False, **fields: Any) -> State:
    # The tiles' effects are the subject here, not their cells: the engine picks the
    # cell unless ``cells`` (the rules option ``choose_cells``, tests/test_tt_cells.py).
    s = arle.new_game(players=1, seed=0, expansion=TT, buildings=list(buildings),
                      options={"choose_cells": cells})
    return position.edit(s, 0, in_place=True, **fields) if fields else s


def res(s: State, name: str) -> int:
    return s.players[0].res[R[name]]


def build(s: State, b: str, pay: dict[str, int], **extra: int) -> State:
    """Give exactly ``pay`` (+ ``extra``), then build ``b`` with the Builder."""
    amounts = dict(extra)
    for k, n in pay.items():
        amounts[k] = amounts.get(k, 0) + n
    position.edit(s, 0, in_place=True, res=amounts, only=True)
    do(s, "place builder", f"build {b}")
    assert b in s.players[0].buildings and b not in s.board
    return s


def checked(s: State) -> None:
    """The whole-game invariants (supplies, barns, tiles) hold, and the state reloads."""
    check_invariants(s)
    check_tt_invariants(s)
    assert State.from_json(s.to_json()) == s


YELLOW = {"timber": 1, "brick": 1}
BLUE = {"wood": 1, "clay": 1, "food": 9}
GREEN = {"wood": 1, "grain": 1}


# --------------------------------------------------------------------------- pool, costs
def test_implemented_and_pending() -> None:
    assert IMPLEMENTED_TT_BUILDINGS | set(PENDING_TT_BUILDINGS) == set(T.TT_BUILDINGS)
    # every tile is implemented; the 3-player tiles: tests/test_three_players.py
    assert not PENDING_TT_BUILDINGS
    for seed in range(6):
        s = arle.new_game(players=2, seed=seed, expansion=TT, buildings="expansion-only")
        assert set(T.TT_GREEN) <= set(s.board)
        assert {"slaughterhouse", "caroline_sluice", "tea_factory"} <= set(s.board)
        assert not set(s.board) & set(PENDING_TT_BUILDINGS)


@pytest.mark.parametrize("b", sorted(IMPLEMENTED_TT_BUILDINGS - T.THREE_PLAYER_ONLY))
def test_every_tile_built_scores_its_vp(b: str) -> None:
    s = game(b)
    before = s.scores()[0].categories["home_board"]
    grid = list(s.players[0].grid)
    grid[9] = "b:" + b
    position.edit(s, 0, in_place=True, buildings=[b], grid=grid)
    assert s.scores()[0].categories["home_board"] - before == T.TT_BUILDING_VP[b]


def test_costs_as_printed() -> None:
    s = game("chicken_farm", "homestead", "ale_house_inn", "slaughterhouse", "caroline_sluice",
             "tea_factory")
    position.edit(s, 0, in_place=True, res={"clay": 1, "grain": 1}, only=True)
    do(s, "place builder")
    assert legal(s) >= {"build chicken_farm"} and "build homestead" not in legal(s)
    s = game("homestead", "slaughterhouse", "caroline_sluice")
    position.edit(s, 0, in_place=True, res={"timber": 2, "brick": 2, "food": 11}, only=True)
    do(s, "place builder")
    assert {"build homestead", "build slaughterhouse"} <= legal(s)
    assert "build caroline_sluice" not in legal(s)             # 12 Food


def test_tea_factory_eftea_pays_for_tea_never_reverse() -> None:
    s = game("tea_factory")
    position.edit(s, 0, in_place=True, res={"tea": 3, "east_frisian_tea": 4, "brick": 2},
                  only=True)
    do(s, "place builder", "build tea_factory")
    assert top(s) == "pay"
    opts = legal(s)
    assert len(opts) == 3                                      # 2, 1 or 0 EF Tea beyond 3 Tea
    assert "pay brick:2 tea:3 east_frisian_tea:2" in opts
    do(s, "pay brick:2 tea:3 east_frisian_tea:2")
    assert res(s, "east_frisian_tea") == 2 + 5 and res(s, "tea") == 0
    s = game("tea_factory")
    position.edit(s, 0, in_place=True, res={"tea": 9, "brick": 2, "clay": 0}, only=True)
    do(s, "place builder")
    assert "build tea_factory" in legal(s)
    position.edit(s, 0, in_place=True, res={"tea": 4, "east_frisian_tea": 0, "brick": 2},
                  only=True)
    assert "build tea_factory" not in legal(s)


# --------------------------------------------------------------------------- green, anytime
def test_chicken_farm_anytime_repeatable() -> None:
    s = build(game("chicken_farm"), "chicken_farm", GREEN, wood=2, grain=2)
    assert legal(s) >= {"use chicken_farm"}
    do(s, "use chicken_farm", "use chicken_farm")
    assert res(s, "food") == 8 and res(s, "wood") == 0
    assert "use chicken_farm" not in legal(s)
    position.edit(s, 0, in_place=True, res={"timber": 1, "wood": 1, "grain": 1})
    do(s, "use chicken_farm")                                  # Timber pays for Wood
    assert top(s) == "pay" and legal(s) == {"pay grain:1 wood:1", "pay grain:1 timber:1"}
    do(s, "pay grain:1 timber:1")
    assert (res(s, "food"), res(s, "wood"), res(s, "timber")) == (12, 1, 0)


def test_tea_office_two_different_fabrics() -> None:
    s = build(game("tea_office"), "tea_office", GREEN, linen=2, leather=1, food=1)
    assert {str(a) for a in s.legal_actions() if a.verb == "use"} == {
        "use tea_office linen leather"}
    do(s, "use tea_office linen leather")
    assert (res(s, "tea"), res(s, "linen"), res(s, "leather"), res(s, "food")) == (4, 1, 0, 0)


def test_animal_market_any_three_mixed() -> None:
    s = build(game("animal_market"), "animal_market", GREEN)
    position.edit(s, 0, in_place=True, animals=(2, 0, 1))
    uses = {str(a) for a in s.legal_actions() if a.verb == "use"}
    assert uses == {"use animal_market 2 0 1"}
    do(s, "use animal_market 2 0 1")
    assert s.players[0].animals == [0, 0, 0]
    assert (res(s, "tea"), res(s, "food")) == (4, 3)
    checked(s)


def test_dehydration_mill_pays_and_digs_two() -> None:
    s = build(game("dehydration_mill"), "dehydration_mill", GREEN, wood=1, food=1)
    do(s, "use dehydration_mill")
    assert top(s) == "dig" and s.stack[-1].n == 2  # type: ignore[attr-defined]
    do(s, "dig v(3,0)", "dig v(4,0)")
    assert bin(s.players[0].ditches or 0).count("1") == 2
    assert (res(s, "wood"), res(s, "food")) == (0, 0)
    checked(s)


# --------------------------------------------------------------------------- yellow
def test_smokehouse_star_cuts_per_fish_trap() -> None:
    s = game("smokehouse_star", tools={"fish_traps": 4})
    build(s, "smokehouse_star", YELLOW)
    assert top(s) == "cut" and s.stack[-1].n == 4  # type: ignore[attr-defined]


def test_smokehouse_star_cuts_two_more_per_fishing_cutter() -> None:
    s = game("smokehouse_star", tools={"fish_traps": 4},
             harbor=[["fishing_cutter_small", "", ""], ["fishing_cutter_large", "", "", ""]])
    build(s, "smokehouse_star", YELLOW)
    assert top(s) == "cut" and s.stack[-1].n == 4 + 2 * 2  # type: ignore[attr-defined]


def test_moor_farmers_house_grain_fields_on_the_moor() -> None:
    s = build(game("moor_farmers_house"), "moor_farmers_house", YELLOW)
    assert top(s) == "tt_building"
    assert legal(s) == {"discard m0", "discard m1", "discard m2", "discard bw"}  # compulsory
    fields = s.pool["field"]
    do(s, "discard m1")
    g = s.players[0].grid
    assert g[16] == g[19] == "field_grain" and s.players[0].moor_peat[1] == 0
    assert s.pool["field"] == fields - 2
    checked(s)
    s = build(game("moor_farmers_house"), "moor_farmers_house", YELLOW)
    do(s, "discard bw")
    assert s.players[0].grid[C.BOARDWALK_CELL] == "field_grain" and s.players[0].bw_peat == 0
    checked(s)


def test_fridericus_sluice_three_per_workbench() -> None:
    s = game("fridericus_sluice", tools={"workbenches": 3})
    build(s, "fridericus_sluice", YELLOW)
    assert top(s) == "dig" and s.stack[-1].n == 9  # type: ignore[attr-defined]


def test_homestead_grain_per_horse_flax_per_cattle_capped() -> None:
    s = game("homestead", animals=(0, 2, 3))
    build(s, "homestead", YELLOW, grain=14)
    assert res(s, "grain") == 15 and res(s, "flax") == 2       # the track stops at 15


def test_peat_barn_carts_per_three_ditches_and_peat_boat() -> None:
    s = game("peat_barn", ditches=(1 << 6) | (1 << 8) | (1 << 10), barn=[["peat_boat"]])
    build(s, "peat_barn", YELLOW)
    assert top(s) == "free_equipment"                          # 3 // 3 + 1 = 2 Carts
    do(s, "take cart")
    assert top(s) == "free_equipment"
    do(s, "take cart")
    assert [b[0] for b in s.players[0].barn].count("cart") == 2
    assert not s.stack
    checked(s)


def test_smithy_star_two_food_per_flip_one_per_workbench() -> None:
    s = game("smithy_star", tools={"workbenches": 2},
             barn=[["cart", "", "", ""], ["peat_boat"]],
             harbor=[["fishing_cutter_small", "", ""], ["trading_ship_small", "", ""]])
    build(s, "smithy_star", YELLOW, food=5)
    assert top(s) == "tt_building" and s.stack[-1].n == 2  # type: ignore[attr-defined]
    assert legal(s) == {"flip cart@0", "flip peat_boat@1", "flip fishing_cutter_small@h0",
                        "flip trading_ship_small@h1", "done"}
    do(s, "flip fishing_cutter_small@h0")
    assert [h[0] for h in s.players[0].harbor] == ["fishing_cutter_large", "trading_ship_small"]
    assert res(s, "food") == 3
    # a different tile next: the Large cutter has no side to turn to
    assert "flip fishing_cutter_large@h0" not in legal(s)
    do(s, "flip cart@0")
    assert [b[0] for b in s.players[0].barn] == ["horse_cart", "peat_boat"]
    assert res(s, "food") == 1 and not s.stack               # 2 Workbenches: 2 flips
    checked(s)


def test_smithy_star_loads_stay_and_food_limits() -> None:
    s = game("smithy_star", tools={"workbenches": 3},
             harbor=[["trading_ship_small", "wood", ""]])
    build(s, "smithy_star", YELLOW, food=2)
    do(s, "flip trading_ship_small@h0")
    assert s.players[0].harbor == [["trading_ship_large", "wood", "", ""]]
    assert not s.stack and res(s, "food") == 0                # no Food left to pay
    s = game("smithy_star", tools={"workbenches": 3}, barn=[["cart", "", "", ""]])
    build(s, "smithy_star", YELLOW, food=1)
    assert not s.stack                                        # 1 Food: nothing to ask


def test_smithy_star_may_decline() -> None:
    s = game("smithy_star", tools={"workbenches": 2}, barn=[["handcart", ""]])
    build(s, "smithy_star", YELLOW, food=2)
    do(s, "done")
    assert [b[0] for b in s.players[0].barn] == ["handcart"] and res(s, "food") == 2


SIX_DITCHES = sum(1 << b for b in (6, 8, 9, 10, 11, 24))


def test_small_wharf_one_boat_per_three_ditches_for_a_timber_each() -> None:
    s = game("small_wharf", ditches=SIX_DITCHES)
    build(s, "small_wharf", YELLOW, timber=3)
    assert top(s) == "tt_building" and s.stack[-1].n == 2  # type: ignore[attr-defined]
    assert legal(s) == {"take fishing_cutter_small", "take peat_boat", "done"}
    do(s, "take fishing_cutter_small")
    assert top(s) == "tt_building" and s.stack[-1].n == 1  # type: ignore[attr-defined]
    do(s, "take peat_boat")
    assert [h[0] for h in s.players[0].harbor] == ["fishing_cutter_small"]
    assert [b[0] for b in s.players[0].barn] == ["peat_boat"]
    assert res(s, "timber") == 1 and res(s, "wood") == 0
    assert s.players[0].ditches == SIX_DITCHES                 # the Ditches stay
    assert not s.stack
    checked(s)


def test_small_wharf_may_decline_and_needs_timber() -> None:
    s = game("small_wharf", ditches=SIX_DITCHES)
    build(s, "small_wharf", YELLOW, timber=1, wood=5)
    do(s, "take peat_boat")
    assert not s.stack                                        # no Timber left: Wood won't do
    assert res(s, "wood") == 5
    s = game("small_wharf", ditches=SIX_DITCHES)
    build(s, "small_wharf", YELLOW, timber=2)
    do(s, "done")
    assert not s.stack and not s.players[0].harbor and res(s, "timber") == 2


def test_small_wharf_fewer_than_three_ditches_gives_nothing() -> None:
    s = game("small_wharf", ditches=(1 << 6) | (1 << 8))
    build(s, "small_wharf", YELLOW, timber=2)
    assert not s.stack


def test_small_wharf_cutter_only_with_a_free_harbor_space() -> None:
    full = [["fishing_cutter_large", "", "", ""]] * T.HARBOR_SPACES["fishing_cutter"]
    s = game("small_wharf", ditches=SIX_DITCHES, harbor=[list(h) for h in full])
    build(s, "small_wharf", YELLOW, timber=1)
    assert legal(s) == {"take peat_boat", "done"}


# --------------------------------------------------------------------------- orange
def test_slaughterhouse_tool_step_and_butcher_food() -> None:
    s = game("slaughterhouse", animals=(2, 0, 0))
    build(s, "slaughterhouse", {"brick": 2})
    assert s.players[0].tools[C.SLAUGHTERING_TABLES] == 1
    grid = list(s.players[0].grid)
    s2 = game(animals=(2, 0, 0), buildings=["slaughterhouse"], grid=grid)
    s3 = game(animals=(2, 0, 0))
    for x in (s2, x3 := s3):
        push(x, FR.Butcher(0))                                  # the Butcher's frame (Winter)
        x._legal = None
        do(x, "butcher 2 0 0")
    assert x3 is s3
    assert res(s2, "food") - res(s3, "food") == 2               # +1 per animal (T45)


def test_caroline_sluice_clay_per_ditch_and_a_moor() -> None:
    s = game("caroline_sluice", ditches=(1 << 6) | (1 << 8) | (1 << 10))
    build(s, "caroline_sluice", {"timber": 2, "food": 12})
    assert res(s, "clay") == 3
    assert top(s) == "tt_building" and legal(s) == {"dehydrate m0", "dehydrate m1",
                                                    "dehydrate m2"}
    do(s, "dehydrate m2")
    assert s.players[0].grid[17] == "dmoor" and s.players[0].moor_peat[2] == C.MOOR_PEAT
    checked(s)


def test_tea_factory_five_eftea() -> None:
    s = build(game("tea_factory"), "tea_factory", {"tea": 5, "brick": 2})
    assert res(s, "east_frisian_tea") == 5
    checked(s)


# --------------------------------------------------------------------------- blue
def test_ale_house_inn_per_orange_building() -> None:
    grid = list(game().players[0].grid)
    grid[9], grid[12] = "b:mill", "b:slaughterhouse"         # the stall gives way
    s = game("ale_house_inn", buildings=["mill", "slaughterhouse"], grid=grid)
    build(s, "ale_house_inn", BLUE)
    assert (res(s, "food"), res(s, "wool")) == (4, 4)


def test_old_brickworks_inn_per_field() -> None:
    s = build(game("old_brickworks_inn"), "old_brickworks_inn", BLUE, tea=1,
              east_frisian_tea=2)
    assert top(s) == "tt_building" and s.stack[-1].n == 2  # type: ignore[attr-defined]
    assert legal(s) == {"exchange 1", "exchange 2", "done"}
    do(s, "exchange 2")
    assert top(s) == "pay"
    do(s, "pay tea:1 east_frisian_tea:1")
    assert (res(s, "brick"), res(s, "flax"), res(s, "east_frisian_tea")) == (2, 2, 1)


def test_vossenhus_inn_vehicles_only() -> None:
    s = game("vossenhus_inn", barn=[["handcart", ""], ["plow"], ["peat_boat"], ["cart", "", "", ""]])
    build(s, "vossenhus_inn", BLUE)
    assert res(s, "peat") == 6


def test_farmers_inn_star_forest_then_exchange() -> None:
    s = build(game("farmers_inn_star"), "farmers_inn_star", BLUE, east_frisian_tea=3)
    assert legal(s) == {"replace grain", "replace flax", "done"}
    do(s, "replace flax")
    assert "field_flax" not in s.players[0].grid
    assert top(s) == "tt_building" and s.stack[-1].n == 1  # type: ignore[attr-defined]
    do(s, "exchange 1")
    assert (res(s, "food"), res(s, "east_frisian_tea")) == (9, 2)
    checked(s)


def test_old_smithy_inn_horses_and_a_plow() -> None:
    s = build(game("old_smithy_inn"), "old_smithy_inn", BLUE)
    while top(s) == "house":
        do(s, sorted(legal(s))[0])
    assert top(s) == "free_equipment"
    do(s, "take plow")
    assert [b[0] for b in s.players[0].barn] == ["plow"]
    checked(s)


def test_sluice_yard_inn_star_large_cutter_and_wood_per_axe() -> None:
    s = build(game("sluice_yard_inn_star", tools={"axes": 5}), "sluice_yard_inn_star", BLUE)
    assert [h[0] for h in s.players[0].harbor] == ["fishing_cutter_large"]
    assert res(s, "wood") == 5
    checked(s)


def test_sluice_yard_inn_star_no_free_harbor_space_still_gives_wood() -> None:
    full = [["fishing_cutter_small", "", ""]] * T.HARBOR_SPACES["fishing_cutter"]
    s = game("sluice_yard_inn_star", tools={"axes": 4}, harbor=[list(h) for h in full])
    build(s, "sluice_yard_inn_star", BLUE)
    assert [h[0] for h in s.players[0].harbor] == [h[0] for h in full]
    assert res(s, "wood") == 4


RED = {"timber": 3, "brick": 3, "food": 15}


def test_mennonite_church_large_trading_ship_and_linen_for_food() -> None:
    s = build(game("mennonite_church"), "mennonite_church", RED, linen=4)
    assert [h[0] for h in s.players[0].harbor] == ["trading_ship_large"]
    assert top(s) == "tt_building" and s.stack[-1].n == 3  # type: ignore[attr-defined]
    assert legal(s) == {"exchange 1", "exchange 2", "exchange 3", "done"}   # up to 3 times
    do(s, "exchange 3")
    assert (res(s, "linen"), res(s, "food")) == (1, 15)
    checked(s)


def test_mennonite_church_exchanges_only_the_linen_held() -> None:
    s = build(game("mennonite_church"), "mennonite_church", RED, linen=1)
    assert legal(s) == {"exchange 1", "done"}
    do(s, "done")
    assert (res(s, "linen"), res(s, "food")) == (1, 0)
    s = build(game("mennonite_church"), "mennonite_church", RED)
    assert top(s) != "tt_building"                            # no Linen: nothing to ask


def test_mennonite_church_no_trading_ship_space_left() -> None:
    full = [["trading_ship_small", "", ""]] * T.HARBOR_SPACES["trading_ship"]
    s = game("mennonite_church", harbor=[list(h) for h in full])
    build(s, "mennonite_church", RED)
    assert [h[0] for h in s.players[0].harbor] == [h[0] for h in full]


def test_two_player_red_display_holds_the_mennonite_church() -> None:
    for seed in range(4):
        s = arle.new_game(players=2, seed=seed, expansion=TT)
        red = [b for b in s.board if b in C.RED or b in T.TT_RED]
        assert "mennonite_church" in red and len(red) == T.SLOTS_1_2P["red"]


def test_choice_frame_saved_and_loaded() -> None:
    s = build(game("farmers_inn_star"), "farmers_inn_star", BLUE)
    d = json.loads(s.to_json())
    assert d["stack"][-1]["t"] == "tt_building"
    assert State.from_json(s.to_json()) == s
    from arle.decision import pending
    assert pending(s).kind == "tt_building"
    assert "Farmer's Inn*" in pending(s).title
