"""``arle solve --seed N --time SECONDS``: the best line the ``plan`` bot finds for a
solo setup.

The planner (:mod:`arle.bots.plan`) spends ``--time`` seconds on the game from its
setup (:meth:`arle.bots.plan.PlanBot.solve`).  When the time holds several games (in the
base game about two minutes of the pure build, half a minute of the compiled one), it
plays a portfolio: a game from each of several openings (``--starts`` of them:
the best first moves, then pairs of a first and a next move), then, when the time holds
ten games or more (and no ``--starts``), games that branch from the best line so far at
one of its placements; the best line of all is kept.  ``--jobs N`` worker processes
play these games, N times as many in the time, which is each process's (by default one
process per processor core this one may use, at most :data:`DEFAULT_JOBS`: ``--time
600`` on a machine of two cores is ten minutes on the wall of both).  With several
processes the portfolio takes all the time; with one, 85% of it, and a second sweep
goes through the game again from the setup with the rest, improving the line the
portfolio left.  Without a portfolio the time goes to two sweeps: the first plays the
game as the bot would with half the time (each decision the rest of the sweep's time
divided by the actions left), the second improves its line with the rest; the result
is never worse than the first sweep's.  The best line found is printed (one
macro-action per line, by half year), then its score with the scoring pad's breakdown.
``--out FILE`` saves it as a game record (``arle replay FILE`` steps through it).
Progress (each better line found, each new pass) goes to stderr.  Bad options are
refused with exit code 2 before anything is searched or written.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Annotated, NoReturn, Optional

import typer
from rich.console import Console
from rich.text import Text

import arle
from arle.actions import Action
from arle.bots.plan import PlanBot
from arle.cli import render
from arle.cli.files import refuse
from arle.data.tea_trade import EXPANSIONS
from arle.state import State
from arle.view import decision_depth

__all__ = ["default_jobs", "register", "solve", "line_text"]

#: The most worker processes ``--jobs`` starts.
MAX_JOBS = 64
#: The most worker processes a solve starts without ``--jobs`` (one per core up to it).
DEFAULT_JOBS = 8


def default_jobs() -> int:
    """The worker processes of a solve without ``--jobs``: one per processor core this
    process may run on, at most :data:`DEFAULT_JOBS`."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:        # not on every platform
        cores = os.cpu_count() or 1
    return max(1, min(cores, DEFAULT_JOBS))


def _refuse(message: str) -> NoReturn:
    refuse("solve", message)


def _buildings(value: str) -> str | list[str]:
    """``--buildings``: a named selection, or building ids (checked by the setup)."""
    if value in ("random", "first-game", "expansion-only"):
        return value
    ids = [part.strip() for part in value.split(",") if part.strip()]
    if not ids:
        _refuse("--buildings: use random, first-game, expansion-only or building ids "
                "separated by commas")
    return ids


def _unwritable(path: str) -> str | None:
    """Why ``path`` cannot be written (None: it can), without creating it."""
    if os.path.isdir(path):
        return "it is a directory"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return "no such folder"
    if os.path.exists(path):
        return None if os.access(path, os.W_OK) else "permission denied"
    return None if os.access(folder, os.W_OK) else "permission denied"


def line_text(start: State, line: tuple[Action, ...] | list[Action]) -> list[str]:
    """The line as text: a heading per half year, then one macro-action per line (a
    first action and the sub-decisions it opens, joined by ``, ``)."""
    s = start.clone()
    out: list[str] = []
    half = -1
    i = 0
    while i < len(line):
        if s.half_year != half:
            half = s.half_year
            out.append(f"Half year {half} ({'Summer' if half % 2 else 'Winter'}):")
        p = s.current_player
        group = [str(line[i])]
        s.apply(line[i])
        i += 1
        while (i < len(line) and s.phase != "over" and decision_depth(s) > 0
               and s.current_player == p):
            group.append(str(line[i]))
            s.apply(line[i])
            i += 1
        out.append("  " + ", ".join(group))
    return out


def solve(
    seed: Annotated[int, typer.Option("--seed", help="Setup seed (buildings drawn with "
                                                     "it, as arle tournament does).")],
    time_s: Annotated[float, typer.Option(
        "--time", help="Seconds of search in all.")] = 60.0,
    expansion: Annotated[Optional[str], typer.Option(
        "--expansion", help="Play with an expansion: tea-and-trade.")] = None,
    buildings: Annotated[str, typer.Option(
        "--buildings", help="random, first-game (base game), "
                            "expansion-only (Tea & Trade), or building ids separated by "
                            "commas.")] = "random",
    out: Annotated[Optional[str], typer.Option(
        "--out", metavar="FILE", help="Save the best line as a game record.")] = None,
    bot_seed: Annotated[int, typer.Option(
        "--bot-seed", help="Seed of the planner's noise (later passes).")] = 0,
    as_json: Annotated[bool, typer.Option(
        "--json", help='Print {"score": ..., "sweeps": [...], "jobs": N, '
                       '"games": [...], "categories": {...}, "actions": [...]} '
                       "instead of the line and the breakdown.")] = False,
    clock: Annotated[str, typer.Option(
        "--clock", help="wall: --time is seconds on the wall; cpu: seconds of processor "
                        "time (a fair budget on a machine other jobs share).")] = "wall",
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress on stderr.")]
        = False,
    starts: Annotated[Optional[int], typer.Option(
        "--starts", help="Games of the portfolio, each from its own opening: 1 for "
                         "one game and no portfolio; by default as many as the time "
                         "allows on this machine (at most 24).")] = None,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", help="Worker processes for the portfolio's games: as many times the "
                       "games in the time (--time is each process's). Default: one "
                       f"per processor core, at most {DEFAULT_JOBS}.")] = None,
) -> None:
    """Search the best line of a solo game and print it with its score."""
    if not (time_s > 0 and time_s < float("inf")):
        _refuse(f"--time must be a positive number of seconds, not {time_s:g}")
    if expansion is not None and expansion not in EXPANSIONS:
        _refuse(f"--expansion: unknown expansion {expansion!r} "
                f"(known: {', '.join(EXPANSIONS)})")
    if clock not in ("wall", "cpu"):
        _refuse(f"--clock must be wall or cpu, not {clock!r}")
    if starts is not None and starts < 1:
        _refuse(f"--starts must be at least 1, not {starts}")
    if jobs is None:
        jobs = default_jobs()
    elif not 1 <= jobs <= MAX_JOBS:
        _refuse(f"--jobs must be 1 to {MAX_JOBS}, not {jobs}")
    chosen = _buildings(buildings)
    try:
        start = arle.new_game(players=1, seed=seed, buildings=chosen, expansion=expansion)
    except ValueError as e:
        _refuse(str(e))
    if out is not None:           # refuse an unwritable file before searching
        problem = _unwritable(out)
        if problem:
            _refuse(f"--out {out}: cannot write ({problem})")
    err = Console(stderr=True, highlight=False)
    t0 = time.perf_counter()
    bot = PlanBot(seed=bot_seed, time=time_s, clock=clock)
    if not quiet:
        bot.on_progress = lambda text: err.print(
            Text(f"[{time.perf_counter() - t0:7.1f} s] {text}", style="dim"))
    score, line = bot.solve(start, time_s, starts=starts, jobs=jobs)
    end = start.clone()
    for a in line:
        end.apply(a)
    assert end.is_terminal() and end.scores()[0].total == score
    if not quiet:
        err.print(Text(f"[{time.perf_counter() - t0:7.1f} s] done: {score:g}",
                       style="dim"))
    if out is not None:
        with open(out, "w", encoding="utf-8") as handle:
            json.dump(end.record(), handle)
    if as_json:
        sheet = end.scores()[0]
        typer.echo(json.dumps({"seed": seed, "expansion": expansion, "score": sheet.total,
                               "sweeps": bot.sweep_scores, "jobs": jobs,
                               "games": bot.games,
                               "categories": dict(sheet.categories),
                               "actions": [str(a) for a in line]}))
        return
    console = Console(highlight=False)
    for text in line_text(start, line):
        console.print(Text(text))
    console.print(render.breakdown_table(end, 0))
    console.print(Text(f"Best line found: {score:g} VP", style="bold"))
    if out is not None:
        console.print(Text(f"Saved the record to {out} (arle replay {out})."))
    sys.stdout.flush()


def register(app: typer.Typer) -> None:
    """Add the ``solve`` sub-command to ``app``."""
    app.command("solve")(solve)
