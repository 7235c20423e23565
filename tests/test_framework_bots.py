"""The one bot registry of both games (issue 30): each bot says which games it plays,
``get(..., game=...)`` takes a game's short names and refuses a bot of another game,
``random`` plays every game, and Fields of Arle's public names keep working."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import arle
import arle.bots
import arle.green as G
from arle.framework import bots as F
from arle.game import GameState


@pytest.fixture
def restored() -> Iterator[None]:
    saved = (dict(F.REGISTRY), dict(F.PLAYS), dict(F.GAME_BOTS))
    yield
    for live, old in zip((F.REGISTRY, F.PLAYS, F.GAME_BOTS), saved):
        live.clear()
        live.update(old)


def test_the_old_names_are_the_framework_registry() -> None:
    assert arle.bots.REGISTRY is F.REGISTRY and arle.bots.get is F.get
    assert arle.bots.SEED_IN_SPEC == frozenset({"plan", "so-ismcts"}) == F.SEED_IN_SPEC
    assert arle.bots.ENTRY_POINT_GROUP == "arle.bots"


def test_each_bot_plays_its_games() -> None:
    assert {"random", "greedy", "mcts", "plan"} <= set(F.known("arle"))
    assert "green-greedy" not in F.known("arle")
    assert {"random", "green-greedy", "green-ismcts"} <= set(F.known("green"))
    assert not {"greedy", "mcts", "plan"} & set(F.known("green"))
    assert F.plays("random", "arle") and F.plays("random", "green")
    assert F.known() == sorted(set(F.known("arle")) | set(F.known("green")))


def test_a_game_takes_its_short_names_and_refuses_the_other_games_bots() -> None:
    assert F.get("greedy", game="green").name == "green-greedy"
    assert F.get("ismcts:steps=2,dets=1", game="green").name == "green-ismcts"
    assert F.get("greedy", game="arle").name.startswith("greedy")
    with pytest.raises(ValueError, match="'mcts' plays Fields of Arle only; the green game's "
                                         r"bots: .*greedy \(green-greedy\)"):
        F.get("mcts:sims=5", game="green")
    with pytest.raises(ValueError, match="'green-greedy' plays the green game only"):
        F.get("green-greedy", game="arle")
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        F.get("nobody", game="green")


@pytest.mark.parametrize("make", [lambda: arle.new_game(players=2, seed=1),
                                  lambda: G.new_game(players=3, seed=1)])
def test_random_plays_any_game_to_the_end(make: object) -> None:
    s: GameState = make()
    bot: F.Bot[GameState] = F.get("random", seed=4)
    while not s.is_terminal():
        a = bot.choose(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_a_new_bot_names_its_games(restored: None) -> None:
    from arle.framework.random_bot import RandomBot
    F.register("only-green", RandomBot, games=("green",))
    assert "only-green" in F.known("green") and "only-green" not in F.known("arle")
    with pytest.raises(ValueError, match="plays the green game only"):
        F.get("only-green", game="arle")
    F.register("only-green", RandomBot)            # again, for every game
    assert "only-green" in F.known("arle")
    F.register_game("demo", "the demo game", {"quick": "random"})
    assert F.resolve("QUICK:by=verb", "demo") == "random:by=verb"


def test_a_fresh_interpreter_finds_every_shipped_bot_by_name() -> None:
    """Whichever game was imported first, a name finds its bot or the game it plays."""
    import subprocess
    import sys
    code = ("import arle.bots, sys; assert arle.bots.get('green-greedy').name == "
            "'green-greedy'\n"
            "from arle.green.bots import green_bot\n"
            "try:\n    green_bot('mcts')\nexcept ValueError as e:\n"
            "    assert 'plays Fields of Arle only' in str(e), e\nelse:\n    raise SystemExit(1)")
    for first in ("import arle.bots", "import arle.green"):
        r = subprocess.run([sys.executable, "-c", first + "\n" + code], capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, r.stderr
