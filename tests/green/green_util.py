"""Helpers for the arle.green rules tests: build positions through the state's data."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import arle.green as G
from arle.green import state as S
from arle.green.cards import V1_CARDS, V2_CARDS, V3_CARDS

#: The shipped sets by path.  The rules tests use designs of v1 as fixtures (their
#: costs and abilities are what the tests pin), so positions are built with v1 unless a
#: test names another set; new games without ``cards`` use the default, v3.
V1 = str(V1_CARDS)
V2 = str(V2_CARDS)
V3 = str(V3_CARDS)
SHIPPED = (V1, V2, V3)


def fresh(n: int = 3, seed: int = 1, cards: str = V1, **opts: Any) -> G.State:
    return G.new_game(players=n, seed=seed, cards=cards, **opts)


def walk(n: int, seed: int, every: int = 5, **opts: Any) -> Iterator[G.State]:
    """A seeded random game, yielding the state every ``every`` decisions and at the
    end (the same state object, moved on in place)."""
    s = G.new_game(players=n, seed=seed, **opts)
    r = random.Random(seed)
    k = 0
    while not s.is_terminal():
        if k % every == 0:
            yield s
        s.apply(r.choice(s.legal_actions()))
        k += 1
    yield s


def legal(s: G.State) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def take_card(s: G.State, card: str) -> str:
    """Take one copy of ``card`` out of its pile (keeping the counts consistent)."""
    d = s.cs.designs[card]
    i = s.cs.pile_designs[d.pile].index(card)
    assert s.unseen[d.pile][i] > 0
    s.unseen[d.pile][i] -= 1
    s.pile_size[d.pile] -= 1
    return card


def push(s: G.State, frame: dict[str, Any]) -> None:
    """Make ``frame`` the pending decision (the interrupted one continues afterwards)."""
    s.stack.append(frame)
    S._advance(s)


def act_with(s: G.State, p: int, card: str, coins: int | None = None,
             food: int | None = None) -> None:
    """Seat ``p`` is to act with ``card`` (taken from its pile)."""
    pl = s.players[p]
    if coins is not None:
        pl.coins = coins
    if food is not None:
        pl.food = food
    pl.card = take_card(s, card)
    push(s, {"t": "act", "p": p})


def put(s: G.State, p: int, cell: str, card: str, up: int = 1, water: int = 0,
        tiles: list[str] | None = None) -> None:
    """Place a card on seat ``p``'s farm directly (towers/silos from their supply)."""
    if card == "tower":
        s.towers_left -= 1
    elif card == "silo":
        s.silos_left -= 1
    else:
        take_card(s, card)
    for t in tiles or []:
        s.eq_unseen[s.cs.tile_order.index(t)] -= 1
    s.players[p].farm[cell] = [card, up, water, list(tiles or []), []]
    s._legal = None


def harvest_of(s: G.State, p: int) -> None:
    push(s, {"t": "harvest", "p": p})


def play_random(s: G.State, seed: int, steps: int = 10 ** 6) -> G.State:
    import random
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(r.choice(s.legal_actions()))
    return s
