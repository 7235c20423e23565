"""The second game's finished records in the web: upload (the same page and API as Fields
of Arle's; the record's game found from the record itself, its card set by the hash
among the sets this server offers, never by a path it names), the uploaded game's replay
and the review (page and JSON, once the game is over; the same turns as ``arle
review``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import arle.green as G
from arle.cli.main import app as cli
from arle.green.bots import green_bot
from arle.green.cards import V3_CARDS, load_cards
from arle.web.green import GreenService


def _svc(client: TestClient) -> GreenService:
    svc = client.app.state.green  # type: ignore[attr-defined]
    assert isinstance(svc, GreenService)
    return svc


def _finished(players: int, seed: int, cards: Any = None) -> G.State:
    s = G.new_game(players=players, seed=seed, cards=cards)
    bots = [green_bot("random", seed=seed + q) for q in range(players)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    return s


def _stored(client: TestClient) -> list[str]:
    return [g["id"] for st in ("running", "finished")
            for g in client.get("/api/green/games", params={"status": st}).json()["games"]]


def test_an_uploaded_record_is_the_same_game_with_its_bots_and_the_uploaders_seats(
        make_app: Any) -> None:
    s = _finished(3, 11)
    record = {**s.record(), "seats": ["human", "bot:greedy", "human"]}
    with TestClient(make_app()) as client:
        up = client.post("/api/records", json=record)
        assert up.status_code == 201, up.text
        new = up.json()
        gid = new["id"]
        assert new["game"] == "green" and new["url"].endswith(f"/green/games/{gid}")
        assert new["replay"] == f"/green/games/{gid}/replay"
        game = _svc(client).get(gid)
        assert game.state == s and game.rec.origin == "upload"
        assert [m.action for m in game.moves] == record["actions"]
        walk = G.replay({**record, "actions": [], "chance": None})
        movers = []
        for a in record["actions"]:
            movers.append(walk.current_player)
            walk.apply(a)
        assert [m.player for m in game.moves] == movers and len(set(movers)) == 3
        assert [(x.kind, x.bot) for x in game.rec.seats] == [
            ("human", None), ("bot", "green-greedy"), ("human", None)]
        # the uploader's browser holds the people's seats (the second game's cookies)
        info = client.get(f"/api/green/games/{gid}").json()
        assert info["your_seats"] == [0, 2] and info["status"] == "finished"
        # downloaded again: the same game, its seats, no path of this server
        r = client.get(f"/api/green/games/{gid}/record")
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        again = r.json()
        assert G.replay(again) == s and again["seats"] == ["human", "bot:green-greedy",
                                                           "human"]
        assert again["setup"]["cards"] == {"id": s.cs.id, "hash": s.cs.hash}
        assert str(V3_CARDS.parent) not in r.text
        # the replay of the uploaded game, at any step, as any seat (it is over)
        n = len(record["actions"])
        for step, seat in ((0, "none"), (n // 2, "1"), (n, "2")):
            page = client.get(new["replay"], params={"step": step, "seat": seat})
            assert page.status_code == 200 and f"move {step} of {n}" in page.text
        # the lobby of the second game lists it, with its review and record
        lobby = client.get("/green").text
        assert f"/green/games/{gid}/review" in lobby and 'id="upload"' in lobby


def test_an_unfinished_record_becomes_a_game_to_continue(make_app: Any) -> None:
    s = G.new_game(players=2, seed=4)
    bot = green_bot("random", seed=1)
    for _ in range(15):
        s.apply(bot.choose(s))
    with TestClient(make_app()) as client:
        up = client.post("/api/records", json=s.record())
        assert up.status_code == 201, up.text
        gid = up.json()["id"]
        info = client.get(f"/api/green/games/{gid}").json()
        assert info["status"] == "running" and info["your_seats"] == [0, 1]
        legal = info["view"]["obs"]["legal_actions"]
        r = client.post(f"/api/green/games/{gid}/moves",
                        json={"action": legal[0], "version": info["version"]})
        assert r.status_code == 200, r.text
        assert len(_svc(client).get(gid).moves) == 16
        # its record and review wait for the end
        assert client.get(f"/api/green/games/{gid}/record").status_code == 403
        assert client.get(f"/api/games/{gid}/review").status_code == 403
        assert client.get(f"/green/games/{gid}/review").status_code == 403


def test_bad_records_of_the_second_game_are_refused_and_store_nothing(
        make_app: Any, tmp_path: Path) -> None:
    s = _finished(2, 5)
    rec = s.record()
    # a card set this server does not offer, though its file exists (and is loaded in
    # this process): the record's path is never read, the set is found by hash
    data = json.loads(V3_CARDS.read_text(encoding="utf-8"))
    data["id"] = "club-set-2"
    club = tmp_path / "club.json"
    club.write_text(json.dumps(data), encoding="utf-8")
    other = _finished(2, 5, cards=load_cards(club)).record()
    assert other["setup"]["cards"]["path"] == str(club)
    cases: list[tuple[Any, str]] = [
        (other, "played with 'club-set-2', which this server does not offer"),
        ({**rec, "setup": {**rec["setup"], "cards": {"id": "x", "hash": "0",
                                                     "path": str(V3_CARDS)}}},
         "which this server does not offer"),
        ({**rec, "actions": rec["actions"][:5] + ["take zz9"]}, "record action 5"),
        ({**rec, "actions": rec["actions"][:2] + ["take " + "x" * 300]},
         "record action 2: not an action text"),
        ({**rec, "actions": rec["actions"][:2] + [7]}, "record action 2: not an action"),
        ({**rec, "chance": rec["chance"][:-1]}, "chance outcomes differ"),
        ({**rec, "setup": {**rec["setup"], "players": 5}}, "setup.players must be 1, 2"),
        ({**rec, "setup": {**rec["setup"], "seed": -1}}, "setup.seed must be a whole"),
        ({**rec, "setup": {**rec["setup"], "options": {"nonsense": 1}}}, "nonsense"),
        ({**rec, "seats": ["human", "bot:mcts"]}, "seats[1]"),
        ({**rec, "seats": ["human"]}, "seats must be a list of 2"),
        ({**rec, "actions": "draw"}, "'actions' a list"),
        ({"format": "arle-green-record-2"}, "not an arle game record"),
        ([rec], "not an arle game record"),
    ]
    with TestClient(make_app()) as client:
        for body, words in cases:
            r = client.post("/api/records", json=body)
            assert r.status_code == 400 and words in r.json()["error"], (words, r.text)
        assert _stored(client) == []
        assert client.get("/api/games").json()["games"] == []
    # a server offering the club's set takes that record
    with TestClient(make_app(green_cards=[club])) as client:
        r = client.post("/api/records", json=other)
        assert r.status_code == 201, r.text
        assert _svc(client).get(r.json()["id"]).state.cs.id == "club-set-2"


def test_the_review_of_a_finished_game_agrees_with_arle_review(make_app: Any,
                                                               tmp_path: Path) -> None:
    s = _finished(2, 8)
    with TestClient(make_app()) as client:
        gid = client.post("/api/records", json=s.record()).json()["id"]
        data = client.get(f"/api/games/{gid}/review", params={"threshold": 1}).json()
        assert client.get(f"/api/green/games/{gid}/review",
                          params={"threshold": 1}).json() == data
        turns = data["turns"]
        assert data["bot"] == "greedy" and data["summary"]["turns"] == len(turns)
        assert set(turns[0]) == {"index", "year", "player", "played", "suggested",
                                 "value_played", "value_suggested", "loss"}
        assert any(t["loss"] >= 1 for t in turns)         # random play is caught
        page = client.get(f"/green/games/{gid}/review", params={"threshold": 1})
        assert page.status_code == 200 and page.text.count('class="card review"') == 2
        assert "Year" in page.text and f"/green/games/{gid}/replay?step=" in page.text
        assert client.get(f"/games/{gid}/review").text == client.get(
            f"/green/games/{gid}/review").text
    path = tmp_path / "game.json"
    path.write_text(json.dumps(s.record()), encoding="utf-8")
    r = CliRunner().invoke(cli, ["review", str(path), "--json", "--player", "2"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["turns"] == [t for t in turns if t["player"] == 1]


@pytest.mark.parametrize("lobby", ["/", "/green"])
def test_the_lobbies_offer_the_upload_of_either_game(make_app: Any, lobby: str) -> None:
    """Both lobbies hold the one upload form (``static/app.js`` posts it to
    ``POST /api/records`` and opens the ``replay`` the answer names)."""
    with TestClient(make_app()) as client:
        page = client.get(lobby).text
        assert 'id="upload"' in page
        if lobby == "/":
            assert "arle-green-record-1" in page
