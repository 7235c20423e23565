"""The research interfaces of arle.green: OpenSpiel ``python_arle_green`` (explicit
chance, imperfect information) and the PettingZoo AEC environment."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import arle.env  # noqa: E402  (registers python_arle_green)
from arle.env import green_aec_env  # noqa: E402


def test_openspiel_game_type_and_random_sim() -> None:
    game = pyspiel.load_game("python_arle_green", {"players": 2})
    gt = game.get_type()
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.provides_information_state_tensor and gt.provides_observation_tensor
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("n", [1, 3])
def test_openspiel_chance_nodes_and_hidden_hands(n: int) -> None:
    game = pyspiel.load_game("python_arle_green", {"players": n})
    st = game.new_initial_state()
    r = random.Random(n)
    chance = decisions = 0
    while not st.is_terminal() and decisions < 40:
        if st.is_chance_node():
            outs = st.chance_outcomes()
            assert abs(sum(p for _, p in outs) - 1.0) < 1e-9
            st.apply_action(r.choice(outs)[0])
            chance += 1
            continue
        p = st.current_player()
        for q in range(n):
            assert len(st.information_state_tensor(q)) == game.information_state_tensor_size()
            assert len(st.observation_tensor(q)) == game.observation_tensor_size()
            if q != p and n > 1:
                hand = st.green_state.players[p].hand
                info = st.information_state_string(q)
                assert f"pick {hand[0]}" not in info if hand else True
        legal = st.legal_actions()
        assert legal == sorted(legal) and legal
        st.apply_action(r.choice(legal))
        decisions += 1
    assert chance > 0
    clone = st.clone()
    assert clone.history() == st.history()
    again = pickle.loads(pickle.dumps(st))
    assert str(again) == str(st)
    if n == 1:
        assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_openspiel_refuses_bad_parameters() -> None:
    with pytest.raises(Exception, match="players must be 1 to 4"):
        pyspiel.load_game("python_arle_green", {"players": 5})


def test_the_rulings_options_reach_openspiel_and_pettingzoo() -> None:
    opts = {"action_choice": "hidden", "token_limits": True}
    game = pyspiel.load_game("python_arle_green", {"players": 3, **opts})
    assert game.options == opts
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    st = game.new_initial_state()
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert st._h.s.options["action_choice"] == "hidden"
    with pytest.raises(Exception, match="for 3-4 players"):
        pyspiel.load_game("python_arle_green", {"players": 2, "action_choice": "hidden"})
    from pettingzoo.test import api_test
    env = green_aec_env(players=3, **opts)
    api_test(env, num_cycles=40)
    env.reset(seed=2)
    assert env.game_state.options["token_limits"] is True
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        green_aec_env(players=3, colour=1)


def test_pettingzoo_state_method_is_the_frameworks() -> None:
    """The engine state is ``game_state``; ``state()`` stays PettingZoo's method (the
    global view for centralized training, which this environment does not provide)."""
    from pettingzoo import AECEnv
    env = green_aec_env(players=3)
    env.reset(seed=4)
    assert type(env).state is AECEnv.state and callable(env.state)
    with pytest.raises(NotImplementedError, match="state\\(\\) method"):
        env.state()
    assert env.game_state.n == 3 and env.game_state.current_player is not None
    before = env.game_state.to_json()
    env.step(int(np.flatnonzero(env.action_mask())[0]))
    assert env.game_state.to_json() != before


@pytest.mark.parametrize("n", [2, 3])
def test_pettingzoo_api_test(n: int) -> None:
    from pettingzoo.test import api_test
    api_test(green_aec_env(players=n), num_cycles=40)


def test_pettingzoo_masks_and_rewards() -> None:
    env = green_aec_env(players=3)
    env.reset(seed=2)
    r = np.random.default_rng(0)
    steps = 0
    while not all(env.terminations.values()):
        agent = env.agent_selection
        obs, _, _, _, _ = env.last()
        for other in env.agents:
            if other != agent:
                assert env.observe(other)["action_mask"].sum() == 0
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(r.choice(legal)))
        steps += 1
    assert abs(sum(env.rewards.values())) < 1e-9 and steps > 50
    with pytest.raises(ValueError, match="players must be 1 to 4"):
        green_aec_env(players=0)
