"""``arle replay RECORD.json``: step through a saved game, or print how it ended.

Interactive keys (one per input line): ``n`` or Enter next action, ``b`` back one,
``j N`` jump to the position after action N (0 = the setup), ``q`` quit.  End of input
quits too.  ``--final`` prints the last position and the scoring pad without asking
anything.  A record that cannot be read or replayed is refused with exit code 2.
"""

from __future__ import annotations

import sys
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

import arle
from arle.cli import render
from arle.cli.files import read_text, refuse
from arle.state import State

__all__ = ["register", "replay", "load_positions"]

KEYS_HINT = "n or Enter: next · b: back · j N: jump to action N · q: quit"


def _refuse(message: str) -> NoReturn:
    refuse("replay", message)


def load_positions(text: str) -> tuple[list[State], list[str], list[int]]:
    """Every position of a record (0 = setup), its actions, and who took each.

    ValueError if the record is malformed or holds an illegal action.
    """
    end = arle.replay(text)
    rec = end.record()
    actions = [str(a) for a in rec["actions"]]
    start = dict(rec)
    start["actions"] = []
    s = arle.replay(start)
    positions = [s.clone()]
    movers: list[int] = []
    for a in actions:
        p = s.current_player
        assert p is not None
        movers.append(p)
        s.apply(a)
        positions.append(s.clone())
    return positions, actions, movers


def _show(console: Console, positions: list[State], actions: list[str], movers: list[int],
          pos: int) -> None:
    n = len(actions)
    s = positions[pos]
    body, _ = render.screen(s)
    console.print(Rule(f"Position {pos} of {n}"))
    console.print(body)
    if pos > 0:
        console.print(Text(f"Action {pos} was {render.player_name(movers[pos - 1])}: "
                           f"{actions[pos - 1]}"))
    else:
        console.print(Text("The setup, before any action."))
    if pos < n:
        console.print(Text(f"Next, action {pos + 1}: {render.player_name(movers[pos])}: "
                           f"{actions[pos]}", style="bold"))
    else:
        console.print(Text("End of the record.", style="bold"))
        if s.is_terminal():
            for line in render.winner_lines(s):
                console.print(Text(line, style="bold"))


def _final(console: Console, s: State, n: int) -> None:
    body, _ = render.screen(s)
    console.print(Rule(f"After all {n} actions of the record"))
    console.print(body)
    if s.is_terminal():
        for p in range(len(s.players)):
            console.print(render.breakdown_table(s, p))
        for line in render.winner_lines(s):
            console.print(Text(line, style="bold"))
    else:
        console.print(Text(f"The record stops before the end (half year {s.half_year}): "
                           "the scores are estimates.", style="bold"))


def _interact(console: Console, positions: list[State], actions: list[str],
              movers: list[int]) -> None:
    n = len(actions)
    pos = 0
    show = True
    while True:
        if show:
            _show(console, positions, actions, movers, pos)
            console.print(Text(KEYS_HINT, style="dim"))
        show = False
        try:
            line = console.input(f"[{pos}/{n}]> ", markup=False)
        except EOFError:
            console.print()
            return
        if not sys.stdin.isatty():
            console.print(Text(line))  # a pipe does not echo: keep the transcript readable
        word, _, rest = line.strip().lower().partition(" ")
        rest = rest.strip()
        if word in ("", "n", "next") and not rest:
            if pos >= n:
                console.print(Text(f"Already at the end of the record (action {n}).",
                                   style="yellow"))
            else:
                pos += 1
                show = True
        elif word in ("b", "back") and not rest:
            if pos == 0:
                console.print(Text("Already at the setup (position 0).", style="yellow"))
            else:
                pos -= 1
                show = True
        elif word in ("j", "jump"):
            if not (rest.isascii() and rest.isdigit()) or int(rest) > n:
                console.print(Text(f"Error: j needs an action number from 0 to {n}, "
                                   "e.g. j 12.", style="red"))
            else:
                pos = int(rest)
                show = True
        elif word in ("q", "quit", "exit") and not rest:
            return
        else:
            console.print(Text(f"Error: unknown key {line.strip()!r}. {KEYS_HINT}",
                               style="red"))


def replay(
    record_file: Annotated[str, typer.Argument(
        metavar="RECORD.json", help="A game record, as written by 'save FILE' in arle play.")],
    final: Annotated[bool, typer.Option(
        "--final", help="Print the last position and the scores, without stepping.")]
        = False,
) -> None:
    """Step through a saved game record, action by action."""
    text = read_text(record_file, "replay", "a game record", stdin=False)
    try:
        positions, actions, movers = load_positions(text)
    except ValueError as exc:
        _refuse(f"{record_file}: {exc}")
    console = Console(highlight=False)
    if final:
        _final(console, positions[-1], len(actions))
        return
    _interact(console, positions, actions, movers)


def register(app: typer.Typer) -> None:
    """Add the ``replay`` sub-command to ``app``."""
    app.command("replay")(replay)
