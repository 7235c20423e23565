"""Running many games on local processes or as Ray tasks, at its earlier path: the
framework's :mod:`arle.framework.runs` (for every game; its names re-exported here).

>>> from arle.bots.arena import schedule
>>> ms = schedule(["random"], players=1, games=2, seed=5, buildings="first-game")
>>> [r.seed for r in run_matches(ms)]
[5, 6]
"""

from __future__ import annotations

from arle.framework.runs import (BACKENDS, RAY_RETRIES, RunInterrupted, check_backend,
                                 run_matches)

__all__ = ["BACKENDS", "RAY_RETRIES", "RunInterrupted", "check_backend", "run_matches"]
