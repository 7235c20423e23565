"""Tea & Trade: the Harbor Board, its ships, loading them and the Inventory's trades.

A player's harbor is ``Player.harbor``: one item per ship, as the barn's items are,
``[ship id, load of space 0, load of space 1, ...]`` ("" an empty space, "+" a space
covered by the tile of a space to its left).  Figures come from
:mod:`arle.data.tea_trade` (costs, VP, spaces and flips are its UNCONFIRMED table Z).

For other engine modules (the buildings that give or build ships):

- :func:`can_take_ship` ``(s, p, ship)``: a tile of that kind is left in the shared
  supply (T1) and the player's harbor has a free space of its kind (T9);
- :func:`ship_payments` ``(s, p, ship)``: the ways to pay the ship's printed cost
  (Timber for Wood), empty when it cannot be taken or paid;
- :func:`build_ship` ``(s, p, ship, payments=None)``: pay (a ``pay`` decision when there
  are several ways) and then take the ship; ``payments`` (exact payments, of which the
  affordable ones are offered) replaces the printed cost (the Small Wharf's 1 Timber);
  nothing happens when none can be paid or the ship cannot be taken; the ship comes
  with the ``take_ship`` effect once paid, as equipment does;
- :func:`gain_ship` ``(s, p, ship)``: take it for free if possible, else nothing (T33);
- :func:`flippable_ships` / :func:`flip_ship`: Small -> Large, loads kept (T2).

Anytime (Work Phase): ``load hI J ITEM`` loads ship I of the harbor at space J, like a
vehicle but never with a Travel Destination (T26) nor the Loading Station's Peat;
``return SHIP@hI`` gives an empty ship back to the supply (T9).  At each Inventory,
inside "Empty Vehicles (and Ships)" (T27): the cutters' Food, then the trades of every
player (``trade I DEST [PAYMENT]``), then the ships are emptied with the vehicles.
"""

from __future__ import annotations

from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle import frames as FR
from typing import Callable, Final

from arle.engine.core import _unlinked, effect, frame, gain, pay, pay_then, payment_options, \
    push, replace_top
from arle.state import Player, State

DONE: Final = Action("done")

# The equipment rules of spaces.py (which imports this module), linked by it when it is
# imported (importing arle.engine imports every rules module and checks the links).
equipment_payment: Callable[[State, int, str], list[dict[int, int]]] = _unlinked
vehicle_actions: Callable[[State, int], list[Action]] = _unlinked
buy_equipment: Callable[[State, int, str], None] = _unlinked


def link_spaces(equipment_payment_: Callable[[State, int, str], list[dict[int, int]]],
                vehicle_actions_: Callable[[State, int], list[Action]],
                buy_equipment_: Callable[[State, int, str], None]) -> None:
    """spaces.py's equipment rules, which the Shipwright frame offers."""
    global equipment_payment, vehicle_actions, buy_equipment
    equipment_payment, vehicle_actions, buy_equipment = \
        equipment_payment_, vehicle_actions_, buy_equipment_


def linked() -> bool:
    """Whether every rule of a module above this one is linked."""
    return _unlinked not in (equipment_payment, vehicle_actions, buy_equipment)
#: What may be loaded on a ship: the vehicles' goods but Peat (T26), and Tea (T6).
SHIP_LOADS: Final = ("wood", "clay", "linen", "woolen", "leather", "tea")
LOAD_COST: Final = {**{k: C.LOAD_COST[k] for k in SHIP_LOADS if k != "tea"}, "tea": {T.TEA: 1}}
LOAD_RESULT: Final = {**{k: C.RESOURCES[C.LOAD_RESULT[k]] for k in SHIP_LOADS if k != "tea"},
               **{k: T.TT_RESOURCES[r] for k, r in T.TEA_LOAD_RESULT.items()}}
LOAD_SIZE: Final = {**{k: C.LOAD_SIZE[k] for k in SHIP_LOADS if k != "tea"}, **T.TEA_LOAD_SIZE}
#: Sizes of what may lie on a ship's spaces (loads, and the trades' results).
TILE_SIZE: Final = {**{LOAD_RESULT[k]: LOAD_SIZE[k] for k in SHIP_LOADS},
             **{T.TT_RESOURCES[t.gives]: t.size for t in T.TRADES.values()}}


def is_expansion(s: State) -> bool:
    return "expansion" in s.setup


def ships_of_kind(pl: Player, kind: str) -> int:
    return sum(1 for h in pl.harbor if T.SHIP_KIND[h[0]] == kind)


def supply_left(s: State, kind: str) -> int:
    """Tiles of ``kind`` (``fishing_cutter``, ``trading_ship``) in the shared supply:
    the box's tiles less those in every harbor (T1)."""
    return T.SHIP_SUPPLY[kind] - sum(ships_of_kind(pl, kind) for pl in s.players)


def can_take_ship(s: State, p: int, ship: str) -> bool:
    """A tile is left and the harbor has a free space of the ship's kind (T1, T9)."""
    if not is_expansion(s):
        return False
    kind = T.SHIP_KIND[ship]
    return (supply_left(s, kind) > 0
            and ships_of_kind(s.players[p], kind) < T.HARBOR_SPACES[kind])


def ship_payments(s: State, p: int, ship: str) -> list[dict[int, int]]:
    """The ways to pay ``ship``'s cost now (Timber for Wood), [] if it cannot be taken."""
    if not can_take_ship(s, p, ship):
        return []
    return payment_options(s.players[p].res, dict(T.SHIPS[ship].cost))


def take_ship(s: State, p: int, ship: str) -> None:
    """Put ``ship`` in the harbor (its spaces empty); the caller checked it may."""
    s.players[p].harbor.append([ship] + [""] * T.SHIPS[ship].spaces)


@effect("take_ship")
def _take_ship(s: State, p: int, ship: str) -> None:
    if can_take_ship(s, p, ship):
        take_ship(s, p, ship)


def build_ship(s: State, p: int, ship: str,
               payments: list[dict[int, int]] | None = None) -> None:
    """Pay for ``ship`` and take it: the printed cost, or one of ``payments``."""
    res = s.players[p].res
    opts = (ship_payments(s, p, ship) if payments is None
            else [o for o in payments if all(res[r] >= n for r, n in o.items())])
    if opts and can_take_ship(s, p, ship):
        pay_then(s, p, opts, "take_ship", ship)


def gain_ship(s: State, p: int, ship: str) -> bool:
    """Take ``ship`` for free if a tile and a harbor space are left (T33)."""
    if not can_take_ship(s, p, ship):
        return False
    take_ship(s, p, ship)
    return True


def flippable_ships(s: State, p: int) -> list[int]:
    """Harbor indices of the ships with a Large side to flip to (T2)."""
    return [i for i, h in enumerate(s.players[p].harbor) if T.SHIPS[h[0]].flips_to]


def flip_ship(s: State, p: int, i: int) -> None:
    """Flip ship ``i`` Small -> Large; its loads stay, the new space is empty (T2)."""
    h = s.players[p].harbor[i]
    large = T.SHIPS[h[0]].flips_to
    assert large is not None
    h[0] = large
    h.extend([""] * (T.SHIPS[large].spaces - (len(h) - 1)))


def empty_ships(s: State, p: int) -> None:
    """Inventory: every load of every ship to the supply (with the vehicles', T27)."""
    pl = s.players[p]
    for h in pl.harbor:
        for j in range(1, len(h)):
            load = h[j]
            if load and load != "+":
                pl.res[T.TT_RES_INDEX[load]] += 1
            h[j] = ""


# ---------------------------------------------------------------------------
# Loading (anytime, Work Phase)
# ---------------------------------------------------------------------------
def placements(ship: str, cells: list[str], size: int) -> list[int]:
    """Start spaces where a tile of ``size`` fits on ``ship`` (single spaces that
    combine when the side is combinable, T5)."""
    if size > 1 and not T.SHIPS[ship].combinable:
        return []
    return [j for j in range(len(cells) - size + 1)
            if not any(cells[j:j + size])]


def load_items(pl: Player) -> list[str]:
    res = pl.res
    out = []
    for item in SHIP_LOADS:
        if all(res[r] >= n for r, n in LOAD_COST[item].items()):
            out.append(item)
    return out


def load_actions(s: State, p: int) -> list[Action]:
    """``load hI J ITEM`` for every ship, space and good that fits (in harbor order)."""
    pl = s.players[p]
    if not pl.harbor:
        return []
    items = load_items(pl)
    out = []
    seen = set()
    for i, h in enumerate(pl.harbor):
        key = tuple(h)
        if key in seen:
            continue
        seen.add(key)
        for item in items:
            for j in placements(h[0], h[1:], LOAD_SIZE[item]):
                out.append(Action("load", (f"h{i}", str(j), item)))
    return out


def apply_load(s: State, p: int, a: Action) -> None:
    i, j, item = int(a.args[0][1:]), int(a.args[1]), a.args[2]
    pl = s.players[p]
    h = pl.harbor[i]
    for r, n in LOAD_COST[item].items():
        pl.res[r] -= n
    h[1 + j] = LOAD_RESULT[item]
    for k in range(1, LOAD_SIZE[item]):
        h[1 + j + k] = "+"


def return_actions(s: State, p: int) -> list[Action]:
    """``return SHIP@hI``: an empty ship back to the supply (T9), once per side."""
    seen = set()
    out = []
    for i, h in enumerate(s.players[p].harbor):
        if h[0] not in seen and not any(h[1:]):
            seen.add(h[0])
            out.append(Action("return", (f"{h[0]}@h{i}",)))
    return out


def apply_return(s: State, p: int, a: Action) -> None:
    del s.players[p].harbor[int(a.args[0].partition("@h")[2])]


# ---------------------------------------------------------------------------
# Sailmaker and Boat Builder (T41)
# ---------------------------------------------------------------------------
SPACE_BUILDS: Final = {"sailmaker": T.SAILMAKER_BUILDS, "boat_builder": T.BOAT_BUILDER_BUILDS_2P,
                "laborer_summer_3p": T.LABORER_SUMMER_3P_BUILDS}


def space_builds(s: State, space: str) -> tuple[tuple[str, ...], ...]:
    """What ``space`` builds, by groups: the Boat Builder only a Trading Ship with 3
    players (T40)."""
    if s.n == 3 and space == "boat_builder":
        return T.BOAT_BUILDER_BUILDS_3P
    return SPACE_BUILDS[space]
SIDES: Final = {"fishing_cutter": ("fishing_cutter_small", "fishing_cutter_large"),
         "trading_ship": ("trading_ship_small", "trading_ship_large")}


def sailmaker(s: State, p: int) -> None:
    """Sailmaker: 1 Wool and 1 Peat, then a Fishing Cutter or a Peat Boat, optional."""
    for r, n in T.SAILMAKER_GAIN.items():
        gain(s, p, r, n)
    push(s, FR.Shipwright(p, space="sailmaker", taken=()))


def boat_builder(s: State, p: int) -> None:
    """Boat Builder (1-2 players): (a Trading Ship or a Peat Boat) and/or a Fishing
    Cutter, each at its cost."""
    push(s, FR.Shipwright(p, space="boat_builder", taken=()))


@frame(FR.Shipwright, anytime="work")
class Shipwright:
    """``ship SHIP`` (either side, at that side's cost, T2) or ``peat_boat``, one item of
    each group of the space at most, then ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Shipwright) -> list[Action]:
        out = []
        for g, group in enumerate(space_builds(s, f.space)):
            if g in f.taken:
                continue
            for item in group:
                if item == "vehicle":       # the 3-player Summer Laborer (T40)
                    out += vehicle_actions(s, f.p)
                elif item == "peat_boat":
                    if equipment_payment(s, f.p, "peat_boat"):
                        out.append(Action("peat_boat"))
                else:
                    out += [Action("ship", (ship,)) for ship in SIDES[item]
                            if ship_payments(s, f.p, ship)]
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Shipwright, a: Action) -> None:
        if a.verb == "done":
            s.stack.pop()
            return
        item = a.verb if a.verb in ("peat_boat", "vehicle") else T.SHIP_KIND[a.args[0]]
        groups = space_builds(s, f.space)
        g = next(g for g, group in enumerate(groups) if item in group and g not in f.taken)
        taken = tuple(sorted(f.taken + (g,)))
        if len(taken) == len(groups):
            s.stack.pop()
        else:
            replace_top(s, taken=taken)
        if a.verb == "peat_boat":
            buy_equipment(s, f.p, "peat_boat")
        elif a.verb == "vehicle":
            buy_equipment(s, f.p, a.args[0])
        else:
            build_ship(s, f.p, a.args[0])


# ---------------------------------------------------------------------------
# The Inventory: cutters' Food, trades (T27-T31)
# ---------------------------------------------------------------------------
@effect("cutter_food")
def _cutter_food(s: State, p: int) -> None:
    """1 Food per uncovered Fishing Cutter space (T31), before the trades (T27)."""
    n = sum(h[1:].count("") * T.CUTTER_FOOD_PER_SPACE for h in s.players[p].harbor
            if T.SHIP_KIND[h[0]] == "fishing_cutter")
    if n:
        gain(s, p, C.FOOD, n)


def _ways(trade: T.Trade) -> list[tuple[str, dict[int, int]]]:
    """A trade's ways to pay, named by the resource paid (EF Tea pays for Tea, T38)."""
    out = []
    for cost in trade.pay:
        out.append((T.TT_RESOURCES[next(iter(cost))], cost))
        for r, n in cost.items():
            for sub, base in T.PAYS_FOR.items():
                if base == r:
                    out.append((T.TT_RESOURCES[sub], {sub: n}))
    return out


WAYS: Final = {dest: _ways(t) for dest, t in T.TRADES.items()}


def trade_fits(dest: str, ship: list[str]) -> list[int]:
    """Where the trade's goods go on this ship: every uncovered space, or the start of
    one run of ``size`` uncovered spaces (England, T30); [] if it cannot trade."""
    t = T.TRADES[dest]
    if ship[0] not in t.ships:
        return []
    cells = ship[1:]
    if t.each_space:
        return [j for j, c in enumerate(cells) if not c]
    starts = placements(ship[0], cells, t.size)
    return starts[:1]


def open_ways(res: list[int], dest: str) -> list[str]:
    """The names of the ways to pay for the trade to ``dest`` that ``res`` affords, in
    table order."""
    return [name for name, cost in WAYS[dest] if all(res[r] >= n for r, n in cost.items())]


def trade_actions(s: State, p: int, sent: tuple[int, ...]) -> list[Action]:
    """``trade I DEST`` (``trade I DEST PAID`` where the player has several ways to pay)
    for each Trading Ship not yet sent, in harbor order, destinations in table order."""
    pl = s.players[p]
    out = []
    for i, h in enumerate(pl.harbor):
        if i in sent or T.SHIP_KIND[h[0]] != "trading_ship":
            continue
        for dest in T.TRADES:
            if not trade_fits(dest, h):
                continue
            names = open_ways(pl.res, dest)
            if len(names) == 1:
                out.append(Action("trade", (str(i), dest)))
            else:
                out += [Action("trade", (str(i), dest, name)) for name in names]
    return out


def trade_alias(s: State, a: Action) -> Action | None:
    """The legal ``trade I DEST`` an older record wrote as ``trade I DEST PAID`` (records
    named the payment wherever the table has several ways to pay): the short form,
    when it is legal and ``PAID`` is the player's only way; else None."""
    if a.verb != "trade" or len(a.args) != 3 or a.args[1] not in WAYS:
        return None
    short = Action("trade", a.args[:2])
    p = s.current_player
    if p is None or short not in s.legal_actions():
        return None
    return short if open_ways(s.players[p].res, a.args[1]) == [a.args[2]] else None


@effect("ship_trades")
def _ship_trades(s: State, p: int) -> None:
    if trade_actions(s, p, ()):
        push(s, FR.Trades(p, sent=()))


@frame(FR.Trades)
class Trades:
    """At an Inventory: ``trade I DEST [PAID]`` once per Trading Ship, then ``done``.
    What a trade places stays on the ship until it is emptied, so no trade's result
    pays for another (simultaneous, T29)."""

    @staticmethod
    def legal(s: State, f: FR.Trades) -> list[Action]:
        return trade_actions(s, f.p, f.sent) + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Trades, a: Action) -> None:
        if a.verb == "done":
            s.stack.pop()
            return
        i, dest = int(a.args[0]), a.args[1]
        pl = s.players[f.p]
        name = a.args[2] if len(a.args) > 2 else open_ways(pl.res, dest)[0]
        cost = dict(WAYS[dest])[name]
        h = pl.harbor[i]
        t = T.TRADES[dest]
        good = T.TT_RESOURCES[t.gives]
        spots = trade_fits(dest, h)
        pay(s, f.p, cost)
        for j in spots:
            h[1 + j] = good
            for k in range(1, t.size):
                h[1 + j + k] = "+"
        sent = f.sent + (i,)
        if trade_actions(s, f.p, sent):
            replace_top(s, sent=sent)
        else:
            s.stack.pop()
