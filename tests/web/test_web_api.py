"""HTTP tests of the web app: lobby, seats and invitations, moves, refusals, undo,
records and replays."""

from __future__ import annotations

import json
import re
from typing import Any

from webutil import create, info, local_state, move, token

import arle


# ---------------------------------------------------------------------------
# Lobby
# ---------------------------------------------------------------------------
def test_lobby_page_offers_the_new_game_form(client: Any) -> None:
    r = client.get("/")
    assert r.status_code == 200
    html = r.text
    assert '<form method="post" action="/games"' in html
    for field in ("players", "seat0", "seat1", "buildings", "seed", "promos", "take_seat"):
        assert f'name="{field}"' in html
    assert "bot:random" in html
    assert "Games in progress" in html and "Finished games" in html


def test_form_creates_a_game_takes_seat_one_and_lists_it(client: Any) -> None:
    r = client.post("/games", content="players=2&seat0=human&seat1=bot%3Arandom&seed=5"
                    "&buildings=random&take_seat=0",
                    headers={"content-type": "application/x-www-form-urlencoded"},
                    follow_redirects=False)
    assert r.status_code == 303
    gid = r.headers["location"].rsplit("/", 1)[1]
    cookies = r.headers.get_list("set-cookie")
    assert any(c.startswith(f"arle_owner_{gid}=") and "HttpOnly" in c for c in cookies)
    assert any(c.startswith(f"arle_seat_{gid}_0=") and "HttpOnly" in c and
               "SameSite=lax" in c for c in cookies)
    data = client.get(f"/api/games/{gid}").json()
    assert data["setup"] == {"players": 2, "seed": 5, "buildings": "random", "promos": False}
    assert [s["kind"] for s in data["seats"]] == ["human", "bot"]
    assert data["your_seats"] == [0]
    listed = client.get("/api/games?status=running").json()["games"]
    assert gid in [g["id"] for g in listed]
    assert gid in client.get("/").text


def test_api_create_validates_its_input(client: Any) -> None:
    bad = [
        ({"players": 3}, "3 players need the Tea & Trade expansion"),
        ({"players": 4}, "players must be between 1 and 3"),
        ({"players": 2, "seats": ["human"]}, "need 2 seat"),
        ({"players": 1, "seats": ["robot"]}, "expected 'human' or 'bot:NAME'"),
        ({"players": 1, "seats": ["bot:nobody"]}, "unknown bot"),
        ({"players": 1, "buildings": "all"}, "buildings must be"),
        ({"players": 1, "seed": "abc"}, "seed must be a whole number"),
        ({"players": 1, "seed": -1}, "seed must be between"),
        ({"players": 1, "buildings": ["castle_of_nowhere"]}, "unknown building id"),
        ({"players": 1, "buildings": [1, 2]}, "list of building ids"),
    ]
    for body, message in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, body
        assert message in r.json()["error"], (body, r.json())
    r = client.post("/api/games", content="players=1",
                    headers={"content-type": "text/plain"})
    assert r.status_code == 415


def test_buildings_can_be_chosen_one_by_one(client: Any) -> None:
    chosen = ["workshop", "smithy", "mill", "farmers_inn", "village_church"]
    created = create(client, buildings=chosen)
    state = arle.State.from_json(client.get(f"/api/games/{created['id']}/state").text)
    assert state == arle.new_game(players=1, seed=7, buildings=chosen)


def test_game_setup_follows_the_options(client: Any) -> None:
    created = create(client, players=2, seats=["human", "human"], seed=11,
                     buildings="random", promos=True)
    state = arle.State.from_json(client.get(f"/api/games/{created['id']}/state").text)
    expected = arle.new_game(players=2, seed=11, buildings="random", promos=True)
    assert state == expected


# ---------------------------------------------------------------------------
# Seats and invitations
# ---------------------------------------------------------------------------
def test_invitation_link_opens_the_seat_in_that_browser(client: Any) -> None:
    created = create(client, players=2, seats=["human", "human"])
    gid = created["id"]
    assert info(client, gid)["your_seats"] == []
    r = client.get(f"/join/{token(created, 1)}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}"
    assert info(client, gid)["your_seats"] == [1]
    assert info(client, gid)["seats"][1]["joined"] is True
    page = client.get(f"/games/{gid}").text
    assert "Player 2 — you" in page


def test_bad_invitation_link_is_refused(client: Any) -> None:
    create(client)
    r = client.get("/join/not-a-real-token")
    assert r.status_code == 404
    assert "not valid" in r.text


def test_tokens_are_random_long_and_distinct(client: Any) -> None:
    seen = set()
    for _ in range(3):
        created = create(client, players=2, seats=["human", "human"])
        for tok in (token(created, 0), token(created, 1), created["owner_token"]):
            assert len(tok) >= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", tok)
            seen.add(tok)
    assert len(seen) == 9


def test_tokens_are_never_shown_to_others(client: Any) -> None:
    from fastapi.testclient import TestClient
    created = create(client, players=2, seats=["human", "human"])
    gid = created["id"]
    secrets_ = [token(created, 0), token(created, 1), created["owner_token"]]
    client.get(f"/join/{token(created, 0)}")          # this browser holds seat 1
    stranger = TestClient(client.app)       # another browser, same server
    pages = [stranger.get("/").text, stranger.get(f"/games/{gid}").text,
             stranger.get(f"/games/{gid}/view").text, stranger.get(f"/api/games/{gid}").text,
             stranger.get("/api/games").text, stranger.get(f"/games/{gid}/replay").text,
             stranger.get(f"/games/{gid}/record.json").text]
    pages += [client.get(f"/games/{gid}").text, client.get(f"/api/games/{gid}").text]
    for text in pages:
        for s in secrets_:
            assert s not in text


def test_owner_sees_invitation_links_spectators_do_not(client: Any) -> None:
    r = client.post("/games", content="players=2&seat0=human&seat1=human&take_seat=0",
                    headers={"content-type": "application/x-www-form-urlencoded"},
                    follow_redirects=False)
    gid = r.headers["location"].rsplit("/", 1)[1]
    page = client.get(f"/games/{gid}").text
    links = re.findall(r"/join/([A-Za-z0-9_-]+)", page)
    assert len(links) == 2
    client.cookies.clear()
    assert "/join/" not in client.get(f"/games/{gid}").text


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------
def test_a_legal_move_is_applied_by_the_engine(client: Any) -> None:
    created = create(client, seed=7)
    gid, tok = created["id"], token(created, 0)
    r = move(client, gid, tok, "place fisherman", version=1)
    assert r.status_code == 200, r.text
    assert r.json()["version"] == 2 and r.json()["ply"] == 1
    expected = local_state(seed=7)
    expected.apply("place fisherman")
    state = arle.State.from_json(client.get(f"/api/games/{gid}/state").text)
    assert state == expected
    data = info(client, gid)
    (entry,) = data["log"]                 # no automatic step after the Fisherman
    assert {k: entry[k] for k in ("ply", "player", "action", "kind")} == \
        {"ply": 1, "player": 0, "action": "place fisherman", "kind": "move"}
    assert entry["text"].startswith("Player 1: ") and "Fisherman" in entry["text"]
    assert sorted(data["legal"]) == sorted(str(a) for a in expected.legal_actions())


def test_move_text_is_normalised_to_the_notation(client: Any) -> None:
    created = create(client)
    gid, tok = created["id"], token(created, 0)
    assert move(client, gid, tok, "  PLACE   Woodcutter ").status_code == 200
    assert info(client, gid)["log"][0]["action"] == "place woodcutter"


def _unchanged(client: Any, gid: str, before: str) -> None:
    assert client.get(f"/api/games/{gid}/state").text == before


def test_moves_without_the_seat_token_are_refused(client: Any) -> None:
    created = create(client, players=2, seats=["human", "human"], seed=3)
    gid = created["id"]
    before = client.get(f"/api/games/{gid}/state").text
    r = move(client, gid, None, "place fisherman")
    assert r.status_code == 403
    assert "spectators cannot act" in r.json()["error"]
    r = move(client, gid, "x" * 32, "place fisherman")
    assert r.status_code == 403
    r = move(client, gid, created["owner_token"], "place fisherman")
    assert r.status_code == 403        # the owner token opens no seat
    _unchanged(client, gid, before)


def test_a_move_out_of_turn_is_refused(client: Any) -> None:
    created = create(client, players=2, seats=["human", "human"], seed=3)
    gid = created["id"]
    to_move = info(client, gid)["current_player"]
    other = 1 - to_move
    before = client.get(f"/api/games/{gid}/state").text
    r = move(client, gid, token(created, other), "place fisherman")
    assert r.status_code == 409
    assert r.json()["error"] == f"not your turn: Player {to_move + 1} is to move"
    _unchanged(client, gid, before)


def test_illegal_and_malformed_moves_are_refused_and_change_nothing(client: Any) -> None:
    created = create(client)
    gid, tok = created["id"], token(created, 0)
    before = client.get(f"/api/games/{gid}/state").text
    r = move(client, gid, tok, "place nowhere")
    assert r.status_code == 400
    assert r.json()["error"].startswith("illegal action 'place nowhere' for Player 1")
    for body in ({}, {"action": 5}, {"action": ""}, {"action": "place\x00x"},
                 {"action": "x" * 500}, {"action": "place builder", "version": "two"},
                 {"action": "place builder", "version": True}, [1, 2], "place builder"):
        r = client.post(f"/api/games/{gid}/moves", json=body, headers={"X-Arle-Token": tok})
        assert r.status_code == 400, body
        assert "malformed" in r.json()["error"], body
    r = client.post(f"/api/games/{gid}/moves", content=b"{not json",
                    headers={"X-Arle-Token": tok, "content-type": "application/json"})
    assert r.status_code == 400 and "malformed JSON" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/moves", content=b"[" * 15000,
                    headers={"X-Arle-Token": tok, "content-type": "application/json"})
    assert r.status_code == 400 and "malformed JSON" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/moves", json={"action": "place builder"},
                    headers={"X-Arle-Token": "t\u00e9st".encode()})
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/moves",
                    json={"action": "place builder", "token": "\u00e9\u00e9"})
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/moves", content=b"action=place+builder",
                    headers={"X-Arle-Token": tok,
                             "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    _unchanged(client, gid, before)
    assert info(client, gid)["version"] == 1


def test_a_stale_version_is_refused(client: Any) -> None:
    created = create(client)
    gid, tok = created["id"], token(created, 0)
    assert move(client, gid, tok, "place fisherman", version=1).status_code == 200
    before = client.get(f"/api/games/{gid}/state").text
    r = move(client, gid, tok, "take sheep", version=1)
    assert r.status_code == 409
    assert "position changed" in r.json()["error"]
    _unchanged(client, gid, before)


def test_unknown_game(client: Any) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert move(client, "nope", "t", "skip").status_code == 404
    assert client.get("/games/nope").status_code == 404


def test_request_bodies_are_bounded(client: Any) -> None:
    created = create(client)
    gid, tok = created["id"], token(created, 0)
    big = json.dumps({"action": "place builder", "pad": "x" * 40_000})
    r = client.post(f"/api/games/{gid}/moves", content=big,
                    headers={"X-Arle-Token": tok, "content-type": "application/json"})
    assert r.status_code == 413
    assert "too large" in r.json()["error"]

    def chunks() -> Any:          # no Content-Length: counted while reading
        for _ in range(40):
            yield b"x" * 1000
    r = client.post(f"/api/games/{gid}/moves", content=chunks(),
                    headers={"X-Arle-Token": tok, "content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/records", content=b"{" + b" " * (1024 * 1024 + 10) + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert info(client, gid)["version"] == 1


# ---------------------------------------------------------------------------
# Undo
# ---------------------------------------------------------------------------
def test_undo_takes_back_own_decisions_one_at_a_time(client: Any) -> None:
    created = create(client, seed=7)
    gid, tok = created["id"], token(created, 0)
    start = client.get(f"/api/games/{gid}/state").text
    assert move(client, gid, tok, "place fisherman").status_code == 200
    assert move(client, gid, tok, "take sheep").status_code == 200
    assert info(client, gid, tok)["can_undo"] is True
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Arle-Token": tok})
    assert r.status_code == 200 and r.json()["ply"] == 1
    assert info(client, gid)["log"][-1]["action"] == "place fisherman"
    r = client.post(f"/api/games/{gid}/undo", json={"version": r.json()["version"]},
                    headers={"X-Arle-Token": tok})
    assert r.status_code == 200 and r.json()["ply"] == 0
    assert client.get(f"/api/games/{gid}/state").text == start
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Arle-Token": tok})
    assert r.status_code == 409 and "nothing to undo" in r.json()["error"]


def test_undo_stops_where_the_opponent_acted(client: Any) -> None:
    created = create(client, players=2, seats=["human", "human"], seed=3)
    gid = created["id"]
    toks = [token(created, 0), token(created, 1)]
    first = info(client, gid)["current_player"]
    assert move(client, gid, toks[first], "place woodcutter").status_code == 200
    second = info(client, gid)["current_player"]
    assert second == 1 - first
    # the second player may not take back the first player's move ...
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Arle-Token": toks[second]})
    assert r.status_code == 409 and "last move was made by Player" in r.json()["error"]
    # ... nor may spectators
    r = client.post(f"/api/games/{gid}/undo", json={})
    assert r.status_code == 403
    assert move(client, gid, toks[second], "place clay_worker").status_code == 200
    # once the opponent acted, the first player's move is final
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Arle-Token": toks[first]})
    assert r.status_code == 409
    r = client.post(f"/api/games/{gid}/undo", json={}, headers={"X-Arle-Token": toks[second]})
    assert r.status_code == 200
    assert [m["action"] for m in info(client, gid)["log"] if m["kind"] == "move"] == ["place woodcutter"]


# ---------------------------------------------------------------------------
# Pages, records and replays
# ---------------------------------------------------------------------------
def test_game_page_draws_the_game_as_pictures(client: Any) -> None:
    created = create(client, players=2, seats=["human", "human"], seed=3)
    gid = created["id"]
    to_move = info(client, gid)["current_player"]
    client.get(f"/join/{token(created, to_move)}")
    html = client.get(f"/games/{gid}").text
    assert html.count("<svg") >= 10
    for label in ("action board", "special action spaces", "buildings",
                  "home board of player 1", "home board of player 2", "goods of player 1",
                  "tools of player 2", "barn of player 1", "travel of player 2"):
        assert f'aria-label="{label}"' in html, label
    assert 'data-acts="[&#34;place fisherman&#34;]"' in html or \
        "data-acts=\"[&quot;place fisherman&quot;]\"" in html
    assert 'class="all-actions"' in html and "Score estimate" in html
    # a spectator sees the same pictures without anything to click
    client.cookies.clear()
    html = client.get(f"/games/{gid}").text
    assert "<svg" in html and "data-acts" not in html and 'class="all-actions"' not in html


def test_sub_decision_opens_a_dialog_with_the_legal_choices(client: Any) -> None:
    created = create(client, seed=7)
    gid, tok = created["id"], token(created, 0)
    client.get(f"/join/{tok}")
    move(client, gid, tok, "place fisherman")
    html = client.get(f"/games/{gid}/view").text
    dialog = re.search(r'<dialog open id="decision".*?</dialog>', html, re.S)
    assert dialog is not None
    assert "You may take an animal" in dialog.group(0)
    assert re.findall(r'data-action="([^"]+)"', dialog.group(0)) == ["take sheep", "take none"]


def test_record_download_and_upload_round_trip(client: Any) -> None:
    created = create(client, seed=9)
    gid, tok = created["id"], token(created, 0)
    for a in ("place fisherman", "take sheep", "place woodcutter"):
        assert move(client, gid, tok, a).status_code == 200
    r = client.get(f"/games/{gid}/record.json")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    record = r.json()
    assert record["format"] == "arle-record-1"
    assert record["actions"] == ["place fisherman", "take sheep", "place woodcutter"]
    client.cookies.clear()
    up = client.post("/api/records", json=record)
    assert up.status_code == 201, up.text
    new = up.json()
    assert new["id"] != gid
    copy = arle.State.from_json(client.get(f"/api/games/{new['id']}/state").text)
    assert copy == arle.replay(record)
    # the uploader holds every seat of the copy and may continue it
    assert info(client, new["id"])["your_seats"] == [0]
    legal = info(client, new["id"])["legal"]
    assert move(client, new["id"], None, legal[0]).status_code == 200


def test_bad_records_are_refused(client: Any) -> None:
    r = client.post("/api/records", json={"format": "something"})
    assert r.status_code == 400 and "not an arle game record" in r.json()["error"]
    r = client.post("/api/records", json={"format": "arle-record-1", "setup": {
        "players": 1, "seed": 1, "buildings": "first-game", "promos": False},
        "actions": ["place fisherman", "fly away"]})
    assert r.status_code == 400 and "record action 1" in r.json()["error"]
    r = client.post("/api/records", json={"format": "arle-record-1", "setup": {"players": 9},
                                          "actions": []})
    assert r.status_code == 400
    assert client.get("/api/games").json()["games"] == []


def test_replay_steps_through_any_position(client: Any) -> None:
    created = create(client, seed=7)
    gid, tok = created["id"], token(created, 0)
    for a in ("place fisherman", "take sheep", "place woodcutter"):
        move(client, gid, tok, a)
    page = client.get(f"/games/{gid}/replay").text
    assert 'id="replay-step"' in page and 'max="3"' in page
    step1 = client.get(f"/games/{gid}/replay/1").text
    assert 'data-ply="1"' in step1 and "data-acts" not in step1
    # the worker stands on the Fisherman, the Woodcutter is still free
    assert re.search(r'data-space="fisherman"><rect[^>]*fill="#f6d5d0"', step1)
    assert re.search(r'data-space="woodcutter"><rect[^>]*fill="#fffaf0"', step1)
    step0 = client.get(f"/games/{gid}/replay/0").text
    assert 'data-ply="0"' in step0
    assert 'data-ply="3"' in client.get(f"/games/{gid}/replay/99").text


def test_security_headers(client: Any) -> None:
    r = client.get("/")
    assert r.headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-frame-options"] == "DENY"


def test_game_info_describes_the_pending_decision(client: Any) -> None:
    created = create(client)
    gid, tok = created["id"], token(created, 0)
    d = info(client, gid)["decision"]
    assert d == {"player": 0, "kind": "place", "title": "Place a worker",
                 "text": d["text"]} and d["text"].startswith("place a worker")
    assert move(client, gid, tok, "place fisherman").status_code == 200
    data = info(client, gid)
    assert data["pending"] == data["decision"]["kind"] == "optional_animal"
    assert data["decision"]["title"] == "You may take an animal"


def test_hint_for_the_seat_to_move(client: Any) -> None:
    # between people hints are the creator's option, off unless asked for
    created = create(client, players=2, seats=["human", "human"], seed=3, hints=True)
    gid = created["id"]
    to_move = info(client, gid)["current_player"]
    tok = token(created, to_move)
    before = client.get(f"/api/games/{gid}/state").text
    r = client.post(f"/api/games/{gid}/hint", json={"bot": "greedy"},
                    headers={"X-Arle-Token": tok})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["action"] in info(client, gid)["legal"]
    assert data["label"] and data["version"] == info(client, gid)["version"]
    assert client.get(f"/api/games/{gid}/state").text == before      # nothing changed
    # refusals: a spectator, the other seat, an unknown bot
    assert client.post(f"/api/games/{gid}/hint", json={}).status_code == 403
    r = client.post(f"/api/games/{gid}/hint", json={},
                    headers={"X-Arle-Token": token(created, 1 - to_move)})
    assert r.status_code == 409 and "not your turn" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/hint", json={"bot": "nobody"},
                    headers={"X-Arle-Token": tok})
    assert r.status_code == 400 and "unknown bot" in r.json()["error"]
    # the page offers the button to the seat to move
    page = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": tok}).text
    assert 'data-hint="1"' in page
