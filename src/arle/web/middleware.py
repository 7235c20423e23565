"""ASGI middleware of the web app: bounded request bodies and security headers, and a
log filter that hides invitation tokens."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["ASGIApp", "BodyLimitMiddleware", "GuardMiddleware", "LOOPBACK_HOSTS", "MAX_BODY",
           "MAX_UPLOAD", "SECURITY_HEADERS", "TokenLogFilter", "UPLOAD_PATHS", "host_name"]

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
     b"frame-ancestors 'none'; form-action 'self'; base-uri 'none'"),
]

#: Host names every server answers to (and the only ones unless ``--allowed-host``).
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


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


def host_name(value: str) -> str:
    """The name in a Host header without its port, lower case (``[::1]:8000`` -> ``::1``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].partition("]")[0]
    if value.count(":") == 1:
        return value.partition(":")[0]
    return value


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class GuardMiddleware:
    """The checks before any route: the Host header must name this server (DNS
    rebinding), a state-changing request must not come from another site's page (CSRF:
    ``Sec-Fetch-Site`` and ``Origin``), and behind a TLS proxy (``proxy_headers``) the
    scheme is taken from ``X-Forwarded-Proto`` (secure cookies, ``https://`` links)."""

    def __init__(self, app: ASGIApp, allowed_hosts: tuple[str, ...] = (),
                 proxy_headers: bool = False) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in (*LOOPBACK_HOSTS, *allowed_hosts))
        self.proxy_headers = proxy_headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if host is None or host_name(host) not in self.hosts:
            await self._refuse(scope, receive, send, 400,
                               "this server does not answer to that host name (start it "
                               "with --allowed-host NAME)")
            return
        if self.proxy_headers:
            proto = (_header(scope, b"x-forwarded-proto") or "").split(",")[0].strip().lower()
            if proto in ("http", "https"):
                scope = dict(scope)
                secure = proto == "https"
                if kind == "websocket":
                    scope["scheme"] = "wss" if secure else "ws"
                else:
                    scope["scheme"] = proto
        if kind == "http" and str(scope.get("method", "GET")).upper() in UNSAFE_METHODS:
            problem = _cross_site(scope, host)
            if problem is not None:
                await self._refuse(scope, receive, send, 403, problem)
                return
        await self.app(scope, receive, send)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, status: int,
                      message: str) -> None:
        if scope["type"] == "websocket":
            await receive()                         # websocket.connect
            await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
            return
        body = json.dumps({"error": message}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]
                    + SECURITY_HEADERS})
        await send({"type": "http.response.body", "body": body})


def _cross_site(scope: Scope, host: str) -> str | None:
    """Why a state-changing request looks sent by another site's page, or None."""
    site = _header(scope, b"sec-fetch-site")
    if site is not None:         # the browser says where the request comes from
        if site.strip().lower() in ("same-origin", "none"):
            return None
        return "cross-site request refused (send it from this server's own pages)"
    # older browsers: the Origin (our pages send "null" there: no-referrer policy)
    origin = _header(scope, b"origin")
    if origin is not None:
        netloc = origin.strip().lower().partition("://")[2]
        if netloc != host.strip().lower():
            return "cross-origin request refused (the Origin is not this server)"
    return None


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
