"""Game reviews for the web app: each game version reviewed once, by one computation at
a time, shared by the requests that arrive meanwhile; each game's
:class:`arle.framework.review.Reviewer` judges it (the page and JSON:
:mod:`arle.web.reviewpages`)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from arle.framework.review import ReviewedTurn, Reviewer, reviewer
from arle.web.service import Game, GameError

__all__ = ["MAX_REVIEW_ACTIONS", "REVIEW_BOT", "ReviewCache", "judge_of"]

#: The judge of Fields of Arle's review page: a whole game in a second (each game's
#: reviewer names its own: :attr:`arle.framework.review.Reviewer.web_judge`).
REVIEW_BOT = "greedy"
MAX_REVIEW_ACTIONS = 2000      # longer records (uploads) are reviewed with `arle review`
CACHED_REVIEWS = 64


def judge_of(game: Game) -> Reviewer:
    """The reviewer of ``game``'s game."""
    return reviewer(game.rec.game)


class ReviewCache:
    """The reviews of the latest game versions asked for."""

    def __init__(self) -> None:
        self._tasks: dict[tuple[str, int], asyncio.Task[Sequence[ReviewedTurn]]] = {}
        self._slot: asyncio.Semaphore | None = None

    async def _compute(self, record: dict[str, Any], judging: Reviewer
                       ) -> Sequence[ReviewedTurn]:
        if self._slot is None:
            self._slot = asyncio.Semaphore(1)        # one review computes at a time
        async with self._slot:
            return await asyncio.to_thread(judging.review, record, None,
                                           judging.web_judge)

    async def get(self, game: Game) -> Sequence[ReviewedTurn]:
        """The game's review, computed once per game version (a second or a few of
        CPU); requests arriving meanwhile wait for the same computation."""
        if len(game.moves) > MAX_REVIEW_ACTIONS:
            raise GameError(f"this game is too long to review here ({len(game.moves)} "
                            f"moves, at most {MAX_REVIEW_ACTIONS}); download the record "
                            "and use arle review", 413)
        judging = judge_of(game)
        key = (game.id, game.version)
        task = self._tasks.get(key)
        if task is None:
            if len(self._tasks) >= CACHED_REVIEWS:
                self._tasks.pop(next(iter(self._tasks)))
            task = self._tasks[key] = asyncio.ensure_future(
                self._compute(game.state.record(), judging))
        try:
            return await asyncio.shield(task)
        except ValueError as e:               # pragma: no cover - stored games replay
            self._tasks.pop(key, None)
            raise GameError(f"cannot review this game: {e}", 500) from e
