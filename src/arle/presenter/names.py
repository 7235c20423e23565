"""Names of the game's things, one function each, for every face (issue 32).

Resources and animals are named from the table the state's layout is read with
(:func:`arle.view.resources`, :func:`arle.view.animals`: ``TT_RESOURCES`` and
``ANIMALS``), so a good added to the layout is named where it stands and shifts no
other label.

>>> building_name("mill"), building_name("tea_factory")
('Mill', 'Tea Factory')
>>> resource_name("east_frisian_tea"), resource_name("summer_wear"), animal_name("horse", 2)
('East Frisian Tea', 'Summer wear', 'horses')
"""

from __future__ import annotations

from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data import texts
from arle.scoring import format_vp
from arle.state import State

__all__ = ["SOLO_BENCHMARK", "animal_name", "building_name", "building_vp", "season_name",
           "season_text",
           "destination_name", "equipment_name", "fmt_vp", "player_name", "resource_name",
           "ship_name", "space_name", "tile_name", "trade_name"]

#: The solo score the rulebook calls remarkable (the one figure every face shows).
SOLO_BENCHMARK = 110

_BUILDING_NAME = {**C.BUILDING_NAME, **TT.TT_BUILDING_NAME}
_BUILDING_VP = {**C.BUILDING_VP, **TT.TT_BUILDING_VP}
_SPACE_NAME = {**C.SPACE_NAME, **TT.TT_SPACE_NAME}
#: Tea & Trade's own words for its resources (capitalizing would say "East frisian").
_TEA_NAME = {TT.TT_RESOURCES[TT.TEA]: "Tea",
             TT.TT_RESOURCES[TT.EAST_FRISIAN_TEA]: "East Frisian Tea"}
_TILE_NAME = {
    "moor": "moor (wet)", "field_grain": "grain field", "field_flax": "flax field",
    "forest": "forest", "park": "park", "stall": "stall", "depot": "depot",
    "stable": "stable", "double_stall": "double stall", "dmoor": "dry moor",
    "boardwalk": "boardwalk",
}
_ANIMAL_PLURAL = {"sheep": "sheep", "cattle": "cattle", "horse": "horses"}

fmt_vp = format_vp


def building_name(b: str) -> str:
    """A building's printed name (base game and Tea & Trade); an unknown id in words."""
    return _BUILDING_NAME.get(b) or b.replace("_", " ")


def building_vp(b: str) -> int:
    """The VP a building is worth at the end (0 for an unknown id)."""
    return _BUILDING_VP.get(b, 0)


def space_name(sp: str) -> str:
    """An action space's printed name (Tea & Trade's and the 3-player spaces too)."""
    return _SPACE_NAME.get(sp) or sp.replace("_", " ")


def resource_name(key: str) -> str:
    """A resource of :func:`arle.view.resources` in words: ``Wood``, ``Summer wear``,
    ``East Frisian Tea``."""
    return _TEA_NAME.get(key) or key.replace("_", " ").capitalize()


def animal_name(key: str, count: int = 1) -> str:
    """An animal of :func:`arle.view.animals`, singular or plural by ``count``."""
    return key if count == 1 else _ANIMAL_PLURAL.get(key, key)


def equipment_name(e: str) -> str:
    """A vehicle or piece of equipment (``Horse cart``, ``Peat boat``)."""
    return texts.entry(e)["name"] if e in C.EQUIPMENT else e.replace("_", " ").capitalize()


def ship_name(kind: str) -> str:
    """Tea & Trade: a ship tile's side (``Small Fishing Cutter``)."""
    return TT.SHIP_NAME.get(kind) or kind.replace("_", " ")


def trade_name(dest: str) -> str:
    """Tea & Trade: a trading destination (``India``)."""
    return TT.TRADE_NAME.get(dest) or dest.capitalize()


def destination_name(d: str) -> str:
    """A travel destination (``Hamburg``)."""
    return d.capitalize()


def tile_name(tile: str) -> str:
    """A home-board tile in words (``grain field``, ``moor (wet)``)."""
    return _TILE_NAME.get(tile) or tile.replace("_", " ")


def player_name(p: int | None) -> str:
    """``Player 1`` for player index 0 (faces count players from 1); ``nobody``."""
    return "nobody" if p is None else f"Player {p + 1}"


_SEASON_NAME = ("Summer", "Winter")


def season_name(s: State) -> str:
    """The current half year's season: ``Summer`` or ``Winter``."""
    return _SEASON_NAME[s.season]


def season_text(s: State, months: bool = True) -> str:
    """The season in words: ``Summer (July–October)`` (``Summer`` without ``months``),
    or during the inventory that closes the half year ``Summer, the November
    inventory``.

    >>> import arle
    >>> season_text(arle.new_game(players=1, seed=1))
    'Summer (July–October)'
    """
    if s.phase == "inventory":
        return f"{season_name(s)}, the {'November' if s.season == 0 else 'May'} inventory"
    if not months:
        return season_name(s)
    span = C.MONTHS_SUMMER if s.season == 0 else C.MONTHS_WINTER
    return f"{season_name(s)} ({span[0]}–{span[-1]})"


def cell_name(rc: str) -> str:
    """A home-board cell of the notation (``R,C`` counted from 0) as the board numbers it
    (from 1): ``"3,0"`` -> ``"row 4, column 1"``."""
    r, _, c = rc.partition(",")
    if not (r.strip().isdigit() and c.strip().isdigit()):
        return rc
    return f"row {int(r) + 1}, column {int(c) + 1}"


def edge_words(edge: str) -> str:
    """Where a ditch edge of the notation is, in the board's numbering from 1:
    ``v(3,0)`` -> ``"between columns 1 and 2 of row 4"``, ``h(3,0)`` -> ``"between rows
    4 and 5 of column 1"``."""
    kind, _, rest = edge.partition("(")
    a, _, b = rest.rstrip(")").partition(",")
    if not (a.isdigit() and b.isdigit()) or kind not in ("v", "h"):
        return edge
    r, c = int(a), int(b)
    if kind == "v":
        return f"between columns {c + 1} and {c + 2} of row {r + 1}"
    return f"between rows {r + 1} and {r + 2} of column {c + 1}"
