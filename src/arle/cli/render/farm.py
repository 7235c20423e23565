"""A player's farm: the home board (the base game's and Tea & Trade's), barn, harbor, the
player's panel, the narrow strips of three farms and the compact screen's small map."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from arle import presenter, view
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.scoring import ScoreSheet
from arle.state import State
from arle.cli.render.words import (building_name, CELL, destination_name, figure_name, fmt_vp,
                                   is_expansion, pack, PANEL_WIDTH, player_name, plural, res_name,
                                   TEA_NAMES, TILE_STYLE)

__all__ = ["BOARD_VERBS", "DIKE", "DITCH", "MINI_CELL", "MINI_WIDTH", "STRIP_WIDTH", "barn_lines",
           "farms_strip", "harbor_lines", "home_board", "mini_board", "player_panel",
           "strip_lines", "tt_home_board", "used_destinations"]


# ---------------------------------------------------------------------------
# A home board
# ---------------------------------------------------------------------------
def _cell_label(c: view.Cell) -> tuple[str, str]:
    """The words and the style of one home-board cell (full length)."""
    tile = c.tile
    if tile is None:
        if not c.land:
            return "~ tidal flat ~", "cyan"
        return "·", "dim"
    if tile == "dmoor":
        return f"dry moor {c.peat}pt", "magenta"
    if tile == "boardwalk":
        return f"boardwalk {c.peat}pt", "magenta"
    if c.building is not None:
        return building_name(c.building), "bold"
    return presenter.tile_name(tile), TILE_STYLE.get(tile, "")


def _cell_lines(c: view.Cell) -> tuple[list[str], str]:
    """A cell's label wrapped to the cell width: a long building name takes two lines
    rather than being cut (``Carpenter's`` / ``Workshop``)."""
    label, style = _cell_label(c)
    if len(label) <= CELL:
        return [label], style
    return textwrap.wrap(label, CELL) or [label[:CELL]], style


def _cell_text(c: view.Cell) -> Text:
    lines, style = _cell_lines(c)
    return Text(lines[0].ljust(CELL), style=style)


def _gap_line(gap: int, dikes: int, is_line: bool) -> Text:
    t = Text("   ")
    bar = "▬" * dikes + "·" * (3 - dikes)
    t.append(f"  {bar}  ", style="bold yellow" if dikes else "dim")
    if is_line:
        t.append("═" * 8 + " dike line " + "═" * 8, style="bold yellow")
    if gap == 3:
        t.append(f"  sea edge ({dikes}/3 marks covered)", style="dim")
    return t


def home_board(s: State, p: int) -> Text:
    """The 7 x 3 landscape, top (the sea) to bottom, with the dike gaps between rows.

    Rows above the Dike Line are tidal flats; every row below it is land.  Gap G3 lies
    above row 0, G2 between rows 0 and 1, G1 between rows 1 and 2, G0 between rows 2
    and 3 (RULINGS 1-2).  A Tea & Trade board is drawn by :func:`tt_home_board`.
    """
    if is_expansion(s):
        return tt_home_board(s, p)
    gaps = C.DIKE_SEQUENCE[view.dike_moves(s, p)]
    line_gap = max(g for g in range(4) if gaps[g] == 3)
    cells = view.cells(s, p)
    out = Text()
    for row in range(C.ROWS):
        if row <= 3:
            gap = 3 - row  # the gap just above this row
            out.append_text(_gap_line(gap, gaps[gap], gap == line_gap))
            out.append("\n")
        wrapped = [_cell_lines(cells[row * C.COLS + col]) for col in range(C.COLS)]
        height = max(len(lines) for lines, _ in wrapped)
        for k in range(height):
            out.append(f" {row} " if k == 0 else "   ", style="dim")
            for lines, style in wrapped:
                out.append("│")
                out.append((lines[k] if k < len(lines) else "").ljust(CELL), style=style)
            out.append("│\n")
    out.append("    · empty land   pt = Peat left on a moor tile or the boardwalk", style="dim")
    return out


DITCH = "≈"      # a ditch on an edge of a Tea & Trade home board
DIKE = "▬"


def _tt_cell_lines(c: view.Cell, dry: bool) -> tuple[list[str], str]:
    """A Tea & Trade cell: as in the base game, an empty dehydrated one says so."""
    if dry and c.tile is None and c.land:
        return ["· dehydrated"], "bold green"
    return _cell_lines(c)


def _tt_segment(line: int, col: int, cols: tuple[tuple[int, ...], ...],
                dug: frozenset[str], line_gap: int) -> tuple[str, str]:
    """What lies on row line ``line`` (0 = the sea edge, above row 0) under column
    ``col``: a dike, a ditch, an empty dike mark (above the dike line) or an empty
    edge between two land spaces."""
    gap = 3 - line if line <= 3 else None
    if gap is not None and col in cols[gap]:
        return DIKE * CELL, "bold yellow"
    if line >= 1 and f"h({line - 1},{col})" in dug:
        return DITCH * CELL, "bold blue"
    if gap is not None and gap > line_gap:
        return "· " * (CELL // 2), "dim"
    return "─" * CELL, "dim"


def tt_home_board(s: State, p: int) -> Text:
    """A Tea & Trade home board: the 7 x 3 landscape with the rows (0 at the sea) and
    columns (0..2) numbered as ``cell R,C`` and the ditch edges name them, each dike in
    its column on the gaps G3..G0, the ditches (``≈``) on the edges, ``v(r,k)`` right of
    cell (r,k), ``h(r,c)`` below cell (r,c), and the empty dehydrated land."""
    cols = view.dike_columns(s, p)
    gaps = [len(c) for c in cols]
    line_gap = max(g for g in range(4) if gaps[g] == 3)
    dug = frozenset(view.ditches(s, p))
    dry = frozenset(view.dehydrated_cells(s, p))
    cells = view.cells(s, p)
    out = Text("    " + "".join(f"column {c}".center(CELL) + " " for c in range(C.COLS)),
               style="dim")
    out.append("\n")
    for row in range(C.ROWS):
        gap = 3 - row if row <= 3 else None
        out.append(f"G{gap} " if gap is not None else "   ", style="dim")
        out.append(" ")
        for col in range(C.COLS):
            seg, style = _tt_segment(row, col, cols, dug, line_gap)
            out.append(seg, style=style)
            out.append(" ")
        if gap == 3:
            out.append(f" sea edge ({gaps[3]}/3 covered)", style="dim")
        if gap == line_gap:
            out.append(" ◄ dike line", style="bold yellow")
        out.append("\n")
        wrapped = [_tt_cell_lines(cells[row * C.COLS + col], row * C.COLS + col in dry)
                   for col in range(C.COLS)]
        height = max(len(lines) for lines, _ in wrapped)
        for k in range(height):
            out.append(f" {row} " if k == 0 else "   ", style="dim")
            for col, (lines, style) in enumerate(wrapped):
                if col and f"v({row},{col - 1})" in dug:
                    out.append(DITCH, style="bold blue")
                else:
                    out.append("│")
                out.append((lines[k] if k < len(lines) else "").ljust(CELL), style=style)
            out.append("│\n")
    out.append(f"    {DITCH} ditch: v(r,k) right of cell r,k, h(r,c) below cell r,c · "
               f"{DIKE} dike\n", style="dim")
    names = " ".join(view.ditches(s, p))
    out.append(f"    Ditches ({len(dug)}): {names or 'none yet'}\n", style="dim")
    out.append("    · empty land   pt = Peat left on a moor tile or the boardwalk", style="dim")
    return out


def barn_lines(s: State, p: int) -> list[Text]:
    """The barn: one line per item with its index (used by ``load I J`` and ``return``)."""
    items = view.barn(s, p)
    if not items:
        return [Text("empty (no large vehicle: -3 VP at the end)", style="dim")]
    out = []
    for item in items:
        t = Text(f"[{item.slot}] ")
        t.append(res_name(item.kind), style="bold")
        if item.loads:
            t.append("  " + _load_words(item.loads))
        out.append(t)
    return out


def _load_words(loads: Sequence[view.Load]) -> str:
    """The loads of a vehicle's cells or a ship's spaces: ``□ | Timber | ◄``."""
    shown = []
    for load in loads:
        if load.kind == "empty":
            shown.append("□")
        elif load.kind == "covered":
            shown.append("◄")
        elif load.kind == "destination":
            shown.append("→" + destination_name(str(load.item)))
        else:
            shown.append(TEA_NAMES.get(str(load.item)) or res_name(str(load.item)))
    return " | ".join(shown)


def harbor_lines(s: State, p: int) -> list[Text]:
    """Tea & Trade: the Harbor Board, its 2 Fishing Cutter spaces then its 2 Trading
    Ship spaces (T1): each ship by its harbor position ``hI`` (``load hI J``,
    ``return SHIP@hI``, ``trade I``), its side (Small or Large) and the load of each of
    its spaces; a space without a ship says ``free``."""
    ships = view.harbor(s, p)
    out = []
    for kind, label in (("fishing_cutter", "Cutter space"), ("trading_ship", "Trading space")):
        held = [sh for sh in ships if TT.SHIP_KIND[sh.kind] == kind]
        for n in range(TT.HARBOR_SPACES[kind]):
            t = Text(f"{label} {n + 1}: ".ljust(17), style="dim")
            if n < len(held):
                sh = held[n]
                t.append(f"h{sh.slot} ")
                t.append(TT.SHIP_NAME[sh.kind], style="bold cyan")
                t.append(f" ({TT.SHIPS[sh.kind].vp} VP)  " + _load_words(sh.loads))
            else:
                t.append("free", style="dim")
            out.append(t)
    return out


def used_destinations(s: State, p: int) -> list[str]:
    return list(view.destinations_used(s, p))


def player_panel(s: State, p: int, sheet: ScoreSheet | None = None) -> Panel:
    """Everything a player owns: home board, goods track, supply, tools, barn, travel."""
    pl = s.players[p]
    parts: list[RenderableType] = [home_board(s, p)]
    an = pl.animals
    tt = is_expansion(s)
    ditches = f" · Ditches {len(view.ditches(s, p))}" if tt else ""
    parts.append(Text(f"Dike moves {pl.dikes}/{C.MAX_DIKE_MOVES}{ditches} · Animals: "
                      f"{an[0]} sheep, {an[1]} cattle, {an[2]} horse{'s' if an[2] != 1 else ''}"))
    goods = " · ".join(f"{res_name(C.RESOURCES[r])} {pl.res[r]}" for r in C.GOODS_TRACK)
    parts.append(Text("Goods track: ", style="bold") + Text(goods))
    for label, items in (("Supply:   ", C.SUPPLY_ITEMS[:5]), ("Textiles: ", C.SUPPLY_ITEMS[5:8]),
                         ("Clothing: ", C.SUPPLY_ITEMS[8:])):
        supply = " · ".join(f"{res_name(C.RESOURCES[r])} {pl.res[r]}" for r in items)
        parts.append(Text(label, style="bold") + Text(supply))
    if tt:
        res = view.resources(s, p)
        parts.append(Text("Tea:      ", style="bold")
                     + Text(" · ".join(f"{TEA_NAMES[r]} {res[r]}" for r in TEA_NAMES)))
    # (Tea & Trade's Digging Spade track is the eleventh, TT_TOOLS extends TOOLS.)
    tools = [f"{res_name(TT.TT_TOOLS[t])} {TT.TT_TOOL_VALUES[t][pl.tools[t]]}"
             + ("*" if pl.tools[t] >= len(TT.TT_TOOL_VALUES[t]) - 1 else "")
             for t in range(len(pl.tools))]
    parts.append(Text("Tools (* = at the end of its track):", style="bold"))
    for chunk in (tools[:3], tools[3:6], tools[6:]):
        parts.append(Text("  " + " · ".join(chunk)))
    parts.append(Text("Barn (cells: □ free, ◄ covered):", style="bold"))
    parts.extend(Text("  ") + line for line in barn_lines(s, p))
    if tt:
        parts.append(Text("Harbor (ship hI: load hI J ITEM, return SHIP@hI):", style="bold"))
        parts.extend(Text("  ") + line for line in harbor_lines(s, p))
    used = used_destinations(s, p)
    covered = sum(C.DESTINATION_SIZE[d] for d in used)
    travel = Text("Travel: ", style="bold")
    travel.append(f"{covered} space{'' if covered == 1 else 's'} covered ({', '.join(map(destination_name, used)) or 'none'})"
                  "; destinations open, by size:")
    parts.append(travel)
    by_size = []
    for size in sorted(set(C.DESTINATION_SIZE.values())):
        names = [destination_name(d) for d in C.DESTINATIONS
                 if C.DESTINATION_SIZE[d] == size and d not in used]
        if names:
            by_size.append(f"{size}: {' '.join(names)}")
    parts.append(Text("  " + ("  ".join(by_size) or "none")))
    if pl.buildings:
        blds = ", ".join(f"{building_name(b)} ({presenter.building_vp(b)} VP)"
                         for b in view.buildings(s, p))
        parts.append(Text("Buildings: ", style="bold") + Text(blds))
    if pl.bottleneck:
        parts.append(Text(f"Supply bottlenecks so far: {pl.bottleneck} VP", style="red"))
    if sheet is not None:
        parts.append(Text(f"Score estimate: {fmt_vp(sheet.total)} VP", style="bold"))
    title = player_name(p)
    if len(s.players) > 1 and p == s.start_player:
        title += " (start player)"
    if not s.is_terminal() and p == s.current_player:
        title += " ◄ to move"
    return Panel(Group(*parts), title=title, title_align="left", expand=False,
                 width=PANEL_WIDTH)


#: Width of one farm in :func:`farms_strip` (three fit in 80 columns).
STRIP_WIDTH = 24


def strip_lines(s: State, p: int, width: int = STRIP_WIDTH,
                height: int = 23) -> list[Text]:
    """Player ``p``'s farm in a narrow column of at most ``height`` lines: a title, the
    map of the home board and the key figures (:func:`farms_strip`; what does not fit
    is left to ``farm N``)."""
    res = view.resources(s, p)
    an = view.animals(s, p)
    title = player_name(p)
    if p == s.start_player:
        title += " (start)"
    if not s.is_terminal() and p == s.current_player:
        title += " ◄"
    placed = view.workers_placed(s, p)
    segs = [f"{fmt_vp(s.scores()[p].total)} VP est.",
            f"workers {placed}/{view.workers_per_player()}"]
    segs += [f"{res_name(C.RESOURCES[r])} {res[C.RESOURCES[r]]}"
             for r in (*C.GOODS_TRACK, *C.BUILDING_MATERIALS, C.PEAT)]
    segs += [f"{figure_name(k)} {res[k]}" for k in TEA_NAMES if res.get(k)]
    segs += [f"{res_name(C.RESOURCES[r])} {res[C.RESOURCES[r]]}" for r in C.SUPPLY_ITEMS
             if r not in C.BUILDING_MATERIALS and r != C.PEAT and res[C.RESOURCES[r]]]
    segs += [f"{an['sheep']} sheep", f"{an['cattle']} cattle",
             plural(an["horse"], "horse", "horses")]
    segs.append(f"dikes {view.dike_moves(s, p)}/{C.MAX_DIKE_MOVES}")
    segs.append(plural(len(view.ditches(s, p)), "ditch", "ditches"))
    segs += [res_name(item.kind) for item in view.barn(s, p)]
    segs += [TT.SHIP_NAME[sh.kind] for sh in view.harbor(s, p)]
    segs += [building_name(b) for b in view.buildings(s, p)]
    out = [Text(title, style="bold")] + mini_board(s, p)
    out += [Text(x) for x in pack(segs, width, " · ")]
    if len(out) > height:
        out = out[:height - 1] + [Text(f"… more: farm {p + 1}", style="dim")]
    return out


def farms_strip(s: State) -> RenderableType:
    """Every player's farm side by side, narrow enough for 80 columns with three
    players: the home board's map and the key figures (the ``farms`` view; the full
    screen's farms with three players when their panels do not fit side by side)."""
    grid = Table.grid(padding=(0, 2))
    n = len(s.players)
    for _ in range(n):
        grid.add_column(width=STRIP_WIDTH, no_wrap=True)
    grid.add_row(*(Group(*strip_lines(s, p)) for p in range(n)))
    return grid


#: Verbs whose choice the compact screen shows beside a map of the home board.
BOARD_VERBS = frozenset({"dig", "cell", "dike"})
MINI_CELL = 5
#: Width the compact screen's map of the home board takes (with its margin).
MINI_WIDTH = 4 + (MINI_CELL + 1) * 3 + 2


def _mini_label(c: view.Cell, dry: bool) -> str:
    """A cell in at most 5 characters for the compact map."""
    if c.tile is None:
        return "dry" if dry and c.land else ("~" if not c.land else "·")
    if c.tile == "dmoor":
        return f"dm{c.peat}"
    if c.tile == "boardwalk":
        return f"bw{c.peat}"
    if c.building is not None:
        return building_name(c.building).replace("'", "")[:MINI_CELL]
    short = {"field_grain": "grain", "field_flax": "flax", "double_stall": "dstal",
             "moor": "moor"}
    return short.get(c.tile, c.tile)[:MINI_CELL]


def mini_board(s: State, p: int) -> list[Text]:
    """Tea & Trade: a small map of player ``p``'s home board for the compact screen,
    from the row above the dike line down: rows and columns numbered as the notation
    names them, dikes ``▬``, ditches ``≈`` on the edges, ``dry`` empty dehydrated
    land.  Empty in a base game."""
    if not is_expansion(s):
        return []
    cols = view.dike_columns(s, p)
    line_gap = max(g for g in range(4) if len(cols[g]) == 3)
    dug = frozenset(view.ditches(s, p))
    dry = frozenset(view.dehydrated_cells(s, p))
    cells = view.cells(s, p)
    first = max(0, 2 - line_gap)        # one tidal row above the line, if any
    w = MINI_CELL
    out = [Text("    " + "".join(f"c{c}".center(w) + " " for c in range(C.COLS)), style="dim")]
    for row in range(first, C.ROWS):
        gap = 3 - row if row <= 3 else None
        if row > first or gap is not None:
            t = Text(f"G{gap} " if gap is not None else "   ", style="dim")
            t.append(" ")
            for col in range(C.COLS):
                seg, style = _tt_segment(row, col, cols, dug, line_gap)
                t.append(seg[:w], style=style)
                t.append(" ")
            out.append(t)
        t = Text(f" {row} ", style="dim")
        for col in range(C.COLS):
            if col and f"v({row},{col - 1})" in dug:
                t.append(DITCH, style="bold blue")
            else:
                t.append("│")
            i = row * C.COLS + col
            t.append(_mini_label(cells[i], i in dry).center(w))
        t.append("│")
        out.append(t)
    return out
