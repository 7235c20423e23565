"""``arle.green`` (rules modelled on Fields of Green with invented cards; unofficial) as
an OpenSpiel Python game, ``python_arle_green``: imperfect information with explicit
chance nodes (rulings H3-H6).

Importing :mod:`arle.env` registers it; then
``pyspiel.load_game("python_arle_green", {"players": 3})`` works like any OpenSpiel
game.  Parameters: ``players`` (2; 1-4), ``token_limits`` (false) and ``action_choice``
(``sequential``; ``hidden`` with 3-4 players): the rulings' options F10 and F17, and
``seed`` (0: the engine seed, which only
names the game, since every chance event is an explicit chance node here).

Chance nodes are the engine's own chance events (H3), in the order they happen: the
First Player, every card drawn, every Equipment tile drawn, every 2-player/solo market
reveal (first the slot, then the card) and the solo neutral's discard.  Each is a node
with ``k`` equally likely outcomes ``0..k-1``, the index the engine's sampler would
draw (over a pile's remaining multiset the cards of one design take consecutive
indices, so each design's probability is its share of the pile).  Player actions are
indices of the set's fixed catalogue (:class:`arle.green.infostate.GreenCatalog`);
``information_state_string/tensor`` and ``observation_string/tensor`` come from
:mod:`arle.green.infostate`.  Returns: a seat's final score minus the mean of the
others' (zero-sum; solo: the score).

>>> import pyspiel, arle.env
>>> game = pyspiel.load_game("python_arle_green", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())      # the First Player
(True, 3)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import arle.green
from arle.actions import Action
from arle.env.green_dataset import final_rewards
from arle.green import infostate as I
from arle.green.cards import load_cards
from arle.green.state import ChanceNeeded, State

__all__ = ["GreenSpielGame", "GreenSpielState", "SHORT_NAME", "register"]

SHORT_NAME = "python_arle_green"
MAX_GAME_LENGTH = 4000
_DEFAULTS: dict[str, Any] = {"players": 2, "seed": 0, "token_limits": False,
                             "action_choice": "sequential"}
_SCORE_MAX = 300.0


def _game_type(players: int = 2) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python arle.green (Fields of Green-like, invented cards)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if players > 1
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


GAME_TYPE = _game_type()


class GreenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game object (see the module text)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = dict(_DEFAULTS)
        p.update(params or {})
        players = int(p["players"])
        if players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 to 4, not {players}")
        self.players = players
        self.seed = int(p["seed"])
        if self.seed < 0:
            raise ValueError(f"seed must be >= 0, not {self.seed}")
        #: The rulings' options the game is played with (F10, F17; docs/GREEN.md).
        self.options = {"token_limits": p["token_limits"], "action_choice": p["action_choice"]}
        arle.green.new_game(players=players, seed=0, **self.options)   # refuses bad ones
        self.cs = load_cards()
        self.catalog = I.catalog_for(self.cs)
        chance_max = max([players, 12, self.cs.equipment_total]
                         + list(self.cs.pile_total.values()))
        lo, hi = (0.0, _SCORE_MAX) if players == 1 else (-_SCORE_MAX, _SCORE_MAX)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.catalog),
            max_chance_outcomes=chance_max,
            num_players=players,
            min_utility=lo,
            max_utility=hi,
            utility_sum=0.0 if players > 1 else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(players), info, p)

    def new_initial_state(self) -> "GreenSpielState":
        return GreenSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> "GreenObserver":
        return GreenObserver(self, iig_obs_type, params)


class _Holder:
    """The engine state and the chance node in progress.  ``s`` is the state at the last
    decision point; while chance is pending, ``act`` (``None`` for the setup) is being
    applied to ``s`` with the outcomes ``out`` so far and ``need`` more outcomes' range.
    Copying it uses the engine's fast clone; ``hist`` lists every OpenSpiel action."""

    __slots__ = ("game", "s", "act", "out", "need", "hist")

    def __init__(self, game: GreenSpielGame) -> None:
        self.game = game
        self.s: State | None = None
        self.act: Action | None = None
        self.out: list[int] = []
        self.need = 0
        self.hist: list[int] = []
        self._try()

    def _try(self) -> None:
        g = self.game
        try:
            if self.s is None:
                t = arle.green.new_game(players=g.players, seed=g.seed,
                                        chance_outcomes=list(self.out), **g.options)
            else:
                assert self.act is not None
                t = self.s.clone()
                t._forced = list(self.out)
                t.apply(self.act)
        except ChanceNeeded as e:
            self.need = e.n
            return
        self.s, self.act, self.out, self.need = t, None, [], 0

    def step(self, action: int) -> None:
        if self.need:
            if not 0 <= action < self.need:
                raise ValueError(f"chance outcome {action} is not in range({self.need})")
            self.out.append(int(action))
        else:
            assert self.s is not None
            self.act = self.game.catalog.action(self.s, int(action))
            self.out = []
        self.hist.append(int(action))
        self._try()

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Holder":
        h = _Holder.__new__(_Holder)
        h.game = self.game
        h.s = None if self.s is None else self.s.clone()
        h.act, h.out, h.need, h.hist = self.act, self.out[:], self.need, self.hist[:]
        return h

    def __reduce__(self) -> tuple[Any, tuple[int, int, list[int]]]:
        return (_holder_from_history, (self.game.players, self.game.seed, list(self.hist)))


def _holder_from_history(players: int, seed: int, hist: list[int]) -> _Holder:
    h = _Holder(GreenSpielGame({"players": players, "seed": seed}))
    for a in hist:
        h.step(a)
    return h


class GreenSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around an :class:`arle.green.State` (``green_state``: the state
    at the last decision point, the omniscient view, for debugging only)."""

    def __init__(self, game: GreenSpielGame) -> None:
        super().__init__(game)
        self._h = _Holder(game)
        self._cat = game.catalog

    @property
    def green_state(self) -> State:
        assert self._h.s is not None
        return self._h.s

    def current_player(self) -> int:
        if self._h.need:
            return int(pyspiel.PlayerId.CHANCE)
        s = self.green_state
        p = s.current_player
        return int(pyspiel.PlayerId.TERMINAL) if p is None else p

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._h.need
        return [(i, 1.0 / n) for i in range(n)] if n else []

    def _legal_actions(self, player: int) -> list[int]:
        s = self.green_state
        if self._h.need or s.is_terminal() or player != s.current_player:
            return []
        return self._cat.legal_indices(s)

    def _apply_action(self, action: int) -> None:
        self._h.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"chance {action}"
        return self._cat.texts[action]

    def is_terminal(self) -> bool:
        return not self._h.need and self.green_state.is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._h.game.players
        return final_rewards(self.green_state)

    def __str__(self) -> str:
        if self._h.s is None:
            return f"<arle.green setup: the First Player is being drawn>"
        s = self.green_state
        extra = f" (chance: {self._h.need} outcomes)" if self._h.need else ""
        return f"{s!r}{extra} history={len(self._h.hist)}"


class GreenObserver:
    """Tensors and strings for one seat: the information state with ``perfect_recall``,
    the current observation otherwise; with no private information (``private_info``
    NONE) the public view only."""

    def __init__(self, game: GreenSpielGame, iig_obs_type: Any,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type is not None and iig_obs_type.private_info
                           == pyspiel.PrivateInfoType.NONE)
        lay = I.layout(game.cs)
        self.tensor = np.zeros(lay.info_size if self.recall else lay.obs_size, np.float32)
        names = dict(lay.obs)
        if self.recall:
            names.update(lay.info)
        self.dict = {k: self.tensor[v] for k, v in names.items()}
        self._lay = lay

    def set_from(self, state: GreenSpielState, player: int) -> None:
        s = state._h.s
        if s is None:                    # the First Player is being drawn
            self.tensor[:] = 0
            return
        if self.recall:
            self.tensor[:] = I.information_state_tensor(s, player)
        else:
            self.tensor[:] = I.observation_tensor(s, player)
        if self.public:
            for k in ("hand", "pick", "decision_tiles"):
                self.tensor[self._lay.obs[k]] = 0
            if self.recall:
                self.tensor[self._lay.obs_size:] = 0

    def string_from(self, state: GreenSpielState, player: int) -> str:
        s = state._h.s
        if s is None:
            return "setup: the First Player is being drawn"
        if self.public:
            import json
            return json.dumps({"history": I.redacted_history(s, player),
                               "public": I.public_observation(s)}, sort_keys=True)
        if self.recall:
            return I.infostate_string(s, player)
        return I.observation_string(s, player)


def register() -> None:
    """Register ``python_arle_green`` with pyspiel (once)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, GreenSpielGame)


register()
