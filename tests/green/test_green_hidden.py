"""Hidden information of arle.green (issue 31, rulings H1, H5-H7): every hidden decision
shows in every seat's history, forced or not; a seat's views are the same in every
position it cannot tell from the true one; determinization reads the seat's
information only."""

from __future__ import annotations

import random

import numpy as np
import pytest

import arle.green as G
from arle.green import infostate as I
from arle.green.io import conservation_problems
from green_util import walk


def _views(s: G.State, p: int) -> tuple[object, ...]:
    cat = I.catalog_for(s.cs)
    mine = s.current_player == p
    return (I.infostate_string(s, p), I.observation_string(s, p),
            I.redacted_history(s, p), I.public_observation(s),
            I.observation_tensor(s, p).tobytes(),
            I.information_state_tensor(s, p).tobytes(),
            [str(a) for a in s.legal_actions()] if mine else None,
            cat.mask(s).tobytes() if mine else None)


def _hidden_counts(s: G.State) -> dict[str, int]:
    out = {"pick": 0, "keep": 0, "plan": 0}
    for log in s.private:
        for line in log:
            what = line.split(" ")[1]
            if what in out:
                out[what] += 1
    return out


@pytest.mark.parametrize("n,seed,opts", [(3, 1, {}), (4, 2, {}), (4, 28, {}),
                                         (3, 5, {"action_choice": "hidden"})])
def test_every_hidden_decision_shows_in_every_history(n: int, seed: int,
                                                      opts: dict[str, object]) -> None:
    for s in walk(n, seed, every=1, **opts):
        want = _hidden_counts(s)
        hists = [I.redacted_history(s, p) for p in range(n)]
        assert all(h == hists[0] for h in hists)
        for verb, k in want.items():
            assert hists[0].count(verb + " ?") == k, verb
        assert len(hists[0]) == len(s.history) + len(s.hidden_auto)
    assert s.is_terminal()
    assert hists[0].count("pick ?") == n * 6 * 4          # every pick, forced or not
    kinds = {str(x[1]) for x in s.hidden_auto}
    assert "pick" in kinds                                 # the last card of each turn
    if seed == 28:                                         # a single Equipment design drawn
        assert "keep" in kinds


def test_a_forced_keep_is_written_like_a_chosen_one() -> None:
    s = G.new_game(players=4, seed=28)
    r = random.Random(28)
    while not any(x[1] == "keep" for x in s.hidden_auto):
        s.apply(r.choice(s.legal_actions()))
    i, _ = next(x for x in s.hidden_auto if x[1] == "keep")
    assert "keep" not in {a.split(" ")[0] for a in s.history[i:]}   # not in the record
    hist = I.redacted_history(s, 0)
    assert hist.count("keep ?") == _hidden_counts(s)["keep"] >= 1
    t = G.State.from_json(s.to_json())
    assert t == s and I.redacted_history(t, 0) == hist
    assert G.replay(s.record()) == s                        # the record is unchanged


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_a_seats_views_are_the_same_in_positions_it_cannot_tell_apart(n: int) -> None:
    checked = differed = 0
    for seed in (n, n + 20, n + 40):
        opts = {"action_choice": "hidden"} if n >= 3 and seed == n + 40 else {}
        for s in walk(n, seed, every=7, **opts):
            for p in range(n):
                want = _views(s, p)
                for k in range(2):
                    u = I.resample_from_infostate(s, p, random.Random(seed * 10 + k))
                    assert _views(u, p) == want
                    assert conservation_problems(u) == []
                    assert G.State.from_json(u.to_json()) == u
                    if u.current_player not in (None, p):   # the position stays one
                        assert len(u.legal_actions()) >= 2
                    checked += 1
                    differed += u.players != s.players or u.unseen != s.unseen
    assert checked > 50 and (n == 1 or differed > 0)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_resampling_reads_only_the_seats_information(n: int) -> None:
    pairs = 0
    for s in walk(n, 7 + n, every=11):
        if s.is_terminal():
            continue
        for p in range(n):
            u = I.resample_from_infostate(s, p, random.Random(99))   # another truth
            assert I.infostate_string(u, p) == I.infostate_string(s, p)
            for k in (1, 2):
                a = I.resample_from_infostate(s, p, random.Random(k))
                b = I.resample_from_infostate(u, p, random.Random(k))
                assert a.to_json() == b.to_json()
            # nothing of the truth beyond the seat's information is carried
            assert u.seed == 0 and u.chance == [] and u.rng != s.rng
            for q in range(n):
                if q != p:
                    assert u.private[q] == [] and u.known[q] == [[]] * n
            for a_text in u.history:
                verb, _, rest = a_text.partition(" ")
                if verb in ("pick", "keep", "plan"):
                    assert rest == "?"
            pairs += 1
    assert pairs > 10


def test_resampling_deals_another_seats_pending_equipment() -> None:
    for seed in range(60):
        s = G.new_game(players=3, seed=seed)
        r = random.Random(seed)
        while not s.is_terminal() and s.pending().kind != "keep":
            s.apply(r.choice(s.legal_actions()))
        if not s.is_terminal():
            break
    else:
        pytest.fail("no Equipment draw in 60 games")
    q = s.current_player
    p = (q + 1) % 3
    dealt = set()
    for k in range(30):
        u = I.resample_from_infostate(s, p, random.Random(k))
        assert u.stack[-1].KIND == "keep" and len(u.legal_actions()) >= 2
        assert len(u.stack[-1].tiles) == len(s.stack[-1].tiles)  # type: ignore[attr-defined]
        dealt.add(tuple(u.stack[-1].tiles))  # type: ignore[attr-defined]
        mine = I.resample_from_infostate(s, q, random.Random(k))
        assert mine.stack[-1] == s.stack[-1]              # the drawer's own draw stays
    assert len(dealt) > 1
