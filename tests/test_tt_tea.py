"""Tea & Trade, first slice: the setup key, Tea at placement (T34-T38), the Digging
Spade track (T10-T13), the Grandmother.  Every example of the text is a test."""

from __future__ import annotations

import json
from typing import Any

import pytest

import arle
from arle.data import tea_trade as T
from arle.engine.setup import IMPLEMENTED_TT_BUILDINGS, PENDING_TT_BUILDINGS
from arle.state import State
from tests.util import do, legal, position, settle, top

TT = "tea-and-trade"


def tt(players: int = 1, seed: int = 0, **kw: Any) -> State:
    return arle.new_game(players=players, seed=seed, expansion=TT, **kw)


def tres(s: State, p: int, name: str) -> int:
    return s.players[p].res[T.TT_RES_INDEX[name]]


def edit(s: State, **kw: Any) -> State:
    return position.edit(s, 0, in_place=True, **kw)


# --------------------------------------------------------------------------- setup
def test_base_game_unchanged_by_the_key() -> None:
    a = arle.new_game(players=2, seed=5)
    b = arle.new_game(players=2, seed=5, expansion=None, buildings="first-game")
    assert a.to_json() == b.to_json()
    assert "expansion" not in a.setup
    assert "ditches" not in json.loads(a.to_json())["players"][0]


def test_unknown_expansion_refused() -> None:
    with pytest.raises(ValueError, match="unknown expansion"):
        arle.new_game(players=1, expansion="fields-of-green")
    with pytest.raises(ValueError, match="unknown building selection"):
        tt(buildings="first-game")


def test_start_supply_and_spade() -> None:
    s = tt(players=2, seed=3)
    assert s.setup["expansion"] == TT
    for p in range(2):
        assert [tres(s, p, k) for k in ("wood", "clay", "peat", "tea", "east_frisian_tea")] \
            == [3, 3, 3, 3, 0]
        assert tres(s, p, "food") == 5
        assert s.players[p].tools[T.DIGGING_SPADE_TRACK] == 0
        assert s.players[p].ditches == 0
    assert s.farm(0)["tools"]["digging_spades"] == 3


@pytest.mark.parametrize("mode", ["random", "expansion-only"])
@pytest.mark.parametrize("seed", range(8))
def test_building_selection(mode: str, seed: int) -> None:
    s = tt(players=2, seed=seed, buildings=mode)
    board = s.board
    assert len(board) == len(set(board))
    from arle.data import catalog as C
    assert not set(board) & set(C.LIGHT_GREEN)
    assert not set(board) & T.POOL_EXCLUDES_BASE
    # interim rule: pending expansion tiles are never drawn
    assert not set(board) & set(PENDING_TT_BUILDINGS)
    blue = C.BLUE + T.TT_BLUE
    assert sum(1 for b in board if b in blue) == T.SLOTS_1_2P["blue"]
    assert sum(1 for b in board if b in C.DARK_GREEN + T.TT_GREEN) == T.SLOTS_1_2P["green"]
    if mode == "expansion-only":   # every implemented green and blue tile fits its slots
        assert {b for b in board if b in T.TT_GREEN} == set(T.TT_GREEN)


def test_pending_buildings_refused_by_id() -> None:
    assert not PENDING_TT_BUILDINGS       # every tile is implemented now
    assert "tea_factory" in IMPLEMENTED_TT_BUILDINGS
    with pytest.raises(ValueError, match="3 players only"):
        tt(buildings=["schnapps_factory"])
    with pytest.raises(ValueError, match="does not use"):
        tt(buildings=["farmers_house"])
    with pytest.raises(ValueError, match="does not use"):
        tt(buildings=["smithy"])
    s = tt(buildings=["mill", "potters_inn"])
    assert s.board == ["mill", "potters_inn"]


def test_setup_recorded_and_replayed() -> None:
    s = tt(players=2, seed=9)
    do(s, str(s.legal_actions()[1]))
    r = arle.replay(s.record())
    assert r == s and r.setup["expansion"] == TT
    assert State.from_json(s.to_json()) == s


@pytest.mark.parametrize("field,value,msg", [
    ("expansion", "nope", "unknown expansion"),
    ("buildings", "first-game", "with the expansion"),
])
def test_bad_setups_refused(field: str, value: Any, msg: str) -> None:
    d = json.loads(tt().to_json())
    d["setup"][field] = value
    with pytest.raises(ValueError, match=msg):
        State.from_json(json.dumps(d))


def test_base_state_with_tea_list_refused() -> None:
    d = json.loads(tt().to_json())
    del d["setup"]["expansion"]
    with pytest.raises(ValueError):
        State.from_json(json.dumps(d))
    d = json.loads(tt().to_json())
    d["players"][0]["res"] = d["players"][0]["res"][:16]
    with pytest.raises(ValueError, match="res"):
        State.from_json(json.dumps(d))
    d = json.loads(tt().to_json())
    del d["players"][0]["ditches"]
    with pytest.raises(ValueError, match="ditches"):
        State.from_json(json.dumps(d))


# --------------------------------------------------------------------------- Tea
def test_clay_worker_4_shovels_tea_5_clay() -> None:
    s = edit(tt(), tools={"shovels": 4})
    assert "place clay_worker tea" in legal(s)
    clay = tres(s, 0, "clay")
    do(s, "place clay_worker tea")
    assert tres(s, 0, "clay") == clay + 5
    assert tres(s, 0, "tea") == 2 and s.players[0].boost == []


def test_axes_5_eftea_6_wood() -> None:
    s = edit(tt(), tools={"axes": 5}, res={"east_frisian_tea": 1})
    wood = tres(s, 0, "wood")
    do(s, "place woodcutter eftea")
    assert tres(s, 0, "wood") == wood + 6
    assert tres(s, 0, "east_frisian_tea") == 0


def test_axes_at_6_no_tea_offered() -> None:
    s = edit(tt(), tools={"axes": 6}, res={"east_frisian_tea": 1})
    assert not {"place woodcutter tea", "place woodcutter eftea"} & legal(s)


def test_dike_builder_4_shovels_tea_still_2_dikes() -> None:
    s = edit(tt(), tools={"shovels": 4}, res={"east_frisian_tea": 1})
    assert "place dike_builder tea" not in legal(s)      # 4 -> 5 shovels: 2 pairs either way
    assert "place dike_builder eftea" in legal(s)        # 4 -> 6: 3 pairs
    s2 = edit(tt(), tools={"shovels": 3})
    settle(do(s2, "place dike_builder tea"))             # 3 -> 4 shovels: 2 pairs
    assert s2.players[0].dikes == 2


def test_ovens_tea_none_eftea_one() -> None:
    s = edit(tt(), res={"east_frisian_tea": 1}, half_year=2)
    assert "place baker tea" not in legal(s)
    assert "place baker eftea" in legal(s)


def test_spades_steps_are_spaces() -> None:
    s = tt()
    do(s, "place peat_cutter tea")                       # Spades 3 + Tea = 5
    assert s.stack[-1].KIND == "cut" and s.stack[-1].n == 5  # type: ignore[attr-defined]


def test_fisherman_tea_after_free_step() -> None:
    s = edit(tt(), tools={"fish_traps": 2})
    food = tres(s, 0, "food")
    do(s, "place fisherman tea")                         # free step to 3, Tea: 4
    assert tres(s, 0, "food") == food + 4
    assert s.players[0].tools[0] == 1


def test_eftea_pays_for_tea_never_reverse() -> None:
    s = edit(tt(), res={"tea": 0, "east_frisian_tea": 1})
    do(s, "place clay_worker tea")
    assert tres(s, 0, "east_frisian_tea") == 0
    s2 = edit(tt(), res={"tea": 5, "east_frisian_tea": 0})
    assert not any(a.endswith(("eftea", "twice")) for a in legal(s2))


def _master_twice(upgrade_first: bool) -> int:
    s = edit(tt(), tools={"workbenches": 3},
             res={"east_frisian_tea": 2, "wood": 20, "clay": 20, "brick": 5})
    do(s, "place master_summer twice")
    moves = 0
    while top(s) in ("master", "again", "pay"):
        kind = top(s)
        if kind == "pay":
            do(s, str(s.legal_actions()[0]))
        elif kind == "again":
            do(s, "again")
        else:
            opts = sorted(a for a in legal(s) if a.startswith("tool "))
            if upgrade_first and "tool workbenches" in opts:
                opts = ["tool workbenches"]
            if not opts:
                do(s, "done")
                continue
            do(s, opts[0])
            moves += 1
    return moves


def test_master_twice_3_workbenches_6_moves() -> None:
    assert _master_twice(False) == 6


def test_master_twice_workbench_first_8_moves() -> None:
    assert _master_twice(True) == 8


def test_builder_twice_two_buildings() -> None:
    s = edit(tt(buildings=["mill", "joinery"]),
             res={"east_frisian_tea": 2, "wood": 20, "clay": 20, "timber": 9, "brick": 9,
                  "food": 30, "grain": 15, "flax": 15})
    do(s, "place builder twice")
    built = 0
    while top(s) in ("space_choice", "again", "pay", "cell"):
        acts = [a for a in legal(s) if a.startswith("build ")] if top(s) == "space_choice" \
            else [str(s.legal_actions()[0])]
        if top(s) == "space_choice" and not acts:
            do(s, "done")
            continue
        do(s, sorted(acts)[0])
        built += top(s) != "pay" and sorted(acts)[0].startswith("build ")
    assert len(s.players[0].buildings) == 2


def test_twice_pays_space_cost_twice() -> None:
    s = edit(tt(), res={"east_frisian_tea": 2, "food": 2})
    assert "place forester twice" in legal(s)
    s1 = edit(tt(), res={"east_frisian_tea": 2, "food": 1})
    assert "place forester twice" not in legal(s1)
    do(s, "place forester twice")
    assert tres(s, 0, "food") == 1
    settle(do(s, "forest"))
    assert top(s) == "again"
    do(s, "again")
    assert top(s) == "space_choice" and tres(s, 0, "food") == 0


def test_tea_boost_survives_save_and_load() -> None:
    s = edit(tt(), tools={"workbenches": 2}, res={"wood": 9, "clay": 9})
    do(s, "place master_summer tea")
    assert s.players[0].boost == [T.TT_TOOL_INDEX["workbenches"], 1]
    r = State.from_json(s.to_json())
    assert r == s and r.legal_actions() == s.legal_actions()


# --------------------------------------------------------------------------- spade
def test_master_moves_digging_spade_for_1_wood() -> None:
    s = edit(tt(), res={"wood": 1, "clay": 0, "timber": 0})
    do(s, "place master_summer")
    assert "tool digging_spades" in legal(s)
    do(s, "tool digging_spades")
    assert s.players[0].tools[T.DIGGING_SPADE_TRACK] == 1
    assert s.farm(0)["tools"]["digging_spades"] == 4


@pytest.mark.parametrize("value,vp", [(3, 0), (4, 0), (5, 2), (6, 3)])
def test_spade_scoring(value: int, vp: int) -> None:
    s = edit(tt(), tools={"digging_spades": value})
    sc = s.scores()[0].categories
    assert sc["digging_spades"] == vp
    assert sc["tools"] == edit(tt(), tools={"digging_spades": 3}).scores()[0].categories["tools"]


# --------------------------------------------------------------------------- spaces
def test_grandmother_winter_space() -> None:
    s = position.edit(tt(), 0, half_year=2, in_place=True)
    food = tres(s, 0, "food")
    do(s, "place grandmother")
    assert tres(s, 0, "east_frisian_tea") == 1 and tres(s, 0, "food") == food + 4
    assert "place grandmother" not in legal(tt())


# --------------------------------------------------------------------------- scoring
def test_tea_scoring_halves_not_rounded() -> None:
    s = edit(tt(), res={"tea": 3, "east_frisian_tea": 2})
    assert s.scores()[0].categories["tea"] == 3.5
    base = arle.new_game(players=1, seed=0).scores()[0].categories
    assert "tea" not in base and "ships" not in base and "digging_spades" not in base


def test_tea_on_the_special_action() -> None:
    s = tt(players=2, seed=1)
    p = s.current_player
    assert p is not None
    assert "place tanner tea" in legal(s)          # a Winter space in Summer: T34
    do(s, "place tanner tea")
    assert s.special == p and top(s) == "convert"
    assert "convert 3" in legal(s) or tres(s, p, "hide") < 3


def test_tea_is_not_capped() -> None:
    s = edit(tt(), res={"tea": 40, "east_frisian_tea": 25})      # T7: unlimited
    assert tres(s, 0, "tea") == 40
    assert s.scores()[0].categories["tea"] == 45


# --------------------------------------------------------------------------- ditches
def test_ditches_and_dike_columns_in_the_state() -> None:
    s = tt()
    pl = s.players[0]
    assert pl.ditches == 0 and pl.dike_cols == [0b111, 0b011, 0, 0]
    do(s, "place dike_builder")                       # 3 Shovels: 1 pair, 1 dike move
    assert top(s) == "dikes" and s.players[0].dikes == 0
    assert State.from_json(s.to_json()) == s          # the choice saved and loaded
    assert legal(s) == {"dike 0 2", "dike 1 2", "dike 2 2"}   # T18: G0's 3 to G1's free 2
    do(s, "dike 1 2")
    assert s.players[0].dikes == 1
    assert s.players[0].dike_cols == [0b101, 0b111, 0, 0]   # the owner's columns
    assert State.from_json(s.to_json()) == s and arle.replay(s.record()) == s


@pytest.mark.parametrize("field,value,msg", [
    ("ditches", -1, "ditches"),
    ("ditches", 1 << 32, "ditches"),
    ("ditches", (1 << 6) | (1 << 31), "not connected"),
    ("dike_cols", [7, 7, 0, 0], "dike_cols"),
    ("dike_cols", [7, 3, 0], "dike_cols"),
    ("boost", [3], "boost"),
    ("boost", [11, 1], "boost"),
])
def test_bad_expansion_player_fields(field: str, value: Any, msg: str) -> None:
    d = json.loads(tt().to_json())
    d["players"][0][field] = value
    with pytest.raises(ValueError, match=msg):
        State.from_json(json.dumps(d))


def test_position_edit_dikes_in_an_expansion_game() -> None:
    s = edit(tt(), dikes=3)
    assert s.players[0].dike_cols == [0, 0b111, 0b011, 0]
    s = edit(tt(), ditches=1 << 6)                    # v(3,0): on the Dike Line
    assert s.players[0].ditches == 1 << 6
    with pytest.raises(ValueError, match="not a player field"):
        position.edit(arle.new_game(players=1), 0, ditches=0)


# --------------------------------------------------------------------------- Ditcher
def test_ditcher_digs_one_per_spade_up_to() -> None:
    s = tt()
    do(s, "place ditcher")
    assert top(s) == "dig" and legal(s) == {"dig v(3,0)", "dig v(3,1)", "done"}
    do(s, "dig v(3,0)", "dig v(4,0)", "dig v(5,0)")
    assert top(s) is None and s.players[0].ditches == (1 << 6) | (1 << 8) | (1 << 10)
    assert State.from_json(s.to_json()) == s and arle.replay(s.record()) == s


def test_ditcher_stops_early_and_only_one_ditch_on_the_line() -> None:
    s = tt()
    do(s, "place ditcher", "dig v(3,1)")
    assert "dig v(3,0)" not in legal(s)              # T17: one ditch on the Dike Line
    do(s, "done")
    assert s.players[0].ditches == 1 << 7


def test_ditcher_with_tea_and_the_moor_flip() -> None:
    s = tt()
    do(s, "place ditcher tea")                        # Digging Spades 3 + Tea = 4 (T13)
    assert s.stack[-1].n == 4  # type: ignore[attr-defined]
    peat = s.players[0].moor_peat[:]
    do(s, "dig v(3,0)", "dig v(4,0)", "dig v(5,0)")
    assert s.players[0].grid[15] == "moor"           # one ditch on its perimeter
    do(s, "dig v(6,0)")                               # T24: 2 ditches, both moors flip
    g = s.players[0].grid
    assert g[15] == g[18] == "dmoor" and g[16] == g[19] == "dmoor" and g[17] == "moor"
    assert s.players[0].moor_peat == [4, 4, peat[2]]
    assert s.scores()[0].categories["home_board"] > tt().scores()[0].categories["home_board"]
    with pytest.raises(arle.IllegalActionError):
        s.apply("dig h(5,0)")


def test_ditcher_with_eftea_digs_five() -> None:
    s = edit(tt(), res={"east_frisian_tea": 1})
    do(s, "place ditcher eftea")
    assert s.stack[-1].n == 5  # type: ignore[attr-defined]


def test_free_reconnecting_ditch_after_a_dike_move() -> None:
    s = edit(tt(), ditches=1 << 6)                    # v(3,0) on the Dike Line (row 3)
    do(s, "place dike_builder", "dike 0 2")           # 1 dike move: the line rises to row 2
    assert s.players[0].dikes == 1
    assert top(s) == "reconnect" and legal(s) >= {"dig v(2,0)", "done"}
    do(s, "dig v(2,0)")                               # T19: free, v(L-1,k)
    assert top(s) == "optional_animal"                # the space's animal after its dikes
    do(s, "take none")
    assert s.players[0].ditches == (1 << 6) | (1 << 4)
    assert State.from_json(s.to_json()) == s


def test_reconnecting_ditch_may_be_declined_and_dug_later() -> None:
    s = edit(tt(), ditches=1 << 6)
    do(s, "place dike_builder", "dike 0 2", "done", "take none")
    assert s.players[0].ditches == 1 << 6
    s2 = edit(tt(), ditches=1 << 6, dikes=1)
    do(s2, "place ditcher")
    assert "dig v(2,0)" in legal(s2)                  # an ordinary ditch now


def test_no_reconnecting_ditch_without_ditches() -> None:
    s = tt()
    do(s, "place dike_builder", "dike 0 2")
    assert top(s) == "optional_animal"
