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
from arle.bots.common import Evaluator, candidates, evaluator_option, own_actions
from arle.bots.evaluation import evaluate
from arle.state import State
from arle.view import decision_depth

__all__ = ["GreedyBot", "chain_value", "greedy_step", "in_chain", "value_of"]


def value_of(s: State, p: int, ev: Evaluator | None = None) -> float:
    """The bot's view of a position: its own evaluation, minus the opponent's in a
    two-player game, minus the best opponent's with three players."""
    if ev is None:            # the hand evaluation, called directly (the compiled build)
        ev = evaluate
    v = ev(s, p)
    if s.n == 2:
        v -= ev(s, 1 - p)
    elif s.n > 2:
        v -= max(ev(s, q) for q in range(s.n) if q != p)
    return v


def greedy_step(s: State, p: int, actions: list[Action],
                ev: Evaluator | None = None) -> tuple[Action, State]:
    """The action of ``actions`` whose resulting position evaluates best (one ply)."""
    best_v = -1e18
    best: tuple[Action, State] | None = None
    for a in actions:
        c = s.clone()
        c.apply(a)
        v = evaluate(c, p) if ev is None else ev(c, p)
        if v > best_v:
            best_v = v
            best = (a, c)
    assert best is not None
    return best


def in_chain(s: State, p: int) -> bool:
    """Whether ``p`` is in the middle of a chain of sub-decisions (a pending frame)."""
    return decision_depth(s) > 0 and s.current_player == p and s.phase != "over"


def chain_value(s: State, p: int, limit: int = 12, ev: Evaluator | None = None) -> float:
    """Evaluate ``s`` for ``p`` after completing ``p``'s pending sub-decisions greedily."""
    steps = 0
    while steps < limit and in_chain(s, p):
        legal = s.legal_actions()
        if not legal:
            break
        _a, s = greedy_step(s, p, own_actions(legal), ev)
        steps += 1
    return value_of(s, p, ev)


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
        out = []
        for a in candidates(state):
            c = state.clone()
            c.apply(a)
            out.append((chain_value(c, p, self.chain, self._ev), a))
        return out

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
