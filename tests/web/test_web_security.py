"""Hardening of the server (the audit of issue 14): escaping, input validation, upload
checks, WebSocket frames, hosts and origins, storage errors and limits."""

from __future__ import annotations

import urllib.parse
from typing import Any

import pytest

EVIL = '<meta http-equiv=refresh content=0;url=https:evil.example>'  # no slash, < 64 chars


@pytest.mark.parametrize("path", ["/games/{}/view", "/games/{}/replay/1", "/games/{}",
                                  "/games/{}/replay", "/games/{}/review"])
def test_a_game_id_is_never_put_into_html_unescaped(client: Any, path: str) -> None:
    r = client.get(path.format(urllib.parse.quote(EVIL, safe="")))
    assert r.status_code == 404
    assert "<meta http-equiv" not in r.text
    assert "&lt;meta http-equiv" in r.text
