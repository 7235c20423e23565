"""Persistence: moves are stored before they are announced, and a restarted server
(SQLite file or PostgreSQL) has every game, seat, log and bot turn back."""

from __future__ import annotations

import json
from typing import Any

import arle
from fastapi.testclient import TestClient
from webutil import create, info, move, token, wait_until

from arle.web.db import open_store


def test_restart_loses_nothing_and_every_game_resumes(any_db: str, make_app: Any) -> None:
    with TestClient(make_app(any_db)) as c:
        solo = create(c, seed=7)
        duo = create(c, players=2, seats=["human", "human"], seed=3)
        for a in ("place fisherman", "take sheep", "place woodcutter"):
            assert move(c, solo["id"], token(solo, 0), a).status_code == 200
        first = info(c, duo["id"])["current_player"]
        assert move(c, duo["id"], token(duo, first), "place woodcutter").status_code == 200
        # an undone move stays undone
        assert move(c, solo["id"], token(solo, 0), "place clay_worker").status_code == 200
        r = c.post(f"/api/games/{solo['id']}/undo", json={},
                   headers={"X-Arle-Token": token(solo, 0)})
        assert r.status_code == 200
        before = {g: (c.get(f"/api/games/{g}/state").text, info(c, g))
                  for g in (solo["id"], duo["id"])}
    with TestClient(make_app(any_db)) as c:
        for g, (state, data) in before.items():
            assert c.get(f"/api/games/{g}/state").text == state
            again = info(c, g)
            assert again["log"] == data["log"] and again["version"] == data["version"]
        assert {g["id"] for g in c.get("/api/games").json()["games"]} == set(before)
        # seat tokens still open their seats, and the games go on
        state = arle.State.from_json(before[solo["id"]][0])
        assert [m["action"] for m in info(c, solo["id"])["log"]] == \
            ["place fisherman", "take sheep", "place woodcutter"]
        nxt = str(state.legal_actions()[0])
        assert move(c, solo["id"], token(solo, 0), nxt).status_code == 200
        second = info(c, duo["id"])["current_player"]
        assert move(c, duo["id"], token(duo, 1 - second), "place clay_worker").status_code == 409
        assert move(c, duo["id"], token(duo, second), "place clay_worker").status_code == 200
        # the log matches a replay of the record
        record = c.get(f"/api/games/{duo['id']}/record").json()
        assert arle.replay(record).to_json() == c.get(f"/api/games/{duo['id']}/state").text


def test_each_move_is_stored_before_it_is_announced(any_db: str, make_app: Any) -> None:
    store = open_store(any_db)
    try:
        with TestClient(make_app(any_db)) as c:
            created = create(c, seed=7)
            gid, tok = created["id"], token(created, 0)
            with c.websocket_connect(f"/ws/games/{gid}") as ws:
                assert json.loads(ws.receive_text())["version"] == 1
                for k, a in enumerate(("place fisherman", "take sheep", "place woodcutter")):
                    assert move(c, gid, tok, a).status_code == 200
                    while True:
                        msg = json.loads(ws.receive_text())
                        if msg["type"] == "view" and msg["version"] == k + 2:
                            break
                    # the announcement arrived: the move is already in the database
                    stored = store.moves(gid)
                    assert [m.action for m in stored][-1] == a and len(stored) == k + 1
                    assert store.get_game(gid) is not None
                    assert store.get_game(gid).version == k + 2  # type: ignore[union-attr]
    finally:
        store.close()


def test_a_bot_turn_resumes_after_a_restart(any_db: str, make_app: Any) -> None:
    # the first server shuts down while the bot is still waiting to move
    with TestClient(make_app(any_db, bot_delay=30.0)) as c:
        created = create(c, players=1, seats=["bot:random"], seed=5)
        gid = created["id"]
        assert info(c, gid)["ply"] == 0
    with TestClient(make_app(any_db, bot_delay=0.0)) as c:
        wait_until(lambda: info(c, gid)["ply"] >= 3, what="the bot to move again")
