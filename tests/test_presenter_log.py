"""The presenter's game log (issue 32): each ply's move and automatic steps as entries
in words, with per-player changes named as the view names goods and animals; summed
over a ply, the changes are what the engine changed."""

from __future__ import annotations

import json
import random

import pytest

import arle
from arle import view
from arle.actions import IllegalActionError
from arle.bots.random_bot import RandomBot
from arle.presenter import LogEntry, game_log, log_json, play_logged
from arle.view import apply_logged
from arle.web.views import log_words

TT = "tea-and-trade"


def _random_game(players: int, seed: int, expansion: str | None = TT) -> arle.State:
    s = arle.new_game(players=players, seed=seed, expansion=expansion)
    bot = RandomBot(seed=seed)
    while not s.is_terminal():
        s.apply(bot.choose(s))
    return s


def _figures(s: arle.State) -> list[dict[str, int]]:
    return [{**view.resources(s, p), **view.animals(s, p)} for p in range(len(s.players))]


def _summed(entries: list[LogEntry]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for e in entries:
        for q, c in e.changes.items():
            for k, n in c.items():
                mine = out.setdefault(q, {})
                mine[k] = mine.get(k, 0) + n
    return {q: {k: n for k, n in c.items() if n} for q, c in out.items()
            if any(c.values())}


def test_random_tea_and_trade_games_log_what_the_engine_changed() -> None:
    rng = random.Random(32)
    teas = autos = 0
    for game in range(24):
        players = 1 + game % 3
        final = _random_game(players, rng.randrange(10**6))
        record = final.record()
        entries = game_log(final)
        assert json.loads(json.dumps(log_json(entries))) == log_json(entries)
        s = arle.replay({**record, "actions": []})
        by_ply: dict[int, list[LogEntry]] = {}
        for e in entries:
            by_ply.setdefault(e.ply, []).append(e)
        assert sorted(by_ply) == list(range(1, len(record["actions"]) + 1))
        for ply, text in enumerate(record["actions"], 1):
            mine = by_ply[ply]
            p = s.current_player
            before = _figures(s)
            events = apply_logged(s.clone(), text)
            s.apply(text)
            after = _figures(s)
            want = {str(q): {k: a[k] - b[k] for k in a if a[k] != b[k]}
                    for q, (b, a) in enumerate(zip(before, after))}
            assert _summed(mine) == {q: c for q, c in want.items() if c}, (ply, text)
            move, *rest = mine
            assert (move.kind, move.player, move.action) == ("move", p, text)
            assert move.text.startswith(f"Player {p + 1}: ")
            assert [(e.kind, e.action, e.player, e.text) for e in rest] == \
                [("auto", None, ev.player, ev.text) for ev in events]
            for e in mine:
                for q, c in e.changes.items():
                    assert 0 <= int(q) < players and c and all(c.values())
                    assert set(c) <= set(before[int(q)])
                    teas += any(k in ("tea", "east_frisian_tea") for k in c)
            autos += len(rest)
        assert s == final
    assert teas > 20 and autos > 100


def test_the_incremental_log_is_the_replayed_log() -> None:
    final = _random_game(2, 5)
    s = arle.replay({**final.record(), "actions": []})
    entries: list[LogEntry] = []
    for ply, text in enumerate(final.record()["actions"], 1):
        entries += play_logged(s, text, ply)
    assert entries == game_log(final.record()) and s == final
    base = _random_game(2, 6, expansion=None)
    assert game_log(base) == game_log({**base.record(), "seats": ["human", "bot:random"]})


def test_a_move_is_in_words_with_its_cost_and_gains() -> None:
    s = arle.new_game(players=1, seed=1)
    wood = view.resources(s, 0)["wood"]
    t = s.clone()
    (move,) = play_logged(s, "place woodcutter", 1, words=log_words)
    gained = view.resources(s, 0)["wood"] - wood
    assert gained > 0
    assert move.changes == {"0": {"wood": gained}}
    assert move.text == f"Player 1: Place a worker on Woodcutter (+{gained} wood)"
    (plain,) = play_logged(t, "place woodcutter", 1)     # without a face: the notation
    assert plain.text.startswith("Player 1: ")
    assert plain.text.endswith(f": place woodcutter (+{gained} wood)")
    assert move.to_json() == {"ply": 1, "player": 0, "action": "place woodcutter",
                              "kind": "move", "text": move.text,
                              "changes": {"0": {"wood": gained}}}


def test_bad_moves_and_records_are_refused_and_change_nothing() -> None:
    s = arle.new_game(players=1, seed=1)
    before = s.clone()
    for bad in ("place nowhere", "dike 9 9"):
        with pytest.raises(IllegalActionError):
            play_logged(s, bad, 1)
        assert s == before
    with pytest.raises(ValueError, match="actions"):
        game_log({**s.record(), "actions": "place fisherman"})
    with pytest.raises(ValueError):
        game_log({**s.record(), "actions": ["place nowhere"]})
    over = _random_game(1, 3)
    with pytest.raises(IllegalActionError, match="over"):
        play_logged(over, "place fisherman", 999)
