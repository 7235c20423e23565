"""``arle explain NAME``: what a building, action space, destination or tile does.

The texts live in :mod:`arle.data.texts`; this module prints them.  A name is an id
(``potters_inn``) or a printed name (``"Potter's Inn"``, ``potters inn``), tolerant of
case, apostrophes, umlauts, underscores and spaces; a name that fits several elements
(``grocer``: both seasons) prints them all.  ``--list`` lists the ids by kind,
``--json`` prints the entry (a list when several fit).  An unknown name exits with
code 2 and the nearest names.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data import texts as T
from arle.cli.files import refuse

__all__ = ["register", "explain", "entry_text", "explain_lines"]


def _vp(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _kind_label(entry: T.Entry) -> str:
    kind = entry["kind"]
    if kind == "building":
        colour = {**C.BUILDING_COLOR, **TT.TT_BUILDING_COLOR}[entry["id"]].replace("_", "-")
        return f"{colour} building"
    if kind == "space":
        if entry["id"] in TT.IMITATE_SPACES:
            return "3-player action space of both seasons"
        names = ("Summer", "Winter")
        sp = entry["id"]
        two = {**C.SPACE_SEASON, **TT.TT_SPACE_SEASON}.get(sp)
        three = TT.SPACE_SEASON_3P.get(sp)
        if two is None:
            return f"{names[three or 0]} action space (3 players)"
        if three is not None and three != two:
            return f"{names[two]} action space ({names[three]} with 3 players)"
        return f"{names[two]} action space"
    return {"destination": "travel destination", "tile": "home-board tile",
            "tool": "tool track"}.get(kind, kind)


def entry_text(entry: T.Entry) -> Text:
    """One entry as rich text: the name and kind, cost and VP, then the effect."""
    t = Text()
    t.append(entry["name"], style="bold")
    t.append(f"  ({_kind_label(entry)}, id {entry['id']})", style="dim")
    if entry["cost"] is not None:
        t.append("\nCost: ", style="bold")
        t.append(entry["cost"])
    if entry["vp"] is not None:
        t.append("\nVP: ", style="bold")
        t.append(_vp(entry["vp"]))
    t.append("\n")
    t.append(entry["text"])
    return t


def explain_lines(query: str) -> Text:
    """What ``help NAME`` and ``arle explain NAME`` print: every entry answering to
    ``query``.  UnknownName (with suggestions) if there is none."""
    found = T.resolve(query)
    out = Text()
    for k, entry in enumerate(found):
        if k:
            out.append("\n\n")
        out.append_text(entry_text(entry))
    return out


def _listing() -> Group:
    parts: list[Text | Table] = []
    for kind in T.KINDS:
        parts.append(Text(("\n" if parts else "") + T.KIND_TITLE[kind], style="bold"))
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column("id", style="bold", no_wrap=True)
        table.add_column("name")
        for i in T.ids(kind):
            table.add_row(i, T.entry(i)["name"])
        parts.append(table)
    return Group(*parts)


def explain(
    name: Annotated[list[str] | None, typer.Argument(
        metavar="NAME", help="An id or printed name, e.g. potters_inn or \"Potter's "
                             "Inn\" (several words need no quotes).")] = None,
    list_: Annotated[bool, typer.Option(
        "--list", help="List every id, grouped by kind.")] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print JSON (keys id, kind, name, cost, vp, text).")] = False,
) -> None:
    """Explain a building, action space, destination, equipment, tile or tool."""
    console = Console(highlight=False)
    if list_:
        if name:
            refuse("explain", "give either NAME or --list, not both")
        if as_json:
            typer.echo(json.dumps({k: T.ids(k) for k in T.KINDS}, indent=2))
        else:
            console.print(_listing())
        return
    query = " ".join(name or []).strip()
    if not query:
        refuse("explain", "give a NAME (an id or printed name) or --list")
    try:
        found = T.resolve(query)
    except T.UnknownName as e:
        hint = (f"; nearest: {', '.join(e.suggestions)}" if e.suggestions
                else "; see arle explain --list")
        refuse("explain", f"no game element is called {query!r}{hint}")
    if as_json:
        data: object = found[0] if len(found) == 1 else found
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    console.print(explain_lines(query))


def register(app: typer.Typer) -> None:
    """Add the ``explain`` sub-command to ``app``."""
    app.command("explain")(explain)
