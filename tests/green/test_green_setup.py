"""Setup, years, upkeep and the draw (R2-R8, F1, F3-F5, F10, F13-F16)."""

from __future__ import annotations

import random

import pytest

import arle.green as G
from green_util import act_with, card, fresh, legal, pile, play_random, seat


def test_r2_r3_f5_setup() -> None:
    s = fresh(4, seed=2)
    assert s.pile_size == {"field": 33, "livestock": 33, "construction": 33, "building": 33}
    assert (s.towers_left, s.silos_left) == (16, 10)
    assert sum(s.eq_unseen) == 30 and s.eq_bottom == []
    for pl in s.players:
        assert pl.coins == 15 and pl.food == 1
        assert pl.farm == {"0,0": ["tower", 1, 3, [], []], "1,0": ["silo", 1, 0, [], []]}
        assert pl.hand == []


def test_r4_f16_first_player_seeded_or_chosen() -> None:
    firsts = {fresh(4, seed=k).first for k in range(20)}
    assert len(firsts) > 1
    assert fresh(4, seed=5).first == fresh(4, seed=5).first
    s = fresh(3, seed=1, first_player=2)
    assert s.first == 2 and s.current_player == 2
    with pytest.raises(ValueError, match="no seat 3"):
        fresh(3, first_player=3)


def test_r5_four_years_then_the_end() -> None:
    s = play_random(fresh(3, seed=4), 4)
    assert s.is_terminal() and s.year == 4 and s.current_player is None
    assert s.legal_actions() == [] and s.pending().kind == "over"


def test_f1_player_counts() -> None:
    for n in (1, 2, 3, 4):
        assert fresh(n).n == n
    for bad in (0, 5, "2"):
        with pytest.raises(ValueError, match="players must be 1 to 4"):
            G.new_game(players=bad)  # type: ignore[arg-type]


def test_r6_f15_passing_directions() -> None:
    s = fresh(3, seed=3, first_player=0)
    assert s.options["pass_directions"] == "LRLR"
    assert [s.options["pass_directions"][y] for y in range(4)] == ["L", "R", "L", "R"]
    for _ in range(3):                           # declarations
        s.apply(s.legal_actions()[0])
    before = [pl.hand[:] for pl in s.players]
    picks = []
    for p in range(3):
        a = s.legal_actions()[0]
        picks.append(a.args[0])
        s.apply(a)
    # year 1 passes left (clockwise): seat i now holds seat i-1's rest
    for i in range(3):
        rest = before[(i - 1) % 3][:]
        rest.remove(picks[(i - 1) % 3])
        assert sorted(s.players[i].hand) == sorted(rest)
    r = fresh(3, seed=3, pass_directions="RLRL")
    assert r.options["pass_directions"] == "RLRL"


def test_r7_income_and_capacity() -> None:
    s = fresh(2, seed=6, first_player=0)
    seat(s, 0, food=4, coins=0)                  # full silo: the income food is lost
    card(s, 0, "0,0", water=2)                   # one room in the tower: one water lost
    from arle.green import state as S
    S._step(s, ["income", 0])
    pl = s.players[0]
    assert (pl.coins, pl.food, pl.farm["0,0"][2]) == (3, 4, 3)


def test_r7_income_only_from_year_two() -> None:
    s = fresh(3, seed=1)
    assert not any(st[0] == "income" for st in s.script)
    r = random.Random(1)
    while s.year == 1:                           # played into the second year
        s.apply(r.choice(s.legal_actions()))
    assert [st for st in s.script if st[0] == "income"] == [["income", (s.first + i) % 3]
                                                           for i in range(3)]


def test_r8_f13_declarations() -> None:
    s = fresh(3, seed=8, first_player=1)
    assert s.current_player == 1 and s.pending().kind == "declare"
    acts = legal(s)
    assert "draw 3 2 1 0" in acts and "draw 2 2 1 1" in acts and "draw 6 0 0 0" not in acts
    assert "draw 3 3 0 0" not in acts and all(sum(map(int, a.split()[1:])) == 6 for a in acts)
    s.apply("draw 3 2 1 0")
    assert s.declared == [[1, 3, 2, 1, 0]]
    assert s.pile_size["field"] == 30 and s.pile_size["building"] == 33
    piles = [s.cs.designs[c].pile for c in s.players[1].hand]
    assert (piles.count("field"), piles.count("livestock"), piles.count("construction")) == \
        (3, 2, 1)
    assert s.current_player == 2


def test_r8_f13_exhausted_piles() -> None:
    s = fresh(3, seed=8, first_player=0)
    pile(s, "field", 0)
    pile(s, "livestock", 1)
    acts = legal(s)
    assert all(a.split()[1] == "0" and int(a.split()[2]) <= 1 for a in acts)
    pile(s, "livestock", 0)
    pile(s, "construction", 0, check=False)      # one legal draw: play would take it
    assert legal(s) == {"draw 0 0 0 6"}          # min(3, non-empty piles) = 1


def test_f14_no_deal_noise() -> None:
    s = fresh(4, seed=1)
    assert all(pl.hand == [] for pl in s.players)   # nothing is dealt before the draw


def test_f4_fixed_draw() -> None:
    s = fresh(4, seed=1, draw_mode="fixed")
    assert s.current_player is not None
    for p in range(4):                            # single option: taken at once
        assert s.players[p].hand
        piles = [s.cs.designs[c].pile for c in s.players[p].hand]
        assert [piles.count(k) for k in ("field", "livestock", "construction", "building")] \
            == [2, 2, 1, 1]
    assert s.pending().kind == "pick"


def test_f3_solo_variant() -> None:
    s = fresh(1, seed=2)
    assert s.options["solo_mode"] == "arle_market"
    acts = legal(s)
    assert "draw 4 1 1 0" in acts and "draw 5 1 0 0" not in acts   # at most 4 (8 a year)
    s.apply("draw 3 1 1 1")
    assert s.pile_size == {"field": 27, "livestock": 31, "construction": 31, "building": 31}
    assert len(s.market) == 6 and sum(s.slots.values()) == 6
    assert s.pending().kind == "take"
    s.apply(s.legal_actions()[0])
    s.apply("market 0")
    assert len(s.market) == 6 and len(s.discard) == 2   # neutral discarded, 2 revealed
    assert s.current_player == 0
    end = play_random(s, 1)
    assert end.is_terminal() and end.winners() == [0]
    assert all(v >= 1 for v in end.pile_size.values())  # a 33-card pile never empties


def test_f3_solo_neutral_shortfall() -> None:
    s = fresh(1, seed=2)
    pile(s, "building", 1, keep={s.cs.pile_designs["building"][0]: 1})
    s.apply("draw 2 2 1 1")
    assert s.pile_size["building"] == 0
    assert sum(s.slots.values()) + len(s.market) == 12
    # the neutral's missing Building comes from the largest other pile (Construction)
    assert s.pile_size == {"field": 29, "livestock": 29, "construction": 30, "building": 0}


def test_f10_tokens_unlimited_by_default_and_bad_options_refused() -> None:
    with pytest.raises(ValueError, match="token_limits: 1 is not one of"):
        fresh(2, token_limits=1)
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        fresh(3, colour=1)
    with pytest.raises(ValueError, match="distance_metric"):
        fresh(3, distance_metric="crow")
    s = fresh(3, seed=1, first_player=0)                # tokens are unlimited
    act_with(s, 0, "b07", coins=60)
    s.apply("market 1")
    assert s.players[0].coins == 64
