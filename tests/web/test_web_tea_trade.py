"""Tea & Trade on the web: creating an expansion game (API, lobby, records) and its
pictures: the harbor, ditches and dehydrated cells, Tea in the supply, the Digging Spade
track, the new spaces and buildings, and what one clicks to dig, place with tea, build a
ship or choose a cell."""

from __future__ import annotations

import html as htmllib
import json
import re
from typing import Any

from webutil import create, info, move, token, wait_until

import arle
from arle.actions import Action
from arle.data import texts
from arle.web import svg, views

TT = "tea-and-trade"
FORM = {"content-type": "application/x-www-form-urlencoded"}


def view_of(client: Any, gid: str, tok: str) -> str:
    r = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": tok})
    assert r.status_code == 200, r.text
    return str(r.text)


def acts_of(html: str, attr: str, value: str) -> list[str]:
    """The data-acts of the clickable element carrying ``attr="value"``."""
    m = re.search(r'<g class="act"[^>]*data-acts="([^"]*)"[^>]*' + re.escape(
        f'{attr}="{value}"'), html)
    assert m, f"no clickable {attr}={value}"
    return list(json.loads(htmllib.unescape(m.group(1))))


def play(client: Any, gid: str, tok: str, *actions: str) -> None:
    for a in actions:
        r = move(client, gid, tok, a)
        assert r.status_code == 200, (a, r.text)


def count_games(client: Any) -> int:
    return len(client.get("/api/games?status=running").json()["games"])


# ---------------------------------------------------------------------------
# Creating a game
# ---------------------------------------------------------------------------
def test_api_creates_a_tea_and_trade_game(client: Any) -> None:
    created = create(client, seed=1, expansion=TT)
    data = info(client, created["id"], token(created, 0))
    assert data["setup"] == {"players": 1, "seed": 1, "buildings": "random",
                             "promos": False, "expansion": TT}
    assert "place ditcher" in data["legal"] and "place fisherman tea" in data["legal"]
    local = arle.new_game(players=1, seed=1, expansion=TT)
    assert data["legal"] == [str(a) for a in local.legal_actions()]
    # the base game stays as it was: no expansion key, no new spaces
    base = info(client, create(client, seed=1)["id"])
    assert "expansion" not in base["setup"] and "place ditcher" not in base["legal"]


def test_api_takes_the_expansions_building_selections(client: Any) -> None:
    only = info(client, create(client, seed=3, expansion=TT, buildings="expansion-only")["id"])
    assert only["setup"]["buildings"] == "expansion-only"
    board = arle.new_game(players=1, seed=3, expansion=TT, buildings="random").board
    listed = create(client, seed=3, expansion=TT, buildings=board)
    state = arle.State.from_json(client.get(f"/api/games/{listed['id']}/state").text)
    assert state.board == board


def test_bad_expansion_values_are_refused_and_create_nothing(client: Any) -> None:
    before = count_games(client)
    bad = [
        ({"expansion": "tea"}, "expansion must be 'tea-and-trade' or null"),
        ({"expansion": 1}, "expansion must be"),
        ({"expansion": True}, "expansion must be"),
        ({"expansion": ["tea-and-trade"]}, "expansion must be"),
        ({"expansion": TT, "buildings": "first-game"}, "with Tea & Trade"),
        ({"expansion": TT, "buildings": "all"}, "buildings must be one of random, "
                                                "expansion-only"),
        ({"buildings": "expansion-only"}, "with the base game"),
        ({"expansion": TT, "buildings": ["castle_of_nowhere"]}, "castle_of_nowhere"),
        ({"expansion": TT, "buildings": [1]}, "'random', 'expansion-only' or a list"),
    ]
    for body, message in bad:
        r = client.post("/api/games", json={"players": 1, **body})
        assert r.status_code == 400, (body, r.text)
        assert message in r.json()["error"], (body, r.json())
    assert count_games(client) == before


def test_lobby_form_offers_and_creates_an_expansion_game(client: Any) -> None:
    page = client.get("/").text
    assert 'name="expansion"' in page and 'value="tea-and-trade"' in page
    assert 'value="expansion-only"' in page
    r = client.post("/games", content="players=1&seat0=human&seed=4&expansion=tea-and-trade"
                    "&buildings=expansion-only&take_seat=0", headers=FORM,
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    gid = r.headers["location"].rsplit("/", 1)[1]
    assert info(client, gid)["setup"]["expansion"] == TT
    # the base game's form still makes a base game
    r = client.post("/games", content="players=1&seat0=human&seed=4&expansion=none"
                    "&buildings=first-game&take_seat=0", headers=FORM,
                    follow_redirects=False)
    assert r.status_code == 303
    assert "expansion" not in info(client, r.headers["location"].rsplit("/", 1)[1])["setup"]
    before = count_games(client)
    r = client.post("/games", content="players=1&seat0=human&expansion=tea-and-trade"
                    "&buildings=first-game", headers=FORM, follow_redirects=False)
    assert r.status_code == 400 and "with Tea &amp; Trade" in r.text
    r = client.post("/games", content="players=1&seat0=human&expansion=green",
                    headers=FORM, follow_redirects=False)
    assert r.status_code == 400 and "expansion must be" in r.text
    assert count_games(client) == before


def test_an_uploaded_expansion_record_keeps_the_expansion(client: Any) -> None:
    created = create(client, seed=1, expansion=TT)
    gid, tok = created["id"], token(created, 0)
    play(client, gid, tok, "place ditcher", "dig v(3,0)", "done", "place fisherman tea")
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["setup"]["expansion"] == TT
    r = client.post("/api/records", json=record)
    assert r.status_code == 201, r.text
    copy = info(client, r.json()["id"], r.json()["seats"][0]["token"])
    assert copy["setup"]["expansion"] == TT
    assert copy["legal"] == info(client, gid, tok)["legal"]
    assert [m["action"] for m in copy["log"] if m["kind"] == "move"] == record["actions"]


# ---------------------------------------------------------------------------
# The pictures
# ---------------------------------------------------------------------------
def test_the_board_shows_the_expansion(client: Any) -> None:
    created = create(client, seed=1, expansion=TT)
    html = view_of(client, created["id"], token(created, 0))
    for sp in ("ditcher", "sailmaker"):                # the new Summer spaces
        assert f'data-space="{sp}"' in html
    assert ">Ditcher</text>" in html and ">Sailmaker</text>" in html
    assert html.count('data-space="') == 17            # 15 + 2 with 1-2 players
    assert 'data-building="tea_office"' in html and ">Tea Office</text>" in html
    assert 'class="board harbor"' in html and html.count("data-harbor-space=") == 4
    assert 'data-tool="digging_spades"' in html and "digging spades: 3" in html
    assert re.search(r'data-res="tea"[^>]*>(?:(?!</g>).)*>3</text>(?:(?!</g>).)*>tea</text>',
                     html)
    assert 'data-res="east_frisian_tea"' in html
    # the tea uses of a placement, as badges on the space and in the chooser's labels
    assert acts_of(html, "data-tea", "tea") == ["place fisherman tea"]
    assert acts_of(html, "data-space", "fisherman") == ["place fisherman",
                                                        "place fisherman tea"]
    assert "Place a worker on Fisherman, its tool action 1 space better (1 Tea)" in html


def test_digging_clicks_edges_and_shows_ditches_and_dehydrated_cells(client: Any) -> None:
    created = create(client, seed=1, expansion=TT)
    gid, tok = created["id"], token(created, 0)
    play(client, gid, tok, "place ditcher")
    html = view_of(client, gid, tok)
    legal = [a for a in info(client, gid, tok)["legal"] if a.startswith("dig ")]
    assert legal == ["dig v(3,0)", "dig v(3,1)"]
    for a in legal:                                     # one clickable edge per dig
        assert acts_of(html, "data-edge", a[4:]) == [a]
    assert html.count("data-edge=") == 2 and "data-ditch=" not in html
    assert 'id="decision"' in html and 'data-action="done"' in html
    play(client, gid, tok, acts_of(html, "data-edge", "v(3,0)")[0])
    html = view_of(client, gid, tok)
    assert 'data-ditch="v(3,0)"' in html and "dehydrated" not in html
    play(client, gid, tok, "dig h(3,0)")
    html = view_of(client, gid, tok)
    assert 'data-ditch="h(3,0)"' in html
    # cell (3,0) has two ditches on its edges: dehydrated
    assert html.count('class="dehydrated"') == 1
    assert "(dehydrated: 2 or more ditches)" in html
    assert svg.dehydrated_cells(arle.State.from_json(
        client.get(f"/api/games/{gid}/state").text), 0) == {9}


def test_a_ship_built_shows_in_the_harbor_and_loads_by_clicking_it(client: Any) -> None:
    created = create(client, seed=1, expansion=TT)
    gid, tok = created["id"], token(created, 0)
    play(client, gid, tok, "place sailmaker")
    html = view_of(client, gid, tok)
    assert "Build a small fishing cutter (3 Wood; 2 VP)" in html
    play(client, gid, tok, "ship fishing_cutter_small")
    html = view_of(client, gid, tok)
    assert 'data-ship="0" data-kind="fishing_cutter_small"' in html
    assert html.count("data-harbor-space=") == 3       # three spaces still free
    acts = acts_of(html, "data-ship", "0")
    assert "load h0 0 tea" in acts and "return fishing_cutter_small@h0" in acts
    assert "Load tea on the small fishing cutter (h0), space 1" in html
    play(client, gid, tok, "load h0 0 tea")
    assert ">EF tea</text>" in view_of(client, gid, tok)


def test_the_supply_board_counts_tiles_and_ships_left(client: Any) -> None:
    created = create(client, seed=1, expansion=TT)
    gid, tok = created["id"], token(created, 0)
    html = view_of(client, gid, tok)
    assert 'data-ships-left="fishing_cutter" data-left="5"' in html
    assert 'data-ships-left="trading_ship" data-left="4"' in html
    assert "Small Trading Ship 3 Wood + 2 Linen, 3 VP" in html
    s = arle.new_game(players=1, seed=1, expansion=TT)
    for key, n in s.pool.items():
        if key != "coach" or n:
            name = htmllib.escape(texts.POOL_NAME[key])
            assert f'data-supply="{name}" data-left="{n}"' in html
    play(client, gid, tok, "place sailmaker", "ship fishing_cutter_small")
    html = view_of(client, gid, tok)
    assert 'data-ships-left="fishing_cutter" data-left="4"' in html
    assert 'data-ships-left="trading_ship" data-left="4"' in html


def test_cell_and_dike_choices_are_generic() -> None:
    """``cell R,C`` and ``dike C1 C2`` (the notation decided for this round): a cell
    action makes that cell of one's home board clickable; both get words."""
    s = arle.new_game(players=1, seed=1, expansion=TT)
    legal = [Action("cell", ("4,2",)), Action("cell", ("3,0",)), Action("dike", ("0", "2")),
             Action("cell", ("9,9",))]
    clicks = views.clickable(s, legal)
    assert clicks["cell:0:14"] == ["cell 4,2"] and clicks["cell:0:9"] == ["cell 3,0"]
    assert not [k for k in clicks if k.startswith("cell:0:") and k[7:] not in ("14", "9")]
    board = svg.home_board(s, 0, clicks)
    assert re.search(r'data-acts="\[&quot;cell 4,2&quot;\]" data-cell="14"', board)
    # a Moor tile covers two cells in one picture, which stands for both
    moor = svg.home_board(s, 0, views.clickable(s, [Action("cell", ("6,1",))]))
    assert re.search(r'data-acts="\[&quot;cell 6,1&quot;\]" data-cell="16"', moor)
    assert views.action_label(legal[0], s) == "On the cell in row 5, column 3"   # cell 4,2
    assert views.action_label(legal[2], s) == ("Move the dike of column 1 to column 3 "
                                               "of the gap above")


def test_base_game_pictures_have_none_of_it(client: Any) -> None:
    created = create(client, seed=1)
    html = view_of(client, created["id"], token(created, 0))
    assert html.count('data-space="') == 15
    for absent in ("harbor", "data-edge", "data-ditch", "data-tea", "digging_spades",
                   'data-res="tea"', "dehydrated\"", "data-ships-left"):
        assert absent not in html, absent
    assert 'data-supply="fields" data-left="' in html      # the base game's tile supply


def test_the_score_estimate_lists_the_expansions_categories(client: Any) -> None:
    created = create(client, seed=1, expansion=TT)
    html = view_of(client, created["id"], token(created, 0))
    for name in ("Tea", "Fishing Cutters and Trading Ships", "Digging Spade tools"):
        assert f'<th scope="row">{name}</th>' in html
    # with 3 Tea at the start (0.5 VP each, T39)
    assert re.search(r'<th scope="row">Tea</th><td>1.5</td>', html)


def test_a_bot_plays_an_expansion_game_to_the_end(client: Any) -> None:
    created = create(client, players=1, seats=["bot:random"], seed=2, expansion=TT)
    gid = created["id"]
    wait_until(lambda: info(client, gid)["status"] == "finished", timeout=120,
               what="the bot to finish its game")
    data = info(client, gid)
    assert data["terminal"] and data["setup"]["expansion"] == TT
    names = [c["name"] for c in data["breakdown"][0]["categories"]]
    assert "Tea" in names and "Digging Spade tools" in names
    page = client.get(f"/games/{gid}").text
    assert "Game over" in page and 'class="board harbor"' in page


def test_a_base_game_may_pick_its_cells_too(client: Any) -> None:
    """``choose_cells`` (API key, lobby check box): a base game's tiles ask their cell
    (cosmetic there); the default stays the engine's; bad values are refused."""
    from webutil import create, info, token
    on = create(client, seed=5, choose_cells=True)
    off = create(client, seed=5)
    for created, want in ((on, True), (off, False)):
        state = arle.State.from_json(client.get(f"/api/games/{created['id']}/state").text)
        assert state.setup["options"].get("choose_cells", False) is want
    tt = create(client, seed=5, expansion="tea-and-trade")
    state = arle.State.from_json(client.get(f"/api/games/{tt['id']}/state").text)
    assert state.setup["options"]["choose_cells"] is True
    r = client.post("/api/games", json={"players": 1, "seats": ["human"],
                                        "choose_cells": "maybe"})
    assert r.status_code == 400 and "choose_cells must be true or false" in r.text
    page = client.get("/").text
    assert 'name="choose_cells"' in page
    assert info(client, on["id"], token(on, 0))["version"] == 1
