"""The second game's page in Debian's Chromium (Playwright), on a desktop and a phone
viewport: a 2-player game against a bot created from the lobby form and played a few
moves by clicking (the draw picker, a market card, a space of the farm grid), the page
updated in place (never reloaded), the decision panel of one height, the card drawn
where it was clicked; on a phone the decision, the hand and the farm within the first
two screen heights; a finished game's scores at the top.  Screenshots are kept in the
test artefacts (``.artifacts/web/green-*.png``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from webutil import FirstAnswerHeld

pytestmark = pytest.mark.browser

TIMEOUT = 10_000   # ms


def _wait_mine(page: Any, kind: str) -> None:
    page.wait_for_function(
        "k => { const v = document.querySelector('.green-view');"
        " return v && v.dataset.mine === '1' && v.dataset.kind === k; }",
        arg=kind, timeout=TIMEOUT)


def _version(page: Any) -> int:
    return int(page.locator(".green-view").get_attribute("data-version"))


def _panel_height(page: Any) -> float:
    return float(page.evaluate(
        "() => document.querySelector('.g-decision').getBoundingClientRect().height"))


def _doc_top(page: Any, selector: str) -> float:
    return float(page.evaluate(
        "s => document.querySelector(s).getBoundingClientRect().top + window.scrollY",
        selector))


def _grid_pos(page: Any, handle: Any) -> tuple[int, int]:
    return tuple(page.evaluate(   # type: ignore[return-value]
        "el => { const td = el.closest('td'); return [td.parentElement.rowIndex, td.cellIndex]; }",
        handle))


def _tower_pos(page: Any) -> tuple[int, int]:
    return _grid_pos(page, page.locator(".g-farm.mine td.gk-tower").first.element_handle())


def _play_a_few_moves(browser: Any, base: str, viewport: dict[str, int], name: str,
                      artifacts: Path) -> None:
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(base + "/green")
        page.fill("input[name=seed]", "3")
        page.click("#new-green-game button[type=submit]")
        page.wait_for_url("**/green/games/*")
        page.wait_for_selector("#g-live.ok", timeout=TIMEOUT)
        assert "in the browser" in page.locator("nav.top .tag").inner_text() or \
            viewport["width"] < 500
        assert "Fields of Arle" not in page.locator("nav.top").inner_text()
        page.evaluate("window.__notReloaded = true")

        # 1. the draw: one count a pile, named; the button says what it draws
        _wait_mine(page, "declare")
        height = _panel_height(page)
        page.screenshot(path=str(artifacts / f"green-{name}-1-draw.png"))
        rows = page.locator("form.declare .drow")
        assert [rows.nth(i).locator(".pile").inner_text() for i in range(4)] == \
            ["Fields", "Livestock", "Construction", "Buildings"]
        rows.nth(0).locator("label", has_text="3").click()
        rows.nth(1).locator("label", has_text="1").click()
        rows.nth(2).locator("label", has_text="1").click()
        rows.nth(3).locator("label", has_text="1").click()
        go = page.locator("button.draw-go")
        assert go.inner_text() == ("Draw 3 from Fields, 1 from Livestock, "
                                   "1 from Construction, 1 from Buildings")
        rows.nth(0).locator("label", has_text="4").click()       # 7 cards: not allowed
        assert go.is_disabled()
        rows.nth(0).locator("label", has_text="3").click()
        go.click()

        # 2. take a card of the market by clicking it
        _wait_mine(page, "take")
        assert _panel_height(page) == height
        page.screenshot(path=str(artifacts / f"green-{name}-2-market.png"))
        card = page.locator(".g-market .gc.can").first
        card_name = card.locator(".gc-name").inner_text()
        assert "Cost:" in card.inner_text() and "VP" in card.inner_text()
        card.locator("button[data-gmove]").click()

        # 3. build it on the farm grid by clicking a space
        _wait_mine(page, "act")
        assert _panel_height(page) == height
        assert card_name in page.locator(".g-decision h2").inner_text()
        tower = _tower_pos(page)
        space = page.locator(".g-farm.mine td.target button[data-gmove^='build ']").first
        label = str(space.get_attribute("aria-label"))
        assert label.startswith("Build ") and ", column " in label
        clicked = _grid_pos(page, space.element_handle())
        before = _version(page)
        space.click()
        page.wait_for_function(
            "v => Number(document.querySelector('.green-view').dataset.version) > v",
            arg=before, timeout=TIMEOUT)
        built = page.locator(".g-farm.mine td.built", has_text=card_name).first
        built.wait_for(timeout=TIMEOUT)
        now = _tower_pos(page)
        where = _grid_pos(page, built.element_handle())
        assert (where[0] - now[0], where[1] - now[1]) == \
            (clicked[0] - tower[0], clicked[1] - tower[1])      # drawn where clicked
        _wait_mine(page, "take")                                # the bot's turn went by
        assert _panel_height(page) == height
        page.screenshot(path=str(artifacts / f"green-{name}-3-built.png"),
                        full_page=viewport["width"] < 500)

        if viewport["width"] < 500:     # the phone: what matters within two screens
            two = 2 * viewport["height"]
            assert _doc_top(page, ".g-decision") < viewport["height"]
            assert _doc_top(page, ".g-hand") < two
            assert _doc_top(page, ".g-farm.mine table") < two
        assert page.evaluate("window.__notReloaded === true")   # updated in place
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert errors == []
    finally:
        ctx.close()


def test_green_page_desktop_play_by_clicking(browser: Any, live_server: Any,
                                             artifacts: Path) -> None:
    _play_a_few_moves(browser, live_server.url, {"width": 1440, "height": 900}, "desktop",
                      artifacts)


def test_green_page_phone_play_by_clicking(browser: Any, live_server: Any,
                                           artifacts: Path) -> None:
    _play_a_few_moves(browser, live_server.url, {"width": 390, "height": 844}, "phone",
                      artifacts)


def test_green_page_end_scores_at_the_top(browser: Any, live_server: Any,
                                          artifacts: Path) -> None:
    import httpx
    base = live_server.url
    body = httpx.post(base + "/api/games", json={"game": "green", "players": 1,
                                                 "seats": ["human"], "seed": 4}).json()
    gid, tok = body["id"], body["seats"][0]["token"]
    with httpx.Client(base_url=base, headers={"X-Arle-Token": tok}) as c:
        while True:
            d = c.get(f"/api/green/games/{gid}").json()
            acts = d["view"]["obs"].get("legal_actions")
            if not acts:
                break
            assert c.post(f"/api/green/games/{gid}/moves",
                          json={"action": acts[-1], "version": d["version"]}).is_success
    for name, viewport in (("desktop", {"width": 1440, "height": 900}),
                           ("phone", {"width": 390, "height": 844})):
        ctx = browser.new_context(viewport=viewport)
        page = ctx.new_page()
        try:
            page.goto(f"{base}/green/games/{gid}")
            results = page.locator(".g-results")
            assert "Total" in results.inner_text()
            box = results.bounding_box()
            assert box is not None and box["y"] < viewport["height"] / 2
            assert page.locator(".g-results a", has_text="New game").count() == 1
            page.screenshot(path=str(artifacts / f"green-{name}-4-end.png"))
        finally:
            ctx.close()


def _hold_both_seats(page: Any, base: str) -> None:
    """Create a 2-player game of two people at seed 5 from the lobby form and take the
    second seat by its invitation in the same browser (pass the device)."""
    page.goto(base + "/green")
    page.select_option("select[name=seat1]", "human")
    page.fill("input[name=seed]", "5")
    page.click("#new-green-game button[type=submit]")
    page.wait_for_url("**/green/games/*")
    page.goto(page.locator("input.invite").first.input_value())
    page.wait_for_selector("#g-live.ok", timeout=TIMEOUT)


def test_green_page_two_seats_in_one_browser_take_turns(browser: Any, live_server: Any,
                                                       artifacts: Path) -> None:
    """Both seats held by one browser (pass the device): after one seat's move the page
    turns, in place, to the other seat's decision and hand."""
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    page = ctx.new_page()
    try:
        _hold_both_seats(page, live_server.url)
        page.evaluate("window.__notReloaded = true")
        seats = []
        for _ in range(2):
            _wait_mine(page, "declare")
            head = page.locator(".g-hand h3").inner_text()
            seats.append(head.split("(Player ")[1][0])
            before = _version(page)
            page.locator("button.draw-go").click()
            page.wait_for_function(
                "v => Number(document.querySelector('.green-view').dataset.version) > v",
                arg=before, timeout=TIMEOUT)
        assert sorted(seats) == ["1", "2"]
        _wait_mine(page, "take")
        assert page.evaluate("window.__notReloaded === true")
    finally:
        ctx.close()


def test_green_page_a_click_made_before_the_last_move_answered_is_sent(
        browser: Any, live_server: Any) -> None:
    """The socket can show the next seat's decision before the previous move's own
    answer is back; a click made then is kept and sent once that answer is in, never
    silently dropped (the answer is held back here to make the order certain)."""
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    page = ctx.new_page()
    held = FirstAnswerHeld()
    try:
        _hold_both_seats(page, live_server.url)
        page.route("**/api/green/games/*/moves", held)
        _wait_mine(page, "declare")
        first = _version(page)
        page.locator("button.draw-go").click()
        page.wait_for_function(                  # the socket's update, answer still held
            "v => Number(document.querySelector('.green-view').dataset.version) > v",
            arg=first, timeout=TIMEOUT)
        assert page.evaluate("document.body.classList.contains('busy')")
        _wait_mine(page, "declare")              # the other seat's draw
        page.locator("button.draw-go").click()
        held.release()
        _wait_mine(page, "take")                 # both draws went through
        assert _version(page) == first + 2
    finally:
        ctx.close()
