"""Training data from game records: one row per decision, for imitation and value learning.

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

import json
import os
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

import arle
from arle.bots.evaluation import evaluate
from arle.env.catalog import CATALOG, ActionCatalog, catalog_for
from arle.encoding import OBS_SIZE  # noqa: F401 (the doctest above reads it)
from arle.encoding import encode as base_encode
from arle.encoding import layout_named, state_layout_name
from arle.env.rewards import check_reward, final_rewards
from arle.state import State

__all__ = ["FORMAT", "records_to_arrays", "save", "load"]

#: Stored in every file (``meta``): change it when the arrays change meaning.
FORMAT = "arle-dataset-1"


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
    obs: list[npt.NDArray[np.float32]] = []
    masks: list[npt.NDArray[np.int8]] = []
    action: list[int] = []
    player: list[int] = []
    game: list[int] = []
    ply: list[int] = []
    outcome: list[float] = []
    score: list[float] = []
    hand: list[float] = []
    game_scores: list[list[float]] = []
    game_setup: list[str] = []
    layout: str | None = None                  # the observation layout of the records
    encode: Callable[[State, int], npt.NDArray[np.float32]] = base_encode
    catalog: ActionCatalog = CATALOG
    width = 2
    for g, record in enumerate(records):
        try:
            end = arle.replay(record)
        except ValueError as e:
            raise ValueError(f"record {g}: {e}") from e
        if not end.is_terminal():
            raise ValueError(f"record {g}: the game is not finished, so it has no outcome")
        rec = end.record()
        name = state_layout_name(end)
        if layout is None:
            layout = name
            encode = layout_named(name).encode
            catalog = catalog_for(end.setup.get("expansion"))
            width = max(2, end.n)
        elif name != layout:
            raise ValueError(f"record {g}: a game of the {name} observation layout; the "
                             f"records before it are {layout} games, and a dataset holds "
                             "games of one layout (make one dataset per layout)")
        s = arle.replay(dict(rec, actions=[]))
        first = len(action)
        for i, text in enumerate(rec["actions"]):
            p = s.current_player
            assert p is not None
            obs.append(encode(s, p))
            hand.append(evaluate(s, p))
            masks.append(catalog.mask(s))
            action.append(catalog.index(text))
            player.append(p)
            game.append(g)
            ply.append(i)
            s.apply(text)
        final = final_rewards(s, reward)
        totals = [float(sc.total) for sc in s.scores()]
        for k in range(first, len(action)):
            outcome.append(final[player[k]])
            score.append(totals[player[k]])
        game_scores.append(totals + [float("nan")] * (width - len(totals)))
        game_setup.append(json.dumps(rec["setup"], sort_keys=True))
    n = len(action)
    size = layout_named(layout or "base").size
    return {
        "obs": np.stack(obs) if n else np.zeros((0, size), np.float32),
        "mask": (np.stack(masks) if n else np.zeros((0, len(catalog)), np.int8)).astype(bool),
        "action": np.asarray(action, np.int32),
        "player": np.asarray(player, np.int8),
        "game": np.asarray(game, np.int32),
        "ply": np.asarray(ply, np.int32),
        "outcome": np.asarray(outcome, np.float32),
        "score": np.asarray(score, np.float32),
        "hand": np.asarray(hand, np.float32),
        "game_scores": np.asarray(game_scores, np.float32).reshape(-1, width),
        "game_setup": np.asarray(game_setup, dtype=np.str_),
        "layout": np.asarray(layout or "base", dtype=np.str_),
    }


def save(path: str, arrays: dict[str, npt.NDArray[Any]], reward: str) -> None:
    """Write ``arrays`` to ``path`` (compressed ``.npz``) all at once: a temporary file,
    then a rename, so a failure leaves no partial file."""
    layout = str(arrays["layout"]) if "layout" in arrays else "base"
    meta = json.dumps({"format": FORMAT, "reward": reward, "layout": layout,
                       "obs_size": layout_named(layout).size,
                       "actions": int(arrays["mask"].shape[1]) if "mask" in arrays
                       else len(CATALOG), "arle": arle.__version__})
    target = os.path.abspath(path)
    tmp = f"{target}.tmp{os.getpid()}.npz"
    try:
        payload: dict[str, Any] = {"meta": np.asarray(meta), **arrays}
        np.savez_compressed(tmp, **payload)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def load(path: str) -> tuple[dict[str, Any], dict[str, npt.NDArray[Any]]]:
    """The metadata and arrays of a file written by :func:`save`."""
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        arrays = {k: data[k] for k in data.files if k != "meta"}
    if meta.get("format") != FORMAT:
        raise ValueError(f"{path}: not an arle dataset (format {meta.get('format')!r})")
    return meta, arrays
