"""Faces tested by play in the browser (issue 32): Debian's Chromium, driven by
Playwright, creates a game in each lobby against a bot and makes seeded random choices
by clicking, the bot's replies arriving live; the page and the server agree on the
position after each click.  Short (a dozen clicks a game): the whole games are played
through the same pages by ``tests/test_faces_play.py`` and ``scripts/faces-soak.py``."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from test_web_browser import version_of, wait_live

pytestmark = pytest.mark.browser

TIMEOUT = 10_000   # ms
CLICKS = 12


def _clickables(page: Any) -> Any:
    """What a person may click to decide, on a Fields of Arle page: the open chooser's
    or the dialog's choices, else the spaces and the controls."""
    for sel in ("#chooser[open] button[data-action]", "#decision button[data-action]"):
        box = page.locator(sel)
        if box.count():
            return box
    return page.locator("svg.action-board g.act[data-space], .controls button[data-action]")


def _wait_mine(page: Any) -> None:
    """Until the page shows a decision of this browser's seat (the bot's moves arrive
    by the live connection)."""
    page.wait_for_function(
        "() => { const v = document.querySelector('#game-view .view');"
        " return v && (v.dataset.mine === '1' || v.dataset.over === '1'); }",
        timeout=TIMEOUT)


def test_tea_and_trade_against_a_bot_by_random_clicks(browser: Any, live_server: Any) -> None:
    rng = random.Random(32)
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(live_server.url + "/")
        page.select_option("select[name=players]", "2")
        page.select_option("select[name=expansion]", "tea-and-trade")
        page.select_option("select[name=seat1]", "bot:random")
        page.fill("input[name=seed]", "32")
        page.click("button[type=submit].primary")
        page.wait_for_url("**/games/*")
        wait_live(page)
        gid = page.url.rsplit("/", 1)[1]
        clicked: list[str] = []
        moves = 0
        while moves < CLICKS:
            assert len(clicked) < 3 * CLICKS, clicked
            _wait_mine(page)
            old = version_of(page)
            choices = _clickables(page)
            pick = choices.nth(rng.randrange(choices.count()))
            clicked.append(str(pick.get_attribute("data-action")
                               or pick.get_attribute("data-space")))
            pick.click()
            # a move, or a space with several actions opened its chooser
            page.wait_for_function(
                "old => { const v = document.querySelector('#game-view .view');"
                " return (v && Number(v.dataset.version) !== old)"
                " || document.querySelector('#chooser[open]'); }", arg=old, timeout=TIMEOUT)
            moves += version_of(page) != old
        _wait_mine(page)
        data = httpx.get(f"{live_server.url}/api/games/{gid}").json()
        shown = page.locator("#game-view .view")
        assert str(data["version"]) == shown.get_attribute("data-version"), clicked
        assert str(data["ply"]) == shown.get_attribute("data-ply")
        assert data["ply"] >= moves and {m["player"] for m in data["log"]} == {0, 1}
        assert errors == []
    finally:
        ctx.close()


def test_the_green_game_against_a_bot_by_random_clicks(browser: Any,
                                                       live_server: Any) -> None:
    rng = random.Random(33)
    ctx = browser.new_context()
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    version = ("() => Number(document.querySelector('#green-view .green-view')"
               "?.dataset.version)")
    try:
        page.goto(live_server.url + "/green")
        page.select_option("select[name=players]", "2")
        page.select_option("select[name=seat1]", "bot:random")
        page.fill("input[name=seed]", "33")
        page.click("button[type=submit].primary")
        page.wait_for_url("**/green/games/*")
        gid = page.url.rsplit("/", 1)[1]
        mine_now = "#green-view .green-view[data-mine='1']"
        for _ in range(CLICKS):
            # the bot's moves arrive live; then this seat's choices are on the cards and
            # the grid, or the draw's picker (a count a pile, then its button)
            page.wait_for_selector(mine_now, state="attached", timeout=TIMEOUT)
            old = int(page.evaluate(version))
            buttons = page.locator(f"{mine_now} button[data-gmove]:visible")
            if buttons.count():
                buttons.nth(rng.randrange(buttons.count())).click()
            else:
                go = page.locator(f"{mine_now} form.declare button.draw-go")
                while True:
                    for row in range(4):
                        page.locator(f"{mine_now} form.declare .drow").nth(row).locator(
                            "label").nth(rng.randrange(3)).click()
                    if go.is_enabled():
                        break
                go.click()
            page.wait_for_function(f"() => ({version})() > {old}", timeout=TIMEOUT)
        page.wait_for_selector(mine_now, state="attached", timeout=TIMEOUT)
        mine = httpx.get(f"{live_server.url}/api/green/games/{gid}",
                         cookies={k["name"]: k["value"] for k in ctx.cookies()}).json()
        assert mine["you"] == 0 and mine["version"] == page.evaluate(version)
        assert mine["version"] > CLICKS          # one version a move, the bot's too
        legal = mine["view"]["obs"]["legal_actions"]
        shown = page.evaluate("() => [...new Set([...document.querySelectorAll("
                              "'#green-view button[data-gmove]')].map(b => b.dataset.gmove))]")
        assert sorted(shown) == sorted(legal)
        hand = mine["view"]["obs"]["hand"]
        text = page.locator("#green-view .g-hand").inner_text().upper()
        assert all(c.upper() in text for c in hand)
        assert errors == []
    finally:
        ctx.close()


def test_a_finished_green_record_is_uploaded_in_the_green_lobby_and_reviewed(
        browser: Any, live_server: Any, tmp_path: Any) -> None:
    """The second game's record goes through the same upload form (here the green
    lobby's) to its game's replay; the replay's last move shows the scores, and the
    review page lists each player."""
    import json

    import arle.green as G
    from arle.green.bots import green_bot
    s = G.new_game(players=2, seed=12)
    bots = [green_bot("random", seed=q) for q in range(2)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    path = tmp_path / "green.json"
    path.write_text(json.dumps(s.record()), encoding="utf-8")
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(live_server.url + "/green")
        page.set_input_files("#upload input[type=file]", str(path))
        page.click("#upload button[type=submit]")
        page.wait_for_url("**/green/games/*/replay", timeout=TIMEOUT)
        gid = page.url.split("/games/")[1].split("/")[0]
        n = len(s.history)
        assert f"move {n} of {n}" in page.content() and "Winner" in page.content()
        page.goto(f"{live_server.url}/green/games/{gid}/review")
        assert page.locator("section.card.review").count() == 2
        assert httpx.get(f"{live_server.url}/api/green/games/{gid}/record").json()[
            "actions"] == s.record()["actions"]
    finally:
        ctx.close()
