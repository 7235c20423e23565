"""Three players on the web (Tea & Trade's 3-player game): creating one (API and lobby,
refused without the expansion), three seats with invitation links, spectators and live
views, undo, bots, record upload, and the pictures: the 3-player board and its Imitate
spaces, the two Special Actions, three farms and the specialization round."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from fastapi.testclient import TestClient
from webutil import create, info, move, token, wait_until

import arle
from arle.web import svg, views

TT = "tea-and-trade"
FORM = {"content-type": "application/x-www-form-urlencoded"}


def create3(client: Any, seats: list[str] | None = None, seed: int = 2,
            **kw: Any) -> dict[str, Any]:
    return create(client, players=3, seats=seats or ["human"] * 3, seed=seed,
                  expansion=TT, **kw)


def count_games(client: Any) -> int:
    return len(client.get("/api/games").json()["games"])


def view_of(client: Any, gid: str, tok: str | None) -> str:
    headers = {"X-Arle-Token": tok} if tok else {}
    r = client.get(f"/games/{gid}/view", headers=headers)
    assert r.status_code == 200, r.text
    return str(r.text)


def to_move(client: Any, gid: str) -> int:
    p = info(client, gid)["current_player"]
    assert isinstance(p, int)
    return p


def play_random(client: Any, gid: str, toks: list[str], n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        p = to_move(client, gid)
        legal = info(client, gid, toks[p])["legal"]
        assert move(client, gid, toks[p], rng.choice(legal)).status_code == 200


# ---------------------------------------------------------------------------
# Creating a game
# ---------------------------------------------------------------------------
def test_api_creates_a_three_player_game_with_three_invitations(client: Any) -> None:
    created = create3(client)
    assert len(created["seats"]) == 3
    urls = [s["invite_url"] for s in created["seats"]]
    assert len(set(urls)) == 3 and all("/join/" in u for u in urls)
    data = info(client, created["id"])
    assert data["players"] == 3 and data["setup"]["players"] == 3
    assert data["setup"]["expansion"] == TT
    local = arle.new_game(players=3, seed=2, expansion=TT)
    assert data["legal"] == [str(a) for a in local.legal_actions()]
    assert data["current_player"] == (local.start_player + 2) % 3       # the last player
    assert data["legal"][0].startswith("specialize ")


def test_three_players_without_the_expansion_are_refused_and_create_nothing(
        client: Any) -> None:
    before = count_games(client)
    for body, message in (
            ({"players": 3, "seats": ["human"] * 3}, "3 players need the Tea & Trade "
             "expansion (expansion 'tea-and-trade')"),
            ({"players": 3, "seats": ["human"] * 3, "expansion": None}, "3 players need"),
            ({"players": 3, "seats": ["human"] * 2, "expansion": TT}, "need 3 seat"),
            ({"players": 4, "seats": ["human"] * 4, "expansion": TT},
             "players must be between 1 and 3"),
            ({"players": 3, "seats": ["human"] * 3, "expansion": TT,
              "buildings": "first-game"}, "with Tea & Trade")):
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, body
        assert message in r.json()["error"], (body, r.json())
    r = client.post("/games", content="players=3&seat0=human&seat1=human&seat2=human"
                    "&expansion=none&take_seat=0", headers=FORM, follow_redirects=False)
    assert r.status_code == 400 and "3 players need the Tea &amp; Trade expansion" in r.text
    assert count_games(client) == before


def test_lobby_offers_three_seats_and_creates_the_game(client: Any) -> None:
    page = client.get("/").text
    assert '<option value="3"' in page and 'name="seat2"' in page
    assert 'class="seat3"' in page
    r = client.post("/games", content="players=3&seat0=human&seat1=human&seat2=bot:random"
                    "&seed=4&expansion=tea-and-trade&buildings=random&take_seat=0",
                    headers=FORM, follow_redirects=False)
    assert r.status_code == 303, r.text
    gid = r.headers["location"].rsplit("/", 1)[1]
    data = info(client, gid)
    assert data["players"] == 3 and data["setup"]["expansion"] == TT
    assert [s["kind"] for s in data["seats"]] == ["human", "human", "bot"]
    assert data["your_seats"] == [0]
    page = client.get(f"/games/{gid}").text
    # the creator holds seat 1: one invitation to send (seat 2); the bot needs none
    assert page.count('class="invite"') == 1 and "Seat 2" in page


def test_three_seats_each_act_only_on_their_own_turn(client: Any) -> None:
    created = create3(client)
    gid = created["id"]
    toks = [token(created, i) for i in range(3)]
    p = to_move(client, gid)
    legal = info(client, gid, toks[p])["legal"]
    for q in range(3):
        if q != p:
            r = move(client, gid, toks[q], legal[0])
            assert r.status_code == 409, r.text
            assert f"not your turn: Player {p + 1} is to move" in r.json()["error"]
    r = move(client, gid, None, legal[0])
    assert r.status_code == 403 and "spectators cannot act" in r.json()["error"]
    assert info(client, gid)["ply"] == 0
    assert move(client, gid, toks[p], legal[0]).status_code == 200


def test_undo_in_a_three_player_game(client: Any) -> None:
    created = create3(client)
    gid = created["id"]
    toks = [token(created, i) for i in range(3)]
    p = to_move(client, gid)
    first = info(client, gid, toks[p])["legal"][0]
    assert move(client, gid, toks[p], first).status_code == 200
    # the picker's first pick may be taken back by that player only
    for q in range(3):
        if q != p:
            r = client.post(f"/api/games/{gid}/undo", json={},
                            headers={"X-Arle-Token": toks[q]})
            assert r.status_code == 409 and "last move was made by Player" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Arle-Token": toks[p]})
    assert r.status_code == 200 and r.json()["ply"] == 0
    assert info(client, gid)["legal"][0] == first


def test_every_page_sees_the_move_live(client: Any) -> None:
    created = create3(client)
    gid = created["id"]
    p = to_move(client, gid)
    client.get(f"/join/{token(created, p)}")
    others = [TestClient(client.app) for _ in range(3)]
    for q, c in zip([x for x in range(3) if x != p], others):
        c.get(f"/join/{token(created, q)}")
    watcher = others[2]
    with client.websocket_connect(f"/ws/games/{gid}") as mover_ws, \
            others[0].websocket_connect(f"/ws/games/{gid}") as second_ws, \
            others[1].websocket_connect(f"/ws/games/{gid}") as third_ws, \
            watcher.websocket_connect(f"/ws/games/{gid}") as watch_ws:
        socks = (mover_ws, second_ws, third_ws, watch_ws)
        hellos = [json.loads(ws.receive_text()) for ws in socks]
        assert [h["type"] for h in hellos] == ["view"] * 4
        assert "data-acts" in hellos[0]["html"] or 'id="decision"' in hellos[0]["html"]
        assert hellos[3]["seats"] == []
        act = info(client, gid)["legal"][0]
        assert move(client, gid, None, act).status_code == 200       # (the cookie's seat)
        for ws in socks:
            for _ in range(10):
                msg = json.loads(ws.receive_text())
                if msg["type"] == "view" and msg["version"] == 2:
                    break
            else:
                raise AssertionError("no live view of version 2")
            assert 'data-ply="1"' in msg["html"] and act in msg["html"]


def test_bots_play_a_three_player_game_to_the_end(client: Any) -> None:
    created = create3(client, seats=["bot:random"] * 3, seed=5)
    gid = created["id"]
    wait_until(lambda: info(client, gid)["status"] == "finished", timeout=300,
               what="the bots to finish their game")
    data = info(client, gid)
    assert data["terminal"] and data["half_year"] == 7 and len(data["breakdown"]) == 3
    page = client.get(f"/games/{gid}").text
    assert "Game over" in page and "Player 3" in page


def test_an_uploaded_three_player_record_keeps_its_seats(client: Any) -> None:
    created = create3(client, seats=["human", "human", "bot:random"])
    gid = created["id"]
    toks = [token(created, 0), token(created, 1)]
    # the specialization round and some placements; the bot answers on its turns
    for _ in range(10):
        wait_until(lambda: info(client, gid)["current_player"] in (0, 1), timeout=60,
                   what="a person's turn")
        p = to_move(client, gid)
        assert move(client, gid, toks[p], info(client, gid, toks[p])["legal"][0]
                    ).status_code == 200
    wait_until(lambda: info(client, gid)["current_player"] in (0, 1), timeout=60,
               what="a person's turn")
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["setup"]["players"] == 3 and record["seats"][2] == "bot:random"
    r = client.post("/api/records", json=record)
    assert r.status_code == 201, r.text
    copy = info(client, r.json()["id"])
    assert copy["players"] == 3 and [s["kind"] for s in copy["seats"]] == [
        "human", "human", "bot"]
    assert [m["action"] for m in copy["log"] if m["kind"] == "move"] == record["actions"]
    state = arle.State.from_json(client.get(f"/api/games/{r.json()['id']}/state").text)
    assert state == arle.replay(record)
    # a 3-player record without the expansion is refused, and nothing is created
    before = count_games(client)
    bad = dict(record, setup={k: v for k, v in record["setup"].items() if k != "expansion"})
    r = client.post("/api/records", json=bad)
    assert r.status_code == 400 and "3 players need the Tea & Trade" in r.json()["error"]
    bad = dict(record, seats=["human", "human"])
    r = client.post("/api/records", json=bad)
    assert r.status_code == 400 and "list of 3 seat(s)" in r.json()["error"]
    assert count_games(client) == before


# ---------------------------------------------------------------------------
# The pictures
# ---------------------------------------------------------------------------
def test_the_board_has_the_three_player_spaces() -> None:
    s = arle.new_game(players=3, seed=2, expansion=TT)
    summer = svg.season_spaces(s, 0)
    winter = svg.season_spaces(s, 1)
    assert "laborer_summer" not in summer and "laborer_winter" not in winter
    for sp in ("ditcher", "sailmaker", "grandmother", "laborer_summer_3p", "imitate_1",
               "imitate_2", "imitate_3"):
        assert sp in summer, sp
    for sp in ("boat_builder", "driver", "woodcutter_winter", "laborer_winter_3p",
               "imitate_1"):
        assert sp in winter, sp
    board = svg.action_board(s, {})
    for sp in summer:
        assert f'data-space="{sp}"' in board
    special = svg.special_board(s, {})
    assert "2 players a half year" in special and 'data-space="driver"' in special
    assert 'data-space="imitate_1"' not in special
    # the 1-2 player boards are as they were
    two = arle.new_game(players=2, seed=2, expansion=TT)
    assert "imitate_1" not in svg.season_spaces(two, 0)
    assert "Special Action: other season" in svg.special_board(two, {})


def test_the_specialization_round_as_the_picker_sees_it(client: Any) -> None:
    created = create3(client)
    gid = created["id"]
    p = to_move(client, gid)
    html = view_of(client, gid, token(created, p))
    assert "Before half year 1 of 7: the specialization round" in html
    assert 'id="decision"' in html and "Specialization: your first pick of 2" in html
    assert 'data-action="specialize spades"' in html
    assert "Specialize: one free step on your spades (each other player gets" in html
    assert re.search(r"Specialize: build [^<]+ at double cost", html)
    # the others and spectators see the round but have nothing to click
    for tok in [token(created, q) for q in range(3) if q != p] + [None]:
        other = view_of(client, gid, tok)
        assert "specialization round" in other
        assert 'data-action="specialize' not in other and "data-acts" not in other


def test_three_farms_three_colours_and_the_imitate_space(client: Any) -> None:
    created = create3(client, seed=2)
    gid = created["id"]
    toks = [token(created, i) for i in range(3)]
    for _ in range(6):                               # the specialization round
        p = to_move(client, gid)
        assert move(client, gid, toks[p], info(client, gid)["legal"][0]).status_code == 200
    data = info(client, gid)
    assert data["half_year"] == 1 and all(a.startswith("place") or a == "skip"
                                          for a in data["legal"] if a.split()[0] not in
                                          arle.ANYTIME_VERBS)
    html = view_of(client, gid, None)
    assert "Half year 1 of 7: Summer" in html
    for q in range(3):
        assert f'data-player="{q}"' in html and f"Home board of Player {q + 1}" in html
    assert 'class="players three"' in html
    assert svg.PLAYER_COLORS[2] in html
    # a worker on a space, then the Imitate space copies it
    p = to_move(client, gid)
    assert move(client, gid, toks[p], "place woodcutter").status_code == 200
    while info(client, gid)["pending"] is not None:
        q = to_move(client, gid)
        assert move(client, gid, toks[q], info(client, gid)["legal"][0]).status_code == 200
    q = to_move(client, gid)
    legal = info(client, gid, toks[q])["legal"]
    assert "place imitate_1" in legal
    page = view_of(client, gid, toks[q])
    m = re.search(r'<g class="act"[^>]*data-acts="([^"]*)"[^>]*data-space="imitate_1"', page)
    assert m and "place imitate_1" in m.group(1)
    assert move(client, gid, toks[q], "place imitate_1").status_code == 200
    page = view_of(client, gid, toks[q])
    assert 'data-action="imitate woodcutter"' in page and "Copy Woodcutter" in page
    assert svg.PLAYER_LIGHT[q] in view_of(client, gid, None)


def test_three_player_labels_and_half_years() -> None:
    s = arle.new_game(players=3, seed=2, expansion=TT)
    assert views.last_half_year(s) == 7
    nine = arle.new_game(players=3, seed=2, expansion=TT,
                         options={"three_player_nine_half_years": True})
    assert views.last_half_year(nine) == 9
    assert views.last_half_year(arle.new_game(players=2, seed=2, expansion=TT)) == 9
    label = views.action_label(arle.Action("discard", ("grain:3", "flax:1")), s)
    assert label == "Discard 3 grain and 1 flax fields for food"
    assert views.action_label(arle.Action("imitate", ("driver",)), s) == "Copy Driver"
