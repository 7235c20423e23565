"""The web app: lobby, game pages, replays, a JSON API and live updates over WebSockets.

Build it with :func:`create_app`; ``arle serve`` runs it with uvicorn.  Seats are opened
by secret tokens: an invitation link ``/join/TOKEN`` stores the token in an HTTP-only
cookie of that browser; API clients send it in the ``X-Arle-Token`` header or the
``token`` field of a JSON body.  The API is described in ``docs/WEB.md``.

The routes live in three routers: :mod:`arle.web.pages` (HTML), :mod:`arle.web.api`
(JSON) and :mod:`arle.web.live` (WebSocket); they share the app's
:class:`~arle.web.context.WebContext` (``app.state.ctx``).  This module only assembles
them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from arle.web import api, green, live, pages
from arle.web.botworker import think, think_green
from arle.web.cardsets import CardSets
from arle.web.context import WebContext, get_context
from arle.web.db import open_store, storage_errors
from arle.web.limits import Limits
from arle.web.live import MAX_WS_MESSAGE
from arle.web.middleware import (
    MAX_BODY,
    MAX_UPLOAD,
    BodyLimitMiddleware,
    GuardMiddleware,
    TokenLogFilter,
)
from arle.web.reviews import ReviewCache
from arle.web.service import (
    HINT_BOT,
    SOLO_HINT_BOT,
    THINK_TIMEOUT,
    GameError,
    GameService,
)
from arle.web.templating import environment

__all__ = ["create_app", "Limits", "MAX_BODY", "MAX_UPLOAD", "MAX_WS_MESSAGE", "TokenLogFilter"]

HERE = Path(__file__).resolve().parent
log = logging.getLogger("arle.web")
STORAGE_DOWN = ("the game storage is not available right now (the database failed); "
                "nothing was changed: try again in a moment")


def create_app(db: str | Path | None = None, *, bot_delay: float = 0.5,
               bot_workers: int = 1, think_fn: Callable[[str, int, str], str] = think,
               think_timeout: float = THINK_TIMEOUT, allowed_hosts: Iterable[str] = (),
               proxy_headers: bool = False, limits: Limits | None = None,
               clock: Callable[[], float] = time.monotonic,
               green_cards: Iterable[str | Path] = (),
               green_think_fn: Callable[..., str] = think_green,
               hint_bot: str = HINT_BOT, solo_hint_bot: str = SOLO_HINT_BOT,
               warm_workers: bool = False) -> FastAPI:
    """The web app on the database ``db`` (SQLite path, ``postgresql://`` URL or the
    default file in the user's data directory).

    It answers to the loopback names and ``allowed_hosts`` only (other Host headers get
    400); ``proxy_headers``: behind a TLS proxy, take the scheme from
    ``X-Forwarded-Proto`` (and the client's address from ``X-Forwarded-For``).
    ``limits``: games per client, queued hints, idle games (:class:`Limits`); ``clock``
    times them.  ``green_cards``: card set files of the second game this server offers
    besides the shipped ones (``arle serve --green-cards``; ValueError if one does not
    load); ``think_fn`` and ``green_think_fn`` are what the bot workers run (tests).
    ``hint_bot`` and ``solo_hint_bot`` answer hints (ValueError for a spec refused);
    ``warm_workers``: start the bot workers with the server (``arle serve``), so that the
    first hint does not wait for them."""
    limits = limits or Limits()
    card_sets = CardSets(green_cards)
    store = open_store(db)
    service = GameService(store, bot_delay=bot_delay, bot_workers=bot_workers,
                          think_fn=think_fn, think_timeout=think_timeout,
                          idle_seconds=limits.idle_seconds,
                          games_in_memory=limits.games_in_memory, clock=clock,
                          hint_bot=hint_bot, solo_hint_bot=solo_hint_bot,
                          warm_workers=warm_workers)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(title="arle", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.ctx = WebContext(service=service, templates=Jinja2Templates(env=environment()),
                               reviews=ReviewCache(), db_url=store.url, limits=limits,
                               proxy_headers=proxy_headers)
    app.state.service = service
    app.state.db_url = store.url
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(GuardMiddleware, allowed_hosts=tuple(allowed_hosts),
                       proxy_headers=proxy_headers)        # added last: runs first
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(pages.router)
    app.include_router(api.router)
    app.include_router(live.router)
    # the second game's routes and kind (arle.web.green): the same service and workers
    green.install(app, service, card_sets, green_think_fn)

    @app.exception_handler(404)
    async def not_found(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": "not found"}, status_code=404)
        return get_context(request).error_page(request, GameError("page not found", 404))

    async def storage_failed(request: Request, exc: Exception) -> Response:
        log.error("storage error on %s %s: %r", request.method, request.url.path, exc)
        e = GameError(STORAGE_DOWN, 503)
        if request.method == "GET" and not request.url.path.startswith("/api/") \
                and "text/html" in request.headers.get("accept", ""):
            resp = get_context(request).error_page(request, e)
        else:
            resp = JSONResponse({"error": e.message}, status_code=503)
        resp.headers["retry-after"] = "5"
        return resp

    for error in storage_errors():
        app.add_exception_handler(error, storage_failed)
    return app
