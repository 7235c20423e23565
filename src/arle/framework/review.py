"""Game records and reviews for every game: which game a record is of, and how a game's
decisions are reviewed (``arle replay``, ``arle review``, the web's upload and review).

A record names its game by its ``format`` (:data:`RECORD_FORMATS`); :func:`game_of_record`
finds the game from the record alone.  Each game's review (a bot's choice at each of a
seat's decisions, and the estimated value lost where the seat played otherwise) is a
:class:`Reviewer`, found by :func:`reviewer` from the module :data:`REVIEWERS` names, so
that this module imports no game:

>>> game_of_record({"format": "arle-green-record-1"}).name
'green'
>>> game_of_record({"format": "chess"})
Traceback (most recent call last):
...
ValueError: not an arle game record (its format is 'chess'; known: arle-record-1, arle-green-record-1)
>>> summary([])
{'turns': 0, 'agreed': 0, 'mistakes': 0, 'points_lost': 0}
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from arle.framework import game as _game
from arle.framework import jsonread
from arle.framework.errors import StateFormatError

__all__ = ["RECORD_FORMATS", "REVIEWERS", "ReviewedTurn", "Reviewer", "TurnValues",
           "game_of_record", "read_record", "reviewer", "summary"]

#: A record's ``format`` -> the game it is a record of.
RECORD_FORMATS: dict[str, str] = {"arle-record-1": "arle", "arle-green-record-1": "green"}

#: A game's name -> the module whose ``REVIEWER`` reviews its records (names, not
#: imports: see :data:`arle.framework.game.PROVIDERS`).
REVIEWERS: dict[str, str] = {"arle": "arle.bots.review", "green": "arle.green.review"}


def game_of_record(record: Any) -> _game.Game:
    """The game ``record`` (a parsed JSON record) is of, from its ``format``;
    ValueError saying what was found otherwise (nothing else of the record is read)."""
    fmt = record.get("format") if isinstance(record, dict) else None
    known = ", ".join(RECORD_FORMATS)
    if not isinstance(fmt, str) or fmt not in RECORD_FORMATS:
        found = (f"its format is {fmt[:40]!r}" if isinstance(fmt, str)
                 else "it has no 'format'" if isinstance(record, dict) else "not a JSON object")
        raise ValueError(f"not an arle game record ({found}; known: {known})")
    return _game.get(RECORD_FORMATS[fmt])


def read_record(text: str | bytes) -> tuple[_game.Game, Any]:
    """A record's game and the record, from its JSON text; ValueError naming what is
    wrong (``malformed record JSON: ...``, or not a record of a game of this program)."""
    try:
        record = jsonread.loads(text)
    except StateFormatError as e:
        raise e.with_prefix("malformed record JSON: ") from None
    return game_of_record(record), record


class ReviewedTurn(Protocol):
    """One reviewed decision (a game's own type adds when it was, e.g. ``half_year``)."""

    @property
    def index(self) -> int:
        """Its first action's index in the record (0-based)."""

    @property
    def player(self) -> int: ...

    @property
    def played(self) -> tuple[str, ...]:
        """The action played (with the sub-decisions the game groups with it)."""

    @property
    def suggested(self) -> str:
        """The judge's choice."""

    @property
    def loss(self) -> float:
        """The estimated value lost against the suggestion (0 when it was played)."""

    def to_dict(self) -> dict[str, Any]: ...


class TurnValues:
    """What every game's reviewed turn computes from its values: a game's frozen dataclass
    of a turn (with ``played``, ``suggested``, ``value_played`` and ``value_suggested``
    among its fields) takes :attr:`loss` and :meth:`to_dict` from here."""

    played: tuple[str, ...]
    suggested: str
    value_played: float
    value_suggested: float

    @property
    def loss(self) -> float:
        """The estimated value lost against the suggestion (0 when it was played)."""
        if self.played[0] == self.suggested:
            return 0.0
        return round(max(0.0, self.value_suggested - self.value_played), 1)

    def to_dict(self) -> dict[str, Any]:
        """The turn's fields (``played`` as a list) and its ``loss``, for JSON."""
        d: dict[str, Any] = asdict(self)  # type: ignore[call-overload]
        d["played"] = list(self.played)
        d["loss"] = self.loss
        return d


@dataclass(frozen=True)
class Reviewer:
    """How one game's records are reviewed."""

    #: ``review(record, player, bot, seed)``: the turns of ``player`` (None: everyone)
    #: judged by the bot ``bot``; ValueError for a bad record, bot or player.
    review: Callable[..., Sequence[ReviewedTurn]]
    #: The judge when none is named, for a game of this many players.
    default_judge: Callable[[int], str]
    #: The judge of the web's review (a whole game within seconds).
    web_judge: str
    #: The field of a turn that says when it was, and its heading (``half_year``,
    #: "Half year").
    when: str
    when_title: str
    #: What the review compares, in a sentence of the web's review page.
    method: str


def reviewer(game: str) -> Reviewer:
    """The reviewer of ``game`` (ValueError for a game without one)."""
    module = REVIEWERS.get(game)
    if module is None:
        raise ValueError(f"no review for the game {game!r}")
    found = getattr(importlib.import_module(module), "REVIEWER")
    assert isinstance(found, Reviewer)
    return found


def summary(turns: Sequence[ReviewedTurn], threshold: float = 3.0) -> dict[str, Any]:
    """Totals of a review: turns, turns where the judge agreed, mistakes (loss at least
    ``threshold``) and the estimated points lost in them."""
    mistakes = [t for t in turns if t.loss >= threshold]
    return {"turns": len(turns), "agreed": sum(1 for t in turns if t.loss == 0
                                               and t.played[0] == t.suggested),
            "mistakes": len(mistakes), "points_lost": round(sum(t.loss for t in mistakes), 1)}
