"""Vehicles and travel, and the other anytime actions of the barn and the farm.

Anytime actions (offered at a player's decision points in the Work Phase):
``load I J ITEM`` (barn item I, cell J), ``boat GOOD`` (Peat Boat: 1 Peat -> 1 good),
``release ANIMAL`` (give an animal back), ``return KIND@I`` (give equipment back).
"""

from __future__ import annotations

from typing import Final

from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.engine import farm as F
from arle import frames as FR
from arle.engine import harbor as H
from arle.engine.core import anytime, frame, gain, push, replace_top
from arle.state import Player, State

LOAD_PAY: Final = C.LOAD_COST


def tea_on_vehicles(s: State) -> bool:
    """Tea & Trade (T6, table Z ``tea_upgrade_spaces``): with ``any_single`` (the
    default) Tea goes on any single space of a vehicle too, and comes back as East
    Frisian Tea; the rules option ``tea_ships_only`` plays ``ships_only``."""
    choice = T.UNCONFIRMED["tea_upgrade_spaces"]
    opts = s.setup.get("options", {})
    name = "ships_only" if opts.get("tea_ships_only") else choice.default
    return choice.values[name] == "any_single"


def placements_for(kind: str, cells: list[str], size: int) -> list[int]:
    """Start cells where a tile of ``size`` fits on a vehicle with these loads."""
    widths = C.VEHICLE_CELLS[kind]
    combinable = C.VEHICLE_COMBINABLE[kind]
    out = []
    for i in range(len(widths)):
        if cells[i]:
            continue
        if size == 1:
            if widths[i] == 1:
                out.append(i)
            continue
        total = 0
        j = i
        while j < len(widths) and not cells[j]:
            total += widths[j]
            if total >= size or not combinable:
                break
            j += 1
        if total == size:
            out.append(i)
    return out


def used_destinations(pl: Player) -> set[str]:
    used = set(pl.travel)
    for b in pl.barn:
        for load in b[1:]:
            if load.startswith("dest:"):
                used.add(load[5:])
    return used


# (typed as tuples of any length: the compiled build reads them as they are)
_FABRICS: Final[tuple[tuple[str, int], ...]] = (
    ("linen", C.LINEN), ("woolen", C.WOOLEN), ("leather", C.LEATHER))
_DESTINATIONS: Final[tuple[str, ...]] = C.DESTINATIONS


def load_items(s: State, p: int, sizes: set[int]) -> list[str]:
    """What could be loaded now; destinations only if a tile of their size fits
    somewhere (``sizes``) and something can be sold there."""
    pl = s.players[p]
    res = pl.res
    items = []
    if res[C.WOOD] > 0:
        items.append("wood")
    if res[C.CLAY] > 0 and res[C.PEAT] > 0:
        items.append("clay")
    if "loading_station" in pl.buildings:
        items.append("peat")
    for name, r in _FABRICS:
        if res[r] > 0:
            items.append(name)
    if len(res) > T.TEA and res[T.TEA] > 0 and tea_on_vehicles(s):
        items.append("tea")
    used = used_destinations(pl)
    for d in _DESTINATIONS:
        if d not in used and C.DESTINATION_SIZE[d] in sizes and can_sell(s, p, d):
            items.append(d)
    return items


def item_size(item: str) -> int:
    return C.LOAD_SIZE.get(item) or H.LOAD_SIZE.get(item) or C.DESTINATION_SIZE[item]


def load_actions(s: State, p: int, level: str) -> list[Action]:
    if level != "work":
        return []
    pl = s.players[p]
    if pl.harbor:       # Tea & Trade: the vehicles, then the ships (``load hI J ITEM``)
        return _vehicle_loads(s, p) + H.load_actions(s, p)
    return _vehicle_loads(s, p)


#: Per vehicle loading (its barn item, ``(kind, load, ...)``), the start cells where a
#: tile of each size 0..4 fits (:func:`placements_for`; size 0 fits nowhere): a function
#: of the loading alone, kept once computed (a game shows few distinct loadings).
_SPOTS: Final[dict[tuple[str, ...], tuple[tuple[int, ...], ...]]] = {}
#: The ``load I J ITEM`` actions made so far, kept (built once each, not per listing).
_LOADS: Final[dict[tuple[int, int, str], Action]] = {}


def _spots(key: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    got = _SPOTS.get(key)
    if got is None:
        cells = list(key[1:])
        got = ((),) + tuple(tuple(placements_for(key[0], cells, n)) for n in (1, 2, 3, 4))
        _SPOTS[key] = got
    return got


def _load_action(i: int, j: int, item: str) -> Action:
    a = _LOADS.get((i, j, item))
    if a is None:
        a = _LOADS[(i, j, item)] = Action("load", (str(i), str(j), item))
    return a


def _vehicle_loads(s: State, p: int) -> list[Action]:
    """``load I J ITEM`` for every vehicle (the first of identical ones), item and start
    cell where it fits, in barn order."""
    pl = s.players[p]
    if not pl.barn:
        return []
    spots: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
    seen: list[tuple[str, ...]] = []
    sizes: set[int] = set()
    for i, b in enumerate(pl.barn):
        if b[0] not in C.VEHICLE_CELLS:
            continue
        key = tuple(b)
        if key in seen:
            continue
        seen.append(key)
        by_size = _spots(key)
        for n in range(1, 5):
            if by_size[n]:
                sizes.add(n)
        spots.append((i, by_size))
    if not sizes:
        return []
    items = load_items(s, p, sizes)
    out = []
    for i, by_size in spots:
        for item in items:
            for j in by_size[item_size(item)]:
                out.append(_load_action(i, j, item))
    return out


def apply_load(s: State, p: int, a: Action) -> None:
    if a.args[0][0] == "h":
        H.apply_load(s, p, a)
        return
    i, j, item = int(a.args[0]), int(a.args[1]), a.args[2]
    pl = s.players[p]
    b = pl.barn[i]
    size = item_size(item)
    if item in LOAD_PAY:
        for r, n in LOAD_PAY[item].items():
            pl.res[r] -= n
        b[1 + j] = C.RESOURCES[C.LOAD_RESULT[item]]
    elif item == "tea":
        pl.res[T.TEA] -= 1
        b[1 + j] = H.LOAD_RESULT["tea"]
    else:
        b[1 + j] = "dest:" + item
    # cover the following cells the tile spans
    widths = C.VEHICLE_CELLS[b[0]]
    covered = widths[j]
    k = j + 1
    while covered < size:
        b[1 + k] = "+"
        covered += widths[k]
        k += 1
    if item in C.DESTINATION_SIZE:
        push(s, FR.Sell(p, dest=item, sold=()))


# ---------------------------------------------------------------------------
# Selling at a destination
# ---------------------------------------------------------------------------
WEARS: Final = ("summer_wear", "winter_wear", "leather_wear")


def sale_options(s: State, p: int, dest: str, sold: tuple[str, ...]) -> list[str]:
    """What can still be sold at ``dest`` now (item keys, with a choice after ':')."""
    pl = s.players[p]
    res = pl.res
    an = pl.animals
    out: list[str] = []

    def has(name: str, n: int = 1) -> bool:
        return res[C.RES_INDEX[name]] >= n

    for item in C.DESTINATION_SALES[dest]:
        if item in sold:
            continue
        if item == "field":
            out += [f"field:{side}" for side in ("grain", "flax") if f"field_{side}" in pl.grid]
        elif item in ("plow", "peat_boat"):
            if any(b[0] == item for b in pl.barn):
                out.append(item)
        elif item in ("sheep", "cattle", "horse"):
            if an[C.ANIMAL_INDEX[item]] > 0:
                out.append(item)
        elif item == "animal":
            out += [f"animal:{C.ANIMALS[t]}" for t in range(3) if an[t] > 0]
        elif item == "animals2":
            out += [f"animals2:{C.ANIMALS[t]}" for t in range(3) if an[t] >= 2]
        elif item == "grain2":
            if has("grain", 2):
                out.append(item)
        elif item == "wear":
            out += [f"wear:{w}" for w in WEARS if has(w)]
        elif item == "fabrics":
            if has("linen") and has("woolen") and has("leather"):
                out.append(item)
        elif item == "wears":
            if all(has(w) for w in WEARS):
                out.append(item)
        elif item == "moor":
            out += [f"moor:{k}" for k, _c in F.moor_choices(pl)]
            # Reading: the Small Boardwalk is a one-space dehydrated Moor tile
            # (RULINGS 1; the Korean index says Bremen takes a Moor tile whatever its
            # size, side or Peat), so Bremen may remove it too, Peat and all.
            if pl.grid[F.BOARDWALK_CELL] == "boardwalk":
                out.append("moor:boardwalk")
        elif has(item):
            out.append(item)
    return out


def can_sell(s: State, p: int, dest: str) -> bool:
    """``bool(sale_options(s, p, dest, ()))`` without listing the options: whether
    anything can be sold at ``dest`` now (asked for every destination at every listing
    of the loads)."""
    pl = s.players[p]
    res = pl.res
    an = pl.animals
    for item in C.DESTINATION_SALES[dest]:
        if item == "field":
            if "field_grain" in pl.grid or "field_flax" in pl.grid:
                return True
        elif item in ("plow", "peat_boat"):
            for b in pl.barn:
                if b[0] == item:
                    return True
        elif item in ("sheep", "cattle", "horse"):
            if an[C.ANIMAL_INDEX[item]] > 0:
                return True
        elif item == "animal":
            if an[0] > 0 or an[1] > 0 or an[2] > 0:
                return True
        elif item == "animals2":
            if an[0] >= 2 or an[1] >= 2 or an[2] >= 2:
                return True
        elif item == "grain2":
            if res[C.GRAIN] >= 2:
                return True
        elif item == "wear":
            for w in WEARS:
                if res[C.RES_INDEX[w]] >= 1:
                    return True
        elif item == "fabrics":
            if res[C.LINEN] >= 1 and res[C.WOOLEN] >= 1 and res[C.LEATHER] >= 1:
                return True
        elif item == "wears":
            if all(res[C.RES_INDEX[w]] >= 1 for w in WEARS):
                return True
        elif item == "moor":
            if F.moor_choices(pl) or pl.grid[F.BOARDWALK_CELL] == "boardwalk":
                return True
        elif res[C.RES_INDEX[item]] >= 1:
            return True
    return False


def do_sale(s: State, p: int, dest: str, option: str) -> None:
    pl = s.players[p]
    item, _, choice = option.partition(":")
    food = C.DESTINATION_SALES[dest][item]
    res = pl.res
    if item == "field":
        F.remove_tile_of(s, p, f"field_{choice}")        # its cell: the owner's (Tea & Trade)
        s.pool["field"] += 1
    elif item in ("plow", "peat_boat"):
        F.remove_equipment(s, p, item)
    elif item in ("sheep", "cattle", "horse"):
        pl.animals[C.ANIMAL_INDEX[item]] -= 1
    elif item == "animal":
        pl.animals[C.ANIMAL_INDEX[choice]] -= 1
    elif item == "animals2":
        pl.animals[C.ANIMAL_INDEX[choice]] -= 2
    elif item == "grain2":
        res[C.GRAIN] -= 2
    elif item == "wear":
        res[C.RES_INDEX[choice]] -= 1
    elif item == "fabrics":
        for r in (C.LINEN, C.WOOLEN, C.LEATHER):
            res[r] -= 1
    elif item == "wears":
        for w in WEARS:
            res[C.RES_INDEX[w]] -= 1
    elif item == "moor":
        if choice == "boardwalk":
            pl.grid[F.BOARDWALK_CELL] = ""
            pl.bw_peat = 0
        else:
            F.remove_moor(pl, dict(F.moor_choices(pl))[choice])
    else:
        res[C.RES_INDEX[item]] -= 1
    gain(s, p, C.FOOD, food)


@frame(FR.Sell)
class Sell:
    """At a destination: ``sell ITEM`` (each item once, at least one), then ``done``.

    Items with a choice name it after a colon: ``sell animal:horse``,
    ``sell wear:summer_wear``, ``sell moor:dmoor3``, ``sell moor:boardwalk``."""

    @staticmethod
    def legal(s: State, f: FR.Sell) -> list[Action]:
        out = [Action("sell", (o,)) for o in sale_options(s, f.p, f.dest, f.sold)]
        if f.sold:
            out.append(Action("done"))
        return out

    @staticmethod
    def apply(s: State, f: FR.Sell, a: Action) -> None:
        if a.verb == "done":
            s.stack.pop()
            return
        opt = a.args[0]
        replace_top(s, sold=tuple(f.sold) + (opt.partition(":")[0],))
        do_sale(s, f.p, f.dest, opt)       # after: a field's cell may be asked on top


def empty_vehicles(s: State, p: int) -> None:
    """Inventory step 1: loads to the supply, destination tiles to the travel track."""
    pl = s.players[p]
    for b in pl.barn:
        for j in range(1, len(b)):
            load = b[j]
            if load.startswith("dest:"):
                pl.travel.append(load[5:])
            elif load and load != "+":
                pl.res[T.TT_RES_INDEX[load]] += 1
            b[j] = ""


# ---------------------------------------------------------------------------
# Other anytime actions
# ---------------------------------------------------------------------------
_BOAT: Final = tuple((r, C.FOOD_CAP if r == C.FOOD else C.GOOD_CAP, Action("boat", (C.RESOURCES[r],)))
              for r in C.GOODS_TRACK)
RELEASE: Final = tuple(Action("release", (C.ANIMALS[t],)) for t in range(3))


def boat_actions(s: State, p: int, level: str) -> list[Action]:
    pl = s.players[p]
    if pl.res[C.PEAT] <= 0 or not any(b[0] == "peat_boat" for b in pl.barn):
        return []
    res = pl.res
    return [a for r, cap, a in _BOAT if res[r] < cap]


def apply_boat(s: State, p: int, a: Action) -> None:
    s.players[p].res[C.PEAT] -= 1
    gain(s, p, C.RES_INDEX[a.args[0]], 1)


def release_actions(s: State, p: int, level: str) -> list[Action]:
    an = s.players[p].animals
    out = []
    if an[0] > 0:
        out.append(RELEASE[0])
    if an[1] > 0:
        out.append(RELEASE[1])
    if an[2] > 0:
        out.append(RELEASE[2])
    return out


def apply_release(s: State, p: int, a: Action) -> None:
    s.players[p].animals[C.ANIMAL_INDEX[a.args[0]]] -= 1


#: The ``return KIND@I`` actions made so far (built once each).
_RETURNS: Final[dict[tuple[str, int], Action]] = {}


def _return_action(kind: str, i: int) -> Action:
    a = _RETURNS.get((kind, i))
    if a is None:
        a = _RETURNS[(kind, i)] = Action("return", (f"{kind}@{i}",))
    return a


def return_actions(s: State, p: int, level: str) -> list[Action]:
    if level != "work":
        return []
    barn = s.players[p].barn
    if not barn and not s.players[p].harbor:
        return []
    seen = set()
    out = []
    for i, b in enumerate(barn):
        # an empty vehicle: no load (not any(b[1:]); its kind, b[0], is never "")
        if b[0] not in seen and b.count("") == len(b) - 1:
            seen.add(b[0])
            out.append(_return_action(b[0], i))
    if s.players[p].harbor:
        out += H.return_actions(s, p)
    return out


def apply_return(s: State, p: int, a: Action) -> None:
    kind, _, idx = a.args[0].partition("@")
    if idx[0] == "h":
        H.apply_return(s, p, a)
        return
    del s.players[p].barn[int(idx)]
    s.pool[C.TILE_POOL[kind]] += 1


anytime("load", load_actions, apply_load)
anytime("boat", boat_actions, apply_boat)
anytime("release", release_actions, apply_release)
anytime("return", return_actions, apply_return)
