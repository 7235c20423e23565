"""Rulebook: "Course of the Game" (Phases 1-3, Special Action and Starting Player,
Half Year End), "The End of the Game and the Winner", "The Solo Game Variant";
RULINGS 10.

9 half years alternate Summer (odd) and Winter (even); 4 workers each; the start
player goes first in every month; a worker may be skipped; one of the 8 workers per
half year may take a space of the other season (not in solo); the start-player marker
passes each half year unless the non-start player used the Special Action; the Work
Phase ends once all workers are used and both players declared the end; after the
9th November the Peat Boats may still be used, then the game is scored and a tie
goes to the start player of a hypothetical 10th half year.
"""

from __future__ import annotations

import pytest
from util import fresh, legal, res, set_res, play_out_half_year

from arle import IllegalActionError
from arle.data import catalog as C
from arle.position import edit
from arle.state import State


def places(s: State) -> set[str]:
    return {a[6:] for a in legal(s) if a.startswith("place ")}


def rich(s: State) -> State:
    for p in range(s.n):
        set_res(s, p, food=20, grain=5)
    return s




def last_half_year(players: int, start: int = 0) -> State:
    return edit(fresh(players=players), half_year=9, start_player=start)


# ---------------------------------------------------------------------------
# Half years and seasons
# ---------------------------------------------------------------------------
def test_nine_half_years_alternate_summer_and_winter() -> None:
    s = fresh()
    seen = []
    while not s.is_terminal():
        rich(s)
        seen.append(s.half_year)
        expected = C.SUMMER_SPACES if s.half_year % 2 else C.WINTER_SPACES
        assert places(s) == set(expected), s.half_year
        play_out_half_year(s)
    assert seen == list(range(1, 10))


def test_four_workers_each() -> None:
    s = fresh(players=2)
    for _ in range(8):
        assert "skip" in legal(s)
        s.apply("skip")
    assert not places(s) and "skip" not in legal(s)


def test_start_player_goes_first_in_every_month() -> None:
    s = edit(fresh(players=2), start_player=1)
    order = []
    for _ in range(8):
        order.append(s.current_player)
        s.apply("skip")
    assert order == [1, 0, 1, 0, 1, 0, 1, 0]


def test_solo_places_four_workers() -> None:
    s = fresh()
    for _ in range(4):
        assert s.current_player == 0 and "skip" in legal(s)
        s.apply("skip")
    assert not places(s)


def test_skipping_uses_the_worker_without_an_action() -> None:
    s = edit(fresh(players=2), start_player=0)
    before = [p.res[:] for p in s.players]
    s.apply("skip")
    assert s.turn == 1 and s.occupied == {} and s.current_player == 1
    assert [p.res for p in s.players] == before


def test_an_occupied_space_is_blocked_until_the_next_half_year() -> None:
    s = edit(fresh(players=2), start_player=0)
    s.apply("place woodcutter")
    assert s.occupied == {"woodcutter": 0}
    assert "woodcutter" not in places(s)
    play_out_half_year(s)
    play_out_half_year(s)   # half year 3: Summer again
    assert s.half_year == 3 and "woodcutter" in places(s)


# ---------------------------------------------------------------------------
# Special Action
# ---------------------------------------------------------------------------
def test_special_action_in_summer_takes_a_winter_space() -> None:
    s = edit(rich(fresh(players=2)), start_player=0)
    assert places(s) == set(C.SUMMER_SPACES) | set(C.WINTER_SPACES)
    s.apply("place woodcutter")
    assert s.current_player == 1
    s.apply("place peat_boatman")   # 3 Peat, a Winter space
    assert res(s, 1, "peat") == 3 + 3
    assert s.special == 1
    # Only one of the 8 workers: no other-season space for either player now.
    assert places(s) == set(C.SUMMER_SPACES) - {"woodcutter"}
    s.apply("skip")
    assert places(s) == set(C.SUMMER_SPACES) - {"woodcutter"}


def test_special_action_in_winter_takes_a_summer_space() -> None:
    s = edit(rich(fresh(players=2)), half_year=2, start_player=0)
    assert "woodcutter" in places(s)
    s.apply("place woodcutter")
    assert res(s, 0, "wood") == 4 + 3 and s.special == 0
    assert places(s) == set(C.WINTER_SPACES)


def test_special_action_is_available_again_next_half_year() -> None:
    s = edit(fresh(players=2), start_player=0)
    s.apply("place peat_boatman")
    play_out_half_year(s)
    assert s.special == -1
    assert "woodcutter" in places(s)   # Winter: a Summer space as Special Action


def test_no_special_action_in_solo() -> None:
    s = rich(fresh())
    assert places(s) == set(C.SUMMER_SPACES)
    assert "peat_boatman" not in places(s)
    with pytest.raises(IllegalActionError):
        s.apply("place peat_boatman")
    play_out_half_year(s)
    rich(s)
    assert places(s) == set(C.WINTER_SPACES)


# ---------------------------------------------------------------------------
# Starting player (RULINGS 10)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("who,next_start", [(None, 1), (0, 1), (1, 0)],
                         ids=["nobody", "start-player", "non-start-player"])
def test_start_player_marker(who: int | None, next_start: int) -> None:
    # Start player 0. It passes to player 1 unless player 1 used the Special Action.
    s = edit(fresh(players=2), start_player=0)
    if who == 0:
        s.apply("place peat_boatman")
    elif who == 1:
        s.apply("skip")
        s.apply("place peat_boatman")
    play_out_half_year(s)
    assert s.half_year == 2 and s.start_player == next_start
    assert s.current_player == next_start


def test_start_player_passes_every_half_year_without_special_actions() -> None:
    s = fresh(players=2)
    first = s.start_player
    starts = []
    for _ in range(4):
        starts.append(s.start_player)
        play_out_half_year(s)
    assert starts == [first, 1 - first, first, 1 - first]


def test_solo_start_player_stays() -> None:
    s = fresh()
    play_out_half_year(s)
    play_out_half_year(s)
    assert s.start_player == 0 and s.current_player == 0


# ---------------------------------------------------------------------------
# End of the Work Phase
# ---------------------------------------------------------------------------
def test_no_end_before_all_workers_are_used() -> None:
    s = fresh(players=2)
    assert "end" not in legal(s)
    for _ in range(7):
        s.apply("skip")
    assert "end" not in legal(s)


def test_work_phase_ends_after_both_players_declared_the_end() -> None:
    s = edit(fresh(players=2), start_player=0)
    for p in (0, 1):
        edit(s, p, equipment=["handcart"], in_place=True)
    for _ in range(8):
        s.apply("skip")
    assert s.phase == "work" and s.current_player == 0
    assert {"end", "load 0 0 wood"} <= legal(s)
    s.apply("end")
    assert s.phase == "work" and s.current_player == 1
    s.apply("load 0 0 wood")     # still the Work Phase for player 1
    assert s.phase == "work" and s.current_player == 1
    s.apply("end")
    assert s.phase == "inventory" and s.stack[-1].KIND == "sustain"


def test_half_year_end_resets_the_board() -> None:
    s = edit(fresh(players=2), start_player=0)
    s.apply("place woodcutter")
    s.apply("place peat_boatman")
    play_out_half_year(s)
    assert s.half_year == 2 and s.phase == "work"
    assert s.occupied == {} and s.turn == 0 and s.special == -1
    assert s.ended == [False, False]


# ---------------------------------------------------------------------------
# End of the game
# ---------------------------------------------------------------------------
def test_game_ends_after_the_ninth_november() -> None:
    s = fresh()
    count = 0
    while not s.is_terminal():
        play_out_half_year(s)
        count += 1
    assert count == 9 and s.half_year == 9
    assert s.legal_actions() == [] and s.current_player is None
    with pytest.raises(IllegalActionError):
        s.apply("skip")


def test_peat_boat_window_after_the_last_november() -> None:
    s = last_half_year(1)
    edit(s, equipment=["peat_boat"], res={"peat": 6, "food": 3, "grain": 0},
         animals=(0, 0, 0), in_place=True)
    for _ in range(4):
        s.apply("skip")
    s.apply("end")
    assert s.stack[-1].KIND == "sustain"
    s.apply("feed")              # 3 Food, 2 Peat; harvest gave 1 Grain
    assert s.stack[-1].KIND == "final" and not s.is_terminal()
    assert {"finish", "boat food", "boat grain", "boat flax", "boat hide",
            "boat wool"} <= legal(s)
    assert not any(a.startswith("load") for a in legal(s))
    for _ in range(4):
        s.apply("boat wool")
    assert res(s, 0, "peat") == 0 and res(s, 0, "wool") == 4 + 4
    # No Peat left: only "finish" remained, applied by itself.
    assert s.is_terminal()
    assert s.scores()[0].categories["goods_track"] == 1.0   # Wool 8


def test_final_window_waits_for_finish() -> None:
    s = last_half_year(1)
    edit(s, equipment=["peat_boat"], res={"peat": 4}, in_place=True)
    play_to_final(s)
    s.apply("finish")
    assert s.is_terminal() and res(s, 0, "peat") == 2


def play_to_final(s: State) -> None:
    while not (s.stack and s.stack[-1].KIND == "final"):
        acts = legal(s)
        for choice in ("skip", "end", "feed"):
            if choice in acts:
                s.apply(choice)
                break
        else:
            s.apply(sorted(a for a in acts if a.startswith("feed"))[0])


def test_both_players_get_the_final_window_start_player_first() -> None:
    s = last_half_year(2, start=0)
    for p in (0, 1):
        edit(s, p, equipment=["peat_boat"], in_place=True)
    play_to_final(s)
    # Half year 9's marker passed to player 1: the hypothetical 10th half year's order.
    assert s.current_player == s.start_player == 1
    s.apply("finish")
    assert s.current_player == 0 and s.stack[-1].KIND == "final"
    s.apply("finish")
    assert s.is_terminal()


def test_winner_is_none_before_the_end() -> None:
    assert fresh(players=2).winner() is None


def test_winner_has_most_points() -> None:
    s = last_half_year(2, start=0)
    set_res(s, 1, brick=1)   # +1 VP
    play_out_half_year(s)
    assert s.is_terminal()
    totals = [sc.total for sc in s.scores()]
    assert totals[1] == totals[0] + 1
    assert s.winner() == 1


@pytest.mark.parametrize("who,winner", [(None, 1), (0, 1), (1, 0)],
                         ids=["nobody", "start-player", "non-start-player"])
def test_tie_goes_to_the_start_player_of_a_tenth_half_year(who: int | None,
                                                           winner: int) -> None:
    # Half year 9, start player 0, equal farms. Peat Boatman (a Winter space taken
    # as the Special Action) gives Peat only, worth no VP: the totals stay equal.
    s = last_half_year(2, start=0)
    if who == 0:
        s.apply("place peat_boatman")
    elif who == 1:
        s.apply("skip")
        s.apply("place peat_boatman")
    play_out_half_year(s)
    assert s.is_terminal()
    a, b = (sc.total for sc in s.scores())
    assert a == b
    assert s.winner() == winner


def test_ties_compare_totals_not_categories() -> None:
    # Different categories, same total: still a tie.
    s = last_half_year(2, start=1)
    set_res(s, 0, brick=2)         # +2 VP in clothing and materials
    set_res(s, 1, timber=4)        # +2 VP (4 x 1/2)
    play_out_half_year(s)
    a, b = (sc.total for sc in s.scores())
    assert a == b
    assert s.winner() == 0         # marker passed from player 1 to player 0
