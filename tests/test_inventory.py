"""Rulebook: "Phase 3: Inventorying" (November and May).

November: empty vehicles, milking, harvest, sustenance (3 Food + 2 Peat).
May: empty vehicles, baby animals, shearing, sustenance (3 Food).
Food is paid first, then Grain, then animals (the player picks which); Peat first,
then Wood or Timber; every item still missing costs 2 VP.
"""

from __future__ import annotations

import pytest
from util import fresh, legal, res, set_animals

from arle.data import catalog as C
from arle.position import edit
from arle.state import State

STALL_CELL = 12
GRAIN_CELL, FLAX_CELL = 11, 14   # the starting fields


def solo(**resources: int) -> State:
    """A solo game, player 0 with exactly these goods (others 0) and no animals."""
    return edit(fresh(), res=resources, only=True, animals=(0, 0, 0), in_place=True)


def may(s: State) -> State:
    return edit(s, half_year=2, in_place=True)


def to_inventory(s: State) -> State:
    """Pass the remaining workers and end the Work Phase; stops at the first real
    decision of the inventory (or in the next half year if there is none)."""
    while s.phase == "work" and (s.turn < 4 or "end" in legal(s)):
        hy = s.half_year
        s.apply("skip" if s.turn < 4 else "end")
        if s.half_year != hy:
            break
    return s


def feed(s: State, text: str = "feed") -> State:
    assert s.stack and s.stack[-1].KIND == "sustain", s.stack
    s.apply(text)
    return s


def run_plain(s: State) -> State:
    """To the next half year, feeding with the plain ``feed`` (nothing extra paid)."""
    hy = s.half_year
    to_inventory(s)
    while s.half_year == hy and not s.is_terminal():
        s.apply("feed" if "feed" in legal(s) else "finish")
    return s


def feed_options(s: State) -> set[str]:
    return {a for a in legal(s) if a.startswith("feed")}


# ---------------------------------------------------------------------------
# November
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("sheep,food", [(0, 0), (1, 0), (2, 1), (4, 1), (5, 2), (7, 2),
                                        (8, 3), (12, 3)])
def test_milking_sheep(sheep: int, food: int) -> None:
    s = set_animals(solo(food=10, peat=2), 0, sheep=sheep)
    run_plain(s)
    assert res(s, 0, "food") == 10 + food - 3


@pytest.mark.parametrize("cattle,food", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3),
                                         (9, 3)])
def test_milking_cattle(cattle: int, food: int) -> None:
    s = set_animals(solo(food=10, peat=2), 0, cattle=cattle)
    run_plain(s)
    assert res(s, 0, "food") == 10 + food - 3


def test_milking_gives_at_most_6_food() -> None:
    s = solo(food=10, peat=2)
    edit(s, cells={9: "stable", 10: "stable"}, in_place=True)   # room for 20 animals
    s = set_animals(s, 0, sheep=10, cattle=10, horse=0)
    run_plain(s)
    assert res(s, 0, "food") == 10 + 6 - 3


def test_harvest_grain_flax_and_wood_not_parks() -> None:
    s = solo(food=3, peat=2)
    edit(s, cells={9: "field_grain", 10: "field_flax",  # + the starting grain and flax
                   6: "forest", 7: "forest", 8: "park"},
         dikes=1, in_place=True)                         # row 2 is land
    run_plain(s)
    assert (res(s, 0, "grain"), res(s, 0, "flax"), res(s, 0, "wood")) == (2, 2, 2)


def test_harvest_respects_the_goods_cap() -> None:
    s = solo(food=3, peat=2, grain=15, flax=14)
    run_plain(s)   # start board: 1 grain field, 1 flax field
    assert (res(s, 0, "grain"), res(s, 0, "flax")) == (15, 15)


def test_november_sustenance_takes_3_food_and_2_peat() -> None:
    s = run_plain(solo(food=5, peat=3, wood=4))
    assert (res(s, 0, "food"), res(s, 0, "peat"), res(s, 0, "wood")) == (2, 1, 4)
    assert s.players[0].bottleneck == 0


def test_grain_only_once_food_runs_out() -> None:
    s = run_plain(solo(food=3, grain=5, peat=2))
    assert (res(s, 0, "food"), res(s, 0, "grain")) == (0, 5 + 1)  # +1 harvested
    s = solo(food=1, grain=3, peat=2)
    edit(s, cells={GRAIN_CELL: ""}, in_place=True)   # no grain field: no harvest
    run_plain(s)
    assert (res(s, 0, "food"), res(s, 0, "grain")) == (0, 1)


def test_harvested_grain_feeds_the_same_november() -> None:
    s = solo(food=0, peat=2)
    edit(s, cells={6: "field_grain", 7: "field_grain"},   # 3 grain fields
         dikes=1, in_place=True)                           # row 2 is land
    run_plain(s)
    assert (res(s, 0, "grain"), s.players[0].bottleneck) == (0, 0)


def test_milk_feeds_the_same_november() -> None:
    s = solo(food=0, peat=2)
    edit(s, cells={GRAIN_CELL: ""}, in_place=True)
    set_animals(s, 0, sheep=8, cattle=5)
    to_inventory(s)
    assert feed_options(s) == {"feed"}   # 6 Food milked: no animal needed
    feed(s)
    assert res(s, 0, "food") == 3 and s.players[0].animals == [8, 5, 0]


def test_animals_after_grain_players_choice() -> None:
    # 1 Cattle milks 1 Food: 2 Food missing.
    s = set_animals(solo(food=0, peat=2), 0, sheep=1, cattle=1, horse=1)
    edit(s, cells={GRAIN_CELL: ""}, in_place=True)  # no harvest
    to_inventory(s)
    assert feed_options(s) == {"feed sheep:1 cattle:1", "feed sheep:1 horse:1",
                               "feed cattle:1 horse:1"}
    feed(s, "feed cattle:1 horse:1")
    assert s.players[0].animals == [1, 0, 0]
    assert res(s, 0, "food") == 0 and s.players[0].bottleneck == 0


def test_animals_only_when_grain_runs_out() -> None:
    s = set_animals(solo(food=1, grain=1, peat=2), 0, horse=3)
    edit(s, cells={GRAIN_CELL: ""}, in_place=True)
    to_inventory(s)
    assert feed_options(s) == {"feed horse:1"}
    feed(s, "feed horse:1")
    assert s.players[0].animals[C.HORSE] == 2 and res(s, 0, "grain") == 0


def test_fuel_wood_or_timber_only_once_peat_runs_out() -> None:
    s = solo(food=3, peat=2, wood=5, timber=5)
    to_inventory(s)
    assert res(s, 0, "peat") == 0 and res(s, 0, "wood") == 5 + 0   # fed automatically
    s = set_animals(solo(food=3, peat=1, wood=2, timber=1), 0, horse=1)
    to_inventory(s)
    assert feed_options(s) == {"feed wood:1", "feed timber:1"}
    feed(s, "feed timber:1")
    assert (res(s, 0, "peat"), res(s, 0, "wood"), res(s, 0, "timber")) == (0, 2, 0)


def test_fuel_wood_and_timber_together() -> None:
    s = set_animals(solo(food=3, wood=1, timber=1), 0, horse=1)
    to_inventory(s)
    assert feed_options(s) == {"feed wood:1 timber:1"}
    feed(s, "feed wood:1 timber:1")
    assert s.players[0].bottleneck == 0


def test_two_vp_lost_per_missing_item_in_november() -> None:
    s = edit(solo(), cells={GRAIN_CELL: "", FLAX_CELL: ""}, in_place=True)
    to_inventory(s)
    assert s.half_year == 2   # nothing to decide: sustenance ran by itself
    assert s.players[0].bottleneck == -2 * (3 + 2)
    assert s.scores()[0].categories["bottlenecks"] == -10


def test_partial_shortage() -> None:
    s = edit(solo(food=1, grain=1, peat=1), cells={GRAIN_CELL: ""}, in_place=True)
    to_inventory(s)
    assert s.players[0].bottleneck == -2 * (1 + 1)


def test_emptied_timber_burns_in_the_same_november() -> None:
    s = solo(food=3, peat=1, wood=1)
    edit(s, equipment=["handcart"], in_place=True)
    s.apply("load 0 0 wood")
    to_inventory(s)
    assert s.half_year == 2
    assert res(s, 0, "timber") == 0 and s.players[0].bottleneck == 0


def test_peat_boat_during_sustenance() -> None:
    s = edit(solo(peat=5), cells={GRAIN_CELL: ""}, equipment=["peat_boat"], in_place=True)
    to_inventory(s)
    assert s.stack[-1].KIND == "sustain"
    assert {"boat food", "boat grain"} <= legal(s)
    for _ in range(3):
        s.apply("boat food")
    feed(s)
    assert (res(s, 0, "food"), res(s, 0, "peat"), s.players[0].bottleneck) == (0, 0, 0)


# ---------------------------------------------------------------------------
# May
# ---------------------------------------------------------------------------
def test_may_sustenance_is_3_food_without_peat() -> None:
    s = run_plain(may(solo(food=4)))
    assert res(s, 0, "food") == 1 and s.players[0].bottleneck == 0


def test_may_missing_food_costs_two_vp_each() -> None:
    s = run_plain(may(solo(food=1)))
    assert s.players[0].bottleneck == -4


def test_may_neither_milks_nor_harvests() -> None:
    s = set_animals(may(solo(food=3)), 0, cattle=1)
    edit(s, cells={STALL_CELL: "",       # no stall: no breeding
                   6: "forest"}, dikes=1, in_place=True)   # row 2 is land
    run_plain(s)
    assert (res(s, 0, "food"), res(s, 0, "grain"), res(s, 0, "wood")) == (0, 0, 0)


def test_november_neither_breeds_nor_shears() -> None:
    s = set_animals(solo(food=3, peat=2), 0, sheep=2)
    edit(s, cells={GRAIN_CELL: "", FLAX_CELL: ""}, in_place=True)
    run_plain(s)
    assert s.players[0].animals[C.SHEEP] == 2 and res(s, 0, "wool") == 0


def test_breeding_two_outcomes_players_choice() -> None:
    # One Stall, two pastures, five dikes: either the sheep or the cattle pair breeds.
    s = set_animals(may(solo(food=3)), 0, sheep=2, cattle=2, horse=1)
    to_inventory(s)
    assert s.stack[-1].KIND == "breed"
    assert legal(s) == {"breed 1 0 0", "breed 0 1 0"}
    s.apply("breed 0 1 0")
    assert s.players[0].animals == [2, 3, 1]


def test_shearing_counts_newborn_sheep() -> None:
    # 3 Sheep: a pair in the Stall breeds, then 4 Sheep give 2 Wool.
    s = set_animals(may(solo(food=3)), 0, sheep=3)
    run_plain(s)
    assert s.players[0].animals[C.SHEEP] == 4
    assert res(s, 0, "wool") == 2


@pytest.mark.parametrize("sheep,wool", [(0, 0), (1, 1), (3, 1), (4, 2), (5, 2), (6, 3),
                                        (11, 3)])
def test_shearing_table(sheep: int, wool: int) -> None:
    s = set_animals(may(solo(food=3, wool=1)), 0, sheep=sheep)
    edit(s, cells={STALL_CELL: ""}, in_place=True)   # nobody breeds
    run_plain(s)
    assert res(s, 0, "wool") == 1 + wool


def test_may_empties_vehicles_before_breeding() -> None:
    s = may(solo(food=3, woolen=1))
    edit(s, equipment=["cart"], in_place=True)
    s.apply("load 0 0 woolen")
    run_plain(s)
    assert res(s, 0, "winter_wear") == 1
    assert s.players[0].barn == [["cart", "", "", ""]]


def test_inventory_in_player_order_two_players() -> None:
    # Both players feed; the start player decides first.
    s = fresh(players=2)
    edit(s, start_player=1, in_place=True)
    for p in (0, 1):
        edit(s, p, res={"food": 1, "grain": 0, "peat": 2}, animals={"horses": 2},
             cells={GRAIN_CELL: ""}, in_place=True)
    for _ in range(8):
        s.apply("skip")
    for p in (1, 0):
        assert s.current_player == p
        s.apply("end")
    assert s.current_player == 1 and s.stack[-1].KIND == "sustain"
    assert feed_options(s) == {"feed horse:2"}
    s.apply("feed horse:2")
    assert s.current_player == 0
    s.apply("feed horse:2")
    assert s.half_year == 2
