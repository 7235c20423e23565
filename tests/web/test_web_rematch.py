"""``POST /api/games/ID/rematch`` and the Rematch button: the owner starts a new game
with the same game, players, seats (the same bots; new tokens and links for the people)
and options, with a new seed or the one asked for; nobody else can, and a refused
request creates nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from webutil import create, info, move, token, wait_until

from arle.web.green import GreenService

CREATED_KEYS = {"id", "game", "url", "owner_token", "seats", "version"}


def _record(client: Any, gid: str, tok: str | None = None) -> dict[str, Any]:
    headers = {"X-Arle-Token": tok} if tok else {}
    r = client.get(f"/api/games/{gid}/record", headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _count(client: Any) -> int:
    return len(client.get("/api/games?status=running").json()["games"])


def test_the_owner_rematches_with_the_same_seats_and_options(client: Any) -> None:
    made = create(client, players=2, seats=["human", "bot:greedy"], seed=11,
                  expansion="tea-and-trade", buildings="random", hints=False)
    gid, owner = made["id"], made["owner_token"]
    old = _record(client, gid)
    r = client.post(f"/api/games/{gid}/rematch", json={}, headers={"X-Arle-Token": owner})
    assert r.status_code == 201, r.text
    again = r.json()
    assert set(again) == CREATED_KEYS and again["game"] == "arle"
    assert again["id"] != gid and again["url"].endswith(f"/games/{again['id']}")
    assert [(s["kind"], s["bot"]) for s in again["seats"]] == [("human", None),
                                                               ("bot", "greedy")]
    new_tok = token(again, 0)
    assert new_tok != token(made, 0) and again["owner_token"] != owner
    assert again["seats"][0]["invite_url"].endswith(f"/join/{new_tok}")
    new = _record(client, again["id"])
    assert {k: v for k, v in new["setup"].items() if k != "seed"} == \
        {k: v for k, v in old["setup"].items() if k != "seed"}
    assert new["seats"] == old["seats"] and new["actions"] == []
    # the old game's token opens nothing in the new one; the new token plays there
    # (seed 1: Player 1 starts)
    r = client.post(f"/api/games/{gid}/rematch", json={"seed": 1},
                    headers={"X-Arle-Token": owner})
    assert r.status_code == 201, r.text
    seeded, new_tok = r.json()["id"], token(r.json(), 0)
    data = info(client, seeded, new_tok)
    assert data["current_player"] == 0
    assert move(client, seeded, token(made, 0), data["legal"][0]).status_code == 403
    assert move(client, seeded, new_tok, data["legal"][0]).status_code == 200
    # the old game is as it was
    assert _record(client, gid) == old


def test_a_seed_can_be_asked_for(client: Any) -> None:
    made = create(client, players=1, seed=5)
    r = client.post(f"/api/games/{made['id']}/rematch",
                    json={"seed": 123, "token": made["owner_token"]})
    assert r.status_code == 201, r.text
    assert _record(client, r.json()["id"])["setup"]["seed"] == 123


def test_nobody_but_the_owner_and_nothing_malformed(client: Any) -> None:
    made = create(client, players=2, seed=5)
    gid, owner = made["id"], made["owner_token"]
    before = _count(client)
    for body, headers, status in [
        ({}, {}, 403),                                         # no token at all
        ({}, {"X-Arle-Token": token(made, 0)}, 403),           # a player is not the owner
        ({"token": "x" * 40}, {}, 403),
        ({"seed": -1}, {"X-Arle-Token": owner}, 400),
        ({"seed": "7"}, {"X-Arle-Token": owner}, 400),         # strict: not a text
        ({"seed": 10 ** 30}, {"X-Arle-Token": owner}, 400),
        ({"seats": ["bot:random"] * 2}, {"X-Arle-Token": owner}, 400),   # closed schema
        ([], {"X-Arle-Token": owner}, 400),
    ]:
        r = client.post(f"/api/games/{gid}/rematch", json=body, headers=headers)
        assert r.status_code == status, (body, r.text)
        assert "error" in r.json()
    r = client.post("/api/games/nosuchgame/rematch", json={}, headers={"X-Arle-Token": owner})
    assert r.status_code == 404
    assert _count(client) == before


def test_a_green_game_is_rematched_on_its_own_pages(client: Any) -> None:
    r = client.post("/api/games", json={"game": "green", "players": 3, "seed": 4,
                                        "seats": ["human", "bot:random", "human"]})
    assert r.status_code == 201, r.text
    made = r.json()
    r = client.post(f"/api/games/{made['id']}/rematch", json={"seed": 9},
                    headers={"X-Arle-Token": made["owner_token"]})
    assert r.status_code == 201, r.text
    again = r.json()
    assert again["game"] == "green" and f"/green/games/{again['id']}" in again["url"]
    assert [s["kind"] for s in again["seats"]] == ["human", "bot", "human"]
    assert "/green/join/" in again["seats"][2]["invite_url"]
    green = client.app.state.green
    assert isinstance(green, GreenService)
    old_setup = green.get(made["id"]).state.record()["setup"]
    new_setup = green.get(again["id"]).state.record()["setup"]
    assert new_setup["seed"] == 9
    assert {k: v for k, v in new_setup.items() if k != "seed"} == \
        {k: v for k, v in old_setup.items() if k != "seed"}


def test_the_rematch_button_after_the_end(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        r = client.post("/games", data={"players": "1", "seat0": "bot:random", "seed": "3"},
                        follow_redirects=False)
        assert r.status_code == 303, r.text
        gid = r.headers["location"].rsplit("/", 1)[1]
        wait_until(lambda: info(client, gid)["status"] == "finished", timeout=120,
                   what="the bot's solo game to end")
        page = client.get(f"/games/{gid}").text
        assert f'action="/games/{gid}/rematch"' in page and 'id="rematch"' in page
        assert 'class="new-game"' in page
        stranger = TestClient(client.app)
        seen = stranger.get(f"/games/{gid}").text
        assert 'id="rematch"' not in seen
        assert stranger.post(f"/games/{gid}/rematch",
                             follow_redirects=False).status_code == 403
        r = client.post(f"/games/{gid}/rematch", follow_redirects=False)
        assert r.status_code == 303
        new = r.headers["location"].rsplit("/", 1)[1]
        assert new != gid
        assert info(client, new)["status"] == "running" or info(client, new)["ply"] > 0
        # this browser owns the new game: its button will be there at the end
        wait_until(lambda: info(client, new)["status"] == "finished", timeout=120,
                   what="the rematch to end")
        assert f'action="/games/{new}/rematch"' in client.get(f"/games/{new}").text


def test_the_seats_this_browser_held_follow_it(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        r = client.post("/games", data={"players": "2", "seat0": "human", "seat1": "human",
                                        "take_seat": "0", "seed": "8"},
                        follow_redirects=False)
        gid = r.headers["location"].rsplit("/", 1)[1]
        r = client.post(f"/games/{gid}/rematch", follow_redirects=False)
        assert r.status_code == 303
        new = r.headers["location"].rsplit("/", 1)[1]
        page = client.get(f"/games/{new}").text
        assert "Player 1 (you)" in page
        assert "/join/" in page                 # the other seat's new invitation link
