"""The review's page and JSON for a game of either game (``/games/ID/review``,
``/green/games/ID/review``, ``GET /api/games/ID/review``): each game's reviewer judges
it (:mod:`arle.web.reviews` computes and keeps the reviews).

A game with hidden information (the second game) is reviewed only once it is over: the
review names every seat's hidden decisions, as its record does."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import Request
from fastapi.responses import JSONResponse, Response

from arle.framework.review import ReviewedTurn, Reviewer, summary
from arle.web import reviews
from arle.web.context import WebContext, error_json
from arle.web.service import Game, GameError, seat_label

__all__ = ["review_json", "review_page"]


async def _reviewed(ctx: WebContext, gid: str) -> tuple[Game, Reviewer,
                                                        Sequence[ReviewedTurn]]:
    """The game ``gid``, its reviewer and its review; GameError 403 for a game with
    hidden information that is not over."""
    game = await ctx.service.get(gid)
    if ctx.service.kind(game).secret and not game.state.is_terminal():
        raise GameError("the review names every player's hidden decisions: it is served "
                        "once the game is over", 403)
    return game, reviews.judge_of(game), await ctx.reviews.get(game)


async def review_json(ctx: WebContext, gid: str, threshold: float = 3.0) -> Response:
    """``GET /api/games/GID/review``: the summary, the judge and every turn (as
    ``arle review --json`` prints them)."""
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
