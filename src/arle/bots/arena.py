"""Playing Fields of Arle's bots against each other: its matches (setup options
``buildings`` and ``expansion``), its schedule's refusals, and the module-level entry
point that worker processes run.  The arena, the schedule and the statistics themselves
are the framework's, for every game (:mod:`arle.framework.arena`,
:mod:`arle.framework.tournament`); their names stay importable from here.

Used by ``arle tournament`` (:mod:`arle.cli.tournament`), and usable on its own::

    >>> from arle.bots.arena import Match, play_match
    >>> r = play_match(Match(index=0, seed=3, players=1, specs=("random",),
    ...                      labels=("random",), bot_seeds=(3,), buildings="first-game"))
    >>> r.labels, r.decisions[0] > 0, len(r.record["actions"]) > 0
    (('random',), True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import arle.bots  # noqa: F401  (Fields of Arle's bots join the registry)
from arle.data.options import players_error
from arle.framework import arena as _arena
from arle.framework import tournament as _tournament
from arle.framework.arena import MatchResult, unique_labels
from arle.framework.tournament import BotStats, summarize

__all__ = ["Match", "check_run", "MatchResult", "BotStats", "schedule", "play_match", "summarize",
           "unique_labels"]


@dataclass(frozen=True)
class Match:
    """One game of Fields of Arle to play: who sits where, with which seeds."""

    index: int
    seed: int
    players: int
    specs: tuple[str, ...]       # bot spec per seat
    labels: tuple[str, ...]      # tournament label per seat
    bot_seeds: tuple[int, ...]
    buildings: str = "random"
    expansion: str | None = None     # "tea-and-trade", or None for the base game

    @property
    def game(self) -> str:
        return "arle"

    def setup(self) -> dict[str, Any]:
        return {"buildings": self.buildings, "expansion": self.expansion}


def check_run(players: int, games: int, expansion: str | None) -> None:
    """Refuse (ValueError) a player count or a number of games that no run can play."""
    refused = players_error(players, expansion, "expansion='tea-and-trade'")
    if refused is not None:
        raise ValueError(refused)
    if games < 1:
        raise ValueError("games must be at least 1")


def schedule(specs: list[str], players: int, games: int, seed: int,
             buildings: str = "random", expansion: str | None = None) -> list[Match]:
    """The games of a tournament of Fields of Arle (:func:`arle.framework.tournament.
    schedule`: solo, then a round robin with the seats rotated on each setup; three
    players only with Tea & Trade)."""
    check_run(players, games, expansion)
    return [Match(m.index, m.seed, m.players, m.specs, m.labels, m.bot_seeds, buildings,
                  expansion)
            for m in _tournament.schedule(specs, players, games, seed)]


def play_match(m: _arena.MatchLike) -> MatchResult:
    """Play one game to the end and collect its results (module-level, so that worker
    processes and Ray tasks can run it)."""
    return _arena.play_match(m)
