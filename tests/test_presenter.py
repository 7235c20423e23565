"""The presenter beside the log (issue 32, item 2): the decision's options in words with
their costs, the score item by item and the names, checked against the engine over
random games of the base game, Tea & Trade and three players; and the rules facts the
faces ask of the game, one source each (item 3): the season spaces and the workers."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import arle
from arle import presenter, view
from arle.actions import Action
from arle.bots.random_bot import RandomBot
from arle.data import catalog as C
from arle.data import tea_trade as TT

TEA = "tea-and-trade"
#: (players, expansion, seed): a few random games of every kind a face shows.
GAMES = [(1, None, 11), (2, None, 12), (1, TEA, 13), (2, TEA, 14), (3, TEA, 15),
         (3, TEA, 16)]
#: What the rules let stand for a resource of a cost (Timber for Wood, Brick for Clay).
STANDS_FOR = (("timber", "wood"), ("brick", "clay"))


def positions(players: int, expansion: str | None, seed: int) -> Iterator[arle.State]:
    """Every position of a seeded random game, its end included."""
    s = arle.new_game(players=players, seed=seed, expansion=expansion)
    bot = RandomBot(seed=seed)
    while not s.is_terminal():
        yield s
        s.apply(bot.choose(s))
    yield s


# ---------------------------------------------------------------------------
# The decision and its options
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,expansion,seed", GAMES)
def test_every_option_of_random_positions_is_put_in_words(
        players: int, expansion: str | None, seed: int) -> None:
    verbs: set[str] = set()
    for s in positions(players, expansion, seed):
        dv = presenter.decision(s)
        legal = [str(a) for a in s.legal_actions()]
        d = s.pending()
        assert (dv.player, dv.kind, dv.title, dv.text) == (d.player, d.kind, d.title, d.text)
        # the decision's options, then the anytime actions: every legal action once
        shown = [o.action for o in (*dv.options, *dv.anytime)]
        assert sorted(shown) == sorted(legal) and len(set(shown)) == len(shown)
        assert not dv.anytime or dv.options
        for o in (*dv.options, *dv.anytime):
            verbs.add(o.verb)
            # words of their own: the notation is never the fallback
            assert o.words and o.words != o.action, o
            if o.vp is not None:
                assert o.cost, o            # what is built has a price
        if s.current_player is not None:
            other = (s.current_player + 1) % s.n
            if s.n > 1:
                seen = presenter.decision(s, seat=other)
                assert seen.options == seen.anytime == () and seen.title == d.title
    assert "place" in verbs and len(verbs) > 8, verbs


def _taken(pays: dict[str, int], effects: dict[str, int]) -> dict[str, int]:
    """What the engine took, read as the cost's own resources: Timber taken for Wood
    and Brick for Clay are counted as the Wood and the Clay of the cost."""
    taken = {k: -n for k, n in effects.items() if n < 0}
    for instead, base in STANDS_FOR:
        extra = taken.get(instead, 0) - pays.get(instead, 0)
        if extra > 0 and base in pays:
            taken[instead] -= extra
            taken[base] = taken.get(base, 0) + extra
    return {k: n for k, n in taken.items() if n and k in pays}


@pytest.mark.parametrize("players,expansion,seed", GAMES)
def test_an_options_cost_is_what_the_engine_takes_when_it_is_applied(
        players: int, expansion: str | None, seed: int) -> None:
    checked = 0
    for s in positions(players, expansion, seed):
        if s.is_terminal():
            continue
        p = s.current_player
        dv = presenter.decision(s)
        for o in (*dv.options, *dv.anytime):
            if not o.pays:
                continue
            after = s.clone()
            after.apply(o.action)
            if after.pending().kind == "pay" and after.current_player == p:
                continue                # the engine asks how (Timber for Wood...)
            if (after.half_year, after.phase) != (s.half_year, s.phase):
                continue                # the inventory's feeding came with the move
            effects = presenter.effects(s, o.action)
            assert _taken(o.pays, effects) == o.pays, (o, effects)
            # the words say the same amounts
            for k, n in o.pays.items():
                name = presenter.resource_name(k) if k != "horse" else "Horse"
                assert f"{n} {name}" in o.cost, (o, k)
            checked += 1
    assert checked > 20


def test_costs_and_words_of_known_options() -> None:
    s = arle.new_game(players=1, seed=1)
    o = presenter.option(s, Action("build", ("mill",)))
    assert (o.words, o.detail, o.cost, o.vp, o.pays) == (
        "Build Mill", "Mill, 6 VP", "1 Timber + 8 Flax or 8 Grain", 6.0, None)
    o = presenter.option(None, Action("vehicle", ("carriage",)))
    assert (o.cost, o.vp, o.pays) == ("4 Wood + 2 Horses", 4.0, {"wood": 4, "horse": 2})
    o = presenter.option(None, Action("place", ("wood_trader_space",)))
    assert o.cost == "1 Food or 1 Grain" and o.pays is None
    assert presenter.option(None, Action("place", ("fisherman",))).pays == {}
    three = arle.new_game(players=3, seed=1, expansion=TEA)
    laborer = presenter.option(three, Action("place", ("laborer_summer_3p",)))
    assert laborer.cost == "2 Food" and laborer.pays == {"food": 2}
    imitate = presenter.option(three, Action("place", ("imitate_1",)))
    assert imitate.cost == f"{view.imitate_food(three)} Food"
    # East Frisian Tea pays a Tea use when the mover holds no Tea (T38)
    tt = arle.new_game(players=1, seed=1, expansion=TEA)
    tea = Action("place", ("fisherman", "tea"))
    assert view.resources(tt, 0)["tea"] > 0
    assert presenter.option(tt, tea).pays == {"tea": 1}
    assert presenter.option(None, tea).cost == "1 Tea"


def test_effects_are_the_engines_and_leave_the_position_alone() -> None:
    s = arle.new_game(players=1, seed=1)
    before = s.to_json()
    assert presenter.effects(s, "place fisherman") == {"food": 3}
    assert s.to_json() == before
    with pytest.raises(arle.IllegalActionError):
        presenter.effects(s, "place nowhere")


# ---------------------------------------------------------------------------
# The score item by item
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,expansion,seed", GAMES)
def test_the_breakdowns_items_sum_to_the_engines_scores(
        players: int, expansion: str | None, seed: int) -> None:
    every = list(positions(players, expansion, seed))
    for s in every[::60] + every[-1:]:
        sheets = s.scores()
        for p in range(s.n):
            b = presenter.breakdown(s, p)
            assert b.player == p and b.total == sheets[p].total
            assert [c.key for c in b.categories] == list(sheets[p].categories)
            for c in b.categories:
                assert c.vp == sheets[p].categories[c.key]
                assert sum(i.vp for i in c.items) == pytest.approx(c.vp), c
                assert c.name == presenter.category_name(c.key)
            names = [i.what for i in b.category("home_board").items]
            for building in view.buildings(s, p):
                assert presenter.building_name(building) in names
            if expansion:
                assert {"tea", "ships", "digging_spades"} <= {c.key for c in b.categories}
            js = b.to_json()
            assert js["total"] == presenter.fmt_vp(b.total)
            assert [c["key"] for c in js["categories"]] == [c.key for c in b.categories]


def test_the_solo_benchmark_is_one_figure() -> None:
    from arle.cli import render
    from arle.web import breakdown
    assert render.BENCHMARK_SOLO == breakdown.SOLO_BENCHMARK == presenter.SOLO_BENCHMARK
    assert f"{presenter.SOLO_BENCHMARK} VP" in presenter.benchmark_text(80)
    assert "short of it" in presenter.benchmark_text(presenter.SOLO_BENCHMARK - 1)
    assert "you reached it" in presenter.benchmark_text(presenter.SOLO_BENCHMARK)


# ---------------------------------------------------------------------------
# Names: one function each, from the state's own tables
# ---------------------------------------------------------------------------
def test_names_come_from_the_tables_of_the_states_layout() -> None:
    s = arle.new_game(players=2, seed=1, expansion=TEA)
    for key in view.resources(s, 0):
        assert key in TT.TT_RESOURCES
        name = presenter.resource_name(key)
        assert name and "_" not in name
    assert presenter.resource_name("east_frisian_tea") == "East Frisian Tea"
    for key in view.animals(s, 0):
        assert presenter.animal_name(key, 2) in ("sheep", "cattle", "horses")
    for b in (*C.BUILDING_NAME, *TT.TT_BUILDING_NAME):
        assert presenter.building_name(b) == {**C.BUILDING_NAME, **TT.TT_BUILDING_NAME}[b]
    # the faces' own names are the presenter's
    from arle.cli import render
    from arle.web import svg, views
    assert render.building_name is presenter.building_name
    assert "Tea Factory" in views.action_label(Action("build", ("tea_factory",)))
    assert svg.buildings_board(s, {}).count(">" + presenter.building_name(s.board[0])) >= 1


# ---------------------------------------------------------------------------
# Rules facts: the season spaces and the workers, one source each
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,expansion,seed", GAMES)
def test_the_season_spaces_are_those_the_engine_offers(
        players: int, expansion: str | None, seed: int) -> None:
    s = arle.new_game(players=players, seed=seed, expansion=expansion)
    sizes = {(1, None): 15, (2, None): 15, (1, TEA): 17, (2, TEA): 17, (3, TEA): 21}
    for season in (0, 1):
        spaces = view.season_spaces(s, season)
        assert len(spaces) == len(set(spaces)) == sizes[players, expansion]
        for sp in spaces:
            if sp not in TT.IMITATE_SPACES:
                assert view.space_season(s, sp) == season, sp
    rng = random.Random(seed)
    seen = 0
    while not s.is_terminal():
        places = {a.args[0] for a in s.legal_actions() if a.verb == "place"}
        if places and s.pending().kind == "place":
            every = set(view.season_spaces(s, 0)) | set(view.season_spaces(s, 1))
            assert places <= every
            if players == 1:          # no Special Action: the season's spaces only
                assert places <= set(view.season_spaces(s, s.season))
            seen += 1
        s.apply(rng.choice(s.legal_actions()))
    assert seen > 10
    with pytest.raises(ValueError):
        view.season_spaces(s, 2)
    # every face reads them from there
    from arle.cli import render
    from arle.web import svg
    assert render.season_spaces is view.season_spaces is svg.season_spaces
    assert render.space_season is view.space_season


def test_grandmother_is_a_winter_space_with_two_players_and_a_summer_one_with_three() -> None:
    two = arle.new_game(players=2, seed=1, expansion=TEA)
    three = arle.new_game(players=3, seed=1, expansion=TEA)
    assert view.space_season(two, "grandmother") == TT.TT_SPACE_SEASON["grandmother"] == 1
    assert view.space_season(three, "grandmother") == 0


@pytest.mark.parametrize("players,expansion,seed", GAMES)
def test_the_workers_placed_and_left_follow_the_placements(
        players: int, expansion: str | None, seed: int) -> None:
    s = arle.new_game(players=players, seed=seed, expansion=expansion)
    bot = RandomBot(seed=seed)
    four = view.workers_per_player()
    used = [0] * players
    half = s.half_year
    while not s.is_terminal():
        if s.half_year != half:
            half, used = s.half_year, [0] * players
        for q in range(players):
            assert view.workers_left(s, q) == four - used[q]
            assert view.workers_placed(s, q) == sum(1 for w in s.occupied.values() if w == q)
            assert view.workers_placed(s, q) <= four - view.workers_left(s, q)
        a = bot.choose(s)
        p = s.current_player
        assert p is not None
        if s.pending().kind == "place" and a.verb in ("place", "skip"):
            assert view.workers_left(s, p) > 0
            used[p] += 1
        s.apply(a)
        if s.phase != "work":
            used = [four] * players


def test_the_special_actions_are_the_workers_on_the_other_seasons_spaces() -> None:
    for players, seed in ((2, 21), (3, 22)):
        s = arle.new_game(players=players, seed=seed, expansion=TEA)
        rng = random.Random(seed)
        taken = 0
        while not s.is_terminal():
            specials = view.special_actions(s)
            assert len(specials) <= (1 if players == 2 else 2)
            assert len({who for who, _ in specials}) == len(specials)
            for who, sp in specials:
                assert s.occupied[sp] == who and view.space_season(s, sp) != s.season
            if players == 2:
                assert [who for who, _ in specials] == ([s.special] if s.special >= 0 else [])
            taken += len(specials)
            s.apply(rng.choice(s.legal_actions()))
        assert taken
