"""Training data from game records of Fields of Arle: one row per decision, for imitation
and value learning (the framework's :mod:`arle.framework.dataset` with this game's
observation layouts, action catalogs and rewards).

Games played by any bots (``arle tournament --records DIR``), by people (``arle play``'s
``save``, the web app's record download) or by your own code become arrays, by replaying
each record: before every decision the mover's observation (:func:`arle.env.encode`),
the legal mask and the catalog index of the action taken, and after the game the
outcome of every row from its mover's side.  ``arle dataset`` writes them to a ``.npz``
file.  Base games (solo and two players), Tea & Trade games of 1-2 players and 3-player
games each have their observation layout and catalog
(:func:`arle.encoding.layout_name`: ``base``, ``tea-and-trade``,
``tea-and-trade-3p``); one dataset holds games of one layout, and names it.

>>> import arle
>>> from arle.bots.greedy import GreedyBot
>>> s = arle.new_game(players=1, seed=3)
>>> bot = GreedyBot()
>>> while not s.is_terminal():
...     s.apply(bot.choose(s))
>>> d = records_to_arrays([s.record()])
>>> d["obs"].shape[1] == OBS_SIZE and d["obs"].shape[0] == d["action"].shape[0]
True
>>> bool(d["mask"][0, d["action"][0]])            # the action taken was legal
True
>>> float(d["outcome"][0]) == s.scores()[0].total  # solo, score_diff: the final score
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

import arle
from arle.bots.evaluation import evaluate
from arle.encoding import OBS_SIZE  # noqa: F401 (the doctest above reads it)
from arle.encoding import Layout, layout_named, state_layout_name
from arle.env.catalog import CATALOG, ActionCatalog, catalog_for
from arle.env.rewards import check_reward, final_rewards
from arle.framework import dataset as _dataset
from arle.framework.dataset import FORMAT, load
from arle.state import State

__all__ = ["FORMAT", "ArleEncoder", "records_to_arrays", "save", "load"]


@dataclass(frozen=True)
class ArleEncoder:
    """One observation layout of Fields of Arle with its action catalog (the framework's
    :class:`~arle.framework.dataset.Encoder`)."""

    name: str
    layout: Layout
    catalog: ActionCatalog

    @property
    def size(self) -> int:
        return self.layout.size

    @property
    def actions(self) -> int:
        return len(self.catalog)

    def observe(self, state: State, player: int) -> npt.NDArray[np.float32]:
        return self.layout.encode(state, player)

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        return self.catalog.mask(state)

    def index(self, state: State, action: str) -> int:
        return self.catalog.index(action)


@lru_cache(maxsize=None)
def _encoder(name: str, expansion: str | None) -> ArleEncoder:
    return ArleEncoder(name, layout_named(name), catalog_for(expansion))


def _encoder_of(s: State) -> ArleEncoder:
    expansion = s.setup.get("expansion")
    return _encoder(state_layout_name(s), None if expansion is None else str(expansion))


def records_to_arrays(records: Iterable[dict[str, Any] | str],
                      reward: str = "score_diff") -> dict[str, npt.NDArray[Any]]:
    """Replay ``records`` into arrays (ValueError naming the record that fails).

    Per decision: ``obs`` (float32, the mover's observation), ``mask`` (bool, legal
    catalog indices), ``action`` (int32, the index taken), ``player`` (int8), ``game``
    (int32, position of the record), ``ply`` (int32, its index in the record),
    ``outcome`` (float32, the mover's final reward: ``score_diff`` or ``win_loss`` as in
    the environments), ``score`` (float32, the mover's final score) and ``hand``
    (float32, the bots' hand-written evaluation of the mover's final score there:
    :func:`arle.bots.evaluation.evaluate`, what ``arle train-eval`` corrects).  Per game:
    ``game_scores`` (float32, one column per seat, at least two; NaN for the missing
    seat of a solo game) and ``game_setup`` (the setup as JSON text); ``layout`` (the
    layout's name).  Unfinished games, and a record of another layout than the first
    record's, are refused.
    """
    check_reward(reward)
    return _dataset.records_to_arrays(
        records, "arle", _encoder_of, lambda s: final_rewards(s, reward),
        columns={"hand": evaluate}, empty=_encoder("base", None))


def save(path: str, arrays: dict[str, npt.NDArray[Any]], reward: str) -> None:
    """Write ``arrays`` to ``path`` (compressed ``.npz``) all at once: a temporary file,
    then a rename, so a failure leaves no partial file."""
    layout = str(arrays["layout"]) if "layout" in arrays else "base"
    _dataset.save(path, arrays, {
        "reward": reward, "layout": layout, "obs_size": layout_named(layout).size,
        "actions": int(arrays["mask"].shape[1]) if "mask" in arrays else len(CATALOG),
        "arle": arle.__version__})
