"""The OpenSpiel game: registration, the framework's own random_sim_test, clones,
serialisation, observer tensors and OpenSpiel's MCTSBot."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import make_observation

import arle.env
from arle.env import CATALOG, OPENSPIEL_NAME
from arle.env.observation import OBS_SIZE, SLICES, encode


def test_registered_by_importing_arle_env():
    assert arle.env.OPENSPIEL_NAME in pyspiel.registered_names()
    game = pyspiel.load_game(OPENSPIEL_NAME)
    assert game.num_players() == 2
    assert game.num_distinct_actions() == len(CATALOG)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("params", [
    {"players": 2, "seed": 1},
    {"players": 1, "seed": 2, "promos": True, "buildings": "random"},
    {"players": 2, "seed": 3, "reward": "win_loss", "promos": True},
])
def test_random_sim_test(params):
    game = pyspiel.load_game(OPENSPIEL_NAME, params)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


def test_solo_game_is_general_sum():
    game = pyspiel.load_game(OPENSPIEL_NAME, {"players": 1})
    assert game.num_players() == 1
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def _advance(state, n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_legal_actions_sorted_and_named_by_the_catalog():
    game = pyspiel.load_game(OPENSPIEL_NAME)
    state = _advance(game.new_initial_state(), 15)
    legal = state.legal_actions()
    assert legal == sorted(legal)
    p = state.current_player()
    assert {state.action_to_string(p, a) for a in legal} == {
        str(a) for a in state.arle_state.legal_actions()}
    assert state.legal_actions(1 - p) == []


def test_clone_is_independent_and_keeps_history():
    game = pyspiel.load_game(OPENSPIEL_NAME)
    state = _advance(game.new_initial_state(), 10)
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.arle_state == state.arle_state
    before = state.arle_state.to_json()
    clone.apply_action(clone.legal_actions()[0])
    assert state.arle_state.to_json() == before
    assert len(clone.history()) == len(state.history()) + 1


def test_serialize_is_the_action_history():
    game = pyspiel.load_game(OPENSPIEL_NAME, {"seed": 4})
    state = _advance(game.new_initial_state(), 25, seed=3)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert state2.arle_state == state.arle_state
    first = state.serialize().splitlines()[0]
    assert first == "history=" + ",".join(
        f"{p}:{a}" for p, a in zip(_players(game, state.history()), state.history()))


def _players(game, history):
    """The player who took each action of ``history``."""
    state = game.new_initial_state()
    out = []
    for a in history:
        out.append(state.current_player())
        state.apply_action(a)
    return out


def test_observation_tensor_is_the_encoding_with_named_views():
    game = pyspiel.load_game(OPENSPIEL_NAME)
    state = _advance(game.new_initial_state(), 8)
    for p in range(2):
        assert np.array_equal(np.asarray(state.observation_tensor(p), dtype=np.float32),
                              encode(state.arle_state, p))
    obs = make_observation(game)
    obs.set_from(state, 0)
    assert obs.tensor.shape == (OBS_SIZE,)
    assert set(obs.dict) == set(SLICES)
    assert np.array_equal(obs.dict["me.goods"], encode(state.arle_state, 0)[SLICES["me.goods"]])
    assert "half year" in state.observation_string(0)
    assert state.information_state_string(0)


def test_mcts_bot_plays():
    game = pyspiel.load_game(OPENSPIEL_NAME, {"seed": 5})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                            random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator,
                       random_state=np.random.RandomState(1), solve=False)
    # From the start, and from a position deep in the first Work Phase.
    for state in (game.new_initial_state(), _advance(game.new_initial_state(), 12, seed=2)):
        for _ in range(2):
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
