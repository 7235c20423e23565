"""Property tests: seeded random games for 1-4 players with the invariants of hidden
information (H1, H2, H7), JSON and replay round trips, conservation of cards, and
atomic refusal of illegal input; plus the strict JSON loader.

Partly a test of the state's layout (allowed in tests/test_public_api_only.py): to show
that a seat's view depends on nothing it may not see, ``_resample_hidden`` rewrites the
hidden fields themselves (other seats' hands and picks, the RNG, the unseen cards), an
oracle independent of the game's own information-set sampler.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import arle.green as G
from arle.actions import IllegalActionError
from arle.green.io import conservation_problems
from green_util import SHIPPED, fresh, play_random
from hyp import examples

JUNK = ["", "fly", "build", "build 99 99", "pick zz9", "market 3", "draw 6 0 0 0",
        "store 0,0:9", "harvest 0 0", "take", "keep e99", "restore 0 0"]


def _hidden_of_others(s: G.State, p: int) -> list[str]:
    out = []
    for q, pl in enumerate(s.players):
        if q != p:
            out += pl.hand + ([pl.pick] if pl.pick else [])
    return out


def _check_observation(s: G.State, p: int) -> None:
    o = s.observation(p)
    json.dumps(o)
    assert o["hand"] == s.players[p].hand and o["pick"] == s.players[p].pick
    for q, seat in enumerate(o["seats"]):
        assert "hand" not in seat and "pick" not in seat
        assert seat["hand_size"] == len(s.players[q].hand) + bool(s.players[q].pick)
    text = json.dumps(o)
    assert "rng" not in o and "unseen" not in o and "eq_bottom" not in o
    assert str(s.rng) not in text or s.rng < 1000
    if s.current_player != p and s.stack and s.stack[-1].KIND == "keep":
        assert "tiles" not in json.dumps(o["decision"])


def _play_checked(n: int, seed: int, cards: str = SHIPPED[0]) -> G.State:
    r = random.Random(seed)
    s = fresh(n, seed=seed, cards=cards)
    step = 0
    while not s.is_terminal():
        assert not conservation_problems(s)
        if step % 7 == 0:
            t = G.State.from_json(s.to_json())
            assert t == s and t.legal_actions() == s.legal_actions()
            for p in range(n):
                _check_observation(s, p)
        if step % 11 == 0:
            before = s.to_json()
            for bad in r.sample(JUNK, 3):
                with pytest.raises(IllegalActionError):
                    s.apply(bad)
            assert s.to_json() == before
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        c = s.clone()
        a = r.choice(legal)
        s.apply(str(a) if step % 2 else a)
        assert c.history == s.history[:-1]           # the clone is independent
        step += 1
    assert not conservation_problems(s)
    assert G.replay(s.record()) == s
    assert G.replay(json.dumps(s.record())) == s
    return s


@settings(max_examples=examples(20))
@given(n=st.integers(1, 4), seed=st.integers(0, 10 ** 6), cards=st.sampled_from(SHIPPED))
def test_random_games_keep_the_invariants(n: int, seed: int, cards: str) -> None:
    s = _play_checked(n, seed, cards)
    assert s.year == 4 and len(s.scores()) == n and s.winners()


@pytest.mark.parametrize("cards", SHIPPED, ids=["v1", "v2", "v3"])
def test_every_player_count_once(cards: str) -> None:
    for n in (1, 2, 3, 4):
        assert _play_checked(n, 100 + n, cards).cs.path == cards


def _resample_hidden(s: G.State, p: int, rng: random.Random) -> G.State:
    """A state differing from ``s`` only in what seat ``p`` cannot see: other seats'
    hands and picks swapped with unseen cards of the same pile, another RNG state and
    the never-seen Equipment shuffled between designs."""
    t = s.clone()
    t.rng = rng.getrandbits(64)
    for q, pl in enumerate(t.players):
        if q == p:
            continue
        for attr in ("hand", "pick"):
            cards = pl.hand if attr == "hand" else ([pl.pick] if pl.pick else [])
            new = []
            for c in cards:
                pile = t.cs.designs[c].pile
                ids = t.cs.pile_designs[pile]
                pool = [d for i, d in enumerate(ids) for _ in range(t.unseen[pile][i])]
                if pool:
                    d = rng.choice(pool)
                    t.unseen[pile][ids.index(d)] -= 1
                    t.unseen[pile][ids.index(c)] += 1
                    c = d
                new.append(c)
            if attr == "hand":
                pl.hand = sorted(new, key=t.cs.design_index.__getitem__)
            elif new:
                pl.pick = new[0]
    assert not conservation_problems(t)
    t._legal = None
    return t


@settings(max_examples=examples(20))
@given(n=st.integers(2, 4), seed=st.integers(0, 10 ** 6), k=st.integers(0, 150))
def test_h7_what_a_seat_cannot_see_changes_nothing_it_sees(n: int, seed: int,
                                                          k: int) -> None:
    s = play_random(fresh(n, seed=seed), seed, steps=k)
    rng = random.Random(seed)
    for p in range(n):
        t = _resample_hidden(s, p, rng)
        assert t.observation(p) == s.observation(p)
        if s.current_player == p:
            assert t.legal_actions() == s.legal_actions()


def test_h7_along_one_four_player_game() -> None:
    rng = random.Random(4)
    s = fresh(4, seed=4)
    r = random.Random(4)
    changed = 0
    while not s.is_terminal():
        for p in range(4):
            t = _resample_hidden(s, p, rng)
            changed += any(t.players[q].hand != s.players[q].hand for q in range(4))
            assert t.observation(p) == s.observation(p)
            if s.current_player == p:
                assert t.legal_actions() == s.legal_actions()
        s.apply(r.choice(s.legal_actions()))
    assert changed > 100                  # the hidden parts really differed


def test_h3_chance_is_logged_and_replay_checks_it() -> None:
    s = play_random(fresh(3, seed=5), 5, steps=40)
    rec = s.record()
    assert rec["chance"] and rec["chance"] == s.chance
    rec["chance"] = rec["chance"][:-1] + [rec["chance"][-1] + 1]
    with pytest.raises(ValueError, match="logged chance outcomes differ"):
        G.replay(rec)
    with pytest.raises(ValueError, match="record action 0"):
        G.replay({**s.record(), "actions": ["fly"]})
    with pytest.raises(ValueError, match="not an arle.green record"):
        G.replay({"format": "x"})


def test_strict_json_names_the_field() -> None:
    s = play_random(fresh(3, seed=2), 2, steps=30)
    d = json.loads(s.to_json())
    cases = [
        (("players", 1, "coins"), -1, r"players\[1\]\.coins: -1 is out of range"),
        (("players", 0, "hand"), "x", r"players\[0\]\.hand: expected a list"),
        (("year",), 7, r"year: 7 is out of range"),
        (("pile_size", "field"), 99, r"unseen\.field: .* but pile_size 99"),
        (("stack", 0, "t"), "nap", r"stack\[0\]\.t: unknown frame"),
        (("cards", "hash"), "0" * 16, r"cards\.hash: .* is not loaded"),
        (("options", "draw_mode"), "lucky", r"options: option draw_mode"),
        (("rng",), 1.5, r"rng: expected an integer"),
    ]
    for path, value, msg in cases:
        bad = json.loads(json.dumps(d))
        node = bad
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = value
        with pytest.raises(ValueError, match=msg):
            G.State.from_json(json.dumps(bad))
    extra = dict(d, colour=1)
    with pytest.raises(ValueError, match="colour: unknown field"):
        G.State.from_json(json.dumps(extra))
    with pytest.raises(ValueError, match="malformed state JSON"):
        G.State.from_json("{")
    with pytest.raises(ValueError, match="not an arle.green state"):
        G.State.from_json("[]")
    some = json.loads(json.dumps(d))
    some["players"][0]["hand"].append(some["players"][0]["hand"][0] if
                                      some["players"][0]["hand"] else "f01")
    with pytest.raises(ValueError, match="cards: design"):
        G.State.from_json(json.dumps(some))


def test_observation_refuses_bad_seats() -> None:
    s = fresh(2)
    for bad in (2, -1, "0", True):
        with pytest.raises(ValueError, match="no player"):
            s.observation(bad)  # type: ignore[arg-type]
