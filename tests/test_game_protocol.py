"""The game protocol (arle.game): Fields of Arle satisfies it, and the registry finds it."""

from __future__ import annotations

import json

import pytest

import arle
import arle.game
from arle.bots.random_bot import RandomBot


def test_state_is_a_game_state() -> None:
    s = arle.new_game(players=2, seed=4)
    assert isinstance(s, arle.game.GameState)
    assert isinstance(s.clone(), arle.game.GameState)


def test_registry_finds_fields_of_arle_and_refuses_unknown_names() -> None:
    g = arle.game.get("arle")
    assert g is arle.game.FIELDS_OF_ARLE
    assert (g.min_players, g.max_players, g.perfect_information, g.chance_after_setup) == \
        (1, 3, True, False)
    with pytest.raises(ValueError, match="tea-and-trade"):
        g.new_game(players=3, seed=1)                 # three players need the expansion
    assert g.new_game(players=3, seed=1, expansion="tea-and-trade").n == 3
    with pytest.raises(ValueError, match="unknown game 'chess'.*arle"):
        arle.game.get("chess")
    with pytest.raises(ValueError, match="plain identifier"):
        arle.game.register(arle.game.Game("no name", "x", 1, 1, True, False,
                                          g.new_game, g.from_json, g.replay))


def test_a_face_written_against_the_protocol_plays_a_whole_game() -> None:
    g = arle.game.get("arle")
    s: arle.game.GameState = g.new_game(players=2, seed=11)
    bot = RandomBot(seed=11)
    while not s.is_terminal():
        assert s.pending().player == s.current_player
        s.apply(bot.choose(s))
    assert s.current_player is None and s.winner() in (0, 1)
    assert len(s.scores()) == 2
    assert g.replay(s.record()) == s
    assert g.from_json(s.to_json()) == s


def test_observation_is_the_whole_position_as_a_copy() -> None:
    s = arle.new_game(players=2, seed=5)
    obs = s.observation(1)
    assert obs == json.loads(s.to_json())
    obs["players"][0]["res"][0] = 99            # a copy: the state is untouched
    assert s.observation(0)["players"][0]["res"][0] != 99
    for bad in (2, -1, "0", True):
        with pytest.raises(ValueError, match="no player"):
            s.observation(bad)  # type: ignore[arg-type]
