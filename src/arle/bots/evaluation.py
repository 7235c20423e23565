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

from operator import mul
from typing import NamedTuple

from arle import animals as A
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.scoring import best_food_split
from arle.state import Player, State
from arle.view import (board_tally, dehydrated_cells, enclosures, last_half_year, pending_steps,
                       score_total)

__all__ = ["FEATURES", "WEIGHTS", "TimeLeft", "evaluate", "features", "score_now",
           "time_left", "workers_left"]

# ---------------------------------------------------------------------------
# Static tables derived from the catalog
# ---------------------------------------------------------------------------
_GOOD_VP = C.GOODS_TRACK_VP
# Goods-track VP of a Food total, with the scoring pad's best split over two indicators.
_FOOD_VP = tuple(sum(_GOOD_VP[x] for x in best_food_split(food))
                 for food in range(C.FOOD_CAP + 1))
_MOOR_TOP = tuple(top for top, _bottom in C.MOOR_CELLS)   # top cell of each moor column
_BOARDWALK = C.BOARDWALK_CELL
_UNIT_SPACES = {k: sum(w for w in cells) for k, cells in C.VEHICLE_CELLS.items()}
_SINGLE_SPACES = {k: sum(1 for w in cells if w == 1) for k, cells in C.VEHICLE_CELLS.items()}
_LIGHT_GREEN = frozenset(C.LIGHT_GREEN)
_DARK_GREEN = frozenset(C.DARK_GREEN)
_TOTAL_WORKERS = C.WORKERS_PER_PLAYER * C.HALF_YEARS

# Tool tracks grouped by what an extra step brings per use of its space.
_PRODUCTION_TOOLS = (C.FISH_TRAPS, C.SHOVELS, C.AXES, C.SPADES)
_CONVERSION_TOOLS = (C.FLESHING_BEAMS, C.WEAVING_LOOMS, C.SLAUGHTERING_TABLES,
                     C.POTTERY_WHEELS, C.OVENS)


def _table(n: int, table: tuple[tuple[int, int], ...]) -> int:
    for threshold, value in table:
        if n >= threshold:
            return value
    return 0


#: :func:`_table` of each animal count 0.._TABLES_TOP (any larger count as the top one),
#: looked up instead of scanned.
_TABLES_TOP = max(n for table in (C.MILK_SHEEP, C.MILK_CATTLE, C.SHEAR) for n, _v in table)
_MILK_SHEEP = tuple(_table(n, C.MILK_SHEEP) for n in range(_TABLES_TOP + 1))
_MILK_CATTLE = tuple(_table(n, C.MILK_CATTLE) for n in range(_TABLES_TOP + 1))
_SHEAR = tuple(_table(n, C.SHEAR) for n in range(_TABLES_TOP + 1))


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
# Time
# ---------------------------------------------------------------------------
def half_year(s: State) -> int:
    """The half year on the 9-half-year scale the tables are built for: the half year
    itself with 1-2 players; with three (7 half years, T48) it is moved on by the half
    years the game is shorter (same season), so the estimate counts the time really
    left."""
    if s.n != 3:
        return s.half_year
    return s.half_year + C.HALF_YEARS - last_half_year(s)


def workers_left(s: State, p: int) -> tuple[int, int]:
    """(workers ``p`` still places this half year, workers of later half years)."""
    return _workers_left(s, p, half_year(s))


def _workers_left(s: State, p: int, hy: int) -> tuple[int, int]:
    """:func:`workers_left`, with ``hy`` the :func:`half_year` of ``s``."""
    future = C.WORKERS_PER_PLAYER * (C.HALF_YEARS - hy)
    if s.phase != "work":
        return 0, future
    n = s.n
    total = C.WORKERS_PER_PLAYER * n
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


def time_left(s: State, p: int) -> TimeLeft:
    """The inventories still to come for player ``p`` (see :class:`TimeLeft`)."""
    return _time_left(s, p, half_year(s))


def _time_left(s: State, p: int, hy: int) -> TimeLeft:
    """:func:`time_left`, with ``hy`` the :func:`half_year` of ``s``."""
    if s.phase == "work":
        return _TIME[(hy, True, True, True)]
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
    return _TIME[(hy, sustain, production, houses)]


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

_SPADE_TOOL = TT.TT_TOOLS.index("digging_spades")
_TRADING = frozenset(k for k, kind in TT.SHIP_KIND.items() if kind == "trading_ship")
_NO_TT = (0.0,) * 8
_NONE: list[float] = []


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
    n_ditches = pl.ditches.bit_count() if pl.ditches else 0
    dry = len(dehydrated_cells(s, p)) if n_ditches >= 2 else 0
    spades = pl.tools[_SPADE_TOOL] if len(pl.tools) > _SPADE_TOOL else 0
    return ([res[TT.TEA] * f, res[TT.EAST_FRISIAN_TEA] * f, spades * f, n_ditches * f,
             dry * f, trade * inventories, cutter * inventories,
             ship_spaces * halves / C.HALF_YEARS],
            cutter * TT.CUTTER_FOOD_PER_SPACE * inventories)

def features(s: State, p: int) -> list[float]:
    """The feature vector of player ``p`` (order of :data:`FEATURES`)."""
    out = _features(s, p)
    if len(out) < len(FEATURES):      # a base game: the expansion's features are zero
        out.extend(_NO_TT)
    return out


def _features(s: State, p: int) -> list[float]:
    """:func:`features`, without the expansion's (all zero) in a base game."""
    pl: Player = s.players[p]
    res = pl.res
    g = pl.grid
    hy = s.half_year if s.n != 3 else half_year(s)
    now, future = _workers_left(s, p, hy)
    workers = now + future
    f = workers / _TOTAL_WORKERS           # share of the game's actions still to come
    tl = _time_left(s, p, hy)
    halves = (C.HALF_YEARS - hy) + (1 if s.phase == "work" else 0)

    enc = enclosures(s, p)
    land = enc.pastures
    moor_peat = pl.bw_peat if g[_BOARDWALK] == "boardwalk" else 0
    for c in range(3):
        if g[_MOOR_TOP[c]] == "dmoor":
            moor_peat += pl.moor_peat[c]
        elif g[_MOOR_TOP[c]] == "moor":
            moor_peat += 2          # can still be dehydrated for 4
    tools = pl.tools
    prod = tools[C.FISH_TRAPS] + tools[C.SHOVELS] + tools[C.AXES] + tools[C.SPADES]
    conv = (tools[C.FLESHING_BEAMS] + tools[C.WEAVING_LOOMS] + tools[C.SLAUGHTERING_TABLES]
            + tools[C.POTTERY_WHEELS] + tools[C.OVENS])

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
            if s.phase == "work":
                for load in b[1:]:
                    if not load:
                        free_now += 1
    # Fields, forests and depots: the home board's tally (kept per board by the view).
    _vp, depots, grain_fields, flax_fields, forests = board_tally(g)
    an = pl.animals
    sheep = an[C.SHEEP]
    cattle = an[C.CATTLE]
    milk = (_MILK_SHEEP[sheep if sheep < _TABLES_TOP else _TABLES_TOP]
            + _MILK_CATTLE[cattle if cattle < _TABLES_TOP else _TABLES_TOP])
    shear = _SHEAR[sheep if sheep < _TABLES_TOP else _TABLES_TOP]
    stalls = enc.stalls
    stables = enc.stables
    mixed = enc.mixed
    births = 0
    if tl.may and (stalls or stables):
        try:
            opts = A.breeding_options((an[0], an[1], an[2]),
                                      enc)
            births = max(sum(o) for o in opts)
        except ValueError:       # animals over capacity while a release is pending
            births = 0
    n_animals = an[0] + an[1] + an[2]
    room = (A.PASTURE_CAPACITY * land + A.STALL_CAPACITY * stalls
            + A.STABLE_CAPACITY * stables + mixed - n_animals)
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

    if pl.ditches is None:
        tt, cutter_food = _NONE, 0
    else:
        tt, cutter_food = _tt_features(s, p, pl, f, halves, tl.nov + tl.may)
    food = res[C.FOOD]
    grain = res[C.GRAIN]
    need_food = C.SUSTENANCE_FOOD * tl.feed
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
    if tl.pending and edible < C.SUSTENANCE_FOOD:
        food_short = (C.SUSTENANCE_FOOD - edible) * urgency
    peat = res[C.PEAT]
    need_fuel = C.SUSTENANCE_PEAT_NOVEMBER * tl.fuel
    fuel_deficit = need_fuel - peat if peat < need_fuel else 0
    peat_extra = peat - need_fuel if peat > need_fuel else 0
    fuel_short = 0.0
    if tl.pending and s.half_year % 2:
        fuel = peat + res[C.WOOD] + res[C.TIMBER]
        if fuel < C.SUSTENANCE_PEAT_NOVEMBER:
            fuel_short = (C.SUSTENANCE_PEAT_NOVEMBER - fuel) * urgency
    g_nov = tl.g_nov

    return [
        workers,
        workers * f,
        land * f,
        pl.dikes * f,
        moor_peat * f,
        prod * f,
        conv * f,
        tools[C.WORKBENCHES] * f,
        spaces * halves / C.HALF_YEARS,
        free_now,
        births * tl.g_may,
        n_animals * f,
        room * f,
        light * tl.g_houses,
        dark * f,
        plows * f,
        boats * f,
        track_adjust * (2 if depots else 1),
        food_deficit,
        food_short,
        fuel_deficit,
        fuel_short,
        food_extra * f,
        peat_extra * f,
        res[C.WOOD] * f + forests * g_nov,
        res[C.CLAY] * f,
        res[C.TIMBER] * f,
        res[C.BRICK] * f,
        grain * f + grain_fields * g_nov,
        res[C.FLAX] * f + flax_fields * g_nov,
        res[C.HIDE] * f,
        res[C.WOOL] * f + shear * tl.g_may,
        (res[C.LINEN] + res[C.WOOLEN] + res[C.LEATHER]) * f,
        *tt,
    ]


_W = [WEIGHTS[name] for name in FEATURES]


def evaluate(s: State, p: int, weights: list[float] | None = None) -> float:
    """Estimated final score of player ``p`` (exact once the game is over)."""
    if s.phase == "over":
        return score_now(s, p)
    w = _W if weights is None else weights
    # In a base game the expansion's features (the last ones, all zero) are left out:
    # map stops at the shorter vector, and the sum is the same to the bit (adding the
    # products 0.0 at its end changes nothing).
    return float(score_now(s, p) + sum(map(mul, w, _features(s, p))))
