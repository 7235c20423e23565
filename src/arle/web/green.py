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

Requests are read against the closed schemas of :mod:`arle.web.schema`; the card set is
named by the id of a set the server offers (:mod:`arle.web.cardsets`), never by a path.
Bots think in the server's bot workers (:meth:`arle.web.service.GameService.run_bot`)
under the same limits as Fields of Arle's (:data:`arle.web.botworker.WEB_BOTS`); a
failed bot sets ``bot_error`` until the owner retries or replaces it
(``POST /api/green/games/GID/bot``, also ``/api/games/GID/bot``).

Seats are opened as in the base game's pages: a cookie of this browser, the
``X-Arle-Token`` header, or a ``token`` field.  Green games live in the server's memory
(at most :data:`MAX_GAMES`, the oldest finished ones forgotten first); they are not
stored in the database.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import threading
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup

import arle.green as G
from arle.actions import IllegalActionError
from arle.green.faces import NOTICE, seat_view
from arle.web.botworker import check_bot_spec, known_bots, think_green
from arle.web.cardsets import CardSets
from arle.web.context import Ctx, error_json, set_cookie
from arle.web.inputs import MAX_SEED, json_body, whole
from arle.web.schema import BotChange, GreenCreate, GreenOptions, Move, parse
from arle.web.service import GameError
from arle.web.templating import environment

__all__ = ["GreenGame", "GreenService", "MAX_GAMES", "create_api", "install", "router",
           "seat_cookie", "view_json"]

MAX_GAMES = 500
router = APIRouter()
log = logging.getLogger("arle.web")

#: ``run_bot(fn, spec, seed, state_json)``: the server's bot workers run
#: ``fn(spec, seed, state_json)`` under their time limit and answer the action's text.
RunBot = Callable[[Callable[[str, int, str], str], str, int, str], Awaitable[str]]


def seat_cookie(gid: str, seat: int) -> str:
    return f"arle_green_{gid}_{seat}"


def owner_cookie(gid: str) -> str:
    return f"arle_green_owner_{gid}"


@dataclass
class GreenSeat:
    seat: int
    kind: str                   # "human" or "bot"
    bot: str | None             # the bot's spec, checked (check_bot_spec)
    token: str
    joined: bool = False


@dataclass
class GreenGame:
    """One game in memory: the state and its seats; ``version`` counts the changes."""

    id: str
    state: G.State
    seats: list[GreenSeat]
    owner_token: str
    #: the card set's file for the bot workers: None for a shipped set
    cards_path: str | None = None
    version: int = 0
    created: float = field(default_factory=time.time)
    bot_error: str | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def summary(self) -> dict[str, Any]:
        s = self.state
        return {"id": self.id, "game": "green", "players": s.n, "version": self.version,
                "status": "finished" if s.is_terminal() else "running",
                "to_move": s.current_player, "ply": len(s.history),
                "winners": s.winners() if s.is_terminal() else [],
                "cards": s.cs.id,
                "seats": [{"seat": x.seat, "kind": x.kind, "bot": x.bot, "joined": x.joined}
                          for x in self.seats]}

    def bot_to_move(self) -> GreenSeat | None:
        p = self.state.current_player
        if p is None or self.seats[p].kind != "bot":
            return None
        return self.seats[p]


class GreenService:
    """The green games of one app.  Their bots think in the server's bot workers (the
    same processes, time limit and option limits as Fields of Arle's), one asyncio task
    per game waiting for the answers; a bot that fails stops its game with
    ``bot_error`` set until the owner retries or replaces it (:meth:`set_bot`)."""

    def __init__(self, run_bot: RunBot, card_sets: CardSets | None = None,
                 bot_delay: float = 0.5, max_games: int = MAX_GAMES,
                 think_fn: Callable[..., str] = think_green) -> None:
        self.games: dict[str, GreenGame] = {}
        self.run_bot = run_bot
        self.card_sets = card_sets or CardSets()
        self.bot_delay = bot_delay
        self.max_games = max_games
        self.think_fn = think_fn
        self._closing = False

    # -- games ----------------------------------------------------------------------
    def create(self, players: int, seats: list[str], seed: int | None,
               options: GreenOptions | None = None) -> GreenGame:
        """A new game (GameError naming the reason; nothing is created then)."""
        options = options or GreenOptions()
        if len(seats) != players:
            raise GameError(f"seats names {len(seats)} seat(s) for {players} player(s)")
        offered = self.card_sets.get(options.cards)
        game_seed = seed if seed is not None else secrets.randbelow(1_000_000)
        built: list[GreenSeat] = []
        for i, spec in enumerate(seats):
            low = spec.strip().lower()
            if low == "human":
                built.append(GreenSeat(i, "human", None, secrets.token_urlsafe(18)))
                continue
            if not low.startswith("bot:"):
                raise GameError(f"seat {i + 1}: use 'human' or 'bot:NAME' (e.g. bot:random)")
            try:
                norm = check_bot_spec(spec.strip()[4:], "green")
            except ValueError as e:
                raise GameError(f"seat {i + 1}: {e}") from None
            built.append(GreenSeat(i, "bot", norm, secrets.token_urlsafe(18), True))
        try:
            state = G.new_game(players=players, seed=game_seed, cards=offered.cards,
                               **options.rules())
        except ValueError as e:
            raise GameError(str(e)) from None
        if len(self.games) >= self.max_games:
            done = [g for g in self.games.values() if g.state.is_terminal()]
            if not done:
                raise GameError("too many green games are running on this server; "
                                "try again later", 503, retry_after=60)
            del self.games[min(done, key=lambda g: g.created).id]
        gid = secrets.token_hex(5)
        game = GreenGame(gid, state, built, secrets.token_urlsafe(18),
                         None if offered.shipped else str(offered.path))
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

    def is_owner(self, game: GreenGame, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(game.owner_token, str(token))

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

    def set_bot(self, game: GreenGame, seat: int, spec: str | None) -> None:
        """The owner's retry (``spec`` None: the same bot) or replacement of the bot of
        ``seat``; clears ``bot_error`` and lets the bot play on."""
        if game.state.is_terminal():
            raise GameError("the game is over", 409)
        if not 0 <= seat < len(game.seats):
            raise GameError(f"seat must be between 0 and {len(game.seats) - 1}")
        row = game.seats[seat]
        if row.kind != "bot":
            raise GameError(f"seat {seat} is played by a person, not a bot", 409)
        if spec is not None:
            try:
                row.bot = check_bot_spec(spec, "green")
            except ValueError as e:
                raise GameError(str(e)) from None
        game.bot_error = None
        game.version += 1
        self._kick(game)

    # -- bots -----------------------------------------------------------------------
    def _kick(self, game: GreenGame) -> None:
        if self._closing or game.bot_error is not None or game.bot_to_move() is None:
            return
        if game.task is not None and not game.task.done():
            return
        game.task = asyncio.get_running_loop().create_task(self._play_bots(game))

    def _fail(self, game: GreenGame, msg: str) -> None:
        log.error("green game %s: %s", game.id, msg)
        game.bot_error = msg
        game.version += 1               # the pages show it

    async def _play_bots(self, game: GreenGame) -> None:
        think = self.think_fn if game.cards_path is None else \
            functools.partial(self.think_fn, cards=game.cards_path)
        try:
            while not self._closing and game.bot_error is None:
                seat = game.bot_to_move()
                if seat is None or seat.bot is None:
                    return
                version, state_json = game.version, game.state.to_json()
                seed = (game.state.seed * 1_000_003 + len(game.state.history) * 7
                        + seat.seat) % 2**31
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                try:
                    action = await self.run_bot(think, seat.bot, seed, state_json)
                except asyncio.CancelledError:
                    raise
                except Exception as e:     # a crashed, stopped or missing bot
                    self._fail(game, f"the bot of seat {seat.seat + 1} ({seat.bot}) "
                                     f"failed: {e}")
                    return
                with game.lock:
                    if game.version != version:
                        continue               # the owner changed the bot meanwhile
                    try:
                        game.state.apply(action)
                    except Exception as e:
                        self._fail(game, f"the bot of seat {seat.seat + 1} ({seat.bot}) "
                                         f"chose {action[:60]!r}: {e}")
                        return
                    game.version += 1
        except asyncio.CancelledError:
            raise
        except Exception as e:             # never a task that dies unseen
            self._fail(game, f"the bots of this game stopped: {e!r}")

    def wait_idle(self, game: GreenGame, timeout: float = 60.0) -> None:
        """Wait (from another thread: tests) until the bots of ``game`` have nothing to
        do."""
        end = time.monotonic() + timeout
        while game.task is not None and not game.task.done():
            if time.monotonic() > end:
                raise TimeoutError(f"the bots of green game {game.id} are still busy")
            time.sleep(0.01)

    def shutdown(self) -> None:
        self._closing = True
        for game in self.games.values():
            if game.task is not None:
                game.task.cancel()


def service_of(conn: Request | WebSocket) -> GreenService:
    svc = getattr(conn.app.state, "green", None)
    assert isinstance(svc, GreenService)
    return svc


def install(app: FastAPI, run_bot: RunBot, bot_delay: float,
            card_sets: CardSets | None = None,
            think_fn: Callable[..., str] = think_green) -> GreenService:
    """Add the green routes and service to ``app`` (the one hook in ``create_app``)."""
    svc = GreenService(run_bot, card_sets, bot_delay=bot_delay, think_fn=think_fn)
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


def render_fragment(game: GreenGame, seat: int | None, held: set[int],
                    owner: bool = False) -> str:
    """The view's HTML; ``owner``: the viewer created the game (it may retry or
    replace a bot that failed)."""
    data = view_json(game, seat, held)
    fix = None
    if owner:
        fix = {"action": f"/green/games/{game.id}/bot", "bots": known_bots("green"),
               "seats": [{"seat": x.seat, "bot": x.bot} for x in game.seats
                         if x.kind == "bot"]}
    return environment().get_template("green_view.html").render(
        d=data, v=data["view"], o=data["view"]["obs"], farm_rows=farm_rows,
        interactive=seat is not None, bot_fix=fix)


def _is_owner(conn: Request | WebSocket, game: GreenGame) -> bool:
    return service_of(conn).is_owner(game, conn.cookies.get(owner_cookie(game.id)))


# -- pages ---------------------------------------------------------------------------
def _bot_names() -> list[str]:
    return known_bots("green")


@router.get("/green", response_class=HTMLResponse)
async def lobby(request: Request, ctx: Ctx) -> Response:
    svc = service_of(request)
    games = [g.summary() for g in sorted(svc.games.values(), key=lambda g: -g.created)]
    return ctx.page(request, "green_lobby.html", {
        "title": f"arle: {G.TITLE}", "notice": NOTICE, "bots": _bot_names(),
        "card_sets": svc.card_sets.listing(),
        "running": [g for g in games if g["status"] == "running"][:50],
        "finished": [g for g in games if g["status"] == "finished"][:50]})


def _form(raw: bytes) -> dict[str, str]:
    return {k: v[-1] for k, v in urllib.parse.parse_qs(raw.decode("utf-8", "replace")).items()}


def _parse_new(req: GreenCreate) -> tuple[list[str], int | None]:
    """The seats (all people by default) and the seat the creator takes, checked."""
    seats = list(req.seats) if req.seats is not None else ["human"] * req.players
    take = req.take_seat
    if take is not None and (take >= len(seats) or seats[take].strip().lower() != "human"):
        raise GameError("take_seat must name a human seat")
    return seats, take


@router.post("/green/games")
async def create_from_form(request: Request, ctx: Ctx) -> Response:
    form = _form(await request.body())
    try:
        n = whole(form.get("players", "2"), "players", 1, 4)
        seats = [form.get(f"seat{i}", "human") for i in range(n)]
        take_raw = form.get("take_seat", "0")
        take: int | None = None
        if take_raw.isdigit() and int(take_raw) < n and seats[int(take_raw)] == "human":
            take = int(take_raw)
        elif take_raw != "none":
            take = next((i for i, x in enumerate(seats) if x == "human"), None)
        options: dict[str, Any] = {}
        if form.get("token_limits") == "on":
            options["token_limits"] = True
        if form.get("action_choice") == "hidden" and n >= 3:
            options["action_choice"] = "hidden"
        if form.get("cards"):
            options["cards"] = form["cards"]
        seed_raw = form.get("seed", "").strip()
        req = parse(GreenCreate, {
            "players": n, "seats": seats, "take_seat": take, "options": options,
            "seed": whole(seed_raw, "seed", 0, MAX_SEED) if seed_raw else None})
        seats, take_seat = _parse_new(req)
        ctx.check_create(request)
        game = service_of(request).create(req.players, seats, req.seed, req.options)
    except GameError as e:
        return ctx.error_page(request, e)
    resp = RedirectResponse(f"/green/games/{game.id}", status_code=303)
    if take_seat is not None:
        game.seats[take_seat].joined = True
        set_cookie(resp, request, seat_cookie(game.id, take_seat),
                   game.seats[take_seat].token)
    set_cookie(resp, request, owner_cookie(game.id), game.owner_token)
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
    owner = request.cookies.get(owner_cookie(game.id), "")
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
        "view": Markup(render_fragment(game, seat, held, _is_owner(request, game)))})


@router.get("/green/games/{gid}/view", response_class=HTMLResponse)
async def game_view(request: Request, gid: str, ctx: Ctx) -> Response:
    svc = service_of(request)
    try:
        game = svc.get(gid)
    except GameError as e:
        return ctx.error_fragment(e)
    held = svc.seats_of(game, _tokens(request, game))
    seat = _viewer(game, held, request.query_params.get("seat"))
    return HTMLResponse(render_fragment(game, seat, held, _is_owner(request, game)))


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
        req = parse(GreenCreate, body)
        seats, take = _parse_new(req)
        ctx.check_create(request)
        game = service_of(request).create(req.players, seats, req.seed, req.options)
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
        move = parse(Move, await json_body(request), "malformed move")
        game = svc.get(gid)
        held = svc.seats_of(game, _tokens(request, game, move.token))
        svc.move(game, held, move.action, move.version)
    except GameError as e:
        return error_json(e)
    return JSONResponse({"ok": True, "version": game.version,
                         "current_player": game.state.current_player,
                         "terminal": game.state.is_terminal()})


@router.post("/api/green/games/{gid}/bot")
async def api_bot(request: Request, gid: str) -> Response:
    """The owner retries (``{"seat": 1}``) or replaces (``{"seat": 1, "bot": "greedy"}``)
    the bot of a seat, e.g. after it failed (``bot_error``)."""
    svc = service_of(request)
    try:
        change = parse(BotChange, await json_body(request))
        game = svc.get(gid)
        token = change.token or request.headers.get("x-arle-token") \
            or request.cookies.get(owner_cookie(gid))
        if not svc.is_owner(game, token):
            raise GameError("only the game's owner (its creator) may change a bot", 403)
        svc.set_bot(game, change.seat, change.bot)
    except GameError as e:
        return error_json(e)
    return JSONResponse({"ok": True, "version": game.version, "seats": game.summary()["seats"],
                         "bot_error": game.bot_error})


@router.post("/green/games/{gid}/bot")
async def bot_from_form(request: Request, gid: str, ctx: Ctx) -> Response:
    """The page's form for the same (the owner's cookie)."""
    svc = service_of(request)
    form = _form(await request.body())
    try:
        game = svc.get(gid)
        if not svc.is_owner(game, request.cookies.get(owner_cookie(gid))):
            raise GameError("only the game's owner (its creator) may change a bot", 403)
        seat = whole(form.get("seat", ""), "seat", 0, len(game.seats) - 1)
        bot = form.get("bot", "").strip()
        svc.set_bot(game, seat, bot[4:] if bot.startswith("bot:") else bot or None)
    except GameError as e:
        return ctx.error_page(request, e)
    return RedirectResponse(f"/green/games/{gid}", status_code=303)


@router.get("/api/green/card-sets")
async def api_card_sets(request: Request) -> Response:
    """The card sets this server offers (``options.cards`` takes their ids)."""
    return JSONResponse({"card_sets": service_of(request).card_sets.listing()})


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
