"""The ``plan`` bot: a planner for the solo game, by nested Monte Carlo search over whole
games, which keeps the best line it has found and improves it from one decision to the
next.

Why a planner.  After the setup a solo game draws nothing (the only random draws of the
engine, the buildings and the start player, happen in :func:`arle.new_game`): every
action has one known outcome, so a solo game is a deterministic puzzle with perfect
information, and a line of actions found once can be played as it is.  The hand
evaluation (:mod:`arle.bots.evaluation`) that guides ``greedy`` and ``mcts`` cannot see
what a drawn building will be worth at the end; the scores of real game ends can.

How.  Nested Monte Carlo search (Cazenave 2009), level 1, over macro-actions (a first
action and the sub-decisions it opens: :func:`arle.bots.mcts.macro_actions`), with the
best sequence memorised:

* **Playouts** play a game to its end with the ``greedy`` bot's policy (each decision
  by the evaluation one step ahead, chains of sub-decisions completed before judging),
  and score it by the real scoring pad of the end (``state.scores()[0].total``).  The
  evaluation of the playouts in the base game is the hand one's features with weights
  tuned for this policy's own final score
  (:func:`arle.bots.evaluation.tuned_evaluator`): from positions of noisy games greedy
  on them ends some 6 points above greedy on the learned model
  (:mod:`arle.bots.learned`) and 14 above the hand weights, at the hand one's cost
  (BENCHMARKS.md, "The solo planner"); in Tea & Trade the hand one.
* **A step** at a position on the best line tries its ``width`` best macro-actions by
  the playouts' evaluation (``order=playout``, the default: the tuned or learned one
  where the playouts use it, so the first tries are the moves the playout policy itself
  rates best; ``order=hand``: by the hand evaluation, as the first versions did): each
  one's playout completes a whole game; a complete game better than the best line
  replaces it. The step then moves one macro-action down the best line and starts again:
  the *walk*. A deterministic playout is remembered at every position it passes through
  (with its score and the rest of its actions), so trying the best line's own next
  macro-action, or any move into a position a playout already crossed, costs nothing.
* **Anytime, across decisions.**  The bot object keeps the best line and how far the
  walk has gone.  Each decision gives the walk ``time`` seconds (or ``playouts``
  playouts): if the position asked about is on the best line the search continues where
  it stopped, so the time of every decision adds to one search; otherwise (another
  game, or a position the line does not reach) it starts again from that position.
  The bot plays the best line's next action.
* **Passes.**  When the walk reaches the end of the game, a new pass starts from the
  position of the game being played.  The second pass tries twice as many
  macro-actions per step, with the first sub-decision of each enumerated too (the
  building a Builder builds, the tools a Master takes: ``expand=2``).  The playouts of
  the first two passes are deterministic and remembered by position (no playout is
  played twice; where two passed through a position, the better is kept); from the
  third pass on they add noise of ``noise`` points to the greedy policy's values,
  seeded, so each pass tries new lines.

Options (``plan:key=value,...``): ``time`` (seconds per decision, default 2),
``playouts`` (playouts per decision instead of a time: deterministic for a seed),
``width`` (macro-actions tried per step, default 10), ``noise`` (points of noise in the
playouts of the later passes, default 2), ``clock`` (``wall``, the default: ``time`` is
seconds on the wall; ``cpu``: seconds of the searching thread's processor time, a fair
budget on a machine that other jobs share), ``rollout`` (the playouts' evaluation:
``auto``, the default, the tuned weights in the base game, else the learned one where a
model is shipped, else the hand one; ``hand``; ``tuned``; ``learned``, refused at the
first search of a game without a model), ``order`` (``playout`` or ``hand``: how a step
ranks its macro-actions, above), ``invest`` (``1``: a step also tries every macro-action
whose first sub-decision takes a vehicle or a ship, whatever its rank; default ``0``),
``starts`` (``1``: a new search starts from the best of the greedy line and the forced
lines of :func:`forced_playout`, which take a large vehicle, a Trading Ship, or both, at
their first chance, their greedy policy pulled toward the Wood they need until then;
default ``1``; ``0``: from the greedy line alone; ``2``: as ``1``, then the walk's
playouts take turns with the forced lines of the building goals, :func:`building_goals`
and then :func:`goal_pairs`, each from the position being played, the better line kept:
measured weaker at a game's time, kept to compare), ``book`` (``1``, the default: a step
at the first decision of the game tries the moves of the opening book :data:`OPENINGS`
first; ``0``: in the evaluation's order), ``method`` (``nested``, the default, the
search above; ``nrpa``: nested rollout policy adaptation, Rosin 2011, by :class:`_Nrpa`,
with ``level`` (default 3), ``iterations`` per level (default 100) and ``alpha`` (the
adaptation's step, default 1): measured weaker within a game's time, kept to compare).
Solo games only: with more players the game is not a puzzle (the opponents answer), and
``mcts`` is the bot for it.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time as _time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import AbstractContextManager
from typing import NamedTuple

from arle.actions import Action
from arle.bots.common import (Evaluator, after, candidates, evaluate_all, evaluating,
                               own_actions)
from arle.bots.evaluation import evaluate, tuned_evaluator
from arle.data.catalog import BUILDING_COST, LARGE, WOOD
from arle.data.tea_trade import SHIP_KIND, TT_BUILDING_COST
from arle.bots.greedy import GreedyBot
from arle.bots.mcts import _in_chain, complete, macro_actions
from arle.state import State
from arle.view import decision_depth

__all__ = ["Line", "PlanBot", "branch_point", "forced_playout", "playout", "terminal_score"]

#: A line: the actions from a position to the end of the game, and the final score.
Line = tuple[float, tuple[Action, ...]]
#: How many positions the playouts' memory holds before it keeps only the positions
#: the playouts start from (a position's key is about 1.7 kB: some 700 MB; a game at
#: 2 s a decision fills a fraction of it, a long ``arle solve`` may fill it).
MEMO_LIMIT = 400_000
#: The verbs of the investments a step tries whatever their rank with ``invest=1``:
#: a vehicle or a ship (they pay over the later actions that use them, which a
#: greedy continuation may not take, so a step's one playout often undervalues them).
INVEST_VERBS = frozenset({"vehicle", "ship"})
#: The portfolio of a long :meth:`PlanBot.solve` (:meth:`PlanBot._portfolio`): the
#: share of the time its games take in one process (with several, all of it), at most
#: how many games a process plays, how many of them start from a first move alone
#: (the others from a pair, :meth:`PlanBot._openings`), and a game's time in the
#: games' own playouts (greedy on the playouts' evaluation, ``rollout=``) from the
#: solve's position, measured there (the median of ``UNIT_PLAYOUTS``: with the tuned
#: weights, some 12 seconds of the compiled build from a setup, 45 of the pure one).
#: Below ``PORTFOLIO_MIN_SECONDS`` a solve does not measure it (a few games at most fit).
SCREEN_SHARE = 0.85
SCREEN_MAX = 48
SINGLES = 8
SCREEN_PLAYOUTS = 350
PORTFOLIO_MIN_SECONDS = 20.0
UNIT_PLAYOUTS = 3
#: The portfolio's last games branch from the best line found so far
#: (:meth:`PlanBot._branch`) when the time holds at least ``BRANCH_MIN_GAMES`` games:
#: ``BRANCH_SHARE`` of their time (that of as many games, rounded down), each at the
#: next point of :func:`branch_point` (a fraction of the line's worker placements with
#: a choice, from the solve's position, between ``BRANCH_FROM`` and ``BRANCH_TO``).
BRANCH_MIN_GAMES = 10
BRANCH_SHARE = 0.5
BRANCH_FROM = 0.3
BRANCH_TO = 0.85
#: The playouts' evaluations (``rollout=``): ``auto`` (``tuned`` in the base game, else
#: the learned one where a model is shipped for the game, else the hand one), ``hand``,
#: ``learned``, and ``tuned`` (the hand features with the weights tuned for the solo
#: base game's greedy playouts: :func:`arle.bots.evaluation.tuned_evaluator`).
ROLLOUTS = ("auto", "hand", "learned", "tuned")


def branch_point(j: int) -> float:
    """Where the ``j``-th branch game (from 0) leaves the best line: a fraction of its
    placements with a choice, from :data:`BRANCH_FROM` to :data:`BRANCH_TO`, by the
    base-2 van der Corput sequence (the middle, then the quarters, then the eighths...),
    so that each game leaves the line at a placement the earlier ones left alone,
    spread evenly over it.

    >>> [round(branch_point(j), 4) for j in range(4)]
    [0.575, 0.4375, 0.7125, 0.3688]
    """
    x, f, k = 0.0, 0.5, j + 1
    while k:
        if k & 1:
            x += f
        k >>= 1
        f /= 2
    return BRANCH_FROM + (BRANCH_TO - BRANCH_FROM) * x


def terminal_score(s: State) -> float:
    """The final score of a finished solo game (the scoring pad's total)."""
    return float(s.scores()[0].total)


def _value(s: State, v: float | None) -> float:
    """What a playout compares: the real score at the end, else the evaluation."""
    if s.phase == "over":
        return terminal_score(s)
    return evaluate(s, 0) if v is None else v


def _macros(s: State, expand: int,
            ev: Evaluator | None = None) -> list[tuple[float, tuple[Action, ...], State]]:
    """The macro-actions of ``s`` with their values, best first (the first of equals,
    in the engine's action order): by :func:`_value` (the hand evaluation), or with
    ``ev`` by that evaluation (sub-decisions completed by it too; the real score at a
    game's end)."""
    if ev is None:
        out = [(_value(end, v), acts, end) for acts, end, v in macro_actions(s, expand, 4)]
    else:
        out = [(terminal_score(end) if end.phase == "over" else ev(end, 0) if v is None
                else v, acts, end)
               for acts, end, v in macro_actions(s, expand, 4, ev)]
    order = sorted(range(len(out)), key=lambda i: (-out[i][0], i))
    return [out[i] for i in order]


def _is_investment(a: Action) -> bool:
    return a.verb in INVEST_VERBS


def _investments(s: State, ev: Evaluator | None,
                 want: Callable[[Action], bool] = _is_investment
                 ) -> list[tuple[float, tuple[Action, ...], State]]:
    """The macro-actions of ``s`` whose first sub-decision is an investment
    (``want``; by default :data:`INVEST_VERBS`: a vehicle, a ship), each of them, the
    rest of the chain completed by the evaluation: a pass's macro-actions complete a
    chain greedily, and greedy often takes nothing at the Wainwright's or the
    Sailmaker's (``done``)."""
    p = s.current_player
    out: list[tuple[float, tuple[Action, ...], State]] = []
    if p is None:
        return out
    for a in candidates(s):
        c = s._fork()
        c._apply_discardable(a)
        if not _in_chain(c, p):
            continue
        for b in own_actions(candidates(c)):
            if want(b):
                rest, end, _v = complete(after(c, b), p, 12, ev)
                out.append((0.0, (a, b, *rest), end))
    return out


def large_vehicle(a: Action) -> bool:
    """Whether ``a`` takes a large vehicle (the one the equipment's -3 asks for)."""
    return a.verb == "vehicle" and bool(a.args) and a.args[0] in LARGE


def trading_ship(a: Action) -> bool:
    """Whether ``a`` acquires a Trading Ship (Tea & Trade)."""
    return (a.verb == "ship" and bool(a.args)
            and SHIP_KIND.get(str(a.args[0])) == "trading_ship")


class Need(NamedTuple):
    """What a forced line's policy is pulled toward holding until it has made its
    investment: ``fixed``, (resource, count) pairs; ``either``, (resource a, resource b,
    count) triples (that many of whichever of the two is held more); ``points``, the
    pull when all of it is held, a share of it per unit held (:meth:`pull`)."""

    fixed: tuple[tuple[int, int], ...] = ()
    either: tuple[tuple[int, int, int], ...] = ()
    points: float = 0.0

    def pull(self, res: Sequence[int]) -> float:
        """The points the policy adds for the resources ``res`` held."""
        units = got = 0
        for r, n in self.fixed:
            units += n
            got += min(res[r], n)
        for a, b, n in self.either:
            units += n
            got += min(max(res[a], res[b]), n)
        return self.points * got / units if units else 0.0


#: Points a forced line's policy adds per Wood held, up to the Wood its next
#: investment needs, until it has made it: greedy spends Wood as it comes (on Fishing
#: Cutters, buildings), so without a pull the chance to pay for the investment may
#: never come.
WOOD_PULL = 2.0


def wood_need(wood: int) -> Need:
    """:data:`WOOD_PULL` points per Wood held, up to ``wood``."""
    return Need(((WOOD, wood),), (), WOOD_PULL * wood)


#: The opening book (``book=1``): the macro-actions a step at the first decision of a
#: solo game tries first, by the game (its expansion; None: the base game).  The
#: evaluation that orders a step rates the first moves badly: over the base game's
#: tuning setups 1000-1019, the first move whose greedy playout scores best is ``place
#: fisherman take sheep`` on 10 setups (mean 109.9, the best mean) where the learned
#: evaluation ranks it 9.4th on average, beyond what the first decision's time tries;
#: then by mean the Grocer's cattle (106.2) and the Carpenter's stall (106.2)
#: (``scripts/plan-openings.py --seed 1000 --games 20``; BENCHMARKS.md, "The solo
#: planner", round 5).
OPENINGS: dict[str | None, tuple[str, ...]] = {
    None: ("place fisherman take sheep", "place grocer_summer take cattle",
           "place carpenter_summer stall")}


def opening_order(s: State, ranked: list[tuple[float, tuple[Action, ...], State]]
                  ) -> list[tuple[float, tuple[Action, ...], State]]:
    """``ranked`` (the macro-actions of the first decision of the solo game ``s``) with
    the moves of :data:`OPENINGS` for its game first, in the book's order, then the
    others in their order."""
    book = OPENINGS.get(s.setup.get("expansion"), ())
    texts = [" ".join(map(str, m[1])) for m in ranked]
    first = [ranked[texts.index(b)] for b in book if b in texts]
    return first + [m for m in ranked if all(m is not f for f in first)]


#: The first moves of the book's forced first lines (``book=1`` with ``starts=1``): at
#: the first decision of a solo game the forced lines are played after each of these
#: moves instead of from the setup (by the game, as :data:`OPENINGS`).  In Tea & Trade,
#: over tuning setups 1000-1007, the first move whose forced lines score best is the
#: Colonist taking a horse and dehydrating, on each setup, at 121 (then the large
#: vehicle's line), where the forced lines from the setup make 103.5-114.5
#: (``scripts/plan-openings.py --expansion tea-and-trade --forced --games 8``;
#: BENCHMARKS.md, "The solo planner", round 5).  The base game has none: there the
#: vehicle's forced line is mostly the greedy one.
OPENING_STARTS: dict[str | None, tuple[str, ...]] = {
    "tea-and-trade": ("place colonist take horse+dehydrate",)}


def opening_starts(s: State, ev: Evaluator | None
                   ) -> list[tuple[str, tuple[Action, ...], State]]:
    """The moves of :data:`OPENING_STARTS` for the game of ``s`` (at its first
    decision) that are macro-actions of ``s`` (sub-decisions completed by ``ev``, as a
    step's are): each one's text, actions and the position after them."""
    book = OPENING_STARTS.get(s.setup.get("expansion"), ())
    if not book:
        return []
    found = {" ".join(map(str, acts)): (acts, end) for _v, acts, end in _macros(s, 1, ev)}
    return [(b, *found[b]) for b in book if b in found]


#: The investments a forced first line takes at its first chance (``starts=1``), one
#: line each and one line with all of them in this order: a large vehicle (then the
#: journeys it allows), a Trading Ship (then its trades); with the Wood each needs
#: (a cart 5, a small Trading Ship 3), which the greedy line rarely holds.
START_TARGETS: tuple[tuple[str, Callable[[Action], bool], int], ...] = (
    ("large vehicle", large_vehicle, 5), ("trading ship", trading_ship, 3))
def start_combos(s: State
                 ) -> list[tuple[str, tuple[tuple[Callable[[Action], bool], int], ...]]]:
    """The forced first lines of ``starts=1`` in the game of ``s``: one for each of
    :data:`START_TARGETS` (no ship in the base game), then one with all of them in
    turn; each its name (the targets joined by `` + ``) and its wants for
    :func:`forced_playout`."""
    targets = [t for t in START_TARGETS if "expansion" in s.setup or t[0] != "trading ship"]
    combos = [[t] for t in targets] + ([targets] if len(targets) > 1 else [])
    return [(" + ".join(t[0] for t in c), tuple((t[1], t[2]) for t in c)) for c in combos]


#: The pulls of the building goals (``starts=2``), in the order they are tried: each
#: building first with none (the line is the greedy one until the building can be paid
#: for at a space that builds), then pulled toward its cost with these points in all.
BUILD_PULLS: tuple[float, ...] = (0.0, 15.0, 5.0)


def builds(b: str) -> Callable[[Action], bool]:
    """Whether an action builds the building ``b``."""
    def want(a: Action) -> bool:
        return a.verb == "build" and bool(a.args) and a.args[0] == b
    return want


def building_need(b: str, points: float) -> Need:
    """The cost of the building ``b`` as a :class:`Need` of ``points`` (its fixed part,
    and for a cost of n of one of two goods, those; the cost's choices of any building
    material or clothing are left out)."""
    c = BUILDING_COST.get(b) or TT_BUILDING_COST.get(b)
    if c is None:
        return Need()
    either = (c.alt,) if c.kind == "either" else ()
    return Need(tuple(c.fixed.items()), either, points)


class Goal(NamedTuple):
    """A goal of a forced line (``starts=2``): its name, what it makes (a building's
    id; two joined by `` + `` for a pair), and its wants for :func:`forced_playout`."""

    name: str
    target: str
    wants: tuple[tuple[Callable[[Action], bool], Need], ...]


def building_goals(s: State) -> list[Goal]:
    """The building goals of ``starts=2`` in the position ``s``: each building on the
    board with each of :data:`BUILD_PULLS` (a pull only where the cost has goods to
    hold), all the buildings at one pull before the next pull."""
    out: list[Goal] = []
    for points in BUILD_PULLS:
        for b in s.board:
            need = building_need(b, points)
            if points and not (need.fixed or need.either):
                continue
            out.append(Goal(f"build {b}" + (f" (pull {points:g})" if points else ""), b,
                            ((builds(b), need),)))
    return out


#: How many of the best single goals are paired once all have been tried (each
#: ordered pair of different buildings: the first built at its first chance, then the
#: second at its).
GOAL_PAIRS = 3


def goal_pairs(found: Sequence[tuple[float, Goal]]) -> list[Goal]:
    """The ordered pairs of the :data:`GOAL_PAIRS` best goals of ``found`` (scores of
    single goals; the first of equals; one goal per building)."""
    top: list[Goal] = []
    for _score, g in sorted(found, key=lambda x: -x[0]):
        if len(top) < GOAL_PAIRS and all(g.target != h.target for h in top):
            top.append(g)
    return [Goal(f"{a.name} + {b.name}", f"{a.target} + {b.target}", a.wants + b.wants)
            for a in top for b in top if a is not b]


class _Pulled:
    """An evaluation (the hand one when None) plus the pull of a :class:`Need` (an int
    ``n``: :data:`WOOD_PULL` points per Wood held, up to ``n``); the learned one's batch
    and session kept."""

    def __init__(self, ev: Evaluator | None, need: Need | int) -> None:
        self.base = ev
        self.need = wood_need(need) if isinstance(need, int) else need

    def _pull(self, s: State, p: int) -> float:
        return self.need.pull(s.players[p].res)

    def __call__(self, s: State, p: int) -> float:
        return (evaluate(s, p) if self.base is None else self.base(s, p)) + self._pull(s, p)

    def many(self, states: Sequence[State], p: int) -> list[float]:
        return [v + self._pull(s, p)
                for v, s in zip(evaluate_all(states, p, self.base), states)]

    def session(self) -> AbstractContextManager[object]:
        return evaluating(self.base)


def forced_playout(s: State,
                   wants: tuple[tuple[Callable[[Action], bool], int | Need], ...],
                   ev: Evaluator | None = None) -> tuple[Line, int] | None:
    """Play the solo game ``s`` (not changed) to its end by the ``greedy`` policy,
    except that at the first decision where a macro-action can take what ``wants[0]``
    asks for (its first sub-decision, or an action of ``s`` itself in a pending
    chain), the best of those macro-actions by the evaluation is played; then
    ``wants[1]`` likewise, and so on.  Each want comes with what it needs (a
    :class:`Need`, or an int: that much Wood): until it is taken the policy's
    evaluation is pulled toward holding it (:class:`_Pulled`).  The final score, the
    actions played and how many of them came before the greedy continuation (from
    there on the line is the greedy playout's); None if some investment never had a
    chance (the line would be the greedy one, or one already seeded)."""
    bot = GreedyBot(seed=0)
    s = s._fork()
    tail: list[Action] = []
    left = list(wants)
    bot._ev = _Pulled(ev, left[0][1]) if left else ev
    free = 0                     # the greedy continuation starts after tail[:free]
    while s.phase != "over":
        legal = s.legal_actions()
        if left and len(legal) > 1 and s.current_player is not None:
            p = s.current_player
            want = left[0][0]
            now = [a for a in legal if want(a)]
            if now:              # a pending chain asks for it right here
                opts: list[tuple[tuple[Action, ...], State]] = [
                    ((b,), after(s, b)) for b in now]
            else:
                opts = [(acts, end) for _v, acts, end in _investments(s, ev, want)]
            if opts:
                vals = evaluate_all([end for _a, end in opts], p, ev)
                k = max(range(len(opts)), key=lambda i: (vals[i], -i))
                acts, _end = opts[k]
                for a in acts:
                    tail.append(a)
                    s._apply_discardable(a)
                left.pop(0)
                free = len(tail)
                if left:
                    bot._ev = _Pulled(ev, left[0][1])
                else:            # from here exactly the playout's policy, a fresh
                    bot = GreedyBot(seed=0)      # one: greedy draws its ties
                    if ev is not None:
                        bot._ev = ev
                continue
        a = legal[0] if len(legal) == 1 else bot.choose(s)
        tail.append(a)
        s._apply_discardable(a)
    if left:
        return None
    return (terminal_score(s), tuple(tail)), free


def playout(s: State, rng: random.Random | None = None, noise: float = 0.0,
            ev: Evaluator | None = None) -> Line:
    """Play the solo game ``s`` (not changed) to its end with the ``greedy`` bot's
    policy (each decision by the evaluation, a chain of sub-decisions completed before
    judging: :class:`arle.bots.greedy.GreedyBot`); with ``noise``, uniform noise of that
    many points on each action's value, drawn from ``rng``.  The final score and the
    actions played.  Without noise the playout is a function of the position."""
    bot = GreedyBot(seed=0 if rng is None else rng.randrange(1 << 30),
                    noise=noise if rng is not None else 0.0)
    if ev is not None:
        bot._ev = ev
    s = s._fork()       # a search's copy: no history, no snapshot per apply
    tail: list[Action] = []
    while s.phase != "over":
        legal = s.legal_actions()
        a = legal[0] if len(legal) == 1 else bot.choose(s)
        tail.append(a)
        s._apply_discardable(a)
    return terminal_score(s), tuple(tail)


def _played(s: State, acts: Sequence[Action]) -> State:
    """A copy of ``s`` with ``acts`` applied, history and all (the positions of a
    step's macro-actions keep none)."""
    out = s.clone()
    for a in acts:
        out.apply(a)
    return out


def _chain_step(s: State, line: tuple[Action, ...], i: int) -> int:
    """Apply ``line[i]`` to ``s`` and the sub-decisions it opens for the same player
    (one macro-action); the index after them."""
    p = s.current_player
    s.apply(line[i])
    i += 1
    while (i < len(line) and s.phase != "over" and decision_depth(s) > 0
           and s.current_player == p):
        s.apply(line[i])
        i += 1
    return i


#: The line a branch game may join (:attr:`PlanBot.join`): the positions it passes
#: through after the branch point (:func:`_line_keys`), its actions from the solve's
#: position, and its final score.
_Join = tuple[dict[tuple[object, ...], int], tuple[Action, ...], float]


class _Game(NamedTuple):
    """A game of the portfolio (:meth:`PlanBot._portfolio`): the best line's actions
    it keeps (none for a game from an opening), its opening's actions, its time, and
    for a branch game the best line it left (:data:`_Join`)."""
    base: tuple[Action, ...]
    acts: tuple[Action, ...]
    seconds: float
    join: _Join | None = None

    @property
    def branch(self) -> bool:
        return self.join is not None


def _play_game(bot: PlanBot, state: State, seconds: float
               ) -> tuple[Line, float, int | None]:
    """A game of the portfolio: ``bot``'s search of ``state`` for ``seconds`` (in a
    worker process when the portfolio has several jobs); its line, the seconds it took
    on the bot's clock, and where it joined the line of :attr:`PlanBot.join` (None if
    it did not: :meth:`PlanBot._join`).

    One search from ``state``, the walk's passes all from there, rather than a sweep
    (:meth:`PlanBot.solve`), which searches each of the line's decisions in turn as a
    game does: a sweep leaves the time its early decisions cannot use (their next
    playout would overrun their share) to the later ones, and played about a third of
    its playouts' actions from the last tenth of the line, where they seldom better
    it.  On tuning setups 1000-1023 (compiled build), a search of 12.5 s ended 0.71
    below a sweep of 25 s on average where a sweep of 12.5 s ended 4.25 below, so the
    portfolio plays twice the games (BENCHMARKS.md, "The solo planner", round 14)."""
    t0 = bot._now()
    found = bot.search(state, seconds)
    return found, bot._now() - t0, bot.joined


def _line_keys(state: State, line: tuple[Action, ...], at: int
               ) -> dict[tuple[object, ...], int]:
    """The positions ``line`` (from ``state``) passes through after its first ``at + 1``
    actions, but not its end: each one's :meth:`State.key` and how many of the line's
    actions lead there (the first time, if it comes back)."""
    s = state.clone()
    out: dict[tuple[object, ...], int] = {}
    for i, a in enumerate(line[:-1]):
        s.apply(a)
        if i >= at:
            out.setdefault(s.key(), i + 1)
    return out


def _number(options: dict[str, str | float | int | None], key: str,
            kind: Callable[[str], float]) -> float | None:
    x = options.get(key)
    if x is None:
        return None
    try:
        return kind(str(x))
    except ValueError:
        raise ValueError(f"plan {key} must be a number, not {x!r}") from None


#: One decision of a playout with a choice in it: the decision's place in the line (from
#: the setup), the codes of its legal actions, and which of them was played.
_Step = tuple[int, tuple[Hashable, ...], int]
#: A line found by the adaptation search: final score, the whole game's actions from
#: the setup, and its decisions with a choice (what the policy adapts on).
_Found = tuple[float, tuple[Action, ...], tuple[_Step, ...]]
_NONE: _Found = (-math.inf, (), ())


def _code(s: State, a: Action) -> Hashable:
    """What the playout policy learns a weight for: the action in its half year (the
    same placement, tool or harvest choice in another half year is another code)."""
    return (s.half_year, a)


class _Nrpa:
    """Nested rollout policy adaptation (Rosin 2011) from a root that may move on.

    A policy is a weight per action code (:func:`_code`); a playout picks among the legal
    actions with probabilities proportional to ``exp(weight)``.  Level 1 plays
    ``iterations`` playouts, after each one moving its policy toward the best line it
    has seen (the chosen codes up by ``alpha``, every legal code down by ``alpha`` times
    its probability); level ``k`` runs ``iterations`` searches of level ``k - 1`` from
    copies of its own policy and adapts on the best of their results.  The top level
    starts again from the empty policy after its ``iterations`` (a restart: the best
    line found is kept by the caller).

    Written as a machine that plays one playout per :meth:`step`, so a search can stop
    at any playout and go on at the next decision.  The root moves on with the game
    (:meth:`advance`): every line is kept whole from the setup; a level's best line that
    the game has left is forgotten, and adaptation only looks at the decisions after
    the root."""

    def __init__(self, root: State, prefix: tuple[Action, ...], levels: int,
                 iterations: int, alpha: float, rng: random.Random) -> None:
        self.levels = levels
        self.iterations = iterations
        self.alpha = alpha
        self.rng = rng
        self.root = root.clone()
        self.prefix = prefix
        self.pols: list[dict[Hashable, float]] = [{} for _ in range(levels + 1)]
        self.bests: list[_Found] = [_NONE] * (levels + 1)
        self.iters = [0] * (levels + 1)
        self.restarts = 0

    def advance(self, root: State, prefix: tuple[Action, ...]) -> None:
        """Move the root on to ``root`` (a later position of the same game whose
        history is ``prefix``)."""
        self.root = root.clone()
        self.prefix = prefix
        base = len(prefix)
        for k, found in enumerate(self.bests):
            if found[1][:base] != prefix:
                self.bests[k] = _NONE

    def playout(self, pol: dict[Hashable, float]) -> _Found:
        """A game to its end from the root by the policy ``pol``."""
        s = self.root.clone()
        line = list(self.prefix)
        steps: list[_Step] = []
        rand = self.rng.random
        exp = math.exp
        while s.phase != "over":
            legal = s.legal_actions()
            if len(legal) == 1:
                a = legal[0]
            else:
                codes = tuple(_code(s, m) for m in legal)
                ws = [exp(pol.get(c, 0.0)) for c in codes]
                r = rand() * sum(ws)
                i = 0
                last = len(ws) - 1
                while i < last and r >= ws[i]:
                    r -= ws[i]
                    i += 1
                a = legal[i]
                steps.append((len(line), codes, i))
            line.append(a)
            s.apply(a)
        return terminal_score(s), tuple(line), tuple(steps)

    def adapt(self, pol: dict[Hashable, float], found: _Found) -> dict[Hashable, float]:
        """``pol`` moved toward the choices of ``found`` after the root (a new dict)."""
        new = dict(pol)
        base = len(self.prefix)
        alpha = self.alpha
        exp = math.exp
        for at, codes, i in found[2]:
            if at < base:
                continue
            ws = [exp(pol.get(c, 0.0)) for c in codes]
            z = alpha / sum(ws)
            for c, w in zip(codes, ws):
                new[c] = new.get(c, 0.0) - z * w
            new[codes[i]] = new.get(codes[i], 0.0) + alpha
        return new

    def step(self) -> _Found:
        """One playout of the nested search and the adaptations it completes; the
        playout's line."""
        found = self.playout(self.pols[1])
        result = found
        k = 1
        while True:
            if result[0] >= self.bests[k][0]:
                self.bests[k] = result
            if self.bests[k][1]:
                self.pols[k] = self.adapt(self.pols[k], self.bests[k])
            self.iters[k] += 1
            if self.iters[k] < self.iterations:
                break
            if k == self.levels:        # the top level is done: start again
                self.restarts += 1
                self.pols[k] = {}
                self.bests[k] = _NONE
                self.iters[k] = 0
                break
            result = self.bests[k]
            k += 1
        for j in range(k - 1, 0, -1):   # the levels below start their next search
            self.pols[j] = dict(self.pols[j + 1])
            self.bests[j] = _NONE
            self.iters[j] = 0
        return found


class PlanBot:
    """Nested Monte Carlo search of the solo game with the best line kept across
    decisions (see the module docstring)."""

    def __init__(self, seed: int = 0, time: str | float | None = None,
                 playouts: str | int | None = None, width: str | int = 10,
                 noise: str | float = 2.0, clock: str = "wall", method: str = "nested",
                 level: str | int = 3, iterations: str | int = 100,
                 alpha: str | float = 1.0, rollout: str = "auto", order: str = "playout",
                 invest: str | int = 0, starts: str | int = 1, book: str | int = 1,
                 **options: str) -> None:
        if options:
            raise ValueError(f"unknown plan option(s): {', '.join(sorted(options))}")
        opts: dict[str, str | float | int | None] = {
            "time": time, "playouts": playouts, "width": width, "noise": noise,
            "level": level, "iterations": iterations, "alpha": alpha}
        t = _number(opts, "time", float)
        n = _number(opts, "playouts", int)
        w = _number(opts, "width", int)
        z = _number(opts, "noise", float)
        lv = _number(opts, "level", int)
        it = _number(opts, "iterations", int)
        al = _number(opts, "alpha", float)
        if t is not None and n is not None:
            raise ValueError("plan takes time= or playouts=, not both")
        if t is not None and not (math.isfinite(t) and t > 0):
            raise ValueError(f"plan time must be a positive number of seconds, not {time!r}")
        if n is not None and n < 1:
            raise ValueError(f"plan playouts must be at least 1, not {playouts!r}")
        if w is None or w < 1:
            raise ValueError(f"plan width must be at least 1, not {width!r}")
        if z is None or not math.isfinite(z) or z < 0:
            raise ValueError(f"plan noise must not be negative, not {noise!r}")
        if method not in ("nrpa", "nested"):
            raise ValueError(f"plan method must be nrpa or nested, not {method!r}")
        if lv is None or not 1 <= lv <= 5:
            raise ValueError(f"plan level must be 1 to 5, not {level!r}")
        if it is None or it < 1:
            raise ValueError(f"plan iterations must be at least 1, not {iterations!r}")
        if al is None or not math.isfinite(al) or al <= 0:
            raise ValueError(f"plan alpha must be a positive number, not {alpha!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"plan rollout must be {', '.join(ROLLOUTS[:-1])} or "
                             f"{ROLLOUTS[-1]}, not {rollout!r}")
        if clock not in ("wall", "cpu"):
            raise ValueError(f"plan clock must be wall or cpu, not {clock!r}")
        if str(invest) not in ("0", "1"):
            raise ValueError(f"plan invest must be 0 or 1, not {invest!r}")
        #: Whether a step also tries, beyond its ``width`` best, every macro-action that
        #: acquires a vehicle or a ship (:data:`INVEST_VERBS`).
        self.invest = str(invest) == "1"
        if str(book) not in ("0", "1"):
            raise ValueError(f"plan book must be 0 or 1, not {book!r}")
        #: Whether a step at the game's first decision tries the opening book's moves
        #: first (:data:`OPENINGS`).
        self.book = str(book) == "1"
        if str(starts) not in ("0", "1", "2"):
            raise ValueError(f"plan starts must be 0, 1 or 2, not {starts!r}")
        #: Whether a new search starts from the best of the greedy line and the forced
        #: lines (:func:`forced_playout` for each of :data:`START_TARGETS`, and for all
        #: of them) rather than from the greedy line alone.
        self.starts = str(starts) != "0"
        #: Whether a new search then tries the building goals (``starts=2``:
        #: :func:`building_goals`, then :func:`goal_pairs`), one forced line a playout,
        #: taking turns with the walk's playouts.
        self.goals = str(starts) == "2"
        self._goals: list[Goal] = []     # the goals still to try
        self._goal_scores: list[tuple[float, Goal]] = []   # the single goals' lines
        self._paired = False             # whether the pairs were queued
        self._since_goal = 0             # the walk's playouts since the last goal
        #: Which first line the last new search started from (``greedy``, or the
        #: investments its forced line took first).
        self.start = ""
        if order not in ("playout", "hand"):
            raise ValueError(f"plan order must be playout or hand, not {order!r}")
        #: How a step ranks the macro-actions it tries: by the playouts' evaluation
        #: (``playout``) or by the hand one (``hand``, the first versions' way).
        self.order = order
        self.clock = clock
        #: The clock of ``time=``: seconds on the wall, or of this thread's processor
        #: time (a fair budget on a machine other jobs share).
        self._now: Callable[[], float] = (_time.perf_counter if clock == "wall"
                                          else _time.thread_time)
        self.seed = seed
        self.playouts = None if n is None else int(n)
        self.time = 2.0 if t is None and n is None else t
        self.width = int(w)
        self.noise = float(z)
        self.method = method
        self.level = int(lv)
        self.iterations = int(it)
        self.alpha = float(al)
        self._nrpa: _Nrpa | None = None
        self.rollout = rollout
        self._ev: Evaluator | None = None
        self._rng = random.Random(seed)
        # The best line: the whole game's actions from the setup (history included).
        self._setup: dict[str, object] | None = None
        self._line: tuple[Action, ...] = ()
        self._score = -math.inf
        # The walk: a position on the best line, its place in the line, the pass.
        self._walk: State | None = None
        self._walk_at = 0
        self._pass = 1
        self._tried: set[tuple[object, ...]] = set()     # (pass, position) steps done
        # The deterministic playouts' results by position: every position a playout
        # went through, with the score and where its actions from there start.
        self._memo: dict[tuple[object, ...], tuple[float, tuple[Action, ...], int]] = {}
        self._pending: tuple[tuple[object, ...],
                             list[tuple[float, tuple[Action, ...], State]], int] | None = None
        self._rate = 0.0               # recent playouts' seconds per action played
        self.last_stats: dict[str, float] = {}
        #: The best line's score after each sweep of the last :meth:`solve`.
        self.sweep_scores: list[float] = []
        #: The games of the last :meth:`solve`'s portfolio (:meth:`_portfolio`), in
        #: order: each one's opening (its macro-actions' actions, joined by ``, ``),
        #: seconds and final score.
        self.games: list[dict[str, object]] = []
        self.on_progress: Callable[[str], None] | None = None
        #: For a branch game of a portfolio, the best line it left (:data:`_Join`): the
        #: search stops where its walk reaches a position of that line (:meth:`_join`).
        self.join: _Join | None = None
        #: Where the walk reached :attr:`join`'s line: the position's number of
        #: actions from the setup (None if it did not).
        self.joined: int | None = None

    @property
    def name(self) -> str:
        return "plan"

    # ------------------------------------------------------------------ public
    @property
    def best_line(self) -> tuple[Action, ...]:
        """The best line found: every action of the game from its setup."""
        return self._line

    @property
    def best_score(self) -> float:
        """The final score of :attr:`best_line` (-inf before any search)."""
        return self._score

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if state.n != 1:
            raise ValueError("the plan bot plays solo games only (for 2 or 3 players use "
                             "mcts)")
        if len(legal) == 1:
            return legal[0]
        self.search(state, self.time, self.playouts)
        nxt = self._line[len(state.history)]
        for a in legal:
            if a == nxt:
                return a
        raise RuntimeError(f"the plan's action {nxt} is not legal")   # cannot happen

    def solve(self, state: State, seconds: float | None = None,
              playouts: int | None = None, sweeps: int = 2,
              starts: int | None = None, jobs: int = 1) -> Line:
        """Improve the whole line from ``state`` in ``sweeps`` sweeps; the best line's
        final score and its actions from ``state`` on.

        A *sweep* plays the game from ``state`` along the best line as the bot plays a
        game: each decision with a choice is searched (forced ones cost nothing), then
        the line's next action is taken.  With ``seconds``, the first sweep gets half of
        them (each decision the rest of the sweep's time divided by the actions left on
        the line), the last sweep all that is left; with ``playouts``, each decision of
        every sweep gets that many playouts, so the first sweep is exactly a game of the
        bot with ``playouts=`` (deterministic for a seed).  The best line and the
        playouts' memory are kept from one sweep to the next, and a sweep only ever
        replaces the line by a better one: the result is never worse than the first
        sweep, a game of the bot at about half the time a decision.  A later sweep
        starts a new pass at ``state``, numbered by the sweep (the second pass tries
        twice as many macro-actions a step, the third adds noise to the playouts) and
        walks it along the line with its own decisions: iterated improvement of the
        whole line rather than one game's split of the time.

        With ``seconds`` enough for several games, the first sweep is a *portfolio*
        instead (:meth:`_portfolio`): games from different openings, the best line of
        all kept, and the later sweeps improve that one.  ``starts`` is how many games
        it plays (``None``: as many as the time allows on this machine,
        :meth:`_portfolio_size`; ``1``: no portfolio, one game as above).  ``jobs``
        worker processes play the portfolio's games (``seconds`` is then each one's:
        as many times the games), and the portfolio takes all the time: no later
        sweep (with two processes the second sweep improved none of eight held-out
        solves, where the branch games improved the best line in three of them:
        BENCHMARKS.md, "The solo planner", round 11)."""
        if (seconds is None) == (playouts is None):
            raise ValueError("a solve needs a time or a number of playouts per decision")
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(f"a search needs a positive time, not {seconds!r}")
        if playouts is not None and playouts < 1:
            raise ValueError(f"a solve needs at least 1 playout a decision, not {playouts}")
        if sweeps < 1:
            raise ValueError(f"a solve needs at least 1 sweep, not {sweeps}")
        if starts is not None and starts < 1:
            raise ValueError(f"a solve needs at least 1 start, not {starts}")
        if jobs < 1:
            raise ValueError(f"a solve needs at least 1 job, not {jobs}")
        now = self._now
        deadline = None if seconds is None else now() + seconds
        self.sweep_scores = []
        self.games = []
        self.joined = None
        found: Line = (-math.inf, ())
        first = 1
        if seconds is not None and state.n == 1 \
                and not state.is_terminal() and starts != 1:
            size = self._portfolio_size(state, seconds, starts, jobs)
            if size is not None:
                found = self._portfolio(state, *size, jobs=jobs)
                self.sweep_scores.append(found[0])
                self._say(f"portfolio done: {found[0]:g}")
                if jobs > 1:          # the portfolio took all the time
                    return found
                first = 2
        for k in range(first, sweeps + 1):
            end = None
            if deadline is not None:
                left = deadline - now()
                end = deadline if k == sweeps else now() + left / 2
            if k > 1 and self._on_line(state):
                # a new pass from the solve's position, numbered by the sweep: the
                # second is deterministic and wide, later ones add noise (a game's
                # passes near its end may have counted far beyond)
                self._pass = k
                self._tried.clear()
                self._pending = None
                self._walk = state.clone()
                self._walk_at = len(state.history)
            found = self._sweep(state, end, playouts)
            self.sweep_scores.append(found[0])
            self._say(f"sweep {k} of {sweeps} done: {found[0]:g}")
            if deadline is not None and now() >= deadline:
                break
        return found

    def _portfolio_size(self, state: State, seconds: float, starts: int | None,
                        jobs: int = 1
                        ) -> tuple[list[tuple[Action, ...]], float, float] | None:
        """How :meth:`_portfolio` spends ``seconds`` from ``state``: the openings it
        plays a game from (:meth:`_openings`), a whole game's time, and the time of the
        branch games (:meth:`_branch`) after them; None when the time holds fewer than
        two games.

        The time a game needs to be worth playing depends on the machine and the build
        (the compiled one plays some three times the playouts), so it is measured: the
        median of :data:`UNIT_PLAYOUTS` of the games' own playouts from ``state``
        (greedy on the playouts' evaluation, :meth:`_rollout_eval`; the median, so
        that a moment of load or the first playout's one-time costs do not change the
        portfolio), times :data:`SCREEN_PLAYOUTS`, is a game's time.
        :data:`SCREEN_SHARE` of ``seconds`` is the portfolio's: as many games as it
        holds (at most :data:`SCREEN_MAX`, or ``starts``); the rest is left to the
        later sweeps.  With ``jobs`` processes above one, all of ``seconds`` is, times
        ``jobs`` (as many times the games; the times count them all).  When it holds
        at least :data:`BRANCH_MIN_GAMES` games (not with ``starts``),
        :data:`BRANCH_SHARE` of their time goes to branch games instead of games from
        openings.  A solve shorter than
        :data:`PORTFOLIO_MIN_SECONDS` has none (and spends nothing to measure)."""
        if starts is None and seconds < PORTFOLIO_MIN_SECONDS:
            return None
        ev = self._rollout_eval(state)
        times = []
        for _ in range(UNIT_PLAYOUTS):
            t0 = self._now()
            playout(state, ev=ev)
            times.append(self._now() - t0)
        unit = max(sorted(times)[UNIT_PLAYOUTS // 2], 1e-6) * SCREEN_PLAYOUTS
        total = (SCREEN_SHARE if jobs == 1 else 1.0) * seconds * jobs
        m = min(SCREEN_MAX * jobs, int(total / unit)) if starts is None else starts
        if m < 2:
            return None
        branches = int(BRANCH_SHARE * m) if starts is None and m >= BRANCH_MIN_GAMES \
            else 0
        openings = self._openings(state, m - branches)
        if len(openings) < 2:
            return None
        game = total / (len(openings) + branches)
        return openings, game, branches * game

    def _openings(self, state: State, m: int) -> list[tuple[Action, ...]]:
        """Up to ``m`` different openings from ``state``, the likeliest first: its
        first :data:`SINGLES` macro-actions (in a step's order: the opening book's
        first at a game's start), then pairs of one of them (in that order) and its
        second best next macro-action, then its third, and so on (a game from the
        first move alone mostly plays the best next one)."""
        ev = self._rollout_eval(state)
        ranked = _macros(state, 1, ev)
        if self.book and not state.history:
            ranked = opening_order(state, ranked)
        firsts = [m_[1] for m_ in ranked[:min(m, SINGLES)]]
        out = list(firsts)
        nexts: list[list[tuple[Action, ...]]] = []
        if len(out) < m:
            for acts in firsts:
                after = _played(state, acts)
                nexts.append([] if after.phase == "over" else
                             [acts + n[1] for n in _macros(after, 1, ev)[1:]])
        r = 0
        while len(out) < m and any(r < len(n) for n in nexts):
            out += [n[r] for n in nexts if r < len(n)][:m - len(out)]
            r += 1
        return out

    def _child(self) -> PlanBot:
        """A new bot with this one's options (a game of the portfolio)."""
        return PlanBot(seed=self.seed, width=self.width, noise=self.noise,
                       clock=self.clock, method=self.method, level=self.level,
                       iterations=self.iterations, alpha=self.alpha, rollout=self.rollout,
                       order=self.order, invest=int(self.invest),
                       starts=int(self.starts) + int(self.goals), book=int(self.book))

    def _portfolio(self, state: State, openings: list[tuple[Action, ...]],
                   game: float, branch_seconds: float, jobs: int = 1) -> Line:
        """The first sweep of a long :meth:`solve`: games from different openings, the
        best line of all kept.

        Why: from about the first third of a game on, the best line is a local
        optimum that the walk's later passes do not leave, and which one a game ends
        in depends on its first moves more than on its time.  On tuning setups 1000
        and 1001 (compiled build), games from the four book-ordered first moves ended
        8 and 3.5 points apart, and tripling their time gained nothing; on setups
        1002 and 1003, the same first move played again with four times the time
        ended 2 to 10 points lower (BENCHMARKS.md, "The solo planner", round 6).  So
        the solve plays a game from each of ``openings`` (``game`` seconds each) and
        keeps the best line of all: the line of the following sweeps (this bot's own,
        as if it had found it).  Then, for ``branch_seconds``, games leave the best
        line so far at a point along it (:meth:`_branch`): the neighbours of the best
        basin, each searched as deeply as a game does, with a whole game's time (so
        the part of the line it plays gets more time an action; the share of a game's
        time that its part is was not measured better, BENCHMARKS.md, "The solo
        planner", round 9; the last one is played if at least half of that is left).
        Each game is a new bot's (:meth:`_child`) search (:func:`_play_game`) from
        the position after its opening (a branch game's: the best line's actions up
        to the point, then its move); its opening, time and score are in
        :attr:`games` (a branch game's also ``branch``, the number of the best line's
        actions it kept), in the order they end.  A branch game stops where it comes
        back to the line it left (:meth:`_join`; then ``joined``, the actions from
        ``state`` to there, and ``used``, the seconds it took), and the time it did
        not take goes to more branch games.  The result is the best line's score
        and its actions from ``state``.

        With ``jobs`` above 1 the games are played by as many worker processes, each
        game with its time fixed when it starts (on the bot's clock, in its worker);
        ``game`` and ``branch_seconds`` count the time of all of them (the seconds of
        the portfolio, times ``jobs``).  A branch game starts from the best line of the
        games ended by then.  With one job, the games are played here, one after the
        other, and each game's time is the rest of its part shared out: a game that
        overran shortens the next ones."""
        now = self._now
        best: Line = (-math.inf, ())
        end = now() + game * len(openings) + branch_seconds
        tried: set[tuple[str, ...]] = set()
        given = 0.0                  # the branch games' seconds so far (jobs > 1)
        started = 0

        def next_game() -> _Game | None:
            """The next game to start, None if there is none (for now: the best line
            may change)."""
            nonlocal given
            k = started
            if k < len(openings):
                left = (end - now() - branch_seconds if jobs == 1
                        else game * (len(openings) - k))
                return _Game((), openings[k], max(left / (len(openings) - k), 1e-3))
            if branch_seconds <= 0 or not best[1]:
                return None
            left = end - now() if jobs == 1 else branch_seconds - given
            if left < game / 2:
                return None
            got = self._branch(state, best[1], k - len(openings), tried)
            if got is None:
                return None
            budget = max(min(game, left), 1e-3)
            given += budget
            base, acts = got
            return _Game(base, acts, budget,
                         (_line_keys(state, best[1], len(base)), best[1], best[0]))

        def play(g: _Game) -> tuple[PlanBot, State, float]:
            """The arguments of :func:`_play_game` for ``g``."""
            bot = self._child()
            bot.join = g.join
            return bot, _played(state, g.base + g.acts), g.seconds

        def ended(g: _Game, got: tuple[Line, float, int | None]) -> None:
            nonlocal best, given
            (score, tail), used, joined = got
            text = ", ".join(map(str, g.acts))
            record: dict[str, object] = {"opening": text, "seconds": round(g.seconds, 3),
                                         "score": score}
            where = ""
            if g.branch:
                record["branch"] = len(g.base)
                where = f"after {len(g.base)} actions of the best line: "
            said = ""
            if joined is not None:      # its time not taken goes to the next ones
                record["joined"] = after = joined - len(state.history)
                record["used"] = round(used, 3)
                given -= max(0.0, g.seconds - used)
                said = f", joined the best line after {after} actions in {used:.1f} s"
            self.games.append(record)
            self._say(f"game {len(self.games)} ({where}{text}): {score:g}{said}")
            if score > best[0]:
                best = (score, g.base + g.acts + tail)

        if jobs == 1:
            while (g := next_game()) is not None:
                started += 1
                ended(g, _play_game(*play(g)))
        else:
            pool = ProcessPoolExecutor(max_workers=jobs,
                                       mp_context=multiprocessing.get_context("spawn"))
            try:
                running: dict[Future[tuple[Line, float, int | None]], _Game] = {}
                while True:
                    while len(running) < jobs and (g := next_game()) is not None:
                        started += 1
                        running[pool.submit(_play_game, *play(g))] = g
                    if not running:
                        break
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        ended(running.pop(future), future.result())
            except BaseException:       # e.g. Ctrl-C: leave the games being played
                pool.shutdown(wait=False, cancel_futures=True)
                raise
            # every game has ended: wait for the idle workers to exit (left running,
            # Python's exit could race their shutdown and print "Bad file descriptor",
            # once in the 20 solves of rounds 11 and 12)
            pool.shutdown(wait=True)
        self._reset(state)
        self._goals = []             # the games tried them (starts=2)
        self._line = tuple(self._parse(state)) + best[1]
        self._score = best[0]
        self.start = "portfolio"
        return best

    def _branch(self, state: State, line: tuple[Action, ...], j: int,
                tried: set[tuple[str, ...]]
                ) -> tuple[tuple[Action, ...], tuple[Action, ...]] | None:
        """Where the ``j``-th branch game of :meth:`_portfolio` leaves ``line`` (the
        best line from ``state``): the line's actions it keeps and the macro-action it
        plays instead of the line's next one; None if there is no untried one.

        Why: a game's first moves pick the local optimum it ends in, and the best game
        of the openings is one draw among them.  Its neighbours, the same first moves
        and then another choice, are the likeliest places for a better line, and a
        whole game from there searches them as no step of the walk does (a step judges
        a move by one playout).  The point is the placement with a choice at the
        fraction :func:`branch_point` ``(j)`` of the line's (then those of ``j + 1``,
        ``j + 2``... if it has no untried move); the move, the best by the playouts'
        evaluation that is not the line's own and was not tried from that point
        (``tried``, updated).  Each game at a new point rather than a third move at an
        old one: in 33 solves of rounds 8-11 (the branch points then a fifth, two
        fifths and three fifths of the placements, in turn) the branch games of the
        first and second moves tried at a point made 1.6-5.2 points less than the best
        line so far on average and bettered it in 24 of 185 games; those of the third
        and later moves at the first two points 5.2-9.5 less, and none of 60 bettered
        it (BENCHMARKS.md, "The solo planner", round 11)."""
        s = state.clone()
        points: list[int] = []       # where a placement with a choice starts
        i = 0
        while i < len(line) and not s.is_terminal():
            if line[i].verb == "place" and len(s.legal_actions()) > 1:
                points.append(i)
            i = _chain_step(s, line, i)
        if not points:
            return None
        ev = self._rollout_eval(state)
        n = len(points)
        seen: set[int] = set()
        for r in range(8 * n + 8):       # enough to reach every point in the range
            k = min(int(branch_point(j + r) * n), n - 1)
            if k in seen:
                continue
            seen.add(k)
            at = points[k]
            base = line[:at]
            here = _played(state, base)
            own = line[at:_chain_step(here.clone(), line, at)]
            for _, acts, _end in _macros(here, 1, ev):
                key = tuple(map(str, base + acts))
                if acts != own and key not in tried:
                    tried.add(key)
                    return base, acts
        return None

    def _sweep(self, state: State, end: float | None, playouts: int | None) -> Line:
        """One sweep of :meth:`solve` from ``state``, until ``end`` on the bot's clock
        (or ``playouts`` a decision); the line it played (the best line from ``state``
        at its end: the line changes only after the position being played) and its
        final score."""
        s = state.clone()
        played: list[Action] = []
        while not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) > 1:
                if end is None:
                    self.search(s, None, playouts)
                else:
                    left = (max(1, len(self._line) - len(s.history)) if self._on_line(s)
                            else 100)
                    self.search(s, max((end - self._now()) / left, 1e-3))
                if self.joined is not None:     # the rest is the line it joined
                    return self._score, tuple(played) + self._line[len(s.history):]
                a = self._line[len(s.history)]
            else:
                a = legal[0]
            s.apply(a)
            played.append(a)
        return terminal_score(s), tuple(played)

    def search(self, state: State, seconds: float | None,
               playouts: int | None = None) -> Line:
        """Improve the best line from ``state`` for ``seconds`` (or ``playouts``
        playouts); the best line's final score and its actions from ``state`` on."""
        if state.n != 1:
            raise ValueError("the plan bot plays solo games only")
        if seconds is None and playouts is None:
            raise ValueError("a search needs a time or a number of playouts")
        if state.phase == "over":
            return terminal_score(state), ()
        now = self._now
        t0 = now()
        deadline = None if seconds is None else t0 + seconds
        done = 0
        if not self._on_line(state):
            done += self._restart(state)
        base = len(state.history)
        if self.method == "nrpa":
            done += self._adapt_search(state, deadline, playouts, done)
        else:
            done += self._nested_search(state, deadline, playouts, done)
        self.last_stats = {"playouts": float(done), "score": self._score,
                           "pass": float(self._pass), "walk": float(self._walk_at),
                           "seconds": now() - t0}
        return self._score, self._line[base:]

    def _adapt_search(self, state: State, deadline: float | None, playouts: int | None,
                      done: int) -> int:
        """Nested rollout policy adaptation from ``state`` until the deadline or
        ``playouts`` playouts in all (``done`` of them spent already); the playouts
        played."""
        nrpa = self._nrpa
        base = len(state.history)
        prefix = self._line[:base]
        if nrpa is None:
            nrpa = self._nrpa = _Nrpa(state, prefix, self.level, self.iterations,
                                      self.alpha, self._rng)
        elif len(nrpa.prefix) != base:
            nrpa.advance(state, prefix)
        now = self._now
        played = 0
        t_last = now()
        cost = 0.0
        while True:
            if playouts is not None and done + played >= playouts:
                break
            if deadline is not None and t_last + cost > deadline:
                break
            score, line, _steps = nrpa.step()
            played += 1
            t = now()
            cost = t - t_last if cost == 0 else 0.8 * cost + 0.2 * (t - t_last)
            t_last = t
            if score > self._score:
                self._line = line
                self._score = score
                self._say(f"better line: {score:g} (playout {played}, action "
                          f"{base + 1})")
        return played

    def _nested_search(self, state: State, deadline: float | None,
                       playouts: int | None, done: int) -> int:
        """Nested Monte Carlo search (the walk) from ``state``; the playouts played."""
        now = self._now
        base = len(state.history)
        played = 0
        if self._walk is None or self._walk_at < base:
            self._walk = state.clone()
            self._walk_at = base
        while True:
            if playouts is not None and done + played >= playouts:
                break
            if deadline is not None and \
                    now() + self._cost_ahead(state) > deadline:
                break
            if self.joined is not None:
                break
            if self._work(state):
                played += 1
        return played

    # ------------------------------------------------------------------ the line
    def _on_line(self, state: State) -> bool:
        hist = state.history
        if self._setup != state.setup or len(hist) >= len(self._line):
            return False
        return all(str(a) == h for a, h in zip(self._line, hist))

    def _reset(self, state: State) -> None:
        """Forget the search for a new one from ``state``: its setup, the first pass,
        the playouts' memory and evaluation (for the game of ``state``), the goals,
        and the walk at ``state``."""
        self._setup = state.setup
        self._memo.clear()
        self._tried.clear()
        self._pending = None
        self._pass = 1
        self._nrpa = None
        self._goals = building_goals(state) if self.goals else []
        self._goal_scores = []
        self._paired = False
        self._since_goal = 0
        self._ev = self._rollout_eval(state)
        self._walk = state.clone()
        self._walk_at = len(state.history)

    def _restart(self, state: State) -> int:
        """A new best line from ``state``: its history and a first playout (the better
        of the playouts' policy and the hand one when the playouts are not the hand
        ones: from a setup the learned or tuned policy is far ahead, but from positions
        the hand policy played it is sometimes behind; with ``starts=1``, the best of
        that and the forced lines, :meth:`_forced_starts`); the playouts played."""
        self._reset(state)
        prefix = tuple(self._parse(state))
        score, tail = self._playout(state.clone(), 1)
        if self._ev is not None:       # the playouts' policy is not better everywhere
            hand = playout(state)
            if hand[0] > score:
                score, tail = hand
                self._remember(state, hand)
        self.start = "greedy"
        played = 1
        if self.starts:
            forced, n = self._forced_starts(state)
            played += n
            if forced is not None and forced[0] > score:
                score, tail = forced[0], forced[1]
                self.start = forced[2]
        self._line = prefix + tail
        self._score = score
        self._say(f"first line: {score:g} ({self.start})")
        return played

    def _forced_starts(self, state: State
                       ) -> tuple[tuple[float, tuple[Action, ...], str] | None, int]:
        """The forced first lines from ``state`` (``starts=1``): one for each
        investment of :data:`START_TARGETS` taken at its first chance (no ship in the
        base game), and one taking them all in turn, each then completed by the playouts' greedy policy.  The best
        of them (its score, actions and name; the first of equals; None if none had the
        chance) and how many were played.  Each one's greedy continuation is
        remembered (:meth:`_remember`), so the walk's tries along it cost nothing.
        At the first decision of a game whose book has first moves (``book=1``,
        :data:`OPENING_STARTS`), the forced lines are played after each of those moves
        instead (the line is the move's actions, then the forced line)."""
        combos = start_combos(state)
        firsts: list[tuple[str, tuple[Action, ...], State]] = []
        if self.book and not state.history:
            firsts = opening_starts(state, self._ev)
        if not firsts:          # no book here: from the position itself
            firsts = [("", (), state)]
        best: tuple[float, tuple[Action, ...], str] | None = None
        for text, acts, start in firsts:
            for name, wants in combos:
                got = forced_playout(start, wants, self._ev)
                if got is None:
                    continue
                (score, tail), free = got
                self._remember(start, (score, tail), skip=free)
                if best is None or score > best[0]:
                    best = (score, acts + tail, (f"{text}, then " if text else "") + name)
        return best, len(combos) * len(firsts)

    def _rollout_eval(self, state: State) -> Evaluator | None:
        """The evaluation of the playouts' greedy policy in the game of ``state``: with
        ``rollout=auto`` the tuned weights in the base game (measured better and
        cheaper there than the learned model: BENCHMARKS.md, "The solo planner"), else
        the learned one where a model is shipped for the game, else the hand one
        (None); ``rollout=hand``, ``learned`` or ``tuned`` asks for one."""
        if self.rollout == "hand":
            return None
        if self.rollout == "tuned" or (self.rollout == "auto"
                                       and not state.setup.get("expansion")):
            return tuned_evaluator()
        from arle.bots.learned import learned_evaluator
        ev = learned_evaluator()
        try:
            ev(state, 0)
        except ValueError:
            if self.rollout == "learned":
                raise
            return None
        return ev

    @staticmethod
    def _parse(state: State) -> list[Action]:
        """The history of ``state`` as actions (replayed from its record's setup)."""
        from arle.notation import parse_action
        from arle.record import replay
        rec = state.record()
        start = dict(rec)
        start["actions"] = []
        s = replay(start)
        out = []
        for text in state.history:
            a = parse_action(s, text)
            out.append(a)
            s.apply(a)
        return out

    def _say(self, text: str) -> None:
        if self.on_progress is not None:
            self.on_progress(text)

    # ------------------------------------------------------------------ the walk
    def _remember(self, s: State, out: Line, skip: int = 0) -> None:
        """Remember the deterministic playout ``out`` from ``s`` (not changed) at every
        position it passes through: a later playout from any of them is known (the
        rest of ``out`` reaches its score from there), e.g. the step's try of the best
        line's own next macro-action.  Where two playouts passed, the better is kept.
        With ``skip``, only the positions after the first ``skip`` actions (a forced
        line: before them its moves are not the policy's)."""
        score, tail = out
        memo = self._memo
        if len(memo) >= MEMO_LIMIT:        # full: the playout's start only
            tail = tail[:skip + 1]
        s = s._fork()
        for i, a in enumerate(tail):
            if i < skip:
                s._apply_discardable(a)
                continue
            key = s.key()
            known = memo.get(key)
            if known is None or known[0] < score:    # the best continuation known
                memo[key] = (score, out[1], i)
            s._apply_discardable(a)

    def _playout(self, s: State, pass_no: int) -> Line:
        t0 = self._now()
        if pass_no <= 2:
            key = s.key()
            known = self._memo.get(key)
            if known is not None:              # played before: no time spent
                return known[0], known[1][known[2]:]
            out = playout(s, ev=self._ev)
            self._remember(s, out)
        else:
            out = playout(s, self._rng, self.noise, self._ev)
        spent = self._now() - t0
        if len(out[1]) >= 8:
            rate = spent / len(out[1])
            self._rate = rate if self._rate == 0 else 0.7 * self._rate + 0.3 * rate
        return out

    def _cost_ahead(self, root: State) -> float:
        """The expected time of the next playout: the recent seconds per action of a
        playout times the actions left on the best line after the walk (after
        ``root`` for a goal's forced line)."""
        at = len(root.history) if self._goal_next() else self._walk_at
        return self._rate * max(0, len(self._line) - at)

    def _goal_next(self) -> bool:
        """Whether the next playout is a goal's: goals and the walk's playouts take
        turns while goals are left (the walk improves the first decisions meanwhile)."""
        return bool(self._goals) and self._since_goal >= 1

    def _try_goal(self, root: State) -> None:
        """Play the next goal's forced line from ``root`` (the position being played,
        on the best line); if it is better, it becomes the best line and the walk starts
        again at ``root``."""
        goal = self._goals.pop(0)
        self._since_goal = 0
        got = forced_playout(root, goal.wants, self._ev)
        if got is not None and len(goal.wants) == 1:
            self._goal_scores.append((got[0][0], goal))
        if not self._goals and not self._paired:
            self._paired = True
            self._goals = goal_pairs(self._goal_scores)
        if got is None:
            return
        name = goal.name
        (score, tail), free = got
        self._remember(root, (score, tail), skip=free)
        if score > self._score:
            at = len(root.history)
            self._line = self._line[:at] + tail
            self._score = score
            self.start = name
            self._walk = root.clone()
            self._walk_at = at
            self._pending = None
            self._say(f"better line: {score:g} ({name}, action {at + 1})")

    def _work(self, root: State) -> bool:
        """Move the walk on to its next playout and play it; whether one was played
        (False: the walk moved, or a new pass started)."""
        if self._goal_next():
            self._try_goal(root)
            return True
        walk = self._walk
        assert walk is not None
        if walk.phase == "over":
            self._pass += 1
            self._tried.clear()
            self._walk = root.clone()
            self._walk_at = len(root.history)
            if self._pass & (self._pass - 1) == 0:   # passes 2, 4, 8...: near the
                self._say(f"pass {self._pass} (best {self._score:g})")   # end they are many
            return False
        key = walk.key()
        if self.join is not None and key in self.join[0]:
            self._join(key)
            return False
        step = (self._pass, key)
        if step in self._tried:
            self._walk_at = _chain_step(walk, self._line, self._walk_at)
            return False
        pending = self._pending
        if pending is None or pending[0] != step:
            expand, width = (1, self.width) if self._pass == 1 else (2, 2 * self.width)
            ranked = _macros(walk, expand, self._ev if self.order == "playout" else None)
            if self.book and not walk.history:
                ranked = opening_order(walk, ranked)
            kids = ranked[:width]
            if self.invest:
                seen = {m[1] for m in kids}
                kids += [m for m in _investments(walk, self._ev) if m[1] not in seen]
            pending = (step, kids, 0)
        _step, kids, i = pending
        if i >= len(kids):
            self._tried.add(step)
            self._pending = None
            return False
        _v, acts, end = kids[i]
        self._pending = (step, kids, i + 1)
        score, tail = self._playout(end.clone(), self._pass)
        self._since_goal += 1
        if score > self._score:
            self._line = self._line[:self._walk_at] + acts + tail
            self._score = score
            self._say(f"better line: {score:g} (pass {self._pass}, action "
                      f"{self._walk_at + 1})")
        return True

    def _join(self, key: tuple[object, ...]) -> None:
        """The walk has reached a position of :attr:`join`'s line (``key``): the best
        line goes on as that one from there if it is better, and the search stops
        (:attr:`joined`).

        Why: a branch game's move is often the best line's next placement of the same
        half year played first, or the same placement with its choices in another
        order, and its walk soon comes back to the best line's positions.  From there
        on it searches what the game that found that line searched: in the twelve
        solves of round 11, 45 of 215 branch games ended exactly at the score of the
        best line so far (9 of 19 on setup 770002), most at a point where their move
        is one of the line's next few (BENCHMARKS.md, "The solo planner", round 12).
        The time it does not take goes to the next games."""
        assert self.join is not None and self._walk is not None
        keys, line, score = self.join
        at = self._walk_at
        if score > self._score:
            self._line = self._line[:at] + line[keys[key]:]
            self._score = score
        self.joined = at
        self._say(f"joined the best line it left at action {at + 1}: {self._score:g}")

    def __repr__(self) -> str:
        return (f"PlanBot(seed={self.seed}, time={self.time}, playouts={self.playouts}, "
                f"width={self.width}, noise={self.noise}, clock={self.clock}, "
                f"order={self.order}, starts={int(self.starts) + int(self.goals)}, "
                f"book={int(self.book)})")
