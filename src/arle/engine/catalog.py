"""Every action the engine can offer, harvested from its own frames and generators.

The research action catalog (:mod:`arle.env.catalog`) reaches this through
:func:`arle.actionspace.every_action`.  Most entries are *harvested*: the engine's own
decision frames and action generators are asked for their legal actions in synthetic
positions rich enough to offer every choice they can ever offer (all tools at their
last space, full supplies, one of every vehicle in the barn, every kind of Moor tile,
...), so the text is exactly what the engine prints.  Payments (``pay ...``) come from
every cost source of the game through the engine's payment functions with ample goods.
Arguments that index something of unbounded arrangement are then widened to their whole
domain: barn positions (``load I J ITEM``, ``upgrade KIND@I``, ``return KIND@I``) to
``0 .. barn_slots - 1``; newborns (``breed S C H``) to every vector with at most
``max_newborns`` animals.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

import arle
from arle.actions import Action
from arle.data import catalog as C
from arle.engine import buildings as B
from arle.engine import core
from arle.engine import farm as F
from arle.frames import FRAME_TYPES
from arle.engine import inventory as INV
from arle.engine import spaces as SP
from arle.engine import vehicles as V
from arle.state import State

__all__ = ["harvest"]

# ---------------------------------------------------------------------------
# Synthetic positions
# ---------------------------------------------------------------------------
_EQUIPMENT_KIND: Final = re.compile(r"^([a-z_]+)@(\d+)$")


def _rich(players: int = 2) -> State:
    """A promo game whose player 0 can afford anything and owns a bit of everything."""
    s = arle.new_game(players=players, seed=0, buildings="random", promos=True)
    s.stack = []
    s.phase = "work"
    pl = s.players[0]
    pl.res = [0] * len(C.RESOURCES)
    for r in range(len(C.RESOURCES)):
        pl.res[r] = 12
    pl.res[C.FOOD] = C.FOOD_CAP - 1
    for r in (C.GRAIN, C.FLAX, C.HIDE, C.WOOL):
        pl.res[r] = C.GOOD_CAP - 1
    pl.animals = [6, 6, 6]
    pl.tools = [len(v) - 1 for v in C.TOOL_VALUES]
    pl.dikes = C.MAX_DIKE_MOVES
    pl.grid = [""] * (C.ROWS * C.COLS)
    for i, tile in enumerate(("forest", "stall", "stable", "field_grain", "field_flax",
                              "field_grain", "field_flax", "field_grain", "field_flax",
                              "park", "depot", "double_stall")):
        pl.grid[i] = tile
    pl.grid[F.BOARDWALK_CELL] = "boardwalk"
    pl.bw_peat = C.START_BOARDWALK_PEAT
    for a, b in F.MOOR_CELLS:
        pl.grid[a] = pl.grid[b] = "moor"
    pl.moor_peat = [0, 0, 0]
    pl.barn = []
    pl.buildings = []
    pl.travel = []
    s.pool = {k: 9 for k in set(C.TILE_POOL.values())}
    s.occupied = {}
    s.special = -1
    s._legal = None
    return s


def _moor_variants() -> Iterator[State]:
    """Positions with every kind of Moor tile (wet, or dehydrated holding k Peat) in
    each column, the Small Boardwalk with every amount of Peat, or neither."""
    peat_max = max(C.MOOR_PEAT, C.START_BOARDWALK_PEAT)
    for col in range(3):
        for k in range(peat_max + 1):
            s = _rich()
            pl = s.players[0]
            for c, (a, b) in enumerate(F.MOOR_CELLS):
                pl.grid[a] = pl.grid[b] = ""
                if c == col:
                    pl.grid[a] = pl.grid[b] = "dmoor" if k else "moor"
                    pl.moor_peat[c] = k
            pl.grid[F.BOARDWALK_CELL] = "boardwalk" if k else ""
            pl.bw_peat = k
            yield _with_barn(s, ("plow", "peat_boat"))


def _with_barn(s: State, kinds: Iterable[str]) -> State:
    s.players[0].barn = [[k] + [""] * len(C.VEHICLE_CELLS.get(k, ())) for k in kinds]
    s._legal = None
    return s


def _frame(s: State, t: str, **kw: Any) -> list[Action]:
    f = FRAME_TYPES[t](0, **kw)
    return core.FRAMES[t].legal(s, f)


# ---------------------------------------------------------------------------
# Harvest
# ---------------------------------------------------------------------------
def _harvest_turn() -> Iterator[Action]:
    s = _rich(players=2)
    yield from SP.placements(s, 0)
    s.turn = 0
    s.stack = []
    yield from core._own_legal(s)          # place ... + skip + anytime actions
    s.turn = core.workers_total(s)
    yield from core._own_legal(s)          # end + anytime actions
    yield from _frame(s, "final")


def _harvest_frames() -> Iterator[Action]:
    s = _rich()
    everything = ("build", "forest", "stall", "stable", "wood", "vehicle", "imitate")
    for sp in C.SPACES:
        s2 = _rich(players=2)
        s2.board = list(C.BUILDINGS)
        s2.occupied = {x: 1 for x in C.SPACES}
        yield from _frame(s2, "space_choice", opts=everything, space=sp)
    yield from _frame(s, "optional_animal", kinds=C.ANIMALS)
    yield from _frame(s, "take_animal", kinds=C.ANIMALS)
    yield from _frame(s, "grocer")
    yield from _frame(s, "merchant")
    yield from _frame(s, "colonist")
    for n in sorted(set(C.TOOL_VALUES[C.POTTERY_WHEELS])):
        yield from _frame(s, "animals_choice", n=n)
    yield from _frame(_rich(), "free_equipment", kinds=C.EQUIPMENT)
    for kind in SP.CONV_TOOL:
        yield from _frame(s, "convert", kind=kind)
    yield from _frame(s, "butcher")
    s_tools = _rich()
    s_tools.players[0].tools = [0] * len(C.TOOLS)   # every track can still move
    yield from _frame(s_tools, "master", n=-1, moved=())
    yield from _frame(_rich(), "farmer", built=False, fields=0)
    yield from _frame(_rich(), "wainwright", vehicle=False, boat=False)
    yield from _frame(_rich(), "plow_maker")
    yield from _frame(s, "before_november", left=C.LIGHT_GREEN)
    yield from _frame(s, "fields_to_forests")
    yield from _frame(_with_barn(_rich(), ("peat_boat", "handcart", "wagon")), "smithy")
    s3 = _rich()
    s3.players[0].animals = [9, 9, 9]     # more than fit: the house frame asks
    s3.players[0].grid = [""] * (C.ROWS * C.COLS)
    s3.players[0].dikes = 0
    yield from _frame(s3, "house")
    for sm in _moor_variants():
        yield from _frame(sm, "upgrade")
        yield from _frame(sm, "remove_moors")
        yield from _frame(sm, "colonist")
        yield from _frame(sm, "cut", n=max(max(v) for v in C.TOOL_VALUES), must=False)
        for dest in C.DESTINATIONS:
            yield from _frame(sm, "sell", dest=dest, sold=())
        # Sales after a first one (``done`` appears once something was sold).
        yield from _frame(sm, "sell", dest=C.DESTINATIONS[0], sold=("x",))
    su = _with_barn(_rich(), [k for k in C.EQUIPMENT if k in C.UPGRADES])
    yield from _frame(su, "upgrade")


def _harvest_inventory(max_newborns: int) -> Iterator[Action]:
    for season_half in (1, 2):
        for food_short in range(C.SUSTENANCE_FOOD + 1):
            for fuel_short in range(C.SUSTENANCE_PEAT_NOVEMBER + 1):
                s = _rich()
                s.half_year = season_half
                pl = s.players[0]
                pl.res[C.FOOD] = 0
                pl.res[C.GRAIN] = C.SUSTENANCE_FOOD - food_short
                pl.res[C.PEAT] = C.SUSTENANCE_PEAT_NOVEMBER - fuel_short
                pl.animals = [C.SUSTENANCE_FOOD] * 3
                pl.res[C.WOOD] = pl.res[C.TIMBER] = C.SUSTENANCE_PEAT_NOVEMBER
                yield from INV.feed_options(s, 0)
    # Breeding: every newborn vector with at most max_newborns animals.
    sb = _rich()
    for a in range(max_newborns + 1):
        for b in range(max_newborns + 1 - a):
            for c in range(max_newborns + 1 - a - b):
                yield from _frame(sb, "breed", opts=((a, b, c),))


def _harvest_anytime() -> Iterator[Action]:
    s = _rich()
    s.players[0].buildings = list(C.BUILDINGS)   # every dark-green house (and Loading Station)
    vehicles = [k for k in C.VEHICLES]
    _with_barn(s, vehicles + ["peat_boat", "plow"])
    for gen, _apply in core.ANYTIME.values():
        yield from gen(s, 0, "work")
        yield from gen(s, 0, "game")


def _harvest_payments() -> Iterator[Action]:
    """``pay`` options from every cost source, with ample goods."""
    opts: list[dict[int, int]] = []
    s = _rich()
    s.players[0].animals = [6, 6, 6]
    for b in C.BUILDINGS:
        opts += B.building_payments(s, 0, b)
    for t in range(len(C.TOOLS)):
        opts += SP.tool_step_options(s, 0, t)
    for kind in C.EQUIPMENT_COST:
        opts += SP.equipment_payment(s, 0, kind)
    for animal in (C.CATTLE, C.HORSE):
        opts += SP.plow_payment(s, 0, animal)
    opts += SP.stall_payment(s, 0)
    opts += SP.stable_payment(s, 0)
    s2 = _rich()
    for kind, tool in SP.CONV_TOOL.items():
        for n in range(1, max(C.TOOL_VALUES[tool]) + 1):
            # The Baker's cost depends on the Grain and Peat at hand (Flax and Wood
            # stand in for what is missing): try every shortfall.
            for grain in range(n + 1):
                for peat in range(n + 1):
                    s2.players[0].res[C.GRAIN] = grain
                    s2.players[0].res[C.PEAT] = peat
                    cost = SP._conv_cost(s2, 0, kind, n)
                    opts += core.payment_options(s2.players[0].res, cost)
    seen: set[tuple[str, ...]] = set()
    for o in opts:
        text = core.payment_text(o)
        if text and text not in seen:
            seen.add(text)
            yield Action("pay", text)


def _widen(actions: Iterable[Action], barn_slots: int) -> Iterator[Action]:
    """Barn positions to their whole domain."""
    for a in actions:
        yield a
        if a.verb == "load":
            for i in range(barn_slots):
                yield Action("load", (str(i),) + a.args[1:])
        elif a.verb in ("upgrade", "return"):
            m = _EQUIPMENT_KIND.match(a.args[0]) if a.args else None
            if m:
                for i in range(barn_slots):
                    yield Action(a.verb, (f"{m.group(1)}@{i}",) + a.args[1:])


def _all_load_cells() -> Iterator[Action]:
    """``load 0 J ITEM`` for every start cell J some vehicle offers an item of its size."""
    items = list(C.LOAD_SIZE) + list(C.DESTINATIONS)
    for kind in C.VEHICLES:
        empty = [""] * len(C.VEHICLE_CELLS[kind])
        for item in items:
            for j in V.placements_for(kind, empty, V.item_size(item)):
                yield Action("load", ("0", str(j), item))


def _all_equipment_returns() -> Iterator[Action]:
    for kind in C.EQUIPMENT:
        yield Action("return", (f"{kind}@0",))


def harvest(barn_slots: int, max_newborns: int) -> frozenset[Action]:
    """Every action the engine can offer (unsorted), barn positions widened to
    ``0 .. barn_slots - 1`` and newborns to vectors of at most ``max_newborns``."""
    found: set[Action] = set()
    for gen in (_harvest_turn, _harvest_frames, lambda: _harvest_inventory(max_newborns),
                _harvest_anytime, _harvest_payments, _all_load_cells,
                _all_equipment_returns):
        found.update(_widen(gen(), barn_slots))
    found.update((Action("done"), Action("skip"), Action("end"), Action("finish")))
    return frozenset(found)
