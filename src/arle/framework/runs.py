"""Running many games of any game of the game protocol: on local processes or as Ray
tasks, with the same results.

:func:`run_matches` plays a list of matches (:class:`~arle.framework.arena.Match`, or a
game's own: :class:`~arle.framework.arena.MatchLike`; each with its game, setup seed,
seats and bot seeds fixed up front) and returns their results in the order of the
matches, whatever order they finish in.  So for the same matches every backend gives the
same games: the same actions, scores and winners (only the measured thinking times
differ).

- ``backend="local"``: ``jobs`` worker processes on this machine (``jobs=1``: in this
  process, no pool).
- ``backend="ray"``: every game is a Ray task on the cluster at ``address`` (or the
  ``RAY_ADDRESS`` environment variable, or an already initialised Ray, or a local Ray
  started for the run and stopped after it).

A game whose worker dies (a killed process, a lost node) is played again (by Ray, or on a
new local pool), so no game is lost or counted twice.

Interrupting a run (Ctrl-C) cancels the games not yet finished and raises
:class:`RunInterrupted` carrying the results finished so far.

>>> from arle.framework.tournament import schedule
>>> ms = schedule(["random", "greedy"], players=2, games=2, seed=5, game="green")
>>> [(r.seed, r.labels) for r in run_matches(ms)]
[(5, ('random', 'greedy')), (5, ('greedy', 'random'))]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from arle.framework.arena import MatchLike, MatchResult, play_match

__all__ = ["BACKENDS", "RAY_RETRIES", "RunInterrupted", "check_backend", "run_matches"]

#: The backends :func:`run_matches` knows.
BACKENDS = ("local", "ray")

#: How often a game whose worker process died before it finished is played again
#: (by Ray, or on a new local pool).
RAY_RETRIES = 3

Play = Callable[[MatchLike], MatchResult]
OnResult = Callable[[MatchResult], None]


class RunInterrupted(Exception):
    """A run stopped by Ctrl-C; ``done`` holds the games that had finished."""

    def __init__(self, done: list[MatchResult]) -> None:
        super().__init__(f"interrupted after {len(done)} finished game(s)")
        self.done = done


def check_backend(backend: str, jobs: int = 1, address: str | None = None) -> None:
    """ValueError unless the options make a run (``address`` only with Ray)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (use {' or '.join(BACKENDS)})")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    if address is not None and backend != "ray":
        raise ValueError("an address is only for the ray backend")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise ValueError("the ray backend needs Ray: pip install 'arle[distributed]'") \
                from None


def run_matches(matches: Sequence[MatchLike], backend: str = "local", jobs: int = 1,
                address: str | None = None, on_result: OnResult | None = None,
                play: Play = play_match) -> list[MatchResult]:
    """Play every match; results in the order of ``matches``.

    ``on_result`` is called in this process as each game finishes (in finishing order),
    e.g. to advance a progress bar or write the game's record at once.  ``play`` plays
    one match (:func:`~arle.framework.arena.play_match`, which finds the match's game
    and bots through the registries in whichever process it runs); it must be a
    module-level function (or a partial of one) so worker processes can run it.
    """
    check_backend(backend, jobs, address)
    order = {m.index: i for i, m in enumerate(matches)}
    if len(order) != len(matches):
        raise ValueError("match indices must be distinct")
    done: list[MatchResult] = []

    def finished(r: MatchResult) -> None:
        done.append(r)
        if on_result is not None:
            on_result(r)

    try:
        if backend == "ray":
            _run_ray(matches, address, finished, play)
        elif jobs == 1 or len(matches) <= 1:
            for m in matches:
                finished(play(m))
        else:
            _run_pool(matches, jobs, finished, play)
    except KeyboardInterrupt:
        raise RunInterrupted(sorted(done, key=lambda r: order[r.index])) from None
    return sorted(done, key=lambda r: order[r.index])


def _run_pool(matches: Sequence[MatchLike], jobs: int, finished: OnResult, play: Play) -> None:
    """A process pool; if a worker process dies, the games not finished yet are played
    again on a new pool (at most :data:`RAY_RETRIES` times), so none is lost or doubled."""
    todo = {m.index: m for m in matches}
    for attempt in range(RAY_RETRIES + 1):
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)))
        try:
            pending = {pool.submit(play, m): m.index for m in todo.values()}
            while pending:
                ready, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in ready:
                    index = pending.pop(fut)
                    result = fut.result()
                    del todo[index]
                    finished(result)
        except BrokenProcessPool:
            pool.shutdown(wait=False, cancel_futures=True)
            if attempt == RAY_RETRIES:
                raise
            continue
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
        return


def _play_one(play: Play, m: MatchLike) -> MatchResult:
    """One Ray task: ``play`` may be any picklable callable (a partial too)."""
    return play(m)


def _run_ray(matches: Sequence[MatchLike], address: str | None, finished: OnResult,
             play: Play) -> None:
    import ray

    started = False
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS") or None
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            kwargs["num_cpus"] = os.cpu_count() or 1
        ray.init(address=address, **kwargs)
        started = True
    task = ray.remote(max_retries=RAY_RETRIES, retry_exceptions=False)(_play_one)
    refs: list[Any] = []
    try:
        refs = [task.remote(play, m) for m in matches]
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                finished(ray.get(ref))
    except BaseException:
        for ref in refs:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()
