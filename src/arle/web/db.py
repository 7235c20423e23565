"""Storage of the web app: games, seats and accepted moves in SQLite or PostgreSQL.

Both back ends share one schema and one set of SQL statements (written with ``?``
placeholders; the PostgreSQL store rewrites them to ``%s``).  Every method is
synchronous and holds the store's lock, so one connection can be shared by the threads
the server hands the calls to.

Concurrency is optimistic: each game carries a ``version`` that every change bumps, and
a change is written with ``UPDATE ... WHERE version = <the version it was computed
from>``.  When two changes race, exactly one of them finds its version and commits; the
other updates no row and is rolled back, even across server processes sharing a
database.  The ``moves`` table's primary key (game, ply) backs this up.

Several servers may share one database.  A server checks the stored ``version`` of a
game before it serves its copy in memory (:meth:`_SQLStore.game_version`, one indexed
read) and polls the versions of the games its pages watch (:meth:`_SQLStore.versions`);
a bot move is *claimed* (:meth:`_SQLStore.claim_bot`, the ``bot_claims`` table) by the
one server that plays it, for a lease it renews while the bot thinks.

Secrets are stored hashed: a seat's token and the owner token as the SHA-256 of the
token (:func:`hash_token`; tokens carry 192 random bits, so a plain hash suffices), and
each seat's invitation token sealed with a key only the owner token gives
(:func:`seal_invite`), so that the owner's page can still show the invitation links.
Schema version 1 stored them plainly; opening such a database migrates it in place
(:meth:`_SQLStore.init_schema`).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, Protocol, Sequence, TypeVar

__all__ = ["EventRow", "GameRecord", "MoveRow", "SCHEMA_VERSION", "SeatRow", "Store",
           "SQLiteStore", "PostgresStore", "default_db_path", "hash_token", "open_invite",
           "open_store", "seal_invite", "storage_errors", "token_matches"]

log = logging.getLogger("arle.web")

_P = ParamSpec("_P")
_R = TypeVar("_R")


def storage_errors() -> tuple[type[Exception], ...]:
    """The exceptions a store raises when the database fails (disk full, read-only file,
    a lost PostgreSQL server): the app answers them with 503."""
    errors: tuple[type[Exception], ...] = (sqlite3.Error,)
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is a dependency
        return errors
    return errors + (psycopg.Error,)


def _retry_lost(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run a store method again, once, on a fresh connection when the first attempt
    failed because the connection was lost (a PostgreSQL restart).  Each method is one
    transaction and changes are version-checked, so a retry never applies twice."""
    @functools.wraps(fn)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            store = args[0]
            assert isinstance(store, _SQLStore)
            if not store._lost(e):
                raise
            log.warning("the database connection was lost (%s); reconnecting", e)
            store._reconnect()
            return fn(*args, **kwargs)
    return wrapper

#: 1: tokens stored plainly; 2: tokens hashed, invitations sealed, bot claims.
SCHEMA_VERSION = 3


def hash_token(token: str) -> str:
    """What the database keeps of a secret token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str, digest: str | None) -> bool:
    """Whether ``token`` is the one whose :func:`hash_token` is ``digest`` (compared in
    constant time)."""
    if not token or not digest:
        return False
    return hmac.compare_digest(hash_token(token).encode("ascii"),
                               digest.encode("ascii", "replace"))


def _invite_pad(owner_token: str, game_id: str, seat: int, n: int) -> bytes:
    key = owner_token.encode("utf-8", "replace")
    pad = b""
    block = 0
    while len(pad) < n:
        msg = f"arle-invite\0{game_id}\0{seat}\0{block}".encode("utf-8", "replace")
        pad += hmac.new(key, msg, hashlib.sha256).digest()
        block += 1
    return pad[:n]


def seal_invite(owner_token: str, game_id: str, seat: int, token: str) -> str:
    """Seat ``seat``'s token, sealed (hex) with a pad only ``owner_token`` yields (HMAC-
    SHA-256 keyed by the owner token, which the database holds only hashed)."""
    data = token.encode("utf-8")
    pad = _invite_pad(owner_token, game_id, seat, len(data))
    return bytes(a ^ b for a, b in zip(data, pad)).hex()


def open_invite(owner_token: str, game_id: str, seat: int, sealed: str | None,
                digest: str | None) -> str | None:
    """The token :func:`seal_invite` sealed, if ``owner_token`` is the right one (the
    result must hash to the seat's ``digest``); else None."""
    if not sealed or not owner_token:
        return None
    try:
        data = bytes.fromhex(sealed)
    except ValueError:
        return None
    pad = _invite_pad(owner_token, game_id, seat, len(data))
    try:
        token = bytes(a ^ b for a, b in zip(data, pad)).decode("utf-8")
    except UnicodeDecodeError:
        return None
    return token if token_matches(token, digest) else None


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        players INTEGER NOT NULL,
        setup TEXT NOT NULL,
        owner_hash TEXT NOT NULL,
        status TEXT NOT NULL,
        ply INTEGER NOT NULL,
        version INTEGER NOT NULL,
        state TEXT NOT NULL,
        to_move INTEGER,
        winner INTEGER,
        origin TEXT NOT NULL,
        game TEXT NOT NULL DEFAULT 'arle')""",
    """CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        bot TEXT,
        token_hash TEXT UNIQUE,
        joined INTEGER NOT NULL DEFAULT 0,
        invite TEXT,
        PRIMARY KEY (game_id, seat))""",
    """CREATE TABLE IF NOT EXISTS moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        player INTEGER NOT NULL,
        action TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, ply))""",
    # what happened besides the moves (an undo, a hint), for the game log; a database
    # of an older arle gets the table when the server starts
    """CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL REFERENCES games(id),
        version INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        player INTEGER NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS games_by_status ON games (status, updated)",
    "CREATE INDEX IF NOT EXISTS events_by_game ON events (game_id, version)",
    """CREATE TABLE IF NOT EXISTS bot_claims (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        version INTEGER NOT NULL,
        server TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL)""",
)


@dataclass
class SeatRow:
    """One seat: ``kind`` is ``human`` or ``bot`` (then ``bot`` is the bot spec).  A
    human seat's token is kept as its :func:`hash_token` and, sealed for the owner
    (:func:`seal_invite`), as ``invite``."""

    seat: int
    kind: str
    bot: str | None
    token_hash: str | None
    joined: bool
    invite: str | None = None


@dataclass
class MoveRow:
    ply: int          # 1 for the first move
    player: int
    action: str
    created: float


@dataclass
class EventRow:
    """Something the log shows besides the moves: ``kind`` is ``undo``, ``hint`` or
    ``auto`` (a step the engine made by itself after a move: harvest, milking...);
    ``version`` the game's version after it, ``ply`` the moves on the board then."""

    version: int
    ply: int
    player: int
    kind: str
    text: str
    created: float


@dataclass
class GameRecord:
    """A game as stored: the current state as JSON plus the bookkeeping around it."""

    id: str
    created: float
    updated: float
    players: int
    setup: dict[str, Any]
    owner_hash: str       # hash_token of the owner token
    status: str           # "running" or "finished"
    ply: int              # moves applied so far
    version: int          # bumped by every change (moves and undos)
    state: str            # arle State JSON of the current position
    to_move: int | None
    winner: int | None
    origin: str           # "lobby" or "upload"
    seats: list[SeatRow] = field(default_factory=list)
    #: which game: ``"arle"`` (Fields of Arle) or ``"green"`` (:mod:`arle.green`)
    game: str = "arle"


class Store(Protocol):
    """What the game service needs from a database."""

    url: str

    def create_game(self, game: GameRecord, moves: Sequence[MoveRow]) -> None: ...
    def get_game(self, game_id: str) -> GameRecord | None: ...
    def load_game(self, game_id: str) -> tuple[GameRecord, list[MoveRow]] | None: ...
    def game_version(self, game_id: str) -> int | None: ...
    def versions(self, game_ids: Sequence[str]) -> dict[str, int]: ...
    def claim_bot(self, game_id: str, version: int, server: str, lease: float,
                  now: float | None = None) -> bool: ...
    def release_claims(self, server: str) -> None: ...
    def list_games(self, status: str, limit: int, game: str = "arle") -> list[GameRecord]: ...
    def game_ids_to_resume(self) -> list[str]: ...
    def find_token(self, token: str) -> tuple[str, int] | None: ...
    def mark_joined(self, game_id: str, seat: int) -> None: ...
    def set_seat_bot(self, game_id: str, expected_version: int, seat: int, bot: str,
                     event: EventRow) -> bool: ...
    def moves(self, game_id: str) -> list[MoveRow]: ...
    def commit_move(self, game_id: str, expected_version: int, move: MoveRow, state: str,
                    status: str, to_move: int | None, winner: int | None,
                    events: Sequence[EventRow] = ()) -> bool: ...
    def commit_undo(self, game_id: str, expected_version: int, ply: int, state: str,
                    status: str, to_move: int | None, winner: int | None,
                    event: EventRow | None = None) -> bool: ...
    def add_event(self, game_id: str, event: EventRow) -> None: ...
    def events(self, game_id: str) -> list[EventRow]: ...
    def close(self) -> None: ...


def default_db_path() -> Path:
    """The SQLite file used when no ``--db`` is given: in the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                          ".local", "share")
    return Path(base) / "arle" / "arle.sqlite3"


class _SQLStore:
    """The SQL shared by both back ends; subclasses provide the connection."""

    url = ""
    _placeholder = "?"
    _for_update = ""              # PostgreSQL locks the rows a claim reads

    def __init__(self) -> None:
        self._lock = threading.RLock()

    # -- connection plumbing (overridden) ---------------------------------------------
    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    def _begin(self) -> None:
        raise NotImplementedError

    def _commit(self) -> None:
        raise NotImplementedError

    def _rollback(self) -> None:
        raise NotImplementedError

    def _begin_read(self) -> None:
        """Start a read-only transaction: its reads see one snapshot."""
        self._begin()

    def _after_migration(self) -> None:
        """Run after the migration committed (e.g. wipe the old plain values)."""

    def close(self) -> None:
        raise NotImplementedError

    def _lost(self, error: BaseException) -> bool:
        """Whether ``error`` means the connection was lost (then a retry may work)."""
        return False

    def _reconnect(self) -> None:
        raise NotImplementedError

    def check_writable(self) -> None:
        """Write (and keep) a row, so that a database the server could read but not write
        (a read-only file, a full disk, a read-only role) is refused at start."""
        with self._lock:
            self._begin()
            try:
                self._run("DELETE FROM meta WHERE key = ?", ("last_start",))
                self._run("INSERT INTO meta (key, value) VALUES (?, ?)",
                          ("last_start", repr(time.time())))
                self._commit()
            except BaseException:
                self._rollback()
                raise

    def _sql(self, sql: str) -> str:
        return sql if self._placeholder == "?" else sql.replace("?", self._placeholder)

    def _run(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._execute(self._sql(sql), params)

    # -- schema -----------------------------------------------------------------------
    def init_schema(self) -> None:
        """Create the tables of a new database, or bring an older one up to
        :data:`SCHEMA_VERSION` (in one transaction: a failed migration changes nothing).
        """
        migrated = False
        with self._lock:
            self._begin()
            try:
                self._run(SCHEMA[0])                       # meta
                row = self._run("SELECT value FROM meta WHERE key = ?" + self._for_update,
                                ("schema_version",)).fetchone()
                found = None if row is None else int(row[0])
                if found is not None and found > SCHEMA_VERSION:
                    raise RuntimeError(
                        f"database schema version {found} is newer than this arle "
                        f"({SCHEMA_VERSION}): upgrade arle")
                if found == 1:
                    self._migrate_1_to_2()
                    migrated = True
                if found is not None and found <= 2:
                    # schema 3: the games of the second game beside Fields of Arle's
                    self._run("ALTER TABLE games ADD COLUMN game TEXT NOT NULL "
                              "DEFAULT 'arle'")
                for stmt in SCHEMA[1:]:
                    self._run(stmt)
                if found is None:
                    self._run("INSERT INTO meta (key, value) VALUES (?, ?)",
                              ("schema_version", str(SCHEMA_VERSION)))
                elif found < SCHEMA_VERSION:
                    self._run("UPDATE meta SET value = ? WHERE key = ?",
                              (str(SCHEMA_VERSION), "schema_version"))
                self._commit()
            except BaseException:
                self._rollback()
                raise
            if migrated:
                self._after_migration()

    def _migrate_1_to_2(self) -> None:
        """Schema 1 kept the owner and seat tokens plainly: hash them in place and seal
        each seat's token for its owner, so that every invitation link keeps working."""
        self._run("ALTER TABLE games RENAME COLUMN owner_token TO owner_hash")
        self._run("ALTER TABLE seats RENAME COLUMN token TO token_hash")
        self._run("ALTER TABLE seats ADD COLUMN invite TEXT")
        owners = {str(r[0]): str(r[1]) for r in
                  self._run("SELECT id, owner_hash FROM games").fetchall()}
        seats = self._run("SELECT game_id, seat, token_hash FROM seats "
                          "WHERE token_hash IS NOT NULL").fetchall()
        for gid, owner in owners.items():
            self._run("UPDATE games SET owner_hash = ? WHERE id = ?", (hash_token(owner), gid))
        for row in seats:
            gid, seat, tok = str(row[0]), int(row[1]), str(row[2])
            key = owners.get(gid)
            self._run("UPDATE seats SET token_hash = ?, invite = ? "
                      "WHERE game_id = ? AND seat = ?",
                      (hash_token(tok), None if key is None else
                       seal_invite(key, gid, seat, tok), gid, seat))
        log.info("database migrated to schema %d: %d owner and %d seat token(s) hashed",
                 SCHEMA_VERSION, len(owners), len(seats))

    # -- games ------------------------------------------------------------------------
    @_retry_lost
    def create_game(self, game: GameRecord, moves: Sequence[MoveRow]) -> None:
        with self._lock:
            self._begin()
            try:
                self._run(
                    "INSERT INTO games (id, created, updated, players, setup, owner_hash, "
                    "status, ply, version, state, to_move, winner, origin, game) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game.id, game.created, game.updated, game.players,
                     json.dumps(game.setup), game.owner_hash, game.status, game.ply,
                     game.version, game.state, game.to_move, game.winner, game.origin,
                     game.game))
                for s in game.seats:
                    self._run("INSERT INTO seats (game_id, seat, kind, bot, token_hash, "
                              "joined, invite) VALUES (?, ?, ?, ?, ?, ?, ?)",
                              (game.id, s.seat, s.kind, s.bot, s.token_hash, int(s.joined),
                               s.invite))
                for m in moves:
                    self._run("INSERT INTO moves (game_id, ply, player, action, created) "
                              "VALUES (?, ?, ?, ?, ?)",
                              (game.id, m.ply, m.player, m.action, m.created))
                self._commit()
            except BaseException:
                self._rollback()
                raise

    _GAME_COLS = ("id, created, updated, players, setup, owner_hash, status, ply, version, "
                  "state, to_move, winner, origin, game")

    def _game_from_row(self, row: Sequence[Any], with_state: bool = True) -> GameRecord:
        return GameRecord(
            id=str(row[0]), created=float(row[1]), updated=float(row[2]),
            players=int(row[3]), setup=json.loads(row[4]), owner_hash=str(row[5]),
            status=str(row[6]), ply=int(row[7]), version=int(row[8]),
            state=str(row[9]) if with_state else "",
            to_move=None if row[10] is None else int(row[10]),
            winner=None if row[11] is None else int(row[11]), origin=str(row[12]),
            game=str(row[13]))

    def _seats(self, game_id: str) -> list[SeatRow]:
        rows = self._run("SELECT seat, kind, bot, token_hash, joined, invite FROM seats "
                         "WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
        return [SeatRow(int(r[0]), str(r[1]), None if r[2] is None else str(r[2]),
                        None if r[3] is None else str(r[3]), bool(r[4]),
                        None if r[5] is None else str(r[5])) for r in rows]

    def _get_game(self, game_id: str) -> GameRecord | None:
        row = self._run(f"SELECT {self._GAME_COLS} FROM games WHERE id = ?",
                        (game_id,)).fetchone()
        if row is None:
            return None
        g = self._game_from_row(row)
        g.seats = self._seats(game_id)
        return g

    def _moves(self, game_id: str) -> list[MoveRow]:
        rows = self._run("SELECT ply, player, action, created FROM moves "
                         "WHERE game_id = ? ORDER BY ply", (game_id,)).fetchall()
        return [MoveRow(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]

    @_retry_lost
    def get_game(self, game_id: str) -> GameRecord | None:
        with self._lock:
            return self._get_game(game_id)

    @_retry_lost
    def load_game(self, game_id: str) -> tuple[GameRecord, list[MoveRow]] | None:
        """The game with its seats and moves, read from one snapshot (so that the moves
        are those of the state even while another server changes the game)."""
        with self._lock:
            self._begin_read()
            try:
                g = self._get_game(game_id)
                moves = None if g is None else self._moves(game_id)
                self._commit()
            except BaseException:
                self._rollback()
                raise
            return None if g is None or moves is None else (g, moves)

    @_retry_lost
    def game_version(self, game_id: str) -> int | None:
        """The stored version of a game (None: no such game): the cheap check a server
        makes before it serves its copy in memory."""
        with self._lock:
            row = self._run("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
            return None if row is None else int(row[0])

    @_retry_lost
    def versions(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The stored versions of these games (missing ones left out)."""
        out: dict[str, int] = {}
        ids = list(dict.fromkeys(game_ids))
        with self._lock:
            for i in range(0, len(ids), 200):
                chunk = ids[i:i + 200]
                marks = ", ".join("?" * len(chunk))
                for gid, version in self._run(
                        f"SELECT id, version FROM games WHERE id IN ({marks})",
                        chunk).fetchall():
                    out[str(gid)] = int(version)
        return out

    @_retry_lost
    def claim_bot(self, game_id: str, version: int, server: str, lease: float,
                  now: float | None = None) -> bool:
        """Claim the bot move of ``game_id`` at ``version`` for ``server`` until ``lease``
        seconds from ``now`` (default: the clock); claiming again renews it.  False when
        the game is at another version or another server holds an unexpired claim on
        this version: then that server plays the move, and this one must not."""
        now = time.time() if now is None else now
        with self._lock:
            # first a plain read, so that servers waiting for another's move take no
            # write lock each time they look
            claim = self._run("SELECT version, server, expires FROM bot_claims "
                              "WHERE game_id = ?", (game_id,)).fetchone()
            if claim is not None and (int(claim[0]) == version and str(claim[1]) != server
                                      and float(claim[2]) > now):
                return False
            self._begin()
            try:
                row = self._run("SELECT version FROM games WHERE id = ?" + self._for_update,
                                (game_id,)).fetchone()
                if row is None or int(row[0]) != version:
                    self._rollback()
                    return False
                claim = self._run("SELECT version, server, expires FROM bot_claims "
                                  "WHERE game_id = ?", (game_id,)).fetchone()
                if claim is None:
                    self._run("INSERT INTO bot_claims (game_id, version, server, expires) "
                              "VALUES (?, ?, ?, ?)", (game_id, version, server, now + lease))
                elif (int(claim[0]) == version and str(claim[1]) != server
                      and float(claim[2]) > now):
                    self._rollback()
                    return False
                else:
                    self._run("UPDATE bot_claims SET version = ?, server = ?, expires = ? "
                              "WHERE game_id = ?", (version, server, now + lease, game_id))
                self._commit()
                return True
            except self._integrity_errors():     # another server inserted first
                self._rollback()
                return False
            except BaseException:
                self._rollback()
                raise

    @_retry_lost
    def release_claims(self, server: str) -> None:
        """Give up the bot claims of ``server`` (it stops), so that others take over."""
        with self._lock:
            self._begin()
            try:
                self._run("DELETE FROM bot_claims WHERE server = ?", (server,))
                self._commit()
            except BaseException:
                self._rollback()
                raise

    @_retry_lost
    def list_games(self, status: str, limit: int, game: str = "arle") -> list[GameRecord]:
        with self._lock:
            cols = self._GAME_COLS.replace("state,", "'' AS state,")
            rows = self._run(f"SELECT {cols} FROM games WHERE status = ? AND game = ? "
                             "ORDER BY updated DESC LIMIT ?", (status, game, limit)).fetchall()
            out = []
            for r in rows:
                g = self._game_from_row(r, with_state=False)
                g.seats = self._seats(g.id)
                out.append(g)
            return out

    @_retry_lost
    def game_ids_to_resume(self) -> list[str]:
        """Running games whose player to move sits at a bot seat."""
        with self._lock:
            rows = self._run(
                "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
                "AND s.seat = g.to_move WHERE g.status = 'running' AND s.kind = 'bot' "
                "ORDER BY g.updated").fetchall()
            return [str(r[0]) for r in rows]

    @_retry_lost
    def find_token(self, token: str) -> tuple[str, int] | None:
        """The (game, seat) whose token this is: looked up by its hash (the database
        holds no plain token), then compared in constant time."""
        with self._lock:
            row = self._run("SELECT game_id, seat, token_hash FROM seats "
                            "WHERE token_hash = ?", (hash_token(token),)).fetchone()
            if row is None or not token_matches(token, str(row[2])):
                return None
            return str(row[0]), int(row[1])

    @_retry_lost
    def mark_joined(self, game_id: str, seat: int) -> None:
        with self._lock:
            self._begin()
            try:
                self._run("UPDATE seats SET joined = 1 WHERE game_id = ? AND seat = ?",
                          (game_id, seat))
                self._commit()
            except BaseException:
                self._rollback()
                raise

    @_retry_lost
    def set_seat_bot(self, game_id: str, expected_version: int, seat: int, bot: str,
                     event: EventRow) -> bool:
        """Bot seat ``seat`` now plays ``bot`` (the owner's retry or replacement), with
        ``event`` for the log; the game's version goes up by one so that the other
        servers reload it.  False (nothing written) if the game changed meanwhile."""
        with self._lock:
            self._begin()
            try:
                cur = self._run("UPDATE games SET version = version + 1, updated = ? "
                                "WHERE id = ? AND version = ? AND status = 'running'",
                                (time.time(), game_id, expected_version))
                if int(cur.rowcount) != 1:
                    self._rollback()
                    return False
                self._run("UPDATE seats SET bot = ? WHERE game_id = ? AND seat = ? "
                          "AND kind = 'bot'", (bot, game_id, seat))
                self._insert_event(game_id, event)
                self._commit()
                return True
            except BaseException:
                self._rollback()
                raise

    @_retry_lost
    def moves(self, game_id: str) -> list[MoveRow]:
        with self._lock:
            return self._moves(game_id)

    def _update_game(self, game_id: str, expected_version: int, ply: int, state: str,
                     status: str, to_move: int | None, winner: int | None) -> bool:
        cur = self._run(
            "UPDATE games SET ply = ?, version = version + 1, state = ?, status = ?, "
            "to_move = ?, winner = ?, updated = ? WHERE id = ? AND version = ?",
            (ply, state, status, to_move, winner, time.time(), game_id, expected_version))
        return int(cur.rowcount) == 1

    @_retry_lost
    def commit_move(self, game_id: str, expected_version: int, move: MoveRow, state: str,
                    status: str, to_move: int | None, winner: int | None,
                    events: Sequence[EventRow] = ()) -> bool:
        """Store an accepted move with the log's ``events`` of it (the automatic steps
        it led to), in one transaction; False (nothing written) if the game changed
        meanwhile."""
        with self._lock:
            self._begin()
            try:
                if not self._update_game(game_id, expected_version, move.ply, state,
                                         status, to_move, winner):
                    self._rollback()
                    return False
                self._run("INSERT INTO moves (game_id, ply, player, action, created) "
                          "VALUES (?, ?, ?, ?, ?)",
                          (game_id, move.ply, move.player, move.action, move.created))
                for e in events:
                    self._insert_event(game_id, e)
                self._commit()
                return True
            except self._integrity_errors():
                self._rollback()
                return False
            except BaseException:
                self._rollback()
                raise

    @_retry_lost
    def commit_undo(self, game_id: str, expected_version: int, ply: int, state: str,
                    status: str, to_move: int | None, winner: int | None,
                    event: EventRow | None = None) -> bool:
        """Delete the moves from ``ply`` on (the last ones), with ``event`` for the log;
        False if the game changed meanwhile."""
        with self._lock:
            self._begin()
            try:
                if not self._update_game(game_id, expected_version, ply - 1, state,
                                         status, to_move, winner):
                    self._rollback()
                    return False
                self._run("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, ply))
                # the automatic steps of the moves taken back go with them
                self._run("DELETE FROM events WHERE game_id = ? AND kind = 'auto' "
                          "AND ply >= ?", (game_id, ply))
                if event is not None:
                    self._insert_event(game_id, event)
                self._commit()
                return True
            except BaseException:
                self._rollback()
                raise

    def _insert_event(self, game_id: str, e: EventRow) -> None:
        self._run("INSERT INTO events (game_id, version, ply, player, kind, text, created) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?)",
                  (game_id, e.version, e.ply, e.player, e.kind, e.text, e.created))

    @_retry_lost
    def add_event(self, game_id: str, event: EventRow) -> None:
        with self._lock:
            self._begin()
            try:
                self._insert_event(game_id, event)
                self._commit()
            except BaseException:
                self._rollback()
                raise

    @_retry_lost
    def events(self, game_id: str) -> list[EventRow]:
        with self._lock:
            rows = self._run("SELECT version, ply, player, kind, text, created FROM events "
                             "WHERE game_id = ? ORDER BY version, created",
                             (game_id,)).fetchall()
            return [EventRow(int(r[0]), int(r[1]), int(r[2]), str(r[3]), str(r[4]),
                             float(r[5])) for r in rows]

    def _integrity_errors(self) -> tuple[type[BaseException], ...]:
        return (sqlite3.IntegrityError,)


class SQLiteStore(_SQLStore):
    """A SQLite file (or ``:memory:``), in WAL mode, shared by the server's threads."""

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.url = f"sqlite:///{self.path}"
        self._conn = sqlite3.connect(self.path, check_same_thread=False,
                                     isolation_level=None, timeout=10.0)
        self._conn.execute("PRAGMA foreign_keys = ON")
        self._conn.execute("PRAGMA secure_delete = ON")   # no deleted secret lingers
        if self.path != ":memory:":
            self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA synchronous = FULL")
        self.init_schema()
        self.check_writable()

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._conn.execute(sql, tuple(params))

    def _begin(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")

    def _begin_read(self) -> None:
        self._conn.execute("BEGIN DEFERRED")       # WAL: one snapshot, no write lock

    def _commit(self) -> None:
        self._conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")

    def _after_migration(self) -> None:
        # the plain tokens of schema 1 were zeroed where they stood (secure_delete);
        # move the new pages from the WAL into the file, so no old page survives
        try:
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as e:              # pragma: no cover - another reader
            log.warning("checkpoint after the migration failed: %s", e)

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class PostgresStore(_SQLStore):
    """A PostgreSQL database reached through psycopg 3 (``postgresql://...`` URLs)."""

    _placeholder = "%s"
    _for_update = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        super().__init__()
        try:
            import psycopg
        except ImportError as e:  # pragma: no cover - psycopg is a dependency
            raise RuntimeError("PostgreSQL needs the 'psycopg' package "
                               "(pip install 'psycopg[binary]')") from e
        self._psycopg = psycopg
        self._dsn = url
        self.url = _redact(url)
        self._conn = psycopg.connect(url, autocommit=True)
        self.init_schema()
        self.check_writable()

    def _reconnect_if_lost(self) -> None:
        if self._conn.closed or self._conn.broken:   # e.g. the server restarted
            self._reconnect()

    def _lost(self, error: BaseException) -> bool:
        return isinstance(error, self._psycopg.OperationalError) and bool(
            self._conn.closed or self._conn.broken)

    def _reconnect(self) -> None:
        try:
            self._conn.close()
        except Exception:              # pragma: no cover - closing a broken connection
            pass
        self._conn = self._psycopg.connect(self._dsn, autocommit=True)

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        if sql.startswith("SELECT"):      # reads outside a transaction may reconnect
            self._reconnect_if_lost()
        return self._conn.execute(sql, tuple(params) if params else None)

    def _begin(self) -> None:
        self._reconnect_if_lost()
        self._conn.execute("BEGIN")

    def _begin_read(self) -> None:
        self._reconnect_if_lost()
        self._conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def _commit(self) -> None:
        self._conn.execute("COMMIT")

    def _rollback(self) -> None:
        self._conn.execute("ROLLBACK")

    def _after_migration(self) -> None:
        # rewrite the tables, so that no dead row version keeps a plain token
        try:
            self._conn.execute("VACUUM FULL games, seats")
        except self._psycopg.Error as e:       # pragma: no cover - not the owner
            log.warning("VACUUM FULL after the migration failed (%s): old plain tokens "
                        "may stay in dead rows until the next vacuum", e)

    def _integrity_errors(self) -> tuple[type[BaseException], ...]:
        errors: tuple[type[BaseException], ...] = (self._psycopg.errors.UniqueViolation,)
        return errors

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _redact(url: str) -> str:
    """A database URL without its password, for messages."""
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest:
        return url
    cred, _, host = rest.rpartition("@")
    user = cred.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}" if ":" in cred else f"{scheme}://{user}@{host}"


def open_store(db: str | Path | None) -> _SQLStore:
    """The store for ``--db``: a PostgreSQL URL, a SQLite path, or the default file."""
    if db is None or str(db) == "":
        return SQLiteStore(default_db_path())
    text = str(db)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    if text.startswith("sqlite:///"):
        text = text[len("sqlite:///"):]
    return SQLiteStore(text)
