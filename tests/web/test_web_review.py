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


def test_concurrent_requests_share_one_review_and_long_games_are_refused(
        make_app: Any, monkeypatch: Any) -> None:
    import asyncio
    import time
    from concurrent.futures import ThreadPoolExecutor

    import httpx

    import arle.web.reviews as web

    import dataclasses

    calls: list[int] = []
    real = web.reviewer

    def counting_reviewer(game: str) -> Any:
        judging = real(game)

        def counting(*args: Any, **kw: Any) -> Any:
            calls.append(1)
            time.sleep(0.3)
            return judging.review(*args, **kw)
        return dataclasses.replace(judging, review=counting)

    monkeypatch.setattr(web, "reviewer", counting_reviewer)
    app = make_app()
    rec = random_record(6, 80)

    async def main() -> tuple[list[int], int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            gid = (await c.post("/api/records", json=rec)).json()["id"]
            answers = await asyncio.gather(
                *[c.get(f"/api/games/{gid}/review") for _ in range(6)])
            monkeypatch.setattr(web, "MAX_REVIEW_ACTIONS", 10)
            too_long = await c.get(f"/api/games/{gid}/review")
            return [r.status_code for r in answers], too_long.status_code

    # in a thread of its own: another test may have left an event loop in this one
    with ThreadPoolExecutor(1) as pool:
        codes, too_long = pool.submit(asyncio.run, main()).result()
    assert codes == [200] * 6
    assert len(calls) == 1                   # computed once for six requests
    assert too_long == 413
