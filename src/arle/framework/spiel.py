"""OpenSpiel for games of the game protocol: what a Python OpenSpiel game of this
package shares (needs the research extra: open_spiel).

:class:`StateHolder` keeps a game's state inside an OpenSpiel state: copying it
(OpenSpiel clones a Python state by deep copy) uses the game's fast ``clone``;
pickling it (OpenSpiel serialises a Python state by pickling its attributes) stores the
game's registered name and its record, replayed through the registry on loading.

:class:`TurnSpielState` is the OpenSpiel state of a game whose chance is all in its
setup (a seeded game is then deterministic): who moves, the legal actions as indices of
a fixed action space, applying one, the end and the returns, written once against the
protocol.  A game's adapter (Fields of Arle's :mod:`arle.env.openspiel_game`) says how
an index maps to an action and what the seats are paid.  A game with chance after the
setup models it as explicit chance nodes of its own (:mod:`arle.env.green_openspiel`).
"""

from __future__ import annotations

import json
from typing import Any

import pyspiel

import arle.framework.game
from arle.framework.actions import Action
from arle.framework.game import GameState

__all__ = ["StateHolder", "TurnSpielState"]


class StateHolder:
    """A game's state inside an OpenSpiel state (see the module text)."""

    __slots__ = ("game", "s")

    def __init__(self, game: str, s: GameState) -> None:
        self.game = game
        self.s = s

    def __deepcopy__(self, memo: dict[int, Any]) -> StateHolder:
        return StateHolder(self.game, self.s.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_holder_from_record, (self.game, json.dumps(self.s.record(), sort_keys=True)))


def _holder_from_record(game: str, record: str) -> StateHolder:
    return StateHolder(game, arle.framework.game.get(game).replay(record))


class TurnSpielState(pyspiel.State):  # type: ignore[misc]
    """The OpenSpiel state of a game whose chance is all in its setup (see the module
    text); a subclass gives :meth:`_legal_indices`, :meth:`_action`,
    :meth:`_action_text`, :meth:`_final` and ``__str__``."""

    def __init__(self, game: Any, holder: StateHolder) -> None:
        super().__init__(game)
        self._h = holder

    @property
    def game_state(self) -> GameState:
        """The game's own state (the OpenSpiel state's whole position)."""
        return self._h.s

    # -- what a game says ---------------------------------------------------------
    def _legal_indices(self, s: Any) -> list[int]:
        """The sorted indices of the legal actions of ``s``."""
        raise NotImplementedError

    def _action(self, s: Any, index: int) -> Action | str:
        """The action of ``s`` at ``index``."""
        raise NotImplementedError

    def _action_text(self, index: int) -> str:
        raise NotImplementedError

    def _final(self, s: Any) -> list[float]:
        """Each seat's return in the finished game ``s``."""
        raise NotImplementedError

    # -- OpenSpiel ------------------------------------------------------------------
    def current_player(self) -> int:
        p = self._h.s.current_player
        return int(pyspiel.PlayerId.TERMINAL) if p is None else p

    def _legal_actions(self, player: int) -> list[int]:
        s = self._h.s
        if s.is_terminal() or player != s.current_player:
            return []
        return self._legal_indices(s)

    def _apply_action(self, action: int) -> None:
        self._h.s.apply(self._action(self._h.s, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._action_text(action)

    def is_terminal(self) -> bool:
        return self._h.s.is_terminal()

    def returns(self) -> list[float]:
        return self._final(self._h.s)
