"""Helpers shared by the greedy and search bots: which legal actions are worth a look.

Two anytime actions never help the player who takes them on their own: giving an
animal back (``release``) and giving equipment back (``return``).  Animals that do not
fit are given back inside the ``house`` frame, whose only actions are releases, and
equipment only needs to go back to make room for new equipment in a full barn.  So the
bots leave ``release`` aside unless it is all there is, and ``return`` unless the barn
is full.  Everything else stays: a bot's choice is always one of ``legal_actions()``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext

from arle import ANYTIME_VERBS
from arle.actions import Action
from arle.bots.evaluation import evaluate, tuned_evaluator
from arle.state import State
from arle.view import barn_has_room

__all__ = ["ANYTIME_VERBS", "EVALS", "Evaluator", "after", "best_after", "candidates",
           "barn_full", "evaluate_all", "evaluating", "evaluator_option", "own_actions"]

#: ``evaluate``-shaped: a player's estimated final score in a position.
Evaluator = Callable[[State, int], float]
#: The evaluations a bot's ``eval=`` option names.
EVALS = ("hand", "learned", "tuned")


def evaluator_option(name: str, model: str | None, bot: str) -> Evaluator | None:
    """The evaluation of a bot's ``eval=NAME`` (and ``model=PATH``) options; None for
    the hand evaluation, which the bots then call directly (faster when compiled)."""
    if name not in EVALS:
        raise ValueError(f"{bot} eval must be one of {', '.join(EVALS)}, not {name!r}")
    if name in ("hand", "tuned") and model is not None:
        raise ValueError(f"{bot} option model= needs eval=learned")
    if name == "hand":
        return None
    if name == "tuned":
        return tuned_evaluator()
    # Imported by name, on demand: the learned evaluation needs numpy and the research
    # observation, which bots with the hand evaluation need not load, and its module
    # stays pure, outside the type check of this compiled one (setup.py).
    learned = importlib.import_module("arle.bots.learned")
    ev: Evaluator = learned.learned_evaluator(model)
    return ev


def evaluate_all(states: Sequence[State], p: int, ev: Evaluator | None = None) -> list[float]:
    """Player ``p``'s evaluation of each of ``states`` (the hand one with ``ev`` None).
    An evaluator with a ``many`` method (the learned one) judges them all in one call,
    one matrix product (the same values as one call per position, to the float32
    rounding of the product: about 1e-5 points)."""
    if ev is None:
        return [evaluate(s, p) for s in states]
    many = getattr(ev, "many", None)
    if many is None:
        return [ev(s, p) for s in states]
    out: list[float] = many(states, p)
    return out


def evaluating(ev: Evaluator | None) -> AbstractContextManager[object]:
    """The block of a bot's many evaluations with ``ev``: the evaluator's own
    ``session()`` if it has one (the learned one keeps BLAS on one thread for it),
    else nothing to do."""
    session = getattr(ev, "session", None)
    if session is None:
        return nullcontext()
    block: AbstractContextManager[object] = session()
    return block


def after(s: State, a: Action) -> State:
    """A search's copy of ``s`` (:meth:`State._fork`: no history) with ``a`` applied."""
    c = s._fork()
    c._apply_discardable(a)     # no snapshot: c is dropped if the apply fails
    return c


def best_after(s: State, p: int, actions: list[Action],
               ev: Evaluator | None = None) -> tuple[Action, State, float]:
    """The action of ``actions`` (not empty) whose resulting position player ``p``'s
    evaluation rates best (the first of equals), that position and its value."""
    if ev is None or getattr(ev, "many", None) is None:
        # An evaluation of one position at a time (the hand one, or other weights):
        # each position is judged as it is made and dropped at once unless it is the
        # best so far (the next copy reuses its memory), the same choice and value as
        # judging the list.  An evaluator with ``many`` judges the list in one call.
        best_a = actions[0]
        best_s = after(s, best_a)
        best_v = evaluate(best_s, p) if ev is None else ev(best_s, p)
        for i in range(1, len(actions)):
            a = actions[i]
            c = after(s, a)
            v = evaluate(c, p) if ev is None else ev(c, p)
            if v > best_v:
                best_a, best_s, best_v = a, c, v
        return best_a, best_s, best_v
    kids = [after(s, a) for a in actions]
    vals = evaluate_all(kids, p, ev)
    best = 0
    for i in range(1, len(vals)):
        if vals[i] > vals[best]:
            best = i
    return actions[best], kids[best], vals[best]


def barn_full(s: State, p: int) -> bool:
    """Whether player ``p``'s barn has no room left for a small or for a large item."""
    return not barn_has_room(s, p, "wagon") or not barn_has_room(s, p, "cart")


def candidates(s: State, legal: list[Action] | None = None) -> list[Action]:
    """The legal actions of ``s`` worth considering (never empty while the game runs)."""
    if legal is None:
        legal = s.legal_actions()
    p = s.current_player
    keep_return: bool | None = None
    out = []
    for a in legal:
        v = a.verb
        if v == "release":
            continue
        if v == "return":
            if keep_return is None:
                keep_return = p is not None and barn_full(s, p)
            if not keep_return:
                continue
        out.append(a)
    return out if out else list(legal)


def own_actions(legal: list[Action]) -> list[Action]:
    """A pending frame's own actions, without the anytime ones (all of them if that
    leaves nothing, e.g. the ``house`` frame whose own verb is ``release``)."""
    own = [a for a in legal if a.verb not in ANYTIME_VERBS]
    return own if own else legal
