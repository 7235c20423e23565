"""The research interfaces with Tea & Trade: the expansion's catalog and observation,
and the three frameworks' checkers on expansion games; the base layouts unchanged.

One test here is about the state's layout (allowed in tests/test_public_api_only.py):
the reward's cache key must see each expansion field of a player, so it changes each
field of a copied player in turn.
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

import arle
from arle.actions import Action
from arle.env import CATALOG, TT_CATALOG, aec_env, catalog_for, layout_for
from arle.env.catalog import build_catalog, sort_key
from arle.env.observation import OBS_SIZE, OBS_VERSION, SLICES, encode
from arle.env.observation_tt import (
    TT_OBS_HIGH, TT_OBS_SIZE, TT_OBS_VERSION, TT_SLICES, describe_tt, encode_tt,
)

TT = "tea-and-trade"


def test_base_catalog_and_observation_keep_their_layout():
    # Pinned: an engine change that moves either is a new layout version.
    assert len(CATALOG) == 1723 and OBS_SIZE == 2424 and OBS_VERSION == 1
    assert build_catalog() == CATALOG.actions
    assert catalog_for(None) is CATALOG and layout_for(None).size == OBS_SIZE


def test_expansion_catalog_is_a_sorted_superset():
    from arle.env.catalog import TT_CATALOG_V1_SIZE, TT_CATALOG_V2_SIZE
    acts = TT_CATALOG.actions
    assert len(set(acts)) == len(acts)
    # Version 1 (1-2 players) sorted, then the 3-player actions sorted after it, then
    # version 3's additions sorted after those.
    v1, three = acts[:TT_CATALOG_V1_SIZE], acts[TT_CATALOG_V1_SIZE:TT_CATALOG_V2_SIZE]
    v3 = acts[TT_CATALOG_V2_SIZE:]
    for part in (v1, three, v3):
        assert list(part) == sorted(part, key=sort_key)
    assert {str(a) for a in v3} >= {"place imitate_1 tea", "trade 0 england",
                                    "trade 3 norway"}
    assert set(CATALOG.actions) < set(acts)
    assert catalog_for(TT) is TT_CATALOG
    with pytest.raises(ValueError, match="unknown expansion"):
        catalog_for("nope")


def test_expansion_catalog_holds_every_verb_of_the_contract():
    texts = set(TT_CATALOG.texts)
    by_verb: dict[str, list[str]] = {}
    for t in texts:
        by_verb.setdefault(t.split()[0], []).append(t)
    assert len(by_verb["dig"]) == 32
    assert len(by_verb["cell"]) == 21 and "cell 4,2" in texts and "cell 0,0" in texts
    assert len(by_verb["dike"]) == 9 and "dike 0 2" in texts
    for t in ("place clay_worker tea", "place baker eftea", "place builder twice",
              "place ditcher", "place sailmaker", "place boat_builder", "place grandmother",
              "imitate ditcher", "again", "again unpaid", "tool digging_spades",
              "dig v(3,0)", "dig h(5,2)", "ship trading_ship_large", "load h3 2 tea",
              "load h0 0 woolen", "load 7 0 tea", "return fishing_cutter_large@h3",
              "upgrade trading_ship_small@h1", "flip fishing_cutter_small@h0",
              "trade 3 norway grain", "trade 0 england east_frisian_tea", "trade 1 india",
              "build norderburg_castle", "use tea_office linen woolen",
              "use animal_market 0 0 3", "exchange 3", "take fishing_cutter_small",
              "dehydrate m1", "discard bw", "replace flax"):
        assert t in texts, t
    # Woolen covers 3 spaces: only from the first space of a Large ship; no ship has 4.
    assert "load h0 1 woolen" not in texts and "load h0 3 wood" not in texts
    assert "load h0 1 linen" in texts and "load h4 0 wood" not in texts


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("buildings", ["random", "expansion-only"])
def test_every_legal_action_of_random_expansion_games_is_catalogued(players, buildings):
    seen: set[str] = set()
    for seed in range(12):
        s = arle.new_game(players=players, seed=seed, buildings=buildings, expansion=TT)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            missing = [str(a) for a in legal if a not in TT_CATALOG]
            assert not missing, missing
            seen.update(a.verb for a in legal)
            m = TT_CATALOG.mask(s)
            assert int(m.sum()) == len(legal)
            s.apply(rng.choice(legal))
        assert not TT_CATALOG.mask(s).any()
    assert {"dig", "ship", "load", "place"} <= seen


def test_expansion_observation_extends_the_base_one():
    assert TT_OBS_VERSION == 2 and TT_OBS_SIZE > OBS_SIZE
    assert all(TT_SLICES[k] == v for k, v in SLICES.items())
    covered = np.zeros(TT_OBS_SIZE, dtype=int)
    for sl in TT_SLICES.values():
        covered[sl] += 1
    assert (covered == 1).all()
    assert "me.tt.harbor" in describe_tt()
    for players in (1, 2):
        s = arle.new_game(players=players, seed=5, expansion=TT)
        rng = random.Random(players)
        while not s.is_terminal():
            for p in range(players):
                o = encode_tt(s, p)
                assert o.shape == (TT_OBS_SIZE,) and o.dtype == np.float32
                assert (o >= 0).all() and (o <= TT_OBS_HIGH).all()
                assert np.array_equal(o[:OBS_SIZE], encode(s, p))
            s.apply(rng.choice(s.legal_actions()))
        if players == 1:
            assert not encode_tt(s, 0)[TT_SLICES["opp.tt.tea"]].any()


def test_expansion_observation_reads_tea_ships_and_ditches():
    s = arle.new_game(players=2, seed=3, expansion=TT)
    o = encode_tt(s, 0)
    assert o[TT_SLICES["me.tt.tea"]][0] == pytest.approx(0.3)      # 3 Tea at the start
    assert o[TT_SLICES["me.tt.spades"]][0] == 1                    # the first space
    assert not o[TT_SLICES["me.tt.harbor"]].any()
    assert (o[TT_SLICES["tt.board.ships"]] > 0).all()
    rng = random.Random(0)
    ships = ditches = False
    while not s.is_terminal() and not (ships and ditches):
        s.apply(rng.choice(s.legal_actions()))
        o = encode_tt(s, s.current_player or 0)
        me = s.current_player or 0
        if s.players[me].harbor:
            ships = True
            assert o[TT_SLICES["me.tt.harbor"]].any()
        if s.players[me].ditches:
            ditches = True
            assert int(o[TT_SLICES["me.tt.ditches"]].sum()) == s.players[me].ditches.bit_count()


def test_gymnasium_expansion_env_passes_the_checker():
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env

    import arle.env
    env = gym.make(arle.env.GYM_TT_ID)
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=2)
    assert obs.shape == (TT_OBS_SIZE,) and env.action_space.n == len(TT_CATALOG)
    assert env.unwrapped.state.setup.get("expansion") == TT
    rng = np.random.default_rng(2)
    total, done = 0.0, False
    start = env.unwrapped.state.scores()[0].total
    while not done:
        a = int(rng.choice(env.unwrapped.action_masks().nonzero()[0]))
        obs, reward, done, _trunc, info = env.step(a)
        total += float(reward)
    assert total == pytest.approx(info["final_score"] - start)


def test_gym_score_key_sees_the_expansion_fields():
    import copy

    from arle.env.gym_env import TT_KEY_FIELDS, _tt_player_key
    from arle.state import TT_PLAYER_FIELDS
    assert set(TT_KEY_FIELDS) == set(TT_PLAYER_FIELDS)
    pl = arle.new_game(players=1, seed=1, expansion=TT).players[0]
    base = _tt_player_key(pl)
    for field, value in (("ditches", 5), ("dike_cols", [1, 1, 1, 1]), ("boost", ["x"]),
                         ("harbor", [["fishing_cutter_small", "", ""]])):
        other = copy.deepcopy(pl)
        setattr(other, field, value)
        assert _tt_player_key(other) != base, field


@pytest.mark.parametrize("players", [1, 2])
def test_pettingzoo_expansion_env_passes_the_checkers(players):
    from pettingzoo.test import api_test, seed_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(players=players, expansion=TT), num_cycles=600)
    seed_test(lambda: aec_env(players=players, expansion=TT), num_cycles=300)
    env = aec_env(players=players, expansion=TT)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    assert obs["observation"].shape == (TT_OBS_SIZE,)
    assert obs["action_mask"].shape == (len(TT_CATALOG),)


@pytest.mark.parametrize("players", [1, 2])
def test_openspiel_expansion_game_passes_random_sim_test(players):
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation
    game = pyspiel.load_game("python_fields_of_arle",
                             {"players": players, "seed": 4, "expansion": TT})
    assert game.num_distinct_actions() == len(TT_CATALOG)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    obs = make_observation(game)
    obs.set_from(state, 0)
    assert obs.tensor.shape == (TT_OBS_SIZE,) and "me.tt.harbor" in obs.dict
    p = state.current_player()
    assert {state.action_to_string(p, a) for a in state.legal_actions()} == {
        str(a) for a in state.arle_state.legal_actions()}


def test_unknown_expansion_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown expansion"):
        aec_env(expansion="nope")
    with pytest.raises(ValueError, match="unknown expansion"):
        layout_for("nope")
    from arle.actionspace import every_action
    with pytest.raises(ValueError, match="unknown expansion"):
        every_action(8, 13, expansion="nope")
    assert Action("cell", ("4,2",)) in every_action(8, 13, expansion=TT)


def test_dataset_rows_of_expansion_records_are_expansion_observations():
    from arle.env.dataset import records_to_arrays
    s = arle.new_game(players=1, seed=1, expansion=TT)
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    d = records_to_arrays([s.record()])
    assert str(d["layout"]) == TT and len(d["action"]) == len(s.history)
    r = arle.replay(dict(s.record(), actions=[]))
    for i, text in enumerate(s.history[:30]):
        assert (d["obs"][i] == encode_tt(r, 0)).all()
        assert str(TT_CATALOG.action(int(d["action"][i]))) == text
        r.apply(text)
