"""Faces tested by play (issue 32): seeded games of every kind, played to the end
through the terminal loop of ``arle play`` (each decision of a piloted seat shown on
its screen first, then typed as notation; the other seats the command's bots) and
through the web app (created by the JSON API with bot seats and piloted seats, each
piloted decision read from the game's JSON and its HTML view, then the record
downloaded and uploaded again).  ``scripts/faces-soak.py`` plays hundreds of these."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from faces import Setup, check_terminal_game, soak, web_client, web_game

TT = "tea-and-trade"

TERMINAL = [
    Setup("arle", 1, 21, view="full"),
    Setup("arle", 2, 22, bot_seats=(1,), view="compact"),
    Setup("arle", 1, 23, TT, view="compact", pilot="greedy"),
    Setup("arle", 2, 24, TT, bot_seats=(0,), view="compact"),
    Setup("arle", 3, 25, TT, view="compact"),
    Setup("green", 1, 26),
    Setup("green", 2, 27, bot_seats=(1,)),
    Setup("green", 3, 28),
    Setup("green", 4, 29, bot_seats=(3,)),
]


@pytest.mark.parametrize("setup", TERMINAL, ids=str)
def test_a_seeded_game_plays_to_the_end_in_the_terminal(setup: Setup) -> None:
    t = check_terminal_game(setup)
    assert "Traceback" not in t.output
    if setup.game == "arle" and setup.players > 1:
        assert "Winner" in t.output or "win" in t.output.lower()


WEB = [
    Setup("arle", 1, 31, bot_seats=(0,)),
    Setup("arle", 2, 32),
    Setup("arle", 1, 33, TT),
    Setup("arle", 3, 34, TT, bot_seats=(2,)),
    Setup("green", 1, 35),
    Setup("green", 2, 36, bot_seats=(1,)),
]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with web_client() as c:
        yield c


@pytest.mark.parametrize("setup", WEB, ids=str)
def test_a_seeded_game_plays_to_the_end_in_the_web(client: Any, setup: Setup) -> None:
    g = web_game(client, setup)
    piloted = setup.players - len(setup.bot_seats)
    assert (g.decisions > 20) == (piloted > 0)
    if setup.game == "arle":
        assert g.info["status"] == "finished"
        assert {m["player"] for m in g.info["log"]} == set(range(setup.players))


def test_the_soak_counts_games_and_crashes() -> None:
    """The soak script's count: a game that fails is counted as a crash, with its
    setup, and the others still run."""
    bad = Setup("arle", 3, 1)            # 3 players without Tea & Trade: refused
    seen: list[tuple[str, str]] = []
    counts = soak([Setup("arle", 1, 2, view="compact"), bad], faces=("terminal",),
                  on_crash=lambda s, face, exc: seen.append((str(s), face)))
    assert counts == {"terminal games": 2, "terminal crashes": 1}
    assert seen == [(str(bad), "terminal")]
