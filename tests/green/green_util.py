"""Helpers for the arle.green rules tests: build positions through the state's data.

These helpers are the second game's position builder (arle.green has no position
module yet, and Fields of Arle's :mod:`arle.position` is not for it): the only test
code that writes the state's fields, so that a change of its layout is mended here
and not in every test.  Each edit is checked by the strict loader (the position must
read back from its JSON, conservation of cards, tiles and tokens included; a
``StateFormatError`` names the field otherwise).  Allowed as layout code in
tests/test_public_api_only.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import arle.green as G
from arle.green import state as S
from arle.green.cards import V1_CARDS, V2_CARDS, V3_CARDS
from arle.green.frames import Act, Frame, Harvest

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


def push(s: G.State, frame: Frame) -> None:
    """Make ``frame`` the pending decision (the interrupted one continues afterwards)."""
    s.stack.append(frame)
    S._advance(s)


def replace_decision(s: G.State, frame: Frame) -> None:
    """Make ``frame`` the pending decision in place of the one pending now."""
    s.stack.pop()
    push(s, frame)


def act_with(s: G.State, p: int, card: str, coins: int | None = None,
             food: int | None = None) -> None:
    """Seat ``p`` is to act with ``card`` (taken from its pile)."""
    pl = s.players[p]
    if coins is not None:
        pl.coins = coins
    if food is not None:
        pl.food = food
    pl.card = take_card(s, card)
    push(s, Act(p))


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
    checked(s)


def harvest_of(s: G.State, p: int) -> None:
    push(s, Harvest(p))


def play_random(s: G.State, seed: int, steps: int = 10 ** 6) -> G.State:
    import random
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(r.choice(s.legal_actions()))
    return s


def checked(s: G.State) -> G.State:
    """Drop the cached legal actions of an edited ``s`` and check it: the strict loader
    must read it back equal (it raises a StateFormatError naming the field)."""
    s._legal = None
    back = G.State.from_json(s.to_json())
    if back != s:
        raise ValueError("the edited position does not read back equal from its JSON")
    return s


def seat(s: G.State, p: int, *, coins: int | None = None, food: int | None = None,
         vpt: int | None = None, aside: list[str] | None = None) -> G.State:
    """Set seat ``p``'s tokens; ``aside`` sets its set-aside Equipment, the new tiles
    taken from the unseen stack (the old ones go back to it)."""
    pl = s.players[p]
    if coins is not None:
        pl.coins = coins
    if food is not None:
        pl.food = food
    if vpt is not None:
        pl.vpt = vpt
    if aside is not None:
        _swap_tiles(s, pl.aside, aside)
        pl.aside = list(aside)
    return checked(s)


def card(s: G.State, p: int, cell: str, *, water: int | None = None,
         up: int | None = None, tiles: list[str] | None = None) -> G.State:
    """Change the card on seat ``p``'s ``cell``: its Water, its side (``up`` 0: an Open
    Area) or its Equipment tiles (taken from the unseen stack, the old ones back)."""
    entry = s.players[p].farm[cell]
    if water is not None:
        entry[2] = water
    if up is not None:
        entry[1] = up
    if tiles is not None:
        _swap_tiles(s, entry[3], tiles)
        entry[3] = list(tiles)
    return checked(s)


def _swap_tiles(s: G.State, old: list[str], new: list[str]) -> None:
    for t in old:
        s.eq_unseen[s.cs.tile_order.index(t)] += 1
    for t in new:
        i = s.cs.tile_order.index(t)
        if s.eq_unseen[i] <= 0:
            raise ValueError(f"tiles: no {t} left in the unseen Equipment stack")
        s.eq_unseen[i] -= 1


def supply(s: G.State, *, towers: int | None = None, silos: int | None = None) -> G.State:
    """Set how many Water Towers and Silos are left in the supply: at most what the
    farms leave of the box.  Fewer sets the rest aside, a position the strict loader
    refuses (it counts every piece), so that one is checked here instead."""
    for kind, n, total, left in (("tower", towers, s.cs.tower_count, "towers_left"),
                                 ("silo", silos, s.cs.silo_count, "silos_left")):
        if n is None:
            continue
        built = sum(1 for pl in s.players for e in pl.farm.values() if e[0] == kind)
        if type(n) is not int or not 0 <= n <= total - built:
            raise ValueError(f"{left}: {n!r} is not 0..{total - built} ({built} built)")
        setattr(s, left, n)
    s._legal = None
    return s


def pile(s: G.State, name: str, size: int, keep: dict[str, int] | None = None, *,
         check: bool = True) -> G.State:
    """Leave ``size`` cards in the draw pile ``name`` (``keep``: which, design -> count;
    else its first designs in order); the cards taken out go to the discard, face up.
    ``check=False`` leaves out the loader's check, for a position play never rests in
    (a lone legal action, which the engine takes by itself), to test the rule that
    lists it; the counts are still kept whole."""
    ids = s.cs.pile_designs[name]
    counts = s.unseen[name]
    if keep is None:
        keep, left = {}, size
        for d, n in zip(ids, counts):
            keep[d] = min(n, left)
            left -= keep[d]
    for d, n in keep.items():
        if d not in ids or not 0 <= n <= counts[ids.index(d)]:
            raise ValueError(f"keep.{d}: not {n} unseen cards of the {name} pile")
    if sum(keep.values()) != size or size > s.pile_size[name]:
        raise ValueError(f"size: {size} cards cannot stay in the {name} pile of "
                         f"{s.pile_size[name]} (keeping {sum(keep.values())})")
    for d, n in zip(ids, list(counts)):
        s.discard.extend([d] * (n - keep.get(d, 0)))
    s.unseen[name] = [keep.get(d, 0) for d in ids]
    s.pile_size[name] = size
    if not check:
        s._legal = None
        return s
    return checked(s)


def equipment_stack(s: G.State, bottom: list[str]) -> G.State:
    """Empty the Equipment stack but for ``bottom`` (returned tiles, top first): every
    other tile is out of the game."""
    gone = [t for t in s.cs.tile_order for _ in range(s.cs.tiles[t].copies)]
    for t in bottom:
        gone.remove(t)
    s.eq_unseen = [0] * len(s.eq_unseen)
    s.eq_gone = gone
    s.eq_bottom = list(bottom)
    s.eq_by = [0] * len(bottom)
    return checked(s)


def over(s: G.State) -> G.State:
    """End the game where it stands, to read its scores and winners: no decision left,
    the year's script run to its end (the First Player tile passed after its Harvest)."""
    s.over = True
    s.stack = []
    first = s.first
    s.first = (first - 1) % s.n
    try:
        s.script = S._year_script(s)
    finally:
        s.first = first
    s.pc = len(s.script)
    return checked(s)
