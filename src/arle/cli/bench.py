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

__all__ = ["register", "bench", "run_bench", "KEYS", "compiled", "build_name"]

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
    games: Annotated[int, typer.Option("--games", help="Random games per repeat.")] = 20,
    repeats: Annotated[int, typer.Option("--repeats", help="Repeats (medians are shown).")]
        = 5,
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
) -> None:
    """Time the engine on seeded random games (legal_actions, apply, clone)."""
    if games < 1 or repeats < 1:
        _refuse("--games and --repeats must be at least 1")
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
