"""Every action the engine can ever offer, for fixed action spaces (research envs).

>>> import arle
>>> from arle.actionspace import every_action
>>> acts = every_action(barn_slots=8, max_newborns=13)
>>> arle.Action("place", ("fisherman",)) in acts
True
"""

from __future__ import annotations

from functools import lru_cache

from arle.actions import Action

__all__ = ["every_action"]


@lru_cache(maxsize=4)
def every_action(barn_slots: int, max_newborns: int) -> frozenset[Action]:
    """Every action of the game (promo actions included), harvested from the engine's
    own decision frames and action generators; arguments naming a barn position run
    over ``0 .. barn_slots - 1`` and newborn vectors hold at most ``max_newborns``
    animals.  The same for every game."""
    if not (type(barn_slots) is int and barn_slots >= 1
            and type(max_newborns) is int and max_newborns >= 0):
        raise ValueError("barn_slots must be >= 1 and max_newborns >= 0 (whole numbers)")
    from arle.engine.catalog import harvest
    return harvest(barn_slots, max_newborns)
