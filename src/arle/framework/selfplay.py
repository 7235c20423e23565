"""Self-play in any game of the game protocol: many games between bots, one record file
per game, resumable.

:func:`selfplay` plays ``games`` games of ``game`` and writes each finished game to
``DIR/game-00000.json``, ``DIR/game-00001.json``, ... as soon as it ends (the game's record,
which its ``replay`` reads, with the ``seats``, ``labels`` and ``scores`` of the game), then
``DIR/manifest.json``: what was asked and every game's file, setup seed, seats and scores.
Game ``g`` uses the setup seed ``seed + g`` and puts the bot ``bots[(g + k) % len(bots)]``
in seat ``k`` (one bot: it plays every seat), so the games are fixed before any is played
and every backend (:mod:`arle.framework.runs`) plays the same ones.

A second run with the same arguments into the same folder keeps every record already
written and valid (it replays to the end of a game set up as planned, with the planned
seats) and plays only the others: an interrupted run resumes where it stopped.  A folder
written with other arguments is refused.

>>> import tempfile, os
>>> d = tempfile.mkdtemp()
>>> m = selfplay(["random", "greedy"], players=2, games=2, seed=4, out=d, game="green")
>>> m["played"], m["kept"], sorted(os.listdir(d))
(2, 0, ['game-00000.json', 'game-00001.json', 'manifest.json'])
>>> [g["seats"] for g in m["games"]]
[['bot:random', 'bot:greedy'], ['bot:greedy', 'bot:random']]
>>> selfplay(["random", "greedy"], players=2, games=2, seed=4, out=d, game="green")["kept"]
2
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import arle.framework.game
from arle.framework.arena import Match, MatchLike, MatchResult, play_match, unique_labels
from arle.framework.runs import run_matches

__all__ = ["DEFAULT_GAME", "FORMAT", "check_plan", "manifest_args", "plan", "play_run",
           "record_name", "record_path", "selfplay", "valid_record"]

#: The ``format`` of ``manifest.json``.
FORMAT = "arle-selfplay-1"
#: The game whose manifests do not name it (those written before there were two).
DEFAULT_GAME = "arle"

OnResult = Callable[[MatchResult], None]


def check_plan(specs: Sequence[str], players: int, games: int, seed: int,
               game: str = DEFAULT_GAME, options: Mapping[str, Any] | None = None) -> None:
    """Refuse (ValueError) a run that cannot be played: no bot, a player count the game
    does not seat, fewer than one game, a negative seed, or options the game's
    ``new_game`` refuses (its own message)."""
    if not specs:
        raise ValueError("name at least one bot")
    g = arle.framework.game.get(game)
    if not (type(players) is int and g.min_players <= players <= g.max_players):
        raise ValueError(f"{g.title} seats {g.min_players} to {g.max_players} players, "
                         f"not {players!r}")
    if games < 1:
        raise ValueError("games must be at least 1")
    if seed < 0:
        raise ValueError("seed must be at least 0")
    g.new_game(players=players, seed=seed, **dict(options or {}))


def plan(specs: Sequence[str], players: int, games: int, seed: int,
         game: str = DEFAULT_GAME, options: Mapping[str, Any] | None = None) -> list[Match]:
    """The games of a self-play run (see the module's text for the seats and seeds);
    ``options`` go to every game's ``new_game``."""
    check_plan(specs, players, games, seed, game, options)
    labels = unique_labels(list(specs))
    opts = tuple((options or {}).items())
    out = []
    for g in range(games):
        seats = [(g + k) % len(specs) for k in range(players)]
        out.append(Match(index=g, seed=seed + g, players=players,
                         specs=tuple(specs[i] for i in seats),
                         labels=tuple(labels[i] for i in seats),
                         bot_seeds=tuple(1000 * (seed + g) + k + 1 for k in range(players)),
                         game=game, options=opts))
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


def manifest_args(specs: Sequence[str], players: int, games: int, seed: int,
                  game: str = DEFAULT_GAME,
                  options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The ``args`` of the manifest: the bots, players, games and seed, the game (unless
    it is :data:`DEFAULT_GAME`) and every option not left at None."""
    args: dict[str, Any] = {"bots": list(specs), "players": players, "games": games,
                            "seed": seed}
    if game != DEFAULT_GAME:
        args["game"] = game
    args.update((k, v) for k, v in (options or {}).items() if v is not None)
    return args


def _planned_setup(m: MatchLike) -> Any:
    g = arle.framework.game.get(m.game)
    return g.new_game(players=m.players, seed=m.seed, **m.setup()).record()["setup"]


def valid_record(path: str, m: MatchLike) -> dict[str, Any] | None:
    """The record at ``path`` if it is a finished game of match ``m`` (set up as the
    match plans it, with its seats), else None."""
    try:
        with open(path, encoding="utf-8") as handle:
            rec = json.load(handle)
        if rec.get("seats") != ["bot:" + s for s in m.specs]:
            return None
        s = arle.framework.game.get(m.game).replay(rec)
        if not s.is_terminal() or s.record()["setup"] != _planned_setup(m):
            return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None
    out: dict[str, Any] = rec
    return out


def _entry(m: MatchLike, record: dict[str, Any]) -> dict[str, Any]:
    return {"index": m.index, "file": record_name(m.index),
            "seed": m.seed, "seats": list(record["seats"]),
            "scores": list(record.get("scores", []))}


def play_run(matches: Sequence[MatchLike], args: dict[str, Any], out: str,
             backend: str = "local", jobs: int = 1, address: str | None = None,
             on_result: OnResult | None = None,
             play: Callable[[MatchLike], MatchResult] = play_match) -> dict[str, Any]:
    """Play (or resume) the planned ``matches`` into the folder ``out`` whose manifest
    records ``args``; returns the manifest written, with ``played`` and ``kept`` counts
    (ValueError for a folder of another run)."""
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

    run_matches(todo, backend, jobs, address, on_result=finished, play=play)
    manifest = {"format": FORMAT, "args": args, "complete": True,
                "games": [_entry(m, records[m.index]) for m in matches]}
    _write_json(manifest_path, manifest)
    return {**manifest, "played": len(todo), "kept": kept}


def selfplay(specs: Sequence[str], players: int, games: int, seed: int, out: str,
             game: str = DEFAULT_GAME, options: Mapping[str, Any] | None = None,
             backend: str = "local", jobs: int = 1, address: str | None = None,
             on_result: OnResult | None = None) -> dict[str, Any]:
    """Play (or resume) the run of ``game`` into the folder ``out``; returns the manifest
    written, with ``played`` and ``kept`` counts (ValueError for bad arguments or a
    folder of another run)."""
    matches = plan(specs, players, games, seed, game, options)
    return play_run(matches, manifest_args(specs, players, games, seed, game, options), out,
                    backend, jobs, address, on_result)
