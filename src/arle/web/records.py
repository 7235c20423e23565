"""Game records in and out of the web: the record a game hands out (with its seats), and
the checks and replay of a Fields of Arle record uploaded to start a game from.

A record handed out is the engine's record plus ``seats``, one ``"human"`` or
``"bot:SPEC"`` per seat (the form ``arle play`` and the arena write), so that an upload
puts the bots back in their seats.
"""

from __future__ import annotations

import json
import time
from typing import Any

import arle
from arle.web.db import MoveRow
from arle.web.games import (
    MAX_ACTION_LEN,
    MAX_RECORD_ACTIONS,
    MAX_SEED,
    THREE_NEED_EXPANSION,
    Game,
    GameError,
)
from arle.web.seats import bot_for_seat

__all__ = ["read_record", "record_json", "record_of", "record_seats"]


def record_of(game: Game) -> dict[str, Any]:
    """The game record as the web hands it out: the engine's record plus ``seats``, one
    ``"human"`` or ``"bot:SPEC"`` per seat (the form ``arle play`` and the arena write),
    so that an upload puts the bots back in their seats."""
    rec: dict[str, Any] = game.state.record()
    rec["seats"] = ["bot:" + (s.bot or "") if s.kind == "bot" else "human"
                    for s in game.rec.seats]
    return rec


def record_json(game: Game) -> str:
    return json.dumps(record_of(game), indent=1)


def record_seats(raw: Any, players: int, game: str = "arle") -> list[str]:
    """The seats of an uploaded record of ``game``: each ``"human"`` or ``"bot:SPEC"``
    with a spec this server's bot worker accepts (normalized); all human when the record
    has none."""
    if raw is None:
        return ["human"] * players
    if not isinstance(raw, list) or len(raw) != players:
        raise GameError(f"malformed record: seats must be a list of {players} seat(s), "
                        "each 'human' or 'bot:NAME'")
    out = []
    for i, spec in enumerate(raw):
        if spec == "human":
            out.append("human")
        elif isinstance(spec, str) and spec.startswith("bot:") and len(spec) <= MAX_ACTION_LEN:
            out.append(bot_for_seat(spec[4:], game, players,
                                    f"malformed record: seats[{i}]: "))
        else:
            raise GameError(f"malformed record: seats[{i}] must be 'human' or 'bot:NAME', "
                            f"got {str(spec)[:40]!r}")
    return out


def read_record(record: Any) -> tuple[Any, list[MoveRow], list[str]]:
    """An uploaded Fields of Arle record checked and replayed: the state at its last
    position, its moves and its seats (``"human"`` or a bot's spec); GameError saying
    what is wrong with it."""
    if not isinstance(record, dict) or record.get("format") != "arle-record-1":
        raise GameError("not an arle game record (expected format 'arle-record-1')")
    actions = record.get("actions")
    setup = record.get("setup")
    if not isinstance(actions, list) or not isinstance(setup, dict):
        raise GameError("malformed record: 'setup' must be an object and 'actions' a list")
    if len(actions) > MAX_RECORD_ACTIONS:
        raise GameError(f"record too long ({len(actions)} actions)")
    players = setup.get("players")
    if isinstance(players, bool) or players not in (1, 2, 3):
        raise GameError("malformed record: setup.players must be 1, 2 or 3")
    if players == 3 and setup.get("expansion") is None:
        raise GameError("malformed record: " + THREE_NEED_EXPANSION)
    seed = setup.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        # the lobby's bounds: a record may not carry a seed no game here could have
        raise GameError(f"malformed record: setup.seed must be a whole number from 0 "
                        f"to {MAX_SEED}")
    specs = record_seats(record.get("seats"), players)
    try:
        state = arle.replay({"format": "arle-record-1", "setup": setup, "actions": []})
    except (ValueError, TypeError) as e:
        raise GameError(f"malformed record: {e}") from e
    moves: list[MoveRow] = []
    now = time.time()
    for i, text in enumerate(actions):
        p = state.current_player
        if p is None or not isinstance(text, str) or len(text) > MAX_ACTION_LEN:
            raise GameError(f"record action {i}: not a legal action here")
        try:
            act = arle.parse_action(state, text)
            state.apply(act)
        except ValueError as e:
            raise GameError(f"record action {i} ({text!r}): {e}") from e
        moves.append(MoveRow(i + 1, p, str(act), now))
    return state, moves, specs
