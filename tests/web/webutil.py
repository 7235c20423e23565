"""Small helpers shared by the web tests."""

from __future__ import annotations

import socket
import time
from typing import Any

import arle


def create(client: Any, players: int = 1, seats: list[str] | None = None, seed: int = 7,
           **kw: Any) -> dict[str, Any]:
    """Create a game through the JSON API; returns the creation answer (with tokens)."""
    body = {"players": players, "seats": seats or ["human"] * players, "seed": seed, **kw}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def token(created: dict[str, Any], seat: int) -> str:
    tok = created["seats"][seat]["token"]
    assert isinstance(tok, str)
    return tok


def info(client: Any, gid: str, tok: str | None = None) -> dict[str, Any]:
    headers = {"X-Arle-Token": tok} if tok else {}
    r = client.get(f"/api/games/{gid}", headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def move(client: Any, gid: str, tok: str | None, action: str,
         version: int | None = None) -> Any:
    body: dict[str, Any] = {"action": action}
    if version is not None:
        body["version"] = version
    headers = {"X-Arle-Token": tok} if tok else {}
    return client.post(f"/api/games/{gid}/moves", json=body, headers=headers)


def local_state(seed: int = 7, players: int = 1) -> arle.State:
    return arle.new_game(players=players, seed=seed)


def wait_until(cond: Any, timeout: float = 20.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def wait_live(page: Any, timeout: float = 30_000) -> None:
    """Wait until a game page shows the live socket's first view: an element taken before
    that may be replaced under the test by that view."""
    page.wait_for_function("() => document.getElementById('live')?.classList.contains('ok')",
                           timeout=timeout)


def play_first_legal(client: Any, gid: str, tok: str, n: int) -> None:
    """Make ``n`` moves, each the first legal action (sub-decisions included)."""
    for _ in range(n):
        data = info(client, gid, tok)
        r = move(client, gid, tok, data["legal"][0], data["version"])
        assert r.status_code == 200, r.text


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def open_uploaded(browser: Any, base: str, record: dict[str, Any],
                  viewport: dict[str, int] | None = None) -> tuple[str, Any, Any]:
    """Upload ``record`` as a new game and open it in a new browser context holding
    its seats (the upload's cookies): ``(game id, context, page)`` at the game page."""
    import httpx
    r = httpx.post(f"{base}/api/records", json=record)
    assert r.status_code == 201, r.text
    ctx = browser.new_context(viewport=viewport or {"width": 1440, "height": 900})
    ctx.add_cookies([{"name": c.name, "value": c.value or "", "url": base}
                     for c in r.cookies.jar])
    page = ctx.new_page()
    gid = str(r.json()["id"])
    page.goto(f"{base}/games/{gid}")
    wait_live(page)
    return gid, ctx, page


class FirstAnswerHeld:
    """A Playwright route handler (``page.route(pattern, held)``) that lets the server
    take the first request it sees but keeps its answer from the page until
    :meth:`release`; later requests pass untouched.  It makes certain that the page
    learns of a move from its socket before the move's own answer is back."""

    def __init__(self) -> None:
        self.held: list[tuple[Any, Any]] = []

    def __call__(self, route: Any) -> None:
        if self.held:
            route.continue_()
            return
        self.held.append((route, route.fetch()))    # the server has it; the page waits

    def release(self) -> None:
        assert len(self.held) == 1, "no request was held"
        route, answer = self.held[0]
        route.fulfill(response=answer)
