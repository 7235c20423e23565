"""A PettingZoo AEC environment for ``arle.green`` (rules modelled on Fields of Green
with invented cards; unofficial): ``arle.env.green_aec_env(players=N)``, N = 1..4.

Agents are ``player_0`` ... ``player_{N-1}``.  Each observation is
``{"observation": float32[...], "action_mask": int8[len(catalogue)]}``: the seat's
information-state tensor (:func:`arle.green.infostate.information_state_tensor`; it
shows only what that seat may see) and the legal-action mask over the card set's fixed
catalogue (all zero for an agent not to move).  Chance is the engine's own seeded RNG
(``reset(seed=...)``).  ``agent_selection`` always names the seat the engine waits for
(the 3-4 player picks are committed one seat after another, hidden).  Rewards come at
the end: own final score minus the mean of the others' (solo: the score).

>>> from arle.env import green_aec_env
>>> env = green_aec_env(players=3)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) > 1
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import arle.green
from arle.green import infostate as I
from arle.green.cards import load_cards
from arle.green.state import State

__all__ = ["GreenAECEnv", "green_aec_env"]

ObsDict = dict[str, np.ndarray[Any, Any]]


class GreenAECEnv(AECEnv):  # type: ignore[misc]
    """``arle.green`` as an agent-environment-cycle game (see the module text)."""

    metadata: dict[str, Any] = {"name": "arle_green_v0", "render_modes": ["ansi", "human"],
                                "is_parallelizable": False}

    def __init__(self, players: int = 2, render_mode: str | None = None) -> None:
        super().__init__()
        if type(players) is not int or players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 to 4, not {players!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        self.players = players
        self.render_mode = render_mode
        self.cs = load_cards()
        self.catalog = I.catalog_for(self.cs)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        n = len(self.catalog)
        size = I.layout(self.cs).info_size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State = arle.green.new_game(players=players, seed=0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes the sequence of games reproducible, and
        ``options={"game_seed": k}`` picks the engine seed of this game directly."""
        if seed is not None:
            self._rng = random.Random(seed)
        game_seed = self._rng.randrange(2**31)
        if options and "game_seed" in options:
            game_seed = int(options["game_seed"])
        self.state = arle.green.new_game(players=self.players, seed=game_seed)
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
        return {"observation": I.information_state_tensor(s, p), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action (got None)")
        self.state.apply(self.catalog.action(self.state, int(action)))  # ValueError if illegal
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            sc = [x.total for x in self.state.scores()]
            tot = sum(sc)
            for i, a in enumerate(self.agents):
                self.rewards[a] = float(sc[i] if self.players == 1
                                        else sc[i] - (tot - sc[i]) / (self.players - 1))
                self.terminations[a] = True
        else:
            self.agent_selection = self._to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        s = self.state
        text = (f"arle.green year {s.year}, to move: {s.current_player}; scores "
                + ", ".join(f"{x.total:g}" for x in s.scores()))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def action_mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal-action mask of the agent to move."""
        return self.catalog.mask(self.state)


def green_aec_env(players: int = 2, render_mode: str | None = None) -> GreenAECEnv:
    """A new :class:`GreenAECEnv` (call ``reset`` before use)."""
    return GreenAECEnv(players=players, render_mode=render_mode)
