"""Game reviews for the web app: each game version reviewed once, by one computation at
a time, shared by the requests that arrive meanwhile; the review's page and JSON for a
game of either game (each game's :class:`arle.framework.review.Reviewer` judges it).

A game with hidden information (the second game) is reviewed only once it is over: the
review names every seat's hidden decisions, as its record does."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastapi import Request
from fastapi.responses import JSONResponse, Response

from arle.framework.review import ReviewedTurn, Reviewer, reviewer, summary
from arle.web.service import Game, GameError, seat_label

if TYPE_CHECKING:
    from arle.web.context import WebContext

__all__ = ["MAX_REVIEW_ACTIONS", "REVIEW_BOT", "ReviewCache", "review_json", "review_page"]

#: The judge of Fields of Arle's review page: a whole game in a second (each game's
#: reviewer names its own: :attr:`arle.framework.review.Reviewer.web_judge`).
REVIEW_BOT = "greedy"
MAX_REVIEW_ACTIONS = 2000      # longer records (uploads) are reviewed with `arle review`
CACHED_REVIEWS = 64


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
        judging = reviewer(game.rec.game)
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


async def _reviewed(ctx: WebContext, gid: str) -> tuple[Game, Reviewer,
                                                        Sequence[ReviewedTurn]]:
    """The game ``gid``, its reviewer and its review; GameError 403 for a game with
    hidden information that is not over."""
    game = await ctx.service.get(gid)
    if ctx.service.kind(game).secret and not game.state.is_terminal():
        raise GameError("the review names every player's hidden decisions: it is served "
                        "once the game is over", 403)
    return game, reviewer(game.rec.game), await ctx.reviews.get(game)


async def review_json(ctx: WebContext, gid: str, threshold: float = 3.0) -> Response:
    """``GET /api/games/GID/review``: the summary, the judge and every turn (as
    ``arle review --json`` prints them)."""
    from arle.web.context import error_json
    try:
        _, judging, turns = await _reviewed(ctx, gid)
    except GameError as e:
        return error_json(e)
    return JSONResponse({"summary": summary(turns, threshold), "bot": judging.web_judge,
                         "turns": [t.to_dict() for t in turns]})


async def review_page(request: Request, ctx: WebContext, gid: str,
                      threshold: float = 3.0) -> Response:
    """The review page: each player's summary and the turns that cost ``threshold``
    or more, each linked to its position in the replay."""
    try:
        game, judging, turns = await _reviewed(ctx, gid)
    except GameError as e:
        return ctx.error_page(request, e)
    pages = ctx.service.kind(game).pages
    players = []
    for p in range(len(game.rec.seats)):
        mine = [t for t in turns if t.player == p]
        players.append({
            "label": seat_label(game, p), "summary": summary(mine, threshold),
            "turns": [t for t in mine if t.loss >= threshold]})
    # the second game's replay shows a position as one seat saw it: the reviewed one
    seat_param = "&seat=" if ctx.service.kind(game).secret else ""
    return ctx.page(request, "review.html", {
        "game": game, "players": players, "threshold": threshold, "pages": pages,
        "judge": judging.web_judge, "method": judging.method, "when": judging.when,
        "when_title": judging.when_title, "seat_param": seat_param,
        "title": f"arle: review of {gid}"})
