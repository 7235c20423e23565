"""The end of the game: each player's score item by item (each building, vehicle, good,
tool, tile...), from the farm sheet of the public API (``State.farm``) scored by
:mod:`arle.scoring`, and the benchmark of the solo game."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from arle.data import catalog as C
from arle.data.tea_trade import TT_BUILDING_NAME, TT_BUILDING_VP
from arle.scoring import (
    CATEGORIES,
    CATEGORY_NAMES,
    NO_LARGE_VEHICLE_VP,
    TT_CATEGORY_NAMES,
    farm_from_dict,
    format_vp,
    score_farm,
)
from arle.state import State

__all__ = ["SOLO_BENCHMARK", "benchmark_text", "breakdown"]

#: The solo score the rulebook calls remarkable.
SOLO_BENCHMARK = 110

Sheet = dict[str, Any]


# Building names, VP and colours in every game, Tea & Trade's tiles included.
_BNAME = {**C.BUILDING_NAME, **TT_BUILDING_NAME}
_BVP = {**C.BUILDING_VP, **TT_BUILDING_VP}


def _name(x: str) -> str:
    return x.replace("_", " ")


def _category(farm: Sheet, cat: str) -> float:
    return score_farm(farm_from_dict(farm)).categories[cat]


def _delta(farm: Sheet, cat: str, change: Callable[[Sheet], None]) -> float:
    """What the part of ``farm`` that ``change`` removes is worth in category ``cat``."""
    other = copy.deepcopy(farm)
    change(other)
    return _category(farm, cat) - _category(other, cat)


def _set(*path: str, value: Any) -> Callable[[Sheet], None]:
    def change(f: Sheet) -> None:
        for key in path[:-1]:
            f = f[key]
        f[path[-1]] = value
    return change


def breakdown(s: State, p: int) -> dict[str, Any]:
    """Player ``p``'s score: per category its VP and the items that make it up
    (``what``, ``vp``); a line for what no single item gives (the start of the tool
    tracks, no large vehicle, the top row of the home board) closes a category."""
    farm = s.farm(p)
    sheet = score_farm(farm_from_dict(farm))
    items: dict[str, list[tuple[str, float]]] = {c: [] for c in CATEGORIES}

    for name, n in farm["supply"].items():
        if n:
            items["clothing_and_materials"].append(
                (f"{n} {_name(name)}", _delta(farm, "clothing_and_materials",
                                              _set("supply", name, value=0))))
    for kind in farm["barn"]:
        items["equipment"].append((_name(kind), float(C.EQUIPMENT_VP.get(kind, 0))))
    if farm["travel"]:
        covered = sum(C.DESTINATION_SIZE.get(d, 1) for d in farm["travel"])
        items["travel"].append((", ".join(d.capitalize() for d in farm["travel"])
                                + f" ({covered} spaces)", sheet.categories["travel"]))
    for t, value in farm["tools"].items():
        if t not in C.TOOLS:            # the Digging Spade scores in a row of its own
            continue
        start = C.TOOL_VALUES[C.TOOLS.index(t)][0]
        if value != start:
            items["tools"].append((f"{_name(t)} at {value}",
                                   _delta(farm, "tools", _set("tools", t, value=start))))
    for g, value in farm["goods"].items():
        if value:
            items["goods_track"].append((f"{_name(g)} at {value}",
                                         _delta(farm, "goods_track",
                                                _set("goods", g, value=0))))
    home = farm["home_board"]
    for b in home["buildings"]:
        items["home_board"].append((_BNAME.get(b, _name(b)),
                                    float(_BVP.get(b, 0))))
    for key in ("stalls", "depots", "stables", "double_stalls", "forests", "parks", "moors",
                "dehydrated_moors"):
        if home[key]:
            what = _name(key) if home[key] != 1 else _name(key)[:-1]
            items["home_board"].append((f"{home[key]} {what}",
                                        _delta(farm, "home_board",
                                               _set("home_board", key, value=0))))
    if home["boardwalk"]:
        items["home_board"].append(("small boardwalk", _delta(
            farm, "home_board", _set("home_board", "boardwalk", value=False))))
    a = farm["animals"]
    if any(a.values()):
        items["animals"].append((", ".join(f"{n} {k}" for k, n in a.items()),
                                 sheet.categories["animals"]))
    if farm["supply_bottlenecks"]:
        items["bottlenecks"].append(("food or fuel missing during the game",
                                     sheet.categories["bottlenecks"]))
    rest = {"equipment": f"no large vehicle ({NO_LARGE_VEHICLE_VP} VP)",
            "tools": "tools at the start of their tracks",
            "home_board": f"top row of the home board ({home['dikes_moved']} dike moves)",
            "goods_track": "the rest of the goods track"}
    cats = []
    for c in CATEGORIES:
        # what is worth nothing is left out, but for what one built
        lines = [(w, vp) for w, vp in items[c]
                 if vp or c in ("equipment", "home_board")]
        left = sheet.categories[c] - sum(vp for _, vp in lines)
        if abs(left) > 1e-9 and c in rest:
            lines.append((rest[c], left))
        cats.append({"key": c, "name": CATEGORY_NAMES[c], "vp": format_vp(sheet.categories[c]),
                     "items": [{"what": w, "vp": format_vp(vp)} for w, vp in lines]})
    for c, vp in sheet.categories.items():      # Tea & Trade's rows, one line each
        if c not in CATEGORIES:
            cats.append({"key": c, "name": TT_CATEGORY_NAMES.get(c, c), "vp": format_vp(vp),
                         "items": []})
    return {"player": p, "total": format_vp(sheet.total), "categories": cats}


def benchmark_text(total: float) -> str:
    """The solo benchmark line under the final score."""
    if total >= SOLO_BENCHMARK:
        return (f"Solo benchmark: {SOLO_BENCHMARK} VP counts as a remarkable score, and "
                f"you reached it with {format_vp(total)} VP.")
    return (f"Solo benchmark: {SOLO_BENCHMARK} VP counts as a remarkable score; you are "
            f"{format_vp(SOLO_BENCHMARK - total)} VP short of it.")
