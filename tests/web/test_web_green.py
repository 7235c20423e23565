"""The green game in the web app: created from the JSON API and the lobby, played by
people and bots, invitations, live updates, and per-seat redaction: the JSON, pages,
fragments and WebSocket messages each seat and a spectator receive hold no hidden card
of another seat."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import arle.green as G
from arle.green.infostate import public_observation, redacted_history
from arle.web.db import token_matches
from arle.web.green import GreenService
from arle.web.service import Game as GreenGame


def _svc(client: TestClient) -> GreenService:
    svc = client.app.state.green  # type: ignore[attr-defined]
    assert isinstance(svc, GreenService)
    return svc


def _create(client: TestClient, players: int, seats: list[str], seed: int = 5) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": "green", "players": players, "seats": seats,
                                        "seed": seed})
    assert r.status_code == 201, r.text
    body = dict(r.json())
    assert body["game"] == "green" and body["url"].endswith(f"/green/games/{body['id']}")
    return body


def _hidden_from(game: GreenGame, viewer: int | None) -> set[str]:
    """Card and tile ids the viewer may not see and that its observation does not show
    anyway (a design also in the public market or a farm is not a secret)."""
    s = game.state
    secret: set[str] = set()
    for q, pl in enumerate(s.players):
        if q != viewer:
            secret.update(pl.hand)
            if pl.pick:
                secret.add(pl.pick)
    for t, by in zip(s.eq_bottom, s.eq_by):
        if by != viewer:
            secret.add(t)
    if s.stack and s.stack[-1].p != viewer:
        secret.update(getattr(s.stack[-1], "tiles", ()))
    shown = public_observation(s) if viewer is None else s.observation(viewer)
    allowed = set(re.findall(r"[a-z]\d\d", json.dumps(shown)))
    allowed.update(re.findall(r"[a-z]\d\d", " ".join(redacted_history(s, viewer or 0))))
    return secret - allowed


def _leaks(text: str, game: GreenGame, secret: set[str]) -> list[str]:
    cs = game.state.cs
    low = text.lower()
    found = []
    for cid in secret:
        name = (cs.designs[cid].name if cid in cs.designs else cs.tiles[cid].name).lower()
        if re.search(rf"\b{cid}\b", low) or name in low:
            found.append(cid)
    return found


def _check_all_views(client: TestClient, game: GreenGame, tokens: list[str | None]) -> int:
    """Fetch what every seat and a spectator receive; assert no leak; the number of
    secrets checked."""
    checked = 0
    viewers: list[tuple[int | None, str | None]] = [(None, None)]
    viewers += [(q, t) for q, t in enumerate(tokens) if t is not None]
    for viewer, tok in viewers:
        headers = {"X-Arle-Token": tok} if tok else {}
        secret = _hidden_from(game, viewer)
        checked += len(secret)
        texts = []
        r = client.get(f"/api/green/games/{game.id}", headers=headers)
        assert r.status_code == 200
        data = r.json()
        assert data["you"] == viewer
        want = public_observation(game.state) if viewer is None else \
            game.state.observation(viewer)
        assert data["view"]["obs"] == json.loads(json.dumps(want))
        texts.append(r.text)
        for path in (f"/green/games/{game.id}", f"/green/games/{game.id}/view"):
            r = client.get(path, headers=headers)
            assert r.status_code == 200
            texts.append(r.text)
        with client.websocket_connect(f"/green/ws/{game.id}", headers=headers) as ws:
            texts.append(ws.receive_text())
        for text in texts:
            assert _leaks(text, game, secret) == [], (viewer, secret)
        if viewer is not None:
            own = game.state.players[viewer].hand
            assert all(c in texts[0] for c in own)
    return checked


def _play(client: TestClient, game: GreenGame, tokens: list[str | None], moves: int,
          check_every: int) -> int:
    svc = _svc(client)
    checked = 0
    for k in range(moves):
        svc.wait_idle(game)
        s = game.state
        if s.is_terminal():
            break
        if k % check_every == 0:
            checked += _check_all_views(client, game, tokens)
        p = s.current_player
        assert p is not None and tokens[p] is not None
        legal = client.get(f"/api/green/games/{game.id}",
                           headers={"X-Arle-Token": str(tokens[p])}).json()
        acts = legal["view"]["obs"]["legal_actions"]
        r = client.post(f"/api/green/games/{game.id}/moves",
                        json={"action": acts[k % len(acts)], "version": legal["version"]},
                        headers={"X-Arle-Token": str(tokens[p])})
        assert r.status_code == 200, r.text
    return checked


def test_green_views_of_every_seat_and_a_spectator_hold_no_hidden_card(
        make_app: Any) -> None:
    with TestClient(make_app()) as client:
        made = _create(client, 3, ["human", "human", "bot:green-greedy"], seed=11)
        game = _svc(client).get(made["id"])
        tokens = [made["seats"][0]["token"], made["seats"][1]["token"], None]
        assert made["seats"][2]["token"] is None and made["seats"][2]["kind"] == "bot"
        checked = _play(client, game, tokens, moves=40, check_every=3)
        assert checked > 20                  # the test saw real secrets, not none


def test_green_two_player_game_plays_to_the_end_with_a_bot_and_serves_the_record_then(
        make_app: Any) -> None:
    with TestClient(make_app()) as client:
        made = _create(client, 2, ["human", "bot:random"], seed=3)
        gid = made["id"]
        tok = made["seats"][0]["token"]
        r = client.get(f"/api/green/games/{gid}/record")
        assert r.status_code == 403 and "hidden" in r.json()["error"]
        game = _svc(client).get(gid)
        checked = _play(client, game, [tok, None], moves=400, check_every=25)
        assert game.state.is_terminal() and checked > 0
        r = client.get(f"/api/green/games/{gid}/record")
        assert r.status_code == 200
        assert G.replay(r.json()) == game.state
        page = client.get(f"/green/games/{gid}").text
        assert "Winner" in page and "unofficial" in page


def test_green_refusals_change_nothing(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        for body, words in (
                ({"game": "green", "players": 5}, "players must be between 1 and 4"),
                ({"game": "green", "players": 2, "seats": ["human"]}, "seats names 1"),
                ({"game": "green", "players": 2, "seats": ["human", "bot:nobody"]},
                 "seat 2"),
                ({"game": "chess"}, "unknown game"),
                ({"game": "green", "players": 2, "seats": ["human", "bot:mcts"]},
                 "plays Fields of Arle only"),
                ({"game": "green", "players": 2, "seats": ["human", "robot"]}, "seat 2")):
            r = client.post("/api/games", json=body)
            assert r.status_code == 400 and words in r.json()["error"], r.text
        assert _svc(client).games == {}
        made = _create(client, 2, ["human", "human"], seed=1)
        gid, tok0, tok1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        game = _svc(client).get(gid)
        before, version = game.state.to_json(), game.version
        p = game.state.current_player
        mover, other = (tok0, tok1) if p == 0 else (tok1, tok0)
        for headers, body, status in (
                ({"X-Arle-Token": other}, {"action": str(game.state.legal_actions()[0])},
                 409),
                ({}, {"action": str(game.state.legal_actions()[0])}, 403),
                ({"X-Arle-Token": mover}, {"action": "build 99 99"}, 400),
                ({"X-Arle-Token": mover}, {"action": str(game.state.legal_actions()[0]),
                                           "version": 7}, 409),
                ({"X-Arle-Token": mover}, {"action": 3}, 400)):
            r = client.post(f"/api/green/games/{gid}/moves", json=body, headers=headers)
            assert r.status_code == status, r.text
        assert game.state.to_json() == before and game.version == version
        assert client.get("/api/green/games/nope").status_code == 404


def test_green_lobby_form_invitations_and_live_updates(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        assert "Fields of Green" in client.get("/").text          # the lobby's link
        lobby = client.get("/green")
        assert lobby.status_code == 200 and "invented cards" in lobby.text
        r = client.post("/green/games", data={"players": "2", "seat0": "human",
                                              "seat1": "human", "take_seat": "0",
                                              "seed": "4"}, follow_redirects=False)
        assert r.status_code == 303
        gid = r.headers["location"].rsplit("/", 1)[1]
        page = client.get(f"/green/games/{gid}")
        assert "Invitation links" in page.text and "This browser plays Player 1" in page.text
        game = _svc(client).get(gid)
        invite = re.search(r"/green/join/([\w-]+)", page.text)
        assert invite is not None and token_matches(invite.group(1),
                                                    game.rec.seats[1].token_hash)
        friend = TestClient(client.app)       # another browser, on the same server
        j = friend.get(f"/green/join/{invite.group(1)}", follow_redirects=False)
        assert j.status_code == 303
        assert friend.cookies.get(f"arle_green_{gid}_1") == invite.group(1)
        assert friend.get(f"/api/green/games/{gid}").json()["you"] == 1
        with friend.websocket_connect(f"/green/ws/{gid}") as ws:
            first = json.loads(ws.receive_text())
            v = game.version
            assert first["version"] == v and first["view"]["you"] == 1
            p = game.state.current_player
            owner = client if p == 0 else friend
            act = str(game.state.legal_actions()[0])
            r = owner.post(f"/green/games/{gid}/moves",
                           data={"action": act, "version": str(v)}, follow_redirects=False)
            assert r.status_code == 303
            pushed = json.loads(ws.receive_text())
            while pushed["version"] == v:      # a presence change may come first
                pushed = json.loads(ws.receive_text())
            assert pushed["type"] == "view" and pushed["version"] == v + 1
        assert client.get("/green/join/not-a-token").status_code == 404


@pytest.mark.parametrize("players", [1, 4])
def test_green_games_of_one_and_four_players_start(make_app: Any, players: int) -> None:
    with TestClient(make_app()) as client:
        made = _create(client, players, ["human"] + ["bot:random"] * (players - 1))
        game = _svc(client).get(made["id"])
        _svc(client).wait_idle(game)
        data = client.get(f"/api/green/games/{made['id']}",
                          headers={"X-Arle-Token": made["seats"][0]["token"]}).json()
        assert data["view"]["obs"]["players"] == players
        assert data["view"]["obs"]["current_player"] == 0 and data["view"]["obs"]["legal_actions"]


def test_green_rules_options_from_the_api_and_the_lobby_form(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        r = client.post("/api/games", json={"game": "green", "players": 3, "seed": 2,
                                            "seats": ["human", "human", "bot:greedy"],
                                            "options": {"action_choice": "hidden",
                                                        "token_limits": True}})
        assert r.status_code == 201, r.text
        made = r.json()
        game = _svc(client).get(made["id"])
        assert game.state.options["action_choice"] == "hidden"
        assert game.rec.seats[2].bot == "green-greedy"       # the short name, normalised
        toks = [x["token"] for x in made["seats"][:2]]
        while game.state.pending().kind != "plan":           # the two people draw and pick
            p = game.state.current_player
            assert p in (0, 1)
            r = client.post(f"/api/green/games/{made['id']}/moves",
                            json={"action": str(game.state.legal_actions()[0]),
                                  "version": game.version},
                            headers={"X-Arle-Token": toks[p]})
            assert r.status_code == 200, r.text
            _svc(client).wait_idle(game)
        assert game.state.current_player == game.state.first
        p = game.state.current_player
        assert p in (0, 1)
        plan = next(str(a) for a in game.state.legal_actions() if "build" in str(a))
        r = client.post(f"/api/green/games/{made['id']}/moves",
                        json={"action": plan, "version": game.version},
                        headers={"X-Arle-Token": toks[p]})
        assert r.status_code == 200, r.text
        _svc(client).wait_idle(game)
        assert game.state.players[p].plan == plan[5:]        # a person plans after it
        other = toks[1 - p]
        seen = client.get(f"/api/green/games/{made['id']}",
                          headers={"X-Arle-Token": other}).text
        page = client.get(f"/green/games/{made['id']}/view",
                          headers={"X-Arle-Token": other}).text
        spect = TestClient(client.app).get(f"/api/green/games/{made['id']}").text
        for text in (seen, page, spect):                     # only as the other's choice
            assert plan[5:] not in text.replace(plan, "")
        assert "has committed an action" in page
        data = client.get(f"/api/green/games/{made['id']}",
                          headers={"X-Arle-Token": toks[0]}).json()
        assert "supply" in data["view"]["obs"]
        for bad, words in (({"options": {"action_choice": "hidden"}, "players": 2},
                            "for 3-4 players"),
                           ({"options": ["token_limits"], "players": 3}, "options must be"),
                           ({"options": {"colour": 1}, "players": 3}, "unknown option")):
            r = client.post("/api/games", json={"game": "green", **bad})
            assert r.status_code == 400 and words in r.json()["error"], r.text
        r = client.post("/green/games", data={"players": "3", "seat0": "human",
                                              "seat1": "bot:random", "seat2": "bot:random",
                                              "take_seat": "0", "token_limits": "on",
                                              "action_choice": "hidden"},
                        follow_redirects=False)
        assert r.status_code == 303
        gid = r.headers["location"].rsplit("/", 1)[1]
        assert _svc(client).get(gid).state.options["token_limits"] is True
        assert _svc(client).get(gid).state.options["action_choice"] == "hidden"
        assert "Limited tokens" in client.get("/green").text


def test_green_games_are_stored_and_survive_a_restart(make_app: Any) -> None:
    """The second game's games live in the database like Fields of Arle's: a restarted
    server serves them where they were, the seats' tokens still open them (the database
    holds only their hashes), and a bot to move plays on."""
    with TestClient(make_app()) as client:
        made = _create(client, 2, ["human", "bot:green-greedy"], seed=8)
        gid, tok = made["id"], made["seats"][0]["token"]
        _play(client, _svc(client).get(gid), [tok, None], moves=3, check_every=99)
        _svc(client).wait_idle(_svc(client).get(gid))
        before = _svc(client).get(gid).state.to_json()
        service = client.app.state.service  # type: ignore[attr-defined]
        stored = service.store.load_game(gid)[0]
        assert stored.game == "green" and tok not in json.dumps(stored.__dict__, default=str)
        assert [g["id"] for g in client.get("/api/green/games").json()["games"]] == [gid]
        assert gid not in client.get("/api/games").text     # the Arle list keeps its own
        assert f'href="/green/games/{gid}"' in client.get("/").text    # the lobby: both
    with TestClient(make_app()) as client:               # a new server, the same file
        assert _svc(client).games == {}
        data = client.get(f"/api/games/{gid}", headers={"X-Arle-Token": tok}).json()
        assert data["you"] == 0 and data["game"] == "green"
        assert _svc(client).get(gid).state.to_json() == before
        # Arle's routes never serve its whole state (the hidden cards)
        for path in (f"/api/games/{gid}/state", f"/games/{gid}/replay"):
            r = client.get(path)
            assert r.status_code == 404 and "green" in r.text, path
        # the review (each seat's hidden decisions) waits for the end, as the record does
        for path in (f"/api/games/{gid}/review", f"/api/green/games/{gid}/review"):
            r = client.get(path)
            assert r.status_code == 403 and "once the game is over" in r.text, path
        assert client.post(f"/api/games/{gid}/undo", json={},
                           headers={"X-Arle-Token": tok}).status_code == 404
        _play(client, _svc(client).get(gid), [tok, None], moves=2, check_every=99)
