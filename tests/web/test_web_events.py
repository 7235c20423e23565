"""The web log shows the steps the engine carries out by itself after a move (harvest,
milking...), stored with the move; an undo takes them back with it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from webutil import create, info, move, token

import arle
from arle.bots.greedy import GreedyBot


def test_the_web_log_shows_the_steps_and_an_undo_takes_them_back(make_app: Any) -> None:
    with TestClient(make_app()) as c:
        created = create(c, seed=4)
        gid, tok = created["id"], token(created, 0)
        bot = GreedyBot(seed=4)
        auto: list[dict[str, Any]] = []
        while not auto:
            s = arle.State.from_json(c.get(f"/api/games/{gid}/state").text)
            assert move(c, gid, tok, str(bot.choose(s))).status_code == 200
            auto = [e for e in info(c, gid)["events"] if e["kind"] == "auto"]
        assert any(e["text"].startswith("Harvest: Player 1") for e in auto)
        page = c.get(f"/games/{gid}/view").text
        assert "Harvest: Player 1" in page
        assert c.post(f"/api/games/{gid}/undo", headers={"X-Arle-Token": tok},
                      json={}).status_code == 200
        assert not [e for e in info(c, gid)["events"] if e["kind"] == "auto"]
