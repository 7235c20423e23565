"""The action board (the season's spaces, the Special Action) and the game board's supply."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from arle import presenter, view
from arle.actions import Action
from arle.data import tea_trade as TT
from arle.data import texts
from arle.state import State
from arle.cli.render.words import (building_name, is_expansion, is_three, player_name,
                                   season_spaces, SEASONS, space_name)

__all__ = ["POOL_LABEL", "action_board", "building_cost_text", "ships_left",
           "special_action_used_by", "special_actions_taken", "supply_board"]


# ---------------------------------------------------------------------------
# The action board
# ---------------------------------------------------------------------------
def special_action_used_by(s: State) -> tuple[int, str] | None:
    """(player, space) if a worker stands on a space of the other season this half year
    (:func:`arle.view.special_actions`)."""
    taken = view.special_actions(s)
    return taken[0] if taken else None


def special_actions_taken(s: State) -> list[tuple[int, str]]:
    """Every (player, space) on a space of the other season this half year (with three
    players up to two, by different players: T51): :func:`arle.view.special_actions`."""
    return list(view.special_actions(s))


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
