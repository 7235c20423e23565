"""What the routers of the web app share: the game service, the templates and the review
cache, held in one :class:`WebContext` on ``app.state.ctx`` and handed to each route by
the :data:`Ctx` dependency; with the small helpers every router uses (seat tokens,
cookies, pages, errors)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.requests import HTTPConnection

import arle
from arle.presenter import log_json, play_logged
from arle.web.botworker import known_bots
from arle.web.inputs import json_body
from arle.web.limits import Limits, RateLimiter, Slots
from arle.web.reviews import ReviewCache
from arle.web.schema import BotChange, parse
from arle.web.service import Game, GameError, GameService
from arle.web.templating import environment
from arle.web.views import log_words, render_view

__all__ = ["COOKIE_AGE", "Ctx", "WebContext", "error_json", "get_context", "owner_cookie",
           "seat_cookie", "set_cookie", "tokens_from"]

COOKIE_AGE = 365 * 24 * 3600


@dataclass
class WebContext:
    """The services of one app."""

    service: GameService
    templates: Jinja2Templates
    reviews: ReviewCache
    db_url: str
    limits: Limits = field(default_factory=Limits)
    proxy_headers: bool = False

    def __post_init__(self) -> None:
        self.creations = RateLimiter(self.limits.create_burst, self.limits.create_every,
                                     clock=self.service.clock)
        #: game id -> (the moves logged, the position after them, the log's entries)
        self._logs: OrderedDict[str, tuple[tuple[str, ...], Any, list[dict[str, Any]]]] \
            = OrderedDict()
        self.hint_clients = Slots(self.limits.hints_per_client)
        self.hint_games = Slots(self.limits.hints_per_game)

    def client_key(self, conn: HTTPConnection) -> str:
        """Who is asking, for the per-client limits: the peer address, or behind a proxy
        (``proxy_headers``) the address the proxy appended to X-Forwarded-For."""
        if self.proxy_headers:
            forwarded = conn.headers.get("x-forwarded-for", "")
            last = forwarded.split(",")[-1].strip()
            if last:
                return last[:64]
        return conn.client.host if conn.client is not None else "?"

    def check_create(self, conn: HTTPConnection) -> None:
        """GameError 429 if this client created too many games lately."""
        wait = self.creations.take(self.client_key(conn))
        if wait is not None:
            raise GameError(f"too many new games from this address: try again in "
                            f"{wait:.0f} s", 429, retry_after=wait)

    @asynccontextmanager
    async def hint_slot(self, conn: HTTPConnection, gid: str) -> AsyncIterator[None]:
        """A place in the hint queue for this client and game, or GameError 429."""
        who = self.client_key(conn)
        if not self.hint_clients.enter(who):
            raise GameError("too many hints asked at once from this address: wait for "
                            "the answers", 429, retry_after=5)
        try:
            if not self.hint_games.enter(gid):
                raise GameError("too many hints asked at once for this game: wait for "
                                "the answers", 429, retry_after=5)
            try:
                yield
            finally:
                self.hint_games.leave(gid)
        finally:
            self.hint_clients.leave(who)

    def log_of(self, game: Game) -> list[dict[str, Any]]:
        """The log of a Fields of Arle game as ``GET /api/games/ID`` lists it: the
        presenter's entries (:func:`arle.presenter.play_logged`: ``ply``, ``player``,
        ``action``, ``kind``, ``text``, ``changes``), in the web's words.  Kept per
        game, so that a new move costs one step, not a replay (an undo replays)."""
        moves = tuple(m.action for m in game.moves)
        hit = self._logs.pop(game.id, None)
        if hit is not None and moves[:len(hit[0])] == hit[0]:
            done, state, entries = hit
        else:
            rec = game.state.record()
            done, state, entries = (), arle.replay({**rec, "actions": []}), []
        if len(moves) > len(done):
            for i in range(len(done), len(moves)):
                entries = entries + log_json(play_logged(state, moves[i], i + 1,
                                                         words=log_words))
        self._logs[game.id] = (moves, state, entries)
        while len(self._logs) > 50:          # a few MB at most
            self._logs.popitem(last=False)
        return entries

    async def arle_game(self, gid: str) -> Game:
        """The Fields of Arle game ``gid``; GameError 404 for none (or a game of the
        second game, whose state and record no Arle route may serve)."""
        game = await self.service.get(gid)
        kind = self.service.kind(game)
        if kind.pages:         # a game with pages of its own: these routes are Arle's
            raise GameError(f"no Fields of Arle game {gid!r} (a game of another game: "
                            f"{kind.pages}/games/{gid})", 404)
        return game

    async def held_seats(self, conn: HTTPConnection, game: Game, extra: Any = None) -> set[int]:
        """The seats of ``game`` that this request's cookies, header or body open."""
        toks = tokens_from(conn.cookies, conn.headers, game.id, game.rec.players, extra)
        return await self.service.seats_of(game.id, toks)

    def page(self, request: Request, name: str, ctx: dict[str, Any],
             status: int = 200) -> Response:
        ctx = dict(ctx)
        ctx.setdefault("title", "arle")
        return self.templates.TemplateResponse(request, name, ctx, status_code=status)

    def error_page(self, request: Request, e: GameError) -> Response:
        resp = self.page(request, "error.html", {"message": e.message, "status": e.status},
                         e.status)
        _retry_header(resp, e)
        return resp

    def error_fragment(self, e: GameError) -> Response:
        """The error in place of a game view fragment."""
        html = environment().get_template("fragment_error.html").render(message=e.message)
        return HTMLResponse(html, status_code=e.status)

    def view_html(self, game: Game, held: set[int], interactive: bool = True,
                  owner: bool = False) -> str:
        """The game view; ``owner``: the viewer created the game (it may retry or
        replace a bot that failed)."""
        fix = None
        if owner and interactive:
            fix = {"action": f"/games/{game.id}/bot", "bots": known_bots(game.rec.game),
                   "seats": [{"seat": s.seat, "bot": s.bot} for s in game.rec.seats
                             if s.kind == "bot"]}
        return render_view(game.state, game.moves, game.rec.seats, held, game.version,
                           can_undo=game.undoable_by(held),
                           bot_error=self.service.bot_errors.get(game.id),
                           interactive=interactive, events=game.events,
                           hints=game.hints, online=self.service.online(game.id),
                           bot_fix=fix,
                           rematch=f"/games/{game.id}/rematch" if owner else None)

    def is_owner(self, conn: HTTPConnection, game: Game) -> bool:
        """Whether this browser created ``game`` (its owner cookie)."""
        return self.service.is_owner(game, conn.cookies.get(owner_cookie(game.id)))

    def replay_html(self, game: Game, step: int) -> tuple[int, str]:
        """The step shown (clamped to the game) and the view after that many moves."""
        k = max(0, min(step, len(game.moves)))
        st = self.service.state_at(game, k)
        return k, render_view(st, game.moves[:k], game.rec.seats, set(), game.version,
                              interactive=False)


def get_context(conn: HTTPConnection) -> WebContext:
    ctx = conn.app.state.ctx
    assert isinstance(ctx, WebContext)
    return ctx


#: A route's parameter ``ctx: Ctx`` receives the app's :class:`WebContext`.
Ctx = Annotated[WebContext, Depends(get_context)]


def seat_cookie(gid: str, seat: int) -> str:
    return f"arle_seat_{gid}_{seat}"


def owner_cookie(gid: str) -> str:
    return f"arle_owner_{gid}"


def tokens_from(cookies: dict[str, str], headers: Any, gid: str, players: int,
                extra: Any = None) -> list[str]:
    toks = [cookies.get(seat_cookie(gid, i), "") for i in range(players)]
    header = headers.get("x-arle-token") if headers is not None else None
    if header:
        toks += [t.strip() for t in str(header).split(",")[:4]]
    if isinstance(extra, str):
        toks.append(extra)
    elif isinstance(extra, list):
        toks += [t for t in extra[:4] if isinstance(t, str)]
    return [t for t in toks if t and len(t) <= 100]


async def change_bot(request: Request, gid: str, owner_cookies: tuple[str, ...]) -> Response:
    """``POST .../bot`` of either game: the owner (token from the ``token`` field, the
    ``X-Arle-Token`` header or one of ``owner_cookies``) retries or replaces a seat's
    bot; the answer is the seats and ``bot_error`` after it."""
    ctx = get_context(request)
    try:
        change = parse(BotChange, await json_body(request))
        token = change.token or request.headers.get("x-arle-token") \
            or next((request.cookies[c] for c in owner_cookies if c in request.cookies), None)
        game = await ctx.service.set_bot(gid, token, change.seat, change.bot)
    except GameError as e:
        return error_json(e)
    return JSONResponse({"ok": True, "version": game.version,
                         "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot,
                                    "joined": s.joined} for s in game.rec.seats],
                         "bot_error": ctx.service.bot_errors.get(gid)})


def _retry_header(resp: Response, e: GameError) -> None:
    if e.retry_after is not None:
        resp.headers["retry-after"] = str(max(1, round(e.retry_after)))


def error_json(e: GameError) -> JSONResponse:
    resp = JSONResponse({"error": e.message}, status_code=e.status)
    _retry_header(resp, e)
    return resp


async def rematch_redirect(request: Request, gid: str, held: set[int], pages: str,
                           owner_of: Callable[[str], str],
                           seat_of: Callable[[str, int], str]) -> Response:
    """The Rematch button of either game's page: the owner's new game (GameError's page
    otherwise), with this browser its owner and in the seats it ``held`` (new tokens,
    cookies named by ``owner_of`` and ``seat_of``), redirected to ``{pages}/games/NEW``;
    the other people's new links are on that page."""
    ctx = get_context(request)
    try:
        ctx.check_create(request)
        created = await ctx.service.rematch(gid, request.cookies.get(owner_of(gid)))
    except GameError as e:
        return ctx.error_page(request, e)
    new = created.game_id
    resp = RedirectResponse(f"{pages}/games/{new}", status_code=303)
    set_cookie(resp, request, owner_of(new), created.owner_token)
    for seat in sorted(held):
        if seat in created.tokens:
            set_cookie(resp, request, seat_of(new, seat), created.tokens[seat])
            await ctx.service.join(new, seat)
    return resp


def set_cookie(resp: Response, request: Request, name: str, value: str) -> None:
    resp.set_cookie(name, value, max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/",
                    secure=request.url.scheme == "https")
