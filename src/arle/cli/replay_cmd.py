"""``arle replay RECORD.json``: step through a saved game, or print how it ended.

The record's game (Fields of Arle or the second game, ``arle.green``) is found from the
record itself (its ``format``).  Interactive keys (one per input line): ``n`` or Enter
next action, ``b`` back one, ``j N`` jump to the position after action N (0 = the
setup), ``q`` quit.  End of input quits too.  ``--final`` prints the last position and
the scores without asking anything.  A game with hidden information (the second game)
shows each position as the player to move saw it (their hand and the choice they
made), or as ``--seat N`` saw it; the record file itself holds every hidden card.  A
record that cannot be read or replayed is refused with exit code 2.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from arle.cli import faces
from arle.cli.files import read_text, refuse
from arle.framework.review import read_record

__all__ = ["register", "replay", "load_positions", "load_record"]

KEYS_HINT = "n or Enter: next · b: back · j N: jump to action N · q: quit"


def _refuse(message: str) -> NoReturn:
    refuse("replay", message)


def load_record(text: str) -> tuple[str, list[Any], list[str], list[int]]:
    """The game of a record (its name), every position (0 = setup), its actions, and
    who took each.  ValueError if the record is malformed, of no game of this program,
    or holds an illegal action."""
    game, record = read_record(text)
    end = game.replay(record)
    rec = end.record()
    actions = [str(a) for a in rec["actions"]]
    s = game.replay({"format": rec["format"], "setup": rec["setup"], "actions": []})
    positions = [s.clone()]
    movers: list[int] = []
    for a in actions:
        p = s.current_player
        assert p is not None
        movers.append(p)
        s.apply(a)
        positions.append(s.clone())
    return game.name, positions, actions, movers


def load_positions(text: str) -> tuple[list[Any], list[str], list[int]]:
    """Every position of a record (0 = setup), its actions, and who took each.

    ValueError if the record is malformed or holds an illegal action.
    """
    _, positions, actions, movers = load_record(text)
    return positions, actions, movers


def _show(console: Console, face: faces.ReplayFace, positions: list[Any],
          actions: list[str], movers: list[int], pos: int, seat: int | None) -> None:
    n = len(actions)
    s = positions[pos]
    console.print(Rule(f"Position {pos} of {n}"))
    for part in face.screen(s, seat):
        console.print(part)
    if pos > 0:
        console.print(Text(f"Action {pos} was {face.player_name(movers[pos - 1])}: "
                           f"{actions[pos - 1]}"))
    else:
        console.print(Text("The setup, before any action."))
    if pos < n:
        console.print(Text(f"Next, action {pos + 1}: {face.player_name(movers[pos])}: "
                           f"{actions[pos]}", style="bold"))
    else:
        console.print(Text("End of the record.", style="bold"))
        if s.is_terminal():
            for part in face.results(s):
                if isinstance(part, Text):     # the winner's line, not the tables
                    console.print(part)


def _final(console: Console, face: faces.ReplayFace, s: Any, n: int,
           seat: int | None) -> None:
    console.print(Rule(f"After all {n} actions of the record"))
    for part in face.screen(s, seat):
        console.print(part)
    if s.is_terminal():
        for part in face.results(s):
            console.print(part)
    else:
        console.print(Text(f"The record stops before the end ({face.where(s)}): the "
                           "scores are estimates.", style="bold"))


def _interact(console: Console, face: faces.ReplayFace, positions: list[Any],
              actions: list[str], movers: list[int], seat: int | None) -> None:
    n = len(actions)
    pos = 0
    show = True
    while True:
        if show:
            _show(console, face, positions, actions, movers, pos, seat)
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
        metavar="RECORD.json", help="A game record of either game, as written by 'save "
                                    "FILE' in arle play or downloaded from the web app.")],
    final: Annotated[bool, typer.Option(
        "--final", help="Print the last position and the scores, without stepping.")]
        = False,
    seat: Annotated[Optional[int], typer.Option(
        "--seat", help="A game with hidden cards (--game green): show every position as "
                       "this player saw it [default: the player to move].")] = None,
) -> None:
    """Step through a saved game record, action by action."""
    text = read_text(record_file, "replay", "a game record", stdin=False)
    try:
        name, positions, actions, movers = load_record(text)
    except ValueError as exc:
        _refuse(f"{record_file}: {exc}")
    from arle.cli import play  # noqa: F401  (registers each game's terminal face)
    face = faces.get(name).replay
    if face is None:                          # pragma: no cover - both games have one
        _refuse(f"{record_file}: no replay for the game {name!r}")
    if seat is not None:
        n = len(positions[0].scores())
        if read_record(text)[0].perfect_information:
            _refuse("--seat is for a game with hidden cards (every player of this game "
                    "sees the whole position)")
        if not 1 <= seat <= n:
            _refuse(f"--seat must be from 1 to {n} in this {n}-player game, not {seat}")
    view = None if seat is None else seat - 1
    console = Console(highlight=False)
    if final:
        _final(console, face, positions[-1], len(actions), view)
        return
    _interact(console, face, positions, actions, movers, view)


def register(app: typer.Typer) -> None:
    """Add the ``replay`` sub-command to ``app``."""
    app.command("replay")(replay)
