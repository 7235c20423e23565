"""``arle train-eval DATA... --out MODEL``: fit the bots' learned evaluation.

DATA are ``.npz`` files of ``arle dataset`` (self-play records turned into arrays); the
model (:mod:`arle.bots.learned`) learns the hand evaluation's error from the mover's
observation, on every row but those of the held-out games, which measure it.  The
training is seeded (``--seed``): the same data and options give the same model.  A file
that is not a dataset, or a dataset of another observation layout, is refused naming it;
nothing is written then.
"""

from __future__ import annotations

import json
from typing import Annotated, NoReturn

import typer

from arle.cli.files import refuse

__all__ = ["register", "train_eval"]


def _refuse(message: str) -> NoReturn:
    refuse("train-eval", message)


def train_eval(
    data: Annotated[list[str], typer.Argument(
        metavar="DATA...", help="Dataset files written by arle dataset (.npz).")],
    out: Annotated[str, typer.Option("--out", metavar="MODEL.npz",
                                     help="Where to write the model.")],
    hidden: Annotated[int, typer.Option("--hidden", min=1, max=1024,
                                        help="Hidden units of the network.")] = 32,
    epochs: Annotated[int, typer.Option("--epochs", min=1, max=10_000,
                                        help="Passes over the training rows.")] = 40,
    l2: Annotated[float, typer.Option("--l2", min=0.0, max=10.0,
                                      help="Weight decay of the network.")] = 1e-4,
    holdout: Annotated[float, typer.Option(
        "--holdout", min=0.01, max=0.9,
        help="Share of the games held out to measure the error and stop early.")] = 0.15,
    seed: Annotated[int, typer.Option("--seed", min=0, max=2**31 - 1,
                                      help="Seed of the split and the training.")] = 0,
    lr: Annotated[float, typer.Option("--lr", min=1e-6, max=1.0,
                                      help="Step size of the Adam optimiser.")] = 1e-3,
    init: Annotated[str | None, typer.Option(
        "--init", metavar="MODEL.npz",
        help="Start from this model (fine-tuning; its hidden units are kept) instead of "
             "from the hand evaluation.")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Fit a value model (the bots' eval=learned) to self-play datasets."""
    from arle.bots import learned as L
    from arle.env import dataset as D
    arrays = []
    for path in data:
        try:
            _meta, a = D.load(path)
        except FileNotFoundError:
            _refuse(f"{path}: no such file")
        except (ValueError, OSError, EOFError, KeyError) as e:
            _refuse(f"{path}: not an arle dataset ({e})")
        arrays.append(a)
    start = None
    if init is not None:
        try:
            start = L.load_model(init)
        except ValueError as e:
            _refuse(str(e))
    try:
        model, report = L.train(arrays, hidden=hidden, epochs=epochs, l2=l2, holdout=holdout,
                                seed=seed, source=", ".join(data), lr=lr, init=start)
    except ValueError as e:
        _refuse(str(e))
    try:
        model.save(out)
    except OSError as e:
        _refuse(f"{out}: cannot write ({e.strerror or e})")
    figures = {"model": out, "rows": report.rows, "games": report.games,
               "held_out_games": report.held_out_games, "epochs": report.epochs,
               "hand_mae": round(report.hand_mae, 3),
               "learned_mae": round(report.learned_mae, 3)}
    if json_out:
        typer.echo(json.dumps(figures))
    else:
        typer.echo(f"Wrote {out}: {report.rows} rows of {report.games} games; on "
                   f"{report.held_out_games} held-out games the error of the final-score "
                   f"estimate is {report.learned_mae:.2f} points (hand evaluation: "
                   f"{report.hand_mae:.2f}), best epoch {report.epochs}.")


def register(app: typer.Typer) -> None:
    """Add the ``train-eval`` sub-command to ``app``."""
    app.command("train-eval")(train_eval)
