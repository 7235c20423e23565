"""The second game's page drawn for players: cards with their name, cost, VP and
ability; every choice labelled in words (which pile each draw takes from, which card,
which row and column of the farm); moves posted as fetch does and the fragment
redrawn; no other seat's hidden card; the end's scores side by side with New game and
Rematch; replays; the top bar's title."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi.testclient import TestClient
from test_web_green import _hidden_from, _leaks

import arle.green as G
from arle.web.green import GreenService, SHORT_TITLE
from arle.web.greenpage import card_face, place_name
from arle.web.service import Game


def _svc(client: TestClient) -> GreenService:
    svc = client.app.state.green  # type: ignore[attr-defined]
    assert isinstance(svc, GreenService)
    return svc


def _new(client: TestClient, players: int, seats: list[str], seed: int) -> tuple[str, str, Game]:
    r = client.post("/api/games", json={"game": "green", "players": players, "seats": seats,
                                        "seed": seed})
    assert r.status_code == 201, r.text
    body = r.json()
    game = _svc(client).get(body["id"])
    _svc(client).wait_idle(game)
    return body["id"], body["seats"][0]["token"], game


def _fetch_move(client: TestClient, gid: str, tok: str, action: str, version: int) -> Any:
    """A move as green.js posts it: JSON to the API with the page's version."""
    return client.post(f"/api/green/games/{gid}/moves", json={"action": action,
                                                              "version": version},
                       headers={"X-Arle-Token": tok, "Content-Type": "application/json"})


def _fragment(client: TestClient, gid: str, tok: str | None) -> str:
    r = client.get(f"/green/games/{gid}/view",
                   headers={"X-Arle-Token": tok} if tok else {})
    assert r.status_code == 200
    return r.text


def _version(html: str) -> int:
    m = re.search(r'class="green-view" data-version="(\d+)"', html)
    assert m is not None
    return int(m.group(1))


def _cell_of(html: str, action: str) -> tuple[int, int]:
    """(row, column) labels of the grid cell of the player's own farm holding the button
    of ``action``."""
    farm = html[html.index('<table class="gfarm mine"'):]
    farm = farm[:farm.index("</table>")]
    for row in re.findall(r"<tr><th scope=\"row\">(\d+)</th>(.*?)</tr>", farm, re.S):
        cells = row[1].split("<td")[1:]
        for col, cell in enumerate(cells, 1):
            if f'data-gmove="{action}"' in cell:
                return int(row[0]), col
    raise AssertionError(f"no cell holds {action}")


def test_the_first_decision_names_the_piles_and_the_page_has_the_games_title(
        make_app: Any) -> None:
    with TestClient(make_app()) as client:
        gid, tok, game = _new(client, 2, ["human", "bot:green-greedy"], seed=3)
        assert game.state.current_player == 0 and game.state.pending().kind == "declare"
        page = client.get(f"/green/games/{gid}", headers={"X-Arle-Token": tok}).text
        assert f"{SHORT_TITLE} in the browser" in page
        assert "Fields of Arle in the browser" not in page
        assert "green.css" in page and "green.js" in page
        # each legal split labelled in words, the pile of each number named
        for a in game.state.legal_actions():
            f, li, c, b = str(a).split()[1:]
            words = [f"{f} from Fields" if f != "0" else "none from Fields",
                     f"{li} from Livestock" if li != "0" else "none from Livestock",
                     f"{c} from Construction" if c != "0" else "none from Construction",
                     f"{b} from Buildings" if b != "0" else "none from Buildings"]
            assert "Draw " + ", ".join(words) in page, a
        assert "draw 4 1 1 0</button>" not in page           # no bare notation as a label
        legal = json.loads(re.search(r'data-legal="([^"]*)"', page).group(1))  # type: ignore[union-attr]
        assert sorted(legal) == sorted([int(n) for n in str(a).split()[1:]]
                                       for a in game.state.legal_actions())
        assert 'class="g-decision yours"' in page
        # the lobby says the second game too
        assert f"{SHORT_TITLE} in the browser" in client.get("/green").text


def test_cards_choices_and_the_farm_grid_in_words_and_moves_by_fetch(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        gid, tok, game = _new(client, 2, ["human", "bot:green-greedy"], seed=3)
        cs = game.state.cs
        html = _fragment(client, gid, tok)
        r = _fetch_move(client, gid, tok, "draw 2 2 1 1", _version(html))
        assert r.status_code == 200 and r.json()["ok"], r.text
        _svc(client).wait_idle(game)
        html = _fragment(client, gid, tok)
        assert _version(html) > _version(_fragment(client, gid, None)) - 1
        s = game.state
        assert s.pending().kind == "take" and s.current_player == 0
        # the market's cards: name, cost, VP and ability drawn; Take labelled with the name
        for cid in s.market:
            face = card_face(cs, cid)
            assert face["name"] in html and f"Cost: {face['cost']}" in html
            assert f"{face['vp']} VP" in html and face["ability"] in html
        for a in s.legal_actions():
            cid = str(a).split()[1]
            label = f"Take {cid.upper()} {card_face(cs, cid)['name']}"
            assert f'aria-label="{label}"' in html and f">{label}</button>" in html
        take = str(s.legal_actions()[0])
        before = _version(html)
        r = _fetch_move(client, gid, tok, take, before)
        assert r.status_code == 200, r.text
        html = _fragment(client, gid, tok)
        assert _version(html) == before + 1                # the fragment moved on
        s = game.state
        assert s.pending().kind == "act"
        card = s.players[0].card
        name = card_face(cs, card)["name"]
        assert f"Act with {card.upper()} {name}" in html
        farm = s.observation(0)["seats"][0]["farm"]
        builds = [str(a) for a in s.legal_actions() if str(a).startswith("build ")]
        assert builds
        for a in builds:
            x, y = int(a.split()[1]), int(a.split()[2])
            where = place_name((x, y), farm)
            assert f"Build {card.upper()} {name} at {where}" in html
            row, col = _cell_of(html, a)
            assert where == f"row {row}, column {col}"          # drawn where it is named
        # the start farm (tower at 0,0, silo at 1,0) inside its empty ring: 3 rows, 4 columns
        assert place_name((-1, 0), farm) == "row 2, column 1"
        assert "Water Tower" in html and "3 Water" in html
        assert re.search(r"Market: sell \w+ .* with 1 Food for 4 coins", html)
        # a stale version is refused and changes nothing
        r = _fetch_move(client, gid, tok, builds[0], before)
        assert r.status_code == 409 and game.state.pending().kind == "act"
        r = _fetch_move(client, gid, tok, builds[0], before + 1)
        assert r.status_code == 200
        _svc(client).wait_idle(game)
        html = _fragment(client, gid, tok)
        x, y = int(builds[0].split()[1]), int(builds[0].split()[2])
        assert f"{x},{y}" in game.state.players[0].farm
        assert name in html.split('<section class="g-farm mine">')[1]   # on the farm now
        assert "took " + card.upper() in html and "Player 1" in html      # the log in words


def test_no_seat_sees_another_seats_hidden_cards_on_the_page(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        r = client.post("/api/games", json={"game": "green", "players": 3, "seed": 8,
                                            "seats": ["human", "human", "bot:green-greedy"]})
        body = r.json()
        gid = body["id"]
        toks = [body["seats"][0]["token"], body["seats"][1]["token"]]
        game = _svc(client).get(gid)
        checked = 0
        for k in range(30):
            _svc(client).wait_idle(game)
            s = game.state
            p = s.current_player
            assert p in (0, 1)
            for viewer, tok in ((None, None), (0, toks[0]), (1, toks[1])):
                if k % 3:
                    continue
                secret = _hidden_from(game, viewer)
                checked += len(secret)
                texts = [_fragment(client, gid, tok)]
                if k % 6 == 0:
                    texts.append(client.get(f"/green/games/{gid}/replay", headers={
                        "X-Arle-Token": tok} if tok else {}).text)
                for text in texts:
                    assert _leaks(text, game, secret) == [], (viewer, secret)
                if viewer is not None and s.players[viewer].hand:
                    own = _fragment(client, gid, tok)
                    for cid in s.players[viewer].hand:
                        assert card_face(s.cs, cid)["name"] in own
            html = _fragment(client, gid, toks[p])
            acts = re.findall(r'data-gmove="([^"]+)"', html)
            assert acts and set(acts) == {str(a) for a in s.legal_actions()}
            r = _fetch_move(client, gid, toks[p], acts[0], _version(html))
            assert r.status_code == 200, r.text
        assert checked > 20
        spect = _fragment(client, gid, None)
        assert "You are watching" in spect or "Waiting" in spect
        assert "Your hand" not in spect and "data-gmove" not in spect
        assert spect.count('class="g-seat"') == 3            # every seat's belongings
        assert spect.count('class="to-move"') == 1
        mine = _fragment(client, gid, toks[0])
        assert mine.count('class="g-seat"') == 2             # the others'; one's own above


def test_the_draw_picker_works_as_a_plain_form(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        gid, tok, game = _new(client, 2, ["human", "bot:green-greedy"], seed=3)
        client.cookies.set(f"arle_green_{gid}_0", tok)
        v = game.version
        r = client.post(f"/green/games/{gid}/moves", data={
            "version": str(v), "n0": "3", "n1": "1", "n2": "1", "n3": "1"},
            follow_redirects=False)
        assert r.status_code == 303
        assert "draw 3 1 1 1" in game.state.history and game.version > v
        _svc(client).wait_idle(game)
        before = game.state.to_json()
        r = client.post(f"/green/games/{gid}/moves", data={
            "version": str(game.version), "n0": "6", "n1": "0", "n2": "0", "n3": "0"})
        assert r.status_code in (400, 409) and game.state.to_json() == before


def _finish_solo(client: TestClient, seed: int) -> tuple[str, str, str, Game]:
    r = client.post("/api/games", json={"game": "green", "players": 1, "seed": seed,
                                        "seats": ["human"]})
    body = r.json()
    gid, tok = body["id"], body["seats"][0]["token"]
    game = _svc(client).get(gid)
    while not game.state.is_terminal():
        a = str(game.state.legal_actions()[-1])
        assert _fetch_move(client, gid, tok, a, game.version).status_code == 200
    return gid, tok, body["owner_token"], game


def test_the_end_shows_the_scores_side_by_side_with_new_game_and_rematch(
        make_app: Any) -> None:
    with TestClient(make_app()) as client:
        gid, tok, owner, game = _finish_solo(client, seed=4)
        html = _fragment(client, gid, tok)
        top = html[:html.index('<div class="g-board">')]      # above the boards
        assert 'class="g-results"' in top and "Total" in top
        sc = game.state.scores()[0]
        total = f"{sc.total:.1f}".removesuffix(".0")
        assert f"<b>{total}</b>" in top
        for label in ("VP printed on cards", "Coins (1 VP per 3)", "Food (1 VP per 2)"):
            assert label in top
        assert 'href="/green">New game</a>' in top
        assert "Rematch" not in top                      # only the owner's page has it
        client.cookies.set(f"arle_green_owner_{gid}", owner)
        client.cookies.set(f"arle_green_{gid}_0", tok)
        page = client.get(f"/green/games/{gid}").text
        assert f'action="/green/games/{gid}/rematch"' in page
        r = client.post(f"/green/games/{gid}/rematch", follow_redirects=False)
        assert r.status_code == 303, r.text
        new = r.headers["location"].rsplit("/", 1)[1]
        assert new != gid and client.cookies.get(f"arle_green_{new}_0")
        fresh = client.get(f"/green/games/{new}").text
        assert "Year 1 of 4" in fresh and 'class="g-decision yours"' in fresh
        # the replay of the finished game: any seat, any step
        r = client.get(f"/green/games/{gid}/replay?step=2&seat=0")
        assert r.status_code == 200 and "move 2 of" in r.text and "data-gmove" not in r.text
        end = client.get(f"/green/games/{gid}/replay").text
        assert 'class="g-results"' in end


def test_replays_of_a_running_game_show_only_what_the_browser_may_see(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        gid, tok, game = _new(client, 2, ["human", "human"], seed=2)
        for _ in range(6):
            s = game.state
            p = s.current_player
            ptok = tok if p == 0 else None
            if ptok is None:
                break
            assert _fetch_move(client, gid, tok, str(s.legal_actions()[0]),
                               game.version).status_code == 200
        r = client.get(f"/green/games/{gid}/replay?seat=1")
        assert r.status_code == 403
        r = client.get(f"/green/games/{gid}/replay?step=1&seat=0",
                       headers={"X-Arle-Token": tok})
        assert r.status_code == 200 and "move 1 of" in r.text
        r = client.get(f"/green/games/{gid}/replay?step=x")
        assert r.status_code == 400


def test_presence_and_invitations_update_in_the_fragment(make_app: Any) -> None:
    with TestClient(make_app()) as client:
        r = client.post("/green/games", data={"players": "2", "seat0": "human",
                                              "seat1": "human", "take_seat": "0",
                                              "seed": "4"}, follow_redirects=False)
        gid = r.headers["location"].rsplit("/", 1)[1]
        html = _fragment_cookie(client, gid)
        assert "Invitation links" in html and "(not joined yet)" in html
        assert "not joined yet</small>" in html
        link = re.search(r"/green/join/([\w-]+)", html).group(1)  # type: ignore[union-attr]
        friend = TestClient(client.app)
        friend.get(f"/green/join/{link}", follow_redirects=False)
        html = _fragment_cookie(client, gid)
        assert "(joined)" in html and "not joined yet" not in html
        with friend.websocket_connect(f"/green/ws/{gid}") as ws:
            msg = json.loads(ws.receive_text())
            assert msg["presence"].endswith(":1")
            assert 'class="online">online</small>' in _fragment_cookie(client, gid)


def _fragment_cookie(client: TestClient, gid: str) -> str:
    r = client.get(f"/green/games/{gid}/view")
    assert r.status_code == 200
    return r.text


def test_card_faces_of_every_shipped_design_and_tile_have_words(make_app: Any) -> None:
    cs = G.load_cards()
    for cid in list(cs.designs) + list(cs.tiles) + ["tower", "silo"]:
        face = card_face(cs, cid)
        assert face["name"] and face["ability"] and face["text"], cid
        assert cid.upper() not in str(face["name"])            # the code is apart
        if cid in cs.designs:
            assert face["cost"] and face["vp"] == cs.designs[cid].vp


def test_every_choice_of_every_decision_is_in_words_and_lands_on_what_it_names() -> None:
    """Random games of 1-4 players (hidden actions too): every legal action of the seat
    to move gets a label in words (never its notation), and a choice made on the board
    sits on a cell of the seat's drawn farm or on a card the page draws."""
    import random

    from arle.green.faces import seat_view
    from arle.web.greenpage import page_model

    kinds: set[str] = set()
    for players, seed, opts in ((2, 1, {}), (3, 2, {"action_choice": "hidden"}),
                                (1, 3, {}), (4, 5, {}), (2, 6, {})):
        s = G.new_game(players=players, seed=seed, **opts)
        rng = random.Random(seed)
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            view = seat_view(s, p)
            m = page_model(s.cs, view)
            kind = view["obs"]["decision"]["kind"]
            kinds.add(kind)
            legal = [str(a) for a in s.legal_actions()]
            assert [c["action"] for c in m["choices"]] == legal
            cells = {c["key"] for r in m["farms"][p]["rows"] for c in r["cells"]}
            drawn = {f["id"] for f in m["hand"] + m["market"] + m["keep"] + m["aside"]}
            for c in m["choices"]:
                assert c["label"] != c["action"] and c["label"][0].isupper(), c
                assert not re.search(r"-?\d+,-?\d+", c["label"]), c     # no coordinates
                target, _, what = c["target"].partition(":")
                if target == "cell":
                    assert what in cells, c
                elif target == "card":
                    assert what in drawn, c
                else:
                    assert target == "panel", c
                if c["action"].split()[0] == "draw":
                    assert m["declare"] is not None
            s.apply(legal[rng.randrange(len(legal))])
    assert {"declare", "take", "pick", "act", "plan", "paywater", "keep", "tile",
            "harvest"} <= kinds
