"""Bot thinking, run in a worker process so that the server keeps answering.

Only plain text crosses the process boundary: the bot spec, a seed and the position as
``State.to_json()``; the answer is the chosen action's notation.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from arle.framework.bots import GAME_BOTS, PLAYS, canonical, plays
from arle.green import BOT_ALIASES

__all__ = ["GREEN_ALIASES", "LIMITS", "SEAT_BUDGET", "SEAT_TIME", "SOLO_ONLY", "WEB_BOTS",
           "BotTimeout", "check_bot_spec", "known_bots", "think", "think_green", "timed_think",
           "warm_up", "watch_parent"]

#: The bots web users may seat or ask for hints, per game, with every option each takes
#: on this server: a closed schema.  An option is a range of numbers ``(low, high)``
#: (whole numbers where both bounds are ints) or the words allowed; ``opp`` takes
#: ``auto`` or a number.  Any other option is refused, so no request can name a file on
#: the server (``model=PATH``) or ask for more thinking than the shared bot workers
#: give: ``arle serve`` also stops any bot that thinks longer than its time limit.
#: Bots installed as plugins are seated without options.  The planner's ``clock`` stays
#: ``wall``: the server bounds a bot's thinking on the wall, and processor time runs
#: slower than the wall on a busy server.
Range = tuple[float, float]
#: The framework's search (:mod:`arle.framework.search`), seated in every game.
_SEARCH: dict[str, Range | tuple[str, ...]] = {
    "sims": (1, 1000), "time": (0.05, 10.0), "c": (0.0, 10.0), "horizon": (0, 1000),
    "seed": (0, 2**31 - 1)}
WEB_BOTS: dict[str, dict[str, dict[str, Range | tuple[str, ...]]]] = {
    "arle": {
        "random": {"by": ("action", "verb")},
        "greedy": {"noise": (0.0, 10.0), "chain": (0, 50), "eval": ("hand", "learned")},
        "mcts": {"sims": (1, 1000), "time": (0.05, 10.0), "c": (0.0, 10.0),
                 "scale": (0.1, 1000.0), "widen": (0.0, 10.0), "expand": (1, 8),
                 "branch": (1, 16), "depth": (0, 8), "rollout": ("none",),
                 "backup": ("auto", "max", "mean"), "reuse": ("0", "1"),
                 "eval": ("auto", "hand", "learned"), "opp": ("auto", "0-16"),
                 "chains": ("eval", "hand")},
        "plan": {"time": (0.05, 10.0), "playouts": (1, 50), "width": (1, 20),
                 "noise": (0.0, 10.0), "clock": ("wall",), "seed": (0, 2**31 - 1),
                 "method": ("nested", "nrpa"), "rollout": ("auto", "hand", "learned"),
                 "order": ("playout", "hand"), "level": (1, 5), "iterations": (1, 1000),
                 "alpha": (0.01, 10.0)},
        "so-ismcts": _SEARCH,
    },
    "green": {
        "random": {"by": ("action", "verb")},
        "green-greedy": {},
        "green-ismcts": {"sims": (1, 1000), "time": (0.05, 10.0), "c": (0.0, 10.0),
                         "horizon": (0, 1000), "prune": (0, 16), "mode": ("look", "tree"),
                         "dets": (1, 16), "look": (0, 40), "steps": (0, 40)},
        "so-ismcts": _SEARCH,
    },
}
#: The searching bots and the options that set how long they think: a spec that names
#: none of them thinks :data:`SEAT_TIME` seconds a decision on this server (a seat may ask
#: for more, within :data:`WEB_BOTS`' limits and the server's time limit).
SEAT_BUDGET: dict[str, tuple[str, ...]] = {
    "mcts": ("sims", "time"), "plan": ("time", "playouts"), "green-ismcts": ("sims", "time"),
    "so-ismcts": ("sims", "time")}
SEAT_TIME = 2.0
#: Bots that play solo games only (the planner: one player, no opponents to model).
SOLO_ONLY = frozenset({"plan"})
#: Short names a green seat may use (``greedy`` is ``green-greedy``).
GREEN_ALIASES = BOT_ALIASES
#: The numeric bounds of :data:`WEB_BOTS` (the form earlier versions published).
LIMITS: dict[str, dict[str, float]] = {
    name: {k: float(v[1]) for k, v in opts.items()
           if isinstance(v[0], (int, float)) and not isinstance(v[0], bool)}
    for game in WEB_BOTS.values() for name, opts in game.items()}


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


def warm_up() -> None:
    """Load in this worker what the first search would otherwise load while a player
    waits (the learned evaluation's numpy and model, the bots' modules), so that the
    first hint or bot move takes its search's time only."""
    import arle.bots
    import arle.bots.mcts  # noqa: F401
    import arle.bots.plan  # noqa: F401
    from arle.bots.common import evaluator_option

    evaluator_option("learned", None, "mcts")


def think(spec: str, seed: int, state_json: str) -> str:
    """The action (as text) that bot ``spec`` chooses in the given position."""
    import arle
    import arle.bots

    state = arle.State.from_json(state_json)
    bot = arle.bots.get(spec, seed=seed)
    return str(bot.choose(state))


def think_green(spec: str, seed: int, state_json: str, cards: str | None = None) -> str:
    """The action (as text) that bot ``spec`` chooses in a position of the green game;
    ``cards`` is the card set's file when it is not a shipped one (the server's operator
    gave it with ``arle serve --green-cards``)."""
    import arle.green as G
    from arle.green.bots import green_bot

    state = G.State.from_json(state_json, cards=cards)
    return str(green_bot(spec, seed=seed).choose(state))


def known_bots(game: str = "arle") -> list[str]:
    """The bots this server seats in ``game`` (``"arle"`` or ``"green"``): the built-in
    ones of :data:`WEB_BOTS` and the installed plugin bots; empty while there is none."""
    try:
        import arle.bots
    except ImportError:
        return []
    names = set(arle.bots.known())
    builtin = {n for bots in WEB_BOTS.values() for n in bots}
    own = [n for n in WEB_BOTS.get(game, {}) if n in names]
    return own + sorted(n for n in names - builtin if plays(n, game))


def _check_option(name: str, key: str, value: str,
                  allowed: Range | tuple[str, ...]) -> str:
    if isinstance(allowed[0], str):
        words = [w for w in allowed if isinstance(w, str) and "-" not in w]
        span = [w for w in allowed if isinstance(w, str) and "-" in w]
        if value in words:
            return value
        for w in span:                     # "0-16": a whole number in that range
            first, last = (int(x) for x in w.split("-"))
            if value.isascii() and value.isdigit() and first <= int(value) <= last:
                return str(int(value))
        shown = ", ".join(words + span)
        raise ValueError(f"bot option {key}={value[:20]} is not one {name} takes on this "
                         f"server ({shown})")
    low, high = allowed
    whole = isinstance(low, int) and isinstance(high, int)
    number: float
    try:
        number = int(value) if whole else float(value)
    except ValueError:
        kind = "a whole number" if whole else "a number"
        raise ValueError(f"bot option {key}={value[:20]} must be {kind}") from None
    if not math.isfinite(number):
        raise ValueError(f"bot option {key}={value[:20]} is not a finite number")
    if number > high:
        raise ValueError(f"bot option {key}={value[:20]} is above this server's limit of "
                         f"{high:g} for {name}")
    if number < low:
        raise ValueError(f"bot option {key}={value[:20]} is below this server's lowest "
                         f"value of {low:g} for {name}")
    return str(number)


def check_bot_spec(spec: str, game: str = "arle") -> str:
    """``spec`` normalised for a seat (or a hint) of ``game`` (``"arle"`` or
    ``"green"``), or ValueError saying why: a bot that does not play that game, an
    unknown bot, an option it does not take on this server or a value outside the
    limits of :data:`WEB_BOTS`.

    >>> check_bot_spec("mcts:sims=50")
    'mcts:sims=50'
    >>> check_bot_spec("mcts")              # a search is bounded by time unless told
    'mcts:time=2'
    >>> check_bot_spec("greedy", "green")
    'green-greedy'
    >>> check_bot_spec("mcts:eval=learned,model=/etc/passwd")
    Traceback (most recent call last):
    ...
    ValueError: mcts takes no option 'model' on this server (its options: sims, ...)
    """
    try:
        import arle.bots
    except ImportError as e:
        raise ValueError("no bots are available in this installation") from e
    if not isinstance(spec, str) or len(spec) > 200:
        raise ValueError("a bot spec is text like 'greedy' or 'mcts:sims=100'")
    name, options = arle.bots.parse_spec(spec)
    name = canonical(name, game)
    schema = WEB_BOTS.get(game, {})
    if name not in schema:
        if name not in arle.bots.known():
            raise ValueError(f"unknown bot {name[:40]!r} (this server's bots for this "
                             f"game: {', '.join(known_bots(game))})")
        if not plays(name, game):
            players = " and ".join(GAME_BOTS[g].called if g in GAME_BOTS else g
                                   for g in sorted(PLAYS[name]))
            raise ValueError(f"bot {name!r} plays {players} only; this game's bots: "
                             f"{', '.join(known_bots(game))}")
        if options:                        # a plugin: seated as its author made it
            raise ValueError(f"bot {name!r} is a plugin: this server seats it without "
                             "options")
        arle.bots.get(name, seed=0)
        return name
    allowed = schema[name]
    norm: dict[str, str] = {}
    for key, value in options.items():
        if key not in allowed:
            keys = ", ".join(allowed) or "none"
            raise ValueError(f"{name} takes no option {key!r} on this server (its "
                             f"options: {keys})")
        _check_option(name, key, value, allowed[key])
        norm[key] = value
    if name in SEAT_BUDGET and not any(k in norm for k in SEAT_BUDGET[name]):
        norm["time"] = f"{SEAT_TIME:g}"       # bounded by time unless the spec says how
    out = name + (":" + ",".join(f"{k}={v}" for k, v in norm.items()) if norm else "")
    arle.bots.get(out, seed=0)   # the bot's own checks (e.g. mcts's sims with time)
    return out
