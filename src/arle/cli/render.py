"""The terminal screen of a game: action board, home boards, supplies, scores, decisions.

Everything here reads the public state (the belongings through :mod:`arle.view`,
``s.occupied``, ``s.board``, ``s.pool``, ``s.half_year``, ``s.start_player`` and the
pending decision ``s.pending()``) and never changes it.  ``arle play`` and ``arle replay`` share
these pieces, so a replayed position looks exactly like a played one.

Two screens: :func:`screen`, the whole position, and :func:`compact_screen`, which fits
80 x 24 (the decision with its numbered options, the player's key figures and what
changed, the other players' moves); the parts of the full one are shown on demand
(:func:`action_board`, :func:`player_panel`, :func:`supply_board`, :func:`scores_view`
with the item-by-item :func:`score_breakdown`).  :func:`action_label` puts each
option's cost (:func:`action_cost`, from the catalog) after a ``·``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from arle import ANYTIME_VERBS, presenter, view
from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data import texts
from arle.presenter.options import TEA_USE_COST, decision_actions, specialize_words, tea_use_words
from arle.scoring import ScoreSheet
from arle.state import State

#: Each base or Tea & Trade (1-2 players) space's season, for a listing without a position.
SPACE_SEASON = {**C.SPACE_SEASON, **TT.TT_SPACE_SEASON}

__all__ = [
    "ANYTIME_VERBS", "BENCHMARK_SOLO", "action_board", "action_cost", "action_label",
    "breakdown_table", "building_cost_text", "changes", "compact_screen", "decision_help",
    "describe_decision", "compact_header", "figure_lines", "fmt_vp", "full_listing", "group_actions",
    "home_board", "key_figures", "move_words", "moves_block", "notation_basics",
    "numbered_actions", "player_name", "player_panel", "score_breakdown", "score_table",
    "scores_view", "screen", "season_line", "season_words", "short_label", "supply_board", "winner_lines",
]

#: The solo benchmark of the rulebook's solo variant (one source: the presenter's).
BENCHMARK_SOLO = presenter.SOLO_BENCHMARK

CELL = 14  # characters per home-board cell
PANEL_WIDTH = 84  # a player's panel; two fit side by side in 170 columns
SEASONS = ("Summer", "Winter")
EQUIPMENT_NAMES: dict[str, str] = {e: presenter.equipment_name(e) for e in C.EQUIPMENT}
TILE_STYLE = {
    "moor": "magenta", "dmoor": "magenta", "boardwalk": "magenta",
    "field_grain": "yellow", "field_flax": "blue", "forest": "green", "park": "green",
    "stall": "red", "depot": "red", "stable": "red", "double_stall": "red",
}


# ---------------------------------------------------------------------------
# Small words
# ---------------------------------------------------------------------------
#: Tea & Trade's resources, in the words the presenter names them.
TEA_NAMES = {r: presenter.resource_name(r) for r in ("tea", "east_frisian_tea")}


def is_expansion(s: State) -> bool:
    """Whether ``s`` is a Tea & Trade game (its setup names the expansion)."""
    return s.setup.get("expansion") == "tea-and-trade"


def is_three(s: State) -> bool:
    """Whether ``s`` is a 3-player game (Tea & Trade's)."""
    return len(s.players) == 3


#: The game's last half year (one source: :func:`arle.view.last_half_year`).
last_half_year = view.last_half_year


#: A season's action spaces and a space's season (one source: :mod:`arle.view`).
season_spaces = view.season_spaces
space_season = view.space_season


def imitate_cost(s: State) -> str:
    """What the next Imitate of this half year costs (T52: the first 1 Food, then 2)."""
    return presenter.option_cost(Action("place", (TT.IMITATE_SPACES[0],)), s)


#: Names and figures, one source each (:mod:`arle.presenter`).
player_name = presenter.player_name
fmt_vp = presenter.fmt_vp
res_name = presenter.resource_name
building_name = presenter.building_name
space_name = presenter.space_name


destination_name = presenter.destination_name


def season_words(s: State) -> str:
    """``Summer (July–October)``, or during the inventory that closes the half year
    ``Summer, the November inventory``."""
    if s.phase == "inventory":
        return f"{SEASONS[s.season]}, the {'November' if s.season == 0 else 'May'} inventory"
    months = C.MONTHS_SUMMER if s.season == 0 else C.MONTHS_WINTER
    return f"{SEASONS[s.season]} ({months[0]}–{months[-1]})"


def season_line(s: State) -> Text:
    """Half year, season and months, start player and who is to move."""
    hy = s.half_year
    t = Text()
    t.append(f"Half year {hy} of {last_half_year(s)}", style="bold")
    t.append(f" · {season_words(s)}")
    if len(s.players) > 1:
        t.append(f" · start player: {player_name(s.start_player)}")
    if s.is_terminal():
        t.append(" · game over", style="bold")
    else:
        t.append(f" · to move: {player_name(s.current_player)}", style="bold")
    return t


# ---------------------------------------------------------------------------
# The action board
# ---------------------------------------------------------------------------
def special_action_used_by(s: State) -> tuple[int, str] | None:
    """(player, space) if a worker stands on a space of the other season this half year."""
    for sp, who in s.occupied.items():
        if space_season(s, sp) != s.season:
            return who, sp
    return None


def special_actions_taken(s: State) -> list[tuple[int, str]]:
    """Every (player, space) on a space of the other season this half year (with three
    players up to two, by different players: T51)."""
    return [(who, sp) for sp, who in s.occupied.items() if space_season(s, sp) != s.season]


def _space_cell(s: State, sp: str) -> Text:
    t = Text()
    who = s.occupied.get(sp)
    t.append(space_name(sp), style="dim" if who is not None else "bold")
    cost = presenter.option_cost(Action("place", (sp,)), s)
    if cost and (who is None or sp not in TT.IMITATE_SPACES):
        t.append(f" ({cost})", style="dim")
    if who is None:
        t.append("  free", style="green")
    else:
        t.append(f"  [P{who + 1}]", style="red")
    return t


def _spaces_grid(s: State, spaces: Sequence[str]) -> Table:
    grid = Table.grid(padding=(0, 3))
    for _ in range(3):
        grid.add_column()
    cells = [_space_cell(s, sp) for sp in spaces]
    for i in range(0, len(cells), 3):
        row = cells[i:i + 3]
        grid.add_row(*row, *([Text("")] * (3 - len(row))))
    return grid


def action_board(s: State) -> RenderableType:
    """The action spaces of the season (free or whose worker: 15, 17 with Tea & Trade),
    and the Special Action."""
    season = s.season
    own = season_spaces(s, season)
    other = season_spaces(s, 1 - season)
    parts: list[RenderableType] = [_spaces_grid(s, own)]
    if is_three(s) and not s.is_terminal():
        parts.append(Text("Imitate: copy an occupied space of this season (its cost too), "
                          "once a half year.", style="italic"))
        taken = special_actions_taken(s)
        limit = TT.SPECIAL_ACTIONS_PER_HALF_YEAR_3P
        words = ", ".join(f"{player_name(who)} ({space_name(sp)})" for who, sp in taken)
        if len(taken) < limit:
            parts.append(Text(f"Special Actions {len(taken)}/{limit} taken"
                              + (f" by {words}" if words else "")
                              + f": a player who took none may send one worker to a free "
                              f"{SEASONS[1 - season]} space:", style="italic"))
            parts.append(_spaces_grid(s, tuple(sp for sp in other
                                               if sp not in TT.IMITATE_SPACES)))
        else:
            parts.append(Text(f"Special Actions {limit}/{limit} taken by {words}.",
                              style="italic"))
    elif len(s.players) > 1 and not s.is_terminal():
        used = special_action_used_by(s)
        if used is None:
            parts.append(Text(f"Special Action still open: one worker this half year may go "
                              f"to a free {SEASONS[1 - season]} space:", style="italic"))
            parts.append(_spaces_grid(s, other))
        else:
            parts.append(Text(f"Special Action used by {player_name(used[0])} "
                              f"({space_name(used[1])}).", style="italic"))
    return Panel(Group(*parts), title=f"Action board · {SEASONS[season]}",
                 title_align="left", expand=False)


# ---------------------------------------------------------------------------
# The game board's supply: buildings still to build, limited tiles
# ---------------------------------------------------------------------------
POOL_LABEL = texts.POOL_NAME


def building_cost_text(bid: str) -> str:
    """A building's cost in words, from the catalog (one line of a list)."""
    return texts.building_cost(bid, "plain")


def ships_left(s: State) -> str:
    """Tea & Trade: the ship tiles left in the shared supply (T1), in words."""
    words = {"fishing_cutter": "fishing cutters", "trading_ship": "trading ships"}
    return " · ".join(f"{words[k]} {n}" for k, n in view.ships_left(s).items())


def supply_board(s: State) -> RenderableType:
    """Buildings still on the game board (grouped by cost, with VP) and the limited tile
    supplies."""
    by_cost: dict[str, list[str]] = {}
    for bid in s.board:
        by_cost.setdefault(building_cost_text(bid), []).append(
            f"{building_name(bid)} {presenter.building_vp(bid)}")
    table = Table(box=None, padding=(0, 2), pad_edge=False, header_style="bold")
    table.add_column("Cost", style="dim", no_wrap=True)
    table.add_column("Buildings (VP)")
    for cost, names in by_cost.items():
        table.add_row(cost, ", ".join(names))
    pool = " · ".join(f"{POOL_LABEL.get(k, k)} {v}" for k, v in s.pool.items()
                      if k != "coach" or v)
    parts: list[RenderableType] = [table if s.board else Text("No buildings left.")]
    parts.append(Text("Tiles left in the supply: ", style="bold") + Text(pool))
    if is_expansion(s):
        parts.append(Text("Ships left in the supply: ", style="bold") + Text(ships_left(s)))
    return Panel(Group(*parts), title="Buildings on the game board", title_align="left",
                 expand=False)


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


# ---------------------------------------------------------------------------
# Scores
# ---------------------------------------------------------------------------
def score_table(s: State, title: str | None = None) -> Table:
    """The scoring pad: the eight categories for every player, then the totals."""
    sheets = s.scores()
    if title is None:
        title = "Final scoring pad" if s.is_terminal() else "Score estimate (if the game ended now)"
    table = Table(title=title, title_justify="left")
    table.add_column("Category")
    for p in range(len(s.players)):
        table.add_column(player_name(p), justify="right")
    for key in sheets[0].categories:    # CATEGORIES, then the expansion's rows if any
        table.add_row(presenter.category_name(key),
                      *(fmt_vp(sh.categories[key]) for sh in sheets))
    table.add_section()
    table.add_row(Text("Total", style="bold"),
                  *(Text(fmt_vp(sh.total), style="bold") for sh in sheets))
    return table


def winner_lines(s: State) -> list[str]:
    """The result in words: winner and tie-break, or the solo benchmark."""
    sheets = s.scores()
    totals = [sh.total for sh in sheets]
    if len(s.players) == 1:
        total = totals[0]
        return [f"Final score: {fmt_vp(total)} VP.", presenter.benchmark_text(total)]
    w = s.winner()
    if w is None:
        return ["The game is not over yet."]
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        names = " and ".join(player_name(p) for p in tied)
        why = ("earliest of them in the next half year's play order" if is_three(s)
               else "start player of the next half year")
        return [f"Tie: {names} have {fmt_vp(best)} VP each.",
                f"Winner: {player_name(w)} (wins the tie as {why}), {fmt_vp(best)} VP."]
    return [f"Winner: {player_name(w)} with {fmt_vp(best)} VP."]


# ---------------------------------------------------------------------------
# The pending decision
# ---------------------------------------------------------------------------
def _frame(s: State) -> str | None:
    """The kind of the pending frame's decision (None outside a frame)."""
    kind = s.pending().kind
    return None if kind in ("place", "end", "over") else kind


def describe_decision(s: State) -> str:
    """One line saying what the player to move is deciding."""
    d = s.pending()
    if d.player is None:
        return "The game is over."
    return f"{player_name(d.player)}: {d.text}"


_HELP: dict[str, str] = {
    "pay": "The cost can be paid in more than one way (Timber may replace Wood, Brick may "
           "replace Clay, or a cost lets you pick the materials). Each option lists exactly "
           "what leaves your supply, e.g. 'pay timber:1 wood:1'.",
    "cut": "Peat is cut from a dehydrated moor tile ('m0', 'm1', 'm2' by column) or from the "
           "Small Boardwalk ('bw'): 'cut m0 2' takes 2 Peat from the moor tile in the first "
           "column. A tile whose last Peat is cut leaves the board and frees its land. "
           "'done' stops early when the action lets you.",
    "house": "Every animal needs room: pastures (empty land), stalls, stables, and one "
             "animal per dike (two per park) of any kind. Choose which animal to give back "
             "until the rest fit.",
    "breed": "In May only animals in Stalls and Stables breed: a Stall (each half of a "
             "Double Stall counts as one) with exactly 2 animals of one kind gets a third; a "
             "Stable with 2, 3 or 5 of one kind gets one more, with 4 it gets two. Each "
             "option 'breed S C H' gives the newborn sheep, cattle and horses that some "
             "arrangement of your animals reaches; choose the one you want.",
    "sustain": "Each inventory you need 3 Food (Grain counts as Food), and in November also "
               "2 Peat for heating (Wood or Timber may stand in). Anything still missing can "
               "be covered by giving animals (food) or Wood/Timber (fuel); 'feed sheep:1 "
               "wood:1' names what you give. Each unit still missing costs 2 VP. Anytime "
               "conversions (peat boat, dark-green houses) are offered first.",
    "final": "The last half year is over. You may still make anytime conversions such as "
             "peat boat exchanges; 'finish' ends your game and the scoring follows.",
    "before_november": "In every Summer, before November, each of your light-green houses "
                       "gives its benefit once; choose the order with 'house ID'.",
    "plow_maker": "Plow Maker's Workshop: 'field grain' or 'field flax' puts a field on an "
                  "empty land space; 'done' skips it.",
    "optional_animal": "This action offers one animal for free: 'take sheep' (etc.) or "
                       "'take none'.",
    "take_animal": "Choose the kind of animal you receive: 'take cattle' etc.",
    "grocer": "The Summer Grocer also gives one of: Timber, Brick, a sheep, a cattle or a "
              "horse ('take brick').",
    "merchant": "Builder's Merchant: one of Wood/Clay and one of Timber/Brick: "
                "'take clay timber'.",
    "colonist": "Colonist: 'take horse', 'take dehydrate' (turn a moor tile to its "
                "dehydrated side, 4 Peat on it), 'take horse+dehydrate', or 'done'.",
    "convert": "Convert goods as often as your tool on this track allows: 'convert 2' "
               "converts twice; 'done' converts nothing.",
    "butcher": "'butcher S C H' slaughters that many sheep, cattle and horses (at most one "
               "per Slaughtering Table) for Food and Hides; 'done' skips.",
    "master": "Move different tool indicators one step to the right, paying each step "
              "(e.g. 'tool spades'); the number of steps is limited. 'done' stops.",
    "upgrade": "Flip one tile to its better side for free: forest -> park, stall -> depot, "
               "stable -> double stall, moor -> dehydrated moor, or a vehicle in barn slot "
               "I ('upgrade cart@2'). 'done' skips.",
    "wainwright": "Wainwright: 'vehicle KIND' builds one vehicle (Wood, some need horses) "
                  "and 'peat_boat' a peat boat, each at most once; 'done' when finished.",
    "shipwright": "Build a ship at its cost, either side: 'ship fishing_cutter_small' (the "
                  "Sailmaker: a cutter or a peat boat; the Boat Builder: a trading ship or a "
                  "peat boat, and/or a cutter); 'done' when finished.",
    "trades": "Send each trading ship to trade once: 'trade 0 india' (3 Food: Tea on each "
              "free space), 'england' (Tea: Winter Wear, large ship), 'norway' (3 Flax or "
              "3 Grain: Wood), 'finland' (Winter Wear: Timber); 'done' when finished.",
    "farmer": "Farmer: 'plow cattle' / 'plow horse' builds a plow (1 Wood and that animal); "
              "'field grain' / 'field flax' places a field, one per plow you own; 'done'.",
    "space_choice": "This space offers alternatives: 'build ID' a building, 'forest', "
                    "'stall', 'stable', 'wood', 'vehicle KIND' or 'imitate SPACE' (the "
                    "Laborer copies an occupied space), as listed; 'done' skips.",
    "animals_choice": "Potter's Inn: 'take S C H' gives you S sheep, C cattle and H horses.",
    "fields_to_forests": "Farmer's Inn: 'replace G F' turns G grain and F flax fields into "
                         "forests.",
    "free_equipment": "Take the listed equipment for free ('take handcart'); make room by "
                      "returning equipment first if needed; 'done' declines.",
    "remove_moors": "Peat Power Plant: 'remove moor' (hydrated) or 'remove dmoorK' "
                    "(dehydrated with K Peat) takes the tile away for 2 Food; 'done'.",
    "smithy": "Smithy: 'exchange peat_boat' (or handcart, wagon) trades that empty "
              "equipment for a plow, as often as you like; 'done'.",
    "dig": "Dig ditches on the edges between Land Spaces: 'dig v(r,k)' between cells r,k "
           "and r,k+1 (side by side), 'dig h(r,c)' between cells r,c and r+1,c (one above "
           "the other); rows count from the sea (0) down, columns 0 to 2 from the left, "
           "as the board is labelled. The first ditch must touch the Dike Line, every "
           "later one an earlier ditch. A Land Space with 2 ditches around it is "
           "dehydrated; a Moor tile with 2 ditches on its border turns over. 'done' stops.",
    "reconnect": "The dike move left your ditches apart from the new Dike Line: the free "
                 "ditch offered joins them again ('dig EDGE'), 'done' declines it.",
    "again": "You paid 2 East Frisian Tea to take this action twice: 'again' takes it the "
             "second time (paying its cost again; choices may differ), 'again unpaid' "
             "when its cost can no longer be paid. Anytime actions may come first.",
    "cell": "Choose the Land Space of the tile: 'cell R,C' names row R (0 at the sea) and "
            "column C (0 to 2), as the board is labelled.",
    "dikes": "Move a dike up: 'dike C1 C2' takes the dike in column C1 of the lowest gap "
             "holding dikes and puts it in the free column C2 of the gap above (columns 0 "
             "to 2 from the left). A ditch never lies under a dike.",
    "tt_building": "A building's choice: take what it offers as listed, or 'done'.",
    "sell": "You loaded a destination tile onto a vehicle. Sell each listed item at most "
            "once ('sell peat'); at least one sale is needed before 'done'.",
}


#: ``help`` in the 3-player specialization round (T53).
SPECIALIZE_HELP = ("Before half year 1 each player makes two picks, the last player "
                   "first, then the middle one, then the start player: 'specialize TOOL' "
                   "moves that tool indicator one space right for free, on a track nobody "
                   "has chosen yet, and each other player receives the step's cost (e.g. "
                   "'specialize workbenches': the others get 2 Clay); 'specialize HOUSE' "
                   "(once) builds that Small House at double cost, then 'pay ...'. No "
                   "anytime action in this round.")
#: ``help`` at a 3-player worker placement (T40, T51, T52).
THREE_PLAYER_HELP = ("With three players: up to two Special Actions a half year, by "
                     "different players, one each; 'place imitate_1' (the lowest free "
                     "Imitate space: 1 Food for the half year's first, then 2; once per "
                     "player and half year) then 'imitate SPACE' copies an occupied space "
                     "of this season, paying its own cost too; the 3-player Laborers cost "
                     "2 Food and build (Summer: a vehicle or a trading ship; Winter: a "
                     "building); Driver, Woodcutter (Winter), and a Boat Builder that "
                     "builds a trading ship only. The game lasts 7 half years.")


def decision_help(s: State) -> str:
    """A paragraph explaining the current decision in plain words."""
    if s.is_terminal():
        return "The game is over: nothing is left to decide."
    f = _frame(s)
    verbs = {a.verb for a in s.legal_actions()}
    if "specialize" in verbs:
        return describe_decision(s) + "\n" + SPECIALIZE_HELP
    if f is None:
        if "place" in verbs or "skip" in verbs:
            text = ("Place one of your workers on a free action space ('place fisherman'); "
                    "its action happens at once, sometimes with follow-up choices. Spaces of "
                    "the other season can be used once per half year by one player (the "
                    "Special Action, not in solo). 'skip' gives up this worker.")
            if is_expansion(s):
                text += (" With Tea: 'place SPACE tea' takes a tool action as if its "
                         "indicator were 1 space further right (1 Tea; East Frisian Tea "
                         "pays for Tea), 'place SPACE eftea' 2 spaces (1 East Frisian Tea; "
                         "the Ovens only 1), 'place SPACE twice' takes the action twice (2 "
                         "East Frisian Tea, its costs paid each time). One Tea use per "
                         "action, never beyond the end of a track.")
            if is_three(s):
                text += " " + THREE_PLAYER_HELP
            return text
        return ("All workers are placed. You may still take anytime actions (load vehicles, "
                "travel, peat boat, dark-green houses); 'end' closes your work phase and the "
                "inventory follows.")
    return describe_decision(s) + "\n" + _HELP.get(f, "Choose one of the listed actions.")


def notation_basics(expansion: bool = False, three: bool = False) -> str:
    """The notation in a few lines (``help``); ``expansion``: with Tea & Trade's verbs;
    ``three``: with the 3-player verbs and the ``farms`` view."""
    tt = ("\nTea & Trade: 'place SPACE tea|eftea|twice' (Tea uses), 'dig v(r,k)' / 'dig "
          "h(r,c)' (a ditch right of / below cell r,c), 'cell R,C' (the Land Space of a "
          "tile: row R from the sea, column C), 'dike C1 C2' (a dike from column C1 up to "
          "column C2), 'load hI J ITEM' (ship hI of your harbor), 'return SHIP@hI', "
          "'trade I DEST'." if expansion else "")
    trio = ("\nThree players: 'specialize TOOL|HOUSE' (the round before half year 1), "
            "'place imitate_1' then 'imitate SPACE' (Imitate); view 'farms' shows the "
            "three farms side by side." if three else "")
    return _NOTATION + tt + trio


_NOTATION = ("Notation: every action is a verb and its words, as listed (see "
            "docs/NOTATION.md). Type the number in front of an action or its text, e.g. "
            "'place fisherman', 'pay wood:1 timber:1', 'load 0 1 wood' (barn item 0, cell "
            "1). Anytime actions: 'load I J ITEM' (load a vehicle or travel to a "
            "destination), 'use BUILDING' (dark-green house), 'boat GOOD' (peat boat), "
            "'release ANIMAL', 'return KIND@I' (give equipment back).\n"
            "Commands: undo, hint [BOT], save FILE, help, help NAME (what a building, "
            "space, destination or tile does: 'help potters inn'), quit (quit! leaves "
            "without asking).\n"
            "Views: board, farm [N], buildings, scores, list (every numbered action), full "
            "(switch between the compact and the full screen).\n"
            "Names: 'place Dike Builder', 'place dike' (the start of a name) and 'build "
            "Potter's Inn' work as well as the ids, in any case.")


# ---------------------------------------------------------------------------
# Legal actions, grouped and numbered
# ---------------------------------------------------------------------------
def group_actions(s: State) -> list[tuple[str, list[Action]]]:
    """The legal actions in display order, grouped: placements or the current decision
    first, then the anytime actions.  Numbering runs across the groups in this order."""
    main, anytime = decision_actions(s)
    f = _frame(s)
    if f is None:
        title = ("Worker placement" if any(a.verb in ("place", "skip") for a in main)
                 else "End of the work phase")
    else:
        title = "Current decision"
    groups = []
    if main:
        groups.append((title, main))
    if anytime:
        groups.append(("Anytime actions", anytime))
    return groups


def action_cost(a: Action, s: State | None = None) -> str | None:
    """What taking ``a`` costs, in words (``None`` if nothing or if the cost is the
    action's own text, as for ``pay``): the presenter's :func:`arle.presenter.option_cost`."""
    return presenter.option_cost(a, s) or None


def option_label(o: presenter.Option) -> str:
    """An option as the terminal lists it: its notation, the presenter's detail in
    brackets, its cost after a ``·``."""
    text = o.action + (f" ({o.detail})" if o.detail else "")
    return f"{text} · {o.cost}" if o.cost else text


def action_label(a: Action, s: State | None = None) -> str:
    """The action's text with a readable hint where the ids are terse, and what it
    costs after a ``·`` (:func:`option_label` of the presenter's option).  With the
    position ``s`` a Tea & Trade edge, cell or dike is described from it (``dig h(3,1)
    (below 3,1 stall, above 4,1 boardwalk 4pt)``)."""
    return option_label(presenter.option(s, a))


def numbered_actions(s: State) -> tuple[RenderableType, list[Action]]:
    """The numbered action list and the actions in number order (number i -> [i - 1])."""
    order: list[Action] = []
    parts: list[RenderableType] = []
    for title, acts in group_actions(s):
        parts.append(Text(title + ":", style="bold underline"))
        items = []
        for a in acts:
            order.append(a)
            items.append(Text(f"{len(order):>3}. ", style="cyan") + Text(action_label(a, s)))
        parts.append(Columns(items, padding=(0, 2)))
    return Group(*parts), order


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
    segs += [f"{_figure_name(k)} {res[k]}" for k in TEA_NAMES if res.get(k)]
    segs += [f"{res_name(C.RESOURCES[r])} {res[C.RESOURCES[r]]}" for r in C.SUPPLY_ITEMS
             if r not in C.BUILDING_MATERIALS and r != C.PEAT and res[C.RESOURCES[r]]]
    segs += [f"{an['sheep']} sheep", f"{an['cattle']} cattle",
             _plural(an["horse"], "horse", "horses")]
    segs.append(f"dikes {view.dike_moves(s, p)}/{C.MAX_DIKE_MOVES}")
    segs.append(_plural(len(view.ditches(s, p)), "ditch", "ditches"))
    segs += [res_name(item.kind) for item in view.barn(s, p)]
    segs += [TT.SHIP_NAME[sh.kind] for sh in view.harbor(s, p)]
    segs += [building_name(b) for b in view.buildings(s, p)]
    out = [Text(title, style="bold")] + mini_board(s, p)
    out += [Text(x) for x in _pack(segs, width, " · ")]
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


def screen(s: State, show_actions: bool = False,
           width: int | None = None) -> tuple[RenderableType, list[Action]]:
    """The whole screen; with ``show_actions`` also the numbered legal actions.  With
    three players and a ``width`` narrower than three panels side by side, the farms
    are the :func:`farms_strip` and the panel of the player to move."""
    sheets = s.scores()
    parts: list[RenderableType] = [season_line(s), action_board(s), supply_board(s)]
    n = len(s.players)
    if n == 3 and width is not None and width < 3 * PANEL_WIDTH + 2:
        parts.append(farms_strip(s))
        p = s.current_player if s.current_player is not None else 0
        parts.append(player_panel(s, p, sheets[p]))
    else:
        boards = [player_panel(s, p, sheets[p]) for p in range(n)]
        parts.append(Columns(boards) if n > 1 else boards[0])
    parts.append(score_table(s))
    order: list[Action] = []
    if not s.is_terminal():
        parts.append(Text(describe_decision(s), style="bold"))
        if show_actions:
            listing, order = numbered_actions(s)
            parts.append(listing)
    return Group(*parts), order


# ---------------------------------------------------------------------------
# The compact screen (fits 80 x 24): the decision, the player's key figures, changes
# ---------------------------------------------------------------------------
COMPACT_WIDTH = 80
COMPACT_HEIGHT = 24
#: Lines of the compact screen kept for the other players' moves (older ones are counted).
MOVES_SHOWN = 4
#: The commands the compact screen names under the options.
COMMAND_WORDS = ("board", "farm [N]", "buildings", "scores", "list", "full", "help",
                 "help NAME", "undo", "hint", "save FILE", "quit")
#: With three players the compact screen names the ``farms`` view too.
COMMAND_WORDS_3P = ("board", "farms", "farm [N]", "buildings", "scores", "list", "full",
                    "help", "help NAME", "undo", "hint", "save FILE", "quit")


def key_figures(s: State, p: int) -> dict[str, int]:
    """The figures of player ``p`` the compact screen shows and compares: every resource,
    the animals, dike moves, buildings owned, tool values, travel covered and the score
    estimate (rounded down to whole VP)."""
    out = dict(view.resources(s, p))
    out.update(view.animals(s, p))
    out["dike moves"] = view.dike_moves(s, p)
    out["buildings"] = len(view.buildings(s, p))
    for tool, value in view.tools(s, p).items():
        out[tool] = value
    out["travel"] = sum(C.DESTINATION_SIZE[d] for d in view.destinations_used(s, p))
    out["VP"] = int(s.scores()[p].total)
    return out


def _figure_name(key: str) -> str:
    if key in TEA_NAMES:
        return TEA_NAMES[key]
    return key if key in ("VP", "dike moves", "buildings", "travel") else res_name(key)


def changes(before: dict[str, int] | None, after: dict[str, int]) -> list[str]:
    """What changed between two :func:`key_figures`: ``["Food 5→7", "Wood 3→1"]``."""
    if before is None:
        return []
    return [f"{_figure_name(k)} {before[k]}→{v}" for k, v in after.items()
            if k in before and before[k] != v]


def _pack(segments: Sequence[str], width: int, sep: str = " │ ") -> list[str]:
    """Segments joined by ``sep`` into lines of at most ``width`` characters (a segment
    longer than a line is wrapped on its own)."""
    lines: list[str] = []
    cur = ""
    for seg in segments:
        if not seg:
            continue
        joined = f"{cur}{sep}{seg}" if cur else seg
        if len(joined) <= width:
            cur = joined
            continue
        if cur:
            lines.append(cur)
        if len(seg) <= width:
            cur = seg
        else:
            parts = textwrap.wrap(seg, width)
            lines += parts[:-1]
            cur = parts[-1]
    if cur:
        lines.append(cur)
    return lines


def _plural(n: int, word: str, words: str) -> str:
    return f"{n} {word if n == 1 else words}"


def figure_lines(s: State, p: int, width: int = COMPACT_WIDTH) -> list[Text]:
    """The player's own key figures in lines of at most ``width``: goods, materials (and
    other supply held), animals, workers placed, dike moves, barn, the score estimate;
    with Tea & Trade also the Tea, the ditches and the ships."""
    res = view.resources(s, p)
    an = view.animals(s, p)

    def amount(r: int) -> str:
        return f"{res_name(C.RESOURCES[r])} {res[C.RESOURCES[r]]}"

    goods = " ".join(amount(r) for r in C.GOODS_TRACK)
    mats = " ".join(amount(r) for r in (*C.BUILDING_MATERIALS, C.PEAT))
    others = " ".join(amount(r) for r in C.SUPPLY_ITEMS
                      if r not in C.BUILDING_MATERIALS and r != C.PEAT
                      and res[C.RESOURCES[r]])
    placed = view.workers_placed(s, p)
    barn = ", ".join(res_name(item.kind) for item in view.barn(s, p)) or "empty barn"
    tt = is_expansion(s)
    tea = f"Tea {res['tea']} EF Tea {res['east_frisian_tea']}" if tt else ""
    ditches = _plural(len(view.ditches(s, p)), "ditch", "ditches") if tt else ""
    ships = (", ".join(TT.SHIP_NAME[sh.kind] for sh in view.harbor(s, p)) or "no ships"
             if tt else "")
    segments = [goods, mats, others, tea,
                f"{an['sheep']} sheep, {an['cattle']} cattle, "
                + _plural(an["horse"], "horse", "horses"),
                f"workers placed {placed}/{view.workers_per_player()}",
                f"dikes {view.dike_moves(s, p)}/{C.MAX_DIKE_MOVES}", ditches, barn, ships,
                f"estimate {fmt_vp(s.scores()[p].total)} VP"]
    return [Text(line) for line in _pack(segments, width)]


def other_lines(s: State, p: int, width: int = COMPACT_WIDTH) -> list[Text]:
    """With three players, one line for each other player on the compact screen: the
    score estimate, workers placed, Food, materials and buildings (``farms`` shows the
    farms in full)."""
    out = []
    for q in range(len(s.players)):
        if q == p:
            continue
        res = view.resources(s, q)
        placed = view.workers_placed(s, q)
        line = (f"{player_name(q)}: {fmt_vp(s.scores()[q].total)} VP est. · workers "
                f"{placed}/{view.workers_per_player()} · Food {res['food']} · "
                + _plural(len(view.buildings(s, q)), "building", "buildings") + " · "
                + _plural(len(view.harbor(s, q)), "ship", "ships"))
        out.append(Text(line if len(line) <= width else line[:width - 1] + "…", style="dim"))
    return out


def compact_header(s: State) -> Text:
    """The season line, short enough for 80 columns."""
    hy = s.half_year
    t = Text(f"Half year {hy}/{last_half_year(s)}", style="bold")
    t.append(f" · {season_words(s)}")
    if len(s.players) > 1:
        t.append(f" · start: {player_name(s.start_player)}")
    if s.is_terminal():
        t.append(" · game over", style="bold")
    else:
        t.append(f" · to move: {player_name(s.current_player)}", style="bold")
    return t


def move_words(before: State, action: Action) -> str:
    """One move in words, taken in state ``before``: the pending decision's title and the
    action's label (``Place a worker: place fisherman``)."""
    return f"{before.pending().title}: {action_label(action, before)}"


def moves_block(moves: Sequence[tuple[int, str]], shown: int = MOVES_SHOWN) -> list[Text]:
    """The other players' moves since the player's last decision, newest last."""
    if not moves:
        return []
    out = [Text("Since your last decision:", style="bold")]
    if len(moves) > shown:
        out.append(Text(f"  ({len(moves) - shown} earlier move(s) not shown)", style="dim"))
    for who, words in moves[-shown:]:
        out.append(Text(f"  {player_name(who)}: {words}"))
    return out


def _grid_rows(labels: list[str], width: int) -> list[list[str]]:
    """Labels laid out row by row in as many columns as fit ``width`` (each column as
    wide as its longest label, as ``ls`` does)."""
    if not labels:
        return []
    for per_row in range(min(len(labels), 8), 0, -1):
        widths = [max(len(x) for x in labels[j::per_row]) + 2 for j in range(per_row)]
        if sum(widths) - 2 <= width or per_row == 1:
            return [[x.ljust(widths[j]) for j, x in enumerate(labels[i:i + per_row])]
                    for i in range(0, len(labels), per_row)]
    raise AssertionError("unreachable")


def _listing_lines(items: list[tuple[int, Action]], width: int, budget: int,
                   s: State | None = None) -> list[Text]:
    """The numbered options in at most ``budget`` lines.  When they are worker
    placements the verb is said once (``place on: 1. fisherman ...``), and a line says
    what the Tea uses among them do (Tea & Trade)."""
    out: list[Text] = []
    places = [a for _, a in items if a.verb == "place"]
    short = len(places) > 1 and all(a.verb in ("place", "skip") for _, a in items)
    if short:
        out.append(Text("  place on (type the number, or place NAME):", style="dim"))
        budget -= 1
        if any(len(a.args) == 2 for a in places):
            legend = textwrap.wrap(TEA_LEGEND, width, subsequent_indent="  ")
            out += [Text(x, style="dim") for x in legend]
            budget -= len(legend)
        def sea(sp: str) -> int | None:
            return SPACE_SEASON.get(sp) if s is None else space_season(s, sp)

        season = {sea(str(a.args[0])) for a in places if a.args}
        if len(season) > 1 and len(items) > 2 * budget:
            # The Special Action's spaces of the other season, summed up in one line.
            own = sea(str(places[0].args[0])) if s is None else s.season
            other = [n for n, a in items if a.verb == "place" and a.args
                     and sea(str(a.args[0])) != own]
            items = [(n, a) for n, a in items if n not in other]
            budget -= 1
            tail = Text(f"  Special Action {other[0]}-{other[-1]}: the other season's "
                        "free spaces; type list", style="dim")
            return out + _listing_lines_plain(items, width, budget, short, s) + [tail]
    return out + _listing_lines_plain(items, width, budget, short, s)


def short_label(a: Action, s: State | None = None) -> str:
    """:func:`action_label` for the compact screen: a building by its printed name alone
    (``build Colonist's House (1 VP) · ...``, which is accepted as input too); a Tea &
    Trade Tea use of a placement by its text alone (``place fisherman tea``: the
    compact screen explains the three uses in one line, :data:`TEA_LEGEND`)."""
    o = presenter.option(s, a)
    if a.verb in ("build", "use") and o.detail:
        b = a.args[0]
        text = f"{a.verb} {building_name(b)} ({presenter.building_vp(b)} VP)"
        return f"{text} · {o.cost}" if o.cost else text
    if a.verb == "place" and len(a.args) == 2 and str(a.args[1]) in TEA_USE_COST:
        return str(a)
    if a.verb == "specialize" and a.args:     # 3 players: the specialization round
        choice = str(a.args[0])
        if choice in TT.TT_TOOL_INDEX:
            words = o.detail.replace("free; each other player gets", "; others get")
            return f"{a} ({words.replace(' ;', ';')})"
        if o.detail != choice:             # a house at double cost
            return f"{a} ({building_name(choice)}, double cost)"
    if a.verb == "dig" and a.args:        # the compact map shows what lies there
        edge = str(a.args[0])
        nums = [int(x) for x in edge[1:].strip("()").split(",") if x.strip().isdigit()]
        if len(nums) == 2:
            r, k = nums
            other = f"{r},{k + 1}" if edge.startswith("v") else f"{r + 1},{k}"
            return f"{a} between {r},{k} and {other}"
    return action_label(a, s)


#: The compact screen's line on the Tea uses of a placement (Tea & Trade, T34-T37).
TEA_LEGEND = ("  tea: tool +1 for 1 Tea · eftea: tool +2 (Ovens +1) for 1 East Frisian "
              "Tea · twice: the action twice for 2 East Frisian Tea")


def _listing_lines_plain(items: list[tuple[int, Action]], width: int, budget: int,
                         short: bool, s: State | None = None) -> list[Text]:
    labels = []
    for n, a in items:
        text = short_label(a, s)
        if short and a.verb == "place":
            text = text[len("place "):]
        labels.append(f"{n:>3}. {text}")
    lines: list[str] = []
    ends: list[int] = []                 # the number of labels shown after each line
    count = 0
    for row in _grid_rows(labels, width):
        count += len(row)
        text = "".join(row).rstrip()
        wrapped = textwrap.wrap(text, width, subsequent_indent=" " * 7) or [text]
        lines += wrapped
        ends += [count] * len(wrapped)
    if len(lines) <= budget:
        return [Text(x) for x in lines]
    keep = max(1, budget - 1)
    while keep > 1 and ends[keep - 1] == (ends[keep] if keep < len(ends) else -1):
        keep -= 1                        # do not cut a wrapped label in two
    shown = ends[keep - 1]
    out = [Text(x) for x in lines[:keep]]
    out.append(Text(f"  ... and {len(items) - shown} more: type list to see them all",
                    style="dim"))
    return out


def compact_screen(s: State, *, moves: Sequence[tuple[int, str]] = (),
                   changed: Sequence[str] = (), width: int = COMPACT_WIDTH,
                   height: int = COMPACT_HEIGHT) -> tuple[RenderableType, list[Action]]:
    """The compact screen of the player to move, at most ``height - 1`` lines of at most
    ``width`` characters (the prompt takes the last line): the season, the player's key
    figures and what changed, the other players' moves, the decision and its numbered
    options (anytime actions summed up by verb), and the commands.  Numbers are the same
    as in the full screen's listing."""
    groups = group_actions(s)
    order = [a for _, acts in groups for a in acts]
    lines: list[Text] = [compact_header(s)]
    p = s.current_player
    if p is None:
        return Group(*lines), order
    lines += figure_lines(s, p, width)
    if is_three(s):
        lines += other_lines(s, p, width)
    if changed:
        change = "Changed: " + ", ".join(changed)
        lines.append(Text(change if len(change) <= width else change[:width - 1] + "…",
                          style="yellow"))
    for line in moves_block(moves):
        plain = line.plain
        lines.append(line if len(plain) <= width else Text(plain[:width - 1] + "…"))
    lines += [Text(x, style="bold") for x in textwrap.wrap(describe_decision(s), width)]
    main = groups[0][1] if groups and groups[0][0] != "Anytime actions" else []
    anytime = order[len(main):]
    tail: list[Text] = []
    if anytime:
        verbs: dict[str, int] = {}
        for a in anytime:
            verbs[a.verb] = verbs.get(a.verb, 0) + 1
        summary = (f"  Anytime actions {len(main) + 1}-{len(order)}: "
                   + ", ".join(f"{v} ({n})" for v, n in verbs.items()) + "; type list")
        tail += [Text(x, style="dim") for x in textwrap.wrap(summary, width,
                                                              subsequent_indent="  ")]
    words = COMMAND_WORDS_3P if is_three(s) else COMMAND_WORDS
    tail += [Text(x, style="dim") for x in _pack(words, width, " · ")]
    budget = height - 1 - len(lines) - len(tail)
    board = mini_board(s, p) if any(a.verb in BOARD_VERBS for a in main) else []
    if board and len(board) <= budget and width >= MINI_WIDTH + 30:
        # Tea & Trade: choosing an edge, a cell or a dike beside a map of the land.
        options = _listing_lines(list(enumerate(main, 1)), width - MINI_WIDTH,
                                 max(2, budget), s)
        for k in range(max(len(board), len(options))):
            left = board[k] if k < len(board) else Text("")
            left = left + Text(" " * (MINI_WIDTH - len(left.plain)))
            lines.append(left + options[k] if k < len(options) else left)
    else:
        if (is_expansion(s) and any(a.verb in HARBOR_VERBS for a in main)
                and budget >= len(main) + 5):
            # Tea & Trade: building ships or sending them to trade, with the harbor.
            lines.append(Text("  Your harbor:", style="dim"))
            lines += [Text("    ") + line for line in harbor_lines(s, p)]
            budget -= 5
        lines += _listing_lines(list(enumerate(main, 1)), width, max(2, budget), s)
    lines += tail
    return Group(*lines), order


#: Verbs whose choice the compact screen shows with the harbor (Tea & Trade).
HARBOR_VERBS = frozenset({"ship", "trade"})


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


def full_listing(s: State) -> tuple[RenderableType, list[Action]]:
    """The decision line and every numbered action (the ``list`` command)."""
    listing, order = numbered_actions(s)
    return Group(Text(describe_decision(s), style="bold"), listing), order


# ---------------------------------------------------------------------------
# The score breakdown: each item of each category
# ---------------------------------------------------------------------------
def score_breakdown(s: State, p: int) -> dict[str, list[tuple[str, float]]]:
    """Category -> the items scoring in it, ``(words, VP)``; the items of a category add
    up to its total on the pad (``s.scores()[p]``): the presenter's
    :func:`arle.presenter.breakdown`."""
    return {c.key: [(i.what, i.vp) for i in c.items]
            for c in presenter.breakdown(s, p).categories}


def breakdown_table(s: State, p: int) -> Table:
    """One player's pad: each category's total and, under it, its items."""
    b = presenter.breakdown(s, p)
    table = Table(title=f"Score breakdown: {player_name(p)}", title_justify="left",
                  box=None, padding=(0, 1), show_header=False)
    table.add_column("What")
    table.add_column("VP", justify="right")
    for c in b.categories:
        table.add_row(Text(c.name, style="bold"), Text(fmt_vp(c.vp), style="bold"))
        for item in c.items:
            table.add_row(Text("   " + item.what, style="dim"),
                          Text(fmt_vp(item.vp), style="dim"))
    table.add_row(Text("Total", style="bold"), Text(fmt_vp(b.total), style="bold"))
    if len(s.players) == 1:
        diff = b.total - BENCHMARK_SOLO
        table.add_row(Text(f"Solo benchmark (rulebook): {BENCHMARK_SOLO} VP"),
                      Text(("+" if diff >= 0 else "") + fmt_vp(diff)))
    return table


def scores_view(s: State) -> RenderableType:
    """The ``scores`` command and the end of a game: the pad and every breakdown."""
    tables = [breakdown_table(s, p) for p in range(len(s.players))]
    return Group(score_table(s), Columns(tables, padding=(0, 4)) if len(tables) > 1
                 else tables[0])
