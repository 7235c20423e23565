#!/usr/bin/env python3
"""Build the invented card set ``arle-placeholder-v2`` from ``arle-placeholder-v1``.

Round 3 of the balance work of :mod:`arle.green` (issue 15, ruling P6).  The set is
written as v1 plus the table of changes below, so every change is visible in one place
and the file can be rebuilt:

    python scripts/green-tune-v2.py                 # writes src/arle/green/data/placeholder-v2.json
    python scripts/green-tune-v2.py --check         # fails if the file differs from the table
    python scripts/green-tune-v2.py --measure 30    # also a quick P6 look (greedy 2p, random 2p/4p)

The direction of the changes (figures in BENCHMARKS.md, reasons in docs/GREEN.md):
cheaper Locations (more Builds, fewer trips to the market), fewer printed VP and smaller
Game End caps, and more VP from Harvests (Livestock turning Food into VP tokens, Fields
with a VP on their best harvest), so that the score comes more from playing the farm than
from what is printed on it.  Names, tags and piles stay those of v1 (all invented for
this project); only numbers and a few effects change.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "arle" / "green" / "data"
V1 = DATA / "placeholder-v1.json"
V2 = DATA / "placeholder-v2.json"

ID = "arle-placeholder-v2"
TITLE = ("Invented placeholder set, balance round 3 (not the cards of any published "
         "game)")


def _c(coins: int = 0, water: int = 0, food: int = 0) -> dict[str, int]:
    return {"coins": coins, "water": water, "food": food}


def _gain(res: str, n: int, **kw: Any) -> dict[str, Any]:
    return {"op": "gain", "res": res, "n": n, **kw}


def _harvest(costs: list[dict[str, int]], *effect: dict[str, Any]) -> dict[str, Any]:
    return {"frame": "harvest", "harvest_cost": costs, "effect": list(effect)}


#: Per design: the fields that differ from v1 (``cost``, ``vp``, ``ability``).
LOCATIONS: dict[str, dict[str, Any]] = {
    # Fields: cheaper; the dearer ones add a VP to their harvest.
    "f01": {"cost": _c(0)},
    "f02": {"cost": _c(2, 1), "vp": 0,
            "ability": _harvest([{"water": 2}], _gain("food", 3), _gain("vp", 1))},
    "f03": {"cost": _c(3), "vp": 0,
            "ability": _harvest([{"water": 2}, {"coins": 2}], _gain("food", 3),
                                _gain("vp", 1))},
    "f04": {"cost": _c(4), "vp": 0},
    "f05": {"cost": _c(2), "vp": 0, "ability": _harvest([], _gain("food", 1), _gain("vp", 1))},
    "f06": {"vp": 0, "ability": {"frame": "immediate", "effect": [
        _gain("vp", 1, per={"of": "cards", "type": "field", "near": "adjacent"}, cap=3)]}},
    "f07": {"cost": _c(2)},
    "f08": {"cost": _c(1), "vp": 1},
    "f09": {"cost": _c(2, 2), "vp": 1},
    "f11": {"cost": _c(4), "vp": 1,
            "ability": _harvest([{"water": 2}], _gain("food", 4), _gain("vp", 1))},
    # Livestock: cheaper, and each turns Food into VP tokens as well as coins.
    "l01": {"ability": _harvest([{"food": 1}], _gain("coins", 3), _gain("vp", 1))},
    "l02": {"cost": _c(2), "vp": 0},
    "l03": {"cost": _c(4, 0, 1), "vp": 0,
            "ability": _harvest([{"food": 2}], _gain("coins", 4), _gain("vp", 1))},
    "l04": {"cost": _c(3),
            "ability": _harvest([{"food": 1}, {"water": 2}], _gain("coins", 3),
                                _gain("vp", 1))},
    "l05": {"cost": _c(1), "vp": 1},
    "l06": {"cost": _c(2)},
    "l07": {"cost": _c(2)},
    "l08": {"cost": _c(5, 0, 2), "vp": 1,
            "ability": _harvest([{"food": 2}], _gain("coins", 3), _gain("vp", 3))},
    "l09": {"cost": _c(3)},
    "l11": {"cost": _c(2), "vp": 0,
            "ability": _harvest([{"water": 1}], _gain("coins", 2), _gain("vp", 1))},
    # Constructions: cheaper (their Immediate gains are small).
    "c01": {"cost": _c(2), "vp": 1},
    "c02": {"cost": _c(1), "vp": 1},
    "c03": {"cost": _c(1), "vp": 1},
    "c04": {"ability": {"frame": "immediate", "effect": [
        _gain("vp", 1, per={"of": "cards", "near": "adjacent"}, cap=3)]}},
    "c05": {"cost": _c(4)},
    "c06": {"cost": _c(1)},
    "c07": {"cost": _c(2), "vp": 1},
    "c08": {"cost": _c(3), "vp": 2},
    "c09": {"cost": _c(2), "ability": _harvest([{"coins": 1}], _gain("food", 2),
                                               _gain("vp", 1))},
    "c10": {"cost": _c(2)},
    "c11": {"cost": _c(3, 1)},
    # Buildings: fewer printed VP, smaller Game End caps, one more harvesting Building.
    "b01": {"cost": _c(5), "vp": 4},
    "b02": {"cost": _c(4), "vp": 0,
            "ability": {"frame": "game_end", "effect": [
                _gain("vp", 1, per={"of": "cards", "type": "livestock"}, cap=4)]}},
    "b03": {"cost": _c(4), "vp": 0,
            "ability": {"frame": "game_end", "effect": [
                _gain("vp", 1, per={"of": "cards", "type": "silo"}, cap=4)]}},
    "b04": {"cost": _c(8), "vp": 0,
            "ability": {"frame": "game_end", "effect": [
                _gain("vp", 2, per={"of": "type_sets"})]}},
    "b05": {"vp": 1, "ability": {"frame": "game_end", "effect": [
        _gain("vp", 1, per={"of": "cards", "type": "silo"}, cap=3)]}},
    "b06": {"cost": _c(3)},
    "b07": {"cost": _c(6, 0, 2), "vp": 4},
    "b08": {"cost": _c(4), "vp": 2},
    "b09": {"cost": _c(4, 0, 1), "vp": 0,
            "ability": _harvest([{"food": 2}], _gain("vp", 4))},
    "b11": {"cost": _c(3), "vp": 2},
}

#: Per Equipment design: the fields that differ from v1.
TILES: dict[str, dict[str, Any]] = {
    "e06": {"effect": [_gain("vp", 1)]},
}


def apply_table(base: Path, set_id: str, title: str, locations: dict[str, dict[str, Any]],
                tiles: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The set in ``base`` with a new id and title and the changes of the two tables."""
    data: dict[str, Any] = json.loads(base.read_text(encoding="utf-8"))
    out: dict[str, Any] = copy.deepcopy(data)
    out["id"], out["title"] = set_id, title
    seen = set()
    for loc in out["locations"]:
        for k, v in locations.get(loc["id"], {}).items():
            if k not in ("cost", "vp", "ability"):
                raise SystemExit(f"{loc['id']}: only cost, vp and ability change ({k})")
            loc[k] = copy.deepcopy(v)
        seen.add(loc["id"])
    for t in out["equipment"]:
        for k, v in tiles.get(t["id"], {}).items():
            t[k] = copy.deepcopy(v)
        seen.add(t["id"])
    unknown = (set(locations) | set(tiles)) - seen
    if unknown:
        raise SystemExit(f"changes for unknown designs: {sorted(unknown)}")
    return out


def build() -> dict[str, Any]:
    return apply_table(V1, ID, TITLE, LOCATIONS, TILES)


def dump(data: dict[str, Any]) -> str:
    """The layout of the shipped files: one design a line."""
    head = {k: v for k, v in data.items() if k not in ("locations", "equipment")}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
    for key in ("locations", "equipment"):
        lines.append(f'  "{key}": [')
        rows = [f"    {json.dumps(x)}" for x in data[key]]
        lines.append(",\n".join(rows))
        lines.append("  ]," if key == "locations" else "  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    return run(argv, build, V2, __doc__ or "")


def run(argv: list[str] | None, make: Callable[[], dict[str, Any]], target: Path,
        doc: str) -> int:
    """The command line of a tuning script that builds ``target`` with ``make``."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help=f"do not write; fail if the shipped {target.name} differs from the table")
    ap.add_argument("--measure", type=int, default=0, metavar="GAMES",
                    help="after writing, a quick P6 look with this many greedy games")
    ap.add_argument("--out", default=str(target))
    a = ap.parse_args(argv)
    text = dump(make())
    sys.path.insert(0, str(ROOT / "src"))
    from arle.green.cards import parse_cards
    parse_cards(json.loads(text), a.out)            # the loader's validation
    if a.check:
        same = Path(a.out).read_text(encoding="utf-8") == text
        name = Path(a.out).name
        print(f"{name} matches the table" if same else
              f"{name} differs from the table: rebuild it")
        return 0 if same else 1
    Path(a.out).write_text(text, encoding="utf-8")
    print(f"wrote {a.out}")
    if a.measure:
        from arle.green.balance import measure
        keys = ("score_mean", "farm_mean", "act_share", "end_plus_printed_share",
                "open_area_games", "first_player_win_rate",
                "designs_built_below_2pct_where_seen", "designs_lift_over_15_points")
        for n, games, bot in ((2, 300, "random"), (4, 300, "random"),
                              (2, a.measure, "green-greedy")):
            r = measure(n, games, bot, cards=a.out)
            print(json.dumps({"players": n, "bot": bot, **{k: r[k] for k in keys}}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
