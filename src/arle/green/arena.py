"""Tournaments of :mod:`arle.green` bots: the framework's schedule and statistics
(:mod:`arle.framework.tournament`) as this game uses them, and the module-level entry
point that worker processes run.

Seats are rotated fairly; with fewer bots than seats the bots fill the seats in turn
(``a,b`` at 3 players: ``a b a``) and each setup seed is played once for each rotation
of that line-up.  Solo: every bot plays the seeds ``seed .. seed+games-1``.  A shared
win (F27) counts as ``1/k`` of a win for each of the ``k`` winners.

>>> [m.specs for m in green_schedule(["a", "b"], players=2, games=4, seed=0)]
[('a', 'b'), ('b', 'a'), ('a', 'b'), ('b', 'a')]
>>> [m.seed for m in green_schedule(["a", "b"], players=3, games=3, seed=5)]
[5, 5, 5]
"""

from __future__ import annotations

import arle.green  # noqa: F401  (the game and its bots join the registries)
from arle.framework import arena as _arena
from arle.framework.arena import Match, MatchResult
from arle.framework.tournament import BotStats, schedule, summarize

__all__ = ["GreenStats", "green_schedule", "green_summary", "play_green_match"]

#: One bot's summary over a green tournament (the framework's, shared wins split).
GreenStats = BotStats


def green_schedule(specs: list[str], players: int, games: int, seed: int) -> list[Match]:
    """The games of a green tournament (see the module text)."""
    if not 1 <= players <= 4:
        raise ValueError("players must be 1 to 4")
    return schedule(specs, players, games, seed, game="green", fill=True, solo_seed=7)


def play_green_match(m: _arena.MatchLike) -> MatchResult:
    """Play one green game to the end (module-level, so worker processes can run it)."""
    return _arena.play_match(m)


def green_summary(labels: list[str], results: list[MatchResult],
                  players: int) -> dict[str, BotStats]:
    """Per-bot statistics (:func:`arle.framework.tournament.summarize`)."""
    return summarize(labels, results, players)
