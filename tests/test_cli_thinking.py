"""``arle play`` says when a bot is thinking: on a terminal, "Player N (its bot) is
thinking..." shows while the bot searches, in Fields of Arle and in the second game."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

SRC = Path(__file__).resolve().parents[1] / "src"


@pytest.mark.parametrize("args", [
    ["--players", "2", "--seats", "bot:mcts:sims=200,human", "--seed", "1"],
    ["--game", "green", "--players", "2", "--seats", "bot:ismcts:sims=200,human",
     "--seed", "1"],
])
def test_a_thinking_bot_is_shown_on_a_terminal(args: list[str], tmp_path: Path) -> None:
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=str(SRC),
               PYTHONIOENCODING="utf-8")
    for k in ("COLUMNS", "LINES", "NO_COLOR"):
        env.pop(k, None)
    child = pexpect.spawn(sys.executable, ["-m", "arle.cli.main", "play", *args],
                          cwd=str(tmp_path), env=env, encoding="utf-8",
                          dimensions=(50, 140), timeout=60)
    try:
        for _ in range(5):          # the person answers first where both decide at once
            if child.expect([r"Player 1 \([^)]*bot\) is thinking", r"Player 2> "]) == 0:
                break
            child.sendline("1")
        else:
            pytest.fail("no bot was shown thinking")
    finally:
        child.terminate(force=True)
