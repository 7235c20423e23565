"""``arle selfplay``: bots play many games, one record file per game (resumable).

    arle selfplay --bots mcts:sims=100 --players 2 --games 200 --seed 0 --out games/
    arle selfplay --bots greedy,random --players 2 --games 1000 --out g/ --backend ray
    arle selfplay --bots greedy --players 3 --expansion tea-and-trade --games 30 --out g3/
    arle selfplay --game green --bots greedy,random --players 3 --games 50 --out green/
    arle dataset games/ --out data.npz

Writes ``OUT/game-00000.json``, ... as each game ends and ``OUT/manifest.json`` at the end
(see :mod:`arle.framework.selfplay`); ``--game green`` plays the second game (its setup
options and refusals are the game's entry in :mod:`arle.cli.faces`, as for ``arle
tournament``).  A rerun with the same arguments keeps the games already
written and plays the rest.  Games run in ``--jobs`` local processes or as Ray tasks
(``--backend ray [--address ADDR]``, docs/DISTRIBUTED.md); a progress bar and the throughput
go to stderr.  Bad options exit with code 2; Ctrl-C stops cleanly (exit 130) keeping the
finished games.
"""

from __future__ import annotations

import time
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from arle.bots import get
from arle.cli import faces
from arle.cli.files import refuse
from arle.cli.tournament import (
    AddressOpt, BackendOpt, BuildingsOpt, ExpansionOpt, GameOpt, ProgressOpt, games_progress,
    split_bots, throughput,
)
from arle.framework import selfplay as _selfplay
from arle.framework.runs import RunInterrupted, check_backend

__all__ = ["register", "selfplay"]


def _refuse(message: str) -> NoReturn:
    refuse("selfplay", message)


def selfplay(
    bots: Annotated[str, typer.Option(
        "--bots", help="Bot specs separated by commas; game g seats bot g, g+1, ... "
                       "(one bot plays every seat).")],
    out: Annotated[str, typer.Option("--out", metavar="DIR",
                                     help="Folder of the game records and manifest.json.")],
    players: Annotated[int, typer.Option(
        "--players", help="1 (solo), 2, or 3 (with --expansion tea-and-trade); green: 1 "
                          "to 4.")] = 2,
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Setup seed of the first game.")] = 0,
    buildings: BuildingsOpt = "random",
    expansion: ExpansionOpt = None,
    jobs: Annotated[int, typer.Option("--jobs", help="Local processes (local backend).")]
        = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    progress: ProgressOpt = True,
    game: GameOpt = "arle",
) -> None:
    """Let bots play many games and keep every game record (training data)."""
    try:
        specs = split_bots(bots)
        face = faces.get(game)
        for spec in specs:
            get(spec, seed=0, game=face.name)
        check_backend(backend, jobs, address)
    except ValueError as exc:
        _refuse(str(exc).replace("jobs", "--jobs").replace("an address", "--address"))
    if not specs:
        _refuse("--bots names no bot")
    for flag, value, low in (("--players", players, 1), ("--games", games, 1),
                             ("--seed", seed, 0)):
        if value < low:
            _refuse(f"{flag} must be at least {low}")
    try:
        options = face.tournament_setup(players, buildings, expansion, None)
        matches = _selfplay.plan(specs, players, games, seed, face.name, options)
    except ValueError as exc:
        _refuse(str(exc))
    args = _selfplay.manifest_args(specs, players, games, seed, face.name, options)
    console = Console(stderr=True)
    t0 = time.perf_counter()
    try:
        with games_progress(console, games, progress) as advance:
            manifest = _selfplay.play_run(matches, args, out, backend, jobs, address,
                                          on_result=lambda r: advance(),
                                          play=face.play_match)
    except ValueError as exc:
        _refuse(str(exc))
    except OSError as exc:
        _refuse(f"{out}: cannot write ({exc.strerror or exc})")
    except RunInterrupted as exc:
        typer.echo(f"arle selfplay: {exc}; rerun the same command to resume", err=True)
        raise typer.Exit(code=130) from None
    played, kept = manifest["played"], manifest["kept"]
    if progress:
        console.print(throughput(played, time.perf_counter() - t0, backend))
    typer.echo(f"{games} game record(s) in {out} ({played} played, {kept} kept from an "
               "earlier run)")


def register(app: typer.Typer) -> None:
    """Add the ``selfplay`` sub-command to ``app``."""
    app.command("selfplay")(selfplay)
