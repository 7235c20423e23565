"""The ``greedy`` bot: one decision ahead, judged by the hand-written evaluation.

For every legal action the bot looks at the position it leads to and keeps the best by
:func:`arle.bots.evaluation.evaluate` (its own estimate minus the opponent's with two
players, minus the best opponent's with three: :func:`value_of`).  A worker placement is only worth something once
its sub-decisions are made (the Builder's value is the building), so when an action
opens a chain of sub-decisions for the same player, the chain is completed greedily
(each step again by the evaluation, anytime actions left aside) before the position is
judged; the bot still plays the chain one decision at a time afterwards.

Options (``greedy:key=value``): ``noise=X`` adds uniform noise of amplitude X points to
each action's value (0 by default: the best action, ties broken by the seed);
``chain=N`` caps the sub-decisions completed per look-ahead (default 12);
``eval=hand`` (the default) or ``eval=learned`` chooses the evaluation
(:mod:`arle.bots.learned`), ``model=PATH`` a learned model other than the shipped one.
"""

from __future__ import annotations

import math
import random

from arle.actions import Action
from arle.bots.common import (Evaluator, best_after, candidates, evaluate_all, evaluating,
                              evaluator_option, own_actions)
from arle.state import State
from arle.view import decision_depth

__all__ = ["GreedyBot", "chain_end", "chain_value", "greedy_step", "in_chain", "value_of",
           "values_of"]


def value_of(s: State, p: int, ev: Evaluator | None = None) -> float:
    """The bot's view of a position: its own evaluation, minus the opponent's in a
    two-player game, minus the best opponent's with three players."""
    return values_of([s], p, ev)[0]


def values_of(states: list[State], p: int, ev: Evaluator | None = None) -> list[float]:
    """:func:`value_of` of each of ``states``, positions of one game (the learned
    evaluation judges them in one matrix product per player)."""
    if not states:
        return []
    own = evaluate_all(states, p, ev)
    n = states[0].n
    if n == 2:
        return [v - w for v, w in zip(own, evaluate_all(states, 1 - p, ev))]
    if n > 2:
        others = [evaluate_all(states, q, ev) for q in range(n) if q != p]
        return [v - max(o[i] for o in others) for i, v in enumerate(own)]
    return own


def greedy_step(s: State, p: int, actions: list[Action],
                ev: Evaluator | None = None) -> tuple[Action, State]:
    """The action of ``actions`` whose resulting position evaluates best (one ply)."""
    assert actions
    a, c, _v = best_after(s, p, actions, ev)
    return a, c


def in_chain(s: State, p: int) -> bool:
    """Whether ``p`` is in the middle of a chain of sub-decisions (a pending frame)."""
    return decision_depth(s) > 0 and s.current_player == p and s.phase != "over"


def chain_end(s: State, p: int, limit: int = 12, ev: Evaluator | None = None) -> State:
    """The position after completing ``p``'s pending sub-decisions greedily."""
    steps = 0
    while steps < limit and in_chain(s, p):
        legal = s.legal_actions()
        if not legal:
            break
        _a, s = greedy_step(s, p, own_actions(legal), ev)
        steps += 1
    return s


def chain_value(s: State, p: int, limit: int = 12, ev: Evaluator | None = None) -> float:
    """Evaluate ``s`` for ``p`` after completing ``p``'s pending sub-decisions greedily."""
    return value_of(chain_end(s, p, limit, ev), p, ev)


class GreedyBot:
    """One decision ahead with chains of sub-decisions completed greedily."""

    def __init__(self, seed: int = 0, noise: str | float = 0.0, chain: str | int = 12,
                 eval: str = "hand", model: str | None = None, **options: str) -> None:
        if options:
            raise ValueError(f"unknown greedy option(s): {', '.join(sorted(options))}")
        self.seed = seed
        self.noise = float(noise)
        self.chain = int(chain)
        if not math.isfinite(self.noise) or self.noise < 0 or self.chain < 0:
            raise ValueError("greedy options noise and chain must not be negative")
        self.eval = str(eval)
        self._ev = evaluator_option(self.eval, model, "greedy")
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return "greedy" if self.eval == "hand" else f"greedy:eval={self.eval}"

    def scored_actions(self, state: State) -> list[tuple[float, Action]]:
        """Every legal action with the value the bot gives it."""
        p = state.current_player
        if p is None:
            raise ValueError("no legal action: the game is over")
        acts = candidates(state)
        ends = []
        with evaluating(self._ev):
            for a in acts:
                c = state._fork()           # no history: nothing here reads it
                c._apply_discardable(a)     # no snapshot: c is dropped if it fails
                ends.append(chain_end(c, p, self.chain, self._ev))
            values = values_of(ends, p, self._ev)
        return list(zip(values, acts))

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        rng = self._rng
        best_v = -1e18
        best: list[Action] = []
        for v, a in self.scored_actions(state):
            if self.noise:
                v += rng.uniform(-self.noise, self.noise)
            if v > best_v + 1e-9:
                best_v = v
                best = [a]
            elif v > best_v - 1e-9:
                best.append(a)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed}, noise={self.noise}, chain={self.chain})"
