"""The HTML pages: lobby, scoring pad, invitations, game, view fragments, replay, review
and the record download."""

from __future__ import annotations

import urllib.parse
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup

from arle.scorepad import farm_from_answers
from arle.data.tea_trade import EXPANSIONS
from arle.scoring import (
    CATEGORY_NAMES,
    TT_CATEGORY_NAMES,
    ScoringInputError,
    farm_from_dict,
    format_vp,
    score_farm,
)
from arle.web import reviewpages
from arle.web.botworker import known_bots
from arle.web.context import (
    Ctx,
    error_json,
    owner_cookie,
    rematch_redirect,
    seat_cookie,
    set_cookie,
)
from arle.web.inputs import parse_new_game, whole
from arle.web.pad import answers_from_form, form_sections
from arle.web.db import GameRecord
from arle.web.db import token_matches
from arle.web.service import GameError, record_json, seat_label

__all__ = ["router"]

router = APIRouter()


def pad_context(form: dict[str, list[str]] | None, expansion: bool = False) -> dict[str, Any]:
    """The scoring pad page: the form (filled from ``form`` when one was sent), and the
    score sheet or the reason the figures were refused; ``expansion``: a Tea & Trade
    pad, with the expansion's questions and rows."""
    ctx: dict[str, Any] = {"title": "arle: scoring pad", "error": None, "sheet": None,
                           "expansion": expansion}
    answers: dict[str, str] | None = None
    if form is not None:
        answers, problem = answers_from_form(form, expansion)
        try:
            if problem is not None:
                raise ScoringInputError(problem)
            sheet = score_farm(farm_from_dict(farm_from_answers(answers, expansion)))
        except ScoringInputError as e:
            ctx["error"] = f"Not scored: {e}"
        else:
            names = {**CATEGORY_NAMES, **TT_CATEGORY_NAMES}
            ctx["sheet"] = [(k, names[k], format_vp(v)) for k, v in sheet.categories.items()]
            ctx["total"] = format_vp(sheet.total)
    ctx["sections"] = form_sections(answers, expansion)
    return ctx


def _pad_expansion(value: str | None) -> bool:
    """Whether the pad is Tea & Trade's (``?expansion=tea-and-trade`` or the form's
    hidden field); any other value is refused."""
    if value in (None, ""):
        return False
    if value in EXPANSIONS:
        return True
    raise ScoringInputError(f"expansion: unknown expansion {value!r} "
                            f"(known: {', '.join(EXPANSIONS)})")


def _mine(request: Request, rec: GameRecord) -> str:
    """What this browser is to a game of the lobby: ``play`` (it holds a seat),
    ``owner`` (it created the game, holds no seat) or ``""`` (it watches)."""
    for s in rec.seats:
        tok = request.cookies.get(seat_cookie(rec.id, s.seat))
        if tok and s.token_hash and token_matches(tok, s.token_hash):
            return "play"
    tok = request.cookies.get(owner_cookie(rec.id))
    return "owner" if tok and token_matches(tok, rec.owner_hash) else ""


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, ctx: Ctx) -> Response:
    running = await ctx.service.list_games("running", 50)
    finished = await ctx.service.list_games("finished", 50)
    green_running = await ctx.service.list_games("running", 10, "green")
    return ctx.page(request, "lobby.html", {
        "running": running, "finished": finished, "green_running": green_running,
        "mine": {g.id: _mine(request, g) for g in running},
        "bots": known_bots("arle"), "title": "arle: lobby"})


@router.get("/score", response_class=HTMLResponse)
async def score_pad(request: Request, ctx: Ctx) -> Response:
    try:
        expansion = _pad_expansion(request.query_params.get("expansion"))
    except ScoringInputError as e:
        pad = pad_context(None)
        pad["error"] = str(e)
        return ctx.page(request, "score.html", pad, 400)
    return ctx.page(request, "score.html", pad_context(None, expansion))


@router.post("/score", response_class=HTMLResponse)
async def score_pad_post(request: Request, ctx: Ctx) -> Response:
    raw = (await request.body()).decode("utf-8", "replace")
    form = urllib.parse.parse_qs(raw, keep_blank_values=True)
    try:
        expansion = _pad_expansion((form.get("expansion") or [""])[-1])
    except ScoringInputError as e:
        pad = pad_context(None)
        pad["error"] = f"Not scored: {e}"
        return ctx.page(request, "score.html", pad, 400)
    pad = pad_context(form, expansion)
    return ctx.page(request, "score.html", pad, 400 if pad["error"] else 200)


@router.post("/games")
async def create_from_form(request: Request, ctx: Ctx) -> Response:
    raw = (await request.body()).decode("utf-8", "replace")
    form = {k: v[-1] for k, v in urllib.parse.parse_qs(raw).items()}
    players = form.get("players", "1")
    seats = [form.get(f"seat{i}", "human")
             for i in range({"2": 2, "3": 3}.get(players.strip(), 1))]
    take_raw = form.get("take_seat", "0")
    if take_raw.isascii() and take_raw.isdigit() and len(take_raw) <= 3 and (
            int(take_raw) >= len(seats) or seats[int(take_raw)] != "human"):
        # the chosen seat is a bot's: take the first seat left to people, if any
        take_raw = next((str(i) for i, x in enumerate(seats) if x == "human"), "none")
    data = {"players": players, "seats": seats, "seed": form.get("seed"),
            "buildings": form.get("buildings", "first-game"),
            "expansion": form.get("expansion"),
            "promos": form.get("promos"), "hints": form.get("hints"),
            "choose_cells": form.get("choose_cells"),
            "take_seat": take_raw}
    try:
        opts, take = parse_new_game(data)
        ctx.check_create(request)
        created = await ctx.service.create_game(opts)
    except GameError as e:
        return ctx.error_page(request, e)
    resp = RedirectResponse(f"/games/{created.game_id}", status_code=303)
    set_cookie(resp, request, owner_cookie(created.game_id), created.owner_token)
    if take is not None:
        set_cookie(resp, request, seat_cookie(created.game_id, take), created.tokens[take])
        await ctx.service.join(created.game_id, take)
    return resp


@router.get("/join/{token}")
async def join(request: Request, token: str, ctx: Ctx) -> Response:
    found = await ctx.service.find_token(token)
    if found is None:
        return ctx.error_page(request, GameError(
            "this invitation link is not valid (check that it was copied whole)", 404))
    gid, seat = found
    await ctx.service.join(gid, seat)
    resp = RedirectResponse(f"/games/{gid}", status_code=303)
    set_cookie(resp, request, seat_cookie(gid, seat), token)
    return resp


@router.get("/games/{gid}", response_class=HTMLResponse)
async def game_page(request: Request, gid: str, ctx: Ctx) -> Response:
    try:
        game = await ctx.arle_game(gid)
    except GameError as e:
        return ctx.error_page(request, e)
    held = await ctx.held_seats(request, game)
    links = ctx.service.invitations(game, request.cookies.get(owner_cookie(gid)))
    invites = []
    if links:
        base = str(request.base_url).rstrip("/")
        for s in game.rec.seats:
            if s.seat in links:
                invites.append({"seat": s.seat, "joined": s.joined,
                                "url": f"{base}/join/{links[s.seat]}", "mine": s.seat in held})
        if all(inv["mine"] for inv in invites):
            invites = []          # nobody to invite (a solo game, a game against bots)
    return ctx.page(request, "game.html", {
        "game": game, "held": sorted(held), "invites": invites,
        "invites_open": any(not inv["joined"] and not inv["mine"] for inv in invites),
        "view": Markup(ctx.view_html(game, held, owner=ctx.is_owner(request, game))),
        "title": f"arle: game {gid}",
        "seat_labels": [seat_label(game, i) for i in range(game.rec.players)]})


@router.get("/games/{gid}/view", response_class=HTMLResponse)
async def game_view(request: Request, gid: str, ctx: Ctx) -> Response:
    try:
        game = await ctx.arle_game(gid)
    except GameError as e:
        return ctx.error_fragment(e)
    return HTMLResponse(ctx.view_html(game, await ctx.held_seats(request, game),
                                      owner=ctx.is_owner(request, game)))


@router.post("/games/{gid}/bot")
async def bot_from_form(request: Request, gid: str, ctx: Ctx) -> Response:
    """The owner's form on the game page: retry (no bot chosen) or replace the bot of
    a seat after it failed."""
    form = urllib.parse.parse_qs((await request.body()).decode("utf-8", "replace"))
    try:
        seat = whole((form.get("seat") or [""])[-1], "seat", 0, 2)
        bot = (form.get("bot") or [""])[-1].strip()
        await ctx.service.set_bot(gid, request.cookies.get(owner_cookie(gid)), seat,
                                  bot or None)
    except GameError as e:
        return ctx.error_page(request, e)
    return RedirectResponse(f"/games/{gid}", status_code=303)


@router.post("/games/{gid}/rematch")
async def rematch_from_form(request: Request, gid: str, ctx: Ctx) -> Response:
    """The owner's Rematch button: the new game, with this browser as its owner and in
    the seats it held (new tokens); the other people's new links are on its page."""
    try:
        game = await ctx.arle_game(gid)
        held = await ctx.held_seats(request, game)
    except GameError as e:
        return ctx.error_page(request, e)
    return await rematch_redirect(request, gid, held, "", owner_cookie, seat_cookie)


@router.get("/games/{gid}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, gid: str, ctx: Ctx,
                      step: int | None = None) -> Response:
    try:
        game = await ctx.arle_game(gid)
    except GameError as e:
        return ctx.error_page(request, e)
    n = len(game.moves)
    k, view = ctx.replay_html(game, n if step is None else step)
    return ctx.page(request, "replay.html", {
        "game": game, "step": k, "total": n, "view": Markup(view),
        "title": f"arle: replay of {gid}"})


@router.get("/games/{gid}/replay/{step}", response_class=HTMLResponse)
async def replay_step(gid: str, step: int, ctx: Ctx) -> Response:
    try:
        game = await ctx.arle_game(gid)
    except GameError as e:
        return ctx.error_fragment(e)
    return HTMLResponse(ctx.replay_html(game, step)[1])


@router.get("/games/{gid}/review", response_class=HTMLResponse)
async def review_page(request: Request, gid: str, ctx: Ctx,
                      threshold: float = 3.0) -> Response:
    """The review of a game of either game (:func:`arle.web.reviewpages.review_page`)."""
    return await reviewpages.review_page(request, ctx, gid, threshold)


@router.get("/games/{gid}/record.json")
async def download_record(gid: str, ctx: Ctx) -> Response:
    try:
        game = await ctx.arle_game(gid)
    except GameError as e:
        return error_json(e)
    return Response(record_json(game), media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="arle-{gid}.json"'})
