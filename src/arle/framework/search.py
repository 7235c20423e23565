"""A search written once against the game protocol: single-observer information-set MCTS
(the ``so-ismcts`` bot, for every game).

The searching seat never looks at what it cannot see.  Each simulation starts from a
*determinization* of the position (:meth:`arle.framework.game.Game.determinize`: a full
state consistent with everything the seat knows, the rest dealt afresh from the bot's
own generator; for a game of perfect information, a copy), walks one tree shared by all
the samples, adds one node, plays on at random and backs up the result:

* the tree's nodes are the actions taken from the root, whoever took them; a node's
  statistics are those of the seat that took its action;
* at each node the children are the actions legal *in this sample*: a child counts how
  often it was available, and is chosen by UCB1 over its availability (Cowling, Powley
  and Whitehouse's SO-ISMCTS); an action not yet tried is tried first;
* the playout takes uniformly random actions for ``horizon`` decisions (or to the end);
  each seat's result is its lead, its score total (``scores()``, a live estimate before
  the end) less the best other seat's (solo: its total), and the tree compares leads
  scaled to the range seen so far in this search;
* the move is the root's most visited action (ties: the better mean).

It reads only the protocol: ``current_player``, ``legal_actions()``, ``apply``,
``is_terminal()``, ``scores()`` of the samples, and the real position's own legal actions
(which its seat knows).  With ``sims`` it is deterministic for a seed; ``time`` (seconds)
stops after the first simulation that ends past it instead.

>>> import arle.green
>>> s = arle.green.new_game(players=2, seed=1)
>>> bot = ISMCTSBot(seed=3, sims=8, horizon=20)
>>> a = bot.choose(s)
>>> a in s.legal_actions(), a == ISMCTSBot(seed=3, sims=8, horizon=20).choose(s)
(True, True)
"""

from __future__ import annotations

import math
import random
import time as _time
from dataclasses import dataclass

from arle.framework.actions import Action
from arle.framework.game import Game, GameState, game_of

__all__ = ["ISMCTSBot", "NAME", "RootStats"]

#: The bot's registry name.
NAME = "so-ismcts"

_OPTIONS = ("sims", "time", "c", "horizon")


class _Node:
    __slots__ = ("children", "n", "w", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.player = player


@dataclass(frozen=True)
class RootStats:
    """What one search found for one root action: its visits and mean lead."""

    action: Action
    visits: int
    mean: float


def _number(name: str, text: str, kind: type[int] | type[float]) -> float:
    try:
        value = kind(text)
    except ValueError:
        raise ValueError(f"{NAME} option {name}={text!r}: expected "
                         f"{'a whole number' if kind is int else 'a number'}") from None
    if not math.isfinite(value):
        raise ValueError(f"{NAME} option {name}={text!r} must be finite")
    return value


class ISMCTSBot:
    """Single-observer information-set MCTS over the game protocol (see the module text).

    Options (the spec's ``key=value``): ``sims`` simulations a decision (100), ``time``
    seconds a decision instead of ``sims``, ``c`` the exploration constant (0.7, on leads
    scaled to 0..1), ``horizon`` random decisions a playout takes at most (1000: to the
    end); ``horizon=0`` judges the new node by its live scores.  ``seed`` (the
    registry's, or ``seed=N`` in the spec) seeds its generator.
    """

    def __init__(self, seed: int = 0, **options: str) -> None:
        unknown = sorted(set(options) - set(_OPTIONS))
        if unknown:
            raise ValueError(f"{NAME} takes the options {', '.join(_OPTIONS)} "
                             f"(got {', '.join(unknown)})")
        sims = int(_number("sims", options.get("sims", "100"), int))
        c = _number("c", options.get("c", "0.7"), float)
        horizon = int(_number("horizon", options.get("horizon", "1000"), int))
        limit = options.get("time")
        seconds = None if limit is None else _number("time", limit, float)
        if sims < 1 or c < 0 or horizon < 0 or (seconds is not None and seconds <= 0):
            raise ValueError(f"{NAME}: sims must be >= 1, c >= 0, horizon >= 0 and time > 0")
        self.seed = seed
        self.sims = sims
        self.c = c
        self.horizon = horizon
        self.time = seconds
        self._options = {k: options[k] for k in _OPTIONS if k in options}
        self._rng = random.Random(seed)
        self._games: dict[type, Game] = {}

    @property
    def name(self) -> str:
        if not self._options:
            return NAME
        return NAME + ":" + ",".join(f"{k}={v}" for k, v in self._options.items())

    def _game(self, state: GameState) -> Game:
        kind = type(state)
        if kind not in self._games:
            self._games[kind] = game_of(state)
        return self._games[kind]

    def choose(self, state: GameState) -> Action:
        """The most visited root action of a search from ``state`` (ValueError once the
        game is over); ``state`` is not changed."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        stats = self.search(state)
        best = max(stats, key=lambda r: (r.visits, r.mean))
        return best.action

    def search(self, state: GameState) -> list[RootStats]:
        """Search from ``state`` for its current player and give each legal action's
        statistics, in ``legal_actions()`` order (ValueError once the game is over)."""
        me = state.current_player
        if me is None:
            raise ValueError("no legal action: the game is over")
        legal = state.legal_actions()
        allowed = frozenset(legal)
        game = self._game(state)
        rng = self._rng
        root = _Node(me)
        span = [math.inf, -math.inf]            # the least and greatest lead backed up
        deadline = None if self.time is None else _time.monotonic() + self.time
        done = 0
        while (done < self.sims if deadline is None
               else done == 0 or _time.monotonic() < deadline):
            self._simulate(game.determinize(state, me, rng), root, allowed, span, rng)
            done += 1
        out = []
        for a in legal:
            ch = root.children.get(a)
            out.append(RootStats(a, 0, 0.0) if ch is None or ch.n == 0
                       else RootStats(a, ch.n, ch.w / ch.n))
        return out

    def _simulate(self, s: GameState, root: _Node, allowed: frozenset[Action],
                  span: list[float], rng: random.Random) -> None:
        path = [root]
        node = root
        lo, hi = span
        scale = hi - lo if hi > lo else 0.0
        while True:
            mover = s.current_player
            if mover is None:
                break
            acts = s.legal_actions()
            if node is root:
                acts = [a for a in acts if a in allowed]
            fresh: list[Action] = []
            for a in acts:
                ch = node.children.get(a)
                if ch is None:
                    fresh.append(a)
                else:
                    ch.avail += 1
            if fresh:
                a = fresh[rng.randrange(len(fresh))]
                s.apply(a)
                child = _Node(mover)
                node.children[a] = child
                path.append(child)
                break
            best_a, best_u = acts[0], -math.inf
            for a in acts:
                ch = node.children[a]
                q = (ch.w / ch.n - lo) / scale if scale else 0.5
                u = q + self.c * math.sqrt(math.log(ch.avail) / ch.n)
                if u > best_u:
                    best_a, best_u = a, u
            s.apply(best_a)
            node = node.children[best_a]
            path.append(node)
        for _ in range(self.horizon):
            if s.current_player is None:
                break
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
        leads = _leads(s)
        span[0] = min(span[0], *leads)
        span[1] = max(span[1], *leads)
        for nd in path[1:]:
            nd.n += 1
            nd.w += leads[nd.player]
        root.n += 1

    def __repr__(self) -> str:
        return (f"ISMCTSBot(seed={self.seed}, sims={self.sims}, time={self.time}, "
                f"c={self.c}, horizon={self.horizon})")


def _leads(s: GameState) -> list[float]:
    """Each seat's total less the best other seat's (solo: its total)."""
    totals = [float(x.total) for x in s.scores()]
    if len(totals) == 1:
        return totals
    out = []
    for q, t in enumerate(totals):
        out.append(t - max(totals[:q] + totals[q + 1:]))
    return out
