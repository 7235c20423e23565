"""Buildings: costs and the ways to pay them, building, and every building's effect."""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Final

from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.engine import farm as F
from arle import frames as FR
from arle.engine.core import (
    advance_tool, anytime, can_pay_fixed, effect, frame, gain, pay, pay_then, payment_options,
    push, push_eff, replace_top, tool_value,
)
from arle.engine import spaces as SP
from arle.engine.spaces import DONE, do_upgrade, field_actions, place_field
from arle.state import State


# ---------------------------------------------------------------------------
# Costs
# ---------------------------------------------------------------------------
#: Every building's cost, the base game's and Tea & Trade's (its tiles only appear in
#: expansion games).
COSTS: Final[dict[str, C.Cost]] = {**C.BUILDING_COST, **TT.TT_BUILDING_COST}
# The ways to pay depend only on the building and the player's goods, and the same
# goods are asked about again and again (every placement lists the Builder's buildings),
# so answers are kept; the table is emptied when it grows large.
_PAYMENTS: Final[dict[tuple[str, tuple[int, ...]], list[dict[int, int]]]] = {}
_PAYMENTS_MAX: Final = 20_000


def building_payments(s: State, p: int, b: str) -> list[dict[int, int]]:
    """Every distinct way to pay for building ``b`` with the player's goods (the list
    is shared: do not change it)."""
    key = (b, tuple(s.players[p].res))
    found = _PAYMENTS.get(key)
    if found is None:
        if len(_PAYMENTS) >= _PAYMENTS_MAX:
            _PAYMENTS.clear()
        found = _PAYMENTS[key] = _building_payments(s.players[p].res, b)
    return found


def _building_payments(res: list[int], b: str) -> list[dict[int, int]]:
    cost = COSTS[b]
    kind, fixed = cost.kind, cost.fixed
    opts: list[dict[int, int]] = []
    if kind == "fixed" and TT.TEA in fixed:
        opts = tea_payment_options(res, dict(fixed))
    elif kind == "fixed":
        opts = payment_options(res, dict(fixed))
    elif kind == "any1":
        for m in C.BUILDING_MATERIALS:
            opts += _exact(res, {**fixed, m: 1})
    elif kind == "two_different":
        for m1, m2 in combinations(C.BUILDING_MATERIALS, 2):
            opts += _exact(res, {**fixed, m1: 1, m2: 1})
    elif kind == "either":
        a, b2, n = cost.alt
        for r in (a, b2):
            opts += payment_options(res, {**fixed, r: n})
    elif kind == "clothing2":
        for c1, c2 in combinations(C.CLOTHING, 2):
            opts += _exact(res, {**fixed, c1: 1, c2: 1})
    unique: dict[tuple[tuple[int, int], ...], dict[int, int]] = {}
    for o in opts:
        unique.setdefault(tuple(sorted(o.items())), o)
    return list(unique.values())


def tea_payment_options(res: list[int], cost: dict[int, int]) -> list[dict[int, int]]:
    """Like ``payment_options``, East Frisian Tea paying for Tea, never the reverse (T38)."""
    need = dict(cost)
    tea = need.pop(TT.TEA, 0)
    need_ef = need.pop(TT.EAST_FRISIAN_TEA, 0)
    out = []
    for ef in range(max(0, tea - res[TT.TEA]), min(tea, res[TT.EAST_FRISIAN_TEA] - need_ef) + 1):
        for o in payment_options(res, need):
            o = dict(o)
            for r, n in ((TT.TEA, tea - ef), (TT.EAST_FRISIAN_TEA, ef + need_ef)):
                if n:
                    o[r] = n
            out.append(o)
    return out


def _exact(res: list[int], cost: dict[int, int]) -> list[dict[int, int]]:
    """Pay exactly these goods (no Timber-for-Wood substitution: the material is named)."""
    for r, n in cost.items():       # a loop, not all(...): no generator per call
        if res[r] < n:
            return []
    return [cost]


def _has_all(res: list[int], fixed: dict[int, int], one: tuple[int, ...]) -> bool:
    """``bool(_exact(res, {**fixed, m: 1 for m in one}))``: one of each of ``one`` and
    the rest of ``fixed`` exactly."""
    for m in one:
        if res[m] < 1:
            return False
    for r, n in fixed.items():
        if r not in one and res[r] < n:
            return False
    return True


def can_pay_building(res: list[int], b: str) -> bool:
    """Whether building ``b`` can be paid for with ``res``: ``bool`` of the ways to pay
    it, without listing them (asked for every building on the board at every
    placement; the ways are listed when the building is built)."""
    cost = COSTS[b]
    kind, fixed = cost.kind, cost.fixed
    if kind == "fixed":
        if TT.TEA in fixed:
            return bool(tea_payment_options(res, dict(fixed)))
        return can_pay_fixed(res, fixed)
    if kind == "any1" or kind == "two_different" or kind == "clothing2":
        for one in (_MATERIALS_ONE if kind == "any1" else _MATERIAL_PAIRS
                    if kind == "two_different" else _CLOTHING_PAIRS):
            if _has_all(res, fixed, one):
                return True
        return False
    if kind == "either":
        a, b2, n = cost.alt
        return can_pay_fixed(res, {**fixed, a: n}) or can_pay_fixed(res, {**fixed, b2: n})
    return bool(_building_payments(res, b))


_MATERIALS_ONE: Final = tuple((m,) for m in C.BUILDING_MATERIALS)
_MATERIAL_PAIRS: Final = tuple(combinations(C.BUILDING_MATERIALS, 2))
_CLOTHING_PAIRS: Final = tuple(combinations(C.CLOTHING, 2))
#: Whether each building can be paid for, kept by goods, then building (one look-up of
#: the goods per listing: a tuple's hash is not kept, so keying by (building, goods)
#: hashed the goods again for every building); emptied when large.
_PAYABLE: Final[dict[tuple[int, ...], dict[str, bool]]] = {}
_PAYABLE_MAX: Final = 2_000


def build_actions(s: State, p: int) -> list[Action]:
    if not F.has_land(s.players[p]):
        return []
    res = s.players[p].res
    goods = tuple(res)
    known = _PAYABLE.get(goods)
    if known is None:
        if len(_PAYABLE) >= _PAYABLE_MAX:
            _PAYABLE.clear()
        known = _PAYABLE[goods] = {}
    out = []
    for b in s.board:
        found = known.get(b)
        if found is None:
            found = known[b] = can_pay_building(res, b)
        if found:
            a = _BUILD.get(b)
            out.append(Action("build", (b,)) if a is None else a)
    return out


#: The ``build ID`` actions, made once.
_BUILD: Final = {b: Action("build", (b,)) for b in COSTS}


def start_build(s: State, p: int, b: str) -> None:
    pay_then(s, p, building_payments(s, p, b), "built", b)


@effect("built")
def _built(s: State, p: int, b: str) -> None:
    s.board.remove(b)
    s.players[p].buildings.append(b)
    if b in ON_BUILD:
        push_eff(s, "on_build", p, b)
    # A building may cover a used pasture: animals that no longer fit are given back
    # (the house frame) before the building's own effect happens.
    F.place_tile_housed(s, p, "b:" + b)


@effect("on_build")
def _on_build(s: State, p: int, b: str) -> None:
    ON_BUILD[b](s, p)


# ---------------------------------------------------------------------------
# One-time effects when built (yellow, orange, blue, red)
# ---------------------------------------------------------------------------
def turnery(s: State, p: int) -> None:
    forests = F.count_tiles(s.players[p], "forest")
    gain(s, p, C.WOOD, forests)
    F.push_cut(s, p, C.TURNERY_PEAT_PER_FOREST * forests, must=True)


def smokehouse(s: State, p: int) -> None:
    F.push_cut(s, p, tool_value(s, p, C.FISH_TRAPS), must=True)


def cooperage(s: State, p: int) -> None:
    an = s.players[p].animals
    dairy = an[C.SHEEP] + an[C.CATTLE]
    k = next((steps for least, steps in C.COOPERAGE_STEPS if dairy >= least), 0)
    if k:
        gain(s, p, C.FOOD, C.COOPERAGE_FOOD_PER_STEP * k)
        for r in (C.GRAIN, C.FLAX, C.HIDE, C.WOOL):
            gain(s, p, r, k)


def mill(s: State, p: int) -> None:
    n = F.fields(s.players[p])
    gain(s, p, C.FOOD, next((food for least, food in C.MILL_FOOD if n >= least), 0))


def _built_gain(s: State, p: int, b: str) -> None:
    """A building's fixed one-time yield: goods, then tool steps, then dike moves."""
    for r, n in C.BUILT_GAIN.get(b, {}).items():
        gain(s, p, r, n)
    for t, n in C.BUILT_TOOL_STEPS.get(b, {}).items():
        advance_tool(s, p, t, n)
    if b in C.BUILT_DIKE_MOVES:
        F.move_dikes_of(s, p, C.BUILT_DIKE_MOVES[b])


def weaving_mill(s: State, p: int) -> None:
    _built_gain(s, p, "weaving_mill")


def textile_house(s: State, p: int) -> None:
    for r in (C.LINEN, C.WOOLEN, C.LEATHER):
        gain(s, p, r, 1)


def saddlery(s: State, p: int) -> None:
    push_eff(s, "advance_tool", p, C.FLESHING_BEAMS, 1)
    F.push_cut(s, p, s.players[p].animals[C.HORSE], must=True)


@effect("advance_tool")
def _advance_tool(s: State, p: int, t: int, n: int) -> None:
    advance_tool(s, p, t, n)


def joinery(s: State, p: int) -> None:
    pl = s.players[p]
    gain(s, p, C.PEAT, C.JOINERY_PEAT_PER_BOAT * F.count_equipment(pl, "peat_boat"))
    plows = F.count_equipment(pl, "plow")
    if plows:
        F.gain_animals(s, p, C.HORSE, plows)


def waterfront_house(s: State, p: int) -> None:
    _built_gain(s, p, "waterfront_house")


def potters_inn(s: State, p: int) -> None:
    push(s, FR.AnimalsChoice(p, n=tool_value(s, p, C.POTTERY_WHEELS)))


@frame(FR.AnimalsChoice)
class AnimalsChoice:
    """Potter's Inn: ``take S C H`` animals, one per Pottery Wheel."""

    @staticmethod
    def legal(s: State, f: FR.AnimalsChoice) -> list[Action]:
        n = f.n
        return [Action("take", (str(a), str(b), str(n - a - b)))
                for a in range(n + 1) for b in range(n - a + 1)]

    @staticmethod
    def apply(s: State, f: FR.AnimalsChoice, a: Action) -> None:
        s.stack.pop()
        p = f.p
        pl = s.players[p]
        for t in range(3):
            pl.animals[t] += int(a.args[t])
        if not F.animals_fit(pl):
            push(s, FR.House(p))


def farmers_inn(s: State, p: int) -> None:
    push(s, FR.FieldsToForests(p))


@frame(FR.FieldsToForests)
class FieldsToForests:
    """Farmer's Inn: ``replace G F`` Grain and Flax Fields by Forests (up to 3)."""

    @staticmethod
    def legal(s: State, f: FR.FieldsToForests) -> list[Action]:
        pl = s.players[f.p]
        cap = min(C.FARMERS_INN_FORESTS, s.pool["forest_park"])
        g_max = min(cap, pl.grid.count("field_grain"))
        out = []
        for g in range(g_max + 1):
            for fl in range(min(cap - g, pl.grid.count("field_flax")) + 1):
                out.append(Action("replace", (str(g), str(fl))))
        return out

    @staticmethod
    def apply(s: State, f: FR.FieldsToForests, a: Action) -> None:
        s.stack.pop()
        pl = s.players[f.p]
        for side, n in zip(("field_grain", "field_flax"), a.args):
            for _ in range(int(n)):
                F.replace_tile(pl, side, "forest")
                s.pool["field"] += 1
                s.pool["forest_park"] -= 1


def junk_dealers_inn(s: State, p: int) -> None:
    _built_gain(s, p, "junk_dealers_inn")
    push(s, FR.FreeEquipment(p, kinds=("handcart", "peat_boat")))


@frame(FR.FreeEquipment, anytime="work")
class FreeEquipment:
    """Take one free piece of equipment: ``take handcart`` ... or ``done``.

    Anytime actions are open so that equipment can be returned to make room.
    """

    @staticmethod
    def legal(s: State, f: FR.FreeEquipment) -> list[Action]:
        p = f.p
        return [Action("take", (k,)) for k in f.kinds
                if F.can_take_equipment(s, p, k)] + [DONE]

    @staticmethod
    def apply(s: State, f: FR.FreeEquipment, a: Action) -> None:
        s.stack.pop()
        if a.verb == "take":
            F.add_equipment(s, f.p, a.args[0])


def gulf_house_inn(s: State, p: int) -> None:
    g = s.players[p].grid
    got = [0] * len(C.RESOURCES)
    for tile, yields in C.GULF_HOUSE_GAIN.items():
        for r, n in yields.items():
            got[r] += n * g.count(tile)
    for r, n in enumerate(got):
        if n:
            gain(s, p, r, n)


def milk_house_inn(s: State, p: int) -> None:
    push_eff(s, "cut_per_cattle", p)
    F.gain_animals(s, p, C.CATTLE)


@effect("cut_per_cattle")
def _cut_per_cattle(s: State, p: int) -> None:
    F.push_cut(s, p, s.players[p].animals[C.CATTLE], must=True)


def sluice_yard_inn(s: State, p: int) -> None:
    _built_gain(s, p, "sluice_yard_inn")     # the Fish Traps first: the Wood counts them
    gain(s, p, C.WOOD, tool_value(s, p, C.FISH_TRAPS))


def village_church(s: State, p: int) -> None:
    if s.pool["carriage_droshky"] <= 0:
        return
    if F.barn_has_room(s.players[p], "carriage"):
        F.add_equipment(s, p, "carriage")
    else:
        push(s, FR.FreeEquipment(p, kinds=("carriage",)))


def lutetsburg_castle(s: State, p: int) -> None:
    pl = s.players[p]
    if s.pool["forest_park"] > 0 and F.has_land(pl):
        s.pool["forest_park"] -= 1
        F.place_tile_housed(s, p, "forest")
    first = C.SHOVELS if s.setup.get("options", {}).get("lutetsburg_shovels") else C.SPADES
    for t in (first, C.POTTERY_WHEELS, C.WORKBENCHES):
        advance_tool(s, p, t)


def berum_castle(s: State, p: int) -> None:
    advance_tool(s, p, C.OVENS)
    advance_tool(s, p, C.WEAVING_LOOMS)
    push(s, FR.Upgrade(p))


def peat_power_plant(s: State, p: int) -> None:
    push(s, FR.RemoveMoors(p))


@frame(FR.RemoveMoors)
class RemoveMoors:
    """Peat Power Plant: ``remove moor`` / ``remove dmoor3`` / ``remove boardwalk``
    (2 Food each, the tile's Peat goes with it), then ``done``.

    The Small Boardwalk counts as a Moor tile: it is a one-space dehydrated Moor tile
    (RULINGS 1; the Korean index names it so, and lets Bremen take a Moor tile "whatever
    its size"), so the plant may remove it too.
    """

    @staticmethod
    def legal(s: State, f: FR.RemoveMoors) -> list[Action]:
        pl = s.players[f.p]
        out = [Action("remove", (k,)) for k, _c in F.moor_choices(pl)]
        if pl.grid[F.BOARDWALK_CELL] == "boardwalk":
            out.append(Action("remove", ("boardwalk",)))
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.RemoveMoors, a: Action) -> None:
        if a.verb == "done":
            s.stack.pop()
            return
        p = f.p
        pl = s.players[p]
        if a.args[0] == "boardwalk":
            pl.grid[F.BOARDWALK_CELL] = ""
            pl.bw_peat = 0
        else:
            F.remove_moor(pl, dict(F.moor_choices(pl))[a.args[0]])
        gain(s, p, C.FOOD, C.PEAT_POWER_FOOD_PER_MOOR)


def smithy(s: State, p: int) -> None:
    push(s, FR.Smithy(p))


@frame(FR.Smithy)
class Smithy:
    """Smithy: ``exchange peat_boat|handcart|wagon`` for a Plow, any number; ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Smithy) -> list[Action]:
        pl = s.players[f.p]
        out = []
        for k in ("peat_boat", "handcart", "wagon"):
            if any(b[0] == k and not any(b[1:]) for b in pl.barn):
                if k == "peat_boat" or s.pool["boat_plow"] > 0:
                    out.append(Action("exchange", (k,)))
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Smithy, a: Action) -> None:
        if a.verb == "done":
            s.stack.pop()
            return
        p = f.p
        F.remove_equipment(s, p, a.args[0])
        F.add_equipment(s, p, "plow")


def _convert(kind: str) -> Callable[[State, int], None]:
    def run(s: State, p: int) -> None:
        push(s, FR.Convert(p, kind=kind))
    return run


ON_BUILD: Final[dict[str, Callable[[State, int], None]]] = {
    "turnery": turnery, "smokehouse": smokehouse, "smithy": smithy,
    "cooperage": cooperage, "bakehouse": _convert("bakehouse"),
    "peat_fired_brickworks": _convert("peat_fired_brickworks"),
    "mill": mill, "weaving_mill": weaving_mill, "textile_house": textile_house,
    "saddlery": saddlery, "joinery": joinery, "waterfront_house": waterfront_house,
    "potters_inn": potters_inn, "farmers_inn": farmers_inn,
    "junk_dealers_inn": junk_dealers_inn, "gulf_house_inn": gulf_house_inn,
    "milk_house_inn": milk_house_inn, "sluice_yard_inn": sluice_yard_inn,
    "village_church": village_church, "lutetsburg_castle": lutetsburg_castle,
    "berum_castle": berum_castle, "peat_power_plant": peat_power_plant,
}


# ---------------------------------------------------------------------------
# Light green houses: "before November" in every Summer half year
# ---------------------------------------------------------------------------
def light_green_owned(s: State, p: int) -> list[str]:
    return [b for b in s.players[p].buildings if b in C.LIGHT_GREEN]


@frame(FR.BeforeNovember)
class BeforeNovember:
    """Use each owned light-green house once, in the owner's order: ``house workshop``."""

    @staticmethod
    def legal(s: State, f: FR.BeforeNovember) -> list[Action]:
        return [Action("house", (b,)) for b in f.left]

    @staticmethod
    def apply(s: State, f: FR.BeforeNovember, a: Action) -> None:
        p = f.p
        b = a.args[0]
        left = tuple(x for x in f.left if x != b)
        if left:
            replace_top(s, left=left)
        else:
            s.stack.pop()
        for r, n in C.HOUSE_USE_GAIN.get(b, {}).items():
            gain(s, p, r, n)
        if b in C.HOUSE_USE_DIKE_MOVES:
            F.move_dikes_of(s, p, C.HOUSE_USE_DIKE_MOVES[b])
        if b in C.HOUSE_USE_CUT:
            F.push_cut(s, p, C.HOUSE_USE_CUT[b], must=False)
        elif b == "plow_makers_workshop":
            push(s, FR.PlowMaker(p))
        elif b in C.HOUSE_USE_MASTER_STEPS:
            push(s, FR.Master(p, n=C.HOUSE_USE_MASTER_STEPS[b], moved=()))


@frame(FR.PlowMaker)
class PlowMaker:
    """Plow Maker's Workshop: ``field grain|flax`` on an empty Land Space, or ``done``."""

    @staticmethod
    def legal(s: State, f: FR.PlowMaker) -> list[Action]:
        return field_actions(s, f.p) + [DONE]

    @staticmethod
    def apply(s: State, f: FR.PlowMaker, a: Action) -> None:
        s.stack.pop()
        if a.verb == "field":
            place_field(s, f.p, a.args[0])


@effect("houses_before_november")
def _before_november(s: State, p: int) -> None:
    owned = light_green_owned(s, p)
    if owned:
        push(s, FR.BeforeNovember(p, left=tuple(owned)))


# ---------------------------------------------------------------------------
# Dark green houses: anytime conversions, ``use weaving_parlor``
# ---------------------------------------------------------------------------
DARK_COST: Final[dict[str, dict[int, int]]] = dict(C.DARK_GREEN_COST)


_USE: Final = {b: Action("use", (b,)) for b in DARK_COST}
#: Tea & Trade's green houses (arle.engine.tt_buildings): building -> (its ``use``
#: actions now, apply one).
TT_USE: Final[dict[str, tuple[Callable[[State, int], list[Action]],
                              Callable[[State, int, Action], None]]]] = {}


def _has(res: list[int], cost: dict[int, int]) -> bool:
    """Whether ``res`` holds every good of ``cost`` (a loop, not all(...) over a
    generator: this runs at every decision)."""
    for r, n in cost.items():
        if res[r] < n:
            return False
    return True


def dark_green_actions(s: State, p: int, level: str) -> list[Action]:
    pl = s.players[p]
    out = []
    for b in pl.buildings:
        if b in TT_USE:
            out.extend(TT_USE[b][0](s, p))
            continue
        cost = DARK_COST.get(b)
        if cost is None or not _has(pl.res, cost):
            continue
        if b == "carpenters_workshop" and ("stall" not in pl.grid or s.pool["stable"] <= 0):
            continue
        if b == "litter_storage" and pl.animals[C.HORSE] < C.LITTER_STORAGE_HORSES:
            continue
        out.append(_USE[b])
    return out


def use_dark_green(s: State, p: int, a: Action) -> None:
    b = a.args[0]
    if b in TT_USE:
        TT_USE[b][1](s, p, a)
        return
    pay(s, p, DARK_COST[b])
    pl = s.players[p]
    for r, n in C.DARK_GREEN_GAIN.get(b, {}).items():
        gain(s, p, r, n)
    if b in C.DARK_GREEN_CUT:
        F.push_cut(s, p, C.DARK_GREEN_CUT[b], must=True)
    elif b == "carpenters_workshop":
        s.pool["stable"] -= 1
        s.pool["stall_depot"] += 1
        F.replace_tile(pl, "stall", "stable")
    elif b == "litter_storage":
        F.gain_animals(s, p, C.HORSE)


anytime("use", dark_green_actions, use_dark_green)

SP.link_buildings(build_actions, start_build)

__all__ = ["build_actions", "start_build", "building_payments", "do_upgrade"]
