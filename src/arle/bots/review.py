"""Reviewing a finished (or unfinished) game: where did a player lose points?

For each *turn* of the reviewed player (a decision taken with no sub-decision pending:
a worker placement, an anytime action, ending the work phase, a feeding...), a bot is
asked what it would have played.  When its first action differs, both lines are judged
the same way: the played turn as it happened (the first action and the sub-decisions the
record shows after it), the bot's turn with its sub-decisions completed greedily, each
position judged by the bots' evaluation (estimated final score; with two players, minus
the opponent's).  The difference is the estimated loss of the turn.

The evaluation is a calibrated estimate, not the truth: a small loss may be a plan the
evaluation does not see; a large one deserves a look.  A stronger judge
(``bot="mcts:sims=200"``) gives better suggestions at about a second per turn.

>>> import arle
>>> from arle.bots.greedy import GreedyBot
>>> s = arle.new_game(players=1, seed=4)
>>> bot = GreedyBot(seed=0)
>>> for _ in range(12):
...     s.apply(bot.choose(s))
>>> turns = review(s.record(), player=0, bot="greedy")
>>> all(t.loss == 0 for t in turns)     # greedy judged by greedy: nothing to regret
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import arle
from arle.bots import get
from arle.bots.greedy import chain_value, in_chain, value_of
from arle.framework.review import Reviewer, TurnValues, summary

__all__ = ["REVIEWER", "SOLO_JUDGE", "Turn", "default_judge", "review", "summary"]

#: The judge of solo games when none is named: the planner (:mod:`arle.bots.plan`),
#: which plays solo games best, with a second per reviewed turn.
SOLO_JUDGE = "plan:time=1"


@dataclass(frozen=True)
class Turn(TurnValues):
    """One reviewed turn: ``index`` of its first action in the record (0-based)."""

    index: int
    half_year: int
    player: int
    played: tuple[str, ...]        # the first action and its sub-decisions
    suggested: str                 # the bot's first action
    value_played: float
    value_suggested: float


def review(record: dict[str, Any] | str, player: int | None = None,
           bot: str = "greedy", seed: int = 0) -> list[Turn]:
    """The turns of ``player`` (every player when None) in ``record``, each with the
    bot's suggestion and the estimated loss.  ValueError for a malformed record, an
    unknown bot or a player not in the game."""
    end = arle.replay(record)
    rec = end.record()
    n = end.n
    if player is not None and player not in range(n):
        raise ValueError(f"player must be {'0' if n == 1 else '0 or 1'} in a "
                         f"{n}-player game, not {player!r}")
    judge = get(bot, seed=seed)
    start = dict(rec)
    actions: list[str] = list(rec["actions"])
    start["actions"] = []
    s = arle.replay(start)
    out: list[Turn] = []
    i = 0
    while i < len(actions):
        p = s.current_player
        assert p is not None
        top_level = s.pending().kind in ("place", "end", "over", "sustain", "final")
        reviewed = (player is None or p == player) and top_level \
            and len(s.legal_actions()) > 1
        if not reviewed:
            s.apply(actions[i])
            i += 1
            continue
        before = s.clone()
        first = i
        s.apply(actions[i])
        i += 1
        while i < len(actions) and in_chain(s, p):
            s.apply(actions[i])
            i += 1
        value_played = value_of(s, p) if not in_chain(s, p) else chain_value(s.clone(), p)
        suggestion = judge.choose(before.clone())
        alt = before.clone()
        alt.apply(suggestion)
        out.append(Turn(first, before.half_year, p, tuple(actions[first:i]),
                        str(suggestion), round(value_played, 2),
                        round(chain_value(alt, p), 2)))
    return out


def default_judge(players: int) -> str:
    """The judge of a game of ``players`` when none is named: the planner for a solo
    game (the game is a puzzle after setup), greedy otherwise."""
    return SOLO_JUDGE if players == 1 else "greedy"


#: Fields of Arle's review, as ``arle review`` and the web find it
#: (:func:`arle.framework.review.reviewer`).
REVIEWER = Reviewer(
    review=review, default_judge=default_judge, web_judge="greedy", when="half_year",
    when_title="Half year",
    method=("Every turn compared with the greedy bot's choice, both judged by the bots' "
            "evaluation (the estimated final score, minus the opponent's with two "
            "players)."))
