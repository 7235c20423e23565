"""Browser tests of what players expect: element cards on hover and tap, the decision
bar and one's own farm in view (desktop 1440x900, phone 390x844), turn alerts, presence,
the end-of-game breakdown and readable errors.  Screenshots go to the artefacts folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_browser import TIMEOUT, VEHICLE_RECORD, view, wait_live, wait_version_change

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1440, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def upload(live_server: Any, record: dict[str, Any]) -> dict[str, Any]:
    up = httpx.post(f"{live_server.url}/api/records", json=record)
    assert up.status_code == 201, up.text
    return dict(up.json())


def test_cards_on_hover_and_on_tap(browser: Any, live_server: Any, artifacts: Path) -> None:
    created = upload(live_server, VEHICLE_RECORD)
    for name, opts in (("desktop", DESKTOP), ("phone", PHONE)):
        ctx = browser.new_context(**opts)
        page = ctx.new_page()
        try:
            page.goto(created["seats"][0]["invite_url"])
            wait_live(page)
            card = page.locator("#card")
            building = page.locator("svg.buildings-board g[data-info]").first
            bid = building.get_attribute("data-info")
            text = httpx.get(f"{live_server.url}/api/texts").json()[bid]
            if name == "desktop":
                building.hover()
            else:
                building.tap()
            card.wait_for(state="visible", timeout=TIMEOUT)
            assert text["name"] in card.inner_text()
            assert text["cost"] in card.inner_text()
            page.screenshot(path=str(artifacts / f"card-{name}.png"))
            if name == "phone":
                # tapping a vehicle one can load shows its card above the choices
                page.locator("svg.barn g.act[data-barn='0']").tap()
                chooser = page.locator("#chooser")
                chooser.wait_for(state="visible", timeout=TIMEOUT)
                page.wait_for_selector("#chooser .chooser-card:not([hidden])", timeout=TIMEOUT)
                assert "Carriage" in chooser.locator(".chooser-card").inner_text()
        finally:
            ctx.close()


def box(page: Any, selector: str) -> dict[str, float]:
    b = page.locator(selector).first.bounding_box()
    assert b is not None, selector
    return dict(b)


def in_view(b: dict[str, float], height: int) -> bool:
    return b["y"] >= 0 and b["y"] + b["height"] <= height + 1


@pytest.mark.parametrize("name,opts", [("desktop", DESKTOP), ("phone", PHONE)])
def test_decision_bar_and_own_farm_in_view(browser: Any, live_server: Any, artifacts: Path,
                                           name: str, opts: dict[str, Any]) -> None:
    created = httpx.post(f"{live_server.url}/api/games", json={
        "players": 2, "seats": ["bot:random", "human"], "seed": 3}).json()
    height = opts["viewport"]["height"]
    ctx = browser.new_context(**opts)
    page = ctx.new_page()
    try:
        page.goto(created["seats"][1]["invite_url"])
        wait_live(page)
        page.wait_for_selector("#game-view .view[data-mine='1']", timeout=TIMEOUT)
        bar = box(page, ".decision-bar")
        farm = box(page, "section.player.own svg.home-board")
        assert page.locator("section.player.own").get_attribute("data-player") == "1"
        assert in_view(bar, height), bar
        assert in_view(farm, height), farm
        board = box(page, "svg.action-board")
        if name == "desktop":
            assert board["y"] < height and board["x"] + board["width"] <= farm["x"], (board, farm)
        else:
            # right below the home board; scrolling to it keeps the decision bar
            assert farm["y"] < board["y"] < farm["y"] + farm["height"] + 60, (board, farm)
            page.locator("svg.action-board").scroll_into_view_if_needed()
            assert in_view(box(page, ".decision-bar"), height)
            assert in_view(box(page, "svg.action-board"), height)
        page.screenshot(path=str(artifacts / f"layout-{name}.png"))
    finally:
        ctx.close()


def test_turn_alert_in_the_tab_title_and_presence(browser: Any, live_server: Any,
                                                  artifacts: Path) -> None:
    ctxs = [browser.new_context(**DESKTOP), browser.new_context(**PHONE)]
    try:
        host = ctxs[0].new_page()
        host.goto(live_server.url + "/")
        host.select_option("select[name=players]", "2")
        host.select_option("select[name=seat1]", "human")
        host.fill("input[name=seed]", "3")
        host.click("button[type=submit].primary")
        host.wait_for_url("**/games/*")
        wait_live(host)
        # the links stay on the page, with the invitee's state beside the board
        assert host.locator(".invites input.invite").count() == 1
        assert "invited, has not joined yet" in host.locator(".presence").inner_text()
        link = host.locator(".invites input.invite").input_value()
        guest = ctxs[1].new_page()
        guest.goto(link)
        wait_live(guest)
        host.wait_for_selector(".seat-presence.online", timeout=TIMEOUT)
        # the invitation box says so too, without a reload
        host.wait_for_function(
            "() => document.querySelector('.invites li[data-seat=\"1\"] .invite-state')"
            ".textContent === '(joined)'", timeout=TIMEOUT)
        assert not host.locator(".invites.open").count()
        pages = [host, guest]
        to_move = int(view(host).get_attribute("data-to-move"))
        mover, waiter = pages[to_move], pages[1 - to_move]
        assert mover.title().startswith("(*) Your turn")
        assert waiter.title().startswith("Waiting for")
        old = int(view(waiter).get_attribute("data-version"))
        mover.locator("svg.action-board g.act[data-space=woodcutter]").click()
        wait_version_change(waiter, old)
        waiter.wait_for_function("() => document.title.startsWith('(*) Your turn')",
                                 timeout=TIMEOUT)
        assert waiter.evaluate("() => window.arle.alerts.count") == 1
        # the sound option is remembered by the browser
        waiter.check("#sound-alert")
        waiter.reload()
        wait_live(waiter)
        assert waiter.is_checked("#sound-alert")
        host.screenshot(path=str(artifacts / "presence-desktop.png"))
        guest.screenshot(path=str(artifacts / "presence-phone.png"))
    finally:
        for c in ctxs:
            c.close()


def test_an_open_chooser_stays_through_presence_and_goes_with_a_move(
        browser: Any, live_server: Any) -> None:
    """Someone's joining changes the page but not the game: the chooser a player has open
    stays.  A move (here from the same seat's second tab) closes it: its choices are gone."""
    created = httpx.post(f"{live_server.url}/api/games", json={
        "players": 2, "seats": ["human", "human"], "seed": 1,
        "expansion": "tea-and-trade"}).json()
    host_ctx, guest_ctx = browser.new_context(**DESKTOP), browser.new_context(**DESKTOP)
    try:
        host = host_ctx.new_page()
        host.goto(created["seats"][0]["invite_url"])
        wait_live(host)
        assert view(host).get_attribute("data-to-move") == "0"
        old = int(view(host).get_attribute("data-version"))
        host.locator("svg.action-board g.act[data-space=fisherman]").click()
        chooser = host.locator("#chooser")
        chooser.wait_for(state="visible", timeout=TIMEOUT)
        guest = guest_ctx.new_page()
        guest.goto(created["seats"][1]["invite_url"])
        wait_live(guest)
        host.wait_for_selector(".seat-presence.online[data-seat='1']", timeout=TIMEOUT)
        assert chooser.is_visible()
        assert int(view(host).get_attribute("data-version")) == old
        # the same seat moves in another tab: the first tab's chooser closes
        tab = host_ctx.new_page()
        tab.goto(created["seats"][0]["invite_url"])
        wait_live(tab)
        tab.locator("svg.action-board g.act[data-space=farmer]").click()
        wait_version_change(host, old)
        chooser.wait_for(state="hidden", timeout=TIMEOUT)
        assert host.locator(".log-list li").last.inner_text().endswith("place farmer")
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_the_hint_goes_when_the_decision_changes(browser: Any, live_server: Any) -> None:
    from test_web_browser import create_solo_by_form, version_of
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    try:
        create_solo_by_form(page, live_server.url, seed=9)
        page.click("button[data-hint]")
        page.wait_for_selector("#flash .flash.hint", timeout=30_000)
        page.wait_for_selector(".action-list .hinted", timeout=TIMEOUT)
        v = version_of(page)
        page.locator(".action-list .hinted").click()
        wait_version_change(page, v)
        page.wait_for_selector("#flash .flash.hint", state="detached", timeout=TIMEOUT)
        assert page.locator(".hinted").count() == 0
        assert "asked for a hint" in page.locator(".log-list").inner_text()
    finally:
        ctx.close()


def test_a_server_outage_gives_a_readable_message(browser: Any, live_server: Any) -> None:
    from test_web_browser import create_solo_by_form
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    try:
        create_solo_by_form(page, live_server.url, seed=9)
        page.route("**/api/games/*/moves", lambda route: route.abort("connectionrefused"))
        page.locator("svg.action-board g.act[data-space=woodcutter]").click()
        page.wait_for_selector("#flash .flash.error", timeout=TIMEOUT)
        text = page.locator("#flash").inner_text()
        assert "cannot be reached" in text and "Failed to fetch" not in text
    finally:
        ctx.close()


def test_the_end_of_a_solo_game(browser: Any, live_server: Any, artifacts: Path) -> None:
    from test_web_ux import finished_record
    created = upload(live_server, finished_record(4))
    for name, opts in (("desktop", DESKTOP), ("phone", PHONE)):
        ctx = browser.new_context(**opts)
        page = ctx.new_page()
        try:
            page.goto(created["seats"][0]["invite_url"])
            wait_live(page)
            final = page.locator(".final-score")
            assert final.is_visible()
            assert "Solo benchmark: 110 VP" in final.inner_text()
            assert final.locator("tr.item").count() > 3
            assert page.title().startswith("Game over")
            final.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"final-{name}.png"))
        finally:
            ctx.close()
