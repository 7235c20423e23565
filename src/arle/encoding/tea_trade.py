"""The Tea & Trade observation (layout version 2): the base layout, then the
expansion's own parts.

:func:`encode_tt` returns a flat ``float32`` array of :data:`TT_OBS_SIZE` values, all
between 0 and :data:`TT_OBS_HIGH`.  Its first :data:`~arle.encoding.base.OBS_SIZE`
entries are exactly :func:`arle.encoding.base.encode` of the same state (so a network
trained on base games can be widened), followed by, per player (``me.tt.*``, then
``opp.tt.*``, zero in a solo game):

``tt.tea``
    Tea and East Frisian Tea in hand /10 (capped at 3).
``tt.spades``
    One-hot position on the Digging Spade track.
``tt.ditches``
    The 32 home-board edges with a ditch (edge ``v(r,k)`` at ``2r+k``, ``h(r,c)`` at
    ``14+3r+c``, as in ``dig EDGE``).
``tt.dehydrated``
    The 21 cells bordered by two or more ditches (dehydrated land, T21).
``tt.dikes``
    Per gap of the Dike Line (4) the columns still holding a dike (3 each).
``tt.harbor``
    :data:`HARBOR_SLOTS` ships in harbor order, each a ship-side one-hot
    (:data:`SHIP_SIDES`) and 3 spaces x :data:`SHIP_LOADS` one-hot.
``tt.buildings``
    Expansion buildings owned (:data:`arle.data.tea_trade.TT_BUILDINGS`).

Shared: ``tt.board.spaces`` (the 4 expansion spaces x taken by me, by the other),
``tt.board.buildings`` (expansion buildings still on offer), ``tt.board.ships`` (ship
tiles left in the supply per kind /5) and ``tt.decision``: a one-hot of the expansion's
decision kinds (:data:`TT_DECISIONS`, with ``other`` for a kind this layout does not
know), then ditches left to dig /4, the ships already sent to trade (4), the shipwright's
space (2) and groups taken (2), the one-time building choice open (23) and its count /8,
the cells a ``cell`` decision offers (21) and the "+1 Dike" moves still to make /4.

>>> import arle
>>> s = arle.new_game(players=2, seed=3, expansion="tea-and-trade")
>>> obs = encode_tt(s, 0)
>>> obs.shape == (TT_OBS_SIZE,)
True
>>> float(obs[TT_SLICES["me.tt.tea"]][0] * 10)      # Tea at the start
3.0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from arle import view
from arle.actionspace import HARBOR_SLOTS
from arle.data import tea_trade as T
from arle.encoding import base as O
from arle.state import State

__all__ = ["BASE_LAYOUT", "HARBOR_SLOTS", "Layout", "SHIP_LOADS", "SHIP_SIDES", "TT_DECISIONS",
           "TT_LAYOUT", "TT_OBS_HIGH", "TT_OBS_SCALE", "TT_OBS_SIZE", "TT_OBS_VERSION",
           "TT_SLICES", "counts_tt", "describe_tt", "encode_tt"]

Obs = npt.NDArray[np.float32]

TT_OBS_VERSION = 2
SHIP_SIDES: tuple[str, ...] = tuple(T.SHIPS)
SHIP_SPACES = max(sh.spaces for sh in T.SHIPS.values())
#: What a ship's space holds: empty, covered by a larger tile, a good (by resource
#: name), or something else.
SHIP_LOADS: tuple[str, ...] = ("", "+") + tuple(T.TT_RESOURCES) + ("other",)
TT_DECISIONS: tuple[str, ...] = ("again", "dig", "reconnect", "shipwright", "trades",
                                 "tt_building", "cell", "dikes", "other")
TT_SPACES: tuple[str, ...] = T.TT_SUMMER_SPACES_2P + T.TT_WINTER_SPACES_2P
SPADE_VALUES = T.TT_TOOL_VALUES[T.TT_TOOLS.index("digging_spades")]
_SPADE_TOOL = T.TT_TOOLS.index("digging_spades")
N_EDGES = 32
N_GAPS = 4
N_SHIP_LOAD = len(SHIP_LOADS)
SHIP_SLOT = len(SHIP_SIDES) + SHIP_SPACES * N_SHIP_LOAD
_WRIGHT_SPACES = ("sailmaker", "boat_builder")

_Part = tuple[str, int, "float | tuple[float, ...]", float]
_PLAYER_PARTS: tuple[_Part, ...] = (
    ("tea", 2, 0.1, 3.0),
    ("spades", len(SPADE_VALUES), 1.0, 1.0),
    ("ditches", N_EDGES, 1.0, 1.0),
    ("dehydrated", O.N_CELLS, 1.0, 1.0),
    ("dikes", N_GAPS * 3, 1.0, 1.0),
    ("harbor", HARBOR_SLOTS * SHIP_SLOT, 1.0, 1.0),
    ("buildings", len(T.TT_BUILDINGS), 1.0, 1.0),
)
_N_DECISION = (len(TT_DECISIONS) + 1 + HARBOR_SLOTS + 2 + 2 + len(T.TT_BUILDINGS) + 1
               + O.N_CELLS + 1)
_DECISION_SCALE = ((1.0,) * len(TT_DECISIONS) + (0.25,) + (1.0,) * (HARBOR_SLOTS + 4
                   + len(T.TT_BUILDINGS)) + (0.125,) + (1.0,) * O.N_CELLS + (0.25,))
_SHARED_PARTS: tuple[_Part, ...] = (
    ("tt.board.spaces", 2 * len(TT_SPACES), 1.0, 1.0),
    ("tt.board.buildings", len(T.TT_BUILDINGS), 1.0, 1.0),
    ("tt.board.ships", len(T.SHIP_SUPPLY), 0.2, 1.0),
    ("tt.decision", _N_DECISION, _DECISION_SCALE, 1.0),
)


def _layout() -> O.Slices:
    parts = ([("me.tt." + n, k, sc, h) for n, k, sc, h in _PLAYER_PARTS]
             + [("opp.tt." + n, k, sc, h) for n, k, sc, h in _PLAYER_PARTS]
             + list(_SHARED_PARTS))
    return O.lay_out(parts, before=O.BASE_SLICES)


#: Named parts of the expansion observation (the base slices included).
TT_SLICES, TT_OBS_SIZE, TT_OBS_HIGH, TT_OBS_SCALE = _layout()
_ME = {n: TT_SLICES["me.tt." + n].start for n, *_ in _PLAYER_PARTS}
_OPP = {n: TT_SLICES["opp.tt." + n].start for n, *_ in _PLAYER_PARTS}
_SH = {n: TT_SLICES[n].start for n, *_ in _SHARED_PARTS}
_SIDE_INDEX = {k: i for i, k in enumerate(SHIP_SIDES)}
_LOAD_INDEX = {**{view.Load("empty"): 0, view.Load("covered"): 1},
               **{view.Load("good", r): 2 + i for i, r in enumerate(T.TT_RESOURCES)}}
_OTHER_LOAD = SHIP_LOADS.index("other")
_BUILDING_INDEX = {b: i for i, b in enumerate(T.TT_BUILDINGS)}
_SPACE_INDEX = {sp: i for i, sp in enumerate(TT_SPACES)}
_DECISION_INDEX = {d: i for i, d in enumerate(TT_DECISIONS)}
_SUPPLY_KINDS = tuple(T.SHIP_SUPPLY)
#: Edge ids of the ``dig`` notation: ``v(r,k)`` = 2r+k, ``h(r,c)`` = 14+3r+c.
_EDGE_INDEX = {**{f"v({r},{k})": 2 * r + k for r in range(7) for k in range(2)},
               **{f"h({r},{c})": 14 + 3 * r + c for r in range(6) for c in range(3)}}
assert sorted(_EDGE_INDEX.values()) == list(range(N_EDGES))


_PLAYER_SIZE = sum(k for _n, k, _sc, _h in _PLAYER_PARTS)
_cache: dict[tuple[Any, ...], bytes] = {}


def _player(s: State, p: int, base: dict[str, int], b: bytearray) -> None:
    """Player ``p``'s expansion block, encoded once per distinct content."""
    pl = s.players[p]
    key = (pl.res[T.TEA], pl.res[T.EAST_FRISIAN_TEA], tuple(pl.tools), pl.ditches,
           tuple(pl.dike_cols), tuple(map(tuple, pl.harbor)), tuple(pl.buildings))
    blk = _cache.get(key)
    if blk is None:
        if len(_cache) >= O._CACHE_LIMIT:
            _cache.clear()
        scratch = bytearray(_PLAYER_SIZE)
        _player_block(s, p, {n: o - base["tea"] for n, o in base.items()}, scratch)
        blk = _cache[key] = bytes(scratch)
    o = base["tea"]
    b[o:o + _PLAYER_SIZE] = blk


def _player_block(s: State, p: int, base: dict[str, int], b: bytearray) -> None:
    pl = s.players[p]
    o = base["tea"]
    b[o] = min(pl.res[T.TEA], 255)
    b[o + 1] = min(pl.res[T.EAST_FRISIAN_TEA], 255)
    if len(pl.tools) > _SPADE_TOOL:
        b[base["spades"] + min(max(pl.tools[_SPADE_TOOL], 0), len(SPADE_VALUES) - 1)] = 1
    o = base["ditches"]
    for name in view.ditches(s, p):
        b[o + _EDGE_INDEX[name]] = 1
    o = base["dehydrated"]
    for c in view.dehydrated_cells(s, p):
        b[o + c] = 1
    o = base["dikes"]
    for g, cols in enumerate(view.dike_columns(s, p)[:N_GAPS]):
        for c in cols:
            b[o + 3 * g + c] = 1
    o = base["harbor"]
    for ship in view.harbor(s, p)[:HARBOR_SLOTS]:
        so = o + ship.slot * SHIP_SLOT
        k = _SIDE_INDEX.get(ship.kind)
        if k is not None:
            b[so + k] = 1
        so += len(SHIP_SIDES)
        for j, load in enumerate(ship.loads[:SHIP_SPACES]):
            b[so + j * N_SHIP_LOAD + _LOAD_INDEX.get(load, _OTHER_LOAD)] = 1
    o = base["buildings"]
    for x in pl.buildings:
        i = _BUILDING_INDEX.get(x)
        if i is not None:
            b[o + i] = 1


def _decision(s: State, b: bytearray) -> None:
    o = _SH["tt.decision"]
    pending = s.pending()
    kind = pending.kind
    if kind in O.DECISIONS and kind not in _DECISION_INDEX:
        return
    f: dict[str, Any] = pending.details
    b[o + _DECISION_INDEX.get(kind, _DECISION_INDEX["other"])] = 1
    o += len(TT_DECISIONS)
    if kind == "dig":
        b[o] = min(max(int(f.get("n", 0)), 0), 255)
    o += 1
    if kind == "trades":
        for i in f.get("sent", ()):
            if isinstance(i, int) and 0 <= i < HARBOR_SLOTS:
                b[o + i] = 1
    o += HARBOR_SLOTS
    if kind == "shipwright":
        sp = f.get("space")
        if sp in _WRIGHT_SPACES:
            b[o + _WRIGHT_SPACES.index(sp)] = 1
        for g in f.get("taken", ()):
            if isinstance(g, int) and 0 <= g < 2:
                b[o + 2 + g] = 1
    o += 4
    if kind == "tt_building":
        bi = _BUILDING_INDEX.get(f.get("building", ""))
        if bi is not None:
            b[o + bi] = 1
        b[o + len(T.TT_BUILDINGS)] = min(max(int(f.get("n", 0)), 0), 255)
    o += len(T.TT_BUILDINGS) + 1
    if kind == "cell":
        for c in f.get("cells", ()):
            if isinstance(c, int) and 0 <= c < O.N_CELLS:
                b[o + c] = 1
    o += O.N_CELLS
    if kind == "dikes":
        b[o] = min(max(int(f.get("n", 0)), 0), 255)


def encode_tt(state: State, player: int) -> Obs:
    """The expansion observation of ``state`` from ``player``'s point of view (a base
    game gives the base observation followed by zeros for the expansion's parts, the
    Digging Spade track excepted)."""
    return O.densify(_tt_bytes(state, player, TT_OBS_SIZE), TT_OBS_SCALE, TT_OBS_HIGH)


def counts_tt(state: State, player: int) -> bytearray:
    """The expansion observation's counts (see :func:`arle.encoding.base.counts`)."""
    return _tt_bytes(state, player, TT_OBS_SIZE)


def _tt_bytes(state: State, player: int, size: int) -> bytearray:
    """The counts of the expansion layout, in a buffer of ``size`` bytes (a longer
    layout, the 3-player one, appends its own parts after these)."""
    s = state
    b = O._base_bytes(s, player, size)
    _player(s, player, _ME, b)
    if s.n > 1:
        _player(s, (player + 1) % s.n, _OPP, b)
    o = _SH["tt.board.spaces"]
    for sp, who in s.occupied.items():
        i = _SPACE_INDEX.get(sp)
        if i is not None:
            b[o + 2 * i + (0 if who == player else 1)] = 1
    o = _SH["tt.board.buildings"]
    for x in s.board:
        i = _BUILDING_INDEX.get(x)
        if i is not None:
            b[o + i] = 1
    o = _SH["tt.board.ships"]
    left = view.ships_left(s)
    for i, k in enumerate(_SUPPLY_KINDS):
        b[o + i] = max(0, min(left[k], 255))
    _decision(s, b)
    return b


def describe_tt() -> str:
    """The expansion layout as text: one line per named slice."""
    return "\n".join(f"{name:22} {sl.start:5d}..{sl.stop - 1:5d} ({sl.stop - sl.start})"
                     for name, sl in TT_SLICES.items())


class Layout(NamedTuple):
    """An observation layout: its ``version``, ``size``, per-entry upper bound
    ``high``, named ``slices``, the ``encode(state, player)`` function, and the
    ``counts(state, player)`` function with the per-entry ``scale`` that make it
    (``encode`` is ``densify(counts(s, p), scale, high)``, :func:`arle.encoding.base.densify`)."""

    version: int
    size: int
    high: npt.NDArray[np.float32]
    slices: dict[str, slice]
    encode: Callable[[State, int], Obs]
    counts: Callable[[State, int], bytearray]
    scale: npt.NDArray[np.float32]


BASE_LAYOUT = Layout(O.OBS_VERSION, O.OBS_SIZE, O.OBS_HIGH, O.SLICES, O.encode, O.counts,
                     O.OBS_SCALE)
TT_LAYOUT = Layout(TT_OBS_VERSION, TT_OBS_SIZE, TT_OBS_HIGH, TT_SLICES, encode_tt, counts_tt,
                   TT_OBS_SCALE)
