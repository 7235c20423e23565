"""Reviewing a game of :mod:`arle.green`: at each decision of a seat, what would a bot
have played, and how much did the seat's choice cost by the bots' evaluation?

Every decision of the reviewed seat with more than one legal action is a reviewed turn
(a pick, a take, a card's follow-up...).  The judge is asked in a *determinization* of
the seat's information (:func:`arle.green.infostate.resample_from_infostate`: the cards
the seat had not seen dealt afresh), never in the recorded position, and both the action
played and the judge's are valued in :data:`SAMPLES` such determinizations (the same
ones for both) by the one-step value of ``green-greedy`` (the seat's evaluation after
the action and its best follow-ups, minus the best other seat's; solo: its own): the
review of a decision depends only on what the seat knew when it decided.  Each
decision's samples and judge are seeded from ``seed`` and the decision's index, so a
decision is judged the same whichever seats are reviewed.

>>> import arle.green as G
>>> from arle.green.bots import green_bot
>>> s, bot = G.new_game(players=2, seed=5), green_bot("greedy", seed=1)
>>> for _ in range(12):
...     s.apply(bot.choose(s))
>>> turns = review(s.record(), player=0)
>>> [t.player for t in turns] == [0] * len(turns) and all(t.loss >= 0 for t in turns)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from arle.framework.actions import Action
from arle.framework.review import Reviewer, TurnValues
from arle.green.infostate import resample_from_infostate
from arle.green.state import RECORD_FORMAT, State, replay

__all__ = ["REVIEWER", "SAMPLES", "Turn", "judge", "review"]

#: Determinizations each reviewed decision's two actions are valued in.
SAMPLES = 6


@dataclass(frozen=True)
class Turn(TurnValues):
    """One reviewed decision: ``index`` of its action in the record (0-based)."""

    index: int
    year: int
    player: int
    played: tuple[str, ...]        # the action played (one: each decision is a turn)
    suggested: str                 # the judge's choice
    value_played: float
    value_suggested: float


def _rng(seed: int, index: int, what: str) -> random.Random:
    return random.Random(f"arle.green.review:{seed}:{index}:{what}")


def judge(state: State, played: str, bot: str = "greedy", seed: int = 0, index: int = 0,
          samples: int = SAMPLES) -> Turn:
    """The review of the decision ``played`` (legal) of the seat to move in ``state``,
    from that seat's information only (see the module text); ``index``: the decision's
    place in the record (it seeds the samples).  ValueError for an unknown bot."""
    from arle.green.bots import GreenGreedyBot, green_bot
    p = state.current_player
    if p is None:
        raise ValueError("the game is over: no decision to review")
    judge_bot = green_bot(bot, seed=_rng(seed, index, "bot").getrandbits(32))
    suggested = str(judge_bot.choose(resample_from_infostate(state, p,
                                                             _rng(seed, index, "judge"))))
    mine = Action.from_text(played)
    theirs = Action.from_text(suggested)
    v_played = v_suggested = 0.0
    for k in range(samples):
        det = resample_from_infostate(state, p, _rng(seed, index, f"sample {k}"))
        value_seed = _rng(seed, index, f"value {k}").getrandbits(32)
        v_played += GreenGreedyBot(seed=value_seed).action_value(det, mine)
        if theirs != mine:
            v_suggested += GreenGreedyBot(seed=value_seed).action_value(det, theirs)
    v_played /= samples
    v_suggested = v_suggested / samples if theirs != mine else v_played
    return Turn(index, state.year, p, (str(mine),), str(theirs), round(v_played, 2),
                round(v_suggested, 2))


def review(record: dict[str, Any] | str, player: int | None = None, bot: str = "greedy",
           seed: int = 0) -> list[Turn]:
    """The decisions of ``player`` (every seat when None) in ``record`` with more than
    one legal action, each judged by :func:`judge`.  ValueError for a malformed record,
    an unknown bot or a player not in the game."""
    end = replay(record)
    rec = end.record()
    n = end.n
    if player is not None and (type(player) is not int or player not in range(n)):
        raise ValueError(f"player must be from 0 to {n - 1} in a {n}-player game, "
                         f"not {player!r}")
    from arle.green.bots import green_bot
    green_bot(bot)                       # an unknown bot is refused before any work
    s = replay({"format": RECORD_FORMAT, "setup": rec["setup"], "actions": []})
    out: list[Turn] = []
    for i, text in enumerate(rec["actions"]):
        p = s.current_player
        if (player is None or p == player) and len(s.legal_actions()) > 1:
            out.append(judge(s, text, bot, seed, i))
        s.apply(text)
    return out


def _default_judge(players: int) -> str:
    return "greedy"


#: The second game's review, as ``arle review`` and the web find it
#: (:func:`arle.framework.review.reviewer`).
REVIEWER = Reviewer(
    review=review, default_judge=_default_judge, web_judge="greedy", when="year",
    when_title="Year",
    method=("Every decision with a choice compared with the greedy bot's, asked and "
            f"judged in {SAMPLES} deals of the cards that player had not seen (what they "
            "knew, not the record's hidden cards): the estimated final score after each "
            "action and its best follow-ups, minus the best other player's."))
