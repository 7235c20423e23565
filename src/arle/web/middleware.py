"""ASGI middleware of the web app: bounded request bodies and security headers, and a
log filter that hides invitation tokens."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["ASGIApp", "BodyLimitMiddleware", "MAX_BODY", "MAX_UPLOAD", "SECURITY_HEADERS",
           "TokenLogFilter", "UPLOAD_PATHS"]

MAX_BODY = 16 * 1024            # every request body but a record upload
MAX_UPLOAD = 1024 * 1024        # a game record upload
UPLOAD_PATHS = ("/api/records",)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' "
     b"'unsafe-inline'; script-src 'self'; connect-src 'self'; "
     b"frame-ancestors 'none'; form-action 'self'"),
]


class _TooLarge(Exception):
    pass


class BodyLimitMiddleware:
    """Refuse request bodies above the limit with 413, before any handler reads them;
    add the security headers to every answer."""

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
                msg["headers"] = list(msg.get("headers", [])) + SECURITY_HEADERS
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
