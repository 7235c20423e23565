"""Several servers on one database: none serves a stale game, the pages of each follow
the moves made on the others, and exactly one server plays each bot move."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from conftest import LiveServer
from fastapi.testclient import TestClient
from slowbot import think as slow_think
from webutil import create, info, move, token, wait_until

from arle.web.db import open_store


@contextmanager
def servers(make_app: Any, db: str, n: int = 2, **kw: Any) -> Iterator[list[LiveServer]]:
    """``n`` uvicorn servers (threads of this process) on loopback sharing ``db``, each
    looking at its watched games every 0.05 s."""
    started: list[LiveServer] = []
    try:
        for _ in range(n):
            app = make_app(db, **kw)
            app.state.service.watch_interval = 0.05
            started.append(LiveServer(app).start())
        yield started
    finally:
        for s in started:
            s.stop()


@contextmanager
def socket(server: LiveServer, gid: str) -> Iterator[Any]:
    from websockets.sync.client import connect
    with connect(server.url.replace("http://", "ws://") + f"/ws/games/{gid}",
                 open_timeout=20, close_timeout=5) as ws:
        yield ws


def next_view(ws: Any, version: int) -> dict[str, Any]:
    """The first view pushed at ``version`` or later (each wait bounded)."""
    for _ in range(200):
        msg = json.loads(ws.recv(timeout=20))
        if msg["type"] == "view" and msg["version"] >= version:
            return dict(msg)
    raise AssertionError(f"no view at version {version}")


def test_no_server_serves_a_stale_game(any_db: str, make_app: Any) -> None:
    with TestClient(make_app(any_db)) as a, TestClient(make_app(any_db)) as b:
        created = create(a, players=2, seats=["human", "human"], seed=4)
        gid = created["id"]
        assert info(b, gid)["version"] == 1            # b holds the game in memory
        for i in range(6):                             # alternate servers, no waiting
            here, there = (a, b) if i % 2 == 0 else (b, a)
            data = info(here, gid)
            assert move(here, gid, token(created, data["current_player"]), data["legal"][0],
                        data["version"]).status_code == 200
            seen = info(there, gid)
            assert seen["version"] == data["version"] + 1
            assert seen["log"] == info(here, gid)["log"]
            assert there.get(f"/api/games/{gid}/state").text == \
                here.get(f"/api/games/{gid}/state").text
            assert there.get(f"/games/{gid}/view").text == here.get(f"/games/{gid}/view").text


def test_pages_follow_the_moves_made_on_another_server(make_app: Any,
                                                        db_path: Path) -> None:
    with servers(make_app, str(db_path)) as (a, b):
        created = httpx.post(f"{a.url}/api/games", json={"players": 1, "seats": ["human"],
                                                        "seed": 2}).json()
        gid, tok = created["id"], created["seats"][0]["token"]
        with socket(b, gid) as ws:
            assert next_view(ws, 1)["version"] == 1
            for version in (1, 2, 3):
                legal = httpx.get(f"{a.url}/api/games/{gid}").json()["legal"]
                r = httpx.post(f"{a.url}/api/games/{gid}/moves",
                               json={"action": legal[0], "version": version},
                               headers={"X-Arle-Token": tok})
                assert r.status_code == 200, r.text
                view = next_view(ws, version + 1)      # pushed by b, which polled
                assert view["version"] == version + 1 and view["ply"] == version
            # and a move sent over b's socket is checked against the new position
            ws.send(json.dumps({"type": "auth", "token": tok}))
            ws.send(json.dumps({"type": "move", "action": "place fisherman",
                                "version": 1, "ref": 9}))
            for _ in range(50):
                msg = json.loads(ws.recv(timeout=20))
                if msg["type"] == "error":
                    break
            assert msg["status"] == 409 and msg["ref"] == 9 and "version 4" in msg["message"]


def test_exactly_one_server_plays_each_bot_move(make_app: Any, db_path: Path,
                                                tmp_path: Path, monkeypatch: Any) -> None:
    """Both servers watch a game of a person against a bot (so both load it at the
    bot's turn and start its bot); each bot decision is thought about once, by the one
    server that claimed it, and stored once."""
    pidfile = tmp_path / "thinks"
    monkeypatch.setenv("ARLE_TEST_PIDFILE", str(pidfile))
    monkeypatch.setenv("ARLE_TEST_THINK_SECONDS", "0.1")
    with servers(make_app, str(db_path), think_fn=slow_think) as (a, b):
        created = httpx.post(f"{a.url}/api/games",
                             json={"players": 2, "seats": ["human", "bot:random"],
                                   "seed": 3}).json()
        gid, tok = created["id"], created["seats"][0]["token"]

        def my_turn(server: LiveServer) -> bool:
            data = httpx.get(f"{server.url}/api/games/{gid}").json()
            return bool(data["current_player"] == 0)

        with socket(a, gid), socket(b, gid):
            for i in range(4):
                server = (a, b)[i % 2]
                wait_until(lambda: my_turn(a) and my_turn(b), what="the person's turn")
                data = httpx.get(f"{server.url}/api/games/{gid}").json()
                r = httpx.post(f"{server.url}/api/games/{gid}/moves",
                               json={"action": data["legal"][0], "version": data["version"]},
                               headers={"X-Arle-Token": tok})
                assert r.status_code == 200, r.text
            wait_until(lambda: my_turn(a) and my_turn(b), what="the bot's last reply")
        final = [httpx.get(f"{s.url}/api/games/{gid}").json() for s in (a, b)]
    assert final[0]["log"] == final[1]["log"] and final[0]["version"] == final[1]["version"]
    bot_moves = [m for m in final[0]["log"] if m["player"] == 1]
    assert len(bot_moves) >= 4
    thinks = pidfile.read_text().split()
    assert len(thinks) == len(bot_moves)             # nobody thought twice or in vain
    con = sqlite3.connect(db_path)
    plies = [r[0] for r in con.execute("SELECT ply FROM moves WHERE game_id = ? "
                                       "ORDER BY ply", (gid,))]
    con.close()
    assert plies == list(range(1, len(final[0]["log"]) + 1))


def test_a_bot_claim_holds_until_it_expires(make_app: Any, any_db: str) -> None:
    with TestClient(make_app(any_db)) as c:
        gid = create(c, players=2, seats=["human", "human"], seed=1)["id"]   # version 1
    store = open_store(any_db)
    try:
        assert store.claim_bot(gid, 1, "a", 10.0, now=100.0)
        assert not store.claim_bot(gid, 1, "b", 10.0, now=105.0)   # a's, still valid
        assert store.claim_bot(gid, 1, "a", 10.0, now=109.0)       # a renews: to 119
        assert not store.claim_bot(gid, 1, "b", 10.0, now=115.0)
        assert store.claim_bot(gid, 1, "b", 10.0, now=119.5)       # expired: b takes it
        assert not store.claim_bot(gid, 1, "a", 10.0, now=120.0)
        assert not store.claim_bot(gid, 2, "a", 10.0, now=120.0)   # not the game's version
        assert not store.claim_bot("nosuchgame", 1, "a", 10.0)
        store.release_claims("b")
        assert store.claim_bot(gid, 1, "a", 10.0, now=121.0)       # released: a may
    finally:
        store.close()


def _claims(db_path: Path, sql: str = "SELECT server FROM bot_claims") -> list[Any]:
    con = sqlite3.connect(db_path)
    try:
        rows = con.execute(sql).fetchall()
        con.commit()
        return rows
    finally:
        con.close()


def test_a_bot_move_claimed_by_a_vanished_server_is_played_once_its_claim_expires(
        make_app: Any, db_path: Path) -> None:
    """A server killed while its bot thought leaves a claim: no other server plays that
    move while the claim is valid; once it expired, the next server to load the game
    plays it."""
    with TestClient(make_app(bot_delay=60.0)) as c:
        created = create(c, players=2, seats=["human", "bot:random"], seed=0)
        gid = created["id"]
        assert info(c, gid)["current_player"] == 1          # the bot starts (seed 0)
    assert _claims(db_path) == []                 # a server that stops releases its claims
    store = open_store(db_path)                   # one that vanished leaves its claim
    try:
        assert store.claim_bot(gid, 1, "ghost", 600.0)
    finally:
        store.close()
    with TestClient(make_app()) as b:
        b.app.state.service.watch_interval = 0.05
        data = info(b, gid)                       # b resumed it: the bot's turn
        assert data["ply"] == 0 and data["current_player"] == 1
        assert _claims(db_path) == [("ghost",)]
        assert info(b, gid)["ply"] == 0           # the ghost's claim is still valid
        _claims(db_path, "UPDATE bot_claims SET expires = 0")
        wait_until(lambda: info(b, gid)["ply"] > 0, what="b to play the bot's move")
        assert info(b, gid)["log"][0]["player"] == 1


def test_a_failed_version_check_serves_the_copy_held(client: Any, monkeypatch: Any) -> None:
    """The database down: a game held in memory is still shown (as before the version
    check); a change still gets its 503."""
    created = create(client, seed=6)
    gid, tok = created["id"], token(created, 0)

    def down(*_: Any) -> Any:
        raise sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(client.app.state.service.store, "game_version", down)
    monkeypatch.setattr(client.app.state.service.store, "commit_move", down)
    assert info(client, gid)["version"] == 1
    assert move(client, gid, tok, "place fisherman").status_code == 503


def test_a_request_that_waited_for_another_load_checks_the_version(db_path: Path) -> None:
    """Two requests for a game this server does not hold: the first loads it; the second,
    waiting for that load, is served only after its own version check, so a move another
    server stored while the load ran is shown (the two-server load test's race, made
    deterministic)."""
    import asyncio
    import threading

    from arle.web.service import GameService, NewGame

    async def scenario() -> tuple[int, int]:
        a = GameService(open_store(str(db_path)), bot_delay=0.0)
        b = GameService(open_store(str(db_path)), bot_delay=0.0)
        created = await a.create_game(NewGame(players=1, seats=["human"], seed=3))
        gid = created.game_id
        loading, release = threading.Event(), threading.Event()
        real_load = b.store.load_game

        def slow_load(game_id: str) -> Any:
            out = real_load(game_id)           # reads version 1 ...
            loading.set()
            release.wait(10)                   # ... and stalls before b holds it
            return out
        b.store.load_game = slow_load          # type: ignore[method-assign]
        async def version_served() -> int:
            return (await b.get(gid)).version     # read at once: the copy is shared
        first = asyncio.ensure_future(version_served())
        await asyncio.to_thread(loading.wait, 10)
        second = asyncio.ensure_future(version_served())   # waits for the first load
        await asyncio.sleep(0.05)
        await a.move(gid, {0}, "place fisherman")    # version 2, stored by a
        release.set()
        versions = await first, await second
        b.store.load_game = real_load          # type: ignore[method-assign]
        a.store.close()
        b.store.close()
        return versions

    # on a thread of its own: an earlier browser test may leave a loop on this one
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        first, second = pool.submit(asyncio.run, scenario()).result(timeout=60)
    assert first == 1          # read before the move: the first request's own snapshot
    assert second == 2
