"""The five actions (R10-R15) and their rulings (F6-F9, F11, F12, F18, F19, F24, F25)."""

from __future__ import annotations

import arle.green as G
from green_util import act_with, card, fresh, legal, put, supply


def base(**opts: object) -> G.State:
    s = fresh(3, seed=1, first_player=0, **opts)
    return s


def test_r10_f6_f7_build_costs_and_orthogonal_placement() -> None:
    s = base()
    act_with(s, 0, "f01", coins=2)
    acts = legal(s)
    cells = {a[len("build "):] for a in acts if a.startswith("build ")}
    assert cells == {"-1 0", "0 1", "0 -1", "1 1", "1 -1", "2 0"}   # no diagonal cell
    s.apply("build 2 0")
    pl = s.players[0]
    assert pl.coins == 0 and pl.farm["2,0"] == ["f01", 1, 0, [], []]
    assert "f01" not in s.discard


def test_r10_cannot_pay_means_another_action() -> None:
    s = base()
    act_with(s, 0, "f11", coins=5)                 # costs 6
    acts = legal(s)
    assert not any(a.startswith("build") for a in acts)
    assert "market 0" in acts and any(a.startswith("silo") for a in acts)


def test_r10_f8_f9_water_requirement_within_range() -> None:
    s = base()
    put(s, 0, "2,0", "b05")
    put(s, 0, "0,1", "b05")
    act_with(s, 0, "f09", coins=9)                  # water 2: tower at 0,0 has 3
    cells = {a[6:] for a in legal(s) if a.startswith("build")}
    assert "3 0" not in cells and "2 1" not in cells and "2 -1" not in cells  # d = 3
    assert "1 2" not in cells
    assert {"0 2", "-1 1", "1 1", "-1 0"} <= cells        # d <= 2, diagonals count (F8)
    s.apply("build -1 1")
    assert s.players[0].farm["0,0"][2] == 1               # paid from the tower in range


def test_f8_option_cards_between_and_farm_path() -> None:
    s = base(distance_count="cards_between")
    put(s, 0, "2,0", "b05")
    act_with(s, 0, "f09", coins=9)
    assert "build 3 0" in legal(s)                         # 3 steps = 2 cards between
    s = base(distance_metric="farm_path")
    act_with(s, 0, "f09", coins=9)
    cells = {a[6:] for a in legal(s) if a.startswith("build")}
    assert "1 1" in cells and "-1 0" in cells               # through the silo / next to it
    s2 = base(distance_metric="farm_path")
    put(s2, 0, "0,1", "b05")
    act_with(s2, 0, "f09", coins=9)
    assert "build -1 1" in legal(s2)                        # path via 0,1
    s3 = base(distance_metric="farm_path")
    act_with(s3, 0, "f09", coins=9)
    assert "build 1 1" in legal(s3) and "build 2 0" in legal(s3)


def test_f9_several_towers_pay_together_and_f12_choice() -> None:
    s = base()
    put(s, 0, "-1,0", "tower", water=1)
    card(s, 0, "0,0", water=1)
    act_with(s, 0, "f09", coins=9)                          # needs 2 water
    s.apply("build 0 1")
    assert s.players[0].farm["0,0"][2] == 0 and s.players[0].farm["-1,0"][2] == 0
    s = base()
    put(s, 0, "-1,0", "tower", water=3)
    act_with(s, 0, "f02", coins=9)                          # needs 1 water, 2 towers
    s.apply("build 0 1")
    assert s.pending().kind == "paywater"
    assert legal(s) == {"pay 0,0:1", "pay -1,0:1"}
    s.apply("pay -1,0:1")
    assert s.players[0].farm["-1,0"][2] == 2 and s.players[0].farm["0,0"][2] == 3


def test_r10_food_requirement_from_any_silo_f11() -> None:
    s = base()
    act_with(s, 0, "l03", coins=5, food=0)                  # needs 1 Food
    assert not any(a.startswith("build") for a in legal(s))
    s = base()
    act_with(s, 0, "l03", coins=5, food=1)
    s.apply("build 2 0")
    assert s.players[0].food == 0


def test_r10_immediate_ability_resolves_at_once_f19() -> None:
    s = base()
    act_with(s, 0, "c03", coins=2, food=0)                  # immediate: gain 2 food
    s.apply("build 2 0")
    assert s.players[0].food == 2
    s = base()
    put(s, 0, "2,0", "f01")
    act_with(s, 0, "f06", coins=1)                          # 1 coin per adjacent Field
    s.apply("build 2 1")
    assert s.players[0].coins == 1
    s = base()
    put(s, 0, "2,0", "l01")
    act_with(s, 0, "f10", coins=3)                          # 3 coins if no adjacent Livestock
    s.apply("build 2 1")
    assert s.players[0].coins == 0
    s = base()
    act_with(s, 0, "f10", coins=3)
    s.apply("build 0 1")
    assert s.players[0].coins == 3


def test_r10_refill_towers_in_range() -> None:
    s = base()
    card(s, 0, "0,0", water=0)
    put(s, 0, "5,0", "tower", water=0)
    act_with(s, 0, "c02", coins=2)
    s.apply("build 0 1")
    assert s.players[0].farm["0,0"][2] == 3 and s.players[0].farm["5,0"][2] == 0


def test_r11_build_a_water_tower() -> None:
    s = base()
    act_with(s, 0, "b07", coins=2)
    s.apply("tower 0 1")
    pl = s.players[0]
    assert pl.coins == 0 and pl.farm["0,1"] == ["tower", 1, 3, [], []]
    assert s.discard == ["b07"] and s.towers_left == 16
    s = base()
    act_with(s, 0, "b07", coins=1)
    assert not any(a.startswith("tower") for a in legal(s))
    s = base()
    supply(s, towers=0)
    act_with(s, 0, "b07", coins=9)
    assert not any(a.startswith("tower") for a in legal(s))


def test_r12_build_a_silo() -> None:
    s = base()
    act_with(s, 0, "b07", coins=0)
    s.apply("silo -1 0")
    pl = s.players[0]
    assert pl.coins == 0 and pl.farm["-1,0"] == ["silo", 1, 0, [], []]
    assert s.discard == ["b07"] and s.silos_left == 10
    s = base()
    supply(s, silos=0)
    act_with(s, 0, "b07", coins=0)
    assert not any(a.startswith("silo") for a in legal(s))


def test_r13_f25_f18_market() -> None:
    for food, opts in ((0, {"market 0"}), (1, {"market 0", "market 1"}),
                       (3, {"market 0", "market 1", "market 2"})):
        s = base()
        act_with(s, 0, "b07", coins=0, food=food)
        assert {a for a in legal(s) if a.startswith("market")} == opts
    s = base()
    act_with(s, 0, "b07", coins=0, food=3)
    s.apply("market 2")
    assert (s.players[0].coins, s.players[0].food) == (6, 1) and s.discard == ["b07"]


def test_market_modifier_card() -> None:
    s = base()
    put(s, 0, "2,0", "c07")                                   # market +2
    act_with(s, 0, "b07", coins=0, food=1)
    s.apply("market 1")
    assert s.players[0].coins == 6


def test_r14_f24_restore() -> None:
    s = base()
    put(s, 0, "2,0", "c01", up=0)
    act_with(s, 0, "b07", coins=1)
    assert "restore 2 0" in legal(s)
    eq_before = sum(s.eq_unseen)
    s.apply("restore 2 0")
    assert s.players[0].farm["2,0"][1] == 1 and s.players[0].coins == 0
    assert sum(s.eq_unseen) == eq_before                     # no Immediate re-trigger
    s = base()
    put(s, 0, "2,0", "c01", up=0)
    act_with(s, 0, "b07", coins=0)
    assert "restore 2 0" not in legal(s)
    s = base()
    put(s, 0, "2,0", "c08")                                  # restore costs 1 less
    put(s, 0, "3,0", "f01", up=0)
    act_with(s, 0, "b07", coins=0)
    assert "restore 3 0" in legal(s)


def test_f24_option_restore_retriggers() -> None:
    s = base(restore_retriggers_immediate=True)
    put(s, 0, "2,0", "c03", up=0)
    act_with(s, 0, "b07", coins=1, food=0)
    s.apply("restore 2 0")
    assert s.players[0].food == 2


def test_r17_f7_open_area_blocks_and_anchors() -> None:
    s = base()
    put(s, 0, "2,0", "f01", up=0)
    act_with(s, 0, "f01", coins=9)
    acts = legal(s)
    assert "build 2 0" not in acts and "build 3 0" in acts   # anchors by default
    s = base(open_area_anchors_placement=False)
    put(s, 0, "2,0", "f01", up=0)
    act_with(s, 0, "f01", coins=9)
    assert "build 3 0" not in legal(s)


def test_r15_discards_are_public() -> None:
    s = base()
    act_with(s, 0, "b07", coins=0)
    s.apply("market 0")
    assert s.observation(1)["discard"] == ["b07"]


def test_f12_water_gain_distribution() -> None:
    s = base()
    card(s, 0, "0,0", water=1)
    put(s, 0, "-1,0", "tower", water=1)
    act_with(s, 0, "c06", coins=3)                            # gain 3 water
    s.apply("build 0 1")
    assert s.pending().kind == "store"
    assert legal(s) == {"store 0,0:2 -1,0:1", "store 0,0:1 -1,0:2"}
    s.apply("store 0,0:1 -1,0:2")
    assert s.players[0].farm["0,0"][2] == 2 and s.players[0].farm["-1,0"][2] == 3
    s = base()
    act_with(s, 0, "c06", coins=3)                            # one full tower: all lost
    s.apply("build 0 1")
    assert s.players[0].farm["0,0"][2] == 3


def test_f11_food_pool_capacity() -> None:
    s = base()
    put(s, 0, "-1,0", "silo")
    act_with(s, 0, "c03", coins=2, food=7)
    s.apply("build 0 1")
    assert s.players[0].food == 8                             # 2 silos x 4
