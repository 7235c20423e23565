"""arle.position: positions built by hand are start positions that save, load and replay.

A test of the state's layout (allowed in tests/test_public_api_only.py): ``commit`` makes
a state whose fields were written in place a start position, so its test writes them.
"""

from __future__ import annotations

import json

import pytest

import arle
from arle.data import catalog as C
from arle.position import commit, edit
from arle.state import State


def test_edit_returns_a_new_checked_state_and_leaves_the_old_one() -> None:
    s = arle.new_game(players=2, seed=4)
    before = s.to_json()
    t = edit(s, 1, res={"wood": 9, "food": 12}, animals={"sheep": 2, "horses": 0},
             tools={"fish_traps": 4})
    assert s.to_json() == before
    assert t.players[1].res[C.WOOD] == 9 and t.players[1].res[C.FOOD] == 12
    assert t.players[1].animals == [2, 0, 0]
    assert C.TOOL_VALUES[C.FISH_TRAPS][t.players[1].tools[C.FISH_TRAPS]] == 4
    assert t.history == [] and t.setup["position"]["players"][1]["res"][C.WOOD] == 9


def test_a_start_position_saves_loads_and_replays() -> None:
    s = edit(arle.new_game(players=1, seed=3), res={"wood": 8}, only=True)
    assert sum(s.players[0].res) == 8
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    assert len(s.history) == 5
    assert State.from_json(s.to_json()) == s
    assert arle.replay(s.record()) == s
    assert arle.replay(json.dumps(s.record())) == s


def test_editing_a_game_in_progress_starts_from_there() -> None:
    s = arle.new_game(players=2, seed=8)
    for _ in range(7):
        s.apply(s.legal_actions()[-1])
    t = edit(s, 0, res={"clay": 6})
    assert t.history == [] and t.stack == s.stack and t.half_year == s.half_year
    assert State.from_json(t.to_json()) == t


@pytest.mark.parametrize("kw,message", [
    ({"res": {"gold": 1}}, "res.gold: unknown resource"),
    ({"res": {"food": 31}}, r"setup.position.players\[0\].res\[0\]: 31 is out of range"),
    ({"res": {"wood": -1}}, r"res\[5\]: -1 is out of range"),
    ({"animals": {"sheep": 40}}, r"players\[0\].animals: 41 animals, but this farm has room"),
    ({"animals": (1, 2)}, "animals: expected"),
    ({"tools": {"fish_traps": 7}}, "tools.fish_traps: the track shows"),
    ({"tools": {"hammers": 2}}, "tools.hammers: unknown tool track"),
    ({"dikes": 9}, r"dikes: 9 is out of range"),
    ({"barn": [["cart", "", "", ""]] * 4}, "pool.cart_horse_cart: the players hold 4"),
    ({"barn": [["cart", "", "", ""]] * 2 + [["carriage", "", ""]] * 2},
     r"barn: the barn holds at most 3 large"),
    ({"colour": "red"}, "colour: not a player field"),
    ({"half_year": 0}, "half_year: 0 is out of range"),
])
def test_an_impossible_edit_is_refused_naming_the_field(kw: dict[str, object],
                                                        message: str) -> None:
    s = arle.new_game(players=1, seed=1)
    before = s.to_json()
    with pytest.raises(ValueError, match=message):
        edit(s, **kw)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        edit(s, in_place=True, **kw)  # type: ignore[arg-type]
    assert s.to_json() == before


def test_a_player_who_is_not_there() -> None:
    with pytest.raises(ValueError, match="player: no player 1"):
        edit(arle.new_game(players=1), 1, res={"wood": 1})


def test_the_supply_gives_what_a_hand_placed_tile_takes() -> None:
    s = arle.new_game(players=2, seed=2)
    grid = list(s.players[0].grid)
    grid[9] = "stable"
    t = edit(s, 0, grid=grid, barn=[["plow"], ["cart", "", "", ""]])
    assert t.pool["stable"] == 2 and t.pool["boat_plow"] == 5
    assert t.pool["cart_horse_cart"] == 2
    grid[9], grid[10] = "forest", "forest"
    with pytest.raises(ValueError, match="pool.coach: the players hold 1"):
        edit(s, 0, barn=[["coach_and_four", ""]])      # no promos: no Coach-and-Four


def test_a_building_a_player_holds_leaves_the_board() -> None:
    s = arle.new_game(players=1, seed=2)
    b = s.board[0]
    grid = list(s.players[0].grid)
    grid[9] = "b:" + b
    t = edit(s, buildings=[b], grid=grid)
    assert b not in t.board and b in s.board
    with pytest.raises(ValueError, match=r"players\[0\].buildings"):
        edit(s, buildings=[b])                          # its tile is not on the farm


def test_commit_keeps_the_objects_a_test_holds() -> None:
    s = arle.new_game(players=1, seed=5)
    pl = s.players[0]
    res = pl.res
    pl.res[C.WOOD] = 11
    assert commit(s) is s
    assert s.players[0] is pl and pl.res is res and s.legal_actions()
    assert s.setup["position"]["players"][0]["res"][C.WOOD] == 11
    pl.animals[0] = 50
    with pytest.raises(ValueError, match="animals"):
        commit(s)
    pl.animals[0] = 0
    commit(s)
    assert State.from_json(s.to_json()) == s


def test_an_unknown_start_position_is_refused() -> None:
    s = edit(arle.new_game(players=1, seed=1), res={"wood": 2})
    rec = s.record()
    rec["setup"]["position"]["board"] = ["castle"]
    with pytest.raises(ValueError, match=r"setup.position.board\[0\]: unknown building"):
        arle.replay(rec)
    rec = s.record()
    rec["setup"]["position"]["gold"] = 1
    with pytest.raises(ValueError, match="setup.position.gold: unknown key"):
        arle.replay(rec)


def test_a_record_is_a_copy() -> None:
    s = edit(arle.new_game(players=1, seed=1), res={"wood": 2})
    rec = s.record()
    rec["setup"]["position"]["players"][0]["res"][C.WOOD] = 5
    assert s.setup["position"]["players"][0]["res"][C.WOOD] == 2


def test_the_farm_builders_place_tiles_buildings_and_equipment() -> None:
    s = arle.new_game(players=2, seed=3)
    b = s.board[0]
    t = edit(s, 1, cells={"3,0": "stall", 11: ""}, built={b: "3,1"},
             equipment=["plow", "cart"], dehydrated=[2])
    pl = t.players[1]
    assert pl.grid[17] == pl.grid[20] == "dmoor" and pl.moor_peat == [0, 0, C.MOOR_PEAT]
    assert pl.grid[9:12] == ["stall", "b:" + b, ""]
    assert pl.buildings == s.players[1].buildings + [b] and b not in t.board
    assert pl.barn == s.players[1].barn + [["plow"], ["cart", "", "", ""]]
    assert t.pool["stall_depot"] == s.pool["stall_depot"] - 1
    assert t.pool["cart_horse_cart"] == s.pool["cart_horse_cart"] - 1
    assert State.from_json(t.to_json()) == t and arle.replay(t.record()) == t
    assert t.players[0].grid == s.players[0].grid      # the other farm is untouched


def test_the_game_builders_set_the_start_player_and_set_tiles_aside() -> None:
    s = arle.new_game(players=2, seed=3)
    t = edit(s, start_player=1, supply={"stable": 0, "field": 2}, half_year=2)
    assert (t.start_player, t.pool["stable"], t.pool["field"], t.half_year) == (1, 0, 2, 2)
    assert arle.replay(t.record()) == t


@pytest.mark.parametrize("kw,message", [
    ({"cells": {"7,0": "field"}}, "cells.7,0: no such cell"),
    ({"cells": {21: "field"}}, "cells.21: no such cell"),
    ({"cells": {"a,b": "field"}}, "cells.a,b: no such cell"),
    ({"cells": {9: 3}}, "cells.9: expected a tile name"),
    ({"cells": {9: "castle"}}, r"grid\[9\]"),
    ({"built": {"castle": 9}}, "built.castle: unknown building"),
    ({"built": {"mill": 30}}, "built.mill.30: no such cell"),
    ({"dehydrated": [3]}, "dehydrated.3: no Moor column"),
    ({"dehydrated": [0, 0]}, "dehydrated.0: no Moor tile to turn"),
    ({"equipment": ["rocket"]}, "equipment.rocket: unknown equipment"),
    ({"equipment": ["coach_and_four"]}, "pool.coach: the players hold 1"),
    ({"supply": {"gold": 1}}, "supply.gold: no such supply"),
    ({"supply": {"stable": -1}}, "supply.stable: expected a count"),
    ({"supply": {"stable": 9}}, "supply.stable: the supply holds at most 3 here, not 9"),
    ({"start_player": 2}, "start_player: no player 2"),
])
def test_a_bad_builder_argument_is_refused_naming_it(kw: dict[str, object],
                                                     message: str) -> None:
    s = arle.new_game(players=2, seed=3)
    before = s.to_json()
    with pytest.raises(ValueError, match=message):
        edit(s, in_place=True, **kw)  # type: ignore[arg-type]
    assert s.to_json() == before


def test_the_start_player_and_half_year_change_only_before_the_first_worker() -> None:
    s = arle.new_game(players=2, seed=3)
    s.apply(s.legal_actions()[0])
    before = s.to_json()
    for kw in ({"start_player": 1}, {"half_year": 2}):
        with pytest.raises(ValueError, match="only a half year without workers placed"):
            edit(s, in_place=True, **kw)  # type: ignore[arg-type]
    assert s.to_json() == before
