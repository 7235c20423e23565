"""The dispatch table of :mod:`arle.green`: the rules of each kind of frame.

A decision frame's kind gives its ``legal`` (the actions of the seat deciding, in the
order of ``docs/GREEN.md``) and its ``apply`` (take one of them, the frame already popped
from the stack) in :data:`RULES`; a continuation's kind gives the function that runs it
when it reaches the top in :data:`AUTO`.  The rules themselves are in the modules of
their part of the game: :mod:`~arle.green.draft`, :mod:`~arle.green.acting`,
:mod:`~arle.green.water`, :mod:`~arle.green.equipment`, :mod:`~arle.green.harvest` and
:mod:`~arle.green.effects`.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, TypeVar

from arle.framework.actions import Action
from arle.green import acting, draft, equipment, harvest, water
from arle.green.effects import run_fx
from arle.green.frames import (
    DECISION_KINDS, Act, Attach, Declare, Frame, Fx, Harvest, Keep, PayWater, Pick, Plan,
    Store, Take, TileChoice,
)
from arle.green.statedata import StateData

__all__ = ["FrameRules", "RULES", "AUTO", "legal", "apply", "legal_now"]

F = TypeVar("F", bound=Frame)


class FrameRules(NamedTuple):
    """How one kind of decision lists and applies its actions."""

    legal: Callable[[StateData, Any], list[Action]]
    apply: Callable[[StateData, Any, Action], None]


def _rules(kind: type[F], legal_: Callable[[StateData, F], list[Action]],
           apply_: Callable[[StateData, F, Action], None]) -> tuple[type[Frame], FrameRules]:
    """One row of :data:`RULES` (the rules typed for their frame class)."""
    return kind, FrameRules(legal_, apply_)


#: Decision frame class -> its rules.
RULES: dict[type[Frame], FrameRules] = dict((
    _rules(Declare, draft.declare_legal, draft.declare_apply),
    _rules(Pick, draft.pick_legal, draft.pick_apply),
    _rules(Take, draft.take_legal, draft.take_apply),
    _rules(Act, acting.act_frame_legal, acting.act_apply),
    _rules(Plan, acting.plan_legal, acting.plan_apply),
    _rules(Store, water.store_legal, water.store_apply),
    _rules(PayWater, water.paywater_legal, water.paywater_apply),
    _rules(Keep, equipment.keep_legal, equipment.keep_apply),
    _rules(TileChoice, equipment.tile_legal, equipment.tile_apply),
    _rules(Attach, equipment.attach_legal, equipment.attach_apply),
    _rules(Harvest, harvest.harvest_legal, harvest.harvest_apply),
))
#: Continuation frame class -> what runs it (the frame already popped).
AUTO: dict[type[Frame], Callable[[StateData, Any], None]] = {Fx: run_fx}

assert [c.KIND for c in RULES] == list(DECISION_KINDS), "a decision kind without rules"


def legal(s: StateData, f: Frame) -> list[Action]:
    """The legal actions of decision frame ``f``."""
    return RULES[type(f)].legal(s, f)


def apply(s: StateData, f: Frame, a: Action) -> None:
    """Take action ``a`` (one of ``legal(s, f)``) in decision frame ``f``, the top."""
    s.stack.pop()
    RULES[type(f)].apply(s, f, a)


def legal_now(s: StateData) -> list[Action]:
    """The legal actions of the pending decision (cached in the state until it changes;
    the caller must not change the list)."""
    if s._legal is None:
        s._legal = [] if s.over or not s.stack else legal(s, s.stack[-1])
    return s._legal
