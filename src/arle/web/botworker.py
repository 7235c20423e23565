"""Bot thinking, run in a worker process so that the server keeps answering.

Only plain text crosses the process boundary: the bot spec, a seed and the position as
``State.to_json()``; the answer is the chosen action's notation.
"""

from __future__ import annotations

import math
from typing import Any, Callable

__all__ = ["LIMITS", "BotTimeout", "check_bot_spec", "known_bots", "think", "timed_think",
           "watch_parent"]

#: Upper bounds on the options of the built-in bots that web users may ask for (seats
#: and hints): the bot worker is shared by every game on the server, so no request may
#: hold it for long.  ``arle serve`` also stops any bot that thinks too long.
LIMITS: dict[str, dict[str, float]] = {
    "mcts": {"sims": 1000, "time": 10.0, "branch": 16, "widen": 10.0},
    "greedy": {"chain": 50},
}


class BotTimeout(Exception):
    """A bot thought longer than the server allows and was stopped."""


def timed_think(fn: Callable[[str, int, str], str], timeout: float, spec: str, seed: int,
                state_json: str) -> str:
    """``fn(spec, seed, state_json)`` in this worker process, stopped by an alarm after
    ``timeout`` seconds of its own running time (waiting in the queue does not count, and
    the worker survives to take the next job)."""
    import signal
    if not hasattr(signal, "setitimer"):        # no interval timers here: no limit
        return fn(spec, seed, state_json)

    def stop(_signum: int, _frame: Any) -> None:
        raise BotTimeout(f"it thought longer than {timeout:g} s and was stopped")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return fn(spec, seed, state_json)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def watch_parent(parent_pid: int, interval: float = 0.5) -> None:
    """Initializer of a bot worker: exit as soon as the server process ``parent_pid`` is
    gone, even when it was killed with SIGKILL and could not stop its workers (who would
    otherwise wait for jobs forever, and keep multiprocessing's resource tracker alive).

    On Linux the kernel sends SIGKILL when the parent dies (``PR_SET_PDEATHSIG``); on
    every system a daemon thread also checks every ``interval`` seconds whether the
    worker was handed to another parent."""
    import os
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):     # pragma: no cover - no prctl here
            pass
    if os.getppid() != parent_pid:            # it died before we asked: leave now
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(interval)
            if os.getppid() != parent_pid:
                os._exit(0)

    threading.Thread(target=watch, name="arle-watch-parent", daemon=True).start()


def think(spec: str, seed: int, state_json: str) -> str:
    """The action (as text) that bot ``spec`` chooses in the given position."""
    import arle
    import arle.bots

    state = arle.State.from_json(state_json)
    bot = arle.bots.get(spec, seed=seed)
    return str(bot.choose(state))


def known_bots() -> list[str]:
    """The names of the bots the registry offers (empty while there is none)."""
    try:
        import arle.bots
    except ImportError:
        return []
    return list(arle.bots.known())


def check_bot_spec(spec: str) -> str:
    """``spec`` normalised, or ValueError naming the known bots."""
    try:
        import arle.bots
    except ImportError as e:
        raise ValueError("no bots are available in this installation") from e
    name, options = arle.bots.parse_spec(spec)
    arle.bots.get(spec, seed=0)  # raises ValueError for unknown bots and bad options
    for key, value in options.items():
        try:
            number = float(value)
        except ValueError:
            continue                       # a word option (the bot checked it)
        if not math.isfinite(number):
            raise ValueError(f"bot option {key}={value} is not a finite number")
    for key, limit in LIMITS.get(name, {}).items():
        if key in options and float(options[key]) > limit:
            raise ValueError(f"bot option {key}={options[key]} is above this server's "
                             f"limit of {limit:g} for {name}")
    if name == "mcts" and options.get("rollout", "none") != "none":
        raise ValueError("mcts rollouts are not offered on this server (they multiply the "
                         "time per decision); leave the rollout option out")
    if options:
        return name + ":" + ",".join(f"{k}={v}" for k, v in options.items())
    return name
