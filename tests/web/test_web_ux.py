"""What players of online board games expect: records that keep their seats, undo
against a bot, element cards, costs in the choices, the end-of-game breakdown, turn
alerts, presence, hints as a creator's option, and the wording of the page."""

from __future__ import annotations

from typing import Any

from webutil import create, info, move, token, wait_until


# ---------------------------------------------------------------------------
# 1. Records carry the seats
# ---------------------------------------------------------------------------
def test_records_carry_seats_and_uploads_restore_the_bots(client: Any) -> None:
    c = create(client, 2, ["human", "bot:random"], seed=5)
    gid = c["id"]
    for url in (f"/api/games/{gid}/record", f"/games/{gid}/record.json"):
        rec = client.get(url).json()
        assert rec["seats"] == ["human", "bot:random"], url
    up = client.post("/api/records", json=rec)
    assert up.status_code == 201, up.text
    seats = up.json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"]
    assert seats[1]["bot"] == "random" and seats[1]["token"] is None
    data = info(client, up.json()["id"], seats[0]["token"])
    assert [s["kind"] for s in data["seats"]] == ["human", "bot"]


def test_old_records_without_seats_load_as_before_and_bad_seats_are_refused(
        client: Any) -> None:
    c = create(client, 2, ["human", "bot:random"], seed=5)
    rec = client.get(f"/api/games/{c['id']}/record").json()
    del rec["seats"]
    up = client.post("/api/records", json=rec)
    assert up.status_code == 201
    assert [s["kind"] for s in up.json()["seats"]] == ["human", "human"]
    before = client.get("/api/games?status=running").json()["games"]
    for bad in (["human"], ["human", "bot:nosuchbot"], ["human", 3], "human,human",
                ["human", "robot"]):
        rec["seats"] = bad
        r = client.post("/api/records", json=rec)
        assert r.status_code == 400, bad
        assert "seats" in r.json()["error"]
    assert client.get("/api/games?status=running").json()["games"] == before
