"""Seats and their tokens: who sits where, which token opens which seat, and the
invitations only the owner's token opens.

A token is shown once, when its game is made; the store keeps its hash
(:func:`~arle.web.db.hash_token`), and each human seat's token sealed with the owner's
token (:func:`~arle.web.db.seal_invite`) so that the owner can hand out the invitation
links again.  A bot's seat holds its spec, checked by the bot workers' list of the bots
that play the game (:func:`~arle.web.botworker.check_bot_spec`).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from arle.web.botworker import SOLO_ONLY, check_bot_spec
from arle.web.db import SeatRow, hash_token, open_invite, seal_invite, token_matches
from arle.web.games import Game, GameError

__all__ = ["bot_for_seat", "invitations", "is_owner", "new_token", "seal_invitations",
           "seat_rows", "seats_of"]


def new_token() -> str:
    return secrets.token_urlsafe(24)   # 192 random bits


def bot_for_seat(spec: str, game: str, players: int, where: str = "") -> str:
    """``spec`` normalised for a seat (or a hint) in a game of ``game`` with ``players``
    players, or GameError saying why (its message starts with ``where``)."""
    try:
        norm = check_bot_spec(spec, game)
    except ValueError as e:
        raise GameError(f"{where}{e}") from e
    if norm.partition(":")[0] in SOLO_ONLY and players != 1:
        raise GameError(f"{where}{norm} plays solo games only")
    return norm


def seat_rows(specs: Iterable[str]) -> tuple[list[SeatRow], dict[int, str]]:
    """The seats of a new game from checked specs (``"human"`` or a bot's normalised
    spec), with a new token for each human seat (seat -> token)."""
    seats: list[SeatRow] = []
    tokens: dict[int, str] = {}
    for i, spec in enumerate(specs):
        if spec == "human":
            tok = new_token()
            tokens[i] = tok
            seats.append(SeatRow(i, "human", None, hash_token(tok), False))
        else:
            seats.append(SeatRow(i, "bot", spec, None, True))
    return seats, tokens


def seal_invitations(seats: list[SeatRow], tokens: dict[int, str], owner: str,
                     game_id: str) -> None:
    """Seal each human seat's token with the owner's token (only it opens them)."""
    for s in seats:
        s.invite = seal_invite(owner, game_id, s.seat, tokens[s.seat]) \
            if s.seat in tokens else None


def seats_of(game: Game, tokens: Iterable[str]) -> set[int]:
    """The seats of ``game`` that these tokens open."""
    held = set()
    for tok in tokens:
        if not tok:
            continue
        for seat in game.rec.seats:
            if token_matches(tok, seat.token_hash):
                held.add(seat.seat)
    return held


def is_owner(game: Game, token: str | None) -> bool:
    return token_matches(token or "", game.rec.owner_hash)


def invitations(game: Game, owner_token: str | None) -> dict[int, str]:
    """The tokens of the human seats (for the invitation links), unsealed with the
    owner token; empty for anyone else."""
    if not is_owner(game, owner_token):
        return {}
    out = {}
    for s in game.rec.seats:
        tok = open_invite(owner_token or "", game.id, s.seat, s.invite, s.token_hash)
        if s.kind == "human" and tok is not None:
            out[s.seat] = tok
    return out
