"""A deliberately slow bot for the tests: it thinks in the worker process, records
which process that was, then plays like the random bot.

It thinks ``ARLE_TEST_THINK_SECONDS``; with ``ARLE_TEST_RELEASE`` set to a path it
thinks until that file exists instead (at most that many seconds), so a test decides
when the bot answers without measuring time."""

from __future__ import annotations

import os
import time


def think(spec: str, seed: int, state_json: str) -> str:
    from arle.web.botworker import think as real_think
    pidfile = os.environ.get("ARLE_TEST_PIDFILE")
    if pidfile:
        with open(pidfile, "a") as f:
            f.write(f"{os.getpid()}\n")
    seconds = float(os.environ.get("ARLE_TEST_THINK_SECONDS", "1.0"))
    release = os.environ.get("ARLE_TEST_RELEASE")
    if release:
        for _ in range(int(seconds / 0.02)):
            if os.path.exists(release):
                break
            time.sleep(0.02)
    else:
        time.sleep(seconds)
    return real_think(spec, seed, state_json)


def fails_as_random(spec: str, seed: int, state_json: str) -> str:
    """A bot worker's job that fails for the ``random`` bot (an error the server must
    report, not swallow) and plays any other bot for real."""
    from arle.web.botworker import think as real_think
    if spec.startswith("random"):
        raise RuntimeError("this test's random bot always fails")
    return real_think(spec, seed, state_json)


def green_fails_as_random(spec: str, seed: int, state_json: str,
                          cards: str | None = None) -> str:
    """The same for the second game; it also records the worker's process id in
    ``ARLE_TEST_PIDFILE`` when set."""
    from arle.web.botworker import think_green
    pidfile = os.environ.get("ARLE_TEST_PIDFILE")
    if pidfile:
        with open(pidfile, "a") as f:
            f.write(f"{os.getpid()}\n")
    if spec.startswith("random"):
        raise RuntimeError("this test's random bot always fails")
    return think_green(spec, seed, state_json, cards)
