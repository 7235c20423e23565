"""Live games over a WebSocket: ``/ws/games/{gid}`` pushes the viewer's game view after
every change and takes moves, undos, seat tokens and pings (see ``docs/WEB.md``)."""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.parse
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from arle.web.context import get_context, tokens_from
from arle.web.db import storage_errors
from arle.web.inputs import loads
from arle.web.service import GameError

__all__ = ["MAX_WS_MESSAGE", "router"]

MAX_WS_MESSAGE = 16 * 1024
STORAGE_ERRORS = storage_errors()
STORAGE_DOWN = ("the game storage is not available right now (the database failed); "
                "nothing was changed: try again in a moment")
log = logging.getLogger("arle.web")

router = APIRouter()


@router.websocket("/ws/games/{gid}")
async def ws_game(ws: WebSocket, gid: str) -> None:
    ctx = get_context(ws)
    service = ctx.service
    origin = ws.headers.get("origin")
    host = ws.headers.get("host")
    if origin and host and urllib.parse.urlsplit(origin).netloc != host:
        await ws.close(code=1008, reason="cross-origin WebSocket refused")
        return
    try:
        game = await ctx.arle_game(gid)
    except GameError as e:
        await ws.close(code=1008, reason=e.message[:120])
        return
    await ws.accept()
    extra: list[str] = []

    async def seats() -> set[int]:
        toks = tokens_from(ws.cookies, ws.headers, gid, game.rec.players, extra)
        return await service.seats_of(gid, toks)

    lock = asyncio.Lock()

    async def send(msg: dict[str, Any]) -> None:
        async with lock:
            await ws.send_text(json.dumps(msg))

    conn_id = id(ws)
    last: list[tuple[int, str]] = []

    async def push_view(force: bool = True) -> None:
        g = await service.get(gid)
        held = await seats()
        service.set_online(gid, conn_id, held)
        html = ctx.view_html(g, held, owner=ctx.is_owner(ws, g))
        if not force and last and last[-1] == (g.version, html):
            return              # a change that this page does not show (another's presence)
        last[:] = [(g.version, html)]
        await send({"type": "view", "version": g.version, "ply": len(g.moves),
                    "html": html, "seats": sorted(held)})

    q = service.subscribe(gid)

    async def pump() -> None:
        while True:
            await q.get()
            while not q.empty():
                q.get_nowait()
            await push_view(force=False)

    pump_task = asyncio.create_task(pump())
    try:
        await push_view()
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if not isinstance(text, str):       # a binary frame: this socket speaks text
                await ws.close(code=1003, reason="binary messages are not accepted; "
                                                 "send JSON text")
                return
            if len(text) > MAX_WS_MESSAGE:
                await send({"type": "error", "status": 413,
                            "message": f"message too large (limit {MAX_WS_MESSAGE})"})
                await ws.close(code=1009)
                return
            try:
                msg = loads(text)                 # the API's JSON rules (bounded numbers)
                if not isinstance(msg, dict):
                    raise GameError("not an object")
            except GameError as e:
                await send({"type": "error", "status": 400,
                            "message": "malformed message: expected a JSON object like "
                                       '{"type": "move", "action": "...", "version": 3} '
                                       f"({e.message[:200]})"})
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
            except STORAGE_ERRORS as e:
                log.error("storage error on the WebSocket of game %s: %r", gid, e)
                await send({"type": "error", "ref": ref, "status": 503,
                            "message": STORAGE_DOWN})
    except WebSocketDisconnect:
        pass
    finally:
        pump_task.cancel()
        service.unsubscribe(gid, q)
        service.set_online(gid, conn_id, set())
