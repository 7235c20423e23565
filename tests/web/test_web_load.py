"""A load test: two ``arle serve`` processes on loopback share one SQLite file, and
clients race moves on both.  No accepted move is lost or stored twice, no server
serves a stale game, and both end with the same state."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from test_web_serve_cmd import _arle
from webutil import free_port, wait_until

import arle

GAMES = 3
CLIENTS_PER_SERVER = 2        # per game and server
MOVES = 20                    # accepted moves per game before the clients stop
TRIES = 150                   # at most this many moves sent by one client


@contextmanager
def two_servers(db: Path, tmp_path: Path) -> Iterator[list[str]]:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    procs = []
    urls = []
    try:
        for _ in range(2):
            port = free_port()
            procs.append(subprocess.Popen(
                _arle() + ["serve", "--port", str(port), "--db", str(db), "--bot-delay", "0"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
            urls.append(f"http://127.0.0.1:{port}")
        for url, proc in zip(urls, procs):
            def answers(url: str = url, proc: subprocess.Popen[bytes] = proc) -> bool:
                try:
                    return httpx.get(url + "/api/games", timeout=5).status_code == 200
                except httpx.TransportError:
                    assert proc.poll() is None, "arle serve exited"
                    return False
            wait_until(answers, timeout=60, what=f"arle serve at {url}")
        yield urls
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGINT)
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def test_two_servers_racing_moves_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite3"
    with two_servers(db, tmp_path) as urls:
        games = []
        for i in range(GAMES):
            r = httpx.post(f"{urls[i % 2]}/api/games",
                           json={"players": 1, "seats": ["human"], "seed": 10 + i})
            assert r.status_code == 201, r.text
            games.append((r.json()["id"], r.json()["seats"][0]["token"]))
        accepted: dict[str, list[tuple[int, str]]] = {gid: [] for gid, _ in games}
        stale: list[str] = []
        counts = {"sent": 0, "refused": 0}
        lock = threading.Lock()

        def client(gid: str, tok: str, here: str, there: str, seed: int) -> None:
            rng = random.Random(seed)
            headers = {"X-Arle-Token": tok}
            with httpx.Client(base_url=here, headers=headers, timeout=30) as c, \
                    httpx.Client(base_url=there, timeout=30) as other:
                for _ in range(TRIES):
                    with lock:
                        if len(accepted[gid]) >= MOVES:
                            return
                    data = c.get(f"/api/games/{gid}").json()
                    if not data["legal"]:
                        return
                    body: dict[str, Any] = {"action": rng.choice(data["legal"])}
                    if rng.random() < 0.7:               # most clients name the version
                        body["version"] = data["version"]
                    r = c.post(f"/api/games/{gid}/moves", json=body)
                    with lock:
                        counts["sent"] += 1
                    if r.status_code == 409 or (r.status_code == 400
                                                and "version" not in body):
                        # refused: the game moved on (without a version, the move is
                        # checked against the new position, where it may be illegal)
                        with lock:
                            counts["refused"] += 1
                        continue
                    assert r.status_code == 200, r.text
                    version = r.json()["version"]
                    with lock:
                        accepted[gid].append((version, body["action"]))
                    # the other server never shows the game before this move
                    seen = other.get(f"/api/games/{gid}").json()["version"]
                    if seen < version:
                        with lock:
                            stale.append(f"{gid}: {there} at {seen} after {version}")

        threads = []
        for g, (gid, tok) in enumerate(games):
            for k in range(2 * CLIENTS_PER_SERVER):
                here, there = urls[k % 2], urls[1 - k % 2]
                threads.append(threading.Thread(target=client,
                                                args=(gid, tok, here, there, 100 * g + k)))
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert not any(t.is_alive() for t in threads)
        assert stale == []

        con = sqlite3.connect(db)
        try:
            for gid, _ in games:
                mine = sorted(accepted[gid])
                assert len(mine) >= MOVES
                # each accepted move got its own version, one after the other ...
                assert [v for v, _ in mine] == list(range(2, len(mine) + 2))
                # ... and is stored once, in that order: none lost, none twice
                stored = con.execute("SELECT ply, action FROM moves WHERE game_id = ? "
                                     "ORDER BY ply", (gid,)).fetchall()
                assert [a for _, a in stored] == [a for _, a in mine]
                assert [p for p, _ in stored] == list(range(1, len(mine) + 1))
                row = con.execute("SELECT version, ply, state FROM games WHERE id = ?",
                                  (gid,)).fetchone()
                assert row[:2] == (len(mine) + 1, len(mine))
                # the stored state is the one the stored moves lead to
                record = arle.State.from_json(row[2]).record()
                assert [str(a) for a in record["actions"]] == [a for _, a in mine]
                assert arle.replay(record).to_json() == row[2]
                # both servers serve that final state
                views = [httpx.get(f"{u}/api/games/{gid}").json() for u in urls]
                assert views[0]["version"] == views[1]["version"] == len(mine) + 1
                assert views[0]["log"] == views[1]["log"]
                assert [m["action"] for m in views[0]["log"]
                        if m["kind"] == "move"] == [a for _, a in mine]
                states = [httpx.get(f"{u}/api/games/{gid}/state").text for u in urls]
                assert states[0] == states[1]
                assert arle.State.from_json(states[0]).to_json() == row[2]
        finally:
            con.close()
    print(f"{counts['sent']} moves sent, {counts['refused']} refused, "
          f"{sum(len(v) for v in accepted.values())} accepted")
