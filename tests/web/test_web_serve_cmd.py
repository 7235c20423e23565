"""``arle serve`` starts the web app at the address it prints, on a SQLite file in the
user's data directory unless ``--db`` says otherwise."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from webutil import free_port


def _arle() -> list[str]:
    script = Path(sys.executable).parent / "arle"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from arle.cli.main import app; app()"]


def _start(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(_arle() + ["serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    m = re.search(r"(http://[0-9.]+:\d+/)", first)
    assert m, first
    url = m.group(1)
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return proc, first
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            raise AssertionError(f"arle serve did not answer at {url}: {first}")
        time.sleep(0.1)


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def test_arle_serve_answers_at_the_printed_address(tmp_path: Path) -> None:
    port = free_port()
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    proc, first = _start(["--port", str(port), "--bot-delay", "0"], env)
    try:
        assert f"http://127.0.0.1:{port}/" in first
        default_db = tmp_path / "data" / "arle" / "arle.sqlite3"
        assert str(default_db) in first and default_db.exists()
        base = f"http://127.0.0.1:{port}"
        r = httpx.post(f"{base}/api/games", json={"players": 1, "seats": ["human"]})
        assert r.status_code == 201
        gid = r.json()["id"]
        page = httpx.get(f"{base}/games/{gid}")
        assert page.status_code == 200 and "<svg" in page.text
    finally:
        _stop(proc)
    # the game is still there for the next server on the same data directory
    proc, _ = _start(["--port", str(port)], env)
    try:
        assert httpx.get(f"http://127.0.0.1:{port}/api/games/{gid}").status_code == 200
    finally:
        _stop(proc)


def test_arle_serve_refuses_a_database_it_cannot_open(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    out = subprocess.run(_arle() + ["serve", "--db", str(blocker / "x" / "arle.sqlite3")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "cannot open the database" in out.stderr
