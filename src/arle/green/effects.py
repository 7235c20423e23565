"""The abilities of cards and Equipment tiles in :mod:`arle.green`: the closed vocabulary
of effects of the card data (``gain``, ``refill``, ``equipment``, ``modify``; see
``docs/GREEN.md``), each resolved by its rule in :data:`OPS`.

An ability resolves as a continuation frame (:class:`~arle.green.frames.Fx`) that runs
its effects in order; an effect that asks a seat something (where to store Water, which
Equipment tile to keep) pushes the rest of the ability under its decision."""

from __future__ import annotations

from typing import Callable

from arle.green import catalog as K
from arle.green.cards import EffectSpec
from arle.green.chance import draw_tiles, stack_size
from arle.green.farm import capacity, food_cap, towers_for, value
from arle.green.frames import Fx, Keep, Store
from arle.green.statedata import StateData
from arle.green.tokens import gain
from arle.green.water import rooms, store_water

__all__ = ["OPS", "effects_of", "run_fx"]

#: The rule of one effect: (state, its ability's frame, the effect, the index of the
#: next effect, whether one follows) -> True when a decision now waits (the rest of
#: the ability resumes after it).
OpRule = Callable[[StateData, Fx, EffectSpec, int, bool], bool]


def effects_of(s: StateData, p: int, cell: str, src: str) -> tuple[EffectSpec, ...]:
    """The effects an ability resolves (see :class:`~arle.green.frames.Fx`)."""
    entry = s.players[p].farm[cell]
    if src.startswith("tile:"):
        return s.cs.tiles[src[5:]].effect
    d = s.cs.designs[entry[0]]
    if src == "harvest":
        out = list(d.effect)
        for t in entry[3]:
            tile = s.cs.tiles[t]
            if tile.timing == "host_harvest":
                out.extend(tile.effect)
        return tuple(out)
    return d.effect


def _water_waits(s: StateData, f: Fx, i: int, more: bool, n: int, near: str | None) -> bool:
    """Store ``n`` Water in the middle of ability ``f`` (its next effect is ``i``): True
    when a ``store`` decision now waits, the rest of the effects resuming after it."""
    if more:
        s.stack.append(Fx(f.p, f.cell, f.src, i))
    store_water(s, f.p, n, near)
    if s.stack and type(s.stack[-1]) is Store:
        return True
    if more:
        s.stack.pop()
    return False


def _gain(s: StateData, f: Fx, e: EffectSpec, i: int, more: bool) -> bool:
    v = value(s, f.p, f.cell, e)
    res = e["res"]
    pl = s.players[f.p]
    if res == "coins":
        pl.coins += gain(s, "coins", v)
    elif res == "vp":
        pl.vpt += gain(s, "vp", v)
    elif res == "food":
        pl.food = min(food_cap(s, f.p), pl.food + gain(s, "food", v))
    elif v > 0:
        return _water_waits(s, f, i, more, v, None)
    return False


def _refill(s: StateData, f: Fx, e: EffectSpec, i: int, more: bool) -> bool:
    farm = s.players[f.p].farm
    need = sum(r for _, r in rooms(s, f.p, f.cell)) if s.options["token_limits"] else 0
    if gain(s, "water", need) == need:
        for k in towers_for(s, f.p, f.cell):
            farm[k][2] = capacity(s, farm[k])
        return False
    return _water_waits(s, f, i, more, need, f.cell)  # F10: too little Water left


def _equipment(s: StateData, f: Fx, e: EffectSpec, i: int, more: bool) -> bool:
    drawn = draw_tiles(s, min(K.EQUIPMENT_DRAW, stack_size(s)))
    if not drawn:
        return False
    s.private[f.p].append(f"y{s.year} tiles " + " ".join(drawn))
    if more:
        s.stack.append(Fx(f.p, f.cell, f.src, i))
    s.stack.append(Keep(f.p, tuple(drawn)))
    return True


def _modify(s: StateData, f: Fx, e: EffectSpec, i: int, more: bool) -> bool:
    return False        # acts while its card is face up (arle.green.farm): nothing now


#: The rule of each effect of the card data's vocabulary (``op`` -> rule).
OPS: dict[str, OpRule] = {"gain": _gain, "refill": _refill, "equipment": _equipment,
                          "modify": _modify}


def run_fx(s: StateData, f: Fx) -> None:
    """Resolve ability ``f`` (popped from the stack) from its ``i``-th effect on."""
    effs = effects_of(s, f.p, f.cell, f.src)
    i, n = f.i, len(effs)
    while i < n:
        e = effs[i]
        i += 1
        if OPS[e["op"]](s, f, e, i, i < n):
            return
