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
- ``WS /green/ws/GID`` pushes ``{"type": "view", "version", "presence", "view"}`` after
  each change (and when a seat joins, opens or closes its page);
- ``POST /green/games/GID/rematch`` (form, the owner's, at the end).

The page (``green_game.html``) holds the fragment (``green_view.html``, drawn from
:func:`arle.web.greenpage.page_model`); ``static/green.js`` posts the moves with
``fetch`` to the JSON API and swaps the fragment in place when the socket says the
version (or the presence) changed.  Every form also works without JavaScript.

Requests are read against the closed schemas of :mod:`arle.web.schema`; the card set is
named by the id of a set the server offers (:mod:`arle.web.cardsets`), never by a path.
Bots think in the server's bot workers (:meth:`arle.web.service.GameService.run_bot`)
under the same limits as Fields of Arle's (:data:`arle.web.botworker.WEB_BOTS`); a
failed bot sets ``bot_error`` until the owner retries or replaces it
(``POST /api/green/games/GID/bot``, also ``/api/games/GID/bot``).

Seats are opened as in the base game's pages: a cookie of this browser, the
``X-Arle-Token`` header, or a ``token`` field.  The games are the web service's own
(:class:`arle.web.service.GameService`, with the kind :func:`green_kind`): stored in the
same database as Fields of Arle's (surviving restarts, shared by several servers, tokens
kept as hashes), their bots played by the same loop and workers.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import time
import urllib.parse
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup

import arle.green as G
from arle.green.faces import NOTICE, seat_view
from arle.web.botworker import check_bot_spec, known_bots, think_green
from arle.web import reviewpages
from arle.web.cardsets import CardSets
from arle.web.context import (
    Ctx,
    change_bot,
    error_json,
    get_context,
    rematch_redirect,
    set_cookie,
)
from arle.web.db import GameRecord, MoveRow, SeatRow, hash_token
from arle.web.greenpage import RESULT_ROWS, page_model, prompt
from arle.web.inputs import MAX_SEED, json_body, whole
from arle.web.kinds import Kind, Played, ThinkFn
from arle.web.schema import GreenCreate, GreenOptions, Move, parse
from arle.web.service import (
    MAX_ACTION_LEN,
    MAX_RECORD_ACTIONS,
    CreatedGame,
    Game,
    GameError,
    GameService,
    record_of,
)
from arle.web.records import record_seats
from arle.web.templating import environment

__all__ = ["GREEN", "GreenService", "create_api", "green_kind", "install", "router",
           "seat_cookie", "summary", "view_json"]

GREEN = "green"
#: The second game's name in the top bar and the tab titles.
SHORT_TITLE = G.TITLE.split(" (")[0]
router = APIRouter()
log = logging.getLogger("arle.web")


def seat_cookie(gid: str, seat: int) -> str:
    return f"arle_green_{gid}_{seat}"


def owner_cookie(gid: str) -> str:
    return f"arle_green_owner_{gid}"


def green_kind(card_sets: CardSets, think_fn: Callable[..., str] = think_green) -> Kind:
    """What the web service needs of the second game.  Its states load by the card
    set's hash (the shipped sets, and the operator's, loaded when the server started);
    the bot workers are told the file of an operator's set, which they read themselves."""

    def play(state: Any, text: str) -> Played:
        new = state.clone()
        notation = text.strip().lower()
        new.apply(notation)
        return Played(new, notation, [])

    def think(state: Any, default: ThinkFn) -> ThinkFn:
        offered = card_sets.by_hash(state.cs.hash)
        if offered is None or offered.shipped:
            return think_fn
        return functools.partial(think_fn, cards=str(offered.path))

    return Kind(GREEN, G.State.from_json, G.replay, play, think, secret=True, pages="/green")


class GreenService:
    """The second game on the app's :class:`GameService`: creation (its options and card
    sets), and the look-ups its pages need."""

    def __init__(self, service: GameService, card_sets: CardSets | None = None,
                 think_fn: Callable[..., str] = think_green) -> None:
        self.service = service
        self.card_sets = card_sets or CardSets()
        service.kinds[GREEN] = green_kind(self.card_sets, think_fn)

    @property
    def games(self) -> dict[str, Game]:
        """The second game's games held in memory now."""
        return self.service.held_games(GREEN)

    def get(self, gid: str) -> Game:
        """A game held in memory (tests; the routes use :meth:`load`)."""
        game = self.games.get(gid)
        if game is None:
            raise GameError("no green game with this id", 404)
        return game

    async def load(self, gid: str) -> Game:
        """The game ``gid`` of the second game (loaded from storage when needed)."""
        game = await self.service.get(gid)
        if game.rec.game != GREEN:
            raise GameError("no green game with this id", 404)
        return game

    async def create(self, players: int, seats: list[str], seed: int | None,
                     options: GreenOptions | None = None) -> CreatedGame:
        """A new game (GameError naming the reason; nothing is created then)."""
        options = options or GreenOptions()
        if len(seats) != players:
            raise GameError(f"seats names {len(seats)} seat(s) for {players} player(s)")
        offered = self.card_sets.get(options.cards)
        game_seed = seed if seed is not None else secrets.randbelow(1_000_000)
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for i, spec in enumerate(seats):
            low = spec.strip().lower()
            if low == "human":
                tok = secrets.token_urlsafe(24)      # 192 random bits, as for Arle
                tokens[i] = tok
                rows.append(SeatRow(i, "human", None, hash_token(tok), False))
            elif low.startswith("bot:"):
                try:
                    norm = check_bot_spec(spec.strip()[4:], GREEN)
                except ValueError as e:
                    raise GameError(f"seat {i + 1}: {e}") from None
                rows.append(SeatRow(i, "bot", norm, None, True))
            else:
                raise GameError(f"seat {i + 1}: use 'human' or 'bot:NAME' (e.g. bot:random)")
        try:
            state = G.new_game(players=players, seed=game_seed, cards=offered.cards,
                               **options.rules())
        except ValueError as e:
            raise GameError(str(e)) from None
        return await self.service.create_from_state(GREEN, state, rows, tokens)

    async def import_record(self, record: Any) -> CreatedGame:
        """A new game from a record of the second game (``POST /api/records``), at its
        last position, played with a card set this server offers (found by the record's
        hash, never by a path it names).  The record's ``seats`` give the bots their
        seats back; a record without them has every seat human.  GameError naming the
        reason otherwise; nothing is stored then."""
        if not isinstance(record, dict):
            raise GameError("not a game record: expected a JSON object")
        actions, setup = record.get("actions"), record.get("setup")
        if not isinstance(actions, list) or not isinstance(setup, dict):
            raise GameError("malformed record: 'setup' must be an object and 'actions' a list")
        if len(actions) > MAX_RECORD_ACTIONS:
            raise GameError(f"record too long ({len(actions)} actions)")
        players = setup.get("players")
        if type(players) is not int or not 1 <= players <= 4:
            raise GameError("malformed record: setup.players must be 1, 2, 3 or 4")
        seed = setup.get("seed")
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise GameError(f"malformed record: setup.seed must be a whole number from 0 "
                            f"to {MAX_SEED}")
        cards = setup.get("cards")
        digest = cards.get("hash") if isinstance(cards, dict) else None
        if not isinstance(digest, str) or self.card_sets.by_hash(digest) is None:
            named = cards.get("id") if isinstance(cards, dict) else None
            shown = repr(named[:40]) if isinstance(named, str) else "its card set"
            raise GameError(f"this record was played with {shown}, which this server "
                            f"does not offer (it offers: {', '.join(self.card_sets.ids())})")
        for i, text in enumerate(actions):
            if not isinstance(text, str) or len(text) > MAX_ACTION_LEN:
                raise GameError(f"record action {i}: not an action text of this game")
        specs = record_seats(record.get("seats"), players, GREEN)
        clean = {"format": record.get("format"), "setup": setup, "actions": actions}
        if "chance" in record:
            clean["chance"] = record["chance"]
        try:
            G.replay(clean)                       # every check, with the engine's words
            state = G.replay({"format": clean["format"], "setup": setup, "actions": []})
        except ValueError as e:
            raise GameError(str(e)) from None
        moves: list[MoveRow] = []
        now = time.time()
        for i, text in enumerate(actions):
            p = state.current_player
            assert p is not None and isinstance(text, str)   # the replay took them all
            state.apply(text)
            moves.append(MoveRow(i + 1, p, state.history[-1], now))
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for i, spec in enumerate(specs):
            if spec == "human":
                tokens[i] = tok = secrets.token_urlsafe(24)
                rows.append(SeatRow(i, "human", None, hash_token(tok), False))
            else:
                rows.append(SeatRow(i, "bot", spec, None, True))
        return await self.service.create_from_state(GREEN, state, rows, tokens,
                                                    moves=moves, origin="upload")

    def wait_idle(self, game: Game, timeout: float = 60.0) -> None:
        """Wait (from another thread: tests) until the bots of ``game`` have nothing to
        do."""
        end = time.monotonic() + timeout
        while self.service.bot_busy(game.id):
            if time.monotonic() > end:
                raise TimeoutError(f"the bots of green game {game.id} are still busy")
            time.sleep(0.01)


def service_of(conn: Request | WebSocket) -> GreenService:
    svc = getattr(conn.app.state, "green", None)
    assert isinstance(svc, GreenService)
    return svc


def install(app: FastAPI, service: GameService, card_sets: CardSets | None = None,
            think_fn: Callable[..., str] = think_green) -> GreenService:
    """Add the green routes and kind to ``app`` (the one hook in ``create_app``)."""
    svc = GreenService(service, card_sets, think_fn)
    app.state.green = svc
    app.include_router(router)
    return svc


# -- who views what ------------------------------------------------------------------
def _tokens(conn: Request | WebSocket, game: Game, extra: Any = None) -> list[str]:
    toks = [conn.cookies.get(seat_cookie(game.id, i), "") for i in range(len(game.rec.seats))]
    header = conn.headers.get("x-arle-token")
    if header:
        toks += [t.strip() for t in header.split(",")[:4]]
    if isinstance(extra, str):
        toks.append(extra)
    elif isinstance(extra, list):
        toks += [t for t in extra[:4] if isinstance(t, str)]
    return [t for t in toks if t and len(t) <= 100]


async def _held(conn: Request | WebSocket, game: Game, extra: Any = None) -> set[int]:
    return await service_of(conn).service.seats_of(game.id, _tokens(conn, game, extra))


def _viewer(game: Game, held: set[int], want: Any = None) -> int | None:
    """The seat whose view a client gets: the one asked for if held, else the held seat
    to move, else its lowest held seat; None (a spectator) without a seat."""
    if isinstance(want, str) and want.isdigit() and int(want) in held:
        return int(want)
    p: int | None = game.state.current_player
    if p in held:
        return p
    return min(held) if held else None


def summary(rec: GameRecord) -> dict[str, Any]:
    """A game as the lobby and ``GET /api/green/games`` list it (no hidden card)."""
    return {"id": rec.id, "game": GREEN, "players": rec.players, "version": rec.version,
            "status": rec.status, "to_move": rec.to_move, "ply": rec.ply,
            "winners": [rec.winner] if rec.winner is not None else [],
            "cards": (rec.setup.get("cards") or {}).get("id"),
            "seats": [{"seat": x.seat, "kind": x.kind, "bot": x.bot, "joined": x.joined}
                      for x in rec.seats]}


def view_json(game: Game, seat: int | None, held: set[int],
              bot_error: str | None = None) -> dict[str, Any]:
    """The JSON a client viewing ``seat`` (None: a spectator) receives."""
    s = game.state
    info = summary(game.rec)
    info["winners"] = s.winners() if s.is_terminal() else []
    return {"id": game.id, "game": GREEN, "title": G.TITLE, "notice": NOTICE,
            "version": game.version, "you": seat, "your_seats": sorted(held),
            "seats": info["seats"], "status": info["status"], "winners": info["winners"],
            "bot_error": bot_error, "view": seat_view(s, seat)}


def _is_owner(conn: Request | WebSocket, game: Game) -> bool:
    return service_of(conn).service.is_owner(game, conn.cookies.get(owner_cookie(game.id)))


def _view(conn: Request | WebSocket, game: Game, seat: int | None,
          held: set[int]) -> dict[str, Any]:
    return view_json(game, seat, held, service_of(conn).service.bot_errors.get(game.id))


def _results(game: Game, s: Any = None) -> list[dict[str, Any]]:
    """The final scores of ``s`` (the game's state by default), one column a seat (at
    the end only: all is public then)."""
    s = game.state if s is None else s
    if not s.is_terminal():
        return []
    winners = set(s.winners())
    out = []
    for q, sc in enumerate(s.scores()):
        row = game.rec.seats[q]
        who = f"Player {q + 1}" + (f" (bot {row.bot})" if row.kind == "bot" else "")
        out.append({"seat": q, "who": who, "winner": q in winners,
                    "categories": sc.categories, "total": sc.total})
    return out


def log_actors(game: Game) -> list[int | None]:
    """The seat behind each line of the redacted log (who moved is public): the moves'
    seats, None for the hidden decisions the engine took by itself."""
    s = game.state
    auto = s.hidden_auto
    if len(game.moves) != len(s.history):
        return []
    out: list[int | None] = []
    k = 0
    for i, move in enumerate(game.moves):
        while k < len(auto) and auto[k][0] == i:
            out.append(None)
            k += 1
        out.append(move.player)
    return out + [None] * (len(auto) - k)


def render_fragment(conn: Request | WebSocket, game: Game, seat: int | None,
                    held: set[int]) -> str:
    """The view's HTML (:mod:`arle.web.greenpage` says what it draws); the owner (the
    game's creator) gets the invitation links, the form that retries or replaces a bot
    that failed, and the Rematch button at the end."""
    data = _view(conn, game, seat, held)
    svc = service_of(conn).service
    owner = _is_owner(conn, game)
    fix = None
    if owner:
        fix = {"action": f"/green/games/{game.id}/bot", "bots": known_bots(GREEN),
               "seats": [{"seat": x.seat, "bot": x.bot} for x in game.rec.seats
                         if x.kind == "bot"]}
    view = data["view"]
    obs = view["obs"]
    mover = obs.get("current_player")
    online = svc.online(game.id)
    invites = _invites(conn, game, held) if isinstance(conn, Request) else []
    return environment().get_template("green_view.html").render(
        d=data, v=view, o=obs, m=page_model(game.state.cs, view, log_actors(game)),
        prompt=prompt(game.state.cs, obs) if seat is not None and seat == mover else "",
        thinking=(mover is not None and game.rec.seats[mover].kind == "bot"
                  and not data["bot_error"]),
        results=_results(game), result_rows=RESULT_ROWS,
        rematch=f"/green/games/{game.id}/rematch" if owner and game.state.is_terminal()
        else None,
        invites=invites, online=online, presence_key=presence_key(game, online),
        interactive=seat is not None, bot_fix=fix)


def presence_key(game: Game, online: set[int]) -> str:
    """What of the seats' presence a page shows (it redraws when this changes)."""
    joined = "".join("1" if x.joined else "0" for x in game.rec.seats)
    return f"{joined}:{','.join(str(q) for q in sorted(online))}"


# -- pages ---------------------------------------------------------------------------
@router.get("/green", response_class=HTMLResponse)
async def lobby(request: Request, ctx: Ctx) -> Response:
    svc = service_of(request)
    running = await ctx.service.list_games("running", 50, GREEN)
    finished = await ctx.service.list_games("finished", 50, GREEN)
    return ctx.page(request, "green_lobby.html", {
        "title": f"arle: {SHORT_TITLE}", "game_title": SHORT_TITLE, "notice": NOTICE,
        "bots": known_bots(GREEN),
        "card_sets": svc.card_sets.listing(),
        "running": [summary(r) for r in running], "finished": [summary(r) for r in finished]})


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
        created = await service_of(request).create(req.players, seats, req.seed, req.options)
    except GameError as e:
        return ctx.error_page(request, e)
    gid = created.game_id
    resp = RedirectResponse(f"/green/games/{gid}", status_code=303)
    if take_seat is not None:
        await ctx.service.join(gid, take_seat)
        set_cookie(resp, request, seat_cookie(gid, take_seat), created.tokens[take_seat])
    set_cookie(resp, request, owner_cookie(gid), created.owner_token)
    return resp


@router.get("/green/join/{token}")
async def join(request: Request, token: str, ctx: Ctx) -> Response:
    found = await ctx.service.find_token(token)
    game = None
    if found is not None:
        try:
            game = await service_of(request).load(found[0])
        except GameError:
            game = None
    if found is None or game is None:
        return ctx.error_page(request, GameError(
            "this invitation link is not valid (check that it was copied whole)", 404))
    await ctx.service.join(game.id, found[1])
    resp = RedirectResponse(f"/green/games/{game.id}", status_code=303)
    set_cookie(resp, request, seat_cookie(game.id, found[1]), token)
    return resp


def _invites(request: Request, game: Game, held: set[int]) -> list[dict[str, Any]]:
    """The owner's invitation links of the seats this browser does not hold."""
    links = service_of(request).service.invitations(
        game, request.cookies.get(owner_cookie(game.id)))
    base = str(request.base_url).rstrip("/")
    return [{"seat": x.seat, "joined": x.joined, "url": f"{base}/green/join/{links[x.seat]}"}
            for x in game.rec.seats if x.seat in links and x.seat not in held]


@router.get("/green/games/{gid}", response_class=HTMLResponse)
async def game_page(request: Request, gid: str, ctx: Ctx) -> Response:
    try:
        game = await service_of(request).load(gid)
    except GameError as e:
        return ctx.error_page(request, e)
    held = await _held(request, game)
    seat = _viewer(game, held, request.query_params.get("seat"))
    return ctx.page(request, "green_game.html", {
        "title": f"arle: {SHORT_TITLE}, game {gid}", "gid": gid, "notice": NOTICE,
        "game_title": SHORT_TITLE, "held": sorted(held), "seat": seat,
        "players": len(game.rec.seats),
        "view": Markup(render_fragment(request, game, seat, held))})


def replay_fragment(game: Game, step: int, seat: int | None) -> tuple[int, str]:
    """The position after ``step`` moves (clamped) as ``seat`` saw it (None: the
    public view), drawn as the live page draws it, without choices."""
    record = game.state.record()
    n = len(record["actions"])
    k = max(0, min(step, n))
    try:
        s = G.replay({key: v for key, v in record.items() if key != "chance"}
                     | {"actions": record["actions"][:k]})
    except ValueError as e:
        raise GameError(f"this game cannot be replayed here: {e}", 409) from None
    view = seat_view(s, seat)
    data = {"id": game.id, "version": game.version, "you": seat,
            "seats": summary(game.rec)["seats"], "bot_error": None}
    html = environment().get_template("green_view.html").render(
        d=data, v=view, o=view["obs"],
        m=page_model(s.cs, view, log_actors(game), interactive=False), prompt="",
        thinking=False, results=_results(game, s), result_rows=RESULT_ROWS, rematch=None,
        invites=[], online=None, presence_key="", interactive=False, bot_fix=None)
    return k, html


@router.get("/green/games/{gid}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, gid: str, ctx: Ctx) -> Response:
    """The game move by move: anyone sees the public view; a seat's own view for the
    browser holding it, and every seat's once the game is over."""
    try:
        game = await service_of(request).load(gid)
        held = await _held(request, game)
        over = game.state.is_terminal()
        total = len(game.state.history)
        raw_step = request.query_params.get("step", "")
        step = whole(raw_step, "step", 0, 10**6) if raw_step else total
        raw_seat = request.query_params.get("seat", "")
        seat: int | None = None
        if raw_seat not in ("", "none"):
            seat = whole(raw_seat, "seat", 0, len(game.rec.seats) - 1)
            if not over and seat not in held:
                raise GameError("until the game is over a replay shows only the public "
                                "view and the seats this browser holds", 403)
        k, html = replay_fragment(game, step, seat)
    except GameError as e:
        return ctx.error_page(request, e)
    seats = [q for q in range(len(game.rec.seats)) if over or q in held]
    return ctx.page(request, "green_replay.html", {
        "title": f"arle: {SHORT_TITLE}, replay of {gid}", "game_title": SHORT_TITLE,
        "gid": gid, "step": k, "total": total, "seat": seat, "seats": seats,
        "notice": NOTICE, "view": Markup(html)})


@router.get("/green/games/{gid}/view", response_class=HTMLResponse)
async def game_view(request: Request, gid: str, ctx: Ctx) -> Response:
    try:
        game = await service_of(request).load(gid)
    except GameError as e:
        return ctx.error_fragment(e)
    held = await _held(request, game)
    seat = _viewer(game, held, request.query_params.get("seat"))
    return HTMLResponse(render_fragment(request, game, seat, held))


@router.post("/green/games/{gid}/moves")
async def move_from_form(request: Request, gid: str, ctx: Ctx) -> Response:
    form = _form(await request.body())
    try:
        game = await service_of(request).load(gid)
        held = await _held(request, game)
        version = whole(form["version"], "version", 0, 10**9) if form.get("version") else None
        action = form.get("action")
        if action is None and all(f"n{i}" in form for i in range(4)):
            # the draw picker without JavaScript: one count a pile
            action = "draw " + " ".join(str(whole(form[f"n{i}"], "count", 0, 6))
                                        for i in range(4))
        await ctx.service.move(gid, held, action, version)
    except GameError as e:
        return ctx.error_page(request, e)
    return RedirectResponse(f"/green/games/{gid}", status_code=303)


@router.post("/green/games/{gid}/rematch")
async def rematch_from_form(request: Request, gid: str, ctx: Ctx) -> Response:
    """The owner's Rematch button at the end: the new game, with this browser as its
    owner and in the seats it held (new tokens); the others' new links are on its page."""
    try:
        game = await service_of(request).load(gid)
        held = await _held(request, game)
    except GameError as e:
        return ctx.error_page(request, e)
    return await rematch_redirect(request, gid, held, "/green", owner_cookie, seat_cookie)


@router.post("/green/games/{gid}/bot")
async def bot_from_form(request: Request, gid: str, ctx: Ctx) -> Response:
    """The owner's form on the page: retry (no bot chosen) or replace a failed bot."""
    form = _form(await request.body())
    try:
        game = await service_of(request).load(gid)
        seat = whole(form.get("seat", ""), "seat", 0, len(game.rec.seats) - 1)
        bot = form.get("bot", "").strip()
        await ctx.service.set_bot(gid, request.cookies.get(owner_cookie(gid)), seat,
                                  bot[4:] if bot.startswith("bot:") else bot or None)
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
        created = await service_of(request).create(req.players, seats, req.seed,
                                                   req.options)
        if take is not None:
            await ctx.service.join(created.game_id, take)
        game = await ctx.service.get(created.game_id)
    except GameError as e:
        return error_json(e)
    base = str(request.base_url).rstrip("/")
    gid = created.game_id
    return JSONResponse({
        "id": gid, "game": GREEN, "url": f"{base}/green/games/{gid}",
        "owner_token": created.owner_token, "version": game.version,
        "seats": [{"seat": x.seat, "kind": x.kind, "bot": x.bot,
                   "token": created.tokens.get(x.seat),
                   "invite_url": (f"{base}/green/join/{created.tokens[x.seat]}"
                                  if x.seat in created.tokens else None)}
                  for x in game.rec.seats]}, status_code=201)


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
async def api_list(request: Request, ctx: Ctx, status: str = "running",
                   limit: int = 50) -> Response:
    if status not in ("running", "finished"):
        return error_json(GameError("status must be 'running' or 'finished'"))
    games = await ctx.service.list_games(status, max(1, min(limit, 200)), GREEN)
    return JSONResponse({"games": [summary(r) for r in games]})


@router.get("/api/green/games/{gid}")
async def api_game(request: Request, gid: str) -> Response:
    try:
        game = await service_of(request).load(gid)
    except GameError as e:
        return error_json(e)
    held = await _held(request, game)
    return JSONResponse(_view(request, game, _viewer(game, held,
                                                     request.query_params.get("seat")), held))


@router.post("/api/green/games/{gid}/moves")
async def api_move(request: Request, gid: str) -> Response:
    ctx = get_context(request)
    try:
        move = parse(Move, await json_body(request), "malformed move")
        game = await service_of(request).load(gid)
        held = await _held(request, game, move.token)
        game = await ctx.service.move(gid, held, move.action, move.version)
    except GameError as e:
        return error_json(e)
    return JSONResponse({"ok": True, "version": game.version, "ply": len(game.moves),
                         "current_player": game.state.current_player,
                         "terminal": game.state.is_terminal()})


@router.post("/api/green/games/{gid}/bot")
async def api_bot(request: Request, gid: str) -> Response:
    """The owner retries (``{"seat": 1}``) or replaces (``{"seat": 1, "bot": "greedy"}``)
    the bot of a seat, e.g. after it failed (``bot_error``)."""
    try:
        await service_of(request).load(gid)
    except GameError as e:
        return error_json(e)
    return await change_bot(request, gid, (owner_cookie(gid),))


@router.get("/api/green/card-sets")
async def api_card_sets(request: Request) -> Response:
    """The card sets this server offers (``options.cards`` takes their ids)."""
    return JSONResponse({"card_sets": service_of(request).card_sets.listing()})


def record_download(game: Game) -> dict[str, Any]:
    """A finished game's record as the web hands it out: the engine's record, with the
    seats (as :func:`arle.web.service.record_of` writes them, so that an upload puts
    the bots back) and without the card set's path on this server (a record names its
    set by id and hash)."""
    rec = record_of(game)
    cards = {k: v for k, v in rec["setup"]["cards"].items() if k != "path"}
    rec["setup"] = {**rec["setup"], "cards": cards}
    return rec


@router.get("/api/green/games/{gid}/record")
async def api_record(request: Request, gid: str) -> Response:
    try:
        game = await service_of(request).load(gid)
        if not game.state.is_terminal():
            raise GameError("the record holds every hidden card: it is served once the "
                            "game is over", 403)
    except GameError as e:
        return error_json(e)
    return JSONResponse(record_download(game),
                        headers={"content-disposition":
                                 f'attachment; filename="arle-green-{gid}.json"'})


@router.get("/green/games/{gid}/review", response_class=HTMLResponse)
async def review_page(request: Request, gid: str, ctx: Ctx, threshold: float = 3.0
                      ) -> Response:
    """The review of a finished game (:func:`arle.web.reviewpages.review_page`)."""
    try:
        await service_of(request).load(gid)
    except GameError as e:
        return ctx.error_page(request, e)
    return await reviewpages.review_page(request, ctx, gid, threshold)


@router.get("/api/green/games/{gid}/review")
async def api_review(request: Request, gid: str, ctx: Ctx, threshold: float = 3.0
                     ) -> Response:
    """``GET /api/games/GID/review`` of a game of the second game."""
    try:
        await service_of(request).load(gid)
    except GameError as e:
        return error_json(e)
    return await reviewpages.review_json(ctx, gid, threshold)


# -- live updates --------------------------------------------------------------------
@router.websocket("/green/ws/{gid}")
async def ws_game(ws: WebSocket, gid: str) -> None:
    svc = service_of(ws)
    origin, host = ws.headers.get("origin"), ws.headers.get("host")
    if origin and host and urllib.parse.urlsplit(origin).netloc != host:
        await ws.close(code=1008, reason="cross-origin WebSocket refused")
        return
    try:
        game = await svc.load(gid)
    except GameError:
        await ws.close(code=1008, reason="no green game with this id")
        return
    await ws.accept()
    held = await _held(ws, game)
    want = ws.query_params.get("seat")
    changes = svc.service.subscribe(gid)
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
    last: tuple[int, str] = (-1, "")
    conn = id(ws)
    svc.service.set_online(gid, conn, held)
    try:
        while not gone.is_set():
            game = await svc.load(gid)
            presence = presence_key(game, svc.service.online(gid))
            if (game.version, presence) != last:
                last = (game.version, presence)
                seat = _viewer(game, held, want)
                await ws.send_text(json.dumps({"type": "view", "version": game.version,
                                               "presence": presence,
                                               "view": _view(ws, game, seat, held)}))
            waiter = asyncio.ensure_future(changes.get())
            done, _ = await asyncio.wait({waiter, reader}, timeout=30,
                                         return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
    except (WebSocketDisconnect, RuntimeError, GameError):
        pass
    finally:
        reader.cancel()
        svc.service.unsubscribe(gid, changes)
        svc.service.set_online(gid, conn, set())
