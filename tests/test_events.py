"""The game log's automatic steps (arle.view.apply_logged): every inventory step the
engine carries out by itself that changes a player's goods, animals or dikes is
reported in words, on the terminal and in the web log; the apply itself is unchanged."""

from __future__ import annotations

from typing import Any

import pexpect
import pytest
from typer.testing import CliRunner

import arle
from arle.actions import IllegalActionError
from arle.bots.greedy import GreedyBot
from arle.cli.main import app
from arle.data.texts import AUTO_STEPS
from arle.engine import core
from arle.view import Event, apply_logged


def _logged_game(seed: int, players: int = 1, **kw: Any) -> tuple[arle.State, list[Event]]:
    s = arle.new_game(players=players, seed=seed, **kw)
    bots = [GreedyBot(seed=seed + i) for i in range(players)]
    events: list[Event] = []
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        events += apply_logged(s, bots[p].choose(s))
    return s, events


def test_logging_changes_nothing_in_the_game() -> None:
    logged, events = _logged_game(4)
    plain = arle.replay(dict(logged.record(), actions=[]))
    for text in logged.record()["actions"]:
        plain.apply(text)
    assert plain == logged and events
    assert core.TRACE == []


def test_each_november_harvest_is_the_fields_and_forests() -> None:
    s = arle.new_game(players=1, seed=4)
    bot = GreedyBot(seed=4)
    while not s.is_terminal():
        before = s.clone()
        events = apply_logged(s, bot.choose(s))
        for e in events:
            assert e.step in AUTO_STEPS and e.player == 0 and e.changes
            assert e.text.startswith(AUTO_STEPS[e.step].capitalize()[:1])
        harvest = [e for e in events if e.step == "harvest"]
        if harvest:
            g = before.players[0].grid
            want = {"grain": g.count("field_grain"), "flax": g.count("field_flax"),
                    "wood": g.count("forest")}
            assert dict(harvest[0].changes) == {k: n for k, n in want.items() if n}


def test_the_inventory_steps_of_a_two_player_game_name_both_players() -> None:
    _s, events = _logged_game(6, players=2)
    steps = {e.step for e in events}
    assert {"milk", "harvest", "shear"} <= steps     # newborns: when no choice is asked
    assert {e.player for e in events} == {0, 1}
    assert all(f"Player {e.player + 1} " in e.text for e in events)


def test_an_illegal_action_logs_nothing_and_changes_nothing() -> None:
    s = arle.new_game(players=1, seed=1)
    before = s.clone()
    with pytest.raises(IllegalActionError):
        apply_logged(s, "place nowhere")
    assert s == before and core.TRACE == []


def test_the_terminal_shows_the_steps_under_the_move() -> None:
    r = CliRunner().invoke(app, ["play", "--seats", "bot:greedy", "--seed", "4",
                                 "--view", "compact"], input="")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    i = next(k for k, line in enumerate(lines) if line.strip().startswith("Harvest: Player 1"))
    assert lines[i - 1].strip().startswith("Milking: Player 1") or \
        lines[i - 1].startswith("Player 1 (greedy bot):")


def test_the_terminal_log_at_a_real_terminal(tmp_path: Any) -> None:
    """pexpect: a person playing against a bot sees the inventory's harvest and milking
    in words among the moves, with the player named."""
    from test_cli_play import spawn
    child = spawn("--players", "2", "--seats", "bot:greedy,bot:greedy", "--seed", "4",
                  "--view", "compact", cwd=tmp_path)
    child.timeout = 120
    child.expect(r"Harvest: Player [12] \+")
    child.expect(r"(Milking|Harvest|Shearing|Newborn animals): Player [12] \+")
    child.expect(pexpect.EOF)
    child.close()
