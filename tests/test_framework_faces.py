"""One arena, one tournament and one terminal loop for both games (issue 30): the
framework's schedule, statistics and tables serve Fields of Arle and the second game
alike, and ``arle play`` runs both games on the same loop, each game giving only how it
is shown."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import arle.green as G
from arle.cli import faces
from arle.cli.green_play import GreenSession
from arle.cli.main import app
from arle.framework.arena import Match, MatchResult, play_match, winners_of
from arle.framework.tournament import print_tables, schedule, summarize

runner = CliRunner()


def test_a_round_robin_seats_every_bot_of_either_game() -> None:
    for game in ("arle", "green"):
        ms = schedule(["a", "b", "c"], players=2, games=2, seed=4, game=game)
        assert {frozenset(m.labels) for m in ms} == {frozenset("ab"), frozenset("ac"),
                                                      frozenset("bc")}
        assert all(m.game == game for m in ms)
    # fewer bots than seats: refused unless the game fills the seats in turn
    with pytest.raises(ValueError, match="three-player tournament needs at least three"):
        schedule(["a", "b"], players=3, games=3, seed=0)
    assert [m.specs for m in schedule(["a", "b"], 3, 3, 0, fill=True)] == [
        ("a", "b", "a"), ("a", "a", "b"), ("b", "a", "a")]


def test_the_arena_plays_the_second_game_and_records_shared_wins() -> None:
    m = Match(0, 5, 3, ("random", "greedy", "ismcts:dets=1,prune=2,steps=1"),
              ("r", "g", "i"), (1, 2, 3), "green")
    r = play_match(m)
    s = G.replay(r.record)
    assert s.is_terminal() and r.winners == s.winners() == r.record["winners"]
    assert winners_of(s) == s.winners() and r.record["seats"][2].startswith("bot:ismcts")
    assert list(r.categories[0]) == list(G.SCORE_CATEGORIES)
    with pytest.raises(ValueError, match="plays Fields of Arle only"):
        play_match(Match(0, 5, 2, ("mcts", "random"), ("m", "r"), (1, 2), "green"))


def _result(index: int, labels: tuple[str, ...], scores: list[float],
            winners: list[int]) -> MatchResult:
    cats = [{"x": sc, "y": 1.0} for sc in scores]
    return MatchResult(index, index, labels, scores, cats, winners[0], [2] * len(labels),
                       [1.0] * len(labels), winners=winners)


def test_a_shared_win_is_split_and_every_row_is_in_the_tables() -> None:
    labels = ["a", "b", "c"]
    results = [_result(0, ("a", "b"), [5, 5], [0, 1]), _result(1, ("b", "c"), [1, 2], [1]),
               _result(2, ("c", "a"), [3, 3], [0, 1])]
    st = summarize(labels, results, players=2)
    assert [st[x].wins for x in labels] == [1.0, 0.5, 1.5]
    assert st["a"].to_json()["wins"] == 1 and st["b"].to_json()["wins"] == 0.5
    out = io.StringIO()
    print_tables(Console(file=out, width=100), labels, st, "T", {"x": "Ex"}, "note",
                 win_rate=True)
    text = out.getvalue()
    assert all(f" {x} " in text for x in labels) and "Ex" in text and " y " in text
    assert "Win rate" in text and "note" in text


def test_both_games_are_offered_through_their_entries() -> None:
    assert {"arle", "green"} <= set(faces.GAMES)
    with pytest.raises(ValueError, match="--game chess: use arle or green"):
        faces.get("chess")


def test_the_green_tournament_seats_a_third_bot_too() -> None:
    r = runner.invoke(app, ["tournament", "--game", "green", "--players", "2", "--bots",
                            "random,greedy,random", "--games", "2", "--json",
                            "--no-progress"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["game"] == "green" and out["players"] == 2 and out["games"] == 6
    assert [b["games"] for b in out["bots"].values()] == [4, 4, 4]
    r = runner.invoke(app, ["tournament", "--players", "2", "--bots", "random,random",
                            "--games", "2", "--no-progress"])
    assert r.exit_code == 0 and "random#1" in r.stdout and "random#2" in r.stdout


def test_the_second_game_gets_the_loops_quit_question_and_the_save_at_the_end(
        tmp_path: Path) -> None:
    args = ["play", "--game", "green", "--seats", "human,bot:random", "--seed", "2"]
    r = runner.invoke(app, args, input="1\nundo\nquit\nn\nquit!\n")
    assert r.exit_code == 0, r.output
    assert "Unsaved changes since the last save" in r.output
    assert "Not leaving" in r.output and "unsaved changes are lost" in r.output
    assert "Took back" not in r.output and "nothing changed" in r.output   # no undo here
    # a game played to its end by a bot on behalf of the one person is saved afterwards
    import arle.framework.loop as loop
    s = G.new_game(players=2, seed=3)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    record = s.record()
    record["seats"] = ["human", "bot:random"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    r = runner.invoke(app, ["play", "--game", "green", "--load", str(path)],
                      input=f"save {tmp_path / 'again.json'}\n\n")
    assert r.exit_code == 0, r.output
    assert "The game is over." in r.output and "Type save FILE" in r.output
    assert G.replay(json.loads((tmp_path / "again.json").read_text())) == s
    assert loop.GameSession.undo_allowed and not GreenSession.undo_allowed


def test_only_a_game_that_hides_information_passes_the_screen() -> None:
    r = runner.invoke(app, ["play", "--seats", "human,human", "--seed", "1"], input="1\n")
    assert r.exit_code == 0 and "Pass to" not in r.output
    r = runner.invoke(app, ["play", "--game", "green", "--seats", "human,human", "--seed",
                            "1"], input="\n1\n")
    assert r.exit_code == 0 and "=== Pass to Player" in r.output
