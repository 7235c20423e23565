"""The numeric observation: layout, exact values of some slices, bounds, viewpoints."""

from __future__ import annotations

import random

import numpy as np

import arle
from arle.data import catalog as C
from arle.env.observation import (
    DECISIONS, OBS_HIGH, OBS_SIZE, SLICES, TILE_KINDS, describe, encode, text_view,
)
from arle.position import edit


def test_slices_tile_the_whole_vector():
    covered = np.zeros(OBS_SIZE, dtype=int)
    for sl in SLICES.values():
        covered[sl] += 1
    assert (covered == 1).all()
    for name in ("me.farm", "opp.farm", "me.goods", "me.tools", "me.barn", "me.vehicles",
                 "board.spaces", "time", "decision"):
        assert name in SLICES
    assert len(describe().splitlines()) == len(SLICES)


def test_starting_position_values():
    s = arle.new_game(players=2, seed=3)
    obs = encode(s, 0)
    assert obs.shape == (OBS_SIZE,) and obs.dtype == np.float32
    goods = obs[SLICES["me.goods"]]
    assert goods[C.FOOD] * 30 == 5 and goods[C.WOOD] * 10 == 4 and goods[C.PEAT] * 10 == 3
    assert list(obs[SLICES["me.animals"]] * 10) == [0, 0, 1]
    # Every tool at its first space: one hot entry per track.
    assert obs[SLICES["me.tools"]].sum() == len(C.TOOLS)
    farm = obs[SLICES["me.farm"]]
    grid = farm[:21 * len(TILE_KINDS)].reshape(21, len(TILE_KINDS))
    assert (grid.sum(axis=1) == 1).all()
    assert grid[3 * 3 + 2, TILE_KINDS.index("field_grain")] == 1
    assert grid[4 * 3 + 0, TILE_KINDS.index("stall")] == 1
    assert grid[5 * 3 + 1, TILE_KINDS.index("moor")] == 1
    land = farm[21 * len(TILE_KINDS):21 * len(TILE_KINDS) + 21]
    assert list(land) == [0] * 9 + [1] * 12          # rows 3..6 are land at the start
    time = obs[SLICES["time"]]
    assert time[0] == 1 and time[C.HALF_YEARS] == 1  # half year 1, Summer
    dec = obs[SLICES["decision"]]
    assert dec[DECISIONS.index("place")] == 1
    assert obs[SLICES["board.buildings"]].sum() == len(s.board)
    assert obs[SLICES["opp.status"]][0] == 1          # the other player is present


def test_solo_other_player_block_is_empty():
    s = arle.new_game(players=1, seed=2)
    obs = encode(s, 0)
    for name, sl in SLICES.items():
        if name.startswith("opp."):
            assert not obs[sl].any(), name


def test_viewpoints_swap_the_player_blocks():
    s = arle.new_game(players=2, seed=4)
    s.apply(s.legal_actions()[0])
    a, b = encode(s, 0), encode(s, 1)
    for part in ("farm", "goods", "animals", "tools", "barn", "vehicles", "buildings"):
        assert np.array_equal(a[SLICES["me." + part]], b[SLICES["opp." + part]]), part
    spaces_a = a[SLICES["board.spaces"]].reshape(-1, 2)
    spaces_b = b[SLICES["board.spaces"]].reshape(-1, 2)
    assert np.array_equal(spaces_a, spaces_b[:, ::-1])


def test_barn_and_vehicle_loads():
    s = edit(arle.new_game(players=1, seed=1),
             barn=[["peat_boat"], ["wagon", "timber", ""]])
    obs = encode(s, 0)
    barn = obs[SLICES["me.barn"]]
    assert barn[C.EQUIPMENT.index("peat_boat")] * 3 == 1
    assert barn[C.EQUIPMENT.index("wagon")] * 3 == 1
    veh = obs[SLICES["me.vehicles"]]
    assert veh[C.EQUIPMENT.index("peat_boat")] == 1
    assert veh.sum() == 1 + 1 + 2                    # boat kind; wagon kind + 2 cells


def test_observations_stay_in_bounds_through_random_games():
    for seed in range(6):
        rng = random.Random(seed)
        s = arle.new_game(players=1 + seed % 2, seed=seed, promos=seed % 3 == 0)
        while not s.is_terminal():
            for p in range(s.n):
                o = encode(s, p)
                assert (o >= 0).all() and (o <= OBS_HIGH).all()
            acts = s.legal_actions()
            s.apply(rng.choice(acts))
        o = encode(s, 0)
        assert o[SLICES["decision"]][DECISIONS.index("over")] == 1


def test_text_view_names_the_viewer_and_the_goods():
    s = arle.new_game(players=2, seed=3)
    text = text_view(s, 1)
    assert "viewer 1" in text and "player 1 (viewer)" in text
    assert "food 5" in text


def test_counts_and_scales_make_the_observation_in_every_layout():
    """A layout's ``counts`` with its ``scale`` and ``high`` give ``encode`` exactly, one
    position or many joined (the learned evaluation's batches)."""
    from arle.env.observation import densify
    from arle.env.observation_tt import LAYOUT_NAMES, layout_named

    games = {"base": dict(players=2), "tea-and-trade": dict(players=2, expansion="tea-and-trade"),
             "tea-and-trade-3p": dict(players=3, expansion="tea-and-trade")}
    assert set(games) == set(LAYOUT_NAMES)
    for name, kw in games.items():
        lay = layout_named(name)
        s = arle.new_game(seed=4, **kw)
        states = []
        for _ in range(25):
            states.append(s.clone())
            s.apply(s.legal_actions()[0])
        for p in range(s.n):
            rows = [lay.counts(x, p) for x in states]
            assert all(len(r) == lay.size for r in rows)
            one = densify(rows[5], lay.scale, lay.high)
            assert np.array_equal(one, lay.encode(states[5], p))
            many = densify(b"".join(rows), lay.scale, lay.high)
            assert many.shape == (len(states), lay.size)
            assert np.array_equal(many, np.stack([lay.encode(x, p) for x in states]))
