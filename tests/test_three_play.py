"""Three players (Tea & Trade) in the bots and the terminal: greedy and mcts judge a
position by their own estimate minus the best opponent's, tournaments and self-play
rotate the seats, bench times 3-player games, and ``arle play`` shows three farms."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import arle
import arle.game
from arle.bots import get
from arle.bots.arena import play_match, schedule, summarize, unique_labels
from arle.bots.greedy import value_of
from arle.bots.mcts import MCTSBot, mine, value_vec
from arle.bots.selfplay import plan, selfplay
from arle.cli import render
from arle.cli.main import app
from arle.state import State
from test_cli_play import run_piped

TEA = "tea-and-trade"
runner = CliRunner()


def trio(seed: int = 1) -> State:
    return arle.new_game(players=3, seed=seed, expansion=TEA)


def printed(renderable: object, width: int = 80, height: int = 24) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def played(n: int, seed: int = 2) -> State:
    s = trio(seed)
    bot = get("random", seed=seed)
    for _ in range(n):
        if s.is_terminal():
            break
        s.apply(bot.choose(s))
    return s


# ---------------------------------------------------------------------------
# Bots
# ---------------------------------------------------------------------------
def fake(values: dict[int, float]) -> object:
    return lambda s, p: values[p]


def test_greedy_value_is_own_estimate_minus_the_best_opponent() -> None:
    s = trio()
    ev = fake({0: 10.0, 1: 14.0, 2: 7.0})
    assert value_of(s, 0, ev) == 10.0 - 14.0        # type: ignore[arg-type]
    assert value_of(s, 1, ev) == 14.0 - 10.0        # type: ignore[arg-type]
    assert value_of(s, 2, ev) == 7.0 - 14.0         # type: ignore[arg-type]
    two = arle.new_game(players=2, seed=1)
    assert value_of(two, 1, ev) == 14.0 - 10.0      # type: ignore[arg-type]


def test_mcts_values_one_entry_per_player_with_three() -> None:
    s = trio()
    v = value_vec(s, fake({0: 10.0, 1: 14.0, 2: 7.0}))  # type: ignore[arg-type]
    assert v == (-4.0, 4.0, -7.0)
    assert [mine(v, p) for p in range(3)] == [-4.0, 4.0, -7.0]
    two = value_vec(arle.new_game(players=2, seed=1),
                    fake({0: 10.0, 1: 14.0}))  # type: ignore[arg-type]
    assert two == (-4.0,) and mine(two, 1) == 4.0 and mine(two, 0) == -4.0


@pytest.mark.parametrize("spec", ["greedy", "mcts:sims=4", "mcts:sims=4,backup=max",
                                  "mcts:sims=3,rollout=greedy,depth=1", "random"])
def test_bots_choose_legal_actions_in_three_player_games(spec: str) -> None:
    s = trio(3)
    bot = get(spec, seed=1)
    for _ in range(14):                       # the specialization round, then workers
        a = bot.choose(s)
        assert a in s.legal_actions()
        s.apply(a)
    assert s.half_year == 1 and not s.is_terminal()


def test_mcts_searches_for_the_player_to_move_with_three() -> None:
    s = played(30, seed=4)
    bot = MCTSBot(seed=2, sims=12)
    a = bot.choose(s)
    assert a in s.legal_actions()
    assert bot.last_stats["sims"] >= 2


@pytest.mark.parametrize("opp", [1, 2])
def test_mcts_opp_searches_only_the_opponents_best_edges(opp: int) -> None:
    s = played(30, seed=4)
    bot = MCTSBot(seed=2, sims=30, opp=opp, reuse=0)
    me = s.current_player
    assert bot.choose(s) in s.legal_actions()
    theirs = [nd for nd in bot._table.values() if nd.mover not in (me, None) and nd.n > 1]
    assert theirs, "the search reached no opponent's node twice"
    for nd in theirs:
        visited = [i for i, e in enumerate(nd.edges) if e.child.n > 0]
        assert visited and max(visited) < opp      # only the first opp edges, by prior
    # the same search without the option visits more of an opponent's edges (given
    # simulations enough to go past ``opp`` of them: 30 reach only 2 since the root
    # offers Tea on the Imitate space too)
    wide = MCTSBot(seed=2, sims=60, opp=0, reuse=0)
    wide.choose(s)
    assert any(sum(e.child.n > 0 for e in nd.edges) > opp for nd in wide._table.values()
               if nd.mover not in (me, None))


def test_mcts_opp_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="mcts opp must be auto, 0"):
        get("mcts:opp=-1")
    with pytest.raises(ValueError, match="mcts opp must be auto or a whole number"):
        get("mcts:opp=best")


def test_mcts_opp_auto_is_one_with_three_players_and_backs_up_the_best() -> None:
    """By default an opponent of a 3-player game plays its best edge, so nobody but the
    bot chooses in the tree and the best value below a node is backed up, as in solo;
    two players keep the searched replies and the mean."""
    s = played(30, seed=4)
    bot = MCTSBot(seed=2, sims=12, reuse=0)
    bot.choose(s)
    assert bot.last_stats["opp"] == 1 and bot.last_stats["backup_max"] == 1
    me = s.current_player
    assert all(sum(e.child.n > 0 for e in nd.edges) <= 1 for nd in bot._table.values()
               if nd.mover not in (me, None))
    wide = MCTSBot(seed=2, sims=12, opp=2, reuse=0)
    wide.choose(s)
    assert wide.last_stats["opp"] == 2 and wide.last_stats["backup_max"] == 0
    meaned = MCTSBot(seed=2, sims=12, backup="mean", reuse=0)
    meaned.choose(s)
    assert meaned.last_stats["opp"] == 1 and meaned.last_stats["backup_max"] == 0
    two = arle.new_game(players=2, seed=4)
    duo = MCTSBot(seed=2, sims=12)
    duo.choose(two)
    assert duo.last_stats["opp"] == 0 and duo.last_stats["backup_max"] == 0
    duo1 = MCTSBot(seed=2, sims=12, opp=1)     # two players average even with opp=1
    duo1.choose(two)
    assert duo1.last_stats["opp"] == 1 and duo1.last_stats["backup_max"] == 0
    solo = MCTSBot(seed=2, sims=12)
    solo.choose(arle.new_game(players=1, seed=4))
    assert solo.last_stats["opp"] == 0 and solo.last_stats["backup_max"] == 1


# ---------------------------------------------------------------------------
# Arena, tournaments, self-play, bench
# ---------------------------------------------------------------------------
def test_schedule_rotates_three_seats_fairly() -> None:
    ms = schedule(["mcts", "greedy", "greedy"], 3, 6, seed=10, expansion=TEA)
    labels = unique_labels(["mcts", "greedy", "greedy"])
    assert len(ms) == 6 and all(m.players == 3 and m.expansion == TEA for m in ms)
    for lb in labels:
        seats = [m.labels.index(lb) for m in ms]
        assert sorted(seats) == [0, 0, 1, 1, 2, 2]
    assert [m.seed for m in ms] == [10, 10, 10, 11, 11, 11]
    four = schedule(["a", "b", "c", "d"], 3, 3, seed=0, expansion=TEA)
    assert len(four) == 4 * 3                  # every set of three bots


def test_schedule_refuses_three_players_without_the_expansion_or_bots() -> None:
    with pytest.raises(ValueError, match="tea-and-trade"):
        schedule(["random"] * 3, 3, 3, seed=0)
    with pytest.raises(ValueError, match="three bots"):
        schedule(["random", "greedy"], 3, 3, seed=0, expansion=TEA)
    with pytest.raises(ValueError, match="1, 2 or 3"):
        schedule(["random"] * 4, 4, 3, seed=0, expansion=TEA)


def test_three_player_match_wins_follow_the_engine() -> None:
    ms = schedule(["random", "random", "random"], 3, 3, seed=5, expansion=TEA)
    results = [play_match(m) for m in ms]
    for m, r in zip(ms, results):
        end = arle.replay(r.record)
        assert end.is_terminal() and end.winner() == r.winner
        assert len(r.scores) == 3 and r.record["setup"]["expansion"] == TEA
        assert end.half_year == 7
    stats = summarize(unique_labels(["random"] * 3), results, 3)
    assert sum(st.wins for st in stats.values()) == 3
    assert all(st.games == 3 for st in stats.values())


def test_tournament_cli_three_players() -> None:
    res = runner.invoke(app, ["tournament", "--players", "3", "--expansion", TEA,
                              "--bots", "random,random,greedy:noise=1", "--games", "3",
                              "--json", "--no-progress"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["games"] == 3
    assert sum(b["wins"] for b in out["bots"].values()) == 3
    assert all(b["games"] == 3 for b in out["bots"].values())
    res = runner.invoke(app, ["tournament", "--players", "3", "--bots", "random,random,random"])
    assert res.exit_code == 2 and "needs --expansion tea-and-trade" in res.output


def test_selfplay_three_players_rotates_seats_and_resumes(tmp_path: Path) -> None:
    ms = plan(["random", "greedy", "greedy"], 3, 3, seed=2, expansion=TEA)
    assert [m.specs for m in ms][0] == ("random", "greedy", "greedy")
    assert [m.specs.index("random") for m in ms] == [0, 2, 1]
    with pytest.raises(ValueError, match="tea-and-trade"):
        plan(["random"], 3, 1, seed=0)
    out = tmp_path / "g3"
    m = selfplay(["random"], players=3, games=2, seed=1, out=str(out), expansion=TEA)
    assert m["played"] == 2 and m["args"]["expansion"] == TEA
    again = selfplay(["random"], players=3, games=2, seed=1, out=str(out), expansion=TEA)
    assert again["kept"] == 2 and again["played"] == 0
    with pytest.raises(ValueError, match="another self-play run"):
        selfplay(["random"], players=2, games=2, seed=1, out=str(out))
    res = runner.invoke(app, ["selfplay", "--bots", "random", "--players", "3", "--expansion",
                              TEA, "--games", "1", "--out", str(tmp_path / "cli"),
                              "--no-progress"])
    assert res.exit_code == 0, res.output
    rec = json.loads((tmp_path / "cli" / "game-00000.json").read_text(encoding="utf-8"))
    assert rec["setup"]["players"] == 3 and len(rec["scores"]) == 3


def test_bench_three_players() -> None:
    res = runner.invoke(app, ["bench", "--players", "3", "--expansion", TEA, "--games", "1",
                              "--repeats", "1", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["players"] == 3 and out["us_per_decision"] > 0
    assert out["two_players"]["decisions_per_game"] > 0 and out["ratio"] > 0
    res = runner.invoke(app, ["bench", "--players", "3"])
    assert res.exit_code == 2 and "needs --expansion tea-and-trade" in res.output
    res = runner.invoke(app, ["bench", "--players", "4", "--expansion", TEA])
    assert res.exit_code == 2 and "1, 2 or 3" in res.output


def test_game_protocol_offers_three_players() -> None:
    assert arle.game.FIELDS_OF_ARLE.max_players == 3


# ---------------------------------------------------------------------------
# The terminal
# ---------------------------------------------------------------------------
def test_seven_half_years_and_the_three_player_board() -> None:
    s = trio()
    assert "Half year 1 of 7" in printed(render.season_line(s), 120)
    assert "Half year 1/7" in printed(render.compact_header(s), 120)
    nine = arle.new_game(players=3, seed=1, expansion=TEA,
                         options={"three_player_nine_half_years": True})
    assert "Half year 1 of 9" in printed(render.season_line(nine), 120)
    board = printed(render.action_board(s), 140)
    for name in ("Imitate 1 (1 Food)", "Imitate 3", "Grandmother", "Driver",
                 "Woodcutter (Winter)", "Laborer (Summer, 3 players) (2 Food)",
                 "Special Actions 0/2 taken"):
        assert name in board, name
    assert "Laborer (Summer)  " not in board and "Laborer (Summer) (2" not in board
    assert render.season_spaces(s, 0).count("imitate_1") == 1


def test_special_actions_and_imitate_cost_on_the_board() -> None:
    s = played(0)
    while any(a.verb == "specialize" or a.verb == "pay" for a in s.legal_actions()):
        s.apply(s.legal_actions()[0])
    other = next(str(a) for a in s.legal_actions() if a.verb == "place"
                 and render.space_season(s, str(a.args[0])) != s.season)
    s.apply(other)
    while s.pending().kind != "place":
        s.apply(s.legal_actions()[0])
    board = printed(render.action_board(s), 160)
    assert "Special Actions 1/2 taken by Player" in board
    assert "Imitate 1 (1 Food)" in board


def test_specialization_choices_are_labelled_and_helped() -> None:
    s = trio()
    labels = [render.action_label(a, s) for a in s.legal_actions()]
    assert any(x.startswith("specialize spades (Spades 3→5 free; each other player gets 1 "
                            "Wood)") for x in labels), labels
    assert any(", 1 VP, at double cost: 2 x (" in x for x in labels), labels
    shorts = [render.short_label(a, s) for a in s.legal_actions()]
    assert "specialize workbenches (Workbenches 2→3; others get 2 Clay)" in shorts
    assert "specialize" in render.decision_help(s) and "double cost" in render.decision_help(s)
    assert "imitate SPACE" in render.notation_basics(True, True)


def test_three_farms_fit_80_columns_and_the_compact_screen_fits_80x24() -> None:
    for n in (0, 12, 60, 150, 260):
        s = played(n, seed=6)
        strip = printed(render.farms_strip(s), 80, 60)
        lines = strip.splitlines()
        assert max(len(x) for x in lines) <= 80
        assert len(lines) <= 24
        for p in range(3):
            assert render.player_name(p) in lines[0]
        if s.is_terminal():
            continue
        body, order = render.compact_screen(s, width=80, height=24)
        out = printed(body, 80, 24).splitlines()
        assert len(out) <= 23 and max(len(x) for x in out) <= 80
        assert order == [a for _, acts in render.group_actions(s) for a in acts]
        others = [x for x in out if x.startswith("Player ") and "VP est." in x]
        assert len(others) == 2


def test_full_screen_shows_three_farms() -> None:
    s = played(40, seed=7)
    narrow, _ = render.screen(s, show_actions=True, width=120)
    text = printed(narrow, 120, 200)
    assert "Player 1" in text and "Player 2" in text and "Player 3" in text
    assert text.count("Goods track:") == 1          # the mover's panel, the others' strip
    wide, _ = render.screen(s, show_actions=True, width=260)
    assert printed(wide, 260, 400).count("Goods track:") == 3


def test_play_three_players_piped(tmp_path: Path) -> None:
    r = run_piped("--players", "3", "--expansion", TEA, "--seats", "human,bot:random,bot:random",
                  "--seed", "3", "--view", "compact",
                  input_text="1\nfarms\nhelp\nboard\nsave g.json\nquit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Player 2: random bot, Player 3: random bot" in out or "Player 1: human" in out
    assert "specialize" in out and "Imitate" in out and "Half year 1/7" in out
    assert "Three players: 'specialize" in out and "Before half year 1" in out
    rec = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert rec["setup"]["players"] == 3 and rec["seats"][0] == "human"
    r = run_piped("--load", "g.json", input_text="quit\n", cwd=tmp_path)
    assert r.returncode == 0 and "Resuming g.json" in r.stdout


def test_play_refuses_three_players_without_the_expansion(tmp_path: Path) -> None:
    r = run_piped("--players", "3", input_text="", cwd=tmp_path)
    assert r.returncode == 2 and "3 players need the Tea & Trade expansion (--expansion tea-and-trade)" in r.stderr
    r = run_piped("--seats", "human,human,human,human", "--expansion", TEA, input_text="",
                  cwd=tmp_path)
    assert r.returncode == 2 and "1 to 3 players" in r.stderr


def test_evaluation_counts_the_seven_half_years_of_three_players() -> None:
    from arle.bots.evaluation import half_year, workers_left
    s = trio()
    assert half_year(s) == 3 and half_year(s) % 2 == s.half_year % 2
    assert workers_left(s, 0)[1] == 4 * (7 - 1)
    nine = arle.new_game(players=3, seed=1, expansion=TEA,
                         options={"three_player_nine_half_years": True})
    assert half_year(nine) == 1
    assert half_year(arle.new_game(players=2, seed=1)) == 1
