"""``arle replay RECORD.json``: the final position, stepping, and refused records."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

import arle
from arle.bots import get
from arle.cli.main import app
from arle.scoring import CATEGORY_NAMES
from arle.state import State

SRC = Path(__file__).resolve().parents[1] / "src"


def env() -> dict[str, str]:
    e = dict(os.environ, TERM="dumb", PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
    e.pop("COLUMNS", None)   # the pseudo-terminal gives the size (an xdist worker,
    e.pop("LINES", None)     # whose readline set both, must not pass its own on)
    return e


def random_game(players: int, seed: int, stop: int | None = None) -> State:
    s = arle.new_game(players=players, seed=seed)
    bot = get("random", seed=seed)
    while not s.is_terminal() and (stop is None or len(s.record()["actions"]) < stop):
        s.apply(bot.choose(s))
    return s


def write_record(tmp_path: Path, s: State, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(s.record()), encoding="utf-8")
    return path


def run(*args: str, input_text: str = "", cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arle.cli.main", "replay", *args],
                          input=input_text, capture_output=True, text=True, cwd=str(cwd),
                          env=env(), timeout=60)


def test_final_prints_the_end_and_the_scoring_pad(tmp_path: Path) -> None:
    s = random_game(2, 11)
    path = write_record(tmp_path, s)
    r = run(str(path), "--final", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    n = len(s.record()["actions"])
    assert f"After all {n} actions of the record" in r.stdout
    assert "Final scoring pad" in r.stdout
    for name in CATEGORY_NAMES.values():
        assert name in r.stdout
    totals = [sh.total for sh in s.scores()]
    total_row = re.search(r"Total\s*│\s*(-?[\d.]+)\s*│\s*(-?[\d.]+)", r.stdout)
    assert total_row is not None
    assert [float(x) for x in total_row.groups()] == totals
    assert "Score breakdown: Player 1" in r.stdout and "Score breakdown: Player 2" in r.stdout
    w = s.winner()
    assert w is not None
    assert f"Winner: Player {w + 1}" in r.stdout


def test_final_on_an_unfinished_record(tmp_path: Path) -> None:
    s = random_game(1, 4, stop=30)
    path = write_record(tmp_path, s)
    r = run(str(path), "--final", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    flat = " ".join(r.stdout.split())
    assert f"stops before the end (half year {s.half_year}): the scores are estimates" in flat
    assert "Winner" not in r.stdout and "Final score" not in r.stdout


def test_stepping_through_a_pipe(tmp_path: Path) -> None:
    s = random_game(2, 11)
    actions = s.record()["actions"]
    n = len(actions)
    path = write_record(tmp_path, s)
    keys = "n\n\nb\nj 5\nj 999\nb b\nx\nq\nn\n"
    r = run(str(path), input_text=keys, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    shown = re.findall(r"Position (\d+) of (\d+)", r.stdout)
    assert shown == [("0", str(n)), ("1", str(n)), ("2", str(n)), ("1", str(n)),
                     ("5", str(n))]
    assert f"Action 5 was Player " in r.stdout and f": {actions[4]}" in r.stdout
    assert f"Next, action 6: Player " in r.stdout
    assert f"j needs an action number from 0 to {n}" in r.stdout
    assert "unknown key 'b b'" in r.stdout and "unknown key 'x'" in r.stdout
    # q ended the replay: the last "n" was never read.
    assert r.stdout.rstrip().endswith("q")


def test_ends_of_the_record_and_end_of_input(tmp_path: Path) -> None:
    s = random_game(1, 2, stop=3)
    path = write_record(tmp_path, s)
    r = run(str(path), input_text="b\nj 3\nn\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Already at the setup (position 0)" in r.stdout
    assert "End of the record." in r.stdout
    assert "Already at the end of the record (action 3)" in r.stdout


def test_stepping_through_a_pty(tmp_path: Path) -> None:
    s = random_game(1, 6, stop=12)
    n = len(s.record()["actions"])
    path = write_record(tmp_path, s)
    child = pexpect.spawn(sys.executable, ["-m", "arle.cli.main", "replay", str(path)],
                          cwd=str(tmp_path), env=env(), encoding="utf-8",
                          dimensions=(60, 120), timeout=20)
    child.expect_exact(f"[0/{n}]> ")
    child.sendline("")
    child.expect_exact(f"Position 1 of {n}")
    child.expect_exact(f"[1/{n}]> ")
    child.sendline("j 10")
    child.expect_exact(f"Position 10 of {n}")
    child.expect_exact(f"[10/{n}]> ")
    child.sendline("b")
    child.expect_exact(f"[9/{n}]> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("content,message", [
    ("{not json", "malformed record JSON"),
    ('{"actions": []}', "not an arle game record"),
    ('{"format": "arle-record-1", "setup": {"players": 1}, "actions": []}',
     "malformed record"),
    ('{"format": "arle-record-1", "setup": {"players": 1, "seed": 1, '
     '"buildings": "first-game", "promos": false}, "actions": ["place woodcutter", '
     '"place woodcutter"]}', "record action 1 ('place woodcutter')"),
])
def test_malformed_or_illegal_records_are_refused(tmp_path: Path, content: str,
                                                  message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    for extra in ((), ("--final",)):
        r = CliRunner().invoke(app, ["replay", str(path), *extra], input="n\n")
        assert r.exit_code == 2
        assert r.stderr.startswith("arle replay: ")
        assert message in r.stderr
        assert r.stdout == ""
    assert path.read_text(encoding="utf-8") == content


def test_missing_file_is_refused(tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["replay", str(tmp_path / "nowhere.json")])
    assert r.exit_code == 2
    assert "nowhere.json: no such file" in r.stderr
