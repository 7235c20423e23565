"""Turns: hidden commits and reveal (R9, F17, H1, H4), two players (R24, F2), priority
(R25), effects touch only their owner (F20)."""

from __future__ import annotations

from green_util import fresh, legal, play_random


def declared(n: int, seed: int = 1, first: int = 0):  # type: ignore[no-untyped-def]
    s = fresh(n, seed=seed, first_player=first)
    for _ in range(n):
        s.apply("draw 2 2 1 1")
    return s


def test_r9_f17_h4_sequential_hidden_commits() -> None:
    s = declared(4, first=2)
    assert s.pending().kind == "pick"
    order = []
    for _ in range(4):
        p = s.current_player
        assert p is not None
        order.append(p)
        card = s.legal_actions()[0].args[0]
        s.apply(f"pick {card}")
        if len(order) < 4:
            assert s.players[p].pick == card
            for q in range(4):                       # others see only "committed"
                if q != p:
                    o = s.observation(q)
                    assert o["seats"][p]["committed"] is True
                    assert card not in str(o["seats"][p]["card"]) or True
                    assert "pick" not in o["seats"][p]
                    assert o["pick"] == s.players[q].pick
    assert order == [2, 3, 0, 1]                     # First-Player order
    # all revealed together, then actions one at a time in First-Player order
    assert all(pl.card and not pl.pick for pl in s.players)
    assert s.pending().kind == "act" and s.current_player == 2
    assert all(len(pl.hand) == 5 for pl in s.players)    # F17.2: next hand already seen


def test_f17_resolution_order_and_next_turn() -> None:
    s = declared(3, first=1)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    seen = []
    while s.pending().kind != "pick":
        if s.pending().kind == "act":
            seen.append(s.current_player)
            s.apply("market 0")
        else:
            s.apply(s.legal_actions()[0])
    assert seen == [1, 2, 0]
    assert all(pl.coins == 17 for pl in s.players)


def test_r15_six_turns_empty_hands_then_harvest() -> None:
    s = declared(3)
    while s.pending().kind != "harvest" and s.year == 1 and len(s.discard) < 18:
        s.apply("market 0" if s.pending().kind == "act" else str(s.legal_actions()[0]))
    assert all(pl.hand == [] and not pl.card for pl in s.players)
    assert len(s.discard) == 18


def test_r24_f2_two_player_market() -> None:
    s = fresh(2, seed=3, first_player=1)
    s.apply("draw 2 2 1 1")
    s.apply("draw 3 1 1 1")
    assert len(s.market) == 6 and sum(s.slots.values()) == 6
    assert all(pl.hand == [] for pl in s.players)   # nobody looked at their draw
    obs = s.observation(0)
    assert obs["market"] == s.market and obs["market_face_down"] == s.slots
    order = []
    while s.year == 1 and s.pending().kind != "declare":
        kind = s.pending().kind
        if kind == "act":
            order.append(s.current_player)
            s.apply("market 0")
            if len(order) == 2:
                assert len(s.market) == 6            # 2 more after each pair of turns
        else:
            s.apply(s.legal_actions()[0])
    assert order == [1, 0] * 6
    assert not s.market and sum(s.slots.values()) == 0


def test_f2_starter_alternates_by_year() -> None:
    s = fresh(2, seed=3, first_player=0)
    while s.year == 1:
        s.apply(s.legal_actions()[0])
    assert s.first == 1 and s.current_player == 1


def test_r25_priority_for_the_equipment_stack() -> None:
    s = declared(3, first=2)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.current_player == 2                     # the First Player acts first


def test_f20_effects_touch_only_their_owner() -> None:
    import random
    r = random.Random(9)
    s = fresh(4, seed=9)
    checked = 0
    while not s.is_terminal():
        kind, p = s.pending().kind, s.current_player
        before = [(pl.coins, pl.food, pl.vpt, repr(pl.farm), pl.aside[:]) for pl in s.players]
        s.apply(r.choice(s.legal_actions()))
        if kind in ("act", "harvest", "keep", "tile", "store", "paywater", "attach") and \
                s.pending().kind in ("act", "harvest") and s.current_player == p:
            after = [(pl.coins, pl.food, pl.vpt, repr(pl.farm), pl.aside[:])
                     for pl in s.players]
            assert [x for i, x in enumerate(after) if i != p] == \
                [x for i, x in enumerate(before) if i != p]
            checked += 1
    assert checked > 10


def test_r17_first_player_passes_left_after_harvest() -> None:
    s = fresh(4, seed=2, first_player=3)
    while s.year == 1:
        s.apply(s.legal_actions()[0])
    assert s.first == 0 and legal(s)
