"""The figures and options of :mod:`arle.green` in one place (rules modelled on Fields of
Green (Artipia Games, 2016) with invented cards; unofficial).

Rules data only, no logic.  The numbers are the rules' own (income, capacities, prices);
the options are the project's rulings, each a default with its named alternatives
(``docs/GREEN.md`` maps them to the rulings F1-F27).  One value is UNCONFIRMED: the
passing directions.
"""

from __future__ import annotations

from typing import Any, TypedDict, Union, cast

FOG_PASS_DIRECTIONS = "LRLR"   # UNCONFIRMED (F15); alt "RLRL"; L = clockwise

FOG_OPTIONS: dict[str, Any] = {
    "distance_metric": "grid",             # F8; alt "farm_path"
    "distance_count": "steps",             # F8; alt "cards_between"
    "open_area_anchors_placement": True,   # F7
    "open_area_counts_as_location": False,  # F24, F27
    "restore_retriggers_immediate": False,  # F24
    "token_limits": False,                 # F10; True = 32/44/61/20 (TOKEN_LIMITS)
    "action_choice": "sequential",         # F17; alt "hidden" (3-4 players)
    "draw_mode": "choose",                 # F4; "fixed" = ARLE VARIANT 2/2/1/1
    "solo_mode": "arle_market",            # F3; ARLE VARIANT, 1 player only
    "first_player": "random",              # F16; or a seat index
    "pass_directions": FOG_PASS_DIRECTIONS,  # F15
}



class Options(TypedDict):
    """A game's options (``State.options``; the keys and defaults of FOG_OPTIONS)."""

    distance_metric: str
    distance_count: str
    open_area_anchors_placement: bool
    open_area_counts_as_location: bool
    restore_retriggers_immediate: bool
    token_limits: bool
    action_choice: str
    draw_mode: str
    solo_mode: str
    first_player: Union[str, int]
    pass_directions: str


def default_options() -> Options:
    """A new copy of the default options (FOG_OPTIONS)."""
    return cast(Options, dict(FOG_OPTIONS))


assert set(FOG_OPTIONS) == set(Options.__annotations__)

#: The allowed values of each option (``first_player`` also takes a seat index).
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "distance_metric": ("grid", "farm_path"),
    "distance_count": ("steps", "cards_between"),
    "open_area_anchors_placement": (True, False),
    "open_area_counts_as_location": (True, False),
    "restore_retriggers_immediate": (True, False),
    "token_limits": (False, True),
    "action_choice": ("sequential", "hidden"),
    "draw_mode": ("choose", "fixed"),
    "solo_mode": ("arle_market",),
    "first_player": ("random",),
    "pass_directions": ("LRLR", "RLRL"),
}

#: Every verb of the game's actions (the notation, docs/GREEN.md).
VERBS = frozenset(("draw", "pick", "take", "build", "tower", "silo", "market", "restore",
                   "plan", "store", "pay", "keep", "tile", "aside", "attach", "done",
                   "harvest", "flip", "use"))

YEARS = 4                      # R5
TURNS = 6                      # R5, R9: six turns a year
HAND = 6                       # R8: six cards a draw
MIN_PILES = 3                  # R8: from at least 3 of the 4 piles
START_COINS = 15               # R3
START_WATER = 3                # R3: the starting tower is full
START_FOOD = 1                 # R3
INCOME = {"food": 1, "water": 2, "coins": 3}   # R7, years 2-4
TOWER_CAPACITY = 3             # R7
TOWER_RANGE = 2                # R10, R11
TOWER_COST = 2                 # R11
SILO_CAPACITY = 4              # R7, R12
MARKET_COINS = 2               # R13: for the card
MARKET_FOOD_PRICE = 2          # R13: per Food sold
MARKET_FOOD_MAX = 2            # R13, F25
RESTORE_COST = 1               # R14
EQUIPMENT_DRAW = 3             # R18, F21
TILES_PER_CARD = 2             # R21
FIXED_DRAW = (2, 2, 1, 1)      # F4 ARLE VARIANT: Field, Livestock, Construction, Building
SOLO_PILE_CAP = 4              # F3: at most 8 cards a pile a year (player + neutral)
MARKET_OPEN = 6                # R24: six face up at first
MARKET_REVEAL = 2              # R24: two more after each pair of turns
#: F10 with ``token_limits``: the supply of each kind of token (the box's counts; Money
#: counted in coins), shared by every seat; a gain beyond what is left is lost.
TOKEN_LIMITS = {"water": 32, "food": 44, "coins": 61, "vp": 20}
COINS_PER_VP = 3               # R22
FOOD_PER_VP = 2                # R22

TITLE = ("Fields of Green-like farm drafting (rules modelled on Fields of Green "
         "(Artipia Games, 2016) with invented cards; unofficial)")
