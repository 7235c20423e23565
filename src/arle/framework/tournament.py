"""Tournaments of bots in any game of the game protocol: a fair schedule, the per-bot
statistics and their tables.

Solo: every bot plays the seeds ``seed .. seed+games-1`` (the same setups for every
bot).  With ``players`` seats and at least as many bots: a round robin, every set of
``players`` bots plays ``games`` games, in groups of ``players`` on one setup seed with
the seats rotated (two players: swapped), so with ``games`` a multiple of ``players``
each bot sits in each seat equally often.  With fewer bots than seats (a game that
allows it: :func:`schedule`'s ``fill``) the bots fill the seats in turn (``a,b`` at 3
players: ``a b a``) and each setup is played once for each rotation of that line-up.

A win is the game's winner; a shared win (a game whose states name several winners)
counts ``1/k`` for each of the ``k`` winners.  A solo "win" is a setup seed on which the
bot scored strictly more than every other bot of the tournament (with one bot: every
game).

>>> [m.labels for m in schedule(["a", "b", "c"], players=2, games=2, seed=0)][:2]
[('a', 'b'), ('b', 'a')]
>>> [m.specs for m in schedule(["a", "b"], players=3, games=3, seed=5, fill=True)]
[('a', 'b', 'a'), ('a', 'a', 'b'), ('b', 'a', 'a')]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from rich.console import Console
from rich.table import Table

from arle.framework.arena import Match, MatchResult, unique_labels

__all__ = ["BotStats", "print_tables", "schedule", "summarize", "to_json"]


_WORDS = {2: "two", 3: "three", 4: "four"}


def schedule(specs: list[str], players: int, games: int, seed: int, game: str = "arle",
             options: Mapping[str, Any] | None = None, fill: bool = False,
             solo_seed: int = 1) -> list[Match]:
    """The games of a tournament (see the module text); ``options`` go to every game's
    setup; ``fill`` allows fewer bots than seats; solo bots are seeded ``solo_seed * g``
    on setup seed ``g``.  ValueError for a schedule that cannot be played."""
    if games < 1:
        raise ValueError("games must be at least 1")
    if not specs:
        raise ValueError("no bot named")
    opts = tuple((options or {}).items())
    labels = unique_labels(specs)
    matches: list[Match] = []

    def add(g: int, seats: tuple[int, ...], bot_seeds: tuple[int, ...]) -> None:
        matches.append(Match(len(matches), g, players, tuple(specs[k] for k in seats),
                             tuple(labels[k] for k in seats), bot_seeds, game, opts))

    if players == 1:
        for k in range(len(specs)):
            for i in range(games):
                add(seed + i, (k,), (solo_seed * (seed + i),))
        return matches
    if len(specs) >= players:
        for group in combinations(range(len(specs)), players):
            for i in range(games):
                g, r = seed + i // players, i % players
                add(g, group[r:] + group[:r], tuple(1000 * g + q + 1 for q in range(players)))
        return matches
    if not fill or len(specs) < 2:
        raise ValueError(f"a {_WORDS.get(players, str(players))}-player tournament needs "
                         f"at least {_WORDS.get(2 if fill else players, str(players))} bots")
    line = [k % len(specs) for k in range(players)]
    for i in range(games):
        g, r = seed + i // players, i % players
        add(g, tuple(line[(q - r) % players] for q in range(players)),
            tuple(1000 * g + 10 * r + q for q in range(players)))
    return matches


@dataclass
class BotStats:
    """The summary of one bot over a tournament."""

    label: str
    games: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    categories: dict[str, float] = field(default_factory=dict)
    decisions: int = 0
    seconds: float = 0.0

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """Normal-approximation 95% interval of the mean score."""
        n = len(self.scores)
        m = self.mean_score
        if n < 2:
            return (m, m)
        var = sum((x - m) ** 2 for x in self.scores) / (n - 1)
        h = 1.96 * math.sqrt(var / n)
        return (m - h, m + h)

    @property
    def sec_per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.ci95
        return {
            "games": self.games,
            "wins": int(self.wins) if float(self.wins).is_integer() else round(self.wins, 4),
            "win_rate": round(self.win_rate, 4),
            "mean_score": round(self.mean_score, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "sec_per_decision": round(self.sec_per_decision, 6),
            "categories": {k: round(v, 4) for k, v in self.categories.items()},
        }


def _winners(r: MatchResult) -> list[int]:
    if r.winners is not None:
        return list(r.winners)
    if "winners" in r.record:                     # results of earlier versions
        return [int(w) for w in r.record["winners"]]
    return [] if r.winner is None else [r.winner]


def summarize(labels: list[str], results: list[MatchResult], players: int
              ) -> dict[str, BotStats]:
    """Per-bot statistics (see the module text for wins); the mean of every scoring
    category the games' sheets name, in their order."""
    stats = {lb: BotStats(lb) for lb in labels}
    cats: list[str] = []
    for r in results:
        for c in r.categories:
            cats.extend(k for k in c if k not in cats)
    sums = {lb: dict.fromkeys(cats, 0.0) for lb in labels}
    by_seed: dict[int, list[tuple[float, str]]] = {}
    for r in sorted(results, key=lambda r: r.index):
        won = _winners(r) if players >= 2 else []
        for seat, lb in enumerate(r.labels):
            st = stats[lb]
            st.games += 1
            st.scores.append(r.scores[seat])
            st.decisions += r.decisions[seat]
            st.seconds += r.seconds[seat]
            for k in cats:
                sums[lb][k] += r.categories[seat].get(k, 0.0)
            if seat in won:
                st.wins += 1 / len(won)
        if players == 1:
            by_seed.setdefault(r.seed, []).append((r.scores[0], r.labels[0]))
    for entries in by_seed.values():
        best = max(sc for sc, _ in entries)
        top = [lb for sc, lb in entries if sc == best]
        if len(top) == 1:
            stats[top[0]].wins += 1
    for lb, st in stats.items():
        st.categories = {k: (v / st.games if st.games else 0.0) for k, v in sums[lb].items()}
    return stats


def to_json(labels: list[str], results: list[MatchResult], stats: dict[str, BotStats],
            **extra: Any) -> dict[str, Any]:
    """``{**extra, "games": N, "bots": {label: {...}}}`` (see ``docs/BOTS.md``)."""
    return {**extra, "games": len(results), "bots": {lb: stats[lb].to_json() for lb in labels}}


def _fmt(x: float) -> str:
    return f"{x:.1f}"


def print_tables(console: Console, labels: list[str], stats: dict[str, BotStats],
                 title: str, category_names: Mapping[str, str] | None = None,
                 caption: str | None = None, win_rate: bool = False) -> None:
    """The summary table (a row for every bot) and the table of mean VP per scoring
    category (a row for every category, named by ``category_names``)."""
    names = category_names or {}
    table = Table(title=title, caption=caption)
    cols = ["Bot", "Games", "Wins"] + (["Win rate"] if win_rate else []) + [
        "Mean score", "95% interval", "s / decision"]
    for col in cols:
        table.add_column(col, justify="left" if col == "Bot" else "right")
    for lb in labels:
        st = stats[lb]
        lo, hi = st.ci95
        rate = [f"{100 * st.win_rate:.0f}%"] if win_rate else []
        table.add_row(lb, str(st.games), f"{st.wins:g}", *rate, _fmt(st.mean_score),
                      f"{_fmt(lo)} .. {_fmt(hi)}", f"{st.sec_per_decision:.4f}")
    console.print(table)
    cats = Table(title="Mean VP per scoring category")
    cats.add_column("Category")
    for lb in labels:
        cats.add_column(lb, justify="right")
    keys = list(stats[labels[0]].categories) if labels else []
    for k in keys:
        cats.add_row(names.get(k, k), *(_fmt(stats[lb].categories.get(k, 0.0))
                                        for lb in labels))
    console.print(cats)
