"""A hand-written evaluation of a Fields of Arle position, for the greedy and search bots.

:func:`evaluate` estimates the final score of one player from any decision point:

    value = score_now + sum(weight * feature)

``score_now`` (:func:`score_now`) is the scoring pad applied to the player's belongings as
they stand (``state.scores()[p].total``, by the scoring pad's own code).  The features
(:func:`features`) measure what is being built and what is still owed, each already
scaled by how much game is left, so every one of them fades to zero at the end and the
evaluation of a finished game is its exact score:

* the workers still to place (each worker is worth roughly a fixed number of points);
* goods whose value lies in what they become (Wood, Clay, Timber, Brick, the goods-track
  goods, fabrics), open land, dike progress, Peat still on the moors;
* production engines: tool tracks, vehicle loading spaces (one conversion per half
  year), fields and forests (one harvest per November), milking, shearing, breeding,
  light-green houses (one use per November), Peat Boats, Plows;
* Tea & Trade (zero in base games): Tea in hand, Digging Spades, ditches and dehydrated
  land, and the ships' future: a trade per uncovered Trading Ship space and Inventory
  left, a Food per uncovered Fishing Cutter space and Inventory left (also counted as
  income against the sustenance still owed), ship spaces to load;
* Food and fuel: what covers the sustenance still to pay is worth more than a surplus,
  and a shortfall at the next inventory costs almost the 2 VP per missing unit the rules
  charge, more so when the player has few workers left to fix it.

The weights were set by hand from the game's exchange rates (a worker action brings
about 2-3 VP, a Food about 0.5 VP while it is still needed) and then adjusted on
self-play games; ``docs/BOTS.md`` explains how.  Nothing here changes the state.
"""

from __future__ import annotations

from math import isfinite
from operator import mul
from typing import Final, NamedTuple

from arle import animals as A
from arle.animals import Enclosures, breeding_options
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.scoring import best_food_split
from arle.state import Player, State
from arle.view import (board_tally, dehydrated_cells, enclosures, last_half_year, pending_steps,
                       score_total, score_total_with)

__all__ = ["FEATURES", "TUNED_SOLO", "WEIGHTS", "TimeLeft", "Weighted", "evaluate", "features",
           "score_now", "time_left", "tuned_evaluator", "weights_from", "workers_left"]

# ---------------------------------------------------------------------------
# ---------------------------------------------------------------------------
# Static tables derived from the catalog
# ---------------------------------------------------------------------------
# The catalog's numbers bound here as Final names: the compiled build reads these as
# native constants (a module's attribute is a dictionary look-up at every use).
_GOOD_VP: Final[tuple[int, ...]] = C.GOODS_TRACK_VP
# Goods-track VP of a Food total, with the scoring pad's best split over two indicators.
_FOOD_VP: Final[tuple[int, ...]] = tuple(sum(_GOOD_VP[x] for x in best_food_split(food))
                                         for food in range(C.FOOD_CAP + 1))
_MOOR_TOP: Final[tuple[int, ...]] = tuple(top for top, _bottom in C.MOOR_CELLS)
_BOARDWALK: Final[int] = C.BOARDWALK_CELL
_UNIT_SPACES: Final[dict[str, int]] = {k: sum(w for w in cells)
                                       for k, cells in C.VEHICLE_CELLS.items()}
_SINGLE_SPACES: Final[dict[str, int]] = {k: sum(1 for w in cells if w == 1)
                                         for k, cells in C.VEHICLE_CELLS.items()}
_LIGHT_GREEN: Final = frozenset(C.LIGHT_GREEN)
_DARK_GREEN: Final = frozenset(C.DARK_GREEN)
_HALF_YEARS: Final[int] = C.HALF_YEARS
_WORKERS_PER_PLAYER: Final[int] = C.WORKERS_PER_PLAYER
_TOTAL_WORKERS: Final[int] = C.WORKERS_PER_PLAYER * C.HALF_YEARS
_SUSTENANCE_FOOD: Final[int] = C.SUSTENANCE_FOOD
_SUSTENANCE_PEAT: Final[int] = C.SUSTENANCE_PEAT_NOVEMBER
_SHEEP: Final[int] = C.SHEEP
_CATTLE: Final[int] = C.CATTLE
_FOOD: Final[int] = C.FOOD
_GRAIN: Final[int] = C.GRAIN
_FLAX: Final[int] = C.FLAX
_HIDE: Final[int] = C.HIDE
_WOOL: Final[int] = C.WOOL
_WOOD: Final[int] = C.WOOD
_CLAY: Final[int] = C.CLAY
_TIMBER: Final[int] = C.TIMBER
_BRICK: Final[int] = C.BRICK
_PEAT: Final[int] = C.PEAT
_LINEN: Final[int] = C.LINEN
_WOOLEN: Final[int] = C.WOOLEN
_LEATHER: Final[int] = C.LEATHER
_PASTURE_CAPACITY: Final[int] = A.PASTURE_CAPACITY
_STALL_CAPACITY: Final[int] = A.STALL_CAPACITY
_STABLE_CAPACITY: Final[int] = A.STABLE_CAPACITY

# Tool tracks grouped by what an extra step brings per use of its space.
_PRODUCTION_TOOLS = (C.FISH_TRAPS, C.SHOVELS, C.AXES, C.SPADES)
_CONVERSION_TOOLS = (C.FLESHING_BEAMS, C.WEAVING_LOOMS, C.SLAUGHTERING_TABLES,
                     C.POTTERY_WHEELS, C.OVENS)
_FISH_TRAPS: Final[int] = C.FISH_TRAPS
_SHOVELS: Final[int] = C.SHOVELS
_AXES: Final[int] = C.AXES
_SPADES: Final[int] = C.SPADES
_FLESHING_BEAMS: Final[int] = C.FLESHING_BEAMS
_WEAVING_LOOMS: Final[int] = C.WEAVING_LOOMS
_SLAUGHTERING_TABLES: Final[int] = C.SLAUGHTERING_TABLES
_POTTERY_WHEELS: Final[int] = C.POTTERY_WHEELS
_OVENS: Final[int] = C.OVENS
_WORKBENCHES: Final[int] = C.WORKBENCHES


def _table(n: int, table: tuple[tuple[int, int], ...]) -> int:
    for threshold, value in table:
        if n >= threshold:
            return value
    return 0


#: :func:`_table` of each animal count 0.._TABLES_TOP (any larger count as the top one),
#: looked up instead of scanned.
_TABLES_TOP: Final[int] = max(n for table in (C.MILK_SHEEP, C.MILK_CATTLE, C.SHEAR)
                              for n, _v in table)
_MILK_SHEEP: Final[tuple[int, ...]] = tuple(_table(n, C.MILK_SHEEP)
                                            for n in range(_TABLES_TOP + 1))
_MILK_CATTLE: Final[tuple[int, ...]] = tuple(_table(n, C.MILK_CATTLE)
                                             for n in range(_TABLES_TOP + 1))
_SHEAR: Final[tuple[int, ...]] = tuple(_table(n, C.SHEAR) for n in range(_TABLES_TOP + 1))


# ---------------------------------------------------------------------------
# The scoring pad, straight from the state
# ---------------------------------------------------------------------------
def score_now(s: State, p: int) -> float:
    """The scoring pad of player ``p`` for the belongings as they stand now: the
    scoring pad itself (:func:`arle.scoring.score_farm` of :func:`arle.view.farm`),
    ``s.scores()[p].total`` (vehicle loads count as emptied), counted straight from the
    state (:func:`arle.view.score_total`, the same to the bit)."""
    return score_total(s, p)


# ---------------------------------------------------------------------------
# ---------------------------------------------------------------------------
# Time
# ---------------------------------------------------------------------------
def half_year(s: State) -> int:
    """The half year on the 9-half-year scale the tables are built for: the half year
    itself with 1-2 players; with three (7 half years, T48) it is moved on by the half
    years the game is shorter (same season), so the estimate counts the time really
    left."""
    if s.n != 3:
        return s.half_year
    return s.half_year + _HALF_YEARS - last_half_year(s)


def workers_left(s: State, p: int) -> tuple[int, int]:
    """(workers ``p`` still places this half year, workers of later half years)."""
    return _workers_left(s, p, half_year(s))


def _workers_left(s: State, p: int, hy: int) -> tuple[int, int]:
    """:func:`workers_left`, with ``hy`` the :func:`half_year` of ``s``."""
    future = _WORKERS_PER_PLAYER * (_HALF_YEARS - hy)
    if s.phase != "work":
        return 0, future
    n = s.n
    total = _WORKERS_PER_PLAYER * n
    # the turns t in turn..total-1 whose player (start_player + t) % n is p: those
    # with t = p - start_player (mod n), from the first at or after the turn
    first = s.turn + (p - s.start_player - s.turn) % n
    left = (total - 1 - first) // n + 1 if first < total else 0
    # A worker whose placement is being resolved (a frame on the stack) is already used.
    return left, future
_PRODUCTION_STEPS = frozenset({"harvest", "milk", "breeding", "breed", "shear"})


class TimeLeft(NamedTuple):
    """What is still to come for one player, counted in inventories.

    ``feed``/``fuel``: sustenance payments (Food, and Peat in November) still to make;
    ``nov``/``may``: November and May productions (milking and harvest; breeding and
    shearing) still to come; ``houses``: light-green house uses still to come;
    ``pending``: the current half year's sustenance is still to pay.  The ``g_``
    figures count the same inventories, each weighted by the share of the game's actions
    left after it (what a good gained then is still worth for building).
    """

    feed: int
    fuel: int
    nov: int
    may: int
    houses: int
    pending: bool
    g_nov: float
    g_may: float
    g_houses: float


def _time_table(h: int, sustain: bool, production: bool, houses: bool) -> TimeLeft:
    later_nov = later_may = 0
    g_nov = g_may = 0.0
    for hy in range(h + 1, C.HALF_YEARS + 1):
        if hy % 2:
            later_nov += 1
            g_nov += (C.HALF_YEARS - hy) / C.HALF_YEARS
        else:
            later_may += 1
            g_may += (C.HALF_YEARS - hy) / C.HALF_YEARS
    g_now = (C.HALF_YEARS - h) / C.HALF_YEARS
    summer = h % 2 == 1
    return TimeLeft(
        feed=later_nov + later_may + (1 if sustain else 0),
        fuel=later_nov + (1 if sustain and summer else 0),
        nov=later_nov + (1 if production and summer else 0),
        may=later_may + (1 if production and not summer else 0),
        houses=later_nov + (1 if houses and summer else 0),
        pending=sustain,
        g_nov=g_nov + (g_now if production and summer else 0.0),
        g_may=g_may + (g_now if production and not summer else 0.0),
        g_houses=g_nov + (g_now if houses and summer else 0.0),
    )


_TIME = {(h, a, b, c): _time_table(h, a, b, c)
         for h in range(1, C.HALF_YEARS + 1)
         for a in (False, True) for b in (False, True) for c in (False, True)}


class _Time:
    """A :class:`TimeLeft` as a plain class with typed attributes (native ones in the
    compiled build, where a named tuple's fields are looked up by name)."""

    __slots__ = ("feed", "fuel", "nov", "may", "houses", "pending", "g_nov", "g_may",
                 "g_houses")

    def __init__(self, t: TimeLeft) -> None:
        self.feed: int = t.feed
        self.fuel: int = t.fuel
        self.nov: int = t.nov
        self.may: int = t.may
        self.houses: int = t.houses
        self.pending: bool = t.pending
        self.g_nov: float = t.g_nov
        self.g_may: float = t.g_may
        self.g_houses: float = t.g_houses


#: :data:`_TIME` by position: ``_TIME_AT[8 * h + 4 * sustain + 2 * production + houses]``
#: (the entries of h = 0, which no game reaches, stand for nothing and are never read).
_TIME_AT: Final[tuple[_Time, ...]] = tuple(
    _Time(_TIME[(max(h, 1), a, b, c)])
    for h in range(C.HALF_YEARS + 1)
    for a in (False, True) for b in (False, True) for c in (False, True))


def time_left(s: State, p: int) -> TimeLeft:
    """The inventories still to come for player ``p`` (see :class:`TimeLeft`)."""
    return _TIME[_time_key(s, p, half_year(s))]


def _time_key(s: State, p: int, hy: int) -> tuple[int, bool, bool, bool]:
    """The key of :data:`_TIME` for player ``p`` in ``s``, ``hy`` the :func:`half_year`
    of ``s``."""
    if s.phase == "work":
        return hy, True, True, True
    sustain = production = houses = False
    if s.phase != "over":
        for who, name in pending_steps(s):
            if who != p:
                continue
            if name in ("sustain", "sustenance"):
                sustain = True
            elif name in _PRODUCTION_STEPS:
                production = True
            elif name in ("before_november", "houses_before_november"):
                houses = True
    return hy, sustain, production, houses


def _time_at(s: State, p: int, hy: int) -> _Time:
    """:func:`time_left` as a :class:`_Time`."""
    if not 1 <= hy <= _HALF_YEARS:
        raise KeyError((hy, "half year out of range"))
    if s.phase == "work":
        return _TIME_AT[8 * hy + 7]
    _h, sustain, production, houses = _time_key(s, p, hy)
    return _TIME_AT[8 * hy + 4 * sustain + 2 * production + houses]


# ---------------------------------------------------------------------------
# Features
# ---------------------------------------------------------------------------
FEATURES: tuple[str, ...] = (
    "workers",          # workers still to place (this and later half years)
    "workers2",         # the same x time (early actions build engines: worth more)
    "land",             # empty land spaces x time
    "dikes",            # dike moves made x time
    "moor_peat",        # Peat still on moor tiles and the boardwalk x time
    "tools_prod",       # steps on Fish Traps, Shovels, Axes, Spades x time
    "tools_conv",       # steps on the conversion tools x time
    "workbenches",      # steps on Workbenches x time
    "load_spaces",      # vehicle unit spaces x loading opportunities left
    "free_spaces_now",  # single spaces still free this work phase (usable now)
    "births",           # best newborns x Mays left (time-weighted)
    "animals",          # animals (food reserve, breeding stock) x time
    "room",             # spare animal capacity x time
    "light_green",      # light-green houses x Novembers left (time-weighted)
    "dark_green",       # dark-green houses x time
    "plows",            # plows x time
    "peat_boats",       # peat boats x time
    "food_track",       # goods-track VP of the Food and Grain left after the sustenance
                        # still to pay, minus that of what is held (the scoring pad counts
                        # the latter)
    "food_deficit",     # sustenance still to pay beyond Food+Grain held and coming
    "food_short",       # shortfall at the next inventory x urgency
    "fuel_deficit",     # fuel still to pay beyond the Peat held
    "fuel_short",       # fuel shortfall at the next November x urgency
    "food_extra",       # Food beyond the sustenance still to pay x time
    "peat_extra",       # Peat beyond the fuel still to pay x time
    # goods held x time (plus what fields, forests and sheep will bring, each unit
    # weighted by the share of the game left when it comes)
    "wood", "clay", "timber", "brick", "grain", "flax", "hide", "wool",
    "fabrics",          # Linen, Woolen, Leather (each can become a wear)
    # Tea & Trade (zero in base games): the potential the expansion's rows do not show
    "tea",              # Tea in hand x time (each improves a later action)
    "ef_tea",           # East Frisian Tea in hand x time (improves by 2, or doubles)
    "digging_spades",   # steps on the Digging Spade track x time
    "ditches",          # ditches dug x time (buildings pay per ditch; dehydration)
    "dehydrated",       # dehydrated cells x time (land for 3 sheep, Moor tiles' Peat)
    "trades",           # uncovered Trading Ship spaces x Inventories left (a trade each)
    "cutters",          # uncovered Fishing Cutter spaces x Inventories left (1 Food each)
    "ship_spaces",      # ship spaces x loading opportunities left (like vehicles')
)

#: Weights of :data:`FEATURES`; see the module docstring.
WEIGHTS: dict[str, float] = {
    "workers": 2.35,
    "workers2": 0.8,
    "land": 1.2,
    "dikes": 0.4,
    "moor_peat": 0.25,
    "tools_prod": 0.6,
    "tools_conv": 0.4,
    "workbenches": 1.2,
    "load_spaces": 0.35,
    "free_spaces_now": 0.15,
    "births": 1.0,
    "animals": 0.3,
    "room": 0.25,
    "light_green": 1.5,
    "dark_green": 1.5,
    "plows": 1.5,
    "peat_boats": 0.5,
    "food_track": 1.0,
    "food_deficit": -0.6,
    "food_short": -2.0,
    "fuel_deficit": -0.6,
    "fuel_short": -2.0,
    "food_extra": 0.35,
    "peat_extra": 0.35,
    "wood": 0.55,
    "clay": 0.45,
    "timber": 0.7,
    "brick": 0.6,
    "grain": 0.4,
    "flax": 0.4,
    "hide": 0.3,
    "wool": 0.35,
    "fabrics": 0.8,
    "tea": 0.6,
    "ef_tea": 1.0,
    "digging_spades": 0.5,
    "ditches": 0.15,
    "dehydrated": 0.2,
    "trades": 0.5,
    "cutters": 0.4,
    "ship_spaces": 0.8,
}

#: The weights of :data:`FEATURES` in their order (for a caller's own weights, evaluate
#: takes a list in this order): the evaluation adds its terms in this order, one after
#: the other from 0.0, which is how ``sum()`` adds them (the same float to the bit as
#: ``sum(map(mul, _W, features(s, p)))``).
_W: Final[list[float]] = [WEIGHTS[name] for name in FEATURES]
#: The base game's features are the first ones; the expansion's follow.
_N_BASE: Final[int] = FEATURES.index("tea")
# _judge's weighted sum names the base game's 33 terms one by one (w[0] to w[32])
assert FEATURES[_N_BASE - 1] == "fabrics" and _N_BASE == 33

_SPADE_TOOL: Final[int] = TT.TT_TOOLS.index("digging_spades")
_TEA: Final[int] = TT.TEA
_EAST_FRISIAN_TEA: Final[int] = TT.EAST_FRISIAN_TEA
_CUTTER_FOOD: Final[int] = TT.CUTTER_FOOD_PER_SPACE
_TRADING: Final = frozenset(k for k, kind in TT.SHIP_KIND.items() if kind == "trading_ship")
_NO_TT = (0.0,) * (len(FEATURES) - _N_BASE)


def _tt_features(s: State, p: int, pl: Player, f: float, halves: int,
                 inventories: int) -> tuple[list[float], int]:
    """The expansion's features (order of the end of :data:`FEATURES`) and the Food the
    Fishing Cutters will still bring."""
    res = pl.res
    trade = cutter = ship_spaces = 0
    for h in pl.harbor:
        free = h[1:].count("")
        ship_spaces += len(h) - 1
        if h[0] in _TRADING:
            trade += free
        else:
            cutter += free
    ditches = pl.ditches
    n_ditches = ditches.bit_count() if ditches else 0
    dry = len(dehydrated_cells(s, p)) if n_ditches >= 2 else 0
    spades = pl.tools[_SPADE_TOOL] if len(pl.tools) > _SPADE_TOOL else 0
    return ([res[_TEA] * f, res[_EAST_FRISIAN_TEA] * f, spades * f, n_ditches * f,
             dry * f, trade * inventories, cutter * inventories,
             ship_spaces * halves / _HALF_YEARS],
            cutter * _CUTTER_FOOD * inventories)


class _Board:
    """What the evaluation reads off one home board: the scoring pad's tally of its
    tiles (:func:`arle.view.board_tally`), its enclosures (:func:`arle.view.enclosures`),
    its moors and Small Boardwalk, and the best births of each animal count in it.  One
    is kept per board (the grid with the dike moves and the ditches, on which the
    enclosures depend), so each position judged costs one look-up instead of three."""

    __slots__ = ("vp", "depot", "grain_fields", "flax_fields", "forests", "enc", "land",
                 "stalls", "stables", "mixed", "dry_moors", "wet_moors", "boardwalk",
                 "births")

    def __init__(self, s: State, p: int) -> None:
        g = s.players[p].grid
        vp, depot, grain_fields, flax_fields, forests = board_tally(g)
        self.vp: int = vp
        self.depot: bool = depot
        self.grain_fields: int = grain_fields
        self.flax_fields: int = flax_fields
        self.forests: int = forests
        enc = enclosures(s, p)
        self.enc: Enclosures = enc
        self.land: int = enc.pastures
        self.stalls: int = enc.stalls
        self.stables: int = enc.stables
        self.mixed: int = enc.mixed
        #: the moor columns whose top tile is dehydrated (their Peat counts), and the
        #: number still wet (each can still be dehydrated for 4 Peat: counted as 2)
        self.dry_moors: list[int] = [c for c in range(len(_MOOR_TOP))
                                     if g[_MOOR_TOP[c]] == "dmoor"]
        self.wet_moors: int = sum(1 for top in _MOOR_TOP if g[top] == "moor")
        self.boardwalk: bool = g[_BOARDWALK] == "boardwalk"
        #: the most newborns of (sheep, cattle, horses) here, 0 if they do not fit
        self.births: dict[tuple[int, int, int], int] = {}

    def best_births(self, counts: tuple[int, int, int]) -> int:
        found = self.births.get(counts)
        if found is None:
            try:
                found = max(sum(o) for o in breeding_options(counts, self.enc))
            except ValueError:       # animals over capacity while a release is pending
                found = 0
            self.births[counts] = found
        return found


_BOARDS: dict[tuple[object, ...], _Board] = {}
_BOARDS_MAX: Final = 20_000


class _Last:
    """The board of the last position judged, checked before the table: a search
    judges the positions after each option of one decision in a row, which mostly
    share the board (comparing the grid's cells, the same strings, is cheaper than
    hashing them).  One tuple, replaced whole (threads read it consistent)."""

    __slots__ = ("entry",)

    def __init__(self) -> None:
        #: (a copy of the grid, dike moves, ditches, the board)
        self.entry: tuple[list[str], int, int | None, _Board] | None = None


_LAST: Final = _Last()


def _board(s: State, p: int, pl: Player) -> _Board:
    """The :class:`_Board` of player ``p`` (``pl``) in ``s``."""
    g = pl.grid
    entry = _LAST.entry
    if (entry is not None and pl.dikes == entry[1] and pl.ditches == entry[2]
            and g == entry[0]):
        return entry[3]
    key = (pl.dikes, pl.ditches, *g)
    found = _BOARDS.get(key)
    if found is None:
        found = _Board(s, p)
        if len(_BOARDS) >= _BOARDS_MAX:
            _BOARDS.clear()
        _BOARDS[key] = found
    _LAST.entry = (g[:], pl.dikes, pl.ditches, found)
    return found


def features(s: State, p: int) -> list[float]:
    """The feature vector of player ``p`` (order of :data:`FEATURES`)."""
    out = _features(s, p)
    if len(out) < len(FEATURES):      # a base game: the expansion's features are zero
        out.extend(_NO_TT)
    return out


def _features(s: State, p: int) -> list[float]:
    """:func:`features`, without the expansion's (all zero) in a base game."""
    out: list[float] = []
    _judge(s, p, out)
    return out


def _judge(s: State, p: int, out: list[float] | None,
           w: list[float] | None = None) -> float:
    """Player ``p``'s evaluation of ``s`` (not over) with the weights ``w`` (a full
    list in the order of :data:`FEATURES`; None: the hand ones, :data:`_W`), or with
    ``out`` its features (:func:`_features`) put in ``out`` (then 0.0 is returned).
    One body for both, the weighted sum taken straight from the features' values (no
    list of them)."""
    pl: Player = s.players[p]
    res = pl.res
    hy = s.half_year if s.n != 3 else half_year(s)
    now, future = _workers_left(s, p, hy)
    workers = now + future
    f = workers / _TOTAL_WORKERS           # share of the game's actions still to come
    tl = _time_at(s, p, hy)
    work = s.phase == "work"
    halves = (_HALF_YEARS - hy) + (1 if work else 0)

    board = _board(s, p, pl)
    land = board.land
    moor_peat = pl.bw_peat if board.boardwalk else 0
    moor = pl.moor_peat
    for c in board.dry_moors:
        moor_peat += moor[c]
    moor_peat += 2 * board.wet_moors
    tools = pl.tools
    prod = tools[_FISH_TRAPS] + tools[_SHOVELS] + tools[_AXES] + tools[_SPADES]
    conv = (tools[_FLESHING_BEAMS] + tools[_WEAVING_LOOMS] + tools[_SLAUGHTERING_TABLES]
            + tools[_POTTERY_WHEELS] + tools[_OVENS])

    spaces = 0
    free_now = 0
    plows = boats = 0
    for b in pl.barn:
        kind = b[0]
        if kind == "plow":
            plows += 1
        elif kind == "peat_boat":
            boats += 1
        else:
            spaces += _UNIT_SPACES[kind]
            if work:
                for i in range(1, len(b)):
                    if not b[i]:
                        free_now += 1
    depots = board.depot
    grain_fields = board.grain_fields
    flax_fields = board.flax_fields
    forests = board.forests
    an = pl.animals
    sheep = an[_SHEEP]
    cattle = an[_CATTLE]
    milk = (_MILK_SHEEP[sheep if sheep < _TABLES_TOP else _TABLES_TOP]
            + _MILK_CATTLE[cattle if cattle < _TABLES_TOP else _TABLES_TOP])
    shear = _SHEAR[sheep if sheep < _TABLES_TOP else _TABLES_TOP]
    stalls = board.stalls
    stables = board.stables
    births = 0
    if tl.may and (stalls or stables):
        births = board.best_births((an[0], an[1], an[2]))
    n_animals = an[0] + an[1] + an[2]
    room = (_PASTURE_CAPACITY * land + _STALL_CAPACITY * stalls
            + _STABLE_CAPACITY * stables + board.mixed - n_animals)
    if room < 0:
        room = 0
    elif room > 8:
        room = 8
    light = dark = 0
    for bid in pl.buildings:
        if bid in _LIGHT_GREEN:
            light += 1
        elif bid in _DARK_GREEN:
            dark += 1

    tt: list[float] | None = None
    cutter_food = 0
    if pl.ditches is not None:
        tt, cutter_food = _tt_features(s, p, pl, f, halves, tl.nov + tl.may)
    food = res[_FOOD]
    grain = res[_GRAIN]
    need_food = _SUSTENANCE_FOOD * tl.feed
    income = milk * tl.nov + grain_fields * tl.nov + cutter_food
    edible = food + grain
    food_deficit = need_food - edible - income
    if food_deficit < 0:
        food_deficit = 0
    food_extra = food - need_food if food > need_food else 0
    grain_left = grain - (need_food - food) if food < need_food else grain
    if grain_left < 0:
        grain_left = 0
    track_adjust = (_FOOD_VP[food_extra] - _FOOD_VP[food]
                    + _GOOD_VP[grain_left] - _GOOD_VP[grain])
    urgency = 1.0 if now == 0 else 0.5 if now == 1 else 0.2
    food_short = 0.0
    if tl.pending and edible < _SUSTENANCE_FOOD:
        food_short = (_SUSTENANCE_FOOD - edible) * urgency
    peat = res[_PEAT]
    need_fuel = _SUSTENANCE_PEAT * tl.fuel
    fuel_deficit = need_fuel - peat if peat < need_fuel else 0
    peat_extra = peat - need_fuel if peat > need_fuel else 0
    fuel_short = 0.0
    if tl.pending and s.half_year % 2:
        fuel = peat + res[_WOOD] + res[_TIMBER]
        if fuel < _SUSTENANCE_PEAT:
            fuel_short = (_SUSTENANCE_PEAT - fuel) * urgency
    g_nov = tl.g_nov

    # The features, in the order of FEATURES.
    x_workers2 = workers * f
    x_land = land * f
    x_dikes = pl.dikes * f
    x_moor_peat = moor_peat * f
    x_tools_prod = prod * f
    x_tools_conv = conv * f
    x_workbenches = tools[_WORKBENCHES] * f
    x_load_spaces = spaces * halves / _HALF_YEARS
    x_births = births * tl.g_may
    x_animals = n_animals * f
    x_room = room * f
    x_light_green = light * tl.g_houses
    x_dark_green = dark * f
    x_plows = plows * f
    x_peat_boats = boats * f
    x_food_track = track_adjust * (2 if depots else 1)
    x_food_extra = food_extra * f
    x_peat_extra = peat_extra * f
    x_wood = res[_WOOD] * f + forests * g_nov
    x_clay = res[_CLAY] * f
    x_timber = res[_TIMBER] * f
    x_brick = res[_BRICK] * f
    x_grain = grain * f + grain_fields * g_nov
    x_flax = res[_FLAX] * f + flax_fields * g_nov
    x_hide = res[_HIDE] * f
    x_wool = res[_WOOL] * f + shear * tl.g_may
    x_fabrics = (res[_LINEN] + res[_WOOLEN] + res[_LEATHER]) * f
    if out is not None:
        out += [workers, x_workers2, x_land, x_dikes, x_moor_peat, x_tools_prod,
                x_tools_conv, x_workbenches, x_load_spaces, free_now, x_births, x_animals,
                x_room, x_light_green, x_dark_green, x_plows, x_peat_boats, x_food_track,
                food_deficit, food_short, fuel_deficit, fuel_short, x_food_extra,
                x_peat_extra, x_wood, x_clay, x_timber, x_brick, x_grain, x_flax, x_hide,
                x_wool, x_fabrics]
        if tt is not None:
            out += tt
        return 0.0
    # The weighted sum, term by term in the order of FEATURES from 0.0 (see _W).
    if w is None:
        w = _W
    acc = (0.0 + w[0] * workers + w[1] * x_workers2 + w[2] * x_land + w[3] * x_dikes
           + w[4] * x_moor_peat + w[5] * x_tools_prod + w[6] * x_tools_conv
           + w[7] * x_workbenches + w[8] * x_load_spaces + w[9] * free_now
           + w[10] * x_births + w[11] * x_animals + w[12] * x_room
           + w[13] * x_light_green + w[14] * x_dark_green + w[15] * x_plows
           + w[16] * x_peat_boats + w[17] * x_food_track + w[18] * food_deficit
           + w[19] * food_short + w[20] * fuel_deficit + w[21] * fuel_short
           + w[22] * x_food_extra + w[23] * x_peat_extra + w[24] * x_wood
           + w[25] * x_clay + w[26] * x_timber + w[27] * x_brick + w[28] * x_grain
           + w[29] * x_flax + w[30] * x_hide + w[31] * x_wool + w[32] * x_fabrics)
    if tt is not None:
        for i in range(len(tt)):
            acc += w[_N_BASE + i] * tt[i]
    return score_total_with(s, p, board.vp, depots) + acc


def evaluate(s: State, p: int, weights: list[float] | None = None) -> float:
    """Estimated final score of player ``p`` (exact once the game is over)."""
    if s.phase == "over":
        return score_now(s, p)
    if weights is None or len(weights) >= len(FEATURES):
        # the features' terms in their order from 0.0, as sum() adds them: the same
        # float to the bit as the line below (a base game leaves the expansion's out,
        # as map does: adding the products 0.0 at the end changes nothing)
        return _judge(s, p, None, weights)
    return float(score_now(s, p) + sum(map(mul, weights, _features(s, p))))


# ---------------------------------------------------------------------------
# Other weights for the same features
# ---------------------------------------------------------------------------
#: The shipped file of weights tuned for the solo base game's greedy playouts
#: (``arle/bots/models/``; docs/BOTS.md, "Tuned weights"): each feature's weight by name.
TUNED_SOLO = "weights-solo-v1.json"


class Weighted:
    """The hand evaluation with other weights: ``Weighted(w)(s, p)`` is
    ``evaluate(s, p, w)``.  ``w`` is a list in the order of :data:`FEATURES`."""

    def __init__(self, weights: list[float]) -> None:
        if len(weights) != len(FEATURES):
            raise ValueError(f"{len(FEATURES)} weights expected, not {len(weights)}")
        self.weights = [float(w) for w in weights]

    def __call__(self, s: State, p: int) -> float:
        return evaluate(s, p, self.weights)


def weights_from(data: object) -> list[float]:
    """The weights of a weights file's JSON (``{"weights": {feature: weight}}``), in the
    order of :data:`FEATURES`; a feature the file leaves out keeps its hand weight.  A
    ValueError names what is wrong with it."""
    table = data.get("weights") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise ValueError('a weights file is a JSON object with a "weights" object')
    unknown = sorted(str(k) for k in table if k not in WEIGHTS)
    if unknown:
        raise ValueError(f"unknown feature(s) in a weights file: {', '.join(unknown)}")
    out: list[float] = []
    for name in FEATURES:
        w = table.get(name, WEIGHTS[name])
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not isfinite(w):
            raise ValueError(f"the weight of {name} must be a finite number, not {w!r}")
        out.append(float(w))
    return out


_TUNED: list[Weighted] = []


def tuned_evaluator() -> Weighted:
    """The evaluation with the shipped tuned weights (:data:`TUNED_SOLO`), read once."""
    if not _TUNED:
        import json
        from importlib import resources
        text = (resources.files("arle.bots") / "models" / TUNED_SOLO).read_text("utf-8")
        _TUNED.append(Weighted(weights_from(json.loads(text))))
    return _TUNED[0]
