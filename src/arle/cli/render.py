"""The terminal screen of a game: action board, home boards, supplies, scores, decisions.

Everything here reads the public state (the belongings through :mod:`arle.view`,
``s.occupied``, ``s.board``, ``s.pool``, ``s.half_year``, ``s.start_player`` and the
pending decision ``s.pending()``) and never changes it.  ``arle play`` and ``arle replay`` share
these pieces, so a replayed position looks exactly like a played one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from arle import ANYTIME_VERBS, view
from arle.actions import Action
from arle.data import catalog as C
from arle.scoring import CATEGORIES, CATEGORY_NAMES, ScoreSheet
from arle.state import Player, State

__all__ = [
    "ANYTIME_VERBS", "BENCHMARK_SOLO", "action_board", "action_label", "building_cost_text",
    "decision_help", "describe_decision", "fmt_vp", "group_actions", "home_board",
    "notation_basics", "numbered_actions", "player_name", "player_panel", "score_table",
    "screen", "season_line", "supply_board", "winner_lines",
]

#: The solo benchmark of the rulebook's solo variant.
BENCHMARK_SOLO = 110

CELL = 14  # characters per home-board cell
PANEL_WIDTH = 84  # a player's panel; two fit side by side in 170 columns
SEASONS = ("Summer", "Winter")

TILE_LABEL = {
    "moor": "moor (wet)", "field_grain": "grain field", "field_flax": "flax field",
    "forest": "forest", "park": "park", "stall": "stall", "depot": "depot",
    "stable": "stable", "double_stall": "double stall",
}
TILE_STYLE = {
    "moor": "magenta", "dmoor": "magenta", "boardwalk": "magenta",
    "field_grain": "yellow", "field_flax": "blue", "forest": "green", "park": "green",
    "stall": "red", "depot": "red", "stable": "red", "double_stall": "red",
}
SPACE_COST = {"forester": "1 Food", "laborer_summer": "2 Food", "laborer_winter": "2 Food",
              "wood_trader_space": "1 Food or Grain"}


# ---------------------------------------------------------------------------
# Small words
# ---------------------------------------------------------------------------
def player_name(p: int | None) -> str:
    """``Player 1`` for player index 0 (the screen counts players from 1)."""
    return "nobody" if p is None else f"Player {p + 1}"


def fmt_vp(value: float) -> str:
    """A VP figure: ``12``, ``-3``, ``11.5``."""
    return str(int(value)) if value == int(value) else str(value)


def res_name(name: str) -> str:
    return name.replace("_", " ").capitalize()


def building_name(bid: str) -> str:
    return C.BUILDING_NAME.get(bid, bid)


def space_name(sp: str) -> str:
    return C.SPACE_NAME.get(sp, sp)


def destination_name(d: str) -> str:
    return d.capitalize()


def season_line(s: State) -> Text:
    """Half year, season and months, start player and who is to move."""
    hy = s.half_year
    months = C.MONTHS_SUMMER if s.season == 0 else C.MONTHS_WINTER
    t = Text()
    t.append(f"Half year {hy} of {C.HALF_YEARS}", style="bold")
    t.append(f" · {SEASONS[s.season]} ({months[0]}–{months[-1]})")
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
        if C.SPACE_SEASON.get(sp, s.season) != s.season:
            return who, sp
    return None


def _space_cell(s: State, sp: str) -> Text:
    t = Text()
    who = s.occupied.get(sp)
    t.append(space_name(sp), style="dim" if who is not None else "bold")
    if sp in SPACE_COST:
        t.append(f" ({SPACE_COST[sp]})", style="dim")
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
    """The 15 action spaces of the season (free or whose worker), and the Special Action."""
    season = s.season
    own = C.SUMMER_SPACES if season == 0 else C.WINTER_SPACES
    other = C.WINTER_SPACES if season == 0 else C.SUMMER_SPACES
    parts: list[RenderableType] = [_spaces_grid(s, own)]
    if len(s.players) > 1 and not s.is_terminal():
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
POOL_LABEL = {
    "field": "fields", "stall_depot": "stalls/depots", "stable": "stables",
    "forest_park": "forests/parks", "boat_plow": "peat boats/plows",
    "handcart_wagon": "handcarts/wagons", "cart_horse_cart": "carts/horse carts",
    "carriage_droshky": "carriages/droshkies", "coach": "coach and four",
}


def _amounts(cost: dict[int, int]) -> str:
    return " + ".join(f"{n} {res_name(C.RESOURCES[r])}" for r, n in cost.items())


def building_cost_text(bid: str) -> str:
    """A building's cost in words, from the catalog."""
    cost = C.BUILDING_COST[bid]
    fixed = _amounts(cost.fixed)
    if cost.kind == "any1":
        return f"{fixed} + 1 building material"
    if cost.kind == "two_different":
        return f"{fixed} + 2 different building materials"
    if cost.kind == "either":
        a, b, n = cost.alt
        return (f"{fixed} + {n} {res_name(C.RESOURCES[a])} or "
                f"{n} {res_name(C.RESOURCES[b])}")
    if cost.kind == "clothing2":
        return f"{fixed} + 2 different clothing"
    return fixed


def supply_board(s: State) -> RenderableType:
    """Buildings still on the game board (grouped by cost, with VP) and the limited tile
    supplies."""
    by_cost: dict[str, list[str]] = {}
    for bid in s.board:
        by_cost.setdefault(building_cost_text(bid), []).append(
            f"{building_name(bid)} {C.BUILDING_VP.get(bid, 0)}")
    table = Table(box=None, padding=(0, 2), pad_edge=False, header_style="bold")
    table.add_column("Cost", style="dim", no_wrap=True)
    table.add_column("Buildings (VP)")
    for cost, names in by_cost.items():
        table.add_row(cost, ", ".join(names))
    pool = " · ".join(f"{POOL_LABEL.get(k, k)} {v}" for k, v in s.pool.items()
                      if k != "coach" or v)
    parts: list[RenderableType] = [table if s.board else Text("No buildings left.")]
    parts.append(Text("Tiles left in the supply: ", style="bold") + Text(pool))
    return Panel(Group(*parts), title="Buildings on the game board", title_align="left",
                 expand=False)


# ---------------------------------------------------------------------------
# A home board
# ---------------------------------------------------------------------------
def _cell_text(c: view.Cell) -> Text:
    tile = c.tile
    if tile is None:
        if not c.land:
            label, style = "~ tidal flat ~", "cyan"
        else:
            label, style = "·", "dim"
    elif tile == "dmoor":
        label, style = f"dry moor {c.peat}pt", "magenta"
    elif tile == "boardwalk":
        label, style = f"boardwalk {c.peat}pt", "magenta"
    elif c.building is not None:
        label, style = building_name(c.building), "bold"
    else:
        label, style = TILE_LABEL.get(tile, tile), TILE_STYLE.get(tile, "")
    if len(label) > CELL:
        label = label[:CELL - 1] + "…"
    return Text(label.ljust(CELL), style=style)


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
    and 3 (RULINGS 1-2).
    """
    gaps = C.DIKE_SEQUENCE[view.dike_moves(s, p)]
    line_gap = max(g for g in range(4) if gaps[g] == 3)
    cells = view.cells(s, p)
    out = Text()
    for row in range(C.ROWS):
        if row <= 3:
            gap = 3 - row  # the gap just above this row
            out.append_text(_gap_line(gap, gaps[gap], gap == line_gap))
            out.append("\n")
        out.append(f" {row} ", style="dim")
        for col in range(C.COLS):
            out.append("│")
            out.append_text(_cell_text(cells[row * C.COLS + col]))
        out.append("│\n")
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
            shown = []
            for load in item.loads:
                if load.kind == "empty":
                    shown.append("□")
                elif load.kind == "covered":
                    shown.append("◄")
                elif load.kind == "destination":
                    shown.append("→" + destination_name(str(load.item)))
                else:
                    shown.append(res_name(str(load.item)))
            t.append("  " + " | ".join(shown))
        out.append(t)
    return out


def used_destinations(s: State, p: int) -> list[str]:
    return list(view.destinations_used(s, p))


def player_panel(s: State, p: int, sheet: ScoreSheet | None = None) -> Panel:
    """Everything a player owns: home board, goods track, supply, tools, barn, travel."""
    pl = s.players[p]
    parts: list[RenderableType] = [home_board(s, p)]
    an = pl.animals
    parts.append(Text(f"Dike moves {pl.dikes}/{C.MAX_DIKE_MOVES} · Animals: "
                      f"{an[0]} sheep, {an[1]} cattle, {an[2]} horse{'s' if an[2] != 1 else ''}"))
    goods = " · ".join(f"{res_name(C.RESOURCES[r])} {pl.res[r]}" for r in C.GOODS_TRACK)
    parts.append(Text("Goods track: ", style="bold") + Text(goods))
    for label, items in (("Supply:   ", C.SUPPLY_ITEMS[:5]), ("Textiles: ", C.SUPPLY_ITEMS[5:8]),
                         ("Clothing: ", C.SUPPLY_ITEMS[8:])):
        supply = " · ".join(f"{res_name(C.RESOURCES[r])} {pl.res[r]}" for r in items)
        parts.append(Text(label, style="bold") + Text(supply))
    tools = [f"{res_name(C.TOOLS[t])} {C.TOOL_VALUES[t][pl.tools[t]]}"
             + ("*" if pl.tools[t] >= len(C.TOOL_VALUES[t]) - 1 else "")
             for t in range(len(C.TOOLS))]
    parts.append(Text("Tools (* = at the end of its track):", style="bold"))
    for chunk in (tools[:3], tools[3:6], tools[6:]):
        parts.append(Text("  " + " · ".join(chunk)))
    parts.append(Text("Barn (cells: □ free, ◄ covered):", style="bold"))
    parts.extend(Text("  ") + line for line in barn_lines(s, p))
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
        blds = ", ".join(f"{building_name(b)} ({C.BUILDING_VP[b]} VP)" for b in pl.buildings)
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
    for key in CATEGORIES:
        table.add_row(CATEGORY_NAMES[key], *(fmt_vp(sh.categories[key]) for sh in sheets))
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
        diff = total - BENCHMARK_SOLO
        if diff >= 0:
            verdict = (f"that reaches the rulebook's mark of a remarkable solo game "
                       f"({BENCHMARK_SOLO} VP) with {fmt_vp(diff)} to spare.")
        else:
            verdict = (f"the rulebook calls {BENCHMARK_SOLO} VP a remarkable solo score: "
                       f"{fmt_vp(-diff)} VP short of it.")
        return [f"Final score: {fmt_vp(total)} VP: {verdict}"]
    w = s.winner()
    if w is None:
        return ["The game is not over yet."]
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        names = " and ".join(player_name(p) for p in tied)
        return [f"Tie: {names} have {fmt_vp(best)} VP each.",
                f"Winner: {player_name(w)} (wins the tie as start player of the "
                f"next half year), {fmt_vp(best)} VP."]
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
    "sell": "You loaded a destination tile onto a vehicle. Sell each listed item at most "
            "once ('sell peat'); at least one sale is needed before 'done'.",
}


def decision_help(s: State) -> str:
    """A paragraph explaining the current decision in plain words."""
    if s.is_terminal():
        return "The game is over: nothing is left to decide."
    f = _frame(s)
    if f is None:
        verbs = {a.verb for a in s.legal_actions()}
        if "place" in verbs or "skip" in verbs:
            return ("Place one of your workers on a free action space ('place fisherman'); "
                    "its action happens at once, sometimes with follow-up choices. Spaces of "
                    "the other season can be used once per half year by one player (the "
                    "Special Action, not in solo). 'skip' gives up this worker.")
        return ("All workers are placed. You may still take anytime actions (load vehicles, "
                "travel, peat boat, dark-green houses); 'end' closes your work phase and the "
                "inventory follows.")
    return describe_decision(s) + "\n" + _HELP.get(f, "Choose one of the listed actions.")


def notation_basics() -> str:
    return ("Notation: every action is a verb and its words, as listed (see "
            "docs/NOTATION.md). Type the number in front of an action or its text, e.g. "
            "'place fisherman', 'pay wood:1 timber:1', 'load 0 1 wood' (barn item 0, cell "
            "1). Anytime actions: 'load I J ITEM' (load a vehicle or travel to a "
            "destination), 'use BUILDING' (dark-green house), 'boat GOOD' (peat boat), "
            "'release ANIMAL', 'return KIND@I' (give equipment back).\n"
            "Commands: undo, hint [BOT], save FILE, help, quit.")


# ---------------------------------------------------------------------------
# Legal actions, grouped and numbered
# ---------------------------------------------------------------------------
def group_actions(s: State) -> list[tuple[str, list[Action]]]:
    """The legal actions in display order, grouped: placements or the current decision
    first, then the anytime actions.  Numbering runs across the groups in this order."""
    legal = s.legal_actions()
    f = _frame(s)
    in_house = f == "house"
    main: list[Action] = []
    anytime: list[Action] = []
    for a in legal:
        if a.verb in ANYTIME_VERBS and not in_house:
            anytime.append(a)
        else:
            main.append(a)
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


def action_label(a: Action) -> str:
    """The action's text with a readable hint where the ids are terse."""
    text = str(a)
    if a.verb in ("build", "use") and a.args and a.args[0] in C.BUILDING_NAME:
        b = a.args[0]
        return f"{text} ({building_name(b)}, {C.BUILDING_VP[b]} VP)"
    return text


def numbered_actions(s: State) -> tuple[RenderableType, list[Action]]:
    """The numbered action list and the actions in number order (number i -> [i - 1])."""
    order: list[Action] = []
    parts: list[RenderableType] = []
    for title, acts in group_actions(s):
        parts.append(Text(title + ":", style="bold underline"))
        items = []
        for a in acts:
            order.append(a)
            items.append(Text(f"{len(order):>3}. ", style="cyan") + Text(action_label(a)))
        parts.append(Columns(items, padding=(0, 2)))
    return Group(*parts), order


def screen(s: State, show_actions: bool = False) -> tuple[RenderableType, list[Action]]:
    """The whole screen; with ``show_actions`` also the numbered legal actions."""
    sheets = s.scores()
    parts: list[RenderableType] = [season_line(s), action_board(s), supply_board(s)]
    boards = [player_panel(s, p, sheets[p]) for p in range(len(s.players))]
    parts.append(Columns(boards) if len(s.players) > 1 else boards[0])
    parts.append(score_table(s))
    order: list[Action] = []
    if not s.is_terminal():
        parts.append(Text(describe_decision(s), style="bold"))
        if show_actions:
            listing, order = numbered_actions(s)
            parts.append(listing)
    return Group(*parts), order
