"""A read-only view of a player's belongings, for faces (terminal, web, bots, envs).

The state keeps a player's farm in compact fields (``Player.grid``, ``Player.barn``...)
whose string encodings belong to the engine.  The accessors here turn them into typed,
immutable values so that no face parses them: a home-board :class:`Cell`, a barn
:class:`BarnItem` with the :class:`Load` of each cell, goods, tools, animals, travel.
Nothing here changes the state.

>>> import arle
>>> from arle import view
>>> s = arle.new_game(players=1, seed=1, buildings="first-game")
>>> view.cell(s, 0, 13)
Cell(at=13, row=4, col=1, tile='boardwalk', building=None, land=True, peat=4)
>>> view.animals(s, 0)
{'sheep': 0, 'cattle': 0, 'horse': 1}
>>> view.goods(s, 0)["food"]
5
>>> sorted(s.farm(0))
['animals', 'barn', 'goods', 'home_board', 'supply', 'supply_bottlenecks', 'tools', 'travel']
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.frames import Effect
from arle.engine.farm import dike_gaps as _engine_dike_gaps
from arle.engine.farm import enclosures as _engine_enclosures
from arle.engine import spaces as _spaces
from arle.engine import three as _three
from arle.engine.three import last_half_year as _engine_last_half_year
from arle import scoring as _sc
from arle.scoring import Farm, ScoreSheet, farm_to_dict, score_farm

from arle.state import Player, State, link

if TYPE_CHECKING:
    from arle.animals import Enclosures

__all__ = [
    "BarnItem", "Cell", "Event", "Load", "animals", "anytime_verbs", "apply_logged", "barn",
    "barn_has_room",
    "buildings", "cell", "cells", "decision_depth", "dehydrated_cells", "destinations_used",
    "dike_columns", "dike_move_gaps", "dike_moves", "ditches", "enclosures", "farm",
    "farm_sheet",
    "futile_placements", "imitate_closed", "imitate_food", "last_half_year",
    "figure_names", "goods",
    "Ship", "harbor", "loaded_goods", "ships_left",
    "pending_steps", "resources", "board_tally", "score_total", "score_total_with",
    "season_spaces",
    "space_season", "special_actions",
    "supply",
    "tool_positions", "tools", "travel",
    "workers_left", "workers_placed", "workers_per_player",
]

# The engine's encodings, read in this module only.
_BUILDING_PREFIX: Final = "b:"     # a grid cell holding a building: "b:<building id>"
_DEST_PREFIX: Final = "dest:"      # a vehicle cell holding a destination tile: "dest:<id>"
_COVERED: Final = "+"              # a vehicle cell covered by a wider tile to its left


def anytime_verbs() -> frozenset[str]:
    """Verbs of the anytime actions (offered beside a pending decision's own actions),
    from the engine's registry of anytime actions (also ``arle.ANYTIME_VERBS``)."""
    from arle import engine  # noqa: F401  (every rules module registered)
    from arle.engine.core import anytime_verbs as registered
    return registered()


def workers_per_player() -> int:
    """Workers each player places in a half year."""
    return C.WORKERS_PER_PLAYER


def workers_placed(s: State, p: int) -> int:
    """Player ``p``'s workers standing on an action space this half year (a worker
    given up with ``skip`` stands on none).

    >>> import arle
    >>> s = arle.new_game(players=1, seed=1)
    >>> s.apply("place fisherman")
    >>> workers_placed(s, 0), workers_left(s, 0)
    (1, 3)
    """
    return sum(1 for who in s.occupied.values() if who == p)


def workers_left(s: State, p: int) -> int:
    """Player ``p``'s workers still to place (or give up) this half year, as the
    engine counts its turns: 0 once the work phase's placements are over (and
    outside the work phase)."""
    if s.phase != "work":
        return 0
    n = s.n
    used = min(s.turn, C.WORKERS_PER_PLAYER * n)
    # turns go round from the start player: player p's turns are the k-th of each round
    k = (p - s.start_player) % n
    taken = (used - k + n - 1) // n if used > k else 0
    return C.WORKERS_PER_PLAYER - taken


def season_spaces(s: State, season: int) -> tuple[str, ...]:
    """The action spaces of ``season`` (0 Summer, 1 Winter) in this game, in the
    board's order, from the engine's own tables: the base game's 15; with Tea & Trade
    (1-2 players) the expansion's spaces after them; with three players the Overlay's
    board (the base spaces but the two Laborers, the 3-player spaces), then the three
    Imitate spaces, which belong to both seasons.

    >>> import arle
    >>> len(season_spaces(arle.new_game(players=1, seed=1), 0))
    15
    >>> season_spaces(arle.new_game(players=3, seed=1, expansion="tea-and-trade"), 1)[-3:]
    ('imitate_1', 'imitate_2', 'imitate_3')
    """
    if season not in (0, 1):
        raise ValueError(f"a season is 0 (Summer) or 1 (Winter), not {season!r}")
    if s.n == 3:
        return _three.SEASON_SPACES_3P[season] + TT.IMITATE_SPACES
    if "expansion" in s.setup:
        return _spaces.TT_SEASON_SPACES[season]
    return _spaces.SEASON_SPACES[season]


def special_actions(s: State) -> tuple[tuple[int, str], ...]:
    """The Special Actions taken this half year: ``(player, space)`` for each worker on
    a space of the other season, in the order they were placed (one at most with two
    players, two by different players with three; an Imitate space is never one)."""
    return tuple((who, sp) for sp, who in s.occupied.items()
                 if sp not in TT.IMITATE_SPACES and space_season(s, sp) != s.season)


def imitate_food(s: State) -> int:
    """3 players: the Food the next Imitate of this half year costs (the engine's rule:
    the half year's first 1, then 2)."""
    return int(_three.imitate_food(s))


def imitate_closed(s: State, p: int) -> dict[str, str]:
    """3 players: why player ``p`` cannot take each free Imitate space now, by space (the
    engine offers only the first free one, to one who has not imitated this half year,
    has an occupied space of the season to copy and the Food it costs); empty where
    it is open or outside 3-player games.

    >>> import arle
    >>> s = arle.new_game(players=3, seed=7, expansion="tea-and-trade")
    >>> imitate_closed(s, 0)["imitate_2"]
    'after Imitate 1 (taken in order)'
    """
    if s.n != 3:
        return {}
    free = [sp for sp in TT.IMITATE_SPACES if sp not in s.occupied]
    if not free:
        return {}
    food = imitate_food(s)
    if sum(1 for sp in TT.IMITATE_SPACES if s.occupied.get(sp) == p) >= TT.IMITATES_PER_PLAYER:
        why = "you imitated this half year"
    elif not _three.imitate_targets(s):
        why = "nothing taken to copy yet"
    elif s.players[p].res[C.FOOD] < food:
        why = f"costs {food} Food, you have {s.players[p].res[C.FOOD]}"
    else:
        why = ""
    first = free[0].rsplit("_", 1)[1]
    out = {sp: f"after Imitate {first} (taken in order)" for sp in free[1:]}
    if why:
        out[free[0]] = why
    return out


def space_season(s: State, sp: str) -> int:
    """The season (0 Summer, 1 Winter) of action space ``sp`` in this game, as the
    engine places it: Grandmother is a Summer space with three players; an Imitate
    space belongs to both seasons and answers the current one.  An unknown space
    raises KeyError."""
    if sp in TT.IMITATE_SPACES:
        return s.season
    table = _spaces.SPACE_SEASON_3P if s.n == 3 else _spaces.SPACE_SEASON
    return table[sp]


# ---------------------------------------------------------------------------
# The home board
# ---------------------------------------------------------------------------
class Cell(NamedTuple):
    """One of the 21 cells of a home board (7 rows x 3 columns, row 0 at the sea):
    ``at`` is its number, ``row * 3 + col``.

    ``tile``: ``None`` for an empty cell, else the tile on it: ``"moor"`` (wet),
    ``"dmoor"`` (dehydrated), ``"boardwalk"``, ``"field_grain"``, ``"field_flax"``,
    ``"forest"``, ``"park"``, ``"stall"``, ``"depot"``, ``"stable"``, ``"double_stall"``
    or ``"building"``.  ``building``: the building id when ``tile == "building"``.
    ``land``: below the Dike Line.  ``peat``: Peat left on a dehydrated Moor tile or on
    the Small Boardwalk (``None`` on other cells).
    """

    at: int
    row: int
    col: int
    tile: str | None
    building: str | None
    land: bool
    peat: int | None


def _cell(pl: Player, i: int, land_from: int) -> Cell:
    code = pl.grid[i]
    row, col = divmod(i, C.COLS)
    building = None
    peat = None
    tile: str | None = code or None
    if code.startswith(_BUILDING_PREFIX):
        tile, building = "building", code[len(_BUILDING_PREFIX):]
    elif code == "dmoor":
        peat = pl.moor_peat[col]
    elif code == "boardwalk":
        peat = pl.bw_peat
    return Cell(i, row, col, tile, building, row >= land_from, peat)


def cells(s: State, p: int) -> tuple[Cell, ...]:
    """The 21 cells of player ``p``'s home board, row-major."""
    pl = s.players[p]
    land_from = C.first_land_row(pl.dikes)
    return tuple(_cell(pl, i, land_from) for i in range(C.ROWS * C.COLS))


def cell(s: State, p: int, index: int) -> Cell:
    """Cell ``index`` (0..20, row-major) of player ``p``'s home board."""
    pl = s.players[p]
    return _cell(pl, index, C.first_land_row(pl.dikes))


def enclosures(s: State, p: int) -> "Enclosures":
    """Where player ``p``'s animals can stand (pastures, stall and stable places,
    mixed places), as the engine's housing rule counts them."""
    return _engine_enclosures(s.players[p])


def dike_moves(s: State, p: int) -> int:
    """Dike moves made, 0..``catalog.MAX_DIKE_MOVES``."""
    return s.players[p].dikes


def ditches(s: State, p: int) -> tuple[str, ...]:
    """Tea & Trade: the ditches on player ``p``'s home board, as the notation names their
    edges (``"v(r,k)"`` between cells (r,k) and (r,k+1), ``"h(r,c)"`` between (r,c) and
    (r+1,c)), in edge-id order; empty in a base game."""
    mask = s.players[p].ditches
    if not mask:
        return ()
    from arle.engine.ditches import edge_name, edges_of
    return tuple(edge_name(e) for e in edges_of(mask))


def dehydrated_cells(s: State, p: int) -> tuple[int, ...]:
    """Tea & Trade: the cells (``row * 3 + col``) of player ``p``'s home board bordered by
    at least 2 ditches, the dehydrated land (T21); empty in a base game."""
    mask = s.players[p].ditches
    if not mask:
        return ()
    from arle.engine.ditches import dehydrated_cells as engine_rule
    cells_mask = engine_rule(mask)
    return tuple(i for i in range(C.ROWS * C.COLS) if cells_mask >> i & 1)


def dike_columns(s: State, p: int) -> tuple[tuple[int, ...], ...]:
    """Tea & Trade: per dike gap G0..G3 (G0 just above row 3, G3 the sea edge), the
    columns (0..2) holding a dike on player ``p``'s home board; empty in a base game,
    where only the number of dikes per gap counts."""
    pl = s.players[p]
    if pl.ditches is None:
        return ()
    return tuple(tuple(c for c in range(C.COLS) if cols >> c & 1) for cols in pl.dike_cols)


def dike_move_gaps(s: State, p: int) -> tuple[int, int] | None:
    """Tea & Trade: the gaps (G0..G3, as :func:`dike_columns`) that give and take a dike
    at player ``p``'s next dike move; None once every dike has moved or in a base game."""
    pl = s.players[p]
    if pl.ditches is None or pl.dikes >= C.MAX_DIKE_MOVES:
        return None
    return _engine_dike_gaps(pl.dikes)


# ---------------------------------------------------------------------------
# The barn
# ---------------------------------------------------------------------------
class Load(NamedTuple):
    """What one cell of a vehicle holds.

    ``kind``: ``"empty"``, ``"covered"`` (by a wider tile starting on a cell to its
    left), ``"good"`` (``item`` is the good it becomes when the vehicle is emptied:
    ``"timber"``, ``"brick"``, ``"peat"``, ``"summer_wear"``...) or ``"destination"``
    (``item`` is the destination id).
    """

    kind: str
    item: str | None = None


_EMPTY = Load("empty")
_COVER = Load("covered")


def _load(code: str) -> Load:
    if not code:
        return _EMPTY
    if code == _COVERED:
        return _COVER
    if code.startswith(_DEST_PREFIX):
        return Load("destination", code[len(_DEST_PREFIX):])
    return Load("good", code)


class BarnItem(NamedTuple):
    """A piece of equipment in the barn: its position (``slot``, as named by ``load I
    J ITEM`` and ``return KIND@I``), its ``kind`` (an id of ``catalog.EQUIPMENT``) and,
    for a vehicle, the :class:`Load` of each of its cells (empty for other equipment)."""

    slot: int
    kind: str
    loads: tuple[Load, ...]


def barn(s: State, p: int) -> tuple[BarnItem, ...]:
    """Player ``p``'s barn, in order."""
    return tuple(BarnItem(i, b[0], tuple(_load(x) for x in b[1:]))
                 for i, b in enumerate(s.players[p].barn))


class Ship(NamedTuple):
    """Tea & Trade: a ship in the harbor: its position (``slot``, as named by ``load hI
    J ITEM``, ``return SHIP@hI`` and ``trade I DEST``), its ``kind`` (a side's id:
    ``fishing_cutter_small`` ...) and the :class:`Load` of each of its spaces."""

    slot: int
    kind: str
    loads: tuple[Load, ...]


def harbor(s: State, p: int) -> tuple[Ship, ...]:
    """Player ``p``'s harbor, in order (empty in a base game)."""
    return tuple(Ship(i, h[0], tuple(_load(x) for x in h[1:]))
                 for i, h in enumerate(s.players[p].harbor))


def ships_left(s: State) -> dict[str, int]:
    """Tea & Trade: the ship tiles of each kind (``fishing_cutter``, ``trading_ship``)
    left in the shared supply (T1): the box's tiles less those in every harbor."""
    from arle.engine.harbor import supply_left
    return {kind: supply_left(s, kind) for kind in TT.SHIP_SUPPLY}


def barn_has_room(s: State, p: int, kind: str) -> bool:
    """Whether player ``p``'s barn has a free slot for a piece of equipment ``kind``
    (the barn's rule, as the engine applies it; the supply is not looked at)."""
    from arle.engine.farm import barn_has_room as engine_rule
    return engine_rule(s.players[p], kind)


def _loaded(pl: Player) -> tuple[list[str], list[str]]:
    """(goods loaded, destinations loaded) over every vehicle (and ship) of ``pl``."""
    goods: list[str] = []
    dests: list[str] = []
    for b in (*pl.barn, *pl.harbor):
        for code in b[1:]:
            if code and code != _COVERED:
                if code.startswith(_DEST_PREFIX):
                    dests.append(code[len(_DEST_PREFIX):])
                else:
                    goods.append(code)
    return goods, dests


def loaded_goods(s: State, p: int) -> dict[str, int]:
    """Goods on player ``p``'s vehicles and ships (what they become when unloaded) ->
    count."""
    out: dict[str, int] = {}
    for g in _loaded(s.players[p])[0]:
        out[g] = out.get(g, 0) + 1
    return out


# ---------------------------------------------------------------------------
# Goods, tools, animals, travel, buildings
# ---------------------------------------------------------------------------
def resources(s: State, p: int) -> dict[str, int]:
    """Every resource of ``catalog.RESOURCES`` -> count (goods track and supply; in an
    expansion game Tea and East Frisian Tea too)."""
    return dict(zip(TT.TT_RESOURCES, s.players[p].res))


def goods(s: State, p: int) -> dict[str, int]:
    """The goods track: ``food`` (0..30) and the goods-track goods (0..15)."""
    res = s.players[p].res
    return {C.RESOURCES[r]: res[r] for r in C.GOODS_TRACK}


def supply(s: State, p: int) -> dict[str, int]:
    """The personal supply: building materials, Peat, textiles, clothing."""
    res = s.players[p].res
    out = {C.RESOURCES[r]: res[r] for r in C.SUPPLY_ITEMS}
    for r in range(len(C.RESOURCES), len(res)):     # Tea & Trade: Tea, EF Tea
        out[TT.TT_RESOURCES[r]] = res[r]
    return out


def animals(s: State, p: int) -> dict[str, int]:
    """``sheep``, ``cattle``, ``horse`` (catalog spelling) -> count."""
    a = s.players[p].animals
    return {C.ANIMALS[i]: a[i] for i in range(3)}


def tools(s: State, p: int) -> dict[str, int]:
    """Tool track -> the value shown by its indicator."""
    t = s.players[p].tools
    return {TT.TT_TOOLS[i]: TT.TT_TOOL_VALUES[i][t[i]] for i in range(len(t))}


def tool_positions(s: State, p: int) -> dict[str, int]:
    """Tool track -> the indicator's position (0 = leftmost)."""
    t = s.players[p].tools
    return {TT.TT_TOOLS[i]: t[i] for i in range(len(t))}


def travel(s: State, p: int) -> tuple[str, ...]:
    """Destinations on the Travel Experience track (vehicles already emptied)."""
    return tuple(s.players[p].travel)


def destinations_used(s: State, p: int) -> tuple[str, ...]:
    """Destinations used: on the track, then those still loaded on vehicles."""
    pl = s.players[p]
    return tuple(pl.travel) + tuple(_loaded(pl)[1])


def buildings(s: State, p: int) -> tuple[str, ...]:
    """Building ids on player ``p``'s home board."""
    return tuple(s.players[p].buildings)


def decision_depth(s: State) -> int:
    """How many decisions and continuations are pending (0 between worker turns)."""
    return len(s.stack)


# The one reader of the whole pending stack (the top decision is ``s.pending()``; a
# transposition key of the whole position is ``s.key()``).
def pending_steps(s: State) -> tuple[tuple[int, str], ...]:
    """Every pending step, bottom to top, as (player, name): a decision's kind (a
    :data:`arle.decision.KINDS` entry) or a continuation's name (``"sustenance"``,
    ``"harvest"``, ``"breeding"``...): what is still to come in this phase."""
    return tuple((f.p, f.name if isinstance(f, Effect) else f.KIND) for f in s.stack)


# ---------------------------------------------------------------------------
# The scoring pad's view
# ---------------------------------------------------------------------------
_MOOR_TOP = tuple(a for a, _b in C.MOOR_CELLS)
_GOODS = tuple(C.RESOURCES[r] for r in C.GOODS_TRACK)
_GOODS_AT = tuple(C.GOODS_TRACK)
_SUPPLY = tuple(C.RESOURCES[r] for r in C.SUPPLY_ITEMS)
_SUPPLY_FROM, _SUPPLY_TO = C.SUPPLY_ITEMS[0], C.SUPPLY_ITEMS[-1] + 1
#: The home-board tiles the scoring pad counts, by their place in :func:`farm`'s tally.
_SCORED_TILE = {"stall": 0, "depot": 1, "stable": 2, "double_stall": 3, "forest": 4,
                "park": 5}
assert C.SUPPLY_ITEMS == tuple(range(_SUPPLY_FROM, _SUPPLY_TO))


def farm(s: State, p: int) -> Farm:
    """Player ``p``'s farm as the scoring pad sees it (vehicle loads count as emptied:
    goods into the supply, destination tiles onto the travel track).

    Search bots score many positions, so this is written for speed."""
    pl = s.players[p]
    res = pl.res
    supply_counts = dict(zip(_SUPPLY, res[_SUPPLY_FROM:_SUPPLY_TO]))
    travel_ids = pl.travel[:]
    for b in pl.barn:
        if len(b) > 1:
            for code in b[1:]:
                if code and code != _COVERED:
                    if code.startswith(_DEST_PREFIX):
                        travel_ids.append(code[len(_DEST_PREFIX):])
                    else:      # (Tea & Trade: East Frisian Tea, counted below)
                        supply_counts[code] = supply_counts.get(code, 0) + 1
    g = pl.grid
    a = pl.animals
    moors = dmoors = 0
    for c in _MOOR_TOP:
        kind = g[c]
        if kind == "moor":
            moors += 1
        elif kind == "dmoor":
            dmoors += 1
    # The scored tiles, counted in one pass over the home board (not a count() each).
    tiles = [0, 0, 0, 0, 0, 0]
    for kind in g:
        if kind:
            i = _SCORED_TILE.get(kind)
            if i is not None:
                tiles[i] += 1
    tools: tuple[Sequence[str], Sequence[Sequence[int]]] = (C.TOOLS, C.TOOL_VALUES)
    extra: dict[str, Any] = {}
    if pl.ditches is not None:        # Tea & Trade: Tea, Digging Spades, ditches, ships
        for h in pl.harbor:           # ship loads count as emptied, as vehicle loads
            for code in h[1:]:
                if code and code != _COVERED:
                    supply_counts[code] = supply_counts.get(code, 0) + 1
        for r in (TT.TEA, TT.EAST_FRISIAN_TEA):
            name = TT.TT_RESOURCES[r]
            supply_counts[name] = res[r] + supply_counts.get(name, 0)
        tools = (TT.TT_TOOLS, TT.TT_TOOL_VALUES)
        extra = {"expansion": True, "harbor": [h[0] for h in pl.harbor],
                 "ditches": pl.ditches.bit_count()}
    goods: dict[str, int] = {}
    for name, r in zip(_GOODS, _GOODS_AT):
        goods[name] = res[r]
    tool_counts: dict[str, int] = {}
    for name, values, at in zip(tools[0], tools[1], pl.tools):
        tool_counts[name] = values[at]
    return Farm(
        goods=goods,
        supply=supply_counts,
        animals={"sheep": a[0], "cattle": a[1], "horses": a[2]},
        tools=tool_counts,
        barn=[b[0] for b in pl.barn],
        travel=travel_ids,
        buildings=pl.buildings[:],
        stalls=tiles[0], depots=tiles[1], stables=tiles[2], double_stalls=tiles[3],
        forests=tiles[4], parks=tiles[5],
        moors=moors,
        dehydrated_moors=dmoors,
        boardwalk=g[C.BOARDWALK_CELL] == "boardwalk",
        dikes_moved=pl.dikes,
        supply_bottlenecks=pl.bottleneck,
        **extra,
    )


# The scoring pad's tables, by the state's indices (for score_total), as Final names of
# homogeneous types: the compiled build reads them as native constants and indexes the
# tuples without boxing (a fixed-length tuple is rebuilt as an object at each index).
#: The supply items worth VP (their index in ``Player.res``) and their VP each.
_SUPPLY_VP_AT: Final[tuple[tuple[int, float], ...]] = tuple(
    (r, _sc._SUPPLY_VP[C.RESOURCES[r]]) for r in C.SUPPLY_ITEMS
    if _sc._SUPPLY_VP[C.RESOURCES[r]])
_LOAD_VP: Final[dict[str, float]] = dict(_sc._SUPPLY_VP)
_FOOD_AT: Final[int] = C.GOODS_TRACK[0]
_GOODS_REST_AT: Final[tuple[int, ...]] = tuple(C.GOODS_TRACK[1:])
assert C.RESOURCES[_FOOD_AT] == "food"
_TILE_VP: dict[str, int] = {"stall": _sc._STALL_VP, "depot": _sc._DEPOT_VP,
                            "stable": _sc._STABLE_VP, "double_stall": _sc._DOUBLE_STALL_VP,
                            "forest": _sc._FOREST_VP, "park": _sc._PARK_VP}
#: Per tool track, the VP gained over its start at each position of the indicator.
_TOOL_GAIN_AT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_sc._TOOL_GAIN[name][v] for v in values)
    for name, values in zip(C.TOOLS, C.TOOL_VALUES))
_TT_TOOL_GAIN_AT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_sc._TOOL_GAIN[name][v] for v in values)
    for name, values in zip(TT.TT_TOOLS, TT.TT_TOOL_VALUES))
_SPADE_TRACK = TT.DIGGING_SPADE_TRACK
_TEA_NAMES: Final[tuple[str, ...]] = tuple(TT.TT_RESOURCES[r]
                                           for r in (TT.TEA, TT.EAST_FRISIAN_TEA))
assert _TEA_NAMES == _sc.TT_SUPPLY
# The scoring pad's tables read by score_total, bound here as Final names (the compiled
# build reads these directly, not as attributes of the scoring module at every use).
_DESTINATION_SIZE: Final = _sc._DESTINATION_SIZE
_EQUIPMENT_VP: Final = _sc._EQUIPMENT_VP
_LARGE: Final = _sc._LARGE
_NO_LARGE_VEHICLE_VP: Final = _sc.NO_LARGE_VEHICLE_VP
_TRAVEL_VP: Final[tuple[int, ...]] = tuple(C.TRAVEL_VP)
_TOOLS_START_VP: Final = _sc._TOOLS_START_VP
#: The scoring pad's VP of a Food total and of a good's count (its dicts keyed 0..cap),
#: as tuples indexed by the count (a count below 0, no key of the dicts, is refused).
_FOOD_VP: Final[tuple[int, ...]] = tuple(_sc._FOOD_VP[n] for n in range(len(_sc._FOOD_VP)))
_GOOD_VP: Final[tuple[int, ...]] = tuple(_sc._GOOD_VP[n] for n in range(len(_sc._GOOD_VP)))
assert sorted(_sc._FOOD_VP) == list(range(len(_FOOD_VP)))
assert sorted(_sc._GOOD_VP) == list(range(len(_GOOD_VP)))
_BUILDING_VP: Final = _sc._BUILDING_VP
_TOP_ROW_VP: Final[tuple[int, ...]] = tuple(_sc._TOP_ROW_VP)


#: Per home board (its 21 cell codes), what the scoring view and the evaluation count on
#: it (:func:`board_tally`), kept: a game shows few boards, and the search asks about
#: the same ones again and again (emptied when large).
_BOARD_TALLY: dict[tuple[str, ...], tuple[int, bool, int, int, int]] = {}
_BOARD_TALLY_MAX = 20_000


def board_tally(grid: list[str]) -> tuple[int, bool, int, int, int]:
    """What a home board (``Player.grid``) holds, as the scoring pad and the evaluation
    count it: (the VP of its scored tiles, moors and Small Boardwalk, whether it has a
    depot, its grain fields, flax fields, forests)."""
    key = tuple(grid)
    found = _BOARD_TALLY.get(key)
    if found is not None:
        return found
    vp = grain = flax = forests = 0
    depot = False
    for kind in key:
        if kind:
            tile_vp = _TILE_VP.get(kind)
            if tile_vp is not None:
                vp += tile_vp
                if kind == "depot":
                    depot = True
                elif kind == "forest":
                    forests += 1
            elif kind == "field_grain":
                grain += 1
            elif kind == "field_flax":
                flax += 1
    for c in _MOOR_TOP:
        kind = key[c]
        if kind == "moor":
            vp += C.MOOR_VP
        elif kind == "dmoor":
            vp += C.DEHYDRATED_MOOR_VP
    if key[C.BOARDWALK_CELL] == "boardwalk":
        vp += C.BOARDWALK_VP
    found = (vp, depot, grain, flax, forests)
    if len(_BOARD_TALLY) >= _BOARD_TALLY_MAX:
        _BOARD_TALLY.clear()
    _BOARD_TALLY[key] = found
    return found


def score_total(s: State, p: int) -> float:
    """``score_player(s, p).total`` (the scoring pad's total of :func:`farm`), the same
    to the bit, counted from the state without building the farm (the search bots'
    evaluation asks for it at every position they judge).  A belonging the scoring pad
    cannot score is handed to it, which raises its own error."""
    try:
        pl = s.players[p]
        home_vp, depots, _grain, _flax, _forests = board_tally(pl.grid)
        return _total(pl, home_vp, depots)
    except (KeyError, IndexError):
        return score_farm(farm(s, p)).total


def score_total_with(s: State, p: int, home_vp: int, depots: bool) -> float:
    """:func:`score_total`, for a caller that holds the :func:`board_tally` of the
    player's home board already (its VP and whether it has a depot)."""
    try:
        return _total(s.players[p], home_vp, depots)
    except (KeyError, IndexError):
        return score_farm(farm(s, p)).total


def _total(pl: Player, home_vp: int, depots: bool) -> float:
    """The sum of :func:`arle.scoring.score_farm` 's categories for one player, read
    from its belongings as :func:`farm` reads them (``home_vp`` and ``depots``: the
    :func:`board_tally` of its home board).  Every figure is a whole number or a half,
    so the sum is exact whatever its order."""
    res = pl.res
    clothing = 0.0
    for r, vp in _SUPPLY_VP_AT:
        clothing += vp * res[r]
    covered = 0
    destination_size = _DESTINATION_SIZE
    for d in pl.travel:
        covered += destination_size[d]
    equipment = 0
    large = False
    tea_loads: list[str] | None = None      # made when a Tea load is met (Tea & Trade)
    load_vp = _LOAD_VP
    for b in pl.barn:
        kind = b[0]
        equipment += _EQUIPMENT_VP[kind]
        if kind in _LARGE:
            large = True
        for i in range(1, len(b)):
            code = b[i]
            if code and code != _COVERED:
                if code.startswith(_DEST_PREFIX):
                    covered += destination_size[code[len(_DEST_PREFIX):]]
                else:
                    clothing += load_vp[code]
                    if code in _TEA_NAMES:
                        if tea_loads is None:
                            tea_loads = []
                        tea_loads.append(code)
    if not large:
        equipment += _NO_LARGE_VEHICLE_VP
    travel = _TRAVEL_VP[covered]
    tools = _TOOLS_START_VP
    gains = _TOOL_GAIN_AT if pl.ditches is None else _TT_TOOL_GAIN_AT
    for gain, at in zip(gains, pl.tools):
        tools += gain[at]
    food = res[_FOOD_AT]
    if food < 0:
        raise KeyError(food)
    goods_vp = _FOOD_VP[food]
    good_vp = _GOOD_VP
    for r in _GOODS_REST_AT:
        n = res[r]
        if n < 0:
            raise KeyError(n)
        goods_vp += good_vp[n]
    home = 0
    building_vp = _BUILDING_VP
    for bid in pl.buildings:
        home += building_vp[bid]
    home += home_vp
    if depots:
        goods_vp *= 2
    home += _TOP_ROW_VP[pl.dikes]
    a = pl.animals
    x, y, z = a[0], a[1], a[2]
    # the two smallest counts: 2 VP for each of the smallest, 1 for the middle one
    if x > y:
        x, y = y, x
    if y > z:
        y = z
        if x > y:
            x, y = y, x
    total = (clothing + equipment + travel + tools + goods_vp + home + (2 * x + y)
             + pl.bottleneck)
    if pl.ditches is None:
        return float(total)
    # Tea & Trade: ship loads count as emptied, Tea in its own row, ships, Digging Spades
    for h in pl.harbor:
        for i in range(1, len(h)):
            code = h[i]
            if code and code != _COVERED:
                clothing_vp = _LOAD_VP[code]
                total += clothing_vp
                if code in _TEA_NAMES:
                    if tea_loads is None:
                        tea_loads = []
                    tea_loads.append(code)
        total += _sc._SHIP_VP[h[0]]
    tea_vp = _sc._TEA_VP
    for k, r in zip(_TEA_NAMES, (TT.TEA, TT.EAST_FRISIAN_TEA)):
        total += tea_vp[k] * (res[r] + (tea_loads.count(k) if tea_loads is not None else 0))
    tools_at = pl.tools
    spade = (TT.TT_TOOL_VALUES[_SPADE_TRACK][tools_at[_SPADE_TRACK]]
             if len(tools_at) > _SPADE_TRACK else TT.DIGGING_SPADE_VALUES[0])
    total += _sc._SPADE_VP[spade]
    return float(total)


def farm_sheet(s: State, p: int) -> dict[str, object]:
    """:func:`farm` in the scoring pad's JSON input format (``docs/SCORING_PAD.md``):
    ``arle score`` scores it to ``s.scores()[p]``."""
    return farm_to_dict(farm(s, p))


def score_player(s: State, p: int) -> ScoreSheet:
    """Player ``p``'s scoring pad, :func:`farm` scored (``s.scores()[p]``)."""
    return score_farm(farm(s, p))


# ---------------------------------------------------------------------------
# The automatic steps of an apply, for the game log
# ---------------------------------------------------------------------------
class Event(NamedTuple):
    """A step the engine carried out by itself inside an apply (an inventory step:
    harvest, milking, newborn animals...): whose, which (an id of
    :data:`arle.data.texts.AUTO_STEPS`), what it changed (goods and animal ids with
    their change, in the catalog's order) and the log line in words."""

    player: int
    step: str
    changes: tuple[tuple[str, int], ...]
    text: str


def last_half_year(s: State) -> int:
    """The game's last half year, as the engine ends it: 9, or 7 with three players
    (T48) unless the ``three_player_nine_half_years`` option is on.

    >>> import arle
    >>> last_half_year(arle.new_game(players=3, seed=1, expansion="tea-and-trade"))
    7
    """
    return int(_engine_last_half_year(s))


def figure_names(s: State, p: int) -> tuple[str, ...]:
    """The names of player ``p``'s figures as the engine traces them for the log
    (``arle.engine.core.TRACE``): the player's resources in the state's own layout,
    named as :func:`resources` names them (22 in a Tea & Trade game, 20 in a base
    game), then the animals as :func:`animals` names them, then ``"dike"``.

    >>> import arle
    >>> s = arle.new_game(players=2, seed=1, expansion="tea-and-trade")
    >>> figure_names(s, 0)[-6:]
    ('tea', 'east_frisian_tea', 'sheep', 'cattle', 'horse', 'dike')
    """
    pl = s.players[p]
    if len(pl.res) > len(TT.TT_RESOURCES) or len(pl.animals) > len(C.ANIMALS):
        raise ValueError(f"player {p + 1} holds {len(pl.res)} resources and "
                         f"{len(pl.animals)} animals; the catalog names "
                         f"{len(TT.TT_RESOURCES)} and {len(C.ANIMALS)}")
    return (*TT.TT_RESOURCES[:len(pl.res)], *C.ANIMALS[:len(pl.animals)], "dike")


def _words(item: str) -> str:
    return item.replace("_", " ")


def apply_logged(s: State, action: Any) -> tuple[Event, ...]:
    """``s.apply(action)`` (atomic as ever), returning the automatic steps it led to
    that changed something, in the order they ran.

    >>> import arle
    >>> s = arle.new_game(players=1, seed=1)
    >>> while s.season == 0 and s.phase == "work":
    ...     events = apply_logged(s, s.legal_actions()[0])
    >>> [e.text for e in events]               # the first November's inventory
    ['Harvest: Player 1 +1 grain, +1 flax']
    """
    from arle.data.texts import AUTO_STEPS
    from arle.engine import core
    trace: list[tuple[int, str, tuple[int, ...], tuple[int, ...]]] = []
    core.TRACE.append(trace)
    try:
        s.apply(action)
    finally:
        core.TRACE.pop()
    out = []
    for p, step, before, after in trace:
        if step not in AUTO_STEPS:
            continue
        names = figure_names(s, p)
        if len(names) != len(before) or len(before) != len(after):
            raise AssertionError(f"the engine traced {len(before)} figures of player "
                                 f"{p + 1}, the view names {len(names)}")
        changes = tuple((names[i], b - a) for i, (a, b) in enumerate(zip(before, after))
                        if b != a)
        if not changes:
            continue
        what = ", ".join(f"{n:+d} {_words(k)}" for k, n in changes)
        title = AUTO_STEPS[step]
        out.append(Event(p, step, changes,
                         f"{title[0].upper()}{title[1:]}: Player {p + 1} {what}"))
    return tuple(out)



#: What a player may do after placing a worker that is no use of the space itself: close
#: a window, pass, the next placement (and the anytime actions).
_NOT_A_USE = frozenset({"done", "skip", "end", "place", "imitate"})


def _holdings(s: State) -> tuple[object, ...]:
    """Everyone's belongings, the buildings on the board and the supplies (not who used
    the Special Action: using it is no gain)."""
    d = json.loads(s.to_json())
    return d["players"], d["board"], d["pool"]


def futile_placements(s: State) -> frozenset[str]:
    """The placements (``place SPACE ...`` and ``imitate ...`` actions, as text) open to
    the player to move that would give them nothing now: placing there changes none of
    anyone's belongings, the buildings on the board or the supplies, and opens no choice
    of the space's own (only "done", the next placement or the anytime actions, which
    are open anyway).
    The Carpenter without the goods to build anything, the Farmer without a plow or a
    field to plow, the Butcher without an animal.  A placement that ends the half year
    is never called futile (its inventory changes things whatever the space gave).

    >>> import arle
    >>> s = arle.new_game(players=1, seed=5)
    >>> sorted(futile_placements(s))          # at the start every space gives something
    []
    """
    p = s.current_player
    if p is None:
        return frozenset()
    not_a_use = _NOT_A_USE | anytime_verbs()
    before = _holdings(s)
    out = set()
    for a in s.legal_actions():
        if a.verb not in ("place", "imitate"):
            continue
        c = s.clone()
        c.apply(a)
        if c.half_year != s.half_year or c.phase != s.phase or _holdings(c) != before:
            continue
        if c.current_player == p and any(x.verb not in not_a_use
                                         for x in c.legal_actions()):
            continue
        out.add(str(a))
    return frozenset(out)


link(score_player=score_player, farm_sheet=farm_sheet)
