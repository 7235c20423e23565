"""Setting up a game (RULINGS 3): home boards, supplies, buildings, start player."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from arle.data import catalog as C
from arle.data.options import RULE_OPTIONS
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


def new_game(players: int = 2, seed: int = 0, buildings: str | Sequence[str] = "first-game",
             promos: bool = False, options: Mapping[str, Any] | None = None) -> State:
    """Set up a new game of Fields of Arle for 1 or 2 players.

    ``buildings`` is ``"first-game"``, ``"random"`` (drawn with ``seed``) or a list of
    building ids; ``promos`` adds the three promo tiles; ``options`` sets named rules
    options (see :data:`arle.data.options.RULE_OPTIONS`).

    >>> s = new_game(players=1, seed=3)
    >>> s.current_player, s.half_year, len(s.board)
    (0, 1, 18)
    """
    if type(players) is not int or players not in (1, 2):
        raise ValueError(f"players must be 1 or 2, not {players!r}")
    if type(seed) is not int:
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if not isinstance(promos, bool):
        raise ValueError(f"promos must be true or false, not {promos!r}")
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must map rules option names to true/false, "
                         f"not {options!r}")
    opts = dict(RULE_OPTIONS)
    for k, v in (options or {}).items():
        if k not in RULE_OPTIONS:
            raise ValueError(f"unknown rules option {k!r} (known: {sorted(RULE_OPTIONS)})")
        if not isinstance(v, bool):
            raise ValueError(f"rules option {k!r} must be true or false, not {v!r}")
        opts[k] = v
    rng = random.Random(seed)
    s = State()
    s.n = players
    s.seed = seed
    s.start_player = rng.randrange(players)
    board = select_buildings(rng, buildings, promos)
    s.setup = {"players": players, "seed": seed,
               "buildings": buildings if isinstance(buildings, str) else list(buildings),
               "promos": promos, "options": opts}
    s.board = board
    s.players = [new_player() for _ in range(players)]
    s.ended = [False] * players
    s.pool = {
        "field": C.FIELDS_TOTAL - 2 * players,
        "stall_depot": C.STALLS_TOTAL - players,
        **{k: v for k, v in C.SUPPLY_POOLS.items() if k != "coach" or promos},
    }
    if not promos:
        s.pool["coach"] = 0
    advance(s)
    return s
