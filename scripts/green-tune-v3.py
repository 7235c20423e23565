#!/usr/bin/env python3
"""Build the invented card set ``arle-placeholder-v3`` from ``arle-placeholder-v2``.

Round 4 of the balance work of :mod:`arle.green` (issue 15, ruling P6).  As for v2, the
set is the one before it plus the table of changes below:

    python scripts/green-tune-v3.py                 # writes src/arle/green/data/placeholder-v3.json
    python scripts/green-tune-v3.py --check         # fails if the file differs from the table
    python scripts/green-tune-v3.py --measure 30    # also a quick P6 look

What the round aims at (figures in BENCHMARKS.md, reasons in docs/GREEN.md): the one
design that lifted its owner's win rate by more than 15 points in every greedy run
(B04), the ongoing market bonus (C07), and the designs greedy solo play almost never
built where it saw them (C06, C10, L08).  Names, tags and piles stay those of v1.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("green_tune_v2", _HERE / "green-tune-v2.py")
assert _spec and _spec.loader
v2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(v2)

V3 = v2.DATA / "placeholder-v3.json"
ID = "arle-placeholder-v3"
TITLE = ("Invented placeholder set, balance round 4 (not the cards of any published "
         "game)")
_c, _gain, dump = v2._c, v2._gain, v2.dump

#: Per design: the fields that differ from v2 (``cost``, ``vp``, ``ability``).
LOCATIONS: dict[str, dict[str, Any]] = {
    # B04: a cheap card now (4 coins, was 8): 1 VP a set of the four types (was 2), at
    # most 3, so that it is not only the last buy of a farm that is already winning.
    "b04": {"cost": _c(4), "ability": {"frame": "game_end", "effect": [
        _gain("vp", 1, per={"of": "type_sets"}, cap=3)]}},
    # B02: 1 VP a Livestock, at most 3 (was 4), and a coin cheaper (4 -> 3), for the
    # same reason as B04.
    "b02": {"cost": _c(3), "ability": {"frame": "game_end", "effect": [
        _gain("vp", 1, per={"of": "cards", "type": "livestock"}, cap=3)]}},
    # B05: 1 VP a Silo and 1 VP a Water Tower, at most 2 each (was 1 a Silo, at most 3):
    # the only Game End VP for towers beside F07's.
    "b05": {"ability": {"frame": "game_end", "effect": [
        _gain("vp", 1, per={"of": "cards", "type": "silo"}, cap=2),
        _gain("vp", 1, per={"of": "cards", "type": "water_tower"}, cap=2)]}},
    # C07: the market bonus halved, the card a coin cheaper.
    "c07": {"cost": _c(1), "ability": {"frame": "ongoing", "effect": [
        {"op": "modify", "what": "market_coins", "n": 1}]}},
    # C06, C10: a printed VP each, so that a card built for them is not only a bet.
    "c06": {"vp": 1},
    "c10": {"vp": 1},
    # L08: the dearest Livestock a coin and a Food cheaper.
    "l08": {"cost": _c(4, 0, 1)},
    # L10: a printed VP beside its VP per adjacent Orchard (few Orchards: seldom built).
    "l10": {"vp": 1},
}

#: Per Equipment design: the fields that differ from v2.
TILES: dict[str, dict[str, Any]] = {}


def build() -> dict[str, Any]:
    return v2.apply_table(v2.V2, ID, TITLE, LOCATIONS, TILES)


if __name__ == "__main__":
    sys.exit(v2.run(sys.argv[1:], build, V3, __doc__ or ""))
