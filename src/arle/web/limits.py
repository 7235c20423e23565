"""Limits that keep one client from filling the server: games created per client
(a token bucket), hints waiting per client and per game, and how long an idle game stays
in memory.  Clocks are injectable, so tests move time instead of waiting."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Limits", "RateLimiter", "Slots"]


@dataclass(frozen=True)
class Limits:
    """The server's limits (``create_app(limits=...)``)."""

    #: games one client may create (lobby, API, uploads) at once, then one more per
    #: ``create_every`` seconds
    create_burst: int = 20
    create_every: float = 30.0
    #: hint requests waiting for the bot worker, per client and per game
    hints_per_client: int = 2
    hints_per_game: int = 2
    #: a game nobody has touched for this many seconds leaves memory (it stays stored)
    idle_seconds: float = 1800.0
    #: and the oldest idle games leave first once more than this many are held
    games_in_memory: int = 500


class RateLimiter:
    """A token bucket per key: ``burst`` requests at once, one more every ``every``
    seconds.  At most ``max_keys`` keys are remembered (the oldest are forgotten)."""

    def __init__(self, burst: int, every: float,
                 clock: Callable[[], float] = time.monotonic, max_keys: int = 10_000) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> float | None:
        """Take one token for ``key``: None if allowed, else the seconds to wait."""
        now = self.clock()
        tokens, last = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) / self.every)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return max(1.0, (1.0 - tokens) * self.every)
        self._buckets[key] = (tokens - 1.0, now)
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return None


class Slots:
    """Counted places per key (requests in progress); ``enter`` is refused at the
    limit."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: dict[str, int] = {}

    def enter(self, key: str) -> bool:
        n = self._held.get(key, 0)
        if n >= self.limit:
            return False
        self._held[key] = n + 1
        return True

    def leave(self, key: str) -> None:
        n = self._held.get(key, 0) - 1
        if n > 0:
            self._held[key] = n
        else:
            self._held.pop(key, None)
