"""3 players: an Imitate space the player to move cannot take says why on its card
(taken in order, nothing to copy yet, its Food, once a half year), from
``arle.view.imitate_closed``; the others see no such words."""

from __future__ import annotations

from typing import Any

from test_web_three_players import create3, to_move, view_of
from webutil import info, move, token

import arle
from arle import view


def test_the_imitate_spaces_say_why_they_are_closed(client: Any) -> None:
    created = create3(client)
    gid = created["id"]
    while info(client, gid)["decision"]["kind"] != "place":     # the specialization round
        p = to_move(client, gid)
        data = info(client, gid, token(created, p))
        assert move(client, gid, token(created, p), data["legal"][0]).status_code == 200
    p = to_move(client, gid)
    html = view_of(client, gid, token(created, p))
    assert "not now: nothing taken to copy yet" in html          # Imitate 1
    assert html.count("not now: after Imitate 1 (taken in order)") >= 2   # Imitate 2, 3
    other = (p + 1) % 3
    assert "not now:" not in view_of(client, gid, token(created, other))
    # once a space is taken, Imitate 1 opens (its Food permitting) and is outlined
    data = info(client, gid, token(created, p))
    place = next(a for a in data["legal"] if a.startswith("place ") and "imitate" not in a)
    assert move(client, gid, token(created, p), place).status_code == 200
    while (q := to_move(client, gid)) == p:                     # the placement's choices
        d = info(client, gid, token(created, q))
        assert move(client, gid, token(created, q), d["legal"][0]).status_code == 200
    s = arle.State.from_json(client.get(f"/api/games/{gid}/state").text)
    q = s.current_player
    assert q is not None
    closed = view.imitate_closed(s, q)
    html = view_of(client, gid, token(created, q))
    if "imitate_1" not in closed:
        assert 'data-space="imitate_1"' in html and "place imitate_1" in html
    for sp, why in closed.items():
        assert f"not now: {why}" in html, sp
