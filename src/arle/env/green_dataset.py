"""Training data from game records of ``arle.green``: the framework's datasets
(:mod:`arle.framework.dataset`) with this game's numbers.

Per decision the mover's information-state tensor
(:func:`arle.green.infostate.information_state_tensor`: only what that seat may see),
the legal mask over the card set's fixed catalogue and the catalogue index of the action
taken (:class:`arle.green.infostate.GreenCatalog`, the same as the PettingZoo and
OpenSpiel adapters'); the outcome is the seat's final score minus the mean of the
others' (solo: the score), the research adapters' reward.  The layout is named after
the card set (``green-ID``); one dataset holds games of one card set.

>>> from arle.framework.arena import Match, play_match
>>> rec = play_match(Match(0, 3, 2, ("random", "greedy"), ("a", "b"), (1, 2),
...                        game="green")).record
>>> d = records_to_arrays([rec])
>>> str(d["layout"]), d["obs"].shape[0] == len(rec["actions"])
('green-arle-placeholder-v3', True)
>>> bool(d["mask"][0, d["action"][0]])            # the action taken was legal
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import arle
from arle.framework import dataset as _dataset
from arle.framework.dataset import FORMAT, load
from arle.green import infostate as I
from arle.green.cards import CardSet
from arle.green.state import State

__all__ = ["FORMAT", "GreenEncoder", "final_rewards", "load", "records_to_arrays", "save"]

#: The name of the ``outcome`` column's reward in a file's ``meta``.
REWARD = "score_minus_mean"


def final_rewards(s: State) -> list[float]:
    """Each seat's final score minus the mean of the others' (solo: the score); zeros
    while the game goes on."""
    if not s.is_terminal():
        return [0.0] * s.n
    sc = [float(x.total) for x in s.scores()]
    if s.n == 1:
        return sc
    tot = sum(sc)
    return [x - (tot - x) / (s.n - 1) for x in sc]


@dataclass(frozen=True)
class GreenEncoder:
    """The numbers of one card set (the framework's
    :class:`~arle.framework.dataset.Encoder`)."""

    cs: CardSet

    @property
    def name(self) -> str:
        return f"green-{self.cs.id}"

    @property
    def size(self) -> int:
        return int(I.layout(self.cs).info_size)

    @property
    def actions(self) -> int:
        return len(I.catalog_for(self.cs))

    def observe(self, state: State, player: int) -> npt.NDArray[np.float32]:
        return np.asarray(I.information_state_tensor(state, player), np.float32)

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        return np.asarray(I.catalog_for(self.cs).mask(state), np.int8)

    def index(self, state: State, action: str) -> int:
        for a in state.legal_actions():
            if str(a) == action:
                i = I.catalog_for(self.cs).index(state, a)
                if i is not None:
                    return i
        raise ValueError(f"{action!r} is not a legal action in the catalogue")


def records_to_arrays(records: Iterable[dict[str, Any] | str]) -> dict[str, npt.NDArray[Any]]:
    """Replay finished green ``records`` into arrays (the columns of
    :func:`arle.framework.dataset.records_to_arrays`; ValueError naming the record that
    fails)."""
    return _dataset.records_to_arrays(records, "green", lambda s: GreenEncoder(s.cs),
                                      final_rewards)


def save(path: str, arrays: dict[str, npt.NDArray[Any]]) -> None:
    """Write ``arrays`` to ``path`` (compressed ``.npz``, all at once)."""
    _dataset.save(path, arrays, {
        "game": "green", "reward": REWARD, "layout": str(arrays["layout"]),
        "obs_size": int(arrays["obs"].shape[1]), "actions": int(arrays["mask"].shape[1]),
        "arle": arle.__version__})
