"""Every action the engine can offer, for fixed action spaces (research envs).

>>> import arle
>>> from arle.actionspace import every_action
>>> acts = every_action(barn_slots=8, max_newborns=13)
>>> arle.Action("place", ("fisherman",)) in acts
True
>>> tt = every_action(8, 13, expansion="tea-and-trade")
>>> acts < tt and arle.Action("dig", ("v(3,0)",)) in tt
True
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from arle.actions import Action

__all__ = ["BARN_SLOTS", "EXPANSIONS", "HARBOR_SLOTS", "every_action", "three_player_actions",
           "tt_version_three_actions"]

#: The expansions with an action catalog of their own.
EXPANSIONS = ("tea-and-trade",)
#: Barn positions an action may name (the barn holds at most 7 pieces; one spare): the
#: fixed action spaces and the observations of research interfaces index the barn up
#: to here.
BARN_SLOTS = 8
#: Harbor positions an expansion action may name (``load hI ...``, ``SHIP@hI``,
#: ``trade I ...``): the harbor holds 2 Fishing Cutters and 2 Trading Ships.
HARBOR_SLOTS = 4


@lru_cache(maxsize=8)
def every_action(barn_slots: int, max_newborns: int,
                 expansion: str | None = None) -> frozenset[Action]:
    """Every action of the game (promo actions included), harvested from the engine's
    own decision frames and action generators; arguments naming a barn position run
    over ``0 .. barn_slots - 1`` and newborn vectors hold at most ``max_newborns``
    animals.  The same for every base game.

    ``expansion="tea-and-trade"`` adds every action of the expansion (a superset of the
    base game's): Tea placements, ditches, cells, dike columns, ships, trades, the new
    spaces and buildings, and their payments."""
    if not (type(barn_slots) is int and barn_slots >= 1
            and type(max_newborns) is int and max_newborns >= 0):
        raise ValueError("barn_slots must be >= 1 and max_newborns >= 0 (whole numbers)")
    if expansion is not None and expansion not in EXPANSIONS:
        raise ValueError(f"unknown expansion {expansion!r} (known: {', '.join(EXPANSIONS)})")
    base = _base(barn_slots, max_newborns)
    if expansion is None:
        return base
    return (base | frozenset(_tea_and_trade(barn_slots)) | three_player_actions()
            | tt_version_three_actions())


@lru_cache(maxsize=1)
def tt_version_three_actions() -> frozenset[Action]:
    """The expansion's actions new in version 3 of its catalog (appended after the
    others so that earlier indices keep their meaning): Tea and the double use on the
    3-player Imitate spaces (``place imitate_K tea|eftea|twice``, T36, T37) and the
    trades written without their payment where the table has several ways to pay but
    the player only one (``trade I england``, ``trade I norway``)."""
    from arle.data import tea_trade as T
    from arle.engine import harbor as H

    out = {Action("place", (sp, how)) for sp in T.IMITATE_SPACES
           for how in ("tea", "eftea", "twice")}
    for i in range(HARBOR_SLOTS):
        for dest, ways in H.WAYS.items():
            if len(ways) > 1:
                out.add(Action("trade", (str(i), dest)))
    return frozenset(out)


@lru_cache(maxsize=1)
def three_player_actions() -> frozenset[Action]:
    """The actions only 3-player games (Tea & Trade) offer: the 3-player spaces and the
    Imitate spaces (``place SPACE [tea|eftea|twice]``, ``imitate SPACE``), the
    specialization round's ``specialize TRACK|HOUSE``, Norderburg Castle's
    ``discard grain:G flax:F`` and the payments of the specialization house; actions
    the 1-2 player expansion already has are included (this is a superset test's set,
    :data:`arle.env.catalog.TT_CATALOG` appends the new ones after the others)."""
    import arle
    from arle.data import catalog as C
    from arle.data import tea_trade as T
    from arle.engine import three as TH
    from arle.engine import tt_buildings as TB
    from arle.engine.core import payment_text

    out: set[Action] = set()
    for sp in TH.ALL_SPACES_3P + T.IMITATE_SPACES:
        out.add(Action("place", (sp,)))
        for how in ("tea", "eftea", "twice"):
            out.add(Action("place", (sp, how)))
        if sp not in T.IMITATE_SPACES:
            out.add(Action("imitate", (sp,)))
    for tool in T.TT_TOOLS:
        out.add(Action("specialize", (tool,)))
    for b in tuple(C.BUILDINGS) + tuple(T.TT_BUILDINGS):
        if TH._green(b):
            out.add(Action("specialize", (b,)))
    # Norderburg Castle: every tier and split of discarded Fields.
    for tier in TB._castle_tiers():
        for g in range(tier + 1):
            out.add(Action("discard", (f"grain:{g}", f"flax:{tier - g}")))
    # The specialization house's payments (2 building materials, 2 Grain), ample goods.
    s = arle.new_game(players=3, seed=0, expansion="tea-and-trade")
    res = s.players[0].res
    for r in range(len(res)):
        res[r] = 12
    for o in TH.house_payments(s, 0):
        text = payment_text(o)
        if text:
            out.add(Action("pay", text))
    return frozenset(out)


@lru_cache(maxsize=4)
def _base(barn_slots: int, max_newborns: int) -> frozenset[Action]:
    from arle.engine.catalog import harvest
    return harvest(barn_slots, max_newborns)


def _tea_and_trade(barn_slots: int) -> Iterator[Action]:
    """The Tea & Trade actions: enumerated over the expansion's tables (every space,
    ship, edge, cell, trade and one-time choice), payments through the engine's own
    payment functions in a position with ample goods."""
    import arle
    from arle.data import catalog as C
    from arle.data import tea_trade as T
    from arle.engine import buildings as B
    from arle.engine import ditches as D
    from arle.engine import harbor as H
    from arle.engine import spaces as SP
    from arle.engine import tt_buildings as TB
    from arle.engine import vehicles as V
    from arle.engine.core import payment_options, payment_text

    spaces = (tuple(C.SPACES) + T.TT_SUMMER_SPACES_2P + T.TT_WINTER_SPACES_2P)
    for sp in spaces:
        yield Action("place", (sp,))
        for how in ("tea", "eftea", "twice"):
            yield Action("place", (sp, how))
        yield Action("imitate", (sp,))
    yield Action("again")
    yield Action("again", ("unpaid",))
    for b in T.TT_BUILDINGS:
        yield Action("build", (b,))
    for tool in T.TT_TOOLS:
        yield Action("tool", (tool,))
    # Ditches (32 edges), cells (7 x 3) and the dike columns of a "+1 Dike" (3 x 3).
    for e in range(D.N_EDGES if hasattr(D, "N_EDGES") else 32):
        yield Action("dig", (D.edge_name(e),))
    for r in range(C.ROWS):
        for c in range(C.COLS):
            yield Action("cell", (f"{r},{c}",))
    for c1 in range(C.COLS):
        for c2 in range(C.COLS):
            yield Action("dike", (str(c1), str(c2)))
    # Ships: building, loading, returning, flipping, trading.
    for ship in T.SHIPS:
        yield Action("ship", (ship,))
        for i in range(HARBOR_SLOTS):
            yield Action("return", (f"{ship}@h{i}",))
            if ship in T.SHIP_UPGRADES:
                yield Action("upgrade", (f"{ship}@h{i}",))
                yield Action("flip", (f"{ship}@h{i}",))
            for item in H.SHIP_LOADS:
                for j in H.placements(ship, [""] * T.SHIPS[ship].spaces, H.LOAD_SIZE[item]):
                    yield Action("load", (f"h{i}", str(j), item))
    for i in range(HARBOR_SLOTS):
        for dest, ways in H.WAYS.items():
            for name, _cost in ways:
                yield Action("trade", (str(i), dest, name) if len(ways) > 1 else (str(i), dest))
    # Tea on any single space of a vehicle (T6, unless an option keeps it to ships).
    for kind in C.VEHICLES:
        for j in V.placements_for(kind, [""] * len(C.VEHICLE_CELLS[kind]), 1):
            for i in range(barn_slots):
                yield Action("load", (str(i), str(j), "tea"))
    # Green houses' anytime uses.
    fig = T.TT_BUILDING_FIGURES
    yield Action("use", ("chicken_farm",))
    yield Action("use", ("dehydration_mill",))
    names = {C.LINEN: "linen", C.WOOLEN: "woolen", C.LEATHER: "leather"}
    k = int(fig["tea_office"]["different_fabrics"])  # type: ignore[call-overload]
    for kinds in combinations(TB.FABRICS, k):
        yield Action("use", ("tea_office", *(names[r] for r in kinds)))
    k = int(fig["animal_market"]["animals"])  # type: ignore[call-overload]
    for sheep in range(k + 1):
        for cattle in range(k + 1 - sheep):
            yield Action("use", ("animal_market", str(sheep), str(cattle),
                                 str(k - sheep - cattle)))
    # The one-time choices (frame ``tt_building``).
    cells = C.ROWS * C.COLS
    for n in range(1, cells + 1):
        yield Action("exchange", (str(n),))
    for side in ("grain", "flax"):
        yield Action("replace", (side,))
    gives = fig["small_wharf"]["gives_one_of"]
    assert isinstance(gives, tuple)
    for item in gives:
        yield Action("take", (str(item),))
    for kind in C.UPGRADES:
        for i in range(barn_slots):
            yield Action("flip", (f"{kind}@{i}",))
    for c in range(3):
        yield Action("dehydrate", (f"m{c}",))
        yield Action("discard", (f"m{c}",))
    yield Action("discard", ("bw",))
    # Payments, with ample goods.
    s = arle.new_game(players=2, seed=0, expansion="tea-and-trade")
    res = s.players[0].res
    for r in range(len(res)):
        res[r] = 12
    opts: list[dict[int, int]] = []
    for b in T.TT_BUILDINGS:
        opts += B.building_payments(s, 0, b)
    for ship in T.SHIPS:
        opts += H.ship_payments(s, 0, ship)
    for t in range(len(T.TT_TOOLS)):
        opts += SP.tool_step_options(s, 0, t)
    for f in fig.values():
        for key, cost in f.items():
            if "pays" in key and isinstance(cost, dict):
                for n in range(1, int(f.get("exchanges", 1)) + 1):  # type: ignore[call-overload]
                    scaled = {r: n * m for r, m in cost.items()}
                    opts += B.tea_payment_options(res, scaled)
                    opts += payment_options(res, scaled)
    for o in opts:
        text = payment_text(o)
        if text:
            yield Action("pay", text)
