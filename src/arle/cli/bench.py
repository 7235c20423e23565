"""``arle bench``: how fast the engine plays seeded random games.

    arle bench                       # 2 players, 20 games x 5 repeats, a table
    arle bench --games 50 --repeats 7 --json
    arle bench --expansion tea-and-trade   # Tea & Trade games beside the base game's

Each repeat plays ``--games`` random games (uniform over the legal actions, seeded) and
times, at every decision, ``legal_actions()``, ``apply()`` and a ``clone()`` of the
state (the clone is timed apart and left out of the game time).  The figures printed
are medians over the repeats:

* ``us_per_decision`` -- microseconds of ``legal_actions()`` + ``apply()`` per decision;
* ``us_legal_actions``, ``us_apply``, ``us_clone`` -- each call alone;
* ``decisions_per_game`` and ``games_per_s`` (games per second of ``legal_actions()`` +
  ``apply()`` + the random choice, setup included).

With ``--expansion tea-and-trade`` the same figures are measured on Tea & Trade games
and, with the same seeds, on base games, side by side with their ratio (the JSON holds
the expansion's figures, ``"base"`` the base game's and ``"ratio"`` the expansion's
``us_per_decision`` over the base's).  ``--players 3 --expansion tea-and-trade`` times
3-player games beside the expansion's 2-player games on the same seeds (the JSON's
``"two_players"`` and ``"ratio"``: 3 players over 2).

``--json`` adds ``"compiled"``: whether the engine running is the mypyc build
(``ARLE_COMPILE=1 pip install .``, see BENCHMARKS.md) or pure Python.

``arle bench --mcts --json`` times the default search instead (``mcts`` with its default
options, the hand evaluation in solo games): it plays the first ``--decisions``
decisions of ``--games`` seeded solo games (random buildings) and divides the
simulations of the searches that ran (``last_stats``; decisions taken from the previous
search's plan run none) by the CPU time of the games: their setup, every decision
(searches and plan steps) and every apply, so that work a search leaves to the code
after it (the garbage collector's passes over the tree it keeps, held off while it
runs) is counted too.  It prints the median of
``sims_per_cpu_s`` over the repeats, the range (``runs``), the searches and simulations
of one repeat (the same every repeat: the bot and the games are seeded) and
``workload_ms``, the CPU time of a fixed pure-Python workload (:func:`workload_ms`)
timed in the same run, so that runs on a busy machine can be put on one scale.

The engine computes the next decision's legal actions at the end of ``apply()`` (and
``legal_actions()`` returns a copy of that list), so most of the work shows under
``apply``; the sum per decision is the figure to compare.
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import time
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.table import Table

import arle
from arle.cli.files import refuse

__all__ = ["register", "bench", "run_bench", "run_mcts_bench", "workload_ms", "KEYS",
           "MCTS_KEYS", "compiled", "build_name"]

KEYS = ("us_per_decision", "us_legal_actions", "us_apply", "us_clone",
        "decisions_per_game", "games_per_s")


def compiled() -> bool:
    """Whether the rules engine running is the mypyc-compiled build.

    The compiled build (``ARLE_COMPILE=1 pip install .``) turns ``arle.state`` and the
    engine into extension modules; the pure build leaves them ``.py`` files.
    """
    import importlib.machinery

    import arle.state
    return (arle.state.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def build_name() -> str:
    """``"compiled with mypyc"`` or ``"pure Python"`` (shown by ``arle --version``)."""
    return "compiled with mypyc" if compiled() else "pure Python"


def _refuse(message: str) -> NoReturn:
    refuse("bench", message)


def _new(players: int, seed: int, buildings: str, expansion: str | None) -> arle.State:
    if expansion is None:
        return arle.new_game(players=players, seed=seed, buildings=buildings)
    return arle.new_game(players=players, seed=seed, buildings=buildings, expansion=expansion)


def _one_repeat(games: int, seed: int, players: int, buildings: str,
                expansion: str | None = None) -> dict[str, float]:
    clock = time.perf_counter
    t_legal = t_apply = t_clone = t_game = 0.0
    decisions = 0
    for g in range(games):
        rng = random.Random(seed + g)
        t_start = clock()
        s = _new(players, seed + g, buildings, expansion)
        t_game += clock() - t_start
        while not s.is_terminal():
            t0 = clock()
            c = s.clone()
            t1 = clock()
            legal = s.legal_actions()
            t2 = clock()
            a = legal[rng.randrange(len(legal))]
            t3 = clock()
            s.apply(a)
            t4 = clock()
            del c
            t_clone += t1 - t0
            t_legal += t2 - t1
            t_apply += t4 - t3
            t_game += t4 - t1
            decisions += 1
    d = max(decisions, 1)
    return {
        "us_per_decision": (t_legal + t_apply) / d * 1e6,
        "us_legal_actions": t_legal / d * 1e6,
        "us_apply": t_apply / d * 1e6,
        "us_clone": t_clone / d * 1e6,
        "decisions_per_game": decisions / games,
        "games_per_s": games / t_game if t_game > 0 else 0.0,
    }


def run_bench(games: int = 20, repeats: int = 5, seed: int = 0, players: int = 2,
              buildings: str = "random", expansion: str | None = None) -> dict[str, float]:
    """The medians over ``repeats`` of each figure in :data:`KEYS`.

    Every repeat plays the same seeded games, so the figures differ only by timing.

    >>> r = run_bench(games=1, repeats=1, seed=3)
    >>> sorted(r) == sorted(KEYS) and r["decisions_per_game"] > 0
    True
    """
    if games < 1 or repeats < 1:
        raise ValueError("games and repeats must be at least 1")
    runs = [_one_repeat(games, seed, players, buildings, expansion) for _ in range(repeats)]
    return {k: round(statistics.median(r[k] for r in runs), 3) for k in KEYS}


#: The keys of ``arle bench --mcts --json`` (and of :func:`run_mcts_bench`), besides
#: ``"compiled"``.
MCTS_KEYS = ("sims_per_cpu_s", "runs", "searches", "sims", "games", "decisions",
             "workload_ms")


def _mcts_repeat(games: int, decisions: int, seed: int) -> tuple[float, int, float]:
    """One repeat of the search benchmark: (simulations, searches, CPU seconds)."""
    import arle.bots
    total_sims = 0
    searches = 0
    cpu = 0.0
    for g in range(games):
        bot = arle.bots.get("mcts", seed=seed + g)
        t0 = time.process_time()
        s = arle.new_game(players=1, seed=seed + g, buildings="random")
        for _ in range(decisions):
            if s.is_terminal():
                break
            bot.last_stats = {}   # type: ignore[attr-defined]
            a = bot.choose(s)
            stats: dict[str, float] = bot.last_stats   # type: ignore[attr-defined]
            if stats:   # a search ran (not a step of the previous search's plan)
                total_sims += int(stats["sims"])
                searches += 1
            s.apply(a)
        cpu += time.process_time() - t0
    return float(total_sims), searches, cpu


def workload_ms(repeats: int = 3) -> float:
    """CPU milliseconds of a fixed pure-Python workload (integer arithmetic, list and
    dict work; it never touches arle), the fastest of ``repeats``: a measure of how fast
    the machine runs Python at the moment, to scale figures of runs made at different
    loads (a figure times ``workload_ms`` is roughly load-free).

    >>> workload_ms(1) > 0
    True
    """
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        acc = 0
        d: dict[int, int] = {}
        xs: list[int] = []
        for i in range(150_000):
            acc = (acc * 31 + i) % 1_000_003
            d[i & 255] = acc
            xs.append(acc & 7)
            if len(xs) > 64:
                xs = xs[32:]
        best = min(best, time.process_time() - t0)
    return best * 1000.0


def run_mcts_bench(games: int = 2, decisions: int = 6, repeats: int = 3,
                   seed: int = 0) -> dict[str, object]:
    """Simulations per CPU second of the default ``mcts`` search on seeded solo games
    (see the module docstring); the keys of :data:`MCTS_KEYS`."""
    if games < 1 or repeats < 1 or decisions < 1:
        raise ValueError("games, decisions and repeats must be at least 1")
    rates: list[float] = []
    sims = searches = 0
    loads: list[float] = []
    for _ in range(repeats):
        loads.append(workload_ms(1))
        total, searches, cpu = _mcts_repeat(games, decisions, seed)
        sims = int(total)
        rates.append(total / cpu if cpu > 0 else 0.0)
    loads.append(workload_ms(1))
    return {"sims_per_cpu_s": round(statistics.median(rates), 1),
            "runs": [round(r, 1) for r in rates], "searches": searches, "sims": sims,
            "games": games, "decisions": decisions,
            "workload_ms": round(statistics.median(loads), 2)}


def machine() -> str:
    """A one-line description of the machine and Python running the benchmark."""
    import os
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {platform.python_implementation()} "
            f"{platform.python_version()}, {platform.system()}")


def bench(
    games: Annotated[int | None, typer.Option(
        "--games", help="Games per repeat [default: 20; 2 with --mcts].",
        show_default=False)] = None,
    repeats: Annotated[int | None, typer.Option(
        "--repeats", help="Repeats (medians are shown) [default: 5; 3 with --mcts].",
        show_default=False)] = None,
    seed: Annotated[int, typer.Option("--seed", help="First game seed.")] = 0,
    players: Annotated[int, typer.Option(
        "--players", help="1 or 2 players, or 3 (with --expansion tea-and-trade).")] = 2,
    buildings: Annotated[str, typer.Option(
        "--buildings", help="random or first-game building selection (with --expansion: "
                            "random or expansion-only).")] = "random",
    expansion: Annotated[str | None, typer.Option(
        "--expansion", help="Also time games of an expansion (tea-and-trade), side by "
                            "side with the base game.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")]
        = False,
    mcts: Annotated[bool, typer.Option(
        "--mcts", help="Time the default mcts search instead: simulations per CPU second "
                       "on seeded solo games (--games default 2, --repeats 3).")] = False,
    decisions: Annotated[int, typer.Option(
        "--decisions", help="With --mcts: decisions played per game.")] = 6,
) -> None:
    """Time the engine on seeded random games (legal_actions, apply, clone), or with
    --mcts the default search (simulations per CPU second)."""
    if (games is not None and games < 1) or (repeats is not None and repeats < 1):
        _refuse("--games and --repeats must be at least 1")
    if mcts:
        if expansion is not None or players != 2 or buildings != "random":
            _refuse("--mcts times solo base games with random buildings: leave out "
                    "--expansion, --players and --buildings")
        if decisions < 1:
            _refuse("--decisions must be at least 1")
        _bench_mcts(2 if games is None else games, 3 if repeats is None else repeats,
                    seed, decisions, as_json)
        return
    games = 20 if games is None else games
    repeats = 5 if repeats is None else repeats
    if players not in (1, 2, 3):
        _refuse("--players must be 1, 2 or 3")
    if players == 3 and expansion is None:
        _refuse("--players 3 needs --expansion tea-and-trade (three players play the "
                "expansion's 3-player game)")
    if expansion is not None:
        if expansion != "tea-and-trade":
            _refuse(f"unknown expansion {expansion!r} (known: tea-and-trade)")
        if buildings not in ("random", "expansion-only"):
            _refuse("--buildings must be random or expansion-only with --expansion")
        _bench_expansion(games, repeats, seed, players, buildings, expansion, as_json)
        return
    if buildings not in ("random", "first-game"):
        _refuse("--buildings must be random or first-game")
    result = run_bench(games, repeats, seed, players, buildings)
    if as_json:
        typer.echo(json.dumps({**result, "compiled": compiled()}))
        return
    table = Table(title=f"arle bench: {players}-player random games, {games} games x "
                        f"{repeats} repeats (medians)")
    table.add_column("Figure")
    table.add_column("Value", justify="right")
    for k in KEYS:
        table.add_row(_NAMES[k], f"{result[k]:.1f}")
    console = Console()
    console.print(table)
    console.print(f"{machine()}, arle {build_name()}")


_NAMES = {
    "us_per_decision": "µs per decision (legal_actions + apply)",
    "us_legal_actions": "µs per legal_actions()",
    "us_apply": "µs per apply()",
    "us_clone": "µs per clone()",
    "decisions_per_game": "decisions per game",
    "games_per_s": "games per second",
}


def _bench_mcts(g: int, r: int, seed: int, decisions: int, as_json: bool) -> None:
    result = run_mcts_bench(g, decisions, r, seed)
    if as_json:
        typer.echo(json.dumps({**result, "compiled": compiled()}))
        return
    table = Table(title=f"arle bench --mcts: the default search on {g} seeded solo games, "
                        f"{decisions} decisions each, {r} repeats")
    table.add_column("Figure")
    table.add_column("Value", justify="right")
    runs = result["runs"]
    assert isinstance(runs, list)
    table.add_row("simulations per CPU second (median)", f"{result['sims_per_cpu_s']}")
    table.add_row("range over the repeats", f"{min(runs)}-{max(runs)}")
    table.add_row("searches / simulations per repeat",
                  f"{result['searches']} / {result['sims']}")
    table.add_row("fixed workload, CPU ms", f"{result['workload_ms']}")
    console = Console()
    console.print(table)
    console.print(f"{machine()}, arle {build_name()}")


def _bench_expansion(games: int, repeats: int, seed: int, players: int, buildings: str,
                     expansion: str, as_json: bool) -> None:
    """The expansion's figures beside the base game's (same seeds, same repeats,
    interleaved so that a change of machine load touches both alike).  With three
    players (no base game) the reference is the expansion's 2-player game."""
    base_runs, tt_runs = [], []
    three = players == 3
    for _ in range(repeats):
        if three:
            base_runs.append(_one_repeat(games, seed, 2, buildings, expansion))
        else:
            base_runs.append(_one_repeat(games, seed, players, "random"))
        tt_runs.append(_one_repeat(games, seed, players, buildings, expansion))
    base = {k: round(statistics.median(r[k] for r in base_runs), 3) for k in KEYS}
    tt = {k: round(statistics.median(r[k] for r in tt_runs), 3) for k in KEYS}
    ratio = round(tt["us_per_decision"] / base["us_per_decision"], 3)
    if as_json:
        ref = {"players": 3, "two_players": base} if three else {"base": base}
        typer.echo(json.dumps({**tt, "expansion": expansion, **ref, "ratio": ratio,
                               "compiled": compiled()}))
        return
    if three:
        title = (f"arle bench: {expansion} random games, {games} games x {repeats} "
                 "repeats (medians), 2 and 3 players")
    else:
        title = (f"arle bench: {players}-player random games, {games} games x "
                 f"{repeats} repeats (medians), base and {expansion}")
    table = Table(title=title)
    table.add_column("Figure")
    table.add_column("2 players" if three else "base", justify="right")
    table.add_column("3 players" if three else expansion, justify="right")
    table.add_column("ratio", justify="right")
    for k in KEYS:
        r = tt[k] / base[k] if base[k] else 0.0
        table.add_row(_NAMES[k], f"{base[k]:.1f}", f"{tt[k]:.1f}", f"{r:.2f}x")
    console = Console()
    console.print(table)
    if three:
        console.print(f"µs per decision: 3 players {ratio:.2f}x the 2-player {expansion} "
                      "game")
    else:
        console.print(f"µs per decision: {expansion} {ratio:.2f}x the base game "
                      f"(target at most 1.5x)")
    console.print(f"{machine()}, arle {build_name()}")


def register(app: typer.Typer) -> None:
    """Add the ``bench`` sub-command to ``app``."""
    app.command("bench")(bench)
