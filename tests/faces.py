"""Play seeded bot games through the faces (issue 32): the terminal loop of ``arle play``
and the web app, as a person would reach them.  Shared by the tests
(``tests/test_faces_play.py``) and the soak script (``scripts/faces-soak.py``).

The terminal: ``arle play`` runs in-process with its real loop; the seats a *pilot*
takes are human seats whose typed lines are a bot's choice (each decision is rendered
on the screen first, then the line goes through the same parsing as a person's); the
other seats are the command's own bot seats.

The web: a game is created through the JSON API with bot seats (the server's bot worker
plays them) and human seats the pilot plays by the API, every decision of theirs read
first from the game's JSON and its HTML view; at the end the record is downloaded,
uploaded again, and the imported game must be the same position.
"""

from __future__ import annotations

import json
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

from typer.testing import CliRunner

import arle
import arle.green as G
from arle.bots import get as get_bot
from arle.cli import green_play, play
from arle.framework import loop
from arle.cli.main import app
from arle.green.bots import green_bot

#: The games a face is played in: (game, expansion, player counts).
KINDS: tuple[tuple[str, str | None, tuple[int, ...]], ...] = (
    ("arle", None, (1, 2)),
    ("arle", "tea-and-trade", (1, 2, 3)),
    ("green", None, (1, 2, 3, 4)),
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")      # Starlette's note about the httpx2 package
    from fastapi.testclient import TestClient


@dataclass(frozen=True)
class Setup:
    """One seeded game: which game, how many players, the seed, the expansion, which
    seats are the command's (or server's) own bots (the pilot plays the others), the
    bot the pilot asks, and the terminal view."""

    game: str
    players: int
    seed: int
    expansion: str | None = None
    bot_seats: tuple[int, ...] = ()
    pilot: str = "random"
    view: str = "full"

    def seats(self) -> list[str]:
        return ["bot:random" if p in self.bot_seats else "human"
                for p in range(self.players)]

    def __str__(self) -> str:
        extra = f" --expansion {self.expansion}" if self.expansion else ""
        return (f"--game {self.game} --players {self.players} --seed {self.seed}{extra} "
                f"seats {','.join(self.seats())} pilot {self.pilot} view {self.view}")


def setups(n: int, first_seed: int = 0) -> Iterator[Setup]:
    """``n`` setups cycling over every game, expansion and player count, each with its
    own seed; in games of 2 or more players the last seat is a bot seat every other
    time, and the terminal view alternates between full and compact."""
    combos = [(g, e, p) for g, e, counts in KINDS for p in counts]
    for i in range(n):
        game, expansion, players = combos[i % len(combos)]
        seed = first_seed + i
        turn = i // len(combos)
        bots = (players - 1,) if players > 1 and turn % 2 else ()
        yield Setup(game, players, seed, expansion, bots,
                    pilot="greedy" if turn % 4 == 3 else "random",
                    view="compact" if turn % 2 else "full")


# ---------------------------------------------------------------------------
# The terminal
# ---------------------------------------------------------------------------
@dataclass
class TerminalGame:
    """What a game through ``arle play`` left: the exit code, the transcript, the final
    state, and how many screens the pilot's decisions were shown on."""

    exit_code: int
    output: str
    state: Any
    screens: int
    exception: BaseException | None


def terminal_game(setup: Setup) -> TerminalGame:
    """Play ``setup`` through ``arle play`` to the end."""
    held: dict[str, Any] = {}
    pilots: dict[int, Any] = {}
    screens = [0]
    green = setup.game == "green"
    module: Any = green_play if green else play

    def pilot(p: int) -> Any:
        if p not in pilots:
            seed = setup.seed * 100 + 50 + p
            pilots[p] = (green_bot(setup.pilot, seed=seed) if green
                         else get_bot(setup.pilot, seed=seed))
        return pilots[p]

    def read(console: Any, prompt: str) -> str | None:
        session = held.get("session")
        if session is None or session.state.is_terminal() or not prompt.strip():
            return None if session is None or session.state.is_terminal() else ""
        s = session.state
        p = s.current_player
        return str(pilot(p).choose(s))

    real_run = play.run
    real_show = module.GreenSession.show if green else module.Session.show

    def run(session: Any) -> int:
        held["session"] = session
        return int(real_run(session))

    def show(self: Any, *args: Any) -> None:
        screens[0] += 1
        real_show(self, *args)

    args = ["play", "--players", str(setup.players), "--seed", str(setup.seed),
            "--seats", ",".join(setup.seats())]
    if green:
        args += ["--game", "green"]
    else:
        args += ["--view", setup.view]
        if setup.expansion:
            args += ["--expansion", setup.expansion]
    # the one terminal loop of every game (arle.framework.loop) reads the lines
    patches = [mock.patch.object(loop, "_read", read),
               mock.patch.object(play, "run", run),
               mock.patch.object(module.GreenSession if green else module.Session, "show",
                                 show)]
    with patches[0], patches[1], patches[2]:
        r = CliRunner().invoke(app, args, input="")
    session = held.get("session")
    return TerminalGame(r.exit_code, r.output, None if session is None else session.state,
                        screens[0], r.exception)


def check_terminal_game(setup: Setup) -> TerminalGame:
    """:func:`terminal_game`, asserting it ended well: exit 0, the game over, every
    pilot decision on a screen of its own, and the game the same as its record."""
    t = terminal_game(setup)
    assert t.exit_code == 0 and t.exception is None, (str(setup), t.output[-3000:])
    s = t.state
    assert s is not None and s.is_terminal(), (str(setup), t.output[-3000:])
    ends = "The game is over." if setup.game == "green" else "Game over"
    assert ends in t.output, str(setup)
    piloted = [p for p in range(setup.players) if p not in setup.bot_seats]
    assert t.screens >= 1 and (t.screens >= 20 or not piloted), (str(setup), t.screens)
    again = G.replay(s.record()) if setup.game == "green" else arle.replay(s.record())
    assert again == s, str(setup)
    return t


# ---------------------------------------------------------------------------
# The web
# ---------------------------------------------------------------------------
@contextmanager
def web_client(db: Path | None = None) -> Iterator[Any]:
    """A TestClient of a fresh app on a SQLite file (a temporary one by default), bots
    without delay."""
    from arle.web.app import Limits, create_app
    with tempfile.TemporaryDirectory() as tmp:
        app_ = create_app(db if db is not None else Path(tmp) / "arle.sqlite3",
                          bot_delay=0.0, allowed_hosts=("testserver",),
                          limits=Limits(create_burst=10**6))
        with TestClient(app_) as client:
            yield client


def _wait(cond: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


@dataclass
class WebGame:
    """What a game through the web left: its id, its JSON at the end, the record, and
    the number of decisions the pilot read and made."""

    gid: str
    info: dict[str, Any]
    record: dict[str, Any]
    decisions: int


def _ok(r: Any, setup: Setup, what: str, status: int = 200) -> Any:
    assert r.status_code == status, (str(setup), what, r.status_code, r.text[:2000])
    return r


def web_game(client: Any, setup: Setup, timeout: float = 120.0,
             views_every: int = 1) -> WebGame:
    """Play ``setup`` in the web app to the end (bot seats by the server's worker, the
    others by the pilot through the API), then download the record and upload it."""
    if setup.game == "green":
        return _green_web_game(client, setup, timeout, views_every)
    body: dict[str, Any] = {"players": setup.players, "seats": setup.seats(),
                            "seed": setup.seed}
    if setup.expansion:
        body["expansion"] = setup.expansion
    made = _ok(client.post("/api/games", json=body), setup, "create", 201).json()
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    pilots = {p: get_bot(setup.pilot, seed=setup.seed * 100 + 50 + p)
              for p in range(setup.players) if p not in setup.bot_seats}
    local: arle.State | None = None
    decisions = 0
    deadline = time.monotonic() + timeout
    info = _ok(client.get(f"/api/games/{gid}"), setup, "info").json()
    p, terminal = info["current_player"], info["terminal"]
    while not terminal:
        if p not in pilots:              # a bot seat: the server's worker moves
            assert time.monotonic() < deadline, (str(setup), "the bots never finished")
            time.sleep(0.005)
            info = _ok(client.get(f"/api/games/{gid}"), setup, "info").json()
            p, terminal = info["current_player"], info["terminal"]
            continue
        headers = {"X-Arle-Token": tokens[p]}
        mine = _ok(client.get(f"/api/games/{gid}", headers=headers), setup, "info").json()
        if local is None or len(local.history) != mine["ply"]:     # the bots moved
            local = arle.replay(_ok(client.get(f"/api/games/{gid}/record"), setup,
                                    "record").json())
        assert sorted(mine["legal"]) == sorted(map(str, local.legal_actions())), str(setup)
        if decisions % views_every == 0:
            page = _ok(client.get(f"/games/{gid}/view", headers=headers), setup, "view")
            assert "Traceback" not in page.text
        action = pilots[p].choose(local)
        moved = _ok(client.post(f"/api/games/{gid}/moves", headers=headers,
                                json={"action": str(action), "version": mine["version"]}),
                    setup, f"move {action}").json()
        local.apply(action)
        decisions += 1
        p, terminal = moved["current_player"], moved["terminal"]
    info = _ok(client.get(f"/api/games/{gid}"), setup, "info").json()
    record = _ok(client.get(f"/api/games/{gid}/record"), setup, "record").json()
    final = arle.replay(record)
    assert final.is_terminal(), str(setup)
    moves = [m for m in info["log"] if m["kind"] == "move"]
    assert info["ply"] == len(record["actions"]) == len(moves), str(setup)
    assert [m["action"] for m in moves] == record["actions"], str(setup)
    assert info["scores"] == [sc.total for sc in final.scores()], str(setup)
    state = _ok(client.get(f"/api/games/{gid}/state"), setup, "state").text
    assert json.loads(state) == json.loads(final.to_json()), str(setup)
    page = _ok(client.get(f"/games/{gid}"), setup, "page").text
    assert "Game over" in page, str(setup)
    up = _ok(client.post("/api/records", json=record), setup, "upload", 201).json()
    again = _ok(client.get(f"/api/games/{up['id']}"), setup, "uploaded").json()
    assert again["terminal"] and again["scores"] == info["scores"], str(setup)
    assert [m["action"] for m in again["log"]
            if m["kind"] == "move"] == record["actions"], str(setup)
    state2 = _ok(client.get(f"/api/games/{up['id']}/state"), setup, "state").text
    assert json.loads(state2) == json.loads(state), str(setup)
    return WebGame(gid, info, record, decisions)


def _green_web_game(client: Any, setup: Setup, timeout: float, views_every: int) -> WebGame:
    made = _ok(client.post("/api/games", json={"game": "green", "players": setup.players,
                                                "seats": setup.seats(), "seed": setup.seed}),
               setup, "create", 201).json()
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    pilots = {p: green_bot(setup.pilot, seed=setup.seed * 100 + 50 + p)
              for p in range(setup.players) if p not in setup.bot_seats}
    svc = client.app.state.green
    game = svc.get(gid)
    decisions = 0
    deadline = time.monotonic() + timeout
    while True:
        svc.wait_idle(game)
        s = game.state
        if s.is_terminal():
            break
        p = s.current_player
        assert p in pilots and time.monotonic() < deadline, (str(setup), p)
        headers = {"X-Arle-Token": tokens[p]}
        mine = _ok(client.get(f"/api/green/games/{gid}", headers=headers), setup,
                   "info").json()
        legal = mine["view"]["obs"]["legal_actions"]
        assert sorted(legal) == sorted(map(str, s.legal_actions())), str(setup)
        if decisions % views_every == 0:
            page = _ok(client.get(f"/green/games/{gid}/view", headers=headers), setup, "view")
            assert "Traceback" not in page.text
        action = str(pilots[p].choose(s.clone()))
        _ok(client.post(f"/api/green/games/{gid}/moves", headers=headers,
                        json={"action": action, "version": mine["version"]}),
            setup, f"move {action}")
        decisions += 1
    info = _ok(client.get(f"/api/green/games/{gid}"), setup, "info").json()
    record = _ok(client.get(f"/api/green/games/{gid}/record"), setup, "record").json()
    final = G.replay(record)
    assert final == game.state and final.is_terminal(), str(setup)
    page = _ok(client.get(f"/green/games/{gid}"), setup, "page").text
    assert "Winner" in page or setup.players == 1, str(setup)
    return WebGame(gid, info, record, decisions)


def soak(setups_: Sequence[Setup], faces: Sequence[str] = ("terminal", "web"),
         on_crash: Callable[[Setup, str, BaseException], None] | None = None,
         on_game: Callable[[Setup, str, float], None] | None = None) -> dict[str, int]:
    """Play every setup through every face; counts of games and crashes per face
    (``on_game(setup, face, seconds)`` after each game, ``on_crash`` after a crash)."""
    counts = {f"{face} {what}": 0 for face in faces for what in ("games", "crashes")}
    client_cm = web_client() if "web" in faces else None
    client = client_cm.__enter__() if client_cm is not None else None
    try:
        for setup in setups_:
            for face in faces:
                counts[f"{face} games"] += 1
                start = time.monotonic()
                try:
                    if face == "terminal":
                        check_terminal_game(setup)
                    else:
                        web_game(client, setup)
                except BaseException as exc:     # noqa: BLE001 - counted and reported
                    if isinstance(exc, KeyboardInterrupt):
                        raise
                    counts[f"{face} crashes"] += 1
                    if on_crash is not None:
                        on_crash(setup, face, exc)
                if on_game is not None:
                    on_game(setup, face, time.monotonic() - start)
    finally:
        if client_cm is not None:
            client_cm.__exit__(None, None, None)
    return counts
