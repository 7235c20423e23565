"""Play seeded bot games through the faces (issue 32): the terminal loop of ``arle play``
and the web app, as a person would reach them.  Shared by the tests
(``tests/test_faces_play.py``) and the soak script (``scripts/faces-soak.py``).

The terminal: ``arle play`` runs in-process with its real loop; the seats a *pilot*
takes are human seats whose typed lines are a bot's choice (each decision is rendered
on the screen first, then the line goes through the same parsing as a person's); the
other seats are the command's own bot seats.

The web: a game is created through the JSON API with bot seats (the server's bot worker
plays them) and human seats the pilot plays by the API, every decision of theirs read
first from the game's JSON, and checked through the web's other faces on the way
(:data:`WEB_FACES`): the game page and its fragment, a WebSocket for each piloted seat
and one for a spectator (a live view after every move; in the second game, each seat's
own observation and no card hidden from it), and at the end the record downloaded,
uploaded again (the same position), replayed (the web's replay pages, ``arle replay``;
the second game also ``arle play --game green --load``) and reviewed (the web's review
and ``arle review`` agree; the second game's once it is over).
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
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
    patches: list[Any]
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
#: The web's faces a game is played through: ``web`` the JSON API's moves (each read
#: from the game's JSON first), ``pages`` the game page and its view fragment after
#: moves, ``ws`` the WebSocket (every piloted seat's and a spectator's live view after
#: every move), ``record`` the record downloaded, uploaded again and replayed (the web's
#: replay pages and ``arle replay``; the second game's also by ``arle play --game green
#: --load``), ``review`` the web's review (page and JSON) and ``arle review``, which
#: must agree.  The second game's record and review are served once the game is over.
WEB_FACES: tuple[str, ...] = ("web", "pages", "ws", "record", "review")
FACES: tuple[str, ...] = ("terminal",) + WEB_FACES


class FaceFailure(AssertionError):
    """A check of one face failed; ``face`` names it, the original error is the cause."""

    def __init__(self, face: str, error: BaseException) -> None:
        super().__init__(f"{face}: {type(error).__name__}: {error}"[:4000])
        self.face = face


@contextmanager
def _face(face: str) -> Iterator[None]:
    """Errors inside are the failures of ``face`` (an inner face's own stay its own)."""
    try:
        yield
    except (KeyboardInterrupt, FaceFailure):
        raise
    except BaseException as exc:
        raise FaceFailure(face, exc) from exc


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


@dataclass
class WebGame:
    """What a game through the web left: its id, its JSON at the end, the record, the
    number of decisions the pilot read and made, the faces checked, and the live views
    the sockets received (per seat; None: the spectator) and, in the second game, how
    many hidden cards their check looked for."""

    gid: str
    info: dict[str, Any]
    record: dict[str, Any]
    decisions: int
    checked: set[str]
    pushed: dict[int | None, int]
    secrets: int = 0


def _ok(r: Any, setup: Setup, what: str, status: int = 200) -> Any:
    assert r.status_code == status, (str(setup), what, r.status_code, r.text[:2000])
    return r


def _open_sockets(stack: ExitStack, client: Any, path: str,
                  tokens: dict[int, str]) -> dict[int | None, Any]:
    """One WebSocket per seat in ``tokens`` (its token in the header) and one of a
    spectator (no token; the client holds no seat cookie of a game made by the API).  On
    the client's own event loop: the app's locks belong to it."""
    socks: dict[int | None, Any] = {}
    for seat, tok in [*tokens.items(), (None, None)]:
        headers = {"X-Arle-Token": tok} if tok else {}
        socks[seat] = stack.enter_context(client.websocket_connect(path, headers=headers))
    return socks


def _token(tokens: Sequence[str | None], seat: int | None) -> dict[str, str]:
    """The header that opens ``seat`` (none for a spectator)."""
    tok = None if seat is None else tokens[seat]
    return {"X-Arle-Token": tok} if tok else {}


def _receive(ws: Any, timeout: float) -> str:
    """The socket's next message, or AssertionError after ``timeout`` seconds (the test
    client's own receive waits for ever: a face that stops pushing must fail, not hang)."""
    box: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            box.append((True, ws.receive_text()))
        except BaseException as exc:      # noqa: BLE001 - handed to the caller
            box.append((False, exc))
    reader = threading.Thread(target=run, daemon=True)
    reader.start()
    reader.join(timeout)
    if not box:
        raise AssertionError(f"no message on the WebSocket within {timeout:.0f} s")
    ok, got = box[0]
    if not ok:
        raise got
    return str(got)


def _next_view(ws: Any, version: int, timeout: float = 60.0) -> dict[str, Any]:
    """The socket's first view of ``version`` or later (earlier ones are skipped)."""
    while True:
        msg: dict[str, Any] = json.loads(_receive(ws, timeout))
        assert msg.get("type") != "error", msg
        if msg.get("type") == "view" and msg["version"] >= version:
            return msg


_TO_MOVE = re.compile(r'data-to-move="(\d*)"')


def _check_arle_push(msg: dict[str, Any], seat: int | None, setup: Setup) -> None:
    """A live view of Fields of Arle: its seat, version and ply, and the decision's
    controls exactly when this seat is to move."""
    html = msg["html"]
    assert msg["seats"] == ([] if seat is None else [seat]), (str(setup), msg["seats"])
    assert f'data-version="{msg["version"]}"' in html, str(setup)
    assert f'data-ply="{msg["ply"]}"' in html, str(setup)
    assert "Traceback" not in html
    found = _TO_MOVE.search(html)
    assert found is not None, str(setup)
    over = 'data-over="1"' in html
    mine = seat is not None and not over and found.group(1) == str(seat)
    assert ('data-mine="1"' in html) == mine, (str(setup), seat, found.group(1))
    assert seat is not None or "data-acts" not in html, str(setup)


def web_game(client: Any, setup: Setup, timeout: float = 120.0, views_every: int = 1,
             faces: Sequence[str] = WEB_FACES, max_decisions: int | None = None,
             pages_every: int = 20, progress: set[str] | None = None) -> WebGame:
    """Play ``setup`` in the web app (bot seats by the server's worker, the others by
    the pilot through the API) to the end, or until the pilot made ``max_decisions``,
    through ``faces`` (see :data:`WEB_FACES`; the API's ``web`` always).  The view
    fragment is fetched every ``views_every`` decisions, the whole page every
    ``pages_every``.  The faces whose checks passed are added to ``progress`` as they
    pass; a failed check raises :class:`FaceFailure` naming its face."""
    want = set(faces) | {"web"}
    done = progress if progress is not None else set()
    with _face("web"):
        play_ = _green_web_game if setup.game == "green" else _arle_web_game
        g = play_(client, setup, timeout, views_every, want, max_decisions, pages_every,
                  done)
    done.add("web")
    g.checked = set(done)
    return g


def _arle_web_game(client: Any, setup: Setup, timeout: float, views_every: int,
                   faces: set[str], max_decisions: int | None, pages_every: int,
                   done: set[str]) -> WebGame:
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
    seen: dict[int | None, int] = {}
    pushed: dict[int | None, int] = {}
    with ExitStack() as stack:
        socks: dict[int | None, Any] = {}
        if "ws" in faces:
            with _face("ws"):
                socks = _open_sockets(stack, client, f"/ws/games/{gid}",
                                      {p: tokens[p] for p in pilots})
                for seat, ws in socks.items():
                    first = _next_view(ws, 1)
                    _check_arle_push(first, seat, setup)
                    seen[seat], pushed[seat] = first["version"], 1

        def live(version: int) -> None:
            """Every socket's view of ``version`` (or later: bots may have moved)."""
            with _face("ws"):
                for seat, ws in socks.items():
                    if seen[seat] < version:
                        msg = _next_view(ws, version)
                        _check_arle_push(msg, seat, setup)
                        seen[seat] = msg["version"]
                        pushed[seat] += 1

        info = _ok(client.get(f"/api/games/{gid}"), setup, "info").json()
        p, terminal, known = info["current_player"], info["terminal"], info["version"]
        while not terminal:
            if p not in pilots:              # a bot seat: the server's worker moves
                left = deadline - time.monotonic()
                assert left > 0, (str(setup), "the bots never finished")
                if socks:
                    if seen[None] <= known:  # the spectator's next live view
                        with _face("ws"):
                            msg = _next_view(socks[None], known + 1, left)
                            _check_arle_push(msg, None, setup)
                            seen[None] = msg["version"]
                            pushed[None] += 1
                else:
                    time.sleep(0.02)
                info = _ok(client.get(f"/api/games/{gid}"), setup, "info").json()
                p, terminal, known = info["current_player"], info["terminal"], info["version"]
                continue
            if max_decisions is not None and decisions >= max_decisions:
                break
            headers = {"X-Arle-Token": tokens[p]}
            mine = _ok(client.get(f"/api/games/{gid}", headers=headers), setup,
                       "info").json()
            if local is None or len(local.history) != mine["ply"]:     # the bots moved
                local = arle.replay(_ok(client.get(f"/api/games/{gid}/record"), setup,
                                        "record").json())
            assert sorted(mine["legal"]) == sorted(map(str, local.legal_actions())), \
                str(setup)
            if "pages" in faces:
                with _face("pages"):
                    if decisions % views_every == 0:
                        page = _ok(client.get(f"/games/{gid}/view", headers=headers),
                                   setup, "view")
                        assert "Traceback" not in page.text
                        assert 'data-mine="1"' in page.text, str(setup)
                    if decisions % pages_every == 0:
                        page = _ok(client.get(f"/games/{gid}", headers=headers), setup,
                                   "page")
                        assert f'data-ply="{mine["ply"]}"' in page.text, str(setup)
                        assert 'data-mine="1"' in page.text, str(setup)
            action = pilots[p].choose(local)
            moved = _ok(client.post(f"/api/games/{gid}/moves", headers=headers,
                                    json={"action": str(action), "version": mine["version"]}),
                        setup, f"move {action}").json()
            local.apply(action)
            decisions += 1
            live(moved["version"])
            p, terminal, known = moved["current_player"], moved["terminal"], moved["version"]
        info = _ok(client.get(f"/api/games/{gid}"), setup, "info").json()
        live(info["version"])
        if socks:
            assert all(v == info["version"] for v in seen.values()), (str(setup), seen)
            done.add("ws")
    record = _ok(client.get(f"/api/games/{gid}/record"), setup, "record").json()
    final = arle.replay(record)
    assert final.is_terminal() == info["terminal"], str(setup)
    assert final.is_terminal() or max_decisions is not None, str(setup)
    moves = [m for m in info["log"] if m["kind"] == "move"]
    assert info["ply"] == len(record["actions"]) == len(moves), str(setup)
    assert [m["action"] for m in moves] == record["actions"], str(setup)
    state = _ok(client.get(f"/api/games/{gid}/state"), setup, "state").text
    assert json.loads(state) == json.loads(final.to_json()), str(setup)
    if final.is_terminal():
        assert info["scores"] == [sc.total for sc in final.scores()], str(setup)
    if "pages" in faces:
        with _face("pages"):
            for p in [None, *pilots]:                 # a spectator, then each seat
                page = _ok(client.get(f"/games/{gid}", headers=_token(tokens, p)), setup,
                           "page").text
                assert f'data-ply="{info["ply"]}"' in page, str(setup)
                assert ("Game over" in page) == final.is_terminal(), str(setup)
                assert ('data-mine="1"' in page) == (p is not None
                                                     and p == info["current_player"]), \
                    (str(setup), p)
            done.add("pages")
    if "record" in faces:
        with _face("record"):
            _check_arle_record(client, setup, gid, record, info, state)
            done.add("record")
    if "review" in faces and record["actions"]:
        with _face("review"):
            _check_arle_review(client, setup, gid, record)
            done.add("review")
    return WebGame(gid, info, record, decisions, set(), pushed)


def _cli(args: list[str], record: dict[str, Any], input: str = "") -> str:
    """``arle ARGS FILE`` in-process on the record written to a temporary file; its
    output (exit code 0 asserted)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        path.write_text(json.dumps(record))
        r = CliRunner().invoke(app, [*args, str(path)], input=input)
    assert r.exit_code == 0 and r.exception is None, (args, r.output[-3000:])
    return str(r.output)


def _check_arle_record(client: Any, setup: Setup, gid: str, record: dict[str, Any],
                       info: dict[str, Any], state: str) -> None:
    """The record downloaded from the page's link is the API's; uploaded again it is
    the same position; the replay pages show any step; ``arle replay`` reads the file
    (stepping back and forth, and its last position)."""
    dl = _ok(client.get(f"/games/{gid}/record.json"), setup, "download")
    assert "attachment" in dl.headers["content-disposition"], str(setup)
    assert dl.json() == record, str(setup)
    up = _ok(client.post("/api/records", json=record), setup, "upload", 201).json()
    again = _ok(client.get(f"/api/games/{up['id']}"), setup, "uploaded").json()
    assert again["terminal"] == info["terminal"], str(setup)
    if info["terminal"]:
        assert again["scores"] == info["scores"], str(setup)
    assert [m["action"] for m in again["log"]
            if m["kind"] == "move"] == record["actions"], str(setup)
    assert [m["text"] for m in again["log"]] == [m["text"] for m in info["log"]], str(setup)
    state2 = _ok(client.get(f"/api/games/{up['id']}/state"), setup, "state").text
    assert json.loads(state2) == json.loads(state), str(setup)
    n = len(record["actions"])
    for k in sorted({0, n // 2, n}):
        page = _ok(client.get(f"/games/{gid}/replay", params={"step": k}), setup,
                   f"replay {k}").text
        assert f'data-ply="{k}"' in page and "Traceback" not in page, (str(setup), k)
        frag = _ok(client.get(f"/games/{gid}/replay/{k}"), setup, f"replay step {k}").text
        assert f'data-ply="{k}"' in frag and "data-acts" not in frag, (str(setup), k)
    out = _cli(["replay", "--final"], record)
    assert f"After all {n} actions" in out, str(setup)
    assert ("Winner" in out) == (info["terminal"] and setup.players > 1) \
        or setup.players == 1, str(setup)
    mid = n // 2
    out = _cli(["replay"], record, input=f"j {mid}\nn\nb\nj {n}\nn\nq\n")
    for shown in (f"[{mid}/{n}]>", f"[{min(mid + 1, n)}/{n}]>", f"[{n}/{n}]>"):
        assert shown in out, (str(setup), shown)
    assert "Already at the end" in out and "Error" not in out, str(setup)


def _check_arle_review(client: Any, setup: Setup, gid: str, record: dict[str, Any]) -> None:
    """The web's review (JSON and page): turns in the record's order, each the actions
    the record has at its index, none overlapping; ``arle review`` with the web's judge
    says the same."""
    data = _ok(client.get(f"/api/games/{gid}/review"), setup, "review").json()
    turns = data["turns"]
    actions = record["actions"]
    assert data["summary"]["turns"] == len(turns), str(setup)
    end = 0
    for t in turns:
        assert t["index"] >= end and t["played"], (str(setup), t)
        end = t["index"] + len(t["played"])
        assert actions[t["index"]:end] == t["played"], (str(setup), t)
    assert {t["player"] for t in turns} <= set(range(setup.players)), str(setup)
    assert all(t["loss"] >= 0 for t in turns), str(setup)
    page = _ok(client.get(f"/games/{gid}/review"), setup, "review page").text
    assert page.count('class="card review"') == setup.players, str(setup)
    seat = len(actions) % setup.players        # the terminal's review of one player
    out = json.loads(_cli(["review", "--json", "--all", "--bot", data["bot"],
                           "--player", str(seat + 1)], record))
    # the same turns and values; where moves tie, the judge's pick among them may differ
    # (its random tie-break has drawn for fewer turns before), and with it the loss (none
    # when the pick is the move played)
    same = ("index", "half_year", "player", "played", "value_played", "value_suggested")
    assert [{k: t[k] for k in same} for t in out["turns"]] == \
        [{k: t[k] for k in same} for t in turns if t["player"] == seat], str(setup)


def _green_secrets() -> tuple[Callable[..., set[str]], Callable[..., list[str]]]:
    """The web tests' check of hidden cards: what a viewer may not see, and which of
    those a text names (``tests/web/test_web_green.py``)."""
    web_tests = str(Path(__file__).resolve().parent / "web")
    if web_tests not in sys.path:
        sys.path.insert(0, web_tests)
    from test_web_green import _hidden_from, _leaks
    return _hidden_from, _leaks


def _green_web_game(client: Any, setup: Setup, timeout: float, views_every: int,
                    faces: set[str], max_decisions: int | None, pages_every: int,
                    done: set[str]) -> WebGame:
    from arle.green.infostate import public_observation
    hidden_from, leaks = _green_secrets()
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
    seen: dict[int | None, int] = {}
    pushed: dict[int | None, int] = {}
    secrets = [0]
    with ExitStack() as stack:
        socks: dict[int | None, Any] = {}
        if "ws" in faces:
            with _face("ws"):
                socks = _open_sockets(stack, client, f"/green/ws/{gid}",
                                      {p: tokens[p] for p in pilots})
                seen = {seat: 0 for seat in socks}
                pushed = {seat: 0 for seat in socks}

        def live() -> None:
            """Every socket's view of the current version: its seat's own observation
            (a spectator's the public one) and no card hidden from that seat."""
            with _face("ws"):
                v, s = game.version, game.state
                for seat, ws in socks.items():
                    if seen[seat] >= v:
                        continue
                    text = ""
                    while True:
                        text = _receive(ws, 60.0)
                        msg = json.loads(text)
                        if msg.get("type") == "view" and msg["version"] >= v:
                            break
                    assert msg["version"] == v, (str(setup), msg["version"], v)
                    seen[seat] = v
                    pushed[seat] += 1
                    assert msg["view"]["you"] == seat, (str(setup), seat)
                    want = public_observation(s) if seat is None else s.observation(seat)
                    assert msg["view"]["view"]["obs"] == json.loads(json.dumps(want)), \
                        (str(setup), seat)
                    hidden = hidden_from(game, seat)
                    secrets[0] += len(hidden)
                    assert leaks(text, game, hidden) == [], (str(setup), seat)

        while True:
            svc.wait_idle(game)
            s = game.state
            live()
            if s.is_terminal() or (max_decisions is not None and decisions >= max_decisions):
                break
            p = s.current_player
            assert p in pilots and time.monotonic() < deadline, (str(setup), p)
            headers = {"X-Arle-Token": tokens[p]}
            mine = _ok(client.get(f"/api/green/games/{gid}", headers=headers), setup,
                       "info").json()
            legal = mine["view"]["obs"]["legal_actions"]
            assert sorted(legal) == sorted(map(str, s.legal_actions())), str(setup)
            if "pages" in faces:
                with _face("pages"):
                    if decisions % views_every == 0:
                        page = _ok(client.get(f"/green/games/{gid}/view", headers=headers),
                                   setup, "view")
                        assert "Traceback" not in page.text
                        assert f'data-version="{mine["version"]}"' in page.text
                    if decisions % pages_every == 0:
                        page = _ok(client.get(f"/green/games/{gid}", headers=headers),
                                   setup, "page")
                        assert f'data-version="{mine["version"]}"' in page.text
            action = str(pilots[p].choose(s.clone()))
            _ok(client.post(f"/api/green/games/{gid}/moves", headers=headers,
                            json={"action": action, "version": mine["version"]}),
                setup, f"move {action}")
            decisions += 1
        if socks:
            done.add("ws")
    info = _ok(client.get(f"/api/green/games/{gid}"), setup, "info").json()
    terminal = game.state.is_terminal()
    assert terminal or max_decisions is not None, str(setup)
    if "pages" in faces:
        with _face("pages"):
            for p in [None, *pilots]:                 # a spectator, then each seat
                page = _ok(client.get(f"/green/games/{gid}", headers=_token(tokens, p)),
                           setup, "page").text
                assert f'data-version="{info["version"]}"' in page, str(setup)
                assert "Traceback" not in page
                if terminal and setup.players > 1:
                    assert "Winner" in page, str(setup)
            done.add("pages")
    r = client.get(f"/api/green/games/{gid}/record")
    if not terminal:          # the record holds every hidden card: only at the end
        with _face("record"):
            _ok(r, setup, "record before the end", 403)
            if "record" in faces:
                done.add("record")
        if "review" in faces:     # so does the review (each seat's hidden decisions)
            with _face("review"):
                for path in (f"/api/games/{gid}/review", f"/green/games/{gid}/review"):
                    _ok(client.get(path), setup, "review before the end", 403)
                done.add("review")
        return WebGame(gid, info, {}, decisions, set(), pushed, secrets[0])
    record = _ok(r, setup, "record").json()
    final = G.replay(record)
    assert final == game.state and final.is_terminal(), str(setup)
    if "record" in faces:
        with _face("record"):
            _check_green_record(client, setup, gid, record, final)
            done.add("record")
    if "review" in faces:
        with _face("review"):
            _check_green_review(client, setup, gid, record)
            done.add("review")
    return WebGame(gid, info, record, decisions, set(), pushed, secrets[0])


def _check_green_record(client: Any, setup: Setup, gid: str, record: dict[str, Any],
                        final: Any) -> None:
    """The second game's finished record: downloaded (with the seats, without the
    server's card path), uploaded again through the same API as Fields of Arle's (the
    same position, the bots in their seats), the uploaded game's replay pages (the
    public view and each seat's), ``arle replay`` (stepping, ``--final``) and ``arle
    play --game green --load``."""
    dl = _ok(client.get(f"/api/green/games/{gid}/record"), setup, "download")
    assert "attachment" in dl.headers["content-disposition"], str(setup)
    assert "path" not in record["setup"]["cards"], str(setup)
    assert len(record["seats"]) == setup.players, str(setup)
    up = _ok(client.post("/api/records", json=record), setup, "upload", 201).json()
    assert up["game"] == "green" and up["replay"] == f"/green/games/{up['id']}/replay"
    svc = client.app.state.green
    again = svc.get(up["id"])
    assert again.state == final and again.rec.origin == "upload", str(setup)
    assert [m.action for m in again.moves] == record["actions"], str(setup)
    assert [s.kind for s in again.rec.seats] == [
        "bot" if p in setup.bot_seats else "human" for p in range(setup.players)]
    n = len(record["actions"])
    for k in sorted({0, n // 2, n}):
        for seat in ("none", *map(str, range(setup.players))):
            page = _ok(client.get(up["replay"], params={"step": k, "seat": seat}), setup,
                       f"replay {k} as {seat}").text
            assert f"move {k} of {n}" in page and "Traceback" not in page, (str(setup), k)
    out = _cli(["replay", "--final"], record)
    assert f"After all {n} actions" in out and "The record stops" not in out, str(setup)
    assert ("Winner" in out) == (setup.players > 1), str(setup)
    mid = n // 2
    out = _cli(["replay", "--seat", str(setup.players)], record,
               input=f"j {mid}\nn\nb\nj {n}\nn\nq\n")
    for shown in (f"[{mid}/{n}]>", f"[{min(mid + 1, n)}/{n}]>", f"[{n}/{n}]>"):
        assert shown in out, (str(setup), shown)
    assert "Already at the end" in out and "Error" not in out, str(setup)
    out = _cli(["play", "--game", "green", "--load"], record)
    assert f"{n} actions replayed" in out, str(setup)
    assert "The game is over." in out, str(setup)
    assert ("Winner" in out) == (setup.players > 1) or setup.players == 1


def _check_green_review(client: Any, setup: Setup, gid: str, record: dict[str, Any]) -> None:
    """The second game's review: every decision with a choice, in the record's order,
    judged from the deciding seat's information; the page (a section a seat) and ``arle
    review`` of one seat say the same (each decision is judged alike whoever is
    reviewed)."""
    data = _ok(client.get(f"/api/games/{gid}/review"), setup, "review").json()
    assert _ok(client.get(f"/api/green/games/{gid}/review"), setup,
               "review").json() == data, str(setup)
    turns = data["turns"]
    actions = record["actions"]
    assert data["summary"]["turns"] == len(turns) > 0, str(setup)
    indices = [t["index"] for t in turns]
    assert indices == sorted(set(indices)), str(setup)
    assert all([actions[t["index"]]] == t["played"] for t in turns), str(setup)
    assert {t["player"] for t in turns} <= set(range(setup.players)), str(setup)
    assert all(t["loss"] >= 0 and 1 <= t["year"] <= 4 for t in turns), str(setup)
    page = _ok(client.get(f"/green/games/{gid}/review"), setup, "review page").text
    assert page.count('class="card review"') == setup.players, str(setup)
    seat = len(actions) % setup.players
    out = json.loads(_cli(["review", "--json", "--all", "--bot", data["bot"],
                           "--player", str(seat + 1)], record))
    assert out["turns"] == [t for t in turns if t["player"] == seat], str(setup)


def soak(setups_: Sequence[Setup], faces: Sequence[str] = FACES,
         on_crash: Callable[[Setup, str, BaseException], None] | None = None,
         on_game: Callable[[Setup, str, float], None] | None = None,
         max_decisions: int | None = None) -> dict[str, int]:
    """Play every setup through the terminal (when ``faces`` has it) and through the
    web's faces (one web game checks them all); counts of games and crashes per face: a
    face counts a game when its checks ran on it (the second game's record and review
    of a game left unfinished: that they are refused), a
    crash where its check failed (``on_crash(setup, face, error)``); ``on_game(setup,
    "terminal" or "web", seconds)`` after each game."""
    web = [f for f in faces if f in WEB_FACES]
    counts = {f"{face} {what}": 0 for face in faces for what in ("games", "crashes")}
    client_cm = web_client() if web else None
    client = client_cm.__enter__() if client_cm is not None else None
    try:
        for setup in setups_:
            runs: list[tuple[str, Callable[[set[str]], object]]] = []
            if "terminal" in faces:
                runs.append(("terminal", lambda done: check_terminal_game(setup)))
            if web:
                runs.append(("web", lambda done: web_game(
                    client, setup, faces=web, max_decisions=max_decisions,
                    views_every=5, progress=done)))
            for face, run in runs:
                done: set[str] = set()
                start = time.monotonic()
                try:
                    run(done)
                    if face == "terminal":
                        done.add("terminal")
                except BaseException as exc:     # noqa: BLE001 - counted and reported
                    if isinstance(exc, KeyboardInterrupt):
                        raise
                    failed = exc.face if isinstance(exc, FaceFailure) else face
                    done.add(failed)
                    counts[f"{failed} crashes"] += 1
                    if on_crash is not None:
                        on_crash(setup, failed, exc)
                for f in done:
                    counts[f"{f} games"] += 1
                if on_game is not None:
                    on_game(setup, face, time.monotonic() - start)
    finally:
        if client_cm is not None:
            client_cm.__exit__(None, None, None)
    return counts
