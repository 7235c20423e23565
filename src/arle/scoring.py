"""The end-of-game scoring pad of Fields of Arle, category by category.

A finished farm is described by a :class:`Farm` (the engine builds one from its state;
``arle score`` builds one from JSON with :func:`farm_from_dict`), and :func:`score_farm`
turns it into a :class:`ScoreSheet` holding the eight categories of the printed pad.

Every figure comes from :mod:`arle.data.catalog`; the lookup tables the scorer needs are
derived from it once, at import, so that scoring a farm is a handful of dictionary
look-ups (search bots score many states).

:func:`score_farm` trusts its input apart from cheap look-up failures (an unknown id or a
value off its track raises :class:`ScoringInputError`).  :func:`validate_farm` applies every
rule of the input format, including the limits of the game's tile supply.
"""

from __future__ import annotations

import json
from collections import Counter
from operator import getitem
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from arle.data import catalog as cat
from arle.data import tea_trade as tt

__all__ = [
    "CATEGORIES",
    "CATEGORY_NAMES",
    "TT_CATEGORIES",
    "TT_CATEGORY_NAMES",
    "GOODS",
    "SUPPLY",
    "ANIMAL_KEYS",
    "HOME_BOARD_COUNTS",
    "NO_LARGE_VEHICLE_VP",
    "ScoreSheet",
    "Farm",
    "ScoringInputError",
    "score_farm",
    "best_food_split",
    "farm_from_dict",
    "farm_to_dict",
    "validate_farm",
    "tool_track_name",
    "format_vp",
    "sheet_to_json",
]

# ---------------------------------------------------------------------------
# Public names
# ---------------------------------------------------------------------------
CATEGORIES: Final = (
    "clothing_and_materials", "equipment", "travel", "tools", "goods_track",
    "home_board", "animals", "bottlenecks",
)
#: Readable names of the categories, as printed on the scoring pad.
CATEGORY_NAMES: Final = {
    "clothing_and_materials": "Clothing tiles and building materials",
    "equipment": "Equipment in the barn",
    "travel": "Travel experience",
    "tools": "Tools",
    "goods_track": "Goods track",
    "home_board": "VP on home board",
    "animals": "Animals on home board",
    "bottlenecks": "Supply bottlenecks",
}
#: Tea & Trade: the rows of expansion sheets only (T14, T39, T4), as printed.
TT_CATEGORY_NAMES: Final = {
    "tea": "Tea",
    "ships": "Fishing Cutters and Trading Ships",
    "digging_spades": "Digging Spade tools",
}
#: The categories an expansion sheet adds after :data:`CATEGORIES` (Tea & Trade).
TT_CATEGORIES: Final = ("tea", "ships", "digging_spades")
#: The expansion's supply keys, harbor ids and tool track of the input format.
TT_SUPPLY: Final = ("tea", "east_frisian_tea")
SHIP_IDS: Final = tt.SHIP_IDS

#: Goods-track keys (the first ``len(GOODS)`` catalog resources: food, grain, ...).
GOODS: Final = tuple(cat.RESOURCES[i] for i in cat.GOODS_TRACK)
#: Personal-supply keys (wood ... leather_wear).
SUPPLY: Final = tuple(cat.RESOURCES[i] for i in cat.SUPPLY_ITEMS)
#: Animal keys of the input format (the catalog spells the third one "horse").
ANIMAL_KEYS: Final = ("sheep", "cattle", "horses")
#: Integer counts of the home board, in input-format order.
HOME_BOARD_COUNTS: Final = (
    "stalls", "depots", "stables", "double_stalls", "forests", "parks",
    "moors", "dehydrated_moors", "dikes_moved",
)

#: Equipment penalty without any large vehicle.  This one figure is printed on the
#: scoring pad only (rulebook, "Equipment in the Barn"; RULINGS 8), not on a tile, so the
#: catalog does not carry it.
NO_LARGE_VEHICLE_VP: Final = -3
#: Marks of the top dike gap (G3); the top-row penalty is -(marks - dikes in G3).  The
#: fully diked board of the catalog's sequence has every mark covered.
_TOP_GAP_MARKS: Final = cat.DIKE_SEQUENCE[cat.MAX_DIKE_MOVES][3]


class ScoringInputError(ValueError):
    """A farm description that cannot be scored; the message names the offending key path."""


@dataclass
class ScoreSheet:
    """The filled-in scoring pad: the eight categories (see :data:`CATEGORIES`) and the total.

    Values are floats because clothing and materials can score halves; ``total`` is the
    exact sum of the categories.
    """

    categories: dict[str, float]
    total: float


@dataclass
class Farm:
    """A finished farm, as the scoring pad sees it.

    Missing goods, supply items and animals count as zero; a tool track missing from
    ``tools`` stands at its starting (leftmost) value.
    """

    goods: dict[str, int] = field(default_factory=dict)
    """Goods track: ``food`` 0..30 (two indicators), ``grain``/``flax``/``hide``/``wool`` 0..15."""
    supply: dict[str, int] = field(default_factory=dict)
    """Personal supply, wood ... leather_wear (>= 0)."""
    animals: dict[str, int] = field(default_factory=dict)
    """``sheep``, ``cattle``, ``horses`` (>= 0)."""
    tools: dict[str, int] = field(default_factory=dict)
    """Tool track -> the count shown on the track (one of the track's values)."""
    barn: list[str] = field(default_factory=list)
    """Equipment ids in the barn (repeats allowed, e.g. two plows)."""
    travel: list[str] = field(default_factory=list)
    """Destination ids used, each at most once."""
    buildings: list[str] = field(default_factory=list)
    stalls: int = 0
    depots: int = 0
    stables: int = 0
    double_stalls: int = 0
    forests: int = 0
    parks: int = 0
    moors: int = 0
    """Hydrated moor tiles still on the home board."""
    dehydrated_moors: int = 0
    boardwalk: bool = False
    """Whether the Small Boardwalk is still on the home board."""
    dikes_moved: int = 0
    """Dike moves made, 0..7 (see ``catalog.DIKE_SEQUENCE``)."""
    supply_bottlenecks: int = 0
    """VP already lost to supply bottlenecks during the game (<= 0)."""
    expansion: bool = False
    """A Tea & Trade farm: its sheet has the rows ``tea``, ``ships``, ``digging_spades``.
    Set by :func:`farm_from_dict` when any expansion key is present."""
    harbor: list[str] = field(default_factory=list)
    """Tea & Trade: ship ids in the harbor (``fishing_cutter_small`` ...)."""
    ditches: int = 0
    """Tea & Trade: ditches on the home board (no VP of their own)."""


# ---------------------------------------------------------------------------
# Tables derived from the catalog at import
# ---------------------------------------------------------------------------
def tool_track_name(track: str) -> str:
    """Readable name of a tool track id (``"fish_traps"`` -> ``"Fish Traps"``)."""
    return track.replace("_", " ").title()


_SUPPLY_VP: Final[dict[str, float]] = {
    name: float(cat.RESOURCE_VP.get(cat.RES_INDEX[name], 0.0)) for name in SUPPLY
}
# Tea scores in its own row (T39), not with the building materials.
_SUPPLY_VP.update({name: 0.0 for name in TT_SUPPLY})
_TEA_VP: Final = {name: tt.TEA_VP[tt.TT_RES_INDEX[name]] for name in TT_SUPPLY}
_SPADE_VP: Final = {v: tt.DIGGING_SPADE_VP[v] for v in tt.DIGGING_SPADE_VALUES}
_SHIP_VP: Final = {k: s.vp for k, s in tt.SHIPS.items()}
_TOOL_VP: Final[dict[str, dict[int, int]]] = {
    name: {value: cat.TOOL_VP[i].get(value, 0) for value in cat.TOOL_VALUES[i]}
    for i, name in enumerate(cat.TOOLS)
}
_TOOL_START: Final[dict[str, int]] = {
    name: cat.TOOL_VALUES[i][0] for i, name in enumerate(cat.TOOLS)
}
# The starting VP of every track; score_farm adds the difference of each listed track.
_TOOLS_START_VP: Final = sum(_TOOL_VP[name][_TOOL_START[name]] for name in cat.TOOLS)
# VP of each value of a track over its starting value.
_TOOL_GAIN: Final[dict[str, dict[int, int]]] = {
    name: {value: vp - _TOOL_VP[name][_TOOL_START[name]] for value, vp in by_value.items()}
    for name, by_value in _TOOL_VP.items()
}
# The Digging Spades have their own row (T14): no gain in the craft tools' sum.
_TOOL_VP[tt.DIGGING_SPADES] = _SPADE_VP
_TOOL_GAIN[tt.DIGGING_SPADES] = {v: 0 for v in tt.DIGGING_SPADE_VALUES}
_GOOD_VP: Final[dict[int, int]] = {v: cat.GOODS_TRACK_VP[v] for v in range(cat.GOOD_CAP + 1)}


def _split_table() -> tuple[tuple[tuple[int, int], ...], dict[int, int]]:
    """For each Food total 0..FOOD_CAP, the best split over two indicators and its VP.

    Among equally good splits the one with the fuller first indicator is kept.
    """
    splits: list[tuple[int, int]] = []
    values: dict[int, int] = {}
    for food in range(cat.FOOD_CAP + 1):
        best: tuple[int, int] | None = None
        best_vp = -1
        for first in range(min(food, cat.GOOD_CAP), -1, -1):
            second = food - first
            if second > cat.GOOD_CAP or second > first:
                continue
            vp = _GOOD_VP[first] + _GOOD_VP[second]
            if vp > best_vp:
                best, best_vp = (first, second), vp
        assert best is not None
        splits.append(best)
        values[food] = best_vp
    return tuple(splits), values


_FOOD_SPLIT, _FOOD_VP = _split_table()
_BUILDING_VP: Final[dict[str, int]] = {**cat.BUILDING_VP, **tt.TT_BUILDING_VP}
_ALL_BUILDINGS: Final = cat.BUILDINGS + tt.TT_BUILDINGS
_EQUIPMENT_VP: Final[dict[str, int]] = dict(cat.EQUIPMENT_VP)
_LARGE: Final = cat.LARGE
_DESTINATION_SIZE: Final[dict[str, int]] = dict(cat.DESTINATION_SIZE)
_TOP_ROW_VP: Final = tuple(-(_TOP_GAP_MARKS - gaps[3]) for gaps in cat.DIKE_SEQUENCE)
_STALL_VP: Final = cat.TILE_VP["stall"]
_DEPOT_VP: Final = cat.TILE_VP["depot"]
_STABLE_VP: Final = cat.TILE_VP["stable"]
_DOUBLE_STALL_VP: Final = cat.TILE_VP["double_stall"]
_FOREST_VP: Final = cat.TILE_VP["forest"]
_PARK_VP: Final = cat.TILE_VP["park"]


def best_food_split(food: int) -> tuple[int, int]:
    """Split ``food`` (0..30) over the two Food indicators (0..15 each) to score most.

    The first indicator is the fuller one; among equally scoring splits the one with the
    fuller first indicator is returned, e.g. ``best_food_split(22) == (15, 7)``.

    Raises :class:`ScoringInputError` when ``food`` is outside 0..30.
    """
    if isinstance(food, bool) or not isinstance(food, int) or not 0 <= food <= cat.FOOD_CAP:
        raise ScoringInputError(f"goods.food: {food!r} is not a Food total 0..{cat.FOOD_CAP}")
    return _FOOD_SPLIT[food]


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------
def score_farm(farm: Farm) -> ScoreSheet:
    """Fill in the scoring pad for ``farm``.

    The farm is assumed valid (see :func:`validate_farm`); an unknown id, a tool value off
    its track or a goods value off the track raises :class:`ScoringInputError`.
    """
    try:
        supply = farm.supply
        clothing = 0.0
        for name, count in supply.items():
            if count:
                clothing += _SUPPLY_VP[name] * count

        equipment = 0
        has_large = False
        for item in farm.barn:
            equipment += _EQUIPMENT_VP[item]
            if item in _LARGE:
                has_large = True
        if not has_large:
            equipment += NO_LARGE_VEHICLE_VP

        covered = 0
        for destination in farm.travel:
            covered += _DESTINATION_SIZE[destination]
        travel = cat.TRAVEL_VP[covered]

        tool_values = farm.tools
        tools = _TOOLS_START_VP + sum(map(getitem, map(_TOOL_GAIN.__getitem__, tool_values),
                                          tool_values.values()))

        goods = farm.goods
        goods_vp = 0
        for name, value in goods.items():
            goods_vp += _FOOD_VP[value] if name == "food" else _GOOD_VP[value]
        if farm.depots > 0:
            goods_vp *= 2

        home = 0
        for building in farm.buildings:
            home += _BUILDING_VP[building]
        home += (
            farm.stalls * _STALL_VP
            + farm.depots * _DEPOT_VP
            + farm.stables * _STABLE_VP
            + farm.double_stalls * _DOUBLE_STALL_VP
            + farm.forests * _FOREST_VP
            + farm.parks * _PARK_VP
            + farm.moors * cat.MOOR_VP
            + farm.dehydrated_moors * cat.DEHYDRATED_MOOR_VP
            + _TOP_ROW_VP[farm.dikes_moved]
        )
        if farm.boardwalk:
            home += cat.BOARDWALK_VP

        animals = farm.animals
        a, b, _ = sorted((animals.get("sheep", 0), animals.get("cattle", 0),
                          animals.get("horses", 0)))
        animal_vp = 2 * a + b
    except (KeyError, IndexError) as exc:
        # Slow path, only on bad input: let the validator name the offending key.
        validate_farm(farm)
        raise ScoringInputError(f"farm cannot be scored: unknown id or value {exc}") from None

    categories = {
        "clothing_and_materials": clothing,
        "equipment": float(equipment),
        "travel": float(travel),
        "tools": float(tools),
        "goods_track": float(goods_vp),
        "home_board": float(home),
        "animals": float(animal_vp),
        "bottlenecks": float(farm.supply_bottlenecks),
    }
    total = (clothing + equipment + travel + tools + goods_vp + home + animal_vp
             + farm.supply_bottlenecks)
    if farm.expansion:
        try:
            tea = sum(_TEA_VP[k] * supply.get(k, 0) for k in TT_SUPPLY)
            ships = sum(_SHIP_VP[k] for k in farm.harbor)
            spades = _SPADE_VP[farm.tools.get(tt.DIGGING_SPADES, tt.DIGGING_SPADE_VALUES[0])]
        except KeyError as exc:
            validate_farm(farm)
            raise ScoringInputError(f"farm cannot be scored: unknown id or value {exc}") \
                from None
        categories["tea"] = float(tea)
        categories["ships"] = float(ships)
        categories["digging_spades"] = float(spades)
        total += tea + ships + spades
    return ScoreSheet(categories=categories, total=float(total))


def format_vp(value: float) -> str:
    """A VP figure as printed: ``12``, ``-3``, ``11.5``."""
    if value == int(value):
        return str(int(value))
    return str(value)


def _json_number(value: float) -> int | float:
    return int(value) if value == int(value) else value


def sheet_to_json(sheet: ScoreSheet) -> str:
    """``{"categories": {...}, "total": n}`` with whole numbers as JSON integers."""
    payload = {
        "categories": {key: _json_number(value) for key, value in sheet.categories.items()},
        "total": _json_number(sheet.total),
    }
    return json.dumps(payload)


# ---------------------------------------------------------------------------
# Validation and the JSON format
# ---------------------------------------------------------------------------
_MAX_DITCHES: Final = 32      # edges of the home board (arle.engine.ditches.EDGES)
_TOP_KEYS: Final = ("goods", "supply", "animals", "tools", "barn", "travel", "home_board",
                    "supply_bottlenecks", "harbor")
_HOME_KEYS: Final = ("buildings",) + HOME_BOARD_COUNTS[:-1] + ("boardwalk", "dikes_moved",
                                                               "ditches")
_POOL_ITEMS: Final[dict[str, tuple[str, ...]]] = {
    pool: tuple(item for item in cat.EQUIPMENT if cat.TILE_POOL[item] == pool)
    for pool in sorted({cat.TILE_POOL[item] for item in cat.EQUIPMENT})
}
_MOOR_TILES: Final = 3  # the three moor tiles of the setup (RULINGS 1)
_LARGE_SLOTS: Final = cat.BARN_LARGE_SLOTS  # barn (RULINGS 8): 3 large slots ...
_SMALL_SLOTS: Final = cat.BARN_SMALL_SLOTS  # ... 4 small; the bottom large slot may hold 1 small


def _fail(path: str, message: str) -> ScoringInputError:
    return ScoringInputError(f"{path}: {message}")


def _int(value: object, path: str, low: int | None = 0, high: int | None = None) -> int:
    """``value`` as an integer in ``low..high`` (either bound may be None)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, f"expected an integer, got {_show(value)}")
    if low is not None and value < low:
        raise _fail(path, f"{value} is below the minimum {low}")
    if high is not None and value > high:
        raise _fail(path, f"{value} is above the maximum {high}")
    return value


def _show(value: object) -> str:
    """A short JSON-ish rendering of ``value`` for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _mapping(value: object, path: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise _fail(path, f"expected an object, got {_show(value)}")
    return value


def _known_keys(obj: Mapping[str, object], allowed: Iterable[str], path: str) -> None:
    allowed_set = set(allowed)
    for key in obj:
        if key not in allowed_set:
            where = f"{path}.{key}" if path else str(key)
            raise _fail(where, f"unknown key (expected one of {', '.join(allowed)})")


def _counts(value: object, path: str, keys: tuple[str, ...]) -> dict[str, int]:
    """An object of non-negative counts over ``keys`` (ranges checked later)."""
    obj = _mapping(value, path)
    _known_keys(obj, keys, path)
    return {key: _int(obj[key], f"{path}.{key}") for key in keys if key in obj}


def _ids(value: object, path: str, known: Iterable[str], unique: bool) -> list[str]:
    """A list of known string ids, optionally without repeats."""
    if not isinstance(value, list):
        raise _fail(path, f"expected a list, got {_show(value)}")
    known_set = set(known)
    seen: set[str] = set()
    out: list[str] = []
    for i, item in enumerate(value):
        where = f"{path}[{i}]"
        if not isinstance(item, str):
            raise _fail(where, f"expected a string id, got {_show(item)}")
        if item not in known_set:
            raise _fail(where, f"unknown id {item!r}")
        if unique and item in seen:
            raise _fail(where, f"{item!r} is listed twice")
        seen.add(item)
        out.append(item)
    return out


def farm_from_dict(obj: object) -> Farm:
    """Build and validate a :class:`Farm` from the JSON input format of ``arle score``.

    Every key is optional (counts default to 0, lists to empty, ``boardwalk`` to false,
    tools to their track's starting value).  Unknown keys, wrong types and out-of-range
    values raise :class:`ScoringInputError` whose message starts with the key path,
    e.g. ``"tools.spades: 4 is not a value of the Spades track (3, 5, 7)"``.
    """
    root = _mapping(obj, "<root>")
    _known_keys(root, _TOP_KEYS, "")
    farm = Farm()
    if "goods" in root:
        farm.goods = _counts(root["goods"], "goods", GOODS)
    if "supply" in root:
        farm.supply = _counts(root["supply"], "supply", SUPPLY + TT_SUPPLY)
    if "animals" in root:
        farm.animals = _counts(root["animals"], "animals", ANIMAL_KEYS)
    if "tools" in root:
        tools = _mapping(root["tools"], "tools")
        _known_keys(tools, tt.TT_TOOLS, "tools")
        farm.tools = {k: _int(tools[k], f"tools.{k}", None) for k in tt.TT_TOOLS if k in tools}
    if "barn" in root:
        farm.barn = _ids(root["barn"], "barn", cat.EQUIPMENT, unique=False)
    if "travel" in root:
        farm.travel = _ids(root["travel"], "travel", cat.DESTINATIONS, unique=True)
    if "home_board" in root:
        home = _mapping(root["home_board"], "home_board")
        _known_keys(home, _HOME_KEYS, "home_board")
        if "buildings" in home:
            farm.buildings = _ids(home["buildings"], "home_board.buildings", _ALL_BUILDINGS,
                                  unique=True)
        if "ditches" in home:
            farm.ditches = _int(home["ditches"], "home_board.ditches", 0, _MAX_DITCHES)
        for key in HOME_BOARD_COUNTS:
            if key in home:
                setattr(farm, key, _int(home[key], f"home_board.{key}"))
        if "boardwalk" in home:
            flag = home["boardwalk"]
            if not isinstance(flag, bool):
                raise _fail("home_board.boardwalk", f"expected true or false, got {_show(flag)}")
            farm.boardwalk = flag
    if "supply_bottlenecks" in root:
        farm.supply_bottlenecks = _int(root["supply_bottlenecks"], "supply_bottlenecks",
                                       None, 0)
    if "harbor" in root:
        farm.harbor = _ids(root["harbor"], "harbor", SHIP_IDS, unique=False)
    # Any expansion key makes a Tea & Trade sheet (its three rows appear, maybe 0).
    farm.expansion = ("harbor" in root
                      or any(k in farm.supply for k in TT_SUPPLY)
                      or tt.DIGGING_SPADES in farm.tools
                      or isinstance(root.get("home_board"), Mapping)
                      and "ditches" in root["home_board"])  # type: ignore[operator]
    validate_farm(farm)
    return farm


def validate_farm(farm: Farm) -> None:
    """Check every rule of the input format on ``farm``; raise :class:`ScoringInputError`.

    Messages name the key path of the JSON format (``home_board.stalls`` for
    ``farm.stalls``).  Besides types and ranges this refuses tile counts beyond the
    game's supply and a barn over capacity.
    """
    for name, value in farm.goods.items():
        if name not in GOODS:
            raise _fail(f"goods.{name}", "unknown key")
        cap = cat.FOOD_CAP if name == "food" else cat.GOOD_CAP
        _int(value, f"goods.{name}", 0, cap)
    for name, value in farm.supply.items():
        if name not in _SUPPLY_VP:
            raise _fail(f"supply.{name}", "unknown key")
        _int(value, f"supply.{name}")
    for name, value in farm.animals.items():
        if name not in ANIMAL_KEYS:
            raise _fail(f"animals.{name}", "unknown key")
        _int(value, f"animals.{name}")
    for name, value in farm.tools.items():
        if name not in _TOOL_VP:
            raise _fail(f"tools.{name}", "unknown key")
        _int(value, f"tools.{name}", None)
        if value not in _TOOL_VP[name]:
            values = ", ".join(str(v) for v in _TOOL_VP[name])
            raise _fail(f"tools.{name}",
                        f"{value} is not a value of the {tool_track_name(name)} track ({values})")
    _validate_barn(farm.barn)
    _ids(list(farm.travel), "travel", cat.DESTINATIONS, unique=True)
    _ids(list(farm.buildings), "home_board.buildings", _ALL_BUILDINGS, unique=True)
    _int(farm.ditches, "home_board.ditches", 0, _MAX_DITCHES)
    ships = Counter(_ids(list(farm.harbor), "harbor", SHIP_IDS, unique=False))
    for kind, spaces in tt.HARBOR_SPACES.items():
        n = sum(c for k, c in ships.items() if tt.SHIP_KIND[k] == kind)
        if n > spaces:
            raise _fail("harbor", f"{n} {kind.replace('_', ' ')}s exceed the harbor's "
                                  f"{spaces} spaces")
    for key in HOME_BOARD_COUNTS:
        high = cat.MAX_DIKE_MOVES if key == "dikes_moved" else None
        _int(getattr(farm, key), f"home_board.{key}", 0, high)
    if not isinstance(farm.boardwalk, bool):
        raise _fail("home_board.boardwalk", f"expected true or false, got {_show(farm.boardwalk)}")
    _int(farm.supply_bottlenecks, "supply_bottlenecks", None, 0)
    _pair_limit("home_board.stalls", "stalls + depots", farm.stalls + farm.depots,
                cat.STALLS_TOTAL)
    _pair_limit("home_board.stables", "stables + double_stalls",
                farm.stables + farm.double_stalls, cat.SUPPLY_POOLS["stable"])
    _pair_limit("home_board.forests", "forests + parks", farm.forests + farm.parks,
                cat.SUPPLY_POOLS["forest_park"])
    _pair_limit("home_board.moors", "moors + dehydrated_moors",
                farm.moors + farm.dehydrated_moors, _MOOR_TILES)


def _pair_limit(path: str, what: str, count: int, limit: int) -> None:
    if count > limit:
        raise _fail(path, f"{what} = {count} exceeds the game's {limit} tiles")


def _validate_barn(barn: list[str]) -> None:
    items = _ids(list(barn), "barn", cat.EQUIPMENT, unique=False)
    counts = Counter(items)
    for pool, members in _POOL_ITEMS.items():
        in_pool = sum(counts[m] for m in members)
        limit = cat.SUPPLY_POOLS[pool]
        if in_pool > limit:
            raise _fail("barn", f"{in_pool} {' / '.join(members)} tiles exceed the game's "
                                f"supply of {limit}")
    large = sum(1 for item in items if item in _LARGE)
    small = len(items) - large
    if large > _LARGE_SLOTS:
        raise _fail("barn", f"{large} large items exceed the barn's {_LARGE_SLOTS} large slots")
    small_slots = _SMALL_SLOTS + (1 if large < _LARGE_SLOTS else 0)
    if small > small_slots:
        raise _fail("barn", f"{small} small items exceed the {small_slots} slots left for "
                            f"small items with {large} large")


def farm_to_dict(farm: Farm) -> dict[str, object]:
    """The JSON input format of ``farm`` (the inverse of :func:`farm_from_dict`)."""
    home: dict[str, object] = {"buildings": list(farm.buildings)}
    for key in HOME_BOARD_COUNTS[:-1]:
        home[key] = getattr(farm, key)
    home["boardwalk"] = farm.boardwalk
    home["dikes_moved"] = farm.dikes_moved
    if farm.expansion:
        home["ditches"] = farm.ditches
        supply = dict(farm.supply)
        for k in TT_SUPPLY:
            supply.setdefault(k, 0)
        tools = dict(farm.tools)
        tools.setdefault(tt.DIGGING_SPADES, tt.DIGGING_SPADE_VALUES[0])
        return {
            "goods": dict(farm.goods), "supply": supply, "animals": dict(farm.animals),
            "tools": tools, "barn": list(farm.barn), "travel": list(farm.travel),
            "home_board": home, "supply_bottlenecks": farm.supply_bottlenecks,
            "harbor": list(farm.harbor),
        }
    return {
        "goods": dict(farm.goods),
        "supply": dict(farm.supply),
        "animals": dict(farm.animals),
        "tools": dict(farm.tools),
        "barn": list(farm.barn),
        "travel": list(farm.travel),
        "home_board": home,
        "supply_bottlenecks": farm.supply_bottlenecks,
    }
