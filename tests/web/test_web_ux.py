"""What players of online board games expect: records that keep their seats, undo
against a bot, element cards, costs in the choices, the end-of-game breakdown, turn
alerts, presence, hints as a creator's option, and the wording of the page."""

from __future__ import annotations

from typing import Any

from webutil import create, info, move, token, wait_until


# ---------------------------------------------------------------------------
# 1. Records carry the seats
# ---------------------------------------------------------------------------
def test_records_carry_seats_and_uploads_restore_the_bots(client: Any) -> None:
    c = create(client, 2, ["human", "bot:random"], seed=5)
    gid = c["id"]
    for url in (f"/api/games/{gid}/record", f"/games/{gid}/record.json"):
        rec = client.get(url).json()
        assert rec["seats"] == ["human", "bot:random"], url
    up = client.post("/api/records", json=rec)
    assert up.status_code == 201, up.text
    seats = up.json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"]
    assert seats[1]["bot"] == "random" and seats[1]["token"] is None
    data = info(client, up.json()["id"], seats[0]["token"])
    assert [s["kind"] for s in data["seats"]] == ["human", "bot"]


def test_old_records_without_seats_load_as_before_and_bad_seats_are_refused(
        client: Any) -> None:
    c = create(client, 2, ["human", "bot:random"], seed=5)
    rec = client.get(f"/api/games/{c['id']}/record").json()
    del rec["seats"]
    up = client.post("/api/records", json=rec)
    assert up.status_code == 201
    assert [s["kind"] for s in up.json()["seats"]] == ["human", "human"]
    def running() -> set[str]:          # the ids: the first game's bot may move meanwhile
        return {g["id"] for g in client.get("/api/games?status=running").json()["games"]}
    before = running()
    for bad in (["human"], ["human", "bot:nosuchbot"], ["human", 3], "human,human",
                ["human", "robot"]):
        rec["seats"] = bad
        r = client.post("/api/records", json=rec)
        assert r.status_code == 400, bad
        assert "seats" in r.json()["error"]
    assert running() == before                # no game was made of a refused upload


# ---------------------------------------------------------------------------
# 2. Undo against a bot takes back the bot's reply too
# ---------------------------------------------------------------------------
def undo(client: Any, gid: str, tok: str | None, version: int | None = None) -> Any:
    body = {} if version is None else {"version": version}
    return client.post(f"/api/games/{gid}/undo", json=body,
                       headers={"X-Arle-Token": tok} if tok else {})


def test_undo_against_a_bot_takes_back_its_reply_too(client: Any) -> None:
    created = create(client, players=2, seats=["human", "bot:random"], seed=3)
    gid, tok = created["id"], token(created, 0)
    wait_until(lambda: info(client, gid)["current_player"] == 0, what="the person's turn")
    start = info(client, gid, tok)
    assert move(client, gid, tok, "place woodcutter", start["version"]).status_code == 200
    wait_until(lambda: info(client, gid)["current_player"] == 0
               and info(client, gid)["ply"] > start["ply"] + 1, what="the bot's reply")
    after = info(client, gid, tok)
    assert after["can_undo"] is True
    r = undo(client, gid, tok, after["version"])
    assert r.status_code == 200, r.text
    assert r.json()["undone"] == after["ply"] - start["ply"]
    back = info(client, gid, tok)
    assert back["ply"] == start["ply"] and back["current_player"] == 0
    assert back["legal"] == start["legal"]
    assert back["log"] == start["log"]
    assert "took back place woodcutter and the bot's reply" in back["events"][-1]["text"]
    assert "took back place woodcutter" in client.get(f"/games/{gid}").text


def test_undo_between_people_keeps_the_rule_and_tells_the_other(client: Any) -> None:
    created = create(client, players=2, seed=3)
    gid = created["id"]
    toks = [token(created, 0), token(created, 1)]
    first = info(client, gid)["current_player"]
    second = 1 - first
    data = info(client, gid, toks[first])
    assert move(client, gid, toks[first], "place woodcutter", data["version"]).status_code == 200
    # the mover may take it back while the other has not acted; the other sees it
    r = undo(client, gid, toks[first])
    assert r.status_code == 200 and r.json()["undone"] == 1
    other = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": toks[second]}).text
    assert 'class="notice"' in other and f"Player {first + 1} took back place woodcutter" in other
    mine = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": toks[first]}).text
    assert 'class="notice"' not in mine
    assert "took back place woodcutter" in mine          # the log line
    # once the other has acted, nothing of the first player's may be taken back
    assert move(client, gid, toks[first], "place woodcutter").status_code == 200
    d = info(client, gid, toks[second])
    assert move(client, gid, toks[second], d["legal"][0], d["version"]).status_code == 200
    r = undo(client, gid, toks[first])
    assert r.status_code == 409 and "nothing of yours" in r.json()["error"]
    assert len(info(client, gid)["log"]) == 2


def test_undo_events_survive_a_restart(make_app: Any) -> None:
    from fastapi.testclient import TestClient
    with TestClient(make_app()) as c:
        created = create(c, players=1, seed=4)
        gid, tok = created["id"], token(created, 0)
        assert move(c, gid, tok, "place woodcutter").status_code == 200
        assert undo(c, gid, tok).status_code == 200
    with TestClient(make_app()) as c:
        data = info(c, gid, tok)
        assert data["ply"] == 0
        assert [e["kind"] for e in data["events"]] == ["undo"]


# ---------------------------------------------------------------------------
# 3. Cards with the printed text of every element
# ---------------------------------------------------------------------------
VEHICLE_RECORD = {
    "format": "arle-record-1",
    "setup": {"players": 1, "seed": 1, "buildings": "first-game", "promos": False},
    "actions": ["place builder", "build workshop", "pay grain:1 wood:1", "place peat_cutter",
                "done", "place farmer", "done", "place woodcutter", "end", "done", "feed",
                "place cattle_trader", "take horse", "place linen_weaver", "convert 1",
                "place wainwright", "vehicle carriage", "peat_boat"],
}


def test_every_element_on_the_page_has_a_card(client: Any) -> None:
    import re

    from arle.data import texts
    cards = client.get("/api/texts").json()
    assert set(cards) == set(texts.ids())
    assert cards["carriage"]["cost"] and cards["workshop"]["vp"] == 1
    up = client.post("/api/records", json=VEHICLE_RECORD).json()
    page = client.get(f"/games/{up['id']}").text
    shown = set(re.findall(r'data-info="([^"]+)"', page))
    assert shown <= set(cards)
    # spaces, buildings on the board and on the farm, equipment, tools, tiles
    assert {"potter", "wood_trader_space", "wainwright", "workshop", "moor",
            "fish_traps", "carriage", "peat_boat"} <= shown
    kinds = {cards[i]["kind"] for i in shown}
    assert {"space", "building", "tile", "tool", "equipment"} <= kinds


# ---------------------------------------------------------------------------
# 5. Costs in every choice
# ---------------------------------------------------------------------------
def test_the_choices_show_their_costs(client: Any) -> None:
    import html
    import re
    record = dict(VEHICLE_RECORD, actions=VEHICLE_RECORD["actions"][:-2])  # at the Wainwright
    up = client.post("/api/records", json=record).json()
    page = html.unescape(client.get(f"/games/{up['id']}").text)
    dialog = page[page.index('id="decision"'):page.index("</dialog>")]
    labels = re.findall(r'<span class="label">([^<]*)</span>', dialog)
    assert "Build a carriage (4 Wood + 2 Horses; 4 VP)" in labels, labels
    assert "Build a handcart (2 Wood; 0 VP)" in labels
    assert "Build a peat boat (1 Wood; 1 VP)" in labels
    # buildings, tools, stalls and spaces with a price say it too
    from arle.actions import Action
    from arle.web.views import action_label
    assert action_label(Action("build", ("mill",))) == \
        "Build Mill (1 Timber + 8 Flax or 8 Grain; 6 VP)"
    assert action_label(Action("tool", ("ovens",))) == "Advance your ovens (1 Brick)"
    assert action_label(Action("stall", ())) == "Place a stall (2 Clay + 1 Grain)"
    assert action_label(Action("place", ("wood_trader_space",))) == \
        "Place a worker on Wood Trader (1 Food or 1 Grain)"
    assert action_label(Action("plow", ("horse",))) == \
        "Build a plow (1 Wood + 1 Horse; 3 VP)"


# ---------------------------------------------------------------------------
# 6. The end of the game: the score item by item, the solo benchmark
# ---------------------------------------------------------------------------
def finished_record(seed: int, players: int = 1) -> dict[str, Any]:
    import random

    import arle
    state = arle.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return dict(state.record())


def test_final_breakdown_adds_up_and_names_the_benchmark(client: Any) -> None:
    import arle
    from arle.scoring import format_vp
    rec = finished_record(4)
    up = client.post("/api/records", json=rec).json()
    data = info(client, up["id"])
    state = arle.replay(rec)
    sheet = state.scores()[0]
    (b,) = data["breakdown"]
    assert b["total"] == format_vp(sheet.total)
    for cat in b["categories"]:
        assert cat["vp"] == format_vp(sheet.categories[cat["key"]])
        if cat["items"]:       # the items add up to the category
            assert sum(float(i["vp"]) for i in cat["items"]) == \
                sheet.categories[cat["key"]], cat
    page = client.get(f"/games/{up['id']}").text
    assert 'class="final-score"' in page and "Solo benchmark: 110 VP" in page
    assert "top row of the home board" in page
    two = client.post("/api/records", json=finished_record(5, players=2)).json()
    page2 = client.get(f"/games/{two['id']}").text
    assert page2.count('class="scores breakdown"') == 2 and "Solo benchmark" not in page2


# ---------------------------------------------------------------------------
# 7. Hints as the creator's option, presence, invitations, the lobby
# ---------------------------------------------------------------------------
def hint(client: Any, gid: str, tok: str) -> Any:
    return client.post(f"/api/games/{gid}/hint", json={"bot": "random"},
                       headers={"X-Arle-Token": tok})


def test_hints_are_the_creators_option_and_logged(client: Any) -> None:
    people = create(client, players=2, seed=3)
    gid = people["id"]
    p = info(client, gid)["current_player"]
    r = hint(client, gid, token(people, p))
    assert r.status_code == 403 and "hints are off" in r.json()["error"]
    view = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": token(people, p)}).text
    assert 'data-hint="1"' not in view
    on = create(client, players=2, seed=3, hints=True)
    p = info(client, on["id"])["current_player"]
    assert hint(client, on["id"], token(on, p)).status_code == 200
    data = info(client, on["id"])
    assert data["events"][-1]["kind"] == "hint"
    other = client.get(f"/games/{on['id']}/view",
                       headers={"X-Arle-Token": token(on, 1 - p)}).text
    assert f"Player {p + 1} asked for a hint" in other        # the log tells the other
    solo = create(client, seed=3)                               # solo and against bots: on
    assert hint(client, solo["id"], token(solo, 0)).status_code == 200
    off = create(client, seed=3, hints=False)
    assert hint(client, off["id"], token(off, 0)).status_code == 403
    assert client.post("/api/games", json={"players": 1, "hints": "maybe"}).status_code == 400


def test_presence_of_the_invitee(client: Any) -> None:
    from fastapi.testclient import TestClient
    created = create(client, players=2, seed=3)
    gid, t0, t1 = created["id"], token(created, 0), token(created, 1)

    def p0_view() -> str:
        return str(client.get(f"/games/{gid}/view", headers={"X-Arle-Token": t0}).text)
    assert "Player 2: invited, has not joined yet" in p0_view()
    other = TestClient(client.app)
    other.get(f"/join/{t1}", follow_redirects=False)
    assert "Player 2: joined, not here now" in p0_view()
    with other.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.receive_text()
        assert "Player 2: online" in p0_view()
    wait_until(lambda: "Player 2: joined, not here now" in p0_view(), what="P2 to leave")


def test_invitation_links_and_the_lobby_know_your_games(client: Any) -> None:
    from fastapi.testclient import TestClient
    r = client.post("/games", data={"players": "2", "seat0": "human", "seat1": "human",
                                    "take_seat": "0", "seed": "3"}, follow_redirects=False)
    gid = r.headers["location"].rsplit("/", 1)[1]
    page = client.get(f"/games/{gid}").text
    assert "Invitation links" in page
    assert 'Seat 2 <span class="invite-state">(not joined yet)</span>' in page
    assert 'data-copy="' in page and "Seat 1" not in page      # one's own seat is not listed
    lobby = client.get("/").text
    row = lobby[lobby.index(f'<tr data-game="{gid}">'):]
    row = row[:row.index("</tr>")]
    assert ">play</a>" in row and ">watch</a>" not in row
    stranger = TestClient(client.app).get("/").text
    row = stranger[stranger.index(f'<tr data-game="{gid}">'):]
    assert ">watch</a>" in row[:row.index("</tr>")]
    # a solo game has nobody to invite
    r = client.post("/games", data={"players": "1", "take_seat": "0"}, follow_redirects=False)
    solo = client.get(r.headers["location"]).text
    assert "Invitation links" not in solo


# ---------------------------------------------------------------------------
# 8. Smaller things: players from 1, the inventory heading, wording
# ---------------------------------------------------------------------------
def test_error_messages_number_players_from_1(client: Any) -> None:
    created = create(client, players=2, seed=3)
    gid = created["id"]
    p = info(client, gid)["current_player"]
    assert move(client, gid, token(created, p), "place woodcutter").status_code == 200
    q = info(client, gid)["current_player"]
    r = move(client, gid, token(created, q), "place woodcutter")
    assert r.status_code == 400
    assert f"for Player {q + 1}" in r.json()["error"] and "player 0" not in r.json()["error"]


def test_the_inventory_heading_and_the_wording(client: Any) -> None:
    import arle
    from arle.actions import Action
    from arle.web.views import action_label, decision_text, half_label
    s = arle.new_game(players=1, seed=1)
    assert decision_text(s, s.pending()) == "place a worker on a free action space."
    while s.phase != "inventory":
        s.apply(s.legal_actions()[0])
    assert half_label(s) == "Half year 1 of 9: Summer, the November inventory"
    assert "July" not in half_label(s)
    assert action_label(Action("release", ("cattle",))) == "Give back 1 cattle"
    assert action_label(Action("take", ("dehydrate",))) == "Dehydrate a moor"
    assert action_label(Action("take", ("horse+dehydrate",))) == \
        "Take a horse and dehydrate a moor"
    cards = client.get("/api/texts").json()
    assert all("wood_trader_space" not in c["text"] for c in cards.values())
    assert "Wood Trader" in cards["wood_trader"]["text"]
    assert "0 of yours" not in info(client, create(client)["id"])["decision"]["text"]


def test_the_breakdown_of_an_expansion_game_has_every_row() -> None:
    import random

    import arle
    from arle.web import breakdown
    s = arle.new_game(players=1, seed=1, expansion="tea-and-trade")
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    b = breakdown.breakdown(s, 0)
    assert [c["key"] for c in b["categories"]] == list(s.scores()[0].categories)
