"""Every kind of frame :mod:`arle.green` keeps on ``State.stack``, as typed immutable values.

A frame is a pending decision (``Store``: choose the towers for ``n`` Water) or a
continuation (``Fx``: resolve the rest of an ability when it reaches the top).  Each kind
is a frozen dataclass with slots whose class attribute ``KIND`` is its stable id (the
``Decision.kind`` of :meth:`arle.green.State.pending`, the ``"t"`` of the JSON form);
``p`` is the deciding seat and the other fields are the frame's own, in the order they
are shown (``details()``) and written.  Frames are never changed in place, so
``State.clone()`` shares them.

JSON: a frame is ``{"t": KIND, "p": seat, field: value, ...}`` with tuples as lists and
an optional field left out while it is ``None`` (the shape of the earlier dict frames,
so older saved games load and are written as before).  :mod:`arle.green.io` checks a
frame's JSON strictly before :func:`frame_from_json` builds it.

The rules of each kind are in the table of :mod:`arle.green.rules`.
"""

from __future__ import annotations

import typing
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, Union

__all__ = ["Frame", "Declare", "Pick", "Take", "Act", "Plan", "Store", "PayWater", "Keep",
           "TileChoice", "Attach", "Harvest", "Fx", "AnyFrame", "FRAME_TYPES",
           "DECISION_KINDS", "HIDDEN_KINDS", "FIELDS", "OPTIONAL_FIELDS",
           "frame_from_json"]


@dataclass(frozen=True, slots=True)
class Frame:
    """The base of every frame: ``p`` is the seat deciding (or the ability's owner)."""

    KIND: ClassVar[str] = ""
    p: int

    def details(self) -> dict[str, Any]:
        """The frame's own fields (all but ``p``) as JSON values, in declaration order;
        an optional field is left out while it is ``None``."""
        out: dict[str, Any] = {}
        for name in _OWN[type(self)]:
            v = getattr(self, name)
            if v is None:
                continue
            out[name] = list(v) if type(v) is tuple else v
        return out

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the frame: ``{"t": KIND, "p": seat, fields...}``."""
        d: dict[str, Any] = {"t": self.KIND, "p": self.p}
        d.update(self.details())
        return d


# ---------------------------------------------------------------------------- decisions
@dataclass(frozen=True, slots=True)
class Declare(Frame):
    """Declare how many of the six cards of the draw come from each pile."""

    KIND: ClassVar[str] = "declare"


@dataclass(frozen=True, slots=True)
class Pick(Frame):
    """Pick a card of the hand face down (3-4 players)."""

    KIND: ClassVar[str] = "pick"


@dataclass(frozen=True, slots=True)
class Take(Frame):
    """Take a face-up card of the market (1-2 players)."""

    KIND: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Act(Frame):
    """Act with the seat's card: build it, a tower, a silo, go to market or restore."""

    KIND: ClassVar[str] = "act"


@dataclass(frozen=True, slots=True)
class Plan(Frame):
    """Commit face down what the seat does with its card (``action_choice="hidden"``)."""

    KIND: ClassVar[str] = "plan"


@dataclass(frozen=True, slots=True)
class Store(Frame):
    """Choose the towers that take ``n`` Water (only those in range of ``cell`` if it is
    given: a refill with too little Water left in the supply)."""

    KIND: ClassVar[str] = "store"
    n: int
    cell: str | None = None


@dataclass(frozen=True, slots=True)
class PayWater(Frame):
    """Choose the towers in range of ``cell`` that pay ``n`` Water."""

    KIND: ClassVar[str] = "paywater"
    n: int
    cell: str


@dataclass(frozen=True, slots=True)
class Keep(Frame):
    """Keep one of the drawn Equipment ``tiles``; the others go under the stack."""

    KIND: ClassVar[str] = "keep"
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TileChoice(Frame):
    """Place the kept Equipment tile ``e`` on a card it fits, or set it aside."""

    KIND: ClassVar[str] = "tile"
    e: str


@dataclass(frozen=True, slots=True)
class Attach(Frame):
    """Place set-aside Equipment on the card just built at ``cell``, or done."""

    KIND: ClassVar[str] = "attach"
    cell: str


@dataclass(frozen=True, slots=True)
class Harvest(Frame):
    """The seat's Harvest: resolve or flip its abilities one at a time."""

    KIND: ClassVar[str] = "harvest"


# ---------------------------------------------------------------------------- continuations
@dataclass(frozen=True, slots=True)
class Fx(Frame):
    """Resolve the effects of ``src`` at ``cell`` from the ``i``-th on: ``"card"`` (the
    card's own ability), ``"harvest"`` (its Harvest ability and its tiles'), or
    ``"tile:ID"`` (a tile's)."""

    KIND: ClassVar[str] = "fx"
    cell: str
    src: str
    i: int


AnyFrame = Union[Declare, Pick, Take, Act, Plan, Store, PayWater, Keep, TileChoice, Attach,
                 Harvest, Fx]

#: Every frame kind id -> its class, in declaration order.
FRAME_TYPES: dict[str, type[Frame]] = {c.KIND: c for c in typing.get_args(AnyFrame)}
#: The kinds a seat decides in (every kind but the continuation ``fx``).
DECISION_KINDS: tuple[str, ...] = tuple(k for k in FRAME_TYPES if k != Fx.KIND)
#: The decisions whose choice other seats do not see (written ``pick ?``, ``keep ?``,
#: ``plan ?`` in their histories), also when the decision had one legal action.
HIDDEN_KINDS: tuple[str, ...] = (Pick.KIND, Keep.KIND, Plan.KIND)

# Per class: its own fields (all but ``p``), in declaration order.
_OWN: dict[type[Frame], tuple[str, ...]] = {
    c: tuple(f.name for f in fields(c))[1:] for c in FRAME_TYPES.values()}
#: Per kind: the fields its JSON must hold besides ``t`` and ``p``.
FIELDS: dict[str, frozenset[str]] = {
    c.KIND: frozenset(f.name for f in fields(c)[1:] if f.default is MISSING)
    for c in FRAME_TYPES.values()}
#: Per kind: the fields its JSON may hold besides (written only when not ``None``).
OPTIONAL_FIELDS: dict[str, frozenset[str]] = {
    c.KIND: frozenset(f.name for f in fields(c)[1:] if f.default is not MISSING)
    for c in FRAME_TYPES.values()}

assert len(FRAME_TYPES) == len(typing.get_args(AnyFrame)), "two frames share a KIND"
assert all(k and k not in ("t", "p") for k in FRAME_TYPES)


def frame_from_json(d: dict[str, Any]) -> Frame:
    """The frame of a JSON object already checked by :mod:`arle.green.io` (lists become
    tuples)."""
    values: dict[str, Any] = {k: tuple(v) if type(v) is list else v
                              for k, v in d.items() if k != "t"}
    return FRAME_TYPES[d["t"]](**values)
