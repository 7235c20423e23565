"""The game log names the goods an automatic step changed by the state's own layout
(issue 32): a Tea & Trade player holds Tea and East Frisian Tea beyond the base game's
resources, and the log once named them from the base game's list, so Tea was logged as
sheep, a newborn horse ran off the end of the list (IndexError) and ``arle play`` with
bot seats exited 1.  The seeded games that found it, and many random games checked
against the view's own names."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

import arle
from arle import view
from arle.bots.random_bot import RandomBot
from arle.cli.main import app
from arle.cli.play import parse_seats
from arle.data.texts import AUTO_STEPS
from arle.engine import core
from arle.view import Event, apply_logged

TT = "tea-and-trade"

# (players, seed) of the games that crashed, and a line each must now log.
CRASHED = ((2, 37, "Newborn animals: Player 2 +1 horse"),
           (3, 3, "Vehicles and ships emptied: Player 2 +1 east frisian tea"))


@pytest.mark.parametrize(("players", "seed", "line"), CRASHED)
def test_the_seeded_games_that_crashed_play_to_the_end_in_the_terminal(
        players: int, seed: int, line: str) -> None:
    r = CliRunner().invoke(app, ["play", "--players", str(players), "--seats",
                                 ",".join(["bot:random"] * players), "--expansion", TT,
                                 "--seed", str(seed), "--view", "compact"], input="")
    assert r.exit_code == 0, r.output
    assert "Game over" in r.output
    assert f"  {line}" in r.output.splitlines()


def _play_logged(players: int, seed: int) -> tuple[arle.State, list[Event]]:
    """The ``arle play`` game of these seats and seed, through ``apply_logged``."""
    s = arle.new_game(players=players, seed=seed, expansion=TT)
    seats = parse_seats(",".join(["bot:random"] * players), players, seed)
    events: list[Event] = []
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        bot = seats[p].bot
        assert bot is not None
        events += apply_logged(s, bot.choose(s))
    return s, events


@pytest.mark.parametrize(("players", "seed", "line"), CRASHED)
def test_the_seeded_games_that_crashed_log_the_right_names(players: int, seed: int,
                                                           line: str) -> None:
    _s, events = _play_logged(players, seed)
    assert line in [e.text for e in events]
    assert core.TRACE == []
    if players == 3:
        teas = [(e.player, e.step, e.changes) for e in events
                if any(k.endswith("tea") for k, _n in e.changes)]
        # the automatic steps that moved an expansion figure (which crashed the log):
        # East Frisian Tea given back when vehicles and ships are emptied
        assert teas and all(step == "empty" and changes[0][0] == "east_frisian_tea"
                            for _p, step, changes in teas), teas


def test_figure_names_follow_the_state_layout() -> None:
    base = arle.new_game(players=1, seed=1)
    tea = arle.new_game(players=3, seed=1, expansion=TT)
    for s in (base, tea):
        names = view.figure_names(s, 0)
        assert names == (*view.resources(s, 0), *view.animals(s, 0), "dike")
        assert len(names) == len(core._figures(s, 0))
    assert len(view.figure_names(tea, 0)) == len(view.figure_names(base, 0)) + 2


def _named_figures(s: arle.State, p: int) -> dict[str, int]:
    """Player ``p``'s figures read by name, as the faces read them."""
    return {**view.resources(s, p), **view.animals(s, p), "dike": view.dike_moves(s, p)}


def test_random_tea_and_trade_games_log_what_each_step_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Over random Tea & Trade games of 1 to 3 players, every logged step's changes
    are what the step changed, read by name (each automatic effect of the engine
    watched from outside); the expansion's goods are among them."""
    seen: list[tuple[int, str, tuple[tuple[str, int], ...]]] = []

    def watched(name: str, run: Callable[..., None]) -> Callable[..., None]:
        def effect(s: arle.State, p: int, *args: Any) -> None:
            before = _named_figures(s, p)
            run(s, p, *args)
            after = _named_figures(s, p)
            if name in AUTO_STEPS:
                diff = tuple((k, after[k] - before[k]) for k in after
                             if after[k] != before[k])
                if diff:
                    seen.append((p, name, diff))
        return effect

    for name, run in list(core.EFFECTS.items()):
        monkeypatch.setitem(core.EFFECTS, name, watched(name, run))
    names: set[str] = set()
    rng = random.Random(32)
    for game in range(60):
        players = 1 + game % 3
        s = arle.new_game(players=players, seed=rng.randrange(10**6), expansion=TT)
        bot = RandomBot(seed=game)
        while not s.is_terminal():
            seen.clear()
            events = apply_logged(s, bot.choose(s))
            assert [(e.player, e.step, e.changes) for e in events] == seen
            for e in events:
                names |= {k for k, _n in e.changes}
                assert e.text.endswith(", ".join(
                    f"{n:+d} {k.replace('_', ' ')}" for k, n in e.changes))
    assert {"east_frisian_tea", "sheep", "cattle", "horse", "food"} <= names


@pytest.mark.parametrize(("players", "seed", "line"), CRASHED)
def test_the_seeded_games_that_crashed_are_played_on_in_the_web(players: int, seed: int,
                                                                line: str) -> None:
    """The web's move once answered 500 at the step that crashed: the game's record is
    uploaded up to 40 decisions before the end of its first logged line's ply, then
    played on move by move through the API; the web's events log the line."""
    from faces import web_client
    final, events = _play_logged(players, seed)
    record = final.record()
    s = arle.replay({**record, "actions": []})
    upto = None
    for k, text in enumerate(record["actions"]):
        if line in [e.text for e in apply_logged(s, text)]:
            upto = k
            break
    assert upto is not None
    start = max(0, upto - 40)
    with web_client() as client:
        r = client.post("/api/records", json={**record, "actions": record["actions"][:start]})
        assert r.status_code == 201, r.text
        made = r.json()
        gid, tokens = made["id"], [s["token"] for s in made["seats"]]
        for text in record["actions"][start:upto + 1]:
            info = client.get(f"/api/games/{gid}").json()
            p = info["current_player"]
            r = client.post(f"/api/games/{gid}/moves", headers={"X-Arle-Token": tokens[p]},
                            json={"action": text, "version": info["version"]})
            assert r.status_code == 200, (text, r.text)
        logged = [e["text"] for e in client.get(f"/api/games/{gid}").json()["events"]]
    assert line in logged
