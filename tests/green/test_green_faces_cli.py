"""``arle play --game green`` and ``arle tournament --game green``: screens show only
what the seat to move may see, the hot seat hides hands between turns, bots play, saved
games resume, bad options are refused, and tournaments rotate the seats."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import arle.green as G
from arle.cli.green_play import public_text, render_view
from arle.green.arena import green_schedule, green_summary, play_green_match
from arle.green.faces import seat_view


def _env() -> dict[str, str]:
    e = dict(os.environ)
    e.update({"COLUMNS": "240", "NO_COLOR": "1", "TERM": "dumb"})
    return e


def _arle(*args: str, input_text: str = "", cwd: Path | None = None
          ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arle.cli.main", *args], input=input_text,
                          capture_output=True, text=True, env=_env(), timeout=300,
                          cwd=str(cwd) if cwd else None)


def _hand_line(hand: list[str]) -> str:
    return "Your hand: " + (", ".join(c.upper() for c in hand) if hand else "(empty)")


def test_hot_seat_hides_each_hand_until_its_owner_presses_enter() -> None:
    seed, steps = 3, 12
    s = G.new_game(players=3, seed=seed)
    expected: list[tuple[int, list[list[str]]]] = []   # mover, every hand at that point
    for _ in range(steps):
        p = s.current_player
        assert p is not None
        expected.append((p, [list(pl.hand) for pl in s.players]))
        s.apply(s.legal_actions()[0])
    feed = "".join("\n1\n" for _ in range(steps))       # Enter at the pass screen, then 1
    r = _arle("play", "--game", "green", "--players", "3", "--seats", "human,human,human",
              "--seed", str(seed), input_text=feed)
    assert r.returncode == 0, r.stderr
    assert "unofficial" in r.stdout
    parts = re.split(r"=== Pass to Player (\d),", r.stdout)[1:]
    movers = [int(x) - 1 for x in parts[0::2]]
    screens = parts[1::2]
    # a pass screen before every change of person (the same person twice in a row: none)
    changes = [p for i, (p, _) in enumerate(expected) if i == 0 or expected[i - 1][0] != p]
    assert movers[:len(changes)] == changes
    k = 0
    for i, (p, hands) in enumerate(expected):
        if i and expected[i - 1][0] == p:
            continue
        screen = screens[k]
        k += 1
        assert _hand_line(hands[p]) in screen
        for q, h in enumerate(hands):          # nobody else's hand is printed
            if q != p and h and h != hands[p]:
                assert _hand_line(h) not in screen


def test_screens_are_drawn_from_the_seat_view_only() -> None:
    s = G.new_game(players=4, seed=2)
    s.apply(s.legal_actions()[0])
    while s.pending().kind != "pick":
        s.apply(s.legal_actions()[0])
    p = s.current_player
    assert p is not None
    lines = render_view(seat_view(s, p), p)
    assert _hand_line(s.players[p].hand) in lines
    spectator = "\n".join(render_view(seat_view(s, None), None))
    assert "Your hand" not in spectator and "pick " not in spectator
    # another dealing of what seat p cannot see gives the same screen
    from arle.green.infostate import resample_from_infostate
    import random
    other = resample_from_infostate(s, p, random.Random(9))
    assert render_view(seat_view(other, p), p) == lines
    assert public_text("pick f01") == "commits a pick" and public_text("build 1 0") == "build 1 0"


def test_bots_play_to_the_end_and_a_saved_game_resumes(tmp_path: Path) -> None:
    r = _arle("play", "--game", "green", "--seats", "bot:random,bot:green-greedy",
              "--seed", "4")
    assert r.returncode == 0, r.stderr
    assert "The game is over." in r.stdout and "Winner" in r.stdout
    r = _arle("play", "--game", "green", "--players", "2", "--seats", "human,bot:random",
              "--seed", "1", input_text="1\n1\nsave g.json\nquit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    saved = json.loads((tmp_path / "g.json").read_text())
    assert saved["seats"] == ["human", "bot:random"] and len(saved["actions"]) >= 2
    r = _arle("play", "--game", "green", "--load", "g.json", input_text="quit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Resuming g.json" in r.stdout and "Player 2: random bot" in r.stdout


def test_bad_options_are_refused_and_the_arle_game_keeps_its_limits(tmp_path: Path) -> None:
    for args, words in ((("--game", "chess"), "--game chess"),
                        (("--game", "green", "--players", "3", "--seats", "human,human"),
                         "names 2 seat(s) for 3"),
                        (("--game", "green", "--promos"), "not --game green"),
                        (("--game", "green", "--load", "missing.json"), "no such file"),
                        (("--players", "3",), "3 players need the Tea & Trade expansion"),
                        (("--players", "4",), "1 to 3 players"),
                        (("--cards", "x.json"), "--cards is for --game green")):
        r = _arle("play", *args, cwd=tmp_path)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert words in r.stderr, (args, r.stderr)
    r = _arle("play", "--game", "green", "--seats", "human,bot:random", "--seed", "1",
              input_text="build 99 99\n0\nquit\n")
    assert r.returncode == 0 and "nothing changed" in r.stdout


def test_tournament_rotates_the_seats_and_splits_shared_wins() -> None:
    ms = green_schedule(["a", "b"], players=3, games=6, seed=1)
    assert [m.specs for m in ms[:3]] == [("a", "b", "a"), ("a", "a", "b"), ("b", "a", "a")]
    assert [m.seed for m in ms] == [1, 1, 1, 2, 2, 2]
    results = [play_green_match(m) for m in green_schedule(["random", "green-greedy"], 2, 2, 0)]
    stats = green_summary(["random", "green-greedy"], results, 2)
    assert sum(st.wins for st in stats.values()) == 2
    assert all(st.games == 2 for st in stats.values())
    r = _arle("tournament", "--game", "green", "--players", "2", "--bots", "random,random",
              "--games", "2", "--json", "--no-progress")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "green" and out["games"] == 2
    assert sum(b["wins"] for b in out["bots"].values()) == 2
    r = _arle("tournament", "--game", "green", "--players", "5", "--bots", "random,random")
    assert r.returncode == 2 and "1 to 4" in r.stderr


def test_rules_options_reach_the_game_and_its_record(tmp_path: Path) -> None:
    from arle.cli.green_play import green_options
    assert green_options(["token_limits", "action_choice=hidden", "first_player=2"]) == {
        "token_limits": True, "action_choice": "hidden", "first_player": 1}
    r = _arle("play", "--game", "green", "--seats", "human,bot:green-greedy,bot:random",
              "--seed", "3", "--rule", "action_choice=hidden", "--rule", "token_limits",
              "--rule", "first_player=1",
              input_text="1\n1\n1\nsave g.json\nquit\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Options: action_choice=hidden, token_limits=True, first_player=0" in r.stdout
    assert "Token supply left: water" in r.stdout
    assert "Plan your action with" in r.stdout
    assert "Player 2 (green-greedy bot): commits an action" in r.stdout
    saved = json.loads((tmp_path / "g.json").read_text())
    assert saved["setup"]["options"]["action_choice"] == "hidden"
    assert any(a.startswith("plan ") for a in saved["actions"])
    r = _arle("play", "--game", "green", "--load", "g.json", input_text="quit\n", cwd=tmp_path)
    assert r.returncode == 0 and "Resuming g.json" in r.stdout, r.stderr
    s = G.new_game(players=3, seed=3, first_player=0, action_choice="hidden")
    while s.pending().kind != "plan":
        s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    mine = "\n".join(render_view(seat_view(s, 0), 0))
    theirs = "\n".join(render_view(seat_view(s, 1), 1))
    assert f"Your committed action: {s.players[0].plan}" in mine
    assert "has committed an action" in theirs and "Your committed action" not in theirs
    for rule, words in (("colour=red", "unknown option 'colour'"),
                        ("token_limits=maybe", "token_limits=on or token_limits=off"),
                        ("action_choice", "expected action_choice=VALUE"),
                        ("action_choice=secret", "'secret' is not one of")):
        r = _arle("play", "--game", "green", "--players", "3", "--rule", rule, cwd=tmp_path)
        assert r.returncode == 2 and words in r.stderr, (rule, r.stderr)
    r = _arle("play", "--game", "green", "--players", "2", "--rule", "action_choice=hidden")
    assert r.returncode == 2 and "for 3-4 players" in r.stderr, r.stderr
    r = _arle("play", "--game", "green", "--load", "g.json", "--rule", "token_limits",
              cwd=tmp_path)
    assert r.returncode == 2 and "leave out --seed and --rule" in r.stderr


def test_the_issue_bot_names_greedy_and_ismcts_mean_the_green_bots(tmp_path: Path) -> None:
    from arle.green.bots import green_bot
    assert green_bot("greedy").name == "green-greedy"
    assert green_bot("ismcts:steps=2,dets=1").name == "green-ismcts"
    assert green_bot("GREEN-GREEDY").name == "green-greedy"
    import pytest
    with pytest.raises(ValueError, match="'mcts' plays Fields of Arle only"):
        green_bot("mcts:sims=5")
    r = _arle("tournament", "--game", "green", "--players", "2", "--bots", "greedy,random",
              "--games", "2", "--json", "--no-progress")
    assert r.returncode == 0, r.stderr
    assert set(json.loads(r.stdout)["bots"]) == {"greedy", "random"}
    r = _arle("tournament", "--game", "green", "--players", "2", "--bots", "mcts,random",
              "--games", "2")
    assert r.returncode == 2 and "plays Fields of Arle only" in r.stderr, r.stderr
    r = _arle("play", "--game", "green", "--seats", "human,bot:ismcts:steps=2",
              "--seed", "1", input_text="quit\n")
    assert r.returncode == 0 and "Player 2: green-ismcts bot" in r.stdout, r.stderr
    r = _arle("play", "--game", "green", "--seats", "human,bot:mcts", input_text="quit\n")
    assert r.returncode == 2 and "plays Fields of Arle only" in r.stderr
