"""Tea & Trade: the cells of the home board once ditches make land spaces differ.

``cell R,C`` (the owner chooses the cell of a tile placed or removed, rules option
``choose_cells``), ``dike C1 C2`` (the owner places each moved dike, T18), sheep on
dehydrated land (T22), the Farmer there (T23), Tea on a Laborer's imitation (T36) and
the shared ditch supply (T8).  Positions are built through ``arle.position.edit``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import arle
from arle import animals as A
from arle.animals import Enclosures
from arle.data import tea_trade as T
from arle.engine import ditches as D
from arle.engine import farm as F
from arle.engine import spaces as SP
from arle.state import State
from tests.util import do, legal, position, settle, top

TT = "tea-and-trade"
V30, H30, H31 = D.v_edge(3, 0), D.h_edge(3, 0), D.h_edge(3, 1)


def tt(players: int = 1, seed: int = 0, **kw: Any) -> State:
    return arle.new_game(players=players, seed=seed, expansion=TT, **kw)


def edit(s: State, p: int = 0, **kw: Any) -> State:
    return position.edit(s, p, in_place=True, **kw)


def tres(s: State, p: int, name: str) -> int:
    return s.players[p].res[T.TT_RES_INDEX[name]]


def mask(*edges: int) -> int:
    return D.mask_of(edges)


# --------------------------------------------------------------------------- the option
def test_choose_cells_defaults_and_is_recorded() -> None:
    assert tt().setup["options"]["choose_cells"] is True
    assert tt().setup["options"]["shared_ditches"] is False
    base = arle.new_game(players=1, seed=0)
    assert base.setup["options"] == {"lutetsburg_shovels": False}   # base JSON unchanged
    on = arle.new_game(players=1, seed=0, options={"choose_cells": True})
    assert on.setup["options"]["choose_cells"] is True
    assert arle.replay(on.record()) == on and State.from_json(on.to_json()) == on
    off = tt(options={"choose_cells": False})
    assert State.from_json(off.to_json()).setup["options"]["choose_cells"] is False


@pytest.mark.parametrize("kw,msg", [
    ({"options": {"shared_ditches": True}}, "Tea & Trade option"),
    ({"options": {"choose_cells": 1}}, "true or false"),
    ({"options": {"choose_cell": True}}, "unknown rules option"),
])
def test_bad_options_refused(kw: dict[str, Any], msg: str) -> None:
    with pytest.raises(ValueError, match=msg):
        arle.new_game(players=1, seed=0, **kw)


def test_loader_refuses_an_expansion_option_in_a_base_game() -> None:
    d = json.loads(arle.new_game(players=1, seed=0).to_json())
    d["setup"]["options"]["shared_ditches"] = False
    with pytest.raises(ValueError, match="options.shared_ditches"):
        State.from_json(json.dumps(d))


# --------------------------------------------------------------------------- cell R,C
def test_forest_asks_its_cell() -> None:
    s = tt()
    do(s, "place forester", "forest")
    assert top(s) == "cell" and legal(s) == {"cell 3,0", "cell 3,1"}
    assert s.pending().kind == "cell" and "forest" in s.pending().title
    saved = s.to_json()
    assert State.from_json(saved) == s                    # the choice saves and loads
    with pytest.raises(arle.IllegalActionError):
        s.apply("cell 0,0")                               # not a land cell
    with pytest.raises(arle.IllegalActionError):
        s.apply("cell 3,2")                               # holds a field
    assert s.to_json() == saved                           # refused: nothing changed
    do(s, "cell 3,0")
    assert s.players[0].grid[9] == "forest" and s.players[0].grid[10] == ""
    assert arle.replay(s.record()) == s and "cell 3,0" in s.history


def test_the_engine_default_cell_until_chosen() -> None:
    s = tt()
    do(s, "place forester", "forest")
    assert s.players[0].grid[10] == "forest"              # the engine's pick meanwhile
    do(s, "cell 3,1")
    assert s.players[0].grid[9:11] == ["", "forest"]


def test_one_empty_cell_no_question() -> None:
    s = tt()
    edit(s, grid=["", "", "", "", "", "", "", "", "", "stall", "", "field_grain", "stall",
                  "boardwalk", "field_flax", "moor", "moor", "moor", "moor", "moor", "moor"])
    do(s, "place forester", "forest")
    assert top(s) != "cell" and s.players[0].grid[10] == "forest"


def test_choose_cells_off_the_engine_picks() -> None:
    s = tt(options={"choose_cells": False})
    do(s, "place forester", "forest")
    assert top(s) != "cell" and s.players[0].grid[10] == "forest"


def test_a_building_asks_its_cell_before_its_effect() -> None:
    s = tt(buildings=["tea_factory"])
    edit(s, res={"tea": 5, "brick": 2})
    do(s, "place builder", "build tea_factory")
    assert top(s) == "cell"
    assert tres(s, 0, "east_frisian_tea") == 0            # its effect waits for the cell
    do(s, "cell 3,0")
    assert s.players[0].grid[9] == "b:tea_factory"
    assert tres(s, 0, "east_frisian_tea") == 5


def test_a_removed_field_asks_which_cell_it_leaves() -> None:
    s = tt()
    grid = list(s.players[0].grid)
    grid[9] = "field_grain"                                # a second Grain Field
    edit(s, grid=grid, barn=[["horse_cart", "", "", "", ""]])
    do(s, "load 0 0 hage", "sell field:grain")
    assert top(s) == "cell" and legal(s) == {"cell 3,0", "cell 3,2"}
    assert s.pending().title.startswith("Which cell")
    do(s, "cell 3,2")
    g = s.players[0].grid
    assert g[9] == "field_grain" and g[11] == ""
    assert arle.replay(s.record()) == s


# --------------------------------------------------------------------------- T18 dikes
def test_dike_columns_are_the_owners_and_rule_b_reads_them() -> None:
    for choice, free in (("dike 1 2", 1), ("dike 0 2", 0)):
        s = tt()
        do(s, "place dike_builder")
        assert top(s) == "dikes" and legal(s) == {"dike 0 2", "dike 1 2", "dike 2 2"}
        do(s, choice, "take none")
        pl = s.players[0]
        _line, room = SP.ditch_room(pl)
        # T15 (b): of the line-3 gap's edges h(2,c) (now land) only the column the
        # dike left may hold a ditch.
        assert [c for c in range(3) if room >> D.h_edge(2, c) & 1] == [free]


def test_dike_moves_with_one_possibility_are_not_asked() -> None:
    s = tt()
    edit(s, dikes=1, dike_cols=[0b011, 0b111, 0, 0])
    do(s, "place dike_builder")                           # G0 -> G2 (G1 full): 2 x 3 ways
    assert top(s) == "dikes" and len(legal(s)) == 6
    s2 = tt()
    edit(s2, dikes=6, dike_cols=[0, 0, 0b111, 0b011])
    do(s2, "place dike_builder")                          # G2 -> G3, one free column
    assert top(s2) == "dikes" and legal(s2) == {"dike 0 2", "dike 1 2", "dike 2 2"}


def test_dike_frame_refused_in_a_base_state() -> None:
    d = json.loads(arle.new_game(players=1, seed=0).to_json())
    d["stack"] = [{"t": "dikes", "p": 0, "n": 1, "line": 3}]
    with pytest.raises(ValueError, match="Tea & Trade"):
        State.from_json(json.dumps(d))


# --------------------------------------------------------------------------- T22 sheep
def test_dehydrated_space_holds_three_sheep() -> None:
    e = Enclosures(dry=1)
    assert A.fits((3, 0, 0), e) and not A.fits((4, 0, 0), e)
    assert A.fits((0, 2, 0), e) and not A.fits((0, 3, 0), e)   # other animals: 2
    assert A.min_overflow((5, 0, 0), e) == 2
    assert A.arrange((3, 0, 0), e) == A.Arrangement((), (), (), (0, 0, 0), ((0, 3),))
    both = Enclosures(pastures=1, dry=1)
    assert A.fits((3, 2, 0), both) and not A.fits((0, 3, 2), both)


def test_dehydrated_space_with_exactly_two_sheep_breeds() -> None:
    assert A.breeding_options((2, 0, 0), Enclosures(dry=1)) == [(1, 0, 0)]
    assert A.breeding_options((3, 0, 0), Enclosures(dry=1)) == [(0, 0, 0)]   # 3: none
    assert A.breeding_options((3, 0, 0), Enclosures(dry=1, mixed=1)) == [(1, 0, 0)]
    assert A.breeding_options((4, 0, 0), Enclosures(dry=2)) == [(2, 0, 0)]
    assert A.breeding_options((0, 2, 0), Enclosures(dry=1)) == [(0, 0, 0)]  # sheep only
    assert A.breeding_options((2, 2, 0), Enclosures(dry=2)) == [(1, 0, 0)]
    assert A.breeding_options((2, 0, 0), Enclosures(pastures=1)) == [(0, 0, 0)]


def test_empty_dehydrated_cells_of_a_farm() -> None:
    s = tt()
    edit(s, ditches=mask(V30, H30))                       # cell (3,0) has 2 ditches
    pl = s.players[0]
    assert F.dry_cells(pl) >> 9 & 1 and not F.dry_cells(pl) >> 10 & 1
    e = F.enclosures(pl)
    assert (e.pastures, e.dry) == (1, 1)
    assert F.animals_fit(pl, [13, 0, 0])                  # 3 + 2 + stall 3 + 5 dikes
    assert not F.animals_fit(tt().players[0], [13, 0, 0])
    do(s, "place forester", "forest", "cell 3,0")         # a tile on it: no longer empty
    assert F.enclosures(s.players[0]).dry == 0


def test_sheep_fill_the_dehydrated_space_then_give_back_when_covered() -> None:
    s = tt()
    edit(s, ditches=mask(V30, H30), animals={"sheep": 13, "horse": 0})
    do(s, "place forester", "forest", "cell 3,0")          # 13 no longer fit: 3 go back
    assert s.players[0].animals[0] == 10 and top(s) != "house"   # (one kind: not asked)
    s2 = tt()
    edit(s2, ditches=mask(V30, H30), animals={"sheep": 13, "horse": 0})
    do(s2, "place forester", "forest", "cell 3,1")         # the wet cell: only 2 go back
    assert s2.players[0].animals[0] == 11


# --------------------------------------------------------------------------- T23 Farmer
def farmer_game() -> State:
    s = tt()
    grid = list(s.players[0].grid)
    grid[11] = ""                                         # (3,2): an empty wet cell
    edit(s, grid=grid, ditches=mask(V30, H30, H31), barn=[["plow"]])
    assert F.dry_cells(s.players[0]) & 0b11 << 9 == 0b11 << 9   # (3,0), (3,1) dry
    return s


def test_one_plow_two_fields_on_dehydrated_land() -> None:
    s = farmer_game()
    do(s, "place farmer", "field grain")
    assert top(s) == "cell" and legal(s) == {"cell 3,0", "cell 3,1", "cell 3,2"}
    do(s, "cell 3,0")
    assert "field flax" in legal(s)                       # the Plow's second dry field
    do(s, "field flax")                                   # only (3,1) is allowed: no question
    assert s.players[0].grid[9:12] == ["field_grain", "field_flax", ""]
    assert "field grain" not in legal(s)                  # n + ceil(d/2) = 1 = plows
    assert State.from_json(s.to_json()) == s and arle.replay(s.record()) == s


def test_one_plow_one_field_on_other_land() -> None:
    s = farmer_game()
    do(s, "place farmer", "field grain", "cell 3,2")
    assert top(s) != "farmer" or "field grain" not in legal(s)


def test_farmer_counts_survive_save_and_load() -> None:
    s = farmer_game()
    do(s, "place farmer", "field grain", "cell 3,1")
    d = json.loads(s.to_json())
    assert d["stack"][-1] == {"t": "farmer", "p": 0, "built": False, "fields": 1, "dry": 1}
    d["stack"][-1]["dry"] = 2
    with pytest.raises(ValueError, match="dry"):
        State.from_json(json.dumps(d))


# --------------------------------------------------------------------------- T36
def test_tea_on_a_laborers_imitation() -> None:
    s = tt(players=2)
    first = s.current_player
    assert first is not None
    other = 1 - first
    assert "place laborer_summer tea" not in legal(s)     # nothing it would improve
    do(s, "place clay_worker")
    do(s, "place sailmaker")                              # the other player, no tool space
    while s.current_player == other:
        do(s, "done" if "done" in legal(s) else str(s.legal_actions()[0]))
    assert s.current_player == first
    clay, food, tea = (tres(s, first, "clay"), tres(s, first, "food"),
                       tres(s, first, "tea"))
    do(s, "place laborer_summer tea")
    own = {a for a in legal(s) if not a.startswith("release")}   # less the anytime ones
    assert top(s) == "space_choice" and own == {"imitate clay_worker", "done"}
    do(s, "imitate clay_worker")                          # 3 Shovels + Tea = 4 Clay
    assert tres(s, first, "clay") == clay + 4
    assert tres(s, first, "food") == food - 2 and tres(s, first, "tea") == tea - 1
    assert s.players[first].boost == [] and s.current_player == other
    assert arle.replay(s.record()) == s


# --------------------------------------------------------------------------- T8
def network(s: State, p: int, n: int) -> int:
    """A legal network of ``n`` ditches on player ``p``'s board (greedy, lowest edge
    first), away from the moors."""
    line, room = SP.ditch_room(s.players[p])
    room &= ~mask(*(e for c in range(3) for e in D.edges_of(D.MOOR_PERIMETER[c])))
    m = 0
    for _ in range(n):
        m |= 1 << D.edges_of(D.legal_new_ditches(m, line, room))[0]
    return m


def test_shared_ditch_supply_runs_out() -> None:
    s = tt(players=2, options={"shared_ditches": True})
    p = s.current_player
    assert p is not None
    grid = [""] * 15 + ["moor"] * 6
    for q in (0, 1):
        edit(s, q, dikes=7, grid=grid, bw_peat=0)
        edit(s, q, ditches=network(s, q, 15 if q == p else 14))
    assert SP.ditch_supply_left(s) == 1
    do(s, "place ditcher")
    assert top(s) == "dig"
    do(s, sorted(a for a in legal(s) if a.startswith("dig"))[0])
    assert SP.ditch_supply_left(s) == 0 and top(s) != "dig"   # the 30th ditch: no more


def test_unlimited_ditch_supply_by_default() -> None:
    s = tt(players=2)
    assert SP.ditch_supply_left(s) is None


# --------------------------------------------------------------------------- the loader
@pytest.mark.parametrize("change,msg", [
    ({"at": 11}, "stack\\[0\\].at"),                          # not one of its cells
    ({"cells": [10]}, "stack\\[0\\].cells"),                  # one cell: never asked
    ({"cells": [10, 9]}, "stack\\[0\\].cells"),               # not in order
    ({"cells": [3, 10]}, "stack\\[0\\].cells"),               # above the Dike Line
    ({"then": "builder"}, "stack\\[0\\].then"),
    ({"then": "farmer"}, "stack\\[0\\].then"),                # no Farmer below
    ({"tile": "stall"}, "stack\\[0\\].at"),                   # not the tile standing there
    ({"gone": True}, "stack\\[0\\].at"),
])
def test_bad_cell_frames_refused(change: dict[str, Any], msg: str) -> None:
    s = tt()
    do(s, "place forester", "forest")
    d = json.loads(s.to_json())
    assert d["stack"][0] == {"t": "cell", "p": 0, "tile": "forest", "at": 10,
                             "cells": [9, 10], "gone": False, "then": ""}
    d["stack"][0].update(change)
    with pytest.raises(ValueError, match=msg):
        State.from_json(json.dumps(d))


def test_tea_waits_only_on_a_laborer() -> None:
    s = tt()
    do(s, "place forester")
    d = json.loads(s.to_json())
    assert "tea" not in d["stack"][0]                      # "" is left out
    d["stack"][0]["tea"] = "tea"
    with pytest.raises(ValueError, match="tea"):
        State.from_json(json.dumps(d))


# --------------------------------------------------------------------------- T6
def test_tea_on_ships_only_option() -> None:
    """T6, table Z's ``ships_only``: Tea is upgraded on ships, not on vehicles."""
    assert T.UNCONFIRMED["tea_upgrade_spaces"].values["ships_only"] == "ships_only"
    ship = ["trading_ship_small", "", ""]
    for only, on_vehicle in ((False, True), (True, False)):
        s = tt(options={"tea_ships_only": only})
        edit(s, res={"tea": 2}, barn=[["carriage", "", ""]], harbor=[ship])
        assert ("load 0 0 tea" in legal(s)) is on_vehicle
        assert "load h0 0 tea" in legal(s)
        assert arle.replay(s.record()).setup["options"]["tea_ships_only"] is only


def test_a_base_game_may_choose_cells_too() -> None:
    s = arle.new_game(players=1, seed=0, options={"choose_cells": True})
    do(s, "place forester", "forest")
    assert top(s) == "cell" and legal(s) == {"cell 3,0", "cell 3,1"}
    assert State.from_json(s.to_json()) == s
    d = json.loads(s.to_json())
    d["setup"]["options"]["choose_cells"] = False
    with pytest.raises(ValueError, match="choose_cells"):
        State.from_json(json.dumps(d))


def test_records_written_before_the_cell_choice_still_replay() -> None:
    """Expansion records saved before ``choose_cells`` existed (greedy games of that
    version, with their final scores) replay as they were played: their setups lack
    the option, so the engine places tiles and dikes and a dike move's tile flip or
    animal comes before its reconnecting ditch, as then."""
    path = Path(__file__).parent / "fixtures" / "tt_records_before_cell_choice.json"
    records = json.loads(path.read_text())
    assert len(records) == 4
    for r in records:
        want = r.pop("final_scores")
        assert "choose_cells" not in r["setup"]["options"]
        s = arle.replay(r)
        assert s.is_terminal()
        assert [sc.total for sc in s.scores()] == want
        assert s.setup["options"]["choose_cells"] is False
        assert arle.replay(s.record()) == s             # and they record it now
