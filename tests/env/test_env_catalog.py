"""The fixed action space: stable indices, round trips, and coverage of every legal
action met in random games."""

from __future__ import annotations

import random

import numpy as np
import pytest

import arle
from arle.actions import Action
from arle.env.catalog import (
    BARN_SLOTS, CATALOG, UncataloguedActionError, build_catalog, sort_key,
)

PASSIVE = {"done", "skip", "end", "release", "return", "finish"}


def test_catalog_is_sorted_unique_and_rebuilds_identically():
    acts = CATALOG.actions
    assert len(set(acts)) == len(acts)
    assert list(acts) == sorted(acts, key=sort_key)
    assert build_catalog() == acts


def test_every_index_round_trips_through_action_and_text():
    for i, a in enumerate(CATALOG.actions):
        text = CATALOG.text(i)
        assert text == str(a)
        assert Action.from_text(text) == a
        assert CATALOG.index(text) == i
        assert CATALOG.index(a) == i
        assert CATALOG.action(i) == a


def test_numbers_sort_as_numbers():
    texts = [t for t in CATALOG.texts if t.startswith("pay flax:")]
    assert texts.index("pay flax:2") < texts.index("pay flax:10 brick:2")


def test_domains_of_indexed_arguments():
    texts = set(CATALOG.texts)
    for i in range(BARN_SLOTS):
        assert f"return coach_and_four@{i}" in texts
        assert f"upgrade cart@{i}" in texts
        assert f"load {i} 0 wood" in texts
        assert f"load {i} 0 bremen" in texts
    # A size-2 tile never starts on the last cell of any vehicle.
    assert "load 0 3 norden" not in texts
    assert "breed 13 0 0" in texts and "breed 0 0 0" in texts and "breed 7 7 0" not in texts
    for t in ("place fisherman", "place laborer_winter", "imitate peat_boatman",
              "build peat_power_plant", "vehicle coach_and_four", "sell moor:dmoor3",
              "cut bw 4", "pay wood:1 timber:1", "pay clay:1 brick:1", "feed",
              "feed sheep:1 cattle:1 horse:1 wood:1 timber:1", "take horse+dehydrate",
              "use wood_trader", "house workshop", "remove moor", "replace 1 2",
              "exchange wagon", "boat food", "release horse", "finish", "end", "skip"):
        assert t in texts, t


def test_unknown_action_raises():
    with pytest.raises(UncataloguedActionError):
        CATALOG.index("place nowhere")
    assert "place nowhere" not in CATALOG


class _FakeState:
    def __init__(self, legal):
        self._l = legal

    def legal_actions(self):
        return list(self._l)

    def is_terminal(self):
        return False


def test_uncatalogued_legal_actions_are_reported_not_fatal():
    from arle.env.catalog import uncatalogued
    fake = _FakeState([Action("place", ("fisherman",)), Action("zzz_new_verb", ("1",))])
    with pytest.warns(RuntimeWarning, match="zzz_new_verb 1"):
        idx = CATALOG.legal_indices(fake)
    assert idx == [CATALOG.index("place fisherman")]
    assert "zzz_new_verb 1" in uncatalogued()
    with pytest.raises(UncataloguedActionError), pytest.warns(RuntimeWarning):
        CATALOG.mask(_FakeState([Action("zzz_new_verb", ("2",))]))
    from arle.env import catalog
    catalog._UNCATALOGUED.difference_update({"zzz_new_verb 1", "zzz_new_verb 2"})


def test_mask_matches_the_legal_actions():
    s = arle.new_game(players=2, seed=5)
    m = CATALOG.mask(s)
    assert m.dtype == np.int8 and m.shape == (len(CATALOG),)
    assert {CATALOG.text(i) for i in np.flatnonzero(m)} == {str(a) for a in s.legal_actions()}
    assert CATALOG.legal_indices(s) == sorted(CATALOG.legal_indices(s))


def _play(seed: int, players: int, promos: bool, active: bool) -> set[str]:
    """One seeded random game; returns the legal actions missing from the catalog."""
    rng = random.Random(seed)
    s = arle.new_game(players=players, seed=seed, promos=promos,
                      buildings=rng.choice(["first-game", "random"]))
    missing: set[str] = set()
    while not s.is_terminal():
        legal = s.legal_actions()
        idx = []
        for a in legal:
            if a not in CATALOG:
                missing.add(str(a))
                continue
            i = CATALOG.index(a)
            assert CATALOG.action(i) == a and CATALOG.index(str(a)) == i
            idx.append(i)
        if not missing:
            m = CATALOG.mask(s)
            assert sorted(np.flatnonzero(m).tolist()) == sorted(idx)
        pool = [a for a in legal if a.verb not in PASSIVE] if active else legal
        s.apply(rng.choice(pool or legal))
    assert not CATALOG.mask(s).any()
    return missing


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("promos", [False, True])
def test_every_legal_action_of_random_games_is_catalogued(players, promos):
    missing: set[str] = set()
    for seed in range(80):
        missing |= _play(1000 * players + seed + (500 if promos else 0), players, promos,
                         active=seed % 3 != 0)
    assert not missing, f"legal actions outside the catalog: {sorted(missing)}"
