"""Playwright in Chromium: the game page's log shows the inventory's automatic steps in
words (harvest, milking...) among the moves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from webutil import wait_live, wait_until

pytestmark = pytest.mark.browser


def test_the_log_shows_the_harvest_in_words(browser: Any, live_server: Any,
                                            artifacts: Path) -> None:
    created = httpx.post(f"{live_server.url}/api/games",
                         json={"players": 1, "seats": ["bot:greedy"], "seed": 4}).json()
    gid = created["id"]

    def finished() -> bool:      # a still page: the bot plays the whole game first
        return bool(httpx.get(f"{live_server.url}/api/games/{gid}").json()["status"]
                    == "finished")
    wait_until(finished, timeout=180, what="the bot to finish its solo game")
    events = httpx.get(f"{live_server.url}/api/games/{gid}").json()["events"]
    assert any(e["kind"] == "auto" and e["text"].startswith("Harvest:") for e in events)
    ctx = browser.new_context(viewport={"width": 1440, "height": 1000})
    try:
        page = ctx.new_page()
        page.goto(f"{live_server.url}/games/{gid}")
        wait_live(page)
        line = page.get_by_text("Harvest: Player 1", exact=False).first
        line.wait_for(state="attached", timeout=15_000)
        line.scroll_into_view_if_needed()
        assert line.is_visible()
        page.screenshot(path=str(artifacts / "log-automatic-steps.png"))
    finally:
        ctx.close()
