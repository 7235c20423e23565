"""A learned evaluation: the hand-written one corrected by a small network fitted to
self-play outcomes.

    value(s, p) = evaluate(s, p) + net(encode(s, p), evaluate(s, p))

:func:`arle.bots.evaluation.evaluate` estimates a player's final score from features
chosen by hand; the network (:class:`ValueModel`, one hidden layer of rectified units,
numpy only) learns what that estimate gets wrong, from the research observation of the
position (:func:`arle.encoding.encode`; in Tea & Trade and 3-player games the layout of those
games, :func:`arle.encoding.layout_named`).  It is trained on the rows of ``arle dataset``
files (one row per decision of finished self-play games: the mover's observation, the
hand evaluation there and the mover's final score), by :func:`train` or
``arle train-eval``.  A finished game is never corrected: its value is its score.

Why a correction rather than a value from scratch: the hand evaluation is already a good
estimate (``mcts`` reaches about 113 solo with it), so the network only has to learn the
residual, which needs far less data than the whole value and can never be much worse
than the hand evaluation when the residual it learns is small.  ``docs/BOTS.md`` has the
figures.

A model file (``.npz``, no pickles) holds the weights, the input normalisation and a
``meta`` record: the file format, the observation layout it was trained on (its name,
size and fingerprint: :func:`layout_fingerprint`), what it was trained on and a
checksum of the weights.  :func:`load_model` refuses a corrupt file, a file of another
format and a model for another observation layout, each with a message saying which.

>>> import arle
>>> from arle.bots.learned import default_model, learned_value
>>> s = arle.new_game(players=1, seed=5)
>>> v = learned_value(default_model(), s, 0)
>>> v == learned_value(default_model(), s, 0)        # deterministic
True
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import zipfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt
from threadpoolctl import ThreadpoolController

import arle
from arle.bots.evaluation import evaluate
from arle.encoding import OBS_SIZE, densify, describe
from arle.encoding import LAYOUT_NAMES, Layout, layout_named, state_layout_name
from arle.state import State

__all__ = ["DEFAULT_MODEL", "DEFAULT_MODELS", "FORMAT", "LearnedEvaluator", "ValueModel",
           "default_model", "layout_fingerprint", "learned_evaluator", "learned_value",
           "load_model", "train"]

#: The model file format (``meta["format"]``).
FORMAT = "arle-value-1"
#: The model shipped with the package (``arle/bots/models/``) for base games.
DEFAULT_MODEL = "value-solo-v2.npz"
#: The shipped models, by observation layout and number of players (``eval=learned``
#: without ``model=`` plays with the one of the game's layout and player count).
DEFAULT_MODELS: dict[tuple[str, int], str] = {
    ("base", 1): DEFAULT_MODEL,
    ("base", 2): "value-duo-v2.npz",
    ("tea-and-trade-3p", 3): "value-three-v1.npz",
}
#: The hand evaluation enters the network divided by this (scores are ~0-150).
HAND_SCALE = 100.0
_ARRAYS = ("mean", "std", "w1", "b1", "w2", "b2")

Evaluator = Callable[[State, int], float]
F32 = npt.NDArray[np.float32]


def layout_fingerprint(name: str = "base") -> str:
    """A short fingerprint of the observation layout ``name`` as this arle encodes it
    (its size and named slices; the base layout's is the one of the first models)."""
    if name == "base":
        text = f"{OBS_SIZE}\n{describe()}"
    else:
        lay = layout_named(name)
        text = f"{name} {lay.version} {lay.size}\n" + "\n".join(
            f"{k} {sl.start} {sl.stop}" for k, sl in lay.slices.items())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class ValueModel:
    """The correction network: inputs normalised by ``mean``/``std``, then
    ``relu(x @ w1 + b1) @ w2 + b2`` points added to the hand evaluation."""

    mean: F32
    std: F32
    w1: F32
    b1: F32
    w2: F32
    b2: F32
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def layout(self) -> str:
        """The name of the observation layout the model reads (``base`` for the models
        written before there were others)."""
        return str(self.meta.get("layout", "base"))

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    def correction(self, x: F32) -> F32:
        """The correction (points) for each row of ``x`` (rows of :func:`_inputs`)."""
        z = (x - self.mean) / self.std
        h = np.maximum(z @ self.w1 + self.b1, 0.0)
        out: F32 = (h @ self.w2 + self.b2).astype(np.float32)
        return out

    def checksum(self) -> str:
        h = hashlib.sha256()
        for name in _ARRAYS:
            a = np.ascontiguousarray(getattr(self, name), dtype=np.float32)
            h.update(name.encode())
            h.update(str(a.shape).encode())
            h.update(a.tobytes())
        return h.hexdigest()

    def save(self, path: str) -> None:
        """Write the model to ``path`` (a temporary file, then a rename: a failure
        leaves no partial file)."""
        layout = self.layout
        meta = dict(self.meta, format=FORMAT, layout=layout,
                    obs_size=layout_named(layout).size,
                    obs_layout=layout_fingerprint(layout), inputs=self.inputs,
                    hidden=self.hidden, checksum=self.checksum())
        target = os.path.abspath(path)
        tmp = f"{target}.tmp{os.getpid()}.npz"
        try:
            payload: dict[str, Any] = {k: np.asarray(getattr(self, k), np.float32)
                                       for k in _ARRAYS}
            payload["meta"] = np.asarray(json.dumps(meta, sort_keys=True))
            np.savez_compressed(tmp, **payload)
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)
        self.meta = meta


def load_model(path: str) -> ValueModel:
    """The model in ``path``; ValueError saying what is wrong with a bad file."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if "meta" not in data.files:
                raise ValueError("no 'meta' record")
            meta = json.loads(str(data["meta"]))
            missing = [k for k in _ARRAYS if k not in data.files]
            if missing:
                raise ValueError(f"missing arrays {', '.join(missing)}")
            arrays = {k: np.asarray(data[k], np.float32) for k in _ARRAYS}
    except FileNotFoundError:
        raise ValueError(f"{path}: no such model file") from None
    except ValueError as e:
        raise ValueError(f"{path}: not a readable arle value model ({e})") from None
    except (OSError, EOFError, KeyError, zipfile.BadZipFile) as e:   # zip damage
        raise ValueError(f"{path}: not a readable arle value model ({e})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        found = meta.get("format") if isinstance(meta, dict) else None
        raise ValueError(f"{path}: not an arle value model (format {found!r}, expected "
                         f"{FORMAT!r})")
    name = meta.get("layout", "base")
    if name not in LAYOUT_NAMES:
        raise ValueError(f"{path}: the model reads an unknown observation layout {name!r} "
                         f"(this arle knows {', '.join(LAYOUT_NAMES)})")
    size = layout_named(name).size
    if meta.get("obs_size") != size or meta.get("obs_layout") != layout_fingerprint(name):
        raise ValueError(f"{path}: the model was trained on another observation layout "
                         f"(size {meta.get('obs_size')}, layout {meta.get('obs_layout')}; "
                         f"this arle encodes {name} games with size {size}, layout "
                         f"{layout_fingerprint(name)}): train it again on this version's "
                         "data")
    n_in, hidden = size + 1, meta.get("hidden")
    shapes = {"mean": (n_in,), "std": (n_in,), "w1": (n_in, hidden), "b1": (hidden,),
              "w2": (hidden,), "b2": ()}
    for k, shape in shapes.items():
        if arrays[k].shape != shape:
            raise ValueError(f"{path}: array {k} has shape {arrays[k].shape}, expected "
                             f"{shape}")
        if not np.all(np.isfinite(arrays[k])):
            raise ValueError(f"{path}: array {k} holds a value that is not finite")
    if np.any(arrays["std"] <= 0):
        raise ValueError(f"{path}: array std must be positive")
    model = ValueModel(meta=meta, **arrays)
    if model.checksum() != meta.get("checksum"):
        raise ValueError(f"{path}: the weights do not match their checksum (a damaged or "
                         "edited file)")
    return model


def _games(layout: str, players: int) -> str:
    return f"{layout} games of {players} player{'s' if players != 1 else ''}"


@lru_cache(maxsize=None)
def default_model(layout: str = "base", players: int = 1) -> ValueModel:
    """The model shipped with the package for ``players``-player games of the
    observation layout ``layout`` (ValueError when none is shipped)."""
    if (layout, players) not in DEFAULT_MODELS:
        layout_named(layout)                      # refuses an unknown layout
        raise ValueError(f"no learned model is shipped for {_games(layout, players)} "
                         "(there is one for "
                         f"{', '.join(_games(*k) for k in sorted(DEFAULT_MODELS))}): train "
                         "one with arle train-eval and give it with model=PATH")
    ref = resources.files("arle.bots") / "models" / DEFAULT_MODELS[layout, players]
    with resources.as_file(ref) as p:
        return load_model(str(p))


def _inputs(obs: F32, hand: F32) -> F32:
    out: F32 = np.concatenate([obs.reshape(len(hand), -1),
                               (hand / HAND_SCALE).reshape(-1, 1)], axis=1,
                              dtype=np.float32)
    return out


def _check_layout(model: ValueModel, s: State) -> Layout:
    lay = layout_named(model.layout)
    name = state_layout_name(s)
    if name != model.layout:
        raise ValueError(f"the model reads {model.layout} games and this is a {name} game: "
                         "give a model trained on such games (arle train-eval)")
    return lay


def learned_value(model: ValueModel, s: State, p: int) -> float:
    """Player ``p``'s estimated final score: the hand evaluation plus the model's
    correction (none once the game is over: then it is the score).  A game of another
    observation layout than the model's is refused (ValueError)."""
    return _Net(model).values(_check_layout(model, s), [s], p)[0]


@lru_cache(maxsize=1)
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


#: How many :meth:`LearnedEvaluator.session` blocks are open (BLAS is then held to one
#: thread for all of them, and the products need not limit it each time).
_one_thread = [0]


@contextmanager
def _session() -> Iterator[None]:
    outer = _one_thread[0] == 0
    with _blas().limit(limits=1, user_api="blas") if outer else nullcontext():
        _one_thread[0] += 1
        try:
            yield
        finally:
            _one_thread[0] -= 1


class _Net:
    """A model's network as the bots run it: the input normalisation folded into the
    first layer (``(x - mean) / std @ w1`` is ``x @ (w1 / std) - (mean / std) @ w1``), so
    that an evaluation is one product with the observation, and many positions are
    one matrix product (:meth:`values`).  It reads the model's arrays once."""

    __slots__ = ("w1", "w_hand", "b1", "w2", "b2")

    def __init__(self, model: ValueModel) -> None:
        w = model.w1 / model.std[:, None]
        self.w1: F32 = np.ascontiguousarray(w[:-1], dtype=np.float32)
        self.w_hand: F32 = (w[-1] / HAND_SCALE).astype(np.float32)
        self.b1: F32 = (model.b1 - (model.mean / model.std) @ model.w1).astype(np.float32)
        self.w2: F32 = model.w2
        self.b2: F32 = model.b2

    def values(self, lay: Layout, states: Sequence[State], p: int) -> list[float]:
        """Player ``p``'s estimate in each of ``states``: the hand evaluation plus the
        correction, which finished games do not get."""
        out = [evaluate(s, p) for s in states]
        live = [i for i, s in enumerate(states) if s.phase != "over"]
        if live:
            counts = lay.counts
            # One array of every position's counts, scaled in one step (a row each).
            x = densify(b"".join([counts(states[i], p) for i in live]), lay.scale,
                        lay.high).reshape(len(live), -1)
            hand = np.asarray([out[i] for i in live], dtype=np.float32)[:, None]
            if len(live) == 1 or _one_thread[0]:
                pre = x @ self.w1
            else:
                # A product of a few rows is over in microseconds on one thread; BLAS
                # would start its threads for it, which on a machine whose cores are
                # busy (parallel games) made an expansion 15 times slower.
                with _blas().limit(limits=1, user_api="blas"):
                    pre = x @ self.w1
            h = np.maximum(pre + (hand * self.w_hand + self.b1), 0.0)
            corr = h @ self.w2 + self.b2
            for j, i in enumerate(live):
                out[i] += float(corr[j])
        return out


class LearnedEvaluator:
    """The bots' learned evaluation (``eval=learned``): called as ``ev(state, player)``
    like :func:`arle.bots.evaluation.evaluate`, and ``ev.many(states, player)`` judges
    several positions in one matrix product (the search bot's expansions).

    >>> import arle
    >>> ev = LearnedEvaluator()
    >>> s = arle.new_game(players=1, seed=5)
    >>> a, b = ev.many([s, s], 0)
    >>> a == b and abs(a - ev(s, 0)) < 1e-3      # the product's float32 rounding
    True
    """

    def __init__(self, path: str | None = None) -> None:
        self._fixed = None if path is None else load_model(path)
        if path is None:
            default_model()                       # a damaged install fails here
        self._known: dict[tuple[object, int], tuple[_Net, Layout]] = {}

    def _net(self, s: State) -> tuple[_Net, Layout]:
        key = (s.setup.get("expansion"), s.n)
        got = self._known.get(key)
        if got is None:
            model = (self._fixed if self._fixed is not None
                     else default_model(state_layout_name(s), s.n))
            got = self._known[key] = (_Net(model), _check_layout(model, s))
        return got

    def __call__(self, s: State, p: int) -> float:
        net, lay = self._net(s)
        return net.values(lay, [s], p)[0]

    def session(self) -> AbstractContextManager[None]:
        """A block of many evaluations (a bot's whole search): BLAS stays on one thread
        for its length, instead of being limited at every product (which costs more
        than a product of a few rows).

        >>> import arle
        >>> ev = LearnedEvaluator()
        >>> s = arle.new_game(players=1, seed=5)
        >>> with ev.session():
        ...     inside = ev.many([s, s], 0)
        >>> inside == ev.many([s, s], 0)
        True
        """
        return _session()

    def many(self, states: Sequence[State], p: int) -> list[float]:
        """Player ``p``'s estimate in each of ``states`` (positions of one game's kind:
        the layout of the first is used for all)."""
        if not states:
            return []
        net, lay = self._net(states[0])
        return net.values(lay, states, p)


def learned_evaluator(path: str | None = None) -> LearnedEvaluator:
    """``evaluate``-shaped function of the model in ``path`` for the bots'
    ``eval=learned`` option.  Without a path it plays each game with the shipped model
    of the game's observation layout and player count (:data:`DEFAULT_MODELS`); a game
    that has none, or
    a game of another layout than the given model's, is refused (ValueError) at the
    first evaluation."""
    return LearnedEvaluator(path)


# ---------------------------------------------------------------------------
# Training
# ---------------------------------------------------------------------------
@dataclass
class TrainReport:
    """What :func:`train` measured: mean absolute errors (points) of the hand
    evaluation and of the corrected one on the rows of the held-out games."""

    rows: int
    games: int
    held_out_games: int
    hand_mae: float
    learned_mae: float
    epochs: int


def _moments(x: F32, rows: npt.NDArray[np.bool_], chunk: int = 8192) -> tuple[F32, F32]:
    """The mean and standard deviation (at least 1e-3, else 1) of each column over the
    ``rows`` of ``x``, a chunk at a time (no copy of the whole array)."""
    n = int(rows.sum())
    total = np.zeros(x.shape[1], np.float64)
    for a in range(0, len(x), chunk):
        total += x[a:a + chunk][rows[a:a + chunk]].sum(axis=0, dtype=np.float64)
    mean = total / max(n, 1)
    sq = np.zeros(x.shape[1], np.float64)
    for a in range(0, len(x), chunk):
        d = x[a:a + chunk][rows[a:a + chunk]].astype(np.float64) - mean
        sq += (d * d).sum(axis=0)
    std = np.sqrt(sq / max(n, 1))
    std[std < 1e-3] = 1.0
    return mean.astype(np.float32), std.astype(np.float32)


def train(arrays: Sequence[dict[str, npt.NDArray[Any]]], *, hidden: int = 32,
          epochs: int = 40, lr: float = 1e-3, l2: float = 1e-4, batch: int = 256,
          holdout: float = 0.15, seed: int = 0, source: str = "",
          init: ValueModel | None = None) -> tuple[ValueModel, TrainReport]:
    """Fit a model to the rows of ``arrays`` (datasets of :func:`arle.env.dataset.load`
    that have ``hand``).  Whole games are held out (``holdout`` of them) to measure the
    error and stop early at the best epoch; the training is seeded and deterministic.

    With ``init`` the training starts from that model (its weights and input
    normalisation; ``hidden`` is then its own) instead of from the hand evaluation:
    fine-tuning an earlier model on new data, such as the games of a stronger player.
    Epoch 0 is ``init`` itself, so the result is never worse than it on the held-out
    games."""
    if not arrays:
        raise ValueError("no dataset given")
    xs, ys, games = [], [], []
    offset = 0
    layout = str(arrays[0]["layout"]) if "layout" in arrays[0] else "base"
    for i, d in enumerate(arrays):
        for k in ("obs", "score", "hand", "game"):
            if k not in d:
                raise ValueError(f"dataset {i + 1} has no {k!r} array" + (
                    " (written by an older arle: run arle dataset again)" if k == "hand"
                    else ""))
        name = str(d["layout"]) if "layout" in d else "base"
        if name != layout:
            raise ValueError(f"dataset {i + 1} holds {name} games and dataset 1 {layout} "
                             "games: a model learns one observation layout")
        size = layout_named(name).size
        if d["obs"].shape[1:] != (size,):
            raise ValueError(f"dataset {i + 1}: observations of size {d['obs'].shape[1:]}, "
                             f"this arle encodes {name} games with {size}")
        hand = d["hand"].astype(np.float32)
        xs.append(_inputs(d["obs"].astype(np.float32), hand))
        ys.append(d["score"].astype(np.float32) - hand)
        games.append(d["game"].astype(np.int64) + offset)
        offset += int(d["game"].max()) + 1 if len(d["game"]) else 0
    if init is not None and init.layout != layout:
        raise ValueError(f"the model to start from reads {init.layout} games and the data "
                         f"are {layout} games")
    x, y = np.concatenate(xs), np.concatenate(ys)
    del xs
    n_rows, n_in = x.shape
    game = np.concatenate(games)
    if n_rows < 10:
        raise ValueError(f"too little data to train on ({n_rows} rows)")
    rng = np.random.default_rng(seed)
    ids = np.unique(game)
    held = rng.permutation(ids)[:max(1, int(round(len(ids) * holdout)))]
    test = np.isin(game, held)
    if test.all():
        test[:] = False
        test[::5] = True            # a single game: hold out every fifth row
    ytr, yte = y[~test], y[test]
    if init is None:
        mean, std = _moments(x, ~test)
    else:
        mean, std = init.mean.copy(), init.std.copy()
    x -= mean                          # normalised in place: the rows are large
    x /= std
    ztr, zte = x[~test], x[test]
    del x
    if init is None:
        w1 = (rng.standard_normal((n_in, hidden)) * math.sqrt(2.0 / n_in)).astype(np.float32)
        b1 = np.zeros(hidden, np.float32)
        w2 = np.zeros(hidden, np.float32)       # starts as the hand evaluation exactly
        b2 = np.zeros((), np.float32)
    else:
        w1, b1, w2 = init.w1.copy(), init.b1.copy(), init.w2.copy()
        b2 = np.asarray(init.b2, np.float32).copy()
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]
    b1_, b2_, eps = 0.9, 0.999, 1e-8

    def mae(z: F32, t: F32) -> float:
        h = np.maximum(z @ w1 + b1, 0.0)
        return float(np.mean(np.abs(h @ w2 + b2 - t))) if len(t) else float("nan")

    best = (mae(zte, yte), [q.copy() for q in params], 0)
    step = 0
    for epoch in range(1, epochs + 1):
        order = rng.permutation(len(ztr))
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            zb, tb = ztr[idx], ytr[idx]
            pre = zb @ w1 + b1
            h = np.maximum(pre, 0.0)
            err = h @ w2 + b2 - tb                      # squared loss, Huber-clipped
            g_out = np.clip(err, -10.0, 10.0) / len(idx)
            g_w2 = h.T @ g_out + l2 * w2
            g_b2 = np.asarray(g_out.sum(), np.float32)
            g_h = np.outer(g_out, w2) * (pre > 0)
            g_w1 = zb.T @ g_h + l2 * w1
            g_b1 = g_h.sum(axis=0)
            step += 1
            for q, g, mq, vq in zip(params, (g_w1, g_b1, g_w2, g_b2), m, v):
                mq *= b1_
                mq += (1 - b1_) * g
                vq *= b2_
                vq += (1 - b2_) * g * g
                q -= (lr * (mq / (1 - b1_ ** step)) /
                      (np.sqrt(vq / (1 - b2_ ** step)) + eps)).astype(np.float32)
        score = mae(zte, yte)
        if len(yte) and score < best[0]:
            best = (score, [q.copy() for q in params], epoch)
    w1, b1, w2, b2 = best[1]
    model = ValueModel(mean=mean, std=std, w1=w1, b1=b1, w2=w2, b2=np.asarray(b2, np.float32),
                       meta={"layout": layout,
                             "trained_on": {"rows": int(n_rows), "games": int(len(ids)),
                                            "held_out_games": int(len(held)),
                                            "source": source,
                                            **({"init": init.meta.get("checksum")}
                                               if init is not None else {})},
                             "arle": arle.__version__, "epochs": best[2],
                             "hand_mae": float(np.mean(np.abs(yte))) if len(yte) else None,
                             "learned_mae": best[0] if len(yte) else None})
    report = TrainReport(rows=int(n_rows), games=int(len(ids)),
                         held_out_games=int(len(held)),
                         hand_mae=float(np.mean(np.abs(yte))) if len(yte) else float("nan"),
                         learned_mae=best[0], epochs=best[2])
    return model, report
