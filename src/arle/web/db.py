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
"""

from __future__ import annotations

import functools
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

__all__ = ["EventRow", "GameRecord", "MoveRow", "SeatRow", "Store", "SQLiteStore", "PostgresStore",
           "default_db_path", "open_store", "storage_errors"]

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

SCHEMA_VERSION = 1

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
        owner_token TEXT NOT NULL,
        status TEXT NOT NULL,
        ply INTEGER NOT NULL,
        version INTEGER NOT NULL,
        state TEXT NOT NULL,
        to_move INTEGER,
        winner INTEGER,
        origin TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        bot TEXT,
        token TEXT UNIQUE,
        joined INTEGER NOT NULL DEFAULT 0,
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
)


@dataclass
class SeatRow:
    """One seat: ``kind`` is ``human`` or ``bot`` (then ``bot`` is the bot spec)."""

    seat: int
    kind: str
    bot: str | None
    token: str | None
    joined: bool


@dataclass
class MoveRow:
    ply: int          # 1 for the first move
    player: int
    action: str
    created: float


@dataclass
class EventRow:
    """Something the log shows besides the moves: ``kind`` is ``undo`` or ``hint``;
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
    owner_token: str
    status: str           # "running" or "finished"
    ply: int              # moves applied so far
    version: int          # bumped by every change (moves and undos)
    state: str            # arle State JSON of the current position
    to_move: int | None
    winner: int | None
    origin: str           # "lobby" or "upload"
    seats: list[SeatRow] = field(default_factory=list)


class Store(Protocol):
    """What the game service needs from a database."""

    url: str

    def create_game(self, game: GameRecord, moves: Sequence[MoveRow]) -> None: ...
    def get_game(self, game_id: str) -> GameRecord | None: ...
    def list_games(self, status: str, limit: int) -> list[GameRecord]: ...
    def game_ids_to_resume(self) -> list[str]: ...
    def find_token(self, token: str) -> tuple[str, int] | None: ...
    def mark_joined(self, game_id: str, seat: int) -> None: ...
    def moves(self, game_id: str) -> list[MoveRow]: ...
    def commit_move(self, game_id: str, expected_version: int, move: MoveRow, state: str,
                    status: str, to_move: int | None, winner: int | None) -> bool: ...
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
        with self._lock:
            self._begin()
            try:
                for stmt in SCHEMA:
                    self._run(stmt)
                row = self._run("SELECT value FROM meta WHERE key = ?",
                                ("schema_version",)).fetchone()
                if row is None:
                    self._run("INSERT INTO meta (key, value) VALUES (?, ?)",
                              ("schema_version", str(SCHEMA_VERSION)))
                elif int(row[0]) > SCHEMA_VERSION:
                    raise RuntimeError(
                        f"database schema version {row[0]} is newer than this arle "
                        f"({SCHEMA_VERSION}): upgrade arle")
                self._commit()
            except BaseException:
                self._rollback()
                raise

    # -- games ------------------------------------------------------------------------
    @_retry_lost
    def create_game(self, game: GameRecord, moves: Sequence[MoveRow]) -> None:
        with self._lock:
            self._begin()
            try:
                self._run(
                    "INSERT INTO games (id, created, updated, players, setup, owner_token, "
                    "status, ply, version, state, to_move, winner, origin) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game.id, game.created, game.updated, game.players,
                     json.dumps(game.setup), game.owner_token, game.status, game.ply,
                     game.version, game.state, game.to_move, game.winner, game.origin))
                for s in game.seats:
                    self._run("INSERT INTO seats (game_id, seat, kind, bot, token, joined) "
                              "VALUES (?, ?, ?, ?, ?, ?)",
                              (game.id, s.seat, s.kind, s.bot, s.token, int(s.joined)))
                for m in moves:
                    self._run("INSERT INTO moves (game_id, ply, player, action, created) "
                              "VALUES (?, ?, ?, ?, ?)",
                              (game.id, m.ply, m.player, m.action, m.created))
                self._commit()
            except BaseException:
                self._rollback()
                raise

    _GAME_COLS = ("id, created, updated, players, setup, owner_token, status, ply, version, "
                  "state, to_move, winner, origin")

    def _game_from_row(self, row: Sequence[Any], with_state: bool = True) -> GameRecord:
        return GameRecord(
            id=str(row[0]), created=float(row[1]), updated=float(row[2]),
            players=int(row[3]), setup=json.loads(row[4]), owner_token=str(row[5]),
            status=str(row[6]), ply=int(row[7]), version=int(row[8]),
            state=str(row[9]) if with_state else "",
            to_move=None if row[10] is None else int(row[10]),
            winner=None if row[11] is None else int(row[11]), origin=str(row[12]))

    def _seats(self, game_id: str) -> list[SeatRow]:
        rows = self._run("SELECT seat, kind, bot, token, joined FROM seats "
                         "WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
        return [SeatRow(int(r[0]), str(r[1]), None if r[2] is None else str(r[2]),
                        None if r[3] is None else str(r[3]), bool(r[4])) for r in rows]

    @_retry_lost
    def get_game(self, game_id: str) -> GameRecord | None:
        with self._lock:
            row = self._run(f"SELECT {self._GAME_COLS} FROM games WHERE id = ?",
                            (game_id,)).fetchone()
            if row is None:
                return None
            g = self._game_from_row(row)
            g.seats = self._seats(game_id)
            return g

    @_retry_lost
    def list_games(self, status: str, limit: int) -> list[GameRecord]:
        with self._lock:
            cols = self._GAME_COLS.replace("state,", "'' AS state,")
            rows = self._run(f"SELECT {cols} FROM games WHERE status = ? "
                             "ORDER BY updated DESC LIMIT ?", (status, limit)).fetchall()
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
        with self._lock:
            row = self._run("SELECT game_id, seat FROM seats WHERE token = ?",
                            (token,)).fetchone()
            return None if row is None else (str(row[0]), int(row[1]))

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
    def moves(self, game_id: str) -> list[MoveRow]:
        with self._lock:
            rows = self._run("SELECT ply, player, action, created FROM moves "
                             "WHERE game_id = ? ORDER BY ply", (game_id,)).fetchall()
            return [MoveRow(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]

    def _update_game(self, game_id: str, expected_version: int, ply: int, state: str,
                     status: str, to_move: int | None, winner: int | None) -> bool:
        cur = self._run(
            "UPDATE games SET ply = ?, version = version + 1, state = ?, status = ?, "
            "to_move = ?, winner = ?, updated = ? WHERE id = ? AND version = ?",
            (ply, state, status, to_move, winner, time.time(), game_id, expected_version))
        return int(cur.rowcount) == 1

    @_retry_lost
    def commit_move(self, game_id: str, expected_version: int, move: MoveRow, state: str,
                    status: str, to_move: int | None, winner: int | None) -> bool:
        """Store an accepted move; False (nothing written) if the game changed meanwhile."""
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
        if self.path != ":memory:":
            self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA synchronous = FULL")
        self.init_schema()
        self.check_writable()

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._conn.execute(sql, tuple(params))

    def _begin(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")

    def _commit(self) -> None:
        self._conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class PostgresStore(_SQLStore):
    """A PostgreSQL database reached through psycopg 3 (``postgresql://...`` URLs)."""

    _placeholder = "%s"

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

    def _commit(self) -> None:
        self._conn.execute("COMMIT")

    def _rollback(self) -> None:
        self._conn.execute("ROLLBACK")

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
