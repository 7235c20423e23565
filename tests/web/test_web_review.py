"""The review of a game in the browser (``/games/ID/review``) and as JSON."""

from __future__ import annotations

import random
from typing import Any

import arle


def random_record(seed: int, steps: int) -> dict[str, Any]:
    s = arle.new_game(players=2, seed=seed, buildings="random")
    rng = random.Random(seed)
    for _ in range(steps):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s.record()


def test_review_page_and_api(client: Any) -> None:
    rec = random_record(4, 120)
    up = client.post("/api/records", json=rec)
    assert up.status_code == 201, up.text
    gid = up.json()["id"]
    data = client.get(f"/api/games/{gid}/review").json()
    assert data["bot"] == "greedy"
    assert set(data["summary"]) == {"turns", "agreed", "mistakes", "points_lost"}
    assert data["summary"]["mistakes"] > 0 and {t["player"] for t in data["turns"]} == {0, 1}
    page = client.get(f"/games/{gid}/review")
    assert page.status_code == 200
    html = page.text
    assert html.count('class="card review"') == 2
    worst = max(data["turns"], key=lambda t: t["loss"])
    assert f'/games/{gid}/replay?step={worst["index"]}' in html
    assert f'href="/games/{gid}/review"' in client.get(f"/games/{gid}").text
    assert client.get("/games/nope/review").status_code == 404
    assert client.get("/api/games/nope/review").status_code == 404
