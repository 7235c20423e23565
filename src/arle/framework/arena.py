"""Playing bots against each other in any game of the game protocol: one seeded game,
and what it produced.

:func:`play_match` starts the game a match names (its registered :class:`arle.game.Game`,
with the match's setup options), seats the bots of the registry (each refused if it
does not play that game) and plays to the end, timing each seat's decisions.  A game's
own module-level entry point (``arle.bots.arena.play_match``,
``arle.green.arena.play_green_match``) calls it after importing what registers the
game and its bots, so that worker processes and Ray tasks can run it.

>>> import arle.green
>>> m = Match(index=0, seed=3, players=2, specs=("random", "greedy"),
...           labels=("random", "greedy"), bot_seeds=(1, 2), game="green")
>>> r = play_match(m)
>>> r.labels, len(r.scores), r.record["seats"]
(('random', 'greedy'), 2, ['bot:random', 'bot:greedy'])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import arle.framework.game
from arle.framework.bots import get
from arle.framework.game import GameState

__all__ = ["Match", "MatchLike", "MatchResult", "SharedWins", "play_match", "unique_labels",
           "winners_of"]


class MatchLike(Protocol):
    """What :func:`play_match` reads of a match (:class:`Match`, or a game's own)."""

    @property
    def index(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def specs(self) -> tuple[str, ...]: ...
    @property
    def labels(self) -> tuple[str, ...]: ...
    @property
    def bot_seeds(self) -> tuple[int, ...]: ...
    @property
    def game(self) -> str: ...

    def setup(self) -> dict[str, Any]:
        """The keyword options of the game's ``new_game`` besides players and seed."""


@dataclass(frozen=True)
class Match:
    """One game to play: which game, who sits where, with which seeds and options."""

    index: int
    seed: int
    players: int
    specs: tuple[str, ...]       # bot spec per seat
    labels: tuple[str, ...]      # tournament label per seat
    bot_seeds: tuple[int, ...]
    game: str = "arle"
    options: tuple[tuple[str, Any], ...] = ()    # more options of the game's new_game

    def setup(self) -> dict[str, Any]:
        return dict(self.options)


@dataclass
class MatchResult:
    """What one game produced, seat by seat."""

    index: int
    seed: int
    labels: tuple[str, ...]
    scores: list[float]
    categories: list[dict[str, float]]
    winner: int | None           # seat of the winner (2+ players), None in solo
    decisions: list[int]
    seconds: list[float]
    record: dict[str, Any] = field(default_factory=dict)
    #: every winner when a game shares wins (None: ``[winner]``)
    winners: list[int] | None = None


@runtime_checkable
class SharedWins(Protocol):
    """A game whose finished states may name several winners (a shared win)."""

    def winners(self) -> list[int]: ...


def winners_of(state: GameState) -> list[int]:
    """The winners of a finished game: all of a shared win, else the one winner."""
    if isinstance(state, SharedWins):
        return list(state.winners())
    w = state.winner()
    return [] if w is None else [w]


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


def play_match(m: MatchLike) -> MatchResult:
    """Play one game to the end and collect its results."""
    game = arle.framework.game.get(m.game)
    s = game.new_game(players=m.players, seed=m.seed, **m.setup())
    bots = [get(spec, seed=bs, game=m.game) for spec, bs in zip(m.specs, m.bot_seeds)]
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
    won = winners_of(s)
    record = s.record()
    record["seats"] = ["bot:" + spec for spec in m.specs]   # who played each seat
    record["labels"] = list(m.labels)                      # the tournament's names
    record["scores"] = [sh.total for sh in sheets]
    if isinstance(s, SharedWins):
        record["winners"] = won
    return MatchResult(
        index=m.index, seed=m.seed, labels=m.labels,
        scores=[float(sh.total) for sh in sheets],
        categories=[{k: float(v) for k, v in sh.categories.items()} for sh in sheets],
        winner=s.winner() if m.players >= 2 else None,
        decisions=decisions, seconds=seconds, record=record,
        winners=won if m.players >= 2 else None)
