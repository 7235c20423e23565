"""A space that would give nothing now is drawn so on the game page (dimmed, dashed,
its title saying why), the view lists such placements (``data-futile``), and the page
asks before it sends one: a person who says no keeps the worker, a yes places it.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webutil import open_uploaded

import arle
from arle import view

SEED, PLIES = 2, 9            # a solo game whose player has no animal by then


def _record() -> dict[str, Any]:
    s = arle.new_game(players=1, seed=SEED)
    rng = random.Random(SEED)
    for _ in range(PLIES):
        s.apply(rng.choice(s.legal_actions()))
    assert "place butcher" in view.futile_placements(s)
    return s.record()


def _upload(client: Any) -> tuple[str, str]:
    r = client.post("/api/records", json=_record())
    assert r.status_code == 201, r.text
    made = r.json()
    return made["id"], made["seats"][0]["token"]


def test_the_view_marks_the_spaces_that_give_nothing(client: Any) -> None:
    gid, tok = _upload(client)
    html = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": tok}).text
    futile = json.loads(re.search(r'data-futile="([^"]*)"', html).group(1)  # type: ignore[union-attr]
                        .replace("&#34;", '"').replace("&quot;", '"'))
    s = arle.replay(_record())
    useful = sorted({a.args[0] for a in s.legal_actions() if a.verb == "place"}
                    - {t.split()[1] for t in futile})
    assert "place butcher" in futile and useful
    butcher = re.search(r'<g class="act futile" data-futile="1"[^>]*data-space="butcher"', html)
    assert butcher is not None
    assert "placing a worker here now gives you nothing" in html
    for sp in useful:                                  # the others as before
        assert re.search(rf'<g class="act"[^>]*data-space="{sp}"', html), sp
    # a spectator sees no choice, so nothing is marked for them
    seen = TestClient(client.app).get(f"/games/{gid}/view").text
    assert 'class="act futile"' not in seen and 'data-futile="[]"' in seen


@pytest.mark.browser
def test_the_page_asks_before_a_futile_placement(browser: Any, live_server: Any,
                                                 artifacts: Path) -> None:
    import httpx
    gid, ctx, page = open_uploaded(browser, live_server.url, _record())
    try:
        butcher = page.locator("svg g.act.futile[data-space=butcher]")
        assert butcher.count() == 1
        asked: list[str] = []

        def say_no(d: Any) -> None:
            asked.append(d.message)
            d.dismiss()
        page.once("dialog", say_no)
        butcher.click()
        page.wait_for_timeout(300)
        assert asked and "gives you nothing" in asked[0]
        assert httpx.get(f"{live_server.url}/api/games/{gid}").json()["ply"] == PLIES
        page.screenshot(path=str(artifacts / "futile-space.png"))
        page.once("dialog", lambda d: d.accept())
        old = page.locator("#game-view .view").get_attribute("data-version")
        butcher.click()
        page.wait_for_function(
            "old => document.querySelector('#game-view .view').dataset.version !== old",
            arg=old, timeout=10_000)
        assert httpx.get(f"{live_server.url}/api/games/{gid}").json()["ply"] == PLIES + 1
    finally:
        ctx.close()
