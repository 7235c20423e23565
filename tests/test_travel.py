"""Rulebook: "Index of Travel Destination Tiles", travel on vehicles ("Loading
Vehicles"), "Travel Experience" (RULINGS 9).

A destination tile goes on a vehicle only if at least one of its items is sold at
once; each item sells at most once, from the supply only (never from a vehicle);
the Food comes at once (max 30); each destination is used once per game and lands on
the Travel Experience track at the next inventory.
"""

from __future__ import annotations

from typing import Any

import pytest
from util import fresh, legal, res, set_animals, set_res, play_out_half_year

from arle import IllegalActionError
from arle.data import catalog as C
from arle.engine import farm as F
from arle.position import edit
from arle.state import State


def give(s: State, p: int, *kinds: str) -> State:
    return edit(s, p, equipment=kinds, in_place=True)


def bare(players: int = 1) -> State:
    """Player 0 with nothing at all to sell: no goods, tiles, moors or animals."""
    return edit(fresh(players=players), res={}, only=True, grid=[""] * 21,
                animals=(0, 0, 0), bw_peat=0, in_place=True)


def sell_at(s: State, dest: str, *options: str, cell: int = 0) -> None:
    """Load ``dest`` on barn item 0 and sell ``options`` there, then close it."""
    s.apply(f"load 0 {cell} {dest}")
    for o in options:
        assert s.stack and s.stack[-1].KIND == "sell", f"{dest}: frame closed before {o}"
        s.apply(f"sell {o}")
    if s.stack and s.stack[-1].KIND == "sell":
        s.apply("done")
    assert not s.stack




# ---------------------------------------------------------------------------
# Every destination, every item, its Food (RULINGS 9)
# ---------------------------------------------------------------------------
# (destination, option, setup, food, check) -- the player starts bare with a Horse
# Cart (fits every size) and 0 Food; ``check`` maps a probe to its value afterwards.
CASES: list[tuple[str, str, dict[str, Any], int, dict[str, int]]] = [
    ("hage", "field:grain", {"grid": "field_grain"}, 1, {"field_grain": 0, "pool_field": 1}),
    ("hage", "field:flax", {"grid": "field_flax"}, 1, {"field_flax": 0, "pool_field": 1}),
    ("beemoor", "peat", {"peat": 2}, 2, {"peat": 1}),
    ("dornum", "plow", {"equip": "plow"}, 8, {"plow": 0, "pool_boat_plow": 1}),
    ("norden", "sheep", {"sheep": 1}, 4, {"sheep": 0}),
    ("norden", "peat_boat", {"equip": "peat_boat"}, 5, {"peat_boat": 0, "pool_boat_plow": 1}),
    ("norden", "winter_wear", {"winter_wear": 1}, 7, {"winter_wear": 0}),
    ("aurich", "leather", {"leather": 1}, 4, {"leather": 0}),
    ("aurich", "horse", {"horse": 1}, 5, {"horse": 0}),
    ("aurich", "animal:sheep", {"sheep": 1}, 4, {"sheep": 0}),
    ("aurich", "animal:cattle", {"cattle": 1}, 4, {"cattle": 0}),
    ("aurich", "animal:horse", {"horse": 1}, 4, {"horse": 0}),
    ("esens", "grain2", {"grain": 3}, 4, {"grain": 1}),
    ("esens", "hide", {"hide": 2}, 2, {"hide": 1}),
    ("esens", "woolen", {"woolen": 1}, 4, {"woolen": 0}),
    ("emden", "winter_wear", {"winter_wear": 1}, 7, {"winter_wear": 0}),
    ("emden", "leather_wear", {"leather_wear": 1}, 7, {"leather_wear": 0}),
    ("emden", "summer_wear", {"summer_wear": 1}, 6, {"summer_wear": 0}),
    ("emden", "peat", {"peat": 1}, 3, {"peat": 0}),
    ("leer", "flax", {"flax": 1}, 2, {"flax": 0}),
    ("leer", "linen", {"linen": 1}, 3, {"linen": 0}),
    ("leer", "cattle", {"cattle": 1}, 5, {"cattle": 0}),
    ("leer", "wear:summer_wear", {"summer_wear": 1}, 6, {"summer_wear": 0}),
    ("leer", "wear:winter_wear", {"winter_wear": 1}, 6, {"winter_wear": 0}),
    ("leer", "wear:leather_wear", {"leather_wear": 1}, 6, {"leather_wear": 0}),
    ("bremen", "timber", {"timber": 1}, 5, {"timber": 0}),
    ("bremen", "animals2:sheep", {"sheep": 3}, 9, {"sheep": 1}),
    ("bremen", "animals2:cattle", {"cattle": 2}, 9, {"cattle": 0}),
    ("bremen", "animals2:horse", {"horse": 2}, 9, {"horse": 0}),
    ("bremen", "fabrics", {"linen": 1, "woolen": 1, "leather": 1}, 12,
     {"linen": 0, "woolen": 0, "leather": 0}),
    ("bremen", "wears", {"summer_wear": 1, "winter_wear": 1, "leather_wear": 1}, 30,
     {"summer_wear": 0, "winter_wear": 0, "leather_wear": 0}),
    ("bremen", "moor:moor", {"moor": "moor"}, 0, {"moors_left": 0}),
]


def _setup(s: State, setup: dict[str, Any]) -> None:
    cells, equipment, animals, goods = {}, [], {}, {}
    for k, v in setup.items():
        if k == "grid":
            cells[9] = v
        elif k == "equip":
            equipment.append(v)
        elif k == "moor":
            cells[15] = cells[18] = v
        elif k in C.ANIMAL_INDEX:
            animals[k] = v
        else:
            goods[k] = v
    edit(s, cells=cells, equipment=equipment, animals=animals, res=goods, in_place=True)


def _probe(s: State, name: str) -> int:
    pl = s.players[0]
    if name.startswith("pool_"):
        return s.pool[name[5:]]
    if name in ("field_grain", "field_flax"):
        return pl.grid.count(name)
    if name in ("plow", "peat_boat"):
        return F.count_equipment(pl, name)
    if name == "moors_left":
        return sum(1 for c in range(3) if pl.grid[F.MOOR_CELLS[c][0]] in ("moor", "dmoor"))
    if name in C.ANIMAL_INDEX:
        return pl.animals[C.ANIMAL_INDEX[name]]
    return pl.res[C.RES_INDEX[name]]


@pytest.mark.parametrize("dest,option,setup,food,check", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_every_sale_pays_its_food(dest: str, option: str, setup: dict[str, Any],
                                  food: int, check: dict[str, int]) -> None:
    s = bare()
    give(s, 0, "horse_cart")
    _setup(s, setup)
    pool_before = dict(s.pool)
    assert f"load 0 0 {dest}" in legal(s)
    s.apply(f"load 0 0 {dest}")
    if s.stack:  # a single option is applied automatically
        assert f"sell {option}" in legal(s)
        s.apply(f"sell {option}")
    if s.stack:
        s.apply("done")
    assert not s.stack
    assert res(s, 0, "food") == food
    for name, value in check.items():
        if name.startswith("pool_"):
            assert _probe(s, name) == pool_before[name[5:]] + value, name
        else:
            assert _probe(s, name) == value, name
    assert s.players[0].barn[0][1] == f"dest:{dest}"


def test_destination_sizes() -> None:
    assert C.DESTINATION_SIZE == {"hage": 1, "beemoor": 1, "dornum": 1, "norden": 2,
                                  "aurich": 2, "esens": 2, "emden": 3, "leer": 3,
                                  "bremen": 4}


def test_sale_items_match_the_index() -> None:
    # Each destination offers exactly the items of RULINGS 9 when all are on hand.
    s = fresh()
    give(s, 0, "horse_cart", "plow", "peat_boat")
    set_res(s, 0, grain=2, hide=1, flax=1, peat=1, timber=1, linen=1, woolen=1,
            leather=1, summer_wear=1, winter_wear=1, leather_wear=1)
    set_animals(s, 0, sheep=2, cattle=2, horse=2)
    expected = {
        "hage": {"field:grain", "field:flax"},
        "beemoor": {"peat"},
        "dornum": {"plow"},
        "norden": {"sheep", "peat_boat", "winter_wear"},
        "aurich": {"leather", "horse", "animal:sheep", "animal:cattle", "animal:horse"},
        "esens": {"grain2", "hide", "woolen"},
        "emden": {"winter_wear", "leather_wear", "summer_wear", "peat"},
        "leer": {"flax", "linen", "cattle", "wear:summer_wear", "wear:winter_wear",
                 "wear:leather_wear"},
        "bremen": {"timber", "animals2:sheep", "animals2:cattle", "animals2:horse",
                   "fabrics", "wears", "moor:moor", "moor:boardwalk"},
    }
    for dest, items in expected.items():
        t = s.clone()
        t.apply(f"load 0 0 {dest}")
        if len(items) == 1:  # applied automatically
            assert not t.stack
            continue
        assert {a[5:] for a in legal(t) if a.startswith("sell ")} == items, dest
        assert "done" not in legal(t)  # at least one sale


# ---------------------------------------------------------------------------
# Selling rules
# ---------------------------------------------------------------------------
def test_at_least_one_item_must_be_sold() -> None:
    s = set_animals(give(fresh(), 0, "cart"), 0, sheep=1)
    set_res(s, 0, winter_wear=1)
    s.apply("load 0 0 norden")
    assert legal(s) == {"sell sheep", "sell winter_wear"}
    s.apply("sell sheep")
    assert legal(s) == {"sell winter_wear", "done"}
    s.apply("done")
    assert res(s, 0, "food") == 5 + 4 and res(s, 0, "winter_wear") == 1


def test_each_item_sells_at_most_once() -> None:
    s = set_res(give(fresh(), 0, "cart"), 0, food=0, leather=0)
    set_animals(s, 0, horse=3)
    s.apply("load 0 0 aurich")
    s.apply("sell horse")
    assert "sell horse" not in legal(s)
    assert "sell animal:horse" in legal(s)
    s.apply("sell animal:horse")    # Aurich's two items: both closed now
    assert not s.stack
    assert res(s, 0, "food") == 9 and s.players[0].animals[C.HORSE] == 1


def test_aurich_horse_and_any_animal_both_from_horses() -> None:
    s = set_res(give(fresh(), 0, "cart"), 0, food=0)
    set_animals(s, 0, horse=2)
    sell_at(s, "aurich", "horse", "animal:horse")
    assert res(s, 0, "food") == 9 and s.players[0].animals == [0, 0, 0]


def test_emden_example_winter_wear_and_peat() -> None:
    # Rulebook example: Emden on a Cart, 1 Winter Wear and 1 Peat for 10 Food.
    s = set_res(give(fresh(), 0, "cart"), 0, food=0, winter_wear=1, peat=3)
    sell_at(s, "emden", "winter_wear", "peat")
    assert res(s, 0, "food") == 10
    assert (res(s, 0, "winter_wear"), res(s, 0, "peat")) == (0, 2)
    assert s.players[0].barn[0] == ["cart", "dest:emden", "+", "+"]


def test_esens_never_sells_a_single_grain() -> None:
    s = bare()
    give(s, 0, "cart")
    set_res(s, 0, grain=1)
    assert not any("esens" in a for a in legal(s))
    set_res(s, 0, grain=2)
    sell_at(s, "esens")  # the one option is applied automatically
    assert (res(s, 0, "grain"), res(s, 0, "food")) == (0, 4)


def test_leer_sells_only_one_piece_of_clothing() -> None:
    s = set_res(give(fresh(), 0, "cart"), 0, food=0, flax=0, summer_wear=1, winter_wear=1)
    s.apply("load 0 0 leer")
    s.apply("sell wear:winter_wear")
    assert not s.stack  # nothing else for sale at Leer: the tile is done
    assert (res(s, 0, "food"), res(s, 0, "summer_wear")) == (6, 1)


def test_leer_linen_is_not_summer_wear() -> None:
    s = bare()
    give(s, 0, "cart")
    set_res(s, 0, summer_wear=1)
    s.apply("load 0 0 leer")  # only the wear item: sold automatically
    assert (res(s, 0, "food"), res(s, 0, "summer_wear")) == (6, 0)
    s = bare()
    give(s, 0, "cart")
    set_res(s, 0, summer_wear=1, linen=0)
    assert "load 0 0 aurich" not in legal(s)  # Aurich wants Leather, not clothing


def test_refused_when_nothing_can_be_sold() -> None:
    s = bare()
    give(s, 0, "horse_cart")
    assert not any(a.startswith("load") for a in legal(s))
    for dest in C.DESTINATIONS:
        with pytest.raises(IllegalActionError):
            s.apply(f"load 0 0 {dest}")


def test_bremen_needs_all_three_of_a_set() -> None:
    s = bare()
    give(s, 0, "horse_cart")
    set_res(s, 0, linen=1, woolen=1, summer_wear=1, winter_wear=1)
    set_animals(s, 0, sheep=1, cattle=1)
    assert "load 0 0 bremen" not in legal(s)


def test_bremen_removes_a_moor_whatever_its_side_or_peat() -> None:
    s = bare()
    give(s, 0, "horse_cart")
    pl = s.players[0]
    # column 1: dehydrated, 3 Peat left on it; column 0: hydrated
    edit(s, cells={16: "dmoor", 19: "dmoor", 15: "moor", 18: "moor"},
         moor_peat=[0, 3, 0], res={"peat": 0}, in_place=True)
    s.apply("load 0 0 bremen")
    assert legal(s) == {"sell moor:moor", "sell moor:dmoor3"}
    s.apply("sell moor:dmoor3")   # then nothing is left: the frame closes
    assert not s.stack
    assert pl is s.players[0]
    assert s.players[0].grid[16] == s.players[0].grid[19] == ""
    assert s.players[0].moor_peat[1] == 0
    assert res(s, 0, "peat") == 0 and res(s, 0, "food") == 0   # the 3 Peat are lost
    assert s.players[0].grid[15] == "moor"


def test_bremen_can_remove_the_small_boardwalk() -> None:
    # Reading: the Small Boardwalk is a one-space dehydrated Moor tile (RULINGS 1; the
    # Korean index: "whatever its size"), so Bremen may take it off with its Peat.
    s = bare()
    give(s, 0, "horse_cart")
    edit(s, cells={F.BOARDWALK_CELL: "boardwalk"}, bw_peat=2, in_place=True)
    before = s.scores()[0].categories["home_board"]
    s.apply("load 0 0 bremen")
    assert not s.stack   # the only option
    assert s.players[0].grid[F.BOARDWALK_CELL] == ""
    assert s.players[0].bw_peat == 0 and res(s, 0, "peat") == 0
    assert s.scores()[0].categories["home_board"] == before + 3  # no -3 any more


def test_bremen_moor_alone_is_enough() -> None:
    s = set_res(give(fresh(), 0, "horse_cart"), 0, food=0, timber=1)
    s.apply("load 0 0 bremen")
    assert legal(s) >= {"sell moor:moor", "sell moor:boardwalk"}
    assert "done" not in legal(s)
    s.apply("sell moor:moor")
    assert "done" in legal(s)
    s.apply("done")
    assert res(s, 0, "food") == 0
    assert s.players[0].grid[15:21].count("moor") == 4


# ---------------------------------------------------------------------------
# Only from the supply, Food at once, caps
# ---------------------------------------------------------------------------
def test_goods_on_a_vehicle_cannot_be_sold() -> None:
    # Rulebook example: Leather Wear made on one vehicle cannot be sold at Emden on
    # another vehicle in the same Work Phase.
    s = bare()
    give(s, 0, "cart", "horse_cart")
    set_res(s, 0, leather=1)
    s.apply("load 0 0 leather")
    assert s.players[0].barn[0][1] == "leather_wear"
    assert not any("emden" in a for a in legal(s))
    set_res(s, 0, peat=1)
    s.apply("load 1 0 emden")   # only the Peat is for sale: sold automatically
    assert res(s, 0, "food") == 3
    assert s.players[0].barn[0][1] == "leather_wear"


def test_fabric_loaded_is_no_longer_for_sale() -> None:
    s = bare()
    give(s, 0, "cart", "horse_cart")
    set_res(s, 0, leather=1)
    s.apply("load 0 0 leather")
    assert "load 1 0 aurich" not in legal(s)


def test_food_from_travel_pays_at_once() -> None:
    # Travel for Food, then use it for a Building in the same decision.
    s = set_res(give(fresh(), 0, "cart"), 0, food=3, winter_wear=1)
    s.apply("place builder")
    assert not any(a.startswith("build potters_inn") for a in legal(s))
    s.apply("load 0 0 norden")   # sells the Winter Wear (single option) for 7 Food
    assert res(s, 0, "food") == 10
    assert any(a.startswith("build potters_inn") for a in legal(s))


def test_food_from_travel_pays_a_space_cost() -> None:
    # The Forester costs 1 Food: with none, travel first.
    s = set_res(give(fresh(), 0, "handcart"), 0, food=0)
    assert "place forester" not in legal(s)
    s.apply("load 0 0 beemoor")
    assert res(s, 0, "food") == 2
    assert "place forester" in legal(s)


def test_food_is_capped_at_30() -> None:
    s = set_res(give(fresh(), 0, "cart"), 0, food=25, winter_wear=1)
    s.apply("load 0 0 norden")
    assert res(s, 0, "food") == 30


def test_bremen_clothing_set_fills_food_excess_lost() -> None:
    s = set_res(give(fresh(), 0, "horse_cart"), 0, food=12, summer_wear=1, winter_wear=1,
                leather_wear=1)
    s.apply("load 0 0 bremen")
    s.apply("sell wears")
    assert res(s, 0, "food") == 30


# ---------------------------------------------------------------------------
# Once per game; Travel Experience
# ---------------------------------------------------------------------------
def test_each_destination_once_per_game() -> None:
    s = set_res(give(fresh(), 0, "cart", "horse_cart"), 0, peat=6)
    s.apply("load 0 0 beemoor")
    assert not any("beemoor" in a for a in legal(s))   # on a vehicle: used
    play_out_half_year(s)
    assert s.players[0].travel == ["beemoor"]
    assert res(s, 0, "peat") > 0
    assert not any("beemoor" in a for a in legal(s))   # on the track: used
    assert any("emden" in a for a in legal(s))


def test_travel_track_in_emptying_order() -> None:
    s = set_res(give(fresh(), 0, "horse_cart"), 0, peat=6)
    s.apply("load 0 0 beemoor")
    sell_at(s, "hage", "field:flax", cell=1)
    play_out_half_year(s)
    s.apply("load 0 0 emden")   # only Peat to sell
    play_out_half_year(s)
    assert s.players[0].travel == ["beemoor", "hage", "emden"]


def _travel_vp(s: State, dests: list[str]) -> float:
    return edit(s, travel=list(dests)).scores()[0].categories["travel"]


def _subset_of_size(n: int) -> list[str]:
    """Destinations covering exactly n track spaces (largest first)."""
    out = []
    left = n
    for d in sorted(C.DESTINATIONS, key=lambda d: -C.DESTINATION_SIZE[d]):
        if C.DESTINATION_SIZE[d] <= left:
            out.append(d)
            left -= C.DESTINATION_SIZE[d]
    assert left == 0
    return out


# UNCONFIRMED values of RULINGS 9: VP by covered spaces 0..19.
TRAVEL_VP = [0, 0, 1, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10]


@pytest.mark.parametrize("covered", range(20))
def test_travel_experience_vp(covered: int) -> None:
    s = fresh()
    assert _travel_vp(s, _subset_of_size(covered)) == TRAVEL_VP[covered]


def test_all_nine_destinations_fill_the_19_spaces() -> None:
    assert sum(C.DESTINATION_SIZE.values()) == C.TRAVEL_TRACK_LEN == 19
    assert _travel_vp(fresh(), list(C.DESTINATIONS)) == 10


def test_travel_vp_counts_after_emptying() -> None:
    s = set_res(give(fresh(), 0, "horse_cart"), 0, peat=6, winter_wear=1)
    s.apply("load 0 0 beemoor")
    s.apply("load 0 1 emden")    # Winter Wear and Peat: choose both
    s.apply("sell winter_wear")
    s.apply("sell peat")         # nothing else: the tile closes by itself
    play_out_half_year(s)
    assert s.players[0].travel == ["beemoor", "emden"]
    assert s.scores()[0].categories["travel"] == TRAVEL_VP[4]


def test_each_player_has_own_destinations() -> None:
    s = edit(fresh(players=2), start_player=0)
    give(s, 0, "cart")
    give(s, 1, "cart")
    s.apply("load 0 0 beemoor")
    s.apply("skip")
    assert s.current_player == 1
    assert "load 0 0 beemoor" in legal(s)
    s.apply("load 0 0 beemoor")
    assert res(s, 0, "food") == res(s, 1, "food") == 5 + 2


def test_a_sale_in_progress_is_part_of_the_state() -> None:
    # Mid-sale, the state clones and round-trips through JSON like any other.
    s = set_res(give(fresh(), 0, "cart"), 0, food=0, winter_wear=1)
    set_animals(s, 0, sheep=1)
    s.apply("load 0 0 norden")
    t = s.clone()
    u = State.from_json(s.to_json())
    t.apply("sell sheep")
    assert legal(s) == legal(u) == {"sell sheep", "sell winter_wear"}
    assert s.players[0].animals[C.SHEEP] == 1 and res(s, 0, "food") == 0
    u.apply("sell winter_wear")
    assert res(u, 0, "food") == 7 and res(t, 0, "food") == 4
