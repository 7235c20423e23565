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
  and score it by the real scoring pad of the end (``state.scores()[0].total``).
* **A step** at a position on the best line tries its ``width`` best macro-actions by
  the evaluation (and the best line's own): each one's playout completes a whole game;
  a complete game better than the best line replaces it.  The step then moves one
  macro-action down the best line and starts again: the *walk*.
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
  played twice); from the third pass on they add noise of ``noise`` points to the
  greedy policy's values, seeded, so each pass tries new lines.

Options (``plan:key=value,...``): ``time`` (seconds per decision, default 2),
``playouts`` (playouts per decision instead of a time: deterministic for a seed),
``width`` (macro-actions tried per step, default 10), ``noise`` (points of noise in
the playouts of the later passes, default 2), ``clock`` (``wall``, the default: ``time``
is seconds on the wall; ``cpu``: seconds of the searching thread's processor time, a
fair budget on a machine that other jobs share).  Solo games only: with more players the
game is not a puzzle (the opponents answer), and ``mcts`` is the bot for it.
"""

from __future__ import annotations

import math
import random
import time as _time
from collections.abc import Callable

from arle.actions import Action
from arle.bots.evaluation import evaluate
from arle.bots.greedy import GreedyBot
from arle.bots.mcts import macro_actions
from arle.state import State
from arle.view import decision_depth

__all__ = ["Line", "PlanBot", "playout", "terminal_score"]

#: A line: the actions from a position to the end of the game, and the final score.
Line = tuple[float, tuple[Action, ...]]


def terminal_score(s: State) -> float:
    """The final score of a finished solo game (the scoring pad's total)."""
    return float(s.scores()[0].total)


def _value(s: State, v: float | None) -> float:
    """What a playout compares: the real score at the end, else the evaluation."""
    if s.phase == "over":
        return terminal_score(s)
    return evaluate(s, 0) if v is None else v


def _macros(s: State, expand: int) -> list[tuple[float, tuple[Action, ...], State]]:
    """The macro-actions of ``s`` with their values (:func:`_value`), best first (the
    first of equals, in the engine's action order)."""
    out = [(_value(end, v), acts, end) for acts, end, v in macro_actions(s, expand, 4)]
    order = sorted(range(len(out)), key=lambda i: (-out[i][0], i))
    return [out[i] for i in order]


def playout(s: State, rng: random.Random | None = None, noise: float = 0.0) -> Line:
    """Play the solo game ``s`` (not changed) to its end with the ``greedy`` bot's
    policy (each decision by the evaluation, a chain of sub-decisions completed before
    judging: :class:`arle.bots.greedy.GreedyBot`); with ``noise``, uniform noise of that
    many points on each action's value, drawn from ``rng``.  The final score and the
    actions played.  Without noise the playout is a function of the position."""
    bot = GreedyBot(seed=0 if rng is None else rng.randrange(1 << 30),
                    noise=noise if rng is not None else 0.0)
    s = s.clone()
    tail: list[Action] = []
    while s.phase != "over":
        legal = s.legal_actions()
        a = legal[0] if len(legal) == 1 else bot.choose(s)
        tail.append(a)
        s.apply(a)
    return terminal_score(s), tuple(tail)


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


def _number(options: dict[str, str | float | int | None], key: str,
            kind: Callable[[str], float]) -> float | None:
    x = options.get(key)
    if x is None:
        return None
    try:
        return kind(str(x))
    except ValueError:
        raise ValueError(f"plan {key} must be a number, not {x!r}") from None


class PlanBot:
    """Nested Monte Carlo search of the solo game with the best line kept across
    decisions (see the module docstring)."""

    def __init__(self, seed: int = 0, time: str | float | None = None,
                 playouts: str | int | None = None, width: str | int = 10,
                 noise: str | float = 2.0, clock: str = "wall", **options: str) -> None:
        if options:
            raise ValueError(f"unknown plan option(s): {', '.join(sorted(options))}")
        opts: dict[str, str | float | int | None] = {
            "time": time, "playouts": playouts, "width": width, "noise": noise}
        t = _number(opts, "time", float)
        n = _number(opts, "playouts", int)
        w = _number(opts, "width", int)
        z = _number(opts, "noise", float)
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
        if clock not in ("wall", "cpu"):
            raise ValueError(f"plan clock must be wall or cpu, not {clock!r}")
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
        self._memo: dict[tuple[object, ...], Line] = {}  # first pass's playouts
        self._pending: tuple[tuple[object, ...],
                             list[tuple[float, tuple[Action, ...], State]], int] | None = None
        self._rate = 0.0               # recent playouts' seconds per action played
        self.last_stats: dict[str, float] = {}
        self.on_progress: Callable[[str], None] | None = None

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

    def solve(self, state: State, seconds: float) -> Line:
        """Spend ``seconds`` in all on the game from ``state`` as the bot spends them in
        a game: at each decision the rest of the time divided by the actions left on
        the best line, then the line's next action is taken and the next decision
        searched from there (forced decisions cost nothing and leave their time to the
        others).  The best line's final score and its actions from ``state`` on.

        Measured better than the same time in passes from ``state`` alone: the passes
        restart at the position being played, so the later steps get more of them."""
        if not (math.isfinite(seconds) and seconds > 0):
            raise ValueError(f"a search needs a positive time, not {seconds!r}")
        s = state.clone()
        played: list[Action] = []
        deadline = self._now() + seconds
        while not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) > 1:
                left = max(1, len(self._line) - len(s.history)) if self._on_line(s) else 100
                budget = (deadline - self._now()) / left
                self.search(s, max(budget, 1e-3))
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
            self._restart(state)
            done += 1
        base = len(state.history)
        if self._walk is None or self._walk_at < base:
            self._walk = state.clone()
            self._walk_at = base
        while True:
            if playouts is not None and done >= playouts:
                break
            if deadline is not None and \
                    now() + self._cost_ahead() > deadline:
                break
            if self._work(state):
                done += 1
        self.last_stats = {"playouts": float(done), "score": self._score,
                           "pass": float(self._pass), "walk": float(self._walk_at),
                           "seconds": now() - t0}
        return self._score, self._line[base:]

    # ------------------------------------------------------------------ the line
    def _on_line(self, state: State) -> bool:
        hist = state.history
        if self._setup != state.setup or len(hist) >= len(self._line):
            return False
        return all(str(a) == h for a, h in zip(self._line, hist))

    def _restart(self, state: State) -> None:
        """A new best line from ``state``: its history and a first playout."""
        self._setup = state.setup
        self._memo.clear()
        self._tried.clear()
        self._pending = None
        self._pass = 1
        prefix = tuple(self._parse(state))
        score, tail = self._playout(state.clone(), 1)
        self._line = prefix + tail
        self._score = score
        self._walk = state.clone()
        self._walk_at = len(state.history)
        self._say(f"first line: {score:g}")

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
    def _playout(self, s: State, pass_no: int) -> Line:
        t0 = self._now()
        if pass_no <= 2:
            key = s.key()
            out = self._memo.get(key)
            if out is not None:                # played before: no time spent
                return out
            out = playout(s)
            self._memo[key] = out
        else:
            out = playout(s, self._rng, self.noise)
        spent = self._now() - t0
        if len(out[1]) >= 8:
            rate = spent / len(out[1])
            self._rate = rate if self._rate == 0 else 0.7 * self._rate + 0.3 * rate
        return out

    def _cost_ahead(self) -> float:
        """The expected time of the walk's next playout: the recent seconds per action
        of a playout times the actions left on the best line after the walk."""
        return self._rate * max(0, len(self._line) - self._walk_at)

    def _work(self, root: State) -> bool:
        """Move the walk on to its next playout and play it; whether one was played
        (False: the walk moved, or a new pass started)."""
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
        step = (self._pass, walk.key())
        if step in self._tried:
            self._walk_at = _chain_step(walk, self._line, self._walk_at)
            return False
        pending = self._pending
        if pending is None or pending[0] != step:
            expand, width = (1, self.width) if self._pass == 1 else (2, 2 * self.width)
            pending = (step, _macros(walk, expand)[:width], 0)
        _step, kids, i = pending
        if i >= len(kids):
            self._tried.add(step)
            self._pending = None
            return False
        _v, acts, end = kids[i]
        self._pending = (step, kids, i + 1)
        score, tail = self._playout(end.clone(), self._pass)
        if score > self._score:
            self._line = self._line[:self._walk_at] + acts + tail
            self._score = score
            self._say(f"better line: {score:g} (pass {self._pass}, action "
                      f"{self._walk_at + 1})")
        return True

    def __repr__(self) -> str:
        return (f"PlanBot(seed={self.seed}, time={self.time}, playouts={self.playouts}, "
                f"width={self.width}, noise={self.noise}, clock={self.clock})")
