"""New games: the lobby's Fields of Arle game (:class:`NewGame`), a rematch of any game,
and the storing of a new game of any game (:func:`insert`).

Each new game gets a fresh id, an owner token (the creator's: it opens the invitations,
retries a failed bot and asks for a rematch) and a token per human seat; it is stored
before anyone sees it, then held in memory, where its bot starts if a bot is to move.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import arle
from arle.web.db import GameRecord, MoveRow, SeatRow, Store, hash_token
from arle.web.games import (
    MAX_SEED,
    THREE_NEED_EXPANSION,
    CreatedGame,
    Game,
    GameError,
    state_facts,
)
from arle.web.kinds import Kind
from arle.web.seats import bot_for_seat, is_owner, new_token, seal_invitations, seat_rows

__all__ = ["BUILDING_MODES", "EXPANSIONS", "TT_BUILDING_MODES", "CreateHost", "NewGame",
           "create_game", "insert", "rematch"]

BUILDING_MODES = ("first-game", "random")
#: The expansions a new game may use, and the building modes with one.
EXPANSIONS = ("tea-and-trade",)
TT_BUILDING_MODES = ("random", "expansion-only")


@dataclass
class NewGame:
    """What the lobby's form asks for."""

    players: int = 1
    seats: list[str] = field(default_factory=lambda: ["human"])  # "human" or "bot:SPEC"
    seed: int | None = None
    buildings: str | list[str] = "first-game"   # a mode or a list of building ids
    promos: bool = False
    #: ``"tea-and-trade"`` for a Tea & Trade game (its own building modes), None: base.
    expansion: str | None = None
    #: May the people ask the bot for hints?  None: yes unless two people play.
    hints: bool | None = None
    #: Rules option ``choose_cells``: the players pick the cell of every tile.  None:
    #: the engine's default (on with the expansion, off in the base game, where the
    #: cells are cosmetic).
    choose_cells: bool | None = None


class CreateHost(Protocol):
    """What making a game uses of the service (:class:`arle.web.service.GameService`)."""

    store: Store
    clock: Callable[[], float]

    async def get(self, game_id: str) -> Game: ...

    def kind(self, game: Game | GameRecord) -> Kind: ...

    def hold(self, game: Game) -> None: ...


async def create_game(host: CreateHost, opts: NewGame) -> CreatedGame:
    """A new game of Fields of Arle as the lobby's form asks for it."""
    if opts.players not in (1, 2, 3):
        raise GameError("players must be 1, 2 or 3")
    if opts.players == 3 and opts.expansion is None:
        raise GameError(THREE_NEED_EXPANSION)
    if len(opts.seats) != opts.players:
        raise GameError(f"{opts.players} player(s) need {opts.players} seat(s), "
                        f"got {len(opts.seats)}")
    if opts.expansion is not None and opts.expansion not in EXPANSIONS:
        raise GameError(f"expansion must be one of {', '.join(EXPANSIONS)} or null, "
                        f"got {opts.expansion!r}")
    modes = BUILDING_MODES if opts.expansion is None else TT_BUILDING_MODES
    if isinstance(opts.buildings, str) and opts.buildings not in modes:
        game = "the base game" if opts.expansion is None else "Tea & Trade"
        shown = repr(opts.buildings) if len(opts.buildings) <= 40 else "that value"
        raise GameError(f"buildings must be one of {', '.join(modes)} "
                        f"or a list of building ids with {game}, got {shown}")
    seed = opts.seed if opts.seed is not None else secrets.randbelow(1_000_000)
    if not 0 <= seed <= MAX_SEED:
        raise GameError(f"seed must be between 0 and {MAX_SEED}")
    specs: list[str] = []
    for i, spec in enumerate(opts.seats):
        if spec == "human":
            specs.append("human")
        elif isinstance(spec, str) and spec.startswith("bot:"):
            specs.append(bot_for_seat(spec[4:], "arle", opts.players, f"seat {i + 1}: "))
        else:
            raise GameError(f"seat {i + 1}: expected 'human' or 'bot:NAME', got {spec!r}")
    seats, tokens = seat_rows(specs)
    try:
        state = arle.new_game(players=opts.players, seed=seed, buildings=opts.buildings,
                              promos=bool(opts.promos), expansion=opts.expansion,
                              options=None if opts.choose_cells is None
                              else {"choose_cells": opts.choose_cells})
    except ValueError as e:
        raise GameError(str(e)) from e
    return await insert(host, state, seats, tokens, [], "lobby", hints=opts.hints)


async def rematch(host: CreateHost, game_id: str, owner_token: str | None,
                  seed: int | None = None) -> CreatedGame:
    """A new game like ``game_id`` (by its owner): the same game, players, seats (the
    same bots; new tokens for the people's seats) and options, with ``seed`` or a
    new random one.  The old game is left as it is."""
    game = await host.get(game_id)
    if not is_owner(game, owner_token):
        raise GameError("only the game's owner (its creator) may ask for a rematch", 403)
    record = game.state.record()
    setup = dict(record["setup"])
    if "seed" not in setup:
        raise GameError("this game was not set up from a seed: no rematch", 409)
    new_seed = seed if seed is not None else secrets.randbelow(1_000_000)
    if not 0 <= new_seed <= MAX_SEED:
        raise GameError(f"seed must be between 0 and {MAX_SEED}")
    setup["seed"] = new_seed
    try:
        # a new game: none of the old one's moves nor its chance log (the green
        # game's record keeps every chance outcome, which a new seed changes)
        fresh = {k: v for k, v in record.items() if k != "chance"}
        state = host.kind(game).replay({**fresh, "setup": setup, "actions": []})
    except ValueError as e:        # e.g. a card set this server no longer offers
        raise GameError(f"no rematch: {e}", 409) from e
    seats: list[SeatRow] = []
    tokens: dict[int, str] = {}
    for row in game.rec.seats:
        if row.kind == "human":
            tokens[row.seat] = tok = new_token()
            seats.append(SeatRow(row.seat, "human", None, hash_token(tok), False))
        else:
            seats.append(SeatRow(row.seat, "bot", row.bot, None, True))
    hints = game.rec.setup.get("hints")
    return await insert(host, state, seats, tokens, [], "lobby", game=game.rec.game,
                        hints=hints if isinstance(hints, bool) else None)


async def insert(host: CreateHost, state: Any, seats: list[SeatRow],
                 tokens: dict[int, str], moves: list[MoveRow], origin: str, *,
                 hints: bool | None = None, game: str = "arle",
                 setup: dict[str, Any] | None = None) -> CreatedGame:
    """Store a new game of ``game`` at ``state`` (after ``moves``), with ``tokens`` of
    the people's seats, under a fresh id; then hold it (its bot starts if it is to
    move)."""
    status, to_move, winner = state_facts(state)
    now = time.time()
    owner = new_token()
    setup = dict(state.record()["setup"]) if setup is None else dict(setup)
    if hints is not None:
        setup["hints"] = bool(hints)      # the web's own option, beside the engine's
    for _ in range(5):
        gid = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        seal_invitations(seats, tokens, owner, gid)   # only the owner token opens them
        rec = GameRecord(id=gid, created=now, updated=now, players=state.n,
                         setup=setup, owner_hash=hash_token(owner),
                         status=status, ply=len(moves), version=1,
                         state=state.to_json(), to_move=to_move, winner=winner,
                         origin=origin, seats=seats, game=game)
        try:
            await asyncio.to_thread(host.store.create_game, rec, moves)
        except Exception as e:  # an id collision: try another id
            if "UNIQUE" in str(e).upper() or "duplicate" in str(e).lower():
                continue
            raise
        host.hold(Game(rec, state, list(moves), touched=host.clock()))
        return CreatedGame(gid, owner, tokens)
    raise GameError("could not allocate a game id", 500)  # pragma: no cover
