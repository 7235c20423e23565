"""Game review (``arle.bots.review`` and ``arle review RECORD.json``).

Every turn of the reviewed player is compared with a bot's choice: the turns cover the
record in order, the played lines are the record's own actions, the suggestions are
legal where they are made, a player who played like the judge loses nothing, and a
random player is caught losing points.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import arle
from arle.bots.greedy import GreedyBot
from arle.bots.review import review, summary
from arle.cli.main import app
from arle.state import State

runner = CliRunner()


def random_game(players: int, seed: int, steps: int | None = None) -> State:
    s = arle.new_game(players=players, seed=seed, buildings="random")
    rng = random.Random(seed)
    n = 0
    while not s.is_terminal() and (steps is None or n < steps):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        n += 1
    return s


def test_turns_follow_the_record_and_suggestions_are_legal() -> None:
    s = random_game(2, 3)
    rec = s.record()
    turns = review(rec, player=1)
    assert turns and all(t.player == 1 for t in turns)
    assert [t.index for t in turns] == sorted({t.index for t in turns})
    start = dict(rec, actions=[])
    for t in turns[:12]:
        assert list(t.played) == rec["actions"][t.index:t.index + len(t.played)]
        before = arle.replay(dict(start, actions=rec["actions"][:t.index]))
        assert before.current_player == 1
        assert t.suggested in {str(a) for a in before.legal_actions()}
        assert t.loss >= 0


def test_a_random_player_loses_points_a_greedy_one_does_not() -> None:
    bad = summary(review(random_game(1, 5).record(), bot="greedy"))
    assert bad["mistakes"] >= 5 and bad["points_lost"] > 20
    s = arle.new_game(players=1, seed=5, buildings="random")
    bot = GreedyBot(seed=0)
    while s.half_year <= 2 and not s.is_terminal():
        s.apply(bot.choose(s))
    good = summary(review(s.record(), bot="greedy"))
    assert good["mistakes"] == 0 and good["points_lost"] == 0
    assert good["agreed"] == good["turns"] >= 10


def test_refusals() -> None:
    rec = random_game(1, 2, steps=10).record()
    with pytest.raises(ValueError, match="player must be 0"):
        review(rec, player=1)
    with pytest.raises(ValueError, match="unknown bot"):
        review(rec, bot="nobody")
    with pytest.raises(ValueError, match="not an arle game record"):
        review({"actions": []})


def test_the_command(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(random_game(2, 4, steps=60).record()), encoding="utf-8")
    r = runner.invoke(app, ["review", str(path), "--json", "--player", "2"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data["summary"]) == {"turns", "agreed", "mistakes", "points_lost"}
    assert data["turns"] and all(t["player"] == 1 for t in data["turns"])
    assert set(data["turns"][0]) == {"index", "half_year", "player", "played", "suggested",
                                     "value_played", "value_suggested", "loss"}
    r = runner.invoke(app, ["review", str(path), "--bot", "mcts:sims=3", "--threshold", "0"])
    assert r.exit_code == 0, r.output
    assert "Turns to look at" in r.stdout and "turns reviewed with mcts:sims=3" in r.stdout
    for args, message in [
        ([str(path), "--player", "3"], "--player must be 1 or 2, not 3"),
        ([str(path), "--player", "0"], "--player must be 1 or 2, not 0"),
        ([str(path), "--bot", "nobody"], "unknown bot"),
        ([str(tmp_path / "none.json")], "no such file"),
        ([str(path), "--threshold", "-1"], "--threshold must not be negative"),
    ]:
        r = runner.invoke(app, ["review", *args])
        assert r.exit_code == 2, (args, r.output)
        assert message in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "arle-record-1", "setup": {}, "actions": []}',
                   encoding="utf-8")
    r = runner.invoke(app, ["review", str(bad)])
    assert r.exit_code == 2 and "bad.json: malformed record" in r.stderr
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000, encoding="utf-8")
    for cmd in (["review", str(deep)], ["replay", "--final", str(deep)],
                ["score", str(deep)], ["dataset", str(deep), "--out", str(tmp_path / "d.npz")]):
        r = runner.invoke(app, cmd)
        assert r.exit_code == 2, (cmd, r.output)
        assert "deep.json" in r.stderr and "nested too deeply" in r.stderr, cmd
