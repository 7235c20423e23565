"""The move path: a move, an undo and the owner's change of a bot, each checked against
the seat tokens, the turn and the version the client saw, stored, and only then told to
the open pages.

Each change holds the game's lock, lets the game's kind (:class:`~arle.web.kinds.Kind`)
check and apply it on a copy, and stores it conditioned on the version it started
from: when another server stored a change first, nothing is applied (409) and the
game is reloaded on the next request.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import Any, Protocol

from arle.web.botdriver import BotDriver
from arle.web.db import EventRow, GameRecord, MoveRow, Store
from arle.web.games import (
    MAX_ACTION_LEN,
    Game,
    GameError,
    parse_version,
    players_from_1,
    seat_label,
    state_facts,
)
from arle.web.kinds import Kind
from arle.web.seats import bot_for_seat, is_owner

__all__ = ["MoveHost", "move", "set_bot", "undo"]


class MoveHost(Protocol):
    """What the move path uses of the service (:class:`arle.web.service.GameService`)."""

    store: Store
    bots: BotDriver

    async def get(self, game_id: str) -> Game: ...

    def kind(self, game: Game | GameRecord) -> Kind: ...

    def notify(self, game_id: str, version: int) -> None: ...

    def forget(self, game_id: str) -> None: ...


def _changed(host: MoveHost, game: Game) -> None:
    """After a change: tell the pages, and let the bot play if it is to move."""
    host.notify(game.id, game.version)
    host.bots.ensure(game)


async def move(host: MoveHost, game_id: str, held: Iterable[int], action: Any,
               expected_version: Any = None, *, bot: bool = False) -> Game:
    """Apply ``action`` for a holder of the ``held`` seats, or raise GameError."""
    held = set(held)
    if not isinstance(action, str) or not action.strip():
        raise GameError("malformed move: 'action' must be a non-empty text "
                        "in the action notation")
    if len(action) > MAX_ACTION_LEN or not action.isprintable():
        raise GameError("malformed move: the action text is too long or not printable")
    version = parse_version(expected_version)
    game = await host.get(game_id)
    async with game.lock:
        if game.rec.status != "running":
            raise GameError("the game is over: no move is possible", 409)
        if not held:
            raise GameError("spectators cannot act: a move needs the token of the seat "
                            "to move (open your invitation link)", 403)
        if version is not None and version != game.version:
            raise GameError(
                f"the position changed before your move arrived (you saw version "
                f"{version}, the game is at version {game.version}); nothing was "
                "applied: look at the board again", 409)
        p = game.state.current_player
        assert p is not None
        if p not in held:
            raise GameError(f"not your turn: {seat_label(game, p)} is to move", 409)
        if game.rec.seats[p].kind == "bot" and not bot:
            raise GameError(f"{seat_label(game, p)} is a bot", 403)
        try:
            new, text, steps = host.kind(game).play(game.state, action)
        except ValueError as e:       # IllegalActionError is a ValueError
            raise GameError(players_from_1(str(e)), 400) from e
        mv = MoveRow(len(game.moves) + 1, p, text, time.time())
        auto = [EventRow(game.version + 1, mv.ply, who, "auto", words, mv.created)
                for who, words in steps]
        status, to_move, winner = state_facts(new)
        ok = await asyncio.to_thread(host.store.commit_move, game_id, game.version, mv,
                                     new.to_json(), status, to_move, winner, auto)
        if not ok:
            host.forget(game_id)   # another server wrote first: reload
            raise GameError("the position changed before your move arrived (another "
                            "move was stored first); nothing was applied", 409)
        game.state = new
        game.moves.append(mv)
        game.events.extend(auto)
        game.rec.ply = mv.ply
        game.rec.version += 1
        game.rec.status, game.rec.to_move, game.rec.winner = status, to_move, winner
        game.rec.updated = mv.created
        host.bots.errors.pop(game_id, None)
    _changed(host, game)
    return game


async def set_bot(host: MoveHost, game_id: str, owner_token: str | None, seat: int,
                  spec: str | None = None) -> Game:
    """The owner's retry (``spec`` None: the same bot again) or replacement of the
    bot of ``seat``, e.g. after it failed: logged as a ``bot`` event; clears
    ``bot_error`` and lets the bot play on."""
    game = await host.get(game_id)
    if not is_owner(game, owner_token):
        raise GameError("only the game's owner (its creator) may change a bot", 403)
    if not 0 <= seat < len(game.rec.seats):
        raise GameError(f"seat must be between 0 and {len(game.rec.seats) - 1}")
    async with game.lock:
        if game.rec.status != "running":
            raise GameError("the game is over", 409)
        row = game.rec.seats[seat]
        if row.kind != "bot":
            raise GameError(f"seat {seat} is played by a person, not a bot", 409)
        norm = bot_for_seat(spec if spec is not None else row.bot or "", game.rec.game,
                            game.rec.players)
        text = (f"Player {seat + 1}'s bot tried again ({norm})" if norm == row.bot
                else f"Player {seat + 1}'s bot is now {norm} (was {row.bot})")
        event = EventRow(game.version + 1, len(game.moves), seat, "bot", text, time.time())
        ok = await asyncio.to_thread(host.store.set_seat_bot, game_id, game.version, seat,
                                     norm, event)
        if not ok:
            host.forget(game_id)
            raise GameError("the game changed meanwhile; nothing was changed", 409)
        row.bot = norm
        game.rec.version += 1
        game.events.append(event)
        host.bots.errors.pop(game_id, None)
    _changed(host, game)
    return game


async def undo(host: MoveHost, game_id: str, held: Iterable[int],
               expected_version: Any = None) -> Game:
    """Take back the asker's last decision, with the bots' replies after it (see
    :meth:`Game.undo_span`); logged as an ``undo`` event."""
    held = set(held)
    version = parse_version(expected_version)
    game = await host.get(game_id)
    if host.kind(game).secret:
        raise GameError("a game with hidden cards cannot take a move back", 409)
    async with game.lock:
        if not held:
            raise GameError("spectators cannot undo", 403)
        if game.rec.status != "running":
            raise GameError("the game is over: nothing can be taken back", 409)
        if version is not None and version != game.version:
            raise GameError(f"the position changed (you saw version {version}, the "
                            f"game is at version {game.version}); nothing was undone", 409)
        if not game.moves:
            raise GameError("nothing to undo: no move was made yet", 409)
        span = game.undo_span(held)
        if not span:
            raise GameError("nothing of yours to undo: the last move was made by "
                            f"{seat_label(game, game.moves[-1].player)}", 409)
        gone = game.moves[-span:]
        first = gone[0]
        rec = game.state.record()
        rec["actions"] = rec["actions"][:-span]
        new = host.kind(game).replay(rec)
        status, to_move, winner = state_facts(new)
        bots = sum(1 for m in gone if m.player != first.player)
        text = (f"{seat_label(game, first.player)} took back {first.action}"
                + (f" and the bot's reply ({bots} move{'s' if bots != 1 else ''})"
                   if bots else ""))
        event = EventRow(game.version + 1, first.ply - 1, first.player, "undo", text,
                         time.time())
        ok = await asyncio.to_thread(host.store.commit_undo, game_id, game.version,
                                     first.ply, new.to_json(), status, to_move, winner,
                                     event)
        if not ok:
            host.forget(game_id)
            raise GameError("the position changed before your undo arrived; nothing "
                            "was undone", 409)
        game.state = new
        del game.moves[-span:]
        game.events[:] = [e for e in game.events
                          if not (e.kind == "auto" and e.ply >= first.ply)]
        game.events.append(event)
        game.rec.ply = len(game.moves)
        game.rec.version += 1
        game.rec.status, game.rec.to_move, game.rec.winner = status, to_move, winner
        game.rec.updated = time.time()
        host.bots.errors.pop(game_id, None)
    _changed(host, game)
    return game
