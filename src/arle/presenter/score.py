"""The score item by item, for every face (issue 32): each category of the scoring
pad with the items that make it up (each building, vehicle, good, tool, tile...), read
from the public farm sheet (``State.farm``) with the catalog's figures; the items of a
category add up to its total in ``State.scores()``.

>>> import arle
>>> s = arle.new_game(players=1, seed=1)
>>> b = breakdown(s, 0)
>>> b.total == s.scores()[0].total, [c.key for c in b.categories][:2]
(True, ['clothing_and_materials', 'equipment'])
>>> b.category("equipment").items
(ScoreItem(what='no large vehicle', vp=-3.0),)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.presenter.names import (SOLO_BENCHMARK, building_name, building_vp,
                                  destination_name, equipment_name, fmt_vp, resource_name,
                                  ship_name)
from arle.scoring import (CATEGORIES, CATEGORY_NAMES, NO_LARGE_VEHICLE_VP, TT_CATEGORY_NAMES,
                          best_food_split, farm_from_dict, tool_track_name)
from arle.state import State

__all__ = ["ScoreBreakdown", "ScoreCategory", "ScoreItem", "benchmark_text", "breakdown",
           "category_name"]


class ScoreItem(NamedTuple):
    """One line of a category: what scores, and its VP."""

    what: str
    vp: float


class ScoreCategory(NamedTuple):
    """A row of the scoring pad: its key (``State.scores()``'s), printed name, VP and
    items (adding up to ``vp``)."""

    key: str
    name: str
    vp: float
    items: tuple[ScoreItem, ...]


class ScoreBreakdown(NamedTuple):
    """Player ``player``'s score: the total and every category, in the pad's order."""

    player: int
    total: float
    categories: tuple[ScoreCategory, ...]

    def category(self, key: str) -> ScoreCategory:
        return next(c for c in self.categories if c.key == key)

    def to_json(self) -> dict[str, Any]:
        """As the web's ``breakdown`` lists it (VP as printed)."""
        return {"player": self.player, "total": fmt_vp(self.total),
                "categories": [{"key": c.key, "name": c.name, "vp": fmt_vp(c.vp),
                                "items": [{"what": i.what, "vp": fmt_vp(i.vp)}
                                          for i in c.items]}
                               for c in self.categories]}


def category_name(key: str) -> str:
    """A scoring-pad row's printed name (the expansion's rows too)."""
    return CATEGORY_NAMES.get(key) or TT_CATEGORY_NAMES.get(key) or key.replace("_", " ")


def _n(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _items(s: State, p: int) -> dict[str, list[ScoreItem]]:
    farm = farm_from_dict(s.farm(p))
    out: dict[str, list[ScoreItem]] = {key: [] for key in CATEGORIES}

    def add(key: str, what: str, vp: float) -> None:
        out.setdefault(key, []).append(ScoreItem(what, float(vp)))

    for name, count in farm.supply.items():
        if name not in C.RES_INDEX:     # Tea & Trade's own goods score in their rows
            continue
        vp = float(C.RESOURCE_VP.get(C.RES_INDEX[name], 0))
        if count and vp:
            add("clothing_and_materials", f"{count} {resource_name(name)} × {fmt_vp(vp)}",
                count * vp)
    for item in farm.barn:
        add("equipment", equipment_name(item), C.EQUIPMENT_VP[item])
    if not any(item in C.LARGE for item in farm.barn):
        add("equipment", "no large vehicle", NO_LARGE_VEHICLE_VP)
    covered = sum(C.DESTINATION_SIZE[d] for d in farm.travel)
    where = ", ".join(destination_name(d) for d in farm.travel) or "no travel"
    add("travel", f"{_n(covered, 'space')} covered ({where})", C.TRAVEL_VP[covered])
    for i, track in enumerate(C.TOOLS):
        value = farm.tools.get(track, C.TOOL_VALUES[i][0])
        add("tools", f"{tool_track_name(track)} at {value}", C.TOOL_VP[i].get(value, 0))
    base = 0.0
    for name, value in farm.goods.items():
        if name == "food":
            first, second = best_food_split(value)
            vp = float(C.GOODS_TRACK_VP[first] + C.GOODS_TRACK_VP[second])
            add("goods_track", f"Food {value} (indicators {first} + {second})", vp)
        else:
            vp = float(C.GOODS_TRACK_VP[value])
            add("goods_track", f"{resource_name(name)} {value}", vp)
        base += vp
    if farm.depots > 0:
        add("goods_track", "doubled by your depot", base)
    for b in farm.buildings:
        add("home_board", building_name(b), building_vp(b))
    for count, word, vp in ((farm.stalls, "stall", C.TILE_VP["stall"]),
                            (farm.depots, "depot", C.TILE_VP["depot"]),
                            (farm.stables, "stable", C.TILE_VP["stable"]),
                            (farm.double_stalls, "double stall", C.TILE_VP["double_stall"]),
                            (farm.forests, "forest", C.TILE_VP["forest"]),
                            (farm.parks, "park", C.TILE_VP["park"]),
                            (farm.moors, "moor", C.MOOR_VP),
                            (farm.dehydrated_moors, "dehydrated moor", C.DEHYDRATED_MOOR_VP)):
        if count:
            add("home_board", f"{_n(count, word)} × {vp}", count * vp)
    top_marks = C.DIKE_SEQUENCE[C.MAX_DIKE_MOVES][3]
    open_marks = top_marks - C.DIKE_SEQUENCE[farm.dikes_moved][3]
    if open_marks:
        add("home_board", f"top row of the home board: {_n(open_marks, 'dike mark')} "
            "uncovered", -open_marks)
    if farm.boardwalk:
        add("home_board", "Small Boardwalk left", C.BOARDWALK_VP)
    groups = sorted((farm.animals.get(k, 0), k) for k in ("sheep", "cattle", "horses"))

    def herd(n: int, k: str) -> str:
        return f"{n} {'horse' if k == 'horses' and n == 1 else k}"

    (n0, k0), (n1, k1), (n2, k2) = groups
    add("animals", f"fewest: {herd(n0, k0)} × 2", 2 * n0)
    add("animals", f"middle: {herd(n1, k1)} × 1", n1)
    add("animals", f"most: {herd(n2, k2)} × 0", 0)
    if farm.supply_bottlenecks:
        add("bottlenecks", "supply bottlenecks in the game", farm.supply_bottlenecks)
    if farm.expansion:                  # Tea & Trade's rows, item by item
        out["tea"] = [ScoreItem(f"{count} {resource_name(r)} × "
                                f"{fmt_vp(TT.TEA_VP[TT.TT_RES_INDEX[r]])}",
                                count * TT.TEA_VP[TT.TT_RES_INDEX[r]])
                      for r in ("tea", "east_frisian_tea") if (count := farm.supply.get(r, 0))]
        out["ships"] = [ScoreItem(ship_name(ship), float(TT.SHIPS[ship].vp))
                        for ship in farm.harbor]
        value = farm.tools.get(TT.DIGGING_SPADES, TT.DIGGING_SPADE_VALUES[0])
        out["digging_spades"] = [ScoreItem(f"Digging Spades at {value}",
                                           float(TT.DIGGING_SPADE_VP.get(value, 0)))]
    return out


def breakdown(s: State, p: int) -> ScoreBreakdown:
    """Player ``p``'s score, category by category in the pad's order (the expansion's
    rows after the base game's eight), each with its items; a row without items of its
    own gets one line saying so when it is worth anything."""
    sheet = s.scores()[p]
    items = _items(s, p)
    cats = []
    for key, vp in sheet.categories.items():
        lines = items.get(key)
        if lines is None:
            lines = [ScoreItem(category_name(key), vp)] if vp else []
        cats.append(ScoreCategory(key, category_name(key), vp, tuple(lines)))
    return ScoreBreakdown(p, sheet.total, tuple(cats))


def benchmark_text(total: float) -> str:
    """The solo benchmark line under a solo game's final score."""
    if total >= SOLO_BENCHMARK:
        return (f"Solo benchmark: {SOLO_BENCHMARK} VP counts as a remarkable score, and "
                f"you reached it with {fmt_vp(total)} VP.")
    return (f"Solo benchmark: {SOLO_BENCHMARK} VP counts as a remarkable score; you are "
            f"{fmt_vp(SOLO_BENCHMARK - total)} VP short of it.")
