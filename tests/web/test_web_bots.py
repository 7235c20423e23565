"""Bots play in a worker process, through the same checks as people, and the server
keeps answering while they think."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from slowbot import think as slow_think
from webutil import create, info, move, token, wait_until


def test_a_bot_plays_a_solo_game_to_the_end(client: Any) -> None:
    created = create(client, players=1, seats=["bot:random"], seed=2)
    gid = created["id"]
    assert created["seats"][0]["token"] is None      # bot seats have no token
    wait_until(lambda: info(client, gid)["status"] == "finished", timeout=60,
               what="the bot to finish its game")
    data = info(client, gid)
    assert data["terminal"] and data["winner"] == 0 and data["legal"] == []
    assert all(m["player"] == 0 for m in data["log"])
    finished = client.get("/api/games?status=finished").json()["games"]
    assert [g["id"] for g in finished] == [gid]
    page = client.get(f"/games/{gid}").text
    assert "Game over" in page and "Scoring pad" in page
    assert "Finished games" in client.get("/").text and gid in client.get("/").text


def test_a_bot_answers_a_person(client: Any) -> None:
    created = create(client, players=2, seats=["human", "bot:random"], seed=3)
    gid, tok = created["id"], token(created, 0)
    wait_until(lambda: info(client, gid)["current_player"] == 0, what="the person's turn")
    before = info(client, gid)["ply"]
    assert move(client, gid, tok, "place woodcutter").status_code == 200
    wait_until(lambda: info(client, gid)["current_player"] == 0 and
               info(client, gid)["ply"] > before + 1, what="the bot's reply")
    log = info(client, gid)["log"]
    assert any(m["player"] == 1 for m in log)


def test_people_cannot_move_for_a_bot(make_app: Any) -> None:
    with TestClient(make_app(bot_delay=30.0)) as c:
        created = create(c, players=2, seats=["human", "bot:random"], seed=0)
        gid = created["id"]
        assert info(c, gid)["current_player"] == 1          # the bot starts (seed 0)
        r = move(c, gid, token(created, 0), "place woodcutter")
        assert r.status_code == 409
        assert r.json()["error"] == "not your turn: Player 2 (bot random) is to move"
        assert info(c, gid)["ply"] == 0


def test_the_server_keeps_answering_while_a_bot_thinks(make_app: Any, tmp_path: Path,
                                                      monkeypatch: Any) -> None:
    """The bot thinks until the test releases it: every request made meanwhile is
    answered (none waits for the bot), then the bot's move arrives."""
    pidfile = tmp_path / "pids"
    release = tmp_path / "release"
    monkeypatch.setenv("ARLE_TEST_PIDFILE", str(pidfile))
    monkeypatch.setenv("ARLE_TEST_RELEASE", str(release))
    monkeypatch.setenv("ARLE_TEST_THINK_SECONDS", "120")    # only a bound: never reached
    with TestClient(make_app(think_fn=slow_think)) as c:
        created = create(c, players=1, seats=["bot:random"], seed=1)
        gid = created["id"]
        wait_until(pidfile.exists, what="the bot to start thinking")
        for _ in range(5):
            assert c.get("/").status_code == 200
            assert info(c, gid)["ply"] == 0          # answered while the bot still thinks
        release.touch()
        wait_until(lambda: info(c, gid)["ply"] >= 1, timeout=60, what="the slow bot's move")
    pids = {int(x) for x in pidfile.read_text().split()}
    assert pids and os.getpid() not in pids


def test_bot_budgets_above_the_servers_limits_are_refused(client: Any) -> None:
    r = client.post("/api/games", json={"players": 1, "seats": ["bot:mcts:sims=100000"]})
    assert r.status_code == 400
    assert "sims=100000 is above this server's limit of 1000 for mcts" in r.json()["error"]
    r = client.post("/api/games", json={"players": 1, "seats": ["bot:greedy:chain=500"]})
    assert r.status_code == 400 and "limit" in r.json()["error"]
    created = create(client, players=1, seats=["human"], seed=1)
    r = client.post(f"/api/games/{created['id']}/hint", json={"bot": "mcts:time=600"},
                    headers={"X-Arle-Token": token(created, 0)})
    assert r.status_code == 400 and "limit of 10 for mcts" in r.json()["error"]


def test_a_bot_that_thinks_too_long_is_stopped(make_app: Any, tmp_path: Path,
                                               monkeypatch: Any) -> None:
    """The bot would think until released, which never happens: the server stops it
    after its 1 s budget and says so; the game does not advance."""
    pidfile = tmp_path / "pids"
    monkeypatch.setenv("ARLE_TEST_PIDFILE", str(pidfile))
    monkeypatch.setenv("ARLE_TEST_RELEASE", str(tmp_path / "never"))
    monkeypatch.setenv("ARLE_TEST_THINK_SECONDS", "600")
    with TestClient(make_app(think_fn=slow_think, think_timeout=1.0)) as c:
        created = create(c, players=1, seats=["bot:random"], seed=1)
        gid = created["id"]
        wait_until(lambda: "thought longer than 1 s" in c.get(f"/games/{gid}").text,
                   timeout=60, what="the stuck bot to be reported")
        assert info(c, gid)["ply"] == 0


def test_waiting_for_the_worker_does_not_count_as_thinking(make_app: Any,
                                                           monkeypatch: Any) -> None:
    """Two games share one worker: each bot thinks 1.6 s of a 3 s budget, so the
    second always waits at least 1.6 s first (counted, that would be 3.2 s or more:
    stopped); neither may be stopped.  The 1.4 s margin covers a loaded machine (0.8 s
    did not, once, at a load of 6.6 on 2 cores)."""
    monkeypatch.setenv("ARLE_TEST_THINK_SECONDS", "1.6")
    with TestClient(make_app(think_fn=slow_think, think_timeout=3.0, bot_delay=0.0)) as c:
        gids = [create(c, players=1, seats=["bot:random"], seed=s)["id"] for s in (1, 2)]
        wait_until(lambda: all(info(c, g)["ply"] >= 2 for g in gids), timeout=60,
                   what="both slow bots to make two moves")
        for g in gids:
            assert "failed" not in c.get(f"/games/{g}").text
