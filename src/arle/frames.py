"""Every kind of frame the engine keeps on ``State.stack``, as typed immutable values.

A frame is a pending decision (``Cut``: cut up to ``n`` Peat) or a continuation
(``Effect``: run ``EFFECTS[name](s, p, *args)`` when it reaches the top).  Each kind is a
plain class with slots whose class attribute ``KIND`` is its stable id (the
``Decision.kind`` of :mod:`arle.decision`, the ``"t"`` of the JSON form) and ``FIELDS``
the names of its fields: ``p``, the deciding player, then the frame's own, in the order
they are given to the class, shown (``details()``) and written.  Frames compare and hash
by kind and field values and print as ``Cut(p=0, n=2, must=True)``.

Frames are never changed in place: a change puts a changed copy on the stack
(``frame._with(n=1)``, :func:`arle.engine.core.replace_top`), so ``State.clone()``
shares them.  The fields other than ``p`` are ``Final``: mypy refuses an assignment to
one, and in the compiled build (mypyc) they are read-only.  Plain classes rather than
frozen dataclasses: mypyc compiles their ``__init__``, comparison and hash to native
code (a compiled frozen dataclass keeps its generated methods as interpreted Python, and
its ``__init__`` sets each field through ``object.__setattr__``).

JSON: a frame is ``{"t": KIND, "p": player, field: value, ...}`` with tuples as lists
(the shape of the earlier dict frames, so older saved games still load);
:func:`frame_from_json` rebuilds it strictly (unknown kind, missing, extra or mistyped
field: ``ValueError`` naming it, e.g. ``stack[2].n: expected an integer``).

The rules of each kind (its ``legal`` and ``apply``) are registered in
:data:`arle.engine.core.FRAMES` by the engine module of its area.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Callable, ClassVar, Union

__all__ = [
    "Frame", "Pay", "Cut", "House", "OptionalAnimal", "TakeAnimal", "Grocer", "Merchant",
    "Colonist", "Convert", "Butcher", "Master", "Upgrade", "Wainwright", "Farmer",
    "Shipwright", "Trades", "Cell", "Dikes",
    "SpaceChoice", "AnimalsChoice", "FieldsToForests", "FreeEquipment", "RemoveMoors",
    "Smithy", "TTBuilding", "BeforeNovember", "PlowMaker", "Sell", "Breed", "Sustain", "Final", "Effect",
    "AnyFrame", "FRAME_TYPES", "DECISION_KINDS", "LEGACY_EFFECT_NAMES", "frame_to_json",
    "frame_from_json",
]

Names = tuple[str, ...]
EffectArg = Union[int, str]


class Frame:
    """The base of every frame: ``p`` is the player deciding (or the effect's player).

    Each subclass gives its ``KIND``, its ``FIELDS`` and, when it has fields of its own,
    an ``__init__`` taking them in that order and a ``_values()`` returning them (the one
    tuple the comparison, hash, text, copies and JSON are made from)."""

    __slots__ = ("p",)
    KIND: ClassVar[str] = ""
    #: The names of the fields, ``p`` first, in the order ``__init__`` takes them.
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)

    def __init__(self, p: int) -> None:
        self.p = p

    def _values(self) -> tuple[Any, ...]:
        """The field values, in :attr:`FIELDS` order."""
        return (self.p,)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Frame)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return type(self).__qualname__ + "(" + ", ".join(
            f"{name}={value!r}" for name, value in zip(self.FIELDS, self._values())) + ")"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (and copied) as its class and field values."""
        return (type(self), self._values())

    def _with(self, **changes: Any) -> Frame:
        """A copy with the fields named in ``changes`` changed (the frame itself is not):
        what ``dataclasses.replace`` did; an unknown field name is a ``TypeError``."""
        names = self.FIELDS
        for name in changes:
            if name not in names:
                raise TypeError(f"{type(self).__qualname__} has no field {name!r}")
        values = [changes[name] if name in changes else value
                  for name, value in zip(names, self._values())]
        return type(self)(*values)

    def details(self) -> dict[str, Any]:
        """The frame's own fields (all but ``p``), in declaration order; as in the JSON,
        a field with a default is left out while it holds it."""
        defaults = _DEFAULTS.get(self.KIND, _NO_DEFAULTS)
        return {name: value for name, value in zip(self.FIELDS[1:], self._values()[1:])
                if name not in defaults or value != defaults[name]}


# ---------------------------------------------------------------------------
# Decisions (the kinds a player is asked about)
# ---------------------------------------------------------------------------
class Pay(Frame):
    """Choose one way to pay; each option is a payment text (``("wood:1", "timber:1")``)."""

    __slots__ = ("opts",)
    KIND: ClassVar[str] = "pay"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "opts")
    opts: typing.Final[tuple[Names, ...]]

    def __init__(self, p: int, opts: tuple[Names, ...]) -> None:
        self.p = p
        self.opts = opts

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.opts)


class Cut(Frame):
    """Cut up to ``n`` Peat; ``must``: no ``done`` while Peat is left."""

    __slots__ = ("n", "must")
    KIND: ClassVar[str] = "cut"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "n", "must")
    n: typing.Final[int]
    must: typing.Final[bool]

    def __init__(self, p: int, n: int, must: bool) -> None:
        self.p = p
        self.n = n
        self.must = must

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.n, self.must)


class House(Frame):
    """Animals that do not fit: give one back at a time."""

    __slots__ = ()
    KIND: ClassVar[str] = "house"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class OptionalAnimal(Frame):
    """Take one animal of ``kinds``, or none."""

    __slots__ = ("kinds",)
    KIND: ClassVar[str] = "optional_animal"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "kinds")
    kinds: typing.Final[Names]

    def __init__(self, p: int, kinds: Names) -> None:
        self.p = p
        self.kinds = kinds

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.kinds)


class TakeAnimal(Frame):
    """Take one animal of ``kinds``."""

    __slots__ = ("kinds",)
    KIND: ClassVar[str] = "take_animal"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "kinds")
    kinds: typing.Final[Names]

    def __init__(self, p: int, kinds: Names) -> None:
        self.p = p
        self.kinds = kinds

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.kinds)


class Grocer(Frame):
    """Summer Grocer: Timber, Brick or an animal."""

    __slots__ = ()
    KIND: ClassVar[str] = "grocer"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class Merchant(Frame):
    """Builder's Merchant: Wood or Clay, and Timber or Brick."""

    __slots__ = ()
    KIND: ClassVar[str] = "merchant"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class Colonist(Frame):
    """Colonist: a horse and/or a dehydrated moor."""

    __slots__ = ()
    KIND: ClassVar[str] = "colonist"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class Convert(Frame):
    """Convert up to the tool's value times; ``kind`` is the converting space/building."""

    __slots__ = ("kind",)
    KIND: ClassVar[str] = "convert"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "kind")
    kind: typing.Final[str]

    def __init__(self, p: int, kind: str) -> None:
        self.p = p
        self.kind = kind

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.kind)


class Butcher(Frame):
    """Butcher: animals to slaughter."""

    __slots__ = ()
    KIND: ClassVar[str] = "butcher"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class Master(Frame):
    """Advance tools: ``n`` moves (-1: one per Workbench); ``moved`` tool indices."""

    __slots__ = ("n", "moved")
    KIND: ClassVar[str] = "master"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "n", "moved")
    n: typing.Final[int]
    moved: typing.Final[tuple[int, ...]]

    def __init__(self, p: int, n: int, moved: tuple[int, ...]) -> None:
        self.p = p
        self.n = n
        self.moved = moved

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.n, self.moved)


class Again(Frame):
    """Tea & Trade: the second execution of ``space``, taken twice (T37)."""

    __slots__ = ("space",)
    KIND: ClassVar[str] = "again"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "space")
    space: typing.Final[str]

    def __init__(self, p: int, space: str) -> None:
        self.p = p
        self.space = space

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.space)


class Dig(Frame):
    """Tea & Trade: dig up to ``n`` more ditches, one at a time (T20)."""

    __slots__ = ("n",)
    KIND: ClassVar[str] = "dig"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "n")
    n: typing.Final[int]

    def __init__(self, p: int, n: int) -> None:
        self.p = p
        self.n = n

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.n)


class Reconnect(Frame):
    """Tea & Trade: the free ditch ``edge`` that joins the network to the moved Dike
    Line again, taken or declined (T19)."""

    __slots__ = ("edge",)
    KIND: ClassVar[str] = "reconnect"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "edge")
    edge: typing.Final[str]

    def __init__(self, p: int, edge: str) -> None:
        self.p = p
        self.edge = edge

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.edge)


class Cell(Frame):
    """Tea & Trade: the Land cell (``cell R,C``) of ``tile``, one of ``cells`` (cell ids
    ``3*R + C``).  Until the choice the tile stands on ``at`` (or, ``gone``: the tile
    left the board from ``at``); the choice moves it (or the gap) there.  ``then``
    names what the choice also settles ("" or ``farmer``: the Farmer's count, T23)."""

    __slots__ = ("tile", "at", "cells", "gone", "then")
    KIND: ClassVar[str] = "cell"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "tile", "at", "cells", "gone", "then")
    tile: typing.Final[str]
    at: typing.Final[int]
    cells: typing.Final[tuple[int, ...]]
    gone: typing.Final[bool]
    then: typing.Final[str]

    def __init__(self, p: int, tile: str, at: int, cells: tuple[int, ...], gone: bool,
                 then: str) -> None:
        self.p = p
        self.tile = tile
        self.at = at
        self.cells = cells
        self.gone = gone
        self.then = then

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.tile, self.at, self.cells, self.gone, self.then)


class Dikes(Frame):
    """Tea & Trade: ``n`` more "+1 Dike" moves, each ``dike C1 C2`` (the dike of column
    C1 of the lowest gap holding dikes goes to free column C2 of the gap above, T18);
    ``line``: the Dike Line before the first of them (for the reconnecting ditch, T19)."""

    __slots__ = ("n", "line")
    KIND: ClassVar[str] = "dikes"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "n", "line")
    n: typing.Final[int]
    line: typing.Final[int]

    def __init__(self, p: int, n: int, line: int) -> None:
        self.p = p
        self.n = n
        self.line = line

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.n, self.line)


class Shipwright(Frame):
    """Tea & Trade: the ships (or Peat Boat) of ``space`` (Sailmaker, Boat Builder),
    one item of each of its groups at most; ``taken``: the groups used (T41)."""

    __slots__ = ("space", "taken")
    KIND: ClassVar[str] = "shipwright"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "space", "taken")
    space: typing.Final[str]
    taken: typing.Final[tuple[int, ...]]

    def __init__(self, p: int, space: str, taken: tuple[int, ...]) -> None:
        self.p = p
        self.space = space
        self.taken = taken

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.space, self.taken)


class Trades(Frame):
    """Tea & Trade, at an Inventory: send each Trading Ship to trade once, or done;
    ``sent``: the harbor indices of the ships already sent (T29, T30)."""

    __slots__ = ("sent",)
    KIND: ClassVar[str] = "trades"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "sent")
    sent: typing.Final[tuple[int, ...]]

    def __init__(self, p: int, sent: tuple[int, ...]) -> None:
        self.p = p
        self.sent = sent

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.sent)


class Upgrade(Frame):
    """One tile upgrade, or done."""

    __slots__ = ()
    KIND: ClassVar[str] = "upgrade"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class Wainwright(Frame):
    """Wainwright: a vehicle and/or a Peat Boat (each flag: already taken)."""

    __slots__ = ("vehicle", "boat")
    KIND: ClassVar[str] = "wainwright"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "vehicle", "boat")
    vehicle: typing.Final[bool]
    boat: typing.Final[bool]

    def __init__(self, p: int, vehicle: bool, boat: bool) -> None:
        self.p = p
        self.vehicle = vehicle
        self.boat = boat

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.vehicle, self.boat)


class Farmer(Frame):
    """Farmer: ``built`` a Plow already; ``fields`` placed so far."""

    __slots__ = ("built", "fields", "dry")
    KIND: ClassVar[str] = "farmer"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "built", "fields", "dry")
    built: typing.Final[bool]
    fields: typing.Final[int]
    #: Tea & Trade: of them, the fields on empty dehydrated land (T23; 2 per Plow).
    #: Left out of the JSON while 0, so base-game states are written as before.
    dry: typing.Final[int]

    def __init__(self, p: int, built: bool, fields: int, dry: int = 0) -> None:
        self.p = p
        self.built = built
        self.fields = fields
        self.dry = dry

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.built, self.fields, self.dry)


class SpaceChoice(Frame):
    """A space's alternatives ``opts`` (build, forest, stall, ...) at ``space``."""

    __slots__ = ("opts", "space", "tea")
    KIND: ClassVar[str] = "space_choice"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "opts", "space", "tea")
    opts: typing.Final[Names]
    space: typing.Final[str]
    #: Tea & Trade: the Tea use declared on a Laborer, for its imitation (T36); ""
    #: (none) is left out of the JSON.
    tea: typing.Final[str]

    def __init__(self, p: int, opts: Names, space: str, tea: str = '') -> None:
        self.p = p
        self.opts = opts
        self.space = space
        self.tea = tea

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.opts, self.space, self.tea)


class AnimalsChoice(Frame):
    """Potter's Inn: ``n`` animals in any mix."""

    __slots__ = ("n",)
    KIND: ClassVar[str] = "animals_choice"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "n")
    n: typing.Final[int]

    def __init__(self, p: int, n: int) -> None:
        self.p = p
        self.n = n

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.n)


class FieldsToForests(Frame):
    """Farmer's Inn: fields to replace by forests."""

    __slots__ = ()
    KIND: ClassVar[str] = "fields_to_forests"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class FreeEquipment(Frame):
    """Take one free piece of equipment of ``kinds``, or done."""

    __slots__ = ("kinds",)
    KIND: ClassVar[str] = "free_equipment"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "kinds")
    kinds: typing.Final[Names]

    def __init__(self, p: int, kinds: Names) -> None:
        self.p = p
        self.kinds = kinds

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.kinds)


class RemoveMoors(Frame):
    """Peat Power Plant: moor tiles to remove."""

    __slots__ = ()
    KIND: ClassVar[str] = "remove_moors"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class Smithy(Frame):
    """Smithy: equipment to exchange for plows."""

    __slots__ = ()
    KIND: ClassVar[str] = "smithy"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class BeforeNovember(Frame):
    """Light-green houses ``left`` to use before November."""

    __slots__ = ("left",)
    KIND: ClassVar[str] = "before_november"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "left")
    left: typing.Final[Names]

    def __init__(self, p: int, left: Names) -> None:
        self.p = p
        self.left = left

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.left)


class PlowMaker(Frame):
    """Plow Maker's Workshop: a field, or done."""

    __slots__ = ()
    KIND: ClassVar[str] = "plow_maker"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class Sell(Frame):
    """Selling at destination ``dest``; ``sold``: the items sold there so far."""

    __slots__ = ("dest", "sold")
    KIND: ClassVar[str] = "sell"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "dest", "sold")
    dest: typing.Final[str]
    sold: typing.Final[Names]

    def __init__(self, p: int, dest: str, sold: Names) -> None:
        self.p = p
        self.dest = dest
        self.sold = sold

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.dest, self.sold)


class Breed(Frame):
    """May breeding: the newborn vectors (sheep, cattle, horses) to choose from."""

    __slots__ = ("opts",)
    KIND: ClassVar[str] = "breed"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "opts")
    opts: typing.Final[tuple[tuple[int, ...], ...]]

    def __init__(self, p: int, opts: tuple[tuple[int, ...], ...]) -> None:
        self.p = p
        self.opts = opts

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.opts)


class Sustain(Frame):
    """Feeding: pay the sustenance."""

    __slots__ = ()
    KIND: ClassVar[str] = "sustain"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


class Final(Frame):
    """The last exchanges of the game, then finish."""

    __slots__ = ()
    KIND: ClassVar[str] = "final"
    FIELDS: ClassVar[tuple[str, ...]] = ("p",)


# ---------------------------------------------------------------------------
# Continuations
class TTBuilding(Frame):
    """Tea & Trade: the one-time choice of ``building`` (arle.engine.tt_buildings),
    with ``n`` its count taken when built (exchanges allowed, ditches, ...)."""

    __slots__ = ("building", "n")
    KIND: ClassVar[str] = "tt_building"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "building", "n")
    building: typing.Final[str]
    n: typing.Final[int]

    def __init__(self, p: int, building: str, n: int) -> None:
        self.p = p
        self.building = building
        self.n = n

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.building, self.n)


# ---------------------------------------------------------------------------
class Effect(Frame):
    """Run ``EFFECTS[name](s, p, *args)`` when this frame reaches the top."""

    __slots__ = ("name", "args")
    KIND: ClassVar[str] = "eff"
    FIELDS: ClassVar[tuple[str, ...]] = ("p", "name", "args")
    name: typing.Final[str]
    args: typing.Final[tuple[EffectArg, ...]]

    def __init__(self, p: int, name: str, args: tuple[EffectArg, ...]) -> None:
        self.p = p
        self.name = name
        self.args = args

    def _values(self) -> tuple[Any, ...]:
        return (self.p, self.name, self.args)


AnyFrame = Union[
    Pay, Cut, House, OptionalAnimal, TakeAnimal, Grocer, Merchant, Colonist, Convert,
    Butcher, Master, Again, Dig, Reconnect, Cell, Dikes, Shipwright, Trades, Upgrade, Wainwright, Farmer,
    SpaceChoice, AnimalsChoice, FieldsToForests, FreeEquipment, RemoveMoors, Smithy,
    TTBuilding, BeforeNovember, PlowMaker, Sell,
    Breed, Sustain, Final, Effect,
]

#: Every frame kind id -> its class, in declaration order.
FRAME_TYPES: dict[str, type[Frame]] = {c.KIND: c for c in typing.get_args(AnyFrame)}
#: The kinds a player decides in (every kind but the continuation ``eff``).
DECISION_KINDS: tuple[str, ...] = tuple(k for k in FRAME_TYPES if k != Effect.KIND)
#: Effect names of older saved games (before effects and frame kinds had distinct names).
LEGACY_EFFECT_NAMES: dict[str, str] = {
    "before_november": "houses_before_november", "breed": "breeding",
    "sustain": "sustenance",
}

assert len(FRAME_TYPES) == len(typing.get_args(AnyFrame)), "two frames share a KIND"
assert all(k and k not in ("t", "p") for k in FRAME_TYPES)


# ---------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------
Check = Callable[[Any, str], Any]


def _fail(where: str, what: str) -> ValueError:
    return ValueError(f"{where}: {what}")


def _checker(tp: Any) -> tuple[Check, str]:
    """A function reading a JSON value of type ``tp`` (lists as tuples), and its name."""
    if tp is bool:
        def check_bool(v: Any, where: str) -> bool:
            if type(v) is not bool:
                raise _fail(where, "expected true or false")
            return v
        return check_bool, "true or false"
    if tp is int:
        def check_int(v: Any, where: str) -> int:
            if type(v) is not int:
                raise _fail(where, "expected an integer")
            return v
        return check_int, "an integer"
    if tp is str:
        def check_str(v: Any, where: str) -> str:
            if type(v) is not str:
                raise _fail(where, "expected a string")
            return v
        return check_str, "a string"
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (Union, types.UnionType):
        subs = [_checker(a) for a in args]
        name = " or ".join(n for _c, n in subs)

        def check_union(v: Any, where: str) -> Any:
            for c, _n in subs:
                try:
                    return c(v, where)
                except ValueError:
                    pass
            raise _fail(where, f"expected {name}")
        return check_union, name
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item, item_name = _checker(args[0])

        def check_tuple(v: Any, where: str) -> tuple[Any, ...]:
            if type(v) not in (list, tuple):
                raise _fail(where, f"expected a list of {item_name}")
            return tuple(item(x, f"{where}[{i}]") for i, x in enumerate(v))
        return check_tuple, "a list"
    raise TypeError(f"no JSON reading for frame field type {tp!r}")  # pragma: no cover


#: The type each field of each kind is read from JSON as (``p``, an integer, left out),
#: in ``FIELDS`` order.  A table rather than the annotations: a class compiled with mypyc
#: has no ``__annotations__``.  tests/test_frames.py checks it against the annotations of
#: each ``__init__`` (in the pure build).
_TYPES: dict[str, dict[str, Any]] = {
    "pay": {"opts": tuple[Names, ...]},
    "cut": {"n": int, "must": bool},
    "optional_animal": {"kinds": Names},
    "take_animal": {"kinds": Names},
    "convert": {"kind": str},
    "master": {"n": int, "moved": tuple[int, ...]},
    "again": {"space": str},
    "dig": {"n": int},
    "reconnect": {"edge": str},
    "cell": {"tile": str, "at": int, "cells": tuple[int, ...], "gone": bool, "then": str},
    "dikes": {"n": int, "line": int},
    "shipwright": {"space": str, "taken": tuple[int, ...]},
    "trades": {"sent": tuple[int, ...]},
    "wainwright": {"vehicle": bool, "boat": bool},
    "farmer": {"built": bool, "fields": int, "dry": int},
    "space_choice": {"opts": Names, "space": str, "tea": str},
    "animals_choice": {"n": int},
    "free_equipment": {"kinds": Names},
    "tt_building": {"building": str, "n": int},
    "before_november": {"left": Names},
    "sell": {"dest": str, "sold": Names},
    "breed": {"opts": tuple[tuple[int, ...], ...]},
    "eff": {"name": str, "args": tuple[EffectArg, ...]},
}

#: Per kind, the fields with a default (added later, for the expansion), which are left
#: out of the JSON and of ``details()`` while they hold it (so older states are written
#: as before) and take it when absent.
_DEFAULTS: dict[str, dict[str, Any]] = {
    "farmer": {"dry": 0},
    "space_choice": {"tea": ""},
}
_NO_DEFAULTS: dict[str, Any] = {}

# Per frame class: the reading of each field, ``p`` first.
_READERS: dict[type[Frame], tuple[tuple[str, Check], ...]] = {}
for _cls in FRAME_TYPES.values():
    _own = _TYPES.get(_cls.KIND, {})
    assert _cls.FIELDS == ("p", *_own), _cls.KIND
    _READERS[_cls] = (("p", _checker(int)[0]),
                      *((name, _checker(tp)[0]) for name, tp in _own.items()))
assert set(_TYPES) <= set(FRAME_TYPES) and set(_DEFAULTS) <= set(_TYPES)


def frame_to_json(f: Frame) -> dict[str, Any]:
    """The JSON object of a frame: ``{"t": KIND, "p": ..., fields...}`` (a field with a
    default is left out while it holds it)."""
    d: dict[str, Any] = {"t": f.KIND}
    defaults = _DEFAULTS.get(f.KIND, _NO_DEFAULTS)
    for name, v in zip(f.FIELDS, f._values()):
        if name in defaults and v == defaults[name]:
            continue
        d[name] = v
    return d


def frame_from_json(d: Any, where: str, players: int,
                    effects: typing.Collection[str]) -> Frame:
    """Rebuild a frame from :func:`frame_to_json` output, strictly.

    ``where`` names the frame in errors (``stack[2]``); ``players`` bounds ``p``;
    ``effects`` are the known effect names (older names are translated)."""
    if not (isinstance(d, dict) and type(d.get("t")) is str and type(d.get("p")) is int
            and 0 <= d["p"] < players):
        raise _fail(where, "expected a frame with a type 't' and a player 'p'")
    cls = FRAME_TYPES.get(d["t"])
    if cls is None:
        raise _fail(f"{where}.t", f"unknown frame kind {d['t']!r}")
    names = cls.FIELDS
    extra = sorted(k for k in d if k != "t" and k not in names)
    if extra:
        raise _fail(f"{where}.{extra[0]}", f"unknown field of a {cls.KIND!r} frame")
    defaults = _DEFAULTS.get(cls.KIND, _NO_DEFAULTS)
    values = []
    for name, check in _READERS[cls]:
        if name not in d:
            if name in defaults:
                values.append(defaults[name])
                continue
            raise _fail(f"{where}.{name}", f"missing field of a {cls.KIND!r} frame")
        values.append(check(d[name], f"{where}.{name}"))
    if cls is Effect:
        effect = LEGACY_EFFECT_NAMES.get(values[1], values[1])
        if effect not in effects:
            raise _fail(f"{where}.name", f"unknown effect {values[1]!r}")
        values[1] = effect
    return cls(*values)
