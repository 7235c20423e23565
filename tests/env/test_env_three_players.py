"""The research interfaces with three players (Tea & Trade): every 3-player action in
the expansion catalog, the 3-player observation layout, the rewards for three, and the
PettingZoo and OpenSpiel checkers on 3-player games."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

import arle
from arle.env import TT_CATALOG, aec_env, layout_for
from arle.actionspace import tt_version_three_actions
from arle.env.catalog import (
    TT_CATALOG_V1_SIZE, TT_CATALOG_V2_SIZE, TT_CATALOG_VERSION, build_catalog,
)
from arle.env.observation_three import (
    THREE_OBS_HIGH, THREE_OBS_SIZE, THREE_OBS_VERSION, THREE_SLICES, describe_three,
    encode_three,
)
from arle.env.observation_tt import TT_OBS_SIZE, TT_SLICES, encode_tt
from arle.env.rewards import final_rewards

TT = "tea-and-trade"


def _random_game(seed: int, buildings: str = "random") -> arle.State:
    s = arle.new_game(players=3, seed=seed, buildings=buildings, expansion=TT)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("buildings", ["random", "expansion-only"])
def test_every_legal_action_of_random_three_player_games_is_catalogued(buildings):
    seen: set[str] = set()
    for seed in range(12):
        s = arle.new_game(players=3, seed=seed, buildings=buildings, expansion=TT)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            missing = [str(a) for a in legal if a not in TT_CATALOG]
            assert not missing, missing
            seen.update(str(a) for a in legal)
            assert int(TT_CATALOG.mask(s).sum()) == len(legal)
            s.apply(rng.choice(legal))
        assert not TT_CATALOG.mask(s).any()
    verbs = {t.split()[0] for t in seen}
    assert {"specialize", "imitate"} <= verbs
    assert {"place imitate_1", "place driver", "place woodcutter_winter"} <= seen


def test_three_player_actions_come_after_the_version_one_catalog():
    assert TT_CATALOG_VERSION == 3 and build_catalog(TT) == TT_CATALOG.actions
    three = set(TT_CATALOG.texts[TT_CATALOG_V1_SIZE:TT_CATALOG_V2_SIZE])
    for t in ("specialize spades", "specialize colonists_house", "place imitate_3",
              "place laborer_summer_3p", "place driver tea", "imitate woodcutter_winter",
              "discard grain:4 flax:0", "discard grain:3 flax:5", "pay grain:2 wood:1 clay:1"):
        assert t in TT_CATALOG, t
    assert "place driver" in three and "specialize spades" in three
    assert "place ditcher" not in three          # a 1-2 player expansion space: version 1
    assert "imitate imitate_1" not in TT_CATALOG


def test_version_three_appends_tea_on_the_imitates_and_short_trades():
    # Version 2's indices keep their meaning; the new actions come after them.
    newer = TT_CATALOG.texts[TT_CATALOG_V2_SIZE:]
    assert set(newer) == {str(a) for a in tt_version_three_actions()}
    for t in ("place imitate_3 tea", "place imitate_2 eftea", "place imitate_1 twice",
              "trade 0 england", "trade 3 norway"):
        assert t in newer
    assert "trade 0 india" not in newer and "trade 0 england tea" not in newer


def test_three_player_observation_extends_the_expansion_one():
    assert THREE_OBS_VERSION == 3 and THREE_OBS_SIZE > TT_OBS_SIZE
    assert all(THREE_SLICES[k] == v for k, v in TT_SLICES.items())
    covered = np.zeros(THREE_OBS_SIZE, dtype=int)
    for sl in THREE_SLICES.values():
        covered[sl] += 1
    assert (covered == 1).all()
    assert "opp2.farm" in describe_three() and "opp2.tt.harbor" in THREE_SLICES
    for name in ("farm", "goods", "tools", "status", "tt.tea", "tt.harbor"):
        a, b = THREE_SLICES["opp." + name], THREE_SLICES["opp2." + name]
        assert a.stop - a.start == b.stop - b.start
    assert layout_for(TT, 3).size == THREE_OBS_SIZE and layout_for(TT, 2).size == TT_OBS_SIZE
    assert layout_for(None, 3).size < TT_OBS_SIZE            # (the base game has no 3)
    s = arle.new_game(players=3, seed=5, expansion=TT)
    rng = random.Random(5)
    while not s.is_terminal():
        for p in range(3):
            o = encode_three(s, p)
            assert o.shape == (THREE_OBS_SIZE,) and o.dtype == np.float32
            assert (o >= 0).all() and (o <= THREE_OBS_HIGH).all()
            assert np.array_equal(o[:TT_OBS_SIZE], encode_tt(s, p))
        s.apply(rng.choice(s.legal_actions()))


def test_three_player_observation_sees_the_third_player_and_the_round():
    s = arle.new_game(players=3, seed=2, expansion=TT)
    picker = s.current_player
    o = encode_three(s, picker)
    spec = o[THREE_SLICES["three.specialization"]]
    assert spec[0] == 1 and spec[1] == 1 and spec[2] == 1.0 and not spec[4:].any()
    other = (picker + 1) % 3
    assert encode_three(s, other)[THREE_SLICES["three.specialization"]][1] == 0
    a = next(a for a in s.legal_actions() if a.args[0] == "spades")
    s.apply(a)
    o = encode_three(s, s.current_player)
    from arle.data import tea_trade as T
    assert o[THREE_SLICES["three.specialization"]][4 + T.TT_TOOLS.index("spades")] == 1
    # The third player's block is the second opponent's, as ``opp`` is the first one's.
    for v in range(3):
        q = (v + 2) % 3
        mine = encode_three(s, q)[THREE_SLICES["me.goods"]]
        assert np.array_equal(encode_three(s, v)[THREE_SLICES["opp2.goods"]], mine)
        assert np.array_equal(encode_three(s, v)[THREE_SLICES["opp.goods"]],
                              encode_three(s, (v + 1) % 3)[THREE_SLICES["me.goods"]])
    # Work: who took which 3-player space, seen from each seat.
    rng = random.Random(0)
    while not any(sp in s.occupied for sp in ("driver", "imitate_1", "grandmother",
                                              "woodcutter_winter")):
        s.apply(rng.choice(s.legal_actions()))
    sp, who = next((sp, w) for sp, w in s.occupied.items()
                   if sp in ("driver", "imitate_1", "grandmother", "woodcutter_winter"))
    from arle.env.observation_three import THREE_SPACES
    i = THREE_SPACES.index(sp)
    for v in range(3):
        block = encode_three(s, v)[THREE_SLICES["three.spaces"]]
        assert block[3 * i + (who - v) % 3] == 1


def test_rewards_for_three_players():
    s = _random_game(3)
    totals = [sc.total for sc in s.scores()]
    diff = final_rewards(s, "score_diff")
    assert diff == [totals[p] - max(totals[q] for q in range(3) if q != p) for p in range(3)]
    w = s.winner()
    assert diff[w] >= 0 and all(diff[p] <= 0 for p in range(3) if p != w)
    wl = final_rewards(s, "win_loss")
    assert wl[w] == 1.0 and sorted(wl) == [-1.0, -1.0, 1.0]


def test_three_players_need_the_expansion_in_the_envs():
    with pytest.raises(ValueError, match="expansion"):
        aec_env(players=3)
    with pytest.raises(ValueError, match="1, 2 or 3"):
        aec_env(players=4, expansion=TT)


def test_pettingzoo_three_player_env_passes_the_checkers():
    from pettingzoo.test import api_test, seed_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(players=3, expansion=TT), num_cycles=600)
    seed_test(lambda: aec_env(players=3, expansion=TT), num_cycles=300)
    env = aec_env(players=3, expansion=TT)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    obs = env.observe(env.agent_selection)
    assert obs["observation"].shape == (THREE_OBS_SIZE,)
    assert obs["action_mask"].shape == (len(TT_CATALOG),)
    rng = np.random.default_rng(1)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        _obs, rew, term, trunc, _info = env.last()
        if term or trunc:
            final[agent] = rew
            env.step(None)
            continue
        env.step(int(rng.choice(env.action_mask().nonzero()[0])))
    assert sorted(final) == env.possible_agents
    assert [final[a] for a in env.possible_agents] == final_rewards(env.game_state, "score_diff")


def test_openspiel_three_player_game_is_general_sum_and_passes_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation
    game = pyspiel.load_game("python_fields_of_arle",
                             {"players": 3, "seed": 4, "expansion": TT})
    assert game.num_players() == 3 and game.num_distinct_actions() == len(TT_CATALOG)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    obs = make_observation(game)
    obs.set_from(state, 0)
    assert obs.tensor.shape == (THREE_OBS_SIZE,) and "opp2.farm" in obs.dict
    p = state.current_player()
    assert {state.action_to_string(p, a) for a in state.legal_actions()} == {
        str(a) for a in state.arle_state.legal_actions()}
    with pytest.raises(Exception, match="expansion"):
        pyspiel.load_game("python_fields_of_arle", {"players": 3})


def test_three_player_layout_reads_the_engine_as_the_engine_does():
    # The face reads the public state only; its copies of the 3-player board and of the
    # specialization frame's packing agree with the engine's.
    from arle.engine import three as TH
    from arle.env.observation_three import THREE_SPACES
    assert THREE_SPACES == TH.ALL_SPACES_3P + TH.IMITATE
    for seed in range(3):
        s = arle.new_game(players=3, seed=seed, expansion=TT)
        rng = random.Random(seed)
        while not s.is_terminal():
            o = encode_three(s, 0)
            sp = o[THREE_SLICES["three.specials"]]
            assert [q for q in range(3) if sp[q]] == sorted(TH.special_takers(s))
            assert sp[3] * 2 == TH.imitate_food(s)
            f = s.stack[-1] if s.stack else None
            spec = o[THREE_SLICES["three.specialization"]]
            if getattr(f, "building", None) == TH.SPECIALIZATION:
                left, house, chosen = TH.spec_decode(f.n)
                assert spec[2] * 2 == left and spec[3] == house
                assert [t for t in range(len(spec) - 4) if spec[4 + t]] == [
                    t for t in range(len(spec) - 4) if chosen >> t & 1]
            else:
                assert not spec.any()
            s.apply(rng.choice(s.legal_actions()))
