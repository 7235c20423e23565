"""Game reviews for the web app: each game version reviewed once, by one computation at
a time, shared by the requests that arrive meanwhile."""

from __future__ import annotations

import asyncio
from typing import Any

from arle.bots.review import Turn, review
from arle.web.service import Game, GameError

__all__ = ["MAX_REVIEW_ACTIONS", "REVIEW_BOT", "ReviewCache"]

REVIEW_BOT = "greedy"          # the judge of /games/ID/review: a whole game in a second
MAX_REVIEW_ACTIONS = 2000      # longer records (uploads) are reviewed with `arle review`
CACHED_REVIEWS = 64


class ReviewCache:
    """The reviews of the latest game versions asked for."""

    def __init__(self) -> None:
        self._tasks: dict[tuple[str, int], asyncio.Task[list[Turn]]] = {}
        self._slot: asyncio.Semaphore | None = None

    async def _compute(self, record: dict[str, Any]) -> list[Turn]:
        if self._slot is None:
            self._slot = asyncio.Semaphore(1)        # one review computes at a time
        async with self._slot:
            return await asyncio.to_thread(review, record, None, REVIEW_BOT)

    async def get(self, game: Game) -> list[Turn]:
        """The game's review, computed once per game version (about a second of CPU);
        requests arriving meanwhile wait for the same computation."""
        if len(game.moves) > MAX_REVIEW_ACTIONS:
            raise GameError(f"this game is too long to review here ({len(game.moves)} "
                            f"moves, at most {MAX_REVIEW_ACTIONS}); download the record "
                            "and use arle review", 413)
        key = (game.id, game.version)
        task = self._tasks.get(key)
        if task is None:
            if len(self._tasks) >= CACHED_REVIEWS:
                self._tasks.pop(next(iter(self._tasks)))
            task = self._tasks[key] = asyncio.ensure_future(
                self._compute(game.state.record()))
        try:
            return await asyncio.shield(task)
        except ValueError as e:               # pragma: no cover - stored games replay
            self._tasks.pop(key, None)
            raise GameError(f"cannot review this game: {e}", 500) from e
