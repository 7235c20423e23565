"""The Harvest in :mod:`arle.green` (R15-R17, F24): each seat in turn pays and resolves
the Harvest abilities of its face-up cards and its Harvest tiles, or flips a card to an
Open Area, one at a time (the decision ``harvest``; each verb's rule is in
:data:`VERBS`)."""

from __future__ import annotations

from typing import Callable

from arle.framework.actions import Action
from arle.green.farm import key, water_in_range
from arle.green.frames import Fx, Harvest
from arle.green.statedata import SILO, TOWER, FarmEntry, StateData
from arle.green.water import pay_water

__all__ = ["VERBS", "harvest_legal", "harvest_apply"]


def _can_pay(s: StateData, p: int, cell: str, cost: tuple[int, int, int]) -> bool:
    pl = s.players[p]
    coins, water, food = cost
    return (pl.coins >= coins and pl.food >= food
            and (water == 0 or water_in_range(s, p, cell) >= water))


def harvest_legal(s: StateData, f: Harvest) -> list[Action]:
    p = f.p
    out: list[Action] = []
    for k, e in s.players[p].farm.items():
        if not e[1]:
            continue
        xy = tuple(k.split(","))
        if e[0] not in (TOWER, SILO) and "c" not in e[4]:
            d = s.cs.designs[e[0]]
            if d.frame == "harvest":
                alts = d.harvest_cost
                if not alts:
                    out.append(Action("harvest", xy))
                else:
                    for j, cost in enumerate(alts):
                        if _can_pay(s, p, k, cost):
                            out.append(Action("harvest", xy + ((str(j + 1),)
                                                               if len(alts) > 1 else ())))
                    out.append(Action("flip", xy))
        for t in e[3]:
            if s.cs.tiles[t].timing == "harvest" and t not in e[4]:
                out.append(Action("use", xy + (t,)))
    return out


def _flip(s: StateData, p: int, cell: str, e: FarmEntry, a: Action) -> None:
    """Flip the card to an Open Area instead of paying (its tiles are discarded)."""
    e[1] = 0
    s.eq_gone.extend(e[3])
    e[3] = []
    e[4] = e[4] + ["c"]


def _use(s: StateData, p: int, cell: str, e: FarmEntry, a: Action) -> None:
    """Resolve a standalone Harvest tile."""
    e[4] = e[4] + [a.args[2]]
    s.stack.append(Fx(p, cell, "tile:" + a.args[2], 0))


def _harvest(s: StateData, p: int, cell: str, e: FarmEntry, a: Action) -> None:
    """Pay (the chosen alternative) and resolve the card's Harvest ability."""
    pl = s.players[p]
    e[4] = e[4] + ["c"]
    d = s.cs.designs[e[0]]
    s.stack.append(Fx(p, cell, "harvest", 0))
    if d.harvest_cost:
        j = int(a.args[2]) - 1 if len(a.args) > 2 else 0
        coins, water, food = d.harvest_cost[j]
        pl.coins -= coins
        pl.food -= food
        pay_water(s, p, cell, water)


#: The rule of each verb of the Harvest: (state, seat, cell, its farm entry, action).
VERBS: dict[str, Callable[[StateData, int, str, FarmEntry, Action], None]] = {
    "harvest": _harvest, "flip": _flip, "use": _use}


def harvest_apply(s: StateData, f: Harvest, a: Action) -> None:
    s.stack.append(f)                      # until nothing is left
    cell = key(int(a.args[0]), int(a.args[1]))
    VERBS[a.verb](s, f.p, cell, s.players[f.p].farm[cell], a)
