"""The datasets of each game as ``arle dataset`` offers them: one entry per game (its
rewards, how its records become arrays and how they are written), so that the command
serves every game the same way.

>>> sorted(GAMES), for_game("green").rewards
(['arle', 'green'], ('score_minus_mean',))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy.typing as npt

from arle.env import dataset as _arle
from arle.env import green_dataset as _green
from arle.env.rewards import REWARDS

__all__ = ["GAMES", "GameDatasets", "for_game"]

Arrays = dict[str, npt.NDArray[Any]]


@dataclass(frozen=True)
class GameDatasets:
    """What ``arle dataset`` needs of a game."""

    #: The rewards the ``outcome`` column may hold (the first is the default).
    rewards: tuple[str, ...]
    #: ``(records, reward) -> arrays`` (ValueError ``record I: ...`` for a bad one).
    records_to_arrays: Callable[[Sequence[Any], str], Arrays]
    #: ``(path, arrays, reward)``: write the file.
    save: Callable[[str, Arrays, str], None]

    def check_reward(self, reward: str) -> str:
        if reward not in self.rewards:
            raise ValueError(f"unknown reward {reward!r} (use one of {', '.join(self.rewards)})")
        return reward


GAMES: dict[str, GameDatasets] = {
    "arle": GameDatasets(REWARDS, _arle.records_to_arrays, _arle.save),
    "green": GameDatasets((_green.REWARD,),
                          lambda records, reward: _green.records_to_arrays(records),
                          lambda path, arrays, reward: _green.save(path, arrays)),
}


def for_game(name: str) -> GameDatasets:
    """The datasets of the game ``name`` (ValueError naming the known games)."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"--game {name}: use {' or '.join(sorted(GAMES))}") from None
