"""Questions about a seat's farm in :mod:`arle.green`: cells and distances (F7, F8), the
towers' capacity and range (F9), tiles' and cards' modifiers, and the counts that
selectors of abilities ask for.  Nothing here changes a state."""

from __future__ import annotations

import functools
from typing import Iterable

from arle.green import catalog as K
from arle.green.cards import PILES, EffectSpec, Selector
from arle.green.statedata import SILO, TOWER, FarmEntry, StateData

__all__ = ["key", "xy", "kind_of", "dist", "capacity", "range_of", "food_cap",
           "towers_for", "water_in_range", "open_cells", "global_mod", "restore_cost",
           "count", "value"]


def key(x: int, y: int) -> str:
    """The key ``"x,y"`` of a cell."""
    return f"{x},{y}"


@functools.lru_cache(maxsize=4096)
def xy(cell: str) -> tuple[int, int]:
    """The coordinates of a cell key (cached: scoring asks for the same few cells often)."""
    a, b = cell.split(",")
    return int(a), int(b)


def kind_of(s: StateData, card: str) -> str:
    """The kind of a card of a farm: its pile, ``water_tower`` or ``silo``."""
    if card == TOWER:
        return "water_tower"
    if card == SILO:
        return "silo"
    return s.cs.designs[card].pile


def dist(s: StateData, farm: dict[str, FarmEntry], a: str, b: str) -> int:
    """Distance from cell ``a`` to cell ``b`` under the F8 options."""
    (ax, ay), (bx, by) = xy(a), xy(b)
    if s.options["distance_metric"] == "grid":
        d = abs(ax - bx) + abs(ay - by)
    else:                                   # farm_path: through cells holding cards
        d = 99
        seen = {a: 0}
        frontier = [a]
        while frontier and d == 99:
            nxt: list[str] = []
            for c in frontier:
                cx, cy = xy(c)
                for nb in (key(cx + 1, cy), key(cx - 1, cy), key(cx, cy + 1),
                           key(cx, cy - 1)):
                    if nb in seen:
                        continue
                    if nb == b:
                        d = seen[c] + 1
                        break
                    if nb in farm and seen[c] < 8:
                        seen[nb] = seen[c] + 1
                        nxt.append(nb)
                if d != 99:
                    break
            frontier = nxt
        if a == b:
            d = 0
    if s.options["distance_count"] == "cards_between":
        d -= 1
    return d


def tile_mod(s: StateData, entry: FarmEntry, what: str) -> int:
    """The sum of the ``modify what`` of the "always" tiles on a card."""
    n = 0
    for t in entry[3]:
        tile = s.cs.tiles[t]
        if tile.timing == "always":
            for e in tile.effect:
                if e["op"] == "modify" and e["what"] == what:
                    n += int(e["n"])
    return n


def capacity(s: StateData, entry: FarmEntry) -> int:
    """How much a tower (Water) or a silo (Food) holds."""
    base = K.TOWER_CAPACITY if entry[0] == TOWER else K.SILO_CAPACITY
    return max(0, base + tile_mod(s, entry, "capacity"))


def range_of(s: StateData, entry: FarmEntry) -> int:
    """How far a tower reaches."""
    return max(0, K.TOWER_RANGE + tile_mod(s, entry, "range"))


def food_cap(s: StateData, p: int) -> int:
    """The Food the silos of ``p`` hold at most."""
    return sum(capacity(s, e) for e in s.players[p].farm.values() if e[0] == SILO)


def towers_for(s: StateData, p: int, cell: str) -> list[str]:
    """The towers of ``p`` whose range reaches ``cell`` (F9), in building order."""
    farm = s.players[p].farm
    return [k for k, e in farm.items()
            if e[0] == TOWER and dist(s, farm, k, cell) <= range_of(s, e)]


def water_in_range(s: StateData, p: int, cell: str) -> int:
    """The Water of the towers of ``p`` that reach ``cell``."""
    farm = s.players[p].farm
    return sum(int(farm[k][2]) for k in towers_for(s, p, cell))


def open_cells(s: StateData, p: int) -> list[str]:
    """Empty cells orthogonally next to a card of the farm (F7), sorted."""
    farm = s.players[p].farm
    anchors = s.options["open_area_anchors_placement"]
    out: set[tuple[int, int]] = set()
    for k, e in farm.items():
        if not e[1] and not anchors:
            continue
        x, y = xy(k)
        for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if key(*c) not in farm:
                out.add(c)
    return [key(x, y) for x, y in sorted(out)]


def global_mod(s: StateData, p: int, what: str) -> int:
    """The sum of the ``modify what`` of the face-up ongoing cards of ``p`` and their
    "always" tiles."""
    n = 0
    for e in s.players[p].farm.values():
        if not e[1]:
            continue
        if e[0] not in (TOWER, SILO):
            d = s.cs.designs[e[0]]
            if d.frame == "ongoing":
                n += sum(int(x["n"]) for x in d.effect
                         if x["op"] == "modify" and x["what"] == what)
        n += tile_mod(s, e, what)
    return n


def restore_cost(s: StateData, p: int) -> int:
    """What restoring an Open Area costs ``p`` (R14, with modifiers)."""
    return max(0, K.RESTORE_COST + global_mod(s, p, "restore_cost"))


# ---------------------------------------------------------------------------- selectors
def count(s: StateData, p: int, cell: str, sel: Selector) -> int:
    """How many things of the farm of ``p`` a selector of the card data counts, as seen
    from ``cell``."""
    farm = s.players[p].farm
    of = sel["of"]
    if of == "empty_towers":
        return sum(1 for e in farm.values() if e[0] == TOWER and e[2] == 0)
    if of == "type_sets":
        per = {k: 0 for k in PILES}
        for e in farm.values():
            if e[1] and e[0] not in (TOWER, SILO):
                per[s.cs.designs[e[0]].pile] += 1
        return min(per.values())
    near = sel.get("near")
    want_open = of == "open_areas"
    count_open = want_open or (s.options["open_area_counts_as_location"]
                               and "type" not in sel and "tag" not in sel)
    n = 0
    cells: Iterable[tuple[str, FarmEntry]]
    if near == "adjacent":          # only the four neighbours can count
        cx, cy = xy(cell)
        cells = [(k, farm[k]) for k in (key(cx + 1, cy), key(cx - 1, cy),
                                        key(cx, cy + 1), key(cx, cy - 1))
                 if k in farm]
    else:
        cells = farm.items()
    for k, e in cells:
        if k == cell:
            continue
        if not e[1]:
            if not count_open:
                continue
        elif want_open:
            continue
        if e[1]:
            if "type" in sel and kind_of(s, e[0]) != sel["type"]:
                continue
            if "tag" in sel and (e[0] in (TOWER, SILO)
                                 or sel["tag"] not in s.cs.designs[e[0]].tags):
                continue
        if near == "within2" and dist(s, farm, k, cell) > 2:
            continue
        n += 1
    return n


def value(s: StateData, p: int, cell: str, e: EffectSpec) -> int:
    """The amount a ``gain`` effect gives at ``cell`` (per, cap and condition applied)."""
    cond = e.get("if")
    if cond is not None:
        c = count(s, p, cell, cond["sel"])
        if ("min" in cond and c < cond["min"]) or ("max" in cond and c > cond["max"]):
            return 0
    v = int(e["n"])
    if "per" in e:
        v *= count(s, p, cell, e["per"])
    if "cap" in e:
        v = min(v, int(e["cap"]))
    return v
