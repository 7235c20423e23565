"""A PettingZoo AEC environment for ``arle.green`` (rules modelled on Fields of Green
with invented cards; unofficial): ``arle.env.green_aec_env(players=N, **options)``,
N = 1..4, the options those of ``arle.green.new_game`` (``action_choice="hidden"``...).

Agents are ``player_0`` ... ``player_{N-1}``.  Each observation is
``{"observation": float32[...], "action_mask": int8[len(catalogue)]}``: the seat's
information-state tensor (:func:`arle.green.infostate.information_state_tensor`; it
shows only what that seat may see) and the legal-action mask over the card set's fixed
catalogue (all zero for an agent not to move).  Chance is the engine's own seeded RNG
(``reset(seed=...)``).  ``agent_selection`` always names the seat the engine waits for
(the 3-4 player picks are committed one seat after another, hidden).  Rewards come at
the end: own final score minus the mean of the others' (solo: the score).  The game in
progress is ``env.game_state`` (an :class:`arle.green.State`); ``env.state()`` is
PettingZoo's own method (a global view for centralized training, not provided here).

>>> from arle.env import green_aec_env
>>> env = green_aec_env(players=3)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) > 1
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from arle.env.green_dataset import final_rewards
from arle.framework.aec import TurnBasedAEC
from arle.green import infostate as I
from arle.green.cards import load_cards
from arle.green.state import State

__all__ = ["GreenAECEnv", "green_aec_env"]


class GreenAECEnv(TurnBasedAEC[State]):
    """``arle.green`` as an agent-environment-cycle game (see the module text)."""

    metadata: dict[str, Any] = {"name": "arle_green_v0", "render_modes": ["ansi", "human"],
                                "is_parallelizable": False}
    catalog: I.GreenCatalog

    def __init__(self, players: int = 2, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        if type(players) is not int or players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 to 4, not {players!r}")
        self.cs = load_cards()
        self._setup("green", players, options, I.catalog_for(self.cs),
                    I.layout(self.cs).info_size, np.inf, render_mode)
        # (the rulings' options of every game: ``self.options``; F10, F17)

    def _encode(self, state: State, player: int) -> Any:
        return I.information_state_tensor(state, player)

    def _action(self, index: int) -> Any:
        return self.catalog.action(self.game_state, index)

    def _final(self) -> list[float]:
        """Own final score minus the mean of the others' (solo: the score)."""
        return final_rewards(self.game_state)

    def _text(self) -> str:
        s = self.game_state
        return (f"arle.green year {s.year}, to move: {s.current_player}; scores "
                + ", ".join(f"{x.total:g}" for x in s.scores()))


def green_aec_env(players: int = 2, render_mode: str | None = None,
                  **options: Any) -> GreenAECEnv:
    """A new :class:`GreenAECEnv` (call ``reset`` before use)."""
    return GreenAECEnv(players=players, render_mode=render_mode, **options)
