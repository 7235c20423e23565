"""A game as the web service holds it (:class:`Game`), its refusals (:class:`GameError`)
and the limits of what a request may send.

The model under every part of the service (:mod:`arle.web.service`): the stored record
(:class:`~arle.web.db.GameRecord`), the game's state and its moves and events, with the
questions every part asks of them (whose bot is to move, are hints on, how far an undo
goes).  Nothing here stores, plays or notifies.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from arle.data.options import players_error
from arle.web.db import EventRow, GameRecord, MoveRow, SeatRow

__all__ = ["CreatedGame", "Game", "GameError", "MAX_ACTION_LEN", "MAX_RECORD_ACTIONS",
           "MAX_SEED", "THREE_NEED_EXPANSION", "parse_version", "players_from_1",
           "seat_label", "state_facts"]

#: The longest action text (or bot spec) a request may send.
MAX_ACTION_LEN = 200
#: The most actions an uploaded record may hold.
MAX_RECORD_ACTIONS = 20_000
#: The largest seed of a game on this server (created in the lobby or uploaded).
MAX_SEED = 2**31 - 1
#: Why a 3-player game without the expansion is refused.
THREE_NEED_EXPANSION = str(players_error(3, None, "expansion 'tea-and-trade'"))


class GameError(Exception):
    """A refused request: ``status`` is the HTTP status, the message says why."""

    def __init__(self, message: str, status: int = 400, *,
                 retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.retry_after = retry_after      # seconds, sent as Retry-After (429, 503)


@dataclass
class CreatedGame:
    game_id: str
    owner_token: str
    tokens: dict[int, str]        # seat -> token, human seats only


@dataclass
class Game:
    """A game held in memory: the stored record, the engine state and the move list."""

    rec: GameRecord
    state: Any                    # a state of the game ``rec.game`` (arle.State...)
    moves: list[MoveRow]
    events: list[EventRow] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    touched: float = 0.0          # the service's clock when a request last used it

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def version(self) -> int:
        return self.rec.version

    def seat(self, index: int) -> SeatRow:
        return self.rec.seats[index]

    def bot_to_move(self) -> SeatRow | None:
        p = self.state.current_player
        if p is None or self.rec.status != "running":
            return None
        seat = self.rec.seats[p]
        return seat if seat.kind == "bot" else None

    @property
    def hints(self) -> bool:
        """Whether hints are on: the creator's choice (``setup["hints"]``), else on
        unless two people play each other."""
        choice = self.rec.setup.get("hints")
        if isinstance(choice, bool):
            return choice
        return sum(1 for s in self.rec.seats if s.kind == "human") < 2

    def undo_span(self, held: Iterable[int]) -> int:
        """How many of the last moves an undo by a holder of ``held`` seats takes back
        (0: none).  The asker's own last decision, and after it the replies of bots;
        once another person has acted, nothing (that person's move is theirs)."""
        if self.rec.status != "running" or not self.moves:
            return 0
        held = set(held)
        n = 0
        for m in reversed(self.moves):
            n += 1
            seat = self.rec.seats[m.player]
            if seat.kind == "bot":
                continue
            return n if m.player in held else 0
        return 0

    def undoable_by(self, held: Iterable[int]) -> bool:
        """Whether a holder of ``held`` seats may take back a move now."""
        return self.undo_span(held) > 0


def state_facts(s: Any) -> tuple[str, int | None, int | None]:
    """What the store keeps beside a state: its status, the player to move, the winner."""
    if s.is_terminal():
        return "finished", None, s.winner()
    return "running", s.current_player, None


def seat_label(game: Game, p: int) -> str:
    seat = game.rec.seats[p]
    if seat.kind == "bot":
        return f"Player {p + 1} (bot {seat.bot})"
    return f"Player {p + 1}"


_PLAYER_NUMBER = re.compile(r"\bplayer (\d)\b")


def players_from_1(message: str) -> str:
    """An engine message as people read it: the engine counts players from 0
    ("for player 0"), the page from 1 ("for Player 1")."""
    return _PLAYER_NUMBER.sub(lambda m: f"Player {int(m.group(1)) + 1}", message)


def parse_version(v: Any) -> int | None:
    """A client's version: a JSON integer (or absent); text such as ``"1"`` is refused."""
    if v is None:
        return None
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**63:
        return v
    raise GameError("malformed move: 'version' must be a whole number (a JSON integer)")
