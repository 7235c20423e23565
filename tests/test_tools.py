"""Tool tracks (RULINGS 4) and the Master action spaces (rulebook: Master, Further
Details 5 and 8, "pay Timber for Wood / Brick for Clay")."""

from __future__ import annotations

import pytest

from arle.data import catalog as C
from util import do, fresh, legal, res, set_res, set_tool, winter

TRACKS = {
    # tool: (values, step cost (resource, n), VP by value)
    "fish_traps": ((2, 3, 4, 5, 6), ("wood", 1), {6: 3}),
    "fleshing_beams": ((3, 5, 6), ("wood", 1), {5: 1, 6: 3}),
    "weaving_looms": ((2, 3, 4, 5), ("wood", 2), {3: 1, 4: 3, 5: 4}),
    "slaughtering_tables": ((2, 3, 4), ("clay", 1), {3: 1, 4: 2}),
    "spades": ((3, 5, 7), ("wood", 1), {7: 2}),
    "shovels": ((3, 4, 5, 6), ("wood", 1), {}),
    "pottery_wheels": ((2, 3, 4), ("clay", 1), {4: 2}),
    "ovens": ((1, 2, 3, 4), ("brick", 1), {2: 1, 3: 5, 4: 7}),
    "axes": ((3, 4, 5, 6), ("wood", 1), {}),
    "workbenches": ((2, 3, 4), ("clay", 2), {3: 1, 4: 4}),
}


def tv(s, tool: str, p: int = 0) -> int:
    t = C.TOOL_INDEX[tool]
    return C.TOOL_VALUES[t][s.players[p].tools[t]]


def rich(s, p: int = 0):
    return set_res(s, p, wood=20, clay=20, brick=20, timber=0, food=10)


# ---------------------------------------------------------------------------
# The printed tracks
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("tool", sorted(TRACKS))
def test_track_data(tool: str) -> None:
    values, (r, n), vp = TRACKS[tool]
    t = C.TOOL_INDEX[tool]
    assert C.TOOL_VALUES[t] == values
    assert C.TOOL_STEP_COST[t] == (C.RES_INDEX[r], n)
    assert C.TOOL_VP[t] == vp


def test_every_indicator_starts_leftmost() -> None:
    s = fresh()
    assert all(tv(s, tool) == TRACKS[tool][0][0] for tool in TRACKS)


def test_shovel_pairs() -> None:
    assert C.SHOVEL_PAIRS == {3: 1, 4: 2, 5: 2, 6: 3}


# ---------------------------------------------------------------------------
# Master: per-step costs
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("tool", sorted(TRACKS))
def test_master_step_cost_and_gain(tool: str) -> None:
    values, (r, n), _vp = TRACKS[tool]
    s = rich(fresh())
    before = {k: res(s, 0, k) for k in ("wood", "clay", "brick", "timber")}
    do(s, "place master_summer", f"tool {tool}")
    if r == "clay":  # Brick could pay for Clay: choose Clay here
        do(s, f"pay clay:{n}")
    assert tv(s, tool) == values[1]
    after = {k: res(s, 0, k) for k in before}
    assert before[r] - after[r] == n
    assert sum(before.values()) - sum(after.values()) == n


def test_master_moves_one_indicator_per_workbench() -> None:
    s = rich(fresh())
    do(s, "place master_summer", "tool fish_traps", "tool axes")
    # 2 Workbenches used up: the action ends by itself
    assert s.stack == []
    assert tv(s, "fish_traps") == 3 and tv(s, "axes") == 4
    assert res(s, 0, "wood") == 18


@pytest.mark.parametrize("benches", [3, 4])
def test_master_with_more_workbenches(benches: int) -> None:
    s = rich(fresh())
    set_tool(s, 0, "workbenches", benches)
    do(s, "place master_summer", "tool fish_traps", "tool axes", "tool spades")
    if benches == 3:
        assert s.stack == []
    else:
        do(s, "tool shovels")
        assert s.stack == []
    assert tv(s, "spades") == 5


def test_master_each_indicator_at_most_once() -> None:
    s = rich(fresh())
    do(s, "place master_summer", "tool fish_traps")
    assert "tool fish_traps" not in legal(s)
    assert "tool axes" in legal(s)


def test_master_may_stop_early() -> None:
    s = rich(fresh())
    do(s, "place master_summer", "tool axes", "done")
    assert s.stack == [] and tv(s, "axes") == 4 and tv(s, "fish_traps") == 2


def test_master_indicator_at_track_end_not_offered() -> None:
    s = rich(fresh())
    set_tool(s, 0, "spades", 7)
    do(s, "place master_summer")
    assert "tool spades" not in legal(s)


def test_spades_step_is_two_spades_for_one_wood() -> None:
    s = fresh()
    set_res(s, 0, wood=1, timber=0, clay=0, brick=0)
    do(s, "place master_summer", "tool spades")
    assert tv(s, "spades") == 5
    assert res(s, 0, "wood") == 0


def test_workbench_example_gives_a_third_move() -> None:
    """Further Details 5: 2 Workbenches, move the Workbench first (2 Clay) -> 3, so two
    more indicators may still move: three movements in all."""
    s = rich(fresh())
    do(s, "place master_summer", "tool workbenches", "pay clay:2")
    assert tv(s, "workbenches") == 3
    do(s, "tool fish_traps", "tool axes")
    assert s.stack == []
    assert (tv(s, "fish_traps"), tv(s, "axes")) == (3, 4)
    assert res(s, 0, "clay") == 18 and res(s, 0, "wood") == 18


def test_workbench_moved_second_still_adds_a_move() -> None:
    """Moved as the 2nd of 2 movements it gives a 3rd move too (3 Workbenches now)."""
    s = rich(fresh())
    do(s, "place master_summer", "tool axes", "tool workbenches", "pay clay:2")
    assert s.stack != []
    do(s, "tool fish_traps")
    assert s.stack == []


def test_unaffordable_steps_not_offered() -> None:
    s = fresh()
    set_res(s, 0, wood=1, timber=0, clay=1, brick=0)
    do(s, "place master_summer")
    acts = legal(s)
    assert "tool weaving_looms" not in acts   # 2 Wood
    assert "tool workbenches" not in acts     # 2 Clay
    assert "tool ovens" not in acts           # 1 Brick
    assert {"tool axes", "tool slaughtering_tables"} <= acts


def test_nothing_affordable_master_ends_at_once() -> None:
    s = fresh()
    set_res(s, 0, wood=0, timber=0, clay=0, brick=0)
    do(s, "place master_summer")
    assert s.stack == [] and s.turn == 1


# ---------------------------------------------------------------------------
# Timber for Wood, Brick for Clay
# ---------------------------------------------------------------------------
def test_timber_pays_for_wood_automatically_when_no_wood() -> None:
    s = fresh()
    set_res(s, 0, wood=0, timber=1, clay=0, brick=0)
    do(s, "place master_summer", "tool axes")
    assert res(s, 0, "timber") == 0 and tv(s, "axes") == 4


def test_wood_or_timber_is_a_choice() -> None:
    s = fresh()
    set_res(s, 0, wood=1, timber=1, clay=0, brick=0)
    do(s, "place master_summer", "tool axes")
    assert legal(s) == {"pay wood:1", "pay timber:1"}
    do(s, "pay timber:1")
    assert res(s, 0, "wood") == 1 and res(s, 0, "timber") == 0


def test_two_wood_step_mixed_payment() -> None:
    s = fresh()
    set_res(s, 0, wood=1, timber=2, clay=0, brick=0)
    do(s, "place master_summer", "tool weaving_looms")
    assert legal(s) == {"pay wood:1 timber:1", "pay timber:2"}
    do(s, "pay wood:1 timber:1")
    assert (res(s, 0, "wood"), res(s, 0, "timber")) == (0, 1)
    assert tv(s, "weaving_looms") == 3


def test_brick_pays_for_clay() -> None:
    s = fresh()
    set_res(s, 0, wood=0, timber=0, clay=0, brick=2)
    do(s, "place master_summer", "tool workbenches")
    assert res(s, 0, "brick") == 0 and tv(s, "workbenches") == 3


def test_oven_step_needs_brick_not_clay() -> None:
    s = fresh()
    set_res(s, 0, wood=0, timber=0, clay=5, brick=1)
    do(s, "place master_summer", "tool ovens")
    assert res(s, 0, "brick") == 0 and res(s, 0, "clay") == 5
    assert tv(s, "ovens") == 2


# ---------------------------------------------------------------------------
# Winter Master, Laborer imitation
# ---------------------------------------------------------------------------
def test_winter_master_same_rules() -> None:
    s = rich(winter(fresh()))
    do(s, "place master_winter", "tool workbenches", "pay clay:2", "tool ovens",
       "tool spades")
    assert s.stack == []
    assert (tv(s, "workbenches"), tv(s, "ovens"), tv(s, "spades")) == (3, 2, 5)
    assert res(s, 0, "brick") == 19


def test_tools_used_are_free() -> None:
    """Further Details 8: using a tool costs nothing (Clay Worker, 3 Shovels)."""
    s = fresh()
    set_res(s, 0, wood=0, clay=0)
    do(s, "place clay_worker")
    assert res(s, 0, "clay") == 3 and res(s, 0, "wood") == 0
