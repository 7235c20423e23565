"""Property tests: seeded random games through the public API, checking invariants
after every step (OpenSpiel's random_sim_test, for Fields of Arle)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hyp import examples

import arle
from arle import animals as A
from arle.data import catalog as C
from arle.data import tea_trade as T3
from arle.engine import farm as F
from arle.state import State

TILE_TOTALS = {
    "field": (14, ("field_grain", "field_flax")),
    "stall_depot": (7, ("stall", "depot")),
    "stable": (3, ("stable", "double_stall")),
    "forest_park": (5, ("forest", "park")),
}
PASSIVE = {"done", "skip", "end", "release", "return", "finish"}
BARN_TOTALS = {"boat_plow": 6, "handcart_wagon": 2, "cart_horse_cart": 3,
               "carriage_droshky": 3}


def check_invariants(s: State) -> None:
    for p, pl in enumerate(s.players):
        assert all(v >= 0 for v in pl.res), (p, pl.res)
        assert pl.res[C.FOOD] <= C.FOOD_CAP
        for r in (C.GRAIN, C.FLAX, C.HIDE, C.WOOL):
            assert pl.res[r] <= C.GOOD_CAP
        assert all(v >= 0 for v in pl.animals)
        if not (s.stack and s.stack[-1].KIND == "house"):
            a = pl.animals
            assert A.fits((a[0], a[1], a[2]), F.enclosures(pl)), (p, a, pl.grid)
        assert F.barn_fits([b[0] for b in pl.barn]), pl.barn
        assert 0 <= pl.dikes <= 7
        assert pl.bottleneck <= 0 and pl.bottleneck % 2 == 0
        assert len(set(pl.buildings)) == len(pl.buildings)
        assert len(pl.travel) == len(set(pl.travel))
    extra = T3.THREE_PLAYER_EXTRA_SUPPLY if s.n == 3 else {}
    for pool, (total, tiles) in TILE_TOTALS.items():
        total += extra.get(pool, 0)
        on_boards = sum(pl.grid.count(t) for pl in s.players for t in tiles)
        assert s.pool[pool] >= 0
        assert s.pool[pool] + on_boards == total, (pool, s.pool[pool], on_boards)
    for pool, total in BARN_TOTALS.items():
        total += extra.get(pool, 0)
        in_barns = sum(1 for pl in s.players for b in pl.barn if C.TILE_POOL[b[0]] == pool)
        assert s.pool[pool] >= 0
        assert s.pool[pool] + in_barns == total, (pool, s.pool[pool], in_barns)
    built = [b for pl in s.players for b in pl.buildings]
    assert not set(built) & set(s.board)
    assert 1 <= s.half_year <= (7 if s.n == 3 else 9)
    assert s.turn <= 4 * s.n


def check_tt_invariants(s: State) -> None:
    """The expansion's own invariants: Tea on the resource list, the spade track, no
    Tea improvement outside the action it was paid for, the sheet's extra rows."""
    from arle.data import tea_trade as T
    for p, pl in enumerate(s.players):
        assert len(pl.res) == len(T.TT_RESOURCES) and len(pl.tools) == len(T.TT_TOOLS)
        assert pl.ditches is not None and pl.ditches >= 0
        if not s.stack:
            assert pl.boost == [], pl.boost
        assert s.farm(p)["tools"]["digging_spades"] in T.DIGGING_SPADE_VALUES
        # the harbor: 2 spaces per kind (T1); every ship emptied by the Inventory (T27)
        for kind, n in T.HARBOR_SPACES.items():
            assert sum(T.SHIP_KIND[h[0]] == kind for h in pl.harbor) <= n
        assert all(len(h) == 1 + T.SHIPS[h[0]].spaces for h in pl.harbor)
        if s.is_terminal():
            assert not any(any(h[1:]) for h in pl.harbor), pl.harbor
        assert s.farm(p)["harbor"] == [h[0] for h in pl.harbor]
    for kind, total in T.SHIP_SUPPLY.items():
        assert sum(T.SHIP_KIND[h[0]] == kind for pl in s.players for h in pl.harbor) <= total


def play_checked(seed: int, players: int, deep: bool, expansion: str | None = None) -> State:
    """Play one seeded random game, checking invariants (and the heavy ones if deep)."""
    rng = random.Random(seed)
    modes = ["first-game", "random"] if expansion is None else ["random", "expansion-only"]
    s = arle.new_game(players=players, seed=seed, buildings=rng.choice(modes),
                      promos=rng.random() < 0.5, expansion=expansion)
    # Half the games prefer actions that do something, to reach buildings, vehicles
    # and travel that uniform play rarely gets to.
    active = rng.random() < 0.5
    workers: Counter[tuple[int, int]] = Counter()
    steps = 0
    while not s.is_terminal():
        acts = s.legal_actions()
        assert acts, "no legal action before the end"
        assert len(set(acts)) == len(acts), "duplicate legal actions"
        p = s.current_player
        assert p is not None
        pool = [b for b in acts if b.verb not in PASSIVE] if active else acts
        a = rng.choice(pool or acts)
        if a.verb in ("place", "skip") and not s.stack:
            workers[(s.half_year, p)] += 1
        if deep:
            before = s.to_json()
            t = s.clone()
            t.apply(a)
            assert s.to_json() == before, "clone is not independent"
            u = State.from_json(before)
            assert u.to_json() == before
            assert u.legal_actions() == acts
            with pytest.raises(arle.IllegalActionError):
                s.apply("place nowhere")
            assert s.to_json() == before, "illegal input changed the state"
            for b in acts:
                assert arle.parse_action(s, str(b)) == b
        s.apply(a)
        check_invariants(s)
        if expansion is not None:
            check_tt_invariants(s)
        steps += 1
        assert steps < 5000
    last = T3.THREE_PLAYER_HALF_YEARS if players == 3 else 9
    assert s.half_year == last
    assert s.current_player is None and s.legal_actions() == []
    assert set(workers.values()) == {4}, workers
    assert len(workers) == last * players
    sheets = s.scores()
    for sc in sheets:
        assert sc.total == sum(sc.categories.values())
    replayed = arle.replay(s.record())
    assert replayed == s
    return s


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.sampled_from([1, 2]))
def test_random_games_keep_invariants(seed: int, players: int) -> None:
    play_checked(seed, players, deep=False)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.sampled_from([1, 2]))
def test_random_games_clone_json_notation(seed: int, players: int) -> None:
    play_checked(seed, players, deep=True)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.sampled_from([1, 2]))
def test_random_expansion_games_keep_invariants(seed: int, players: int) -> None:
    s = play_checked(seed, players, deep=False, expansion="tea-and-trade")
    for sc in s.scores():
        assert {"tea", "ships", "digging_spades"} <= set(sc.categories)


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.sampled_from([1, 2]))
def test_random_expansion_games_clone_json_notation(seed: int, players: int) -> None:
    play_checked(seed, players, deep=True, expansion="tea-and-trade")


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("seed", [0, 1])
def test_expansion_games_both_building_modes(seed: int, players: int) -> None:
    # seeds 0 and 1 draw both selections across the four cases
    play_checked(seed, players, deep=False, expansion="tea-and-trade")


#: 2-player expansion games that reach the harbor and trade (found by a search of seeds
#: 0-400 once the cell and dike choices joined the games: trades are rare; 274, 284,
#: 332 and 389 trade too).
SHIP_SEEDS = (97, 321)


def test_random_expansion_games_build_load_and_trade_ships() -> None:
    """The random expansion games reach the harbor: ships are built and loaded, and
    the trading ships trade."""
    verbs: Counter[str] = Counter()
    for seed in SHIP_SEEDS:
        s = play_checked(seed, 2, deep=False, expansion="tea-and-trade")
        for text in s.history:
            words = text.split()
            if words[0] == "load" and words[1].startswith("h"):
                verbs["load ship"] += 1
            elif words[0] in ("ship", "trade"):
                verbs[words[0]] += 1
    assert verbs["ship"] and verbs["load ship"] and verbs["trade"], verbs


def test_same_seed_same_game() -> None:
    a = play_checked(11, 2, deep=False)
    b = play_checked(11, 2, deep=False)
    assert a == b and a.record() == b.record()


def test_json_round_trip_mid_action() -> None:
    """A state saved in the middle of a multi-step action resumes exactly."""
    rng = random.Random(5)
    s = arle.new_game(players=2, seed=5)
    while not s.stack:
        s.apply(rng.choice(s.legal_actions()))
    t = State.from_json(s.to_json())
    assert t == s and t.legal_actions() == s.legal_actions()
    a = s.legal_actions()[0]
    s.apply(a)
    t.apply(a)
    assert t == s


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_random_three_player_games_keep_invariants(seed: int) -> None:
    """3 players (T48-T53): 7 half years, 4 workers per player each, replay equality."""
    s = play_checked(seed, 3, deep=False, expansion="tea-and-trade")
    assert s.winner() in (0, 1, 2)
    assert sum(h.startswith("specialize") for h in s.history) == 6   # 2 picks each


@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_random_three_player_games_clone_json_notation(seed: int) -> None:
    play_checked(seed, 3, deep=True, expansion="tea-and-trade")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_three_player_games_both_building_modes(seed: int) -> None:
    play_checked(seed, 3, deep=False, expansion="tea-and-trade")
