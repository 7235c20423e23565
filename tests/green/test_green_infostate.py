"""Information states, determinization and the action catalogue of arle.green (H5-H7)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import arle.green as G
from arle.actions import Action
from arle.green import infostate as I
from arle.green.io import conservation_problems
from green_util import walk


def _sub(small: list[str], big: list[str]) -> bool:
    rest = list(big)
    for c in small:
        if c not in rest:
            return False
        rest.remove(c)
    return True


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_h6_h7_resample_reproduces_the_information_state(n: int) -> None:
    changed = 0
    for s in walk(n, seed=n + 10, every=9):
        if s.is_terminal():
            continue
        p = s.current_player
        before = s.to_json()
        t = I.resample_from_infostate(s, p, random.Random(3))
        assert s.to_json() == before                       # the input is untouched
        assert I.infostate_string(t, p) == I.infostate_string(s, p)
        assert I.observation_string(t, p) == I.observation_string(s, p)
        assert np.array_equal(I.information_state_tensor(t, p),
                              I.information_state_tensor(s, p))
        assert [str(a) for a in t.legal_actions()] == [str(a) for a in s.legal_actions()]
        assert conservation_problems(t) == []
        assert G.State.from_json(t.to_json()) == t
        for q in range(n):
            if q != p:
                assert t.players[q].card == s.players[q].card
                held = t.players[q].hand + ([t.players[q].pick] if t.players[q].pick else [])
                assert _sub(s.known[p][q], held)            # what p knows stays put
                assert bool(t.players[q].pick) == bool(s.players[q].pick)
        changed += t.to_json() != before
    assert changed > 0                                      # hidden parts do get resampled


def test_h5_known_hands_are_what_the_passer_saw() -> None:
    seen_knowledge = False
    for s in walk(3, seed=4, every=1):
        for p in range(3):
            for q in range(3):
                kq = s.known[p][q]
                pl = s.players[q]
                assert _sub(kq, pl.hand + ([pl.pick] if pl.pick else []))
                assert q != p or kq == []
                seen_knowledge |= bool(kq)
    assert seen_knowledge


def test_h5_infostate_is_the_seats_own_view() -> None:
    s = G.new_game(players=3, seed=2)
    while s.pending().kind != "pick":
        s.apply(s.legal_actions()[0])
    p = s.current_player
    s.apply(s.legal_actions()[0])                           # p commits a hidden pick
    q = s.current_player
    text_q = I.infostate_string(s, q)
    assert "pick ?" in text_q and f"pick {s.players[p].pick}" not in text_q
    assert f"pick {s.players[p].pick}" in I.infostate_string(s, p)   # its own recall
    pub = I.public_observation(s)
    assert "hand" not in pub and "pick" not in pub and "legal_actions" not in pub
    with pytest.raises(ValueError, match="no player 7"):
        I.infostate_string(s, 7)


def test_h5_tensors_have_fixed_sizes() -> None:
    lay = I.layout(G.load_cards())
    for n in (1, 4):
        s = G.new_game(players=n, seed=1)
        assert I.observation_tensor(s, 0).shape == (lay.obs_size,)
        assert I.information_state_tensor(s, 0).shape == (lay.info_size,)
        assert I.observation_tensor(s, 0).dtype == np.float32


@pytest.mark.parametrize("n", [2, 3])
def test_h5_catalogue_covers_the_legal_actions(n: int) -> None:
    cat = I.catalog_for(G.load_cards())
    assert len(set(cat.texts)) == len(cat)
    for s in walk(n, seed=7, every=3):
        if s.is_terminal():
            assert cat.legal_indices(s) == []
            continue
        idx = cat.legal_indices(s)
        assert idx == sorted(idx) and cat.mask(s).sum() == len(idx)
        assert len(idx) == len(s.legal_actions())          # every action catalogued here
        for i in idx:
            assert cat.action(s, i) in s.legal_actions()
    s = G.new_game(players=n, seed=7)
    before = s.to_json()
    with pytest.raises(ValueError, match="out of range"):
        cat.action(s, len(cat))
    with pytest.raises(ValueError, match="not legal now"):
        cat.action(s, cat.texts.index("market 2"))
    assert s.to_json() == before


def test_chance_outcomes_drive_the_engine() -> None:
    s = G.new_game(players=2, seed=0, chance_outcomes=[1])
    assert s.first == 1 and s.chance == [1]
    with pytest.raises(G.state.ChanceNeeded) as e:
        G.new_game(players=3, seed=0, chance_outcomes=[])
    assert e.value.n == 3
    t = G.State.from_json(s.to_json())                      # saved: back to the RNG
    t.apply(t.legal_actions()[0])


def test_catalogue_cells_are_every_cell_a_farm_can_reach() -> None:
    # F5: 2 starting cards and at most one card a turn over 4 years of 6 turns
    assert I.REACH == 24
    cells = set(I.CELLS)
    for x in range(-30, 32):
        for y in range(-30, 31):
            steps = min(abs(x) + abs(y), abs(x - 1) + abs(y))
            assert ((x, y) in cells) == (steps <= 24)
    assert {(25, 0), (-24, 0), (0, 24), (1, -24), (13, 12)} <= cells
    assert not {(26, 0), (-25, 0), (0, 25), (13, 13)} & cells


@pytest.mark.parametrize("dx,dy", [(1, 0), (-1, 0), (0, 1), (0, -1)])
def test_catalogue_and_tensors_cover_a_farm_grown_to_the_bound(dx: int, dy: int) -> None:
    from green_util import V1, act_with, put
    s = G.new_game(players=2, seed=1, cards=V1)
    designs = [d for d in s.cs.pile_designs["field"] + s.cs.pile_designs["building"]
               for _ in range(2)]
    x, y = (1, 0) if dx == 1 else (0, 0)
    for k in range(23):                         # 23 placements in a straight line
        x, y = x + dx, y + dy
        put(s, s.current_player, f"{x},{y}", designs[k])
    p = s.current_player
    act_with(s, p, "f01", coins=30)             # the 24th: one step further
    far = f"build {x + dx} {y + dy}"
    assert far in {str(a) for a in s.legal_actions()}
    cat = I.catalog_for(s.cs)
    assert len(cat.legal_indices(s)) == len(s.legal_actions())
    assert cat.texts[cat.index(s, Action.from_text(far))] == far
    s.apply(far)
    lay = I.layout(s.cs)
    v = I.observation_tensor(s, p)
    farm = v[lay.obs["seat0.farm"]]
    assert int((farm.reshape(-1, 9)[:, :6].sum(axis=1) > 0).sum()) == 2 + 24


def test_the_catalogue_is_shared_by_copies() -> None:
    import copy
    cat = I.catalog_for(G.load_cards())
    assert copy.deepcopy(cat) is cat and copy.deepcopy([cat])[0] is cat


def test_every_water_choice_is_catalogued() -> None:
    import math
    cs = G.load_cards()
    assert I.open_choices(cs) == math.comb(3 + cs.tower_count - 1, cs.tower_count - 1)
    cat = I.catalog_for(cs)
    s = G.new_game(players=1, seed=68)          # a payment with 28 ways (24 were catalogued)
    r = random.Random(68)
    while not (s.pending().kind == "paywater" and len(s.legal_actions()) > 24):
        s.apply(r.choice(s.legal_actions()))
    assert len(cat.legal_indices(s)) == len(s.legal_actions())
    for a in s.legal_actions():
        assert cat.action(s, cat.index(s, a)) == a
