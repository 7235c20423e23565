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
