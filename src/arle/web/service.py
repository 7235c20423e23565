"""The game service: the server-authoritative heart of the web app.

Every change goes through :class:`GameService`: it checks the seat token and the turn,
lets the engine check the move, stores the move, and only then tells the open pages.
Bots think in worker processes; their answers go through the same checks as a
person's moves.

Several services (servers) may share one database: each checks the stored version of a
game before it serves its copy (and reloads it when another server changed it), polls
the games its pages watch so that their views follow, and claims a bot move in the
database before its bot thinks, so that exactly one server plays it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import re
import secrets
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

import arle
from arle.data.options import players_error
from arle.web.botworker import (
    SOLO_ONLY,
    check_bot_spec,
    think,
    timed_think,
    warm_up,
    watch_parent,
)
from arle.web.db import (
    EventRow,
    GameRecord,
    MoveRow,
    SeatRow,
    Store,
    hash_token,
    open_invite,
    seal_invite,
    storage_errors,
    token_matches,
)
from arle.web.kinds import ARLE, Kind

__all__ = ["CLAIM_LEASE", "CreatedGame", "Game", "GameError", "GameService", "NewGame",
           "HINT_BOT", "THINK_TIMEOUT", "MAX_ACTION_LEN", "MAX_RECORD_ACTIONS", "MAX_SEED",
           "THREE_NEED_EXPANSION", "WATCH_INTERVAL", "record_of", "record_json", "players_from_1"]

log = logging.getLogger("arle.web")

MAX_ACTION_LEN = 200
#: The bot that answers a hint request unless the request names another (a search
#: bounded by time, so that a hint comes within about a second); in a solo game the
#: planner (it plays solo games only).  ``arle serve --hint-bot/--solo-hint-bot`` set them.
HINT_BOT = "mcts:time=0.7"
SOLO_HINT_BOT = "plan:time=0.7"
#: Seconds a bot may think about one decision before the worker is stopped.
THINK_TIMEOUT = 60.0
MAX_RECORD_ACTIONS = 20_000
#: The largest seed of a game on this server (created in the lobby or uploaded).
MAX_SEED = 2**31 - 1
BUILDING_MODES = ("first-game", "random")
#: The expansions a new game may use, and the building modes with one.
EXPANSIONS = ("tea-and-trade",)
TT_BUILDING_MODES = ("random", "expansion-only")
#: Why a 3-player game without the expansion is refused.
THREE_NEED_EXPANSION = str(players_error(3, None, "expansion 'tea-and-trade'"))

ThinkFn = Callable[[str, int, str], str]
STORAGE_ERRORS = storage_errors()
#: Seconds a bot waits before it tries again to store its move after a storage error
#: (doubling up to :data:`STORAGE_RETRY_MAX`).
STORAGE_RETRY_FIRST = 1.0
STORAGE_RETRY_MAX = 30.0
#: Seconds a server's claim on a bot move lasts; renewed while the bot waits and thinks,
#: so another server takes the move over this long after the claimant died.
CLAIM_LEASE = 10.0
#: Seconds between two looks at the stored versions of the games the open pages watch
#: (the changes other servers sharing the database made reach the pages this late).
WATCH_INTERVAL = 0.5


class GameError(Exception):
    """A refused request: ``status`` is the HTTP status, the message says why."""

    def __init__(self, message: str, status: int = 400, *,
                 retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.retry_after = retry_after      # seconds, sent as Retry-After (429, 503)


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


@dataclass
class CreatedGame:
    game_id: str
    owner_token: str
    tokens: dict[int, str]        # seat -> token, human seats only


@dataclass
class Game:
    """A game held in memory: the stored record, the engine state and the move list."""

    rec: GameRecord
    state: Any                    # a state of the game ``rec.game`` (arle.State...)
    moves: list[MoveRow]
    events: list[EventRow] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    touched: float = 0.0          # the service's clock when a request last used it

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def version(self) -> int:
        return self.rec.version

    def seat(self, index: int) -> SeatRow:
        return self.rec.seats[index]

    def bot_to_move(self) -> SeatRow | None:
        p = self.state.current_player
        if p is None or self.rec.status != "running":
            return None
        seat = self.rec.seats[p]
        return seat if seat.kind == "bot" else None

    @property
    def hints(self) -> bool:
        """Whether hints are on: the creator's choice (``setup["hints"]``), else on
        unless two people play each other."""
        choice = self.rec.setup.get("hints")
        if isinstance(choice, bool):
            return choice
        return sum(1 for s in self.rec.seats if s.kind == "human") < 2

    def undo_span(self, held: Iterable[int]) -> int:
        """How many of the last moves an undo by a holder of ``held`` seats takes back
        (0: none).  The asker's own last decision, and after it the replies of bots;
        once another person has acted, nothing (that person's move is theirs)."""
        if self.rec.status != "running" or not self.moves:
            return 0
        held = set(held)
        n = 0
        for m in reversed(self.moves):
            n += 1
            seat = self.rec.seats[m.player]
            if seat.kind == "bot":
                continue
            return n if m.player in held else 0
        return 0

    def undoable_by(self, held: Iterable[int]) -> bool:
        """Whether a holder of ``held`` seats may take back a move now."""
        return self.undo_span(held) > 0


def _state_facts(s: Any) -> tuple[str, int | None, int | None]:
    if s.is_terminal():
        return "finished", None, s.winner()
    return "running", s.current_player, None


def _warm_failed(job: Any) -> None:
    if not job.cancelled() and job.exception() is not None:
        log.warning("a bot worker could not load the searches ahead: %r", job.exception())


def _new_token() -> str:
    return secrets.token_urlsafe(24)   # 192 random bits


class GameService:
    """Games, seats, moves, undo, bots and change notifications."""

    def __init__(self, store: Store, *, bot_delay: float = 0.5, bot_workers: int = 1,
                 think_fn: ThinkFn = think, think_timeout: float = THINK_TIMEOUT,
                 idle_seconds: float = 1800.0, games_in_memory: int = 500,
                 clock: Callable[[], float] = time.monotonic,
                 hint_bot: str = HINT_BOT, solo_hint_bot: str = SOLO_HINT_BOT,
                 warm_workers: bool = False) -> None:
        #: the bots that answer hints (ValueError at once for a spec this server refuses)
        self.hint_bot, self.solo_hint_bot = self.check_hint_bots(hint_bot, solo_hint_bot)
        #: start the bot workers and load what searches need when the service starts
        self.warm_workers = warm_workers
        self.store = store
        self.idle_seconds = idle_seconds
        self.games_in_memory = max(1, games_in_memory)
        self.clock = clock
        self._sweeper: asyncio.Task[None] | None = None
        self.think_timeout = think_timeout
        self.bot_delay = bot_delay
        self.bot_workers = max(1, bot_workers)
        self.think_fn = think_fn
        #: the games this service serves (arle.web.green adds the second game's)
        self.kinds: dict[str, Kind] = {ARLE.name: ARLE}
        self.storage_retry = STORAGE_RETRY_FIRST
        self.bot_errors: dict[str, str] = {}
        self._games: dict[str, Game] = {}
        self._load_lock = asyncio.Lock()
        self._listeners: dict[str, set[asyncio.Queue[int]]] = {}
        self._online: dict[str, dict[int, set[int]]] = {}   # game -> connection -> seats
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self._executor: Executor | None = None
        self._closing = False
        #: who claims bot moves in the database: unique per service (server process)
        self.server_id = f"{os.getpid()}-{secrets.token_hex(6)}"
        self.watch_interval = WATCH_INTERVAL
        self.claim_lease = CLAIM_LEASE
        self._watcher: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ lifecycle
    @staticmethod
    def check_hint_bots(hint_bot: str, solo_hint_bot: str) -> tuple[str, str]:
        """The hint bots of games with opponents and of solo games, normalised; or
        ValueError saying why this server refuses one."""
        try:
            hint = check_bot_spec(hint_bot, "arle")
            solo = check_bot_spec(solo_hint_bot, "arle")
        except ValueError as e:
            raise ValueError(f"hint bot: {e}") from None
        if hint.partition(":")[0] in SOLO_ONLY:
            raise ValueError(f"the hint bot {hint_bot!r} plays solo games only: give it "
                             "as the solo hint bot")
        return hint, solo

    async def start(self) -> None:
        """Resume every running game whose player to move is a bot."""
        for gid in await asyncio.to_thread(self.store.game_ids_to_resume):
            game = await self.get(gid)
            self._ensure_bot(game)
        loop = asyncio.get_running_loop()
        if self.warm_workers:
            pool = self.executor()
            for _ in range(self.bot_workers):
                pool.submit(warm_up).add_done_callback(_warm_failed)
        self._sweeper = loop.create_task(self._sweep())
        self._watcher = loop.create_task(self._watch())

    async def _sweep(self) -> None:
        while not self._closing:
            await asyncio.sleep(min(60.0, max(1.0, self.idle_seconds / 4)))
            self.evict_idle()

    def evict_idle(self) -> list[str]:
        """Drop from memory the games idle for ``idle_seconds`` (and, beyond
        ``games_in_memory``, the longest idle ones): none with an open page, a bot
        thinking or a change in progress.  They stay stored and load again on demand.
        Returns the ids dropped."""
        now = self.clock()

        def idle(g: Game) -> bool:
            return (g.id not in self._listeners and g.id not in self._bot_tasks
                    and not g.lock.locked())

        quiet = sorted((g for g in self._games.values() if idle(g)), key=lambda g: g.touched)
        excess = len(self._games) - self.games_in_memory
        dropped = []
        for g in quiet:
            if now - g.touched >= self.idle_seconds or excess > 0:
                del self._games[g.id]
                dropped.append(g.id)
                excess -= 1
        if dropped:
            log.info("%d idle game(s) left memory", len(dropped))
        return dropped

    async def stop(self) -> None:
        self._closing = True
        for task in (self._sweeper, self._watcher):
            if task is not None:
                task.cancel()
        tasks = list(self._bot_tasks.values())
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        try:              # the bot moves this server claimed go to the others at once
            await asyncio.to_thread(self.store.release_claims, self.server_id)
        except STORAGE_ERRORS as e:
            log.warning("could not release the bot claims: %s", e)
        self.store.close()

    def executor(self) -> Executor:
        """The bot worker pool.  Its workers watch this process and exit when it is
        gone, even after a kill -9 (:func:`~arle.web.botworker.watch_parent`); it is
        created on the event loop's thread, which lives as long as the server."""
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.bot_workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent, initargs=(os.getpid(),))
        return self._executor

    # ------------------------------------------------------------------ reading
    async def get(self, game_id: str) -> Game:
        if not isinstance(game_id, str) or not game_id or len(game_id) > 64:
            raise GameError("no such game", 404)
        game = self._games.get(game_id)
        if game is None:
            async with self._load_lock:
                game = self._games.get(game_id)
                if game is None:
                    loaded = await asyncio.to_thread(self.store.load_game, game_id)
                    if loaded is None:
                        raise GameError(f"no game {game_id!r}", 404)
                    rec, moves = loaded
                    events = await asyncio.to_thread(self.store.events, game_id)
                    state = self._load_state(rec)
                    game = Game(rec, state, moves, events, touched=self.clock())
                    self._games[game_id] = game
                    if len(self._games) > self.games_in_memory:
                        self.evict_idle()
                    self._ensure_bot(game)   # loaded at a bot's turn: the bot plays here
                    return game
        # a copy held here (perhaps loaded by a request that was waiting with this one,
        # from a version read before it): serve it only once it is the stored version
        game.touched = self.clock()
        try:
            stored = await asyncio.to_thread(self.store.game_version, game_id)
        except STORAGE_ERRORS as e:
            # the database is down: show the copy held here, as before the version
            # check (a change would get its 503 when it is stored)
            log.warning("game %s: version check failed: %s", game_id, e)
            return game
        await self._sync(game, stored)
        return game

    async def _sync(self, game: Game, stored: int | None) -> bool:
        """Reload ``game`` in place if the database holds another version of it
        (``stored``: another server changed it), tell its pages and start its bot if a
        bot is to move; True if it was reloaded.  A change in progress on this copy is
        waited for (never called with the game's lock held)."""
        if stored is None or stored == game.version:
            return False
        async with game.lock:
            loaded = await asyncio.to_thread(self.store.load_game, game.id)
            if loaded is None or loaded[0].version == game.version:
                return False
            rec, moves = loaded
            events = await asyncio.to_thread(self.store.events, game.id)
            game.state = self._load_state(rec)
            game.rec, game.moves, game.events = rec, moves, events
            self.bot_errors.pop(game.id, None)
        log.debug("game %s: version %d stored by another server", game.id, game.version)
        self._notify(game.id, game.version)
        self._ensure_bot(game)
        return True

    async def sync_watched(self) -> list[str]:
        """One look at the stored versions of the games that open pages watch: those
        another server changed are reloaded and their pages updated.  Returns their
        ids."""
        ids = list(self._listeners)
        if not ids:
            return []
        stored = await asyncio.to_thread(self.store.versions, ids)
        changed = []
        for gid in ids:
            game = self._games.get(gid)
            if game is None:               # dropped after a lost race: load it again
                if gid in stored:
                    game = await self.get(gid)
                    self._notify(gid, game.version)
                    changed.append(gid)
            elif await self._sync(game, stored.get(gid)):
                changed.append(gid)
        return changed

    async def _watch(self) -> None:
        while not self._closing:
            await asyncio.sleep(self.watch_interval)
            try:
                await self.sync_watched()
            except STORAGE_ERRORS as e:
                log.warning("could not look at the stored games: %s", e)
            except GameError:
                pass

    async def list_games(self, status: str, limit: int = 50,
                         game: str = "arle") -> list[GameRecord]:
        """The stored games of ``game`` with this status, the latest changed first."""
        return await asyncio.to_thread(self.store.list_games, status, limit, game)

    async def seats_of(self, game_id: str, tokens: Iterable[str]) -> set[int]:
        """The seats of ``game_id`` that these tokens open."""
        game = await self.get(game_id)
        held = set()
        for tok in tokens:
            if not tok:
                continue
            for seat in game.rec.seats:
                if token_matches(tok, seat.token_hash):
                    held.add(seat.seat)
        return held

    def is_owner(self, game: Game, token: str | None) -> bool:
        return token_matches(token or "", game.rec.owner_hash)

    def invitations(self, game: Game, owner_token: str | None) -> dict[int, str]:
        """The tokens of the human seats (for the invitation links), unsealed with the
        owner token; empty for anyone else."""
        if not self.is_owner(game, owner_token):
            return {}
        out = {}
        for s in game.rec.seats:
            tok = open_invite(owner_token or "", game.id, s.seat, s.invite, s.token_hash)
            if s.kind == "human" and tok is not None:
                out[s.seat] = tok
        return out

    async def find_token(self, token: str) -> tuple[str, int] | None:
        if not token or len(token) > 100:
            return None
        return await asyncio.to_thread(self.store.find_token, token)

    async def join(self, game_id: str, seat: int) -> None:
        game = await self.get(game_id)
        if not game.rec.seats[seat].joined:
            await asyncio.to_thread(self.store.mark_joined, game_id, seat)
            game.rec.seats[seat].joined = True
            self._notify(game_id, game.version)

    def held_games(self, kind: str) -> dict[str, Game]:
        """The games of ``kind`` held in memory now."""
        return {gid: g for gid, g in self._games.items() if g.rec.game == kind}

    def bot_busy(self, game_id: str) -> bool:
        """Whether a bot of ``game_id`` is thinking or about to (its loop runs)."""
        task = self._bot_tasks.get(game_id)
        return task is not None and not task.done()

    def kind(self, game: Game | GameRecord) -> Kind:
        """What the service needs of the game ``game`` is a game of."""
        rec = game.rec if isinstance(game, Game) else game
        kind = self.kinds.get(rec.game)
        if kind is None:
            raise GameError(f"game {rec.id} is a game of {rec.game!r}, which this server "
                            "does not serve", 404)
        return kind

    def _load_state(self, rec: GameRecord) -> Any:
        try:
            return self.kind(rec).from_json(rec.state)
        except ValueError as e:     # a card set this server no longer offers, say
            log.error("game %s: its stored state does not load: %s", rec.id, e)
            raise GameError(f"game {rec.id} cannot be loaded on this server: {e}", 503,
                            retry_after=60) from e

    def state_at(self, game: Game, step: int) -> Any:
        """The position after the first ``step`` moves (0 = the setup)."""
        step = max(0, min(step, len(game.moves)))
        if step == len(game.moves):
            return game.state.clone()
        rec = game.state.record()
        rec["actions"] = rec["actions"][:step]
        return self.kind(game).replay(rec)

    # ------------------------------------------------------------------ creating
    async def create_game(self, opts: NewGame) -> CreatedGame:
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
        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for i, spec in enumerate(opts.seats):
            if spec == "human":
                tok = _new_token()
                tokens[i] = tok
                seats.append(SeatRow(i, "human", None, hash_token(tok), False))
            elif isinstance(spec, str) and spec.startswith("bot:"):
                try:
                    norm = check_bot_spec(spec[4:], "arle")
                except ValueError as e:
                    raise GameError(f"seat {i + 1}: {e}") from e
                if norm.partition(":")[0] in SOLO_ONLY and opts.players != 1:
                    raise GameError(f"seat {i + 1}: {norm} plays solo games only")
                seats.append(SeatRow(i, "bot", norm, None, True))
            else:
                raise GameError(f"seat {i + 1}: expected 'human' or 'bot:NAME', got {spec!r}")
        try:
            state = arle.new_game(players=opts.players, seed=seed, buildings=opts.buildings,
                                  promos=bool(opts.promos), expansion=opts.expansion,
                                  options=None if opts.choose_cells is None
                                  else {"choose_cells": opts.choose_cells})
        except ValueError as e:
            raise GameError(str(e)) from e
        return await self._insert(state, seats, tokens, [], "lobby", hints=opts.hints)

    async def rematch(self, game_id: str, owner_token: str | None,
                      seed: int | None = None) -> CreatedGame:
        """A new game like ``game_id`` (by its owner): the same game, players, seats (the
        same bots; new tokens for the people's seats) and options, with ``seed`` or a
        new random one.  The old game is left as it is."""
        game = await self.get(game_id)
        if not self.is_owner(game, owner_token):
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
            state = self.kind(game).replay({**fresh, "setup": setup, "actions": []})
        except ValueError as e:        # e.g. a card set this server no longer offers
            raise GameError(f"no rematch: {e}", 409) from e
        seats: list[SeatRow] = []
        tokens: dict[int, str] = {}
        for row in game.rec.seats:
            if row.kind == "human":
                tokens[row.seat] = tok = _new_token()
                seats.append(SeatRow(row.seat, "human", None, hash_token(tok), False))
            else:
                seats.append(SeatRow(row.seat, "bot", row.bot, None, True))
        hints = game.rec.setup.get("hints")
        return await self._insert(state, seats, tokens, [], "lobby", game=game.rec.game,
                                  hints=hints if isinstance(hints, bool) else None)

    async def import_record(self, record: Any) -> CreatedGame:
        """A new game from an engine record, at its last position.  The record's
        ``seats`` (``"human"`` or ``"bot:SPEC"``, as :func:`record_of` writes them) give
        the bots their seats back; a record without them has every seat human."""
        if not isinstance(record, dict) or record.get("format") != "arle-record-1":
            raise GameError("not an arle game record (expected format 'arle-record-1')")
        actions = record.get("actions")
        setup = record.get("setup")
        if not isinstance(actions, list) or not isinstance(setup, dict):
            raise GameError("malformed record: 'setup' must be an object and 'actions' a list")
        if len(actions) > MAX_RECORD_ACTIONS:
            raise GameError(f"record too long ({len(actions)} actions)")
        players = setup.get("players")
        if isinstance(players, bool) or players not in (1, 2, 3):
            raise GameError("malformed record: setup.players must be 1, 2 or 3")
        if players == 3 and setup.get("expansion") is None:
            raise GameError("malformed record: " + THREE_NEED_EXPANSION)
        seed = setup.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            # the lobby's bounds: a record may not carry a seed no game here could have
            raise GameError(f"malformed record: setup.seed must be a whole number from 0 "
                            f"to {MAX_SEED}")
        specs = _record_seats(record.get("seats"), players)
        try:
            state = arle.replay({"format": "arle-record-1", "setup": setup, "actions": []})
        except (ValueError, TypeError) as e:
            raise GameError(f"malformed record: {e}") from e
        moves: list[MoveRow] = []
        now = time.time()
        for i, text in enumerate(actions):
            p = state.current_player
            if p is None or not isinstance(text, str) or len(text) > MAX_ACTION_LEN:
                raise GameError(f"record action {i}: not a legal action here")
            try:
                act = arle.parse_action(state, text)
                state.apply(act)
            except ValueError as e:
                raise GameError(f"record action {i} ({text!r}): {e}") from e
            moves.append(MoveRow(i + 1, p, str(act), now))
        seats = []
        tokens = {}
        for i, spec in enumerate(specs):
            if spec == "human":
                tok = _new_token()
                tokens[i] = tok
                seats.append(SeatRow(i, "human", None, hash_token(tok), False))
            else:
                seats.append(SeatRow(i, "bot", spec, None, True))
        return await self._insert(state, seats, tokens, moves, "upload")

    async def create_from_state(self, kind: str, state: Any, seats: list[SeatRow],
                                tokens: dict[int, str],
                                setup: dict[str, Any] | None = None,
                                moves: list[MoveRow] | None = None,
                                origin: str = "lobby") -> CreatedGame:
        """Store a new game of ``kind`` (another game than Fields of Arle: its face
        built the state and checked the seats, with ``tokens`` of the people's seats;
        ``moves``: those of an uploaded record that led to ``state``)."""
        if kind not in self.kinds:
            raise GameError(f"this server does not serve the game {kind!r}", 404)
        return await self._insert(state, seats, tokens, list(moves or []), origin,
                                  game=kind, setup=setup)

    async def _insert(self, state: Any, seats: list[SeatRow], tokens: dict[int, str],
                      moves: list[MoveRow], origin: str, *,
                      hints: bool | None = None, game: str = "arle",
                      setup: dict[str, Any] | None = None) -> CreatedGame:
        status, to_move, winner = _state_facts(state)
        now = time.time()
        owner = _new_token()
        setup = dict(state.record()["setup"]) if setup is None else dict(setup)
        if hints is not None:
            setup["hints"] = bool(hints)      # the web's own option, beside the engine's
        for _ in range(5):
            gid = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            for s in seats:      # only the owner token opens the invitations
                s.invite = seal_invite(owner, gid, s.seat, tokens[s.seat]) \
                    if s.seat in tokens else None
            rec = GameRecord(id=gid, created=now, updated=now, players=state.n,
                             setup=setup, owner_hash=hash_token(owner),
                             status=status, ply=len(moves), version=1,
                             state=state.to_json(), to_move=to_move, winner=winner,
                             origin=origin, seats=seats, game=game)
            try:
                await asyncio.to_thread(self.store.create_game, rec, moves)
            except Exception as e:  # an id collision: try another id
                if "UNIQUE" in str(e).upper() or "duplicate" in str(e).lower():
                    continue
                raise
            held = Game(rec, state, list(moves), touched=self.clock())
            self._games[gid] = held
            if len(self._games) > self.games_in_memory:
                self.evict_idle()
            self._ensure_bot(held)
            return CreatedGame(gid, owner, tokens)
        raise GameError("could not allocate a game id", 500)  # pragma: no cover

    # ------------------------------------------------------------------ changing
    async def move(self, game_id: str, held: Iterable[int], action: Any,
                   expected_version: Any = None, *, bot: bool = False) -> Game:
        """Apply ``action`` for a holder of the ``held`` seats, or raise GameError."""
        held = set(held)
        if not isinstance(action, str) or not action.strip():
            raise GameError("malformed move: 'action' must be a non-empty text "
                            "in the action notation")
        if len(action) > MAX_ACTION_LEN or not action.isprintable():
            raise GameError("malformed move: the action text is too long or not printable")
        version = _parse_version(expected_version)
        game = await self.get(game_id)
        async with game.lock:
            if game.rec.status != "running":
                raise GameError("the game is over: no move is possible", 409)
            if not held:
                raise GameError("spectators cannot act: a move needs the token of the seat "
                                "to move (open your invitation link)", 403)
            if version is not None and version != game.version:
                raise GameError(
                    f"the position changed before your move arrived (you saw version "
                    f"{version}, the game is at version {game.version}); nothing was "
                    "applied: look at the board again", 409)
            p = game.state.current_player
            assert p is not None
            if p not in held:
                raise GameError(f"not your turn: {seat_label(game, p)} is to move", 409)
            if game.rec.seats[p].kind == "bot" and not bot:
                raise GameError(f"{seat_label(game, p)} is a bot", 403)
            try:
                new, text, steps = self.kind(game).play(game.state, action)
            except ValueError as e:       # IllegalActionError is a ValueError
                raise GameError(players_from_1(str(e)), 400) from e
            mv = MoveRow(len(game.moves) + 1, p, text, time.time())
            auto = [EventRow(game.version + 1, mv.ply, who, "auto", words, mv.created)
                    for who, words in steps]
            status, to_move, winner = _state_facts(new)
            ok = await asyncio.to_thread(self.store.commit_move, game_id, game.version, mv,
                                         new.to_json(), status, to_move, winner, auto)
            if not ok:
                self._games.pop(game_id, None)   # another server wrote first: reload
                raise GameError("the position changed before your move arrived (another "
                                "move was stored first); nothing was applied", 409)
            game.state = new
            game.moves.append(mv)
            game.events.extend(auto)
            game.rec.ply = mv.ply
            game.rec.version += 1
            game.rec.status, game.rec.to_move, game.rec.winner = status, to_move, winner
            game.rec.updated = mv.created
            self.bot_errors.pop(game_id, None)
        self._notify(game_id, game.version)
        self._ensure_bot(game)
        return game

    async def hint(self, game_id: str, held: Iterable[int], spec: Any = None) -> tuple[str, int]:
        """The action bot ``spec`` (default: the service's hint bot) would take for the seat to
        move, asked by its holder; with the version it was computed at.  Nothing changes."""
        held = set(held)
        game = await self.get(game_id)
        if spec is None:
            spec = self.solo_hint_bot if game.rec.players == 1 else self.hint_bot
        if not isinstance(spec, str) or len(spec) > MAX_ACTION_LEN:
            raise GameError("malformed hint: 'bot' must be a bot spec like 'greedy'")
        try:
            spec = check_bot_spec(spec, "arle")
        except ValueError as e:
            raise GameError(str(e)) from e
        if spec.partition(":")[0] in SOLO_ONLY and game.rec.players != 1:
            raise GameError(f"{spec} plays solo games only", 400)
        if game.rec.game != ARLE.name:
            raise GameError("hints are offered in games of Fields of Arle only", 409)
        p = game.state.current_player
        if game.rec.status != "running" or p is None:
            raise GameError("the game is over: there is nothing to hint", 409)
        if not held:
            raise GameError("spectators get no hints: open your invitation link", 403)
        if p not in held or game.rec.seats[p].kind != "human":
            raise GameError(f"not your turn: {seat_label(game, p)} is to move", 409)
        if not game.hints:
            raise GameError("hints are off in this game (the choice of its creator)", 403)
        version = game.version
        try:
            action = await self._think(spec, len(game.state.history), game.state.to_json())
        except Exception as e:       # a crashed, missing or stopped bot
            raise GameError(f"no hint: the bot {spec} failed ({e})", 503) from e
        event = EventRow(version, len(game.moves), p, "hint",
                         f"{seat_label(game, p)} asked for a hint", time.time())
        await asyncio.to_thread(self.store.add_event, game_id, event)
        game.events.append(event)
        self._notify(game_id, game.version)
        return action, version

    async def set_bot(self, game_id: str, owner_token: str | None, seat: int,
                      spec: str | None = None) -> Game:
        """The owner's retry (``spec`` None: the same bot again) or replacement of the
        bot of ``seat``, e.g. after it failed: logged as a ``bot`` event; clears
        ``bot_error`` and lets the bot play on."""
        game = await self.get(game_id)
        if not self.is_owner(game, owner_token):
            raise GameError("only the game's owner (its creator) may change a bot", 403)
        if not 0 <= seat < len(game.rec.seats):
            raise GameError(f"seat must be between 0 and {len(game.rec.seats) - 1}")
        async with game.lock:
            if game.rec.status != "running":
                raise GameError("the game is over", 409)
            row = game.rec.seats[seat]
            if row.kind != "bot":
                raise GameError(f"seat {seat} is played by a person, not a bot", 409)
            try:
                norm = check_bot_spec(spec if spec is not None else row.bot or "",
                                      game.rec.game)
            except ValueError as e:
                raise GameError(str(e)) from e
            if norm.partition(":")[0] in SOLO_ONLY and game.rec.players != 1:
                raise GameError(f"{norm} plays solo games only")
            text = (f"Player {seat + 1}'s bot tried again ({norm})" if norm == row.bot
                    else f"Player {seat + 1}'s bot is now {norm} (was {row.bot})")
            event = EventRow(game.version + 1, len(game.moves), seat, "bot", text, time.time())
            ok = await asyncio.to_thread(self.store.set_seat_bot, game_id, game.version, seat,
                                         norm, event)
            if not ok:
                self._games.pop(game_id, None)
                raise GameError("the game changed meanwhile; nothing was changed", 409)
            row.bot = norm
            game.rec.version += 1
            game.events.append(event)
            self.bot_errors.pop(game_id, None)
        self._notify(game_id, game.version)
        self._ensure_bot(game)
        return game

    async def undo(self, game_id: str, held: Iterable[int], expected_version: Any = None) -> Game:
        """Take back the asker's last decision, with the bots' replies after it (see
        :meth:`Game.undo_span`); logged as an ``undo`` event."""
        held = set(held)
        version = _parse_version(expected_version)
        game = await self.get(game_id)
        if self.kind(game).secret:
            raise GameError("a game with hidden cards cannot take a move back", 409)
        async with game.lock:
            if not held:
                raise GameError("spectators cannot undo", 403)
            if game.rec.status != "running":
                raise GameError("the game is over: nothing can be taken back", 409)
            if version is not None and version != game.version:
                raise GameError(f"the position changed (you saw version {version}, the "
                                f"game is at version {game.version}); nothing was undone", 409)
            if not game.moves:
                raise GameError("nothing to undo: no move was made yet", 409)
            span = game.undo_span(held)
            if not span:
                raise GameError("nothing of yours to undo: the last move was made by "
                                f"{seat_label(game, game.moves[-1].player)}", 409)
            gone = game.moves[-span:]
            first = gone[0]
            rec = game.state.record()
            rec["actions"] = rec["actions"][:-span]
            new = self.kind(game).replay(rec)
            status, to_move, winner = _state_facts(new)
            bots = sum(1 for m in gone if m.player != first.player)
            text = (f"{seat_label(game, first.player)} took back {first.action}"
                    + (f" and the bot's reply ({bots} move{'s' if bots != 1 else ''})"
                       if bots else ""))
            event = EventRow(game.version + 1, first.ply - 1, first.player, "undo", text,
                             time.time())
            ok = await asyncio.to_thread(self.store.commit_undo, game_id, game.version,
                                         first.ply, new.to_json(), status, to_move, winner,
                                         event)
            if not ok:
                self._games.pop(game_id, None)
                raise GameError("the position changed before your undo arrived; nothing "
                                "was undone", 409)
            game.state = new
            del game.moves[-span:]
            game.events[:] = [e for e in game.events
                              if not (e.kind == "auto" and e.ply >= first.ply)]
            game.events.append(event)
            game.rec.ply = len(game.moves)
            game.rec.version += 1
            game.rec.status, game.rec.to_move, game.rec.winner = status, to_move, winner
            game.rec.updated = time.time()
            self.bot_errors.pop(game_id, None)
        self._notify(game_id, game.version)
        self._ensure_bot(game)
        return game

    # ------------------------------------------------------------------ notifications
    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        q: asyncio.Queue[int] = asyncio.Queue()
        self._listeners.setdefault(game_id, set()).add(q)
        return q

    def unsubscribe(self, game_id: str, q: asyncio.Queue[int]) -> None:
        qs = self._listeners.get(game_id)
        if qs is not None:
            qs.discard(q)
            if not qs:
                del self._listeners[game_id]

    def set_online(self, game_id: str, conn: int, seats: set[int]) -> None:
        """The seats an open page (``conn``) of ``game_id`` holds; empty when it closes.
        The other pages hear when the seats present change."""
        before = self.online(game_id)
        conns = self._online.setdefault(game_id, {})
        if seats:
            conns[conn] = set(seats)
        else:
            conns.pop(conn, None)
            if not conns:
                del self._online[game_id]
        if self.online(game_id) != before:
            game = self._games.get(game_id)
            self._notify(game_id, game.version if game is not None else 0)

    def online(self, game_id: str) -> set[int]:
        """The seats of ``game_id`` that an open page holds now."""
        return set().union(*self._online.get(game_id, {}).values())

    def _notify(self, game_id: str, version: int) -> None:
        for q in list(self._listeners.get(game_id, ())):
            q.put_nowait(version)

    # ------------------------------------------------------------------ bots
    def _ensure_bot(self, game: Game) -> None:
        if self._closing or game.bot_to_move() is None:
            return
        task = self._bot_tasks.get(game.id)
        if task is not None and not task.done():
            return
        self._bot_tasks[game.id] = asyncio.get_running_loop().create_task(
            self._bot_loop(game.id))

    async def _bot_loop(self, game_id: str) -> None:
        wait = self.storage_retry
        try:
            while not self._closing:
                try:
                    done = await self._bot_turn(game_id)
                except STORAGE_ERRORS as e:
                    # the database failed (disk full, a lost server): say so on the page
                    # and try the same turn again later; the game keeps its bot
                    msg = (f"the bot's move could not be stored ({type(e).__name__}); "
                           f"trying again in {wait:g} s")
                    log.error("game %s: %s: %s", game_id, msg, e)
                    self.bot_errors[game_id] = msg
                    game = self._games.get(game_id)
                    self._notify(game_id, game.version if game is not None else 0)
                    await asyncio.sleep(wait)
                    wait = min(wait * 2, STORAGE_RETRY_MAX)
                    continue
                wait = self.storage_retry
                if done:
                    return
        except asyncio.CancelledError:
            raise
        except Exception as e:
            game = self._games.get(game_id)
            if game is not None:
                self._bot_failed(game, f"the bot stopped: {e!r}")
            else:
                log.error("game %s: the bot stopped: %r", game_id, e)
        finally:
            task = self._bot_tasks.get(game_id)
            if task is asyncio.current_task():
                del self._bot_tasks[game_id]

    async def _bot_turn(self, game_id: str) -> bool:
        """One decision of the bot to move in ``game_id``; True when the loop is done
        (no bot to move, or a failure reported on the page)."""
        game = await self.get(game_id)
        seat = game.bot_to_move()
        if seat is None or seat.bot is None:
            return True
        version = game.version
        state_json = game.state.to_json()
        seed = (int(game.rec.setup.get("seed", 0)) * 1_000_003
                + len(game.moves) * 7 + seat.seat) % 2**31
        if not await self._claim(game_id, version):
            # another server sharing the database plays this move (or the game moved
            # on): look again later; get() reloads the game once it changed
            await asyncio.sleep(self.watch_interval)
            return False
        bot = seat.bot
        job_fn = self.kind(game).think(game.state, self.think_fn)

        async def delayed_think() -> str:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            return await self.run_bot(job_fn, bot, seed, state_json)

        job = asyncio.ensure_future(delayed_think())
        try:
            try:
                while not job.done():      # renew the claim while the bot waits and thinks
                    await asyncio.wait({job}, timeout=self.claim_lease / 3)
                    if not job.done() and not await self._claim(game_id, version):
                        return False       # the game moved on: think again
            finally:
                if not job.done():
                    job.cancel()
            action = job.result()
        except asyncio.CancelledError:
            raise
        except STORAGE_ERRORS:           # a claim not renewed: the bot loop tries again
            raise
        except Exception as e:  # a crashed or missing bot: say so on the page
            self._bot_failed(game, f"the bot of {seat_label(game, seat.seat)} failed: {e}")
            return True
        try:
            await self.move(game_id, {seat.seat}, action, version, bot=True)
        except GameError as e:
            if e.status != 409:
                self._bot_failed(game, f"the bot of {seat_label(game, seat.seat)} chose "
                                       f"{action[:60]!r}: {e.message}")
                return True
            # 409: the position changed while it thought; think again
        except STORAGE_ERRORS:
            raise
        except Exception as e:           # the engine or the log failed on this move
            self._bot_failed(game, f"the move {action[:60]!r} of the bot of "
                                   f"{seat_label(game, seat.seat)} failed: {e!r}")
            return True
        return False

    def _bot_failed(self, game: Game, msg: str) -> None:
        """Report a bot's failure: logged with the game's id, shown on its pages and in
        ``bot_error`` until the owner retries or replaces the bot (:meth:`set_bot`)."""
        log.error("game %s: %s", game.id, msg)
        self.bot_errors[game.id] = msg
        self._notify(game.id, game.version)

    async def _claim(self, game_id: str, version: int) -> bool:
        """Claim (or renew the claim on) the bot move at ``version`` for this server."""
        return await asyncio.to_thread(self.store.claim_bot, game_id, version,
                                       self.server_id, self.claim_lease)

    async def _think(self, spec: str, seed: int, state_json: str) -> str:
        return await self.run_bot(self.think_fn, spec, seed, state_json)

    async def run_bot(self, fn: ThinkFn, spec: str, seed: int, state_json: str) -> str:
        """``fn(spec, seed, state_json)`` in the bot worker pool (any game's bot: the
        second game's service sends its own), stopped after ``think_timeout`` seconds of
        its own running time (BotTimeout); a pool whose worker died is replaced once."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            ex = self.executor()
            try:
                return await loop.run_in_executor(ex, timed_think, fn,
                                                  self.think_timeout, spec, seed, state_json)
            except BrokenProcessPool:
                if attempt == 2:
                    raise
                log.warning("the bot worker process died; starting a new one")
                if self._executor is ex:         # another job may have replaced it already
                    self._executor = None
                    ex.shutdown(wait=False, cancel_futures=True)
        raise AssertionError("unreachable")


def seat_label(game: Game, p: int) -> str:
    seat = game.rec.seats[p]
    if seat.kind == "bot":
        return f"Player {p + 1} (bot {seat.bot})"
    return f"Player {p + 1}"


_PLAYER_NUMBER = re.compile(r"\bplayer (\d)\b")


def players_from_1(message: str) -> str:
    """An engine message as people read it: the engine counts players from 0
    ("for player 0"), the page from 1 ("for Player 1")."""
    return _PLAYER_NUMBER.sub(lambda m: f"Player {int(m.group(1)) + 1}", message)


def _parse_version(v: Any) -> int | None:
    """A client's version: a JSON integer (or absent); text such as ``"1"`` is refused."""
    if v is None:
        return None
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**63:
        return v
    raise GameError("malformed move: 'version' must be a whole number (a JSON integer)")


def record_of(game: Game) -> dict[str, Any]:
    """The game record as the web hands it out: the engine's record plus ``seats``, one
    ``"human"`` or ``"bot:SPEC"`` per seat (the form ``arle play`` and the arena write),
    so that an upload puts the bots back in their seats."""
    rec: dict[str, Any] = game.state.record()
    rec["seats"] = ["bot:" + (s.bot or "") if s.kind == "bot" else "human"
                    for s in game.rec.seats]
    return rec


def record_json(game: Game) -> str:
    return json.dumps(record_of(game), indent=1)


def _record_seats(raw: Any, players: int, game: str = "arle") -> list[str]:
    """The seats of an uploaded record of ``game``: each ``"human"`` or ``"bot:SPEC"``
    with a spec this server's bot worker accepts (normalized); all human when the record
    has none."""
    if raw is None:
        return ["human"] * players
    if not isinstance(raw, list) or len(raw) != players:
        raise GameError(f"malformed record: seats must be a list of {players} seat(s), "
                        "each 'human' or 'bot:NAME'")
    out = []
    for i, spec in enumerate(raw):
        if spec == "human":
            out.append("human")
        elif isinstance(spec, str) and spec.startswith("bot:") and len(spec) <= MAX_ACTION_LEN:
            try:
                norm = check_bot_spec(spec[4:], game)
            except ValueError as e:
                raise GameError(f"malformed record: seats[{i}]: {e}") from e
            if norm.partition(":")[0] in SOLO_ONLY and players != 1:
                raise GameError(f"malformed record: seats[{i}]: {norm} plays solo games "
                                "only")
            out.append(norm)
        else:
            raise GameError(f"malformed record: seats[{i}] must be 'human' or 'bot:NAME', "
                            f"got {str(spec)[:40]!r}")
    return out
