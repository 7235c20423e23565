"""Fixtures of the web tests: apps on SQLite files, a throwaway PostgreSQL server, a live
server for the browser, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from webutil import free_port

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("ARLE_TEST_ARTIFACTS", ROOT / ".artifacts" / "web"))


with warnings.catch_warnings():
    # Starlette asks for the httpx2 package; the TestClient works the same with httpx.
    warnings.simplefilter("ignore")
    import fastapi.testclient  # noqa: F401


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Debian's Chromium with Playwright")
    config.addinivalue_line("markers", "postgres: needs a local PostgreSQL server")


# ---------------------------------------------------------------------------
# Apps
# ---------------------------------------------------------------------------
@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "arle.sqlite3"


@pytest.fixture
def make_app(db_path: Path) -> Callable[..., Any]:
    """``make_app(db=None, **kw)``: a fresh app (default: this test's SQLite file)."""
    from arle.web.app import create_app

    def make(db: str | Path | None = None, **kw: Any) -> Any:
        kw.setdefault("bot_delay", 0.0)
        kw.setdefault("allowed_hosts", ("testserver", "test"))   # the test clients' hosts
        return create_app(db if db is not None else db_path, **kw)
    return make


@pytest.fixture
def client(make_app: Callable[..., Any]) -> Iterator[Any]:
    from fastapi.testclient import TestClient
    with TestClient(make_app()) as c:
        yield c


# ---------------------------------------------------------------------------
# PostgreSQL: a throwaway cluster in a temporary directory on a free loopback port
# ---------------------------------------------------------------------------
def _pg_bindir() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL server started for this test session."""
    bindir = _pg_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL server binaries are not installed "
                    "(scripts/ci-system-deps.sh installs them)")
    base = tempfile.mkdtemp(prefix="arle-pg-")
    data = os.path.join(base, "data")
    prefix: list[str] = []
    if os.geteuid() == 0:      # the server refuses to run as root
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run the server")
        os.chown(base, pw.pw_uid, pw.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    subprocess.run(prefix + [f"{bindir}/initdb", "-D", data, "-A", "trust", "-U", "postgres",
                             "-E", "UTF8", "--no-sync"],
                   check=True, capture_output=True, timeout=120)
    opts = (f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off")
    subprocess.run(prefix + [f"{bindir}/pg_ctl", "-D", data, "-o", opts, "-l",
                             os.path.join(base, "server.log"), "-w", "-t", "60", "start"],
                   check=True, capture_output=True, timeout=120)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(prefix + [f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "-w",
                                 "stop"], capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: str) -> str:
    """A fresh, empty database on the session's PostgreSQL server."""
    import psycopg
    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return pg_server.rsplit("/", 1)[0] + "/" + name


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("any_db") == "postgres":
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(params=["sqlite", "postgres"])
def any_db(request: pytest.FixtureRequest, db_path: Path) -> str:
    """Each persistence test runs once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        return str(db_path)
    return str(request.getfixturevalue("pg_url"))


# ---------------------------------------------------------------------------
# A live server and the browser
# ---------------------------------------------------------------------------
class LiveServer:
    def __init__(self, app: Any) -> None:
        import uvicorn
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_max_size=64 * 1024, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def live_server(make_app: Callable[..., Any]) -> Iterator[LiveServer]:
    server = LiveServer(make_app(bot_delay=0.05)).start()
    try:
        yield server
    finally:
        server.stop()


class SeasonedBrowser:
    """The session's Chromium, whose new contexts are a player's browser after their
    first game: the first-game guide (an overlay over the page's corner) was put away,
    so it covers nothing a test clicks.  ``new_context(first_game=True)``: a browser
    that never saw the game (the guide's own tests)."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def new_context(self, *args: Any, first_game: bool = False, **kw: Any) -> Any:
        ctx = self._real.new_context(*args, **kw)
        if not first_game:
            ctx.add_init_script("try { localStorage.setItem('arle-guide', 'done'); } "
                                "catch (e) { /* no storage */ }")
        return ctx

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's Chromium is not installed (scripts/ci-system-deps.sh installs it)")
    from playwright.sync_api import sync_playwright
    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield SeasonedBrowser(b)
        finally:
            b.close()
    finally:
        pw.stop()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
