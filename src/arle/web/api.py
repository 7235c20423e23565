"""The JSON API under ``/api/`` (described in ``docs/WEB.md``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from arle import presenter
from arle.data import texts
from arle.framework.review import game_of_record
from arle.notation import parse_action
from arle.scoring import ScoringInputError, farm_from_dict, score_farm, sheet_to_json
from arle.web.breakdown import breakdown
from arle.web.context import Ctx, change_bot, error_json, owner_cookie, seat_cookie, set_cookie
from arle.web import green
from arle.web.db import GameRecord
from arle.web.inputs import json_body, parse_new_game
from arle.web import reviewpages
from arle.web.schema import ArleCreate, Hint, Move, Rematch, TokenOnly, parse
from arle.web.service import CreatedGame, Game, GameError, record_of
from arle.web.views import FREE_KINDS, action_label, decision_text, option_label

__all__ = ["router", "game_info", "game_summary"]

router = APIRouter(prefix="/api")


def game_summary(rec: GameRecord) -> dict[str, Any]:
    return {
        "id": rec.id, "players": rec.players, "status": rec.status, "ply": rec.ply,
        "version": rec.version, "to_move": rec.to_move, "winner": rec.winner,
        "created": rec.created, "updated": rec.updated, "origin": rec.origin,
        "setup": {k: rec.setup.get(k) for k in ("players", "seed", "buildings", "promos",
                                                        "expansion")
                  if k != "expansion" or rec.setup.get(k) is not None},
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "joined": s.joined}
                  for s in rec.seats],
    }


def game_info(game: Game, log: list[dict[str, Any]], with_legal: bool = True
              ) -> dict[str, Any]:
    """``GET /api/games/ID``'s answer; ``log``: the presenter's entries
    (:meth:`arle.web.context.WebContext.log_of`)."""
    s = game.state
    info = game_summary(game.rec)
    info["half_year"] = s.half_year
    info["current_player"] = s.current_player
    info["terminal"] = s.is_terminal()
    info["scores"] = [sc.total for sc in s.scores()]
    info["winner"] = s.winner()
    info["log"] = log
    info["events"] = [{"version": e.version, "ply": e.ply, "player": e.player,
                       "kind": e.kind, "text": e.text} for e in game.events]
    if s.is_terminal():
        info["breakdown"] = [breakdown(s, q) for q in range(s.n)]
    d = s.pending()
    # the open sub-decision (an engine frame's kind), None at worker placement and after
    info["pending"] = None if d.kind in FREE_KINDS else d.kind
    info["decision"] = {"player": d.player, "kind": d.kind, "title": d.title,
                        "text": decision_text(s, d)}
    if with_legal:
        info["legal"] = [str(a) for a in s.legal_actions()]
        # the options in words with their costs, and the anytime actions beside them
        dv = presenter.decision(s)
        info["options"] = [_option_json(o) for o in dv.options]
        info["anytime"] = [_option_json(o) for o in dv.anytime]
    return info


def _option_json(o: presenter.Option) -> dict[str, Any]:
    """An option as the API lists it: the presenter's fields and the button's label."""
    return {**o.to_json(), "label": option_label(o)}


def created_json(request: Request, created: CreatedGame, game: Game,
                 pages: str = "") -> dict[str, Any]:
    """The answer to creating a game: its id, page, owner token and each seat's token and
    invitation link; ``pages``: where the game's pages are (``/green`` for the second
    game's)."""
    base = str(request.base_url).rstrip("/") + pages
    return {
        "id": created.game_id,
        "game": game.rec.game,
        "url": f"{base}/games/{created.game_id}",
        "owner_token": created.owner_token,
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot,
                   "token": created.tokens.get(s.seat),
                   "invite_url": (f"{base}/join/{created.tokens[s.seat]}"
                                  if s.seat in created.tokens else None)}
                  for s in game.rec.seats],
        "version": game.version,
    }


@router.get("/games")
async def api_list(ctx: Ctx, status: str = "running", limit: int = 50) -> Response:
    if status not in ("running", "finished"):
        return error_json(GameError("status must be 'running' or 'finished'"))
    games = await ctx.service.list_games(status, max(1, min(limit, 200)))
    return JSONResponse({"games": [game_summary(g) for g in games]})


async def _create_arle(request: Request, ctx: Ctx, body: Any) -> Response:
    """``POST /api/games`` for Fields of Arle."""
    try:
        req = parse(ArleCreate, body)
        opts, _take = parse_new_game({k: v for k, v in req.model_dump().items()
                                      if v is not None})
        ctx.check_create(request)
        created = await ctx.service.create_game(opts)
        game = await ctx.service.get(created.game_id)
    except GameError as e:
        return error_json(e)
    return JSONResponse(created_json(request, created, game), status_code=201)


@router.post("/games")
async def api_create(request: Request, ctx: Ctx) -> Response:
    try:
        body = await json_body(request)
        kind = body.get("game", "arle") if isinstance(body, dict) else "arle"
        web = WEB_GAMES.get(kind) if isinstance(kind, str) else None
        if web is None:
            shown = repr(kind) if isinstance(kind, str) and len(kind) <= 20 else "that"
            raise GameError(f"unknown game {shown} ({' or '.join(WEB_GAMES)})")
    except GameError as e:
        return error_json(e)
    return await web.create(request, ctx, body)


_ID = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def _card(i: str) -> dict[str, object]:
    """An element's entry, with the ids its text names (``wood_trader_space``) put as
    the printed names players know."""
    e = texts.explain(i)
    names = {k: str(texts.explain(k)["name"]) for k in _ID.findall(str(e["text"]))
             if k in _IDS}
    if names:
        e["text"] = _ID.sub(lambda m: names.get(m.group(0), m.group(0)), str(e["text"]))
    return e


_IDS = frozenset(texts.ids())


@router.get("/texts")
async def api_texts() -> Response:
    """The printed text of every game element (``arle explain``), keyed by id: the
    cards the game page shows on hover or tap."""
    return JSONResponse({i: _card(i) for i in texts.ids()},
                        headers={"cache-control": "public, max-age=3600"})


@router.post("/score")
async def api_score(request: Request) -> Response:
    try:
        body = await json_body(request)
    except GameError as e:
        return error_json(e)
    try:
        sheet = score_farm(farm_from_dict(body))
    except ScoringInputError as e:
        return JSONResponse({"error": str(e)}, status_code=400)
    return Response(sheet_to_json(sheet), media_type="application/json")


async def _arle_game(request: Request, gid: str, ctx: Ctx, game: Game) -> Response:
    info = game_info(game, ctx.log_of(game))
    held = await ctx.held_seats(request, game)
    info["your_seats"] = sorted(held)
    info["can_undo"] = game.undoable_by(held)
    info["bot_error"] = ctx.service.bot_errors.get(gid)
    return JSONResponse(info)


@router.get("/games/{gid}")
async def api_game(request: Request, gid: str, ctx: Ctx) -> Response:
    try:
        game = await ctx.service.get(gid)
    except GameError as e:
        return error_json(e)
    return await WEB_GAMES[game.rec.game].game(request, gid, ctx, game)


@router.get("/games/{gid}/state")
async def api_state(gid: str, ctx: Ctx) -> Response:
    try:
        game = await ctx.arle_game(gid)
    except GameError as e:
        return error_json(e)
    return Response(game.state.to_json(), media_type="application/json")


async def _arle_record(request: Request, gid: str, ctx: Ctx, game: Game) -> Response:
    return JSONResponse(record_of(game))


@router.get("/games/{gid}/record")
async def api_record(request: Request, gid: str, ctx: Ctx) -> Response:
    try:
        game = await ctx.service.get(gid)
    except GameError as e:
        return error_json(e)
    return await WEB_GAMES[game.rec.game].record(request, gid, ctx, game)


@router.get("/games/{gid}/review")
async def api_review(gid: str, ctx: Ctx, threshold: float = 3.0) -> Response:
    """The review of a game of either game (the second game's once it is over)."""
    return await reviewpages.review_json(ctx, gid, threshold)


@router.post("/games/{gid}/moves")
async def api_move(request: Request, gid: str, ctx: Ctx) -> Response:
    found: Game | GameError
    try:
        found = await ctx.service.get(gid)
    except GameError as e:
        found = e                      # said after the body's own checks, as before
    web = WEB_GAMES[found.rec.game] if isinstance(found, Game) else WEB_GAMES["arle"]
    return await web.move(request, gid, ctx, found)


async def _arle_move(request: Request, gid: str, ctx: Ctx, found: Game | GameError
                     ) -> Response:
    try:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise GameError("malformed move: expected a JSON object like "
                            '{"action": "place fisherman", "version": 3}')
        move = parse(Move, body, "malformed move")
        if isinstance(found, GameError):
            raise found
        game = found
        held = await ctx.held_seats(request, game, move.token)
        game = await ctx.service.move(gid, held, move.action, move.version)
    except GameError as e:
        return error_json(e)
    return JSONResponse({"ok": True, "version": game.version, "ply": len(game.moves),
                         "current_player": game.state.current_player,
                         "terminal": game.state.is_terminal()})


@dataclass(frozen=True)
class WebGame:
    """One game's answers to the routes of ``/api/games`` that serve every game."""

    create: Callable[[Request, Ctx, Any], Awaitable[Response]]
    game: Callable[[Request, str, Ctx, Game], Awaitable[Response]]
    record: Callable[[Request, str, Ctx, Game], Awaitable[Response]]
    move: Callable[[Request, str, Ctx, Game | GameError], Awaitable[Response]]
    #: ``POST /api/records`` of a record of this game: the new game (GameError if not)
    upload: Callable[[Request, Ctx, Any], Awaitable[CreatedGame]]
    #: the names of the cookies of a game's owner and of its seats
    owner_cookie: Callable[[str], str]
    seat_cookie: Callable[[str, int], str]


#: Each game the API serves, by name (``{"game": NAME}`` of ``POST /api/games``, the
#: ``game`` a stored game names).
WEB_GAMES: dict[str, WebGame] = {
    "arle": WebGame(create=_create_arle, game=_arle_game, record=_arle_record,
                    move=_arle_move, upload=lambda request, ctx, record:
                    ctx.service.import_record(record),
                    owner_cookie=owner_cookie, seat_cookie=seat_cookie),
    green.GREEN: WebGame(create=green.create_api,
                         game=lambda request, gid, ctx, game: green.api_game(request, gid),
                         record=lambda request, gid, ctx, game: green.api_record(request, gid),
                         move=lambda request, gid, ctx, found: green.api_move(request, gid),
                         upload=lambda request, ctx, record:
                         green.service_of(request).import_record(record),
                         owner_cookie=green.owner_cookie, seat_cookie=green.seat_cookie),
}


async def _optional_object(request: Request, what: str) -> dict[str, Any]:
    """The request's JSON body: an object, or nothing (``{}``); GameError otherwise."""
    body = await json_body(request)
    if body is not None and not isinstance(body, dict):
        raise GameError(f"malformed {what}: expected a JSON object")
    return body or {}


@router.post("/games/{gid}/bot")
async def api_bot(request: Request, gid: str, ctx: Ctx) -> Response:
    """The owner retries (``{"seat": 1}``) or replaces (``{"seat": 1, "bot": "greedy"}``)
    the bot of a seat, e.g. after it failed (``bot_error``).  The owner's token comes
    from the owner cookie, the ``X-Arle-Token`` header or the ``token`` field."""
    return await change_bot(request, gid, (owner_cookie(gid), green.owner_cookie(gid)))


@router.post("/games/{gid}/rematch")
async def api_rematch(request: Request, gid: str, ctx: Ctx) -> Response:
    """The owner's rematch of a game of either game: a new game with the same players,
    seats and options and a new seed (or ``{"seed": N}``), answered as creating one is
    (201); the people's seats get new tokens and invitation links.  The owner's token
    comes from the ``token`` field, the ``X-Arle-Token`` header or the owner cookie."""
    try:
        body = parse(Rematch, await _optional_object(request, "rematch"))
        token = body.token or request.headers.get("x-arle-token") or next(
            (request.cookies[c] for c in (owner_cookie(gid), green.owner_cookie(gid))
             if c in request.cookies), None)
        ctx.check_create(request)
        created = await ctx.service.rematch(gid, token, body.seed)
        game = await ctx.service.get(created.game_id)
    except GameError as e:
        return error_json(e)
    return JSONResponse(created_json(request, created, game, ctx.service.kind(game).pages),
                        status_code=201)


@router.post("/games/{gid}/undo")
async def api_undo(request: Request, gid: str, ctx: Ctx) -> Response:
    try:
        body = parse(TokenOnly, await _optional_object(request, "undo"))
        game = await ctx.arle_game(gid)
        held = await ctx.held_seats(request, game, body.token)
        before = len(game.moves)
        game = await ctx.service.undo(gid, held, body.version)
    except GameError as e:
        return error_json(e)
    return JSONResponse({"ok": True, "version": game.version, "ply": len(game.moves),
                         "undone": before - len(game.moves),
                         "current_player": game.state.current_player})


@router.post("/games/{gid}/hint")
async def api_hint(request: Request, gid: str, ctx: Ctx) -> Response:
    try:
        body = parse(Hint, await _optional_object(request, "hint request"))
        game = await ctx.arle_game(gid)
        held = await ctx.held_seats(request, game, body.token)
        async with ctx.hint_slot(request, gid):
            action, version = await ctx.service.hint(gid, held, body.bot)
        game = await ctx.arle_game(gid)
        state = game.state
        label = action_label(parse_action(state, action), state) \
            if game.version == version else action
    except GameError as e:
        return error_json(e)
    except ValueError:                       # the position moved on meanwhile
        return error_json(GameError("the position changed while the hint was computed; "
                                    "ask again", 409))
    return JSONResponse({"action": action, "label": label, "version": version})


@router.post("/records")
async def api_upload(request: Request, ctx: Ctx) -> Response:
    """A game record of either game (its game found from its ``format``) becomes a new
    game at its last position, its bots back in their seats and the uploader holding
    the people's seats (cookies) and the game (owner); nothing is stored for a record
    that is refused."""
    try:
        record = await json_body(request)
        try:
            name = game_of_record(record).name
        except ValueError as e:
            raise GameError(str(e)) from None
        web = WEB_GAMES.get(name)
        if web is None or name not in ctx.service.kinds:
            raise GameError(f"this server does not serve the game {name!r}")
        ctx.check_create(request)
        created = await web.upload(request, ctx, record)
        game = await ctx.service.get(created.game_id)
    except GameError as e:
        return error_json(e)
    gid = created.game_id
    pages = ctx.service.kind(game).pages
    resp = JSONResponse({**created_json(request, created, game, pages),
                         "replay": f"{pages}/games/{gid}/replay"}, status_code=201)
    set_cookie(resp, request, web.owner_cookie(gid), created.owner_token)
    for seat, tok in created.tokens.items():
        set_cookie(resp, request, web.seat_cookie(gid, seat), tok)
    return resp
