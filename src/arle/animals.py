"""Animal husbandry for Fields of Arle: housing capacity and breeding.

There are three animal types, indexed ``SHEEP`` (0), ``CATTLE`` (1) and
``HORSE`` (2).  A farm offers four kinds of housing:

* **pastures** -- each holds up to 2 animals of one type;
* **stalls** -- each holds up to 3 animals of one type (a double stall is
  passed in by the caller as two stalls);
* **stables** -- each holds up to 6 animals of one type;
* **mixed capacity** ``M`` -- ``M`` places holding one animal of any type each
  (the caller computes ``M = dikes + 2 * parks``).

Counts ``(s, c, h)`` *fit* iff the single-type enclosures can be assigned to
types (or left empty) so that the total overflow ``sum_t max(0, n_t - cap_t)``
is at most ``M``.

Breeding (in May): each stall holding exactly 2 animals gains 1 animal of that
type; each stable holding exactly 2, 3 or 5 animals gains 1, and one holding
exactly 4 gains 2.  Pastures, parks and dikes never breed.  Since the player
may rearrange the animals before breeding, :func:`breeding_options` returns
every Pareto-maximal newborn vector reachable by some legal arrangement.

Implementation notes
--------------------
Overflow has a closed form once the stables and stalls are split among the
types.  With per-type residuals ``r_t`` (animals not housed in stables or
stalls) and ``P`` pastures, the pastures house at most ``2P`` animals, at most
``P + F`` where ``F = sum_t floor(r_t / 2)`` (a pasture holding two animals
needs a pair of one type), and at most ``R = sum_t r_t``; greedily filling
pastures with pairs first and singles after reaches that bound.  So for a
split the overflow is ``max(0, R - 2P, C - P)`` with ``C = sum_t ceil(r_t/2)``
and :func:`min_overflow` only enumerates the (small) stable and stall splits.

Breeding uses the same idea: for each split of stables and stalls among the
types, every type independently chooses how many of its animals ``m`` go into
its own stalls and stables (earning the best birth count for exactly ``m``
animals there) and the rest goes to pastures and mixed places, which accept
leftovers ``L_t`` iff ``sum L_t <= M + 2P`` and ``sum ceil(L_t/2) <= M + P``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "ANIMAL_NAMES",
    "CATTLE",
    "HORSE",
    "PASTURE_CAPACITY",
    "SHEEP",
    "STABLE_CAPACITY",
    "STALL_CAPACITY",
    "Arrangement",
    "Counts",
    "Enclosures",
    "arrange",
    "breeding_options",
    "fits",
    "min_overflow",
]

SHEEP, CATTLE, HORSE = 0, 1, 2
ANIMAL_NAMES = ("sheep", "cattle", "horse")

PASTURE_CAPACITY = 2
STALL_CAPACITY = 3
STABLE_CAPACITY = 6

#: Births of one stall / stable indexed by the number of animals it holds.
STALL_BIRTHS = (0, 0, 1, 0)
STABLE_BIRTHS = (0, 0, 1, 1, 2, 1, 0)

Counts = tuple[int, int, int]
"""Animal counts (or newborns) as ``(sheep, cattle, horses)``."""

Slot = tuple[int, int] | None
"""Contents of one single-type enclosure: ``(animal type, count)`` or ``None`` if empty."""


@dataclass(frozen=True, slots=True)
class Enclosures:
    """The housing of one farm.

    Attributes:
        pastures: number of pastures (2 animals of one type each).
        stalls: number of stalls (3 animals of one type each); a double stall
            counts as two stalls.
        stables: number of stables (6 animals of one type each).
        mixed: number of places holding one animal of any type
            (``dikes + 2 * parks``).
        dry: Tea & Trade (T22): empty dehydrated Land spaces, not counted in
            ``pastures``.  Each holds up to 3 Sheep (and then breeds like a stall:
            exactly 2 Sheep gain 1), or up to 2 animals of one other type.
    """

    pastures: int = 0
    stalls: int = 0
    stables: int = 0
    mixed: int = 0
    dry: int = 0

    def __post_init__(self) -> None:
        """Reject negative numbers of enclosures."""
        if min(self.pastures, self.stalls, self.stables, self.mixed, self.dry) < 0:
            raise ValueError(f"negative enclosure count in {self!r}")


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One concrete placement of a farm's animals, for display.

    Every tuple has one entry per enclosure of that kind, in order; an entry is
    ``(animal type, count)`` with ``count >= 1``, or ``None`` for an empty
    enclosure.

    Attributes:
        pastures: contents of each pasture.
        stalls: contents of each stall.
        stables: contents of each stable.
        mixed: animals of each type on mixed places (dikes / parks).
        dry: contents of the dehydrated Land spaces used as sheep places (T22); the
            other dehydrated spaces are listed with the pastures.
    """

    pastures: tuple[Slot, ...]
    stalls: tuple[Slot, ...]
    stables: tuple[Slot, ...]
    mixed: Counts
    dry: tuple[Slot, ...] = ()

    def totals(self) -> Counts:
        """Return the number of animals of each type in this arrangement."""
        totals = list(self.mixed)
        for slot in (*self.pastures, *self.stalls, *self.stables, *self.dry):
            if slot is not None:
                totals[slot[0]] += slot[1]
        return totals[0], totals[1], totals[2]

    def births(self) -> Counts:
        """Return the newborns this exact arrangement would produce in May."""
        born = [0, 0, 0]
        for slot in (*self.stalls, *self.dry):
            if slot is not None and slot[1] < len(STALL_BIRTHS):
                born[slot[0]] += STALL_BIRTHS[slot[1]]
        for slot in self.stables:
            if slot is not None and slot[1] < len(STABLE_BIRTHS):
                born[slot[0]] += STABLE_BIRTHS[slot[1]]
        return born[0], born[1], born[2]

    def describe(self) -> str:
        """Return a short human-readable, one-line summary."""

        def kind(label: str, slots: tuple[Slot, ...]) -> str | None:
            if not slots:
                return None
            parts = ["-" if s is None else f"{s[1]} {ANIMAL_NAMES[s[0]]}" for s in slots]
            return f"{label}: " + ", ".join(parts)

        pieces = [
            kind("pastures", self.pastures),
            kind("stalls", self.stalls),
            kind("stables", self.stables),
            kind("dehydrated", self.dry),
        ]
        if any(self.mixed):
            mixed = ", ".join(f"{n} {ANIMAL_NAMES[t]}" for t, n in enumerate(self.mixed) if n)
            pieces.append(f"mixed: {mixed}")
        text = "; ".join(p for p in pieces if p)
        return text or "no animals"


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _check_counts(s: int, c: int, h: int) -> None:
    if s < 0 or c < 0 or h < 0:
        raise ValueError(f"negative animal count in {(s, c, h)!r}")


# ---------------------------------------------------------------------------
# Capacity
# ---------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def _best_split(
    s: int, c: int, h: int, pastures: int, stalls: int, stables: int
) -> tuple[int, Counts, Counts]:
    """Minimal overflow and a stable split / stall split achieving it.

    Enumerates stable and stall splits among the three types (never giving a
    type more than it can use; the last type takes whatever is left, which
    can only help) and evaluates the closed-form pasture overflow.
    """
    _check_counts(s, c, h)
    if min(pastures, stalls, stables) < 0:
        raise ValueError("negative enclosure count")
    best = s + c + h + 1
    best_u: Counts = (0, 0, 0)
    best_v: Counts = (0, 0, 0)
    p2 = 2 * pastures
    for u0 in range(min(stables, _ceil_div(s, 6)) + 1):
        q0 = max(0, s - 6 * u0)
        left_u = stables - u0
        for u1 in range(min(left_u, _ceil_div(c, 6)) + 1):
            q1 = max(0, c - 6 * u1)
            u2 = min(left_u - u1, _ceil_div(h, 6))
            q2 = max(0, h - 6 * u2)
            for v0 in range(min(stalls, _ceil_div(q0, 3)) + 1):
                r0 = max(0, q0 - 3 * v0)
                left_v = stalls - v0
                for v1 in range(min(left_v, _ceil_div(q1, 3)) + 1):
                    r1 = max(0, q1 - 3 * v1)
                    v2 = min(left_v - v1, _ceil_div(q2, 3))
                    r2 = max(0, q2 - 3 * v2)
                    total = r0 + r1 + r2
                    halves = (r0 + 1) // 2 + (r1 + 1) // 2 + (r2 + 1) // 2
                    over = max(0, total - p2, halves - pastures)
                    if over < best:
                        best, best_u, best_v = over, (u0, u1, u2), (v0, v1, v2)
                        if over == 0:
                            return best, best_u, best_v
    return best, best_u, best_v


@lru_cache(maxsize=1 << 16)
def _min_overflow(s: int, c: int, h: int, pastures: int, stalls: int, stables: int) -> int:
    """Cached minimal overflow for plain ints (see :func:`min_overflow`)."""
    return _best_split(s, c, h, pastures, stalls, stables)[0]


@lru_cache(maxsize=1 << 16)
def _fits(s: int, c: int, h: int, pastures: int, stalls: int, stables: int, mixed: int) -> bool:
    """Cached fit test for plain ints (see :func:`fits`)."""
    if s + c + h <= mixed:
        _check_counts(s, c, h)
        return True
    return _min_overflow(s, c, h, pastures, stalls, stables) <= mixed


def min_overflow(counts: Counts, enc: Enclosures) -> int:
    """Return the fewest animals that cannot be placed in single-type enclosures.

    The minimum is over all assignments of pastures, stalls and stables to
    animal types; ``enc.mixed`` is ignored.

    Args:
        counts: animals as ``(sheep, cattle, horses)``.
        enc: the farm's enclosures.

    Returns:
        The minimal total overflow ``sum_t max(0, n_t - cap_t)``.
    """
    s, c, h = counts
    return min(_min_overflow(max(0, s - STALL_CAPACITY * w), c, h, enc.pastures + enc.dry - w,
                             enc.stalls, enc.stables)
               for w in range(enc.dry + 1))


def _sheep_places(counts: Counts, enc: Enclosures) -> int | None:
    """Tea & Trade (T22): how many dehydrated spaces to give the Sheep (each then a
    sheep-only place of 3) so that the animals fit, the others being pastures; None
    when no number does.  Sheep fill those places first (never worse: they take
    Sheep only), so each number is one fit test."""
    s, c, h = counts
    for w in range(enc.dry + 1):
        if _fits(max(0, s - STALL_CAPACITY * w), c, h, enc.pastures + enc.dry - w,
                 enc.stalls, enc.stables, enc.mixed):
            return w
    return None


def fits(counts: Counts, enc: Enclosures) -> bool:
    """Return whether the animals can all be housed on the farm.

    Args:
        counts: animals as ``(sheep, cattle, horses)``.
        enc: the farm's enclosures.

    Returns:
        ``True`` iff ``min_overflow(counts, enc) <= enc.mixed``.
    """
    if enc.dry:
        return _sheep_places(counts, enc) is not None
    return _fits(
        counts[0], counts[1], counts[2], enc.pastures, enc.stalls, enc.stables, enc.mixed
    )


def arrange(counts: Counts, enc: Enclosures) -> Arrangement | None:
    """Return one concrete placement of the animals, or ``None`` if they do not fit.

    Stables and stalls are filled from an overflow-minimising split, then
    pastures take pairs before singles, and whatever is left goes to the
    mixed places.

    Args:
        counts: animals as ``(sheep, cattle, horses)``.
        enc: the farm's enclosures.
    """
    w = _sheep_places(counts, enc)
    if w is None:
        return None
    rest = list(counts)
    dry: list[Slot] = []
    for _ in range(w):
        n = min(STALL_CAPACITY, rest[0])
        dry.append((0, n) if n else None)
        rest[0] -= n
    pastures_n = enc.pastures + enc.dry - w
    _, stable_split, stall_split = _best_split(
        rest[0], rest[1], rest[2], pastures_n, enc.stalls, enc.stables
    )

    def fill(per_type: Counts, size: int, slots: list[Slot]) -> None:
        for t in range(3):
            for _ in range(per_type[t]):
                n = min(size, rest[t])
                slots.append((t, n) if n else None)
                rest[t] -= n

    stables: list[Slot] = []
    fill(stable_split, STABLE_CAPACITY, stables)
    stables.extend([None] * (enc.stables - len(stables)))
    stalls: list[Slot] = []
    fill(stall_split, STALL_CAPACITY, stalls)
    stalls.extend([None] * (enc.stalls - len(stalls)))

    pastures: list[Slot] = []
    for t in range(3):  # pairs first ...
        while rest[t] >= 2 and len(pastures) < pastures_n:
            pastures.append((t, 2))
            rest[t] -= 2
    for t in range(3):  # ... then singles
        if rest[t] and len(pastures) < pastures_n:
            pastures.append((t, 1))
            rest[t] -= 1
    pastures.extend([None] * (pastures_n - len(pastures)))

    return Arrangement(
        pastures=tuple(pastures),
        stalls=tuple(stalls),
        stables=tuple(stables),
        mixed=(rest[0], rest[1], rest[2]),
        dry=tuple(dry),
    )


# ---------------------------------------------------------------------------
# Breeding
# ---------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _best_births(stalls: int, stables: int) -> tuple[int, ...]:
    """Most newborns with exactly ``m`` animals of one type in the given enclosures.

    Entry ``m`` (``0 <= m <= 3 * stalls + 6 * stables``) is the maximum over
    all ways to put exactly ``m`` animals into ``stalls`` stalls and
    ``stables`` stables.
    """
    neg = -1
    table = [0]
    for size, births in [(STALL_CAPACITY, STALL_BIRTHS)] * stalls + [
        (STABLE_CAPACITY, STABLE_BIRTHS)
    ] * stables:
        nxt = [neg] * (len(table) + size)
        for m, b in enumerate(table):
            if b == neg:
                continue
            for k in range(size + 1):
                cand = b + births[k]
                if cand > nxt[m + k]:
                    nxt[m + k] = cand
        table = nxt
    return tuple(table)


@lru_cache(maxsize=4096)
def _leftover_by_births(n: int, stalls: int, stables: int) -> tuple[int, ...]:
    """Fewest animals left outside the stalls/stables for each birth count.

    Entry ``b`` is the minimal ``n - m`` over ``m <= n`` animals placed in
    the type's own ``stalls`` and ``stables`` producing at least ``b``
    newborns.  The tuple is non-decreasing and as long as the best reachable
    birth count plus one.
    """
    best = _best_births(stalls, stables)
    top = max(best[: n + 1])
    out = []
    for b in range(top + 1):
        m = max(m for m in range(min(n, len(best) - 1) + 1) if best[m] >= b)
        out.append(n - m)
    return tuple(out)


def _pareto(vectors: set[Counts]) -> list[Counts]:
    """Return the non-dominated vectors, sorted descending."""
    ordered = sorted(vectors, reverse=True)
    kept: list[Counts] = []
    for v in ordered:
        if not any(k[0] >= v[0] and k[1] >= v[1] and k[2] >= v[2] for k in kept):
            kept.append(v)
    return kept


@lru_cache(maxsize=1024)
def _breeding_options(
    s: int, c: int, h: int, pastures: int, stalls: int, stables: int, mixed: int,
    sheep_places: int = 0,
) -> tuple[Counts, ...]:
    """Cached Pareto-maximal newborn vectors for plain ints (see :func:`breeding_options`);
    ``sheep_places``: dehydrated spaces given to the Sheep (T22), each a sheep-only
    stall for housing and births."""
    if not _fits(max(0, s - STALL_CAPACITY * sheep_places), c, h, pastures, stalls, stables,
                 mixed):
        raise ValueError(f"animals {(s, c, h)} do not fit the enclosures")
    n = (s, c, h)
    cap_total = mixed + 2 * pastures  # sinks: sum of leftovers
    cap_halves = mixed + pastures  # sinks: sum of ceil(leftover / 2)
    found: set[Counts] = set()

    def dominated(v: Counts) -> bool:
        return any(f[0] >= v[0] and f[1] >= v[1] and f[2] >= v[2] for f in found)

    # A type never needs more stalls or stables than it has animals; the last
    # type takes all that is left (capped), since extra enclosures never hurt.
    for u0 in range(min(stables, s) + 1):
        for u1 in range(min(stables - u0, c) + 1):
            u2 = min(stables - u0 - u1, h)
            for v0 in range(min(stalls, s) + 1):
                for v1 in range(min(stalls - v0, c) + 1):
                    v2 = min(stalls - v0 - v1, h)
                    lists = (
                        _leftover_by_births(n[0], v0 + sheep_places, u0),
                        _leftover_by_births(n[1], v1, u1),
                        _leftover_by_births(n[2], v2, u2),
                    )
                    top: Counts = (len(lists[0]) - 1, len(lists[1]) - 1, len(lists[2]) - 1)
                    if dominated(top):
                        continue
                    tops = (lists[0][-1], lists[1][-1], lists[2][-1])
                    if sum(tops) <= cap_total and sum((x + 1) // 2 for x in tops) <= cap_halves:
                        found.add(top)
                        continue
                    _split_frontier(lists, cap_total, cap_halves, found)
    return tuple(_pareto(found))


def _split_frontier(
    lists: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    cap_total: int,
    cap_halves: int,
    found: set[Counts],
) -> None:
    """Add the maximal feasible birth vectors of one enclosure split to ``found``.

    ``lists[t][b]`` is the fewest leftovers type ``t`` needs to get ``b``
    newborns; leftovers fit the sinks iff their sum is at most ``cap_total``
    and the sum of their halves (rounded up) is at most ``cap_halves``.
    """
    l0, l1, l2 = lists
    for b0, x0 in enumerate(l0):
        if x0 > cap_total or (x0 + 1) // 2 > cap_halves:
            break
        for b1, x1 in enumerate(l1):
            a = x0 + x1
            hh = (x0 + 1) // 2 + (x1 + 1) // 2
            if a + l2[0] > cap_total or hh + (l2[0] + 1) // 2 > cap_halves:
                break
            b2 = len(l2) - 1
            while a + l2[b2] > cap_total or hh + (l2[b2] + 1) // 2 > cap_halves:
                b2 -= 1
            found.add((b0, b1, b2))


def breeding_options(counts: Counts, enc: Enclosures) -> list[Counts]:
    """Return the Pareto-maximal newborn vectors the player can choose from in May.

    Each vector ``(sheep, cattle, horses)`` is reachable by some legal
    arrangement of the current animals; a vector dominated by another one is
    omitted.  The list is sorted descending and is ``[(0, 0, 0)]`` when
    nothing can breed.  Adding any option to ``counts`` still fits.

    Args:
        counts: animals as ``(sheep, cattle, horses)``; must fit ``enc``.
        enc: the farm's enclosures.

    Raises:
        ValueError: if the animals do not fit the enclosures.
    """
    if not enc.dry:
        return list(
            _breeding_options(
                counts[0], counts[1], counts[2], enc.pastures, enc.stalls, enc.stables,
                enc.mixed
            )
        )
    # T22: each number of dehydrated spaces given to the Sheep (the others pastures)
    # is one arrangement family; the options are the best of all of them.
    s, c, h = counts
    found: set[Counts] = set()
    for w in range(enc.dry + 1):
        if _fits(max(0, s - STALL_CAPACITY * w), c, h, enc.pastures + enc.dry - w,
                 enc.stalls, enc.stables, enc.mixed):
            found.update(_breeding_options(s, c, h, enc.pastures + enc.dry - w, enc.stalls,
                                           enc.stables, enc.mixed, w))
    if not found:
        raise ValueError(f"animals {counts} do not fit the enclosures")
    return _pareto(found)
