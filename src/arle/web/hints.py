"""Hints: the action a bot would take for the person to move, asked by that person.

A hint changes nothing but the game's log (a ``hint`` event, so that the other players
see that one was asked for).  The hint bots are the server's (``arle serve
--hint-bot/--solo-hint-bot``); a request may name another bot.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from typing import Any, Protocol

from arle.web.botdriver import BotDriver
from arle.web.botworker import SOLO_ONLY, check_bot_spec
from arle.web.db import EventRow, GameRecord, Store
from arle.web.games import MAX_ACTION_LEN, Game, GameError, seat_label
from arle.web.kinds import ARLE, Kind
from arle.web.seats import bot_for_seat

__all__ = ["HINT_BOT", "SOLO_HINT_BOT", "HintHost", "check_hint_bots", "hint"]

#: The bot that answers a hint request unless the request names another (a search
#: bounded by time, so that a hint comes within about a second); in a solo game the
#: planner (it plays solo games only).  ``arle serve --hint-bot/--solo-hint-bot`` set them.
HINT_BOT = "mcts:time=0.7"
SOLO_HINT_BOT = "plan:time=0.7"


def check_hint_bots(hint_bot: str, solo_hint_bot: str) -> tuple[str, str]:
    """The hint bots of games with opponents and of solo games, normalised; or
    ValueError saying why this server refuses one.  They play Fields of Arle, the one
    game whose kind offers hints (:attr:`~arle.web.kinds.Kind.hints`)."""
    try:
        hint = check_bot_spec(hint_bot, ARLE.name)
        solo = check_bot_spec(solo_hint_bot, ARLE.name)
    except ValueError as e:
        raise ValueError(f"hint bot: {e}") from None
    if hint.partition(":")[0] in SOLO_ONLY:
        raise ValueError(f"the hint bot {hint_bot!r} plays solo games only: give it "
                         "as the solo hint bot")
    return hint, solo


class HintHost(Protocol):
    """What a hint uses of the service (:class:`arle.web.service.GameService`)."""

    store: Store
    bots: BotDriver
    hint_bot: str
    solo_hint_bot: str

    async def get(self, game_id: str) -> Game: ...

    def kind(self, game: Game | GameRecord) -> Kind: ...

    def notify(self, game_id: str, version: int) -> None: ...


async def hint(host: HintHost, game_id: str, held: Iterable[int],
               spec: Any = None) -> tuple[str, int]:
    """The action bot ``spec`` (default: the service's hint bot) would take for the seat to
    move, asked by its holder; with the version it was computed at.  Nothing changes."""
    held = set(held)
    game = await host.get(game_id)
    if not host.kind(game).hints:
        raise GameError(f"hints are not offered in games of {game.rec.game!r}", 409)
    if spec is None:
        spec = host.solo_hint_bot if game.rec.players == 1 else host.hint_bot
    if not isinstance(spec, str) or len(spec) > MAX_ACTION_LEN:
        raise GameError("malformed hint: 'bot' must be a bot spec like 'greedy'")
    spec = bot_for_seat(spec, game.rec.game, game.rec.players)
    p = game.state.current_player
    if game.rec.status != "running" or p is None:
        raise GameError("the game is over: there is nothing to hint", 409)
    if not held:
        raise GameError("spectators get no hints: open your invitation link", 403)
    if p not in held or game.rec.seats[p].kind != "human":
        raise GameError(f"not your turn: {seat_label(game, p)} is to move", 409)
    if not game.hints:
        raise GameError("hints are off in this game (the choice of its creator)", 403)
    version = game.version
    try:
        action = await host.bots.think(spec, len(game.state.history), game.state.to_json())
    except Exception as e:       # a crashed, missing or stopped bot
        raise GameError(f"no hint: the bot {spec} failed ({e})", 503) from e
    event = EventRow(version, len(game.moves), p, "hint",
                     f"{seat_label(game, p)} asked for a hint", time.time())
    await asyncio.to_thread(host.store.add_event, game_id, event)
    game.events.append(event)
    host.notify(game_id, game.version)
    return action, version
