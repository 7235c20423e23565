"""What a seat of :mod:`arle.green` is deciding, in words and fields: :func:`pending` (the
``Decision`` of :meth:`arle.green.State.pending`) and the title and text of each kind
(:data:`WORDS`)."""

from __future__ import annotations

from typing import Callable

from arle.framework.decision import Decision
from arle.green.frames import DECISION_KINDS, Act, Frame, PayWater, Plan, Store
from arle.green.statedata import StateData

__all__ = ["WORDS", "KINDS", "pending"]

Words = Callable[[StateData, Frame], tuple[str, str]]


def _w(title: str, text: str) -> Words:
    return lambda s, f: (title, text)


def _card(s: StateData, f: Frame) -> str:
    return s.cs.designs[s.players[f.p].card].name


def _n(f: Frame) -> int:
    assert isinstance(f, (Store, PayWater))
    return f.n


#: Decision kind -> (state, frame) -> (title, text).
WORDS: dict[str, Words] = {
    "declare": _w("Declare your draw", "choose how many of your 6 cards come from each "
                  "pile (Field, Livestock, Construction, Building), from at least 3 piles."),
    "pick": _w("Pick a card (hidden)", "pick a card of your hand face down; the picks "
               "are revealed when every player has picked."),
    "take": _w("Take a face-up card", "take one of the face-up cards to act with."),
    "act": lambda s, f: ("Act with " + _card(s, f),
                         "build it, or discard it to build a Water Tower or a Silo, go "
                         "to market or restore an Open Area."),
    "plan": lambda s, f: ("Plan your action with " + _card(s, f) + " (hidden)",
                          "choose face down what you do with the card; the actions are "
                          "revealed and resolved in turn order, and if yours has become "
                          "impossible you choose again."),
    "store": lambda s, f: ("Store Water", f"choose the towers for {_n(f)} Water."),
    "paywater": lambda s, f: ("Pay Water", f"choose the towers paying {_n(f)} Water."),
    "keep": _w("Keep an Equipment tile", "keep one of the drawn tiles; the others go "
               "under the stack."),
    "tile": _w("Place the Equipment", "place the tile on a card it fits, or set it aside."),
    "attach": _w("Add set-aside Equipment", "place set-aside tiles on the new card, "
                 "or done."),
    "harvest": _w("Harvest", "pay and resolve a Harvest ability, or flip its location "
                  "to an Open Area, one at a time."),
}

#: Every ``Decision.kind`` of this game (and ``"over"``).
KINDS: tuple[str, ...] = ("over", *WORDS)

assert tuple(WORDS) == DECISION_KINDS


def pending(s: StateData) -> Decision:
    """What ``s.current_player`` decides, in words and fields (only that seat's)."""
    if s.over or not s.stack:
        return Decision(None, "over", "The game is over", "the game is over.", {})
    f = s.stack[-1]
    details = f.details()
    if type(f) in (Act, Plan):
        details["card"] = s.players[f.p].card
    title, text = WORDS[f.KIND](s, f)
    return Decision(f.p, f.KIND, title, text, details)
