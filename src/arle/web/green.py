"""The green game (:mod:`arle.green`: rules modelled on Fields of Green with invented
cards; unofficial) in the web app: its own lobby, game pages, JSON API and live updates.

Every page, fragment, JSON answer and WebSocket message a client receives is built from
:func:`arle.green.faces.seat_view` of the one seat it views (a seat its token opens; a
spectator gets the public view), so no hidden card of another seat ever leaves the
server: not another hand or pick, not the face-down market, piles or Equipment stack.
The complete record (which holds them all) is served only once the game is over.

Routes (besides ``POST /api/games`` with ``"game": "green"``, see :func:`create_api`):

- ``GET /green`` the lobby; ``POST /green/games`` (form) creates a game;
  ``GET /green/join/TOKEN`` takes a seat (HTTP-only cookie ``arle_green_GID_SEAT``);
- ``GET /green/games/GID`` the page, ``GET /green/games/GID/view`` its live fragment,
  ``POST /green/games/GID/moves`` (form: ``action``, ``version``);
- ``GET /api/green/games``, ``GET /api/green/games/GID`` (the viewer's JSON),
  ``POST /api/green/games/GID/moves`` (JSON ``{"action", "version", "token"?}``),
  ``GET /api/green/games/GID/record`` (finished games only);
- ``WS /green/ws/GID`` pushes ``{"type": "view", "version", "view"}`` after each change.

Seats are opened as in the base game's pages: a cookie of this browser, the
``X-Arle-Token`` header, or a ``token`` field.  Green games live in the server's memory
(at most :data:`MAX_GAMES`, the oldest finished ones forgotten first); they are not
stored in the database.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
import urllib.parse
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup

import arle.green as G
from arle.actions import IllegalActionError
from arle.bots import Bot, known
from arle.green.bots import green_bot
from arle.green.faces import NOTICE, seat_view
from arle.web.context import Ctx, error_json, set_cookie
from arle.web.inputs import MAX_SEED, json_body, whole
from arle.web.service import GameError
from arle.web.templating import environment

__all__ = ["GreenGame", "GreenService", "MAX_GAMES", "create_api", "install", "router",
           "seat_cookie", "view_json"]

MAX_GAMES = 500
router = APIRouter()


def seat_cookie(gid: str, seat: int) -> str:
    return f"arle_green_{gid}_{seat}"


@dataclass
class GreenSeat:
    seat: int
    kind: str                   # "human" or "bot"
    bot: str | None
    token: str
    joined: bool = False


@dataclass
class GreenGame:
    """One game in memory: the state and its seats; ``version`` counts the changes."""

    id: str
    state: G.State
    seats: list[GreenSeat]
    owner_token: str
    bots: dict[int, Bot] = field(default_factory=dict)
    version: int = 0
    created: float = field(default_factory=time.time)
    bot_error: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    work: Future[None] | None = field(default=None, repr=False)
    busy: bool = False           # the bots' thread is on this game

    def summary(self) -> dict[str, Any]:
        s = self.state
        return {"id": self.id, "game": "green", "players": s.n, "version": self.version,
                "status": "finished" if s.is_terminal() else "running",
                "to_move": s.current_player, "ply": len(s.history),
                "winners": s.winners() if s.is_terminal() else [],
                "seats": [{"seat": x.seat, "kind": x.kind, "bot": x.bot, "joined": x.joined}
                          for x in self.seats]}


class GreenService:
    """The green games of one app, and the thread that plays their bots."""

    def __init__(self, bot_delay: float = 0.5, max_games: int = MAX_GAMES) -> None:
        self.games: dict[str, GreenGame] = {}
        self.bot_delay = bot_delay
        self.max_games = max_games
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="green-bots")
        self._lock = threading.Lock()

    # -- games ----------------------------------------------------------------------
    def create(self, players: int, seats: list[str], seed: int | None,
               options: dict[str, Any] | None = None) -> GreenGame:
        if len(seats) != players:
            raise GameError(f"seats names {len(seats)} seat(s) for {players} player(s)")
        game_seed = seed if seed is not None else secrets.randbelow(1_000_000)
        built: list[GreenSeat] = []
        bots: dict[int, Bot] = {}
        for i, spec in enumerate(seats):
            low = spec.strip().lower()
            if low == "human":
                built.append(GreenSeat(i, "human", None, secrets.token_urlsafe(18)))
                continue
            if not low.startswith("bot:"):
                raise GameError(f"seat {i + 1}: use 'human' or 'bot:NAME' (e.g. bot:random)")
            try:
                bots[i] = green_bot(spec.strip()[4:], seed=game_seed * 100 + i)
            except ValueError as e:
                raise GameError(f"seat {i + 1}: {e}") from None
            built.append(GreenSeat(i, "bot", spec.strip()[4:], secrets.token_urlsafe(18)))
        try:
            state = G.new_game(players=players, seed=game_seed, **(options or {}))
        except ValueError as e:
            raise GameError(str(e)) from None
        with self._lock:
            if len(self.games) >= self.max_games:
                done = [g for g in self.games.values() if g.state.is_terminal()]
                if not done:
                    raise GameError("too many green games are running on this server; "
                                    "try again later", 503, retry_after=60)
                del self.games[min(done, key=lambda g: g.created).id]
            gid = secrets.token_hex(5)
            game = GreenGame(gid, state, built, secrets.token_urlsafe(18), bots)
            self.games[gid] = game
        self._kick(game)
        return game

    def get(self, gid: str) -> GreenGame:
        game = self.games.get(gid)
        if game is None:
            raise GameError("no green game with this id", 404)
        return game

    def seats_of(self, game: GreenGame, tokens: list[str]) -> set[int]:
        return {x.seat for x in game.seats if x.kind == "human"
                and any(secrets.compare_digest(x.token, t) for t in tokens)}

    def find_token(self, token: str) -> tuple[GreenGame, int] | None:
        for game in list(self.games.values()):
            for x in game.seats:
                if x.kind == "human" and secrets.compare_digest(x.token, token):
                    return game, x.seat
        return None

    def move(self, game: GreenGame, held: set[int], action: Any, version: Any) -> None:
        """Apply a seat's action (GameError naming the reason; nothing changes then)."""
        if not isinstance(action, str) or not action.strip() or len(action) > 200:
            raise GameError('malformed move: expected {"action": "take f04", "version": 3}')
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise GameError("version must be a whole number")
        with game.lock:
            s = game.state
            if s.is_terminal():
                raise GameError("the game is over", 409)
            if version is not None and version != game.version:
                raise GameError(f"the game moved on (version {game.version}, you sent "
                                f"{version}); reload and choose again", 409)
            p = s.current_player
            if p not in held:
                raise GameError("it is not your turn (or this browser holds no seat of "
                                "this game)", 403)
            try:
                s.apply(action.strip().lower())
            except IllegalActionError as e:
                raise GameError(f"{e} (nothing changed)") from None
            game.version += 1
        self._kick(game)

    # -- bots -----------------------------------------------------------------------
    def _kick(self, game: GreenGame) -> None:
        with game.lock:                  # ``busy`` changes only under the game's lock
            p = game.state.current_player
            if p is None or p not in game.bots or game.busy:
                return
            game.busy = True
            game.work = self._pool.submit(self._play_bots, game)

    def _play_bots(self, game: GreenGame) -> None:
        while True:
            with game.lock:
                s = game.state
                p = s.current_player
                if p is None or p not in game.bots:
                    game.busy = False
                    return
                snapshot, version = s.clone(), game.version
            if self.bot_delay > 0:
                time.sleep(self.bot_delay)
            try:
                action = game.bots[p].choose(snapshot)  # type: ignore[arg-type]
            except Exception as e:       # a bot's failure must not stop the server
                with game.lock:
                    game.bot_error = f"the bot of seat {p + 1} failed: {e!r}"
                    game.busy = False
                return
            with game.lock:
                if game.version != version:
                    continue
                game.state.apply(action)
                game.version += 1

    def wait_idle(self, game: GreenGame, timeout: float = 60.0) -> None:
        """Wait until the bots of ``game`` have nothing to do (tests, shutdown)."""
        with game.lock:
            work = game.work
        if work is not None:
            work.result(timeout=timeout)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def service_of(conn: Request | WebSocket) -> GreenService:
    svc = getattr(conn.app.state, "green", None)
    assert isinstance(svc, GreenService)
    return svc


def install(app: FastAPI, bot_delay: float) -> GreenService:
    """Add the green routes and service to ``app`` (the one hook in ``create_app``)."""
    svc = GreenService(bot_delay=bot_delay)
    app.state.green = svc
    app.include_router(router)
    return svc


# -- who views what ------------------------------------------------------------------
def _tokens(conn: Request | WebSocket, game: GreenGame, extra: Any = None) -> list[str]:
    toks = [conn.cookies.get(seat_cookie(game.id, i), "") for i in range(len(game.seats))]
    header = conn.headers.get("x-arle-token")
    if header:
        toks += [t.strip() for t in header.split(",")[:4]]
    if isinstance(extra, str):
        toks.append(extra)
    return [t for t in toks if t and len(t) <= 100]


def _viewer(game: GreenGame, held: set[int], want: Any = None) -> int | None:
    """The seat whose view a client gets: the one asked for if held, else the held seat
    to move, else its lowest held seat; None (a spectator) without a seat."""
    if isinstance(want, str) and want.isdigit() and int(want) in held:
        return int(want)
    p = game.state.current_player
    if p in held:
        return p
    return min(held) if held else None


def view_json(game: GreenGame, seat: int | None, held: set[int]) -> dict[str, Any]:
    """The JSON a client viewing ``seat`` (None: a spectator) receives."""
    with game.lock:                      # the bots' thread applies under the same lock
        return {"id": game.id, "game": "green", "title": G.TITLE, "notice": NOTICE,
                "version": game.version, "you": seat, "your_seats": sorted(held),
                "seats": game.summary()["seats"], "bot_error": game.bot_error,
                "view": seat_view(game.state, seat)}


def farm_rows(farm: list[dict[str, Any]]) -> list[list[dict[str, Any] | None]]:
    """A farm as rows of cells (y down, x across; None where nothing is built)."""
    cells = {tuple(int(v) for v in str(e["cell"]).split(",")): e for e in farm}
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return [[cells.get((x, y)) for x in range(min(xs), max(xs) + 1)]
            for y in range(min(ys), max(ys) + 1)]


def render_fragment(game: GreenGame, seat: int | None, held: set[int]) -> str:
    data = view_json(game, seat, held)
    return environment().get_template("green_view.html").render(
        d=data, v=data["view"], o=data["view"]["obs"], farm_rows=farm_rows,
        interactive=seat is not None)


# -- pages ---------------------------------------------------------------------------
def _bot_names() -> list[str]:
    names = set(known())
    return [str(n) for n in ("random", "green-greedy", "green-ismcts") if n in names]


@router.get("/green", response_class=HTMLResponse)
async def lobby(request: Request, ctx: Ctx) -> Response:
    svc = service_of(request)
    games = [g.summary() for g in sorted(svc.games.values(), key=lambda g: -g.created)]
    return ctx.page(request, "green_lobby.html", {
        "title": f"arle: {G.TITLE}", "notice": NOTICE, "bots": _bot_names(),
        "running": [g for g in games if g["status"] == "running"][:50],
        "finished": [g for g in games if g["status"] == "finished"][:50]})


def _form(raw: bytes) -> dict[str, str]:
    return {k: v[-1] for k, v in urllib.parse.parse_qs(raw.decode("utf-8", "replace")).items()}


def _parse_new(data: dict[str, Any]
               ) -> tuple[int, list[str], int | None, int | None, dict[str, Any]]:
    players = whole(data.get("players", 2), "players", 1, 4)
    options = data.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise GameError('options must be an object like {"action_choice": "hidden"}')
    seats = data.get("seats")
    if seats is None:
        seats = ["human"] * players
    if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats) \
            or len(seats) > 4:
        raise GameError('seats must be a list like ["human", "bot:green-greedy"]')
    seed_raw = data.get("seed")
    seed = None if seed_raw in (None, "") else whole(seed_raw, "seed", 0, MAX_SEED)
    take_raw = data.get("take_seat")
    take: int | None = None
    if take_raw not in (None, "", "none"):
        take = whole(take_raw, "take_seat", 0, max(0, len(seats) - 1))
        if not take < len(seats) or seats[take].strip().lower() != "human":
            raise GameError("take_seat must name a human seat")
    return players, seats, seed, take, dict(options)


@router.post("/green/games")
async def create_from_form(request: Request, ctx: Ctx) -> Response:
    form = _form(await request.body())
    try:
        n = whole(form.get("players", "2"), "players", 1, 4)
        seats = [form.get(f"seat{i}", "human") for i in range(n)]
        take = form.get("take_seat", "0")
        if take.isdigit() and (int(take) >= n or seats[int(take)] != "human"):
            take = next((str(i) for i, x in enumerate(seats) if x == "human"), "none")
        options: dict[str, Any] = {}
        if form.get("token_limits") == "on":
            options["token_limits"] = True
        if form.get("action_choice") == "hidden" and n >= 3:
            options["action_choice"] = "hidden"
        players, seats, seed, take_seat, options = _parse_new(
            {"players": n, "seats": seats, "seed": form.get("seed"), "take_seat": take,
             "options": options})
        ctx.check_create(request)
        game = service_of(request).create(players, seats, seed, options)
    except GameError as e:
        return ctx.error_page(request, e)
    resp = RedirectResponse(f"/green/games/{game.id}", status_code=303)
    if take_seat is not None:
        game.seats[take_seat].joined = True
        set_cookie(resp, request, seat_cookie(game.id, take_seat),
                   game.seats[take_seat].token)
    set_cookie(resp, request, f"arle_green_owner_{game.id}", game.owner_token)
    return resp


@router.get("/green/join/{token}")
async def join(request: Request, token: str, ctx: Ctx) -> Response:
    found = service_of(request).find_token(token) if len(token) <= 100 else None
    if found is None:
        return ctx.error_page(request, GameError(
            "this invitation link is not valid (check that it was copied whole)", 404))
    game, seat = found
    game.seats[seat].joined = True
    resp = RedirectResponse(f"/green/games/{game.id}", status_code=303)
    set_cookie(resp, request, seat_cookie(game.id, seat), token)
    return resp


def _invites(request: Request, game: GreenGame, held: set[int]) -> list[dict[str, Any]]:
    owner = request.cookies.get(f"arle_green_owner_{game.id}", "")
    if not owner or not secrets.compare_digest(owner, game.owner_token):
        return []
    base = str(request.base_url).rstrip("/")
    return [{"seat": x.seat, "joined": x.joined, "url": f"{base}/green/join/{x.token}"}
            for x in game.seats if x.kind == "human" and x.seat not in held]


@router.get("/green/games/{gid}", response_class=HTMLResponse)
async def game_page(request: Request, gid: str, ctx: Ctx) -> Response:
    svc = service_of(request)
    try:
        game = svc.get(gid)
    except GameError as e:
        return ctx.error_page(request, e)
    held = svc.seats_of(game, _tokens(request, game))
    seat = _viewer(game, held, request.query_params.get("seat"))
    return ctx.page(request, "green_game.html", {
        "title": f"arle: green game {gid}", "gid": gid, "notice": NOTICE,
        "held": sorted(held), "seat": seat, "invites": _invites(request, game, held),
        "view": Markup(render_fragment(game, seat, held))})


@router.get("/green/games/{gid}/view", response_class=HTMLResponse)
async def game_view(request: Request, gid: str, ctx: Ctx) -> Response:
    svc = service_of(request)
    try:
        game = svc.get(gid)
    except GameError as e:
        return ctx.error_fragment(e)
    held = svc.seats_of(game, _tokens(request, game))
    seat = _viewer(game, held, request.query_params.get("seat"))
    return HTMLResponse(render_fragment(game, seat, held))


@router.post("/green/games/{gid}/moves")
async def move_from_form(request: Request, gid: str, ctx: Ctx) -> Response:
    svc = service_of(request)
    form = _form(await request.body())
    try:
        game = svc.get(gid)
        held = svc.seats_of(game, _tokens(request, game))
        version = whole(form["version"], "version", 0, 10**9) if form.get("version") else None
        svc.move(game, held, form.get("action"), version)
    except GameError as e:
        return ctx.error_page(request, e)
    return RedirectResponse(f"/green/games/{gid}", status_code=303)


# -- JSON API ------------------------------------------------------------------------
async def create_api(request: Request, ctx: Ctx, body: dict[str, Any]) -> Response:
    """``POST /api/games`` with ``"game": "green"`` (or ``/api/green/games``): the
    created game, its seats' tokens and invitation links (201)."""
    try:
        if body.get("game", "green") != "green":
            raise GameError(f"unknown game {body.get('game')!r} (arle or green)")
        players, seats, seed, take, options = _parse_new(body)
        ctx.check_create(request)
        game = service_of(request).create(players, seats, seed, options)
    except GameError as e:
        return error_json(e)
    base = str(request.base_url).rstrip("/")
    if take is not None:
        game.seats[take].joined = True
    return JSONResponse({
        "id": game.id, "game": "green", "url": f"{base}/green/games/{game.id}",
        "owner_token": game.owner_token, "version": game.version,
        "seats": [{"seat": x.seat, "kind": x.kind, "bot": x.bot,
                   "token": x.token if x.kind == "human" else None,
                   "invite_url": f"{base}/green/join/{x.token}" if x.kind == "human" else None}
                  for x in game.seats]}, status_code=201)


@router.post("/api/green/games")
async def api_create(request: Request, ctx: Ctx) -> Response:
    try:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise GameError("expected a JSON object")
    except GameError as e:
        return error_json(e)
    return await create_api(request, ctx, body)


@router.get("/api/green/games")
async def api_list(request: Request) -> Response:
    svc = service_of(request)
    return JSONResponse({"games": [g.summary() for g in
                                   sorted(svc.games.values(), key=lambda g: -g.created)][:200]})


@router.get("/api/green/games/{gid}")
async def api_game(request: Request, gid: str) -> Response:
    svc = service_of(request)
    try:
        game = svc.get(gid)
    except GameError as e:
        return error_json(e)
    held = svc.seats_of(game, _tokens(request, game))
    return JSONResponse(view_json(game, _viewer(game, held, request.query_params.get("seat")),
                                  held))


@router.post("/api/green/games/{gid}/moves")
async def api_move(request: Request, gid: str) -> Response:
    svc = service_of(request)
    try:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise GameError('malformed move: expected {"action": "take f04", "version": 3}')
        game = svc.get(gid)
        held = svc.seats_of(game, _tokens(request, game, body.get("token")))
        svc.move(game, held, body.get("action"), body.get("version"))
    except GameError as e:
        return error_json(e)
    return JSONResponse({"ok": True, "version": game.version,
                         "current_player": game.state.current_player,
                         "terminal": game.state.is_terminal()})


@router.get("/api/green/games/{gid}/record")
async def api_record(request: Request, gid: str) -> Response:
    svc = service_of(request)
    try:
        game = svc.get(gid)
        if not game.state.is_terminal():
            raise GameError("the record holds every hidden card: it is served once the "
                            "game is over", 403)
    except GameError as e:
        return error_json(e)
    return JSONResponse(game.state.record())


# -- live updates --------------------------------------------------------------------
@router.websocket("/green/ws/{gid}")
async def ws_game(ws: WebSocket, gid: str) -> None:
    svc = service_of(ws)
    origin, host = ws.headers.get("origin"), ws.headers.get("host")
    if origin and host and urllib.parse.urlsplit(origin).netloc != host:
        await ws.close(code=1008, reason="cross-origin WebSocket refused")
        return
    game = svc.games.get(gid)
    if game is None:
        await ws.close(code=1008, reason="no green game with this id")
        return
    await ws.accept()
    held = svc.seats_of(game, _tokens(ws, game))
    want = ws.query_params.get("seat")
    gone = asyncio.Event()

    async def receive() -> None:
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        gone.set()

    reader = asyncio.create_task(receive())
    last = -1
    try:
        while not gone.is_set():
            if game.version != last:
                last = game.version
                seat = _viewer(game, held, want)
                await ws.send_text(json.dumps({"type": "view", "version": last,
                                               "view": view_json(game, seat, held)}))
            try:
                await asyncio.wait_for(gone.wait(), timeout=0.3)
            except asyncio.TimeoutError:
                pass
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
