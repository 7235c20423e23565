"""``arle score FARM.json``: the scoring pad for a finished farm described in JSON.

``arle score --ask`` asks for the figures instead (the questions of
:mod:`arle.scorepad`), checks each answer at once (a refused answer is asked again with
the reason) and can keep the answers as FARM.json (``--save``); a FARM.json given with
``--ask`` supplies the defaults, so a pad can be corrected.  ``--expansion tea-and-trade``
scores a Tea & Trade farm (the expansion's rows are printed even when they are 0) and
makes ``--ask`` ask the expansion's questions too: Tea, East Frisian Tea, the Digging
Spades track, the ships in the harbor, ditches, and its buildings among the home board's.

The input format is documented in ``docs/SCORING_PAD.md``.  A refused input (missing
file, malformed JSON, unknown key, value out of range) prints one message on stderr and
exits with code 2; nothing is printed on stdout then.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import Annotated, NoReturn, Optional

import typer
from rich.console import Console
from rich.prompt import Prompt
from rich.table import Table

from arle.scoring import (
    CATEGORIES,
    CATEGORY_NAMES,
    TT_CATEGORY_NAMES,
    Farm,
    ScoreSheet,
    ScoringInputError,
    farm_from_dict,
    farm_to_dict,
    format_vp,
    score_farm,
    sheet_to_json,
)
from arle import jsonread
from arle.cli.files import read_text, refuse
from arle.errors import StateFormatError
from arle.data.tea_trade import EXPANSIONS
from arle.scorepad import ask_farm

__all__ = ["register", "score", "format_vp", "sheet_to_json"]



def _refuse(message: str) -> NoReturn:
    refuse("score", message)


def _load_farm(farm_file: str) -> Farm:
    text = read_text(farm_file, "score")
    name = "<stdin>" if farm_file == "-" else farm_file
    try:
        obj = jsonread.loads(text)     # no key twice, no absurd number or nesting
    except StateFormatError as exc:
        _refuse(f"{name}: {exc}")
    try:
        return farm_from_dict(obj)
    except ScoringInputError as exc:
        _refuse(f"{name}: {exc}")


def ask_in_terminal(start: Farm | None = None, expansion: bool = False) -> dict[str, object]:
    """Ask the pad's questions on the terminal.  Questions and messages go to stderr, so
    that stdout holds only the score sheet; end of input or Ctrl-C aborts (exit 1)."""
    console = Console(stderr=True, highlight=False)

    def ask(prompt: str, default: str) -> str:
        try:
            return Prompt.ask(prompt, default=default, console=console,
                              show_default=bool(default))
        except (EOFError, KeyboardInterrupt):
            console.print("\narle score: aborted; nothing was scored or saved.")
            raise typer.Exit(code=1) from None

    console.print("Scoring pad: answer each question (Enter keeps the value in "
                  "parentheses).", markup=False)
    return ask_farm(ask, lambda m: console.print(m, markup=False),
                    farm_to_dict(start) if start is not None else None, expansion)


def _print_table(sheet: ScoreSheet, title: str) -> None:
    table = Table(title=title)
    table.add_column("Category")
    table.add_column("VP", justify="right")
    for key in sheet.categories:     # CATEGORIES, then the expansion's rows if any
        name = CATEGORY_NAMES.get(key) or TT_CATEGORY_NAMES[key]
        table.add_row(name, format_vp(sheet.categories[key]))
    table.add_section()
    table.add_row("[bold]Total[/bold]", f"[bold]{format_vp(sheet.total)}[/bold]")
    Console().print(table)


def score(
    farm_file: Annotated[
        Optional[str],
        typer.Argument(metavar="[FARM.json]",
                       help="The finished farm as JSON (docs/SCORING_PAD.md); '-' reads "
                            "stdin. With --ask, its figures are the defaults."),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the score sheet as JSON instead of a table."),
    ] = False,
    ask: Annotated[
        bool,
        typer.Option("--ask", help="Fill in the pad by answering questions in the terminal."),
    ] = False,
    save: Annotated[
        Optional[str],
        typer.Option("--save", metavar="FILE",
                     help="With --ask: write the answers to FILE as FARM.json."),
    ] = None,
    expansion: Annotated[
        Optional[str],
        typer.Option("--expansion", metavar="NAME",
                     help="The farm is from a game with an expansion: tea-and-trade (its "
                          "rows are scored; --ask asks its questions too)."),
    ] = None,
) -> None:
    """Score a finished farm, category by category, as on the printed scoring pad."""
    if save is not None and not ask:
        _refuse("--save goes with --ask")
    if expansion is not None and expansion not in EXPANSIONS:
        _refuse(f"unknown expansion {expansion!r} (known: {', '.join(EXPANSIONS)})")
    tea_and_trade = expansion is not None
    if not ask:
        if farm_file is None:
            _refuse("give FARM.json (or '-' for stdin), or use --ask to answer questions")
        farm = _load_farm(farm_file)
        farm.expansion = farm.expansion or tea_and_trade
        sheet = score_farm(farm)
        name = "<stdin>" if farm_file == "-" else farm_file
    else:
        if farm_file == "-":
            _refuse("--ask reads the answers from the terminal: give a FARM.json file "
                    "for the defaults, not '-'")
        start = _load_farm(farm_file) if farm_file is not None else None
        if save is not None:
            folder = os.path.dirname(os.path.abspath(save))
            if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
                _refuse(f"{save}: cannot write there (checked before asking anything)")
            if os.path.isdir(save):
                _refuse(f"{save}: is a directory, not a file name")
        answers = ask_in_terminal(start, tea_and_trade)
        sheet = score_farm(farm_from_dict(answers))
        if save is not None:
            _write_farm(save, answers)
        name = save or farm_file or "your answers"
    if as_json:
        typer.echo(sheet_to_json(sheet))
    else:
        _print_table(sheet, f"Score of {name}")


def _write_farm(path: str, farm: dict[str, object]) -> None:
    """Write ``farm`` as FARM.json, all or nothing (a temporary file, then a rename)."""
    target = os.path.abspath(path)
    tmp = f"{target}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(farm, handle, indent=1)
            handle.write("\n")
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        _refuse(f"{path}: cannot write ({exc.strerror or exc})")
    typer.echo(f"Saved the answers to {path}.", err=True)


# Group callback that does nothing (no docstring: the app's own help text stays in charge).
def _root() -> None:
    return None


def register(app: typer.Typer) -> None:
    """Add the ``score`` sub-command to ``app``.

    Typer turns an app with a single command and no callback into that command, which
    would make ``arle score FARM.json`` read ``score`` as the file name.  While ``score``
    is the only command, a do-nothing callback keeps ``arle`` a command group; a callback
    the app sets later replaces it.
    """
    app.command("score")(score)
    if (not app.registered_callback and not app.info.callback
            and not app.registered_groups and len(app.registered_commands) == 1):
        app.callback()(_root)
