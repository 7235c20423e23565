"""``arle review RECORD.json``: where did a player lose points, by a bot's judgement?

The record's game is found from the record itself (its ``format``).  Every turn of the
chosen player is compared with a bot's choice (Fields of Arle: :mod:`arle.bots.review`;
unless ``--bot`` names another judge, the planner ``plan:time=1`` judges a solo game and
``greedy`` the others; the second game: :mod:`arle.green.review`, each decision judged
by ``greedy`` from what that player knew); turns whose estimated loss reaches
``--threshold`` are listed with the bot's suggestion.  A record that cannot be read or
replayed, an unknown bot or a player not in the game is refused with exit code 2.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, NoReturn, Optional

import typer
from rich.console import Console
from rich.table import Table

from arle.bots.review import SOLO_JUDGE, default_judge
from arle.cli.files import read_text, refuse
from arle.framework.review import ReviewedTurn, read_record, reviewer, summary

__all__ = ["SOLO_JUDGE", "default_judge", "register", "review_cmd"]


def _refuse(message: str) -> NoReturn:
    refuse("review", message)


def _table(turns: Sequence[ReviewedTurn], threshold: float, show_all: bool, when: str,
           when_title: str) -> Table:
    table = Table(title="Turns to look at" if not show_all else "Every turn")
    for col, justify in (("Move", "right"), (when_title, "right"), ("Player", "right"),
                         ("Played", "left"), ("Bot suggests", "left"),
                         ("Est. VP lost", "right")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for t in turns:
        if not show_all and t.loss < threshold:
            continue
        style = "bold red" if t.loss >= threshold else ""
        table.add_row(str(t.index + 1), str(t.to_dict()[when]), str(t.player + 1),
                      ", ".join(t.played), t.suggested if t.loss else "(same)",
                      f"{t.loss:g}", style=style)
    return table


def review_cmd(
    record_file: Annotated[str, typer.Argument(metavar="RECORD.json",
                                               help="A game record (arle play's save, "
                                                    "the web app's download).")],
    player: Annotated[Optional[int], typer.Option(
        "--player", help="Review only this player (from 1) [default: every player].")] = None,
    bot: Annotated[Optional[str], typer.Option(
        "--bot", help="The judge, e.g. greedy (fast) or mcts:sims=200 (about a second "
                      "per turn); in the second game greedy or ismcts [default: "
                      "plan:time=1 for a solo game of Fields of Arle (the planner, a "
                      "second per turn), greedy otherwise].")] = None,
    threshold: Annotated[float, typer.Option(
        "--threshold", help="List turns whose estimated loss reaches this many VP.")] = 3.0,
    show_all: Annotated[bool, typer.Option("--all", help="List every turn.")] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help='Print {"summary": {...}, "turns": [...]} instead of a table.')] = False,
) -> None:
    """Review a game: each turn against a bot's choice, with the estimated VP lost."""
    text = read_text(record_file, "review", "a game record")
    if threshold < 0:
        _refuse("--threshold must not be negative")
    try:
        game, record = read_record(text)
        n = len(game.replay(record).scores())
        judging = reviewer(game.name)
    except ValueError as e:
        _refuse(f"{record_file}: {e}")
    if bot is None:
        bot = judging.default_judge(n)
    if player is not None and not 1 <= player <= n:
        allowed = {1: "1 in a solo game", 2: "1 or 2"}.get(n, f"from 1 to {n}")
        _refuse(f"--player must be {allowed}, not {player}")
    try:
        turns = judging.review(record, None if player is None else player - 1, bot)
    except ValueError as e:                 # an unknown bot or bad bot options
        _refuse(str(e))
    totals = summary(turns, threshold)
    if as_json:
        typer.echo(json.dumps({"summary": totals, "turns": [t.to_dict() for t in turns]}))
        return
    console = Console()
    console.print(_table(turns, threshold, show_all, judging.when, judging.when_title))
    console.print(f"{totals['turns']} turns reviewed with {bot}: the bot agreed with "
                  f"{totals['agreed']}; {totals['mistakes']} cost about {threshold:g} VP "
                  f"or more, {totals['points_lost']:g} VP in all (estimates).")


def register(app: typer.Typer) -> None:
    """Add the ``review`` sub-command to ``app``."""
    app.command("review")(review_cmd)
