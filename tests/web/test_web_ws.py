"""WebSocket tests: live views for seats and spectators, moves and undo over the socket,
refusals."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from webutil import create, info, move, token


def recv_until(ws: Any, pred: Callable[[dict[str, Any]], bool], limit: int = 10) -> list[Any]:
    """Messages up to and including the first one satisfying ``pred``."""
    got = []
    for _ in range(limit):
        msg = json.loads(ws.receive_text())
        got.append(msg)
        if pred(msg):
            return got
    raise AssertionError(f"no matching message in {got}")


def is_view(version: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "view" and m["version"] == version


def test_every_open_page_gets_the_new_view_after_a_move(client: Any) -> None:
    created = create(client, players=2, seats=["human", "human"], seed=3)
    gid = created["id"]
    first = info(client, gid)["current_player"]
    client.get(f"/join/{token(created, first)}")
    spectator = TestClient(client.app)
    with client.websocket_connect(f"/ws/games/{gid}") as player_ws, \
            spectator.websocket_connect(f"/ws/games/{gid}") as watch_ws:
        hello = json.loads(player_ws.receive_text())
        assert hello["type"] == "view" and hello["version"] == 1
        assert hello["seats"] == [first] and "data-acts" in hello["html"]
        hello = json.loads(watch_ws.receive_text())
        assert hello["seats"] == [] and "data-acts" not in hello["html"]
        assert move(client, gid, None, "place woodcutter").status_code == 200
        for ws in (player_ws, watch_ws):
            view = recv_until(ws, is_view(2))[-1]
            assert 'data-ply="1"' in view["html"]
            assert "place woodcutter" in view["html"]


def test_moves_and_undo_over_the_socket(client: Any) -> None:
    created = create(client, seed=7)
    gid = created["id"]
    client.get(f"/join/{token(created, 0)}")
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        recv_until(ws, is_view(1))
        ws.send_text(json.dumps({"type": "move", "action": "place fisherman", "version": 1,
                                 "ref": "a"}))
        msgs = recv_until(ws, is_view(2))
        msgs += [] if any(m["type"] == "ok" for m in msgs) else \
            recv_until(ws, lambda m: m["type"] == "ok")
        assert {"type": "ok", "ref": "a", "version": 2} in msgs
        assert 'id="decision"' in msgs[[m["type"] for m in msgs].index("view")]["html"]
        ws.send_text(json.dumps({"type": "undo", "version": 2, "ref": "u"}))
        recv_until(ws, is_view(3))
    assert info(client, gid)["ply"] == 0


def test_socket_refusals_change_nothing(client: Any) -> None:
    created = create(client, seed=7)
    gid = created["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:       # a spectator
        recv_until(ws, is_view(1))
        ws.send_text(json.dumps({"type": "move", "action": "place fisherman"}))
        err = recv_until(ws, lambda m: m["type"] == "error")[-1]
        assert err["status"] == 403 and "spectators cannot act" in err["message"]
        ws.send_text("this is not json")
        err = recv_until(ws, lambda m: m["type"] == "error")[-1]
        assert err["status"] == 400 and "malformed message" in err["message"]
        ws.send_text(json.dumps({"type": "explode"}))
        err = recv_until(ws, lambda m: m["type"] == "error")[-1]
        assert "unknown message type" in err["message"]
        # a token sent over the socket opens the seat for this connection
        ws.send_text(json.dumps({"type": "auth", "token": token(created, 0)}))
        view = recv_until(ws, lambda m: m["type"] == "view")[-1]
        assert view["seats"] == [0]
        ws.send_text(json.dumps({"type": "move", "action": "place atlantis"}))
        err = recv_until(ws, lambda m: m["type"] == "error")[-1]
        assert err["status"] == 400 and "illegal action" in err["message"]
        ws.send_text(json.dumps({"type": "move", "action": "place fisherman", "version": 7}))
        err = recv_until(ws, lambda m: m["type"] == "error")[-1]
        assert err["status"] == 409
        ws.send_text("x" * 20_000)
        err = recv_until(ws, lambda m: m["type"] == "error")[-1]
        assert err["status"] == 413
        with pytest.raises(WebSocketDisconnect):
            ws.receive_text()
    assert info(client, gid)["version"] == 1


def test_cross_origin_sockets_are_refused(client: Any) -> None:
    created = create(client)
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"/ws/games/{created['id']}",
                                      headers={"origin": "http://elsewhere.example"}) as ws:
            ws.receive_text()
    with client.websocket_connect(f"/ws/games/{created['id']}",
                                  headers={"origin": "http://testserver"}) as ws:
        assert json.loads(ws.receive_text())["type"] == "view"


def test_socket_for_an_unknown_game_is_closed(client: Any) -> None:
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect("/ws/games/nothing") as ws:
            ws.receive_text()
