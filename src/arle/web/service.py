"""The game service: the server-authoritative heart of the web app.

Every change goes through :class:`GameService`: it checks the seat token and the turn,
lets the engine check the move, stores the move, and only then tells the open pages.
Bots think in worker processes; their answers go through the same checks as a
person's moves.

Several services (servers) may share one database: each checks the stored version of a
game before it serves its copy (and reloads it when another server changed it), polls
the games its pages watch so that their views follow, and claims a bot move in the
database before its bot thinks, so that exactly one server plays it.

The service holds the games in memory (loading, version checks, idle eviction) and
owns its parts, one purpose each:

* :mod:`arle.web.games`: the game held (:class:`Game`), :class:`GameError`, the limits;
* :mod:`arle.web.seats`: seats, tokens and invitations;
* :mod:`arle.web.creating`: new games, rematches and storing a new game;
* :mod:`arle.web.records`: records handed out and uploaded;
* :mod:`arle.web.moves`: the move path (moves, undos, the owner's change of a bot);
* :mod:`arle.web.hints`: hints;
* :mod:`arle.web.botdriver`: the bots' turns, the bot worker pool, bot failures;
* :mod:`arle.web.presence`: live updates and the seats present.

Every name other modules import from here stays importable from here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from typing import Any

from arle.web import creating, hints, moves
from arle.web.botdriver import (
    CLAIM_LEASE,
    STORAGE_RETRY_FIRST,
    STORAGE_RETRY_MAX,
    THINK_TIMEOUT,
    BotDriver,
)
from arle.web.botworker import think
from arle.web.creating import BUILDING_MODES, EXPANSIONS, TT_BUILDING_MODES, NewGame
from arle.web.db import GameRecord, MoveRow, SeatRow, Store, storage_errors
from arle.web.games import (
    MAX_ACTION_LEN,
    MAX_RECORD_ACTIONS,
    MAX_SEED,
    THREE_NEED_EXPANSION,
    CreatedGame,
    Game,
    GameError,
    players_from_1,
    seat_label,
)
from arle.web.hints import HINT_BOT, SOLO_HINT_BOT, check_hint_bots
from arle.web.kinds import ARLE, Kind, ThinkFn
from arle.web.presence import Presence
from arle.web.records import read_record, record_json, record_of
from arle.web.seats import invitations, is_owner, seat_rows, seats_of

__all__ = ["BUILDING_MODES", "CLAIM_LEASE", "CreatedGame", "EXPANSIONS", "Game", "GameError",
           "GameService", "NewGame", "HINT_BOT", "SOLO_HINT_BOT", "STORAGE_RETRY_FIRST",
           "STORAGE_RETRY_MAX", "THINK_TIMEOUT", "TT_BUILDING_MODES", "MAX_ACTION_LEN",
           "MAX_RECORD_ACTIONS", "MAX_SEED", "THREE_NEED_EXPANSION", "WATCH_INTERVAL",
           "record_of", "record_json", "players_from_1", "seat_label"]

log = logging.getLogger("arle.web")

STORAGE_ERRORS = storage_errors()
#: Seconds between two looks at the stored versions of the games the open pages watch
#: (the changes other servers sharing the database made reach the pages this late).
WATCH_INTERVAL = 0.5


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
        #: the games this service serves (arle.web.green adds the second game's)
        self.kinds: dict[str, Kind] = {ARLE.name: ARLE}
        self._games: dict[str, Game] = {}
        self._load_lock = asyncio.Lock()
        self.presence = Presence()
        self.bots = BotDriver(self, store, think_fn=think_fn, think_timeout=think_timeout,
                              bot_delay=bot_delay, bot_workers=bot_workers)
        #: each game's bot failure, shown on its pages (the bot driver's)
        self.bot_errors: dict[str, str] = self.bots.errors
        self._closing = False
        self.watch_interval = WATCH_INTERVAL
        self._watcher: asyncio.Task[None] | None = None

    check_hint_bots = staticmethod(check_hint_bots)

    @property
    def storage_retry(self) -> float:
        """Seconds a bot waits before it tries again to store its move (then doubling)."""
        return self.bots.storage_retry

    @storage_retry.setter
    def storage_retry(self, seconds: float) -> None:
        self.bots.storage_retry = seconds

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Resume every running game whose player to move is a bot."""
        for gid in await asyncio.to_thread(self.store.game_ids_to_resume):
            game = await self.get(gid)
            self.bots.ensure(game)
        loop = asyncio.get_running_loop()
        if self.warm_workers:
            self.bots.warm()
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
            return (not self.presence.is_watched(g.id) and not self.bots.has_loop(g.id)
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
        await self.bots.stop()
        self.store.close()

    def executor(self) -> Executor:
        """The bot worker pool (:meth:`BotDriver.executor`)."""
        return self.bots.executor()

    # ------------------------------------------------------------------ holding games
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
                    rec, moves_ = loaded
                    events = await asyncio.to_thread(self.store.events, game_id)
                    state = self._load_state(rec)
                    game = Game(rec, state, moves_, events, touched=self.clock())
                    # loaded at a bot's turn: the bot plays here
                    self.hold(game)
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

    def hold(self, game: Game) -> None:
        """Hold ``game`` in memory (the longest idle ones leave beyond the limit) and
        let its bot play if it is to move."""
        self._games[game.id] = game
        if len(self._games) > self.games_in_memory:
            self.evict_idle()
        self.bots.ensure(game)

    def forget(self, game_id: str) -> None:
        """Drop the copy of ``game_id`` held here (another server changed it: the next
        request loads it again)."""
        self._games.pop(game_id, None)

    def in_memory(self, game_id: str) -> Game | None:
        """The copy of ``game_id`` held here, if any (nothing is loaded)."""
        return self._games.get(game_id)

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
            rec, moves_ = loaded
            events = await asyncio.to_thread(self.store.events, game.id)
            game.state = self._load_state(rec)
            game.rec, game.moves, game.events = rec, moves_, events
            self.bot_errors.pop(game.id, None)
        log.debug("game %s: version %d stored by another server", game.id, game.version)
        self.notify(game.id, game.version)
        self.bots.ensure(game)
        return True

    async def sync_watched(self) -> list[str]:
        """One look at the stored versions of the games that open pages watch: those
        another server changed are reloaded and their pages updated.  Returns their
        ids."""
        ids = self.presence.watched()
        if not ids:
            return []
        stored = await asyncio.to_thread(self.store.versions, ids)
        changed = []
        for gid in ids:
            game = self._games.get(gid)
            if game is None:               # dropped after a lost race: load it again
                if gid in stored:
                    game = await self.get(gid)
                    self.notify(gid, game.version)
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

    def held_games(self, kind: str) -> dict[str, Game]:
        """The games of ``kind`` held in memory now."""
        return {gid: g for gid, g in self._games.items() if g.rec.game == kind}

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

    async def list_games(self, status: str, limit: int = 50,
                         game: str = "arle") -> list[GameRecord]:
        """The stored games of ``game`` with this status, the latest changed first."""
        return await asyncio.to_thread(self.store.list_games, status, limit, game)

    # ------------------------------------------------------------------ seats
    async def seats_of(self, game_id: str, tokens: Iterable[str]) -> set[int]:
        """The seats of ``game_id`` that these tokens open."""
        return seats_of(await self.get(game_id), tokens)

    def is_owner(self, game: Game, token: str | None) -> bool:
        return is_owner(game, token)

    def invitations(self, game: Game, owner_token: str | None) -> dict[int, str]:
        """The tokens of the human seats (for the invitation links), unsealed with the
        owner token; empty for anyone else."""
        return invitations(game, owner_token)

    async def find_token(self, token: str) -> tuple[str, int] | None:
        if not token or len(token) > 100:
            return None
        return await asyncio.to_thread(self.store.find_token, token)

    async def join(self, game_id: str, seat: int) -> None:
        game = await self.get(game_id)
        if not game.rec.seats[seat].joined:
            await asyncio.to_thread(self.store.mark_joined, game_id, seat)
            game.rec.seats[seat].joined = True
            self.notify(game_id, game.version)

    # ------------------------------------------------------------------ creating
    async def create_game(self, opts: NewGame) -> CreatedGame:
        return await creating.create_game(self, opts)

    async def rematch(self, game_id: str, owner_token: str | None,
                      seed: int | None = None) -> CreatedGame:
        """See :func:`arle.web.creating.rematch`."""
        return await creating.rematch(self, game_id, owner_token, seed)

    async def import_record(self, record: Any) -> CreatedGame:
        """A new game from an engine record, at its last position.  The record's
        ``seats`` (``"human"`` or ``"bot:SPEC"``, as :func:`record_of` writes them) give
        the bots their seats back; a record without them has every seat human."""
        state, moves_, specs = read_record(record)
        seats, tokens = seat_rows(specs)
        return await creating.insert(self, state, seats, tokens, moves_, "upload")

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
        return await creating.insert(self, state, seats, tokens, list(moves or []), origin,
                                     game=kind, setup=setup)

    # ------------------------------------------------------------------ changing
    async def move(self, game_id: str, held: Iterable[int], action: Any,
                   expected_version: Any = None, *, bot: bool = False) -> Game:
        """Apply ``action`` for a holder of the ``held`` seats, or raise GameError."""
        return await moves.move(self, game_id, held, action, expected_version, bot=bot)

    async def hint(self, game_id: str, held: Iterable[int], spec: Any = None) -> tuple[str, int]:
        """See :func:`arle.web.hints.hint`."""
        return await hints.hint(self, game_id, held, spec)

    async def set_bot(self, game_id: str, owner_token: str | None, seat: int,
                      spec: str | None = None) -> Game:
        """See :func:`arle.web.moves.set_bot`."""
        return await moves.set_bot(self, game_id, owner_token, seat, spec)

    async def undo(self, game_id: str, held: Iterable[int], expected_version: Any = None) -> Game:
        """See :func:`arle.web.moves.undo`."""
        return await moves.undo(self, game_id, held, expected_version)

    # ------------------------------------------------------------------ live updates
    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        return self.presence.subscribe(game_id)

    def unsubscribe(self, game_id: str, q: asyncio.Queue[int]) -> None:
        self.presence.unsubscribe(game_id, q)

    def set_online(self, game_id: str, conn: int, seats: set[int]) -> None:
        """The seats an open page (``conn``) of ``game_id`` holds; empty when it closes.
        The other pages hear when the seats present change."""
        if self.presence.set_online(game_id, conn, seats):
            game = self._games.get(game_id)
            self.notify(game_id, game.version if game is not None else 0)

    def online(self, game_id: str) -> set[int]:
        """The seats of ``game_id`` that an open page holds now."""
        return self.presence.online(game_id)

    def notify(self, game_id: str, version: int) -> None:
        self.presence.notify(game_id, version)

    # ------------------------------------------------------------------ bots
    def bot_busy(self, game_id: str) -> bool:
        """Whether a bot of ``game_id`` is thinking or about to (its loop runs)."""
        return self.bots.busy(game_id)

    async def run_bot(self, fn: ThinkFn, spec: str, seed: int, state_json: str) -> str:
        """See :meth:`BotDriver.run_bot` (the second game's faces send their own jobs)."""
        return await self.bots.run_bot(fn, spec, seed, state_json)
