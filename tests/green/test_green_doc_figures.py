"""docs/GREEN.md's figures, computed from the shipped card sets and interfaces (issue 31:
the text gave v2's and v3's median card cost as 3, the sets' is 2.5)."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

import arle.green as G
from arle.green import infostate as I
from green_util import V2, V3

DOC = (Path(__file__).resolve().parents[2] / "docs" / "GREEN.md").read_text()
TEXT = " ".join(DOC.split())                    # line breaks do not matter


def _num(x: float) -> str:
    return f"{x:g}"


@pytest.mark.parametrize("path,name", [(V2, "v2"), (V3, "v3")])
def test_the_card_costs_given_are_the_sets(path: str, name: str) -> None:
    cs = G.load_cards(path)
    costs = [d.coins for d in cs.designs.values()]
    lo, hi, med = min(costs), max(costs), statistics.median(costs)
    below = sum(1 for c in costs if c < 3)
    said = f"{name}'s costs are {lo}-{hi} with the median {_num(med)}"
    assert said in TEXT
    i = TEXT.index(said)
    assert f"{below} designs below 3" in TEXT[i:i + 160]


def test_the_interface_sizes_given_are_the_sets() -> None:
    for path in (V2, V3, None):
        cs = G.load_cards(path) if path else G.load_cards()
        lay = I.layout(cs)
        assert f"`.info_size`: {lay.obs_size:,} and {lay.info_size:,}" in TEXT
        assert f"a `GreenCatalog` of {len(I.catalog_for(cs)):,} action texts" in TEXT
        assert f"{len(cs.designs)} designs and {len(cs.tile_order)} tiles" in TEXT
        n = I.open_choices(cs)
        assert f"k < `open_choices(cs)` = {n:,}" in TEXT
        assert f"the most Water one payment or gain of the set moves, {I._water_most(cs)}, " \
            f"over its {cs.tower_count} Water Towers" in TEXT
    assert f"the {len(I.CELLS):,} cells at most `REACH` = {I.REACH} steps" in TEXT
