"""Browser test of the 3-player game (Tea & Trade; Debian's Chromium driven by
Playwright): one person creates the game in the lobby (choosing 3 players chooses the
expansion), the two others open their invitation links in their own browser contexts,
and the three play by clicking through the specialization round and the first half
year, every page updating live; a spectator's page follows along."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_browser import version_of, view, wait_live
from test_web_tea_trade_browser import click_something

import arle

pytestmark = pytest.mark.browser

TIMEOUT = 15_000   # ms
SEED = 2






def wait_version(page: Any, at_least: int) -> None:
    page.wait_for_function(
        "v => { const e = document.querySelector('#game-view .view');"
        " return e && Number(e.dataset.version) >= v; }", arg=at_least, timeout=TIMEOUT)






def test_three_seats_play_the_specialization_round_and_the_first_half_year(
        browser: Any, live_server: Any, artifacts: Path) -> None:
    ctxs = [browser.new_context(viewport={"width": 1500, "height": 1000}) for _ in range(4)]
    errors: list[str] = []
    try:
        pages = [ctx.new_page() for ctx in ctxs]
        for page in pages:
            page.on("pageerror", lambda e: errors.append(str(e)))
        first = pages[0]
        first.goto(live_server.url + "/")
        first.select_option("select[name=players]", "3")
        # three players are the expansion's game: the lobby chooses it with them
        assert first.locator("select[name=expansion]").input_value() == "tea-and-trade"
        assert first.locator("select[name=seat2]").is_visible()
        first.select_option("select[name=seat1]", "human")
        first.select_option("select[name=seat2]", "human")
        first.select_option("select[name=take_seat]", "0")
        first.fill("input[name=seed]", str(SEED))
        first.click("button[type=submit].primary")
        first.wait_for_url("**/games/*")
        wait_live(first)
        gid = first.url.rsplit("/", 1)[1]
        invites = first.locator("input.invite")
        assert invites.count() == 2
        urls = [str(invites.nth(i).input_value()) for i in range(2)]
        for seat, (page, url) in enumerate(zip(pages[1:3], urls), start=1):
            page.goto(url)
            page.wait_for_url(f"**/games/{gid}")
            wait_live(page)
            assert page.locator(f"text=Player {seat + 1} — you").count() == 1
        watcher = pages[3]
        watcher.goto(f"{live_server.url}/games/{gid}")
        wait_live(watcher)
        assert watcher.locator("text=You are watching.").count() == 1
        head = first.locator(".game-head h2").inner_text()
        assert "specialization round" in head and "of 7" in head
        board = first.locator("svg.action-board")
        for sp in ("grandmother", "imitate_1", "imitate_3", "laborer_summer_3p", "ditcher"):
            assert board.locator(f"g[data-space={sp}]").count() == 1, sp
        assert board.locator("g[data-space=laborer_summer]").count() == 0
        special = first.locator("svg.special-board")
        assert "2 players a half year" in str(special.text_content())
        assert special.locator("g[data-space=driver]").count() == 1
        assert special.locator("g[data-space=imitate_1]").count() == 0
        assert first.locator("section.player").count() == 3

        players = pages[:3]
        clicks: list[str] = []
        specialized: list[str] = []
        for _ in range(400):
            if view(first).get_attribute("data-half-year") != "1":
                break
            to_move = int(view(first).get_attribute("data-to-move"))
            mover = players[to_move]
            # only the seat to move can click anything
            for q, other in enumerate(players):
                if q != to_move:
                    assert other.locator("g.act").count() == 0
                    assert other.locator("#decision button[data-action]").count() == 0
            old = version_of(mover)
            clicked = click_something(mover)
            clicks.append(f"{to_move}:{clicked}")
            if clicked.startswith("specialize"):
                specialized.append(clicked)
            if mover.locator("#chooser[open]").count():
                continue                      # a space of several placements: choose
            for page in pages:                # every page, the spectator's too, updates
                wait_version(page, old + 1)
        assert view(first).get_attribute("data-half-year") == "2", clicks[-20:]
        assert len(specialized) == 6          # 2 picks each, last player first
        first.screenshot(path=str(artifacts / "three-players.png"), full_page=True)

        data = httpx.get(f"{live_server.url}/api/games/{gid}").json()
        assert data["players"] == 3 and data["setup"]["expansion"] == "tea-and-trade"
        actions = [m["action"] for m in data["log"] if m["kind"] == "move"]
        assert sum(a.startswith("specialize") for a in actions) == 6
        # the round came first, from the last player, then the middle, then the start one
        start = arle.new_game(players=3, seed=SEED, expansion="tea-and-trade").start_player
        movers = [m["player"] for m in data["log"] if m["kind"] == "move"][:6]
        assert movers == [(start + 2) % 3] * 2 + [(start + 1) % 3] * 2 + [start] * 2
        assert sum(a.startswith("place") for a in actions) >= 12 - sum(
            a == "skip" for a in actions)
        assert errors == []
    finally:
        for ctx in ctxs:
            ctx.close()
