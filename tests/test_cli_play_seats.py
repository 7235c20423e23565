"""``arle play`` against bots: saved games keep their seats, and undo takes back the bots'
replies with the player's own last decision (issue: what players of online games expect)."""

from __future__ import annotations

import json
from pathlib import Path

import arle
from test_cli_play import record, run_piped


def _human_first_seed() -> int:
    """A 2-player seed whose start player is the first seat (the human's)."""
    for seed in range(50):
        if arle.new_game(players=2, seed=seed, buildings="first-game").current_player == 0:
            return seed
    raise AssertionError("no seed found")


def test_a_saved_game_against_a_bot_resumes_with_the_bot(tmp_path: Path) -> None:
    seed = _human_first_seed()
    r = run_piped("--players", "2", "--seats", "human,bot:greedy", "--seed", str(seed),
                  input_text="place woodcutter\nsave g.json\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    saved = record(tmp_path / "g.json")
    assert saved["seats"] == ["human", "bot:greedy"]
    assert saved["actions"][0] == "place woodcutter" and len(saved["actions"]) >= 2
    r = run_piped("--load", "g.json", input_text="place fisherman\ntake none\nsave h.json\n",
                  cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Player 2: greedy bot" in r.stdout
    again = record(tmp_path / "h.json")
    assert again["seats"] == ["human", "bot:greedy"]
    n = len(saved["actions"])
    assert again["actions"][:n] == saved["actions"] and len(again["actions"]) > n + 2
    # --seats given with --load replaces the saved seats.
    r = run_piped("--load", "g.json", "--seats", "human,human", input_text="save k.json\n",
                  cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert record(tmp_path / "k.json")["seats"] == ["human", "human"]


def test_bot_options_survive_the_save(tmp_path: Path) -> None:
    seed = _human_first_seed()
    r = run_piped("--players", "2", "--seats", "human,bot:mcts:sims=5,c=1", "--seed",
                  str(seed), input_text="save g.json\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert record(tmp_path / "g.json")["seats"] == ["human", "bot:mcts:sims=5,c=1"]
    r = run_piped("--load", "g.json", input_text="save h.json\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert record(tmp_path / "h.json")["seats"] == ["human", "bot:mcts:sims=5,c=1"]


def test_bad_seats_in_a_record_are_refused(tmp_path: Path) -> None:
    s = arle.new_game(players=2, seed=1, buildings="first-game")
    for seats, message in ((["human"], "seats names 1 seat(s) for 2 player(s)"),
                           (["human", "robot"], "use 'human' or 'bot:NAME'"),
                           ("human", "seats: expected a list")):
        rec = s.record()
        rec["seats"] = seats
        (tmp_path / "g.json").write_text(json.dumps(rec))
        r = run_piped("--load", "g.json", input_text="", cwd=tmp_path)
        assert r.returncode == 2 and message in r.stderr, r.stderr
        assert "g.json" in r.stderr


def test_undo_against_a_bot_takes_back_its_reply_too(tmp_path: Path) -> None:
    seed = _human_first_seed()
    r = run_piped("--players", "2", "--seats", "human,bot:greedy", "--seed", str(seed),
                  input_text="place woodcutter\nsave a.json\nundo\nsave b.json\nundo\n",
                  cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    before = record(tmp_path / "a.json")["actions"]
    assert before[0] == "place woodcutter" and len(before) >= 2    # the bot answered
    assert f"Took back {len(before)} decision(s): place woodcutter, " in r.stdout
    # Back at the human's first decision; the bot does not move again by itself, and a
    # second undo has nothing of the player's to take back.
    assert record(tmp_path / "b.json")["actions"] == []
    assert "nothing to undo" in r.stdout
