"""Browser tests: Debian's Chromium, driven by Playwright, plays through the pages by
clicking: a solo game's first half year, reload and continue, undo, and two seats in
two browser contexts updating each other live."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from webutil import FirstAnswerHeld, wait_live

pytestmark = pytest.mark.browser

TIMEOUT = 10_000   # ms


def view(page: Any) -> Any:
    return page.locator("#game-view .view")


def version_of(page: Any) -> int:
    return int(view(page).get_attribute("data-version"))


def wait_version_change(page: Any, old: int) -> None:
    page.wait_for_function(
        "old => { const v = document.querySelector('#game-view .view');"
        " return v && Number(v.dataset.version) !== old; }", arg=old, timeout=TIMEOUT)


def click_something(page: Any) -> str:
    """Make one decision by clicking, the way a person would; returns what was clicked."""
    dialog = page.locator("#decision")
    if dialog.count():
        button = dialog.locator("button[data-action]").first
        label = str(button.get_attribute("data-action"))
        button.click()
        return label
    space = page.locator("svg.action-board g.act[data-space]:not(.futile)").first
    if space.count():
        label = "place " + str(space.get_attribute("data-space"))
        space.click()
        return label
    control = page.locator(".controls button[data-action]").first
    label = str(control.get_attribute("data-action"))
    control.click()
    return label


def create_solo_by_form(page: Any, base: str, seed: int = 7) -> str:
    page.goto(base + "/")
    page.select_option("select[name=players]", "1")
    page.fill("input[name=seed]", str(seed))
    page.click("button[type=submit].primary")
    page.wait_for_url("**/games/*")
    wait_live(page)
    return str(page.url.rsplit("/", 1)[1])


def test_solo_first_half_year_by_clicking_with_reload_and_undo(
        browser: Any, live_server: Any, artifacts: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        gid = create_solo_by_form(page, live_server.url)
        assert page.locator("text=Player 1 — you").count() == 1
        assert view(page).get_attribute("data-half-year") == "1"

        # undo: place a worker by clicking the Fisherman, then take it back
        v0 = version_of(page)
        page.locator("svg.action-board g.act[data-space=fisherman]").click()
        wait_version_change(page, v0)
        assert view(page).get_attribute("data-ply") == "1"
        assert page.locator("#decision").count() == 1        # take a sheep?
        v1 = version_of(page)
        page.locator("button[data-undo]").click()
        wait_version_change(page, v1)
        assert view(page).get_attribute("data-ply") == "0"
        assert page.locator("svg.action-board g.act[data-space=fisherman]").count() == 1

        # play by clicking; reload halfway and go on from the same position
        clicks: list[str] = []
        reloaded = False
        for _ in range(80):
            if view(page).get_attribute("data-half-year") != "1":
                break
            if len(clicks) == 4 and not reloaded:
                ply = view(page).get_attribute("data-ply")
                page.reload()
                wait_live(page)
                assert view(page).get_attribute("data-ply") == ply
                reloaded = True
            old = version_of(page)
            clicks.append(click_something(page))
            wait_version_change(page, old)
        assert reloaded
        assert view(page).get_attribute("data-half-year") == "2", clicks
        assert any(c.startswith("place ") for c in clicks)
        page.screenshot(path=str(artifacts / "game-page.png"), full_page=True)

        # the server holds the same game the page showed
        data = httpx.get(f"{live_server.url}/api/games/{gid}").json()
        assert data["half_year"] == 2
        assert str(data["version"]) == view(page).get_attribute("data-version")
        assert errors == []
    finally:
        ctx.close()


def test_sub_decision_chooser_and_action_search(browser: Any, live_server: Any) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        create_solo_by_form(page, live_server.url, seed=7)
        # the searchable list narrows to matching actions and plays the one clicked
        page.fill(".action-filter", "woodcutter")
        # (a live update of the view may land meanwhile: it keeps the filter)
        page.wait_for_function(
            "() => [...document.querySelectorAll('.action-list li')]"
            ".filter(li => !li.hidden).length === 1", timeout=TIMEOUT)
        visible = page.locator(".action-list li:visible")
        assert visible.count() == 1
        v = version_of(page)
        visible.locator("button").click()
        wait_version_change(page, v)
        assert page.locator(".log-list").inner_text().strip().endswith("place woodcutter")
        # an illegal typed action is refused with a clear message and changes nothing
        v = version_of(page)
        page.fill(".typed-action input", "place woodcutter")
        page.click(".typed-action button")
        page.wait_for_selector("#flash .flash.error", timeout=TIMEOUT)
        assert "illegal action" in page.locator("#flash").inner_text()
        assert version_of(page) == v
    finally:
        ctx.close()


def test_two_seats_in_two_browser_contexts(browser: Any, live_server: Any,
                                           artifacts: Path) -> None:
    created = httpx.post(f"{live_server.url}/api/games",
                         json={"players": 2, "seats": ["human", "human"], "seed": 3}).json()
    gid = created["id"]
    ctxs = [browser.new_context(viewport={"width": 1300, "height": 900}) for _ in range(2)]
    try:
        pages = []
        for seat, ctx in enumerate(ctxs):
            page = ctx.new_page()
            page.goto(created["seats"][seat]["invite_url"])
            page.wait_for_url(f"**/games/{gid}")
            wait_live(page)
            assert page.locator(f"text=Player {seat + 1} — you").count() == 1
            pages.append(page)
        for _ in range(6):
            to_move = int(view(pages[0]).get_attribute("data-to-move"))
            mover, other = pages[to_move], pages[1 - to_move]
            # only the seat to move can click anything
            assert other.locator("g.act").count() == 0
            old = version_of(other)
            assert version_of(mover) == old
            clicked = click_something(mover)
            wait_version_change(other, old)       # the other page updated live
            wait_version_change(mover, old)
            last = other.locator(".log-list li").last.inner_text()
            assert clicked in last
        pages[0].screenshot(path=str(artifacts / "two-seats.png"), full_page=True)
    finally:
        for ctx in ctxs:
            ctx.close()


VEHICLE_RECORD = {
    "format": "arle-record-1",
    "setup": {"players": 1, "seed": 1, "buildings": "first-game", "promos": False},
    "actions": ["place builder", "build workshop", "pay grain:1 wood:1", "place peat_cutter",
                "done", "place farmer", "done", "place woodcutter", "end", "done", "feed",
                "place cattle_trader", "take horse", "place linen_weaver", "convert 1",
                "place wainwright", "vehicle carriage", "peat_boat"],
}


def test_clicking_a_vehicle_offers_its_loads(browser: Any, live_server: Any) -> None:
    up = httpx.post(f"{live_server.url}/api/records", json=VEHICLE_RECORD)
    assert up.status_code == 201, up.text
    created = up.json()
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(created["seats"][0]["invite_url"])
        wait_live(page)
        vehicle = page.locator("svg.barn g.act[data-barn='0']")
        assert vehicle.get_attribute("data-kind") == "carriage"
        vehicle.click()
        chooser = page.locator("#chooser")
        chooser.wait_for(state="visible", timeout=TIMEOUT)
        options = [str(b.get_attribute("data-action"))
                   for b in chooser.locator("button[data-action]").all()]
        assert "load 0 1 linen" in options and "load 0 0 wood" in options
        assert all(o.startswith("load 0 ") or o == "return carriage@0" for o in options)
        v = version_of(page)
        chooser.locator("button[data-action='load 0 1 linen']").click()
        wait_version_change(page, v)
        assert "summer w." in page.locator("svg.barn g[data-barn='0']").inner_html()
        assert page.locator(".log-list li").last.inner_text().endswith("load 0 1 linen")
    finally:
        ctx.close()


def test_replay_slider_and_record_upload(browser: Any, live_server: Any,
                                         tmp_path: Path) -> None:
    import random

    import arle
    state = arle.new_game(players=1, seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    up = httpx.post(f"{live_server.url}/api/records", json=state.record())
    assert up.status_code == 201, up.text
    gid = up.json()["id"]
    data = httpx.get(f"{live_server.url}/api/games/{gid}").json()
    assert data["status"] == "finished"
    total = data["ply"]
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(f"{live_server.url}/games/{gid}/replay")
        assert view(page).get_attribute("data-ply") == str(total)
        assert page.locator("table.scores.final").count() == 1
        page.locator("#replay-step").fill("5")
        page.wait_for_selector("#game-view .view[data-ply='5']", timeout=TIMEOUT)
        page.click("button[data-step='-1']")
        page.wait_for_selector("#game-view .view[data-ply='4']", timeout=TIMEOUT)
        assert page.locator("#replay-label").inner_text() == f"move 4 of {total}"
        # download the record, upload it through the lobby, and land on its replay
        record = httpx.get(f"{live_server.url}/games/{gid}/record.json").text
        path = tmp_path / "game.json"
        path.write_text(record)
        page.goto(live_server.url + "/")
        page.set_input_files("#upload input[type=file]", str(path))
        page.click("#upload button[type=submit]")
        page.wait_for_url("**/replay", timeout=TIMEOUT)
        new_id = page.url.split("/games/")[1].split("/")[0]
        assert new_id != gid
        assert view(page).get_attribute("data-ply") == str(total)
    finally:
        ctx.close()


def test_hint_button_marks_the_bots_choice(browser: Any, live_server: Any) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        create_solo_by_form(page, live_server.url, seed=9)
        v = version_of(page)
        page.click("button[data-hint]")
        page.wait_for_selector("#flash .flash.hint", timeout=30_000)
        text = page.locator("#flash").inner_text()
        assert text.startswith("Hint: ")
        hinted = page.locator(".action-list .hinted")
        assert hinted.count() == 1
        assert f"({hinted.get_attribute('data-action')})" in text
        assert version_of(page) == v          # asking changes nothing
    finally:
        ctx.close()


def test_a_click_made_before_the_last_move_answered_is_sent(browser: Any,
                                                            live_server: Any) -> None:
    """The socket can show the next decision before the move's own answer is back; a
    click made then is kept and sent once that answer is in, never silently dropped
    (the answer is held back here to make the order certain)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    held = FirstAnswerHeld()
    try:
        create_solo_by_form(page, live_server.url)
        page.route("**/api/games/*/moves", held)
        v0 = version_of(page)
        page.locator("svg.action-board g.act[data-space=fisherman]").click()
        wait_version_change(page, v0)            # the socket's update, answer still held
        assert page.evaluate("document.body.classList.contains('busy')")
        assert view(page).get_attribute("data-ply") == "1"
        click_something(page)                    # the Fisherman's question
        held.release()
        page.wait_for_function(
            "() => document.querySelector('#game-view .view')?.dataset.ply === '2'",
            timeout=TIMEOUT)
    finally:
        ctx.close()
