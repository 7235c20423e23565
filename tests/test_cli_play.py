"""``arle play`` driven end to end, as a person would: through a pseudo-terminal.

The games run in a child process (``python -m arle.cli.main play``) with ``TERM=dumb``,
so rich prints plain text 80 columns wide that the tests can match.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest
from typer.testing import CliRunner

import arle
from arle.bots import get
from arle.cli.main import app
from arle.scoring import CATEGORY_NAMES

SRC = Path(__file__).resolve().parents[1] / "src"
PROMPT = "Player 1> "


def env() -> dict[str, str]:
    e = dict(os.environ, TERM="dumb", PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
    e.pop("COLUMNS", None)   # the pseudo-terminal gives the size (an xdist worker,
    e.pop("LINES", None)     # whose readline set both, must not pass its own on)
    e.pop("NO_COLOR", None)
    return e


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "arle.cli.main", "play", *args], cwd=str(cwd),
                          env=env(), encoding="utf-8", dimensions=(60, 120), timeout=20)
    return child


def run_piped(*args: str, input_text: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arle.cli.main", "play", *args],
                          input=input_text, capture_output=True, text=True, cwd=str(cwd),
                          env=env(), timeout=60)


def record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def answer(child: pexpect.spawn, line: str, prompt: str = PROMPT) -> str:
    """Type a line, wait for the next prompt, return what was printed in between."""
    child.sendline(line)
    child.expect_exact(prompt)
    return str(child.before)


def listing(screen: str) -> str:
    """The decision line and the numbered actions at the end of a screen."""
    start = screen.rindex("Player 1: ")
    return re.sub(r"\s+", " ", screen[start:]).strip()


def test_solo_game_by_pty_numbers_notation_errors_undo_save_and_resume(tmp_path: Path) -> None:
    child = spawn("--players", "1", "--seed", "5", "--view", "full", cwd=tmp_path)
    child.expect_exact("seed 5")
    child.expect_exact(PROMPT)
    first = str(child.before)
    assert "Half year 1 of 9" in first and "Fisherman  free" in first
    assert "1. place fisherman" in first

    # A number: action 1 is the Fisherman; its sub-decision follows.
    out = answer(child, "1")
    assert "Player 1: place fisherman" in out
    assert "take one animal (sheep) or none" in out
    # An action's notation text, in any case and spacing.
    out = answer(child, "  Take   SHEEP ")
    assert "Player 1: take sheep" in out
    assert "Fisherman  [P1]" in out
    out = answer(child, "place woodcutter")
    assert "Player 1: place woodcutter" in out

    # Wrong inputs: a clear error, nothing applied, no new screen.
    for wrong, message in (("place nowhere", "is not a legal action now (nothing changed)"),
                           ("fly away", "is not a legal action now (nothing changed)"),
                           ("0", "there is no action number 0"),
                           ("999", "there is no action number 999")):
        out = answer(child, wrong)
        assert message in out
        assert "Half year" not in out
    out = answer(child, "save one.json")
    assert "Saved the game record to one.json" in out
    assert record(tmp_path / "one.json")["actions"] == [
        "place fisherman", "take sheep", "place woodcutter"]

    # help explains the pending decision and the notation.
    out = answer(child, "help")
    assert "place one of your workers" in out.lower()
    assert "NOTATION.md" in out

    # In solo, undo takes back exactly one decision.
    out = answer(child, "undo")
    assert "Took back 1 decision(s): place woodcutter" in out
    assert "Woodcutter  free" in out
    before_quit = listing(out)
    out = answer(child, "save two.json")
    assert record(tmp_path / "two.json")["actions"] == ["place fisherman", "take sheep"]
    assert record(tmp_path / "two.json")["setup"]["seed"] == 5

    child.sendline("quit")
    child.expect_exact("Leaving the game at half year 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    # Resume: same half year, same pending decision, same numbered actions.
    child = spawn("--load", "two.json", "--view", "full", cwd=tmp_path)
    child.expect_exact("Resuming two.json: 2 decisions replayed, half year 1")
    child.expect_exact(PROMPT)
    resumed = str(child.before)
    assert "Half year 1 of 9" in resumed
    assert "Fisherman  [P1]" in resumed and "Woodcutter  free" in resumed
    assert listing(resumed) == before_quit
    assert "place a worker on a free action space (1 of yours" in before_quit
    out = answer(child, "place woodcutter")
    out = answer(child, "save three.json")
    assert record(tmp_path / "three.json")["actions"] == [
        "place fisherman", "take sheep", "place woodcutter"]
    # End of input leaves cleanly.
    child.sendeof()
    child.expect_exact("End of input: leaving the game at half year 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_bot_against_bot_runs_to_the_scoring_pad(tmp_path: Path) -> None:
    child = spawn("--players", "2", "--seats", "bot:random,bot:random", "--seed", "3",
                  cwd=tmp_path)
    child.expect(pexpect.EOF)
    out = str(child.before)
    child.close()
    assert child.exitstatus == 0
    assert "Player 1: random bot, Player 2: random bot" in out
    assert "(random bot): place " in out
    assert "Half year 9: Summer" in out
    assert "Final scoring pad" in out
    for name in CATEGORY_NAMES.values():
        assert name in out
    assert re.search(r"^Winner: Player [12] (with|\(wins the tie)", out, re.M)
    assert "Player 1> " not in out  # no seat asked for input


def test_same_seed_same_bot_game(tmp_path: Path) -> None:
    args = ("--players", "2", "--seats", "bot:random,bot:random", "--seed", "8")
    a = run_piped(*args, input_text="", cwd=tmp_path)
    b = run_piped(*args, input_text="", cwd=tmp_path)
    assert a.returncode == b.returncode == 0
    assert a.stdout == b.stdout


def test_solo_bot_game_is_compared_with_the_benchmark(tmp_path: Path) -> None:
    r = run_piped("--seats", "bot:random", "--seed", "4", input_text="", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Final score: " in r.stdout and "110 VP" in r.stdout


def test_piped_input_and_end_of_input(tmp_path: Path) -> None:
    r = run_piped("--seed", "5", input_text="1\ntake none\nplace nowhere\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Player 1: place fisherman" in r.stdout
    assert "Player 1: take none" in r.stdout
    assert "'place nowhere' is not a legal action now" in r.stdout
    assert r.stdout.rstrip().endswith(
        "End of input: leaving the game at half year 1 (unsaved changes are lost).")


def test_two_player_undo_takes_back_own_decisions_only(tmp_path: Path) -> None:
    # seed 1: find the start player from the first screen, then play three placements.
    lines = "\n".join([
        "place woodcutter",      # start player
        "place clay_worker",     # the other player
        "place fisherman",       # start player again; a sheep decision follows
        "undo",                  # back to before the Fisherman
        "undo",                  # nothing of this player's since the other's decision
        "save g.json",
    ]) + "\n"
    r = run_piped("--players", "2", "--seed", "1", input_text=lines, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Took back 1 decision(s): place fisherman" in r.stdout
    assert "nothing to undo" in r.stdout
    assert record(tmp_path / "g.json")["actions"] == ["place woodcutter", "place clay_worker"]


def test_undo_after_a_sub_decision_takes_back_the_whole_turn(tmp_path: Path) -> None:
    lines = "\n".join(["place woodcutter", "place fisherman", "take none", "place farmer",
                       "undo", "save g.json"]) + "\n"
    r = run_piped("--players", "2", "--seed", "1", input_text=lines, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    # place woodcutter (A), place fisherman + take none (B), place farmer (A): A undoes
    # only its Farmer; B's two decisions stay.
    assert record(tmp_path / "g.json")["actions"] == [
        "place woodcutter", "place fisherman", "take none"]


def test_human_against_bot(tmp_path: Path) -> None:
    r = run_piped("--players", "2", "--seats", "human,bot:random", "--seed", "2",
                  input_text="place woodcutter\nsave g.json\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Player 2 (random bot): " in r.stdout
    actions = record(tmp_path / "g.json")["actions"]
    assert "place woodcutter" in actions
    assert len(actions) >= 2  # the bot moved too


@pytest.mark.parametrize("args,message", [
    (("--players", "2", "--seats", "human"), "names 1 seat(s) for 2 player(s)"),
    (("--seats", "bot:nobody"), "unknown bot 'nobody' (known bots: "),
    (("--seats", "robot"), "use 'human' or 'bot:NAME'"),
    (("--seats", "human,human,human"), "3 players need the Tea & Trade expansion (--expansion tea-and-trade)"),
    (("--seats", "human,human,human,human"), "a game has 1 to 3 players"),
    (("--seats", "human,bot:random:depth=2,x=1"), "the random bot takes only the option by=action|verb"),
    (("--buildings", "castle"), "unknown building id 'castle'"),
    (("--load", "missing.json"), "missing.json: no such file"),
    (("--load", "bad.json"), "bad.json: malformed record JSON"),
    (("--load", "illegal.json"), "record action 0 ('place nowhere')"),
    (("--load", "illegal.json", "--seed", "3"), "--load takes the setup from the record"),
])
def test_refused_options_exit_2(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    setup = {"players": 1, "seed": 1, "buildings": "first-game", "promos": False}
    (tmp_path / "illegal.json").write_text(json.dumps(
        {"format": "arle-record-1", "setup": setup, "actions": ["place nowhere"]}),
        encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        r = CliRunner().invoke(app, ["play", *args], input="")
    finally:
        os.chdir(cwd)
    assert r.exit_code == 2
    assert message in r.stderr
    assert r.stdout == ""


def test_explicit_building_list_and_promos(tmp_path: Path) -> None:
    r = run_piped("--seed", "1", "--promos", "--buildings",
                  "workshop,novices_hut,peat_fired_brickworks,mill,peat_power_plant",
                  input_text="place builder\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "build peat_power_plant" not in r.stdout  # too dear at the start
    assert "build workshop (Workshop, 1 VP)" in r.stdout


def test_human_finishes_a_game_sees_the_pad_and_saves_it(tmp_path: Path) -> None:
    s = arle.new_game(players=1, seed=9)
    bot = get("random", seed=9)
    while not s.is_terminal():
        s.apply(bot.choose(s))
    rec = s.record()
    last = rec["actions"][-1]
    rec["actions"] = rec["actions"][:-1]
    (tmp_path / "almost.json").write_text(json.dumps(rec), encoding="utf-8")
    r = run_piped("--load", "almost.json", input_text=f"{last}\nhelp\nsave end.json\n",
                  cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Final scoring pad" in r.stdout
    for name in CATEGORY_NAMES.values():
        assert name in r.stdout
    total = s.scores()[0].total
    shown = str(int(total)) if total == int(total) else str(total)
    assert f"Final score: {shown} VP" in r.stdout
    assert "the game is over: only save FILE or quit remain" in r.stdout
    assert record(tmp_path / "end.json") == {**s.record(), "seats": ["human"]}


def test_seat_specs_keep_bot_options_together() -> None:
    from arle.cli.play import split_seats
    assert split_seats("human, bot:random") == ["human", "bot:random"]
    assert split_seats("bot:x:a=1,b=2,human") == ["bot:x:a=1,b=2", "human"]
    assert split_seats("human,bot:x:a=1,b=2") == ["human", "bot:x:a=1,b=2"]


def test_players_follow_the_seats(tmp_path: Path) -> None:
    r = run_piped("--seats", "bot:random,bot:random", "--seed", "6", input_text="",
                  cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "New game for 2 player(s), seed 6" in r.stdout


def test_hint_names_a_bots_choice_and_changes_nothing(tmp_path: Path) -> None:
    child = spawn("--players", "1", "--seed", "5", cwd=tmp_path)
    child.expect_exact(PROMPT)
    s = arle.new_game(players=1, seed=5)
    expected = get("greedy", seed=0).choose(s)
    out = answer(child, "hint greedy")
    m = re.search(r"Hint \(greedy\): (\d+)\. (.+)", out)
    assert m is not None, out
    assert m.group(2).strip() == str(expected)
    out = re.sub(r"\s+", " ", answer(child, "hint nobody"))
    assert "unknown bot 'nobody'" in out and "nothing changed" in out
    out = answer(child, "hint mcts:sims=3")
    assert "Hint (mcts:sims=3): " in out
    # the hinted number is the action it names: taking it plays that action
    out = answer(child, m.group(1))
    assert f"Player 1: {expected}" in out
    child.sendline("quit!")
    child.expect(pexpect.EOF)


def test_rule_choose_cells_lets_a_base_game_pick_the_cells() -> None:
    """``--rule choose_cells``: the base game asks each tile's cell too (cosmetic there)."""
    r = CliRunner().invoke(app, ["play", "--rule", "choose_cells", "--seats", "bot:greedy",
                                 "--seed", "3", "--view", "compact"], input="")
    assert r.exit_code == 0, r.output
    assert re.search(r": cell [0-6],[0-2]", r.output)      # the bot's cell choices
    off = CliRunner().invoke(app, ["play", "--seats", "bot:greedy", "--seed", "3",
                                   "--view", "compact"], input="")
    assert off.exit_code == 0 and not re.search(r": cell [0-6],[0-2]", off.output)


@pytest.mark.parametrize("args, message", [
    (["--rule", "bogus"], "unknown rules option 'bogus'"),
    (["--rule", "choose_cells=maybe"], "expected NAME, NAME=on or NAME=off"),
    (["--rule", "=on"], "expected NAME, NAME=on or NAME=off"),
    (["--load", "x.json", "--rule", "choose_cells"], "leave out --seed"),
])
def test_bad_rules_are_refused(args: list[str], message: str) -> None:
    r = CliRunner().invoke(app, ["play", "--seats", "bot:random", *args], input="")
    assert r.exit_code != 0 and message in r.output


def test_a_solo_hint_asks_the_planner_and_keeps_it_for_the_game(monkeypatch: Any) -> None:
    """issue 33: the solo hint is the planner's; one planner answers every hint of the
    game (its best line carries over)."""
    import io

    from rich.console import Console

    import arle.cli.play as play
    from arle.bots.plan import PlanBot
    assert play.SOLO_HINT_BOT == "plan:time=2"
    monkeypatch.setattr(play, "SOLO_HINT_BOT", "plan:playouts=2")   # quicker, the same path
    s = arle.new_game(players=1, seed=5)
    out = io.StringIO()
    session = play.Session(s.clone(), play.parse_seats("human", 1, 5),
                           Console(file=out, width=120))
    session.hint(play.SOLO_HINT_BOT)
    planner = session._planner
    assert isinstance(planner, PlanBot)
    assert "Hint (plan:playouts=2): " in out.getvalue()
    session.hint(play.SOLO_HINT_BOT)
    assert session._planner is planner
    assert session.state == s                     # asking changes nothing


def test_the_planner_takes_solo_seats_only() -> None:
    from arle.cli.play import parse_seats
    assert parse_seats("bot:plan:playouts=1", 1, 3)[0].bot is not None
    with pytest.raises(ValueError, match="solo games only"):
        parse_seats("human,bot:plan", 2, 3)
