"""The Gymnasium solo environment: the framework's own checker, registration, masks,
rewards.

One test here is about the state's layout (allowed in tests/test_public_api_only.py):
the reward's cache key must cover every field of a player, so it changes each field of
a copied player in turn.
"""

from __future__ import annotations

import random
import warnings

import gymnasium as gym
import numpy as np

import pytest
from gymnasium.utils.env_checker import check_env

import arle.env
from arle.env import CATALOG, GYM_ID, SoloEnv


@pytest.mark.parametrize("kwargs", [{}, {"reward": "final", "promos": True,
                                         "buildings": "random"}])
def test_check_env(kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gym.make(GYM_ID, **kwargs).unwrapped)


def test_registered_by_importing_arle_env():
    assert arle.env.GYM_ID in gym.registry
    env = gym.make(GYM_ID)
    assert isinstance(env.unwrapped, SoloEnv)
    check_env(env.unwrapped)


def _random_episode(env: SoloEnv, seed: int) -> tuple[float, dict]:
    rng = np.random.default_rng(seed)
    _obs, info = env.reset(seed=seed)
    total = 0.0
    while True:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and np.array_equal(mask, info["action_mask"] == 1)
        a = int(rng.choice(np.flatnonzero(mask)))
        obs, r, term, trunc, info = env.step(a)
        assert env.observation_space.contains(obs)
        if env.reward_mode == "delta":   # the cached score equals a fresh one
            assert env._total() == env.state.scores()[0].total
        total += float(r)
        if term or trunc:
            return total, info


def test_delta_rewards_add_up_to_the_final_score_minus_the_start():
    env = SoloEnv()
    env.reset(seed=4)
    start = env.state.scores()[0].total
    total, info = _random_episode(env, 4)
    final = env.state.scores()[0].total
    assert info["final_score"] == final
    assert total == pytest.approx(final - start)


def test_score_cache_key_covers_every_player_field():
    """The reward's cache key must change whenever any field the score reads changes:
    change each field of a player alone and the key must differ."""
    import copy

    from arle.env.gym_env import KEY_FIELDS, _player_key
    from arle.state import PLAYER_FIELDS, TT_PLAYER_FIELDS
    # the env plays base games; the Tea & Trade fields are not scored by it yet
    assert set(KEY_FIELDS) == set(PLAYER_FIELDS) - set(TT_PLAYER_FIELDS)
    s = arle.new_game(players=1, seed=3)
    rng = random.Random(3)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    pl = s.players[0]
    base = _player_key(pl)

    def bumped(v):
        if isinstance(v, bool):
            return not v
        if isinstance(v, int):
            return v - 1
        if isinstance(v, list):
            if v and isinstance(v[0], list):
                return [bumped(v[0])] + v[1:]
            if v and isinstance(v[0], int):
                return [v[0] + 1] + v[1:]
            if v and isinstance(v[0], str):
                return [v[0] + "x"] + v[1:]
            return v + ["x"]
        raise AssertionError(type(v))

    for field in KEY_FIELDS:
        other = copy.deepcopy(pl)
        setattr(other, field, bumped(getattr(pl, field)))
        assert getattr(other, field) != getattr(pl, field), field
        assert _player_key(other) != base, f"the score cache key ignores {field}"
    assert _player_key(copy.deepcopy(pl)) == base


def test_final_reward_mode():
    env = SoloEnv(reward="final")
    total, info = _random_episode(env, 6)
    assert total == pytest.approx(info["final_score"])


def test_illegal_actions_penalty_or_raise():
    env = SoloEnv(illegal_penalty=2.0)
    obs, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.to_json()
    obs2, r, term, trunc, info2 = env.step(bad)
    assert r == -2.0 and info2["illegal"] and env.state.to_json() == before
    assert np.array_equal(obs, obs2)
    strict = SoloEnv(illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError):
        strict.step(bad)


def test_same_seed_same_game():
    a, b = SoloEnv(buildings="random"), SoloEnv(buildings="random")
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    assert np.array_equal(oa, ob) and a.state.to_json() == b.state.to_json()
    a.reset(options={"game_seed": 123})
    assert a.state.seed == 123


def test_render_ansi():
    env = SoloEnv(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "half year 1" in text
    assert len(CATALOG) == env.action_space.n
