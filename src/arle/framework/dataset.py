"""Training data from game records of any game of the game protocol: one row per
decision, for imitation and value learning.

A game gives what turns its positions into numbers (an :class:`Encoder`: the seat's
observation, the legal-action mask and the index of an action in its fixed action
space, and the name of that layout) and what a finished game pays each seat; then
:func:`records_to_arrays` replays each record and, before every decision, writes the
mover's observation, the legal mask and the index of the action taken, and after the
game the outcome of every row from its mover's side.  :func:`save` and :func:`load`
write and read the arrays as one compressed ``.npz`` file with a ``meta`` record.

Fields of Arle's datasets are :mod:`arle.env.dataset`'s (``arle dataset``), the second
game's :mod:`arle.env.green_dataset`'s.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

import arle.framework.game
from arle.framework.game import GameState

__all__ = ["Encoder", "FORMAT", "load", "records_to_arrays", "save", "setup_record"]

#: Stored in every file (``meta``): change it when the arrays change meaning.
FORMAT = "arle-dataset-1"

S = TypeVar("S", bound=GameState)
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)


class Encoder(Protocol[S_contra]):
    """A game's positions as numbers, in one layout."""

    @property
    def name(self) -> str:
        """The layout's name (a dataset holds games of one layout and names it)."""

    @property
    def size(self) -> int:
        """The length of an observation."""

    @property
    def actions(self) -> int:
        """The size of the fixed action space."""

    def observe(self, state: S_contra, player: int) -> npt.NDArray[np.float32]:
        """``player``'s observation of ``state`` (what that seat may see)."""

    def mask(self, state: S_contra) -> npt.NDArray[Any]:
        """The 0/1 mask of the legal action indices."""

    def index(self, state: S_contra, action: str) -> int:
        """The index of the legal action ``action`` (its text) in ``state``."""


def setup_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record of the game's start alone: its format and setup, no action."""
    return {**{k: record[k] for k in ("format", "setup") if k in record}, "actions": []}


class _Rows(Generic[S]):
    def __init__(self, columns: Sequence[str]) -> None:
        self.obs: list[npt.NDArray[np.float32]] = []
        self.masks: list[npt.NDArray[Any]] = []
        self.action: list[int] = []
        self.player: list[int] = []
        self.game: list[int] = []
        self.ply: list[int] = []
        self.outcome: list[float] = []
        self.score: list[float] = []
        self.columns: dict[str, list[float]] = {c: [] for c in columns}


def records_to_arrays(records: Iterable[Mapping[str, Any] | str], game: str,
                      encoder_of: Callable[[S], Encoder[S]],
                      outcome: Callable[[S], Sequence[float]],
                      columns: Mapping[str, Callable[[S, int], float]] | None = None,
                      empty: Encoder[S] | None = None) -> dict[str, npt.NDArray[Any]]:
    """Replay ``records`` of ``game`` into arrays (ValueError naming the record that
    fails).

    ``encoder_of(end)`` is the layout of a finished game (the first record's is used for
    all; a record of another layout is refused), ``outcome(end)`` each seat's final
    reward.  Per decision: ``obs`` (float32, the mover's observation), ``mask`` (bool,
    the legal indices), ``action`` (int32, the index taken), ``player`` (int8), ``game``
    (int32, position of the record), ``ply`` (int32, its index in the record),
    ``outcome`` (float32, the mover's final reward), ``score`` (float32, the mover's
    final score) and one float32 array per entry of ``columns`` (``f(state, mover)``
    before the decision).  Per game: ``game_scores`` (float32, one column per seat, at
    least two; NaN for a seat the game did not have) and ``game_setup`` (the setup as
    JSON text); ``layout`` (the layout's name; with no record at all, ``empty``'s, if
    given).  Unfinished games are refused.
    """
    g_ = arle.framework.game.get(game)
    extra = dict(columns or {})
    rows: _Rows[S] = _Rows(list(extra))
    game_scores: list[list[float]] = []
    game_setup: list[str] = []
    enc: Encoder[S] | None = None
    width = 2
    for g, record in enumerate(records):
        try:
            end: Any = g_.replay(dict(record) if isinstance(record, Mapping) else record)
        except ValueError as e:
            raise ValueError(f"record {g}: {e}") from e
        if not end.is_terminal():
            raise ValueError(f"record {g}: the game is not finished, so it has no outcome")
        rec = end.record()
        this = encoder_of(end)
        if enc is None:
            enc = this
            width = max(2, len(end.scores()))
        elif this.name != enc.name:
            raise ValueError(f"record {g}: a game of the {this.name} observation layout; the "
                             f"records before it are {enc.name} games, and a dataset holds "
                             "games of one layout (make one dataset per layout)")
        s: Any = g_.replay(setup_record(rec))
        first = len(rows.action)
        for i, text in enumerate(rec["actions"]):
            p = s.current_player
            assert p is not None
            rows.obs.append(enc.observe(s, p))
            for name, f in extra.items():
                rows.columns[name].append(f(s, p))
            rows.masks.append(enc.mask(s))
            rows.action.append(enc.index(s, text))
            rows.player.append(p)
            rows.game.append(g)
            rows.ply.append(i)
            s.apply(text)
        final = list(outcome(s))
        totals = [float(sc.total) for sc in s.scores()]
        for k in range(first, len(rows.action)):
            rows.outcome.append(final[rows.player[k]])
            rows.score.append(totals[rows.player[k]])
        game_scores.append(totals + [float("nan")] * (width - len(totals)))
        game_setup.append(json.dumps(rec["setup"], sort_keys=True))
    return _arrays(rows, enc if enc is not None else empty, game_scores, game_setup, width)


def _arrays(rows: _Rows[Any], enc: Encoder[Any] | None, game_scores: list[list[float]],
            game_setup: list[str], width: int) -> dict[str, npt.NDArray[Any]]:
    n = len(rows.action)
    size, actions = (enc.size, enc.actions) if enc is not None else (0, 0)
    out: dict[str, npt.NDArray[Any]] = {
        "obs": np.stack(rows.obs) if n else np.zeros((0, size), np.float32),
        "mask": (np.stack(rows.masks) if n else np.zeros((0, actions), np.int8)).astype(bool),
        "action": np.asarray(rows.action, np.int32),
        "player": np.asarray(rows.player, np.int8),
        "game": np.asarray(rows.game, np.int32),
        "ply": np.asarray(rows.ply, np.int32),
        "outcome": np.asarray(rows.outcome, np.float32),
        "score": np.asarray(rows.score, np.float32),
    }
    for name, values in rows.columns.items():
        out[name] = np.asarray(values, np.float32)
    out["game_scores"] = np.asarray(game_scores, np.float32).reshape(-1, width)
    out["game_setup"] = np.asarray(game_setup, dtype=np.str_)
    if enc is not None:
        out["layout"] = np.asarray(enc.name, dtype=np.str_)
    return out


def save(path: str, arrays: Mapping[str, npt.NDArray[Any]], meta: Mapping[str, Any]) -> None:
    """Write ``arrays`` to ``path`` (compressed ``.npz``) with the ``meta`` record (its
    ``format`` is :data:`FORMAT`) all at once: a temporary file, then a rename, so a
    failure leaves no partial file."""
    text = json.dumps({"format": FORMAT, **meta})
    target = os.path.abspath(path)
    tmp = f"{target}.tmp{os.getpid()}.npz"
    try:
        payload: dict[str, Any] = {"meta": np.asarray(text), **arrays}
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
