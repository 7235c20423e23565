"""Determinization of :mod:`arle.green` (ruling H6): a full state consistent with what one
seat knows, everything hidden from it dealt afresh.  It is the game's sampler
(``arle.green.GAME.determinize``, :meth:`arle.framework.game.Game.determinize`), which
the framework's searches use; :mod:`arle.green.infostate` re-exports it with the seat's
information state it is consistent with.

>>> import random, arle.green
>>> s = arle.green.new_game(players=2, seed=4)
>>> p, q = s.current_player, 1 - s.current_player
>>> t = resample_from_infostate(s, p, random.Random(1))
>>> t.players[p].hand == s.players[p].hand, t.observation(p) == s.observation(p)
(True, True)
"""

from __future__ import annotations

import random

from arle.green.cards import PILES
from arle.green.frames import Keep, TileChoice
from arle.green.state import State, _act_legal, _legal

__all__ = ["resample_from_infostate"]

#: The verbs whose actions other seats do not see (written ``pick ?`` and so on).
_HIDDEN_VERBS = ("pick", "keep", "plan")


def _check(s: State, player: int) -> None:
    if not (type(player) is int and 0 <= player < s.n):
        raise ValueError(f"no player {player!r} in a {s.n}-player game")


_RESAMPLE_TRIES = 10_000


def resample_from_infostate(s: State, player: int, rng: random.Random) -> State:
    """A full state consistent with ``player``'s information (H6), uniform by default,
    built from that information alone (two states that ``player`` cannot tell apart give
    the same resamples for the same ``rng`` state).

    The cards ``player`` has not seen (the set's copies less the public cards, its own
    hand and pick and what it knows to be in other hands) are dealt uniformly over the
    other seats' unknown hand slots (their piles are public) and the piles' remainders;
    an unrevealed pick is drawn from the seat's hand; the Equipment tiles it has not
    seen are dealt over the never-seen stack, the tiles others returned under it and
    another seat's pending draw or kept tile; an unresolved committed action of another
    seat (F17's option) is drawn from that seat's legal actions.  A deal that would not
    leave another seat's pending decision with a choice (the position shows that seat
    deciding) is dealt again.  What only the other seats know is not part of it: their
    private logs and what they know of the hands are empty, the history shows every
    hidden decision as ``pick ?`` / ``keep ?`` / ``plan ?``, the chance log is empty,
    the seed is 0 and the RNG fresh.  ``s`` is not changed."""
    _check(s, player)
    base = s.clone()
    base.history = [verb + " ?" if (verb := a.partition(" ")[0]) in _HIDDEN_VERBS else a
                    for a in s.history]           # the markers of hidden_auto stay put
    base.chance = []
    base.seed = 0
    for q in range(base.n):
        if q != player:
            base.private[q] = []
            base.known[q] = [[] for _ in range(base.n)]
    base._legal = None
    for _ in range(_RESAMPLE_TRIES):
        t = base.clone()
        _deal(t, player, rng)
        cur = t.current_player
        if cur is None or cur == player or len(_legal(t, t.stack[-1])) >= 2:
            t.rng = rng.getrandbits(64)
            t._legal = None
            return t
    raise AssertionError("no consistent deal found")  # pragma: no cover


def _deal(t: State, player: int, rng: random.Random) -> None:
    """Deal everything ``player`` has not seen in ``t`` afresh (in place; see
    :func:`resample_from_infostate`), reading only what ``player`` may see."""
    cs = t.cs
    me = t.players[player]
    # --- the cards: every copy less what player has seen or knows where it is
    left = {d: cs.designs[d].copies for d in cs.designs}
    seen = me.hand + ([me.pick] if me.pick else []) + t.market + t.discard
    for q, pl in enumerate(t.players):
        seen += [e[0] for e in pl.farm.values() if e[0] not in ("tower", "silo")]
        if pl.card:
            seen.append(pl.card)
        if q != player:
            seen += t.known[player][q]
    for c in seen:
        left[c] -= 1
    pool: dict[str, list[str]] = {p: [] for p in PILES}
    for d in sorted(left, key=cs.design_index.__getitem__):
        pool[cs.designs[d].pile] += [d] * left[d]
    for pile in PILES:
        rng.shuffle(pool[pile])
    for q, pl in enumerate(t.players):
        if q == player:
            continue
        slots = {p: 0 for p in PILES}           # public: the piles of the hand (H1)
        for c in pl.hand + ([pl.pick] if pl.pick else []):
            slots[cs.designs[c].pile] += 1
        hand = list(t.known[player][q])
        for c in hand:
            slots[cs.designs[c].pile] -= 1
        for pile in PILES:
            for _ in range(slots[pile]):
                hand.append(pool[pile].pop())
        hand.sort(key=cs.design_index.__getitem__)
        had_pick = bool(pl.pick)
        pl.pick = hand.pop(rng.randrange(len(hand))) if had_pick else ""
        pl.hand = hand
    for pile in PILES:
        idx = {d: i for i, d in enumerate(cs.pile_designs[pile])}
        counts = [0] * len(idx)
        for c in pool[pile]:
            counts[idx[c]] += 1
        t.unseen[pile] = counts
    # --- the Equipment tiles
    tleft = {x: cs.tiles[x].copies for x in cs.tile_order}
    tseen = list(t.eq_gone)
    for pl in t.players:
        tseen += pl.aside
        for e in pl.farm.values():
            tseen += e[3]
    tseen += [x for x, b in zip(t.eq_bottom, t.eq_by) if b == player]
    for f in t.stack:
        if f.p == player and isinstance(f, Keep):
            tseen += f.tiles
        elif f.p == player and isinstance(f, TileChoice):
            tseen.append(f.e)
    for x in tseen:
        tleft[x] -= 1
    tiles: list[str] = []
    for x in cs.tile_order:
        tiles += [x] * tleft[x]
    rng.shuffle(tiles)
    for i, b in enumerate(t.eq_by):
        if b != player:
            t.eq_bottom[i] = tiles.pop()
    for j, f in enumerate(t.stack):
        if f.p != player and isinstance(f, Keep):
            t.stack[j] = Keep(f.p, tuple(tiles.pop() for _ in f.tiles))
        elif f.p != player and isinstance(f, TileChoice):
            t.stack[j] = TileChoice(f.p, tiles.pop())
    ti = {x: i for i, x in enumerate(cs.tile_order)}
    t.eq_unseen = [0] * len(cs.tile_order)
    for x in tiles:
        t.eq_unseen[ti[x]] += 1
    # --- committed actions (action_choice "hidden"): public are only who has planned
    for q, pl in enumerate(t.players):
        if q != player and pl.plan:
            acts = [str(a) for a in _act_legal(t, q)]
            pl.plan = acts[rng.randrange(len(acts))]
