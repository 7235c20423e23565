"""Tea & Trade: the effects of the expansion's buildings (T44, T45, T47).

The green Small Houses act at any time, repeatedly (``use chicken_farm``, the dark-green
houses' verb); every other tile acts once, when built, with its counts taken then
(T44).  The Slaughterhouse alone also lasts: +1 Food per animal at the Butcher (T45,
in :mod:`arle.engine.spaces`).  Figures come from ``data.tea_trade.TT_BUILDING_FIGURES``.

One-time choices share one frame kind, ``tt_building`` (``FR.TTBuilding(p, building,
n)``), whose rules per building are the ``_CHOICES`` below.

The tiles that build, give or flip ships (Small Wharf, Smithy*, Sluice Yard Inn*,
Mennonite Church) use :mod:`arle.engine.harbor`; the 3-player tiles (Schnapps Factory,
Norderburg Castle) appear in 3-player games only (T47).
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Final

from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.engine import farm as F
from arle import frames as FR
from arle.engine import harbor as H
from arle.engine.buildings import ON_BUILD, TT_USE, tea_payment_options
from arle.engine.core import (
    advance_tool, effect, frame, gain, pay, pay_then, payment_options, push, push_eff,
    tool_value,
)
from arle.engine.spaces import DONE, dig_options, do_upgrade
from arle.state import Player, State

FIG: Final = T.TT_BUILDING_FIGURES
FABRICS: Final = (C.LINEN, C.WOOLEN, C.LEATHER)       # T47: fabrics, not clothing
_FABRIC_NAME: Final = {C.LINEN: "linen", C.WOOLEN: "woolen", C.LEATHER: "leather"}
_FABRIC_OF: Final = {v: k for k, v in _FABRIC_NAME.items()}


def _d(v: object) -> dict[int, int]:
    assert isinstance(v, dict)
    return v


def _i(v: object) -> int:
    assert isinstance(v, int)
    return v


def fishing_cutters(pl: Player) -> int:
    """Fishing Cutters (either side) in the player's harbor."""
    return sum(1 for ship in pl.harbor if ship[0].startswith("fishing_cutter"))


def ditch_count(pl: Player) -> int:
    return bin(pl.ditches).count("1") if pl.ditches is not None else 0


def _can_pay(res: list[int], cost: dict[int, int]) -> bool:
    return all(res[r] >= n for r, n in cost.items())


def _push_dig(s: State, p: int, n: int) -> None:
    if n > 0 and s.players[p].ditches is not None and dig_options(s, p):
        push(s, FR.Dig(p, n=n))


# ---------------------------------------------------------------------------
# Green Small Houses: anytime, repeatable (T44)
# ---------------------------------------------------------------------------
def _chicken_farm_legal(s: State, p: int) -> list[Action]:
    ok = payment_options(s.players[p].res, _d(FIG["chicken_farm"]["pays"]))
    return [Action("use", ("chicken_farm",))] if ok else []


def _chicken_farm(s: State, p: int, a: Action) -> None:
    """1 Wood (Timber pays for it, RULINGS) and 1 Grain -> 4 Food."""
    opts = payment_options(s.players[p].res, _d(FIG["chicken_farm"]["pays"]))
    pay_then(s, p, opts, "tt_house_gain", "chicken_farm")


@effect("tt_house_gain")
def _house_gain(s: State, p: int, b: str) -> None:
    for r, n in _d(FIG[b]["gives"]).items():
        gain(s, p, r, n)


def _tea_office_legal(s: State, p: int) -> list[Action]:
    """``use tea_office linen woolen``: 2 different fabrics and 1 Food."""
    res = s.players[p].res
    fig = FIG["tea_office"]
    if not _can_pay(res, _d(fig["pays"])):
        return []
    return [Action("use", ("tea_office", *(_FABRIC_NAME[r] for r in kinds)))
            for kinds in combinations(FABRICS, _i(fig["different_fabrics"]))
            if all(res[r] >= 1 for r in kinds)]


def _tea_office(s: State, p: int, a: Action) -> None:
    fig = FIG["tea_office"]
    pay(s, p, {**_d(fig["pays"]), **{_FABRIC_OF[x]: 1 for x in a.args[1:]}})
    for r, n in _d(fig["gives"]).items():
        gain(s, p, r, n)


def _animal_market_legal(s: State, p: int) -> list[Action]:
    """``use animal_market S C H``: any 3 animals, kinds mixed (T47)."""
    an = s.players[p].animals
    k = _i(FIG["animal_market"]["animals"])
    return [Action("use", ("animal_market", str(a), str(b), str(k - a - b)))
            for a in range(min(k, an[C.SHEEP]) + 1)
            for b in range(min(k - a, an[C.CATTLE]) + 1)
            if k - a - b <= an[C.HORSE]]


def _animal_market(s: State, p: int, a: Action) -> None:
    an = s.players[p].animals
    for t, k in enumerate(a.args[1:]):
        an[t] -= int(k)
    for r, n in _d(FIG["animal_market"]["gives"]).items():
        gain(s, p, r, n)


def _dehydration_mill_legal(s: State, p: int) -> list[Action]:
    pl = s.players[p]
    if pl.ditches is None or not payment_options(pl.res, _d(FIG["dehydration_mill"]["pays"])):
        return []
    return [Action("use", ("dehydration_mill",))] if dig_options(s, p) else []


def _dehydration_mill(s: State, p: int, a: Action) -> None:
    """1 Wood (or Timber) and 1 Food: dig 2 ditches."""
    fig = FIG["dehydration_mill"]
    pay_then(s, p, payment_options(s.players[p].res, _d(fig["pays"])), "tt_dig",
             _i(fig["ditches"]))


@effect("tt_dig")
def _tt_dig(s: State, p: int, n: int) -> None:
    _push_dig(s, p, n)


TT_USE.update({
    "animal_market": (_animal_market_legal, _animal_market),
    "chicken_farm": (_chicken_farm_legal, _chicken_farm),
    "tea_office": (_tea_office_legal, _tea_office),
    "dehydration_mill": (_dehydration_mill_legal, _dehydration_mill),
})


# ---------------------------------------------------------------------------
# One-time effects when built (T44)
# ---------------------------------------------------------------------------
def smokehouse_star(s: State, p: int) -> None:
    fig = FIG["smokehouse_star"]
    n = (_i(fig["cut_peat_per_cutter"]) * fishing_cutters(s.players[p])
         + _i(fig["cut_peat_per_fish_trap"]) * tool_value(s, p, C.FISH_TRAPS))
    F.push_cut(s, p, n, must=True)


def moor_farmers_house(s: State, p: int) -> None:
    if _moor_farm_options(s.players[p]):
        push(s, FR.TTBuilding(p, building="moor_farmers_house", n=1))


def fridericus_sluice(s: State, p: int) -> None:
    n = _i(FIG["fridericus_sluice"]["ditches_per_workbench"]) * tool_value(s, p, C.WORKBENCHES)
    _push_dig(s, p, n)


def homestead(s: State, p: int) -> None:
    an = s.players[p].animals
    fig = FIG["homestead"]
    gain(s, p, C.GRAIN, _i(fig["grain_per_horse"]) * an[C.HORSE])   # capped at 15 (T47)
    gain(s, p, C.FLAX, _i(fig["flax_per_cattle"]) * an[C.CATTLE])


def peat_barn(s: State, p: int) -> None:
    """One Cart per 3 ditches and per Peat Boat, from the limited supply, each taken
    or declined (barn rules: equipment may be returned to make room; T47)."""
    pl = s.players[p]
    fig = FIG["peat_barn"]
    n = (ditch_count(pl) // _i(fig["ditches_per_cart"])
         + _i(fig["carts_per_peat_boat"]) * F.count_equipment(pl, "peat_boat"))
    for _ in range(min(n, s.pool[C.TILE_POOL["cart"]])):
        push(s, FR.FreeEquipment(p, kinds=("cart",)))


def slaughterhouse(s: State, p: int) -> None:
    advance_tool(s, p, C.SLAUGHTERING_TABLES,
                 _i(FIG["slaughterhouse"]["slaughtering_tables_steps"]))


def caroline_sluice(s: State, p: int) -> None:
    gain(s, p, C.CLAY, _i(FIG["caroline_sluice"]["clay_per_ditch"]) * ditch_count(s.players[p]))
    if F.hydrated_moors(s.players[p]):
        push(s, FR.TTBuilding(p, building="caroline_sluice",
                              n=_i(FIG["caroline_sluice"]["moors_dehydrated"])))


def tea_factory(s: State, p: int) -> None:
    for r, n in _d(FIG["tea_factory"]["gives"]).items():
        gain(s, p, r, n)


def _color(b: str) -> str:
    return C.BUILDING_COLOR.get(b) or T.TT_BUILDING_COLOR[b]


def ale_house_inn(s: State, p: int) -> None:
    orange = sum(1 for b in s.players[p].buildings if _color(b) == "orange")
    for r, n in _d(FIG["ale_house_inn"]["per_orange_building"]).items():
        gain(s, p, r, n * orange)


def old_brickworks_inn(s: State, p: int) -> None:
    n = F.fields(s.players[p])
    if n:
        push(s, FR.TTBuilding(p, building="old_brickworks_inn", n=n))


def vossenhus_inn(s: State, p: int) -> None:
    """3 Peat per Vehicle in the barn: Plows, Peat Boats and ships are not (T32)."""
    vehicles = sum(1 for b in s.players[p].barn if b[0] in C.VEHICLES)
    gain(s, p, C.PEAT, _i(FIG["vossenhus_inn"]["peat_per_vehicle"]) * vehicles)


def farmers_inn_star(s: State, p: int) -> None:
    """Replace 1 Field by a Forest (or not), then exchange per Forest (T44)."""
    pl = s.players[p]
    if F.fields(pl) and s.pool["forest_park"] > 0:
        push(s, FR.TTBuilding(p, building="farmers_inn_star_forest",
                              n=_i(FIG["farmers_inn_star"]["fields_to_forest"])))
    else:
        _farmers_inn_exchange(s, p)


@effect("farmers_inn_exchange")
def _farmers_inn_exchange(s: State, p: int) -> None:
    n = F.count_tiles(s.players[p], "forest")
    if n:
        push(s, FR.TTBuilding(p, building="farmers_inn_star", n=n))


def old_smithy_inn(s: State, p: int) -> None:
    fig = FIG["old_smithy_inn"]
    for _ in range(min(_i(fig["plows"]), s.pool[C.TILE_POOL["plow"]])):
        push(s, FR.FreeEquipment(p, kinds=("plow",)))
    F.gain_animals(s, p, C.HORSE, _i(fig["horses"]))


def sluice_yard_inn_star(s: State, p: int) -> None:
    """A Large Fishing Cutter, free if a tile and a harbor space are left (T33), and
    1 Wood per Axe (as the Woodcutter)."""
    fig = FIG["sluice_yard_inn_star"]
    H.gain_ship(s, p, str(fig["gives_ship"]))
    gain(s, p, C.WOOD, _i(fig["wood_per_axe"]) * tool_value(s, p, C.AXES))


def mennonite_church(s: State, p: int) -> None:
    """A free Large Trading Ship (when a tile and a harbor space are left, T33), then
    up to 3 times 1 Linen for 5 Food, in one choice (``exchange K``)."""
    fig = FIG["mennonite_church"]
    H.gain_ship(s, p, str(fig["gives_ship"]))
    if _can_pay(s.players[p].res, _d(fig["pays"])):
        push(s, FR.TTBuilding(p, building="mennonite_church", n=_i(fig["exchanges"])))


def _wharf_options(s: State, p: int) -> list[str]:
    """What the Small Wharf may give now for its price: a Small Fishing Cutter (tile and
    harbor space left, T1 T9) and/or a Peat Boat (supply and barn room)."""
    fig = FIG["small_wharf"]
    if not _can_pay(s.players[p].res, _d(fig["pays"])):
        return []
    items = fig["gives_one_of"]
    assert isinstance(items, tuple)
    out = []
    for item in map(str, items):
        ok = (F.can_take_equipment(s, p, item) if item == "peat_boat"
              else H.can_take_ship(s, p, item))
        if ok:
            out.append(item)
    return out


def small_wharf(s: State, p: int) -> None:
    """Per 3 Ditches (they stay), 1 Timber for a Small Fishing Cutter or a Peat Boat,
    each optional (``take ITEM`` or ``done``)."""
    n = ditch_count(s.players[p]) // _i(FIG["small_wharf"]["ditches_per_item"])
    if n and _wharf_options(s, p):
        push(s, FR.TTBuilding(p, building="small_wharf", n=n))


def _smithy_options(s: State, p: int) -> list[str]:
    """What Smithy* may turn for its Food: a Vehicle or Peat Boat of the barn
    (``cart@2``, its front side) or a Small ship of the harbor (``fishing_cutter_small@h0``),
    each upward only (T2, T47); identical tiles are one option."""
    pl = s.players[p]
    if pl.res[C.FOOD] < _i(FIG["smithy_star"]["food_per_flip"]):
        return []
    out, seen = [], set()
    for i, b in enumerate(pl.barn):
        if b[0] in C.UPGRADES and tuple(b) not in seen:
            seen.add(tuple(b))
            out.append(f"{b[0]}@{i}")
    for i in H.flippable_ships(s, p):
        if tuple(pl.harbor[i]) not in seen:
            seen.add(tuple(pl.harbor[i]))
            out.append(f"{pl.harbor[i][0]}@h{i}")
    return out


def smithy_star(s: State, p: int) -> None:
    """Per Workbench, 2 Food to turn a Ship or Vehicle, each a different tile (T47):
    ``flip WHAT`` or ``done``."""
    n = _i(FIG["smithy_star"]["flips_per_workbench"]) * tool_value(s, p, C.WORKBENCHES)
    if n and _smithy_options(s, p):
        push(s, FR.TTBuilding(p, building="smithy_star", n=n))


def schnapps_factory(s: State, p: int) -> None:
    """4 Food per Trading Ship (small or large) in the Harbor and per Inn (T44)."""
    pl = s.players[p]
    fig = FIG["schnapps_factory"]
    ships = sum(1 for h in pl.harbor if T.SHIP_KIND[h[0]] == "trading_ship")
    inns = sum(1 for b in pl.buildings if _color(b) == "blue")
    food = _i(fig["food_per_trading_ship"]) * ships + _i(fig["food_per_inn"]) * inns
    if food:
        gain(s, p, C.FOOD, food)


def _castle_tiers() -> dict[int, int]:
    tiers = FIG["norderburg_castle"]["fields_to_food"]
    assert isinstance(tiers, dict)
    return {int(k): int(v) for k, v in tiers.items()}


def norderburg_castle(s: State, p: int) -> None:
    """Digging Spade +1 for free; then discard 4, 6 or 8 Fields (one tier, T47) for
    14, 19 or 24 Food, or none."""
    advance_tool(s, p, T.DIGGING_SPADE_TRACK, _i(FIG["norderburg_castle"]["digging_spades_steps"]))
    if F.fields(s.players[p]) >= min(_castle_tiers()):
        push(s, FR.TTBuilding(p, building="norderburg_castle", n=0))


def _castle_options(pl: Player) -> list[Action]:
    """``discard grain:G flax:F`` for each tier and split the Fields allow."""
    grain, flax = pl.grid.count("field_grain"), pl.grid.count("field_flax")
    out = []
    for tier in sorted(_castle_tiers()):
        for g in range(tier, -1, -1):
            if g <= grain and tier - g <= flax:
                out.append(Action("discard", (f"grain:{g}", f"flax:{tier - g}")))
    return out


def _castle_discard(s: State, p: int, a: Action) -> None:
    """``discard grain:G flax:F``: the tier's Food, then the Fields leave, Grain first:
    with ``choose_cells`` the owner names each Field's cell (``cell R,C``) where there
    is a choice (see :func:`_castle_field`)."""
    counts = [(side, int(k)) for side, _, k in (arg.partition(":") for arg in a.args)]
    gain(s, p, C.FOOD, _castle_tiers()[sum(k for _side, k in counts)])
    for side, k in reversed(counts):
        if k:
            push_eff(s, "castle_field", p, side, k, -1)


@effect("castle_field")
def _castle_field(s: State, p: int, side: str, k: int, after: int) -> None:
    """One of the ``k`` ``side`` Fields Norderburg Castle discards leaves the board.

    The Fields are named in cell order, each after the cell of the one before
    (``after``), so that each set of Fields is chosen one way only: the choices are
    the Fields of that side after ``after`` that leave enough Fields after them for
    the rest.  The first of them leaves at once (the engine's pick, the lowest cells
    first, as without ``choose_cells``); with ``choose_cells`` and a choice, the
    ``cell`` frame moves the gap to the chosen Field, and the next Field's ``after``
    becomes that cell (the frame's ``then="castle"``)."""
    pl = s.players[p]
    tile = "field_" + side
    fields = [i for i, t in enumerate(pl.grid) if t == tile and i > after]
    opts = fields[:len(fields) - k + 1]
    at = opts[0]
    pl.grid[at] = ""
    s.pool["field"] += 1
    if k > 1:
        push_eff(s, "castle_field", p, side, k - 1, at)
    if len(opts) > 1 and F.choose_cells(s):
        push(s, FR.Cell(p, tile=tile, at=at, cells=tuple(opts), gone=True,
                        then="castle" if k > 1 else ""))


ON_BUILD.update({
    "schnapps_factory": schnapps_factory, "norderburg_castle": norderburg_castle,
    "smithy_star": smithy_star, "small_wharf": small_wharf,
    "sluice_yard_inn_star": sluice_yard_inn_star, "mennonite_church": mennonite_church,
    "smokehouse_star": smokehouse_star, "moor_farmers_house": moor_farmers_house,
    "fridericus_sluice": fridericus_sluice, "homestead": homestead, "peat_barn": peat_barn,
    "slaughterhouse": slaughterhouse, "caroline_sluice": caroline_sluice,
    "tea_factory": tea_factory, "ale_house_inn": ale_house_inn,
    "old_brickworks_inn": old_brickworks_inn, "vossenhus_inn": vossenhus_inn,
    "farmers_inn_star": farmers_inn_star, "old_smithy_inn": old_smithy_inn,
})


# ---------------------------------------------------------------------------
# The one-time choices (frame ``tt_building``)
# ---------------------------------------------------------------------------
def _moor_farm_options(pl: Player) -> list[str]:
    """The Moor tiles the Moor Farmer's House may discard: ``m0``.. (hydrated or
    dehydrated, by column) and ``bw`` (the Small Boardwalk)."""
    out = [f"m{c}" for c in range(len(F.MOOR_CELLS))
           if pl.grid[F.MOOR_CELLS[c][0]] in ("moor", "dmoor")]
    if pl.grid[F.BOARDWALK_CELL] == "boardwalk":
        out.append("bw")
    return out


def _exchange_legal(s: State, p: int, n: int, pays: dict[int, int]) -> list[Action]:
    res = s.players[p].res
    out = []
    for k in range(1, n + 1):
        if not tea_payment_options(res, {r: k * m for r, m in pays.items()}):
            break
        out.append(Action("exchange", (str(k),)))
    return out + [DONE]


#: The exchanges of the one-time choices: building -> (figure paid, figure gained), each
#: once per count (Field, Forest, or the Mennonite Church's 3 times).
_EXCHANGES: Final = {
    "old_brickworks_inn": ("per_field_pays", "per_field_gives"),
    "farmers_inn_star": ("per_forest_pays", "per_forest_gives"),
    "mennonite_church": ("pays", "gives"),
}


#: One-time choices of other rules modules sharing this frame kind (the 3-player
#: specialization round, arle.engine.three): building -> (legal, apply).
CHOICES: Final[dict[str, tuple[Callable[[State, FR.TTBuilding], list[Action]],
                               Callable[[State, FR.TTBuilding, Action], None]]]] = {}


def _legal(s: State, f: FR.TTBuilding) -> list[Action]:
    p, b, pl = f.p, f.building, s.players[f.p]
    if b in CHOICES:
        return CHOICES[b][0](s, f)
    if b == "norderburg_castle":
        return _castle_options(pl) + [DONE]
    if b in _EXCHANGES:
        return _exchange_legal(s, p, f.n, _d(FIG[b][_EXCHANGES[b][0]]))
    if b == "farmers_inn_star_forest":
        return [Action("replace", (side,)) for side in ("grain", "flax")
                if "field_" + side in pl.grid] + [DONE]
    if b == "small_wharf":
        return [Action("take", (item,)) for item in _wharf_options(s, p)] + [DONE]
    if b == "smithy_star":
        return [Action("flip", (what,)) for what in _smithy_options(s, p)] + [DONE]
    if b == "caroline_sluice":
        return [Action("dehydrate", (f"m{c}",)) for c in F.hydrated_moors(pl)]
    assert b == "moor_farmers_house", b
    # "Discard": compulsory once built (the tile's only effect, like the base tiles').
    return [Action("discard", (k,)) for k in _moor_farm_options(pl)]


def _apply(s: State, f: FR.TTBuilding, a: Action) -> None:
    if f.building in CHOICES:
        CHOICES[f.building][1](s, f, a)
        return
    s.stack.pop()
    p, b, pl = f.p, f.building, s.players[f.p]
    if b == "norderburg_castle":
        if a.verb == "discard":
            _castle_discard(s, p, a)
        return
    if b == "smithy_star" and a.verb == "flip":
        # A flipped tile shows its upper side, so the next flip is of a different tile.
        pay(s, p, {C.FOOD: _i(FIG[b]["food_per_flip"])})
        do_upgrade(s, p, a.args[0])
        if f.n > 1 and _smithy_options(s, p):
            push(s, FR.TTBuilding(p, building=b, n=f.n - 1))
        return
    if b == "small_wharf" and a.verb == "take":
        # The next item is asked after this one is paid (the frame below the payment).
        if f.n > 1:
            push_eff(s, "small_wharf_next", p, f.n - 1)
        price = [_d(FIG[b]["pays"])]
        if a.args[0] == "peat_boat":
            pay_then(s, p, price, "take_equipment", "peat_boat")
        else:
            H.build_ship(s, p, a.args[0], payments=price)
        return
    if b == "farmers_inn_star_forest":
        # The exchange counts the Forests after the swap (T44).
        push_eff(s, "farmers_inn_exchange", p)
        if a.verb == "replace":
            F.replace_tile(pl, "field_" + a.args[0], "forest")
            s.pool["field"] += 1
            s.pool["forest_park"] -= 1
        return
    if a.verb == "done":
        return
    if a.verb == "exchange":
        k = int(a.args[0])
        pays = {r: k * m for r, m in _d(FIG[b][_EXCHANGES[b][0]]).items()}
        pay_then(s, p, tea_payment_options(pl.res, pays), "tt_exchange_gain", b, k)
    elif a.verb == "dehydrate":
        F.dehydrate(pl, int(a.args[0][1:]))
    elif a.verb == "discard":
        _discard_moor(s, p, a.args[0])


@effect("small_wharf_next")
def _small_wharf_next(s: State, p: int, n: int) -> None:
    if _wharf_options(s, p):
        push(s, FR.TTBuilding(p, building="small_wharf", n=n))


@effect("tt_exchange_gain")
def _exchange_gain(s: State, p: int, b: str, k: int) -> None:
    for r, n in _d(FIG[b][_EXCHANGES[b][1]]).items():
        gain(s, p, r, n * k)


def _discard_moor(s: State, p: int, which: str) -> None:
    """Moor Farmer's House: the tile goes, Peat and all; Grain Fields go on the 1 or 2
    spaces it leaves, as many as the supply holds (T47)."""
    pl = s.players[p]
    if which == "bw":
        pl.grid[F.BOARDWALK_CELL] = ""
        pl.bw_peat = 0
        cells = [F.BOARDWALK_CELL]
    else:
        c = int(which[1:])
        F.remove_moor(pl, c)
        cells = list(F.MOOR_CELLS[c])
    side = str(FIG["moor_farmers_house"]["field"])
    for cell in cells:
        if s.pool[C.TILE_POOL[side]] <= 0:
            break
        s.pool[C.TILE_POOL[side]] -= 1
        pl.grid[cell] = side
    F.check_housing(s, p)


@frame(FR.TTBuilding)
class TTBuildingChoice:
    """The one-time choices: ``exchange K`` (Old Brickworks Inn, Farmer's Inn*, Mennonite
    Church),
    ``replace grain|flax`` (Farmer's Inn*), ``take fishing_cutter_small|peat_boat``
    (Small Wharf), ``flip cart@2|fishing_cutter_small@h0`` (Smithy*), ``dehydrate m1`` (Caroline Sluice),
    ``discard m0|bw`` (Moor Farmer's House, compulsory), ``discard grain:3 flax:1``
    (Norderburg Castle), ``specialize TRACK|HOUSE`` (the 3-player specialization round,
    arle.engine.three), or ``done``."""

    legal = staticmethod(_legal)
    apply = staticmethod(_apply)
