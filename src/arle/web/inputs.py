"""Reading what clients send: JSON bodies and the lobby's new-game options.

Every number a client sends is bounded: JSON is parsed with no duplicate keys, no
Infinity or NaN and whole numbers of at most :data:`MAX_DIGITS` digits, and each field
is checked for its type and range (booleans and fractions are not whole numbers); a
refusal is a GameError (400) naming the field."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request

from arle import jsonread
from arle.errors import StateFormatError
from arle.web.service import EXPANSIONS, MAX_SEED, THREE_NEED_EXPANSION, GameError, NewGame

__all__ = ["MAX_DIGITS", "MAX_SEED", "expansion_of", "flag", "json_body", "loads",
           "parse_new_game", "whole"]


MAX_DIGITS = jsonread.MAX_DIGITS         # the longest whole number any field takes
_CONTENT_TYPE = re.compile(r"application/json\s*(;.*)?", re.IGNORECASE | re.DOTALL)


def loads(raw: bytes | str) -> Any:
    """JSON as the server takes it, read by the package's strict reader
    (:func:`arle.jsonread.loads`: no duplicate keys, no Infinity or NaN, whole numbers
    of at most :data:`MAX_DIGITS` digits); GameError 400 naming the key."""
    try:
        return jsonread.loads(raw)
    except StateFormatError as e:
        raise GameError(str(e) if e.field else f"malformed JSON: {e}") from None


async def json_body(request: Request) -> Any:
    """The request's JSON body, or GameError (415 without a JSON content type)."""
    ctype = request.headers.get("content-type", "")
    if not _CONTENT_TYPE.fullmatch(ctype.strip()):
        raise GameError("send the request body as JSON (Content-Type: application/json)", 415)
    return loads(await request.body() or b"null")


def whole(value: Any, name: str, low: int, high: int) -> int:
    """``value`` (a JSON integer, or decimal digits from a form) as an int in
    ``low..high``; GameError naming the field otherwise (floats and booleans too)."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
            number = int(text)
    if number is None:
        raise GameError(f"{name} must be a whole number")
    if not low <= number <= high:
        if high == low + 1:
            raise GameError(f"{name} must be {low} or {high}")
        raise GameError(f"{name} must be between {low} and {high}")
    return number


def flag(value: Any, name: str) -> bool:
    """A JSON boolean, or a form check box's text."""
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    if isinstance(value, str) and value.strip().lower() in _YES + _NO:
        return value.strip().lower() in _YES
    raise GameError(f"{name} must be true or false")


_YES = ("1", "on", "true", "yes")
_NO = ("", "0", "off", "false", "no")


def parse_new_game(data: Any) -> tuple[NewGame, int | None]:
    """NewGame and the seat the creator takes, from the API's JSON or the lobby form."""
    if not isinstance(data, dict):
        raise GameError("expected a JSON object")
    players = whole(data.get("players", 1), "players", 1, 3)
    seats = data.get("seats")
    if seats is None:
        seats = ["human"] * players
    if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
        raise GameError("seats must be a list like [\"human\", \"bot:random\"]")
    seed_raw = data.get("seed")
    seed = None if seed_raw in (None, "") else whole(seed_raw, "seed", 0, MAX_SEED)
    expansion = expansion_of(data.get("expansion"))
    if players == 3 and expansion is None:
        raise GameError(THREE_NEED_EXPANSION)
    buildings = data.get("buildings", "first-game" if expansion is None else "random")
    if not (isinstance(buildings, str) or (isinstance(buildings, list) and len(buildings) < 40
                                           and all(isinstance(b, str) for b in buildings))):
        raise GameError("buildings must be 'first-game', 'random' or a list of building ids"
                        if expansion is None else "buildings must be 'random', "
                        "'expansion-only' or a list of building ids")
    promos = flag(data.get("promos", False), "promos")
    cells_raw = data.get("choose_cells")
    choose_cells = None if cells_raw in (None, "", "default") else flag(cells_raw,
                                                                         "choose_cells")
    hints_raw = data.get("hints")
    hints = None if hints_raw in (None, "", "default") else flag(hints_raw, "hints")
    take_raw = data.get("take_seat")
    take: int | None = None
    if take_raw not in (None, "", "none"):
        take = whole(take_raw, "take_seat", 0, max(0, len(seats) - 1))
        if not take < len(seats) or seats[take] != "human":
            raise GameError("take_seat must name a human seat")
    return NewGame(players=players, seats=[x.strip() for x in seats], seed=seed,
                   buildings=buildings, promos=promos, hints=hints,
                   expansion=expansion, choose_cells=choose_cells), take


def expansion_of(value: Any) -> str | None:
    """The ``expansion`` field: ``"tea-and-trade"``, or null (also ``""``/``"none"``
    from the lobby form) for the base game."""
    if value is None or value in ("", "none"):
        return None
    if isinstance(value, str) and value in EXPANSIONS:
        return value
    shown = repr(value) if isinstance(value, str) and len(value) <= 40 else "that value"
    raise GameError(f"expansion must be {' or '.join(repr(x) for x in EXPANSIONS)} or null, "
                    f"not {shown}")
