"""The engine's fast predicates (issue 35) agree with the payment lists they stand for.

One test writes a goods count off the track into a player's layout by hand (no game
reaches it) to pin what ``score_total``'s count-indexed tables do with it."""

from __future__ import annotations

import itertools
import random

import pytest

import arle
from arle.animals import Enclosures
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.engine import spaces
from arle.engine.core import can_pay_fixed, can_pay_one, payment_options
from arle.state import Player


def test_can_pay_one_is_whether_a_payment_exists() -> None:
    base = [0] * len(T.TT_RESOURCES)
    for wood, timber, clay, brick in itertools.product(range(4), repeat=4):
        res = base[:]
        res[C.WOOD], res[C.TIMBER], res[C.CLAY], res[C.BRICK] = wood, timber, clay, brick
        res[C.FOOD] = wood + clay
        for r in (C.WOOD, C.TIMBER, C.CLAY, C.BRICK, C.FOOD, T.TEA):
            for n in range(6):
                assert can_pay_one(res, r, n) == bool(payment_options(res, {r: n})), \
                    (res, r, n)


def test_can_pay_fixed_is_whether_a_payment_exists() -> None:
    """``core.can_pay_fixed`` (the conversions' listing asks it) is whether
    ``payment_options`` lists a way, for costs naming Wood, Clay, Timber, Brick and
    other goods together, over every small stock of them."""
    base = [0] * len(T.TT_RESOURCES)
    costs = [{}, {C.WOOD: 2}, {C.CLAY: 1, C.PEAT: 1}, {C.WOOD: 1, C.TIMBER: 1},
             {C.CLAY: 2, C.BRICK: 1, C.FOOD: 1}, {C.WOOD: 1, C.CLAY: 1},
             {C.TIMBER: 2, C.BRICK: 1}, {C.GRAIN: 2, C.WOOD: 3, C.TIMBER: 1, C.CLAY: 1}]
    for wood, timber, clay, brick, other in itertools.product(range(4), repeat=5):
        res = base[:]
        res[C.WOOD], res[C.TIMBER], res[C.CLAY], res[C.BRICK] = wood, timber, clay, brick
        res[C.FOOD] = res[C.PEAT] = res[C.GRAIN] = other
        for cost in costs:
            assert can_pay_fixed(res, cost) == bool(payment_options(res, cost)), (res, cost)


def test_the_fast_actions_match_the_payment_lists_in_seeded_games() -> None:
    """Master's tool steps and the Wainwright's vehicles, at every decision of seeded
    games of both games: offered exactly where a payment exists."""
    for seed, exp in ((1, None), (2, None), (3, "tea-and-trade")):
        s = (arle.new_game(players=2, seed=seed, buildings="random") if exp is None
             else arle.new_game(players=2, seed=seed, buildings="random", expansion=exp))
        rng = random.Random(seed)
        while not s.is_terminal():
            for p in range(s.n):
                for kind in spaces.vehicle_kinds(s):
                    assert spaces.can_buy_equipment(s, p, kind) == bool(
                        spaces.equipment_payment(s, p, kind))
                for t in range(len(s.players[p].tools)):
                    r, k = T.TT_TOOL_STEP_COST[t]
                    assert can_pay_one(s.players[p].res, r, k) == bool(
                        spaces.tool_step_options(s, p, t))
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_states_with_frames_pickle_and_deep_copy() -> None:
    """Frames (compiled frozen dataclasses in the mypyc build) survive pickle and
    deepcopy, so a state in the middle of an action does too (process pools)."""
    import copy
    import pickle

    from arle import frames as FR
    for seed, exp in ((1, None), (3, "tea-and-trade")):
        s = (arle.new_game(players=2, seed=seed, buildings="random") if exp is None
             else arle.new_game(players=2, seed=seed, buildings="random", expansion=exp))
        rng = random.Random(seed)
        seen = 0
        while not s.is_terminal() and seen < 20:
            if s.stack:
                seen += 1
                for f in s.stack:
                    assert pickle.loads(pickle.dumps(f)) == f and copy.deepcopy(f) == f
                assert pickle.loads(pickle.dumps(s)).to_json() == s.to_json()
                assert copy.deepcopy(s).to_json() == s.to_json()
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        assert seen == 20
    f = FR.Farmer(1, built=True, fields=2, dry=1)
    assert pickle.loads(pickle.dumps(f)) == f and type(copy.copy(f)) is FR.Farmer


def _housing_counted_slowly(pl: Player) -> Enclosures:
    """The housing as the rules word it: empty Land Spaces below the Dike Line (the
    dehydrated ones apart), stalls (a double stall counts two), stables, parks."""
    from arle.engine import ditches as D
    start = C.first_land_row(pl.dikes) * C.COLS
    empty = [i for i in range(start, C.ROWS * C.COLS) if not pl.grid[i]]
    dry = 0
    if pl.ditches:
        m = D.dehydrated_cells(pl.ditches)
        dry = sum(1 for i in empty if m >> i & 1)
    g = pl.grid
    return Enclosures(len(empty) - dry,
                      g.count("stall") + C.DOUBLE_STALL_STALLS * g.count("double_stall"),
                      g.count("stable"), C.DIKES + C.PARK_MIXED * g.count("park"), dry)


def test_the_kept_housing_is_the_housing_counted_afresh() -> None:
    """``engine.farm.enclosures`` keeps the housing of the farms it has seen: at every
    decision of seeded games of both games (ditches, dikes and tiles changing), what it
    returns equals the housing counted with nothing kept."""
    from arle.engine import farm
    for seed, exp in ((4, None), (5, "tea-and-trade")):
        s = (arle.new_game(players=2, seed=seed, buildings="random") if exp is None
             else arle.new_game(players=2, seed=seed, buildings="random", expansion=exp))
        rng = random.Random(seed)
        seen = set()
        while not s.is_terminal():
            for pl in s.players:
                kept = farm.enclosures(pl)
                farm._ENCLOSURES.clear()
                assert farm.enclosures(pl) == kept == _housing_counted_slowly(pl)
                assert farm.count_enclosures(pl) == kept
                seen.add(kept)
                assert farm.enclosures(pl) is farm.enclosures(pl)   # kept, not rebuilt
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        assert len(seen) > 3


def test_the_scoring_view_counts_tiles_as_the_board_shows_them() -> None:
    """``view.farm``'s one-pass tally of the scored tiles and its goods and tools
    equal the board's own counts at every decision of seeded games."""
    from arle import view
    for seed, exp in ((6, None), (7, "tea-and-trade")):
        s = (arle.new_game(players=2, seed=seed, buildings="random") if exp is None
             else arle.new_game(players=2, seed=seed, buildings="random", expansion=exp))
        rng = random.Random(seed)
        while not s.is_terminal():
            for p, pl in enumerate(s.players):
                f = view.farm(s, p)
                g = pl.grid
                assert (f.stalls, f.depots, f.stables, f.double_stalls, f.forests,
                        f.parks) == tuple(g.count(k) for k in (
                            "stall", "depot", "stable", "double_stall", "forest", "park"))
                assert f.goods == {C.RESOURCES[r]: pl.res[r] for r in C.GOODS_TRACK}
                names, values = ((C.TOOLS, C.TOOL_VALUES) if exp is None
                                 else (T.TT_TOOLS, T.TT_TOOL_VALUES))
                assert f.tools == {n: values[i][pl.tools[i]] for i, n in enumerate(names)}
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_the_scoring_total_counted_from_the_state_is_the_scoring_pads() -> None:
    """``view.score_total`` (the evaluation's score) is the scoring pad's total of the
    farm, the same float to the bit, at every position of seeded base, solo, Tea & Trade
    and 3-player games, ships, Tea and vehicle loads included."""
    from arle.scoring import score_farm
    from arle.view import farm, score_total
    seen_loads = seen_ships = 0
    for players, exp in ((2, None), (1, None), (2, "tea-and-trade"), (3, "tea-and-trade")):
        for seed in range(2):
            s = (arle.new_game(players=players, seed=seed, buildings="random") if exp is None
                 else arle.new_game(players=players, seed=seed, buildings="random",
                                    expansion=exp))
            rng = random.Random(seed)
            while True:
                for p in range(s.n):
                    got, want = score_total(s, p), score_farm(farm(s, p)).total
                    assert type(got) is float and repr(got) == repr(want), (seed, p)
                    pl = s.players[p]
                    seen_loads += any(c for b in pl.barn for c in b[1:])
                    seen_ships += bool(pl.harbor)
                if s.is_terminal():
                    break
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
    assert seen_loads and seen_ships


def test_the_scoring_total_refuses_what_the_scoring_pad_refuses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A belonging the scoring pad cannot score (here a building its table lacks) gets
    the scoring pad's own error from ``score_total`` too."""
    from arle import scoring
    from arle.scoring import ScoringInputError
    from arle.view import score_player, score_total
    s = arle.new_game(players=2, seed=1, buildings="random")
    rng = random.Random(1)
    while not any(pl.buildings for pl in s.players):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    p = next(i for i, pl in enumerate(s.players) if pl.buildings)
    monkeypatch.delitem(scoring._BUILDING_VP, s.players[p].buildings[0])
    with pytest.raises(ScoringInputError) as want:
        score_player(s, p)
    with pytest.raises(ScoringInputError) as got:
        score_total(s, p)
    assert str(got.value) == str(want.value)


@pytest.mark.parametrize("good, count", [("food", -1), ("food", 99), ("grain", -1),
                                         ("grain", 99), ("wool", -2)])
def test_the_scoring_total_of_a_count_off_the_goods_track_is_the_scoring_pads(
        good: str, count: int) -> None:
    """A goods-track count off the track (below 0 or over its cap; the tables of
    ``score_total`` are indexed by the count) gets what the scoring pad gives it: the
    same error, or the same total."""
    from arle.data import catalog as C
    from arle.view import score_player, score_total
    s = arle.new_game(players=1, seed=2, buildings="random")
    s.players[0].res[C.RESOURCES.index(good)] = count
    try:
        want: object = score_player(s, 0).total
    except Exception as exc:      # the scoring pad's own refusal
        with pytest.raises(type(exc)) as got:
            score_total(s, 0)
        assert str(got.value) == str(exc)
    else:
        assert repr(score_total(s, 0)) == repr(want)


def test_can_sell_is_whether_a_sale_option_exists() -> None:
    """``vehicles.can_sell`` (asked when the loads are listed) at every decision of
    seeded games, for every player and destination: exactly where ``sale_options``
    lists something."""
    from arle.engine import vehicles
    sellable = 0
    for seed, players, exp in ((1, 2, None), (2, 1, None), (3, 2, "tea-and-trade")):
        s = (arle.new_game(players=players, seed=seed, buildings="random") if exp is None
             else arle.new_game(players=players, seed=seed, buildings="random",
                                expansion=exp))
        rng = random.Random(seed)
        while not s.is_terminal():
            for p in range(s.n):
                for d in C.DESTINATIONS:
                    want = bool(vehicles.sale_options(s, p, d, ()))
                    assert vehicles.can_sell(s, p, d) == want, (seed, p, d)
                    sellable += want
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert sellable


def test_the_kept_board_tally_is_the_board_counted_afresh() -> None:
    """``view.board_tally`` (kept per home board) counts what the board shows: the
    fields, forests and depot, and the VP of its scored tiles, moors and boardwalk."""
    from arle.scoring import _TOP_ROW_VP, score_farm
    from arle.view import board_tally, farm
    seen_fields = 0
    for seed, exp in ((1, None), (3, "tea-and-trade")):
        s = (arle.new_game(players=2, seed=seed, buildings="random") if exp is None
             else arle.new_game(players=2, seed=seed, buildings="random", expansion=exp))
        rng = random.Random(seed)
        while not s.is_terminal():
            for p in range(s.n):
                g = s.players[p].grid
                vp, depot, grain, flax, forests = board_tally(g)
                assert (depot, grain, flax, forests) == (
                    "depot" in g, g.count("field_grain"), g.count("field_flax"),
                    g.count("forest"))
                sheet = score_farm(farm(s, p))
                dikes = s.players[p].dikes
                buildings = sum(C.BUILDING_VP.get(b, T.TT_BUILDING_VP.get(b, 0))
                                for b in s.players[p].buildings)
                assert vp == sheet.categories["home_board"] - _TOP_ROW_VP[dikes] - buildings
                seen_fields += grain + flax
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert seen_fields


def test_the_workers_left_are_the_turns_counted_one_by_one() -> None:
    """The evaluation's count of a player's workers still to place this half year (a
    closed form) is the count of the remaining turns that are that player's, at every
    work-phase decision of seeded 1-, 2- and 3-player games."""
    from arle.bots.evaluation import workers_left
    starts = set()
    for players in (1, 2, 3):
        exp = "tea-and-trade" if players == 3 else None
        s = (arle.new_game(players=players, seed=5, buildings="random") if exp is None
             else arle.new_game(players=players, seed=5, buildings="random", expansion=exp))
        rng = random.Random(5)
        total = C.WORKERS_PER_PLAYER * players
        while not s.is_terminal():
            if s.phase == "work":
                starts.add((players, s.start_player))
                for p in range(players):
                    want = sum(1 for t in range(s.turn, total)
                               if (s.start_player + t % players) % players == p)
                    assert workers_left(s, p)[0] == want, (players, s.turn, p)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert {(3, 0), (3, 1), (3, 2), (2, 1)} <= starts
