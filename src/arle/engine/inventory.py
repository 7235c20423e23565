"""Phase 3, Inventorying (November and May), the half-year change and the game's end."""

from __future__ import annotations

import typing

from arle import animals as A
from arle.actions import Action
from arle.data import catalog as C
from arle.engine import farm as F
from arle import frames as FR
from arle.engine.core import effect, end_order, frame, gain, link_inventory, push, push_eff
from arle.engine.harbor import empty_ships
from arle.engine.vehicles import empty_vehicles
from arle.state import State


def start_inventory(s: State) -> None:
    """All workers used and every player ended the Work Phase: queue the inventory."""
    s.phase = "inventory"
    order = end_order(s)
    november = s.season == 0
    steps: list[tuple[str, int]] = []
    if november:
        steps += [("houses_before_november", p) for p in order]
    if "expansion" in s.setup:
        # Tea & Trade, inside "Empty Vehicles (and Ships)" (T27): the cutters' Food,
        # then every player's trades (simultaneous, T29), then the emptying.
        steps += [("cutter_food", p) for p in order]
        steps += [("ship_trades", p) for p in order]
    steps += [("empty", p) for p in order]
    if november:
        steps += [("milk", p) for p in order]
        steps += [("harvest", p) for p in order]
    else:
        steps += [("breeding", p) for p in order]
        steps += [("shear", p) for p in order]
    steps += [("sustenance", p) for p in order]
    steps.append(("end_half_year", order[0]))
    for name, p in reversed(steps):
        push_eff(s, name, p)


@effect("empty")
def _empty(s: State, p: int) -> None:
    empty_vehicles(s, p)
    if s.players[p].harbor:
        empty_ships(s, p)


def _table(n: int, table: tuple[tuple[int, int], ...]) -> int:
    for threshold, value in table:
        if n >= threshold:
            return value
    return 0


@effect("milk")
def _milk(s: State, p: int) -> None:
    an = s.players[p].animals
    gain(s, p, C.FOOD, _table(an[C.SHEEP], C.MILK_SHEEP) + _table(an[C.CATTLE], C.MILK_CATTLE))


@effect("harvest")
def _harvest(s: State, p: int) -> None:
    g = s.players[p].grid
    gain(s, p, C.GRAIN, g.count("field_grain"))
    gain(s, p, C.FLAX, g.count("field_flax"))
    gain(s, p, C.WOOD, g.count("forest"))


@effect("shear")
def _shear(s: State, p: int) -> None:
    gain(s, p, C.WOOL, _table(s.players[p].animals[C.SHEEP], C.SHEAR))


@effect("breeding")
def _breed(s: State, p: int) -> None:
    pl = s.players[p]
    a = pl.animals
    opts = A.breeding_options((a[0], a[1], a[2]), F.enclosures(pl))
    if len(opts) == 1:
        _add_newborns(s, p, opts[0])
    else:
        push(s, FR.Breed(p, opts=tuple(tuple(o) for o in opts)))


def _add_newborns(s: State, p: int, born: tuple[int, ...]) -> None:
    an = s.players[p].animals
    for t in range(3):
        an[t] += born[t]


@frame(FR.Breed)
class Breed:
    """May: choose which animals breed, by arrangement: ``breed S C H`` newborns."""

    @staticmethod
    def legal(s: State, f: FR.Breed) -> list[Action]:
        return [Action("breed", tuple(str(x) for x in o)) for o in f.opts]

    @staticmethod
    def apply(s: State, f: FR.Breed, a: Action) -> None:
        s.stack.pop()
        _add_newborns(s, f.p, tuple(int(x) for x in a.args))


# ---------------------------------------------------------------------------
# Sustenance
# ---------------------------------------------------------------------------
@effect("sustenance")
def _sustain(s: State, p: int) -> None:
    push(s, FR.Sustain(p))


def feed_options(s: State, p: int) -> list[Action]:
    """Distinct ways to pay this inventory's sustenance (animals and Wood/Timber)."""
    pl = s.players[p]
    res = pl.res
    food_short = max(0, C.SUSTENANCE_FOOD - res[C.FOOD] - res[C.GRAIN])
    an = pl.animals
    k = min(food_short, an[0] + an[1] + an[2])
    animal_opts: list[tuple[int, ...]] = []
    for a in range(min(k, an[0]) + 1):
        for b in range(min(k - a, an[1]) + 1):
            c = k - a - b
            if 0 <= c <= an[2]:
                animal_opts.append((a, b, c))
    fuel_opts: list[tuple[int, int]] = [(0, 0)]
    if s.season == 0:
        fuel_short = max(0, C.SUSTENANCE_PEAT_NOVEMBER - res[C.PEAT])
        m = min(fuel_short, res[C.WOOD] + res[C.TIMBER])
        fuel_opts = [(m - t, t) for t in range(max(0, m - res[C.WOOD]), min(m, res[C.TIMBER]) + 1)]
    out = []
    for sa, ca, ha in animal_opts:       # itertools.product's order, without its tuples
        for w, t in fuel_opts:
            out.append(feed_action(sa, ca, ha, w, t))
    return out


#: The ``feed`` actions made so far, by what they give (built once each).
_FEED: typing.Final[dict[tuple[int, int, int, int, int], Action]] = {}


def feed_action(sheep: int, cattle: int, horses: int, wood: int, timber: int) -> Action:
    """``feed sheep:1 wood:2`` (the nonzero counts, in this order)."""
    key = (sheep, cattle, horses, wood, timber)
    a = _FEED.get(key)
    if a is None:
        args = [f"{name}:{n}" for name, n in (("sheep", sheep), ("cattle", cattle),
                                              ("horse", horses), ("wood", wood),
                                              ("timber", timber)) if n]
        if len(_FEED) >= 10_000:
            _FEED.clear()
        a = _FEED[key] = Action("feed", tuple(args))
    return a


def feed(s: State, p: int, a: Action) -> None:
    pl = s.players[p]
    res = pl.res
    paid = {k: int(v) for k, _, v in (x.partition(":") for x in a.args)}
    need = C.SUSTENANCE_FOOD
    food = min(need, res[C.FOOD])
    res[C.FOOD] -= food
    need -= food
    grain = min(need, res[C.GRAIN])
    res[C.GRAIN] -= grain
    need -= grain
    for t, name in enumerate(C.ANIMALS):
        n = paid.get(name, 0)
        pl.animals[t] -= n
        need -= n
    missing = need
    if s.season == 0:
        fuel = C.SUSTENANCE_PEAT_NOVEMBER
        peat = min(fuel, res[C.PEAT])
        res[C.PEAT] -= peat
        fuel -= peat
        for r, name in ((C.WOOD, "wood"), (C.TIMBER, "timber")):
            n = paid.get(name, 0)
            res[r] -= n
            fuel -= n
        missing += fuel
    pl.bottleneck += C.BOTTLENECK_VP * missing


@frame(FR.Sustain, anytime="game")
class Sustain:
    """Sustenance: first any anytime conversions (Peat Boat, dark-green houses, giving
    animals back), then ``feed`` naming the animals and Wood/Timber paid, if any."""

    @staticmethod
    def legal(s: State, f: FR.Sustain) -> list[Action]:
        return feed_options(s, f.p)

    @staticmethod
    def apply(s: State, f: FR.Sustain, a: Action) -> None:
        s.stack.pop()
        feed(s, f.p, a)


# ---------------------------------------------------------------------------
# Half-year change and the end of the game
# ---------------------------------------------------------------------------
def _last_half_year(s: State) -> int:
    from arle.engine.three import last_half_year
    return last_half_year(s)


@effect("end_half_year")
def _end_half_year(s: State, p: int) -> None:
    if s.n == 3:
        from arle.engine.three import next_start_player
        s.start_player = next_start_player(s)
    elif s.n > 1:
        non_start = (s.start_player + 1) % s.n
        if s.special != non_start:
            s.start_player = non_start
    s.occupied = {}
    s.special = -1
    s.turn = 0
    s.ended = [False] * s.n
    if s.half_year >= (C.HALF_YEARS if s.n < 3 else _last_half_year(s)):
        s.phase = "inventory"
        push_eff(s, "game_over", p)
        for q in reversed(end_order(s)):
            push(s, FR.Final(q))
        return
    s.half_year += 1
    s.phase = "work"


@frame(FR.Final, anytime="game")
class Final:
    """After the last November: Peat Boat exchanges (and other anytime conversions),
    then ``finish``."""

    @staticmethod
    def legal(s: State, f: FR.Final) -> list[Action]:
        return [Action("finish")]

    @staticmethod
    def apply(s: State, f: FR.Final, a: Action) -> None:
        s.stack.pop()


@effect("game_over")
def _game_over(s: State, p: int) -> None:
    s.phase = "over"

link_inventory(start_inventory)
