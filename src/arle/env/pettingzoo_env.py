"""A PettingZoo AEC environment for Fields of Arle.

Agents are ``player_0`` and ``player_1`` (``player_0`` alone in a solo game).  Each
observation is ``{"observation": float32[OBS_SIZE], "action_mask": int8[N_ACTIONS]}``
(see :mod:`arle.env.observation` and :mod:`arle.env.catalog`); the mask is all zero for
an agent that is not to move.  Actions are catalog indices.  With
``expansion="tea-and-trade"`` the game is a Tea & Trade game, the catalog
``TT_CATALOG`` and the observation the expansion layout (:mod:`arle.env.observation_tt`);
``players=3`` (the expansion's 3-player game, ``player_0`` .. ``player_2``) uses the
3-player layout (:mod:`arle.env.observation_three`).  A turn may take several
steps (sub-decisions, anytime actions): ``agent_selection`` always names the player the
engine waits for, so the same agent may be selected many times in a row.

Rewards come at the end only (``reward="score_diff"``: own final score minus the
other's, with three players minus the best other's; ``"win_loss"``: +1/-1, see
:mod:`arle.env.rewards`).

>>> from arle.env import aec_env
>>> env = aec_env(players=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) > 0, env.agent_selection in env.agents
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import arle
from arle.env.catalog import catalog_for
from arle.env.observation import text_view
from arle.env.observation_tt import layout_for
from arle.env.rewards import SOLO_TARGET, check_reward, final_rewards
from arle.state import State

__all__ = ["ArleAECEnv", "aec_env"]

ObsDict = dict[str, np.ndarray[Any, Any]]


class ArleAECEnv(AECEnv):  # type: ignore[misc]
    """Fields of Arle as an agent-environment-cycle game (see the module text)."""

    metadata: dict[str, Any] = {"name": "arle_v0", "render_modes": ["ansi", "human"],
                                "is_parallelizable": False}

    def __init__(self, players: int = 2, buildings: Any = None, promos: bool = False,
                 reward: str = "score_diff", solo_target: float = SOLO_TARGET,
                 render_mode: str | None = None, expansion: str | None = None) -> None:
        super().__init__()
        if players not in (1, 2, 3):
            raise ValueError(f"players must be 1, 2 or 3, not {players!r}")
        if players == 3 and expansion is None:
            raise ValueError("players=3 needs the Tea & Trade expansion "
                             "(expansion='tea-and-trade')")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        self.catalog = catalog_for(expansion)
        layout = layout_for(expansion, players)
        self._encode = layout.encode
        self.expansion = expansion
        self.players = players
        self.buildings = buildings
        self.promos = promos
        self.reward = check_reward(reward)
        self.solo_target = solo_target
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        n = len(self.catalog)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, layout.high, (layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State = self._new(0)

    def _new(self, seed: int) -> State:
        if self.expansion is None:
            return arle.new_game(players=self.players, seed=seed, buildings=self.buildings,
                                 promos=self.promos)
        return arle.new_game(players=self.players, seed=seed, buildings=self.buildings,
                             promos=self.promos, expansion=self.expansion)

    # -- spaces ---------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- API ------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes the sequence of games reproducible, and
        ``options={"game_seed": k}`` picks the engine seed of this game directly."""
        if seed is not None:
            self._rng = random.Random(seed)
        game_seed = self._rng.randrange(2**31)
        if options and "game_seed" in options:
            game_seed = int(options["game_seed"])
        self.state = self._new(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_move()

    def _to_move(self) -> str:
        p = self.state.current_player
        return self.possible_agents[p if p is not None else 0]

    def observe(self, agent: str) -> ObsDict:
        p = self._index[agent]
        s = self.state
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
        self.state.apply(self.catalog.action(int(action)))   # IllegalActionError if illegal
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            final = final_rewards(self.state, self.reward, self.solo_target)
            for a in self.agents:
                self.rewards[a] = final[self._index[a]]
                self.terminations[a] = True
        else:
            self.agent_selection = self._to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = text_view(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- conveniences -----------------------------------------------------------
    def action_mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal-action mask of the agent to move."""
        return self.catalog.mask(self.state)


def aec_env(players: int = 2, buildings: Any = None, promos: bool = False,
            reward: str = "score_diff", solo_target: float = SOLO_TARGET,
            render_mode: str | None = None, expansion: str | None = None) -> ArleAECEnv:
    """A new :class:`ArleAECEnv` (call ``reset`` before use); ``expansion`` is None
    (the base game) or ``"tea-and-trade"``; ``buildings`` None is the engine's default
    selection (``"first-game"``, with the expansion ``"random"``)."""
    return ArleAECEnv(players=players, buildings=buildings, promos=promos, reward=reward,
                      solo_target=solo_target, render_mode=render_mode, expansion=expansion)
