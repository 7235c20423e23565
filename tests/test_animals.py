"""Tests for arle.animals: housing capacity, arrangements and breeding."""

from __future__ import annotations

import itertools
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from hyp import examples

from arle.animals import (
    ANIMAL_NAMES,
    CATTLE,
    HORSE,
    SHEEP,
    Arrangement,
    Enclosures,
    arrange,
    breeding_options,
    fits,
    min_overflow,
)

Counts = tuple[int, int, int]

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------
# Brute-force references (deliberately naive and independent of the module)
# ---------------------------------------------------------------------------


def ref_min_overflow(counts: Counts, enc: Enclosures) -> int:
    """Try every assignment of every single enclosure to a type or to nothing."""
    caps = [2] * enc.pastures + [3] * enc.stalls + [6] * enc.stables
    best = None
    for owners in itertools.product(range(4), repeat=len(caps)):  # 3 = unused
        cap = [0, 0, 0, 0]
        for owner, size in zip(owners, caps):
            cap[owner] += size
        over = sum(max(0, counts[t] - cap[t]) for t in range(3))
        best = over if best is None else min(best, over)
    assert best is not None
    return best


def ref_min_overflow_dp(counts: Counts, enc: Enclosures) -> int:
    """Exhaustive over how many pastures / stalls / stables each type gets (for larger inputs)."""

    @lru_cache(maxsize=None)
    def best(t: int, pastures: int, stalls: int, stables: int) -> int:
        if t == 3:
            return 0
        return min(
            max(0, counts[t] - 2 * p - 3 * s - 6 * u) + best(t + 1, pastures - p, stalls - s, stables - u)
            for p in range(pastures + 1)
            for s in range(stalls + 1)
            for u in range(stables + 1)
        )

    return best(0, enc.pastures, enc.stalls, enc.stables)


def ref_fits(counts: Counts, enc: Enclosures) -> bool:
    return ref_min_overflow(counts, enc) <= enc.mixed


@lru_cache(maxsize=None)
def _ref_fits_cached(counts: Counts, pastures: int, mixed: int) -> bool:
    return ref_fits(counts, Enclosures(pastures=pastures, mixed=mixed))


STALL_BIRTHS_REF = {0: 0, 1: 0, 2: 1, 3: 0}
STABLE_BIRTHS_REF = {0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 1, 6: 0}


def ref_pareto(vectors: set[Counts]) -> list[Counts]:
    def dominates(a: Counts, b: Counts) -> bool:
        return a != b and all(x >= y for x, y in zip(a, b))

    return sorted((v for v in vectors if not any(dominates(w, v) for w in vectors)), reverse=True)


def ref_breeding(counts: Counts, enc: Enclosures) -> list[Counts]:
    """Enumerate the contents of every stall and stable; pastures/mixed take the rest."""
    stall_contents = [None] + [(t, k) for t in range(3) for k in range(1, 4)]
    stable_contents = [None] + [(t, k) for t in range(3) for k in range(1, 7)]
    outcomes: set[Counts] = set()
    for stalls in itertools.product(stall_contents, repeat=enc.stalls):
        for stables in itertools.product(stable_contents, repeat=enc.stables):
            rest = list(counts)
            born = [0, 0, 0]
            for content, table in [(x, STALL_BIRTHS_REF) for x in stalls] + [
                (x, STABLE_BIRTHS_REF) for x in stables
            ]:
                if content is None:
                    continue
                t, k = content
                rest[t] -= k
                born[t] += table[k]
            if min(rest) < 0:
                continue
            if _ref_fits_cached((rest[0], rest[1], rest[2]), enc.pastures, enc.mixed):
                outcomes.add((born[0], born[1], born[2]))
    return ref_pareto(outcomes)


# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------

small_counts = st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7))
small_enclosures = st.builds(
    Enclosures,
    pastures=st.integers(0, 3),
    stalls=st.integers(0, 2),
    stables=st.integers(0, 1),
    mixed=st.integers(0, 4),
)
medium_counts = st.tuples(st.integers(0, 25), st.integers(0, 25), st.integers(0, 25))
medium_enclosures = st.builds(
    Enclosures,
    pastures=st.integers(0, 12),
    stalls=st.integers(0, 8),
    stables=st.integers(0, 3),
    mixed=st.integers(0, 10),
)


# ---------------------------------------------------------------------------
# Constants and construction
# ---------------------------------------------------------------------------


def test_constants() -> None:
    assert (SHEEP, CATTLE, HORSE) == (0, 1, 2)
    assert ANIMAL_NAMES == ("sheep", "cattle", "horse")


def test_enclosures_defaults_and_validation() -> None:
    assert Enclosures() == Enclosures(0, 0, 0, 0)
    with pytest.raises(ValueError):
        Enclosures(pastures=-1)
    with pytest.raises(ValueError):
        Enclosures(mixed=-1)


def test_negative_counts_rejected() -> None:
    with pytest.raises(ValueError):
        fits((-1, 0, 0), Enclosures(pastures=1))


# ---------------------------------------------------------------------------
# Capacity: hand examples
# ---------------------------------------------------------------------------


def test_empty_farm() -> None:
    assert fits((0, 0, 0), Enclosures())
    assert not fits((1, 0, 0), Enclosures())
    assert min_overflow((1, 2, 3), Enclosures()) == 6


def test_pasture_holds_two() -> None:
    assert fits((2, 0, 0), Enclosures(pastures=1))
    assert not fits((3, 0, 0), Enclosures(pastures=1))
    assert min_overflow((3, 0, 0), Enclosures(pastures=1)) == 1


def test_pasture_is_single_type() -> None:
    assert not fits((1, 1, 0), Enclosures(pastures=1))
    assert fits((1, 1, 0), Enclosures(pastures=2))
    assert not fits((1, 1, 1), Enclosures(pastures=1, mixed=1))
    assert fits((1, 1, 1), Enclosures(pastures=3))
    # pairs matter: 3 pastures hold 2+2+2 sheep but not 1+1+1+1 of mixed pairs
    assert fits((6, 0, 0), Enclosures(pastures=3))
    assert not fits((3, 3, 0), Enclosures(pastures=3))
    assert min_overflow((3, 3, 0), Enclosures(pastures=3)) == 1


def test_mixed_takes_overflow_of_any_type() -> None:
    assert fits((3, 0, 0), Enclosures(pastures=1, mixed=1))
    assert fits((1, 1, 1), Enclosures(mixed=3))
    assert not fits((1, 1, 1), Enclosures(mixed=2))
    assert fits((3, 1, 1), Enclosures(pastures=1, mixed=3))
    assert not fits((3, 1, 1), Enclosures(pastures=1, mixed=2))


def test_stall_holds_three_of_one_type() -> None:
    assert fits((3, 0, 0), Enclosures(stalls=1))
    assert not fits((4, 0, 0), Enclosures(stalls=1))
    assert not fits((2, 1, 0), Enclosures(stalls=1))
    assert fits((2, 1, 0), Enclosures(stalls=1, mixed=1))
    assert fits((6, 0, 0), Enclosures(stalls=2))  # a double stall


def test_stable_holds_six_of_one_type() -> None:
    assert fits((0, 0, 6), Enclosures(stables=1))
    assert not fits((0, 0, 7), Enclosures(stables=1))
    assert not fits((3, 3, 0), Enclosures(stables=1))
    assert fits((3, 3, 0), Enclosures(stables=1, stalls=1))
    assert min_overflow((3, 3, 3), Enclosures(stables=1)) == 6
    assert fits((0, 0, 7), Enclosures(stables=2))
    assert fits((7, 0, 12), Enclosures(stables=3, stalls=1))
    assert not fits((7, 0, 12), Enclosures(stables=3))


def test_mixed_enclosure_combination() -> None:
    enc = Enclosures(pastures=2, stalls=2, stables=1, mixed=2)
    # capacity 4 + 6 + 6 + 2 = 18
    assert fits((6, 6, 6), enc)
    assert not fits((7, 6, 6), enc)
    assert fits((10, 3, 5), enc)  # stable 6 + pasture 4 sheep, stall 3 cattle, stall 3 + mixed 2 horses
    assert min_overflow((10, 3, 5), enc) == 2


# ---------------------------------------------------------------------------
# Capacity: properties
# ---------------------------------------------------------------------------


@SETTINGS
@given(small_counts, small_enclosures)
def test_min_overflow_matches_brute_force(counts: Counts, enc: Enclosures) -> None:
    assert min_overflow(counts, enc) == ref_min_overflow(counts, enc)
    assert fits(counts, enc) == ref_fits(counts, enc)


@settings(SETTINGS, max_examples=examples(60))
@given(
    st.tuples(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20)),
    st.builds(
        Enclosures,
        pastures=st.integers(0, 6),
        stalls=st.integers(0, 5),
        stables=st.integers(0, 3),
        mixed=st.integers(0, 6),
    ),
)
def test_min_overflow_matches_per_type_reference(counts: Counts, enc: Enclosures) -> None:
    assert min_overflow(counts, enc) == ref_min_overflow_dp(counts, enc)


@SETTINGS
@given(medium_counts, medium_enclosures, st.sampled_from([SHEEP, CATTLE, HORSE]))
def test_fits_monotone_in_animals(counts: Counts, enc: Enclosures, t: int) -> None:
    if fits(counts, enc) and counts[t] > 0:
        fewer = list(counts)
        fewer[t] -= 1
        assert fits((fewer[0], fewer[1], fewer[2]), enc)
    more = list(counts)
    more[t] += 1
    assert min_overflow((more[0], more[1], more[2]), enc) >= min_overflow(counts, enc)


@SETTINGS
@given(medium_counts, medium_enclosures, st.sampled_from(["pastures", "stalls", "stables", "mixed"]))
def test_fits_monotone_in_enclosures(counts: Counts, enc: Enclosures, kind: str) -> None:
    sizes = {
        "pastures": enc.pastures,
        "stalls": enc.stalls,
        "stables": enc.stables,
        "mixed": enc.mixed,
    }
    sizes[kind] += 1
    bigger = Enclosures(**sizes)
    if fits(counts, enc):
        assert fits(counts, bigger)
    assert min_overflow(counts, bigger) <= min_overflow(counts, enc)


@SETTINGS
@given(medium_counts, medium_enclosures)
def test_fits_within_total_capacity(counts: Counts, enc: Enclosures) -> None:
    total_cap = 2 * enc.pastures + 3 * enc.stalls + 6 * enc.stables + enc.mixed
    if fits(counts, enc):
        assert sum(counts) <= total_cap
    assert min_overflow(counts, enc) >= sum(counts) - (total_cap - enc.mixed)


# ---------------------------------------------------------------------------
# Arrangements
# ---------------------------------------------------------------------------


def check_arrangement(arr: Arrangement, counts: Counts, enc: Enclosures) -> None:
    assert len(arr.pastures) == enc.pastures
    assert len(arr.stalls) == enc.stalls
    assert len(arr.stables) == enc.stables
    for slots, cap in ((arr.pastures, 2), (arr.stalls, 3), (arr.stables, 6)):
        for slot in slots:
            if slot is not None:
                t, n = slot
                assert t in (SHEEP, CATTLE, HORSE)
                assert 1 <= n <= cap
    assert min(arr.mixed) >= 0
    assert sum(arr.mixed) <= enc.mixed
    assert arr.totals() == counts


@SETTINGS
@given(medium_counts, medium_enclosures)
def test_arrange_exactly_when_fits(counts: Counts, enc: Enclosures) -> None:
    arr = arrange(counts, enc)
    if fits(counts, enc):
        assert arr is not None
        check_arrangement(arr, counts, enc)
        assert isinstance(arr.describe(), str)
    else:
        assert arr is None


def test_arrange_examples() -> None:
    assert arrange((3, 0, 0), Enclosures(pastures=1)) is None
    arr = arrange((3, 1, 0), Enclosures(pastures=2, mixed=1))
    assert arr is not None
    check_arrangement(arr, (3, 1, 0), Enclosures(pastures=2, mixed=1))
    empty = arrange((0, 0, 0), Enclosures(pastures=1, stalls=1, stables=1))
    assert empty == Arrangement(pastures=(None,), stalls=(None,), stables=(None,), mixed=(0, 0, 0))
    assert empty.describe().startswith("pastures: -")
    assert Arrangement((), (), (), (0, 0, 0)).describe() == "no animals"


def test_arrangement_births() -> None:
    arr = Arrangement(
        pastures=((SHEEP, 2),),
        stalls=((SHEEP, 2), (CATTLE, 3), None),
        stables=((HORSE, 4), (CATTLE, 5), (SHEEP, 6)),
        mixed=(1, 1, 0),
    )
    assert arr.births() == (1, 1, 2)
    assert arr.totals() == (11, 9, 4)
    assert "mixed: 1 sheep, 1 cattle" in arr.describe()


# ---------------------------------------------------------------------------
# Breeding: hand examples
# ---------------------------------------------------------------------------


def test_breeding_stall_pair() -> None:
    assert breeding_options((2, 0, 0), Enclosures(stalls=1)) == [(1, 0, 0)]
    assert breeding_options((0, 0, 2), Enclosures(stalls=1)) == [(0, 0, 1)]


def test_breeding_single_stall_choice() -> None:
    opts = breeding_options((2, 2, 0), Enclosures(stalls=1, mixed=2))
    assert opts == [(1, 0, 0), (0, 1, 0)]


def test_breeding_full_stall_does_not_breed() -> None:
    # 3 sheep in one stall do not breed; taking one out needs somewhere to put it
    assert breeding_options((3, 0, 0), Enclosures(stalls=1)) == [(0, 0, 0)]
    assert breeding_options((3, 0, 0), Enclosures(stalls=1, mixed=1)) == [(1, 0, 0)]
    assert breeding_options((3, 0, 0), Enclosures(stalls=1, pastures=1)) == [(1, 0, 0)]


def test_breeding_lone_animal_does_not_breed() -> None:
    assert breeding_options((1, 1, 1), Enclosures(stalls=3, stables=3)) == [(0, 0, 0)]


def test_breeding_stable_counts() -> None:
    enc = Enclosures(stables=1)
    assert breeding_options((2, 0, 0), enc) == [(1, 0, 0)]
    assert breeding_options((3, 0, 0), enc) == [(1, 0, 0)]
    assert breeding_options((4, 0, 0), enc) == [(2, 0, 0)]
    assert breeding_options((5, 0, 0), enc) == [(1, 0, 0)]
    assert breeding_options((6, 0, 0), enc) == [(0, 0, 0)]
    # with one spare place, 5 animals can be split 4 + 1 for two newborns
    assert breeding_options((5, 0, 0), Enclosures(stables=1, mixed=1)) == [(2, 0, 0)]
    assert breeding_options((6, 0, 0), Enclosures(stables=1, mixed=1)) == [(1, 0, 0)]


def test_breeding_double_stall() -> None:
    assert breeding_options((4, 0, 0), Enclosures(stalls=2)) == [(2, 0, 0)]
    assert breeding_options((5, 0, 0), Enclosures(stalls=2)) == [(1, 0, 0)]


def test_pastures_and_mixed_never_breed() -> None:
    assert breeding_options((2, 2, 2), Enclosures(pastures=3)) == [(0, 0, 0)]
    assert breeding_options((2, 2, 2), Enclosures(mixed=6)) == [(0, 0, 0)]
    assert breeding_options((4, 0, 0), Enclosures(pastures=5, mixed=10)) == [(0, 0, 0)]


def test_no_enclosures_no_animals() -> None:
    assert breeding_options((0, 0, 0), Enclosures()) == [(0, 0, 0)]
    assert breeding_options((0, 0, 0), Enclosures(stalls=2, stables=1)) == [(0, 0, 0)]


def test_breeding_requires_fitting_animals() -> None:
    with pytest.raises(ValueError):
        breeding_options((3, 0, 0), Enclosures(pastures=1))


def test_breeding_stable_and_stalls_tradeoff() -> None:
    # 1 stable + 1 stall, 4 sheep + 2 cattle: sheep 4 in stable (+2) and cattle pair
    # in the stall (+1) is best for everyone.
    enc = Enclosures(stalls=1, stables=1)
    assert breeding_options((4, 2, 0), enc) == [(2, 1, 0)]
    # 2 sheep + 2 cattle + 2 horses, 2 stalls, 2 mixed places: pick any two types
    opts = breeding_options((2, 2, 2), Enclosures(stalls=2, mixed=2))
    assert opts == [(1, 1, 0), (1, 0, 1), (0, 1, 1)]


def test_breeding_options_returns_fresh_list() -> None:
    enc = Enclosures(stalls=1)
    first = breeding_options((2, 0, 0), enc)
    first.append((9, 9, 9))
    assert breeding_options((2, 0, 0), enc) == [(1, 0, 0)]


# ---------------------------------------------------------------------------
# Breeding: properties
# ---------------------------------------------------------------------------

breeding_counts = st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6))
breeding_enclosures = st.builds(
    Enclosures,
    pastures=st.integers(0, 2),
    stalls=st.integers(0, 3),
    stables=st.integers(0, 2),
    mixed=st.integers(0, 3),
)


@settings(SETTINGS, max_examples=examples(60))
@given(breeding_counts, breeding_enclosures)
def test_breeding_matches_brute_force(counts: Counts, enc: Enclosures) -> None:
    assume(10**enc.stalls * 19**enc.stables <= 2000)
    assume(fits(counts, enc))
    assert breeding_options(counts, enc) == ref_breeding(counts, enc)


@SETTINGS
@given(medium_counts, medium_enclosures)
def test_breeding_options_shape_and_fit(counts: Counts, enc: Enclosures) -> None:
    assume(fits(counts, enc))
    opts = breeding_options(counts, enc)
    assert opts
    assert opts == sorted(set(opts), reverse=True)
    for a in opts:
        assert min(a) >= 0
        # newborns stay with their parents: the grown herd still fits
        grown = (counts[0] + a[0], counts[1] + a[1], counts[2] + a[2])
        assert fits(grown, enc)
        # births are bounded by the breeding enclosures
        assert sum(a) <= enc.stalls + 2 * enc.stables
        for b in opts:
            if a != b:
                assert not all(x >= y for x, y in zip(a, b))
    if enc.stalls == 0 and enc.stables == 0:
        assert opts == [(0, 0, 0)]
