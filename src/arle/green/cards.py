"""Card sets for :mod:`arle.green`: loading and validating the data files.

A card set is one JSON file (schema in ``docs/GREEN.md`` and ``data/schema.json``):
locations in four piles, the Water Tower and Silo cards, and the Equipment tiles, with
their abilities written in a small closed vocabulary of effects (no code in the data).
Three invented sets are shipped (``SHIPPED``): ``arle-placeholder-v3`` (balance round 4,
the default for new games), ``arle-placeholder-v2`` (round 3) and ``arle-placeholder-v1``
(rounds 1-2).  The older two are kept unchanged, so records and states written with them
still load and replay: they name the set by id and content hash, and :func:`by_hash`
finds any shipped set.  Any other set loads with
``load_cards(PATH)`` or ``arle.green.new_game(cards=PATH)``.

Every problem is reported as a ``ValueError`` naming the file and the field:

>>> from arle.green.cards import load_cards
>>> cs = load_cards()
>>> cs.id, len(cs.designs), sum(cs.pile_total.values()), cs.equipment_total
('arle-placeholder-v3', 44, 132, 30)
>>> load_cards(V1_CARDS).id
'arle-placeholder-v1'
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, Required, TypedDict, cast

__all__ = ["PILES", "KINDS", "FRAMES", "TIMINGS", "CardSet", "Design", "Tile", "Selector",
           "Condition", "EffectSpec",
           "DEFAULT_CARDS", "V1_CARDS", "V2_CARDS", "V3_CARDS", "SHIPPED", "by_hash",
           "load_cards", "parse_cards"]

#: The four main piles, in the order of a draw declaration.
PILES: tuple[str, ...] = ("field", "livestock", "construction", "building")
#: Location kinds a selector or a tile may name: the piles plus the two typeless kinds.
KINDS: tuple[str, ...] = PILES + ("water_tower", "silo")
#: Ability frames of a location ("ongoing" and "none" are this project's additions).
FRAMES: tuple[str, ...] = ("immediate", "harvest", "game_end", "ongoing", "none")
#: When an Equipment tile acts.
TIMINGS: tuple[str, ...] = ("always", "placement", "harvest", "host_harvest", "game_end")
RESOURCES: tuple[str, ...] = ("coins", "water", "food", "vp")
SELECT_OF: tuple[str, ...] = ("cards", "empty_towers", "type_sets", "open_areas")
NEAR: tuple[str, ...] = ("adjacent", "within2")
MODIFY: tuple[str, ...] = ("capacity", "range", "market_coins", "restore_cost")
OPS: tuple[str, ...] = ("gain", "equipment", "refill", "modify")
FORMAT = "arle-green-cards-1"

_DATA = Path(__file__).resolve().parent / "data"
#: The shipped sets: rounds 1-2 and round 3 (kept for old records), round 4 (the default).
V1_CARDS = _DATA / "placeholder-v1.json"
V2_CARDS = _DATA / "placeholder-v2.json"
V3_CARDS = _DATA / "placeholder-v3.json"
SHIPPED: tuple[Path, ...] = (V3_CARDS, V2_CARDS, V1_CARDS)
#: The set new games use when no ``cards`` is given.
DEFAULT_CARDS = V3_CARDS

_ID = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
_TAG = re.compile(r"^[A-Za-z][A-Za-z0-9]{0,23}$")


class Selector(TypedDict, total=False):
    """What an effect counts: ``of`` (``SELECT_OF``), narrowed by a card ``type``
    (``KINDS``), a ``tag`` and ``near`` (``NEAR``) the effect's card."""

    of: Required[str]
    type: str
    tag: str
    near: str


class Condition(TypedDict, total=False):
    """A gain's condition: the count of ``sel`` is at least ``min`` / at most ``max``."""

    sel: Required[Selector]
    min: int
    max: int


#: One effect of the card data's closed vocabulary (``op`` in ``OPS``): ``gain`` (``res``,
#: ``n``, optional ``per``, ``cap`` and ``if``), ``equipment``, ``refill``, ``modify``
#: (``what``, ``n``).  (A functional TypedDict: ``if`` is a keyword.)
EffectSpec = TypedDict("EffectSpec", {
    "op": Required[str], "res": str, "n": int, "per": Selector, "cap": int,
    "if": Condition, "what": str}, total=False)


@dataclass(frozen=True)
class Design:
    """One location design (``copies`` cards of it are in its pile)."""

    id: str
    name: str
    pile: str
    copies: int
    coins: int
    water: int
    food: int
    vp: int
    tags: tuple[str, ...]
    frame: str
    harvest_cost: tuple[tuple[int, int, int], ...]   # alternatives: (coins, water, food)
    effect: tuple[EffectSpec, ...]


@dataclass(frozen=True)
class Tile:
    """One Equipment design."""

    id: str
    name: str
    copies: int
    kind: str
    keywords: tuple[str, ...]
    timing: str
    effect: tuple[EffectSpec, ...]


@dataclass
class CardSet:
    """A validated card set: designs by id, pile contents, and its content hash."""

    id: str
    title: str
    hash: str
    path: str
    tower_count: int
    tower_vp: int
    silo_count: int
    silo_vp: int
    designs: dict[str, Design] = field(default_factory=dict)
    tiles: dict[str, Tile] = field(default_factory=dict)
    pile_designs: dict[str, tuple[str, ...]] = field(default_factory=dict)
    pile_total: dict[str, int] = field(default_factory=dict)
    equipment_total: int = 0
    tile_order: tuple[str, ...] = ()
    design_index: dict[str, int] = field(default_factory=dict)


class _Err(ValueError):
    pass


def _fail(where: str, msg: str) -> NoReturn:
    raise _Err(f"{where}: {msg}")


def _obj(v: Any, where: str, keys: set[str], required: set[str]) -> dict[str, Any]:
    if not isinstance(v, dict):
        _fail(where, f"expected an object, got {type(v).__name__}")
    unknown = set(v) - keys
    if unknown:
        _fail(where, f"unknown field {sorted(unknown)[0]!r}")
    missing = required - set(v)
    if missing:
        _fail(where, f"missing field {sorted(missing)[0]!r}")
    return dict(v)


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if type(v) is not int:
        _fail(where, f"expected an integer, got {v!r}")
    if not lo <= v <= hi:
        _fail(where, f"{v} is out of range {lo}..{hi}")
    return int(v)


def _str(v: Any, where: str, pattern: re.Pattern[str] | None = None,
         choices: tuple[str, ...] | None = None) -> str:
    if not isinstance(v, str) or not v:
        _fail(where, f"expected a non-empty string, got {v!r}")
    if pattern is not None and not pattern.match(v):
        _fail(where, f"{v!r} does not match {pattern.pattern}")
    if choices is not None and v not in choices:
        _fail(where, f"{v!r} is not one of {', '.join(choices)}")
    return str(v)


def _selector(v: Any, where: str) -> Selector:
    d = _obj(v, where, {"of", "type", "tag", "near"}, {"of"})
    of = _str(d["of"], where + ".of", choices=SELECT_OF)
    if "type" in d:
        if of != "cards":
            _fail(where + ".type", f"only a 'cards' selector takes a type (of={of!r})")
        _str(d["type"], where + ".type", choices=KINDS)
    if "tag" in d:
        if of != "cards":
            _fail(where + ".tag", f"only a 'cards' selector takes a tag (of={of!r})")
        _str(d["tag"], where + ".tag", _TAG)
    if "near" in d:
        if of not in ("cards", "open_areas"):
            _fail(where + ".near", f"a {of!r} selector takes no 'near'")
        _str(d["near"], where + ".near", choices=NEAR)
    return cast(Selector, dict(d))


def _effect(v: Any, where: str, context: str) -> EffectSpec:
    if not isinstance(v, dict) or "op" not in v:
        _fail(where, "expected an effect object with an 'op'")
    op = v["op"]
    if op not in OPS:
        _fail(where + ".op", f"unknown primitive {op!r} (known: {', '.join(OPS)})")
    if op == "gain":
        d = _obj(v, where, {"op", "res", "n", "per", "cap", "if"}, {"op", "res", "n"})
        res = _str(d["res"], where + ".res", choices=RESOURCES)
        _int(d["n"], where + ".n", 0, 20)
        out: EffectSpec = {"op": "gain", "res": res, "n": d["n"]}
        if "per" in d:
            out["per"] = _selector(d["per"], where + ".per")
        if "cap" in d:
            out["cap"] = _int(d["cap"], where + ".cap", 0, 100)
        if "if" in d:
            c = _obj(d["if"], where + ".if", {"sel", "min", "max"}, {"sel"})
            cond: Condition = {"sel": _selector(c["sel"], where + ".if.sel")}
            if "min" not in c and "max" not in c:
                _fail(where + ".if", "a condition needs 'min' or 'max'")
            if "min" in c:
                cond["min"] = _int(c["min"], f"{where}.if.min", 0, 100)
            if "max" in c:
                cond["max"] = _int(c["max"], f"{where}.if.max", 0, 100)
            out["if"] = cond
        if context == "game_end" and res != "vp":
            _fail(where + ".res", "a Game End effect can only gain vp")
        return out
    if op in ("equipment", "refill"):
        _obj(v, where, {"op"}, {"op"})
        if context == "game_end":
            _fail(where + ".op", f"{op!r} cannot be a Game End effect")
        return {"op": op}
    d = _obj(v, where, {"op", "what", "n"}, {"op", "what", "n"})
    what = _str(d["what"], where + ".what", choices=MODIFY)
    _int(d["n"], where + ".n", -5, 5)
    if context not in ("ongoing", "always"):
        _fail(where + ".op", "'modify' needs an 'ongoing' frame (or an 'always' tile)")
    if what in ("capacity", "range") and context != "always":
        _fail(where + ".what", f"{what!r} modifies the tile's own host: tiles only")
    return {"op": "modify", "what": what, "n": d["n"]}


def _cost(v: Any, where: str, hi: int) -> tuple[int, int, int]:
    d = _obj(v, where, {"coins", "water", "food"}, set())
    return (_int(d.get("coins", 0), where + ".coins", 0, hi),
            _int(d.get("water", 0), where + ".water", 0, hi),
            _int(d.get("food", 0), where + ".food", 0, hi))


def parse_cards(data: Any, path: str = "<data>") -> CardSet:
    """Validate a card set already read from JSON (``path`` only names it in errors)."""
    raw = json.dumps(data, sort_keys=True, separators=(",", ":"))
    try:
        return _parse(data, path, hashlib.sha256(raw.encode()).hexdigest()[:16])
    except _Err as e:
        raise ValueError(f"card set {path}: {e}") from None


def _parse(data: Any, path: str, digest: str) -> CardSet:
    d = _obj(data, "(top)", {"format", "id", "title", "water_tower", "silo", "locations",
                             "equipment"},
             {"format", "id", "water_tower", "silo", "locations", "equipment"})
    if d["format"] != FORMAT:
        _fail("format", f"expected {FORMAT!r}, got {d['format']!r}")
    cs = CardSet(id=_str(d["id"], "id"), title=str(d.get("title", "")), hash=digest,
                 path=path, tower_count=0, tower_vp=0, silo_count=0, silo_vp=0)
    for key in ("water_tower", "silo"):
        r = _obj(d[key], key, {"count", "vp"}, {"count", "vp"})
        count = _int(r["count"], key + ".count", 1, 200)
        vp = _int(r["vp"], key + ".vp", 0, 10)
        if key == "water_tower":
            cs.tower_count, cs.tower_vp = count, vp
        else:
            cs.silo_count, cs.silo_vp = count, vp
    locs = d["locations"]
    if not isinstance(locs, list) or not locs:
        _fail("locations", "expected a non-empty list")
    ids: set[str] = set()
    for i, v in enumerate(locs):
        w = f"locations[{i}]"
        r = _obj(v, w, {"id", "name", "pile", "copies", "cost", "vp", "tags", "ability"},
                 {"id", "name", "pile", "copies", "cost", "vp", "tags", "ability"})
        did = _str(r["id"], w + ".id", _ID)
        w = f"locations[{i}] ({did})"
        if did in ids or did in ("tower", "silo"):
            _fail(w + ".id", f"duplicate or reserved id {did!r}")
        ids.add(did)
        coins, water, food = _cost(r["cost"], w + ".cost", 20)
        tags = r["tags"]
        if not isinstance(tags, list):
            _fail(w + ".tags", "expected a list of tags")
        tg = tuple(_str(t, f"{w}.tags[{j}]", _TAG) for j, t in enumerate(tags))
        ab = _obj(r["ability"], w + ".ability", {"frame", "harvest_cost", "effect"},
                  {"frame", "effect"})
        frame = _str(ab["frame"], w + ".ability.frame", choices=FRAMES)
        hc: tuple[tuple[int, int, int], ...] = ()
        if frame == "harvest":
            alts = ab.get("harvest_cost")
            if not isinstance(alts, list):
                _fail(w + ".ability.harvest_cost", "a harvest ability needs a list of "
                      "alternative costs ([] = no cost)")
            hc = tuple(_cost(a, f"{w}.ability.harvest_cost[{j}]", 10)
                       for j, a in enumerate(alts))
            if any(sum(a) == 0 for a in hc):
                _fail(w + ".ability.harvest_cost", "an alternative costs nothing: use []")
        elif "harvest_cost" in ab:
            _fail(w + ".ability.harvest_cost", f"only a harvest ability has one ({frame})")
        eff = ab["effect"]
        if not isinstance(eff, list):
            _fail(w + ".ability.effect", "expected a list of effects")
        if frame == "none" and eff:
            _fail(w + ".ability.effect", "frame 'none' has no effect")
        effects = tuple(_effect(e, f"{w}.ability.effect[{j}]", frame)
                        for j, e in enumerate(eff))
        cs.designs[did] = Design(
            id=did, name=_str(r["name"], w + ".name"),
            pile=_str(r["pile"], w + ".pile", choices=PILES),
            copies=_int(r["copies"], w + ".copies", 1, 40), coins=coins, water=water,
            food=food, vp=_int(r["vp"], w + ".vp", 0, 20), tags=tg, frame=frame,
            harvest_cost=hc, effect=effects)
    for p in PILES:
        cs.pile_designs[p] = tuple(k for k, v in cs.designs.items() if v.pile == p)
        cs.pile_total[p] = sum(cs.designs[k].copies for k in cs.pile_designs[p])
    eqs = d["equipment"]
    if not isinstance(eqs, list):
        _fail("equipment", "expected a list")
    for i, v in enumerate(eqs):
        w = f"equipment[{i}]"
        r = _obj(v, w, {"id", "name", "copies", "target", "timing", "effect"},
                 {"id", "name", "copies", "target", "timing", "effect"})
        tid = _str(r["id"], w + ".id", _ID)
        w = f"equipment[{i}] ({tid})"
        if tid in ids or tid in cs.tiles:
            _fail(w + ".id", f"duplicate id {tid!r}")
        t = _obj(r["target"], w + ".target", {"kind", "keywords"}, {"kind"})
        kind = _str(t["kind"], w + ".target.kind", choices=KINDS)
        kws: Any = t.get("keywords", [])
        if not isinstance(kws, list):
            _fail(w + ".target.keywords", "expected a list")
        kw = tuple(_str(k, f"{w}.target.keywords[{j}]", _TAG if k not in FRAMES else None)
                   for j, k in enumerate(kws))
        timing = _str(r["timing"], w + ".timing", choices=TIMINGS)
        eff = r["effect"]
        if not isinstance(eff, list) or not eff:
            _fail(w + ".effect", "expected a non-empty list of effects")
        effects = tuple(_effect(e, f"{w}.effect[{j}]", timing) for j, e in enumerate(eff))
        if timing == "host_harvest" and "harvest" not in kw:
            _fail(w + ".target.keywords", "a host_harvest tile must name 'harvest'")
        cs.tiles[tid] = Tile(id=tid, name=_str(r["name"], w + ".name"),
                             copies=_int(r["copies"], w + ".copies", 1, 40), kind=kind,
                             keywords=kw, timing=timing, effect=effects)
    cs.equipment_total = sum(t.copies for t in cs.tiles.values())
    cs.design_index = {k: i for i, k in enumerate(cs.designs)}
    cs.tile_order = tuple(cs.tiles)
    return cs


_CACHE: dict[str, CardSet] = {}
_SHIPPED_KEYS = frozenset(str(p.resolve()) for p in SHIPPED)


def load_cards(path: str | Path | None = None) -> CardSet:
    """Load and validate a card set file (the shipped placeholder set by default).

    The shipped sets are read once per process (they are part of the installed
    package); any other file is read again at each call."""
    p = Path(path) if path is not None else DEFAULT_CARDS
    key = str(p.resolve())
    if key in _CACHE and key in _SHIPPED_KEYS:
        _BY_HASH[_CACHE[key].hash] = _CACHE[key]
        return _CACHE[key]
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"card set {p}: cannot read ({e.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"card set {p}: not JSON ({e})") from None
    cs = parse_cards(data, str(p))
    _CACHE[key] = cs
    _BY_HASH[cs.hash] = cs
    return cs


_BY_HASH: dict[str, CardSet] = {}


def by_hash(digest: str) -> CardSet | None:
    """The set with that content hash: a shipped one, or one already loaded in this
    process (``None`` if neither)."""
    if digest not in _BY_HASH:
        for p in SHIPPED:
            load_cards(p)
    return _BY_HASH.get(digest)
