"""The shared supply of tokens in :mod:`arle.green` (F10): unlimited by default; with
option ``token_limits`` each kind is limited to the box's count and a gain beyond what is
left is lost."""

from __future__ import annotations

from arle.green import catalog as K
from arle.green.statedata import TOWER, StateData

__all__ = ["held", "supply", "gain"]


def held(s: StateData, res: str) -> int:
    """Tokens of kind ``res`` (``water``, ``food``, ``coins``, ``vp``) out of the supply."""
    if res == "water":
        return sum(int(e[2]) for pl in s.players for e in pl.farm.values() if e[0] == TOWER)
    if res == "food":
        return sum(pl.food for pl in s.players)
    if res == "coins":
        return sum(pl.coins for pl in s.players)
    return sum(pl.vpt for pl in s.players)


def supply(s: StateData) -> dict[str, int] | None:
    """What is left of each kind of token with ``token_limits`` (F10), else ``None``
    (unlimited)."""
    if not s.options["token_limits"]:
        return None
    return {k: cap - held(s, k) for k, cap in K.TOKEN_LIMITS.items()}


def gain(s: StateData, res: str, v: int) -> int:
    """The part of a gain of ``v`` tokens the supply can give (F10: all of it unless
    ``token_limits``; beyond what is left the gain is lost)."""
    if v <= 0 or not s.options["token_limits"]:
        return v
    return max(0, min(v, K.TOKEN_LIMITS[res] - held(s, res)))
