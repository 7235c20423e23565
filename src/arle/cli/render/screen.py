"""The two screens: the whole position and the compact one (80 x 24) with the player's key
figures and what changed."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from arle import view
from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.state import State
from arle.cli.render.words import (figure_name, fmt_vp, is_expansion, is_three, pack,
                                   PANEL_WIDTH, player_name, plural, res_name, season_line)
from arle.cli.render.board import action_board, supply_board
from arle.cli.render.farm import (BOARD_VERBS, farms_strip, harbor_lines, mini_board, MINI_WIDTH,
                                  player_panel)
from arle.cli.render.score import score_table
from arle.cli.render.log import moves_block
from arle.cli.render.decision import (describe_decision, group_actions, listing_lines,
                                      numbered_actions)

__all__ = ["COMMAND_WORDS", "COMMAND_WORDS_3P", "COMPACT_HEIGHT", "COMPACT_WIDTH", "HARBOR_VERBS",
           "changes", "compact_header", "compact_screen", "figure_lines", "key_figures",
           "other_lines", "screen"]


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


def changes(before: dict[str, int] | None, after: dict[str, int]) -> list[str]:
    """What changed between two :func:`key_figures`: ``["Food 5→7", "Wood 3→1"]``."""
    if before is None:
        return []
    return [f"{figure_name(k)} {before[k]}→{v}" for k, v in after.items()
            if k in before and before[k] != v]


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
    ditches = plural(len(view.ditches(s, p)), "ditch", "ditches") if tt else ""
    ships = (", ".join(TT.SHIP_NAME[sh.kind] for sh in view.harbor(s, p)) or "no ships"
             if tt else "")
    segments = [goods, mats, others, tea,
                f"{an['sheep']} sheep, {an['cattle']} cattle, "
                + plural(an["horse"], "horse", "horses"),
                f"workers placed {placed}/{view.workers_per_player()}",
                f"dikes {view.dike_moves(s, p)}/{C.MAX_DIKE_MOVES}", ditches, barn, ships,
                f"estimate {fmt_vp(s.scores()[p].total)} VP"]
    return [Text(line) for line in pack(segments, width)]


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
                + plural(len(view.buildings(s, q)), "building", "buildings") + " · "
                + plural(len(view.harbor(s, q)), "ship", "ships"))
        out.append(Text(line if len(line) <= width else line[:width - 1] + "…", style="dim"))
    return out


def compact_header(s: State) -> Text:
    """The season line, short enough for 80 columns."""
    return season_line(s, compact=True)


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
    tail += [Text(x, style="dim") for x in pack(words, width, " · ")]
    budget = height - 1 - len(lines) - len(tail)
    board = mini_board(s, p) if any(a.verb in BOARD_VERBS for a in main) else []
    if board and len(board) <= budget and width >= MINI_WIDTH + 30:
        # Tea & Trade: choosing an edge, a cell or a dike beside a map of the land.
        options = listing_lines(list(enumerate(main, 1)), width - MINI_WIDTH,
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
        lines += listing_lines(list(enumerate(main, 1)), width, max(2, budget), s)
    lines += tail
    return Group(*lines), order


#: Verbs whose choice the compact screen shows with the harbor (Tea & Trade).
HARBOR_VERBS = frozenset({"ship", "trade"})
