"""The second game's records in the terminal: ``arle replay`` and ``arle review`` find the
game from the record, and the review (:mod:`arle.green.review`) judges each decision
only from what the deciding seat knew."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import arle.green as G
from arle.cli.main import app
from arle.framework.review import game_of_record, read_record, reviewer
from arle.green.bots import green_bot
from arle.green.infostate import infostate_string, resample_from_infostate
from arle.green.review import judge, review

runner = CliRunner()


def _game(players: int, seed: int, steps: int | None = None, bot: str = "random") -> G.State:
    s = G.new_game(players=players, seed=seed)
    bots = [green_bot(bot, seed=seed * 10 + q) for q in range(players)]
    n = 0
    while not s.is_terminal() and (steps is None or n < steps):
        s.apply(bots[s.current_player].choose(s))
        n += 1
    return s


def test_a_decision_is_judged_from_the_seats_information_only() -> None:
    """Two positions the deciding seat cannot tell apart (the other hands, the piles and
    the tiles dealt otherwise) give the same suggestion and values."""
    s = G.new_game(players=3, seed=8)
    bot = green_bot("random", seed=2)
    judged = 0
    for i in range(70):
        p = s.current_player
        assert p is not None
        a = str(bot.choose(s.clone()))
        if len(s.legal_actions()) > 1 and i % 3 == 0:
            other = resample_from_infostate(s, p, random.Random(i))
            assert infostate_string(other, p) == infostate_string(s, p)
            assert other.to_json() != s.to_json()
            assert judge(s, a, index=i) == judge(other, a, index=i)
            judged += 1
        s.apply(a)
    assert judged > 10


def test_the_review_covers_every_decision_with_a_choice_in_the_records_order() -> None:
    s = _game(2, 3, steps=70)
    rec = s.record()
    turns = review(rec)
    replayed = G.replay({**rec, "actions": [], "chance": None})
    expected = []
    for i, a in enumerate(rec["actions"]):
        if len(replayed.legal_actions()) > 1:
            expected.append((i, replayed.current_player, replayed.year,
                             [str(x) for x in replayed.legal_actions()]))
        replayed.apply(a)
    assert [(t.index, t.player, t.year) for t in turns] == [e[:3] for e in expected]
    for t, e in zip(turns, expected):
        assert t.played == (rec["actions"][t.index],) and t.suggested in e[3]
        assert t.loss >= 0 and (t.loss == 0 or t.suggested != t.played[0])
        assert t.to_dict()["loss"] == t.loss
    assert sum(t.loss for t in turns) > 2                # random play is caught
    # one seat's review is the whole review's turns of that seat, judged alike
    assert review(rec, player=1) == [t for t in turns if t.player == 1]


def test_a_seat_playing_as_its_judge_plays_loses_little() -> None:
    s = _game(2, 6, steps=60, bot="greedy")
    turns = review(s.record(), player=0)
    agreed = sum(1 for t in turns if t.loss == 0)
    assert agreed / len(turns) > 0.6


def test_review_refusals() -> None:
    rec = _game(2, 4, steps=10).record()
    with pytest.raises(ValueError, match="player must be from 0 to 1"):
        review(rec, player=2)
    with pytest.raises(ValueError, match="plays Fields of Arle only"):
        review(rec, bot="mcts")
    with pytest.raises(ValueError, match="record action 3"):
        review({**rec, "actions": rec["actions"][:3] + ["fly"]})


def test_records_name_their_game() -> None:
    rec = _game(1, 2, steps=3).record()
    assert game_of_record(rec).name == "green"
    game, parsed = read_record(json.dumps(rec))
    assert game.name == "green" and parsed == rec
    assert reviewer("green").when == "year" and reviewer("arle").when == "half_year"
    with pytest.raises(ValueError, match="malformed record JSON"):
        read_record("{")
    with pytest.raises(ValueError, match="it has no 'format'"):
        game_of_record({"actions": []})


def test_arle_review_of_a_green_record(tmp_path: Path) -> None:
    s = _game(3, 5, steps=45)
    path = tmp_path / "green.json"
    path.write_text(json.dumps(s.record()), encoding="utf-8")
    r = runner.invoke(app, ["review", str(path), "--json", "--player", "3"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["turns"] == [t.to_dict() for t in review(s.record(), player=2)]
    assert data["summary"]["turns"] == len(data["turns"]) > 0
    r = runner.invoke(app, ["review", str(path), "--all", "--player", "1"])
    assert r.exit_code == 0 and "Every turn" in r.stdout and "Year" in r.stdout
    assert "turns reviewed with greedy" in r.stdout
    for args, message in [(["--player", "4"], "--player must be from 1 to 3, not 4"),
                          (["--bot", "mcts"], "plays Fields of Arle only"),
                          (["--bot", "green-ismcts:nonsense=1"], "unknown option")]:
        r = runner.invoke(app, ["review", str(path), *args])
        assert r.exit_code == 2 and message in r.stderr, (args, r.output)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**s.record(), "chance": [0]}), encoding="utf-8")
    r = runner.invoke(app, ["review", str(bad)])
    assert r.exit_code == 2 and "bad.json: record chance" in r.stderr


def test_arle_replay_of_a_green_record(tmp_path: Path) -> None:
    s = _game(2, 9)
    rec = s.record()
    n = len(rec["actions"])
    path = tmp_path / "green.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    r = runner.invoke(app, ["replay", str(path), "--final"])
    assert r.exit_code == 0, r.output
    flat = " ".join(r.stdout.split())
    assert f"After all {n} actions" in flat and "Winner: Player" in flat
    for q, sc in enumerate(s.scores()):
        assert f"Player {q + 1}: {sc.total} VP" in flat
    # stepping: each position as the player to move saw it (their hand), or one seat's
    r = runner.invoke(app, ["replay", str(path)], input="n\nj 30\nb\nj 999\nq\n")
    assert r.exit_code == 0, r.output
    assert "Position 1 of" in r.stdout and "[30/" in r.stdout and "[29/" in r.stdout
    assert f"j needs an action number from 0 to {n}" in r.stdout
    assert "Your hand" in r.stdout and "Action 1 was Player" in r.stdout
    r = runner.invoke(app, ["replay", str(path), "--seat", "2"], input="j 12\nq\n")
    assert r.exit_code == 0 and "Player 2 (you)" in r.stdout
    assert "Player 1 (you)" not in r.stdout
    part = tmp_path / "part.json"
    part.write_text(json.dumps(_game(2, 9, steps=20).record()), encoding="utf-8")
    r = runner.invoke(app, ["replay", str(part), "--final"])
    assert r.exit_code == 0 and "stops before the end (year 1)" in " ".join(r.stdout.split())
    r = runner.invoke(app, ["replay", str(path), "--seat", "3"])
    assert r.exit_code == 2 and "--seat must be from 1 to 2" in r.stderr
    import arle
    solo = tmp_path / "arle.json"
    solo.write_text(json.dumps(arle.new_game(players=1, seed=1).record()), encoding="utf-8")
    r = runner.invoke(app, ["replay", str(solo), "--seat", "1"])
    assert r.exit_code == 2 and "--seat is for a game with hidden cards" in r.stderr
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**rec, "format": "arle-green-record-9"}), encoding="utf-8")
    r = runner.invoke(app, ["replay", str(other)])
    assert r.exit_code == 2 and "not an arle game record (its format is" in r.stderr
