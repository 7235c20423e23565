"""The home board names its rows and columns (from 1, as the choices' words do), a ditch
edge's title says where it is in those words, the supply shows whole names, and a tile
chosen by clicking a cell goes to that cell without a second question.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from webutil import create, open_uploaded, token, wait_live

import arle
from arle import presenter, view
from arle.web import svg
from arle.actions import Action


def test_rows_and_columns_are_labelled(client: Any) -> None:
    made = create(client, players=1, seed=4)
    html = client.get(f"/games/{made['id']}/view",
                      headers={"X-Arle-Token": token(made, 0)}).text
    board = re.search(r'<svg[^>]*class="board home-board".*?</svg>', html, re.S)
    assert board is not None
    coords = re.findall(r'<text class="coord"[^>]*>([^<]+)</text>', board.group(0))
    assert coords == ["column 1", "column 2", "column 3"] + [str(r) for r in range(1, 8)]


@pytest.mark.parametrize(("edge", "words"), [
    ("v(3,0)", "between columns 1 and 2 of row 4"),
    ("h(3,0)", "between rows 4 and 5 of column 1"),
    ("v(6,1)", "between columns 2 and 3 of row 7"),
])
def test_edges_and_cells_in_words(edge: str, words: str) -> None:
    assert presenter.edge_words(edge) == words
    s = arle.new_game(players=1, seed=1, expansion="tea-and-trade")
    assert presenter.option_words(Action("dig", (edge,)), s) == f"Dig a ditch {words}"
    assert presenter.option_words(Action("cell", ("3,0",)), s) == \
        "On the cell in row 4, column 1"


def test_the_supply_names_its_items_whole(client: Any) -> None:
    made = create(client, players=1, seed=4, expansion="tea-and-trade")
    html = client.get(f"/games/{made['id']}/view",
                      headers={"X-Arle-Token": token(made, 0)}).text
    goods = re.search(r'<svg[^>]*class="board goods".*?</svg>', html, re.S)
    assert goods is not None
    for label in ("summer wear", "winter wear", "leather wear", "E. Frisian tea"):
        assert f">{label}</text>" in goods.group(0), label
    assert 'data-res="east_frisian_tea" data-info="east_frisian_tea"' in goods.group(0)
    assert "<title>East Frisian Tea: 0</title>" in goods.group(0)


SEED, PLIES = 1, 20     # a solo game with "pick the cell of each tile", a Stall to place


def _record() -> dict[str, Any]:
    s = arle.new_game(players=1, seed=SEED, options={"choose_cells": True})
    rng = random.Random(SEED)
    for _ in range(PLIES):
        s.apply(rng.choice(s.legal_actions()))
    assert {str(a) for a in s.legal_actions()} == {"stall", "done"}
    return s.record()


@pytest.mark.browser
def test_a_tile_goes_where_it_was_clicked(browser: Any, live_server: Any,
                                          artifacts: Path) -> None:
    gid, ctx, page = open_uploaded(browser, live_server.url, _record())
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.locator("svg.home-board g.act[data-cell='10']").click()     # row 4, column 2
        page.wait_for_function(
            "() => document.querySelector('#game-view .view').dataset.ply === '22'",
            timeout=10_000)
        state = arle.State.from_json(httpx.get(f"{live_server.url}/api/games/{gid}/state").text)
        assert state.history[-2:] == ["stall", "cell 3,1"]
        assert view.cell(state, 0, 10).tile == "stall"
        page.screenshot(path=str(artifacts / "tile-where-clicked.png"))
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.browser
def test_the_boards_do_not_move_as_decisions_change(browser: Any, live_server: Any,
                                                    artifacts: Path) -> None:
    made = httpx.post(f"{live_server.url}/api/games",
                      json={"players": 1, "seats": ["human"], "seed": 7}).json()
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(made["seats"][0]["invite_url"])
        wait_live(page)
        tops: list[tuple[str, float]] = []
        for _ in range(12):
            kind = page.locator("#game-view .view").get_attribute("data-decision") or ""
            top = page.evaluate("() => document.querySelector('svg.action-board')"
                                ".getBoundingClientRect().top + window.scrollY")
            tops.append((kind, top))
            old = page.locator("#game-view .view").get_attribute("data-version")
            dialog = page.locator("#decision button[data-action]")
            space = page.locator("svg.action-board g.act[data-space]:not(.futile)")
            if dialog.count():
                dialog.last.click()
            elif space.count():
                space.first.click()
            else:
                page.locator(".controls button[data-action]").first.click()
            page.wait_for_function(
                "old => document.querySelector('#game-view .view').dataset.version !== old",
                arg=old, timeout=10_000)
        assert len({k for k, _ in tops}) >= 2, tops          # decisions of several kinds
        assert max(t for _, t in tops) - min(t for _, t in tops) <= 1, tops
        page.screenshot(path=str(artifacts / "stable-layout.png"))
    finally:
        ctx.close()


@pytest.mark.browser
def test_the_final_score_comes_first_side_by_side(browser: Any, live_server: Any,
                                                  artifacts: Path) -> None:
    s = arle.new_game(players=2, seed=5)
    rng = random.Random(5)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    up = httpx.post(f"{live_server.url}/api/records", json=s.record())
    assert up.status_code == 201, up.text
    gid = up.json()["id"]
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(f"{live_server.url}/games/{gid}")
        page.wait_for_selector("#game-view .view[data-over='1']", timeout=10_000)
        # measured in one go (a live update may swap the view between two queries)
        rects = page.evaluate(
            "() => [...document.querySelectorAll('.final-score table.breakdown'),"
            " document.querySelector('svg.action-board')].map(e => {"
            " const r = e.getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width}; })")
        assert len(rects) == 3
        a, b, board = rects
        assert abs(a["y"] - b["y"]) <= 1 and b["x"] > a["x"] + a["width"] - 1   # side by side
        assert a["y"] < board["y"]                                           # before the boards
        assert a["y"] < 900                                                  # on the first screen
        page.screenshot(path=str(artifacts / "final-score.png"), full_page=True)
    finally:
        ctx.close()


@pytest.mark.browser
def test_the_first_game_guide_until_put_away(browser: Any, live_server: Any,
                                             artifacts: Path) -> None:
    made = httpx.post(f"{live_server.url}/api/games",
                      json={"players": 1, "seats": ["human"], "seed": 3}).json()
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, first_game=True)
    page = ctx.new_page()
    try:
        page.goto(made["seats"][0]["invite_url"])
        wait_live(page)
        guide = page.locator("#guide")
        assert guide.is_visible() and guide.locator("li").count() == 4
        page.screenshot(path=str(artifacts / "first-game-guide.png"))
        page.click("#guide-later")                     # for now only: back next time
        assert not guide.is_visible()
        page.reload()
        assert page.locator("#guide").is_visible()
        page.click("#guide-done")                      # for good
        page.reload()
        assert not page.locator("#guide").is_visible()
        page.click("#show-guide")                      # and on demand
        assert page.locator("#guide").is_visible()
        watcher = browser.new_context().new_page()     # a spectator gets no guide
        watcher.goto(f"{live_server.url}/games/{made['id']}")
        assert watcher.locator("#guide").count() == 0
        watcher.context.close()
    finally:
        ctx.close()


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.mark.browser
def test_on_a_phone_the_decision_action_board_and_farm_come_first(
        browser: Any, live_server: Any, artifacts: Path) -> None:
    made = httpx.post(f"{live_server.url}/api/games", json={
        "players": 2, "seats": ["bot:random", "human"], "seed": 3}).json()
    bottoms: dict[bool, dict[str, float]] = {}
    for first_game in (False, True):
        ctx = browser.new_context(**PHONE, first_game=first_game)
        page = ctx.new_page()
        try:
            page.goto(made["seats"][1]["invite_url"])
            page.wait_for_selector("#game-view .view[data-mine='1']", timeout=20_000)
            wait_live(page)
            found = {}
            for sel in (".decision-bar", "svg.action-board",
                        "section.player.own svg.home-board"):
                found[sel] = page.evaluate(
                    "s => { const r = document.querySelector(s).getBoundingClientRect();"
                    " return r.bottom + window.scrollY; }", sel)
            bottoms[first_game] = found
            bar = page.evaluate("() => document.querySelector('.decision-bar')"
                                ".getBoundingClientRect().height")
            assert bar <= 130, bar                                      # a compact bar
            if first_game:                          # the guide covers, it moves nothing
                guide = page.evaluate("() => document.getElementById('guide')"
                                      ".getBoundingClientRect().height")
                assert 0 < guide <= 0.46 * 844
                page.screenshot(path=str(artifacts / "phone-first-game.png"))
            else:
                page.screenshot(path=str(artifacts / "phone-layout.png"), full_page=True)
        finally:
            ctx.close()
    for sel, bottom in bottoms[False].items():
        assert bottom <= 2 * 844, (sel, bottom)
    assert bottoms[True] == bottoms[False]


def test_a_dike_move_is_made_on_the_board(client: Any) -> None:
    """Tea & Trade: when a moved dike's columns are a choice, the dike that may leave
    its gap and the free places of the gap that takes it are clickable on the board,
    each standing for the moves it is part of."""
    s = arle.new_game(players=1, seed=1, expansion="tea-and-trade")
    rng = random.Random(1)
    for _ in range(56):
        s.apply(rng.choice(s.legal_actions()))
    moves = [str(a) for a in s.legal_actions()]
    assert moves and all(m.startswith("dike ") for m in moves)
    up = client.post("/api/records", json=s.record())
    assert up.status_code == 201, up.text
    gid, tok = up.json()["id"], up.json()["seats"][0]["token"]
    html = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": tok}).text
    give, take = view.dike_move_gaps(s, 0) or (None, None)
    assert give is not None and take is not None
    froms = {m.split()[1] for m in moves}
    tos = {m.split()[2] for m in moves}
    for kind, cols, pos in (("dikefrom", froms, 1), ("dikeslot", tos, 2)):
        for c in cols:
            acts = re.search(rf'data-acts="([^"]*)" data-{kind}="{c}"', html)
            assert acts is not None, (kind, c)
            listed = json.loads(acts.group(1).replace("&quot;", '"').replace("&#34;", '"'))
            assert sorted(listed) == sorted(m for m in moves if m.split()[pos] == c)


def test_space_texts_fit_their_cards() -> None:
    """Every action space's line fits its card (178 px less the margins, 10 px type of
    about 5.5 px a character): no label cut off."""
    for sp, text in svg.SPACE_TEXT.items():
        assert len(text) * 5.5 <= 164, (sp, text)


@pytest.mark.browser
@pytest.mark.parametrize("name", ["desktop", "phone"])
def test_the_specialization_round_fits_the_screen(browser: Any, live_server: Any,
                                                  artifacts: Path, name: str) -> None:
    """3 players: the specialization round's long list of picks stays within the screen
    (it scrolls inside the decision bar) and the bar names which pick of how many."""
    made = httpx.post(f"{live_server.url}/api/games", json={
        "players": 3, "seats": ["human", "human", "human"], "seed": 7,
        "expansion": "tea-and-trade"}).json()
    s = arle.new_game(players=3, seed=7, expansion="tea-and-trade")
    p = s.current_player
    assert p is not None
    opts = PHONE if name == "phone" else {"viewport": {"width": 1440, "height": 900}}
    height = opts["viewport"]["height"]
    ctx = browser.new_context(**opts)
    page = ctx.new_page()
    try:
        page.goto(made["seats"][p]["invite_url"])
        page.wait_for_selector("#game-view .view[data-mine='1']", timeout=20_000)
        wait_live(page)
        assert "Specialization: your first pick of 2" in page.locator("#decision").inner_text()
        bar = page.evaluate("() => { const r = document.querySelector('.decision-bar')"
                            ".getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert 0 <= bar[0] and bar[1] <= height, bar
        last = page.locator("#decision button[data-action]").last
        last.scroll_into_view_if_needed()
        box = last.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height
        page.screenshot(path=str(artifacts / f"specialization-{name}.png"))
    finally:
        ctx.close()
