"""The ``mcts`` bot: Monte-Carlo tree search over macro-actions, with the engine's own
``clone``/``apply`` and the hand-written evaluation at the leaves.

Design (the reasons are in ``docs/BOTS.md``):

* **Macro-actions.**  An edge of the tree is not one atomic decision but a player's whole
  turn fragment: a first action followed by the sub-decisions it opens for the same
  player (the Builder's building, the Master's tools, a destination's sales...).  With
  ``expand=2`` (the default) the first sub-decision is enumerated too: its ``branch``
  best options (by the evaluation one step ahead) each start an edge of their own
  (``place builder`` + ``build mill`` and ``place builder`` + ``build smithy`` are
  different edges); the rest of the chain is completed greedily.  Anytime actions are
  edges too.  Giving animals or equipment back is left aside (see
  :mod:`arle.bots.common`).
* **Evaluation at the leaves.**  Every edge is scored when its node is expanded by the
  evaluation of the position it reaches (:mod:`arle.bots.evaluation`); a node's value is
  then its mover's best edge (one ply of max), optionally refined by a greedy rollout
  of ``depth`` further macro-actions (``rollout=greedy``) or a random one
  (``rollout=random``).  The game has perfect information after setup, so no
  determinisation is needed.
* **Selection.**  UCT on values scaled by ``scale`` points, with every edge's evaluation
  counted as a first visit, and progressive widening: a node considers only its
  ``widen * visits ** 0.5`` best edges (at least 2), in the order of their evaluation,
  which keeps the search on the few placements that matter among many anytime actions.
* **Transpositions.**  Nodes are shared by position (two orders of the same loads reach
  one node); values are backed up along the path that was followed.
* **Values.**  Solo: the estimated final score.  Two players: the difference of the two
  estimates, seen from the player to move at each node.  Three players: a vector, one
  entry per player, each its own estimate minus the best opponent's; the player to move
  at a node picks by its own entry (a max^n search on these relative values).
  ``backup=max`` backs up the best value found below a node, ``backup=mean`` the
  average; ``auto`` (the default) takes ``max`` wherever nobody but the bot chooses in
  the tree (solo, and three players with ``opp=1``, their default) and ``mean``
  otherwise (two players, whatever ``opp``).
* **Plans and tree reuse.**  After a search the bot keeps the chosen macro-action and
  plays its remaining sub-decisions from it without a new search; at its next search the
  part of the previous tree below the new position is kept (``reuse=0`` turns this off).

Options (``mcts:key=value,...``): ``sims`` (expansions per decision, default 150),
``time`` (seconds per decision; when given, it bounds the search instead of ``sims``),
``c`` (exploration, default 0.7), ``scale`` (points per unit of value, default 10),
``widen`` (default 2.0), ``expand`` (1 or 2, default 2), ``branch`` (default 4),
``rollout`` (``none``, ``greedy``, ``random``; default none), ``depth`` (rollout length
in macro-actions, default 4), ``backup`` (``max``, ``mean`` or ``auto``), ``reuse``
(1 or 0), ``eval`` (``auto``, the default: ``learned`` in 2-player base games, where
the shipped model is measured stronger at the same time per search, ``hand``
elsewhere; or ``hand`` or ``learned``: :mod:`arle.bots.learned`) and
``model`` (the learned model's file; default: the shipped one), ``chains`` (``eval``,
the default: the sub-decisions inside a macro-action are chosen by the bot's
evaluation; ``hand``: by the hand evaluation, which is several times cheaper than the
learned one, and only the macro-actions' ends by the bot's) and ``opp`` (0: the
opponents' moves are searched like one's own; N > 0: at an opponent's node only its N
best edges by the evaluation are considered, so the budget goes to one's own choices
and the tree reaches one's next turns; ``auto``, the default: 1 with three players, 0
with one or two).
"""

from __future__ import annotations

import gc
import math
import random
import sys
import threading
import time
from typing import Final

from arle.actions import Action
from arle.bots.common import (EVALS, Evaluator, after, best_after, candidates, evaluate_all,
                              evaluating, evaluator_option, own_actions)
from arle.state import State
from arle.view import decision_depth

__all__ = ["MCTSBot", "macro_actions", "state_key"]


# The cyclic garbage collector is held off while a search runs.  A search allocates
# hundreds of thousands of containers (the states of its tree, which it keeps) and frees
# its other allocations by reference counting alone (it makes no reference cycles), so
# the collector's passes, each over the whole growing tree, found nothing but cost a
# third of the search's time in the compiled build.  Searches of several threads share
# one hold: the collector is turned back on (if it was on) when the last one ends.
#
# When it is turned back on, the objects alive then (the tree the bot keeps for its next
# search, and everything else) are frozen (``gc.freeze``): moved out of the collector's
# generations, so that its next passes do not walk the whole tree once more (the tree,
# all in the youngest generation after a search, made the first pass after each search
# and the next older one cost as much as a third of the search again, 35% of the
# compiled benchmark's time).  Frozen objects are still freed by reference counting;
# only a cycle among them would wait, so once the interpreter's memory blocks
# (``sys.getallocatedblocks``: a counter in CPython 3.11, a pass over the memory pools
# from 3.12, never a walk over the objects as ``gc.get_freeze_count`` is) have grown to
# twice their number after the last full collection, the frozen objects are unfrozen
# and collected in full: the garbage they can hold stays in proportion to what is
# alive, as CPython's own rule for its oldest generation keeps it.  A program that
# freezes objects of its own sees them unfrozen at those collections.
_gc_lock = threading.Lock()
_gc_holds = 0
_gc_was_enabled = False
#: The memory blocks after the last full collection (or the first freeze; 0: none yet).
_gc_frozen_base = 0
#: How many times that number the blocks may grow to before a full collection.
_GC_GROWTH = 2


def _hold_gc() -> None:
    global _gc_holds, _gc_was_enabled
    with _gc_lock:
        if _gc_holds == 0:
            _gc_was_enabled = gc.isenabled()
            if _gc_was_enabled:
                gc.disable()
        _gc_holds += 1


def _release_gc() -> None:
    global _gc_holds
    with _gc_lock:
        _gc_holds -= 1
        if _gc_holds == 0 and _gc_was_enabled:
            _freeze_survivors()
            gc.enable()


def _freeze_survivors() -> None:
    """Freeze the objects alive at the end of a search (see above), after a full
    collection when the memory blocks have grown :data:`_GC_GROWTH` times since the
    last."""
    global _gc_frozen_base
    if not _gc_frozen_base:           # the first search: what is alive is the base
        gc.freeze()
        _gc_frozen_base = sys.getallocatedblocks()
    elif sys.getallocatedblocks() > _GC_GROWTH * _gc_frozen_base:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _gc_frozen_base = sys.getallocatedblocks()
    else:
        gc.freeze()


def state_key(s: State) -> tuple[object, ...]:
    """A hashable summary of everything in the state that matters for play."""
    return s.key()


class _Key:
    """A position's :func:`state_key` with its hash kept, the tree's key by position: a
    tuple computes its hash anew at each use, and the table of the tree is copied at
    each search (the part kept from the previous search, :meth:`MCTSBot._reuse`),
    which hashed every key of it again."""

    __slots__ = ("key", "h")

    def __init__(self, key: tuple[object, ...]) -> None:
        self.key = key
        self.h = hash(key)

    def __hash__(self) -> int:
        return self.h

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, _Key) and self.h == other.h
                                 and self.key == other.key)


#: The tree's nodes by position.
Table = dict[_Key, "_Node"]


#: A value: ``(v,)`` from player 0's side with 1 or 2 players, one entry per player
#: (each its own estimate minus the best opponent's) with three.
Value = tuple[float, ...]


def value_vec(s: State, ev: Evaluator | None = None) -> Value:
    """The value of a position as the search keeps it: with 1 or 2 players ``(v,)``, v
    from player 0's side (the estimated final score in solo, the difference of the
    estimates with two); with more, every player's estimate minus the best of the
    others'."""
    return value_vecs([s], ev)[0]


def value_vecs(states: list[State], ev: Evaluator | None = None) -> list[Value]:
    """:func:`value_vec` of each of ``states``, positions of one game (the learned
    evaluation judges them in one matrix product per player)."""
    if not states:
        return []
    n = states[0].n
    if n == 1:
        return [(v,) for v in evaluate_all(states, 0, ev)]
    est = [evaluate_all(states, q, ev) for q in range(n)]
    if n == 2:
        return [(a - b,) for a, b in zip(est[0], est[1])]
    out = []
    for i in range(len(states)):
        row = [e[i] for e in est]
        out.append(tuple(x - max(row[:q] + row[q + 1:]) for q, x in enumerate(row)))
    return out


def mine(v: Value, p: int | None) -> float:
    """Player ``p``'s side of a value (``p`` None, a finished game: player 0's)."""
    if len(v) == 1:
        return -v[0] if p == 1 else v[0]
    return v[0 if p is None else p]


def _vmax(a: Value, b: Value) -> Value:
    if len(a) == 1:
        return a if a[0] > b[0] else b
    return tuple(x if x > y else y for x, y in zip(a, b))


def _count(x: str | int) -> int:
    try:
        return int(x)
    except ValueError:
        raise ValueError(f"mcts opp must be auto or a whole number, not {x!r}") from None


def _in_chain(s: State, p: int) -> bool:
    return decision_depth(s) > 0 and s.phase != "over" and s.current_player == p


def complete(s: State, p: int, limit: int = 12,
             ev: Evaluator | None = None) -> tuple[list[Action], State, float | None]:
    """Finish ``p``'s pending sub-decisions greedily (one ply, by the evaluation).

    Returns the actions, the position reached and its evaluation for ``p`` (None when
    no sub-decision was pending)."""
    seq: list[Action] = []
    best_v: float | None = None
    forced = False
    while len(seq) < limit and _in_chain(s, p):
        best_v = -1e18
        forced = False
        acts = own_actions(candidates(s))
        if not acts:
            break
        if len(acts) == 1:         # nothing to choose: judged only if it ends the chain
            a = acts[0]
            s = after(s, a)
            forced = True
        else:
            a, s, best_v = best_after(s, p, acts, ev)
        seq.append(a)
    if forced:
        best_v = evaluate_all([s], p, ev)[0]
    return seq, s, best_v


Macro = tuple[tuple[Action, ...], State, float | None]


def macro_actions(s: State, expand: int = 2, branch: int = 4,
                  ev: Evaluator | None = None, chains: str = "eval") -> list[Macro]:
    """The macro-actions of the player to move in ``s``.

    Each is (actions, resulting state, the mover's evaluation of it or None).  With
    ``expand=2`` the first sub-decision of a chain is enumerated: its ``branch`` best
    options by the evaluation one step ahead each start a macro-action of their own.
    With ``chains="hand"`` the sub-decisions are judged by the hand evaluation whatever
    ``ev`` is, and no macro-action's evaluation is returned (None): the caller judges
    the ends by ``ev``.
    """
    p = s.current_player
    assert p is not None
    hand = chains == "hand"
    cev = None if hand else ev
    out: list[Macro] = []
    for a in candidates(s):
        c = s._fork()                  # a search's copy: no history kept
        c._apply_discardable(a)     # no snapshot: c is dropped if the apply fails
        if expand >= 2 and _in_chain(c, p):
            subs = own_actions(candidates(c))
            if len(subs) > 1:
                kids = [after(c, b) for b in subs]
                firsts = list(zip(evaluate_all(kids, p, cev), subs, kids))
                if len(firsts) > branch:
                    firsts.sort(key=lambda t: -t[0])
                    firsts = firsts[:branch]
                for v0, b, c2 in firsts:
                    rest, end, v = complete(c2, p, 12, cev)
                    out.append(((a, b, *rest), end,
                                None if hand else v0 if v is None else v))
                continue
        rest, end, v = complete(c, p, 12, cev)
        out.append(((a, *rest), end, None if hand else v))
    return out


#: A value of one entry, before any is known (a node's best) and while none is set.
_LOWEST_1: Final[Value] = (-1e18,)
_ZERO_1: Final[Value] = (0.0,)


class _Node:
    __slots__ = ("state", "mover", "edges", "n", "w", "best", "expanded", "value")

    def __init__(self, state: State) -> None:
        self.state = state
        self.mover = state.current_player      # None when the game is over
        self.edges: tuple[_Edge, ...] = ()      # set when the node is expanded
        self.n = 0
        self.expanded = False
        k = state.n
        if k <= 2:                             # one value: the tuples are shared
            self.w: list[float] = [0.0]
            self.best: Value = _LOWEST_1
            self.value: Value = _ZERO_1        # value (see Value) when created
        else:
            self.w = [0.0] * k
            self.best = (-1e18,) * k
            self.value = (0.0,) * k


class _Edge:
    __slots__ = ("actions", "child", "prior")

    def __init__(self, actions: tuple[Action, ...], child: _Node, prior: Value) -> None:
        self.actions = actions
        self.child = child
        self.prior = prior                     # value of the reached position (see Value)


class MCTSBot:
    """Monte-Carlo tree search over macro-actions (see the module docstring)."""

    def __init__(self, seed: int = 0, sims: str | int = 150, time: str | float | None = None,
                 c: str | float = 0.7, scale: str | float = 10.0, widen: str | float = 2.0,
                 expand: str | int = 2, branch: str | int = 4, rollout: str = "none",
                 depth: str | int = 4, backup: str = "auto", reuse: str | int = 1,
                 eval: str = "auto", model: str | None = None, opp: str | int = "auto",
                 chains: str = "eval", **options: str) -> None:
        if options:
            raise ValueError(f"unknown mcts option(s): {', '.join(sorted(options))}")
        self.seed = seed
        self.sims = int(sims)
        self.time = None if time is None else float(time)
        self.c = float(c)
        self.scale = float(scale)
        self.widen = float(widen)
        self.expand = int(expand)
        self.branch = int(branch)
        self.rollout = str(rollout)
        self.depth = int(depth)
        self.backup = str(backup)
        self.reuse = str(reuse).lower() not in ("0", "false", "no")
        self.opp: int | None = None if str(opp) == "auto" else _count(opp)
        if self.opp is not None and self.opp < 0:
            raise ValueError("mcts opp must be auto, 0 (search the opponents' moves like "
                             "one's own) or the number of their best edges to consider")
        self._me: int | None = None
        self._k_opp = 0                        # the opp in force for the current search
        self._table: Table = {}
        if not all(math.isfinite(x) for x in (self.c, self.scale, self.widen,
                                               self.time if self.time is not None else 0.0)):
            raise ValueError("mcts options c, scale, widen and time must be finite numbers")
        if self.rollout not in ("none", "greedy", "random"):
            raise ValueError("mcts rollout must be none, greedy or random")
        if self.backup not in ("auto", "max", "mean"):
            raise ValueError("mcts backup must be auto, max or mean")
        self.chains = str(chains)
        if self.chains not in ("eval", "hand"):
            raise ValueError("mcts chains must be eval (sub-decisions judged by the bot's "
                             "evaluation) or hand (by the hand evaluation)")
        if self.sims < 1 or (self.time is not None and self.time <= 0) or self.scale <= 0:
            raise ValueError("mcts sims, time and scale must be positive")
        if self.branch < 1:
            raise ValueError("mcts branch must be at least 1")
        if self.expand not in (1, 2) or self.depth < 0 or self.widen <= 0 or self.c < 0:
            raise ValueError("mcts expand must be 1 or 2; depth, widen and c non-negative")
        self.eval = str(eval)
        if self.eval != "auto" and self.eval not in EVALS:
            raise ValueError(f"mcts eval must be one of auto, {', '.join(EVALS)}, not "
                             f"{self.eval!r}")
        if self.eval == "auto":              # chosen per game at each search (_eval_for)
            if model is not None:
                raise ValueError("mcts option model= needs eval=learned")
            self._ev = None
        else:
            self._ev = evaluator_option(self.eval, model, "mcts")
        self._learned: Evaluator | None = None
        self._rng = random.Random(seed)
        self._plan: tuple[int, tuple[str, ...], tuple[Action, ...]] | None = None
        self.last_stats: dict[str, float] = {}

    def _opp_for(self, players: int) -> int:
        """The ``opp`` of a game of ``players``: the option, or with ``auto`` 1 from three
        players on (each opponent plays its best edge) and 0 below."""
        if self.opp is not None:
            return self.opp
        return 1 if players >= 3 else 0

    def _eval_for(self, s: State) -> Evaluator | None:
        """The evaluation of ``s``'s game with ``eval=auto``: the shipped learned model
        for 2-player base games (measured stronger than the hand evaluation at the same
        time per search: BENCHMARKS.md), the hand evaluation (None) for the others."""
        if s.n != 2 or s.setup.get("expansion"):
            return None
        if self._learned is None:
            self._learned = evaluator_option("learned", None, "mcts")
        return self._learned

    @property
    def name(self) -> str:
        return "mcts" if self.eval in ("auto", "hand") else f"mcts:eval={self.eval}"

    # ------------------------------------------------------------------ public
    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        planned = self._from_plan(state, legal)
        if planned is not None:
            return planned
        cands = candidates(state, legal)
        if len(cands) == 1:
            return cands[0]
        if self.eval == "auto":
            self._ev = self._eval_for(state)
        _hold_gc()
        try:
            with evaluating(self._ev):
                actions = self._search(state)
        finally:
            _release_gc()
        self._plan = (len(state.history), tuple(state.history[-8:]), actions)
        return actions[0]

    # ------------------------------------------------------------------ plans
    def _from_plan(self, state: State, legal: list[Action]) -> Action | None:
        if self._plan is None:
            return None
        base, tail, actions = self._plan
        hist = state.history
        i = len(hist) - base
        if not 0 < i < len(actions):
            return None
        if tuple(hist[base - len(tail):base]) != tail:
            return None
        if [str(a) for a in actions[:i]] != hist[base:]:
            return None
        nxt = actions[i]
        return nxt if nxt in legal else None

    # ------------------------------------------------------------------ search
    def _search(self, root_state: State) -> tuple[Action, ...]:
        t0 = time.perf_counter()
        deadline = None if self.time is None else t0 + self.time
        solo = root_state.n == 1
        self._me = root_state.current_player
        self._k_opp = self._opp_for(root_state.n)
        # With opp=1 and three or more players nobody else chooses in the tree; two
        # players keep the mean, their one value being player 0's side, not the mover's.
        use_max = self.backup == "max" or (self.backup == "auto" and (
            solo or (root_state.n >= 3 and self._k_opp == 1)))
        root, table = self._reuse(root_state) if self.reuse else (None, {})
        if root is None:
            root = _Node(root_state._fork())
            table = {}
            self._expand(root, table)
        sims = 1
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif sims >= self.sims:
                break
            if not self._iterate(root, table, use_max):
                break                      # the whole tree is solved
            sims += 1
        best = self._final(root, use_max)
        self.last_stats = {"sims": float(sims), "nodes": float(len(table)),
                           "root_visits": float(root.n), "opp": float(self._k_opp),
                           "backup_max": float(use_max),
                           "seconds": time.perf_counter() - t0}
        self._table = table
        return best.actions

    def _reuse(self, state: State) -> tuple[_Node | None, Table]:
        """The node of ``state`` in the previous search's tree, if any, with the part of
        that tree reachable from it (the rest is dropped)."""
        old = self._table
        self._table = {}
        if not old:
            return None, {}
        root = old.get(_Key(state_key(state)))
        if root is None or not root.expanded or root.mover != state.current_player:
            return None, {}
        keep: dict[int, _Node] = {id(root): root}
        todo = [root]
        while todo:
            nd = todo.pop()
            for e in nd.edges:
                ch = e.child
                if id(ch) not in keep:
                    keep[id(ch)] = ch
                    todo.append(ch)
        table = {k: nd for k, nd in old.items() if id(nd) in keep}
        return root, table

    def _final(self, root: _Node, use_max: bool) -> _Edge:
        p = root.mover

        def key(e: _Edge) -> tuple[float, float]:
            ch = e.child
            if use_max:
                if not ch.n:
                    return (mine(e.prior, p), ch.n)
                if len(e.prior) == 1:
                    return (mine((max(ch.best[0], e.prior[0]),), p), ch.n)
                return (max(mine(ch.best, p), mine(e.prior, p)), ch.n)
            return (ch.n, mine(tuple(w / ch.n for w in ch.w) if ch.n else e.prior, p))

        return max(root.edges, key=key)

    def _edge_value(self, e: _Edge, use_max: bool) -> Value:
        ch = e.child
        if ch.n == 0:
            return e.prior
        if use_max:
            return _vmax(ch.best, e.prior)
        return tuple((w + q) / (ch.n + 1) for w, q in zip(ch.w, e.prior))

    def _iterate(self, root: _Node, table: Table,
                 use_max: bool) -> bool:
        path = [root]
        node = root
        while node.expanded and node.edges:
            edge = self._select(node, use_max)
            if edge is None:
                return node is not root and self._backup(path, node.best, use_max)
            node = edge.child
            if node in path:                # a cycle through a transposition: stop here
                break
            path.append(node)
        if node.mover is None or not node.expanded:
            value = self._expand(node, table) if node.mover is not None else node.value
        else:
            value = node.best if node.n else node.value
        return self._backup(path, value, use_max)

    def _backup(self, path: list[_Node], value: Value, use_max: bool) -> bool:
        for nd in path:
            nd.n += 1
            w = nd.w
            for i, x in enumerate(value):
                w[i] += x
            nd.best = _vmax(value, nd.best)
        return True

    def _select(self, node: _Node, use_max: bool) -> _Edge | None:
        edges = node.edges
        p = node.mover
        if self._k_opp and p != self._me:
            k = self._k_opp            # an opponent plays one of its best-looking edges
        else:
            k = max(2, int(self.widen * math.sqrt(node.n + 1)))
        log_n = math.log(node.n + 1)
        best_u = -1e18
        best: _Edge | None = None
        for e in edges[:k]:
            ch = e.child
            if ch.mover is None and ch.n > 0 and use_max:
                q = mine(ch.value, p)         # a finished game: nothing left to learn
                u = q / self.scale
            else:
                q = mine(self._edge_value(e, use_max), p)
                u = q / self.scale + self.c * math.sqrt(log_n / (ch.n + 1))
            if u > best_u:
                best_u, best = u, e
        return best

    def _expand(self, node: _Node, table: Table) -> Value:
        s = node.state
        node.expanded = True
        if s.phase == "over" or s.current_player is None:
            node.value = value_vec(s, self._ev)
            return node.value
        mover = s.current_player
        found: list[tuple[tuple[Action, ...], _Node]] = []
        fresh: list[_Node] = []              # new nodes whose value is still to come
        # The children met so far, by identity: one node per key in the table, so a
        # key met twice is its node met twice (and a key is hashed only to look it up).
        seen: set[int] = set()
        for actions, end, v in macro_actions(s, self.expand, self.branch, self._ev,
                                             self.chains):
            # one hash of the key: a new node, kept if the key is new (most are)
            new = _Node(end)
            child = table.setdefault(_Key(state_key(end)), new)
            if child is new:
                if v is not None and end.n == 1:
                    child.value = (v,)
                else:
                    fresh.append(child)
            elif id(child) in seen:
                continue
            seen.add(id(child))
            found.append((actions, child))
        for nd, val in zip(fresh, value_vecs([nd.state for nd in fresh], self._ev)):
            nd.value = val
        edges = [_Edge(actions, child, child.value) for actions, child in found]
        rng = self._rng
        edges.sort(key=lambda e: (-mine(e.prior, mover), rng.random()))
        node.edges = tuple(edges)
        value = edges[0].prior if edges else value_vec(s, self._ev)
        if self.rollout != "none" and edges:
            value = self._rollout(edges[0].child.state)
        node.value = value
        return value

    # ------------------------------------------------------------------ rollouts
    def _rollout(self, s: State) -> Value:
        s = s._fork()
        rng = self._rng
        for _ in range(self.depth):
            if s.phase == "over":
                break
            p = s.current_player
            assert p is not None
            if self.rollout == "random":
                acts = candidates(s)
                s._apply_discardable(acts[rng.randrange(len(acts))])
                continue
            best_v = -1e18
            best_s = s
            for _actions, end, _v in macro_actions(s, 1, 4, self._ev):
                v = mine(value_vec(end, self._ev), p)
                if v > best_v:
                    best_v, best_s = v, end
            s = best_s
        return value_vec(s, self._ev)

    def __repr__(self) -> str:
        return (f"MCTSBot(seed={self.seed}, sims={self.sims}, time={self.time}, c={self.c}, "
                f"expand={self.expand}, rollout={self.rollout})")
