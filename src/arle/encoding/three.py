"""The 3-player observation (Tea & Trade, layout version 3): the expansion layout,
then the third player and the 3-player game's own parts.

:func:`encode_three` returns a flat ``float32`` array of :data:`THREE_OBS_SIZE`
values, all between 0 and :data:`THREE_OBS_HIGH`.  Its first
:data:`~arle.encoding.tea_trade.TT_OBS_SIZE` entries are exactly
:func:`arle.encoding.tea_trade.encode_tt` of the same state: ``me.*`` is the viewer and
``opp.*`` the next player in play order (clockwise, ``(viewer + 1) % 3``); in the
shared parts of those layouts "by the other" means by either opponent.  Then:

``opp2.*`` and ``opp2.tt.*``
    The player after that (``(viewer + 2) % 3``), with the same parts and scales as
    ``opp.*`` and ``opp.tt.*``.
``three.spaces``
    The 3-player game's spaces (:data:`THREE_SPACES`: the board's spaces with three
    players, then the Imitate spaces) x (taken by me, by the next player, by the one
    after).
``three.specials``
    Who took a Special Action this half year (me, next, after), and the Food the next
    Imitate costs /2.
``three.specialization``
    The specialization round: open, the viewer to pick, picks left /2, the picking
    player built the house, then the tracks chosen so far (one per
    :data:`arle.data.tea_trade.TT_TOOLS`).

>>> import arle
>>> s = arle.new_game(players=3, seed=3, expansion="tea-and-trade")
>>> obs = encode_three(s, 0)
>>> obs.shape == (THREE_OBS_SIZE,)
True
>>> float(obs[THREE_SLICES["three.specialization"]][0])   # the round opens the game
1.0
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.encoding import base as O
from arle.encoding import tea_trade as OT
from arle.state import State

__all__ = ["THREE_LAYOUT", "THREE_OBS_HIGH", "THREE_OBS_SCALE", "THREE_OBS_SIZE",
           "THREE_OBS_VERSION", "THREE_SLICES", "THREE_SPACES", "describe_three",
           "counts_three", "encode_three"]

Obs = npt.NDArray[np.float32]

THREE_OBS_VERSION = 3
#: The spaces of ``three.spaces``: every space of a 3-player board (each season's base
#: spaces but the Laborer the Overlay covers, then its 3-player spaces), then the
#: Imitates.
THREE_SPACES: tuple[str, ...] = (
    tuple(sp for sp in C.SUMMER_SPACES if sp not in T.COVERED_BY_OVERLAY)
    + T.TT_SUMMER_SPACES_3P
    + tuple(sp for sp in C.WINTER_SPACES if sp not in T.COVERED_BY_OVERLAY)
    + T.TT_WINTER_SPACES_3P + T.IMITATE_SPACES)
_SEASON = {**C.SPACE_SEASON, **T.SPACE_SEASON_3P}
#: The specialization round is a ``tt_building`` decision of this "building"; its
#: ``n`` packs the picks left (bits 0-1), the house flag (bit 2) and the tracks chosen
#: (bit 3 + track index), see docs/RULES_COVERAGE.md "Three players".
SPECIALIZATION = "specialization"
_N_TOOLS = len(T.TT_TOOLS)
_SHARED_PARTS: tuple[OT._Part, ...] = (
    ("three.spaces", 3 * len(THREE_SPACES), 1.0, 1.0),
    ("three.specials", 4, (1.0, 1.0, 1.0, 0.5), 1.0),
    ("three.specialization", 4 + _N_TOOLS, (1.0, 1.0, 0.5, 1.0) + (1.0,) * _N_TOOLS, 1.0),
)


def _layout() -> tuple[dict[str, slice], int, npt.NDArray[np.float32],
                       npt.NDArray[np.float32]]:
    slices = dict(OT.TT_SLICES)
    scales = list(OT.TT_OBS_SCALE)
    highs = list(OT.TT_OBS_HIGH)
    at = OT.TT_OBS_SIZE
    # The third player: the base player parts, then the expansion's, as for ``opp``.
    for prefix in ("opp.", "opp.tt."):
        names = [n for n in OT.TT_SLICES if n.startswith(prefix)
                 and (prefix == "opp.tt." or not n.startswith("opp.tt."))]
        for name in names:
            sl = OT.TT_SLICES[name]
            size = sl.stop - sl.start
            slices["opp2." + name[len("opp."):]] = slice(at, at + size)
            scales += list(OT.TT_OBS_SCALE[sl])
            highs += list(OT.TT_OBS_HIGH[sl])
            at += size
    for name, size, scale, high in _SHARED_PARTS:
        slices[name] = slice(at, at + size)
        scales += list(scale) if isinstance(scale, tuple) else [scale] * size
        highs += [high] * size
        at += size
    return (slices, at, np.array(highs, dtype=np.float32),
            np.array(scales, dtype=np.float32))


#: Named parts of the 3-player observation (the expansion's slices included).
THREE_SLICES, THREE_OBS_SIZE, THREE_OBS_HIGH, THREE_OBS_SCALE = _layout()
assert len(THREE_OBS_SCALE) == THREE_OBS_SIZE
_OPP2_BASE = {n: THREE_SLICES["opp2." + n].start for n, *_ in O._PLAYER_PARTS}
_OPP2_TT = {n: THREE_SLICES["opp2.tt." + n].start for n, *_ in OT._PLAYER_PARTS}
_SH = {n: THREE_SLICES[n].start for n, *_ in _SHARED_PARTS}
_SPACE_INDEX = {sp: i for i, sp in enumerate(THREE_SPACES)}
_TOOL_BIT = tuple(range(_N_TOOLS))


def encode_three(state: State, player: int) -> Obs:
    """The 3-player observation of ``state`` from ``player``'s point of view (a game of
    1 or 2 players gives its expansion observation followed by zeros)."""
    return O.densify(counts_three(state, player), THREE_OBS_SCALE, THREE_OBS_HIGH)


def counts_three(state: State, player: int) -> bytearray:
    """The 3-player observation's counts (see :func:`arle.encoding.base.counts`)."""
    s = state
    b = OT._tt_bytes(s, player, THREE_OBS_SIZE)
    if s.n == 3:
        q = (player + 2) % 3
        O._player(s, q, s.current_player, _OPP2_BASE, b)
        OT._player(s, q, _OPP2_TT, b)
        _three(s, player, b)
    return b


def _three(s: State, player: int, b: bytearray) -> None:
    o = _SH["three.spaces"]
    for sp, who in s.occupied.items():
        i = _SPACE_INDEX.get(sp)
        if i is not None:
            b[o + 3 * i + (who - player) % 3] = 1
    o = _SH["three.specials"]
    season = s.season
    imitated = False
    for sp, who in s.occupied.items():
        if sp in T.IMITATE_SPACES:
            imitated = True
        elif _SEASON.get(sp, season) != season:      # a Special Action
            b[o + (who - player) % 3] = 1
    first, later = T.IMITATE_FOOD
    b[o + 3] = later if imitated else first
    o = _SH["three.specialization"]
    d = s.pending()
    if d.kind == "tt_building" and d.details.get("building") == SPECIALIZATION:
        n = int(d.details.get("n", 0))
        b[o] = 1
        if d.player == player:
            b[o + 1] = 1
        b[o + 2] = n & 3
        b[o + 3] = 1 if n & 4 else 0
        for t in _TOOL_BIT:
            if n >> (3 + t) & 1:
                b[o + 4 + t] = 1


def describe_three() -> str:
    """The 3-player layout as text: one line per named slice."""
    return "\n".join(f"{name:22} {sl.start:5d}..{sl.stop - 1:5d} ({sl.stop - sl.start})"
                     for name, sl in THREE_SLICES.items())


THREE_LAYOUT = OT.Layout(THREE_OBS_VERSION, THREE_OBS_SIZE, THREE_OBS_HIGH, THREE_SLICES,
                         encode_three, counts_three, THREE_OBS_SCALE)
