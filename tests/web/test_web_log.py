"""The web's game log (issue 32): each entry of ``log`` in ``GET /api/games/ID`` has
``ply``, ``player``, ``action`` (null for an automatic step), ``kind``, ``text`` and
``changes``; summed over a ply the changes are what the engine changed, checked here
against the engine over random Tea & Trade games played through the web."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from webutil import create, info, token, wait_until

import arle
from arle import view


def _figures(s: arle.State) -> list[dict[str, int]]:
    return [{**view.resources(s, p), **view.animals(s, p)} for p in range(s.n)]


def _engine_changes(record: dict[str, Any]) -> list[dict[str, dict[str, int]]]:
    """Per ply, what the engine changed (player -> name -> change), read from outside."""
    s = arle.replay({**record, "actions": []})
    out = []
    for text in record["actions"]:
        before = _figures(s)
        s.apply(text)
        after = _figures(s)
        out.append({str(p): {k: a[k] - b.get(k, 0) for k in a if a[k] != b.get(k, 0)}
                    for p, (b, a) in enumerate(zip(before, after)) if a != b})
    return out


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 4)])
def test_the_logs_changes_sum_to_the_engines_over_random_tea_and_trade_games(
        make_app: Any, players: int, seed: int) -> None:
    with TestClient(make_app()) as client:
        made = create(client, players=players, seats=["bot:random"] * players, seed=seed,
                      expansion="tea-and-trade")
        gid = made["id"]
        wait_until(lambda: info(client, gid)["terminal"], timeout=300,
                   what="the bots to finish the game")
        data = info(client, gid)
        record = client.get(f"/api/games/{gid}/record").json()
    log = data["log"]
    assert {e["kind"] for e in log} == {"move", "auto"}
    moves = [e for e in log if e["kind"] == "move"]
    assert [e["action"] for e in moves] == record["actions"]
    assert all(e["action"] is None for e in log if e["kind"] == "auto")
    assert all(set(e) == {"ply", "player", "action", "kind", "text", "changes"} for e in log)
    assert any("tea" in c for e in log for c in e["changes"].values())
    names = set(arle.view.resources(arle.replay(record), 0)) | set(
        arle.view.animals(arle.replay(record), 0))
    summed: list[dict[str, dict[str, int]]] = [{} for _ in record["actions"]]
    for e in log:
        assert e["text"] and e["ply"] >= 1
        for p, moved in e["changes"].items():
            assert set(moved) <= names
            into = summed[e["ply"] - 1].setdefault(p, {})
            for k, n in moved.items():
                into[k] = into.get(k, 0) + n
    summed = [{p: {k: n for k, n in c.items() if n} for p, c in ply.items()}
              for ply in summed]
    summed = [{p: c for p, c in ply.items() if c} for ply in summed]
    assert summed == _engine_changes(record)


def test_the_log_follows_moves_and_undo(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        made = create(client, players=1, seed=5)
        gid, tok = made["id"], token(made, 0)
        for _ in range(3):
            d = info(client, gid, tok)
            r = client.post(f"/api/games/{gid}/moves", headers={"X-Arle-Token": tok},
                            json={"action": d["legal"][0], "version": d["version"]})
            assert r.status_code == 200
        log = info(client, gid, tok)["log"]
        assert [e["ply"] for e in log if e["kind"] == "move"] == [1, 2, 3]
        assert log[0]["text"].startswith("Player 1: ")
        r = client.post(f"/api/games/{gid}/undo", headers={"X-Arle-Token": tok},
                        json={"version": info(client, gid, tok)["version"]})
        assert r.status_code == 200
        assert [e["ply"] for e in info(client, gid, tok)["log"]
                if e["kind"] == "move"] == [1, 2]
