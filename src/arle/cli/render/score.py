"""Scores: the scoring pad, the result, and the presenter's breakdown laid out item by item."""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from arle import presenter
from arle.state import State
from arle.cli.render.words import BENCHMARK_SOLO, fmt_vp, is_three, player_name

__all__ = ["breakdown_table", "score_breakdown", "score_table", "scores_view", "winner_lines"]


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
