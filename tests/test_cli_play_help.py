"""``help NAME`` in ``arle play`` (through a pseudo-terminal, as in test_cli_play.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect

from test_cli_play import PROMPT, answer, record, spawn


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_help_name_explains_and_changes_nothing(tmp_path: Path) -> None:
    child = spawn("--players", "1", "--seed", "5", "--buildings", "random", cwd=tmp_path)
    child.expect_exact(PROMPT)
    assert "help NAME" in flat(str(child.before))
    answer(child, "place woodcutter")

    out = flat(answer(child, "help Potter's Inn"))
    assert "Potter's Inn (blue building, id potters_inn)" in out
    assert "Cost: 9 Food + 2 different building materials" in out
    assert "VP: 5" in out and "Pottery Wheel" in out
    assert "Half year" not in out                 # no new screen: nothing happened

    out = flat(answer(child, "help lutetsburg castle"))
    assert "Lütetsburg Castle (red building" in out
    out = flat(answer(child, "HELP grocer"))
    assert "Grocer (Summer)" in out and "Grocer (Winter)" in out
    out = flat(answer(child, "help bremen"))
    assert "Bremen (travel destination" in out and "fits on: Horse Cart, Droshky" in out

    out = flat(answer(child, "help peat cutting"))
    assert "Error: no game element is called 'peat cutting'" in out
    assert "nearest: peat_cutter" in out and "nothing changed" in out

    # Plain help keeps explaining the pending decision.
    out = answer(child, "help")
    assert "place one of your workers" in out.lower()

    answer(child, "save after.json")
    assert record(tmp_path / "after.json")["actions"] == ["place woodcutter"]
    child.sendline("quit")
    child.expect_exact("Leaving the game at half year 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
