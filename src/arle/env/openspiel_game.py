"""Fields of Arle as an OpenSpiel Python game, ``python_fields_of_arle``.

Importing this module registers the game with ``pyspiel``; then
``pyspiel.load_game("python_fields_of_arle(players=2,seed=7)")`` works like any
OpenSpiel game.  Parameters:

``players`` (2)
    1, 2 or 3 (3 needs ``expansion`` ``tea-and-trade``; the game is then general-sum,
    the observation the 3-player layout, :mod:`arle.encoding.three`).
``seed`` (0)
    The engine seed of the setup (buildings drawn, start player).  The game itself has
    no chance events, so the game is deterministic for a given seed.
``buildings`` ("first-game")
    ``first-game`` or ``random`` (see :func:`arle.new_game`).
``promos`` (False)
    Add the promo tiles.
``reward`` ("score_diff")
    Terminal returns: own score minus the other's (solo: the score; three players:
    minus the best other's), or ``win_loss`` (see :mod:`arle.env.rewards`).
``expansion`` ("")
    ``tea-and-trade`` plays with the Tea & Trade expansion: the catalog is then
    ``TT_CATALOG`` and the observation the expansion layout
    (:mod:`arle.encoding.tea_trade`); ``buildings`` ``first-game`` (the default) then means ``random``,
    the expansion having no first-game selection.

Actions are catalog indices (:mod:`arle.env.catalog`), legal actions come sorted, a
state serialises as its action history (OpenSpiel's default), and the observation
tensor is :func:`arle.encoding.base.encode` (its named slices are the observer's
``dict`` views).

>>> import pyspiel, arle.env.openspiel_game
>>> game = pyspiel.load_game("python_fields_of_arle", {"players": 2})
>>> state = game.new_initial_state()
>>> state.legal_actions() == sorted(state.legal_actions())
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import (
    IIGObserverForPublicInfoGame,
)

import arle
from arle.actions import Action
from arle.data.options import players_error
from arle.env.catalog import ActionCatalog, catalog_for
from arle.encoding import text_view
from arle.encoding import Layout, layout_for
from arle.env.rewards import REWARDS, final_rewards
from arle.framework.spiel import StateHolder, TurnSpielState
from arle.state import State

__all__ = ["ArleGame", "ArleSpielState", "GAME_TYPE", "MAX_GAME_LENGTH", "SHORT_NAME",
           "register"]

SHORT_NAME = "python_fields_of_arle"
#: Upper bound on decisions in one game (random two-player games take about 200).
MAX_GAME_LENGTH = 3000
_DEFAULTS: dict[str, Any] = {"players": 2, "seed": 0, "buildings": "first-game",
                             "promos": False, "reward": "score_diff", "expansion": ""}
# Utility bounds: scores stay far inside these.
_SCORE_MIN, _SCORE_MAX = -300.0, 500.0


def _game_type(players: int) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Fields of Arle",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if players == 2
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=3,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


#: The registered game type (two players; a solo game reports general-sum utility).
GAME_TYPE = _game_type(2)


def _holder_from_record(record: str) -> StateHolder:
    """Loads a state pickled by an earlier arle (whose holder named this function)."""
    return StateHolder("arle", arle.replay(record))


class ArleGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game object (see the module text for the parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = dict(_DEFAULTS)
        p.update(params or {})
        players = int(p["players"])
        refused = players_error(players, str(p["expansion"]) or None,
                                "expansion='tea-and-trade'")
        if refused is not None:
            raise ValueError(refused)
        if p["reward"] not in REWARDS:
            raise ValueError(f"unknown reward {p['reward']!r} (use one of {REWARDS})")
        self.players = players
        self.seed = int(p["seed"])
        self.buildings = str(p["buildings"])
        self.promos = bool(p["promos"])
        self.reward = str(p["reward"])
        self.expansion: str | None = str(p["expansion"]) or None
        self.catalog: ActionCatalog = catalog_for(self.expansion)
        self.layout: Layout = layout_for(self.expansion, players)
        if self.expansion is not None and self.buildings == "first-game":
            self.buildings = "random"     # (the expansion has no first-game selection)
        if self.reward == "win_loss":
            lo, hi = -1.0, 1.0
        elif players >= 2:
            lo, hi = _SCORE_MIN - _SCORE_MAX, _SCORE_MAX - _SCORE_MIN
        else:
            lo, hi = _SCORE_MIN, _SCORE_MAX
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.catalog),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=lo,
            max_utility=hi,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(players), info, p)

    def new_initial_state(self) -> "ArleSpielState":
        if self.expansion is None:
            s = arle.new_game(players=self.players, seed=self.seed,
                              buildings=self.buildings, promos=self.promos)
        else:
            s = arle.new_game(players=self.players, seed=self.seed, buildings=self.buildings,
                              promos=self.promos, expansion=self.expansion)
        return ArleSpielState(self, s)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info
                                    and not iig_obs_type.perfect_recall):
            return ArleObserver(params, self.layout)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class ArleSpielState(TurnSpielState):
    """An OpenSpiel state wrapping an :class:`arle.State` (``arle_state``); the turn
    loop is the framework's (:class:`arle.framework.spiel.TurnSpielState`)."""

    def __init__(self, game: ArleGame, s: State) -> None:
        super().__init__(game, StateHolder("arle", s))
        self._reward = game.reward
        self._expansion = game.expansion     # (a name: clones and pickles stay small)

    @property
    def arle_state(self) -> State:
        s: State = self._h.s   # type: ignore[assignment]
        return s

    def _legal_indices(self, s: State) -> list[int]:
        return catalog_for(self._expansion).legal_indices(s)

    def _action(self, s: State, index: int) -> Action:
        return catalog_for(self._expansion).action(index)

    def _action_text(self, index: int) -> str:
        return catalog_for(self._expansion).text(index)

    def _final(self, s: State) -> list[float]:
        return final_rewards(s, self._reward)

    def __str__(self) -> str:
        return text_view(self.arle_state)


class ArleObserver:
    """Observation tensor (and text) from one player's point of view."""

    def __init__(self, params: dict[str, Any] | None, layout: Layout | None = None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.layout = layout_for(None) if layout is None else layout
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = {name: self.tensor[sl] for name, sl in self.layout.slices.items()}

    def set_from(self, state: ArleSpielState, player: int) -> None:
        self.tensor[:] = self.layout.encode(state.arle_state, player)

    def string_from(self, state: ArleSpielState, player: int) -> str:
        return text_view(state.arle_state, player)


def register() -> None:
    """Register ``python_fields_of_arle`` with pyspiel (once)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, ArleGame)


register()
