"""Harvest and Open Areas (R16, R17, F23, F24), Equipment (R18-R21, F21, F22)."""

from __future__ import annotations

import arle.green as G
from arle.green.equipment import tile_hosts
from arle.green.scoring import score
from green_util import act_with, card, equipment_stack, fresh, harvest_of, legal, put, seat


def base() -> G.State:
    return fresh(3, seed=1, first_player=0)


def test_r16_f23_pay_resolve_or_flip_in_any_order() -> None:
    s = base()
    put(s, 0, "2,0", "f01")                       # water 1 -> 2 food
    put(s, 0, "0,1", "l01")                       # food 1 -> 3 coins
    seat(s, 0, food=0)
    harvest_of(s, 0)
    acts = legal(s)
    assert acts == {"harvest 2 0", "flip 2 0", "flip 0 1"}   # L01 unaffordable now
    s.apply("harvest 2 0")
    assert s.players[0].food == 2 and s.players[0].farm["0,0"][2] == 2
    assert legal(s) == {"harvest 0 1", "flip 0 1"}          # the Food just made pays
    s.apply("harvest 0 1")
    assert s.players[0].coins == 18 and s.players[0].food == 1
    assert s.pending().kind == "declare"                     # harvest over, back


def test_f23_alternative_costs_and_no_cost() -> None:
    s = base()
    put(s, 0, "2,0", "f03")                        # 2 water or 2 coins
    put(s, 0, "0,1", "f05")                        # no cost: cannot be flipped
    harvest_of(s, 0)
    acts = legal(s)
    assert {"harvest 2 0 1", "harvest 2 0 2", "flip 2 0", "harvest 0 1"} == acts
    s.apply("harvest 2 0 2")
    assert s.players[0].coins == 13 and s.players[0].food == 4


def test_r16_f23_flip_to_open_area_loses_tiles_f24() -> None:
    s = base()
    put(s, 0, "5,0", "tower", water=0)
    put(s, 0, "2,0", "f11", tiles=["e04"])          # water 2, tower 0,0 in range
    card(s, 0, "0,0", water=0)
    harvest_of(s, 0)
    assert legal(s) == {"flip 2 0"} or s.players[0].farm["2,0"][1] == 0
    e = s.players[0].farm["2,0"]
    assert e[1] == 0 and e[3] == [] and s.eq_gone == ["e04"]
    assert score(s, 0).categories["printed_vp"] == 0     # an Open Area scores 0


def test_r16_silo_capacity_during_harvest() -> None:
    s = base()
    put(s, 0, "2,0", "f11")                         # 2 water -> 4 food
    seat(s, 0, food=3)
    harvest_of(s, 0)
    s.apply("harvest 2 0")
    assert s.players[0].food == 4                   # capacity 4: the rest is lost


def test_f23_towers_and_silos_never_flip_built_cards_owe() -> None:
    s = base()
    harvest_of(s, 0)
    assert s.pending().kind == "declare"            # nothing to harvest on a start farm


def test_r17_markers_cleared_each_year() -> None:
    s = base()
    put(s, 0, "2,0", "f05")
    harvest_of(s, 0)
    assert s.players[0].farm["2,0"][4] == ["c"]
    from arle.green import state as S
    S._step(s, ["endyear"])
    assert s.players[0].farm["2,0"][4] == [] and s.year == 2 and s.first == 1


def test_r18_f21_equipment_draw_keep_one_rest_under() -> None:
    s = base()
    act_with(s, 0, "c01", coins=3)
    s.apply("build 2 0")
    assert s.pending().kind == "keep"
    drawn = list(s.stack[-1].tiles)  # type: ignore[attr-defined]
    assert len(drawn) == 3 and sum(s.eq_unseen) == 27
    keep = s.legal_actions()[0].args[0]
    s.apply(f"keep {keep}")
    rest = drawn[:]
    rest.remove(keep)
    assert s.eq_bottom == rest                       # in drawn order, no shuffle
    assert s.pending().kind == "tile" and "aside" in legal(s)
    s.apply("aside")
    assert s.players[0].aside == [keep]
    assert s.observation(1)["seats"][0]["aside"] == [keep]      # set-aside tiles public


def test_f21_stack_runs_out() -> None:
    s = base()
    equipment_stack(s, bottom=["e05"])
    act_with(s, 0, "c01", coins=3)
    s.apply("build 2 0")
    # one tile: kept at once; no Field to take it, so it is set aside at once
    assert s.players[0].aside == ["e05"] and s.eq_bottom == []
    act_with(s, 0, "c01", coins=3)
    s.apply("build 3 0")
    assert s.pending().kind == "declare"             # none came: nothing happens


def test_r19_f22_tile_targets_and_keywords() -> None:
    s = base()
    put(s, 0, "2,0", "f05")                          # a Field with a harvest ability
    put(s, 0, "3,0", "f06")                          # a Field without one
    hosts = tile_hosts(s, 0, "e04")          # "Field - Harvest"
    assert hosts == ["2,0"]
    assert tile_hosts(s, 0, "e05") == ["2,0", "3,0"]
    assert tile_hosts(s, 0, "e11") == []     # needs the Grain tag
    assert tile_hosts(s, 0, "e01") == ["0,0"]   # tower tiles
    assert tile_hosts(s, 0, "e03") == ["1,0"]   # silo tiles
    card(s, 0, "2,0", tiles=["e04"])
    assert "2,0" not in tile_hosts(s, 0, "e04")     # never two of one design
    card(s, 0, "3,0", tiles=["e05", "e04"])
    assert "3,0" not in tile_hosts(s, 0, "e05")     # at most 2 a card
    card(s, 0, "2,0", up=0)
    assert "2,0" not in tile_hosts(s, 0, "e05")     # no Open Area


def test_r20_f19_set_aside_tiles_only_as_you_build() -> None:
    s = base()
    seat(s, 0, aside=["e05"])
    act_with(s, 0, "f01", coins=2)
    s.apply("build 2 0")
    assert s.pending().kind == "attach" and legal(s) == {"attach e05", "done"}
    s.apply("attach e05")
    assert s.players[0].farm["2,0"][3] == ["e05"] and s.players[0].coins == 2  # +2 placed
    act_with(s, 0, "b07", coins=0)
    assert not any(a.startswith("attach") for a in legal(s))


def test_r21_always_on_tower_tiles() -> None:
    s = base()
    card(s, 0, "0,0", tiles=["e02"])                      # range +1
    put(s, 0, "2,0", "b05")
    act_with(s, 0, "f09", coins=9)
    assert "build 3 0" in legal(s)
    s = base()
    card(s, 0, "0,0", tiles=["e01"])                      # capacity +1
    act_with(s, 0, "c06", coins=3)
    s.apply("build 0 1")
    assert s.players[0].farm["0,0"][2] == 4
    s = base()
    card(s, 0, "1,0", tiles=["e03"])                      # silo capacity +2
    act_with(s, 0, "c03", coins=2, food=5)
    s.apply("build 0 1")
    assert s.players[0].food == 6


def test_f23_host_modifier_and_standalone_harvest_tile() -> None:
    s = base()
    put(s, 0, "2,0", "f01", tiles=["e04"])                # +1 food when the host resolves
    put(s, 0, "5,0", "tower", water=0, tiles=["e10"])     # Harvest: gain 1 water
    seat(s, 0, food=0)
    harvest_of(s, 0)
    assert legal(s) == {"harvest 2 0", "flip 2 0", "use 5 0 e10"}
    s.apply("harvest 2 0")
    assert s.players[0].food == 3
    # the lone option ran by itself; its Water may go to either tower with room (F12)
    assert s.pending().kind == "store" and legal(s) == {"store 0,0:1", "store 5,0:1"}
    s.apply("store 5,0:1")
    assert s.players[0].farm["5,0"][2] == 1


def test_r21_f22_game_end_tiles_and_aside_vp() -> None:
    s = base()
    put(s, 0, "2,0", "l01", tiles=["e07"])
    seat(s, 0, aside=["e09"])
    sc = score(s, 0).categories
    assert sc["equipment_game_end"] == 2 and sc["equipment_set_aside"] == 1
