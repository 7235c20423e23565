"""Building selection at setup (RULINGS 3 and 11; rulebook building indexes: which tiles
go on which slots of the game board in a first game and in later games)."""

from __future__ import annotations

import pytest

import arle

LIGHT_GREEN = {"farmers_house", "plow_makers_workshop", "novices_hut", "workshop"}
DARK_GREEN = {"weaving_parlor", "colonists_house", "carpenters_workshop",
              "schnapps_distillery", "loading_station", "litter_storage", "wood_trader"}
YELLOW = {"turnery", "smokehouse", "smithy", "cooperage", "bakehouse"}
ORANGE = {"mill", "weaving_mill", "textile_house", "saddlery", "joinery", "waterfront_house"}
BLUE = {"potters_inn", "farmers_inn", "junk_dealers_inn", "gulf_house_inn",
        "milk_house_inn", "sluice_yard_inn"}
RED = {"village_church", "lutetsburg_castle", "berum_castle"}
FIRST_GAME_BLUE = {"potters_inn", "farmers_inn", "junk_dealers_inn"}
SEEDS = range(40)


def board(players=1, seed=0, buildings="first-game", promos=False):
    return arle.new_game(players=players, seed=seed, buildings=buildings, promos=promos).board


def split(b):
    return {name: set(b) & pool for name, pool in (
        ("light", LIGHT_GREEN), ("dark", DARK_GREEN), ("yellow", YELLOW | {"peat_fired_brickworks"}),
        ("orange", ORANGE), ("blue", BLUE), ("red", RED | {"peat_power_plant"}))}


@pytest.mark.parametrize("players", [1, 2])
def test_first_game_selection(players):
    for seed in SEEDS:
        b = board(players, seed)
        assert len(b) == len(set(b)) == 18
        part = split(b)
        assert part["light"] == LIGHT_GREEN
        assert part["dark"] == set()
        assert len(part["yellow"]) == 2 and part["yellow"] <= YELLOW
        assert part["orange"] == ORANGE
        assert part["blue"] == FIRST_GAME_BLUE
        assert part["red"] == RED


def test_first_game_yellow_pair_is_random():
    pairs = {frozenset(split(board(seed=seed))["yellow"]) for seed in SEEDS}
    assert len(pairs) > 3
    seen = set().union(*pairs)
    assert seen == YELLOW


def test_random_selection():
    darks, yellows, blues = set(), set(), set()
    for seed in SEEDS:
        b = board(seed=seed, buildings="random")
        assert len(b) == len(set(b)) == 18
        part = split(b)
        assert part["light"] == set()
        assert len(part["dark"]) == 4
        assert len(part["yellow"]) == 2 and part["yellow"] <= YELLOW
        assert part["orange"] == ORANGE
        assert len(part["blue"]) == 3
        assert part["red"] == RED
        darks.add(frozenset(part["dark"]))
        yellows.add(frozenset(part["yellow"]))
        blues.add(frozenset(part["blue"]))
    assert len(darks) > 3 and len(yellows) > 3 and len(blues) > 3
    assert set().union(*darks) == DARK_GREEN
    assert set().union(*blues) == BLUE


@pytest.mark.parametrize("mode", ["first-game", "random"])
def test_same_seed_same_selection(mode):
    for seed in (0, 1, 17, 12345):
        a = arle.new_game(players=2, seed=seed, buildings=mode)
        b = arle.new_game(players=2, seed=seed, buildings=mode)
        assert a.board == b.board
        assert a.to_json() == b.to_json()


def test_promos_add_brickworks_to_yellow_pool_and_power_plant_as_fourth_red():
    yellow_seen = set()
    for seed in SEEDS:
        for mode in ("first-game", "random"):
            b = board(seed=seed, buildings=mode, promos=True)
            part = split(b)
            assert part["red"] == RED | {"peat_power_plant"}
            assert len(part["yellow"]) == 2
            assert len(b) == 19
            yellow_seen |= part["yellow"]
    assert "peat_fired_brickworks" in yellow_seen


def test_without_promos_no_promo_building_appears():
    for seed in SEEDS:
        for mode in ("first-game", "random"):
            b = board(seed=seed, buildings=mode)
            assert "peat_fired_brickworks" not in b and "peat_power_plant" not in b


def test_explicit_list_is_the_board():
    ids = ["workshop", "weaving_parlor", "mill", "potters_inn", "berum_castle"]
    assert board(buildings=ids) == ids


def test_explicit_list_with_promos():
    ids = ["peat_fired_brickworks", "village_church", "lutetsburg_castle", "berum_castle",
           "peat_power_plant"]
    assert board(buildings=ids, promos=True) == ids


def test_explicit_promo_needs_promos_flag():
    with pytest.raises(ValueError):
        board(buildings=["peat_power_plant"])
    with pytest.raises(ValueError):
        board(buildings=["peat_fired_brickworks"])


@pytest.mark.parametrize("ids", [
    ["workshop", "not_a_building"],
    ["Mill"],
    [""],
])
def test_unknown_ids_are_refused(ids):
    with pytest.raises(ValueError):
        board(buildings=ids)


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError):
        board(buildings="first_game")
    with pytest.raises(ValueError):
        board(buildings="all")


def test_duplicate_ids_are_refused():
    with pytest.raises(ValueError):
        board(buildings=["mill", "mill"])


@pytest.mark.parametrize("ids", [
    ["farmers_house", "workshop", "novices_hut", "weaving_parlor", "wood_trader"],  # 5 green
    ["turnery", "smokehouse", "smithy"],                                              # 3 yellow
    ["potters_inn", "farmers_inn", "junk_dealers_inn", "gulf_house_inn"],             # 4 blue
])
def test_more_buildings_than_slots_are_refused(ids):
    with pytest.raises(ValueError):
        board(buildings=ids)


def test_red_slots_three_or_four_with_promos():
    with pytest.raises(ValueError):
        board(buildings=sorted(RED) + ["peat_power_plant"], promos=False)
    assert len(board(buildings=sorted(RED) + ["peat_power_plant"], promos=True)) == 4


def test_dark_and_light_green_share_the_four_green_slots():
    ids = ["farmers_house", "workshop", "weaving_parlor", "wood_trader"]
    assert board(buildings=ids) == ids


def test_only_selected_buildings_can_be_built():
    from arle.data import catalog as C
    s = arle.new_game(players=1, seed=0, buildings="random")
    everything = {name: 9 for name in C.RESOURCES}
    arle.position.edit(s, res={**everything, "food": 30}, in_place=True)
    s.apply("place builder")
    offered = {a.args[0] for a in s.legal_actions() if a.verb == "build"}
    assert offered <= set(s.board)
    assert offered & DARK_GREEN == set(s.board) & DARK_GREEN
    assert not offered & (LIGHT_GREEN | (DARK_GREEN - set(s.board)))
