"""After a kill -9 of ``arle serve`` its bot workers (and multiprocessing's resource
tracker, which lives as long as they hold its pipe) do not live on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from test_web_serve_cmd import _arle
from webutil import free_port, wait_until

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"),
                                reason="needs /proc to find the server's processes")


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its reaper does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``, and theirs."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent and int(entry) not in found:
                found.add(int(entry))
                todo.append(int(entry))
    return found


def test_no_bot_worker_outlives_a_killed_server(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    proc = subprocess.Popen(_arle() + ["serve", "--port", str(port), "--db",
                                       str(tmp_path / "games.sqlite3"), "--bot-delay", "0",
                                       "--bot-workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    children: set[int] = set()
    try:
        def answers() -> bool:
            try:
                return httpx.get(base, timeout=2).status_code == 200
            except httpx.TransportError:
                assert proc.poll() is None, "arle serve exited"
                return False
        wait_until(answers, timeout=60, what="arle serve to answer")
        # a bot game puts the worker pool to work (a worker and the resource tracker)
        r = httpx.post(f"{base}/api/games", json={"players": 2, "seed": 0,
                                                 "seats": ["human", "bot:random"]})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        wait_until(lambda: any(m["player"] == 1 for m in
                               httpx.get(f"{base}/api/games/{gid}").json()["log"]),
                   timeout=60, what="the bot's first move")

        def kinds() -> list[str]:
            children.update(_children(proc.pid))
            out = []
            for pid in children:
                try:
                    cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
                except (FileNotFoundError, ProcessLookupError):
                    continue
                out.append("tracker" if b"resource_tracker" in cmd else
                           "worker" if b"multiprocessing" in cmd else "other")
            return sorted(out)
        wait_until(lambda: {"tracker", "worker"} <= set(kinds()), timeout=30,
                   what="the worker process and the resource tracker")
        assert all(_alive(pid) for pid in children)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    deadline = time.monotonic() + 30        # a bound on the wait, not a measurement
    while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = sorted(pid for pid in children if _alive(pid))
    for pid in left:                        # don't leave them to the next test
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    assert left == [], f"still running after the server's kill -9: {left}"


GRANDCHILD = """
import os, sys, time
sys.platform = "elsewhere"          # no PR_SET_PDEATHSIG: only the parent-pid watch
from arle.web.botworker import watch_parent
watch_parent(os.getppid(), interval=0.05)
print(os.getpid(), flush=True)
time.sleep(120)
"""

MIDDLE = """
import os, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", sys.argv[1]], stdout=subprocess.PIPE,
                         text=True)
print(child.stdout.readline().strip(), flush=True)
sys.stdin.readline()                # the test says when
os.kill(os.getpid(), 9)
"""


def test_a_worker_without_pdeathsig_still_leaves_with_its_parent() -> None:
    """The portable half of the watch: a worker whose parent died notices that it was
    handed to another parent, and exits."""
    middle = subprocess.Popen([sys.executable, "-c", MIDDLE, GRANDCHILD],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert middle.stdout is not None and middle.stdin is not None
    pid = int(middle.stdout.readline())
    try:
        assert _alive(pid)
        middle.stdin.write("go\n")
        middle.stdin.flush()
        assert middle.wait(timeout=30) == -signal.SIGKILL
        deadline = time.monotonic() + 30    # a bound on the wait, not a measurement
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(pid)
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
