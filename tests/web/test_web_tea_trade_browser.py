"""Browser test of Tea & Trade (Debian's Chromium, driven by Playwright): a solo
expansion game created in the lobby and played by clicking through its first
inventory, with a ditch dug on an edge of the home board, a placement with Tea chosen
on its space and a Fishing Cutter built, the rest by clicking legal choices."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_browser import version_of, view, wait_version_change
from webutil import wait_live

pytestmark = pytest.mark.browser

TIMEOUT = 10_000   # ms
SEED = 1           # the Ditcher, the Fisherman with Tea and the Sailmaker are all free








def click_and_wait(page: Any, selector: str) -> None:
    old = version_of(page)
    page.locator(selector).click()
    wait_version_change(page, old)


def click_something(page: Any) -> str:
    """One legal choice by clicking: the open chooser's or dialog's first choice, else the
    first space one may use, else the first control (``end``...)."""
    chooser = page.locator("#chooser[open] button[data-action]")
    for box in (chooser, page.locator("#decision button[data-action]")):
        if box.count():
            label = str(box.first.get_attribute("data-action"))
            box.first.click()
            return label
    space = page.locator("svg.action-board g.act[data-space]:not(.futile)")
    if space.count():
        label = "space " + str(space.first.get_attribute("data-space"))
        space.first.click()
        return label
    control = page.locator(".controls button[data-action]").first
    label = str(control.get_attribute("data-action"))
    control.click()
    return label


def test_solo_expansion_game_through_the_first_inventory(
        browser: Any, live_server: Any, artifacts: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(live_server.url + "/")
        page.select_option("select[name=players]", "1")
        page.select_option("select[name=expansion]", "tea-and-trade")
        # the base game's "first game" selection gives way to the expansion's
        assert page.locator("select[name=buildings]").input_value() == "random"
        assert page.locator("option[value=first-game]").is_disabled()
        page.fill("input[name=seed]", str(SEED))
        page.click("button[type=submit].primary")
        page.wait_for_url("**/games/*")
        wait_live(page)
        gid = page.url.rsplit("/", 1)[1]
        board = page.locator("svg.action-board")
        assert board.locator("g[data-space=ditcher]").count() == 1
        assert page.locator("svg.harbor").count() == 1

        # the Ditcher: its space offers two placements, the chooser lists them
        board.locator("g.act[data-space=ditcher]").click()
        page.locator("#chooser[open]").wait_for(timeout=TIMEOUT)
        click_and_wait(page, "#chooser button[data-action='place ditcher']")
        # dig by clicking an edge of the home board, then stop
        home = page.locator("svg.home-board")
        assert home.locator("g.act[data-edge]").count() == 2
        home.screenshot(path=str(artifacts / "tea-and-trade-dig.png"))
        click_and_wait(page, "svg.home-board g.act[data-edge='v(3,0)']")
        assert home.locator("[data-ditch='v(3,0)']").count() == 1
        click_and_wait(page, "#decision button[data-action=done]")

        # the Fisherman with Tea: its badge on the space sends that placement
        click_and_wait(page, "svg.action-board g[data-space=fisherman] g.act[data-tea=tea]")
        click_and_wait(page, "#decision button[data-action='take sheep']")

        # the Sailmaker: build a Small Fishing Cutter from the dialog
        click_and_wait(page, "svg.action-board g.act[data-space=sailmaker]")
        click_and_wait(page, "#decision button[data-action='ship fishing_cutter_small']")
        assert page.locator("svg.harbor g[data-kind=fishing_cutter_small]").count() == 1

        clicks: list[str] = []
        for _ in range(80):
            if view(page).get_attribute("data-half-year") != "1":
                break
            old = version_of(page)
            clicks.append(click_something(page))
            if page.locator("#chooser[open]").count():
                continue                      # a space of several placements: choose
            wait_version_change(page, old)
        assert view(page).get_attribute("data-half-year") == "2", clicks
        assert "November" not in page.locator(".game-head h2").inner_text()
        page.screenshot(path=str(artifacts / "tea-and-trade.png"), full_page=True)

        data = httpx.get(f"{live_server.url}/api/games/{gid}").json()
        actions = [m["action"] for m in data["log"] if m["kind"] == "move"]
        assert data["setup"]["expansion"] == "tea-and-trade" and data["half_year"] == 2
        for done in ("place ditcher", "dig v(3,0)", "place fisherman tea",
                     "ship fishing_cutter_small"):
            assert done in actions
        assert page.locator("svg.home-board [data-ditch='v(3,0)']").count() == 1
        assert errors == []
    finally:
        ctx.close()
