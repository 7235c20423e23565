"""The framework's search (issue 30): single-observer information-set MCTS written against
the game protocol alone (``so-ismcts``), and the protocol's determinization hook it uses.

It plays both games to the end, is deterministic for a seed, beats ``random`` in the
second game, and reads nothing its seat cannot see: positions that differ only in what
is hidden from the seat give the same search, and its only contact with the real
position is the current player, the seat's legal actions and the game's sampler.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import arle
import arle.green as G
from arle.framework import bots as F
from arle.framework import game as FG
from arle.framework.arena import Match, play_match
from arle.framework.search import ISMCTSBot
from arle.game import FIELDS_OF_ARLE, GameState
from arle.green import infostate as I

QUICK = {"sims": "6", "horizon": "20"}


def _green_at(n: int, seed: int, steps: int) -> G.State:
    """A seeded random green game after ``steps`` decisions (at a decision of a seat
    with a choice)."""
    s = G.new_game(players=n, seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        s.apply(r.choice(s.legal_actions()))
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    return s


# ------------------------------------------------------------------ the protocol's hook
def test_a_perfect_information_game_determinizes_to_a_copy() -> None:
    s = arle.new_game(players=2, seed=5)
    before = s.to_json()
    t = FIELDS_OF_ARLE.determinize(s, 1, random.Random(0))
    assert t == s and t is not s
    t.apply(t.legal_actions()[0])
    assert s.to_json() == before                      # an independent copy
    assert FG.game_of(s) is FIELDS_OF_ARLE and FG.game_of(G.new_game(players=2, seed=1)) is G.GAME


def test_the_green_game_deals_what_the_seat_cannot_see() -> None:
    s = _green_at(3, 4, 9)
    p = s.current_player
    assert p is not None
    before = s.to_json()
    samples = [G.GAME.determinize(s, q, random.Random(k)) for q in range(3) for k in (1, 2)]
    assert s.to_json() == before
    for k, t in enumerate(samples):
        q = k // 2
        assert isinstance(t, G.State)
        assert I.infostate_string(t, q) == I.infostate_string(s, q)
    assert any(isinstance(t, G.State) and t.players != s.players
               for t in samples)                                   # hidden cards dealt anew
    assert samples[0].to_json() == G.GAME.determinize(s, 0, random.Random(1)).to_json()
    with pytest.raises(TypeError, match="not a state of the green game"):
        G.GAME.determinize(arle.new_game(players=2, seed=1), 0, random.Random(0))


def test_a_hiding_game_without_a_sampler_refuses_and_unknown_states_are_named() -> None:
    blind = dataclasses.replace(G.GAME, name="blind", sampler=None)
    with pytest.raises(ValueError, match="'blind' hides information but gives no sampler"):
        blind.determinize(G.new_game(players=2, seed=1), 0, random.Random(0))
    with pytest.raises(ValueError, match="no registered game plays states of type int"):
        FG.game_of(3)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the registry, options
def test_it_is_registered_for_every_game_with_its_options() -> None:
    assert "so-ismcts" in F.known("arle") and "so-ismcts" in F.known("green")
    for game in ("arle", "green"):
        bot = F.get("so-ismcts:sims=5,horizon=9,seed=7", seed=1, game=game)
        assert isinstance(bot, ISMCTSBot) and bot.seed == 7 and bot.sims == 5
        assert bot.name == "so-ismcts:sims=5,horizon=9"
    assert F.get("so-ismcts").name == "so-ismcts"
    assert F.get("ismcts", game="green").name == "green-ismcts"      # the short name stays
    with pytest.raises(ValueError, match="takes the options sims, time, c, horizon"):
        F.get("so-ismcts:depth=3")
    with pytest.raises(ValueError, match="sims='many': expected a whole number"):
        F.get("so-ismcts:sims=many")
    with pytest.raises(ValueError, match="sims must be >= 1"):
        F.get("so-ismcts:sims=0")
    with pytest.raises(ValueError, match="must be finite"):
        F.get("so-ismcts:time=inf")


def test_the_web_seats_it_in_both_games_with_bounded_time() -> None:
    from arle.web.botworker import check_bot_spec, known_bots, think, think_green
    for game in ("arle", "green"):
        assert "so-ismcts" in known_bots(game)
        assert check_bot_spec("so-ismcts", game) == "so-ismcts:time=2"
        assert check_bot_spec("so-ismcts:sims=50,seed=3", game) == "so-ismcts:sims=50,seed=3"
        with pytest.raises(ValueError, match="above this server's limit"):
            check_bot_spec("so-ismcts:time=60", game)
    spec = "so-ismcts:sims=3,horizon=5"
    s, t = arle.new_game(players=2, seed=1), G.new_game(players=2, seed=1)
    assert think(spec, 1, s.to_json()) in {str(a) for a in s.legal_actions()}
    assert think_green(spec, 1, t.to_json()) in {str(a) for a in t.legal_actions()}


# ------------------------------------------------------------------ play
def test_it_plays_a_whole_solo_game_of_fields_of_arle() -> None:
    s = arle.new_game(players=1, seed=2)
    bot = ISMCTSBot(seed=1, sims="3", horizon="10")
    while not s.is_terminal():
        before = s.to_json()
        a = bot.choose(s)
        assert s.to_json() == before and a in s.legal_actions()
        s.apply(a)
    with pytest.raises(ValueError, match="game is over"):
        bot.choose(s)


def test_it_plays_whole_two_player_games_of_both_games() -> None:
    for game in ("arle", "green"):
        r = play_match(Match(index=0, seed=3, players=2, game=game,
                             specs=("so-ismcts:sims=3,horizon=10", "random"),
                             labels=("search", "random"), bot_seeds=(1, 2)))
        assert r.decisions[0] > 10 and len(r.record["actions"]) >= sum(r.decisions)


def test_it_beats_random_in_the_green_game() -> None:
    spec = "so-ismcts:sims=8,horizon=30"
    wins = 0
    for seed in (0, 1):
        for seat in (0, 1):
            specs = (spec, "random") if seat == 0 else ("random", spec)
            r = play_match(Match(index=0, seed=seed, players=2, specs=specs, labels=specs,
                                 bot_seeds=(seed, seed + 10), game="green"))
            wins += seat in (r.winners or [])
    assert wins >= 3


def test_it_is_deterministic_for_a_seed() -> None:
    s = _green_at(2, 8, 14)
    a, b = ISMCTSBot(seed=5, **QUICK), ISMCTSBot(seed=5, **QUICK)
    assert a.search(s) == b.search(s)
    assert a.choose(s) == b.choose(s)              # and so on, choice after choice
    assert sum(r.visits for r in ISMCTSBot(seed=5, **QUICK).search(s)) == 6
    t = arle.new_game(players=2, seed=4)
    for _ in range(3):
        x, y = ISMCTSBot(seed=2, **QUICK).choose(t), ISMCTSBot(seed=2, **QUICK).choose(t)
        assert x == y
        t.apply(x)


def test_time_bounds_the_search() -> None:
    s = _green_at(2, 3, 5)
    stats = ISMCTSBot(seed=1, time="0.05", horizon="5").search(s)
    assert sum(r.visits for r in stats) >= 1


# ------------------------------------------------------------------ no hidden information
@pytest.mark.parametrize("n,steps", [(2, 0), (3, 7), (4, 30)])
def test_positions_the_seat_cannot_tell_apart_give_the_same_search(n: int, steps: int) -> None:
    s = _green_at(n, 20 + n, steps)
    p = s.current_player
    assert p is not None
    others = [I.resample_from_infostate(s, p, random.Random(k)) for k in (1, 2)]
    assert all(I.infostate_string(t, p) == I.infostate_string(s, p) for t in others)
    assert any(t.to_json() != s.to_json() for t in others)      # the hidden parts differ
    want = ISMCTSBot(seed=9, **QUICK).search(s)
    for t in others:
        assert ISMCTSBot(seed=9, **QUICK).search(t) == want


class _Spy:
    """A state that tells which of its attributes are read (the real one inside)."""

    def __init__(self, inner: GameState) -> None:
        self._inner = inner
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.read.add(name)
        return getattr(self._inner, name)


def test_the_real_position_is_read_only_for_the_seat_and_its_legal_actions() -> None:
    s = _green_at(3, 6, 12)
    spy = _Spy(s)
    sampled: list[int] = []

    def sampler(state: GameState, player: int, rng: random.Random) -> GameState:
        assert isinstance(state, _Spy)
        sampled.append(player)
        return G.GAME.determinize(state._inner, player, rng)

    bot = ISMCTSBot(seed=4, **QUICK)
    bot._games[_Spy] = dataclasses.replace(G.GAME, sampler=sampler)
    a = bot.choose(spy)
    assert spy.read == {"current_player", "legal_actions"}
    assert sampled == [s.current_player] * 6
    assert a == ISMCTSBot(seed=4, **QUICK).choose(s)
