"""A deliberately slow bot for the tests: it thinks in the worker process, records
which process that was, then plays like the random bot."""

from __future__ import annotations

import os
import time


def think(spec: str, seed: int, state_json: str) -> str:
    from arle.web.botworker import think as real_think
    pidfile = os.environ.get("ARLE_TEST_PIDFILE")
    if pidfile:
        with open(pidfile, "a") as f:
            f.write(f"{os.getpid()}\n")
    time.sleep(float(os.environ.get("ARLE_TEST_THINK_SECONDS", "1.0")))
    return real_think(spec, seed, state_json)
