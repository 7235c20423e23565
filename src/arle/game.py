"""The game protocol: what the faces (terminal loop, bots, tournament, web lobby, research
wrappers) may rely on, for Fields of Arle and for any other game on the same framework.

A game is described by a :class:`Game` (its name, player counts, whether it has hidden
information or chance, and how to start, load and replay one); a position of it is a
:class:`GameState`.  Fields of Arle's :class:`arle.State` is a ``GameState`` and
:data:`FIELDS_OF_ARLE` its ``Game``; :func:`get` finds a game by name:

>>> import arle.game
>>> g = arle.game.get("arle")
>>> g.title, g.min_players, g.max_players, g.perfect_information
('Fields of Arle', 1, 3, True)
>>> s = g.new_game(players=1, seed=3)
>>> isinstance(s, arle.game.GameState)
True
>>> g.replay(s.record()) == s and g.from_json(s.to_json()) == s
True

A face written against these two protocols (and :class:`arle.Action`,
:class:`arle.Decision`) works for every registered game.  A game with hidden information
keeps it in its state but never lets it out: ``observation(player)`` is all a seat may see,
and a face shows a seat nothing else.  For a perfect-information game the observation is
the whole position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable, Protocol, runtime_checkable

from arle.actions import Action
from arle.decision import Decision

__all__ = ["FIELDS_OF_ARLE", "GAMES", "Game", "GameState", "Scores", "get", "register"]


class Scores(Protocol):
    """One player's result: category totals and their sum."""

    @property
    def categories(self) -> Mapping[str, float]: ...

    @property
    def total(self) -> float: ...


@runtime_checkable
class GameState(Protocol):
    """A game at one decision point.  Every method except :meth:`apply` leaves it as it is."""

    @property
    def current_player(self) -> int | None:
        """The player to decide; ``None`` once the game is over."""

    def legal_actions(self) -> list[Action]:
        """The actions ``current_player`` may take, in a documented, stable order."""

    def apply(self, action: Action | str) -> None:
        """Take one legal action (or its text).  Anything else raises
        :class:`arle.IllegalActionError` and leaves the state unchanged."""

    def clone(self) -> GameState:
        """An independent copy."""

    def is_terminal(self) -> bool: ...

    def pending(self) -> Decision:
        """What ``current_player`` is deciding, in words and fields."""

    def scores(self) -> Sequence[Scores]:
        """Each player's result (a live estimate before the end)."""

    def winner(self) -> int | None:
        """The winning player once the game is over, else ``None``."""

    def to_json(self) -> str:
        """The whole state as JSON text (the game's :meth:`Game.from_json` reads it)."""

    def record(self) -> dict[str, Any]:
        """The setup and every action taken (the game's :meth:`Game.replay` reads it)."""

    def observation(self, player: int) -> dict[str, Any]:
        """A JSON-ready view of exactly what ``player`` may see."""


@dataclass(frozen=True)
class Game:
    """A game the faces can offer: its description and how to start, load and replay it."""

    name: str
    title: str
    min_players: int
    max_players: int
    perfect_information: bool
    chance_after_setup: bool
    new_game: Callable[..., GameState]
    from_json: Callable[[str], GameState]
    replay: Callable[[dict[str, Any] | str], GameState]


def _arle() -> Game:
    from arle.engine.setup import new_game
    from arle.record import replay
    from arle.state import State
    return Game(name="arle", title="Fields of Arle", min_players=1, max_players=3,
                perfect_information=True, chance_after_setup=False,
                new_game=new_game, from_json=State.from_json, replay=replay)


#: Fields of Arle (1-2 players; 3 with the Tea & Trade expansion, whose new_game refuses
#: players=3 without ``expansion="tea-and-trade"``).
FIELDS_OF_ARLE: Game = _arle()

#: Every game the faces can offer, by name.
GAMES: dict[str, Game] = {FIELDS_OF_ARLE.name: FIELDS_OF_ARLE}


def register(game: Game) -> None:
    """Offer another game to the faces (replaces one of the same name)."""
    if not game.name or not game.name.isidentifier():
        raise ValueError(f"game name {game.name!r} must be a plain identifier")
    GAMES[game.name] = game


def get(name: str) -> Game:
    """The game called ``name`` (ValueError naming the known ones otherwise)."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})") from None
