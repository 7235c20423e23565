"""The catalog of the Tea & Trade expansion: plain data, no rules logic.

Figures come from the expansion's rulebook as settled by the project's Tea & Trade
rulings; the ruling id (T1-T54) stands beside each value.  Values no source prints
live once in :data:`UNCONFIRMED` (the rulings' table Z) and every other table refers
to them there, so a correction is made in one place.  The expansion is not wired
into the engine yet: nothing here changes how the base game plays.

Ids follow :mod:`arle.data.catalog`: lower-case words joined by ``_``, unique across
buildings, spaces and equipment.  Resource indices extend the catalog's numbering.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Generic, NamedTuple, TypedDict, TypeVar

from arle.data.catalog import (
    BRICK, BUILDING_SLOTS, CLAY, DARK_GREEN, FLAX, FOOD, GOODS_TRACK, GRAIN, GREEN_COST,
    HIDE, LINEN, LOAD_SIZE, MOOR_PEAT, PEAT, RESOURCES, START_RESOURCES, SUPPLY_POOLS,
    TIMBER, WINTER_WEAR, WOOD, WOOL, Cost,
)

T = TypeVar("T")

# ---------------------------------------------------------------------------
# The one table of values no source confirms (rulings, section Z).
# ---------------------------------------------------------------------------


class Ship(NamedTuple):
    """One side of a ship tile: its cost (resource index -> count), VP, loading
    spaces (single spaces, left to right), whether adjacent spaces combine for a
    bigger tile, and the side it flips to (None for a large side)."""

    cost: dict[int, int]
    vp: int
    spaces: int
    combinable: bool
    flips_to: str | None


@dataclass(frozen=True)
class Choice(Generic[T]):
    """A value with named alternatives: ``values`` maps each option name to its
    value, ``default`` names the one the rulings choose, ``ruling`` cites it."""

    ruling: str
    default: str
    values: dict[str, T]

    @property
    def value(self) -> T:
        """The value of the default option."""
        return self.values[self.default]


class UnconfirmedTable(TypedDict):
    """The typed shape of :data:`UNCONFIRMED` (one key per line of table Z)."""

    ships: dict[str, Ship]
    ship_both_sides_buyable: bool
    ship_flip_by_tile_upgrade: bool
    digging_spade_step_cost: dict[int, int]
    digging_spade_vp: dict[int, int]
    tea_tile_size: int
    tea_upgrade_spaces: Choice[str]
    tea_supply: int | None
    ditch_supply: Choice[int | None]
    ditch_forbidden_edges_static: Choice[frozenset[str]]
    dike_columns: str
    cutter_food_before_trades: bool
    three_player_half_years: int
    three_player_start_vehicle: Choice[str]
    three_player_boardwalk_vp: int
    specialization_may_pass: bool


# Edge names are those of arle.engine.ditches (T15): h(r,c) lies between (r,c) and (r+1,c).
UNCONFIRMED: Final[UnconfirmedTable] = {
    # Ship tiles, per side (T2 buying and flipping, T3 costs, T4 VP, T5 spaces).
    "ships": {
        "fishing_cutter_small": Ship({WOOD: 3}, 2, 2, True, "fishing_cutter_large"),  # T3 T4 T5
        "fishing_cutter_large": Ship({WOOD: 5}, 3, 3, True, None),                    # T3 T4 T5
        "trading_ship_small": Ship({WOOD: 3, LINEN: 2}, 3, 2, True,                   # T3 T4 T5
                                   "trading_ship_large"),
        "trading_ship_large": Ship({WOOD: 5, LINEN: 2}, 4, 3, True, None),            # T3 T4 T5
    },
    "ship_both_sides_buyable": True,        # T2: either side is built at its own cost
    "ship_flip_by_tile_upgrade": True,      # T2: Warden, Dike Warden, Berum Castle flip ships
    "digging_spade_step_cost": {WOOD: 1},   # T11 (Timber pays for Wood)
    "digging_spade_vp": {3: 0, 4: 0, 5: 2, 6: 3},  # T12
    "tea_tile_size": 1,                     # T6
    "tea_upgrade_spaces": Choice("T6", "any_single", {    # T6
        "any_single": "any_single",         # any single space of a vehicle or ship
        "ships_only": "ships_only",         # only the spaces of ships
    }),
    "tea_supply": None,                     # T7: unlimited
    "ditch_supply": Choice("T8", "unlimited", {    # T8
        "unlimited": None,
        "shared": 30,                       # the 30 wooden ditches, shared by all players
    }),
    "ditch_forbidden_edges_static": Choice("T16", "none", {   # T16
        "none": frozenset(),
        "moor_interior_always": frozenset({"h(5,0)", "h(5,1)", "h(5,2)"}),
    }),
    "dike_columns": "owner_chooses",        # T18: the owner picks which dike and which slot
    "cutter_food_before_trades": True,      # T27: cutter Food may pay for that Inventory's trades
    "three_player_half_years": 7,           # T48
    "three_player_start_vehicle": Choice("T49", "handcart", {  # T49
        "handcart": "handcart",             # secondary source and the component count
        "cart": "cart",                     # the English text
    }),
    "three_player_boardwalk_vp": -3,        # T50: the 2-Peat Small Boardwalk left on the board
    "specialization_may_pass": False,       # T53
}

# ---------------------------------------------------------------------------
# Resources: Tea and East Frisian Tea extend the catalog's numbering (T38, T39).
# ---------------------------------------------------------------------------
# (literals, so that the compiled engine reads them as constants)
TEA: Final = 16
EAST_FRISIAN_TEA: Final = 17
assert (TEA, EAST_FRISIAN_TEA) == (len(RESOURCES), len(RESOURCES) + 1)
TT_RESOURCES: Final = RESOURCES + ("tea", "east_frisian_tea")
TT_RES_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(TT_RESOURCES)}
PAYS_FOR: Final = {EAST_FRISIAN_TEA: TEA}   # T38: EF Tea pays for Tea, never the reverse
TEA_VP: Final[dict[int, float]] = {TEA: 0.5, EAST_FRISIAN_TEA: 1.0}   # T39: not rounded
TEA_LOAD_RESULT: Final = {"tea": EAST_FRISIAN_TEA}  # T6: Tea is upgraded like Wood
TEA_LOAD_SIZE: Final = {"tea": UNCONFIRMED["tea_tile_size"]}  # T6

# Improving an action when placing a worker (T34-T37): steps on the action's tool
# track per payment, and the price of taking the action twice.
TEA_STEPS: Final = {TEA: 1, EAST_FRISIAN_TEA: 2}            # T35
OVEN_TEA_STEPS: Final = {TEA: 0, EAST_FRISIAN_TEA: 1}       # T35: Ovens
TEA_PER_ACTION: Final = 1                                   # T34: one Tea payment per action
DOUBLE_ACTION_COST: Final = {EAST_FRISIAN_TEA: 2}           # T37
# Action spaces that "correspond to a Tool Track" (T35); the Dike Builder improves
# its pairs of Shovels only.  Not listed: the 3-player winter Woodcutter, the Driver,
# the Farmer, the Grocers and the other non-tool spaces.
TEA_TOOL_SPACES: Final = {
    "fisherman": "fish_traps", "tanner": "fleshing_beams",
    "woolen_weaver": "weaving_looms", "linen_weaver": "weaving_looms",
    "butcher": "slaughtering_tables", "peat_cutter": "spades", "clay_worker": "shovels",
    "dike_builder": "shovels", "potter": "pottery_wheels", "baker": "ovens",
    "woodcutter": "axes", "master_summer": "workbenches", "master_winter": "workbenches",
    "ditcher": "digging_spades",
}

# ---------------------------------------------------------------------------
# The Digging Spade track (T10-T14): a full tool track on the Action Board.
# ---------------------------------------------------------------------------
DIGGING_SPADES: Final = "digging_spades"
DIGGING_SPADE_VALUES: Final[tuple[int, ...]] = (3, 4, 5, 6)   # T10: confirmed; everyone starts on 3
DIGGING_SPADE_STEP_COST: Final = UNCONFIRMED["digging_spade_step_cost"]   # T11
DIGGING_SPADE_VP: Final[dict[int, int]] = UNCONFIRMED["digging_spade_vp"]                 # T12, own pad row (T14)
DITCHES_PER_SPADE: Final = 1                 # T13: the Ditcher digs 1 per Digging Spade

# ---------------------------------------------------------------------------
# Ditches and dehydrated land (T15-T25); the geometry is in arle.engine.ditches.
# ---------------------------------------------------------------------------
DEHYDRATED_MIN_DITCHES: Final = 2    # T21: a land space with 2+ ditches around it
DEHYDRATED_SHEEP_CAP: Final = 3      # T22: an empty dehydrated space holds 3 Sheep
DEHYDRATED_BREED_AT: Final = 2       # T22: exactly 2 Sheep there breed in May
DEHYDRATED_FIELDS_PER_PLOW: Final = 2  # T23
MOOR_FLIP_DITCHES: Final = 2         # T24: ditches on a moor's perimeter that flip it
MOOR_FLIP_PEAT: Final = MOOR_PEAT    # T24: 4 Peat on the flipped moor
DITCH_SUPPLY: Final = UNCONFIRMED["ditch_supply"]       # T8
DITCH_FORBIDDEN_EDGES_STATIC: Final = UNCONFIRMED["ditch_forbidden_edges_static"]  # T16

# ---------------------------------------------------------------------------
# Harbor and ships (T1-T5, T9, T26-T33)
# ---------------------------------------------------------------------------
SHIPS: Final[dict[str, Ship]] = UNCONFIRMED["ships"]          # T2-T5
SHIP_IDS: Final[tuple[str, ...]] = ("fishing_cutter_small", "fishing_cutter_large",
                   "trading_ship_small", "trading_ship_large")
SHIP_KIND: Final = {
    "fishing_cutter_small": "fishing_cutter", "fishing_cutter_large": "fishing_cutter",
    "trading_ship_small": "trading_ship", "trading_ship_large": "trading_ship",
}
SHIP_NAME: Final = {
    "fishing_cutter_small": "Small Fishing Cutter", "fishing_cutter_large": "Large Fishing Cutter",
    "trading_ship_small": "Small Trading Ship", "trading_ship_large": "Large Trading Ship",
}
SHIP_SUPPLY: Final = {"fishing_cutter": 5, "trading_ship": 4}   # T1: double-sided tiles
HARBOR_SPACES: Final = {"fishing_cutter": 2, "trading_ship": 2}  # T1: per Harbor Board
SHIP_UPGRADES: Final = {k: s.flips_to for k, s in SHIPS.items() if s.flips_to is not None}  # T2
CUTTER_FOOD_PER_SPACE: Final = 1             # T31: per uncovered cutter space


class Trade(NamedTuple):
    """A Trading Ship's trade at an Inventory (T28-T30).  ``pay``: the ways to pay,
    each a full cost (no mixing between them); ``gives``: the resource placed;
    ``each_space``: True puts one on every uncovered space, False places one tile
    of ``size`` spaces; ``ships``: the ship sides that may make it."""

    pay: tuple[dict[int, int], ...]
    gives: int
    each_space: bool
    size: int
    ships: tuple[str, ...]


TRADING_SHIPS: Final = ("trading_ship_small", "trading_ship_large")
TRADES: Final = {
    "india": Trade(({FOOD: 3},), TEA, True, 1, TRADING_SHIPS),                 # T28 T30
    "england": Trade(({TEA: 1},), WINTER_WEAR, False, LOAD_SIZE["woolen"],     # T30 T38
                     ("trading_ship_large",)),
    "norway": Trade(({FLAX: 3}, {GRAIN: 3}), WOOD, True, 1, TRADING_SHIPS),    # T30: no mixing
    "finland": Trade(({WINTER_WEAR: 1},), TIMBER, True, 1, TRADING_SHIPS),     # T28 T30
}
TRADE_NAME: Final = {"india": "India", "england": "England", "norway": "Norway",
                     "finland": "Finland"}
TRADES_PER_SHIP: Final = 1                   # T30: at most one per ship per Inventory

# ---------------------------------------------------------------------------
# Buildings (the 23 tiles with the tea-cup symbol)
# ---------------------------------------------------------------------------
TT_GREEN: Final = ("animal_market", "chicken_farm", "tea_office", "dehydration_mill")
TT_YELLOW: Final = ("smokehouse_star", "smithy_star", "moor_farmers_house", "small_wharf",
                    "fridericus_sluice", "homestead", "peat_barn")
TT_ORANGE: Final = ("slaughterhouse", "caroline_sluice", "tea_factory", "schnapps_factory")
TT_BLUE: Final = ("ale_house_inn", "old_brickworks_inn", "vossenhus_inn",
                  "farmers_inn_star", "sluice_yard_inn_star", "old_smithy_inn")
TT_RED: Final = ("mennonite_church", "norderburg_castle")
TT_BUILDINGS: Final[tuple[str, ...]] = TT_GREEN + TT_YELLOW + TT_ORANGE + TT_BLUE + TT_RED
# Starred tiles replace the base tile of the same name in every game with the expansion.
STARRED_REPLACES: Final = {
    "smokehouse_star": "smokehouse", "smithy_star": "smithy",
    "farmers_inn_star": "farmers_inn", "sluice_yard_inn_star": "sluice_yard_inn",
}
THREE_PLAYER_ONLY: Final = frozenset({"schnapps_factory", "norderburg_castle"})  # T47
TT_BUILDING_NAME: Final = {
    "animal_market": "Animal Market", "chicken_farm": "Chicken Farm",
    "tea_office": "Tea Office", "dehydration_mill": "Dehydration Mill",
    "smokehouse_star": "Smokehouse*", "smithy_star": "Smithy*",
    "moor_farmers_house": "Moor Farmer's House", "small_wharf": "Small Wharf",
    "fridericus_sluice": "Fridericus Sluice", "homestead": "Homestead",
    "peat_barn": "Peat Barn", "slaughterhouse": "Slaughterhouse",
    "caroline_sluice": "Caroline Sluice", "tea_factory": "Tea Factory",
    "schnapps_factory": "Schnapps Factory", "ale_house_inn": "Ale house Inn",
    "old_brickworks_inn": "Old Brickworks Inn", "vossenhus_inn": "Vossenhus Inn",
    "farmers_inn_star": "Farmer's Inn*", "sluice_yard_inn_star": "Sluice Yard Inn*",
    "old_smithy_inn": "Old Smithy Inn", "mennonite_church": "Mennonite Church",
    "norderburg_castle": "Norderburg Castle",
}
# Colours use the catalog's words; the new Small Houses act at any time like the
# dark-green base houses (T44), so they are dark green.
TT_BUILDING_COLOR: Final = {
    **{b: "dark_green" for b in TT_GREEN}, **{b: "yellow" for b in TT_YELLOW},
    **{b: "orange" for b in TT_ORANGE}, **{b: "blue" for b in TT_BLUE},
    **{b: "red" for b in TT_RED},
}
KIND_OF_COLOR: Final = {"green": "small_house", "yellow": "minor_craft",
                        "orange": "major_craft", "blue": "inn", "red": "large"}
TT_BUILDING_KIND: Final = {
    **{b: "small_house" for b in TT_GREEN}, **{b: "minor_craft" for b in TT_YELLOW},
    **{b: "major_craft" for b in TT_ORANGE}, **{b: "inn" for b in TT_BLUE},
    **{b: "large" for b in TT_RED},
}
TT_BUILDING_VP: Final[dict[str, int]] = {                    # 1.4 of the rulings, as printed
    **{b: 1 for b in TT_GREEN},
    "smokehouse_star": 4, "smithy_star": 5, "moor_farmers_house": 5, "small_wharf": 5,
    "fridericus_sluice": 3, "homestead": 5, "peat_barn": 3,
    "slaughterhouse": 8, "caroline_sluice": 5, "tea_factory": 6, "schnapps_factory": 5,
    "ale_house_inn": 4, "old_brickworks_inn": 5, "vossenhus_inn": 5,
    "farmers_inn_star": 5, "sluice_yard_inn_star": 4, "old_smithy_inn": 3,
    **{b: 15 for b in TT_RED},
}
TT_BUILDING_COST: Final[dict[str, Cost]] = {  # Cost kinds as in the catalog
    **{b: GREEN_COST for b in TT_GREEN},
    **{b: Cost("fixed", {TIMBER: 1, BRICK: 1}) for b in TT_YELLOW},
    "slaughterhouse": Cost("fixed", {BRICK: 2}),
    "caroline_sluice": Cost("fixed", {TIMBER: 2, FOOD: 12}),
    "tea_factory": Cost("fixed", {TEA: 5, BRICK: 2}),       # EF Tea pays for Tea (T38)
    "schnapps_factory": Cost("fixed", {GRAIN: 6, BRICK: 1}),
    **{b: Cost("two_different", {FOOD: 9}) for b in TT_BLUE},
    **{b: Cost("fixed", {TIMBER: 3, BRICK: 3, FOOD: 15}) for b in TT_RED},
}
# When an ability acts (T44): "anytime" (repeatable, Inventory included) or
# "immediate" (once, on building, counts taken then).  The Slaughterhouse alone also
# has a lasting effect (T45).
TT_BUILDING_TIMING: Final = {**{b: "anytime" for b in TT_GREEN},
                             **{b: "immediate" for b in TT_BUILDINGS if b not in TT_GREEN}}
LASTING_EFFECT: Final = {"slaughterhouse": "butcher_food_plus_1"}   # T45
# The figures of each ability, named for the engine (1.4 of the rulings; T47).
TT_BUILDING_FIGURES: Final[dict[str, dict[str, object]]] = {
    "animal_market": {"animals": 3, "gives": {TEA: 4, FOOD: 3}},       # mixed kinds (T47)
    "chicken_farm": {"pays": {WOOD: 1, GRAIN: 1}, "gives": {FOOD: 4}},
    "tea_office": {"different_fabrics": 2, "pays": {FOOD: 1}, "gives": {TEA: 4}},
    "dehydration_mill": {"pays": {WOOD: 1, FOOD: 1}, "ditches": 2},
    "smokehouse_star": {"cut_peat_per_cutter": 2, "cut_peat_per_fish_trap": 1},
    "smithy_star": {"flips_per_workbench": 1, "food_per_flip": 2},
    "moor_farmers_house": {"field": "field_grain"},
    "small_wharf": {"ditches_per_item": 3, "pays": {TIMBER: 1},
                    "gives_one_of": ("fishing_cutter_small", "peat_boat")},
    "fridericus_sluice": {"ditches_per_workbench": 3},
    "homestead": {"grain_per_horse": 1, "flax_per_cattle": 1},
    "peat_barn": {"ditches_per_cart": 3, "carts_per_peat_boat": 1},
    "slaughterhouse": {"slaughtering_tables_steps": 1, "food_per_converted_animal": 1},
    "caroline_sluice": {"clay_per_ditch": 1, "moors_dehydrated": 1},
    "tea_factory": {"gives": {EAST_FRISIAN_TEA: 5}},
    "schnapps_factory": {"food_per_trading_ship": 4, "food_per_inn": 4},
    "ale_house_inn": {"per_orange_building": {FOOD: 2, WOOL: 2}},
    "old_brickworks_inn": {"per_field_pays": {TEA: 1}, "per_field_gives": {BRICK: 1, FLAX: 1}},
    "vossenhus_inn": {"peat_per_vehicle": 3},
    "farmers_inn_star": {"fields_to_forest": 1, "per_forest_pays": {EAST_FRISIAN_TEA: 1},
                         "per_forest_gives": {FOOD: 9}},
    "sluice_yard_inn_star": {"gives_ship": "fishing_cutter_large", "wood_per_axe": 1},
    "old_smithy_inn": {"horses": 3, "plows": 1},
    "mennonite_church": {"gives_ship": "trading_ship_large", "exchanges": 3,
                         "pays": {LINEN: 1}, "gives": {FOOD: 5}},
    "norderburg_castle": {"fields_to_food": {4: 14, 6: 19, 8: 24},     # one tier (T47)
                          "digging_spades_steps": 1},
}

# Building pool and displays with 1 or 2 players (T46, 1.5 of the rulings).  The
# game board is filled as in the base game (catalog.BUILDING_SLOTS), from a pool in
# which the starred tiles replace their base tiles and the light-green houses are
# left out; then the 2-player Building Displays get the slots below.
BUILDING_POOL_MODES: Final = ("mixed", "expansion_only")   # green/yellow/blue drawn from
POOL_EXCLUDES_BASE: Final = frozenset(STARRED_REPLACES.values())
POOL_GREEN_BASE: Final = DARK_GREEN          # the 4 light-green houses are never used
DISPLAY_SLOTS_2P: Final = {"orange": 3, "red": 1, "blue": 1}
DISPLAY_FIXED_2P: Final = {"orange": ("slaughterhouse", "caroline_sluice", "tea_factory"),
                           "red": ("mennonite_church",)}   # the Inn is chosen or drawn
SLOTS_1_2P: Final = {c: BUILDING_SLOTS[c] + DISPLAY_SLOTS_2P.get(c, 0) for c in BUILDING_SLOTS}

# ---------------------------------------------------------------------------
# Action spaces.  With 1-2 players: 17 spaces a half year (T40).
# ---------------------------------------------------------------------------
TT_SUMMER_SPACES_2P: Final = ("ditcher", "sailmaker")
TT_WINTER_SPACES_2P: Final = ("boat_builder", "grandmother")
TT_SPACE_NAME: Final = {
    "ditcher": "Ditcher", "sailmaker": "Sailmaker", "boat_builder": "Boat Builder",
    "grandmother": "Grandmother", "driver": "Driver", "woodcutter_winter": "Woodcutter (Winter)",
    "laborer_summer_3p": "Laborer (Summer, 3 players)",
    "laborer_winter_3p": "Laborer (Winter, 3 players)",
    "imitate_1": "Imitate 1", "imitate_2": "Imitate 2", "imitate_3": "Imitate 3",
}
SAILMAKER_GAIN: Final = {WOOL: 1, PEAT: 1}   # T41: received whether or not one builds
GRANDMOTHER_GAIN: Final = {EAST_FRISIAN_TEA: 1, FOOD: 4}
# What a space builds, at cost: groups of which at most one item each (T41, T33).
SAILMAKER_BUILDS: Final = (("fishing_cutter", "peat_boat"),)
BOAT_BUILDER_BUILDS_2P: Final = (("trading_ship", "peat_boat"), ("fishing_cutter",))

# ---------------------------------------------------------------------------
# Setup with 1 or 2 players (1.2 of the rulings)
# ---------------------------------------------------------------------------
TT_START_RESOURCES: Final = {**{r: START_RESOURCES[r] for r in GOODS_TRACK},
                             WOOD: 3, CLAY: 3, PEAT: 3, TEA: 3}
DIGGING_SPADE_START: Final = 0               # T10: index of the leftmost space

# ---------------------------------------------------------------------------
# Three players, kept apart (T46-T54): nothing above depends on it.
# ---------------------------------------------------------------------------
THREE_PLAYER_HALF_YEARS: Final = UNCONFIRMED["three_player_half_years"]        # T48
THREE_PLAYER_START_VEHICLE: Final = UNCONFIRMED["three_player_start_vehicle"]  # T49
THREE_PLAYER_GOODS_BONUS: Final = 1          # T50: goods indicators 1 space higher
THREE_PLAYER_START_RESOURCES: Final = {      # T50
    **{r: START_RESOURCES[r] + THREE_PLAYER_GOODS_BONUS for r in (FOOD, GRAIN, FLAX, HIDE, WOOL)},
    WOOD: 3, CLAY: 3, PEAT: 3, TEA: 3,
}
THREE_PLAYER_BOARDWALK_PEAT: Final = 2       # the 2-Peat Small Boardwalk
THREE_PLAYER_BOARDWALK_VP: Final = UNCONFIRMED["three_player_boardwalk_vp"]    # T50
# Tiles the 3-player box adds to the general supply (keys as catalog.SUPPLY_POOLS);
# the starting vehicles are then taken from it (T49).
THREE_PLAYER_EXTRA_SUPPLY: Final = {"stable": 1, "handcart_wagon": 3,
                                    "cart_horse_cart": 1, "boat_plow": 1}
THREE_PLAYER_SUPPLY_POOLS: Final = {k: n + THREE_PLAYER_EXTRA_SUPPLY.get(k, 0)
                                    for k, n in SUPPLY_POOLS.items()}
VEHICLE_POOL: Final = {"handcart": "handcart_wagon", "cart": "cart_horse_cart"}
DISPLAY_SLOTS_3P: Final = {"orange": 1, "red": 1, "green": 2, "yellow": 1}
DISPLAY_FIXED_3P: Final = {"orange": ("schnapps_factory",), "red": ("norderburg_castle",)}
SLOTS_3P: Final = {c: SLOTS_1_2P[c] + DISPLAY_SLOTS_3P.get(c, 0) for c in SLOTS_1_2P}
# T46: with "expansion_only" and 3 players, the 2 green slots beyond the 4 new
# houses are drawn from the base dark-green houses.
EXPANSION_ONLY_GREEN_FILL_3P: Final = POOL_GREEN_BASE
# Spaces: the Overlay covers the base Laborers; 18 + 18 spaces and 3 Imitate (T40).
COVERED_BY_OVERLAY: Final = ("laborer_summer", "laborer_winter")
TT_SUMMER_SPACES_3P: Final = ("ditcher", "sailmaker", "grandmother", "laborer_summer_3p")
TT_WINTER_SPACES_3P: Final = ("boat_builder", "driver", "woodcutter_winter", "laborer_winter_3p")
IMITATE_SPACES: Final = ("imitate_1", "imitate_2", "imitate_3")   # both seasons (T52)
IMITATE_FOOD: Final = (1, 2)                 # the first of a half year, then each later one
IMITATES_PER_PLAYER: Final = 1               # per half year (T52, T37)
LABORER_3P_FOOD: Final = 2
LABORER_SUMMER_3P_BUILDS: Final = (("vehicle", "trading_ship"),)
LABORER_WINTER_3P_BUILDS: Final = (("building",),)
BOAT_BUILDER_BUILDS_3P: Final = (("trading_ship",),)
WOODCUTTER_WINTER_WOOD: Final = 3            # plus 1 per Forest, Parks do not count (T42)
WOODCUTTER_WINTER_WOOD_PER_FOREST: Final = 1
DRIVER_CLAY_PER_PEAT_BOAT: Final = 1         # T43
DRIVER_DITCHES_PER_CLAY: Final = 3           # T43: floor(ditches / 3)
# Turn order and Special Actions (T51).
PLAY_ORDER: Final = "clockwise"
SPECIAL_ACTIONS_PER_HALF_YEAR_3P: Final = 2  # by 2 different players, 1 each
# The preliminary specialization round (T53).
SPECIALIZATION_PICKS: Final = 2
SPECIALIZATION_HOUSES_MAX: Final = 1
SPECIALIZATION_HOUSE_COST_FACTOR: Final = 2  # 2 building materials (may differ) + 2 Grain
SPECIALIZATION_TOOL_STEPS: Final = 1         # one track space, free; others get its cost
SPECIALIZATION_MAY_PASS: Final = UNCONFIRMED["specialization_may_pass"]       # T53
TIE_BREAK_3P: Final = "earliest_in_next_play_order"   # T54, a proposal outside table Z

# ---------------------------------------------------------------------------
# Tables extended for expansion games (derived, nothing re-typed).  Indices of the
# base tables are unchanged, so the engine indexes these supersets in every game;
# a base game simply never holds index 16, 17 (resources) or 10 (tools).
# ---------------------------------------------------------------------------
from arle.data.catalog import TOOL_STEP_COST, TOOL_VALUES, TOOL_VP, TOOLS  # noqa: E402

TT_TOOLS: Final = TOOLS + (DIGGING_SPADES,)
TT_TOOL_INDEX: Final = {name: i for i, name in enumerate(TT_TOOLS)}
DIGGING_SPADE_TRACK: Final = len(TOOLS)      # index 10 on the tools list
_SPADE_COST = next(iter(DIGGING_SPADE_STEP_COST.items()))
TT_TOOL_VALUES: Final = TOOL_VALUES + (DIGGING_SPADE_VALUES,)
TT_TOOL_STEP_COST: Final = TOOL_STEP_COST + (_SPADE_COST,)
TT_TOOL_VP: Final = TOOL_VP + ({v: vp for v, vp in DIGGING_SPADE_VP.items() if vp},)
TT_START_TOOLS: Final = (0,) * len(TOOLS) + (DIGGING_SPADE_START,)

# The expansion's spaces in the engine's space order: each season's base spaces, then
# the new ones (T40, 1-2 players).
TT_SPACE_SEASON: Final = {**{sp: 0 for sp in TT_SUMMER_SPACES_2P},
                          **{sp: 1 for sp in TT_WINTER_SPACES_2P}}

#: The expansions ``arle.new_game`` knows (its ``expansion`` setup key).
EXPANSIONS: Final = ("tea-and-trade",)
#: The building selections of an expansion game (``buildings=``), the two pool modes
#: of :data:`BUILDING_POOL_MODES` as the setup spells them.
TT_SELECTIONS: Final = ("random", "expansion-only")

# ---------------------------------------------------------------------------
# Three players in the engine (T40, T42, T43, T48-T54)
# ---------------------------------------------------------------------------
#: The 3-player spaces' seasons (Grandmother is a Summer space with 3 players, T40);
#: the Imitate spaces belong to both seasons and are listed apart.
SPACE_SEASON_3P: Final = {**{sp: 0 for sp in TT_SUMMER_SPACES_3P},
                          **{sp: 1 for sp in TT_WINTER_SPACES_3P}}
#: The 3-player Laborers' own cost (the Food paid before building).
SPACE_COST_3P: Final = {"laborer_summer_3p": ({FOOD: LABORER_3P_FOOD},),
                        "laborer_winter_3p": ({FOOD: LABORER_3P_FOOD},)}
#: Rules options that exist only in 3-player games (named in ``options=``; they are
#: recorded in the setup of 3-player games only, so 1-2 player setups are unchanged).
#: ``three_player_nine_half_years``: play 9 half years instead of T48's 7.
#: ``three_player_start_cart``: start with the English text's Cart instead of T49's
#: Handcart.
THREE_PLAYER_OPTIONS: Final[dict[str, bool]] = {
    "three_player_nine_half_years": False,
    "three_player_start_cart": THREE_PLAYER_START_VEHICLE.default == "cart",
}
THREE_PLAYER_NINE_HALF_YEARS: Final = 9
