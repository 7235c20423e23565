"""Every kind of frame the engine keeps on ``State.stack``, as typed immutable values.

A frame is a pending decision (``Cut``: cut up to ``n`` Peat) or a continuation
(``Effect``: run ``EFFECTS[name](s, p, *args)`` when it reaches the top).  Each kind is a
frozen dataclass with slots whose class attribute ``KIND`` is its stable id (the
``Decision.kind`` of :mod:`arle.decision`, the ``"t"`` of the JSON form); ``p`` is the
deciding player and the other fields are the frame's own, in the order they are shown
(``details()``) and written.  Frames are never changed in place: a change puts
``dataclasses.replace(frame, ...)`` on the stack, so ``State.clone()`` shares them.

JSON: a frame is ``{"t": KIND, "p": player, field: value, ...}`` with tuples as lists
(the shape of the earlier dict frames, so older saved games still load);
:func:`frame_from_json` rebuilds it strictly (unknown kind, missing, extra or mistyped
field: ``ValueError`` naming it, e.g. ``stack[2].n: expected an integer``).

The rules of each kind (its ``legal`` and ``apply``) are registered in
:data:`arle.engine.core.FRAMES` by the engine module of its area.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, fields
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


class _Kinded:
    """Where ``KIND`` is declared: outside the dataclasses, whose class bodies assign
    nothing (mypyc turns every assignment in a dataclass body, a ``ClassVar`` too, into
    a field with a default).  Each frame class gets its ``KIND`` right after its body."""

    __slots__ = ()
    KIND: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class Frame(_Kinded):
    """The base of every frame: ``p`` is the player deciding (or the effect's player)."""

    p: int

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled (and deep-copied) as its class and field values: the compiled frozen
        dataclass has no state the default protocol could set back."""
        return (type(self), tuple(getattr(self, name) for name in _FIELDS[type(self)]))

    def details(self) -> dict[str, Any]:
        """The frame's own fields (all but ``p``), in declaration order; as in the JSON,
        a field with a default is left out while it holds it."""
        defaults = _DEFAULTS[type(self)]
        return {name: getattr(self, name) for name in _FIELDS[type(self)][1:]
                if name not in defaults or getattr(self, name) != defaults[name]}


# ---------------------------------------------------------------------------
# Decisions (the kinds a player is asked about)
# ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pay(Frame):
    """Choose one way to pay; each option is a payment text (``("wood:1", "timber:1")``)."""
    opts: tuple[Names, ...]
Pay.KIND = "pay"


@dataclass(frozen=True, slots=True)
class Cut(Frame):
    """Cut up to ``n`` Peat; ``must``: no ``done`` while Peat is left."""
    n: int
    must: bool
Cut.KIND = "cut"


@dataclass(frozen=True, slots=True)
class House(Frame):
    """Animals that do not fit: give one back at a time."""
House.KIND = "house"


@dataclass(frozen=True, slots=True)
class OptionalAnimal(Frame):
    """Take one animal of ``kinds``, or none."""
    kinds: Names
OptionalAnimal.KIND = "optional_animal"


@dataclass(frozen=True, slots=True)
class TakeAnimal(Frame):
    """Take one animal of ``kinds``."""
    kinds: Names
TakeAnimal.KIND = "take_animal"


@dataclass(frozen=True, slots=True)
class Grocer(Frame):
    """Summer Grocer: Timber, Brick or an animal."""
Grocer.KIND = "grocer"


@dataclass(frozen=True, slots=True)
class Merchant(Frame):
    """Builder's Merchant: Wood or Clay, and Timber or Brick."""
Merchant.KIND = "merchant"


@dataclass(frozen=True, slots=True)
class Colonist(Frame):
    """Colonist: a horse and/or a dehydrated moor."""
Colonist.KIND = "colonist"


@dataclass(frozen=True, slots=True)
class Convert(Frame):
    """Convert up to the tool's value times; ``kind`` is the converting space/building."""
    kind: str
Convert.KIND = "convert"


@dataclass(frozen=True, slots=True)
class Butcher(Frame):
    """Butcher: animals to slaughter."""
Butcher.KIND = "butcher"


@dataclass(frozen=True, slots=True)
class Master(Frame):
    """Advance tools: ``n`` moves (-1: one per Workbench); ``moved`` tool indices."""
    n: int
    moved: tuple[int, ...]
Master.KIND = "master"


@dataclass(frozen=True, slots=True)
class Again(Frame):
    """Tea & Trade: the second execution of ``space``, taken twice (T37)."""
    space: str
Again.KIND = "again"


@dataclass(frozen=True, slots=True)
class Dig(Frame):
    """Tea & Trade: dig up to ``n`` more ditches, one at a time (T20)."""
    n: int
Dig.KIND = "dig"


@dataclass(frozen=True, slots=True)
class Reconnect(Frame):
    """Tea & Trade: the free ditch ``edge`` that joins the network to the moved Dike
    Line again, taken or declined (T19)."""
    edge: str
Reconnect.KIND = "reconnect"


@dataclass(frozen=True, slots=True)
class Cell(Frame):
    """Tea & Trade: the Land cell (``cell R,C``) of ``tile``, one of ``cells`` (cell ids
    ``3*R + C``).  Until the choice the tile stands on ``at`` (or, ``gone``: the tile
    left the board from ``at``); the choice moves it (or the gap) there.  ``then``
    names what the choice also settles ("" or ``farmer``: the Farmer's count, T23)."""
    tile: str
    at: int
    cells: tuple[int, ...]
    gone: bool
    then: str
Cell.KIND = "cell"


@dataclass(frozen=True, slots=True)
class Dikes(Frame):
    """Tea & Trade: ``n`` more "+1 Dike" moves, each ``dike C1 C2`` (the dike of column
    C1 of the lowest gap holding dikes goes to free column C2 of the gap above, T18);
    ``line``: the Dike Line before the first of them (for the reconnecting ditch, T19)."""
    n: int
    line: int
Dikes.KIND = "dikes"


@dataclass(frozen=True, slots=True)
class Shipwright(Frame):
    """Tea & Trade: the ships (or Peat Boat) of ``space`` (Sailmaker, Boat Builder),
    one item of each of its groups at most; ``taken``: the groups used (T41)."""
    space: str
    taken: tuple[int, ...]
Shipwright.KIND = "shipwright"


@dataclass(frozen=True, slots=True)
class Trades(Frame):
    """Tea & Trade, at an Inventory: send each Trading Ship to trade once, or done;
    ``sent``: the harbor indices of the ships already sent (T29, T30)."""
    sent: tuple[int, ...]
Trades.KIND = "trades"


@dataclass(frozen=True, slots=True)
class Upgrade(Frame):
    """One tile upgrade, or done."""
Upgrade.KIND = "upgrade"


@dataclass(frozen=True, slots=True)
class Wainwright(Frame):
    """Wainwright: a vehicle and/or a Peat Boat (each flag: already taken)."""
    vehicle: bool
    boat: bool
Wainwright.KIND = "wainwright"


@dataclass(frozen=True, slots=True)
class Farmer(Frame):
    """Farmer: ``built`` a Plow already; ``fields`` placed so far."""
    built: bool
    fields: int
    #: Tea & Trade: of them, the fields on empty dehydrated land (T23; 2 per Plow).
    #: Left out of the JSON while 0, so base-game states are written as before.
    dry: int = 0
Farmer.KIND = "farmer"


@dataclass(frozen=True, slots=True)
class SpaceChoice(Frame):
    """A space's alternatives ``opts`` (build, forest, stall, ...) at ``space``."""
    opts: Names
    space: str
    #: Tea & Trade: the Tea use declared on a Laborer, for its imitation (T36); ""
    #: (none) is left out of the JSON.
    tea: str = ""
SpaceChoice.KIND = "space_choice"


@dataclass(frozen=True, slots=True)
class AnimalsChoice(Frame):
    """Potter's Inn: ``n`` animals in any mix."""
    n: int
AnimalsChoice.KIND = "animals_choice"


@dataclass(frozen=True, slots=True)
class FieldsToForests(Frame):
    """Farmer's Inn: fields to replace by forests."""
FieldsToForests.KIND = "fields_to_forests"


@dataclass(frozen=True, slots=True)
class FreeEquipment(Frame):
    """Take one free piece of equipment of ``kinds``, or done."""
    kinds: Names
FreeEquipment.KIND = "free_equipment"


@dataclass(frozen=True, slots=True)
class RemoveMoors(Frame):
    """Peat Power Plant: moor tiles to remove."""
RemoveMoors.KIND = "remove_moors"


@dataclass(frozen=True, slots=True)
class Smithy(Frame):
    """Smithy: equipment to exchange for plows."""
Smithy.KIND = "smithy"


@dataclass(frozen=True, slots=True)
class BeforeNovember(Frame):
    """Light-green houses ``left`` to use before November."""
    left: Names
BeforeNovember.KIND = "before_november"


@dataclass(frozen=True, slots=True)
class PlowMaker(Frame):
    """Plow Maker's Workshop: a field, or done."""
PlowMaker.KIND = "plow_maker"


@dataclass(frozen=True, slots=True)
class Sell(Frame):
    """Selling at destination ``dest``; ``sold``: the items sold there so far."""
    dest: str
    sold: Names
Sell.KIND = "sell"


@dataclass(frozen=True, slots=True)
class Breed(Frame):
    """May breeding: the newborn vectors (sheep, cattle, horses) to choose from."""
    opts: tuple[tuple[int, ...], ...]
Breed.KIND = "breed"


@dataclass(frozen=True, slots=True)
class Sustain(Frame):
    """Feeding: pay the sustenance."""
Sustain.KIND = "sustain"


@dataclass(frozen=True, slots=True)
class Final(Frame):
    """The last exchanges of the game, then finish."""
Final.KIND = "final"


# ---------------------------------------------------------------------------
# Continuations
@dataclass(frozen=True, slots=True)
class TTBuilding(Frame):
    """Tea & Trade: the one-time choice of ``building`` (arle.engine.tt_buildings),
    with ``n`` its count taken when built (exchanges allowed, ditches, ...)."""
    building: str
    n: int
TTBuilding.KIND = "tt_building"


# ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Effect(Frame):
    """Run ``EFFECTS[name](s, p, *args)`` when this frame reaches the top."""
    name: str
    args: tuple[EffectArg, ...]
Effect.KIND = "eff"


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


#: The types of the fields holding tuples or unions, by (kind, field).  The readers take
#: them from here, not from the annotations: the mypyc build keeps only ``tuple`` of
#: ``tuple[str, ...]`` (and no union) in a compiled class's ``__annotations__``.  In the
#: pure build the loop below checks them against the annotations.
_CONTAINER_FIELDS: dict[tuple[str, str], Any] = {
    ("pay", "opts"): tuple[Names, ...],
    ("optional_animal", "kinds"): Names,
    ("take_animal", "kinds"): Names,
    ("master", "moved"): tuple[int, ...],
    ("cell", "cells"): tuple[int, ...],
    ("shipwright", "taken"): tuple[int, ...],
    ("trades", "sent"): tuple[int, ...],
    ("space_choice", "opts"): Names,
    ("free_equipment", "kinds"): Names,
    ("before_november", "left"): Names,
    ("sell", "sold"): Names,
    ("breed", "opts"): tuple[tuple[int, ...], ...],
    ("eff", "args"): tuple[EffectArg, ...],
}


def _field_type(cls: type[Frame], name: str, hint: Any) -> Any:
    """The type a JSON field of ``cls`` is read as (see :data:`_CONTAINER_FIELDS`)."""
    known = _CONTAINER_FIELDS.get((cls.KIND, name))
    if known is None:
        assert hint in (int, bool, str), (cls.KIND, name, hint)
        return hint
    assert hint in (tuple, type) or hint == known, (cls.KIND, name, hint)
    return known


# Per frame class: field names (``p`` first) and the reading of each field.
_FIELDS: dict[type[Frame], tuple[str, ...]] = {}
_READERS: dict[type[Frame], tuple[tuple[str, Check], ...]] = {}
# Per frame class: the fields with a default (added later, for the expansion), which
# are left out of the JSON while they hold it (so older states are written as before).
_DEFAULTS: dict[type[Frame], dict[str, Any]] = {}
for _cls in FRAME_TYPES.values():
    _hints = typing.get_type_hints(_cls)
    _FIELDS[_cls] = tuple(f.name for f in fields(_cls))
    _READERS[_cls] = tuple((f.name, _checker(_field_type(_cls, f.name, _hints[f.name]))[0])
                           for f in fields(_cls))
    _DEFAULTS[_cls] = {f.name: f.default for f in fields(_cls)
                       if not isinstance(f.default, type(dataclasses.MISSING))}
    assert _FIELDS[_cls][0] == "p"


def frame_to_json(f: Frame) -> dict[str, Any]:
    """The JSON object of a frame: ``{"t": KIND, "p": ..., fields...}`` (a field with a
    default is left out while it holds it)."""
    d: dict[str, Any] = {"t": f.KIND}
    defaults = _DEFAULTS[type(f)]
    for name in _FIELDS[type(f)]:
        v = getattr(f, name)
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
    names = _FIELDS[cls]
    extra = sorted(k for k in d if k != "t" and k not in names)
    if extra:
        raise _fail(f"{where}.{extra[0]}", f"unknown field of a {cls.KIND!r} frame")
    values = []
    for name, check in _READERS[cls]:
        if name not in d:
            if name in _DEFAULTS[cls]:
                values.append(_DEFAULTS[cls][name])
                continue
            raise _fail(f"{where}.{name}", f"missing field of a {cls.KIND!r} frame")
        values.append(check(d[name], f"{where}.{name}"))
    if cls is Effect:
        effect = LEGACY_EFFECT_NAMES.get(values[1], values[1])
        if effect not in effects:
            raise _fail(f"{where}.name", f"unknown effect {values[1]!r}")
        values[1] = effect
    return cls(*values)
