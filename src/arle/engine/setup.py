"""Setting up a game (RULINGS 3): home boards, supplies, buildings, start player."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.data.options import (
    BASE_TT_OPTIONS,
    RULE_OPTIONS,
    TT_RULE_OPTIONS,
    players_error,
)
from arle.engine.core import advance
from arle.engine.farm import new_player
from arle.state import State


def select_buildings(rng: random.Random, buildings: str | Sequence[str],
                     promos: bool) -> list[str]:
    """The buildings on the game board for a selection mode or an explicit list."""
    yellow_pool = list(C.YELLOW) + (list(C.PROMO_YELLOW) if promos else [])
    red = list(C.RED) + (list(C.PROMO_RED) if promos else [])
    if buildings == "first-game":
        green = list(C.LIGHT_GREEN)
        blue = list(C.FIRST_GAME_BLUE)
        yellow = rng.sample(yellow_pool, C.BUILDING_SLOTS["yellow"])
    elif buildings == "random":
        green = rng.sample(list(C.DARK_GREEN), C.BUILDING_SLOTS["green"])
        yellow = rng.sample(yellow_pool, C.BUILDING_SLOTS["yellow"])
        blue = rng.sample(list(C.BLUE), C.BUILDING_SLOTS["blue"])
    elif isinstance(buildings, str):
        raise ValueError(f"unknown building selection {buildings!r} "
                         "(use 'first-game', 'random' or a list of building ids)")
    else:
        return validate_buildings(list(buildings), promos)
    return green + yellow + list(C.ORANGE) + blue + red


#: The expansions ``new_game`` knows, and the building selections with one (T46): a
#: random mix of base and expansion tiles, or the expansion's green, yellow and blue
#: tiles only.
EXPANSIONS = T.EXPANSIONS
TT_SELECTIONS = T.TT_SELECTIONS
#: Expansion buildings whose effects the engine implements.  INTERIM RULE
#: (``pending tiles stay in the box``, docs/RULES_COVERAGE.md): until every expansion
#: tile is implemented, the selection offers only these; a slot an expansion-only pool
#: cannot fill with implemented tiles is filled from the base tiles of its colour.
IMPLEMENTED_TT_BUILDINGS: frozenset[str] = frozenset({
    "animal_market", "chicken_farm", "tea_office", "dehydration_mill",
    "smokehouse_star", "moor_farmers_house", "fridericus_sluice", "homestead", "peat_barn",
    "slaughterhouse", "caroline_sluice", "tea_factory",
    "ale_house_inn", "old_brickworks_inn", "vossenhus_inn", "farmers_inn_star",
    "old_smithy_inn", "sluice_yard_inn_star", "mennonite_church",
    "small_wharf", "smithy_star", "schnapps_factory", "norderburg_castle",
})
#: Expansion tiles not offered yet (their effects are pending).
PENDING_TT_BUILDINGS = tuple(b for b in T.TT_BUILDINGS if b not in IMPLEMENTED_TT_BUILDINGS)


def tt_pools(promos: bool, players: int = 2) -> dict[str, tuple[list[str], list[str]]]:
    """Per colour, the (base, expansion) tiles an expansion game may use: no
    light-green house, the starred tiles instead of their base tiles, the 3-player
    tiles with 3 players only (T47), only implemented expansion tiles."""
    def ok(b: str) -> bool:
        return (players == 3 or b not in T.THREE_PLAYER_ONLY) and b in IMPLEMENTED_TT_BUILDINGS

    def base(ids: tuple[str, ...]) -> list[str]:
        return [b for b in ids if b not in T.POOL_EXCLUDES_BASE]
    return {
        "green": (base(T.POOL_GREEN_BASE), [b for b in T.TT_GREEN if ok(b)]),
        "yellow": (base(C.YELLOW) + (list(C.PROMO_YELLOW) if promos else []),
                   [b for b in T.TT_YELLOW if ok(b)]),
        "orange": (list(C.ORANGE), [b for b in T.TT_ORANGE if ok(b)]),
        "blue": (base(C.BLUE), [b for b in T.TT_BLUE if ok(b)]),
        "red": (list(C.RED) + (list(C.PROMO_RED) if promos else []),
                [b for b in T.TT_RED if ok(b)]),
    }


def tt_slots(promos: bool, players: int = 2) -> dict[str, int]:
    """Building slots with the expansion: the game board's plus the 2-player displays'
    (T46), plus the 3-player displays' with 3 players, the red promo tile making one
    more."""
    slots = dict(T.SLOTS_3P if players == 3 else T.SLOTS_1_2P)
    if promos:
        slots["red"] += 1
    return slots


def select_tt_buildings(rng: random.Random, buildings: str | Sequence[str],
                        promos: bool, players: int = 2) -> list[str]:
    """The buildings of an expansion game (game board and 2-player displays, T46).

    ``"random"`` draws green, yellow and blue from the mixed pool; ``"expansion-only"``
    draws them from the expansion's tiles (filling slots without an implemented
    expansion tile from the base tiles, the interim rule above); orange and red are
    all used.  Or a list of ids, checked against the expansion's pool."""
    pools = tt_pools(promos, players)
    slots = tt_slots(promos, players)
    if isinstance(buildings, str):
        if buildings not in TT_SELECTIONS:
            raise ValueError(f"unknown building selection {buildings!r} with the expansion "
                             "(use 'random', 'expansion-only' or a list of building ids)")
        out: list[str] = []
        for color in ("green", "yellow", "orange", "blue", "red"):
            base, tt = pools[color]
            if color in ("orange", "red"):
                out += base + tt
                continue
            k = slots[color]
            if buildings == "random":
                out += rng.sample(base + tt, k)
            else:
                first = rng.sample(tt, min(k, len(tt)))
                out += first + rng.sample(base, k - len(first))
        return out
    return validate_tt_buildings(list(buildings), promos, players)


def validate_tt_buildings(ids: list[str], promos: bool, players: int = 2) -> list[str]:
    """Check a list of building ids for an expansion game (raises ValueError)."""
    pools = tt_pools(promos, players)
    color_of = {b: c for c, (base, tt) in pools.items() for b in base + tt}
    slots = tt_slots(promos, players)
    seen: set[str] = set()
    for b in ids:
        if b not in color_of:
            if b in PENDING_TT_BUILDINGS:
                why = "an expansion tile whose effect is not implemented yet"
            elif b in T.THREE_PLAYER_ONLY:
                why = "a tile used with 3 players only"
            elif b in T.POOL_EXCLUDES_BASE or b in C.LIGHT_GREEN:
                why = "a base tile the expansion does not use"
            elif not promos and b in C.PROMO_YELLOW + C.PROMO_RED:
                why = "a promo tile: pass promos=True"
            else:
                why = "an unknown building id"
            raise ValueError(f"building {b!r} cannot be chosen with Tea & Trade: {why}")
        if b in seen:
            raise ValueError(f"building {b!r} listed twice")
        seen.add(b)
    for color, limit in slots.items():
        n = sum(1 for b in ids if color_of[b] == color)
        if n > limit:
            raise ValueError(f"{n} {color} buildings chosen; the board and displays have "
                             f"{limit} slots")
    return ids


def tt_player(pl: Any) -> None:
    """A player's start with the expansion: Tea on the resource list, 3 Wood, 3 Clay,
    3 Peat, 3 Tea, and the Digging Spade indicator on its leftmost space (T10)."""
    pl.res = pl.res + [0] * (len(T.TT_RESOURCES) - len(pl.res))
    for r, n in T.TT_START_RESOURCES.items():
        pl.res[r] = n
    pl.tools = pl.tools + [T.DIGGING_SPADE_START]
    pl.ditches = 0
    from arle.engine.farm import start_dike_cols
    pl.dike_cols = start_dike_cols()


def validate_buildings(ids: list[str], promos: bool) -> list[str]:
    seen: set[str] = set()
    for b in ids:
        if b not in C.BUILDING_COLOR:
            raise ValueError(f"unknown building id {b!r}")
        if b in seen:
            raise ValueError(f"building {b!r} listed twice")
        if not promos and b in C.PROMO_YELLOW + C.PROMO_RED:
            raise ValueError(f"building {b!r} is a promo tile: pass promos=True")
        seen.add(b)
    limits = {"green": 4, "yellow": 2, "orange": 6, "blue": 3, "red": 4 if promos else 3}
    for color, limit in limits.items():
        n = sum(1 for b in ids if C.BUILDING_COLOR[b].endswith(color))
        if n > limit:
            raise ValueError(f"{n} {color} buildings chosen; the board has {limit} slots")
    return ids


def new_game(players: int = 2, seed: int = 0, buildings: str | Sequence[str] | None = None,
             promos: bool = False, options: Mapping[str, Any] | None = None,
             expansion: str | None = None) -> State:
    """Set up a new game of Fields of Arle for 1 or 2 players (3 with the expansion).

    ``buildings`` is ``"first-game"`` (the default), ``"random"`` (drawn with ``seed``)
    or a list of building ids; ``promos`` adds the three promo tiles; ``options`` sets
    named rules options (see :data:`arle.data.options.RULE_OPTIONS`).
    ``expansion="tea-and-trade"`` plays with the Tea & Trade expansion (then
    ``buildings`` is ``"random"`` (the default), ``"expansion-only"`` or a list of ids,
    see :func:`select_tt_buildings`); ``None`` is the base game.

    >>> s = new_game(players=1, seed=3)
    >>> s.current_player, s.half_year, len(s.board)
    (0, 1, 18)
    """
    refused = players_error(players, expansion, "expansion='tea-and-trade'")
    if refused is not None:
        raise ValueError(refused)
    if type(seed) is not int:
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if not isinstance(promos, bool):
        raise ValueError(f"promos must be true or false, not {promos!r}")
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must map rules option names to true/false, "
                         f"not {options!r}")
    if expansion is not None and expansion not in EXPANSIONS:
        raise ValueError(f"unknown expansion {expansion!r} (known: {', '.join(EXPANSIONS)})")
    if buildings is None:
        buildings = "first-game" if expansion is None else "random"
    known = {**rule_options(players),
             **(BASE_TT_OPTIONS if expansion is None else TT_RULE_OPTIONS)}
    opts = dict(rule_options(players))
    if expansion is not None:
        opts.update(TT_RULE_OPTIONS)
    for k, v in (options or {}).items():
        if k in T.THREE_PLAYER_OPTIONS and players != 3:
            raise ValueError(f"rules option {k!r} is for 3-player games only")
        if k not in known:
            why = " (a Tea & Trade option)" if k in TT_RULE_OPTIONS else ""
            raise ValueError(f"unknown rules option {k!r}{why} (known: {sorted(known)})")
        if not isinstance(v, bool):
            raise ValueError(f"rules option {k!r} must be true or false, not {v!r}")
        opts[k] = v
    rng = random.Random(seed)
    s = State()
    s.n = players
    s.seed = seed
    s.start_player = rng.randrange(players)
    if expansion is None:
        board = select_buildings(rng, buildings, promos)
    else:
        board = select_tt_buildings(rng, buildings, promos, players)
    s.setup = {"players": players, "seed": seed,
               "buildings": buildings if isinstance(buildings, str) else list(buildings),
               "promos": promos, "options": opts}
    if expansion is not None:
        s.setup["expansion"] = expansion
    s.board = board
    s.players = [new_player() for _ in range(players)]
    if expansion is not None:
        for pl in s.players:
            tt_player(pl)
    s.ended = [False] * players
    s.pool = {
        "field": C.FIELDS_TOTAL - C.START_FIELDS * players,
        "stall_depot": C.STALLS_TOTAL - C.START_STALLS * players,
        **{k: v for k, v in C.SUPPLY_POOLS.items() if k != "coach" or promos},
    }
    if not promos:
        s.pool["coach"] = 0
    if players == 3:
        three_player_setup(s)
    advance(s)
    return s


def rule_options(players: int) -> dict[str, bool]:
    """The rules options of a game with ``players`` (and their defaults)."""
    if players == 3:
        return {**RULE_OPTIONS, **T.THREE_PLAYER_OPTIONS}
    return dict(RULE_OPTIONS)


def three_player_setup(s: State) -> None:
    """The 3-player changes (T49, T50, T53): the extra supply tiles, goods one space
    higher, the 2-Peat Small Boardwalk, a starting vehicle in each barn (Handcart, or
    Cart with ``three_player_start_cart``), then the specialization round."""
    from arle.engine.farm import add_equipment
    from arle.engine.three import start_specialization
    for k, n in T.THREE_PLAYER_EXTRA_SUPPLY.items():
        s.pool[k] += n
    vehicle = "cart" if s.setup["options"].get("three_player_start_cart") else "handcart"
    for p, pl in enumerate(s.players):
        for r, n in T.THREE_PLAYER_START_RESOURCES.items():
            pl.res[r] = n
        pl.bw_peat = T.THREE_PLAYER_BOARDWALK_PEAT
        add_equipment(s, p, vehicle)
    start_specialization(s)
