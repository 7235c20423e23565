"""Tournaments of :mod:`arle.green` bots (``arle tournament --game green``).

Seats are rotated fairly: the bots of ``--bots`` fill the ``players`` seats in turn
(``a,b`` at 3 players: ``a b a``), and every setup seed is played once for each of the
``players`` rotations of that line-up, so each bot sits in each seat equally often on
the same setups (``games`` a multiple of ``players`` keeps that exact; games ``i`` use
setup seed ``seed + i // players``).  Solo: every bot plays the seeds ``seed ..
seed+games-1``.  A shared win (F27) counts as ``1/k`` of a win for each of the ``k``
winners.

>>> [m.specs for m in green_schedule(["a", "b"], players=2, games=4, seed=0)]
[('a', 'b'), ('b', 'a'), ('a', 'b'), ('b', 'a')]
>>> [m.seed for m in green_schedule(["a", "b"], players=3, games=3, seed=5)]
[5, 5, 5]
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from arle.green.bots import green_bot
from arle.bots.arena import Match, MatchResult, unique_labels
from arle.green.state import SCORE_CATEGORIES, new_game

__all__ = ["GreenStats", "green_schedule", "green_summary", "play_green_match"]


def green_schedule(specs: list[str], players: int, games: int, seed: int) -> list[Match]:
    """The games of a green tournament (see the module text)."""
    if not 1 <= players <= 4:
        raise ValueError("players must be 1 to 4")
    if games < 1:
        raise ValueError("games must be at least 1")
    if not specs:
        raise ValueError("no bot named")
    labels = unique_labels(specs)
    matches: list[Match] = []
    if players == 1:
        for spec, label in zip(specs, labels):
            for i in range(games):
                g = seed + i
                matches.append(Match(len(matches), g, 1, (spec,), (label,), (7 * g,)))
        return matches
    if len(specs) < 2:
        raise ValueError("a tournament of several players needs at least two bots")
    line = [k % len(specs) for k in range(players)]
    for i in range(games):
        g, r = seed + i // players, i % players
        seats = [line[(q - r) % players] for q in range(players)]
        matches.append(Match(len(matches), g, players, tuple(specs[k] for k in seats),
                             tuple(labels[k] for k in seats),
                             tuple(1000 * g + 10 * r + q for q in range(players))))
    return matches


def play_green_match(m: Match) -> MatchResult:
    """Play one green game to the end (module-level, so worker processes can run it)."""
    s = new_game(players=m.players, seed=m.seed)
    bots = [green_bot(spec, seed=bs) for spec, bs in zip(m.specs, m.bot_seeds)]
    decisions = [0] * m.players
    seconds = [0.0] * m.players
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        t0 = time.perf_counter()
        action = bots[p].choose(s)
        seconds[p] += time.perf_counter() - t0
        decisions[p] += 1
        s.apply(action)
    sheets = s.scores()
    record = s.record()
    record["seats"] = ["bot:" + spec for spec in m.specs]
    record["labels"] = list(m.labels)
    record["scores"] = [sh.total for sh in sheets]
    record["winners"] = s.winners()
    return MatchResult(index=m.index, seed=m.seed, labels=m.labels,
                       scores=[float(sh.total) for sh in sheets],
                       categories=[{k: float(v) for k, v in sh.categories.items()}
                                   for sh in sheets],
                       winner=s.winner() if m.players > 1 else None,
                       decisions=decisions, seconds=seconds, record=record)


@dataclass
class GreenStats:
    """One bot's summary over a green tournament."""

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
        n, m = len(self.scores), self.mean_score
        if n < 2:
            return (m, m)
        h = 1.96 * math.sqrt(sum((x - m) ** 2 for x in self.scores) / (n - 1) / n)
        return (m - h, m + h)

    @property
    def sec_per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.ci95
        return {"games": self.games, "wins": round(self.wins, 4),
                "win_rate": round(self.win_rate, 4),
                "mean_score": round(self.mean_score, 4), "ci95": [round(lo, 4), round(hi, 4)],
                "sec_per_decision": round(self.sec_per_decision, 6),
                "categories": {k: round(v, 4) for k, v in self.categories.items()}}


def green_summary(labels: list[str], results: list[MatchResult],
                  players: int) -> dict[str, GreenStats]:
    """Per-bot statistics.  Several players: wins (shared wins split).  Solo: a win is a
    seed on which the bot scored strictly more than every other bot (one bot: every
    game)."""
    stats = {lb: GreenStats(lb) for lb in labels}
    sums = {lb: dict.fromkeys(SCORE_CATEGORIES, 0.0) for lb in labels}
    by_seed: dict[int, list[tuple[float, str]]] = {}
    for r in sorted(results, key=lambda r: r.index):
        winners = list(r.record.get("winners", []))
        for seat, lb in enumerate(r.labels):
            st = stats[lb]
            st.games += 1
            st.scores.append(r.scores[seat])
            st.decisions += r.decisions[seat]
            st.seconds += r.seconds[seat]
            for k in SCORE_CATEGORIES:
                sums[lb][k] += r.categories[seat].get(k, 0.0)
            if players > 1 and seat in winners:
                st.wins += 1 / len(winners)
        if players == 1:
            by_seed.setdefault(r.seed, []).append((r.scores[0], r.labels[0]))
    for entries in by_seed.values():
        if len(labels) == 1:
            stats[entries[0][1]].wins += 1
            continue
        best = max(x for x, _ in entries)
        top = [lb for x, lb in entries if x == best]
        if len(top) == 1:
            stats[top[0]].wins += 1
    for lb in labels:
        g = stats[lb].games or 1
        stats[lb].categories = {k: v / g for k, v in sums[lb].items()}
    return stats
