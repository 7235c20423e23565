"""The bot driver: plays the bots' turns of the games the service holds.

When a bot is to move, :meth:`BotDriver.ensure` starts that game's bot loop: it claims
the move in the database (so that exactly one server sharing it plays the move), asks
the bot worker pool for the action (each game's :class:`~arle.web.kinds.Kind` names the
worker's job), and plays it through the service's move path, with the same checks as a
person's move.  A failure is reported on the game's pages (``bot_error``) until the
owner retries or replaces the bot; a move that could not be stored is tried again.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import secrets
from collections.abc import Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from arle.web.botworker import timed_think, warm_up, watch_parent
from arle.web.db import GameRecord, Store, storage_errors
from arle.web.games import Game, GameError, seat_label
from arle.web.kinds import Kind, ThinkFn

__all__ = ["CLAIM_LEASE", "STORAGE_RETRY_FIRST", "STORAGE_RETRY_MAX", "THINK_TIMEOUT",
           "BotDriver", "BotHost"]

log = logging.getLogger("arle.web")

STORAGE_ERRORS = storage_errors()
#: Seconds a bot may think about one decision before the worker is stopped.
THINK_TIMEOUT = 60.0
#: Seconds a bot waits before it tries again to store its move after a storage error
#: (doubling up to :data:`STORAGE_RETRY_MAX`).
STORAGE_RETRY_FIRST = 1.0
STORAGE_RETRY_MAX = 30.0
#: Seconds a server's claim on a bot move lasts; renewed while the bot waits and thinks,
#: so another server takes the move over this long after the claimant died.
CLAIM_LEASE = 10.0


class BotHost(Protocol):
    """What the driver uses of the service (:class:`arle.web.service.GameService`)."""

    #: seconds before a bot whose move another server claimed looks again
    watch_interval: float

    async def get(self, game_id: str) -> Game: ...

    def in_memory(self, game_id: str) -> Game | None: ...

    def kind(self, game: Game | GameRecord) -> Kind: ...

    def notify(self, game_id: str, version: int) -> None: ...

    async def move(self, game_id: str, held: Iterable[int], action: Any,
                   expected_version: Any = None, *, bot: bool = False) -> Game: ...


def _warm_failed(job: Any) -> None:
    if not job.cancelled() and job.exception() is not None:
        log.warning("a bot worker could not load the searches ahead: %r", job.exception())


class BotDriver:
    """The bot loops of the games held, the bot worker pool and the bots' failures."""

    def __init__(self, host: BotHost, store: Store, *, think_fn: ThinkFn,
                 think_timeout: float = THINK_TIMEOUT, bot_delay: float = 0.5,
                 bot_workers: int = 1) -> None:
        self.host = host
        self.store = store
        self.think_fn = think_fn
        self.think_timeout = think_timeout
        self.bot_delay = bot_delay
        self.bot_workers = max(1, bot_workers)
        #: the failure shown on each game's pages, until the owner retries the bot
        self.errors: dict[str, str] = {}
        self.storage_retry = STORAGE_RETRY_FIRST
        self.claim_lease = CLAIM_LEASE
        #: who claims bot moves in the database: unique per service (server process)
        self.server_id = f"{os.getpid()}-{secrets.token_hex(6)}"
        self.closing = False
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._executor: Executor | None = None

    # ------------------------------------------------------------------ the pool
    def executor(self) -> Executor:
        """The bot worker pool.  Its workers watch this process and exit when it is
        gone, even after a kill -9 (:func:`~arle.web.botworker.watch_parent`); it is
        created on the event loop's thread, which lives as long as the server."""
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.bot_workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent, initargs=(os.getpid(),))
        return self._executor

    @property
    def pool_started(self) -> bool:
        return self._executor is not None

    def warm(self) -> None:
        """Start the workers now and load what the searches need."""
        pool = self.executor()
        for _ in range(self.bot_workers):
            pool.submit(warm_up).add_done_callback(_warm_failed)

    async def think(self, spec: str, seed: int, state_json: str) -> str:
        """The action the server's bot ``spec`` takes (Fields of Arle's job)."""
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

    async def stop(self) -> None:
        """Stop the bot loops and the pool; release this server's claims."""
        self.closing = True
        tasks = list(self._tasks.values())
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

    # ------------------------------------------------------------------ the loops
    def ensure(self, game: Game) -> None:
        """Start the bot loop of ``game`` if a bot is to move and none runs."""
        if self.closing or game.bot_to_move() is None:
            return
        task = self._tasks.get(game.id)
        if task is not None and not task.done():
            return
        self._tasks[game.id] = asyncio.get_running_loop().create_task(self._loop(game.id))

    def busy(self, game_id: str) -> bool:
        """Whether a bot of ``game_id`` is thinking or about to (its loop runs)."""
        task = self._tasks.get(game_id)
        return task is not None and not task.done()

    def has_loop(self, game_id: str) -> bool:
        """Whether ``game_id`` has a bot loop (running or not yet cleared away)."""
        return game_id in self._tasks

    async def _loop(self, game_id: str) -> None:
        wait = self.storage_retry
        try:
            while not self.closing:
                try:
                    done = await self._turn(game_id)
                except STORAGE_ERRORS as e:
                    # the database failed (disk full, a lost server): say so on the page
                    # and try the same turn again later; the game keeps its bot
                    msg = (f"the bot's move could not be stored ({type(e).__name__}); "
                           f"trying again in {wait:g} s")
                    log.error("game %s: %s: %s", game_id, msg, e)
                    self.errors[game_id] = msg
                    game = self.host.in_memory(game_id)
                    self.host.notify(game_id, game.version if game is not None else 0)
                    await asyncio.sleep(wait)
                    wait = min(wait * 2, STORAGE_RETRY_MAX)
                    continue
                wait = self.storage_retry
                if done:
                    return
        except asyncio.CancelledError:
            raise
        except Exception as e:
            game = self.host.in_memory(game_id)
            if game is not None:
                self.failed(game, f"the bot stopped: {e!r}")
            else:
                log.error("game %s: the bot stopped: %r", game_id, e)
        finally:
            task = self._tasks.get(game_id)
            if task is asyncio.current_task():
                del self._tasks[game_id]

    async def _turn(self, game_id: str) -> bool:
        """One decision of the bot to move in ``game_id``; True when the loop is done
        (no bot to move, or a failure reported on the page)."""
        host = self.host
        game = await host.get(game_id)
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
            await asyncio.sleep(host.watch_interval)
            return False
        bot = seat.bot
        job_fn = host.kind(game).think(game.state, self.think_fn)

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
            self.failed(game, f"the bot of {seat_label(game, seat.seat)} failed: {e}")
            return True
        try:
            await host.move(game_id, {seat.seat}, action, version, bot=True)
        except GameError as e:
            if e.status != 409:
                self.failed(game, f"the bot of {seat_label(game, seat.seat)} chose "
                                  f"{action[:60]!r}: {e.message}")
                return True
            # 409: the position changed while it thought; think again
        except STORAGE_ERRORS:
            raise
        except Exception as e:           # the engine or the log failed on this move
            self.failed(game, f"the move {action[:60]!r} of the bot of "
                              f"{seat_label(game, seat.seat)} failed: {e!r}")
            return True
        return False

    def failed(self, game: Game, msg: str) -> None:
        """Report a bot's failure: logged with the game's id, shown on its pages and in
        ``bot_error`` until the owner retries or replaces the bot (``set_bot``)."""
        log.error("game %s: %s", game.id, msg)
        self.errors[game.id] = msg
        self.host.notify(game.id, game.version)

    async def _claim(self, game_id: str, version: int) -> bool:
        """Claim (or renew the claim on) the bot move at ``version`` for this server."""
        return await asyncio.to_thread(self.store.claim_bot, game_id, version,
                                       self.server_id, self.claim_lease)
