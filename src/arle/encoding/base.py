"""A fixed-size numeric observation of a state from one player's point of view.

:func:`encode` returns a flat ``float32`` array of :data:`OBS_SIZE` values, all between
0 and :data:`OBS_HIGH` (the upper bound of each entry).  :data:`SLICES` names its parts;
``observation[SLICES["me.goods"]]`` is the viewer's goods.  The layout is the same for
solo and two-player games: in a solo game the ``opp.*`` block is all zero (its
``opp.status`` "present" entry is 0).

Per player (``me.*`` is the viewer, ``opp.*`` the other player):

``farm``
    21 home-board cells (row-major, 7 rows x 3 columns) x :data:`TILE_KINDS` one-hot,
    then 21 "is land" flags (below the Dike Line), the dike moves made one-hot (0..7),
    and Peat on the three Moor columns and on the Small Boardwalk (/4).
``goods``
    The 16 resources of :data:`arle.data.catalog.RESOURCES`: Food /30, goods-track goods
    /15, supply items /10 (capped at 3).
``animals``
    Sheep, cattle, horses /10 (capped at 3).
``tools``
    One-hot position on each of the 10 tool tracks (36 entries).
``barn``
    Equipment owned by kind (:data:`arle.data.catalog.EQUIPMENT`) /3.
``vehicles``
    The barn in order, :data:`BARN_SLOTS` slots x (equipment kind one-hot, then 4 cells x
    :data:`LOAD_KINDS` one-hot: empty, covered, a load, a destination tile).
``buildings``
    Buildings owned (one flag per id of :data:`arle.data.catalog.BUILDINGS`).
``travel``
    Destinations on the Travel Experience track, then their number /19.
``status``
    present, to move, start player, ended the Work Phase, used the Special Action,
    supply bottlenecks suffered /5, workers on the action board /4.

Shared:

``board.spaces``
    30 action spaces (:data:`arle.data.catalog.SPACES`) x (occupied by me, by the other).
``board.buildings``
    Buildings still on the game board.
``board.supply``
    Tile supplies (:data:`SUPPLY_POOLS`) /14.
``time``
    Half year one-hot (1..9), season (Summer, Winter), phase (work, inventory, over),
    workers placed this half year /8, two-player game flag.
``decision``
    The pending decision: kind one-hot (:data:`DECISIONS`), "the viewer decides",
    stack depth /8, then details of some kinds — conversion kind (:data:`CONVERSIONS`),
    the space whose choice is open (30) and its options (:data:`SPACE_OPTIONS`), Peat
    still to cut /7 and whether cutting is compulsory, the destination being sold at (9)
    and sales made /5, tools already moved by the Master (10), the Wainwright's vehicle
    and boat taken, the Farmer's Plow built and fields placed /3, Potter's Inn animals /4.

:func:`text_view` gives a short text form for debugging.

>>> import arle
>>> s = arle.new_game(players=2, seed=3)
>>> obs = encode(s, 0)
>>> obs.shape == (OBS_SIZE,) and obs.dtype.name == "float32"
True
>>> float(obs[SLICES["me.goods"]][5] * 10)   # Wood
4.0
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from arle import view
from arle.actionspace import BARN_SLOTS
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.state import State

__all__ = ["OBS_VERSION", "CONVERSIONS", "DECISIONS", "LOAD_KINDS", "OBS_HIGH", "OBS_SCALE", "OBS_SIZE",
           "SLICES", "SPACE_OPTIONS", "SUPPLY_POOLS", "TILE_KINDS", "counts", "densify",
           "describe", "encode", "text_view"]

Obs = npt.NDArray[np.float32]

TILE_KINDS: tuple[str, ...] = (
    "", "moor", "dmoor", "boardwalk", "field_grain", "field_flax", "forest", "park",
    "stall", "depot", "stable", "double_stall", "building", "other")
LOAD_KINDS: tuple[str, ...] = (
    ("", "+") + tuple(C.RESOURCES[r] for r in sorted(set(C.LOAD_RESULT.values())))
    + tuple("dest:" + d for d in C.DESTINATIONS) + ("other",))
SUPPLY_POOLS: tuple[str, ...] = tuple(sorted(set(C.TILE_POOL.values())))
CONVERSIONS: tuple[str, ...] = ("woolen_weaver", "linen_weaver", "tanner", "potter",
                                "baker", "bakehouse", "peat_fired_brickworks")
SPACE_OPTIONS: tuple[str, ...] = ("build", "forest", "stall", "stable", "wood", "vehicle",
                                  "imitate")
#: Pending-decision kinds: every registered frame type, then "place" (a worker to
#: place or skip), "end" (ending the Work Phase) and "over".
#: Frozen with the layout (version 1): a decision kind the engine adds later is encoded
#: in the expansion's ``tt.decision`` part only, so the base layout never moves.
_OUTSIDE_FRAMES = ("place", "end", "over")
DECISIONS: tuple[str, ...] = (
    "again", "animals_choice", "before_november", "breed", "butcher", "cell", "colonist",
    "convert", "cut", "dig", "dikes", "farmer", "fields_to_forests", "final",
    "free_equipment", "grocer", "house", "master", "merchant", "optional_animal", "pay",
    "plow_maker", "reconnect", "remove_moors", "sell", "shipwright", "smithy",
    "space_choice", "sustain", "take_animal", "trades", "tt_building", "upgrade",
    "wainwright") + _OUTSIDE_FRAMES

# (Annotated: the modules that extend this layout read them, and the compiled build
# types them from these annotations.)
N_CELLS: int = C.ROWS * C.COLS
N_RES: int = len(C.RESOURCES)
N_TILE: int = len(TILE_KINDS)
N_LOAD: int = len(LOAD_KINDS)
N_EQUIP: int = len(C.EQUIPMENT)
VEHICLE_CELLS: int = 4
SLOT_SIZE: int = N_EQUIP + VEHICLE_CELLS * N_LOAD
TOOL_OFFSETS: tuple[int, ...] = tuple(sum(len(v) for v in C.TOOL_VALUES[:t])
                                      for t in range(len(C.TOOLS)))
N_TOOL: int = sum(len(v) for v in C.TOOL_VALUES)

# Each part: (name, size, scale of its entries, upper bound of its entries).  Every
# entry is a small count (a flag is a count of 0 or 1) times its scale.
_Part = tuple[str, int, "float | tuple[float, ...]", float]
_PLAYER_PARTS: tuple[_Part, ...] = (
    ("farm", N_CELLS * N_TILE + N_CELLS + 4 + C.MAX_DIKE_MOVES + 1,
     (1.0,) * (N_CELLS * N_TILE + N_CELLS + C.MAX_DIKE_MOVES + 1) + (0.25,) * 4,
     1.0),
    ("goods", len(C.RESOURCES),
     tuple(1 / C.FOOD_CAP if r == C.FOOD else 1 / C.GOOD_CAP if r in C.GOODS_TRACK
           else 0.1 for r in range(len(C.RESOURCES))), 3.0),
    ("animals", 3, 0.1, 3.0),
    ("tools", N_TOOL, 1.0, 1.0),
    ("barn", N_EQUIP, 1 / 3, 3.0),
    ("vehicles", BARN_SLOTS * SLOT_SIZE, 1.0, 1.0),
    ("buildings", len(C.BUILDINGS), 1.0, 1.0),
    ("travel", len(C.DESTINATIONS) + 1, (1.0,) * len(C.DESTINATIONS) + (1 / C.TRAVEL_TRACK_LEN,),
     1.0),
    ("status", 7, (1.0,) * 5 + (0.2, 0.25), 3.0),
)
_N_DECISION = (len(DECISIONS) + 2 + len(CONVERSIONS) + len(C.SPACES) + len(SPACE_OPTIONS) + 2
               + len(C.DESTINATIONS) + 1 + len(C.TOOLS) + 2 + 2 + 1)
_SHARED_PARTS: tuple[_Part, ...] = (
    ("board.spaces", 2 * len(C.SPACES), 1.0, 1.0),
    ("board.buildings", len(C.BUILDINGS), 1.0, 1.0),
    ("board.supply", len(SUPPLY_POOLS), 1 / 14, 3.0),
    ("time", C.HALF_YEARS + 2 + 3 + 1 + 1, (1.0,) * (C.HALF_YEARS + 5) + (1 / 8, 1.0), 1.0),
    ("decision", _N_DECISION, 1.0, 3.0),
)


def _decision_scales() -> list[float]:
    sc = [1.0] * _N_DECISION
    o = len(DECISIONS)
    sc[o + 1] = 1 / 8                       # stack depth
    o += 2 + len(CONVERSIONS) + len(C.SPACES) + len(SPACE_OPTIONS)
    sc[o] = 1 / 7                           # Peat still to cut
    o += 2 + len(C.DESTINATIONS)
    sc[o] = 1 / 5                           # sales made
    o += 1 + len(C.TOOLS) + 2
    sc[o + 1] = 1 / 3                       # Farmer: fields placed
    sc[o + 2] = 1 / 4                       # Potter's Inn: animals to take
    return sc


#: A layout's slices, size, upper bounds and scales.
Slices = tuple[dict[str, slice], int, npt.NDArray[np.float32], npt.NDArray[np.float32]]


def lay_out(parts: list[_Part], before: Slices | None = None,
            scales_of: dict[str, list[float]] | None = None) -> Slices:
    """Slices, size, upper bounds and scales of ``parts`` (name, size, scale, high),
    placed after the layout ``before`` (for a layout that extends another); a part
    named in ``scales_of`` takes those scales."""
    slices: dict[str, slice] = {} if before is None else dict(before[0])
    at = 0 if before is None else before[1]
    highs: list[float] = [] if before is None else list(before[2])
    scales: list[float] = [] if before is None else list(before[3])
    for name, size, scale, high in parts:
        slices[name] = slice(at, at + size)
        if scales_of and name in scales_of:
            scales += scales_of[name]
        elif isinstance(scale, tuple):
            assert len(scale) == size, name
            scales += scale
        else:
            scales += [scale] * size
        highs += [high] * size
        at += size
    return (slices, at, np.array(highs, dtype=np.float32),
            np.array(scales, dtype=np.float32))


def _layout() -> Slices:
    parts = ([("me." + n, k, sc, h) for n, k, sc, h in _PLAYER_PARTS]
             + [("opp." + n, k, sc, h) for n, k, sc, h in _PLAYER_PARTS] + list(_SHARED_PARTS))
    return lay_out(parts, scales_of={"decision": _decision_scales()})


#: The layout's version: it never changes (the expansion's layout is version 2,
#: :mod:`arle.encoding.tea_trade`).
OBS_VERSION = 1
#: Named parts of the observation.
SLICES: dict[str, slice]
OBS_SIZE: int
OBS_HIGH: npt.NDArray[np.float32]
OBS_SCALE: npt.NDArray[np.float32]
SLICES, OBS_SIZE, OBS_HIGH, OBS_SCALE = _layout()
BASE_SLICES: Slices = (SLICES, OBS_SIZE, OBS_HIGH, OBS_SCALE)
_ME = {n: SLICES["me." + n].start for n, *_ in _PLAYER_PARTS}
_OPP = {n: SLICES["opp." + n].start for n, *_ in _PLAYER_PARTS}
_SH = {n: SLICES[n].start for n, *_ in _SHARED_PARTS}

_TILE_INDEX = {k: i for i, k in enumerate(TILE_KINDS)}
# LOAD_KINDS names the cells' contents; the view's Load values map onto them.
_LOAD_INDEX = {view.Load("empty"): 0, view.Load("covered"): 1,
               **{view.Load("good", C.RESOURCES[r]): LOAD_KINDS.index(C.RESOURCES[r])
                  for r in set(C.LOAD_RESULT.values())},
               **{view.Load("destination", d): LOAD_KINDS.index("dest:" + d)
                  for d in C.DESTINATIONS}}
_EQUIP_INDEX = {k: i for i, k in enumerate(C.EQUIPMENT)}
_BUILDING_INDEX = {b: i for i, b in enumerate(C.BUILDINGS)}
_SPACE_INDEX = {s: i for i, s in enumerate(C.SPACES)}
_DEST_INDEX = {d: i for i, d in enumerate(C.DESTINATIONS)}
_DECISION_INDEX = {d: i for i, d in enumerate(DECISIONS)}
_CONV_INDEX = {k: i for i, k in enumerate(CONVERSIONS)}
_OPT_INDEX = {k: i for i, k in enumerate(SPACE_OPTIONS)}
_OTHER_TILE = _TILE_INDEX["other"]
_BUILDING_TILE = _TILE_INDEX["building"]
_OTHER_LOAD = LOAD_KINDS.index("other")
_PHASE_INDEX = {"work": 0, "inventory": 1}


def _small(values: list[int]) -> bytes:
    try:
        return bytes(values)
    except ValueError:
        return bytes(min(max(v, 0), 255) for v in values)


# Parts of a player's block that change rarely are encoded once per distinct content
# and then copied: the caches map the content (as a tuple) to its bytes.
_CACHE_LIMIT = 20_000
_FARM_FIXED = N_CELLS * N_TILE + N_CELLS + C.MAX_DIKE_MOVES + 1
_farm_cache: dict[tuple[Any, ...], bytes] = {}
_tools_cache: dict[tuple[int, ...], bytes] = {}
_barn_cache: dict[tuple[tuple[str, ...], ...], bytes] = {}
_list_cache: dict[tuple[str, tuple[str, ...]], bytes] = {}


def _remember(cache: dict[Any, bytes], key: Any, value: bytes) -> bytes:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _farm_bytes(cells: tuple[view.Cell, ...], dikes: int) -> bytes:
    b = bytearray(_FARM_FIXED)
    ti = _TILE_INDEX
    for cell in cells:
        k = ti.get(cell.tile or "", _OTHER_TILE)
        b[cell.at * N_TILE + k] = 1
    o = N_CELLS * N_TILE
    first = C.first_land_row(dikes) * C.COLS
    b[o + first:o + N_CELLS] = b"\x01" * (N_CELLS - first)
    b[o + N_CELLS + min(max(dikes, 0), C.MAX_DIKE_MOVES)] = 1
    return bytes(b)


def _tools_bytes(tools: tuple[int, ...]) -> bytes:
    b = bytearray(N_TOOL)
    for off, t, vals in zip(TOOL_OFFSETS, tools, C.TOOL_VALUES):
        b[off + min(max(t, 0), len(vals) - 1)] = 1
    return bytes(b)


def _barn_bytes(barn: tuple[view.BarnItem, ...]) -> bytes:
    """The ``barn`` part followed by the ``vehicles`` part."""
    b = bytearray(N_EQUIP + BARN_SLOTS * SLOT_SIZE)
    li = _LOAD_INDEX
    for slot, item in enumerate(barn[:BARN_SLOTS]):
        e = _EQUIP_INDEX.get(item.kind)
        if e is None:
            continue
        b[e] = min(b[e] + 1, 255)
        so = N_EQUIP + slot * SLOT_SIZE
        b[so + e] = 1
        so += N_EQUIP
        for j, load in enumerate(item.loads[:VEHICLE_CELLS]):
            b[so + j * N_LOAD + li.get(load, _OTHER_LOAD)] = 1
    return bytes(b)


def _flags_bytes(kind: str, items: tuple[str, ...]) -> bytes:
    if kind == "buildings":
        b = bytearray(len(C.BUILDINGS))
        for x in items:
            if x in _BUILDING_INDEX:
                b[_BUILDING_INDEX[x]] = 1
    else:   # travel: destinations, then their number
        b = bytearray(len(C.DESTINATIONS) + 1)
        for d in items:
            if d in _DEST_INDEX:
                b[_DEST_INDEX[d]] = 1
        b[-1] = min(len(items), 255)
    return bytes(b)


def _player(s: State, p: int, cp: int | None, base: dict[str, int], b: bytearray) -> None:
    pl = s.players[p]
    o = base["farm"]
    # The caches are keyed on the fields' raw content; only a miss reads the view.
    key = (tuple(pl.grid), pl.dikes)
    blk = _farm_cache.get(key) or _remember(_farm_cache, key,
                                            _farm_bytes(view.cells(s, p), pl.dikes))
    b[o:o + _FARM_FIXED] = blk
    o += _FARM_FIXED
    b[o:o + 4] = _small([pl.moor_peat[0], pl.moor_peat[1], pl.moor_peat[2], pl.bw_peat])

    o = base["goods"]
    b[o:o + N_RES] = _small(pl.res[:N_RES])      # (Tea: in the expansion's part)
    o = base["animals"]
    b[o:o + 3] = _small(pl.animals)
    o = base["tools"]
    tk = tuple(pl.tools)
    blk = _tools_cache.get(tk) or _remember(_tools_cache, tk, _tools_bytes(tk))
    b[o:o + N_TOOL] = blk
    o = base["barn"]
    bk = tuple(map(tuple, pl.barn))
    blk = _barn_cache.get(bk) or _remember(_barn_cache, bk, _barn_bytes(view.barn(s, p)))
    b[o:o + len(blk)] = blk                 # barn, then vehicles
    for kind in ("buildings", "travel"):
        lk = (kind, tuple(getattr(pl, kind)))
        blk = _list_cache.get(lk) or _remember(_list_cache, lk, _flags_bytes(*lk))
        o = base[kind]
        b[o:o + len(blk)] = blk

    o = base["status"]
    b[o] = 1
    if cp == p:
        b[o + 1] = 1
    if s.start_player == p:
        b[o + 2] = 1
    if s.ended[p]:
        b[o + 3] = 1
    if s.special == p:
        b[o + 4] = 1
    if pl.bottleneck < 0:
        b[o + 5] = min(-pl.bottleneck // 2, 255)
    b[o + 6] = view.workers_placed(s, p)


def _decision(s: State, viewer: int, cp: int | None, b: bytearray) -> None:
    o = _SH["decision"]
    pending = s.pending()
    kind = pending.kind
    f: dict[str, Any] = pending.details
    k = _DECISION_INDEX.get(kind)
    if k is not None:
        b[o + k] = 1
    o += len(DECISIONS)
    if cp == viewer:
        b[o] = 1
    b[o + 1] = min(view.decision_depth(s), 255)
    o += 2
    if not f:
        return
    if kind == "convert":
        c = _CONV_INDEX.get(f.get("kind", ""))
        if c is not None:
            b[o + c] = 1
    o += len(CONVERSIONS)
    if kind == "space_choice":
        sp = _SPACE_INDEX.get(f.get("space", ""))
        if sp is not None:
            b[o + sp] = 1
        o2 = o + len(C.SPACES)
        for x in f.get("opts", ()):
            if x in _OPT_INDEX:
                b[o2 + _OPT_INDEX[x]] = 1
    o += len(C.SPACES) + len(SPACE_OPTIONS)
    if kind == "cut":
        b[o] = min(max(int(f.get("n", 0)), 0), 255)
        if f.get("must"):
            b[o + 1] = 1
    o += 2
    if kind == "sell":
        d = _DEST_INDEX.get(f.get("dest", ""))
        if d is not None:
            b[o + d] = 1
        b[o + len(C.DESTINATIONS)] = min(len(f.get("sold", ())), 255)
    o += len(C.DESTINATIONS) + 1
    if kind == "master":
        for t in f.get("moved", ()):
            if isinstance(t, int) and 0 <= t < len(C.TOOLS):
                b[o + t] = 1
    o += len(C.TOOLS)
    if kind == "wainwright":
        if f.get("vehicle"):
            b[o] = 1
        if f.get("boat"):
            b[o + 1] = 1
    o += 2
    if kind == "farmer":
        if f.get("built"):
            b[o] = 1
        b[o + 1] = min(max(int(f.get("fields", 0)), 0), 255)
    o += 2
    if kind == "animals_choice":
        b[o] = min(max(int(f.get("n", 0)), 0), 255)


def encode(state: State, player: int) -> Obs:
    """The observation of ``state`` from ``player``'s point of view (base layout; an
    expansion game's own parts are in :func:`encode_tt`)."""
    return densify(_base_bytes(state, player, OBS_SIZE), OBS_SCALE, OBS_HIGH)


def counts(state: State, player: int) -> bytearray:
    """The observation's entries before scaling: one byte per entry, a small count (a
    flag is 0 or 1); :func:`encode` is ``densify(counts(...), OBS_SCALE, OBS_HIGH)``.
    Many positions' counts joined make one array (the bots' batched evaluation)."""
    return _base_bytes(state, player, OBS_SIZE)


def densify(raw: bytes | bytearray, scale: npt.NDArray[np.float32],
            high: npt.NDArray[np.float32]) -> Obs:
    """The observation(s) of a layout's counts: each count times its entry's ``scale``,
    capped at the entry's ``high``.  ``raw`` may hold several positions' counts one after
    the other; then the result has one row per position."""
    c = np.frombuffer(raw, dtype=np.uint8)
    if len(c) != len(scale):
        c = c.reshape(-1, len(scale))
    out: Obs = np.multiply(c, scale, dtype=np.float32)
    np.minimum(out, high, out=out)
    return out


def _base_bytes(state: State, player: int, size: int) -> bytearray:
    s = state
    b = bytearray(size)
    cp = s.current_player
    _player(s, player, cp, _ME, b)
    if s.n > 1:
        _player(s, (player + 1) % s.n, cp, _OPP, b)
    o = _SH["board.spaces"]
    si = _SPACE_INDEX
    for sp, who in s.occupied.items():
        if sp in si:
            b[o + 2 * si[sp] + (0 if who == player else 1)] = 1
    o = _SH["board.buildings"]
    lk = ("buildings", tuple(s.board))
    blk = _list_cache.get(lk) or _remember(_list_cache, lk, _flags_bytes(*lk))
    b[o:o + len(blk)] = blk
    o = _SH["board.supply"]
    pool = s.pool
    b[o:o + len(SUPPLY_POOLS)] = _small([pool.get(k, 0) for k in SUPPLY_POOLS])
    o = _SH["time"]
    b[o + min(max(s.half_year, 1), C.HALF_YEARS) - 1] = 1
    b[o + C.HALF_YEARS + s.season] = 1
    b[o + C.HALF_YEARS + 2 + _PHASE_INDEX.get(s.phase, 2)] = 1
    b[o + C.HALF_YEARS + 5] = min(max(s.turn, 0), 255)
    if s.n > 1:
        b[o + C.HALF_YEARS + 6] = 1
    _decision(s, player, cp, b)
    return b


def describe() -> str:
    """The layout as text: one line per named slice."""
    return "\n".join(f"{name:18} {sl.start:5d}..{sl.stop - 1:5d} ({sl.stop - sl.start})"
                     for name, sl in SLICES.items())


# ---------------------------------------------------------------------------
# Text view
# ---------------------------------------------------------------------------
def _res_text(res: list[int]) -> str:
    names = C.RESOURCES if len(res) <= N_RES else TT.TT_RESOURCES
    return ", ".join(f"{names[r]} {n}" for r, n in enumerate(res) if n)


def text_view(state: State, player: int | None = None) -> str:
    """A compact plain-text picture of the state (for debugging, not parsing)."""
    s = state
    lines = [f"half year {s.half_year} ({'Summer' if s.season == 0 else 'Winter'}), "
             f"phase {s.phase}, start player {s.start_player}, to move {s.current_player}"
             + ("" if player is None else f", viewer {player}")]
    if view.decision_depth(s):
        d = s.pending()
        lines.append(f"decision: {d.kind} for player {d.player} {d.details}")
    occupied = ", ".join(f"{sp}={who}" for sp, who in sorted(s.occupied.items()))
    lines.append(f"action board: {occupied or '(empty)'}")
    lines.append(f"buildings on the board: {', '.join(s.board)}")
    lines.append("supply: " + ", ".join(f"{k} {v}" for k, v in sorted(s.pool.items())))
    for p, pl in enumerate(s.players):
        mark = " (viewer)" if p == player else ""
        lines.append(f"-- player {p}{mark}")
        lines.append(f"  goods: {_res_text(pl.res)}")
        lines.append(f"  animals: sheep {pl.animals[0]}, cattle {pl.animals[1]}, "
                     f"horses {pl.animals[2]}")
        tools, values = ((C.TOOLS, C.TOOL_VALUES) if len(pl.tools) <= len(C.TOOLS)
                         else (TT.TT_TOOLS, TT.TT_TOOL_VALUES))
        lines.append("  tools: " + ", ".join(
            f"{tools[t]} {values[t][i]}" for t, i in enumerate(pl.tools)))
        land = C.first_land_row(pl.dikes)
        for r in range(C.ROWS):
            cells = [pl.grid[r * C.COLS + c] or ("." if r >= land else "~")
                     for c in range(C.COLS)]
            lines.append("  | " + " | ".join(f"{x:14}" for x in cells))
        lines.append(f"  moor peat {pl.moor_peat}, boardwalk peat {pl.bw_peat}, "
                     f"dike moves {pl.dikes}")
        lines.append("  barn: " + ("; ".join(
            b[0] + ("[" + ",".join(x or "_" for x in b[1:]) + "]" if len(b) > 1 else "")
            for b in pl.barn) or "(empty)"))
        if pl.ditches is not None:
            lines.append("  harbor: " + ("; ".join(
                f"{h.kind}[{','.join(x.item or ('+' if x.kind == 'covered' else '_') for x in h.loads)}]"
                for h in view.harbor(s, p)) or "(empty)")
                + f"; ditches {' '.join(view.ditches(s, p)) or '-'}; dehydrated cells "
                f"{list(view.dehydrated_cells(s, p))}; dike columns "
                f"{[list(c) for c in view.dike_columns(s, p)]}")
        lines.append(f"  buildings: {', '.join(pl.buildings) or '-'}; travel: "
                     f"{', '.join(pl.travel) or '-'}; bottleneck VP {pl.bottleneck}")
    return "\n".join(lines)

