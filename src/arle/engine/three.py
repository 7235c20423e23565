"""Three players (Tea & Trade's 3-player game): spaces, Imitate, Special Actions, the
start player, the preliminary specialization round (T40-T43, T48-T54).

Everything here runs only in 3-player games (``s.n == 3``, which requires the
expansion); the 1-2 player rules call into this module only behind that test.

- Spaces (T40): each season's base spaces without the Laborer the Overlay covers, then
  the expansion's 3-player spaces of that season (Summer: Ditcher, Sailmaker,
  Grandmother, Laborer; Winter: Boat Builder, Driver, Woodcutter, Laborer), then the
  lowest free Imitate space.
- Special Action (T51): open to a player while fewer than 2 players took one this half
  year and this player did not; with it open, every space is offered, Summer first.
  Who took one is read from the occupied spaces (a space of the other season).
- Imitate (T52): ``place imitate_1`` pays 1 Food for the first Imitate of the half
  year, 2 for each later one, then ``imitate SPACE`` (an occupied space of this season,
  not an Imitate space, paying its own cost) or ``done``; one per player per half year.
- Start player (T51): the first player counterclockwise from the start player who took
  no Special Action.
- Specialization (T53): before half year 1, the last player, then the middle one, then
  the start player each make 2 picks (frame ``tt_building``, building
  ``"specialization"``): ``specialize TRACK`` (a track nobody chose yet: one free step,
  each other player gets the step's cost) or ``specialize HOUSE`` (once: a green house
  from the board for 2 building materials and 2 Grain).  No anytime action is offered
  inside the round.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Callable, Final

from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.engine import farm as F
from arle import frames as FR
from arle.engine import spaces as SP
from arle.engine import tt_buildings as TB
from arle.engine.core import (
    advance_tool, gain, pay, pay_then, push, replace_top, tool_at_end,
)
from arle.state import State

#: Each season's spaces with 3 players, in the board's order (T40).
SEASON_SPACES_3P: Final[tuple[tuple[str, ...], tuple[str, ...]]] = (
    tuple(sp for sp in SP.SEASON_SPACES[0] if sp not in T.COVERED_BY_OVERLAY)
    + T.TT_SUMMER_SPACES_3P,
    tuple(sp for sp in SP.SEASON_SPACES[1] if sp not in T.COVERED_BY_OVERLAY)
    + T.TT_WINTER_SPACES_3P,
)
ALL_SPACES_3P: Final[tuple[str, ...]] = SEASON_SPACES_3P[0] + SEASON_SPACES_3P[1]
IMITATE: Final = T.IMITATE_SPACES


def last_half_year(s: State) -> int:
    """The last half year of the game: 9, or 7 with 3 players (T48) unless the
    ``three_player_nine_half_years`` option is on."""
    if s.n != 3 or s.setup.get("options", {}).get("three_player_nine_half_years"):
        return C.HALF_YEARS
    return T.THREE_PLAYER_HALF_YEARS


def special_takers(s: State) -> list[int]:
    """The players who took a Special Action this half year, in the spaces' order."""
    season = s.season
    return [who for sp, who in s.occupied.items()
            if sp not in IMITATE and SP.SPACE_SEASON_3P[sp] != season]


def special_open(s: State, p: int) -> bool:
    takers = special_takers(s)
    return p not in takers and len(takers) < T.SPECIAL_ACTIONS_PER_HALF_YEAR_3P


def imitate_food(s: State) -> int:
    """The Food the next Imitate of this half year costs (T52)."""
    first, later = T.IMITATE_FOOD
    return later if any(sp in s.occupied for sp in IMITATE) else first


def imitate_uses(s: State, p: int, space: str) -> list[Action]:
    """The Tea uses of ``place imitate_K`` (T34, T36, T37), in the order of the other
    spaces': ``tea`` / ``eftea`` where the Tea improves a tool action the Imitate may
    copy (with the imitator's tools, the Imitate's Food paid first), ``twice`` (2 East
    Frisian Tea) where the Imitate's Food can be paid twice."""
    res = s.players[p].res
    tea, ef = res[T.TEA], res[T.EAST_FRISIAN_TEA]
    food = imitate_food(s)
    out = []
    if tea + ef >= 1 and SP.laborer_tea(s, p, space, "tea", food):
        out.append(Action("place", (space, "tea")))
    if ef >= 1 and SP.laborer_tea(s, p, space, "eftea", food):
        out.append(Action("place", (space, "eftea")))
    if (ef >= T.DOUBLE_ACTION_COST[T.EAST_FRISIAN_TEA]
            and res[C.FOOD] >= 2 * food):
        out.append(Action("place", (space, "twice")))
    return out


def imitate_targets(s: State) -> list[str]:
    """The occupied spaces of this season an Imitate may copy (T52)."""
    season = s.season
    return sorted(sp for sp in s.occupied
                  if sp not in IMITATE and SP.SPACE_SEASON_3P[sp] == season)


def placements_3p(s: State, p: int) -> list[Action]:
    spaces = ALL_SPACES_3P if special_open(s, p) else SEASON_SPACES_3P[s.season]
    out = SP.tt_place_actions(s, p, spaces)
    occupied = s.occupied
    free = [sp for sp in IMITATE if sp not in occupied]
    mine = sum(1 for sp in IMITATE if occupied.get(sp) == p)
    if (free and mine < T.IMITATES_PER_PLAYER and imitate_targets(s)
            and s.players[p].res[C.FOOD] >= imitate_food(s)):
        out.append(Action("place", (free[0],)))
        out += imitate_uses(s, p, free[0])
    return out


def imitate(s: State, p: int, space: str, use: str = "") -> None:
    """``place imitate_K [tea|eftea|twice]``: pay the Imitate's Food, then choose the
    space to copy.  With Tea (T36) only the tool spaces the Tea improves are offered,
    carried out with the imitator's tools; ``twice`` (T37) pays 2 East Frisian Tea and
    carries the Imitate out twice, its Food and the copied space's cost each time."""
    s.occupied[space] = p
    s.turn += 1
    if use == "twice":
        pay(s, p, dict(T.DOUBLE_ACTION_COST))
        push(s, FR.Again(p, space=space))
        SP.use_space(s, p, space)
        return
    if use:
        SP.pay_tea(s, p, use)
    SP.use_space(s, p, space)
    if use:
        replace_top(s, tea=use)


def imitate_action(s: State, p: int, space: str) -> None:
    """The Imitate's action (each time it is carried out): its Food, then the copy."""
    pay(s, p, {C.FOOD: SP.imitate_food_at(s, space)})
    push(s, FR.SpaceChoice(p, opts=("imitate",), space=space))


def _imitate_space(space: str) -> Callable[[State, int], None]:
    def run(s: State, p: int) -> None:
        imitate_action(s, p, space)
    return run


def next_start_player(s: State) -> int:
    """T51: counterclockwise from the start player (in the clockwise order A, B, C that
    is C, then B, then A), the first player who took no Special Action."""
    takers = special_takers(s)
    for k in range(1, s.n + 1):
        q = (s.start_player - k) % s.n
        if q not in takers:
            return q
    raise AssertionError("every player took a Special Action")  # pragma: no cover


# ---------------------------------------------------------------------------
# The 3-player spaces' actions
# ---------------------------------------------------------------------------
def driver(s: State, p: int) -> None:
    """Driver: 1 Clay per Peat Boat, plus 1 Clay per 3 Ditches (T43)."""
    pl = s.players[p]
    n = (T.DRIVER_CLAY_PER_PEAT_BOAT * F.count_equipment(pl, "peat_boat")
         + TB.ditch_count(pl) // T.DRIVER_DITCHES_PER_CLAY)
    if n:
        gain(s, p, C.CLAY, n)


def woodcutter_winter(s: State, p: int) -> None:
    """The Winter Woodcutter: 3 Wood plus 1 per Forest; Parks do not count (T42)."""
    forests = F.count_tiles(s.players[p], "forest")
    gain(s, p, C.WOOD, T.WOODCUTTER_WINTER_WOOD + T.WOODCUTTER_WINTER_WOOD_PER_FOREST * forests)


def laborer_summer_3p(s: State, p: int) -> None:
    """The Summer Laborer (its 2 Food paid): a Vehicle or a Trading Ship, at its cost."""
    push(s, FR.Shipwright(p, space="laborer_summer_3p", taken=()))


SP.SPACE_ACTIONS.update({sp: _imitate_space(sp) for sp in IMITATE})
SP.SPACE_ACTIONS.update({
    "driver": driver,
    "woodcutter_winter": woodcutter_winter,
    "laborer_summer_3p": laborer_summer_3p,
    "laborer_winter_3p": SP._choice("laborer_winter_3p", "build"),
})


# ---------------------------------------------------------------------------
# The preliminary specialization round (T53)
# ---------------------------------------------------------------------------
# The frame is ``FR.TTBuilding(p, "specialization", n)`` with ``n`` packing the picks
# left (bits 0-1), whether this player built the house (bit 2) and the tracks chosen
# by anyone so far (bit 3 + track index).
SPECIALIZATION: Final = "specialization"


def spec_code(left: int, house: bool, chosen: int) -> int:
    return left | (4 if house else 0) | chosen << 3


def spec_decode(n: int) -> tuple[int, bool, int]:
    return n & 3, bool(n & 4), n >> 3


def start_specialization(s: State) -> None:
    """Queue the round: the last player in play order picks first."""
    push(s, FR.TTBuilding((s.start_player - 1) % s.n, building=SPECIALIZATION,
                          n=spec_code(T.SPECIALIZATION_PICKS, False, 0)))


def house_payments(s: State, p: int) -> list[dict[int, int]]:
    """A green house at double cost: 2 building materials (may differ), 2 Grain."""
    k = T.SPECIALIZATION_HOUSE_COST_FACTOR
    res = s.players[p].res
    out = []
    for mats in combinations_with_replacement(C.BUILDING_MATERIALS, k):
        cost: dict[int, int] = {C.GRAIN: k}
        for m in mats:
            cost[m] = cost.get(m, 0) + 1
        if all(res[r] >= n for r, n in cost.items()):
            out.append(cost)
    return out


def _green(b: str) -> bool:
    return (C.BUILDING_COLOR.get(b) or T.TT_BUILDING_COLOR[b]).endswith("green")


def spec_legal(s: State, f: FR.TTBuilding) -> list[Action]:
    p = f.p
    _left, house, chosen = spec_decode(f.n)
    out = [Action("specialize", (T.TT_TOOLS[t],)) for t in range(len(T.TT_TOOLS))
           if not chosen >> t & 1 and not tool_at_end(s, p, t)]
    if not house and len(out) and F.has_land(s.players[p]) and house_payments(s, p):
        out += [Action("specialize", (b,)) for b in s.board if _green(b)]
    return out


def spec_apply(s: State, f: FR.TTBuilding, a: Action) -> None:
    p = f.p
    left, house, chosen = spec_decode(f.n)
    what = a.args[0]
    tool = T.TT_TOOL_INDEX.get(what)
    if tool is not None:
        chosen |= 1 << tool
    else:
        house = True
    s.stack.pop()
    if left > 1:
        push(s, FR.TTBuilding(p, building=SPECIALIZATION, n=spec_code(left - 1, house, chosen)))
    elif p != s.start_player:
        push(s, FR.TTBuilding((p - 1) % s.n, building=SPECIALIZATION,
                              n=spec_code(T.SPECIALIZATION_PICKS, False, chosen)))
    if tool is not None:
        advance_tool(s, p, tool, T.SPECIALIZATION_TOOL_STEPS)
        r, k = T.TT_TOOL_STEP_COST[tool]
        for q in range(s.n):
            if q != p:
                gain(s, q, r, k)
    else:
        pay_then(s, p, house_payments(s, p), "built", what)


TB.CHOICES[SPECIALIZATION] = (spec_legal, spec_apply)

SP.link_three(placements_3p, imitate)
