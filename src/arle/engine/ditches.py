"""Ditches on the home board (Tea & Trade, rulings T15-T25): pure functions, no State.

The landscape is the catalog's grid of 7 rows (0 = the sea) by 3 columns.  Ditches lie
on the *edges* between orthogonally adjacent spaces; a set of ditches is an ``int``
bitmask over the 32 edge ids, so every function here is a few table look-ups.

Edge ids (T15):

- ``v(r,k)``, the vertical edge between cells (r,k) and (r,k+1), r = 0..6, k = 0..1,
  has id ``2*r + k`` (0..13);
- ``h(r,c)``, the horizontal edge between cells (r,c) and (r+1,c), r = 0..5, c = 0..2,
  has id ``14 + 3*r + c`` (14..31).

Bit ``e`` of a mask stands for edge ``e``.  Cells are numbered ``3*r + c`` like the
state's ``grid``; grid points (i, j), i = 0..7, j = 0..3, are numbered ``4*i + j``.
``v(r,k)`` joins points (r,k+1) and (r+1,k+1); ``h(r,c)`` joins (r+1,c) and (r+1,c+1).
Two ditches are connected when they share a point.  Points on the board's border touch
one edge at most, so they connect nothing (T17).

The Dike Line is the row line ``L`` above the top land row (``catalog.first_land_row``:
3 at the start, then 2, 1, 0).  A ditch "connects to the Dike Line" when it has an end
on line L: only ``v(L,0)`` and ``v(L,1)`` do (T17).  Dike slots are (gap, column) as
in RULINGS 2: gap G0 lies on line 3 (edges ``h(2,c)``), G1 on line 2, G2 on line 1 and
G3 on the sea edge (no edge).

>>> edge_name(h_edge(4, 1)), parse_edge("v(3,0)")
('h(4,1)', 6)
>>> start = available_edges(3)
>>> sorted(edge_name(e) for e in edges_of(legal_new_ditches(0, 3, start)))
['v(3,0)', 'v(3,1)']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from arle.data.catalog import COLS, DIKE_SEQUENCE, MAX_DIKE_MOVES, ROWS, first_land_row
from arle.data.tea_trade import (
    DEHYDRATED_MIN_DITCHES, DITCH_FORBIDDEN_EDGES_STATIC, MOOR_FLIP_DITCHES,
)

V_EDGES: Final = ROWS * (COLS - 1)           # 14
H_EDGES: Final = (ROWS - 1) * COLS           # 18
EDGES: Final = V_EDGES + H_EDGES             # 32
ALL_EDGES: Final = (1 << EDGES) - 1
CELLS: Final = ROWS * COLS
POINT_COLS: Final = COLS + 1
LINES: Final = 4                             # possible Dike Lines: row lines 0..3
MOOR_COLUMNS: Final = (1 << COLS) - 1        # mask of the three moor columns
GAPS: Final = 4                              # G0..G3


def v_edge(r: int, k: int) -> int:
    """Id of the vertical edge between cells (r,k) and (r,k+1)."""
    if not (0 <= r < ROWS and 0 <= k < COLS - 1):
        raise ValueError(f"no vertical edge v({r},{k}): r must be 0..6 and k 0..1")
    return (COLS - 1) * r + k


def h_edge(r: int, c: int) -> int:
    """Id of the horizontal edge between cells (r,c) and (r+1,c)."""
    if not (0 <= r < ROWS - 1 and 0 <= c < COLS):
        raise ValueError(f"no horizontal edge h({r},{c}): r must be 0..5 and c 0..2")
    return V_EDGES + COLS * r + c


def _check_edge(e: int) -> None:
    if not isinstance(e, int) or isinstance(e, bool) or not 0 <= e < EDGES:
        raise ValueError(f"edge id must be an int 0..{EDGES - 1}, got {e!r}")


def _check_mask(mask: int, what: str = "ditches") -> None:
    if not isinstance(mask, int) or isinstance(mask, bool) or mask < 0 or mask > ALL_EDGES:
        raise ValueError(f"{what} must be an edge mask 0..2**{EDGES}-1, got {mask!r}")


def _check_line(line: int) -> None:
    if not isinstance(line, int) or isinstance(line, bool) or not 0 <= line < LINES:
        raise ValueError(f"the Dike Line must be a row line 0..3, got {line!r}")


def edge_name(e: int) -> str:
    """``"v(r,k)"`` or ``"h(r,c)"``."""
    _check_edge(e)
    if e < V_EDGES:
        return f"v({e // (COLS - 1)},{e % (COLS - 1)})"
    r, c = divmod(e - V_EDGES, COLS)
    return f"h({r},{c})"


_EDGE_RE: Final = re.compile(r"\s*([vh])\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*")


def parse_edge(name: str) -> int:
    """The id of an edge written ``v(r,k)`` or ``h(r,c)``."""
    m = _EDGE_RE.fullmatch(name) if isinstance(name, str) else None
    if m is None:
        raise ValueError(f"an edge is written v(r,k) or h(r,c), got {name!r}")
    a, b = int(m.group(2)), int(m.group(3))
    return v_edge(a, b) if m.group(1) == "v" else h_edge(a, b)


def mask_of(edge_ids: Iterable[int]) -> int:
    """The mask of some edge ids."""
    m = 0
    for e in edge_ids:
        _check_edge(e)
        m |= 1 << e
    return m


def edges_of(mask: int) -> list[int]:
    """The edge ids of a mask, in increasing order."""
    _check_mask(mask, "mask")
    return [e for e in range(EDGES) if mask >> e & 1]


# ---------------------------------------------------------------------------
# Static tables, computed once at import.
# ---------------------------------------------------------------------------
def _point(i: int, j: int) -> int:
    return POINT_COLS * i + j


def _build() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...],
                      tuple[int, ...], tuple[int, ...]]:
    cells: list[tuple[int, int]] = []
    points: list[tuple[int, int]] = []
    for r in range(ROWS):
        for k in range(COLS - 1):
            cells.append((COLS * r + k, COLS * r + k + 1))
            points.append((_point(r, k + 1), _point(r + 1, k + 1)))
    for r in range(ROWS - 1):
        for c in range(COLS):
            cells.append((COLS * r + c, COLS * (r + 1) + c))
            points.append((_point(r + 1, c), _point(r + 1, c + 1)))
    point_edges = [0] * ((ROWS + 1) * POINT_COLS)
    cell_edges = [0] * CELLS
    for e in range(EDGES):
        for p in points[e]:
            point_edges[p] |= 1 << e
        for x in cells[e]:
            cell_edges[x] |= 1 << e
    return tuple(cells), tuple(points), tuple(point_edges), tuple(cell_edges)


EDGE_CELLS, EDGE_POINTS, POINT_EDGES, CELL_EDGES = _build()
# Edges sharing a point with edge e (e itself excluded).
EDGE_NEIGHBOURS: Final = tuple(
    (POINT_EDGES[EDGE_POINTS[e][0]] | POINT_EDGES[EDGE_POINTS[e][1]]) & ~(1 << e)
    for e in range(EDGES))
# The top row of the two cells of each edge: the edge is on land when it is >= L.
EDGE_TOP_ROW: Final = tuple(min(a, b) // COLS for a, b in EDGE_CELLS)
LAND_EDGES: Final = tuple(mask_of(e for e in range(EDGES) if EDGE_TOP_ROW[e] >= line)
                          for line in range(LINES))
# The two edges that connect to Dike Line L (T17): v(L,0) and v(L,1).
LINE_EDGES: Final = tuple((1 << v_edge(line, 0)) | (1 << v_edge(line, 1))
                          for line in range(LINES))
# A Moor tile in column c covers cells (5,c) and (6,c): its interior edge and its
# perimeter (T24: the top edge and the vertical edges beside rows 5 and 6).
MOOR_INTERIOR: Final = tuple(h_edge(5, c) for c in range(COLS))
MOOR_PERIMETER: Final = tuple(
    (CELL_EDGES[COLS * 5 + c] | CELL_EDGES[COLS * 6 + c]) & ~(1 << h_edge(5, c))
    for c in range(COLS))
H_EDGE_MASK: Final = ALL_EDGES & ~((1 << V_EDGES) - 1)
# The edge masks of the named options of T16.
FORBIDDEN_MASKS: Final = {name: mask_of(parse_edge(n) for n in edges)
                          for name, edges in DITCH_FORBIDDEN_EDGES_STATIC.values.items()}


def dike_line(dike_moves: int) -> int:
    """The Dike Line (the top land row) after some dike moves."""
    if not isinstance(dike_moves, int) or not 0 <= dike_moves <= MAX_DIKE_MOVES:
        raise ValueError(f"dike moves must be 0..{MAX_DIKE_MOVES}, got {dike_moves!r}")
    return first_land_row(dike_moves)


def dike_slot_edge(gap: int, col: int) -> int | None:
    """The edge under a dike in gap G``gap``, column ``col`` (None for G3, the sea edge)."""
    if not (isinstance(gap, int) and 0 <= gap < GAPS and isinstance(col, int)
            and 0 <= col < COLS):
        raise ValueError(f"a dike slot is (gap 0..3, column 0..2), got ({gap!r}, {col!r})")
    return None if gap == GAPS - 1 else h_edge(GAPS - 2 - gap, col)


def dike_mask(slots: Iterable[tuple[int, int]]) -> int:
    """The mask of the edges under the dikes in ``slots`` ((gap, column) pairs)."""
    m = 0
    for gap, col in slots:
        e = dike_slot_edge(gap, col)
        if e is not None:
            m |= 1 << e
    return m


def check_dike_slots(slots: Iterable[tuple[int, int]], dike_moves: int) -> None:
    """Raise ValueError unless ``slots`` hold as many dikes per gap as RULINGS 2 gives
    after ``dike_moves`` moves (the columns are the owner's choice, T18)."""
    dike_line(dike_moves)
    seen: set[tuple[int, int]] = set()
    counts = [0] * GAPS
    for slot in slots:
        dike_slot_edge(*slot)
        if slot in seen:
            raise ValueError(f"two dikes in one slot {slot}")
        seen.add(slot)
        counts[slot[0]] += 1
    want = DIKE_SEQUENCE[dike_moves]
    if tuple(counts) != want:
        raise ValueError(f"after {dike_moves} dike moves the gaps G0..G3 hold {want}, "
                         f"the slots give {tuple(counts)}")


def forbidden_edges(option: str | None = None) -> int:
    """The mask of the edges barred for the whole game (T16): the named option of
    ``UNCONFIRMED["ditch_forbidden_edges_static"]``, its default when None."""
    name = DITCH_FORBIDDEN_EDGES_STATIC.default if option is None else option
    if name not in FORBIDDEN_MASKS:
        raise ValueError(f"unknown ditch option {name!r}; known: {sorted(FORBIDDEN_MASKS)}")
    return FORBIDDEN_MASKS[name]


def available_edges(line: int, dikes: int = 0, moors: int = MOOR_COLUMNS,
                    forbidden: int | None = None) -> int:
    """The edges that may hold a ditch, before the connectivity rule (T15 a-c).

    ``line``: the Dike Line; ``dikes``: the mask of edges under a dike (``dike_mask``);
    ``moors``: the columns (bit c) still covered by a Moor or Dehydrated Moor tile;
    ``forbidden``: edges barred all game (``forbidden_edges()`` when None).
    """
    _check_line(line)
    _check_mask(dikes, "dikes")
    if dikes & ~H_EDGE_MASK:
        raise ValueError("dikes lie on horizontal edges only")
    if not isinstance(moors, int) or isinstance(moors, bool) or not 0 <= moors <= MOOR_COLUMNS:
        raise ValueError(f"moors must be a column mask 0..7, got {moors!r}")
    if forbidden is None:
        forbidden = forbidden_edges()
    _check_mask(forbidden, "forbidden")
    interior = mask_of(MOOR_INTERIOR[c] for c in range(COLS) if moors >> c & 1)
    return LAND_EDGES[line] & ~dikes & ~interior & ~forbidden


def is_connected(ditches: int) -> bool:
    """Whether the ditches form one point-connected network (an empty set does)."""
    _check_mask(ditches)
    if not ditches:
        return True
    seen = ditches & -ditches
    frontier = seen
    while frontier:
        grow = 0
        m = frontier
        while m:
            low = m & -m
            grow |= EDGE_NEIGHBOURS[low.bit_length() - 1]
            m ^= low
        frontier = grow & ditches & ~seen
        seen |= frontier
    return seen == ditches


def network_error(ditches: int, line: int, available: int, *,
                  detached_ok: bool = False) -> str | None:
    """Why ``ditches`` are not a legal network at Dike Line ``line``, or None.

    Legal (T17): every ditch on an available edge, all connected, and exactly one
    ditch on the Dike Line (none when empty).  With ``detached_ok``, a network no
    ditch of which touches the line is legal too: that is the position after a dike
    move whose free reconnecting ditch was not (yet) dug (T19).
    """
    _check_mask(ditches)
    _check_line(line)
    _check_mask(available, "available")
    if ditches & ~available:
        bad = ", ".join(edge_name(e) for e in edges_of(ditches & ~available))
        return f"ditches on edges that may not hold one: {bad}"
    if not ditches:
        return None
    if not is_connected(ditches):
        return "the ditches are not connected"
    on_line = (ditches & LINE_EDGES[line]).bit_count()
    if on_line > 1:
        return "more than one ditch connects to the Dike Line"
    if on_line == 0 and not detached_ok:
        return "no ditch connects to the Dike Line"
    return None


def is_legal_network(ditches: int, line: int, available: int, *,
                     detached_ok: bool = False) -> bool:
    """``network_error(...) is None``."""
    return network_error(ditches, line, available, detached_ok=detached_ok) is None


def legal_new_ditches(ditches: int, line: int, available: int) -> int:
    """The mask of the edges where one more ditch may be dug (T17, T19, T20).

    The first ditch goes on the Dike Line; every later one shares a point with a
    ditch, and none joins the line while a ditch already touches it.  ``ditches``
    must be a legal network, detached allowed (ValueError otherwise).
    """
    err = network_error(ditches, line, available, detached_ok=True)
    if err is not None:
        raise ValueError(f"not a legal ditch network: {err}")
    if not ditches:
        return LINE_EDGES[line] & available
    near = 0
    m = ditches
    while m:
        low = m & -m
        near |= EDGE_NEIGHBOURS[low.bit_length() - 1]
        m ^= low
    near &= available & ~ditches
    if ditches & LINE_EDGES[line]:
        near &= ~LINE_EDGES[line]
    return near


def dig(ditches: int, edge: int, line: int, available: int) -> int:
    """The network with one more ditch on ``edge``; ValueError when it may not go there."""
    _check_edge(edge)
    if not legal_new_ditches(ditches, line, available) >> edge & 1:
        if ditches >> edge & 1:
            why = "it already holds a ditch"
        elif not available >> edge & 1:
            why = "that edge may not hold a ditch"
        elif not ditches:
            why = "the first ditch must connect to the Dike Line"
        elif ditches & LINE_EDGES[line] and LINE_EDGES[line] >> edge & 1:
            why = "only one ditch may connect to the Dike Line"
        else:
            why = "it does not connect to a ditch"
        raise ValueError(f"cannot dig a ditch on {edge_name(edge)}: {why}")
    return ditches | 1 << edge


def reconnecting_ditch(ditches: int, old_line: int, new_line: int) -> int | None:
    """The free ditch offered after the Dike Line moved from ``old_line`` to
    ``new_line`` (T19): v(L-1,k) when the network touched line L through v(L,k);
    None when the line did not move or no ditch touched it.  A dike move raises the
    line by one row at most (ValueError otherwise)."""
    _check_mask(ditches)
    _check_line(old_line)
    _check_line(new_line)
    if new_line == old_line:
        return None
    if new_line != old_line - 1:
        raise ValueError(f"the Dike Line moves up one row at a time, not {old_line}->{new_line}")
    touching = ditches & LINE_EDGES[old_line]
    if not touching:
        return None
    if touching.bit_count() > 1:
        raise ValueError("more than one ditch connects to the old Dike Line")
    k = (touching.bit_length() - 1) - v_edge(old_line, 0)
    return v_edge(new_line, k)


def ditches_around(ditches: int, cell: int) -> int:
    """How many ditches border a cell (0..4)."""
    _check_mask(ditches)
    if not isinstance(cell, int) or not 0 <= cell < CELLS:
        raise ValueError(f"cell must be 0..{CELLS - 1}, got {cell!r}")
    return (ditches & CELL_EDGES[cell]).bit_count()


def dehydrated_cells(ditches: int) -> int:
    """The mask (bit 3*r+c) of the cells bordered by at least 2 ditches (T21).
    Connectivity and what lies on the cell do not matter."""
    _check_mask(ditches)
    out = 0
    for x in range(CELLS):
        if (ditches & CELL_EDGES[x]).bit_count() >= DEHYDRATED_MIN_DITCHES:
            out |= 1 << x
    return out


def moor_perimeter_ditches(ditches: int, col: int) -> int:
    """Ditches on the perimeter of the Moor tile of column ``col`` (T24)."""
    _check_mask(ditches)
    if not isinstance(col, int) or not 0 <= col < COLS:
        raise ValueError(f"moor column must be 0..2, got {col!r}")
    return (ditches & MOOR_PERIMETER[col]).bit_count()


def moors_to_flip(ditches: int, hydrated: int) -> int:
    """The columns (bit c) of the hydrated Moor tiles that the ditches dehydrate (T24).
    ``hydrated``: the columns still holding a Moor tile hydrated side up."""
    _check_mask(ditches)
    if not isinstance(hydrated, int) or not 0 <= hydrated <= MOOR_COLUMNS:
        raise ValueError(f"hydrated must be a column mask 0..7, got {hydrated!r}")
    return sum(1 << c for c in range(COLS)
               if hydrated >> c & 1
               and (ditches & MOOR_PERIMETER[c]).bit_count() >= MOOR_FLIP_DITCHES)
