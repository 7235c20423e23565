"""Chance in :mod:`arle.green`: explicit and seeded.

Piles and the never-seen part of the Equipment stack are multisets (counts), never a
shuffled order, and every card or tile is sampled when it is drawn or revealed from a
small RNG (``rng``, one 64-bit integer) kept in the state.  Each sampled index is
appended to ``chance``, so a record logs every outcome.
"""

from __future__ import annotations

from arle.green.cards import PILES
from arle.green.statedata import StateData

__all__ = ["ChanceNeeded", "MASK", "splitmix", "chance", "draw_pile", "draw_tiles",
           "stack_size", "reveal_slot"]

MASK = (1 << 64) - 1


class ChanceNeeded(Exception):
    """Raised by a chance event when the state's forced outcomes are used up (see
    :mod:`arle.env.green_openspiel`): ``n`` uniform outcomes ``range(n)``."""

    def __init__(self, n: int) -> None:
        super().__init__(f"a chance event with {n} outcomes")
        self.n = n


def splitmix(x: int) -> tuple[int, int]:
    """One step of splitmix64: (new state, 64-bit output)."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return x, z ^ (z >> 31)


def chance(s: StateData, n: int) -> int:
    """A uniform index in ``range(n)`` from the state's RNG, logged in ``s.chance``."""
    if s._forced is not None:
        if not s._forced:
            raise ChanceNeeded(n)
        out = s._forced.pop(0)
        if not 0 <= out < n:
            raise ValueError(f"chance outcome {out} is not in range({n})")
        s.chance.append(out)
        return out
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        s.rng, r = splitmix(s.rng)
        if r < limit:
            break
    out = r % n
    s.chance.append(out)
    return out


def draw_pile(s: StateData, pile: str) -> str:
    """A card drawn from ``pile`` (its unseen counts)."""
    counts = s.unseen[pile]
    r = chance(s, sum(counts))
    for i, c in enumerate(counts):
        if r < c:
            counts[i] -= 1
            return s.cs.pile_designs[pile][i]
        r -= c
    raise AssertionError("empty pile drawn")  # pragma: no cover


def draw_tiles(s: StateData, k: int) -> list[str]:
    """``k`` Equipment tiles from the top of the stack: never-seen ones first, then the
    returned ones in their order."""
    out: list[str] = []
    for _ in range(k):
        total = sum(s.eq_unseen)
        if total:
            r = chance(s, total)
            for i, c in enumerate(s.eq_unseen):
                if r < c:
                    s.eq_unseen[i] -= 1
                    out.append(s.cs.tile_order[i])
                    break
                r -= c
        elif s.eq_bottom:
            out.append(s.eq_bottom.pop(0))
            if s.eq_by:
                s.eq_by.pop(0)
    return out


def stack_size(s: StateData) -> int:
    """The tiles left in the Equipment stack."""
    return sum(s.eq_unseen) + len(s.eq_bottom)


def reveal_slot(s: StateData) -> None:
    """Turn one face-down market card face up (1-2 players), if any is left."""
    total = sum(s.slots.values())
    if total == 0:
        return
    r = chance(s, total)
    for pile in PILES:
        c = s.slots[pile]
        if r < c:
            s.slots[pile] -= 1
            s.market.append(draw_pile(s, pile))
            return
        r -= c
