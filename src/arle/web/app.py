"""The web app: lobby, game pages, replays, a JSON API and live updates over WebSockets.

Build it with :func:`create_app`; ``arle serve`` runs it with uvicorn.  Seats are opened
by secret tokens: an invitation link ``/join/TOKEN`` stores the token in an HTTP-only
cookie of that browser; API clients send it in the ``X-Arle-Token`` header or the
``token`` field of a JSON body.  The API is described in ``docs/WEB.md``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from arle.bots.review import Turn, review, summary
from arle.notation import parse_action
from arle.scorepad import farm_from_answers
from arle.scoring import (
    CATEGORIES,
    CATEGORY_NAMES,
    ScoringInputError,
    farm_from_dict,
    format_vp,
    score_farm,
    sheet_to_json,
)
from arle.web.botworker import known_bots, think
from arle.web.db import GameRecord, open_store
from arle.web.pad import answers_from_form, form_sections
from arle.web.service import (
    THINK_TIMEOUT,
    CreatedGame,
    Game,
    GameError,
    GameService,
    NewGame,
    seat_label,
)
from arle.web.views import action_label, render_view

__all__ = ["create_app", "MAX_BODY", "MAX_UPLOAD", "MAX_WS_MESSAGE", "TokenLogFilter"]

log = logging.getLogger("arle.web")

HERE = Path(__file__).resolve().parent
MAX_BODY = 16 * 1024            # every request body but a record upload
MAX_UPLOAD = 1024 * 1024        # a game record upload
MAX_WS_MESSAGE = 16 * 1024
UPLOAD_PATHS = ("/api/records",)
REVIEW_BOT = "greedy"          # the judge of /games/ID/review: a whole game in a second
MAX_REVIEW_ACTIONS = 2000      # longer records (uploads) are reviewed with `arle review`
COOKIE_AGE = 365 * 24 * 3600

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# ---------------------------------------------------------------------------
# Middleware: bounded bodies and security headers
# ---------------------------------------------------------------------------
class _TooLarge(Exception):
    pass


class BodyLimitMiddleware:
    """Refuse request bodies above the limit with 413, before any handler reads them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        limit = MAX_UPLOAD if path in UPLOAD_PATHS else MAX_BODY
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _send_413(send, limit)
                    return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            msg = await receive()
            if msg.get("type") == "http.request":
                seen += len(msg.get("body", b""))
                if seen > limit:
                    raise _TooLarge()
            return msg

        async def tracking_send(msg: Message) -> None:
            nonlocal started
            if msg.get("type") == "http.response.start":
                started = True
                headers = list(msg.get("headers", []))
                headers += [(b"referrer-policy", b"no-referrer"),
                            (b"x-content-type-options", b"nosniff"),
                            (b"x-frame-options", b"DENY"),
                            (b"content-security-policy",
                             b"default-src 'self'; img-src 'self' data:; style-src 'self' "
                             b"'unsafe-inline'; script-src 'self'; connect-src 'self'; "
                             b"frame-ancestors 'none'; form-action 'self'")]
                msg["headers"] = headers
            await send(msg)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _TooLarge:
            if not started:
                await _send_413(send, limit)


async def _send_413(send: Send, limit: int) -> None:
    body = json.dumps({"error": f"request body too large (limit {limit} bytes)"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class TokenLogFilter(logging.Filter):
    """Hide invitation tokens in access logs (``/join/TOKEN`` becomes ``/join/...``)."""

    pattern = re.compile(r"/join/[^\s\"?]+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self.pattern.sub("/join/...", a) if isinstance(a, str) else a
                                for a in record.args)
        return True


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------
def _seat_cookie(gid: str, seat: int) -> str:
    return f"arle_seat_{gid}_{seat}"


def _owner_cookie(gid: str) -> str:
    return f"arle_owner_{gid}"


def _tokens_from(cookies: dict[str, str], headers: Any, gid: str, players: int,
                 extra: Any = None) -> list[str]:
    toks = [cookies.get(_seat_cookie(gid, i), "") for i in range(players)]
    header = headers.get("x-arle-token") if headers is not None else None
    if header:
        toks += [t.strip() for t in str(header).split(",")[:4]]
    if isinstance(extra, str):
        toks.append(extra)
    elif isinstance(extra, list):
        toks += [t for t in extra[:4] if isinstance(t, str)]
    return [t for t in toks if t and len(t) <= 100]


def _error(e: GameError) -> JSONResponse:
    return JSONResponse({"error": e.message}, status_code=e.status)


def _set_cookie(resp: Response, request: Request, name: str, value: str) -> None:
    resp.set_cookie(name, value, max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/",
                    secure=request.url.scheme == "https")


def _game_summary(rec: GameRecord) -> dict[str, Any]:
    return {
        "id": rec.id, "players": rec.players, "status": rec.status, "ply": rec.ply,
        "version": rec.version, "to_move": rec.to_move, "winner": rec.winner,
        "created": rec.created, "updated": rec.updated, "origin": rec.origin,
        "setup": {k: rec.setup.get(k) for k in ("players", "seed", "buildings", "promos")},
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "joined": s.joined}
                  for s in rec.seats],
    }


def _game_info(game: Game, with_legal: bool = True) -> dict[str, Any]:
    s = game.state
    info = _game_summary(game.rec)
    info["half_year"] = s.half_year
    info["current_player"] = s.current_player
    info["terminal"] = s.is_terminal()
    info["scores"] = [sc.total for sc in s.scores()]
    info["winner"] = s.winner()
    info["log"] = [{"ply": m.ply, "player": m.player, "action": m.action} for m in game.moves]
    info["pending"] = s.stack[-1].KIND if s.stack else None
    d = s.pending()
    info["decision"] = {"player": d.player, "kind": d.kind, "title": d.title,
                        "text": d.text}
    if with_legal:
        info["legal"] = [str(a) for a in s.legal_actions()]
    return info


async def _json_body(request: Request) -> Any:
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


def _pad_context(form: dict[str, list[str]] | None) -> dict[str, Any]:
    """The scoring pad page: the form (filled from ``form`` when one was sent), and the
    score sheet or the reason the figures were refused."""
    ctx: dict[str, Any] = {"title": "arle: scoring pad", "error": None, "sheet": None}
    answers: dict[str, str] | None = None
    if form is not None:
        answers, problem = answers_from_form(form)
        try:
            if problem is not None:
                raise ScoringInputError(problem)
            sheet = score_farm(farm_from_dict(farm_from_answers(answers)))
        except ScoringInputError as e:
            ctx["error"] = f"Not scored: {e}"
        else:
            ctx["sheet"] = [(k, CATEGORY_NAMES[k], format_vp(sheet.categories[k]))
                            for k in CATEGORIES]
            ctx["total"] = format_vp(sheet.total)
    ctx["sections"] = form_sections(answers)
    return ctx


def _parse_new_game(data: Any) -> tuple[NewGame, int | None]:
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


def _created_json(request: Request, created: CreatedGame, game: Game) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    return {
        "id": created.game_id,
        "url": f"{base}/games/{created.game_id}",
        "owner_token": created.owner_token,
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot,
                   "token": created.tokens.get(s.seat),
                   "invite_url": (f"{base}/join/{created.tokens[s.seat]}"
                                  if s.seat in created.tokens else None)}
                  for s in game.rec.seats],
        "version": game.version,
    }


# ---------------------------------------------------------------------------
# The app
# ---------------------------------------------------------------------------
def create_app(db: str | Path | None = None, *, bot_delay: float = 0.5,
               bot_workers: int = 1, think_fn: Callable[[str, int, str], str] = think,
               think_timeout: float = THINK_TIMEOUT) -> FastAPI:
    """The web app on the database ``db`` (SQLite path, ``postgresql://`` URL or the
    default file in the user's data directory)."""
    store = open_store(db)
    service = GameService(store, bot_delay=bot_delay, bot_workers=bot_workers,
                          think_fn=think_fn, think_timeout=think_timeout)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(title="arle", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.service = service
    app.state.db_url = store.url
    app.add_middleware(BodyLimitMiddleware)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    async def held_seats(request: Request, game: Game, extra: Any = None) -> set[int]:
        toks = _tokens_from(request.cookies, request.headers, game.id, game.rec.players, extra)
        return await service.seats_of(game.id, toks)

    def page(request: Request, name: str, ctx: dict[str, Any], status: int = 200) -> Response:
        ctx = dict(ctx)
        ctx.setdefault("title", "arle")
        return templates.TemplateResponse(request, name, ctx, status_code=status)

    def error_page(request: Request, e: GameError) -> Response:
        return page(request, "error.html", {"message": e.message, "status": e.status},
                    e.status)

    def view_html(game: Game, held: set[int], interactive: bool = True) -> str:
        return render_view(game.state, game.moves, game.rec.seats, held, game.version,
                           can_undo=game.undoable_by(held),
                           bot_error=service.bot_errors.get(game.id),
                           interactive=interactive)

    # ------------------------------------------------------------------ pages
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        running = await service.list_games("running", 50)
        finished = await service.list_games("finished", 50)
        return page(request, "lobby.html", {
            "running": running, "finished": finished,
            "bots": known_bots(), "title": "arle: lobby"})

    @app.get("/score", response_class=HTMLResponse)
    async def score_pad(request: Request) -> Response:
        return page(request, "score.html", _pad_context(None))

    @app.post("/score", response_class=HTMLResponse)
    async def score_pad_post(request: Request) -> Response:
        raw = (await request.body()).decode("utf-8", "replace")
        ctx = _pad_context(urllib.parse.parse_qs(raw, keep_blank_values=True))
        return page(request, "score.html", ctx, 400 if ctx["error"] else 200)

    @app.post("/games")
    async def create_from_form(request: Request) -> Response:
        raw = (await request.body()).decode("utf-8", "replace")
        form = {k: v[-1] for k, v in urllib.parse.parse_qs(raw).items()}
        players = form.get("players", "1")
        seats = [form.get(f"seat{i}", "human") for i in range(2 if players == "2" else 1)]
        take_raw = form.get("take_seat", "0")
        if take_raw.isascii() and take_raw.isdigit() and (int(take_raw) >= len(seats) or
                                   seats[int(take_raw)] != "human"):
            # the chosen seat is a bot's: take the first seat left to people, if any
            take_raw = next((str(i) for i, x in enumerate(seats) if x == "human"), "none")
        data = {"players": players, "seats": seats, "seed": form.get("seed"),
                "buildings": form.get("buildings", "first-game"),
                "promos": form.get("promos"), "take_seat": take_raw}
        try:
            opts, take = _parse_new_game(data)
            created = await service.create_game(opts)
        except GameError as e:
            return error_page(request, e)
        resp = RedirectResponse(f"/games/{created.game_id}", status_code=303)
        _set_cookie(resp, request, _owner_cookie(created.game_id), created.owner_token)
        if take is not None:
            _set_cookie(resp, request, _seat_cookie(created.game_id, take),
                        created.tokens[take])
            await service.join(created.game_id, take)
        return resp

    @app.get("/join/{token}")
    async def join(request: Request, token: str) -> Response:
        found = await service.find_token(token)
        if found is None:
            return error_page(request, GameError(
                "this invitation link is not valid (check that it was copied whole)", 404))
        gid, seat = found
        await service.join(gid, seat)
        resp = RedirectResponse(f"/games/{gid}", status_code=303)
        _set_cookie(resp, request, _seat_cookie(gid, seat), token)
        return resp

    @app.get("/games/{gid}", response_class=HTMLResponse)
    async def game_page(request: Request, gid: str) -> Response:
        try:
            game = await service.get(gid)
        except GameError as e:
            return error_page(request, e)
        held = await held_seats(request, game)
        owner = service.is_owner(game, request.cookies.get(_owner_cookie(gid)))
        invites = []
        if owner:
            base = str(request.base_url).rstrip("/")
            for s in game.rec.seats:
                if s.kind == "human" and s.token:
                    invites.append({"seat": s.seat, "joined": s.joined,
                                    "url": f"{base}/join/{s.token}", "mine": s.seat in held})
        return page(request, "game.html", {
            "game": game, "held": sorted(held), "invites": invites,
            "view": Markup(view_html(game, held)),
            "title": f"arle: game {gid}",
            "seat_labels": [seat_label(game, i) for i in range(game.rec.players)]})

    @app.get("/games/{gid}/view", response_class=HTMLResponse)
    async def game_view(request: Request, gid: str) -> Response:
        try:
            game = await service.get(gid)
        except GameError as e:
            return HTMLResponse(f"<p class=error>{e.message}</p>", status_code=e.status)
        return HTMLResponse(view_html(game, await held_seats(request, game)))

    @app.get("/games/{gid}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, gid: str, step: int | None = None) -> Response:
        try:
            game = await service.get(gid)
        except GameError as e:
            return error_page(request, e)
        n = len(game.moves)
        k = n if step is None else max(0, min(step, n))
        st = service.state_at(game, k)
        view = render_view(st, game.moves[:k], game.rec.seats, set(), game.version,
                           interactive=False)
        return page(request, "replay.html", {
            "game": game, "step": k, "total": n, "view": Markup(view),
            "title": f"arle: replay of {gid}"})

    @app.get("/games/{gid}/review", response_class=HTMLResponse)
    async def review_page(request: Request, gid: str, threshold: float = 3.0) -> Response:
        try:
            game = await service.get(gid)
            turns = await _review(game)
        except GameError as e:
            return error_page(request, e)
        players = []
        for p in range(game.state.n):
            mine = [t for t in turns if t.player == p]
            players.append({
                "label": seat_label(game, p), "summary": summary(mine, threshold),
                "turns": [t for t in mine if t.loss >= threshold]})
        return page(request, "review.html", {
            "game": game, "players": players, "threshold": threshold,
            "title": f"arle: review of {gid}"})

    @app.get("/api/games/{gid}/review")
    async def api_review(gid: str, threshold: float = 3.0) -> Response:
        try:
            game = await service.get(gid)
            turns = await _review(game)
        except GameError as e:
            return _error(e)
        return JSONResponse({"summary": summary(turns, threshold), "bot": REVIEW_BOT,
                             "turns": [t.to_dict() for t in turns]})

    reviews: dict[tuple[str, int], asyncio.Task[list[Turn]]] = {}
    review_slot = asyncio.Semaphore(1)       # one review computes at a time

    async def _compute_review(record: dict[str, Any]) -> list[Turn]:
        async with review_slot:
            return await asyncio.to_thread(review, record, None, REVIEW_BOT)

    async def _review(game: Game) -> list[Turn]:
        """The game's review, computed once per game version (about a second of CPU);
        requests arriving meanwhile wait for the same computation."""
        if len(game.moves) > MAX_REVIEW_ACTIONS:
            raise GameError(f"this game is too long to review here ({len(game.moves)} "
                            f"moves, at most {MAX_REVIEW_ACTIONS}); download the record "
                            "and use arle review", 413)
        key = (game.id, game.version)
        task = reviews.get(key)
        if task is None:
            if len(reviews) >= 64:
                reviews.pop(next(iter(reviews)))
            task = reviews[key] = asyncio.ensure_future(
                _compute_review(game.state.record()))
        try:
            return await asyncio.shield(task)
        except ValueError as e:               # pragma: no cover - stored games replay
            reviews.pop(key, None)
            raise GameError(f"cannot review this game: {e}", 500) from e

    @app.get("/games/{gid}/replay/{step}", response_class=HTMLResponse)
    async def replay_step(request: Request, gid: str, step: int) -> Response:
        try:
            game = await service.get(gid)
        except GameError as e:
            return HTMLResponse(f"<p class=error>{e.message}</p>", status_code=e.status)
        k = max(0, min(step, len(game.moves)))
        st = service.state_at(game, k)
        return HTMLResponse(render_view(st, game.moves[:k], game.rec.seats, set(),
                                        game.version, interactive=False))

    @app.get("/games/{gid}/record.json")
    async def download_record(gid: str) -> Response:
        try:
            game = await service.get(gid)
        except GameError as e:
            return _error(e)
        return Response(json.dumps(game.state.record(), indent=1), media_type="application/json",
                        headers={"content-disposition":
                                 f'attachment; filename="arle-{gid}.json"'})

    # ------------------------------------------------------------------ JSON API
    @app.get("/api/games")
    async def api_list(status: str = "running", limit: int = 50) -> Response:
        if status not in ("running", "finished"):
            return _error(GameError("status must be 'running' or 'finished'"))
        games = await service.list_games(status, max(1, min(limit, 200)))
        return JSONResponse({"games": [_game_summary(g) for g in games]})

    @app.post("/api/games")
    async def api_create(request: Request) -> Response:
        try:
            opts, _take = _parse_new_game(await _json_body(request))
            created = await service.create_game(opts)
            game = await service.get(created.game_id)
        except GameError as e:
            return _error(e)
        return JSONResponse(_created_json(request, created, game), status_code=201)

    @app.post("/api/score")
    async def api_score(request: Request) -> Response:
        try:
            body = await _json_body(request)
        except GameError as e:
            return _error(e)
        try:
            sheet = score_farm(farm_from_dict(body))
        except ScoringInputError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        return Response(sheet_to_json(sheet), media_type="application/json")

    @app.get("/api/games/{gid}")
    async def api_game(request: Request, gid: str) -> Response:
        try:
            game = await service.get(gid)
        except GameError as e:
            return _error(e)
        info = _game_info(game)
        held = await held_seats(request, game)
        info["your_seats"] = sorted(held)
        info["can_undo"] = game.undoable_by(held)
        return JSONResponse(info)

    @app.get("/api/games/{gid}/state")
    async def api_state(gid: str) -> Response:
        try:
            game = await service.get(gid)
        except GameError as e:
            return _error(e)
        return Response(game.state.to_json(), media_type="application/json")

    @app.get("/api/games/{gid}/record")
    async def api_record(gid: str) -> Response:
        try:
            game = await service.get(gid)
        except GameError as e:
            return _error(e)
        return JSONResponse(game.state.record())

    @app.post("/api/games/{gid}/moves")
    async def api_move(request: Request, gid: str) -> Response:
        try:
            body = await _json_body(request)
            if not isinstance(body, dict):
                raise GameError("malformed move: expected a JSON object like "
                                '{"action": "place fisherman", "version": 3}')
            game = await service.get(gid)
            held = await held_seats(request, game, body.get("token"))
            game = await service.move(gid, held, body.get("action"), body.get("version"))
        except GameError as e:
            return _error(e)
        return JSONResponse({"ok": True, "version": game.version, "ply": len(game.moves),
                             "current_player": game.state.current_player,
                             "terminal": game.state.is_terminal()})

    @app.post("/api/games/{gid}/undo")
    async def api_undo(request: Request, gid: str) -> Response:
        try:
            body = await _json_body(request)
            if body is not None and not isinstance(body, dict):
                raise GameError("malformed undo: expected a JSON object")
            body = body or {}
            game = await service.get(gid)
            held = await held_seats(request, game, body.get("token"))
            game = await service.undo(gid, held, body.get("version"))
        except GameError as e:
            return _error(e)
        return JSONResponse({"ok": True, "version": game.version, "ply": len(game.moves),
                             "current_player": game.state.current_player})

    @app.post("/api/games/{gid}/hint")
    async def api_hint(request: Request, gid: str) -> Response:
        try:
            body = await _json_body(request)
            if body is not None and not isinstance(body, dict):
                raise GameError("malformed hint request: expected a JSON object")
            body = body or {}
            game = await service.get(gid)
            held = await held_seats(request, game, body.get("token"))
            action, version = await service.hint(gid, held, body.get("bot"))
            game = await service.get(gid)
            state = game.state
            label = action_label(parse_action(state, action), state) \
                if game.version == version else action
        except GameError as e:
            return _error(e)
        except ValueError:                       # the position moved on meanwhile
            return _error(GameError("the position changed while the hint was computed; "
                                    "ask again", 409))
        return JSONResponse({"action": action, "label": label, "version": version})

    @app.post("/api/records")
    async def api_upload(request: Request) -> Response:
        try:
            record = await _json_body(request)
            created = await service.import_record(record)
            game = await service.get(created.game_id)
        except GameError as e:
            return _error(e)
        resp = JSONResponse(_created_json(request, created, game), status_code=201)
        _set_cookie(resp, request, _owner_cookie(created.game_id), created.owner_token)
        for seat, tok in created.tokens.items():
            _set_cookie(resp, request, _seat_cookie(created.game_id, seat), tok)
        return resp

    # ------------------------------------------------------------------ WebSocket
    @app.websocket("/ws/games/{gid}")
    async def ws_game(ws: WebSocket, gid: str) -> None:
        origin = ws.headers.get("origin")
        host = ws.headers.get("host")
        if origin and host and urllib.parse.urlsplit(origin).netloc != host:
            await ws.close(code=1008, reason="cross-origin WebSocket refused")
            return
        try:
            game = await service.get(gid)
        except GameError as e:
            await ws.close(code=1008, reason=e.message[:120])
            return
        await ws.accept()
        extra: list[str] = []

        async def seats() -> set[int]:
            toks = _tokens_from(ws.cookies, ws.headers, gid, game.rec.players, extra)
            return await service.seats_of(gid, toks)

        lock = asyncio.Lock()

        async def send(msg: dict[str, Any]) -> None:
            async with lock:
                await ws.send_text(json.dumps(msg))

        async def push_view() -> None:
            g = await service.get(gid)
            held = await seats()
            await send({"type": "view", "version": g.version, "ply": len(g.moves),
                        "html": view_html(g, held), "seats": sorted(held)})

        q = service.subscribe(gid)

        async def pump() -> None:
            while True:
                await q.get()
                while not q.empty():
                    q.get_nowait()
                await push_view()

        pump_task = asyncio.create_task(pump())
        try:
            await push_view()
            while True:
                text = await ws.receive_text()
                if len(text) > MAX_WS_MESSAGE:
                    await send({"type": "error", "status": 413,
                                "message": f"message too large (limit {MAX_WS_MESSAGE})"})
                    await ws.close(code=1009)
                    return
                try:
                    msg = json.loads(text)
                    if not isinstance(msg, dict):
                        raise ValueError("not an object")
                except (ValueError, RecursionError):
                    await send({"type": "error", "status": 400,
                                "message": "malformed message: expected a JSON object like "
                                           '{"type": "move", "action": "...", "version": 3}'})
                    continue
                kind = msg.get("type")
                ref = msg.get("ref")
                try:
                    if kind == "auth":
                        tok = msg.get("token")
                        if isinstance(tok, str) and 0 < len(tok) <= 100 and len(extra) < 4:
                            extra.append(tok)
                        await push_view()
                    elif kind == "move":
                        held = await seats()
                        g = await service.move(gid, held, msg.get("action"), msg.get("version"))
                        await send({"type": "ok", "ref": ref, "version": g.version})
                    elif kind == "undo":
                        held = await seats()
                        g = await service.undo(gid, held, msg.get("version"))
                        await send({"type": "ok", "ref": ref, "version": g.version})
                    elif kind == "ping":
                        await send({"type": "pong", "ref": ref})
                    else:
                        raise GameError("unknown message type (use move, undo, auth or ping)")
                except GameError as e:
                    await send({"type": "error", "ref": ref, "status": e.status,
                                "message": e.message})
        except WebSocketDisconnect:
            pass
        finally:
            pump_task.cancel()
            service.unsubscribe(gid, q)

    @app.exception_handler(404)
    async def not_found(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": "not found"}, status_code=404)
        return error_page(request, GameError("page not found", 404))

    return app
