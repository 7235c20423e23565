"""Scoring and ties (R22, R23, F26, F27), the game protocol and the honest title."""

from __future__ import annotations

import arle.game
import arle.green as G
from arle.bots.random_bot import RandomBot
from green_util import card, fresh, over, put, seat


def test_r22_f26_pad_categories() -> None:
    s = fresh(3, seed=1, first_player=0)
    seat(s, 0, coins=11, food=3, vpt=2)           # 3 VP, 1 VP, 2 VP
    card(s, 0, "0,0", water=0)                    # an empty tower: 1 VP
    put(s, 0, "2,0", "b05")                       # printed 2
    put(s, 0, "3,0", "f07")                       # game end: towers within 2 (none)
    put(s, 0, "0,1", "b06")                       # 1 VP per card within 2, cap 5
    put(s, 0, "0,-1", "c10")                      # 1 VP per empty tower
    put(s, 0, "-1,0", "f01", up=0)                # an Open Area scores nothing
    sc = s.scores()[0]
    c = sc.categories
    assert tuple(c) == G.SCORE_CATEGORIES
    assert c["printed_vp"] == 2 + 1 and c["vp_tokens"] == 2 and c["coins"] == 3
    assert c["food"] == 1 and c["empty_towers"] == 1
    # b06 sees 0,0 1,0 0,-1 (within 2 and face up; not the Open Area); c10: 1; f07: 0
    assert c["location_game_end"] == 3 + 1 + 0
    assert sc.total == sum(c.values())
    # one seat's pad alone is the same pad; a seat that is not in the game is refused
    assert [s.score(q) for q in range(3)] == s.scores()
    for bad in (3, -1, True, "0"):
        try:
            s.score(bad)  # type: ignore[arg-type]
        except ValueError as e:
            assert "no seat" in str(e)
        else:
            raise AssertionError(f"score({bad!r}) was accepted")


def test_p4_game_end_selectors() -> None:
    s = fresh(3, seed=1, first_player=0)
    for cell, card in (("2,0", "f01"), ("3,0", "l01"), ("4,0", "c01"), ("5,0", "b05")):
        put(s, 0, cell, card)
    put(s, 0, "0,1", "b04")                       # 3 VP per set of the 4 types
    assert s.scores()[0].categories["location_game_end"] == 3
    put(s, 0, "0,-1", "b10")                       # 1 per Open Area
    put(s, 0, "-1,0", "f02", up=0)
    assert s.scores()[0].categories["location_game_end"] == 4


def test_r23_f27_ties() -> None:
    s = over(fresh(2, seed=1))
    assert s.winners() == [0, 1] and s.winner() is None          # fully tied: shared
    put(s, 1, "2,0", "f01", up=0)                                # Open Area: no location
    assert s.winners() == [0, 1]
    seat(s, 0, coins=16)                                         # 5 VP either way
    seat(s, 1, coins=17)
    assert s.winners() == [1]                                    # same VP & locations
    put(s, 0, "3,0", "silo")
    seat(s, 0, food=0)
    assert s.winner() == 0                                       # more locations first
    t = fresh(2, seed=1, open_area_counts_as_location=True)
    over(t)
    put(t, 1, "2,0", "f01", up=0)
    assert t.winner() == 1


def test_protocol_registered_and_honest_title() -> None:
    g = arle.game.get("green")
    assert g is G.GAME
    assert (g.min_players, g.max_players, g.perfect_information, g.chance_after_setup) == \
        (1, 4, False, True)
    assert "modelled on Fields of Green (Artipia Games, 2016)" in g.title
    assert "invented cards" in g.title and "unofficial" in g.title
    assert "faithful" not in g.title.lower()
    assert G.__doc__ is not None and "not a faithful copy" in G.__doc__
    s = g.new_game(players=3, seed=2)
    assert isinstance(s, arle.game.GameState)
    bot = RandomBot(seed=2)
    while not s.is_terminal():
        assert s.pending().player == s.current_player
        s.apply(bot.choose(s))
    assert len(s.scores()) == 3 and s.winners()
    assert g.replay(s.record()) == s and g.from_json(s.to_json()) == s
