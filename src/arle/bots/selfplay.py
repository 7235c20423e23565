"""Self-play of Fields of Arle: the framework's self-play (:mod:`arle.framework.selfplay`:
one record file per game, resumable, on local processes or Ray) with this game's setup
options ``buildings`` and ``expansion`` and its refusals (three players only with Tea &
Trade).

Game ``g`` uses the setup seed ``seed + g`` and puts the bot ``bots[(g + k) % len(bots)]``
in seat ``k`` (one bot: it plays every seat); three bots in a 3-player run (whose games
need ``expansion="tea-and-trade"``) rotate, each bot in each seat once every three games.
The manifest's ``args`` are ``bots``, ``players``, ``games``, ``seed``, ``buildings`` and,
for an expansion game, ``expansion``.

>>> import tempfile, json, os
>>> d = tempfile.mkdtemp()
>>> m = selfplay(["random"], players=1, games=2, seed=4, out=d, buildings="first-game")
>>> m["played"], m["kept"], sorted(os.listdir(d))
(2, 0, ['game-00000.json', 'game-00001.json', 'manifest.json'])
>>> selfplay(["random"], players=1, games=2, seed=4, out=d, buildings="first-game")["kept"]
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arle.bots.arena import Match, MatchResult, check_run, play_match
from arle.framework import selfplay as _selfplay
from arle.framework.selfplay import FORMAT, record_path, valid_record

__all__ = ["FORMAT", "plan", "selfplay", "record_path", "valid_record"]


def _options(buildings: str, expansion: str | None) -> dict[str, Any]:
    return {"buildings": buildings, "expansion": expansion}


def plan(specs: list[str], players: int, games: int, seed: int,
         buildings: str = "random", expansion: str | None = None) -> list[Match]:
    """The games of a self-play run (see the module's text for the seats and seeds)."""
    if not specs:
        raise ValueError("name at least one bot")
    check_run(players, games, expansion)
    return [Match(m.index, m.seed, m.players, m.specs, m.labels, m.bot_seeds, buildings,
                  expansion)
            for m in _selfplay.plan(specs, players, games, seed, "arle",
                                    _options(buildings, expansion))]


def selfplay(specs: list[str], players: int, games: int, seed: int, out: str,
             buildings: str = "random", backend: str = "local", jobs: int = 1,
             address: str | None = None,
             on_result: Callable[[MatchResult], None] | None = None,
             expansion: str | None = None) -> dict[str, Any]:
    """Play (or resume) the run into the folder ``out``; returns the manifest written,
    with ``played`` and ``kept`` counts (ValueError for bad arguments or a folder of
    another run)."""
    matches = plan(specs, players, games, seed, buildings, expansion)
    args = _selfplay.manifest_args(specs, players, games, seed, "arle",
                                   _options(buildings, expansion))
    return _selfplay.play_run(matches, args, out, backend, jobs, address, on_result,
                              play=play_match)
