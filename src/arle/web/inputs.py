"""Reading what clients send: JSON bodies and the lobby's new-game options."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from arle.web.service import GameError, NewGame

__all__ = ["json_body", "parse_new_game"]


async def json_body(request: Request) -> Any:
    """The request's JSON body, or GameError (415 without a JSON content type)."""
    ctype = request.headers.get("content-type", "")
    if not ctype.startswith("application/json"):
        raise GameError("send the request body as JSON (Content-Type: application/json)", 415)
    raw = await request.body()
    try:
        return json.loads(raw or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise GameError(f"malformed JSON: {e}") from e
    except RecursionError as e:
        raise GameError("malformed JSON: nested too deeply") from e


def parse_new_game(data: Any) -> tuple[NewGame, int | None]:
    """NewGame and the seat the creator takes, from the API's JSON or the lobby form."""
    if not isinstance(data, dict):
        raise GameError("expected a JSON object")
    try:
        players = int(data.get("players", 1))
    except (TypeError, ValueError) as e:
        raise GameError("players must be 1 or 2") from e
    seats = data.get("seats")
    if seats is None:
        seats = ["human"] * players
    if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
        raise GameError("seats must be a list like [\"human\", \"bot:random\"]")
    seed_raw = data.get("seed")
    seed: int | None
    if seed_raw in (None, ""):
        seed = None
    else:
        try:
            seed = int(seed_raw)
        except (TypeError, ValueError) as e:
            raise GameError("seed must be a whole number") from e
    buildings = data.get("buildings", "first-game")
    if not (isinstance(buildings, str) or (isinstance(buildings, list) and len(buildings) < 40
                                           and all(isinstance(b, str) for b in buildings))):
        raise GameError("buildings must be 'first-game', 'random' or a list of building ids")
    promos = data.get("promos", False)
    promos = promos in (True, "1", "on", "true", "yes")
    take_raw = data.get("take_seat")
    take: int | None = None
    if take_raw not in (None, "", "none"):
        try:
            take = int(take_raw)
        except (TypeError, ValueError) as e:
            raise GameError("take_seat must be a seat number") from e
        if not 0 <= take < len(seats) or seats[take] != "human":
            raise GameError("take_seat must name a human seat")
    return NewGame(players=players, seats=[x.strip() for x in seats], seed=seed,
                   buildings=buildings, promos=promos), take
