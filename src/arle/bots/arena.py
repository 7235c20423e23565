"""Playing bots against each other: one game, a fair schedule, and the statistics.

Used by ``arle tournament`` (:mod:`arle.cli.tournament`), and usable on its own::

    >>> from arle.bots.arena import Match, play_match
    >>> r = play_match(Match(index=0, seed=3, players=1, specs=("random",),
    ...                      labels=("random",), bot_seeds=(3,), buildings="first-game"))
    >>> r.labels, r.decisions[0] > 0, len(r.record["actions"]) > 0
    (('random',), True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import arle
from arle.bots import get
from arle.data.options import players_error
from arle.scoring import CATEGORIES, TT_CATEGORIES

__all__ = ["Match", "check_run", "MatchResult", "BotStats", "schedule", "play_match", "summarize",
           "unique_labels"]


@dataclass(frozen=True)
class Match:
    """One game to play: who sits where, with which seeds."""

    index: int
    seed: int
    players: int
    specs: tuple[str, ...]       # bot spec per seat
    labels: tuple[str, ...]      # tournament label per seat
    bot_seeds: tuple[int, ...]
    buildings: str = "random"
    expansion: str | None = None     # "tea-and-trade", or None for the base game


@dataclass
class MatchResult:
    """What one game produced, seat by seat."""

    index: int
    seed: int
    labels: tuple[str, ...]
    scores: list[float]
    categories: list[dict[str, float]]
    winner: int | None           # seat of the winner (2-3 players), None in solo
    decisions: list[int]
    seconds: list[float]
    record: dict[str, Any] = field(default_factory=dict)


def unique_labels(specs: list[str]) -> list[str]:
    """Labels for the bots of a tournament: the spec itself, numbered when repeated.

    >>> unique_labels(["greedy", "random", "greedy"])
    ['greedy#1', 'random', 'greedy#2']
    """
    counts: dict[str, int] = {}
    for s in specs:
        counts[s] = counts.get(s, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for s in specs:
        if counts[s] == 1:
            out.append(s)
        else:
            seen[s] = seen.get(s, 0) + 1
            out.append(f"{s}#{seen[s]}")
    return out


def check_run(players: int, games: int, expansion: str | None) -> None:
    """Refuse (ValueError) a player count or a number of games that no run can play."""
    refused = players_error(players, expansion, "expansion='tea-and-trade'")
    if refused is not None:
        raise ValueError(refused)
    if games < 1:
        raise ValueError("games must be at least 1")


def schedule(specs: list[str], players: int, games: int, seed: int,
             buildings: str = "random", expansion: str | None = None) -> list[Match]:
    """The games of a tournament.

    Solo: every bot plays ``games`` games, on the seeds ``seed .. seed+games-1`` (the
    same setups for every bot).  Two players: every pair of bots plays ``games`` games;
    games come in pairs on one setup seed with the seats swapped, so each bot sits in
    each seat equally often (the start player is drawn from the seed, so it follows the
    seat too).  Three players (Tea & Trade only): every set of three bots plays
    ``games`` games, in groups of three on one setup seed with the seats rotated, so with
    ``games`` a multiple of 3 each bot sits in each seat equally often.
    """
    check_run(players, games, expansion)
    labels = unique_labels(specs)
    matches: list[Match] = []
    if players == 1:
        for spec, label in zip(specs, labels):
            for i in range(games):
                g = seed + i
                matches.append(Match(len(matches), g, 1, (spec,), (label,), (g,), buildings,
                                     expansion))
        return matches
    if players == 3:
        if len(specs) < 3:
            raise ValueError("a three-player tournament needs at least three bots")
        for trio in combinations(range(len(specs)), 3):
            for i in range(games):
                g = seed + i // 3
                r = i % 3
                seats = trio[r:] + trio[:r]
                matches.append(Match(
                    len(matches), g, 3, tuple(specs[k] for k in seats),
                    tuple(labels[k] for k in seats),
                    (1000 * g + 1, 1000 * g + 2, 1000 * g + 3), buildings, expansion))
        return matches
    if len(specs) < 2:
        raise ValueError("a two-player tournament needs at least two bots")
    for a, b in combinations(range(len(specs)), 2):
        for i in range(games):
            g = seed + i // 2
            seats = (a, b) if i % 2 == 0 else (b, a)
            matches.append(Match(
                len(matches), g, 2, tuple(specs[k] for k in seats),
                tuple(labels[k] for k in seats), (1000 * g + 1, 1000 * g + 2), buildings,
                expansion))
    return matches


def play_match(m: Match) -> MatchResult:
    """Play one game to the end and collect its results."""
    s = arle.new_game(players=m.players, seed=m.seed, buildings=m.buildings,
                      expansion=m.expansion)
    bots = [get(spec, seed=bs) for spec, bs in zip(m.specs, m.bot_seeds)]
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
    record["seats"] = ["bot:" + spec for spec in m.specs]   # who played each seat
    record["labels"] = list(m.labels)                      # the tournament's names
    record["scores"] = [sh.total for sh in sheets]
    return MatchResult(
        index=m.index, seed=m.seed, labels=m.labels,
        scores=[sh.total for sh in sheets],
        categories=[dict(sh.categories) for sh in sheets],
        winner=s.winner() if m.players >= 2 else None,
        decisions=decisions, seconds=seconds, record=record)


@dataclass
class BotStats:
    """The summary of one bot over a tournament."""

    label: str
    games: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)
    categories: dict[str, float] = field(default_factory=dict)
    decisions: int = 0
    seconds: float = 0.0

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

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
            "wins": self.wins,
            "mean_score": round(self.mean_score, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "sec_per_decision": round(self.sec_per_decision, 6),
            "categories": {k: round(v, 4) for k, v in self.categories.items()},
        }


def summarize(labels: list[str], results: list[MatchResult], players: int) -> dict[str, BotStats]:
    """Per-bot statistics.  A solo "win" is a setup seed on which the bot scored
    strictly more than every other bot of the tournament (with one bot: every game);
    with 2-3 players a win is the engine's winner (ties broken by its rule)."""
    stats = {lb: BotStats(lb) for lb in labels}
    # Expansion sheets add their rows (Tea & Trade: tea, ships, digging_spades).
    cats = tuple(CATEGORIES) + tuple(k for k in TT_CATEGORIES
                                     if any(k in c for r in results for c in r.categories))
    sums = {lb: dict.fromkeys(cats, 0.0) for lb in labels}
    by_seed: dict[int, list[tuple[float, str]]] = {}
    for r in sorted(results, key=lambda r: r.index):
        for seat, lb in enumerate(r.labels):
            st = stats[lb]
            st.games += 1
            st.scores.append(r.scores[seat])
            st.decisions += r.decisions[seat]
            st.seconds += r.seconds[seat]
            for k in cats:
                sums[lb][k] += r.categories[seat].get(k, 0.0)
            if players >= 2 and r.winner == seat:
                st.wins += 1
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
