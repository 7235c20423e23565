"""A seat's action with its card in :mod:`arle.green` (R10-R14, F19): build the card, or
discard it to build a Water Tower or a Silo, go to market or restore an Open Area; each
verb's rule is in :data:`ACTS`.  The decisions ``act`` and (option
``action_choice="hidden"``, F17) ``plan``, the same choice committed face down."""

from __future__ import annotations

from typing import Callable

from arle.framework.actions import Action
from arle.green import catalog as K
from arle.green.farm import global_mod, key, open_cells, restore_cost, water_in_range
from arle.green.frames import Act, Attach, Fx, Plan
from arle.green.statedata import SILO, TOWER, StateData
from arle.green.tokens import gain
from arle.green.water import pay_water

__all__ = ["ACTS", "act_legal", "apply_act", "act_frame_legal", "act_apply", "plan_legal", "plan_apply"]


def act_legal(s: StateData, p: int) -> list[Action]:
    """What ``p`` may do with its card, in the order of ``docs/GREEN.md``."""
    pl = s.players[p]
    d = s.cs.designs[pl.card]
    cells = open_cells(s, p)
    out: list[Action] = []
    if pl.coins >= d.coins and pl.food >= d.food:
        for c in cells:
            if d.water == 0 or water_in_range(s, p, c) >= d.water:
                out.append(Action("build", tuple(c.split(","))))
    if s.towers_left > 0 and pl.coins >= K.TOWER_COST:
        out += [Action("tower", tuple(c.split(","))) for c in cells]
    if s.silos_left > 0:
        out += [Action("silo", tuple(c.split(","))) for c in cells]
    out += [Action("market", (str(k),)) for k in range(min(K.MARKET_FOOD_MAX, pl.food) + 1)]
    if pl.coins >= restore_cost(s, p):
        out += [Action("restore", tuple(k.split(","))) for k, e in pl.farm.items()
                if not e[1]]
    return out


def _market(s: StateData, p: int, card: str, a: Action) -> None:
    pl = s.players[p]
    k = int(a.args[0])
    pl.food -= k
    pl.coins += gain(s, "coins", K.MARKET_COINS + K.MARKET_FOOD_PRICE * k
                     + global_mod(s, p, "market_coins"))
    s.discard.append(card)


def _restore(s: StateData, p: int, card: str, a: Action) -> None:
    pl = s.players[p]
    cell = key(int(a.args[0]), int(a.args[1]))
    pl.coins -= restore_cost(s, p)
    s.discard.append(card)
    e = pl.farm[cell]
    e[1] = 1
    if s.options["restore_retriggers_immediate"] and s.cs.designs[e[0]].frame == \
            "immediate":
        s.stack.append(Fx(p, cell, "card", 0))


def _tower(s: StateData, p: int, card: str, a: Action) -> None:
    cell = key(int(a.args[0]), int(a.args[1]))
    s.stack.append(Attach(p, cell))
    s.discard.append(card)
    s.players[p].coins -= K.TOWER_COST
    s.towers_left -= 1
    s.players[p].farm[cell] = [TOWER, 1, gain(s, "water", K.TOWER_CAPACITY), [], []]


def _silo(s: StateData, p: int, card: str, a: Action) -> None:
    cell = key(int(a.args[0]), int(a.args[1]))
    s.stack.append(Attach(p, cell))
    s.discard.append(card)
    s.silos_left -= 1
    s.players[p].farm[cell] = [SILO, 1, 0, [], []]


def _build(s: StateData, p: int, card: str, a: Action) -> None:
    """Build the card as a Location (F19)."""
    pl = s.players[p]
    cell = key(int(a.args[0]), int(a.args[1]))
    s.stack.append(Attach(p, cell))
    d = s.cs.designs[card]
    pl.coins -= d.coins
    pl.food -= d.food
    pl.farm[cell] = [card, 1, 0, [], []]
    if d.frame == "immediate":
        s.stack.append(Fx(p, cell, "card", 0))
    pay_water(s, p, cell, d.water)


#: The rule of each verb of an action with a card: (state, seat, card, action).
ACTS: dict[str, Callable[[StateData, int, str, Action], None]] = {
    "build": _build, "tower": _tower, "silo": _silo, "market": _market,
    "restore": _restore}


def apply_act(s: StateData, p: int, a: Action) -> None:
    """Seat ``p`` acts with its card (``a``: one of :func:`act_legal`)."""
    pl = s.players[p]
    card, pl.card = pl.card, ""
    ACTS[a.verb](s, p, card, a)


# ---------------------------------------------------------------------------- decisions
def act_apply(s: StateData, f: Act, a: Action) -> None:
    apply_act(s, f.p, a)


def plan_legal(s: StateData, f: Plan) -> list[Action]:
    return [Action("plan", (a.verb, *a.args)) for a in act_legal(s, f.p)]


def plan_apply(s: StateData, f: Plan, a: Action) -> None:
    pl = s.players[f.p]
    pl.plan = " ".join(a.args)
    s.private[f.p].append(f"y{s.year} plan {pl.plan}")


def act_frame_legal(s: StateData, f: Act) -> list[Action]:
    return act_legal(s, f.p)
