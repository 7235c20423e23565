"""``arle tournament --game green``: bots of :mod:`arle.green` against each other (rules
modelled on Fields of Green with invented cards; unofficial).

    arle tournament --game green --players 2 --bots green-ismcts,green-greedy --games 20
    arle tournament --game green --players 4 --bots green-greedy,random --games 8 --json

Seats rotate fairly (:mod:`arle.green.arena`); the summary gives per bot: games, wins
(a shared win split), win rate, mean score with a 95% interval, seconds per decision
and the mean of each scoring category.
"""

from __future__ import annotations

import json
import os
import time

import typer
from rich.console import Console
from rich.table import Table

from arle.bots.runs import run_matches
from arle.green.arena import GreenStats, green_schedule, green_summary, play_green_match
from arle.green.faces import NOTICE
from arle.green.state import SCORE_CATEGORIES

__all__ = ["run_green_tournament"]


def run_green_tournament(specs: list[str], players: int, games: int, seed: int, jobs: int,
                         progress: bool, records: str | None, backend: str,
                         address: str | None, as_json: bool) -> dict[str, GreenStats]:
    """Play and print the tournament; the per-bot statistics (ValueError on bad input)."""
    from arle.cli.tournament import games_progress, throughput
    from arle.bots.arena import unique_labels
    matches = green_schedule(specs, players, games, seed)
    labels = unique_labels(specs)
    console = Console(stderr=True)
    t0 = time.perf_counter()
    with games_progress(console, len(matches), progress) as advance:
        results = run_matches(matches, backend, jobs, address, on_result=lambda r: advance(),
                              play=play_green_match)
    if progress:
        console.print(throughput(len(results), time.perf_counter() - t0, backend))
    if records is not None:
        os.makedirs(records, exist_ok=True)
        for r in results:
            with open(os.path.join(records, f"game-{r.index + 1:04d}.json"), "w",
                      encoding="utf-8") as handle:
                json.dump(r.record, handle)
    stats = green_summary(labels, results, players)
    if as_json:
        typer.echo(json.dumps({"game": "green", "games": len(results), "players": players,
                               "bots": {lb: stats[lb].to_json() for lb in labels}}))
        return stats
    out = Console()
    table = Table(title=f"Green tournament, {players} player(s), {len(results)} game(s)",
                  caption=NOTICE)
    for col in ("Bot", "Games", "Wins", "Win rate", "Mean score", "95% interval",
                "s / decision"):
        table.add_column(col, justify="left" if col == "Bot" else "right")
    for lb in labels:
        st = stats[lb]
        lo, hi = st.ci95
        table.add_row(lb, str(st.games), f"{st.wins:g}", f"{100 * st.win_rate:.0f}%",
                      f"{st.mean_score:.1f}", f"{lo:.1f} .. {hi:.1f}",
                      f"{st.sec_per_decision:.4f}")
    out.print(table)
    cats = Table(title="Mean VP per scoring category")
    cats.add_column("Category")
    for lb in labels:
        cats.add_column(lb, justify="right")
    for k in SCORE_CATEGORIES:
        cats.add_row(k, *(f"{stats[lb].categories[k]:.1f}" for lb in labels))
    out.print(cats)
    return stats
