"""Self-play: many games between bots, one record file per game, resumable.

:func:`selfplay` plays ``games`` games and writes each finished game to
``DIR/game-00000.json``, ``DIR/game-00001.json``, ... as soon as it ends (the record format
that ``arle replay`` and ``arle dataset`` read, with the ``seats``, ``labels`` and ``scores``
of the game), then ``DIR/manifest.json``: what was asked and every game's file, setup seed,
seats and scores.  Game ``g`` uses the setup seed ``seed + g`` and puts the bot
``bots[(g + k) % len(bots)]`` in seat ``k`` (one bot: it plays every seat), so the games are
fixed before any is played and every backend plays the same ones (three bots in a
3-player run, whose games need ``expansion="tea-and-trade"``: the seats rotate, each bot
in each seat once every three games).

A second run with the same arguments into the same folder keeps every record already
written and valid (it replays to the end with the planned setup and seats) and plays
only the others: an interrupted run resumes where it stopped.  A folder written with
other arguments is refused.

>>> import tempfile, json, os
>>> d = tempfile.mkdtemp()
>>> m = selfplay(["random"], players=1, games=2, seed=4, out=d, buildings="first-game")
>>> m["played"], m["kept"], sorted(os.listdir(d))
(2, 0, ['game-00000.json', 'game-00001.json', 'manifest.json'])
>>> selfplay(["random"], players=1, games=2, seed=4, out=d, buildings="first-game")["kept"]
2
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

import arle
from arle.bots.arena import Match, MatchResult, check_run, play_match, unique_labels
from arle.bots.runs import run_matches

__all__ = ["FORMAT", "plan", "selfplay", "record_path", "valid_record"]

#: The ``format`` of ``manifest.json``.
FORMAT = "arle-selfplay-1"


def plan(specs: list[str], players: int, games: int, seed: int,
         buildings: str = "random", expansion: str | None = None) -> list[Match]:
    """The games of a self-play run (see the module's text for the seats and seeds)."""
    if not specs:
        raise ValueError("name at least one bot")
    check_run(players, games, expansion)
    if seed < 0:
        raise ValueError("seed must be at least 0")
    labels = unique_labels(specs)
    out = []
    for g in range(games):
        seats = [(g + k) % len(specs) for k in range(players)]
        out.append(Match(index=g, seed=seed + g, players=players,
                         specs=tuple(specs[i] for i in seats),
                         labels=tuple(labels[i] for i in seats),
                         bot_seeds=tuple(1000 * (seed + g) + k + 1 for k in range(players)),
                         buildings=buildings, expansion=expansion))
    return out


def record_name(index: int) -> str:
    return f"game-{index:05d}.json"


def record_path(out: str, index: int) -> str:
    return os.path.join(out, record_name(index))


def _write_json(path: str, data: Any) -> None:
    """Write atomically: a reader (or a killed run) never sees half a file."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
    os.replace(tmp, path)


def _manifest_args(specs: list[str], players: int, games: int, seed: int,
                   buildings: str, expansion: str | None = None) -> dict[str, Any]:
    args: dict[str, Any] = {"bots": list(specs), "players": players, "games": games,
                            "seed": seed, "buildings": buildings}
    if expansion is not None:          # base-game manifests keep their earlier form
        args["expansion"] = expansion
    return args


def valid_record(path: str, m: Match) -> dict[str, Any] | None:
    """The record at ``path`` if it is a finished game of match ``m``, else None."""
    try:
        with open(path, encoding="utf-8") as handle:
            rec = json.load(handle)
        setup = rec["setup"]
        if (setup.get("players"), setup.get("seed"), setup.get("buildings"),
                setup.get("expansion")) != (m.players, m.seed, m.buildings, m.expansion):
            return None
        if rec.get("seats") != ["bot:" + s for s in m.specs]:
            return None
        s = arle.replay(rec)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    if not s.is_terminal():
        return None
    out: dict[str, Any] = rec
    return out


def _entry(m: Match, record: dict[str, Any]) -> dict[str, Any]:
    return {"index": m.index, "file": record_name(m.index),
            "seed": m.seed, "seats": list(record["seats"]),
            "scores": list(record.get("scores", []))}


def selfplay(specs: list[str], players: int, games: int, seed: int, out: str,
             buildings: str = "random", backend: str = "local", jobs: int = 1,
             address: str | None = None,
             on_result: Callable[[MatchResult], None] | None = None,
             expansion: str | None = None) -> dict[str, Any]:
    """Play (or resume) the run into the folder ``out``; returns the manifest written,
    with ``played`` and ``kept`` counts (ValueError for bad arguments or a folder of
    another run)."""
    matches = plan(specs, players, games, seed, buildings, expansion)
    args = _manifest_args(specs, players, games, seed, buildings, expansion)
    os.makedirs(out, exist_ok=True)
    manifest_path = os.path.join(out, "manifest.json")
    if os.path.exists(manifest_path):
        try:
            with open(manifest_path, encoding="utf-8") as handle:
                old = json.load(handle)
            same = old.get("format") == FORMAT and old.get("args") == args
        except (OSError, ValueError, AttributeError):
            same = False
        if not same:
            raise ValueError(f"{out} holds another self-play run (its manifest.json differs "
                             "from these arguments): use another folder")
    _write_json(manifest_path, {"format": FORMAT, "args": args, "complete": False,
                                "games": []})
    records: dict[int, dict[str, Any]] = {}
    todo = []
    for m in matches:
        rec = valid_record(record_path(out, m.index), m)
        if rec is None:
            todo.append(m)
        else:
            records[m.index] = rec
    kept = len(records)

    def finished(r: MatchResult) -> None:
        _write_json(record_path(out, r.index), r.record)
        records[r.index] = r.record
        if on_result is not None:
            on_result(r)

    run_matches(todo, backend, jobs, address, on_result=finished, play=play_match)
    manifest = {"format": FORMAT, "args": args, "complete": True,
                "games": [_entry(m, records[m.index]) for m in matches]}
    _write_json(manifest_path, manifest)
    return {**manifest, "played": len(todo), "kept": kept}
