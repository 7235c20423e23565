"""About the Home Board (landscape, dikes, moors, peat) and the Animal Husbandry rules
for gaining and housing animals (RULINGS 1, 2)."""

from __future__ import annotations

import pytest

from arle.animals import Enclosures
from arle.data import catalog as C
from arle.engine import farm as F
from util import do, fresh, legal, res, set_animals, set_res, set_tool

from arle.position import edit

# Cell numbers: row-major 7 x 3, row 0 is the sea side.
ROW = {r: [3 * r + c for c in range(3)] for r in range(7)}


def cover_land(s, p: int = 0, tile: str = "forest") -> None:
    """Put a (non-animal) tile on every empty Land Space of player p."""
    edit(s, p, cells={i: tile for i in F.empty_land(s.players[p])}, in_place=True)


# ---------------------------------------------------------------------------
# Landscape at setup (RULINGS 1)
# ---------------------------------------------------------------------------
def test_start_landscape() -> None:
    g = fresh().players[0].grid
    assert [g[i] for i in ROW[3]] == ["", "", "field_grain"]
    assert [g[i] for i in ROW[4]] == ["stall", "boardwalk", "field_flax"]
    # three hydrated 2-space Moor tiles, one per column of rows 5-6
    assert [g[i] for i in ROW[5] + ROW[6]] == ["moor"] * 6
    # the tidal flat (rows 0-2) is empty but not land
    assert [g[i] for i in ROW[0] + ROW[1] + ROW[2]] == [""] * 9


def test_start_has_two_empty_land_spaces_and_boardwalk_peat() -> None:
    s = fresh()
    pl = s.players[0]
    assert F.empty_land(pl) == ROW[3][:2]
    assert pl.bw_peat == 4 and pl.moor_peat == [0, 0, 0]
    assert pl.dikes == 0
    assert pl.animals == [0, 0, 1]


def test_tidal_flat_unusable_before_diking() -> None:
    """With the two mainland spaces covered, a Forest has nowhere to go."""
    s = fresh()
    cover_land(s, tile="field_grain")
    do(s, "place forester")
    assert "forest" not in legal(s)


# ---------------------------------------------------------------------------
# Dikes (RULINGS 2)
# ---------------------------------------------------------------------------
def _plus_one_dike(gaps: list[int]) -> list[int]:
    """The ruling's "+1 Dike" procedure on (G0..G3), written independently."""
    g = list(gaps)
    line = max(i for i in range(4) if g[i] == 3)
    target = next((i for i in range(line + 1, 4) if g[i] < 3), None)
    if target is None:
        return g
    source = next(i for i in range(4) if g[i] > 0)
    g[source] -= 1
    g[target] += 1
    return g


def test_dike_sequence_matches_ruling_table() -> None:
    table = [(3, 2, 0, 0), (2, 3, 0, 0), (1, 3, 1, 0), (0, 3, 2, 0),
             (0, 2, 3, 0), (0, 1, 3, 1), (0, 0, 3, 2), (0, 0, 2, 3)]
    assert list(C.DIKE_SEQUENCE) == table
    g = list(table[0])
    for k in range(1, 8):
        g = _plus_one_dike(g)
        assert tuple(g) == table[k], k
        assert sum(g) == C.DIKES == 5


@pytest.mark.parametrize("k,first_row", [(0, 3), (1, 2), (2, 2), (3, 2), (4, 1), (5, 1),
                                          (6, 1), (7, 0)])
def test_land_rows_after_k_dike_moves(k: int, first_row: int) -> None:
    """Every row below the Dike Line (highest gap holding 3 dikes) is land."""
    gaps = C.DIKE_SEQUENCE[k]
    line = max(i for i in range(4) if gaps[i] == 3)
    assert 3 - line == first_row  # G0 is below row 3, G1 below row 2, ...
    assert C.first_land_row(k) == first_row
    s = edit(fresh(), dikes=k)
    assert set(F.empty_land(s.players[0])) == set(ROW[3][:2]) | {
        i for r in range(first_row, 3) for i in ROW[r]}


def test_rulebook_dike_count_narrative() -> None:
    """1st dike gives 3 spaces, 2nd and 3rd none, 4th 3 more, 5th/6th none, 7th 3 more."""
    s = fresh()
    pl = s.players[0]
    gains = []
    for _ in range(7):
        before = len(F.empty_land(pl))
        F.move_dikes(pl, 1)
        gains.append(len(F.empty_land(pl)) - before)
    assert gains == [3, 0, 0, 3, 0, 0, 3]


def test_top_row_penalty_follows_g3() -> None:
    """-1 VP for every uncovered mark of G3: 3,3,3,3,3,2,1,0 after k moves."""
    assert [3 - C.DIKE_SEQUENCE[k][3] for k in range(8)] == [3, 3, 3, 3, 3, 2, 1, 0]


def test_dike_moves_beyond_the_seventh_have_no_effect() -> None:
    s = edit(fresh(), dikes=6)
    set_tool(s, 0, "shovels", 6)  # 3 dikes
    do(s, "place dike_builder", "take none")
    assert s.players[0].dikes == 7
    F.move_dikes(s.players[0], 1)
    assert s.players[0].dikes == 7
    assert len(F.empty_land(s.players[0])) == 2 + 9


def test_new_polder_takes_tiles() -> None:
    """After the 1st dike a Forest goes onto row 2 once the mainland is full."""
    s = fresh()
    cover_land(s, tile="field_flax")
    edit(s, dikes=1, in_place=True)
    do(s, "place forester", "forest")
    g = s.players[0].grid
    assert g.count("forest") == 1
    assert g.index("forest") in ROW[2]


def test_tiles_never_go_on_the_tidal_flat() -> None:
    s = fresh()
    set_res(s, 0, food=10)
    for _ in range(3):
        pl = s.players[0]
        if not F.has_land(pl):
            break
        cell = F.place_tile(pl, "forest")
        assert cell >= 3 * C.first_land_row(pl.dikes)
    assert not F.has_land(s.players[0])
    assert all(s.players[0].grid[i] == "" for i in ROW[0] + ROW[1] + ROW[2])


# ---------------------------------------------------------------------------
# Moors and peat
# ---------------------------------------------------------------------------
def test_cutting_last_boardwalk_peat_frees_its_space() -> None:
    s = fresh()
    pl = s.players[0]
    edit(s, bw_peat=2, in_place=True)
    set_res(s, 0, peat=0)
    do(s, "place peat_cutter", "cut bw 2")
    assert res(s, 0, "peat") == 2
    assert pl.grid[13] == ""
    assert 13 in F.empty_land(pl)


def test_cutting_some_boardwalk_peat_keeps_the_tile() -> None:
    s = fresh()
    do(s, "place peat_cutter", "cut bw 3")
    pl = s.players[0]
    assert pl.bw_peat == 1 and pl.grid[13] == "boardwalk"
    assert 13 not in F.empty_land(pl)


def test_cutting_last_moor_peat_removes_the_tile_and_frees_two_spaces() -> None:
    s = fresh()
    pl = s.players[0]
    edit(s, cells={15: "dmoor", 18: "dmoor"}, moor_peat=[1, 0, 0], in_place=True)
    set_res(s, 0, peat=0)
    do(s, "place peat_cutter", "cut m0 1", "done")
    assert res(s, 0, "peat") == 1
    assert pl.grid[15] == pl.grid[18] == ""
    assert {15, 18} <= set(F.empty_land(pl))
    assert pl.grid[16] == pl.grid[19] == "moor"


def test_hydrated_moor_cannot_be_cut() -> None:
    s = fresh()
    edit(s, cells={13: ""}, bw_peat=0, in_place=True)
    set_tool(s, 0, "spades", 7)
    set_res(s, 0, peat=0)
    do(s, "place peat_cutter")
    assert res(s, 0, "peat") == 0 and s.stack == []


def test_moor_and_boardwalk_spaces_are_not_pastures() -> None:
    s = fresh()
    cover_land(s)
    assert F.enclosures(s.players[0]).pastures == 0


# ---------------------------------------------------------------------------
# Animal husbandry: housing
# ---------------------------------------------------------------------------
def test_enclosures_of_every_tile_kind() -> None:
    # rows 3-4: empty, empty, park / stall, stable, double stall; a freed moor column:
    # 2 more pastures
    s = edit(fresh(), cells={11: "park", 13: "stable", 14: "double_stall", 15: "",
                             18: ""}, bw_peat=0, moor_peat=[0, 0, 0])
    pl = s.players[0]
    assert F.enclosures(pl) == Enclosures(pastures=4, stalls=3, stables=1, mixed=5 + 2)


def test_depot_forest_field_and_building_hold_no_animals() -> None:
    s = edit(fresh(), cells={9: "depot", 12: "forest"}, built={"workshop": 10})
    pl = s.players[0]
    assert F.enclosures(pl) == Enclosures(pastures=0, stalls=0, stables=0, mixed=5)


def _only(s, tile: str | None) -> None:
    """All land covered except one enclosure of the given kind (or none) in cell 12."""
    cover_land(s)
    edit(s, cells={12: "forest" if tile is None else tile}, in_place=True)


@pytest.mark.parametrize("tile,cap", [(None, 5), ("", 7), ("stall", 8), ("stable", 11),
                                       ("park", 7), ("double_stall", 11)])
def test_capacity_for_one_animal_type(tile: str | None, cap: int) -> None:
    """5 dikes plus: nothing / a pasture 2 / a stall 3 / a stable 6 / a park 2 / 2 x 3."""
    s = fresh()
    _only(s, tile)
    pl = s.players[0]
    assert F.animals_fit(pl, [cap, 0, 0])
    assert not F.animals_fit(pl, [cap + 1, 0, 0])


def test_dikes_hold_five_animals_of_any_types() -> None:
    s = fresh()
    _only(s, None)
    pl = s.players[0]
    assert F.animals_fit(pl, [2, 2, 1])
    assert not F.animals_fit(pl, [2, 2, 2])


def test_park_holds_two_different_animals() -> None:
    s = fresh()
    _only(s, "park")
    pl = s.players[0]
    assert F.animals_fit(pl, [3, 2, 2])
    _only(s, "")  # a pasture instead: 2 of one type only
    assert F.animals_fit(pl, [3, 2, 2])
    assert not F.animals_fit(pl, [3, 2, 3])


def test_stable_is_one_type_but_double_stall_is_two() -> None:
    s = fresh()
    _only(s, "stable")
    pl = s.players[0]
    assert not F.animals_fit(pl, [3, 3, 5])  # 11 animals, but a stable takes one type
    _only(s, "double_stall")
    assert F.animals_fit(pl, [3, 3, 5])     # 3 sheep + 3 cattle in the halves, 5 on dikes


def test_stall_holds_three_of_one_type() -> None:
    s = fresh()
    _only(s, "stall")
    pl = s.players[0]
    assert F.animals_fit(pl, [3, 3, 2])
    assert not F.animals_fit(pl, [3, 3, 3])


def test_gain_that_does_not_fit_forces_release() -> None:
    s = fresh()
    _only(s, "stall")
    set_animals(s, 0, sheep=0, cattle=0, horse=8)  # stall 3 + dikes 5: full
    do(s, "place fisherman", "take sheep")
    assert legal(s) == {"release sheep", "release horse"}
    assert s.stack[-1].KIND == "house"
    do(s, "release horse")
    assert s.players[0].animals == [1, 0, 7]
    assert s.stack == []  # back to placing workers
    assert "place peat_cutter" in legal(s)


def test_release_of_the_new_animal() -> None:
    s = fresh()
    _only(s, "stall")
    set_animals(s, 0, horse=8)
    do(s, "place fisherman", "take sheep", "release sheep")
    assert s.players[0].animals == [0, 0, 8]
    assert s.stack == []


def test_gain_that_fits_asks_nothing() -> None:
    s = fresh()
    set_animals(s, 0, horse=1)
    do(s, "place fisherman", "take sheep")
    assert s.players[0].animals == [1, 0, 1]
    assert s.stack == []


def test_only_one_type_over_capacity_releases_automatically() -> None:
    """With one kind of animal, the only possible release is made without asking."""
    s = fresh()
    _only(s, "stall")
    set_animals(s, 0, sheep=8, horse=0)
    do(s, "place fisherman", "take sheep")
    assert s.players[0].animals == [8, 0, 0]
    assert s.stack == []


def test_animals_may_be_returned_at_any_time() -> None:
    s = fresh()
    assert "release horse" in legal(s)
    do(s, "release horse")
    assert s.players[0].animals == [0, 0, 0]
    assert s.turn == 0  # not an action: the worker is still to be placed


def test_polder_spaces_are_pastures() -> None:
    s = fresh()
    _only(s, None)
    pl = s.players[0]
    assert not F.animals_fit(pl, [6, 0, 0])
    edit(s, dikes=1, in_place=True)  # row 2 becomes land: 3 pastures
    assert F.animals_fit(pl, [5 + 6, 0, 0])
    assert not F.animals_fit(pl, [5 + 7, 0, 0])


def test_alike_moor_tiles_are_one_choice() -> None:
    s = fresh()
    edit(s, dehydrated=[0, 2], in_place=True)
    do(s, "place peat_cutter")
    assert legal(s) == {"cut m0 1", "cut m0 2", "cut m0 3", "cut bw 1", "cut bw 2",
                        "cut bw 3", "done"}


# ---------------------------------------------------------------------------
# A tile on a pasture: animals must still be housed
# ---------------------------------------------------------------------------
def _crowded(s) -> None:
    """4 Sheep on the 2 pastures, 8 Horses in the stall and on the dikes."""
    set_animals(s, 0, sheep=4, cattle=0, horse=8)
    assert F.animals_fit(s.players[0])


def test_forest_on_a_used_pasture_forces_release() -> None:
    s = fresh()
    _crowded(s)
    do(s, "place forester", "forest")
    assert legal(s) == {"release sheep", "release horse"}
    do(s, "release sheep", "release sheep")
    assert s.players[0].animals == [2, 0, 8] and s.stack == []


def test_field_on_a_used_pasture_forces_release() -> None:
    s = fresh()
    _crowded(s)
    edit(s, equipment=["plow"], in_place=True)
    do(s, "place farmer", "field grain")
    assert s.stack[-1].KIND == "house"
    do(s, "release horse", "release horse")
    assert s.players[0].animals == [4, 0, 6]
    assert F.animals_fit(s.players[0])


def test_stall_on_a_used_pasture_needs_no_release() -> None:
    s = fresh()
    _crowded(s)
    set_res(s, 0, clay=2, grain=1)
    do(s, "place carpenter_summer", "stall")
    assert s.stack == [] and s.players[0].animals == [4, 0, 8]


def test_building_on_a_used_pasture_forces_release() -> None:
    s = fresh()
    _crowded(s)
    set_res(s, 0, grain=1, wood=1, clay=0, timber=0, brick=0)
    do(s, "place builder", "build workshop")
    assert s.stack and s.stack[-1].KIND == "house"
    do(s, "release sheep", "release sheep")
    assert F.animals_fit(s.players[0])


def test_lutetsburg_forest_on_a_used_pasture_forces_release() -> None:
    """2 pastures, 2 Sheep: the castle takes one pasture (the Sheep move to the other),
    then its free Forest takes the last one and the Sheep have nowhere to go."""
    s = fresh()
    pl = s.players[0]
    set_animals(s, 0, sheep=2, cattle=0, horse=8)
    set_res(s, 0, timber=3, brick=3, food=15)
    do(s, "place builder", "build lutetsburg_castle")
    assert pl.grid.count("forest") == 1 and not F.empty_land(pl)
    assert s.stack and s.stack[-1].KIND == "house"
