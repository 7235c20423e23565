"""Hardening of the server (the audit of issue 14): escaping, input validation, upload
checks, WebSocket frames, hosts and origins, storage errors and limits."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

import pytest

import arle

EVIL = '<meta http-equiv=refresh content=0;url=https:evil.example>'  # no slash, < 64 chars


@pytest.mark.parametrize("path", ["/games/{}/view", "/games/{}/replay/1", "/games/{}",
                                  "/games/{}/replay", "/games/{}/review"])
def test_a_game_id_is_never_put_into_html_unescaped(client: Any, path: str) -> None:
    r = client.get(path.format(urllib.parse.quote(EVIL, safe="")))
    assert r.status_code == 404
    assert "<meta http-equiv" not in r.text
    assert "&lt;meta http-equiv" in r.text


# ---------------------------------------------------------------------------
# 2. Malformed inputs: a 4xx naming the field, never a 5xx
# ---------------------------------------------------------------------------
HUGE = "1" * 5000
BAD_NUMBERS = [HUGE, "Infinity", "-Infinity", "NaN", "1e999", "-1e999", "1.9", "[1]", "{}",
               "-1", str(2**63), str(2**200), '"x"']           # bad for every field below


def _game(client: Any) -> tuple[str, str]:
    r = client.post("/api/games", json={"players": 1, "seats": ["human"], "seed": 1})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"][0]["token"]


def _raw_json(client: Any, path: str, text: str, tok: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if tok:
        headers["x-arle-token"] = tok
    return client.post(path, content=text.encode(), headers=headers)


def _record(**fields: str) -> str:
    """A record of a new solo game as JSON text, with ``fields`` of its setup replaced by
    raw JSON text."""
    setup = arle.new_game(players=1, seed=3).record()["setup"]
    setup.update({k: "@" + k for k in fields})
    text = json.dumps({"format": "arle-record-1", "setup": setup, "actions": []})
    for k, v in fields.items():
        text = text.replace(f'"@{k}"', v)
    return text


def test_a_battery_of_malformed_json_gets_4xx_everywhere(client: Any) -> None:
    gid, tok = _game(client)
    before = client.get(f"/api/games/{gid}/state").text
    bodies: list[tuple[str, str]] = []
    for n in BAD_NUMBERS:
        bodies += [
            ("/api/games", f'{{"players": {n}, "seats": ["human"]}}'),
            ("/api/games", f'{{"players": 1, "seats": ["human"], "seed": {n}}}'),
            ("/api/games", f'{{"players": 1, "seats": ["human"], "take_seat": {n}}}'),
            ("/api/games", f'{{"players": 1, "seats": ["human"], "promos": {n}}}'),
            ("/api/games", f'{{"players": {n}, "seats": ["human"], "seed": 1}}'),
            (f"/api/games/{gid}/moves", f'{{"action": "place fisherman", "version": {n}}}'),
            (f"/api/games/{gid}/undo", f'{{"version": {n}}}'),
            (f"/api/games/{gid}/hint", f'{{"bot": {n}}}'),
            ("/api/score", f'{{"home_board": {{"dikes": {n}}}}}'),
            ("/api/score", "[1]" if n == "{}" else n),
            ("/api/records", _record(seed=n)),
            ("/api/records", _record(players=n)),
        ]
    for n in ["true", "false"]:
        bodies += [("/api/games", f'{{"players": {n}, "seats": ["human"]}}'),
                   ("/api/games", f'{{"players": 1, "seats": ["human"], "seed": {n}}}'),
                   (f"/api/games/{gid}/undo", f'{{"version": {n}}}')]
    bodies += [("/api/score", '{"tools": {}, "tools": {}}'),
               ("/api/games", '{"players": 1, "players": 2}'),
               (f"/api/games/{gid}/moves", '{"action": "place fisherman", "action": "x"}')]
    for path, text in bodies:
        r = _raw_json(client, path, text, tok)
        assert 400 <= r.status_code < 500, (path, text[:80], r.status_code, r.text[:200])
        assert r.headers["content-type"].startswith("application/json"), (path, text[:80])
        assert "error" in r.json()
    assert client.get(f"/api/games/{gid}/state").text == before
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == [gid]            # nothing was created


@pytest.mark.parametrize("text, field", [
    ('{"players": 1.9, "seats": ["human"]}', "players"),
    ('{"players": true, "seats": ["human"]}', "players"),
    ('{"players": 1, "seats": ["human"], "promos": [1]}', "promos"),
    ('{"players": 1, "seats": ["human"], "seed": 1e999}', "seed"),
    ('{"players": 1, "seats": ["human"], "seed": ' + HUGE + "}", "seed"),
    ('{"players": 1, "seats": ["human"], "take_seat": Infinity}', "take_seat"),
    ('{"players": 1, "seats": ["human"], "take_seat": 0.5}', "take_seat"),
    ('{"players": 1, "players": 1}', "players"),
])
def test_lenient_or_overflowing_fields_are_refused_by_name(client: Any, text: str,
                                                          field: str) -> None:
    r = _raw_json(client, "/api/games", text)
    assert r.status_code == 400, r.text
    assert field in r.json()["error"]


def test_duplicate_keys_are_refused_by_the_score_api_as_by_arle_score(client: Any) -> None:
    r = _raw_json(client, "/api/score", '{"tools": {"fish_traps": 1, "fish_traps": 2}}')
    assert r.status_code == 400
    assert "fish_traps: key given twice" in r.json()["error"]


def test_the_forms_refuse_overflowing_numbers_with_4xx(client: Any) -> None:
    forms = []
    for n in [HUGE, "1e999", "Infinity", "-1", "1.9", "NaN", "99999999999999999999"]:
        forms += [{"players": n}, {"players": "1", "seed": n},
                  {"players": "1", "take_seat": n}, {"players": "2", "take_seat": n}]
    for form in forms:
        r = client.post("/games", data=form, follow_redirects=False)
        assert 400 <= r.status_code < 500, (form, r.status_code)
    pad = {}
    for name in ["home_board.stalls", "barn.cart", "goods.food", "supply.wood",
                 "animals.sheep", "supply_bottlenecks"]:
        for n in [HUGE, "1e999", "Infinity", "NaN", "1.9", "x"]:
            pad = {name: n}
            r = client.post("/score", data=pad)
            assert 400 <= r.status_code < 500, (pad, r.status_code)
    assert client.get("/api/games").json()["games"] == []


def test_query_numbers_never_give_5xx(client: Any) -> None:
    gid, _tok = _game(client)
    for n in [HUGE, "1e999", "inf", "nan", "-1", "1.9", str(2**200)]:
        for path in [f"/api/games?limit={n}", f"/games/{gid}/replay?step={n}",
                     f"/games/{gid}/replay/{n}", f"/api/games/{gid}/review?threshold={n}",
                     f"/games/{gid}/review?threshold={n}"]:
            r = client.get(path)
            assert r.status_code < 500, (path[:60], r.status_code)


# ---------------------------------------------------------------------------
# 3. Uploaded records: only seeds the lobby takes
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", ["-1", str(2**31), str(2**63), str(2**200), "true", "1.5",
                                  '"7"', "null"])
def test_uploads_with_seeds_the_lobby_refuses_are_refused(client: Any, seed: str) -> None:
    r = _raw_json(client, "/api/records", _record(seed=seed))
    assert r.status_code == 400, r.text
    assert "seed" in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_uploads_with_the_lobbys_seeds_are_taken(client: Any) -> None:
    for seed in ("0", str(2**31 - 1)):
        r = _raw_json(client, "/api/records", _record(seed=seed))
        assert r.status_code == 201, r.text
    assert _raw_json(client, "/api/records", _record(players="true")).status_code == 400


# ---------------------------------------------------------------------------
# 4. WebSocket: a binary frame is refused with a close frame (1003)
# ---------------------------------------------------------------------------
def test_a_binary_websocket_frame_is_closed_with_1003(client: Any, caplog: Any) -> None:
    from starlette.websockets import WebSocketDisconnect
    gid, _tok = _game(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        assert json.loads(ws.receive_text())["type"] == "view"
        ws.send_bytes(b'{"type": "ping"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 1003
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:    # the server carries on
        assert json.loads(ws.receive_text())["type"] == "view"
        ws.send_text('{"type": "ping", "ref": 1}')
        assert json.loads(ws.receive_text()) == {"type": "pong", "ref": 1}


# ---------------------------------------------------------------------------
# 5. Host names, proxies, cross-site posts, the CSP, the JSON content type
# ---------------------------------------------------------------------------
def _app_client(make_app: Any, base_url: str, **kw: Any) -> Any:
    from fastapi.testclient import TestClient
    return TestClient(make_app(**kw), base_url=base_url)


def test_only_loopback_and_allowed_host_names_are_answered(make_app: Any) -> None:
    with _app_client(make_app, "http://127.0.0.1:8000", allowed_hosts=()) as c:
        assert c.get("/").status_code == 200
        for host in ["localhost", "localhost:8000", "127.0.0.1", "[::1]:8000", "LocalHost"]:
            assert c.get("/", headers={"host": host}).status_code == 200, host
        for host in ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""]:
            r = c.get("/", headers={"host": host})
            assert r.status_code == 400, host
            assert "--allowed-host" in r.json()["error"]
        r = c.post("/api/games", json={"players": 1}, headers={"host": "evil.example"})
        assert r.status_code == 400
        assert c.get("/api/games").json()["games"] == []
    with _app_client(make_app, "http://arle.example", allowed_hosts=("arle.example",)) as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"host": "other.example"}).status_code == 400


def test_a_websocket_to_an_unknown_host_is_refused(make_app: Any) -> None:
    from starlette.websockets import WebSocketDisconnect
    with _app_client(make_app, "http://evil.example", allowed_hosts=()) as c:
        with pytest.raises(WebSocketDisconnect) as closed:
            with c.websocket_connect("/ws/games/x") as ws:
                ws.receive_text()
        assert closed.value.code == 1008


def test_behind_a_tls_proxy_cookies_are_secure_and_links_https(make_app: Any) -> None:
    proxy = {"x-forwarded-proto": "https"}
    with _app_client(make_app, "http://arle.example", allowed_hosts=("arle.example",),
                     proxy_headers=True) as c:
        r = c.post("/api/games", json={"players": 1, "seats": ["human"]}, headers=proxy)
        assert r.status_code == 201
        assert r.json()["url"].startswith("https://arle.example/games/")
        assert r.json()["seats"][0]["invite_url"].startswith("https://arle.example/join/")
        r = c.post("/games", data={"players": "1", "seat0": "human"}, headers=proxy,
                   follow_redirects=False)
        assert r.status_code == 303
        assert all("secure" in h.lower() for h in r.headers.get_list("set-cookie"))
    with _app_client(make_app, "http://arle.example", allowed_hosts=("arle.example",)) as c:
        r = c.post("/api/games", json={"players": 1, "seats": ["human"]}, headers=proxy)
        assert r.json()["url"].startswith("http://")     # the header is ignored by default


def test_cross_site_form_posts_are_refused(client: Any) -> None:
    form = {"players": "1", "seat0": "human"}
    for headers in [{"origin": "https://evil.example"}, {"origin": "null"},
                    {"sec-fetch-site": "cross-site"}, {"sec-fetch-site": "same-site"}]:
        r = client.post("/games", data=form, headers=headers, follow_redirects=False)
        assert r.status_code == 403, headers
        r = client.post("/api/games", json={"players": 1}, headers=headers)
        assert r.status_code == 403, headers
    assert client.get("/api/games").json()["games"] == []
    for headers in [{}, {"origin": "http://testserver"}, {"sec-fetch-site": "same-origin"},
                    {"sec-fetch-site": "none"},
                    # what Chromium sends from our pages (no-referrer makes Origin null)
                    {"origin": "null", "sec-fetch-site": "same-origin"}]:
        r = client.post("/games", data=form, headers=headers, follow_redirects=False)
        assert r.status_code == 303, headers


def test_the_csp_forbids_base_tags_and_json_means_json(client: Any) -> None:
    csp = client.get("/").headers["content-security-policy"]
    assert "base-uri 'none'" in csp
    for ctype in ["application/jsonx", "application/json-seq", "text/plain"]:
        r = client.post("/api/games", content=b'{"players": 1}',
                        headers={"content-type": ctype})
        assert r.status_code == 415, ctype
    r = client.post("/api/games", content=b'{"players": 1}',
                    headers={"content-type": "application/json; charset=utf-8"})
    assert r.status_code == 201


# ---------------------------------------------------------------------------
# 6. Storage errors: JSON 503, a check at start, a reconnect, bots that survive
# ---------------------------------------------------------------------------
def _failing(calls: list[int], times: int, what: str = "database or disk is full") -> Any:
    import sqlite3

    def fail(*_args: Any, **_kw: Any) -> Any:
        calls.append(1)
        if len(calls) <= times:
            raise sqlite3.OperationalError(what)
        return None
    return fail


def test_storage_errors_reach_clients_as_json_503(client: Any, monkeypatch: Any) -> None:
    gid, tok = _game(client)
    before = client.get(f"/api/games/{gid}/state").text
    store = client.app.state.service.store
    monkeypatch.setattr(store, "commit_move", _failing([], 99))
    monkeypatch.setattr(store, "create_game", _failing([], 99, "attempt to write a readonly "
                                                                "database"))
    monkeypatch.setattr(store, "list_games", _failing([], 99))
    answers = [
        client.post(f"/api/games/{gid}/moves", json={"action": "place fisherman"},
                    headers={"x-arle-token": tok}),
        client.post("/api/games", json={"players": 1}),
        client.get("/api/games"),
        client.post("/games", data={"players": "1"}, follow_redirects=False),
    ]
    for r in answers:
        assert r.status_code == 503, r.text
        assert r.headers["content-type"].startswith("application/json")
        assert "storage is not available" in r.json()["error"]
        assert r.headers["retry-after"] == "5"
    page = client.get("/", headers={"accept": "text/html"})
    assert page.status_code == 503 and "storage is not available" in page.text
    assert client.get(f"/api/games/{gid}/state").text == before
    with client.websocket_connect(f"/ws/games/{gid}", headers={"x-arle-token": tok}) as ws:
        assert json.loads(ws.receive_text())["type"] == "view"
        ws.send_text(json.dumps({"type": "move", "action": "place fisherman", "ref": 1}))
        msg = json.loads(ws.receive_text())
        assert msg["type"] == "error" and msg["status"] == 503 and msg["ref"] == 1
    monkeypatch.undo()
    r = client.post(f"/api/games/{gid}/moves", json={"action": "place fisherman"},
                    headers={"x-arle-token": tok})
    assert r.status_code == 200                      # the database is back: so is the game


def test_a_database_that_cannot_be_written_is_refused_at_start(tmp_path: Any) -> None:
    import sqlite3

    from arle.web.db import SQLiteStore
    path = tmp_path / "arle.sqlite3"
    store = SQLiteStore(path)
    store.close()
    store._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None,
                                  check_same_thread=False)     # as a read-only file opens
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        store.check_writable()
    store._conn.close()


def test_a_bots_move_that_cannot_be_stored_is_retried(make_app: Any, monkeypatch: Any) -> None:
    from fastapi.testclient import TestClient

    from webutil import info, wait_until
    with TestClient(make_app()) as c:
        service = c.app.state.service
        service.storage_retry = 0.01
        calls: list[int] = []
        real = service.store.commit_move
        fail = _failing(calls, 3)

        def flaky(*args: Any) -> Any:
            fail()
            return real(*args)
        monkeypatch.setattr(service.store, "commit_move", flaky)
        created = c.post("/api/games", json={"players": 1, "seats": ["bot:random"],
                                             "seed": 2}).json()
        gid = created["id"]
        wait_until(lambda: info(c, gid)["ply"] >= 3, timeout=60,
                   what="the bot to play on after the storage errors")
        assert len(calls) > 3                    # three failures, then stored moves
        assert gid not in service.bot_errors     # the report is gone once a move is stored


@pytest.mark.postgres
def test_a_lost_postgresql_connection_is_reopened(pg_url: str, make_app: Any) -> None:
    import psycopg
    from fastapi.testclient import TestClient
    with TestClient(make_app(pg_url)) as c:
        gid, tok = _game(c)
        store = c.app.state.service.store
        with psycopg.connect(pg_url, autocommit=True) as admin:   # the server drops it
            admin.execute("SELECT pg_terminate_backend(%s)", (store._conn.info.backend_pid,))
        r = c.post(f"/api/games/{gid}/moves", json={"action": "place fisherman"},
                   headers={"x-arle-token": tok})
        assert r.status_code == 200, r.text
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (store._conn.info.backend_pid,))
        assert [g["id"] for g in c.get("/api/games").json()["games"]] == [gid]
        assert c.get(f"/api/games/{gid}").json()["ply"] == 1


# ---------------------------------------------------------------------------
# 7. Limits: games per client, queued hints, idle games leave memory
# ---------------------------------------------------------------------------
class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_game_creation_is_limited_per_client(make_app: Any) -> None:
    from fastapi.testclient import TestClient

    from arle.web.limits import Limits
    clock = FakeClock()
    app = make_app(limits=Limits(create_burst=3, create_every=60.0), clock=clock)
    with TestClient(app) as c:
        for _ in range(3):
            assert c.post("/api/games", json={"players": 1}).status_code == 201
        r = c.post("/api/games", json={"players": 1})
        assert r.status_code == 429 and int(r.headers["retry-after"]) == 60
        assert "too many new games" in r.json()["error"]
        assert c.post("/games", data={"players": "1"}).status_code == 429
        up = _raw_json(c, "/api/records", _record())
        assert up.status_code == 429
        assert len(c.get("/api/games").json()["games"]) == 3
        clock.now += 60                                    # one more per minute
        assert c.post("/api/games", json={"players": 1}).status_code == 201
        assert c.post("/api/games", json={"players": 1}).status_code == 429
        # a refused input spends nothing
        clock.now += 60
        assert c.post("/api/games", json={"players": 7}).status_code == 400
        assert c.post("/api/games", json={"players": 1}).status_code == 201


def test_a_rate_limiter_forgets_old_clients() -> None:
    from arle.web.limits import RateLimiter
    clock = FakeClock()
    rl = RateLimiter(1, 10.0, clock=clock, max_keys=3)
    assert [rl.take(k) for k in "abcd"] == [None] * 4
    assert rl.take("d") == 10.0
    assert rl.take("a") is None                 # forgotten: a fresh bucket (bounded memory)


def test_queued_hints_are_limited_per_client_and_per_game(make_app: Any, tmp_path: Any,
                                                         monkeypatch: Any) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from fastapi.testclient import TestClient
    from slowbot import think as slow_think
    from webutil import wait_until

    from arle.web.limits import Limits
    release = tmp_path / "release"
    pidfile = tmp_path / "pids"
    monkeypatch.setenv("ARLE_TEST_RELEASE", str(release))
    monkeypatch.setenv("ARLE_TEST_PIDFILE", str(pidfile))
    monkeypatch.setenv("ARLE_TEST_THINK_SECONDS", "120")
    app = make_app(think_fn=slow_think, limits=Limits(hints_per_client=2, hints_per_game=1))
    with TestClient(app) as c:
        games = [_game(c) for _ in range(3)]

        def hint(g: tuple[str, str]) -> Any:
            return c.post(f"/api/games/{g[0]}/hint", json={"bot": "random"},
                          headers={"x-arle-token": g[1]})
        with ThreadPoolExecutor(4) as pool:
            first = pool.submit(hint, games[0])
            wait_until(pidfile.exists, what="the first hint to reach the bot")
            same_game = hint(games[0])                 # the game's one place is taken
            assert same_game.status_code == 429 and "this game" in same_game.json()["error"]
            second = pool.submit(hint, games[1])
            wait_until(lambda: c.app.state.ctx.hint_clients._held.get("testclient") == 2,
                       what="the second hint to queue")
            third = hint(games[2])                     # the client's two places are taken
            assert third.status_code == 429 and "this address" in third.json()["error"]
            assert third.headers["retry-after"] == "5"
            release.touch()
            assert first.result(timeout=60).status_code == 200
            assert second.result(timeout=60).status_code == 200
        assert hint(games[2]).status_code == 200       # the places are free again


def test_idle_games_leave_memory_and_come_back_unchanged(make_app: Any) -> None:
    from fastapi.testclient import TestClient

    from arle.web.limits import Limits
    clock = FakeClock()
    app = make_app(limits=Limits(idle_seconds=600.0, games_in_memory=3), clock=clock)
    with TestClient(app) as c:
        service = c.app.state.service
        gid, tok = _game(c)
        assert c.post(f"/api/games/{gid}/moves", json={"action": "place fisherman"},
                      headers={"x-arle-token": tok}).status_code == 200
        before = c.get(f"/api/games/{gid}/state").text
        watched, _ = _game(c)
        with c.websocket_connect(f"/ws/games/{watched}") as ws:
            json.loads(ws.receive_text())
            clock.now += 601
            assert sorted(service.evict_idle()) == [gid]        # an open page keeps it
        assert gid not in service._games and watched in service._games
        assert c.get(f"/api/games/{gid}/state").text == before   # loaded again
        assert c.get(f"/api/games/{gid}").json()["ply"] == 1
        # beyond games_in_memory the longest idle games leave first
        for _ in range(4):
            clock.now += 1
            _game(c)
        assert len(service._games) <= 3


def test_websocket_messages_follow_the_apis_json_rules(client: Any) -> None:
    gid, tok = _game(client)
    before = client.get(f"/api/games/{gid}/state").text
    with client.websocket_connect(f"/ws/games/{gid}", headers={"x-arle-token": tok}) as ws:
        assert json.loads(ws.receive_text())["type"] == "view"
        for text in ['{"type": "move", "action": "place fisherman", "version": ' + HUGE + "}",
                     '{"type": "move", "action": "place fisherman", "version": Infinity}',
                     '{"type": "move", "type": "undo"}', "[1]", "1e999"]:
            ws.send_text(text)
            msg = json.loads(ws.receive_text())
            assert msg["type"] == "error" and msg["status"] == 400, text[:60]
        ws.send_text('{"type": "ping", "ref": 2}')
        assert json.loads(ws.receive_text()) == {"type": "pong", "ref": 2}
    assert client.get(f"/api/games/{gid}/state").text == before
