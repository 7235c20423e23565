"""The home board and the barn: land, tiles, moors and peat, dikes, animals, equipment."""

from __future__ import annotations

from typing import Final

from arle import animals as A
from arle.actions import Action
from arle.data import catalog as C
from arle.engine import ditches as D
from arle import frames as FR
from arle.engine.core import frame, push, replace_top
from arle.state import Player, State

BOARDWALK_CELL: Final = C.BOARDWALK_CELL
# (row 5, row 6) per column; typed as a tuple of any length, so that the compiled
# build indexes it as it is rather than rebuilding it from a fixed-length tuple
MOOR_CELLS: Final[tuple[tuple[int, int], ...]] = C.MOOR_CELLS
_MOOR_TOPS: Final[tuple[int, ...]] = tuple(top for top, _ in C.MOOR_CELLS)
_MOOR_NAMES: Final[tuple[str, ...]] = tuple(f"m{c}" for c in range(len(C.MOOR_CELLS)))


def new_player() -> Player:
    p = Player()
    p.res = [0] * len(C.RESOURCES)
    for r, n in C.START_RESOURCES.items():
        p.res[r] = n
    p.animals = list(C.START_ANIMALS)
    p.tools = [0] * len(C.TOOLS)
    p.grid = [""] * (C.ROWS * C.COLS)
    for cell, tile in C.START_TILES.items():
        p.grid[cell] = tile
    p.grid[BOARDWALK_CELL] = "boardwalk"
    for a, b in MOOR_CELLS:
        p.grid[a] = p.grid[b] = "moor"
    p.bw_peat = C.START_BOARDWALK_PEAT
    return p


# ---------------------------------------------------------------------------
# Land
# ---------------------------------------------------------------------------
def empty_land(pl: Player) -> list[int]:
    """Cells of empty Land Spaces (below the Dike Line, no tile)."""
    start = C.first_land_row(pl.dikes) * C.COLS
    g = pl.grid
    return [i for i in range(start, C.ROWS * C.COLS) if not g[i]]


def has_land(pl: Player) -> bool:
    start = C.first_land_row(pl.dikes) * C.COLS
    g = pl.grid
    for i in range(start, C.ROWS * C.COLS):
        if not g[i]:
            return True
    return False


def cell_name(cell: int) -> str:
    """``"R,C"``: the notation of a cell (row from the sea, column)."""
    return f"{cell // C.COLS},{cell % C.COLS}"


def parse_cell(text: str) -> int:
    r, _, c = text.partition(",")
    return int(r) * C.COLS + int(c)


def choose_cells(s: State) -> bool:
    """Whether this game asks the cell of each tile (rules option ``choose_cells``)."""
    return bool(s.setup.get("options", {}).get("choose_cells"))


def dry_cells(pl: Player) -> int:
    """Tea & Trade: the mask (bit 3*r+c) of the dehydrated cells (T21); 0 without
    ditches."""
    return D.dehydrated_cells(pl.ditches) if pl.ditches else 0


def place_tile(pl: Player, tile: str) -> int:
    """Put ``tile`` on the first empty Land Space; returns the cell."""
    cells = empty_land(pl)
    assert cells, "no empty land"
    # Every empty Land Space is equivalent in the base game (no adjacency rules), so the
    # engine picks one: the lowest-placed empty space (freed moor spaces first, then the
    # mainland, then the polders), which keeps the remaining pastures near the coast.
    cell = cells[-1]
    pl.grid[cell] = tile
    return cell


def count_tiles(pl: Player, tile: str) -> int:
    return pl.grid.count(tile)


def remove_tile(pl: Player, tile: str) -> None:
    pl.grid[pl.grid.index(tile)] = ""


def remove_tile_of(s: State, p: int, tile: str) -> None:
    """Take one ``tile`` off player ``p``'s board; with ``choose_cells`` and the tile
    on several cells the owner says which leaves (the ``cell`` frame, the first one
    empty until then)."""
    pl = s.players[p]
    at = pl.grid.index(tile)
    pl.grid[at] = ""
    if choose_cells(s):
        cells = tuple(i for i, t in enumerate(pl.grid) if t == tile or i == at)
        if len(cells) > 1:
            push(s, FR.Cell(p, tile=tile, at=at, cells=cells, gone=True, then=""))


def replace_tile(pl: Player, old: str, new: str) -> None:
    pl.grid[pl.grid.index(old)] = new


def fields(pl: Player) -> int:
    return pl.grid.count("field_grain") + pl.grid.count("field_flax")


def move_dikes(pl: Player, n: int) -> int | None:
    """Build ``n`` dikes at once, the columns filling from the left (moves beyond the
    7th have no effect; the engine's moves go through :func:`move_dikes_of`).  Tea &
    Trade: returns the free reconnecting ditch the move offers (T19), else None."""
    if pl.ditches is None:
        pl.dikes = min(C.MAX_DIKE_MOVES, pl.dikes + n)
        return None
    old = C.first_land_row(pl.dikes)
    for k in range(pl.dikes, min(C.MAX_DIKE_MOVES, pl.dikes + n)):
        pl.dike_cols = next_dike_cols(pl.dike_cols, k)
    pl.dikes = min(C.MAX_DIKE_MOVES, pl.dikes + n)
    new = C.first_land_row(pl.dikes)
    if new == old:
        return None
    return D.reconnecting_ditch(pl.ditches, old, new)


def move_dikes_of(s: State, p: int, n: int) -> None:
    """Player ``p`` builds ``n`` dikes (moves beyond the 7th have no effect).

    In the base game the columns never matter (they fill from the left).  With Tea &
    Trade the owner places each moved dike (T18: ``dike C1 C2``, the ``dikes`` frame,
    asked only when more than one move is possible; with the rules option
    ``choose_cells`` off the leftmost dike goes to the leftmost free column), and a network the moves leave
    apart from the Dike Line may be joined again by one free ditch, at once (T19).
    The moves are made in that frame, so a caller pushes what follows them first."""
    pl = s.players[p]
    if pl.ditches is None:
        pl.dikes = min(C.MAX_DIKE_MOVES, pl.dikes + n)
        return
    n = min(n, C.MAX_DIKE_MOVES - pl.dikes)
    if n > 0:
        continue_dikes(s, p, n, C.first_land_row(pl.dikes))


def dike_options(pl: Player) -> list[tuple[int, int]]:
    """Tea & Trade: the (C1, C2) of the next dike move (T18): the dike in column C1 of
    the gap that gives one (the lowest holding dikes, RULINGS 2) to free column C2 of
    the gap that takes it."""
    src, dst = dike_gaps(pl.dikes)
    cols = pl.dike_cols
    return [(a, b) for a in range(C.COLS) if cols[src] >> a & 1
            for b in range(C.COLS) if not cols[dst] >> b & 1]


def dike_gaps(k: int) -> tuple[int, int]:
    """The gaps (G0..G3) that give and take a dike at the move after ``k`` moves."""
    before, after = C.DIKE_SEQUENCE[k], C.DIKE_SEQUENCE[k + 1]
    src = next(g for g in range(4) if after[g] < before[g])
    dst = next(g for g in range(4) if after[g] > before[g])
    return src, dst


def move_one_dike(pl: Player, c1: int, c2: int) -> None:
    """Tea & Trade: one dike move, the dike of column ``c1`` to column ``c2`` (T18)."""
    src, dst = dike_gaps(pl.dikes)
    cols = pl.dike_cols[:]                          # replaced, never changed in place
    assert cols[src] >> c1 & 1 and not cols[dst] >> c2 & 1
    cols[src] &= ~(1 << c1)
    cols[dst] |= 1 << c2
    pl.dike_cols = cols
    pl.dikes += 1


def continue_dikes(s: State, p: int, n: int, line: int) -> None:
    """Make ``n`` more dike moves of player ``p`` (a single possible move at once),
    then offer the reconnecting ditch (T19) if the Dike Line left ``line``."""
    pl = s.players[p]
    while n > 0:
        opts = dike_options(pl)
        if len(opts) > 1 and choose_cells(s):
            push(s, FR.Dikes(p, n=n, line=line))
            return
        move_one_dike(pl, *opts[0])
        n -= 1
    assert pl.ditches is not None
    new = C.first_land_row(pl.dikes)
    if new == line:
        return
    edge = D.reconnecting_ditch(pl.ditches, line, new)
    if edge is not None:
        push(s, FR.Reconnect(p, edge=D.edge_name(edge)))


@frame(FR.Dikes)
class DikesFrame:
    """Tea & Trade: place a moved dike, ``dike C1 C2`` (columns 0..2, C1 in the gap
    giving the dike, C2 in the gap taking it), by C1 then C2."""

    @staticmethod
    def legal(s: State, f: FR.Dikes) -> list[Action]:
        return [Action("dike", (str(a), str(b))) for a, b in dike_options(s.players[f.p])]

    @staticmethod
    def apply(s: State, f: FR.Dikes, a: Action) -> None:
        s.stack.pop()
        move_one_dike(s.players[f.p], int(a.args[0]), int(a.args[1]))
        continue_dikes(s, f.p, f.n - 1, f.line)


def start_dike_cols() -> list[int]:
    """Tea & Trade: the columns of the dikes at the start (per gap, a column mask)."""
    return [(1 << k) - 1 for k in C.DIKE_SEQUENCE[0]]


def next_dike_cols(cols: list[int], k: int) -> list[int]:
    """The dike columns after dike move ``k + 1``, filling from the left: the leftmost
    dike of the gap that loses one moves to the leftmost free column of the gap that
    gains one (the base game, where columns never matter, and hand-built positions;
    in Tea & Trade games the owner chooses, :class:`DikesFrame`, T18)."""
    before, after = C.DIKE_SEQUENCE[k], C.DIKE_SEQUENCE[k + 1]
    out = cols[:]
    src = next(g for g in range(4) if after[g] < before[g])
    dst = next(g for g in range(4) if after[g] > before[g])
    out[src] &= out[src] - 1                        # the lowest set bit leaves
    free = ~out[dst] & 0b111
    out[dst] |= free & -free                        # the lowest free column fills
    return out


# ---------------------------------------------------------------------------
# Moors and peat
# ---------------------------------------------------------------------------
def peat_sources(pl: Player) -> list[tuple[str, int]]:
    """Tiles holding Peat that can be cut: ("m0".."m2" or "bw", peat on it)."""
    out = [(_MOOR_NAMES[c], pl.moor_peat[c]) for c in range(3)
           if pl.grid[_MOOR_TOPS[c]] == "dmoor" and pl.moor_peat[c] > 0]
    if pl.grid[BOARDWALK_CELL] == "boardwalk" and pl.bw_peat > 0:
        out.append(("bw", pl.bw_peat))
    return out


def total_moor_peat(pl: Player) -> int:
    return sum(n for _t, n in peat_sources(pl))


def cut_peat(pl: Player, tile: str, k: int) -> None:
    """Cut ``k`` Peat off one tile into the supply; an emptied tile leaves the board."""
    pl.res[C.PEAT] += k
    if tile == "bw":
        pl.bw_peat -= k
        assert pl.bw_peat >= 0
        if pl.bw_peat == 0:
            pl.grid[BOARDWALK_CELL] = ""
        return
    c = int(tile[1])
    pl.moor_peat[c] -= k
    assert pl.moor_peat[c] >= 0
    if pl.moor_peat[c] == 0:
        a, b = MOOR_CELLS[c]
        pl.grid[a] = pl.grid[b] = ""


def hydrated_moors(pl: Player) -> list[int]:
    return [c for c in range(3) if pl.grid[_MOOR_TOPS[c]] == "moor"]


def dehydrate(pl: Player, c: int) -> None:
    a, b = MOOR_CELLS[c]
    pl.grid[a] = pl.grid[b] = "dmoor"
    pl.moor_peat[c] = C.MOOR_PEAT


def remove_moor(pl: Player, c: int) -> None:
    """Take a Moor tile off the board, Peat and all (Bremen, Peat Power Plant)."""
    a, b = MOOR_CELLS[c]
    pl.grid[a] = pl.grid[b] = ""
    pl.moor_peat[c] = 0


def moor_choices(pl: Player) -> list[tuple[str, int]]:
    """Distinct Moor tiles to remove: ("moor", col) for hydrated, ("dmoorK", col)."""
    seen: dict[str, int] = {}
    for c in range(3):
        kind = pl.grid[MOOR_CELLS[c][0]]
        if kind == "moor":
            key = "moor"
        elif kind == "dmoor":
            key = f"dmoor{pl.moor_peat[c]}"
        else:
            continue
        seen.setdefault(key, c)
    return sorted(seen.items(), key=lambda kv: kv[1])


@frame(FR.Cut)
class CutFrame:
    """Cut up to ``n`` Peat from one's Moor tiles: ``cut m0 2`` / ``cut bw 1`` / ``done``.

    ``must`` frames (an effect that says "cut") only allow ``done`` once nothing is left.
    Tiles holding the same Peat on the same side are the same choice.
    """

    @staticmethod
    def legal(s: State, f: FR.Cut) -> list[Action]:
        pl = s.players[f.p]
        n = f.n
        out = []
        seen = set()
        for tile, peat in peat_sources(pl):
            key = (tile == "bw", peat)
            if key in seen:
                continue
            seen.add(key)
            for k in range(1, min(n, peat) + 1):
                out.append(_cut_action(tile, k))
        if not f.must or not out:
            out.append(_DONE)
        return out

    @staticmethod
    def apply(s: State, f: FR.Cut, a: Action) -> None:
        if a.verb == "done":
            s.stack.pop()
            return
        k = int(a.args[1])
        cut_peat(s.players[f.p], a.args[0], k)
        if f.n - k <= 0:
            s.stack.pop()
        else:
            s.stack[-1] = FR.Cut(f.p, f.n - k, f.must)    # replace_top(s, n=f.n - k)


_DONE: Final = Action("done")
#: The ``cut TILE K`` actions made so far (built once each).
_CUTS: Final[dict[tuple[str, int], Action]] = {}


def _cut_action(tile: str, k: int) -> Action:
    a = _CUTS.get((tile, k))
    if a is None:
        a = _CUTS[(tile, k)] = Action("cut", (tile, str(k)))
    return a


def push_cut(s: State, p: int, n: int, must: bool) -> None:
    if n > 0 and peat_sources(s.players[p]):
        push(s, FR.Cut(p, n=n, must=must))


# ---------------------------------------------------------------------------
# Animals
# ---------------------------------------------------------------------------
#: The housing of the farms seen so far, by (grid, dikes, ditches): the housing depends
#: on nothing else, Enclosures is immutable, and the search asks about the same farms
#: again and again (building one costs more than the look-up); emptied when large.
_ENCLOSURES: Final[dict[tuple[object, ...], A.Enclosures]] = {}
_ENCLOSURES_MAX: Final = 20_000
#: The Enclosures made so far, by their counts (:func:`_housing_code`): a farm not seen
#: before mostly has the housing of one seen before, made once (a frozen dataclass
#: costs more to build than the look-up).
_HOUSINGS: Final[dict[int, A.Enclosures]] = {}
#: The dehydrated cells (:func:`arle.engine.ditches.dehydrated_cells`) by ditch mask.
_DRY_CELLS: Final[dict[int, int]] = {}
_DRY_CELLS_MAX: Final = 20_000


def _housing_code(pastures: int, stalls: int, stables: int, parks: int, dry: int) -> int:
    """The counts of a farm's housing as one number (each count < 64: a board has 21
    cells, a double stall counts 2)."""
    return pastures | stalls << 6 | stables << 12 | parks << 18 | dry << 24


def _dry_cells(ditches: int) -> int:
    m = _DRY_CELLS.get(ditches)
    if m is None:
        if len(_DRY_CELLS) >= _DRY_CELLS_MAX:
            _DRY_CELLS.clear()
        m = _DRY_CELLS[ditches] = D.dehydrated_cells(ditches)
    return m


def enclosures(pl: Player) -> A.Enclosures:
    g = pl.grid
    key = (pl.dikes, pl.ditches, *g)
    found = _ENCLOSURES.get(key)
    if found is not None:
        return found
    found = count_enclosures(pl)
    if len(_ENCLOSURES) >= _ENCLOSURES_MAX:
        _ENCLOSURES.clear()
    _ENCLOSURES[key] = found
    return found


def count_enclosures(pl: Player) -> A.Enclosures:
    """The housing of ``pl``'s farm, counted in one pass over the board: the empty Land
    Spaces below the Dike Line (those dehydrated apart, Tea & Trade), the stalls (a
    double stall counts two), stables and parks."""
    start = C.first_land_row(pl.dikes) * C.COLS
    ditches = pl.ditches
    m = _dry_cells(ditches) if ditches else 0
    empty = stalls = stables = parks = dry = 0
    i = 0
    for t in pl.grid:
        if not t:
            if i >= start:
                if m >> i & 1:
                    dry += 1
                else:
                    empty += 1
        elif t == "stall":
            stalls += 1
        elif t == "double_stall":
            stalls += C.DOUBLE_STALL_STALLS
        elif t == "stable":
            stables += 1
        elif t == "park":
            parks += 1
        i += 1
    code = _housing_code(empty, stalls, stables, parks, dry)
    found = _HOUSINGS.get(code)
    if found is None:
        # (positional, in the order of the fields: pastures, stalls, stables, mixed, dry;
        # the compiled build then makes no dict of keywords)
        found = _HOUSINGS[code] = A.Enclosures(
            empty, stalls, stables, C.DIKES + C.PARK_MIXED * parks, dry)
    return found


def animals_fit(pl: Player, animals: list[int] | None = None) -> bool:
    a = pl.animals if animals is None else animals
    return A.fits((a[0], a[1], a[2]), enclosures(pl))


def check_housing(s: State, p: int) -> None:
    """Animals must always be housed: if they no longer fit (after a gain, or after a
    tile covered a pasture) the player gives animals back now (the ``house`` frame)."""
    if not animals_fit(s.players[p]):
        push(s, FR.House(p))


def gain_animals(s: State, p: int, kind: int, n: int = 1) -> None:
    """Gain animals; if they cannot all be housed the player gives some back now."""
    s.players[p].animals[kind] += n
    check_housing(s, p)


def place_tile_housed(s: State, p: int, tile: str, cells: list[int] | None = None,
                      then: str = "") -> int:
    """Place a tile on an empty Land Space (one of ``cells``, default: every empty Land
    Space), then make sure the animals still fit: a tile put on a pasture takes its
    places away (animals may be returned at any time, so the placement is allowed and
    the player chooses what to give back).

    The engine puts the tile on the last of the cells (the lowest-placed); with the
    rules option ``choose_cells`` and more than one cell the owner chooses it next
    (the ``cell`` frame, which moves the tile there).  ``then`` names what the cell
    also settles (``farmer``: the Farmer's count of fields on dehydrated land)."""
    pl = s.players[p]
    opts = empty_land(pl) if cells is None else cells
    assert opts, "no empty land"
    cell = opts[-1]
    pl.grid[cell] = tile
    if len(opts) > 1 and choose_cells(s):
        push(s, FR.Cell(p, tile=tile, at=cell, cells=tuple(opts), gone=False, then=then))
    else:
        settle_cell(s, p, cell, then)
    return cell


def settle_cell(s: State, p: int, cell: int, then: str) -> None:
    """A tile's cell is known: settle what depends on it, then the housing."""
    if then == "farmer":
        f = s.stack[-1]
        assert isinstance(f, FR.Farmer) and f.p == p
        dry = dry_cells(s.players[p]) >> cell & 1
        replace_top(s, fields=f.fields + 1, dry=f.dry + dry)
    check_housing(s, p)


#: What a ``cell`` frame's ``then`` may name: the Farmer's count of fields on
#: dehydrated land, or (a Field leaving) the next Field Norderburg Castle discards.
CELL_THEN: Final = ("", "farmer", "castle")


@frame(FR.Cell)
class CellFrame:
    """The cell of a tile just placed (or removed): ``cell R,C`` for each of ``cells``,
    in cell order (row from the sea, then column)."""

    @staticmethod
    def legal(s: State, f: FR.Cell) -> list[Action]:
        return [Action("cell", (cell_name(c),)) for c in f.cells]

    @staticmethod
    def apply(s: State, f: FR.Cell, a: Action) -> None:
        c = parse_cell(a.args[0])
        s.stack.pop()
        g = s.players[f.p].grid
        if f.gone:
            g[f.at] = f.tile
            g[c] = ""
            if f.then == "castle":
                # Norderburg Castle: the next Field is named after this one's cell.
                below = s.stack[-1]
                assert isinstance(below, FR.Effect) and below.name == "castle_field"
                replace_top(s, args=below.args[:2] + (c,))
            check_housing(s, f.p)
            return
        g[f.at] = ""
        g[c] = f.tile
        settle_cell(s, f.p, c, f.then)


@frame(FR.House)
class HouseFrame:
    """Animals that cannot be housed: give one back (``release sheep``) until all fit."""

    @staticmethod
    def legal(s: State, f: FR.House) -> list[Action]:
        pl = s.players[f.p]
        if animals_fit(pl):
            # Nothing left to decide (e.g. the animal was given back through the anytime
            # ``release`` instead of this frame): the frame ends without another release.
            return []
        return [Action("release", (C.ANIMALS[t],)) for t in range(3) if pl.animals[t] > 0]

    @staticmethod
    def apply(s: State, f: FR.House, a: Action) -> None:
        pl = s.players[f.p]
        pl.animals[C.ANIMAL_INDEX[a.args[0]]] -= 1
        if animals_fit(pl):
            s.stack.pop()


# ---------------------------------------------------------------------------
# Barn
# ---------------------------------------------------------------------------
def barn_fits(kinds: list[str]) -> bool:
    large = sum(1 for k in kinds if k in C.LARGE)
    small = len(kinds) - large
    return large <= C.BARN_LARGE_SLOTS and small <= C.BARN_SMALL_SLOTS + (
        1 if large < C.BARN_LARGE_SLOTS else 0)


def barn_has_room(pl: Player, kind: str) -> bool:
    return barn_fits([b[0] for b in pl.barn] + [kind])


def add_equipment(s: State, p: int, kind: str) -> None:
    """Take a piece of equipment from the supply into the barn (room checked before)."""
    s.pool[C.TILE_POOL[kind]] -= 1
    assert s.pool[C.TILE_POOL[kind]] >= 0
    cells = C.VEHICLE_CELLS.get(kind, ())
    s.players[p].barn.append([kind] + [""] * len(cells))


def can_take_equipment(s: State, p: int, kind: str) -> bool:
    return s.pool.get(C.TILE_POOL[kind], 0) > 0 and barn_has_room(s.players[p], kind)


def remove_equipment(s: State, p: int, kind: str) -> None:
    """Return one (unloaded if possible) piece of ``kind`` to the supply."""
    barn = s.players[p].barn
    idx = [i for i, b in enumerate(barn) if b[0] == kind]
    assert idx
    empty = [i for i in idx if not any(barn[i][1:])]
    del barn[(empty or idx)[0]]
    s.pool[C.TILE_POOL[kind]] += 1


def count_equipment(pl: Player, kind: str) -> int:
    return sum(1 for b in pl.barn if b[0] == kind)

