"""Faces tested by play (issue 32): seeded games of every kind (base 1-2 players, Tea &
Trade 1-3, the green game 1-4), played to the end through the terminal loop of ``arle
play`` (each decision of a piloted seat shown on its screen first, then typed as
notation; the other seats the command's bots) and through every face of the web app
(``tests/faces.py``: the JSON API, the game page and its fragment, the WebSocket of each
piloted seat and of a spectator after every move, the record downloaded, uploaded,
replayed in the web and by ``arle replay``, and the review of the web and of ``arle
review``; the second game's record and review once the game is over).  ``scripts/faces-soak.py`` plays hundreds of these."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from faces import WEB_FACES, Setup, check_terminal_game, soak, web_client, web_game

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


#: One whole game of each kind through every web face: the API, the pages, the
#: WebSocket of each piloted seat and of a spectator, the record (download, upload,
#: replay) and the review.  Some seats are the server's bots (fewer live views to render).
WEB = [
    Setup("arle", 1, 31),
    Setup("arle", 2, 32),
    Setup("arle", 1, 33, TT, pilot="greedy"),
    Setup("arle", 2, 34, TT, bot_seats=(0,)),
    Setup("arle", 3, 35, TT, bot_seats=(1, 2)),
    Setup("green", 1, 36),
    Setup("green", 2, 37),
    Setup("green", 3, 38, bot_seats=(2,)),
    Setup("green", 4, 39, bot_seats=(1, 3)),
]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with web_client() as c:
        yield c


@pytest.mark.parametrize("setup", WEB, ids=str)
def test_a_seeded_game_plays_to_the_end_through_every_web_face(client: Any,
                                                               setup: Setup) -> None:
    g = web_game(client, setup, views_every=3)
    piloted = [p for p in range(setup.players) if p not in setup.bot_seats]
    assert g.decisions > 20
    assert g.checked == set(WEB_FACES)
    # a live view for every move: each piloted seat's socket and the spectator's
    assert set(g.pushed) == {*piloted, None}
    for seat, n in g.pushed.items():
        if setup.bot_seats:
            assert n > g.decisions, (seat, n)
        else:
            assert n == g.decisions + 1, (seat, n)
    if setup.game == "arle":
        assert g.info["status"] == "finished"
        assert {m["player"] for m in g.info["log"]} == set(range(setup.players))
    elif setup.players > 1:
        assert g.secrets > 100       # the sockets were checked against real secrets


@pytest.mark.parametrize("setup", [Setup("arle", 3, 41, TT), Setup("green", 4, 42)],
                         ids=str)
def test_every_seat_of_a_full_table_sees_each_move_live(client: Any,
                                                         setup: Setup) -> None:
    """Every seat piloted through the web, each with its own socket, for 40 decisions;
    the game left unfinished is downloaded (Fields of Arle: uploaded again, replayed and
    reviewed) or refused (the second game's record and review name the hidden cards)."""
    g = web_game(client, setup, max_decisions=40, views_every=4)
    assert g.decisions == 40
    every: dict[int | None, int] = {p: 41 for p in range(setup.players)}
    assert g.pushed == {**every, None: 41}
    if setup.game == "green":
        assert g.record == {} and g.checked == set(WEB_FACES)
        assert g.secrets > 100
    else:
        assert not g.info["terminal"] and g.checked == set(WEB_FACES)


def test_the_soak_counts_games_and_crashes() -> None:
    """The soak script's count: a game that fails is counted as a crash, with its
    setup, and the others still run."""
    bad = Setup("arle", 3, 1)            # 3 players without Tea & Trade: refused
    seen: list[tuple[str, str]] = []
    counts = soak([Setup("arle", 1, 2, view="compact"), bad], faces=("terminal",),
                  on_crash=lambda s, face, exc: seen.append((str(s), face)))
    assert counts == {"terminal games": 2, "terminal crashes": 1}
    assert seen == [(str(bad), "terminal")]


def test_the_soak_counts_each_web_face_it_checked() -> None:
    """In the web, one game goes through the faces asked for; a face counts the games
    it checked (the second game's unfinished: its record and review refused) and the
    crashes of its own checks."""
    bad = Setup("arle", 1, 3, pilot="nobody")       # no such bot: the API face fails
    seen: list[str] = []
    counts = soak([Setup("green", 1, 2), Setup("arle", 1, 4), bad],
                  faces=("web", "record", "review"), max_decisions=6,
                  on_crash=lambda s, face, exc: seen.append(face))
    assert counts == {"web games": 3, "web crashes": 1, "record games": 2,
                      "record crashes": 0, "review games": 2, "review crashes": 0}
    assert seen == ["web"]
