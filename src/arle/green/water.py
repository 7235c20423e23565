"""Water in :mod:`arle.green`: gaining it into towers (F12) and paying it from towers in
range (F9), and the two decisions that ask where when it matters (``store``,
``paywater``)."""

from __future__ import annotations

from typing import Iterator

from arle.framework.actions import Action
from arle.green.farm import capacity, towers_for
from arle.green.frames import PayWater, Store
from arle.green.statedata import TOWER, StateData
from arle.green.tokens import gain

__all__ = ["store_water", "pay_water", "rooms", "store_legal", "store_apply",
           "paywater_legal", "paywater_apply"]


def distributions(amounts: list[int], n: int) -> Iterator[list[int]]:
    """Every vector v with 0 <= v[i] <= amounts[i] and sum n (first index varies last)."""
    if not amounts:
        if n == 0:
            yield []
        return
    rest = sum(amounts[1:])
    for k in range(min(amounts[0], n), -1, -1):
        if n - k <= rest:
            for tail in distributions(amounts[1:], n - k):
                yield [k] + tail


def _dist_args(keys: list[str], v: list[int]) -> tuple[str, ...]:
    return tuple(f"{k}:{x}" for k, x in zip(keys, v) if x)


def rooms(s: StateData, p: int, near: str | None) -> list[tuple[str, int]]:
    """The towers of ``p`` with room (in range of ``near`` if given) and their room."""
    farm = s.players[p].farm
    keys = [k for k, e in farm.items() if e[0] == TOWER] if near is None \
        else towers_for(s, p, near)
    out = [(k, capacity(s, farm[k]) - int(farm[k][2])) for k in keys]
    return [(k, r) for k, r in out if r > 0]


def store_water(s: StateData, p: int, n: int, near: str | None = None) -> None:
    """Gain ``n`` Water (F12; F10 caps it with ``token_limits``): fill towers with room
    (those in range of ``near`` if given), asking where when it matters."""
    farm = s.players[p].farm
    n = gain(s, "water", n)
    room = rooms(s, p, near)
    total = sum(r for _, r in room)
    if n <= 0 or total == 0:
        return
    if total <= n or len(room) == 1:
        left = n
        for k, r in room:
            put = min(r, left)
            farm[k][2] += put
            left -= put
        return
    s.stack.append(Store(p, n, near))


def pay_water(s: StateData, p: int, cell: str, n: int) -> None:
    """Pay ``n`` Water from towers in range of ``cell``, asking how when it matters."""
    if n <= 0:
        return
    farm = s.players[p].farm
    towers = [k for k in towers_for(s, p, cell) if farm[k][2] > 0]
    if len(towers) == 1 or sum(farm[k][2] for k in towers) == n:
        left = n
        for k in towers:
            take = min(int(farm[k][2]), left)
            farm[k][2] -= take
            left -= take
        return
    s.stack.append(PayWater(p, n, cell))


# ---------------------------------------------------------------------------- decisions
def store_legal(s: StateData, f: Store) -> list[Action]:
    farm = s.players[f.p].farm
    keys = [k for k, _ in rooms(s, f.p, f.cell)]
    room = [capacity(s, farm[k]) - int(farm[k][2]) for k in keys]
    n = min(f.n, sum(room))
    return [Action("store", _dist_args(keys, v)) for v in distributions(room, n)]


def store_apply(s: StateData, f: Store, a: Action) -> None:
    farm = s.players[f.p].farm
    for arg in a.args:
        cell, amount = arg.split(":")
        farm[cell][2] += int(amount)


def paywater_legal(s: StateData, f: PayWater) -> list[Action]:
    farm = s.players[f.p].farm
    keys = [k for k in towers_for(s, f.p, f.cell) if farm[k][2] > 0]
    have = [int(farm[k][2]) for k in keys]
    return [Action("pay", _dist_args(keys, v)) for v in distributions(have, f.n)]


def paywater_apply(s: StateData, f: PayWater, a: Action) -> None:
    farm = s.players[f.p].farm
    for arg in a.args:
        cell, amount = arg.split(":")
        farm[cell][2] -= int(amount)
