"""The 30 action spaces: placing workers, the Special Action, and each space's action."""

from __future__ import annotations

from typing import Callable, Final

from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.engine import harbor as H
from arle.engine import ditches as D
from arle.engine import farm as F
from arle import frames as FR
from arle.engine import core
from arle.engine.core import (
    _unlinked, advance_tool, can_pay_fixed, can_pay_one, frame, gain, pay, pay_then,
    payment_options, push, push_eff, effect, replace_top, tool_at_end, tool_value,
)
from arle.state import Player, State

DONE: Final = Action("done")
# Actions the rules below offer again and again, made once (an action is an immutable
# value; the lists that offer them are new at each listing).
_AGAIN: Final = Action("again")
_AGAIN_UNPAID: Final = Action("again", ("unpaid",))
#: ``take KIND`` by kind (animals, goods, the Colonist's choices, ``none``).
_TAKE: Final = {k: Action("take", (k,)) for k in (
    "sheep", "cattle", "horse", "timber", "brick", "none", "dehydrate", "horse+dehydrate")}
_MERCHANT: Final = tuple(Action("take", (a, b)) for a in ("wood", "clay")
                         for b in ("timber", "brick"))
_FIELDS: Final = (Action("field", ("grain",)), Action("field", ("flax",)))
_PLOW: Final = {animal: Action("plow", (C.ANIMALS[animal],)) for animal in (C.CATTLE, C.HORSE)}
_PEAT_BOAT: Final = Action("peat_boat")
_FOREST: Final = Action("forest")
_STALL: Final = Action("stall")
_STABLE: Final = Action("stable")
_WOOD: Final = Action("wood")
#: ``convert N`` by N (index 0 unused).
_CONVERT: Final[tuple[Action, ...]] = tuple(Action("convert", (str(n),)) for n in range(16))

# Rules of the modules above this one (they import it), linked by them when they are
# imported (importing arle.engine imports every rules module and checks the links):
# from three.py (3 players) ...
placements_3p: Callable[[State, int], list[Action]] = _unlinked
imitate: Callable[..., None] = _unlinked
# ... and from buildings.py.
build_actions: Callable[[State, int], list[Action]] = _unlinked
start_build: Callable[[State, int, str], None] = _unlinked


def link_three(placements_3p_: Callable[[State, int], list[Action]],
               imitate_: Callable[..., None]) -> None:
    """three.py's placements and Imitate, which :func:`placements` and
    :func:`place_worker` hand 3-player games to."""
    global placements_3p, imitate
    placements_3p, imitate = placements_3p_, imitate_


def link_buildings(build_actions_: Callable[[State, int], list[Action]],
                   start_build_: Callable[[State, int, str], None]) -> None:
    """buildings.py's building actions, which the spaces that build offer."""
    global build_actions, start_build
    build_actions, start_build = build_actions_, start_build_


def linked() -> bool:
    """Whether every rule of a module above this one is linked."""
    return _unlinked not in (placements_3p, imitate, build_actions, start_build)


# ---------------------------------------------------------------------------
# Placement
# ---------------------------------------------------------------------------
#: Every space's own cost: the base game's and the 3-player Laborers' (T40).
SPACE_COSTS: Final[dict[str, tuple[dict[int, int], ...]]] = {**C.SPACE_COST, **T.SPACE_COST_3P}


def space_cost_options(s: State, p: int, space: str) -> list[dict[int, int]] | None:
    """Ways to pay a space's own cost (None: the space has no cost)."""
    options = SPACE_COSTS.get(space)
    if options is None:
        return None
    res = s.players[p].res
    for cost in options:
        for r, n in cost.items():   # a loop, not all(...): no generator per call
            if res[r] < n:
                break
        else:
            return [dict(cost)]
    return []


PLACE: Final = {sp: Action("place", (sp,)) for sp in C.SPACES}
SEASON_SPACES: Final[tuple[tuple[str, ...], tuple[str, ...]]] = (C.SUMMER_SPACES, C.WINTER_SPACES)
COSTLY: Final = frozenset(SPACE_COSTS)


#: A list of spaces as :func:`placements` walks it: each space, its ``place`` action and
#: its own costs (None: it has none), in the board's order; the base game's three lists.
PlaceRows = tuple[tuple[str, Action, tuple[dict[int, int], ...] | None], ...]


def _place_rows(spaces: tuple[str, ...]) -> PlaceRows:
    return tuple((sp, PLACE[sp], SPACE_COSTS.get(sp)) for sp in spaces)


_ROWS_ALL: Final = _place_rows(C.SPACES)
_ROWS_SEASON: Final[tuple[PlaceRows, ...]] = (_place_rows(SEASON_SPACES[0]),
                                              _place_rows(SEASON_SPACES[1]))


def placements(s: State, p: int) -> list[Action]:
    if s.n == 3:
        return placements_3p(s, p)
    if "expansion" in s.setup:
        return tt_placements(s, p)
    # With the Special Action still open (2 players) every space is offered, Summer first
    # (the season: 0 in a Summer half year, odd; 1 in a Winter one; s.season inlined).
    rows = _ROWS_ALL if s.n > 1 and s.special < 0 else _ROWS_SEASON[(s.half_year + 1) % 2]
    occupied = s.occupied
    res = s.players[p].res
    out = []
    for sp, place, costs in rows:
        if sp in occupied:
            continue
        if costs is not None:      # bool(space_cost_options(s, p, sp)), inlined
            for cost in costs:
                for r, n in cost.items():
                    if res[r] < n:
                        break
                else:
                    break          # this way of paying is affordable
            else:
                continue           # no way is
        out.append(place)
    return out


# ---------------------------------------------------------------------------
# Tea & Trade: the board's spaces, and Tea at placement (T34-T38)
# ---------------------------------------------------------------------------
#: Expansion spaces the engine implements, in the board's order (1-2 players, T40).
TT_IMPLEMENTED_SPACES: Final = ("ditcher", "sailmaker", "boat_builder", "grandmother")
TT_SEASON_SPACES: Final = tuple(
    base + tuple(sp for sp in TT_IMPLEMENTED_SPACES if T.TT_SPACE_SEASON[sp] == season)
    for season, base in enumerate(SEASON_SPACES))
TT_SPACES: Final = TT_SEASON_SPACES[0] + TT_SEASON_SPACES[1]
SPACE_SEASON: Final = {**C.SPACE_SEASON, **T.TT_SPACE_SEASON}
#: The seasons with 3 players (Grandmother is a Summer space then, T40); the Imitate
#: spaces belong to both seasons and are not listed.
SPACE_SEASON_3P: Final = {**SPACE_SEASON, **T.SPACE_SEASON_3P}
TEA_TRACK: Final = {sp: T.TT_TOOL_INDEX[track] for sp, track in T.TEA_TOOL_SPACES.items()}
#: Placement modifiers (the notation ``place SPACE tea|eftea|twice``).
TEA_USES: Final = ("tea", "eftea", "twice")


def tea_steps(s: State, p: int, space: str, use: str) -> int:
    """The spaces a Tea use moves the action's tool track (0: it changes nothing):
    after the Fisherman's free step, never beyond the last space, the Ovens +1 for
    East Frisian Tea only, the Dike Builder's pairs of Shovels only (T35)."""
    t = TEA_TRACK.get(space)
    if t is None:
        return 0
    pay_with = T.TEA if use == "tea" else T.EAST_FRISIAN_TEA
    steps = (T.OVEN_TEA_STEPS if t == C.OVENS else T.TEA_STEPS)[pay_with]
    values = T.TT_TOOL_VALUES[t]
    last = len(values) - 1
    i = s.players[p].tools[t]
    if space == "fisherman":
        i = min(i + 1, last)
    j = min(i + steps, last)
    if space == "dike_builder" and C.SHOVEL_PAIRS[values[i]] == C.SHOVEL_PAIRS[values[j]]:
        return 0
    return j - i


def laborer_tea(s: State, p: int, space: str, use: str, food_first: int = 0) -> list[str]:
    """T36: the spaces a Laborer or (3 players) an Imitate space at ``space`` may
    imitate with this Tea use, improved with the imitator's own tools: the occupied
    tool spaces it may copy (the Laborer's season; an Imitate's: this season's, no
    Imitate space) the use changes something for, their own cost payable after
    ``food_first`` Food (none when ``space`` imitates nothing)."""
    skip: tuple[str, ...]
    if space in C.LABORERS:
        season, season_of, skip = SPACE_SEASON[space], SPACE_SEASON, C.LABORERS
    elif s.n == 3 and space in T.IMITATE_SPACES:
        season, season_of, skip = s.season, SPACE_SEASON_3P, T.IMITATE_SPACES
    else:
        return []
    return [sp for sp in sorted(s.occupied) if sp not in skip and season_of[sp] == season
            and tea_steps(s, p, sp, use) and _payable_after(s, p, sp, food_first)]


def imitate_food_at(s: State, space: str) -> int:
    """3 players: the Food the Imitate at ``space`` costs (T52): the first of the half
    year 1, each later one 2.  The spaces fill from the first, so the Imitates before
    this one are the other occupied Imitate spaces (also when it is carried out a
    second time, T37: nobody places in between)."""
    first, later = T.IMITATE_FOOD
    occupied = s.occupied
    return later if any(sp in occupied for sp in T.IMITATE_SPACES if sp != space) else first


def _payable_after(s: State, p: int, space: str, food: int) -> bool:
    """Whether the space's own cost can be paid once ``food`` Food is paid first."""
    options = SPACE_COSTS.get(space)
    if options is None:
        return True
    res = s.players[p].res
    return any(all(res[r] - (food if r == C.FOOD else 0) >= n for r, n in cost.items())
               for cost in options)


def _cost_twice(s: State, p: int, space: str) -> bool:
    options = SPACE_COSTS.get(space)
    if options is None:
        return True
    res = s.players[p].res
    return any(all(res[r] >= 2 * n for r, n in cost.items()) for cost in options)


def tt_placements(s: State, p: int) -> list[Action]:
    """Placements in an expansion game: the spaces as in the base game (the season's,
    then the expansion's), each followed by its Tea uses where they change something:
    ``tea`` (1 Tea, or East Frisian Tea for it), ``eftea``, ``twice`` (2 EF Tea)."""
    spaces = TT_SPACES if s.n > 1 and s.special < 0 else TT_SEASON_SPACES[s.season]
    return tt_place_actions(s, p, spaces)


def tt_place_actions(s: State, p: int, spaces: tuple[str, ...]) -> list[Action]:
    """The placements on ``spaces`` (free, their cost payable), each followed by its
    Tea uses (see :func:`tt_placements`)."""
    occupied = s.occupied
    res = s.players[p].res
    tea, ef = res[T.TEA], res[T.EAST_FRISIAN_TEA]
    out = []
    for sp in spaces:
        if sp in occupied:
            continue
        if sp in COSTLY and not space_cost_options(s, p, sp):
            continue
        out.append(PLACE.get(sp) or Action("place", (sp,)))
        if tea + ef >= 1 and (tea_steps(s, p, sp, "tea") or laborer_tea(s, p, sp, "tea")):
            out.append(Action("place", (sp, "tea")))
        if ef >= 1 and (tea_steps(s, p, sp, "eftea") or laborer_tea(s, p, sp, "eftea")):
            out.append(Action("place", (sp, "eftea")))
        if ef >= T.DOUBLE_ACTION_COST[T.EAST_FRISIAN_TEA] and _cost_twice(s, p, sp):
            out.append(Action("place", (sp, "twice")))
    return out


def place_worker(s: State, p: int, space: str, use: str = "") -> None:
    if s.n == 3 and space in T.IMITATE_SPACES:
        imitate(s, p, space, use)
        return
    s.occupied[space] = p
    s.turn += 1
    if (SPACE_SEASON_3P if s.n == 3 else SPACE_SEASON)[space] != s.season:
        s.special = p
    if not use:
        use_space(s, p, space)
        return
    pl = s.players[p]
    if use == "twice":
        # One placement, the action carried out twice, every cost paid twice, anytime
        # actions allowed between (T37): the ``again`` frame waits under the first.
        pay(s, p, dict(T.DOUBLE_ACTION_COST))
        push(s, FR.Again(p, space=space))
        use_space(s, p, space)
        return
    steps = tea_steps(s, p, space, use)
    pay_tea(s, p, use)
    if space in C.LABORERS:
        # T36: the Tea waits for the imitation (the Laborer's choice, on top now).
        use_space(s, p, space)
        replace_top(s, tea=use)
        return
    pl.boost = [TEA_TRACK[space], steps]
    use_space(s, p, space)


def pay_tea(s: State, p: int, use: str) -> None:
    """Pay a Tea use (``tea``: 1 Tea, or 1 East Frisian Tea for it when there is no Tea,
    T38; ``eftea``: 1 East Frisian Tea), then queue the end of the improvement."""
    if use == "tea" and s.players[p].res[T.TEA] == 0:
        pay(s, p, {T.EAST_FRISIAN_TEA: 1})     # EF Tea pays for Tea (T38)
    else:
        pay(s, p, {T.TEA if use == "tea" else T.EAST_FRISIAN_TEA: 1})
    push_eff(s, "tea_done", p)


@effect("tea_done")
def _tea_done(s: State, p: int) -> None:
    """The Tea-improved action is over: the tool values are the indicators' again."""
    s.players[p].boost = []


@frame(FR.Again, anytime="work")
class Again:
    """The second execution of an action taken twice: ``again`` (anytime actions may
    come first)."""

    @staticmethod
    def legal(s: State, f: FR.Again) -> list[Action]:
        if f.space in T.IMITATE_SPACES:
            # 3 players: the Imitate's own Food again (T37), then what it copies.
            paid = s.players[f.p].res[C.FOOD] >= imitate_food_at(s, f.space)
        else:
            paid = _cost_once(s, f.p, f.space)
        if not paid:
            return [_AGAIN_UNPAID]
        return [_AGAIN]

    @staticmethod
    def apply(s: State, f: FR.Again, a: Action) -> None:
        s.stack.pop()
        if not a.args:
            use_space(s, f.p, f.space)


def _cost_once(s: State, p: int, space: str) -> bool:
    costs = space_cost_options(s, p, space)
    return costs is None or bool(costs)


# ---------------------------------------------------------------------------
# Tea & Trade: the Ditcher (T15-T21, T24)
# ---------------------------------------------------------------------------
def ditch_room(pl: Player) -> tuple[int, int]:
    """The Dike Line and the edges that may hold a ditch now (T15 a-c): land on both
    sides, no dike on it, not inside a Moor tile."""
    line = D.dike_line(pl.dikes)
    slots = [(g, c) for g in range(D.GAPS) for c in range(C.COLS) if pl.dike_cols[g] >> c & 1]
    moors = sum(1 << c for c, (top, _) in enumerate(F.MOOR_CELLS)
                if pl.grid[top] in ("moor", "dmoor"))
    return line, D.available_edges(line, D.dike_mask(slots), moors)


def dig_actions(pl: Player) -> list[Action]:
    assert pl.ditches is not None
    line, room = ditch_room(pl)
    return [Action("dig", (D.edge_name(e),))
            for e in D.edges_of(D.legal_new_ditches(pl.ditches, line, room))]


def ditch_supply_left(s: State) -> int | None:
    """T8: the ditches left in the supply (None: unlimited, the default).  With the
    rules option ``shared_ditches`` the 30 wooden ditches of the box (table Z's
    ``shared`` value) are shared by every player."""
    if not s.setup.get("options", {}).get("shared_ditches"):
        return None
    total = T.DITCH_SUPPLY.values["shared"]
    assert total is not None
    return total - sum((pl.ditches or 0).bit_count() for pl in s.players)


def dig_options(s: State, p: int) -> list[Action]:
    """The ditches player ``p`` may dig now: none once a shared supply is used up (T8)."""
    left = ditch_supply_left(s)
    if left is not None and left <= 0:
        return []
    return dig_actions(s.players[p])


def dig_ditch(pl: Player, edge: int) -> None:
    """Dig one ditch; a hydrated Moor with 2 ditches on its perimeter flips at once,
    4 Peat on it (T20, T24)."""
    assert pl.ditches is not None
    line, room = ditch_room(pl)
    pl.ditches = D.dig(pl.ditches, edge, line, room)
    hydrated = sum(1 << c for c, (top, _) in enumerate(F.MOOR_CELLS) if pl.grid[top] == "moor")
    flips = D.moors_to_flip(pl.ditches, hydrated)
    for c in range(C.COLS):
        if flips >> c & 1:
            F.dehydrate(pl, c)


@frame(FR.Dig)
class Dig:
    """Dig up to ``n`` ditches: ``dig v(3,0)`` (an edge, arle.engine.ditches), or
    ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Dig) -> list[Action]:
        return dig_options(s, f.p) + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Dig, a: Action) -> None:
        if a.verb == "done" or f.n <= 1:
            s.stack.pop()
        else:
            replace_top(s, n=f.n - 1)
        if a.verb == "dig":
            dig_ditch(s.players[f.p], D.parse_edge(a.args[0]))


@frame(FR.Reconnect)
class Reconnect:
    """The free reconnecting ditch after a dike move (T19): ``dig v(2,0)`` or ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Reconnect) -> list[Action]:
        dig = Action("dig", (f.edge,))
        return [dig, DONE] if dig in dig_options(s, f.p) else []

    @staticmethod
    def apply(s: State, f: FR.Reconnect, a: Action) -> None:
        s.stack.pop()
        if a.verb == "dig":
            dig_ditch(s.players[f.p], D.parse_edge(f.edge))


def ditcher(s: State, p: int) -> None:
    """Ditcher: dig 1 ditch per Digging Spade (3-6), up to that many (T13, T20)."""
    n = tool_value(s, p, T.DIGGING_SPADE_TRACK) * T.DITCHES_PER_SPADE
    if dig_options(s, p):
        push(s, FR.Dig(p, n=n))


def grandmother(s: State, p: int) -> None:
    """Grandmother: 1 East Frisian Tea and 4 Food."""
    for r, n in T.GRANDMOTHER_GAIN.items():
        gain(s, p, r, n)


def use_space(s: State, p: int, space: str) -> None:
    """Pay a space's own cost and carry out its action (also used by the Laborer)."""
    costs = space_cost_options(s, p, space)
    if costs:
        pay(s, p, costs[0])
    SPACE_ACTIONS[space](s, p)


# ---------------------------------------------------------------------------
# Simple spaces
# ---------------------------------------------------------------------------
def fisherman(s: State, p: int) -> None:
    advance_tool(s, p, C.FISH_TRAPS)
    gain(s, p, C.FOOD, tool_value(s, p, C.FISH_TRAPS))
    push(s, FR.OptionalAnimal(p, kinds=("sheep",)))


def clay_worker(s: State, p: int) -> None:
    gain(s, p, C.CLAY, tool_value(s, p, C.SHOVELS))


def woodcutter(s: State, p: int) -> None:
    gain(s, p, C.WOOD, tool_value(s, p, C.AXES))


def peat_boatman(s: State, p: int) -> None:
    boats = F.count_equipment(s.players[p], "peat_boat")
    gain(s, p, C.PEAT, C.PEAT_BOATMAN_PEAT + C.PEAT_BOATMAN_PER_BOAT * boats)


def peat_cutter(s: State, p: int) -> None:
    F.push_cut(s, p, tool_value(s, p, C.SPADES), must=False)


def _dikes_then(s: State, p: int, n: int, then: FR.Frame) -> None:
    """``n`` dike moves of ``p``, then the decision ``then``.  When the owner places
    the dikes (``choose_cells``), ``then`` waits below their frames, so that it comes
    after the dikes and their new land; otherwise the moves are made at once and
    ``then`` comes before the reconnecting ditch they may offer (as records written
    before the option existed were played)."""
    if F.choose_cells(s):
        push(s, then)
        F.move_dikes_of(s, p, n)
    else:
        F.move_dikes_of(s, p, n)
        push(s, then)


def dike_builder(s: State, p: int) -> None:
    _dikes_then(s, p, C.SHOVEL_PAIRS[tool_value(s, p, C.SHOVELS)],
                FR.OptionalAnimal(p, kinds=("sheep", "cattle")))


def _space_gain(s: State, p: int, space: str) -> None:
    for r, n in C.SPACE_GAIN[space].items():
        gain(s, p, r, n)


def cattle_trader(s: State, p: int) -> None:
    _space_gain(s, p, "cattle_trader")
    push(s, FR.TakeAnimal(p, kinds=("cattle", "horse")))
    F.gain_animals(s, p, C.SHEEP)


def grocer_winter(s: State, p: int) -> None:
    _space_gain(s, p, "grocer_winter")
    push(s, FR.TakeAnimal(p, kinds=C.ANIMALS))
    F.push_cut(s, p, 1, must=True)


def grocer_summer(s: State, p: int) -> None:
    _space_gain(s, p, "grocer_summer")
    push(s, FR.Grocer(p))


def dike_warden(s: State, p: int) -> None:
    _dikes_then(s, p, C.SPACE_DIKE_MOVES["dike_warden"], FR.Upgrade(p))


def warden(s: State, p: int) -> None:
    push(s, FR.Upgrade(p))


def colonist(s: State, p: int) -> None:
    push(s, FR.Colonist(p))


def builders_merchant(s: State, p: int) -> None:
    _space_gain(s, p, "builders_merchant")
    push(s, FR.Merchant(p))


def _take(kind: str) -> Action:
    a = _TAKE.get(kind)
    return Action("take", (kind,)) if a is None else a


@frame(FR.OptionalAnimal)
class OptionalAnimal:
    """Take one animal of the listed kinds, or none: ``take sheep`` / ``take none``."""

    @staticmethod
    def legal(s: State, f: FR.OptionalAnimal) -> list[Action]:
        return [_take(k) for k in f.kinds] + [_TAKE["none"]]

    @staticmethod
    def apply(s: State, f: FR.OptionalAnimal, a: Action) -> None:
        s.stack.pop()
        if a.args[0] != "none":
            F.gain_animals(s, f.p, C.ANIMAL_INDEX[a.args[0]])


@frame(FR.TakeAnimal)
class TakeAnimal:
    """Take one animal of one of the listed kinds: ``take cattle``."""

    @staticmethod
    def legal(s: State, f: FR.TakeAnimal) -> list[Action]:
        return [_take(k) for k in f.kinds]

    @staticmethod
    def apply(s: State, f: FR.TakeAnimal, a: Action) -> None:
        s.stack.pop()
        F.gain_animals(s, f.p, C.ANIMAL_INDEX[a.args[0]])


@frame(FR.Grocer)
class GrocerSummer:
    """Summer Grocer: ``take timber|brick|sheep|cattle|horse``."""

    @staticmethod
    def legal(s: State, f: FR.Grocer) -> list[Action]:
        return [_TAKE["timber"], _TAKE["brick"], _TAKE["sheep"], _TAKE["cattle"],
                _TAKE["horse"]]

    @staticmethod
    def apply(s: State, f: FR.Grocer, a: Action) -> None:
        s.stack.pop()
        k = a.args[0]
        if k in C.ANIMAL_INDEX:
            F.gain_animals(s, f.p, C.ANIMAL_INDEX[k])
        else:
            gain(s, f.p, C.RES_INDEX[k], 1)


@frame(FR.Merchant)
class Merchant:
    """Builder's Merchant: ``take wood timber`` (Wood or Clay, and Timber or Brick)."""

    @staticmethod
    def legal(s: State, f: FR.Merchant) -> list[Action]:
        return list(_MERCHANT)

    @staticmethod
    def apply(s: State, f: FR.Merchant, a: Action) -> None:
        s.stack.pop()
        for k in a.args:
            gain(s, f.p, C.RES_INDEX[k], 1)


@frame(FR.Colonist)
class Colonist:
    """Colonist: ``take horse``, ``dehydrate``, ``take horse+dehydrate`` or ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Colonist) -> list[Action]:
        out = [_TAKE["horse"]]
        if F.hydrated_moors(s.players[f.p]):
            out += [_TAKE["dehydrate"], _TAKE["horse+dehydrate"]]
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Colonist, a: Action) -> None:
        s.stack.pop()
        if a.verb == "done":
            return
        p = f.p
        if "dehydrate" in a.args[0]:
            pl = s.players[p]
            F.dehydrate(pl, F.hydrated_moors(pl)[0])
        if "horse" in a.args[0]:
            F.gain_animals(s, p, C.HORSE)


# ---------------------------------------------------------------------------
# Conversions limited by tools: ``convert N`` (with a payment choice if any)
# ---------------------------------------------------------------------------
def _conv_cost(s: State, p: int, kind: str, n: int) -> dict[int, int]:
    """What ``n`` conversions of ``kind`` cost (catalog.CONVERSION_COST / _EITHER)."""
    if kind not in C.CONVERSION_COST and kind not in C.CONVERSION_EITHER:
        raise KeyError(kind)
    cost = {r: k * n for r, k in C.CONVERSION_COST.get(kind, {}).items()}
    res = s.players[p].res
    for first, second in C.CONVERSION_EITHER.get(kind, ()):
        a = min(n, res[first])
        cost[first] = cost.get(first, 0) + a
        cost[second] = cost.get(second, 0) + n - a
    return {r: k for r, k in cost.items() if k}


CONV_TOOL: Final = C.CONVERSION_TOOL


@effect("convert_gain")
def _convert_gain(s: State, p: int, kind: str, n: int) -> None:
    for r, k in C.CONVERSION_GAIN[kind].items():
        gain(s, p, r, k * n)


@frame(FR.Convert)
class Convert:
    """Convert up to (tools) times: ``convert 3`` or ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Convert) -> list[Action]:
        p, kind = f.p, f.kind
        res = s.players[p].res
        out = []
        for n in range(1, tool_value(s, p, CONV_TOOL[kind]) + 1):
            if not can_pay_fixed(res, _conv_cost(s, p, kind, n)):
                break
            out.append(_CONVERT[n] if n < len(_CONVERT) else Action("convert", (str(n),)))
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Convert, a: Action) -> None:
        s.stack.pop()
        if a.verb == "done":
            return
        p, kind, n = f.p, f.kind, int(a.args[0])
        pay_then(s, p, payment_options(s.players[p].res, _conv_cost(s, p, kind, n)),
                 "convert_gain", kind, n)


def _converter(kind: str) -> Callable[[State, int], None]:
    def run(s: State, p: int) -> None:
        push(s, FR.Convert(p, kind=kind))
    return run


_SLAUGHTERHOUSE_FOOD: Final = int(str(T.TT_BUILDING_FIGURES["slaughterhouse"]["food_per_converted_animal"]))


@frame(FR.Butcher)
class Butcher:
    """Butcher: ``butcher S C H`` animals (at most one per Slaughtering Table) or ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Butcher) -> list[Action]:
        p = f.p
        an = s.players[p].animals
        k = tool_value(s, p, C.SLAUGHTERING_TABLES)
        out = []
        for a in range(min(k, an[0]) + 1):
            for b in range(min(k - a, an[1]) + 1):
                for c in range(min(k - a - b, an[2]) + 1):
                    if a + b + c:
                        out.append(Action("butcher", (str(a), str(b), str(c))))
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Butcher, a: Action) -> None:
        s.stack.pop()
        if a.verb == "done":
            return
        p = f.p
        counts = [int(x) for x in a.args]
        an = s.players[p].animals
        for t in range(3):
            an[t] -= counts[t]
        total = sum(counts)
        food = sum(k * f for k, f in zip(counts, C.BUTCHER_FOOD))
        if "slaughterhouse" in s.players[p].buildings:   # Tea & Trade, lasting (T45)
            food += _SLAUGHTERHOUSE_FOOD * total
        gain(s, p, C.FOOD, food)
        gain(s, p, C.HIDE, C.BUTCHER_HIDE * total)


# ---------------------------------------------------------------------------
# Master: move different tool indicators, paying per step
# ---------------------------------------------------------------------------
_TOOL_LAST: Final[tuple[int, ...]] = tuple(len(v) - 1 for v in T.TT_TOOL_VALUES)
#: Each track's step cost (resource, count), typed as a tuple of any length so that the
#: compiled build indexes it without unpacking the whole table first.
_STEP_COST: Final[tuple[tuple[int, int], ...]] = T.TT_TOOL_STEP_COST
_TOOL_ACTIONS: Final[tuple[Action, ...]] = tuple(Action("tool", (name,)) for name in T.TT_TOOLS)


def tool_step_options(s: State, p: int, t: int) -> list[dict[int, int]]:
    r, k = _STEP_COST[t]
    return payment_options(s.players[p].res, {r: k})


@effect("tool_step")
def _tool_step(s: State, p: int, t: int) -> None:
    advance_tool(s, p, t)


@frame(FR.Master)
class Master:
    """Master: ``tool spades`` (pay the step's cost) ... then ``done``.

    ``n`` is a fixed number of moves (Workshop: 1) or -1 for one per Workbench, which
    counts the Workbench gained during the action.
    """

    @staticmethod
    def legal(s: State, f: FR.Master) -> list[Action]:
        p = f.p
        moved = f.moved
        limit = f.n if f.n >= 0 else tool_value(s, p, C.WORKBENCHES)
        out = []
        if len(moved) < limit:
            pl = s.players[p]
            res = pl.res
            tools = pl.tools
            for t in range(len(tools)):
                if t in moved or tools[t] >= _TOOL_LAST[t]:     # at the track's end
                    continue
                r, k = _STEP_COST[t]
                if can_pay_one(res, r, k):                  # tool_step_options not empty
                    out.append(_TOOL_ACTIONS[t])
        out.append(DONE)
        return out

    @staticmethod
    def apply(s: State, f: FR.Master, a: Action) -> None:
        if a.verb == "done":
            s.stack.pop()
            return
        p = f.p
        t = T.TT_TOOL_INDEX[a.args[0]]
        # replace_top(s, moved=...), the frame built directly
        s.stack[-1] = FR.Master(p, f.n, f.moved + (t,))
        pay_then(s, p, tool_step_options(s, p, t), "tool_step", t)


def master(s: State, p: int) -> None:
    push(s, FR.Master(p, n=-1, moved=()))


# ---------------------------------------------------------------------------
# Tile upgrades (Warden, Dike Warden, Berum Castle)
# ---------------------------------------------------------------------------
def upgrade_options(s: State, p: int) -> list[Action]:
    pl = s.players[p]
    out = []
    for tile in ("forest", "stall", "stable"):
        if tile in pl.grid:
            new = C.UPGRADES[tile]
            trial = pl.grid[:]
            trial[trial.index(tile)] = new
            saved = pl.grid
            pl.grid = trial
            ok = F.animals_fit(pl)
            pl.grid = saved
            if ok:
                out.append(Action("upgrade", (tile,)))
    if F.hydrated_moors(pl):
        out.append(Action("upgrade", ("moor",)))
    seen = set()
    for i, b in enumerate(pl.barn):
        if b[0] in C.UPGRADES and tuple(b) not in seen:
            seen.add(tuple(b))
            out.append(Action("upgrade", (f"{b[0]}@{i}",)))
    if pl.harbor and T.UNCONFIRMED["ship_flip_by_tile_upgrade"]:   # Tea & Trade (T2)
        for i in H.flippable_ships(s, p):
            if tuple(pl.harbor[i]) not in seen:
                seen.add(tuple(pl.harbor[i]))
                out.append(Action("upgrade", (f"{pl.harbor[i][0]}@h{i}",)))
    return out


def do_upgrade(s: State, p: int, what: str) -> None:
    pl = s.players[p]
    if what == "moor":
        F.dehydrate(pl, F.hydrated_moors(pl)[0])
    elif "@h" in what:
        H.flip_ship(s, p, int(what.partition("@h")[2]))
    elif "@" in what:
        kind, _, idx = what.partition("@")
        item = pl.barn[int(idx)]
        new = C.UPGRADES[kind]
        extra = len(C.VEHICLE_CELLS.get(new, ())) - len(C.VEHICLE_CELLS.get(kind, ()))
        pl.barn[int(idx)] = [new] + item[1:] + [""] * extra
    else:
        F.replace_tile(pl, what, C.UPGRADES[what])


@frame(FR.Upgrade)
class Upgrade:
    """A Tile Upgrade: ``upgrade forest`` / ``upgrade cart@2`` (barn index) or ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Upgrade) -> list[Action]:
        return upgrade_options(s, f.p) + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Upgrade, a: Action) -> None:
        s.stack.pop()
        if a.verb != "done":
            do_upgrade(s, f.p, a.args[0])


# ---------------------------------------------------------------------------
# Equipment: Farmer, Wainwright, Laborer (Summer)
# ---------------------------------------------------------------------------
def vehicle_kinds(s: State) -> tuple[str, ...]:
    kinds: tuple[str, ...] = ("handcart", "wagon", "cart", "horse_cart", "carriage",
                              "droshky")
    if s.setup.get("promos"):
        kinds += ("coach_and_four", "coach_and_four_upgraded")
    return kinds


def equipment_payment(s: State, p: int, kind: str) -> list[dict[int, int]]:
    wood, horses = C.EQUIPMENT_COST[kind]
    if s.players[p].animals[C.HORSE] < horses:
        return []
    if not F.can_take_equipment(s, p, kind):
        return []
    return payment_options(s.players[p].res, {C.WOOD: wood})


def can_buy_equipment(s: State, p: int, kind: str) -> bool:
    """``bool(equipment_payment(s, p, kind))`` without listing the payments."""
    wood, horses = C.EQUIPMENT_COST[kind]
    pl = s.players[p]
    return (pl.animals[C.HORSE] >= horses and can_pay_one(pl.res, C.WOOD, wood)
            and F.can_take_equipment(s, p, kind))


_VEHICLE: Final = {k: Action("vehicle", (k,)) for k in C.EQUIPMENT_COST}


def vehicle_actions(s: State, p: int) -> list[Action]:
    return [_VEHICLE[k] for k in vehicle_kinds(s) if can_buy_equipment(s, p, k)]


@effect("take_equipment")
def _take_equipment(s: State, p: int, kind: str) -> None:
    F.add_equipment(s, p, kind)
    if kind in C.EQUIPMENT_COST:
        s.players[p].animals[C.HORSE] -= C.EQUIPMENT_COST[kind][1]


def buy_equipment(s: State, p: int, kind: str) -> None:
    pay_then(s, p, equipment_payment(s, p, kind), "take_equipment", kind)


@frame(FR.Wainwright, anytime="work")
class Wainwright:
    """Wainwright: ``vehicle cart`` and/or ``peat_boat``, then ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Wainwright) -> list[Action]:
        p = f.p
        out = [] if f.vehicle else vehicle_actions(s, p)
        if not f.boat and equipment_payment(s, p, "peat_boat"):
            out.append(_PEAT_BOAT)
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Wainwright, a: Action) -> None:
        p = f.p
        if a.verb == "done":
            s.stack.pop()
            return
        if a.verb == "vehicle":
            replace_top(s, vehicle=True)
            if f.boat:
                s.stack.pop()
            buy_equipment(s, p, a.args[0])
        else:
            replace_top(s, boat=True)
            if f.vehicle:
                s.stack.pop()
            buy_equipment(s, p, "peat_boat")


def plow_payment(s: State, p: int, animal: int) -> list[dict[int, int]]:
    if s.players[p].animals[animal] < 1 or not F.can_take_equipment(s, p, "plow"):
        return []
    return payment_options(s.players[p].res, dict(C.PLOW_COST))


@effect("take_plow")
def _take_plow(s: State, p: int, animal: int) -> None:
    F.add_equipment(s, p, "plow")
    s.players[p].animals[animal] -= 1


def field_actions(s: State, p: int) -> list[Action]:
    if s.pool["field"] > 0 and F.has_land(s.players[p]):
        return list(_FIELDS)
    return []


def place_field(s: State, p: int, side: str) -> None:
    s.pool["field"] -= 1
    F.place_tile_housed(s, p, "field_" + side)


def farmer_cells(s: State, f: FR.Farmer) -> list[int]:
    """The empty Land Spaces the Farmer's next field may go on (T23): with P Plows,
    n fields on other land and d on empty dehydrated land, n + ceil(d/2) <= P."""
    pl = s.players[f.p]
    plows = F.count_equipment(pl, "plow")
    n, d = f.fields - f.dry, f.dry
    wet_ok = n + 1 + (d + 1) // 2 <= plows
    dry_ok = n + (d + 2) // 2 <= plows
    if not (wet_ok or dry_ok):
        return []
    empty = F.empty_land(pl)
    dry = F.dry_cells(pl)
    if not dry:
        return empty if wet_ok else []
    return [c for c in empty if (dry_ok if dry >> c & 1 else wet_ok)]


@frame(FR.Farmer, anytime="work")
class Farmer:
    """Farmer: ``plow cattle|horse`` (build a Plow) and/or ``field grain|flax`` once per
    Plow owned, then ``done``."""

    @staticmethod
    def legal(s: State, f: FR.Farmer) -> list[Action]:
        p = f.p
        out = []
        if not f.built:
            for animal in (C.CATTLE, C.HORSE):
                if plow_payment(s, p, animal):
                    out.append(_PLOW[animal])
        if s.pool["field"] > 0 and farmer_cells(s, f):
            out += _FIELDS
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.Farmer, a: Action) -> None:
        p = f.p
        if a.verb == "done":
            s.stack.pop()
        elif a.verb == "plow":
            animal = C.ANIMAL_INDEX[a.args[0]]
            replace_top(s, built=True)
            pay_then(s, p, plow_payment(s, p, animal), "take_plow", animal)
        else:
            # The field's cell settles the count (``then="farmer"``, T23).
            s.pool["field"] -= 1
            F.place_tile_housed(s, p, "field_" + a.args[0], farmer_cells(s, f), "farmer")


def farmer(s: State, p: int) -> None:
    push(s, FR.Farmer(p, built=False, fields=0))


def wainwright(s: State, p: int) -> None:
    push(s, FR.Wainwright(p, vehicle=False, boat=False))


# ---------------------------------------------------------------------------
# Building spaces and the Laborer
# ---------------------------------------------------------------------------
def stall_payment(s: State, p: int) -> list[dict[int, int]]:
    if s.pool["stall_depot"] <= 0 or not F.has_land(s.players[p]):
        return []
    return payment_options(s.players[p].res, dict(C.STALL_COST))


def stable_payment(s: State, p: int) -> list[dict[int, int]]:
    pl = s.players[p]
    if s.pool["stable"] <= 0 or "stall" not in pl.grid:
        return []
    return payment_options(pl.res, dict(C.STABLE_COST))


@effect("place_stall")
def _place_stall(s: State, p: int) -> None:
    s.pool["stall_depot"] -= 1
    F.place_tile_housed(s, p, "stall")


@effect("stall_to_stable")
def _stall_to_stable(s: State, p: int) -> None:
    s.pool["stable"] -= 1
    s.pool["stall_depot"] += 1
    F.replace_tile(s.players[p], "stall", "stable")


@frame(FR.SpaceChoice, anytime="work")
class SpaceChoice:
    """A space offering alternatives: ``build ID``, ``forest``, ``stall``, ``stable``,
    ``wood``, ``vehicle KIND``, ``imitate SPACE`` (each as the space allows) or ``done``."""

    @staticmethod
    def legal(s: State, f: FR.SpaceChoice) -> list[Action]:
        p = f.p
        out: list[Action] = []
        opts = f.opts
        if "build" in opts:
            out += build_actions(s, p)
        if "forest" in opts and s.pool["forest_park"] > 0 and F.has_land(s.players[p]):
            out.append(_FOREST)
        if "stall" in opts and stall_payment(s, p):
            out.append(_STALL)
        if "stable" in opts and stable_payment(s, p):
            out.append(_STABLE)
        if "wood" in opts:
            out.append(_WOOD)
        if "vehicle" in opts:
            out += vehicle_actions(s, p)
        if f.tea:
            # T36: Tea declared on the Laborer: one of the imitations it improves.
            return [Action("imitate", (sp,)) for sp in laborer_tea(s, p, f.space, f.tea)] \
                + [DONE]
        if "imitate" in opts:
            skip: tuple[str, ...]
            if f.space in T.IMITATE_SPACES:
                # 3 players: an occupied space of this season, not an Imitate (T52)
                season, season_of, skip = s.season, SPACE_SEASON_3P, T.IMITATE_SPACES
            else:
                season, season_of, skip = SPACE_SEASON[f.space], SPACE_SEASON, C.LABORERS
            for sp, _who in sorted(s.occupied.items()):
                if sp not in skip and season_of[sp] == season:
                    costs = space_cost_options(s, p, sp)
                    if costs is None or costs:
                        out.append(Action("imitate", (sp,)))
        return out + [DONE]

    @staticmethod
    def apply(s: State, f: FR.SpaceChoice, a: Action) -> None:
        p = f.p
        s.stack.pop()
        v = a.verb
        if v == "build":
            start_build(s, p, a.args[0])
        elif v == "forest":
            s.pool["forest_park"] -= 1
            F.place_tile_housed(s, p, "forest")
        elif v == "stall":
            pay_then(s, p, stall_payment(s, p), "place_stall")
        elif v == "stable":
            pay_then(s, p, stable_payment(s, p), "stall_to_stable")
        elif v == "wood":
            gain(s, p, C.WOOD, C.SPACE_WOOD)
        elif v == "vehicle":
            buy_equipment(s, p, a.args[0])
        elif v == "imitate":
            if f.tea:
                s.players[p].boost = [TEA_TRACK[a.args[0]], tea_steps(s, p, a.args[0], f.tea)]
            use_space(s, p, a.args[0])


def _choice(space: str, *opts: str) -> Callable[[State, int], None]:
    def run(s: State, p: int) -> None:
        push(s, FR.SpaceChoice(p, opts=opts, space=space))
    return run


SPACE_ACTIONS: Final[dict[str, Callable[[State, int], None]]] = {
    "fisherman": fisherman,
    "grocer_summer": grocer_summer,
    "woolen_weaver": _converter("woolen_weaver"),
    "colonist": colonist,
    "peat_cutter": peat_cutter,
    "dike_builder": dike_builder,
    "clay_worker": clay_worker,
    "farmer": farmer,
    "forester": _choice("forester", "forest", "build"),
    "woodcutter": woodcutter,
    "master_summer": master,
    "carpenter_summer": _choice("carpenter_summer", "build", "stall"),
    "builder": _choice("builder", "build"),
    "warden": warden,
    "laborer_summer": _choice("laborer_summer", "vehicle", "imitate"),
    "peat_boatman": peat_boatman,
    "tanner": _converter("tanner"),
    "linen_weaver": _converter("linen_weaver"),
    "butcher": lambda s, p: push(s, FR.Butcher(p)),
    "cattle_trader": cattle_trader,
    "grocer_winter": grocer_winter,
    "builders_merchant": builders_merchant,
    "potter": _converter("potter"),
    "baker": _converter("baker"),
    "wood_trader_space": _choice("wood_trader_space", "wood", "build"),
    "master_winter": master,
    "wainwright": wainwright,
    "carpenter_winter": _choice("carpenter_winter", "stall", "stable"),
    "dike_warden": dike_warden,
    "laborer_winter": _choice("laborer_winter", "build", "imitate"),
}
assert set(SPACE_ACTIONS) == set(C.SPACES)
SPACE_ACTIONS["grandmother"] = grandmother
SPACE_ACTIONS["ditcher"] = ditcher
SPACE_ACTIONS["sailmaker"] = H.sailmaker
SPACE_ACTIONS["boat_builder"] = H.boat_builder

core.link_placements(placements, place_worker)
H.link_spaces(equipment_payment, vehicle_actions, buy_equipment)
