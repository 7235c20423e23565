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
from rich.table import Table

from arle.bots import get, parse_spec
from arle.bots.arena import BotStats, MatchResult, schedule, summarize, unique_labels
from arle.bots.runs import RunInterrupted, check_backend, run_matches
from arle.cli.files import refuse
from arle.data.tea_trade import EXPANSIONS, TT_SELECTIONS
from arle.scoring import CATEGORIES, CATEGORY_NAMES, TT_CATEGORIES, TT_CATEGORY_NAMES

__all__ = ["register", "tournament", "run", "to_json", "plot_scores", "games_progress",
           "throughput", "BACKEND_HELP", "ADDRESS_HELP", "BuildingsOpt", "ExpansionOpt",
           "ProgressOpt", "BackendOpt", "AddressOpt", "selection_problem"]

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


def _refuse(message: str) -> NoReturn:
    refuse("tournament", message)


def selection_problem(expansion: str | None, buildings: str) -> str | None:
    """What is wrong with ``--expansion`` and ``--buildings`` of a command that plays many
    games (None: nothing)."""
    if expansion is not None and expansion not in EXPANSIONS:
        return f"--expansion: unknown expansion {expansion!r} (known: {', '.join(EXPANSIONS)})"
    if expansion is not None and buildings not in TT_SELECTIONS:
        return "--buildings must be random or expansion-only with --expansion"
    if expansion is None and buildings not in ("random", "first-game"):
        return "--buildings must be random or first-game"
    return None


def run(specs: list[str], players: int, games: int, seed: int, jobs: int = 1,
        buildings: str = "random", progress: bool = True,
        records: str | None = None, backend: str = "local",
        address: str | None = None,
        expansion: str | None = None) -> tuple[list[str], list[MatchResult]]:
    """Play the tournament; returns the bot labels and every game's result (in schedule
    order, whichever backend played them: see :mod:`arle.bots.runs`)."""
    labels = unique_labels(specs)
    matches = schedule(specs, players, games, seed, buildings, expansion)
    console = Console(stderr=True)
    t0 = time.perf_counter()
    with games_progress(console, len(matches), progress) as advance:
        results = run_matches(matches, backend, jobs, address, on_result=lambda r: advance())
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
            stats: dict[str, BotStats]) -> dict[str, Any]:
    """``{"games": N, "bots": {label: {...}}}`` (see ``docs/BOTS.md``)."""
    return {"games": len(results), "bots": {lb: stats[lb].to_json() for lb in labels}}


def _fmt(x: float) -> str:
    return f"{x:.1f}"


def _print_tables(labels: list[str], stats: dict[str, BotStats], players: int,
                  games: int) -> None:
    console = Console()
    kind = {1: "Solo", 2: "Two-player"}.get(players, f"{players}-player")
    title = (f"{kind} tournament, "
             f"{games} game{'s' if games != 1 else ''}")
    table = Table(title=title)
    for col, justify in (("Bot", "left"), ("Games", "right"), ("Wins", "right"),
                         ("Mean score", "right"), ("95% interval", "right"),
                         ("s / decision", "right")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for lb in labels:
        st = stats[lb]
        lo, hi = st.ci95
        table.add_row(lb, str(st.games), str(st.wins), _fmt(st.mean_score),
                      f"{_fmt(lo)} .. {_fmt(hi)}", f"{st.sec_per_decision:.4f}")
    console.print(table)
    cats = Table(title="Mean VP per scoring category")
    cats.add_column("Category")
    for lb in labels:
        cats.add_column(lb, justify="right")
    for k in CATEGORIES:
        cats.add_row(CATEGORY_NAMES[k], *(_fmt(stats[lb].categories[k]) for lb in labels))
    for k in TT_CATEGORIES:         # the expansion's rows, when its games were played
        if any(k in stats[lb].categories for lb in labels):
            cats.add_row(TT_CATEGORY_NAMES[k],
                         *(_fmt(stats[lb].categories.get(k, 0.0)) for lb in labels))
    console.print(cats)


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
    game: Annotated[str, typer.Option(
        "--game", help="arle or green (rules modelled on Fields of Green with invented "
                       "cards; unofficial).")] = "arle",
) -> None:
    """Play bots against each other (or solo) and compare their scores."""
    try:
        specs = split_bots(bots)
    except ValueError as exc:
        _refuse(str(exc))
    if game == "green":
        _green(specs, players, games, seed, jobs, buildings, expansion, as_json, plot,
               records, progress, backend, address)
        return
    if game != "arle":
        _refuse(f"--game {game}: use arle or green")
    if players not in (1, 2, 3):
        _refuse("--players must be 1, 2 or 3")
    if players == 3 and expansion is None:
        _refuse("--players 3 needs --expansion tea-and-trade (three players play the "
                "expansion's 3-player game)")
    if games < 1:
        _refuse("--games must be at least 1")
    try:
        check_backend(backend, jobs, address)
    except ValueError as exc:
        _refuse(str(exc).replace("jobs", "--jobs").replace("an address", "--address"))
    problem = selection_problem(expansion, buildings)
    if problem:
        _refuse(problem)
    if not specs:
        _refuse("--bots names no bot")
    for spec in specs:
        try:
            get(spec, seed=0)
        except ValueError as exc:
            _refuse(str(exc))
    if players == 2 and len(specs) < 2:
        _refuse("a two-player tournament needs at least two bots in --bots")
    if players == 3 and len(specs) < 3:
        _refuse("a three-player tournament needs at least three bots in --bots "
                "(repeat one: mcts,greedy,greedy)")
    if plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            _refuse("--plot needs matplotlib (pip install matplotlib)")
    try:
        labels, results = run(specs, players, games, seed, jobs, buildings, progress,
                              records, backend, address, expansion)
    except RunInterrupted as exc:
        typer.echo(f"arle tournament: {exc}; no summary", err=True)
        raise typer.Exit(code=130) from None
    stats = summarize(labels, results, players)
    if as_json:
        typer.echo(json.dumps(to_json(labels, results, stats)))
    else:
        _print_tables(labels, stats, players, len(results))
    if plot is not None:
        plot_scores(plot, labels, stats)


def _green(specs: list[str], players: int, games: int, seed: int, jobs: int,
           buildings: str, expansion: str | None, as_json: bool, plot: str | None,
           records: str | None, progress: bool, backend: str, address: str | None) -> None:
    """``--game green``: checks the options, then :mod:`arle.cli.green_tournament`."""
    from arle.cli.green_tournament import run_green_tournament
    if buildings != "random" or expansion is not None or plot is not None:
        _refuse("--buildings, --expansion and --plot are not for --game green")
    if not 1 <= players <= 4:
        _refuse("--players must be 1 to 4 with --game green")
    if games < 1:
        _refuse("--games must be at least 1")
    try:
        from arle.green.bots import green_bot
        check_backend(backend, jobs, address)
        for spec in specs:
            green_bot(spec, seed=0)
        run_green_tournament(specs, players, games, seed, jobs, progress, records, backend,
                             address, as_json)
    except RunInterrupted as exc:
        typer.echo(f"arle tournament: {exc}; no summary", err=True)
        raise typer.Exit(code=130) from None
    except ValueError as exc:
        _refuse(str(exc))


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
