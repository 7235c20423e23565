"""``arle dataset RECORDS... --out FILE.npz``: game records to training arrays.

Each source is a game record (JSON) or a folder of them (``*.json``, e.g. the folder of
``arle tournament --records DIR``).  The arrays are described in
:mod:`arle.env.dataset` and ``docs/RESEARCH.md``; ``--game green`` reads the second
game's records (:mod:`arle.env.green_dataset`).  A record that cannot be read or
replayed, or an unfinished game, is refused naming its file; nothing is written then.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from arle import jsonread
from arle.errors import StateFormatError
from arle.cli.files import read_text, refuse
from arle.cli.tournament import GameOpt

__all__ = ["register", "dataset"]


def _refuse(message: str) -> NoReturn:
    refuse("dataset", message)


def _sources(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            # a self-play folder's manifest.json describes the run: it is no record
            found = sorted(f for f in p.glob("*.json") if f.name != "manifest.json")
            if not found:
                _refuse(f"{raw}: no .json game records in this folder")
            files.extend(found)
        else:
            files.append(p)
    return files


def dataset(
    sources: Annotated[list[str], typer.Argument(
        metavar="RECORDS...", help="Game records (JSON) or folders of them.")],
    out: Annotated[str, typer.Option("--out", metavar="FILE.npz",
                                     help="Where to write the arrays.")],
    reward: Annotated[str | None, typer.Option(
        "--reward", help="The outcome column: score_diff (the default) or win_loss; "
                         "green: score_minus_mean.")] = None,
    game: GameOpt = "arle",
) -> None:
    """Turn finished game records into arrays for learning (one row per decision)."""
    try:
        from arle.env.datasets import for_game
    except ImportError as e:
        _refuse(f"needs the research extra ({e.name} is missing): pip install 'arle[env]'")
    try:
        D = for_game(game)
        reward = D.check_reward(reward if reward is not None else D.rewards[0])
    except ValueError as e:
        _refuse(str(e))
    files = _sources(sources)
    records: list[Any] = []
    for f in files:
        text = read_text(str(f), "dataset", "a game record")
        try:
            records.append(jsonread.loads(text))
        except StateFormatError as e:   # not JSON, a key twice, an absurd number
            _refuse(f"{f}: not valid JSON ({e})")
    try:
        arrays = D.records_to_arrays(records, reward)
    except ValueError as e:
        message = str(e)
        if message.startswith("record "):
            index, _, rest = message[7:].partition(": ")
            if index.isdigit():
                message = f"{files[int(index)]}: {rest}"
        _refuse(message)
    try:
        D.save(out, arrays, reward)
    except OSError as e:
        _refuse(f"{out}: cannot write ({e.strerror or e})")
    games = len(files)
    typer.echo(f"Wrote {out}: {len(arrays['action'])} decisions from {games} game"
               f"{'' if games == 1 else 's'} (outcome: {reward}).", err=True)


def register(app: typer.Typer) -> None:
    """Add the ``dataset`` sub-command to ``app``."""
    app.command("dataset")(dataset)
