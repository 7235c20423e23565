"""Audit of the 30 action spaces against the rulebook ("The Action Spaces - General
Rules", the Summer and Winter action space lists, "Further Details on the Action
Spaces", the Special Action and Laborer parts of "Course of the Game") and RULINGS 4, 8
and 10.

Each test names the rule it pins in its docstring, in our own words.
"""

from __future__ import annotations

from arle.data import catalog as C
from util import do, fresh, legal, res, set_animals, set_res, winter

from arle.position import edit


def two_players(summer: bool = True):
    """A 2-player game with player 0 to move first."""
    return edit(fresh(players=2), start_player=0, half_year=1 if summer else 2)


# ---------------------------------------------------------------------------
# Special Action (Course of the Game) with spaces that have their own cost
# ---------------------------------------------------------------------------
def test_special_action_space_still_needs_its_own_cost() -> None:
    """Course of the Game, Special Action; General Rules (costs on the board): a worker
    sent to the other season's space pays that space's cost like any other worker.
    In Winter with no Food the Summer Forester is closed (Grain never replaces its
    Food), while the Winter Wood Trader used in Summer may take Grain when Food is out."""
    s = two_players(summer=False)
    set_res(s, 0, food=0, grain=3)
    assert "place forester" not in legal(s)
    assert "place laborer_summer" not in legal(s)
    s = two_players(summer=True)
    set_res(s, 0, food=0, grain=3, wood=0)
    assert "place wood_trader_space" in legal(s)
    do(s, "place wood_trader_space", "wood")
    assert s.special == 0
    assert res(s, 0, "grain") == 2 and res(s, 0, "wood") == 4


def test_other_season_laborer_used_as_special_action_imitates_nothing() -> None:
    """Course of the Game (the Laborer reuses an occupied space of the current half
    year) and the Winter Laborer (only occupied Winter spaces may be imitated): the
    Winter Laborer taken in Summer as the Special Action may still build, but finds no
    occupied Winter space to imitate and may not copy an occupied Summer space."""
    s = two_players(summer=True)
    set_res(s, 0, food=5)
    set_res(s, 1, food=5, grain=1, wood=1)
    do(s, "place forester", "forest")       # player 0, a Summer space
    do(s, "place laborer_winter")           # player 1's Special Action
    assert s.special == 1 and res(s, 1, "food") == 3
    acts = legal(s)
    assert not any(a.startswith("imitate") for a in acts)
    assert "build workshop" in acts


# ---------------------------------------------------------------------------
# Timber for Wood, Brick for Clay (General Rules) on the spaces' own conversions
# ---------------------------------------------------------------------------
def test_potter_brick_pays_for_clay() -> None:
    """General Rules: Brick may always be paid instead of Clay, so the Potter's
    conversion (1 Clay to 3 Food and 1 Peat) also takes a Brick."""
    s = winter(fresh())
    set_res(s, 0, clay=0, brick=2, food=0, peat=0)
    do(s, "place potter", "convert 2")
    assert res(s, 0, "brick") == 0
    assert res(s, 0, "food") == 6 and res(s, 0, "peat") == 2


def test_wainwright_timber_pays_for_vehicle_and_peat_boat() -> None:
    """General Rules (Timber for Wood) with the Wainwright: a Handcart (2 Wood) and a
    Peat Boat (1 Wood) may both be paid with Timber."""
    s = winter(fresh())
    set_res(s, 0, wood=0, timber=3)
    do(s, "place wainwright", "vehicle handcart", "peat_boat")
    assert sorted(b[0] for b in s.players[0].barn) == ["handcart", "peat_boat"]
    assert res(s, 0, "timber") == 0


# ---------------------------------------------------------------------------
# Winter Carpenter: the exchanged Stall's animals stay housed
# ---------------------------------------------------------------------------
def test_winter_carpenter_stall_to_stable_keeps_the_animals() -> None:
    """Winter Carpenter: a Stall is exchanged for a Stable for 2 Bricks; the Stable holds
    6 of one type, so the 3 animals of the Stall stay and nothing is given back; the
    Stall goes back to the shared supply."""
    s = winter(fresh())
    pl = s.players[0]
    # no free pastures: the Stall and the dikes house everything
    edit(s, cells={9: "forest", 10: "forest"}, in_place=True)
    set_animals(s, 0, sheep=0, cattle=3, horse=5)
    set_res(s, 0, brick=2)
    before = s.pool["stall_depot"]
    do(s, "place carpenter_winter", "stable")
    assert s.stack == []
    assert pl.animals == [0, 3, 5]
    assert pl.grid.count("stable") == 1 and pl.grid.count("stall") == 0
    assert s.pool["stall_depot"] == before + 1
    assert s.pool["stable"] == C.SUPPLY_POOLS["stable"] - 1
