"""A PettingZoo environment for any game of the game protocol: the agents, the spaces,
the turn loop and the end-of-game rewards, written once (needs the research extra:
gymnasium and pettingzoo).

A game's environment (Fields of Arle's :class:`arle.env.pettingzoo_env.ArleAECEnv`,
the second game's :class:`arle.env.green_pettingzoo.GreenAECEnv`) gives its game's
registered name and ``new_game`` options (:meth:`TurnBasedAEC._setup`: games start
through the framework's registry), and says how a seat sees a position (``_encode``),
how a catalog index becomes an action (``_action``), what every seat is paid at the end
(``_final``) and how the game is drawn as text (``_text``).  The game decides who moves:
``agent_selection`` always names the seat it waits for, so one agent may be selected
many times in a row.
"""

from __future__ import annotations

import random
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import arle.framework.game
from arle.framework.game import GameState

__all__ = ["ObsDict", "TurnBasedAEC"]

ObsDict = dict[str, np.ndarray[Any, Any]]
Mask = np.ndarray[Any, np.dtype[np.int8]]


class _Catalog(Protocol):
    def __len__(self) -> int: ...

    def mask(self, state: Any) -> Mask: ...


S = TypeVar("S", bound=GameState)


class TurnBasedAEC(AECEnv, Generic[S]):  # type: ignore[misc]
    """The agent-environment cycle of a turn-based game of this project (see the module
    text); subclasses set ``metadata`` and call :meth:`_setup`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}
    #: The engine's state of the game in progress.  (Not ``state``: PettingZoo's
    #: ``AECEnv.state()`` is a method, the global view for centralized training, which
    #: these environments do not provide, so it keeps the framework's behaviour.)
    game_state: S
    catalog: _Catalog

    def _setup(self, game: str, players: int, options: dict[str, Any], catalog: _Catalog,
               obs_size: int, obs_high: Any, render_mode: str | None) -> None:
        """Set the game up: its registered name, the players and the options of its
        ``new_game`` (refused here, by the game, if bad), the catalog of actions and the
        observation's size and upper bound."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        self.game = arle.framework.game.get(game)
        self.options = dict(options)
        self.players = players
        self.render_mode = render_mode
        self.catalog = catalog
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        n = len(catalog)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, obs_high, (obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()
        self.game_state = self._new(0)

    # -- what a game says ---------------------------------------------------------
    def _new(self, seed: int) -> S:
        """A new game of the registered game with the environment's options."""
        s: S = self.game.new_game(players=self.players, seed=seed, **self.options)  # type: ignore[assignment]
        return s

    def _encode(self, state: S, player: int) -> np.ndarray[Any, Any]:
        raise NotImplementedError

    def _action(self, index: int) -> Any:
        raise NotImplementedError

    def _final(self) -> list[float]:
        raise NotImplementedError

    def _text(self) -> str:
        raise NotImplementedError

    # -- spaces ---------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- API ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes the sequence of games reproducible, and
        ``options={"game_seed": k}`` picks the engine seed of this game directly."""
        if seed is not None:
            self._rng = random.Random(seed)
        game_seed = self._rng.randrange(2**31)
        if options and "game_seed" in options:
            game_seed = int(options["game_seed"])
        self.game_state = self._new(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_move()

    def _to_move(self) -> str:
        p = self.game_state.current_player
        return self.possible_agents[p if p is not None else 0]

    def observe(self, agent: str) -> ObsDict:
        p = self._index[agent]
        s = self.game_state
        if s.current_player == p:
            mask = self.catalog.mask(s)
        else:
            mask = np.zeros(len(self.catalog), dtype=np.int8)
        return {"observation": self._encode(s, p), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action (got None)")
        self.game_state.apply(self._action(int(action)))   # the engine refuses an illegal one
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game_state.is_terminal():
            final = self._final()
            for a in self.agents:
                self.rewards[a] = final[self._index[a]]
                self.terminations[a] = True
        else:
            self.agent_selection = self._to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- conveniences ---------------------------------------------------------------
    def action_mask(self) -> Mask:
        """The legal-action mask of the agent to move."""
        return self.catalog.mask(self.game_state)
