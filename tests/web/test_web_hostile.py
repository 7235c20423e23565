"""Hostile requests against the creation of games of both games, and the bots' limits
and failures (issue 29): closed option schemas, card sets by id only, every bot seat in
the bot workers under the same limits, a failed bot reported and replaceable, strict
types in request bodies."""

from __future__ import annotations

import builtins
import io
import json
import os
import pathlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hyp import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slowbot import fails_as_random, green_fails_as_random
from webutil import create, info, token, wait_until

import arle
from arle.green.cards import V2_CARDS, V3_CARDS
from arle.web.green import GreenService

PATHS = ["/etc/hostname", "/etc/passwd", "/dev/zero", "/nonexistent/cards.json",
         "../../../../etc/hostname", str(V2_CARDS), str(V3_CARDS), "~/.bashrc", "", "."]


def _green(client: TestClient) -> GreenService:
    svc = client.app.state.green  # type: ignore[attr-defined]
    assert isinstance(svc, GreenService)
    return svc


def _stored(client: TestClient) -> int:
    service = client.app.state.service  # type: ignore[attr-defined]
    return sum(len(service.store.list_games(s, 10_000)) for s in ("running", "finished"))


# -- the second game's options ---------------------------------------------------------
@pytest.mark.parametrize("path", ["/api/games", "/api/green/games"])
def test_a_card_set_is_chosen_by_id_and_no_path_reaches_the_server(make_app: Any,
                                                                   path: str) -> None:
    with TestClient(make_app()) as client:
        answers = set()
        for cards in PATHS:
            r = client.post(path, json={"game": "green", "players": 2,
                                        "options": {"cards": cards}})
            assert r.status_code == 400, (cards, r.text)
            answers.add(r.json()["error"])
        # an existing file, a missing one, a device: one and the same answer
        assert len(answers) == 1, answers
        assert "offers" in answers.pop()
        assert _green(client).games == {}
        r = client.post(path, json={"game": "green", "players": 2, "seed": 1,
                                    "options": {"cards": "arle-placeholder-v2"}})
        assert r.status_code == 201, r.text
        assert _green(client).get(r.json()["id"]).state.cs.id == "arle-placeholder-v2"
        listed = client.get("/api/green/card-sets").json()["card_sets"]
        assert [x["id"] for x in listed] == ["arle-placeholder-v3", "arle-placeholder-v2",
                                            "arle-placeholder-v1"]
        assert [x["default"] for x in listed] == [True, False, False]
        assert "/" not in json.dumps([{k: v for k, v in x.items() if k != "title"}
                                      for x in listed])


@pytest.mark.parametrize("key,value", [("players", 3), ("seed", 4),
                                       ("chance_outcomes", [0, 1]), ("colour", "red"),
                                       ("Token_limits", True)])
def test_unknown_green_options_are_refused_naming_the_key(make_app: Any, key: str,
                                                          value: Any) -> None:
    with TestClient(make_app()) as client:
        for path in ("/api/games", "/api/green/games"):
            r = client.post(path, json={"game": "green", "players": 2,
                                        "options": {key: value}})
            assert r.status_code == 400, r.text
            assert r.json()["error"].startswith(f"options.{key}: unknown option"), r.text
        assert _green(client).games == {}


@pytest.mark.parametrize("options,words", [
    ({"token_limits": 1}, "options.token_limits must be true or false"),
    ({"token_limits": "on"}, "options.token_limits must be true or false"),
    ({"action_choice": "secret"}, "options.action_choice must be 'sequential' or 'hidden'"),
    ({"first_player": 4}, "options.first_player must be 'random' or a seat number"),
    ({"first_player": True}, "options.first_player must be 'random' or a seat number"),
    ({"first_player": 1}, None),
    ({"draw_mode": "fixed", "pass_directions": "RLRL"}, None),
])
def test_green_options_are_typed(make_app: Any, options: dict[str, Any],
                                 words: str | None) -> None:
    with TestClient(make_app()) as client:
        r = client.post("/api/games", json={"game": "green", "players": 2, "seed": 3,
                                            "options": options})
        if words is None:
            assert r.status_code == 201, r.text
            state = _green(client).get(r.json()["id"]).state
            for k, v in options.items():
                assert state.options[k] == v
        else:
            assert r.status_code == 400 and words in r.json()["error"], r.text


def test_the_option_schema_covers_the_rules_options_exactly() -> None:
    from typing import get_args

    from arle.green.catalog import OPTION_VALUES
    from arle.web.schema import GreenOptions
    fields = dict(GreenOptions.model_fields)
    assert fields.pop("cards") is not None
    assert set(fields) == set(OPTION_VALUES)
    for name, values in OPTION_VALUES.items():
        allowed: set[Any] = set()
        for arg in get_args(fields[name].annotation):
            allowed.update(get_args(arg) or ([True, False] if arg is bool else []))
        assert set(values) <= allowed, name


def test_the_operators_card_sets_are_offered_by_id(make_app: Any, tmp_path: Path,
                                                   monkeypatch: Any) -> None:
    """A file given with --green-cards is offered by its id; its games' bots (in the
    worker processes, which read the operator's file) play them."""
    data = json.loads(V3_CARDS.read_text(encoding="utf-8"))
    data["id"] = "club-set-1"
    data["title"] = "Our club's set"
    mine = tmp_path / "club.json"
    mine.write_text(json.dumps(data), encoding="utf-8")
    pidfile = tmp_path / "pids"
    monkeypatch.setenv("ARLE_TEST_PIDFILE", str(pidfile))
    with TestClient(make_app(green_cards=[mine],
                             green_think_fn=green_fails_as_random)) as client:
        listed = client.get("/api/green/card-sets").json()["card_sets"]
        assert {"id": "club-set-1", "title": "Our club's set", "shipped": False,
                "default": False, "designs": len(data["locations"])} in listed
        assert str(tmp_path) not in client.get("/api/green/card-sets").text
        assert "club-set-1" in client.get("/green").text          # the lobby offers it
        r = client.post("/api/games", json={"game": "green", "players": 2, "seed": 2,
                                            "seats": ["bot:greedy", "bot:greedy"],
                                            "options": {"cards": "club-set-1"}})
        assert r.status_code == 201, r.text
        game = _green(client).get(r.json()["id"])
        assert game.state.cs.id == "club-set-1"
        wait_until(lambda: len(game.state.history) >= 3, timeout=90, what="the bots' moves")
        assert _green(client).service.bot_errors.get(game.id) is None
    pids = {int(x) for x in pidfile.read_text().split()}
    assert pids and os.getpid() not in pids      # the bots thought in worker processes


def test_a_card_file_that_does_not_load_stops_the_server_at_start(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arle.cli.main import app
    bad = tmp_path / "bad.json"
    bad.write_text("{\"format\": 1}", encoding="utf-8")
    dup = tmp_path / "dup.json"
    dup.write_text(V3_CARDS.read_text(encoding="utf-8"), encoding="utf-8")
    runner = CliRunner()
    for files, words in (([bad], "--green-cards"), ([dup], "already offered"),
                         ([tmp_path / "missing.json"], "does not exist")):
        args = ["serve", "--db", str(tmp_path / "db.sqlite3")]
        for f in files:
            args += ["--green-cards", str(f)]
        r = runner.invoke(app, args)
        assert r.exit_code == 2, r.output
        assert words in r.output, r.output


# -- bots: limits, workers, failures ---------------------------------------------------
@pytest.mark.parametrize("game,seat,words", [
    ("green", "bot:green-ismcts:steps=100000000", "above this server's limit of 40"),
    ("green", "bot:ismcts:dets=1000", "above this server's limit of 16"),
    ("green", "bot:ismcts:time=1e400", "not a finite number"),
    ("green", "bot:mcts", "plays Fields of Arle only"),
    ("arle", "bot:green-greedy", "plays the green game only"),
    ("arle", "bot:mcts:eval=learned,model=/etc/passwd", "takes no option 'model'"),
    ("arle", "bot:greedy:eval=learned,model=/dev/zero", "takes no option 'model'"),
    ("arle", "bot:mcts:rollout=greedy", "rollout=greedy is not one mcts takes"),
    ("arle", "bot:mcts:sims=-3", "below this server's lowest value of 1"),
])
def test_bot_seats_are_capped_on_creation(make_app: Any, game: str, seat: str,
                                          words: str) -> None:
    with TestClient(make_app()) as client:
        before = _stored(client)
        r = client.post("/api/games", json={"game": game, "players": 2,
                                            "seats": ["human", seat]})
        assert r.status_code == 400 and words in r.json()["error"], r.text
        assert _stored(client) == before and _green(client).games == {}


def test_the_main_lobby_offers_only_the_main_games_bots(client: Any) -> None:
    page = client.get("/").text
    assert "bot:mcts" in page and "green-greedy" not in page
    assert "green-greedy" in client.get("/green").text


def test_a_failed_bot_is_reported_and_the_owner_replaces_it(make_app: Any) -> None:
    with TestClient(make_app(think_fn=fails_as_random)) as client:
        made = create(client, players=2, seats=["human", "bot:random"], seed=3)
        gid, owner, tok = made["id"], made["owner_token"], token(made, 0)
        state = info(client, gid)
        while state["current_player"] != 1:               # play until the bot's turn
            r = client.post(f"/api/games/{gid}/moves", headers={"X-Arle-Token": tok},
                            json={"action": state["legal"][0], "version": state["version"]})
            assert r.status_code == 200, r.text
            state = info(client, gid)
        wait_until(lambda: info(client, gid).get("bot_error"), timeout=60,
                   what="the failure to be reported")
        data = info(client, gid)
        assert "random bot always fails" in data["bot_error"]
        assert "always fails" in client.get(f"/games/{gid}").text
        ply = data["ply"]
        for headers, body, status, words in (
                ({"X-Arle-Token": tok}, {"seat": 1, "bot": "greedy"}, 403, "owner"),
                ({}, {"seat": 1, "bot": "greedy"}, 403, "owner"),
                ({"X-Arle-Token": owner}, {"seat": 0, "bot": "greedy"}, 409, "person"),
                ({"X-Arle-Token": owner}, {"seat": 1, "bot": "mcts:sims=99999"}, 400,
                 "limit"),
                ({"X-Arle-Token": owner}, {"seat": 1, "bot": "green-greedy"}, 400,
                 "green game only"),
                ({"X-Arle-Token": owner}, {"seat": "1", "bot": "greedy"}, 400,
                 "seat must be a whole number"),
                ({"X-Arle-Token": owner}, {"seat": 1, "robot": "greedy"}, 400,
                 "robot: unknown field")):
            r = client.post(f"/api/games/{gid}/bot", json=body, headers=headers)
            assert r.status_code == status and words in r.json()["error"], r.text
        assert info(client, gid)["bot_error"] and info(client, gid)["ply"] == ply
        r = client.post(f"/api/games/{gid}/bot", json={"seat": 1},     # retry: fails again
                        headers={"X-Arle-Token": owner})
        assert r.status_code == 200 and r.json()["bot_error"] is None
        wait_until(lambda: info(client, gid).get("bot_error"), timeout=60,
                   what="the retried bot to fail again")
        r = client.post(f"/api/games/{gid}/bot", json={"seat": 1, "bot": "greedy"},
                        headers={"X-Arle-Token": owner})
        assert r.status_code == 200, r.text
        assert r.json()["seats"][1]["bot"] == "greedy"
        wait_until(lambda: info(client, gid)["ply"] > ply, timeout=60,
                   what="the new bot's move")
        data = info(client, gid)
        assert data["bot_error"] is None
        assert any(e["kind"] == "bot" and "now greedy (was random)" in e["text"]
                   for e in data["events"])


def test_the_owner_replaces_a_failed_bot_from_the_page(make_app: Any) -> None:
    with TestClient(make_app(think_fn=fails_as_random)) as client:
        r = client.post("/games", data={"players": "1", "seat0": "bot:random",
                                        "seed": "5"}, follow_redirects=False)
        assert r.status_code == 303, r.text
        gid = r.headers["location"].rsplit("/", 1)[1]
        wait_until(lambda: "always fails" in client.get(f"/games/{gid}").text, timeout=60,
                   what="the failure on the page")
        page = client.get(f"/games/{gid}").text
        assert f'action="/games/{gid}/bot"' in page           # the owner's form
        stranger = TestClient(client.app)
        assert 'class="bot-fix"' not in stranger.get(f"/games/{gid}").text
        assert stranger.post(f"/games/{gid}/bot", data={"seat": "0", "bot": "greedy"},
                             follow_redirects=False).status_code == 403
        r = client.post(f"/games/{gid}/bot", data={"seat": "0", "bot": "greedy"},
                        follow_redirects=False)
        assert r.status_code == 303
        wait_until(lambda: info(client, gid)["ply"] > 0, timeout=60, what="a move")


def test_a_move_that_crashes_the_server_side_log_does_not_leave_a_bot_game_stuck(
        make_app: Any, monkeypatch: Any) -> None:
    """An unexpected error while the bot's move is applied (the Tea & Trade log's crash
    was one) is reported with the game id, and a retry plays on."""
    import arle.view as view_module
    real = view_module.apply_logged
    calls = {"n": 0}

    def breaks_once(state: Any, action: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise IndexError("a log that could not name a good")
        return real(state, action)

    monkeypatch.setattr(view_module, "apply_logged", breaks_once)
    with TestClient(make_app()) as client:
        made = create(client, players=1, seats=["bot:random"], seed=2)
        gid = made["id"]
        wait_until(lambda: info(client, gid).get("bot_error"), timeout=60,
                   what="the failure to be reported")
        assert "IndexError" in info(client, gid)["bot_error"]
        assert info(client, gid)["ply"] == 0
        r = client.post(f"/api/games/{gid}/bot", json={"seat": 0},
                        headers={"X-Arle-Token": made["owner_token"]})
        assert r.status_code == 200, r.text
        wait_until(lambda: info(client, gid)["ply"] >= 3, timeout=60, what="moves")


def test_a_failed_green_bot_is_reported_under_both_paths_and_replaced(make_app: Any) -> None:
    with TestClient(make_app(green_think_fn=green_fails_as_random)) as client:
        r = client.post("/api/games", json={"game": "green", "players": 2, "seed": 4,
                                            "seats": ["bot:random", "bot:random"]})
        assert r.status_code == 201, r.text
        gid, owner = r.json()["id"], r.json()["owner_token"]
        errors = _green(client).service.bot_errors
        wait_until(lambda: errors.get(gid) is not None, timeout=60, what="the failure")
        for path in (f"/api/games/{gid}", f"/api/green/games/{gid}"):
            data = client.get(path).json()
            assert "always fails" in data["bot_error"] and data["game"] == "green"
        assert "always fails" in client.get(f"/green/games/{gid}").text
        r = client.post(f"/api/games/{gid}/bot", json={"seat": 0, "bot": "greedy"})
        assert r.status_code == 403
        r = client.post(f"/api/games/{gid}/bot", json={"seat": 0, "bot": "ismcts:steps=99"},
                        headers={"X-Arle-Token": owner})
        assert r.status_code == 400 and "limit" in r.json()["error"]
        for seat in (0, 1):
            r = client.post(f"/api/green/games/{gid}/bot", json={"seat": seat,
                                                                 "bot": "greedy"},
                            headers={"X-Arle-Token": owner})
            assert r.status_code == 200, r.text
        game = _green(client).get(gid)
        wait_until(lambda: len(game.state.history) >= 4, timeout=90, what="the moves")
        assert errors.get(gid) is None
        assert [x["bot"] for x in client.get(f"/api/games/{gid}").json()["seats"]] == \
            ["green-greedy", "green-greedy"]


# -- strict types ----------------------------------------------------------------------
def test_a_version_is_a_json_integer(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        made = create(client, players=1, seed=1)
        gid, tok = made["id"], token(made, 0)
        act, start = info(client, gid)["legal"][0], info(client, gid)["version"]
        for version in ("0", "1", 0.0, True, [0], -1):
            r = client.post(f"/api/games/{gid}/moves", headers={"X-Arle-Token": tok},
                            json={"action": act, "version": version})
            assert r.status_code == 400 and "version" in r.json()["error"], (version, r.text)
            r = client.post(f"/api/games/{gid}/undo", headers={"X-Arle-Token": tok},
                            json={"version": version})
            assert r.status_code == 400, r.text
        assert info(client, gid)["version"] == start
        r = client.post("/api/games", json={"game": "green", "players": 1, "seed": 1})
        ggid, gtok = r.json()["id"], r.json()["seats"][0]["token"]
        gact = str(_green(client).get(ggid).state.legal_actions()[0])
        gstart = _green(client).get(ggid).version
        for path in (f"/api/games/{ggid}/moves", f"/api/green/games/{ggid}/moves"):
            r = client.post(path, headers={"X-Arle-Token": gtok},
                            json={"action": gact, "version": "0"})
            assert r.status_code == 400 and "version" in r.json()["error"], r.text
        assert _green(client).get(ggid).version == gstart
        r = client.post(f"/api/games/{ggid}/moves", headers={"X-Arle-Token": gtok},
                        json={"action": gact, "version": gstart})
        assert r.status_code == 200, r.text


def test_unknown_fields_of_the_main_game_are_refused(client: Any) -> None:
    for body, words in (({"players": 1, "colour": "red"}, "colour: unknown field"),
                        ({"players": "1"}, "players must be a whole number"),
                        ({"players": 1, "promos": "yes"}, "promos must be true or false"),
                        ({"game": "chess"}, "unknown game"),
                        ({"game": 3}, "unknown game")):
        r = client.post("/api/games", json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)


# -- property: hostile creation bodies -------------------------------------------------
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40),
                     st.floats(allow_nan=False, allow_infinity=False),
                     st.sampled_from(PATHS), st.text(max_size=12),
                     st.sampled_from(["human", "bot:random", "bot:mcts:model=/etc/passwd",
                                      "bot:greedy", "bot:ismcts:steps=100000000",
                                      "tea-and-trade", "arle-placeholder-v1", "random",
                                      "hidden", "green", "arle"]))
_json = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=8)
_option_keys = st.sampled_from(["cards", "token_limits", "action_choice", "players",
                                "seed", "chance_outcomes", "first_player", "draw_mode",
                                "x"])
_body_keys = st.sampled_from(["game", "players", "seats", "seed", "take_seat", "options",
                              "expansion", "buildings", "promos", "hints", "choose_cells",
                              "version", "cards", "y"])


@st.composite
def _bodies(draw: Any) -> Any:
    if draw(st.integers(0, 9)) == 0:
        return draw(_json)                              # not even an object
    body = draw(st.dictionaries(_body_keys, _json, max_size=6))
    if draw(st.booleans()):
        body["game"] = draw(st.sampled_from(["green", "arle", "GREEN", None, 1]))
    if draw(st.booleans()):
        body["options"] = draw(st.dictionaries(_option_keys, _json, max_size=4))
    if draw(st.booleans()):
        body["players"] = draw(st.integers(0, 5))
    return body


@contextmanager
def _no_file_opened() -> Iterator[list[str]]:
    """Every attempt to open or read a file while the block runs is refused and noted."""
    opened: list[str] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        opened.append(repr(args[:1])[:200])
        raise AssertionError(f"a request opened a file: {args[:1]!r}")

    saved = (builtins.open, io.open, pathlib.Path.read_text, pathlib.Path.read_bytes,
             pathlib.Path.open)
    builtins.open = io.open = refuse  # type: ignore[assignment]
    pathlib.Path.read_text = pathlib.Path.read_bytes = pathlib.Path.open = refuse  # type: ignore[method-assign,assignment]
    try:
        yield opened
    finally:
        (builtins.open, io.open, pathlib.Path.read_text, pathlib.Path.read_bytes,
         pathlib.Path.open) = saved  # type: ignore[method-assign]


def test_hostile_creation_bodies_of_both_games(make_app: Any) -> None:
    """Any body, through every creation path: never a 5xx, never a file opened, and a
    refused request stores nothing and creates nothing."""
    from arle.web.limits import Limits
    app = make_app(bot_delay=30.0, limits=Limits(create_burst=10_000, create_every=0.001))
    with TestClient(app, raise_server_exceptions=False) as client:
        for body in ({"players": 2, "seats": ["human", "bot:mcts"]},   # warm the caches
                     {"game": "green", "players": 2, "seats": ["human", "bot:ismcts"]}):
            assert client.post("/api/games", json=body).status_code == 201

        @settings(max_examples=examples(150), deadline=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(body=_bodies(), path=st.sampled_from(["/api/games", "/api/green/games"]))
        def hostile(body: Any, path: str) -> None:
            before = (_stored(client), len(_green(client).games))
            seen.append(0)
            with _no_file_opened() as opened:
                r = client.post(path, content=json.dumps(body),
                                headers={"content-type": "application/json"})
            assert opened == [], (body, opened)
            assert r.status_code < 500, (body, r.text)
            after = (_stored(client), len(_green(client).games))
            seen[-1] = r.status_code
            if r.status_code == 201:
                assert sum(after) == sum(before) + 1
            else:
                assert r.status_code in (400, 429) and r.json()["error"], r.text
                assert after == before, body

        seen: list[int] = []
        hostile()
        # the generator reaches both sides: games created and requests refused
        assert seen.count(201) >= 5 and seen.count(400) >= 50, sorted(set(seen))


def test_the_planner_is_seated_in_solo_games_only(client: Any) -> None:
    made = create(client, players=1, seats=["bot:plan:playouts=1"], seed=3)
    assert made["seats"][0]["bot"] == "plan:playouts=1"
    for seats in (["human", "bot:plan"], ["bot:plan", "bot:random"]):
        r = client.post("/api/games", json={"players": 2, "seats": seats})
        assert r.status_code == 400 and "plays solo games only" in r.json()["error"]
    for spec, words in (("plan:time=60", "above this server's limit of 10"),
                        ("plan:playouts=500", "above this server's limit of 50"),
                        ("plan:clock=cpu", "not one plan takes")):
        r = client.post("/api/games", json={"players": 1, "seats": [f"bot:{spec}"]})
        assert r.status_code == 400 and words in r.json()["error"], r.text
    two = create(client, players=2, seats=["human", "bot:random"], seed=1)
    r = client.post(f"/api/games/{two['id']}/bot", json={"seat": 1, "bot": "plan"},
                    headers={"X-Arle-Token": two["owner_token"]})
    assert r.status_code == 400 and "solo games only" in r.json()["error"]
    solo = create(client, players=1, seed=4)
    r = client.post(f"/api/games/{solo['id']}/hint", json={},      # the planner answers
                    headers={"X-Arle-Token": token(solo, 0)})
    assert r.status_code == 200, r.text
    state = arle.new_game(players=1, seed=4)
    assert r.json()["action"] in {str(a) for a in state.legal_actions()}
