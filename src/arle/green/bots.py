"""Bots for :mod:`arle.green`: ``green-greedy`` and ``green-ismcts`` (``arle.bots.get``).

Neither bot reads what its seat cannot see: each one first samples a *determinization*
(:func:`arle.green.sampling.resample_from_infostate`, the game's sampler: the other
hands, the piles, the unseen tiles and the RNG dealt afresh, consistent with the seat's
information) from its own seeded generator, and searches only in such samples.  Given the same seed, a bot's
choice depends only on the seat's information state.

``green-greedy``
    One step: each legal action is applied in a determinization; while the seat's own
    follow-up decisions of the same action come next (the card to act with after a
    ``take`` or a ``pick``, Water and tiles) the best follow-up is taken, the other seats
    playing at random meanwhile; the result is scored by :func:`evaluate` of the seat.
``green-ismcts``
    A determinized information-set search with two modes.  ``mode=look`` (the default):
    ``dets`` determinizations (4) are sampled; the greedy values averaged over them
    keep the ``prune`` best actions (6; 0 = all); each is then applied in every sample
    and played on with every seat choosing greedily (the one-step value of
    :class:`GreenGreedyBot`) until the year's end (``steps=0``, the default) or until
    ``steps`` more steps of the year's script have begun (a seat's turn is one step), so
    that every candidate is judged at the same point of the year; ``look=N`` instead
    plays on for N decisions (the earlier default, ``look=6``).  The action with the best
    mean lead (:func:`evaluate` of the seat minus the best other's) is taken; ``time``
    (seconds) stops after the first sample whose round ends past it.  ``mode=tree``:
    single-observer information-set MCTS: every simulation samples a determinization,
    walks a tree of action texts shared by all samples (UCB1 over the children
    available in this sample), adds one node, plays on with a fast default policy up to
    ``horizon`` decisions, and backs up each seat's logistic lead; options ``sims``
    (100), ``time`` (instead of ``sims``), ``c`` (0.7), ``horizon`` (1000: to the end),
    ``prune`` (the root's candidates).  ``seed`` is the registry's.  Measured (2 players,
    seats swapped every game, v3, BENCHMARKS.md) against ``green-greedy``: the
    year's-end horizon wins 100% of seeds 0-19 and 90% of seeds 20-39; ``look=6`` won
    60% and 55%, ``steps=2`` 70% and 55%.
"""

from __future__ import annotations

import math
import random
import time as _time
from typing import Any

from arle.framework.actions import Action
from arle.framework.bots import Bot, get
from arle.green import BOT_ALIASES
from arle.green import catalog as K
from arle.green.frames import Act
from arle.green.sampling import resample_from_infostate
from arle.green.state import State

__all__ = ["ALIASES", "GreenGreedyBot", "GreenISMCTSBot", "evaluate", "green_bot",
           "make_bot"]

_FOLLOW = frozenset({"act", "store", "paywater", "keep", "tile", "attach"})

#: ``green-ismcts``'s default horizon in steps of the year's script (0: the year's end).
STEPS = 0


def _as_act(s: State) -> State:
    """A copy of ``s`` whose pending committed action (``plan``, F17's option) is posed
    as the action itself, to resolve at once: a plan's worth is that action's (the
    others' actions before it could only use up Water Towers or Silos)."""
    t = s.clone()
    t.stack = t.stack[:-1] + [Act(s.stack[-1].p)]
    t._legal = None
    return t


def _harvest_cards(s: State, p: int) -> int:
    cs = s.cs
    return sum(1 for e in s.players[p].farm.values()
               if e[1] and e[0] in cs.designs and cs.designs[e[0]].frame == "harvest")


def evaluate(s: State, p: int) -> float:
    """Seat ``p``'s position from public items and its own.  At the end: its score.
    Before: the pad's live total with coins and Food counted smoothly (1/3 and 1/2 VP
    each), plus, for each Harvest still to come, about 1 VP for each face-up card that
    harvests and a little for every other location, and a third of a VP for each Water."""
    sc = s.score(p)
    if s.over:
        return float(sc.total)
    pl = s.players[p]
    cat = sc.categories
    base = sc.total - cat.get("coins", 0) - cat.get("food", 0)
    base += pl.coins / K.COINS_PER_VP + pl.food / K.FOOD_PER_VP
    h = K.YEARS - s.year + (1 if any(st[0] == "harvest" for st in s.script[s.pc:]) else 0)
    water = sum(e[2] for e in pl.farm.values())
    harvesters = _harvest_cards(s, p)
    others = sum(1 for e in pl.farm.values() if e[1]) - harvesters
    return float(base + water / 3 + h * (0.9 * harvesters + 0.25 * others))


def _all(s: State) -> list[float]:
    return [evaluate(s, q) for q in range(s.n)]


def _relative(s: State, p: int) -> float:
    """``p``'s evaluation minus the best other seat's (solo: its own)."""
    ev = _all(s)
    if s.n == 1:
        return ev[0]
    return ev[p] - max(ev[q] for q in range(s.n) if q != p)


def _opts(options: dict[str, str], allowed: dict[str, type]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in options.items():
        if k not in allowed:
            raise ValueError(f"unknown option {k!r} (options: {', '.join(sorted(allowed))})")
        try:
            out[k] = allowed[k](v)
        except ValueError:
            raise ValueError(f"option {k}={v!r}: expected {allowed[k].__name__}") from None
    return out


class GreenGreedyBot:
    """The one-step bot (see the module text)."""

    def __init__(self, seed: int = 0, **options: str) -> None:
        _opts(options, {})
        self.seed = seed
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return "green-greedy"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        p = state.current_player
        assert p is not None
        det = resample_from_infostate(state, p, self._rng)
        best, best_v = legal[0], -math.inf
        for a in legal:
            v = self._value(det, p, a, 2) + self._rng.random() * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best

    def action_value(self, s: State, a: Action) -> float:
        """The value :meth:`choose` gives the legal action ``a`` of the seat to move in
        ``s`` (read whole: pass a determinization of that seat's information, as
        :meth:`choose` does): the seat's lead after ``a`` and its best follow-ups."""
        p = s.current_player
        if p is None:
            raise ValueError("no legal action: the game is over")
        return self._value(s, p, a, 2)

    def _value(self, s: State, p: int, a: Action, depth: int) -> float:
        if a.verb == "plan":            # F17 "hidden": judged as if it resolved now
            s, a = _as_act(s), Action(a.args[0], a.args[1:])
        t = s.clone()
        t.apply(a)
        for _ in range(60 if a.verb == "pick" else 0):   # the others commit and act
            cur = t.current_player
            if cur is None or cur == p:
                break
            acts = t.legal_actions()
            t.apply(acts[self._rng.randrange(len(acts))])
        if (depth > 0 and t.current_player == p
                and (t.stack[-1].KIND in _FOLLOW
                     or (a.verb in ("pick", "take") and t.stack[-1].KIND in ("act", "plan")))):
            return max(self._value(t, p, b, depth - 1) for b in t.legal_actions())
        return _relative(t, p)

    def __repr__(self) -> str:
        return f"GreenGreedyBot(seed={self.seed})"


class _Node:
    __slots__ = ("children", "n", "w", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[str, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.player = player


class GreenISMCTSBot:
    """The information-set MCTS bot (see the module text)."""

    def __init__(self, seed: int = 0, **options: str) -> None:
        o = _opts(options, {"sims": int, "time": float, "c": float, "horizon": int,
                            "prune": int, "mode": str, "dets": int, "look": int,
                            "steps": int})
        self.seed = seed
        self.sims = int(o.get("sims", 100))
        self.time = o.get("time")
        self.c = float(o.get("c", 0.7))
        self.horizon = int(o.get("horizon", 1000))
        self.prune = int(o.get("prune", 6))
        self.mode = str(o.get("mode", "look"))
        self.dets = int(o.get("dets", 4))
        self.look: int | None = o.get("look")
        self.steps = int(o.get("steps", STEPS))
        if (self.sims < 1 or self.horizon < 0 or self.prune < 0
                or (self.time is not None and self.time <= 0)):
            raise ValueError("sims must be >= 1, horizon >= 0, prune >= 0 and time > 0")
        if (self.mode not in ("look", "tree") or self.dets < 1
                or (self.look is not None and self.look < 0) or self.steps < 0):
            raise ValueError("mode must be look or tree, dets >= 1, look >= 0 and steps >= 0")
        self._greedy = GreenGreedyBot(seed=seed)
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return "green-ismcts"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        p = state.current_player
        assert p is not None
        rng = self._rng
        if self.mode == "look":
            return self._look(state, p, legal, rng)
        allowed: set[str] | None = None
        if self.prune and len(legal) > self.prune:      # the greedy's best few only
            det = resample_from_infostate(state, p, rng)
            vals = sorted(((self._greedy._value(det, p, a, 2) + rng.random() * 1e-6, str(a))
                           for a in legal), reverse=True)
            allowed = {k for _, k in vals[:self.prune]}
            legal = [a for a in legal if str(a) in allowed]
        root = _Node(p)
        deadline = None if self.time is None else _time.monotonic() + float(self.time)
        i = 0
        while True:
            if deadline is None:
                if i >= self.sims:
                    break
            elif i > 0 and _time.monotonic() >= deadline:
                break
            i += 1
            self._simulate(resample_from_infostate(state, p, rng), root, rng, allowed)
        by_text = {str(a): a for a in legal}
        best = max(by_text, key=lambda k: (root.children[k].n if k in root.children else -1,
                                           root.children[k].w if k in root.children else 0.0))
        return by_text[best]

    def _look(self, state: State, p: int, legal: list[Action],
              rng: random.Random) -> Action:
        """Determinized look-ahead: the greedy values averaged over ``dets`` samples pick
        the ``prune`` best candidates; each is then played on in every sample with every
        seat choosing greedily (to the same point of the year for every candidate, or for
        ``look`` decisions) and scored by the lead."""
        dets = [resample_from_infostate(state, p, rng) for _ in range(self.dets)]
        greedy = self._greedy
        first = {str(a): sum(greedy._value(d, p, a, 2) for d in dets) / len(dets)
                 + rng.random() * 1e-6 for a in legal}
        k = self.prune or len(legal)
        cands = sorted(legal, key=lambda a: first[str(a)], reverse=True)[:k]
        if len(cands) == 1 or self.look == 0:
            return cands[0]
        deadline = None if self.time is None else _time.monotonic() + float(self.time)
        total = [0.0] * len(cands)
        for d in dets:                   # one round: every candidate in this sample
            for i, a in enumerate(cands):
                t = d.clone()
                t.apply(a)
                self._play_on(t, state, rng)
                total[i] += _relative(t, p)
            if deadline is not None and _time.monotonic() >= deadline:
                break
        best_i = max(range(len(cands)), key=lambda i: (total[i], -i))
        return cands[best_i]

    def _play_on(self, t: State, root: State, rng: random.Random) -> None:
        """Play ``t`` (a sample of ``root`` after a candidate) on to the horizon, every
        seat choosing greedily: the year's end (``steps=0``), the decision posed by the
        script step ``steps`` after the one that posed ``root``'s (``pc - 1``), or
        ``look`` decisions."""
        greedy = self._greedy
        stop = math.inf if self.steps == 0 else root.pc - 1 + self.steps
        done = 0
        while True:
            cur = t.current_player
            if cur is None or (done >= self.look if self.look is not None
                               else t.year != root.year or t.pc - 1 >= stop):
                return
            acts = t.legal_actions()
            if len(acts) > 1:
                acts = [max(acts, key=lambda b: greedy._value(t, cur, b, 1)
                            + rng.random() * 1e-6)]
            t.apply(acts[0])
            done += 1

    def _simulate(self, s: State, root: _Node, rng: random.Random,
                  allowed: set[str] | None) -> None:
        path = [root]
        node = root
        while not s.is_terminal():
            acts = s.legal_actions()
            if node is root and allowed is not None:
                acts = [a for a in acts if str(a) in allowed]
            texts = [str(a) for a in acts]
            for k in texts:
                ch = node.children.get(k)
                if ch is not None:
                    ch.avail += 1
            fresh = [j for j, k in enumerate(texts) if k not in node.children]
            mover = s.current_player
            assert mover is not None
            if fresh:
                j = fresh[rng.randrange(len(fresh))]
                s.apply(acts[j])
                child = _Node(mover)
                node.children[texts[j]] = child
                path.append(child)
                break
            best_j, best_u = 0, -math.inf
            for j, k in enumerate(texts):
                ch = node.children[k]
                u = ch.w / ch.n + self.c * math.sqrt(math.log(max(ch.avail, 1)) / ch.n)
                if u > best_u:
                    best_j, best_u = j, u
            s.apply(acts[best_j])
            node = node.children[texts[best_j]]
            path.append(node)
        for _ in range(self.horizon):
            if s.is_terminal():
                break
            acts = s.legal_actions()
            s.apply(_default_policy(s, acts, rng))
        vals = _values(s)
        for nd in path[1:]:
            nd.n += 1
            nd.w += vals[nd.player]
        root.n += 1

    def __repr__(self) -> str:
        return (f"GreenISMCTSBot(seed={self.seed}, sims={self.sims}, time={self.time}, "
                f"c={self.c}, horizon={self.horizon})")


def _values(s: State) -> list[float]:
    """Each seat's backed-up value in 0..1: a logistic of its lead (solo: its score)."""
    ev = _all(s)
    if s.n == 1:
        return [1.0 / (1.0 + math.exp(-(ev[0] - 40.0) / 10.0))]
    out = []
    for q in range(s.n):
        lead = ev[q] - max(ev[r] for r in range(s.n) if r != q)
        out.append(1.0 / (1.0 + math.exp(-lead / 4.0)))
    return out


def _default_policy(s: State, acts: list[Action], rng: random.Random) -> Action:
    """The playout policy: build when it can (a location before a tower or silo),
    otherwise at random."""
    if s.stack and s.stack[-1].KIND in ("act", "plan"):
        builds = [a for a in acts if a.verb == "build" or a.args[:1] == ("build",)]
        if builds and rng.random() < 0.8:
            return builds[rng.randrange(len(builds))]
    if s.stack and s.stack[-1].KIND == "harvest":
        hv = [a for a in acts if a.verb in ("harvest", "use")]
        if hv:
            return hv[rng.randrange(len(hv))]
    return acts[rng.randrange(len(acts))]


#: Short names that mean this game's bots wherever a green game is played (the issue's
#: ``greedy`` and ``ismcts``); Fields of Arle's ``greedy`` and ``mcts`` cannot play it.
ALIASES = BOT_ALIASES


def green_bot(spec: str, seed: int = 0) -> Bot[Any]:
    """The bot ``spec`` names for a green game (the registry's ``get`` for this game:
    ``greedy:...`` is ``green-greedy:...``); ValueError for a bot that plays only Fields
    of Arle or an unknown one.

    >>> green_bot("ismcts:steps=2").name, green_bot("random").name
    ('green-ismcts', 'random')
    """
    return get(spec, seed=seed, game="green")


def make_bot(kind: str, seed: int = 0, **options: str) -> GreenGreedyBot | GreenISMCTSBot:
    """``kind`` ``greedy`` or ``ismcts`` (the registry's lazy factories call this)."""
    if kind == "greedy":
        return GreenGreedyBot(seed=seed, **options)
    if kind == "ismcts":
        return GreenISMCTSBot(seed=seed, **options)
    raise ValueError(f"unknown green bot {kind!r} (greedy or ismcts)")
