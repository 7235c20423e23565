"""Ditches (engine/ditches.py): every ditch ruling T15-T25 as a test, then property
tests of the network functions against a small coordinate model written from T15."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.engine import ditches as D
from arle.engine.ditches import h_edge as h
from arle.engine.ditches import v_edge as v


def m(*edges: int) -> int:
    return D.mask_of(edges)


def names(mask: int) -> set[str]:
    return {D.edge_name(e) for e in D.edges_of(mask)}


START = D.available_edges(3)


def dig_all(line: int, avail: int, *edges: int) -> int:
    net = 0
    for e in edges:
        net = D.dig(net, e, line, avail)
    return net


# ---------------------------------------------------------------------------
# Reference model: edges as pairs of grid points, straight from T15.
# ---------------------------------------------------------------------------
def ref_points(e: int) -> tuple[tuple[int, int], tuple[int, int]]:
    kind, r, x = D.edge_name(e)[0], *map(int, D.edge_name(e)[2:-1].split(","))
    if kind == "v":
        return (r, x + 1), (r + 1, x + 1)
    return (r + 1, x), (r + 1, x + 1)


def ref_cells(e: int) -> tuple[tuple[int, int], tuple[int, int]]:
    kind, r, x = D.edge_name(e)[0], *map(int, D.edge_name(e)[2:-1].split(","))
    return ((r, x), (r, x + 1)) if kind == "v" else ((r, x), (r + 1, x))


def ref_connected(edges: list[int]) -> bool:
    if not edges:
        return True
    seen = {edges[0]}
    todo = [edges[0]]
    while todo:
        a = set(ref_points(todo.pop()))
        for e in edges:
            if e not in seen and a & set(ref_points(e)):
                seen.add(e)
                todo.append(e)
    return len(seen) == len(edges)


def ref_touches(e: int, line: int) -> bool:
    return any(i == line for i, _ in ref_points(e))


def ref_legal(edges: list[int], line: int, avail: int, detached_ok: bool) -> bool:
    if any(not avail >> e & 1 for e in edges):
        return False
    if not edges:
        return True
    on = sum(ref_touches(e, line) for e in edges)
    return ref_connected(edges) and on <= 1 and (on == 1 or detached_ok)


# ---------------------------------------------------------------------------
# T15 the edge model
# ---------------------------------------------------------------------------
def test_t15_edge_ids_and_names() -> None:
    ids = [v(r, k) for r in range(7) for k in range(2)] + [h(r, c) for r in range(6)
                                                           for c in range(3)]
    assert ids == list(range(32)) and D.EDGES == 32
    assert (D.V_EDGES, D.H_EDGES) == (14, 18)
    for e in ids:
        assert D.parse_edge(D.edge_name(e)) == e
    assert D.parse_edge(" h( 4 , 1 ) ") == h(4, 1)
    for bad in ("x(1,1)", "v(7,0)", "h(6,0)", "v(0,2)", "h1,1", ""):
        with pytest.raises(ValueError):
            D.parse_edge(bad)
    for fn, args in ((v, (-1, 0)), (v, (0, 2)), (h, (6, 0)), (h, (0, 3))):
        with pytest.raises(ValueError):
            fn(*args)


def test_t15_edges_join_the_cells_and_points_of_the_text() -> None:
    for e in range(D.EDGES):
        (ra, ca), (rb, cb) = ref_cells(e)
        assert D.EDGE_CELLS[e] == (3 * ra + ca, 3 * rb + cb)
        (ia, ja), (ib, jb) = ref_points(e)
        assert D.EDGE_POINTS[e] == (4 * ia + ja, 4 * ib + jb)


def test_t15_at_the_start_14_edges_pass_a_to_c() -> None:
    want = {f"v({r},{k})" for r in range(3, 7) for k in range(2)}
    want |= {f"h({r},{c})" for r in range(3, 5) for c in range(3)}
    assert names(START) == want and len(want) == 14


def test_t15a_edges_above_the_dike_line_are_not_land() -> None:
    for line in range(4):
        avail = D.available_edges(line, moors=0)
        for e in range(D.EDGES):
            rows = [r for r, _ in ref_cells(e)]
            assert bool(avail >> e & 1) == (min(rows) >= line)


def test_t15b_dike_slots_and_the_edges_they_block() -> None:
    assert [D.dike_slot_edge(g, 1) for g in range(4)] == [h(2, 1), h(1, 1), h(0, 1), None]
    # After 1 dike move (2, 3, 0, 0): the line is row 2; two dikes remain in G0.
    slots = [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]
    D.check_dike_slots(slots, 1)
    avail = D.available_edges(D.dike_line(1), D.dike_mask(slots))
    assert avail >> h(2, 1) & 1
    assert not avail >> h(2, 0) & 1 and not avail >> h(2, 2) & 1
    assert {f"v(2,{k})" for k in range(2)} <= names(avail)


def test_t15_bad_inputs_raise_clearly() -> None:
    with pytest.raises(ValueError, match="Dike Line"):
        D.available_edges(4)
    with pytest.raises(ValueError, match="horizontal"):
        D.available_edges(3, dikes=m(v(3, 0)))
    with pytest.raises(ValueError, match="moors"):
        D.available_edges(3, moors=8)
    with pytest.raises(ValueError, match="edge mask"):
        D.is_connected(-1)
    with pytest.raises(ValueError, match="edge id"):
        D.mask_of([32])
    with pytest.raises(ValueError, match="slot"):
        D.dike_slot_edge(4, 0)


# ---------------------------------------------------------------------------
# T16 barred edges
# ---------------------------------------------------------------------------
def test_t16_no_static_list_by_default_and_the_named_alternative() -> None:
    assert D.forbidden_edges() == 0
    alt = D.forbidden_edges("moor_interior_always")
    assert names(alt) == {"h(5,0)", "h(5,1)", "h(5,2)"}
    # With the alternative, the interior edge stays barred after the moor leaves (T25).
    assert not D.available_edges(3, moors=0, forbidden=alt) & alt
    with pytest.raises(ValueError, match="unknown ditch option"):
        D.forbidden_edges("everything")


def test_t16c_no_ditch_under_a_two_space_tile() -> None:
    for moors in range(8):
        avail = D.available_edges(3, moors=moors)
        for c in range(3):
            assert bool(avail >> h(5, c) & 1) == (not moors >> c & 1)


# ---------------------------------------------------------------------------
# T17 connecting to the Dike Line, connectivity
# ---------------------------------------------------------------------------
def test_t17_first_ditch_connects_to_the_dike_line() -> None:
    for line in range(4):
        avail = D.available_edges(line)
        assert names(D.legal_new_ditches(0, line, avail)) == {f"v({line},0)", f"v({line},1)"}
    with pytest.raises(ValueError, match="first ditch must connect"):
        D.dig(0, h(3, 1), 3, START)


def test_t17_later_ditches_share_a_point_with_one() -> None:
    net = D.dig(0, v(3, 0), 3, START)
    # v(3,0) joins points (3,1) and (4,1): h(3,0), h(3,1) and v(4,0) meet it.
    assert names(D.legal_new_ditches(net, 3, START)) == {"h(3,0)", "h(3,1)", "v(4,0)"}
    with pytest.raises(ValueError, match="does not connect"):
        D.dig(net, v(5, 1), 3, START)


def test_t17_only_one_ditch_may_connect_to_the_dike_line() -> None:
    net = dig_all(3, START, v(3, 0), h(3, 1))
    # v(3,1) now shares the point (4,2) with h(3,1), but it would be a second link.
    assert not D.legal_new_ditches(net, 3, START) >> v(3, 1) & 1
    with pytest.raises(ValueError, match="only one ditch"):
        D.dig(net, v(3, 1), 3, START)
    assert D.network_error(net | m(v(3, 1)), 3, START) == (
        "more than one ditch connects to the Dike Line")


def test_t17_branches_are_allowed() -> None:
    net = dig_all(3, START, v(3, 0), h(3, 0), h(3, 1), v(4, 0), v(4, 1), h(4, 1))
    assert D.is_legal_network(net, 3, START)


def test_t17_the_border_joins_nothing() -> None:
    for i in range(8):
        for j in range(4):
            if i in (0, 7) or j in (0, 3):
                assert D.POINT_EDGES[4 * i + j].bit_count() <= 1
    net = dig_all(3, START, v(3, 0), h(3, 0))
    assert not D.legal_new_ditches(net, 3, START) >> h(4, 0) & 1
    assert not D.is_connected(m(h(3, 0), h(4, 0)))


def test_t17_disconnected_or_unlinked_networks_are_illegal() -> None:
    assert D.network_error(m(v(3, 0), v(5, 1)), 3, START) == "the ditches are not connected"
    assert D.network_error(m(v(4, 0)), 3, START) == "no ditch connects to the Dike Line"
    assert D.network_error(m(v(2, 0)), 3, START) is not None      # above the line
    assert D.is_legal_network(0, 3, START)
    with pytest.raises(ValueError, match="not a legal ditch network"):
        D.legal_new_ditches(m(v(3, 0), v(5, 1)), 3, START)


# ---------------------------------------------------------------------------
# T18 dike columns
# ---------------------------------------------------------------------------
def test_t18_dike_slots_follow_the_rulings_counts() -> None:
    D.check_dike_slots([(0, c) for c in range(3)] + [(1, 0), (1, 2)], 0)
    with pytest.raises(ValueError, match="hold"):
        D.check_dike_slots([(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)], 0)
    with pytest.raises(ValueError, match="two dikes in one slot"):
        D.check_dike_slots([(0, 0), (0, 0)], 0)
    with pytest.raises(ValueError, match="dike moves"):
        D.dike_line(8)


def test_t18_dikes_move_up_and_never_onto_a_ditch() -> None:
    for k in range(C.MAX_DIKE_MOVES):
        line = D.dike_line(k)
        before, after = C.DIKE_SEQUENCE[k], C.DIKE_SEQUENCE[k + 1]
        for gap in range(4):
            if after[gap] > before[gap]:
                for col in range(3):
                    e = D.dike_slot_edge(gap, col)
                    assert e is None or not D.LAND_EDGES[line] >> e & 1


# ---------------------------------------------------------------------------
# T19 the free reconnecting ditch
# ---------------------------------------------------------------------------
def slots_after_one_move() -> list[tuple[int, int]]:
    return [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]


def test_t19_free_ditch_is_the_one_above_the_link() -> None:
    for k in range(2):
        net = dig_all(3, START, v(3, k), v(4, k))
        free = D.reconnecting_ditch(net, 3, 2)
        assert free == v(2, k)
        avail = D.available_edges(2, D.dike_mask(slots_after_one_move()))
        assert D.network_error(net, 2, avail) == "no ditch connects to the Dike Line"
        assert D.is_legal_network(net, 2, avail, detached_ok=True)
        assert D.is_legal_network(net | m(free), 2, avail)


def test_t19_declined_free_ditch_may_be_dug_later() -> None:
    net = dig_all(3, START, v(3, 0))
    avail = D.available_edges(2, D.dike_mask(slots_after_one_move()))
    offered = D.legal_new_ditches(net, 2, avail)
    assert offered >> v(2, 0) & 1
    assert not offered >> v(2, 1) & 1               # nothing reaches it yet
    # h(2,1) lies in G0's free column and meets the network at (3,1) ...
    net = D.dig(net, h(2, 1), 2, avail)
    # ... so the other v(2,.) now connects too; only one of them may be dug.
    offered = D.legal_new_ditches(net, 2, avail)
    assert offered >> v(2, 0) & 1 and offered >> v(2, 1) & 1
    net = D.dig(net, v(2, 1), 2, avail)
    assert D.is_legal_network(net, 2, avail)
    assert not D.legal_new_ditches(net, 2, avail) >> v(2, 0) & 1


def test_t19_nothing_without_a_link_or_a_move() -> None:
    assert D.reconnecting_ditch(0, 3, 2) is None
    net = dig_all(3, START, v(3, 0))
    assert D.reconnecting_ditch(net, 3, 3) is None
    detached = net | m(h(2, 1))                       # linked to line 3, line now 2
    assert D.reconnecting_ditch(detached, 2, 1) is None
    with pytest.raises(ValueError, match="one row at a time"):
        D.reconnecting_ditch(net, 3, 1)


# ---------------------------------------------------------------------------
# T20 digging resolves one ditch at a time
# ---------------------------------------------------------------------------
def test_t20_ditcher_digs_up_to_n_each_legal_when_placed() -> None:
    net = 0
    for e in (v(3, 1), v(4, 1), v(5, 1)):            # 3 Digging Spades
        net = D.dig(net, e, 3, START)
    assert names(net) == {"v(3,1)", "v(4,1)", "v(5,1)"}
    with pytest.raises(ValueError, match="already holds"):
        D.dig(net, v(4, 1), 3, START)
    # Order matters: v(4,1) could not have come first.
    with pytest.raises(ValueError):
        D.dig(0, v(4, 1), 3, START)


def test_t20_moor_flips_in_the_middle_of_an_action() -> None:
    net = dig_all(3, START, v(3, 0), v(4, 0))
    assert D.moors_to_flip(net, 0b111) == 0
    net = D.dig(net, v(5, 0), 3, START)               # 1 on moors 0 and 1
    assert D.moors_to_flip(net, 0b111) == 0
    net = D.dig(net, v(6, 0), 3, START)               # the second ditch of the action
    assert D.moors_to_flip(net, 0b111) == 0b011


# ---------------------------------------------------------------------------
# T21 dehydrated land
# ---------------------------------------------------------------------------
def test_t21_two_ditches_dehydrate_a_space() -> None:
    net = dig_all(3, START, v(3, 0), h(3, 0))
    # Cell (3,0) has v(3,0) on its right and h(3,0) below it.
    assert D.ditches_around(net, 9) == 2
    assert D.dehydrated_cells(net) == 1 << 9


def test_t21_cells_have_2_3_or_4_edges() -> None:
    counts = [D.CELL_EDGES[x].bit_count() for x in range(21)]
    assert counts[0] == counts[2] == counts[18] == counts[20] == 2
    assert counts[1] == counts[3] == 3 and counts[4] == 4
    assert sum(counts) == 2 * D.EDGES


def test_t21_connectivity_does_not_matter_for_dehydration() -> None:
    apart = m(v(4, 0), v(4, 1))                       # both sides of cell (4,1)
    assert not D.is_connected(apart)
    assert D.dehydrated_cells(apart) >> 13 & 1


def test_t22_t23_figures() -> None:
    assert TT.DEHYDRATED_MIN_DITCHES == 2
    assert (TT.DEHYDRATED_SHEEP_CAP, TT.DEHYDRATED_BREED_AT) == (3, 2)
    assert TT.DEHYDRATED_FIELDS_PER_PLOW == 2


# ---------------------------------------------------------------------------
# T24 moors
# ---------------------------------------------------------------------------
def test_t24_moor_perimeters() -> None:
    assert names(D.MOOR_PERIMETER[0]) == {"h(4,0)", "v(5,0)", "v(6,0)"}
    assert names(D.MOOR_PERIMETER[1]) == {"h(4,1)", "v(5,0)", "v(5,1)", "v(6,0)", "v(6,1)"}
    assert names(D.MOOR_PERIMETER[2]) == {"h(4,2)", "v(5,1)", "v(6,1)"}
    for c in range(3):
        assert not D.MOOR_PERIMETER[c] >> h(5, c) & 1


def test_t24_one_ditch_counts_for_two_moors_and_only_hydrated_ones_flip() -> None:
    net = m(v(5, 1), h(4, 2))
    assert [D.moor_perimeter_ditches(net, c) for c in range(3)] == [0, 1, 2]
    assert D.moors_to_flip(net, 0b111) == 0b100
    assert D.moors_to_flip(net, 0b011) == 0          # moor 2 already dehydrated
    assert TT.MOOR_FLIP_DITCHES == 2 and TT.MOOR_FLIP_PEAT == 4


# ---------------------------------------------------------------------------
# T25 ditches and tiles never block each other
# ---------------------------------------------------------------------------
def test_t25_a_leaving_moor_opens_its_interior_edge() -> None:
    net = dig_all(3, START, v(3, 0), v(4, 0), v(5, 0))   # v(5,0) ends at point (6,1)
    assert not D.legal_new_ditches(net, 3, START) >> h(5, 0) & 1
    gone = D.available_edges(3, moors=0b110)          # the column-0 moor left
    assert D.is_legal_network(net, 3, gone)
    assert D.legal_new_ditches(net, 3, gone) >> h(5, 0) & 1


def test_t25_digging_never_removes_a_ditch() -> None:
    net = dig_all(3, START, v(3, 0), v(4, 0))
    after = D.dig(net, h(4, 1), 3, START)
    assert after & net == net and (after ^ net).bit_count() == 1


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------
@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int]:
    """A Dike Line with a random choice of blocked dike slots and moors."""
    line = draw(st.integers(0, 3))
    slots = draw(st.sets(st.tuples(st.integers(0, 2), st.integers(0, 2))))
    moors = draw(st.integers(0, 7))
    option = draw(st.sampled_from(sorted(TT.DITCH_FORBIDDEN_EDGES_STATIC.values)))
    return line, D.available_edges(line, D.dike_mask(slots), moors,
                                   D.forbidden_edges(option))


@st.composite
def networks(draw: st.DrawFn) -> tuple[int, int, int]:
    """A network grown by random legal digs: (ditches, line, available)."""
    line, avail = draw(boards())
    net = 0
    for _ in range(draw(st.integers(0, 20))):
        offered = D.edges_of(D.legal_new_ditches(net, line, avail))
        if not offered:
            break
        net = D.dig(net, draw(st.sampled_from(offered)), line, avail)
    return net, line, avail


@settings(max_examples=300, deadline=None)
@given(networks())
def test_offered_ditches_are_exactly_those_that_keep_the_network_legal(
        case: tuple[int, int, int]) -> None:
    net, line, avail = case
    assert D.is_legal_network(net, line, avail)
    offered = D.legal_new_ditches(net, line, avail)
    assert not offered & net and offered & ~avail == 0
    for e in range(D.EDGES):
        if net >> e & 1:
            continue
        grown = D.edges_of(net | 1 << e)
        keeps = ref_legal(grown, line, avail, detached_ok=bool(net))
        assert bool(offered >> e & 1) == keeps, D.edge_name(e)
        if offered >> e & 1:
            assert D.is_legal_network(net | 1 << e, line, avail)


@settings(max_examples=300, deadline=None)
@given(boards(), st.integers(0, D.ALL_EDGES))
def test_network_checks_match_the_reference_model(board: tuple[int, int], mask: int) -> None:
    line, avail = board
    for sub in (mask, mask & avail, mask & avail & 0x0F0F0F0F):
        edges = D.edges_of(sub)
        assert D.is_connected(sub) == ref_connected(edges)
        for ok in (False, True):
            assert D.is_legal_network(sub, line, avail, detached_ok=ok) == ref_legal(
                edges, line, avail, ok)


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, D.ALL_EDGES))
def test_every_legal_network_can_be_dug_one_ditch_at_a_time(
        board: tuple[int, int], mask: int) -> None:
    line, avail = board
    target = mask & avail
    if not D.is_legal_network(target, line, avail):
        # Shrink to the part connected to a single line ditch, if any.
        link = target & D.LINE_EDGES[line]
        if not link:
            return
        target = _component(target & ~(link & (link - 1)), link & -link)
    net = 0
    while net != target:
        step = D.legal_new_ditches(net, line, avail) & target & ~net
        assert step, (names(net), names(target))
        net = D.dig(net, step.bit_length() - 1, line, avail)
    assert D.is_legal_network(net, line, avail)


def _component(mask: int, seed: int) -> int:
    seen = seed
    while True:
        grow = seen
        for e in D.edges_of(seen):
            grow |= D.EDGE_NEIGHBOURS[e] & mask
        if grow == seen:
            return seen
        seen = grow


@settings(max_examples=200, deadline=None)
@given(networks())
def test_a_dike_move_leaves_a_network_the_free_ditch_relinks(case: tuple[int, int, int]) -> None:
    net, line, avail = case
    if line == 0:
        return
    new_avail = avail | D.available_edges(line - 1, moors=0) & ~D.LAND_EDGES[line]
    assert D.is_legal_network(net, line - 1, new_avail, detached_ok=True)
    free = D.reconnecting_ditch(net, line, line - 1)
    linked = bool(net & D.LINE_EDGES[line])
    assert (free is not None) == linked
    if free is not None:
        assert D.legal_new_ditches(net, line - 1, new_avail) >> free & 1
        assert D.is_legal_network(net | 1 << free, line - 1, new_avail)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, D.ALL_EDGES), st.integers(0, D.ALL_EDGES))
def test_dehydration_counts_edges_and_only_grows(mask: int, more: int) -> None:
    dry = D.dehydrated_cells(mask)
    for x in range(21):
        r, c = divmod(x, 3)
        around = sum(1 for e in D.edges_of(mask) if (r, c) in ref_cells(e))
        assert bool(dry >> x & 1) == (around >= 2)
        assert D.ditches_around(mask, x) == around
    assert D.dehydrated_cells(mask | more) & dry == dry
    hydrated = 0b111
    assert D.moors_to_flip(mask | more, hydrated) & D.moors_to_flip(mask, hydrated) == \
        D.moors_to_flip(mask, hydrated)
