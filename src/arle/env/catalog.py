"""The fixed action space: every action of the game at a stable integer index.

The catalog is generated, not written by hand.  Most entries are *harvested*: the
engine's own decision frames and action generators are asked for their legal actions in
synthetic positions rich enough to offer every choice they can ever offer (all tools at
their last space, full supplies, one of every vehicle in the barn, every kind of Moor
tile, ...), so the text is exactly what the engine prints.  Payments (``pay ...``) come
from every cost source of the game through the engine's payment functions with ample
goods.  Arguments that index something of unbounded arrangement are then widened to
their whole domain: barn positions (``load I J ITEM``, ``upgrade KIND@I``,
``return KIND@I``) to ``0 .. BARN_SLOTS - 1``; newborns (``breed S C H``) to every
vector with at most :data:`MAX_NEWBORNS` animals.

The catalog is the same for every game (promo actions included), sorted by
:func:`sort_key` (verb, then arguments with numbers compared as numbers), so an index
never depends on dict or set order.

>>> from arle.env.catalog import CATALOG
>>> i = CATALOG.index("place fisherman")
>>> CATALOG.text(i), CATALOG.action(i)
('place fisherman', Action(verb='place', args=('fisherman',)))
>>> import arle
>>> s = arle.new_game(players=1, seed=1)
>>> mask = CATALOG.mask(s)
>>> int(mask.sum()) == len(s.legal_actions())
True
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

import arle
from arle.actions import Action
from arle.data import catalog as C
from arle.engine import buildings as B
from arle.engine import core
from arle.engine import farm as F
from arle.engine.frames import FRAME_TYPES
from arle.engine import inventory as INV
from arle.engine import spaces as SP
from arle.engine import vehicles as V
from arle.state import State

__all__ = ["BARN_SLOTS", "CATALOG", "ActionCatalog", "MAX_NEWBORNS", "UncataloguedActionError",
           "build_catalog", "sort_key", "uncatalogued"]

#: Barn positions an action may name (the barn holds at most 7 pieces; one spare).
BARN_SLOTS = 8
#: Newborns in one May: at most one per Stall and two per Stable, and a farm holds at
#: most 7 Stall/Stable tiles; 13 leaves a margin over the reachable maximum (10).
MAX_NEWBORNS = 13

Mask = npt.NDArray[np.int8]


class UncataloguedActionError(KeyError):
    """A legal action of the engine that the catalog does not hold."""


# ---------------------------------------------------------------------------
# Ordering
# ---------------------------------------------------------------------------
_DIGITS = re.compile(r"(\d+)")

ArgKey = tuple[str | int, ...]


def _arg_key(arg: str) -> ArgKey:
    """Natural order: text chunks and numbers alternate (``flax:2`` < ``flax:10``)."""
    parts = _DIGITS.split(arg)
    return tuple(int(x) if i % 2 else x for i, x in enumerate(parts))


def sort_key(a: Action) -> tuple[str, tuple[ArgKey, ...]]:
    """Stable catalog order: verb, then each argument in natural order."""
    return (a.verb, tuple(_arg_key(x) for x in a.args))


# ---------------------------------------------------------------------------
# Synthetic positions
# ---------------------------------------------------------------------------
_EQUIPMENT_KIND = re.compile(r"^([a-z_]+)@(\d+)$")


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


def _harvest_inventory() -> Iterator[Action]:
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
    # Breeding: every newborn vector with at most MAX_NEWBORNS animals.
    sb = _rich()
    for a in range(MAX_NEWBORNS + 1):
        for b in range(MAX_NEWBORNS + 1 - a):
            for c in range(MAX_NEWBORNS + 1 - a - b):
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


def _widen(actions: Iterable[Action]) -> Iterator[Action]:
    """Barn positions to their whole domain."""
    for a in actions:
        yield a
        if a.verb == "load":
            for i in range(BARN_SLOTS):
                yield Action("load", (str(i),) + a.args[1:])
        elif a.verb in ("upgrade", "return"):
            m = _EQUIPMENT_KIND.match(a.args[0]) if a.args else None
            if m:
                for i in range(BARN_SLOTS):
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


def build_catalog() -> tuple[Action, ...]:
    """Generate the catalog (sorted, without duplicates)."""
    found: set[Action] = set()
    for gen in (_harvest_turn, _harvest_frames, _harvest_inventory, _harvest_anytime,
                _harvest_payments, _all_load_cells, _all_equipment_returns):
        found.update(_widen(gen()))
    found.update((Action("done"), Action("skip"), Action("end"), Action("finish")))
    return tuple(sorted(found, key=sort_key))


# ---------------------------------------------------------------------------
# The catalog object
# ---------------------------------------------------------------------------
_UNCATALOGUED: set[str] = set()


def uncatalogued() -> list[str]:
    """Legal actions seen by :meth:`ActionCatalog.mask` that the catalog lacks."""
    return sorted(_UNCATALOGUED)


class ActionCatalog:
    """Index <-> :class:`~arle.Action` <-> text for a fixed tuple of actions."""

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self.actions = actions
        self.texts = tuple(str(a) for a in actions)
        self._by_action = {a: i for i, a in enumerate(actions)}
        self._by_text = {t: i for i, t in enumerate(self.texts)}

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def size(self) -> int:
        return len(self.actions)

    def index(self, action: Action | str) -> int:
        """The index of an action or its text (UncataloguedActionError if absent)."""
        try:
            if isinstance(action, str):
                i = self._by_text.get(action)
                if i is None:
                    i = self._by_action[Action.from_text(action)]
                return i
            return self._by_action[action]
        except KeyError:
            raise UncataloguedActionError(f"action {str(action)!r} is not in the catalog") from None

    def action(self, index: int) -> Action:
        return self.actions[int(index)]

    def text(self, index: int) -> str:
        return self.texts[int(index)]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            return action in self._by_text
        return action in self._by_action

    def legal_indices(self, state: State) -> list[int]:
        """Sorted catalog indices of the legal actions of ``state``.

        A legal action missing from the catalog is left out (and remembered, see
        :func:`uncatalogued`, with a warning); if no legal action is catalogued this
        raises :class:`UncataloguedActionError`.
        """
        legal = state.legal_actions()
        try:
            return sorted(map(self._by_action.__getitem__, legal))
        except KeyError:
            return self._legal_indices_slow(legal)

    def _legal_indices_slow(self, legal: list[Action]) -> list[int]:
        out = []
        missing = None
        for a in legal:
            i = self._by_action.get(a)
            if i is None:
                missing = a
                if str(a) not in _UNCATALOGUED:
                    _UNCATALOGUED.add(str(a))
                    warnings.warn(f"legal action {str(a)!r} is not in the arle.env catalog",
                                  RuntimeWarning, stacklevel=3)
            else:
                out.append(i)
        if missing is not None and not out:
            raise UncataloguedActionError(
                f"no legal action of this state is catalogued (e.g. {str(missing)!r})")
        out.sort()
        return out

    def mask(self, state: State) -> Mask:
        """The 0/1 ``int8`` mask of legal indices (all zero once the game is over)."""
        m = np.zeros(len(self.actions), dtype=np.int8)
        if not state.is_terminal():
            m[self.legal_indices(state)] = 1
        return m


#: The catalog of this engine version.
CATALOG = ActionCatalog(build_catalog())
