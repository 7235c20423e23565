"""Seat and owner tokens are stored hashed; a database of schema 1 (plain tokens, as
``arle serve`` wrote it until now) is migrated when it is opened, and its invitation
links keep working."""

from __future__ import annotations

import hashlib
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webutil import create, info, token, wait_until

from arle.web.db import (
    SCHEMA_VERSION,
    hash_token,
    open_invite,
    open_store,
    seal_invite,
    token_matches,
)

#: A database written by schema-1 ``arle serve`` (three games: two people with three
#: moves and one seat joined; a person and a bot, the bot to move; a solo game), dumped
#: as SQL by sqlite3's iterdump.
SCHEMA1 = Path(__file__).with_name("data") / "schema1.sql"
BOT_GAME = "2hSiDdXM"
PLAYED_GAME = "BE2MGUWR"


def _load_schema1(db: str) -> None:
    script = SCHEMA1.read_text()
    if db.startswith("postgresql://"):
        import psycopg
        script = "\n".join(line for line in script.splitlines()
                           if not line.startswith("PRAGMA"))
        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(script)
    else:
        con = sqlite3.connect(db)
        con.executescript(script)
        con.close()


def _rows(db: str, sql: str) -> list[tuple[Any, ...]]:
    if db.startswith("postgresql://"):
        import psycopg
        with psycopg.connect(db, autocommit=True) as conn:
            return list(conn.execute(sql).fetchall())
    con = sqlite3.connect(db)
    try:
        return list(con.execute(sql).fetchall())
    finally:
        con.close()


def _everything_stored(db: str) -> str:
    """Every value of every table, as text (and for SQLite the bytes of the files)."""
    parts = []
    for table in ("meta", "games", "seats", "moves", "bot_claims"):
        parts += [repr(r) for r in _rows(db, f"SELECT * FROM {table}")]
    if not db.startswith("postgresql://"):
        for suffix in ("", "-wal"):
            f = Path(db + suffix)
            if f.exists():
                parts.append(f.read_bytes().decode("latin-1"))
    return "\n".join(parts)


def test_hashing_and_sealing_helpers() -> None:
    tok = "wGiHfl1v6imy94IhB0qgBLIOC7kAdN7u"
    assert hash_token(tok) == hashlib.sha256(tok.encode()).hexdigest()
    assert token_matches(tok, hash_token(tok))
    assert not token_matches(tok + "x", hash_token(tok))
    assert not token_matches("", hash_token(""))
    assert not token_matches(tok, None) and not token_matches("ä€", "not hex at all")
    sealed = seal_invite("owner-secret", "g1", 0, tok)
    assert tok not in sealed and len(bytes.fromhex(sealed)) == len(tok)
    assert open_invite("owner-secret", "g1", 0, sealed, hash_token(tok)) == tok
    assert open_invite("someone-else", "g1", 0, sealed, hash_token(tok)) is None
    assert open_invite("owner-secret", "g1", 1, sealed, hash_token(tok)) is None
    assert open_invite("owner-secret", "g1", 0, "zz", hash_token(tok)) is None
    long_tok = "x" * 100                         # longer than one HMAC block
    assert open_invite("k", "g", 0, seal_invite("k", "g", 0, long_tok),
                       hash_token(long_tok)) == long_tok


def test_new_tokens_are_stored_hashed_and_links_work(any_db: str, make_app: Any) -> None:
    with TestClient(make_app(any_db)) as c:
        created = create(c, players=2, seats=["human", "human"], seed=5)
        gid, owner = created["id"], created["owner_token"]
        secrets_ = [token(created, 0), token(created, 1), owner]
        stored = _everything_stored(any_db)
        for secret in secrets_:
            assert secret not in stored
        assert sorted(r[0] for r in _rows(any_db, "SELECT token_hash FROM seats")) == \
            sorted(hash_token(t) for t in secrets_[:2])
        assert _rows(any_db, "SELECT owner_hash FROM games") == [(hash_token(owner),)]

        # the owner's page shows both invitation links; others see none
        c.cookies.set(f"arle_owner_{gid}", owner)
        page = c.get(f"/games/{gid}").text
        assert all(f"/join/{t}" in page for t in secrets_[:2])
        c.cookies.set(f"arle_owner_{gid}", token(created, 0))     # not the owner token
        page = c.get(f"/games/{gid}").text
        assert "/join/" not in page
        c.cookies.clear()

        # each link opens its seat
        for seat in (0, 1):
            c.cookies.clear()
            r = c.get(f"/join/{token(created, seat)}", follow_redirects=False)
            assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}"
            assert info(c, gid)["your_seats"] == [seat]        # the cookie it set
        real = token(created, 0)
        wrong = real[:-1] + ("B" if real.endswith("A") else "A")   # never the real one
        assert c.get("/join/" + wrong, follow_redirects=False).status_code == 404
        assert c.get(f"/join/{hash_token(token(created, 0))}",
                     follow_redirects=False).status_code == 404    # the hash opens nothing


def test_a_schema1_database_is_migrated_and_its_links_still_work(any_db: str,
                                                                 make_app: Any) -> None:
    _load_schema1(any_db)
    seat_tokens = {(str(g), int(s)): str(t) for g, s, t in
                   _rows(any_db, "SELECT game_id, seat, token FROM seats "
                                 "WHERE token IS NOT NULL")}
    owners = dict(_rows(any_db, "SELECT id, owner_token FROM games"))
    assert len(seat_tokens) == 4 and len(owners) == 3
    with TestClient(make_app(any_db)) as c:
        assert _rows(any_db, "SELECT value FROM meta WHERE key = 'schema_version'") == \
            [(str(SCHEMA_VERSION),)]
        stored = _everything_stored(any_db)
        for secret in [*seat_tokens.values(), *owners.values()]:
            assert secret not in stored                 # no plain token left anywhere
        # every old invitation link opens its seat
        for (gid, seat), tok in seat_tokens.items():
            c.cookies.clear()
            r = c.get(f"/join/{tok}", follow_redirects=False)
            assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}"
            assert info(c, gid)["your_seats"] == [seat]
        # the owners still see their links
        for gid, owner in owners.items():
            c.cookies.clear()
            c.cookies.set(f"arle_owner_{gid}", owner)
            links = set(re.findall(r"/join/([A-Za-z0-9_-]+)", c.get(f"/games/{gid}").text))
            assert links == {t for (g, _), t in seat_tokens.items() if g == gid}
        c.cookies.clear()
        # nothing else changed: the moves, the joined seat, and the bot resumes
        data = info(c, PLAYED_GAME)
        assert [m["action"] for m in data["log"]] == \
            ["place fisherman", "take sheep", "place grocer_summer"]
        assert data["version"] == 4
        wait_until(lambda: info(c, BOT_GAME)["ply"] > 0, what="the bot of the old game")
    # opened again: nothing more to migrate, the links still work
    with TestClient(make_app(any_db)) as c:
        tok = seat_tokens[(PLAYED_GAME, 0)]
        assert info(c, PLAYED_GAME, tok)["your_seats"] == [0]


def test_a_failed_migration_changes_nothing(db_path: Path) -> None:
    """A schema-1 database whose migration fails half-way (here a trigger refuses the
    seats' update, after the games' owner tokens were hashed) is refused with the reason
    and left exactly as it was."""
    _load_schema1(str(db_path))
    con = sqlite3.connect(db_path)
    con.execute("CREATE TRIGGER no_updates BEFORE UPDATE ON seats "
                "BEGIN SELECT RAISE(ABORT, 'refused by a trigger'); END")
    con.commit()
    dump = list(con.iterdump())
    con.close()
    with pytest.raises(sqlite3.Error, match="refused by a trigger"):
        open_store(db_path)
    con = sqlite3.connect(db_path)
    assert list(con.iterdump()) == dump
    assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchall() \
        == [("1",)]
    con.close()


def test_a_database_of_a_newer_schema_is_refused(db_path: Path) -> None:
    open_store(db_path).close()
    con = sqlite3.connect(db_path)
    con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                (str(SCHEMA_VERSION + 1),))
    con.commit()
    con.close()
    with pytest.raises(RuntimeError, match="newer than this arle"):
        open_store(db_path)


def test_a_schema_2_database_gains_the_game_column_and_keeps_its_games(
        db_path: Path, make_app: Any) -> None:
    """Schema 3 stores the second game's games beside Fields of Arle's (``games.game``);
    a database of schema 2 gets the column, its games all Fields of Arle's."""
    with TestClient(make_app(db_path)) as c:
        made = create(c, players=1, seed=4)
    con = sqlite3.connect(db_path)
    con.execute("ALTER TABLE games DROP COLUMN game")        # as schema 2 had it
    con.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    with TestClient(make_app(db_path)) as c:
        assert info(c, made["id"], token(made, 0))["setup"]["seed"] == 4
        assert [g["id"] for g in c.get("/api/games").json()["games"]] == [made["id"]]
    assert _rows(str(db_path), "SELECT game FROM games") == [("arle",)]
    assert _rows(str(db_path), "SELECT value FROM meta WHERE key = 'schema_version'") == \
        [(str(SCHEMA_VERSION),)]
