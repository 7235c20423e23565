"""``arle tournament``: play bots against each other (or solo) and compare them.

    arle tournament --players 2 --bots mcts,greedy --games 20 --seed 1 --jobs 2
    arle tournament --players 1 --bots greedy,mcts:sims=50 --games 10 --json

Solo: every bot plays the same ``--games`` setups (seeds ``--seed`` onwards).  Two
players: every pair of bots plays ``--games`` games, in pairs on one setup with the
seats swapped.  Three players (``--players 3 --expansion tea-and-trade``): every set of
three bots plays ``--games`` games, in threes on one setup with the seats rotated (a
multiple of 3 seats each bot in each seat equally often); wins are the engine's winner.  Games run in ``--jobs`` processes, or as Ray tasks with ``--backend ray
[--address ADDR]`` (the same games and summary either way; docs/DISTRIBUTED.md); a
progress bar and the throughput go to stderr (Ctrl-C stops cleanly, exit 130).  The
summary gives, per bot: games, wins, mean score with a 95% interval, mean seconds per
decision and the mean of each scoring category.  ``--json`` prints it as JSON instead;
``--plot FILE.png`` draws the score distributions (needs matplotlib); ``--records DIR``
keeps every game record (``arle replay`` reads them).  Bad options exit with code 2.

``--game NAME`` plays another game (``green``: 1-4 players; with fewer bots than seats
the bots fill the seats in turn).  The command serves every game alike: what differs
(setup options, schedule, the names of the scoring categories) comes from the game's
entry in :mod:`arle.cli.faces`; the schedule, statistics and tables are the framework's
(:mod:`arle.framework.tournament`).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from arle.bots import get, parse_spec
from arle.framework.runs import RunInterrupted, check_backend, run_matches
from arle.cli import faces
from arle.cli import green_play as _green_play  # noqa: F401  (offers the second game)
from arle.cli import play as _play  # noqa: F401  (offers Fields of Arle)
from arle.cli.files import refuse
from arle.cli.play import selection_problem
from arle.framework.arena import MatchResult, unique_labels
from arle.framework.tournament import BotStats, print_tables, summarize
from arle.framework.tournament import to_json as _to_json

__all__ = ["register", "tournament", "run", "to_json", "plot_scores", "games_progress",
           "throughput", "BACKEND_HELP", "ADDRESS_HELP", "BuildingsOpt", "ExpansionOpt",
           "ProgressOpt", "BackendOpt", "AddressOpt", "GameOpt", "selection_problem"]

BACKEND_HELP = ("local: --jobs processes on this machine; ray: every game a Ray task "
                "(see docs/DISTRIBUTED.md).")
ADDRESS_HELP = ("The Ray cluster to use (default: RAY_ADDRESS, else a local Ray started "
                "for the run).")

# The options that the commands running many games (tournament, selfplay) share.
BuildingsOpt = Annotated[str, typer.Option(
    "--buildings", help="random or first-game building selection (with --expansion: "
                        "random or expansion-only).")]
ExpansionOpt = Annotated[str | None, typer.Option(
    "--expansion", help="Play with an expansion: tea-and-trade.")]
ProgressOpt = Annotated[bool, typer.Option(
    "--progress/--no-progress", help="Show a progress bar on stderr.")]
BackendOpt = Annotated[str, typer.Option("--backend", help=BACKEND_HELP)]
AddressOpt = Annotated[str | None, typer.Option("--address", metavar="ADDR",
                                                help=ADDRESS_HELP)]
GameOpt = Annotated[str, typer.Option(
    "--game", help="arle or green (rules modelled on Fields of Green with invented "
                   "cards; unofficial).")]


def _refuse(message: str) -> NoReturn:
    refuse("tournament", message)


def run(specs: list[str], players: int, games: int, seed: int, jobs: int = 1,
        buildings: str = "random", progress: bool = True,
        records: str | None = None, backend: str = "local",
        address: str | None = None,
        expansion: str | None = None,
        game: str = "arle") -> tuple[list[str], list[MatchResult]]:
    """Play the tournament; returns the bot labels and every game's result (in schedule
    order, whichever backend played them: see :mod:`arle.bots.runs`).  ValueError for
    options the game refuses."""
    face = faces.get(game)
    labels = unique_labels(specs)
    setup = face.tournament_setup(players, buildings, expansion, None)
    matches = face.schedule(specs, players, games, seed, setup)
    console = Console(stderr=True)
    t0 = time.perf_counter()
    with games_progress(console, len(matches), progress) as advance:
        results = run_matches(matches, backend, jobs, address, on_result=lambda r: advance(),
                              play=face.play_match)
    if progress:
        console.print(throughput(len(results), time.perf_counter() - t0, backend))
    if records is not None:
        os.makedirs(records, exist_ok=True)
        for r in results:
            path = os.path.join(records, f"game-{r.index + 1:04d}.json")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump(r.record, handle)
    return labels, results


@contextmanager
def games_progress(console: Console, total: int, show: bool) -> Iterator[Callable[[], None]]:
    """A progress bar of games on ``console`` (nothing when ``show`` is false); yields the
    function that counts one finished game."""
    with Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, disable=not show,
                  transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda: bar.advance(task)


def throughput(games: int, seconds: float, backend: str) -> str:
    """The closing line of a long run: games, time and games per second."""
    rate = games / seconds if seconds > 0 else 0.0
    return f"{games} game(s) in {seconds:.1f} s on the {backend} backend: {rate:.3f} games/s"


def to_json(labels: list[str], results: list[MatchResult],
            stats: dict[str, BotStats], game: str = "arle",
            players: int | None = None) -> dict[str, Any]:
    """``{"game": NAME, "players": N, "games": N, "bots": {label: {...}}}`` (see
    ``docs/BOTS.md``)."""
    n = players if players is not None else (len(results[0].labels) if results else 0)
    return _to_json(labels, results, stats, game=game, players=n)


def plot_scores(path: str, labels: list[str], stats: dict[str, BotStats]) -> None:
    """Draw each bot's score distribution (box plot with every game as a dot)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(max(4.0, 1.6 * len(labels) + 2), 4.5))
    data = [stats[lb].scores for lb in labels]
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(labels) + 1), labels)
    for i, scores in enumerate(data, start=1):
        n = len(scores)
        xs = [i - 0.15 + 0.3 * (k + 0.5) / n for k in range(n)]
        ax.scatter(xs, scores, s=10, alpha=0.6)
    ax.set_ylabel("final score (VP)")
    ax.set_title("Score distribution per bot")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def tournament(
    bots: Annotated[str, typer.Option(
        "--bots", help="Bot specs separated by commas, e.g. mcts:time=2,c=1,greedy "
                       "(a key=value after a comma belongs to the bot before it).")],
    players: Annotated[int, typer.Option(
        "--players", help="1 (solo), 2, or 3 (with --expansion tea-and-trade; green: "
                          "1-4).")] = 2,
    games: Annotated[int, typer.Option(
        "--games", help="Games per bot (solo), per pair of bots (two players) or per "
                        "three bots (three players).")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="First setup seed.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", help="Games played in parallel.")] = 1,
    buildings: BuildingsOpt = "random",
    expansion: ExpansionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")]
        = False,
    plot: Annotated[str | None, typer.Option(
        "--plot", metavar="FILE.png", help="Draw the score distributions (matplotlib).")]
        = None,
    records: Annotated[str | None, typer.Option(
        "--records", metavar="DIR", help="Keep every game record in DIR.")] = None,
    progress: ProgressOpt = True,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    game: GameOpt = "arle",
) -> None:
    """Play bots against each other (or solo) and compare their scores."""
    try:
        specs = split_bots(bots)
        face = faces.get(game)
        setup = face.tournament_setup(players, buildings, expansion, plot)
    except ValueError as exc:
        _refuse(str(exc))
    if games < 1:
        _refuse("--games must be at least 1")
    try:
        check_backend(backend, jobs, address)
    except ValueError as exc:
        _refuse(str(exc).replace("jobs", "--jobs").replace("an address", "--address"))
    if not specs:
        _refuse("--bots names no bot")
    for spec in specs:
        try:
            get(spec, seed=0, game=game)
        except ValueError as exc:
            _refuse(str(exc))
    try:
        face.schedule(specs, players, games, seed, setup)
    except ValueError as exc:
        _refuse(f"{exc} in --bots")
    if plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            _refuse("--plot needs matplotlib (pip install matplotlib)")
    try:
        labels, results = run(specs, players, games, seed, jobs, buildings, progress,
                              records, backend, address, expansion, game)
    except RunInterrupted as exc:
        typer.echo(f"arle tournament: {exc}; no summary", err=True)
        raise typer.Exit(code=130) from None
    stats = summarize(labels, results, players)
    if as_json:
        typer.echo(json.dumps(to_json(labels, results, stats, game, players)))
    else:
        print_tables(Console(), labels, stats, face.tournament_title(players, len(results)),
                     face.category_names, face.notice, face.shared_wins)
    if plot is not None:
        plot_scores(plot, labels, stats)


def split_bots(text: str) -> list[str]:
    """Split ``--bots``: commas separate bots, except inside one bot's options.

    A comma followed by ``key=value`` continues the options of the bot before it, so
    ``mcts:sims=50,c=1,greedy`` is two bots: ``mcts:sims=50,c=1`` and ``greedy``.

    >>> split_bots("mcts:sims=50,c=1,greedy,random")
    ['mcts:sims=50,c=1', 'greedy', 'random']
    """
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if out and "=" in part and ":" not in part and ":" in out[-1]:
            out[-1] += "," + part
        else:
            out.append(part)
    for spec in out:
        parse_spec(spec)
    return out


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` sub-command to ``app``."""
    app.command("tournament")(tournament)
