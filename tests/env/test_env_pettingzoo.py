"""The PettingZoo AEC environment: the framework's own checkers, plus rewards and
multi-step turns."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from arle.env import CATALOG, aec_env


@pytest.mark.parametrize("players", [1, 2])
def test_api_test(players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # advice about Dict observation spaces
        api_test(aec_env(players=players), num_cycles=1000)


@pytest.mark.parametrize("players", [1, 2])
def test_seed_test(players):
    seed_test(lambda: aec_env(players=players, buildings="random"), num_cycles=400)


def _play_out(env, seed: int) -> dict[str, float]:
    """Play a random game through the AEC loop; returns the rewards seen per agent."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    total = {a: 0.0 for a in env.possible_agents}
    streak = best = 0
    last = None
    for agent in env.agent_iter():
        obs, reward, term, trunc, _info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        streak = streak + 1 if agent == last else 1
        best = max(best, streak)
        last = agent
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size, "the agent to move has a legal action"
        env.step(int(rng.choice(legal.tolist())))
    total["_longest_streak"] = best
    return total


def test_two_player_rewards_are_the_score_difference_at_the_end():
    env = aec_env(players=2)
    total = _play_out(env, 11)
    scores = [sc.total for sc in env.game_state.scores()]
    assert env.game_state.is_terminal()
    assert total["player_0"] == pytest.approx(scores[0] - scores[1])
    assert total["player_1"] == pytest.approx(scores[1] - scores[0])
    # Several decisions in a row by the same agent (sub-decisions, anytime actions).
    assert total["_longest_streak"] >= 2
    assert env.agents == []


def test_win_loss_rewards():
    env = aec_env(players=2, reward="win_loss")
    total = _play_out(env, 12)
    w = env.game_state.winner()
    assert total[f"player_{w}"] == 1.0 and total[f"player_{1 - w}"] == -1.0


def test_solo_reward_is_the_final_score():
    env = aec_env(players=1)
    total = _play_out(env, 13)
    assert total["player_0"] == pytest.approx(env.game_state.scores()[0].total)


def test_only_the_agent_to_move_sees_a_mask():
    env = aec_env(players=2)
    env.reset(seed=3)
    mover = env.agent_selection
    other = [a for a in env.agents if a != mover][0]
    assert env.observe(mover)["action_mask"].any()
    assert not env.observe(other)["action_mask"].any()
    assert env.observe(mover)["action_mask"].shape == (len(CATALOG),)


def test_reset_seed_reproduces_and_game_seed_option():
    env = aec_env(players=2, buildings="random")
    env.reset(seed=5)
    a = env.game_state.to_json()
    env.reset(seed=5)
    assert env.game_state.to_json() == a
    env.reset(options={"game_seed": 77})
    assert env.game_state.seed == 77


def test_illegal_action_raises():
    env = aec_env(players=2)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError):
        env.step(bad)
