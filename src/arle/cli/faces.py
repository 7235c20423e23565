"""What the terminal commands need of each game they offer: one entry per game, so that
``arle play`` and ``arle tournament`` serve every game the same way and never test a
game's name.  Each game's terminal face registers its entry (Fields of Arle's in
:mod:`arle.cli.play`, the second game's in :mod:`arle.cli.green_play`); the commands
look the game up with :func:`get`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, RenderableType

from arle.framework.arena import MatchLike, MatchResult
from arle.framework.loop import GameSession

__all__ = ["CliGame", "GAMES", "PlayArgs", "ReplayFace", "get", "register"]


@dataclass(frozen=True)
class PlayArgs:
    """The options of ``arle play`` as typed (each game takes its own and refuses the
    others)."""

    console: Console
    players: int | None
    seats: list[str] | None
    seed: int | None
    load: str | None
    rules: list[str]
    view: str = "auto"
    buildings: str | None = None
    promos: bool = False
    expansion: str | None = None
    cards: str | None = None


@dataclass(frozen=True)
class ReplayFace:
    """How ``arle replay`` shows a game's positions."""

    #: ``(state, seat) -> lines``: the position as ``seat`` saw it (None: the player to
    #: move, or everyone once the game is over).
    screen: Callable[[Any, int | None], list[RenderableType]]
    #: ``(state) -> lines``: the last position's results (scores, the winner).
    results: Callable[[Any], list[RenderableType]]
    #: A player's name (from 0).
    player_name: Callable[[int], str]
    #: ``(state) -> words``: how far the game is (``half year 5``).
    where: Callable[[Any], str]


@dataclass(frozen=True)
class CliGame:
    """One game as the terminal commands offer it."""

    name: str
    #: ``arle play --game NAME``: checks the options, prints the greeting and returns
    #: the session the loop plays (ValueError with the message for a refused option).
    start: Callable[[PlayArgs], GameSession[Any]]
    #: ``arle tournament``: the game's setup options from the command's (ValueError to
    #: refuse): ``(players, buildings, expansion, plot) -> new_game options``.
    tournament_setup: Callable[[int, str, str | None, str | None], dict[str, Any]]
    #: ``(specs, players, games, seed, setup) -> matches`` (ValueError to refuse).
    schedule: Callable[[list[str], int, int, int, dict[str, Any]], list[MatchLike]]
    #: The module-level function worker processes run for one match of this game.
    play_match: Callable[[MatchLike], MatchResult]
    #: ``(players, games) -> the title of the tournament table``.
    tournament_title: Callable[[int, int], str]
    #: Scoring category -> the name the tables give it (else the key itself).
    category_names: Mapping[str, str] = field(default_factory=dict)
    #: Wins may be shared: the table gives the win rate too.
    shared_wins: bool = False
    #: What the tables say the game is (a caption), if anything.
    notice: str | None = None
    #: ``arle replay``'s screens of this game.
    replay: ReplayFace | None = None


#: Every game the terminal commands offer, by name.
GAMES: dict[str, CliGame] = {}


def register(game: CliGame) -> None:
    """Offer ``game`` to the terminal commands (replaces one of the same name)."""
    GAMES[game.name] = game


def get(name: str) -> CliGame:
    """The entry of ``name`` (ValueError ``--game NAME: use arle or green`` otherwise)."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"--game {name}: use {' or '.join(sorted(GAMES))}") from None
