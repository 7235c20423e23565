"""Audit of the inventory, animal housing, vehicles, home board and scoring pad.

Each test pins a behaviour that no other test checked through the engine (the rules
module tests exercise ``arle.animals`` and ``arle.scoring`` on their own; these go
through ``new_game``/``apply``/``scores``).  Rule references name the rulebook section.
"""

from __future__ import annotations

from util import fresh, legal, only, res, set_animals, set_res

from arle.position import edit
from arle.state import State

STALL_CELL = 12


def _to_inventory_decision(s: State) -> State:
    """Skip the solo player's workers and end the Work Phase."""
    for _ in range(4):
        s.apply("skip")
    s.apply("end")
    return s


def _loads(s: State) -> set[str]:
    return {a for a in legal(s) if a.startswith("load")}


# ---------------------------------------------------------------------------
# Phase 3, May: baby animals through the engine
# ---------------------------------------------------------------------------
def test_stable_of_four_gives_two_and_double_stall_pairs_each_give_one() -> None:
    """Rulebook, "Phase 3: Inventorying", May step 2: a Stable holding exactly four
    animals of one kind gets two young; a Double Stall counts as two Stalls, so a pair
    in each half gets one young each.  Step 3 then shears the grown flock."""
    s = edit(fresh(), half_year=2)
    only(s, 0, food=3)
    # No pastures left: a Double Stall, a Park and the Stable fill the two free
    # mainland spaces and the starting Stall's space.
    edit(s, cells={9: "double_stall", 10: "park", STALL_CELL: "stable"}, in_place=True)
    set_animals(s, 0, sheep=4, cattle=4, horse=0)
    _to_inventory_decision(s)
    # Four sheep in the Stable (+2), two cattle in each half of the Double Stall (+1+1):
    # the only best outcome, so nobody is asked.
    assert s.players[0].animals == [6, 6, 0]
    assert res(s, 0, "wool") == 3          # 6 sheep shorn: 3 Wool


def test_park_and_dike_animals_do_not_breed() -> None:
    """Rulebook, May step 2: only animals in Stalls and Stables breed; a Park (and a
    Dike) holds animals that never get young."""
    s = edit(fresh(), half_year=2)
    only(s, 0, food=3)
    edit(s, cells={9: "park", 10: "forest", STALL_CELL: "forest"}, in_place=True)
    set_animals(s, 0, sheep=2, cattle=2, horse=2)
    _to_inventory_decision(s)
    assert s.players[0].animals == [2, 2, 2]


# ---------------------------------------------------------------------------
# Goods-track caps during the inventory
# ---------------------------------------------------------------------------
def test_milking_and_shearing_stop_at_the_goods_track_caps() -> None:
    """Rulebook, "The Goods Track": at most 30 Food (two indicators) and 15 of every
    other good; milking Food and shorn Wool beyond that are lost."""
    s = fresh()
    only(s, 0, food=29, peat=2)
    edit(s, cells={STALL_CELL: ""}, animals=(4, 3, 0),   # milks 1 + 2 Food
         in_place=True)
    _to_inventory_decision(s)
    if s.stack and s.stack[-1].KIND == "sustain":
        s.apply("feed")
    assert res(s, 0, "food") == 30 - 3

    s = edit(fresh(), half_year=2)
    only(s, 0, food=3, wool=14)
    edit(s, cells={STALL_CELL: ""}, animals={"sheep": 6},   # shears 3 Wool
         in_place=True)
    _to_inventory_decision(s)
    if s.stack and s.stack[-1].KIND == "sustain":
        s.apply("feed")
    assert res(s, 0, "wool") == 15


# ---------------------------------------------------------------------------
# Promo vehicle (Korean rulebook appendix; RULINGS 11)
# ---------------------------------------------------------------------------
def test_coach_and_four_triple_space_takes_only_size_three_tiles() -> None:
    """Korean appendix, Coach-and-Four: its one triple space, like a double space, takes
    no tile smaller than itself (no Wood, Clay, Linen or small destination)."""
    s = fresh(promos=True)
    only(s, 0, linen=1, woolen=1, leather=1, wood=1, clay=1, peat=1, flax=1, timber=1)
    edit(s, equipment=["coach_and_four"], in_place=True)
    assert _loads(s) == {"load 0 0 woolen", "load 0 0 leather", "load 0 0 emden",
                         "load 0 0 leer"}


def test_coach_and_four_back_side_joins_triple_and_single_for_bremen() -> None:
    """Korean appendix: the upgraded Coach-and-Four joins its triple and single space
    for a size-4 tile, so Bremen fits there too (the base text names only the Horse
    Cart and the Droshky because the promo came later)."""
    s = fresh(promos=True)
    only(s, 0, timber=1)
    edit(s, equipment=["coach_and_four_upgraded"], in_place=True)
    assert "load 0 0 bremen" in _loads(s)
    assert "load 0 1 hage" in _loads(s)


# ---------------------------------------------------------------------------
# Scoring pad built from the engine's home board
# ---------------------------------------------------------------------------
def test_home_board_score_of_every_tile_kind_from_the_engine() -> None:
    """Rulebook, "The End of the Game", VP on Home Board, with RULINGS 2, 6 and 7:
    Stall 2, Depot 2, Double Stall 9, Park 6; each hydrated Moor -4, a dehydrated Moor
    -1, the Small Boardwalk -3; the top row loses 3 minus the dikes in the top gap."""
    s = fresh()
    edit(s, cells={9: "depot", 10: "double_stall", 6: "park"}, dehydrated=[0],
         dikes=5,                      # (0,1,3,1): row 1 is land, one mark covered
         in_place=True)
    cats = s.scores()[0].categories
    # stall 2 + depot 2 + double stall 9 + park 6 - 2 moors x 4 - dehydrated 1
    # - boardwalk 3 - top row 2
    assert cats["home_board"] == 2 + 2 + 9 + 6 - 8 - 1 - 3 - 2
    # The Depot doubles the goods track: Food 5, Grain 1, Flax 3, Hide 2, Wool 4 -> 0.
    set_res(s, 0, food=22, wool=15)
    assert s.scores()[0].categories["goods_track"] == 2 * ((3 + 1) + 3)
