"""The game protocol: what the faces (terminal loop, bots, tournament, web lobby, research
wrappers) may rely on, for every game on this framework (also :mod:`arle.game`).

A game is described by a :class:`Game` (its name, player counts, whether it has hidden
information or chance, and how to start, load and replay one); a position of it is a
:class:`GameState`.  Each game registers its ``Game`` when its package is imported
(Fields of Arle: :data:`arle.game.FIELDS_OF_ARLE`, the second game:
:data:`arle.green.GAME`); :func:`get` finds a game by name, importing the package of a
game of this distribution (:data:`PROVIDERS`) the first time it is asked for, so that
this module imports no game:

>>> from arle.framework import game
>>> g = game.get("arle")
>>> g.title, g.min_players, g.max_players, g.perfect_information
('Fields of Arle', 1, 3, True)
>>> s = g.new_game(players=1, seed=3)
>>> isinstance(s, game.GameState)
True
>>> g.replay(s.record()) == s and g.from_json(s.to_json()) == s
True
>>> game.get("green").perfect_information
False

A face written against these two protocols (and :class:`~arle.framework.actions.Action`,
:class:`~arle.framework.decision.Decision`) works for every registered game.  A game with
hidden information keeps it in its state but never lets it out: ``observation(player)``
is all a seat may see, and a face shows a seat nothing else.  For a perfect-information
game the observation is the whole position.

A search that must not peek at what its seat cannot see plays in *determinizations*:
:meth:`Game.determinize` gives a full state consistent with all that one seat knows,
with everything hidden from it (other hands, the order of the decks, the random
generator) dealt afresh from the caller's generator.  A perfect-information game has
nothing to deal, and gives a copy; a game that hides information gives its own sampler
(:attr:`Game.sampler`).  :func:`game_of` finds the game a state belongs to:

>>> import random
>>> s = g.new_game(players=2, seed=3)
>>> t = g.determinize(s, 0, random.Random(1))
>>> t == s and t is not s and game.game_of(s) is g
True
>>> green = game.get("green")
>>> s = green.new_game(players=2, seed=1)
>>> p = s.current_player
>>> t = green.determinize(s, p, random.Random(1))
>>> t.observation(p) == s.observation(p), t.legal_actions() == s.legal_actions()
(True, True)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable, Protocol, runtime_checkable

from arle.framework.actions import Action
from arle.framework.decision import Decision

__all__ = ["GAMES", "Game", "GameState", "PROVIDERS", "Sampler", "Scores", "game_of", "get",
           "register"]


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


#: ``sampler(state, player, rng) -> GameState``: a game's determinization (see
#: :meth:`Game.determinize`).  It reads of ``state`` only what ``player`` may know, and
#: draws everything else from ``rng``; it never changes ``state``.
Sampler = Callable[[GameState, int, random.Random], GameState]


@dataclass(frozen=True)
class Game:
    """A game the faces can offer: its description and how to start, load and replay it;
    optionally (for :func:`game_of` and :meth:`determinize`) the class of its states and
    the sampler of what a seat cannot see."""

    name: str
    title: str
    min_players: int
    max_players: int
    perfect_information: bool
    chance_after_setup: bool
    new_game: Callable[..., GameState]
    from_json: Callable[[str], GameState]
    replay: Callable[[dict[str, Any] | str], GameState]
    #: The class of its states (:func:`game_of` finds a state's game by it).
    state_type: type | None = None
    #: How it deals what a seat cannot see (:data:`Sampler`); ``None`` for a game of
    #: perfect information, whose determinization is a copy.
    sampler: Sampler | None = None

    def determinize(self, state: GameState, player: int, rng: random.Random) -> GameState:
        """A full state of this game that ``player`` cannot tell from ``state``: what
        ``player`` knows is kept, everything hidden from it is dealt from ``rng`` (the
        same ``rng`` state and two states ``player`` cannot tell apart give the same
        sample).  A perfect-information game gives ``state.clone()``.  ``state`` is not
        changed; a game that hides information and gives no :attr:`sampler` raises
        ValueError (a copy would leak what is hidden)."""
        if self.sampler is not None:
            return self.sampler(state, player, rng)
        if not self.perfect_information:
            raise ValueError(f"game {self.name!r} hides information but gives no sampler")
        return state.clone()


#: Every game registered so far, by name (a game's package registers it on import).
GAMES: dict[str, Game] = {}

#: The games of this distribution: name -> the module that registers it when imported.
#: Names, not imports: the framework depends on no game, and a program that plays one
#: game loads no other.
PROVIDERS: dict[str, str] = {"arle": "arle.game", "green": "arle.green"}


def register(game: Game) -> None:
    """Offer another game to the faces (replaces one of the same name)."""
    if not game.name or not game.name.isidentifier():
        raise ValueError(f"game name {game.name!r} must be a plain identifier")
    GAMES[game.name] = game


def game_of(state: GameState) -> Game:
    """The registered game whose :attr:`Game.state_type` ``state`` is, the games of
    :data:`PROVIDERS` not yet imported being imported one by one until one is
    (ValueError if none is)."""
    for name in [None, *PROVIDERS]:
        if name is not None:
            if name in GAMES:
                continue
            importlib.import_module(PROVIDERS[name])
        for g in GAMES.values():
            if g.state_type is not None and isinstance(state, g.state_type):
                return g
    raise ValueError(f"no registered game plays states of type {type(state).__name__}")


def get(name: str) -> Game:
    """The game called ``name``, its package imported if need be (ValueError naming the
    known ones otherwise)."""
    if isinstance(name, str) and name not in GAMES and name in PROVIDERS:
        importlib.import_module(PROVIDERS[name])
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted({*GAMES, *PROVIDERS}))
        raise ValueError(f"unknown game {name!r} (known: {known})") from None
