"""Races: two moves for the same decision, in one server and across two servers sharing
a database.  Exactly one is applied; the other gets a clear error."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient
from webutil import create, info, move, token


def test_two_racing_moves_one_wins_one_is_refused(client: Any) -> None:
    for round_ in range(4):
        created = create(client, seed=round_)
        gid, tok = created["id"], token(created, 0)
        barrier = threading.Barrier(2)
        results: list[Any] = [None, None]
        actions = ["place woodcutter", "place clay_worker"]

        def send(i: int) -> None:
            barrier.wait()
            results[i] = move(client, gid, tok, actions[i], version=1)

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in results)
        assert codes == [200, 409], [r.text for r in results]
        loser = next(r for r in results if r.status_code == 409)
        assert "position changed" in loser.json()["error"]
        winner = actions[[r.status_code for r in results].index(200)]
        data = info(client, gid)
        assert [m["action"] for m in data["log"] if m["kind"] == "move"] == [winner]
        assert data["version"] == 2


def test_racing_moves_without_versions_are_checked_against_the_new_position(
        client: Any) -> None:
    created = create(client, players=2, seats=["human", "human"], seed=3)
    gid = created["id"]
    first = info(client, gid)["current_player"]
    tok = token(created, first)
    barrier = threading.Barrier(2)
    results: list[Any] = [None, None]

    def send(i: int) -> None:
        barrier.wait()
        results[i] = move(client, gid, tok, "place woodcutter")

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status_code for r in results) == [200, 409]
    loser = next(r for r in results if r.status_code == 409)
    assert loser.json()["error"] == f"not your turn: Player {2 - first} is to move"
    assert [m["kind"] for m in info(client, gid)["log"]] == ["move"]


def test_two_servers_on_one_database_cannot_both_apply(any_db: str, make_app: Any) -> None:
    with TestClient(make_app(any_db)) as a, TestClient(make_app(any_db)) as b:
        created = create(a, seed=4)
        gid, tok = created["id"], token(created, 0)
        assert info(b, gid)["version"] == 1          # b has the game loaded too
        assert move(a, gid, tok, "place woodcutter", version=1).status_code == 200
        r = move(b, gid, tok, "place clay_worker", version=1)
        assert r.status_code == 409                   # b checked the stored version
        assert "the game is at version 2" in r.json()["error"]
        data = info(b, gid)                           # b reloaded the game
        assert [m["action"] for m in data["log"] if m["kind"] == "move"] == ["place woodcutter"]
        assert move(b, gid, tok, "place clay_worker", version=2).status_code == 200
        assert [m["kind"] for m in info(b, gid)["log"]] == ["move", "move"]
