"""``arle score FARM.json``: the scoring pad for a finished farm described in JSON.

The input format is documented in ``docs/SCORING_PAD.md``.  A refused input (missing
file, malformed JSON, unknown key, value out of range) prints one message on stderr and
exits with code 2; nothing is printed on stdout then.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from arle.scoring import (
    CATEGORIES,
    CATEGORY_NAMES,
    ScoreSheet,
    ScoringInputError,
    farm_from_dict,
    score_farm,
)

__all__ = ["register", "score", "format_vp", "sheet_to_json"]

EXIT_REFUSED = 2


def format_vp(value: float) -> str:
    """A VP figure as printed: ``12``, ``-3``, ``11.5``."""
    if value == int(value):
        return str(int(value))
    return str(value)


def _json_number(value: float) -> int | float:
    return int(value) if value == int(value) else value


def sheet_to_json(sheet: ScoreSheet) -> str:
    """``{"categories": {...}, "total": n}`` with whole numbers as JSON integers."""
    payload = {
        "categories": {key: _json_number(sheet.categories[key]) for key in CATEGORIES},
        "total": _json_number(sheet.total),
    }
    return json.dumps(payload)


def _refuse(message: str) -> NoReturn:
    typer.echo(f"arle score: {message}", err=True)
    raise typer.Exit(code=EXIT_REFUSED)


def _reject_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise ScoringInputError(f"{key}: key given twice in one object")
        out[key] = value
    return out


def _read_text(farm_file: str) -> tuple[str, str]:
    """The text of ``farm_file`` (``-`` is stdin) and the name to use in messages."""
    if farm_file == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        with open(farm_file, encoding="utf-8") as handle:
            return handle.read(), farm_file
    except FileNotFoundError:
        _refuse(f"{farm_file}: no such file")
    except IsADirectoryError:
        _refuse(f"{farm_file}: is a directory, not a JSON file")
    except UnicodeDecodeError:
        _refuse(f"{farm_file}: not UTF-8 text")
    except OSError as exc:
        _refuse(f"{farm_file}: cannot read ({exc.strerror or exc})")


def _load_sheet(farm_file: str) -> ScoreSheet:
    text, name = _read_text(farm_file)
    try:
        obj = json.loads(text, object_pairs_hook=_reject_duplicates)
    except json.JSONDecodeError as exc:
        _refuse(f"{name}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})")
    except ScoringInputError as exc:
        _refuse(f"{name}: {exc}")
    try:
        farm = farm_from_dict(obj)
    except ScoringInputError as exc:
        _refuse(f"{name}: {exc}")
    return score_farm(farm)


def _print_table(sheet: ScoreSheet, title: str) -> None:
    table = Table(title=title)
    table.add_column("Category")
    table.add_column("VP", justify="right")
    for key in CATEGORIES:
        table.add_row(CATEGORY_NAMES[key], format_vp(sheet.categories[key]))
    table.add_section()
    table.add_row("[bold]Total[/bold]", f"[bold]{format_vp(sheet.total)}[/bold]")
    Console().print(table)


def score(
    farm_file: Annotated[
        str,
        typer.Argument(metavar="FARM.json",
                       help="The finished farm as JSON (docs/SCORING_PAD.md); '-' reads stdin."),
    ],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the score sheet as JSON instead of a table."),
    ] = False,
) -> None:
    """Score a finished farm, category by category, as on the printed scoring pad."""
    sheet = _load_sheet(farm_file)
    if as_json:
        typer.echo(sheet_to_json(sheet))
    else:
        title = "Score of <stdin>" if farm_file == "-" else f"Score of {farm_file}"
        _print_table(sheet, title)


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
