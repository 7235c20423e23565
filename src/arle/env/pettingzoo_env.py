"""A PettingZoo AEC environment for Fields of Arle.

Agents are ``player_0`` and ``player_1`` (``player_0`` alone in a solo game).  Each
observation is ``{"observation": float32[OBS_SIZE], "action_mask": int8[N_ACTIONS]}``
(see :mod:`arle.encoding.base` and :mod:`arle.env.catalog`); the mask is all zero for
an agent that is not to move.  Actions are catalog indices.  With
``expansion="tea-and-trade"`` the game is a Tea & Trade game, the catalog
``TT_CATALOG`` and the observation the expansion layout (:mod:`arle.encoding.tea_trade`);
``players=3`` (the expansion's 3-player game, ``player_0`` .. ``player_2``) uses the
3-player layout (:mod:`arle.encoding.three`).  A turn may take several
steps (sub-decisions, anytime actions): ``agent_selection`` always names the player the
engine waits for, so the same agent may be selected many times in a row.  The game in
progress is ``env.game_state`` (an :class:`arle.state.State`); ``env.state()`` is
PettingZoo's own method (a global view for centralized training, not provided here).

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

from typing import Any

from arle.data.options import players_error
from arle.framework.aec import TurnBasedAEC
from arle.env.catalog import ActionCatalog, catalog_for
from arle.encoding import text_view
from arle.encoding import layout_for
from arle.env.rewards import SOLO_TARGET, check_reward, final_rewards
from arle.state import State

__all__ = ["ArleAECEnv", "aec_env"]


class ArleAECEnv(TurnBasedAEC[State]):
    """Fields of Arle as an agent-environment-cycle game (see the module text)."""

    metadata: dict[str, Any] = {"name": "arle_v0", "render_modes": ["ansi", "human"],
                                "is_parallelizable": False}
    catalog: ActionCatalog

    def __init__(self, players: int = 2, buildings: Any = None, promos: bool = False,
                 reward: str = "score_diff", solo_target: float = SOLO_TARGET,
                 render_mode: str | None = None, expansion: str | None = None) -> None:
        super().__init__()
        refused = players_error(players, expansion, "expansion='tea-and-trade'")
        if refused is not None:
            raise ValueError(refused)
        layout = layout_for(expansion, players)
        self._layout_encode = layout.encode
        self.expansion = expansion
        self.buildings = buildings
        self.promos = promos
        self.reward = check_reward(reward)
        self.solo_target = solo_target
        options: dict[str, Any] = {"buildings": buildings, "promos": promos}
        if expansion is not None:
            options["expansion"] = expansion
        self._setup("arle", players, options, catalog_for(expansion), layout.size,
                    layout.high, render_mode)

    def _encode(self, state: State, player: int) -> Any:
        return self._layout_encode(state, player)

    def _action(self, index: int) -> Any:
        return self.catalog.action(index)

    def _final(self) -> list[float]:
        return list(final_rewards(self.game_state, self.reward, self.solo_target))

    def _text(self) -> str:
        return text_view(self.game_state)


def aec_env(players: int = 2, buildings: Any = None, promos: bool = False,
            reward: str = "score_diff", solo_target: float = SOLO_TARGET,
            render_mode: str | None = None, expansion: str | None = None) -> ArleAECEnv:
    """A new :class:`ArleAECEnv` (call ``reset`` before use); ``expansion`` is None
    (the base game) or ``"tea-and-trade"``; ``buildings`` None is the engine's default
    selection (``"first-game"``, with the expansion ``"random"``)."""
    return ArleAECEnv(players=players, buildings=buildings, promos=promos, reward=reward,
                      solo_target=solo_target, render_mode=render_mode, expansion=expansion)
