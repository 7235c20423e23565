"""A Gymnasium environment for the solo game, registered as ``arle/Solo-v0`` (and, with
the Tea & Trade expansion, ``arle/SoloTeaTrade-v0``: ``expansion="tea-and-trade"``).

Observations are the flat ``float32`` arrays of :mod:`arle.encoding.base` (with the
expansion: :mod:`arle.encoding.tea_trade`); actions are catalog indices
(:mod:`arle.env.catalog`: ``CATALOG``, with the expansion ``TT_CATALOG``).  :meth:`SoloEnv.action_masks` gives the legal
ones (the hook ``sb3_contrib.MaskablePPO`` looks for); ``info["action_mask"]`` holds the
same mask after every reset and step.

Rewards (``reward=``): ``"delta"`` (default) is the change of the live final-score
estimate (``state.scores()[0].total``) made by the step, so an episode's rewards add up
to the final score minus the starting estimate; ``"final"`` is 0 until the last step,
which gets the final score.

An illegal action (mask 0) does nothing and costs ``illegal_penalty`` (default), or
raises ``ValueError`` with ``illegal_action="raise"``.

>>> import gymnasium as gym, arle.env
>>> env = gym.make("arle/Solo-v0")
>>> obs, info = env.reset(seed=0)
>>> obs.shape == env.observation_space.shape, bool(info["action_mask"].any())
(True, True)
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import arle
from arle.env.catalog import catalog_for
from arle.encoding import text_view
from arle.encoding import layout_for
from arle.state import Player, State

__all__ = ["REWARD_MODES", "SoloEnv", "TT_KEY_FIELDS"]

Obs = npt.NDArray[np.float32]
REWARD_MODES = ("delta", "final")


#: The player fields :func:`_player_key` covers (all of them).
KEY_FIELDS = ("res", "animals", "tools", "barn", "grid", "moor_peat", "bw_peat", "dikes",
              "buildings", "travel", "bottleneck")


def _player_key(pl: Player) -> tuple[Any, ...]:
    """Everything a player owns (:data:`KEY_FIELDS`), as a hashable value."""
    return (tuple(pl.res), tuple(pl.animals), tuple(pl.tools), tuple(map(tuple, pl.barn)),
            tuple(pl.grid), tuple(pl.moor_peat), pl.bw_peat, pl.dikes, tuple(pl.buildings),
            tuple(pl.travel), pl.bottleneck)


#: The expansion's player fields, added to the key in expansion games.
TT_KEY_FIELDS = ("ditches", "dike_cols", "boost", "harbor")


def _tt_player_key(pl: Player) -> tuple[Any, ...]:
    """:func:`_player_key` and the expansion's fields (:data:`TT_KEY_FIELDS`)."""
    return (_player_key(pl), pl.ditches, tuple(pl.dike_cols), tuple(pl.boost),
            tuple(map(tuple, pl.harbor)))


class SoloEnv(gym.Env[Obs, np.int64]):
    """Solo Fields of Arle for single-agent reinforcement learning."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, buildings: Any = None, promos: bool = False,
                 reward: str = "delta", illegal_action: str = "penalty",
                 illegal_penalty: float = 1.0, render_mode: str | None = None,
                 expansion: str | None = None) -> None:
        if reward not in REWARD_MODES:
            raise ValueError(f"unknown reward {reward!r} (use one of {', '.join(REWARD_MODES)})")
        if illegal_action not in ("penalty", "raise"):
            raise ValueError("illegal_action must be 'penalty' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        catalog, layout = catalog_for(expansion), layout_for(expansion)
        self.expansion = expansion
        self.catalog = catalog
        self._encode = layout.encode
        self._key = _player_key if expansion is None else _tt_player_key
        self.buildings = buildings
        self.promos = promos
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, layout.high, (layout.size,), np.float32)
        self.action_space = spaces.Discrete(len(catalog))
        self.state: State = self._new(0)
        self._mask = catalog.mask(self.state)
        self._score = 0.0
        self._score_key: tuple[Any, ...] | None = None
        self._score_total = 0.0

    def _new(self, seed: int) -> State:
        if self.expansion is None:
            return arle.new_game(players=1, seed=seed, buildings=self.buildings,
                                 promos=self.promos)
        return arle.new_game(players=1, seed=seed, buildings=self.buildings,
                             promos=self.promos, expansion=self.expansion)

    def _total(self) -> float:
        # The score pad reads only the player's own belongings: a step that leaves them
        # unchanged (a pass, most sub-decisions) reuses the last total.
        key = self._key(self.state.players[0])
        if key != self._score_key:
            self._score_key = key
            self._score_total = float(self.state.scores()[0].total)
        return self._score_total

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy()}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Start a new solo game (``options={"game_seed": k}`` picks the engine seed)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        if options and "game_seed" in options:
            game_seed = int(options["game_seed"])
        self.state = self._new(game_seed)
        self._mask = self.catalog.mask(self.state)
        self._score_key = None
        self._score = self._total() if self.reward_mode == "delta" else 0.0
        return self._encode(self.state, 0), self._info()

    def step(self, action: np.int64 | int) -> tuple[Obs, SupportsFloat, bool, bool,
                                                     dict[str, Any]]:
        i = int(action)
        s = self.state
        if s.is_terminal():
            raise RuntimeError("step() after the game ended: call reset()")
        if not (0 <= i < len(self._mask)) or not self._mask[i]:
            if self.illegal_action == "raise":
                name = self.catalog.text(i) if 0 <= i < len(self.catalog) else "out of range"
                raise ValueError(f"illegal action {i} ({name})")
            info = self._info()
            info["illegal"] = True
            return self._encode(s, 0), -self.illegal_penalty, False, False, info
        s.apply(self.catalog.actions[i])
        terminated = s.is_terminal()
        if self.reward_mode == "delta":
            total = self._total()
            reward = total - self._score
            self._score = total
        else:
            reward = self._total() if terminated else 0.0
        self._mask = self.catalog.mask(s)
        info = self._info()
        if terminated:
            info["final_score"] = self._total()
        return self._encode(s, 0), reward, terminated, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Legal actions as booleans (for ``sb3_contrib.MaskablePPO``)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return text_view(self.state, 0)
        return None
