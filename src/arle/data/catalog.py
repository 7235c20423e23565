"""The static catalog of Fields of Arle: plain data, no rules logic.

Every figure here comes from the printed components as settled by the project's
rulings (see ``docs/RULES_COVERAGE.md``).  Values that no source confirms are kept in
:data:`UNCONFIRMED` so they can be corrected in one place.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# ---------------------------------------------------------------------------
# Resources.  Goods-track goods first (capped), then personal-supply items.
# ---------------------------------------------------------------------------
FOOD: Final = 0
GRAIN: Final = 1
FLAX: Final = 2
HIDE: Final = 3
WOOL: Final = 4
WOOD: Final = 5
CLAY: Final = 6
TIMBER: Final = 7
BRICK: Final = 8
PEAT: Final = 9
LINEN: Final = 10
WOOLEN: Final = 11
LEATHER: Final = 12
SUMMER_WEAR: Final = 13
WINTER_WEAR: Final = 14
LEATHER_WEAR: Final = 15
RESOURCES: Final = (
    "food", "grain", "flax", "hide", "wool",
    "wood", "clay", "timber", "brick", "peat",
    "linen", "woolen", "leather",
    "summer_wear", "winter_wear", "leather_wear",
)
RES_INDEX: Final = {name: i for i, name in enumerate(RESOURCES)}
GOODS_TRACK: Final = (FOOD, GRAIN, FLAX, HIDE, WOOL)
SUPPLY_ITEMS: Final = tuple(range(WOOD, LEATHER_WEAR + 1))
GOOD_CAP: Final = 15
FOOD_CAP: Final = 30  # two Food indicators of 0..15 each
BUILDING_MATERIALS: Final = (WOOD, CLAY, TIMBER, BRICK)
CLOTHING: Final = (SUMMER_WEAR, WINTER_WEAR, LEATHER_WEAR)

# End-of-game VP of supply tiles (RULINGS 5).  Halves are exact as floats.
RESOURCE_VP: Final = {
    TIMBER: 0.5, BRICK: 1.0, LINEN: 1.0, WOOLEN: 1.0, LEATHER: 1.0,
    SUMMER_WEAR: 2.0, WINTER_WEAR: 2.5, LEATHER_WEAR: 2.5,
}

# ---------------------------------------------------------------------------
# Animals
# ---------------------------------------------------------------------------
SHEEP: Final = 0
CATTLE: Final = 1
HORSE: Final = 2
ANIMALS: Final = ("sheep", "cattle", "horse")
ANIMAL_INDEX: Final = {name: i for i, name in enumerate(ANIMALS)}

# ---------------------------------------------------------------------------
# Tool tracks (RULINGS 4): values left to right, cost per step, VP at value.
# ---------------------------------------------------------------------------
TOOLS: Final = (
    "fish_traps", "fleshing_beams", "weaving_looms", "slaughtering_tables", "spades",
    "shovels", "pottery_wheels", "ovens", "axes", "workbenches",
)
TOOL_INDEX: Final = {name: i for i, name in enumerate(TOOLS)}
FISH_TRAPS: Final = 0
FLESHING_BEAMS: Final = 1
WEAVING_LOOMS: Final = 2
SLAUGHTERING_TABLES: Final = 3
SPADES: Final = 4
SHOVELS: Final = 5
POTTERY_WHEELS: Final = 6
OVENS: Final = 7
AXES: Final = 8
WORKBENCHES: Final = 9
assert (FISH_TRAPS, FLESHING_BEAMS, WEAVING_LOOMS, SLAUGHTERING_TABLES, SPADES, SHOVELS,
        POTTERY_WHEELS, OVENS, AXES, WORKBENCHES) == tuple(range(len(TOOLS)))
TOOL_VALUES: Final = (
    (2, 3, 4, 5, 6),
    (3, 5, 6),
    (2, 3, 4, 5),
    (2, 3, 4),
    (3, 5, 7),
    (3, 4, 5, 6),
    (2, 3, 4),
    (1, 2, 3, 4),
    (3, 4, 5, 6),
    (2, 3, 4),
)
# Cost of one step on each track: (resource, amount).
TOOL_STEP_COST: Final = (
    (WOOD, 1), (WOOD, 1), (WOOD, 2), (CLAY, 1), (WOOD, 1),
    (WOOD, 1), (CLAY, 1), (BRICK, 1), (WOOD, 1), (CLAY, 2),
)
TOOL_VP: Final[tuple[dict[int, int], ...]] = (
    {6: 3},
    {5: 1, 6: 3},
    {3: 1, 4: 3, 5: 4},
    {3: 1, 4: 2},
    {7: 2},
    {},
    {4: 2},
    {2: 1, 3: 5, 4: 7},
    {},
    {3: 1, 4: 4},
)
# Pairs of shovels at each shovel value 3, 4, 5, 6.
SHOVEL_PAIRS: Final = {3: 1, 4: 2, 5: 2, 6: 3}

# ---------------------------------------------------------------------------
# Equipment (RULINGS 7, 8).  Vehicle layouts are cell widths left to right;
# ``combinable`` says whether adjacent cells may be joined for a bigger tile.
# ---------------------------------------------------------------------------
EQUIPMENT: Final = (
    "plow", "peat_boat", "handcart", "wagon", "cart", "horse_cart",
    "carriage", "droshky", "coach_and_four", "coach_and_four_upgraded",
)
VEHICLES: Final = ("handcart", "wagon", "cart", "horse_cart", "carriage", "droshky",
                   "coach_and_four", "coach_and_four_upgraded")
LARGE: Final = frozenset({"cart", "horse_cart", "carriage", "droshky",
                          "coach_and_four", "coach_and_four_upgraded"})
EQUIPMENT_VP: Final = {
    "plow": 3, "peat_boat": 1, "handcart": 0, "wagon": 1, "cart": 1, "horse_cart": 2,
    "carriage": 4, "droshky": 5, "coach_and_four": 9, "coach_and_four_upgraded": 10,
}
# Cost to build: (wood, horses).  Plow is 1 Wood + 1 Cattle or Horse (special-cased).
EQUIPMENT_COST: Final = {
    "peat_boat": (1, 0), "handcart": (2, 0), "wagon": (4, 0), "cart": (5, 1),
    "horse_cart": (7, 1), "carriage": (4, 2), "droshky": (6, 2), "coach_and_four": (3, 4),
    # RULINGS 11 gives the front; the Korean promo text prints the back's cost as
    # 5 Wood + 4 Horses (vehicles may be taken with either side up).
    "coach_and_four_upgraded": (5, 4),
}
VEHICLE_CELLS: Final = {
    "handcart": (1,),
    "wagon": (1, 1),
    "cart": (1, 1, 1),
    "horse_cart": (1, 1, 1, 1),
    "carriage": (1, 2),
    "droshky": (1, 2, 1),
    "coach_and_four": (3,),
    "coach_and_four_upgraded": (3, 1),
}
VEHICLE_COMBINABLE: Final = {
    "handcart": False, "wagon": False, "cart": True, "horse_cart": True,
    "carriage": True, "droshky": True, "coach_and_four": True,
    "coach_and_four_upgraded": True,
}
# Tile sides: each supply stack is one pool; the two sides share it.
TILE_POOL: Final = {
    "plow": "boat_plow", "peat_boat": "boat_plow",
    "handcart": "handcart_wagon", "wagon": "handcart_wagon",
    "cart": "cart_horse_cart", "horse_cart": "cart_horse_cart",
    "carriage": "carriage_droshky", "droshky": "carriage_droshky",
    "coach_and_four": "coach", "coach_and_four_upgraded": "coach",
    "field_grain": "field", "field_flax": "field",
    "stall": "stall_depot", "depot": "stall_depot",
    "stable": "stable", "double_stall": "stable",
    "forest": "forest_park", "park": "forest_park",
}
SUPPLY_POOLS: Final = {
    # Counts of tiles off the home boards at setup (RULINGS 8): 14 fields of which
    # 2 per player start on the home boards; 7 stall/depot tiles, 1 per player on board.
    "boat_plow": 6, "handcart_wagon": 2, "cart_horse_cart": 3, "carriage_droshky": 3,
    "coach": 1, "stable": 3, "forest_park": 5,
}
FIELDS_TOTAL: Final = 14
STALLS_TOTAL: Final = 7
# Upgrades (front -> back), flipped for free by a Tile Upgrade (RULINGS 7).
UPGRADES: Final = {
    "forest": "park", "stall": "depot", "stable": "double_stall", "moor": "dehydrated_moor",
    "peat_boat": "plow", "handcart": "wagon", "cart": "horse_cart", "carriage": "droshky",
    "coach_and_four": "coach_and_four_upgraded",
}

# ---------------------------------------------------------------------------
# Home board (RULINGS 1, 2)
# ---------------------------------------------------------------------------
ROWS: Final = 7
COLS: Final = 3
# (G0, G1, G2, G3) dikes per gap after k dike moves; the top-row penalty is 3 - G3.
DIKE_SEQUENCE: Final = (
    (3, 2, 0, 0), (2, 3, 0, 0), (1, 3, 1, 0), (0, 3, 2, 0),
    (0, 2, 3, 0), (0, 1, 3, 1), (0, 0, 3, 2), (0, 0, 2, 3),
)
MAX_DIKE_MOVES: Final = 7
DIKES: Final = 5
# Cells are numbered row-major (row * COLS + col), row 0 at the sea.
# The Small Boardwalk (row 4, middle column) and the three Moor tiles, each covering
# rows 5 and 6 of one column: (top cell, bottom cell) per column.
BOARDWALK_CELL: Final = 4 * COLS + 1
MOOR_CELLS: Final = ((5 * COLS + 0, 6 * COLS + 0), (5 * COLS + 1, 6 * COLS + 1),
                     (5 * COLS + 2, 6 * COLS + 2))
# The tiles printed or placed on a home board at setup (RULINGS 3), cell -> tile;
# the Moor tiles of MOOR_CELLS and the Small Boardwalk come on top of these.
START_TILES: Final = {3 * COLS + 2: "field_grain", 4 * COLS + 0: "stall",
                      4 * COLS + 2: "field_flax"}
#: Of the limited supplies, what each home board takes at setup (from START_TILES).
START_FIELDS: Final = sum(1 for tile in START_TILES.values() if tile.startswith("field"))
START_STALLS: Final = sum(1 for tile in START_TILES.values() if tile == "stall")
# Housing: a Double Stall is two Stalls, a Park holds 2 animals of any kind.
DOUBLE_STALL_STALLS: Final = 2
PARK_MIXED: Final = 2
# The barn (RULINGS 8): 3 large slots and 4 small ones; the bottom large slot may
# hold one small item while it is free of a large one.
BARN_LARGE_SLOTS: Final = 3
BARN_SMALL_SLOTS: Final = 4


def first_land_row(dike_moves: int) -> int:
    """Topmost row that is land after ``dike_moves`` dike moves (3, 2, 1 or 0)."""
    if dike_moves >= 7:
        return 0
    if dike_moves >= 4:
        return 1
    if dike_moves >= 1:
        return 2
    return 3


MOOR_PEAT: Final = 4
TILE_VP: Final = {
    "forest": 2, "park": 6, "stall": 2, "depot": 2, "stable": 6, "double_stall": 9,
    "field_grain": 0, "field_flax": 0,
}
MOOR_VP: Final = -4
DEHYDRATED_MOOR_VP: Final = -1
BOARDWALK_VP: Final = -3  # RULINGS 6: Small Boardwalk left on the board

# ---------------------------------------------------------------------------
# Travel destinations (RULINGS 9)
# ---------------------------------------------------------------------------
DESTINATIONS: Final = ("hage", "beemoor", "dornum", "norden", "aurich", "esens",
                       "emden", "leer", "bremen")
DESTINATION_SIZE: Final = {
    "hage": 1, "beemoor": 1, "dornum": 1, "norden": 2, "aurich": 2, "esens": 2,
    "emden": 3, "leer": 3, "bremen": 4,
}
# Sale items per destination: item id -> Food.  Item ids name what is given up;
# the engine knows what each id takes away.
DESTINATION_SALES: Final = {
    "hage": {"field": 1},
    "beemoor": {"peat": 2},
    "dornum": {"plow": 8},
    "norden": {"sheep": 4, "peat_boat": 5, "winter_wear": 7},
    "aurich": {"leather": 4, "horse": 5, "animal": 4},
    "esens": {"grain2": 4, "hide": 2, "woolen": 4},
    "emden": {"winter_wear": 7, "leather_wear": 7, "summer_wear": 6, "peat": 3},
    "leer": {"flax": 2, "linen": 3, "cattle": 5, "wear": 6},
    "bremen": {"timber": 5, "animals2": 9, "fabrics": 12, "wears": 30, "moor": 0},
}
TRAVEL_TRACK_LEN: Final = 19
# UNCONFIRMED (RULINGS 9): VP by the number of covered spaces 0..19.
TRAVEL_VP: Final = (0, 0, 1, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10)

# Vehicle tile size of loadable goods (RULINGS 5); what they turn into.
LOAD_SIZE: Final = {"wood": 1, "clay": 1, "peat": 1, "linen": 2, "woolen": 3, "leather": 3}
LOAD_RESULT: Final = {"wood": TIMBER, "clay": BRICK, "peat": PEAT, "linen": SUMMER_WEAR,
                      "woolen": WINTER_WEAR, "leather": LEATHER_WEAR}

# ---------------------------------------------------------------------------
# Buildings.  Cost kinds: see ``BUILDING_COST``.
# ---------------------------------------------------------------------------
LIGHT_GREEN: Final = ("farmers_house", "plow_makers_workshop", "novices_hut", "workshop")
DARK_GREEN: Final = ("weaving_parlor", "colonists_house", "carpenters_workshop",
                     "schnapps_distillery", "loading_station", "litter_storage",
                     "wood_trader")
YELLOW: Final = ("turnery", "smokehouse", "smithy", "cooperage", "bakehouse")
ORANGE: Final = ("mill", "weaving_mill", "textile_house", "saddlery", "joinery",
                 "waterfront_house")
BLUE: Final = ("potters_inn", "farmers_inn", "junk_dealers_inn", "gulf_house_inn",
               "milk_house_inn", "sluice_yard_inn")
RED: Final = ("village_church", "lutetsburg_castle", "berum_castle")
PROMO_YELLOW: Final = ("peat_fired_brickworks",)
PROMO_RED: Final = ("peat_power_plant",)
BUILDINGS: Final = (LIGHT_GREEN + DARK_GREEN + YELLOW + ORANGE + BLUE + RED
                    + PROMO_YELLOW + PROMO_RED)
BUILDING_COLOR: Final = {
    **{b: "light_green" for b in LIGHT_GREEN}, **{b: "dark_green" for b in DARK_GREEN},
    **{b: "yellow" for b in YELLOW + PROMO_YELLOW}, **{b: "orange" for b in ORANGE},
    **{b: "blue" for b in BLUE}, **{b: "red" for b in RED + PROMO_RED},
}
BUILDING_VP: Final = {
    **{b: 1 for b in LIGHT_GREEN + DARK_GREEN},
    "turnery": 5, "smokehouse": 5, "smithy": 3, "cooperage": 4, "bakehouse": 4,
    "peat_fired_brickworks": 4,
    "mill": 6, "weaving_mill": 7, "textile_house": 9, "saddlery": 8, "joinery": 6,
    "waterfront_house": 10,
    "potters_inn": 5, "farmers_inn": 3, "junk_dealers_inn": 4, "gulf_house_inn": 5,
    "milk_house_inn": 5, "sluice_yard_inn": 4,
    **{b: 15 for b in RED + PROMO_RED},
}
BUILDING_NAME: Final = {
    "farmers_house": "Farmer's House", "plow_makers_workshop": "Plow Maker's Workshop",
    "novices_hut": "Novice's Hut", "workshop": "Workshop",
    "weaving_parlor": "Weaving Parlor", "colonists_house": "Colonist's House",
    "carpenters_workshop": "Carpenter's Workshop", "schnapps_distillery": "Schnapps Distillery",
    "loading_station": "Loading Station", "litter_storage": "Litter Storage",
    "wood_trader": "Wood Trader", "turnery": "Turnery", "smokehouse": "Smokehouse",
    "smithy": "Smithy", "cooperage": "Cooperage", "bakehouse": "Bakehouse",
    "mill": "Mill", "weaving_mill": "Weaving Mill", "textile_house": "Textile House",
    "saddlery": "Saddlery", "joinery": "Joinery", "waterfront_house": "Waterfront House",
    "potters_inn": "Potter's Inn", "farmers_inn": "Farmer's Inn",
    "junk_dealers_inn": "Junk Dealer's Inn", "gulf_house_inn": "Gulf House Inn",
    "milk_house_inn": "Milk House Inn", "sluice_yard_inn": "Sluice Yard Inn",
    "village_church": "Village Church", "lutetsburg_castle": "Lütetsburg Castle",
    "berum_castle": "Berum Castle", "peat_fired_brickworks": "Peat-Fired Brickworks",
    "peat_power_plant": "Peat Power Plant",
}


class Cost(NamedTuple):
    """A building's cost.  ``kind``: "fixed" pays ``fixed`` (Wood payable by Timber,
    Clay by Brick); "any1" one of any building material plus ``fixed``;
    "two_different" two different building materials plus ``fixed``; "either"
    ``fixed`` plus ``alt`` = (res_a, res_b, n): n of res_a or n of res_b, no mixing;
    "clothing2" ``fixed`` plus two different clothing tiles."""

    kind: str
    fixed: dict[int, int]
    alt: tuple[int, int, int] = (0, 0, 0)


GREEN_COST: Final = Cost("any1", {GRAIN: 1})
BUILDING_COST: Final[dict[str, Cost]] = {
    **{b: GREEN_COST for b in LIGHT_GREEN + DARK_GREEN},
    **{b: Cost("fixed", {TIMBER: 1, BRICK: 1}) for b in YELLOW + PROMO_YELLOW},
    "mill": Cost("either", {TIMBER: 1}, (FLAX, GRAIN, 8)),
    "weaving_mill": Cost("either", {BRICK: 2}, (FLAX, WOOL, 10)),
    "textile_house": Cost("clothing2", {BRICK: 1}),
    "saddlery": Cost("fixed", {TIMBER: 2, LEATHER: 3}),
    "joinery": Cost("fixed", {TIMBER: 2, GRAIN: 5}),
    "waterfront_house": Cost("fixed", {BRICK: 2, FOOD: 25}),
    **{b: Cost("two_different", {FOOD: 9}) for b in BLUE},
    **{b: Cost("fixed", {TIMBER: 3, BRICK: 3, FOOD: 15}) for b in RED + PROMO_RED},
}
# Slots on the game board per colour (RULINGS 3); promos add a 4th red slot.
BUILDING_SLOTS: Final = {"green": 4, "yellow": 2, "orange": 6, "blue": 3, "red": 3}
FIRST_GAME_BLUE: Final = ("potters_inn", "farmers_inn", "junk_dealers_inn")

# ---------------------------------------------------------------------------
# Action spaces.  Ids are unique across both seasons.
# ---------------------------------------------------------------------------
SUMMER_SPACES: Final = (
    "fisherman", "grocer_summer", "woolen_weaver", "colonist", "peat_cutter",
    "dike_builder", "clay_worker", "farmer", "forester", "woodcutter",
    "master_summer", "carpenter_summer", "builder", "warden", "laborer_summer",
)
WINTER_SPACES: Final = (
    "peat_boatman", "tanner", "linen_weaver", "butcher", "cattle_trader",
    "grocer_winter", "builders_merchant", "potter", "baker", "wood_trader_space",
    "master_winter", "wainwright", "carpenter_winter", "dike_warden", "laborer_winter",
)
SPACES: Final = SUMMER_SPACES + WINTER_SPACES
SPACE_SEASON: Final = {**{s: 0 for s in SUMMER_SPACES}, **{s: 1 for s in WINTER_SPACES}}
SPACE_NAME: Final = {
    "fisherman": "Fisherman", "grocer_summer": "Grocer (Summer)",
    "woolen_weaver": "Woolen Weaver", "colonist": "Colonist", "peat_cutter": "Peat Cutter",
    "dike_builder": "Dike Builder", "clay_worker": "Clay Worker", "farmer": "Farmer",
    "forester": "Forester", "woodcutter": "Woodcutter", "master_summer": "Master (Summer)",
    "carpenter_summer": "Carpenter (Summer)", "builder": "Builder", "warden": "Warden",
    "laborer_summer": "Laborer (Summer)", "peat_boatman": "Peat Boatman", "tanner": "Tanner",
    "linen_weaver": "Linen Weaver", "butcher": "Butcher", "cattle_trader": "Cattle Trader",
    "grocer_winter": "Grocer (Winter)", "builders_merchant": "Builder's Merchant",
    "potter": "Potter", "baker": "Baker", "wood_trader_space": "Wood Trader",
    "master_winter": "Master (Winter)", "wainwright": "Wainwright",
    "carpenter_winter": "Carpenter (Winter)", "dike_warden": "Dike Warden",
    "laborer_winter": "Laborer (Winter)",
}
LABORERS: Final = ("laborer_summer", "laborer_winter")
HALF_YEARS: Final = 9
# Workers each player places in a half year.
WORKERS_PER_PLAYER: Final = 4
MONTHS_SUMMER: Final = ("July", "August", "September", "October")
MONTHS_WINTER: Final = ("January", "February", "March", "April")

# ---------------------------------------------------------------------------
# Starting position (RULINGS 3)
# ---------------------------------------------------------------------------
START_RESOURCES: Final = {FOOD: 5, GRAIN: 1, FLAX: 3, HIDE: 2, WOOL: 4,
                          WOOD: 4, CLAY: 4, PEAT: 3}
START_ANIMALS: Final = (0, 0, 1)
START_BOARDWALK_PEAT: Final = 4

# Sustenance (RULINGS / rulebook Phase 3)
SUSTENANCE_FOOD: Final = 3
SUSTENANCE_PEAT_NOVEMBER: Final = 2
BOTTLENECK_VP: Final = -2
# Milking thresholds: (count, food) — sheep and cattle; shearing: (sheep, wool).
MILK_SHEEP: Final = ((8, 3), (5, 2), (2, 1))
MILK_CATTLE: Final = ((5, 3), (3, 2), (1, 1))
SHEAR: Final = ((6, 3), (4, 2), (1, 1))
# Goods-track end scoring: indicator value -> VP.
GOODS_TRACK_VP: Final = tuple(0 if v < 7 else 1 if v <= 10 else 2 if v <= 14 else 3
                              for v in range(16))

# Goods some action spaces give at once, beside their other effects;
# the "wood" choice of a space (Carpenter, Builder...) gives SPACE_WOOD.
SPACE_GAIN: Final = {
    "cattle_trader": {GRAIN: 2}, "grocer_winter": {WOOD: 1, CLAY: 1},
    "grocer_summer": {GRAIN: 1, LEATHER: 1}, "builders_merchant": {HIDE: 2},
}
SPACE_WOOD: Final = 4
SPACE_DIKE_MOVES: Final = {"dike_warden": 1}
# Fixed one-time yields of buildings when built: goods, tool steps, dike moves.
BUILT_GAIN: Final = {
    "weaving_mill": {WINTER_WEAR: 1}, "waterfront_house": {FOOD: 10},
    "junk_dealers_inn": {LEATHER_WEAR: 1, WOOLEN: 1},
}
BUILT_TOOL_STEPS: Final = {
    "weaving_mill": {WEAVING_LOOMS: 2}, "waterfront_house": {FISH_TRAPS: 3},
    "sluice_yard_inn": {FISH_TRAPS: 2},
}
BUILT_DIKE_MOVES: Final = {"waterfront_house": 2}
# Light-green houses, used before each November: the goods and dike moves of one use
# (the Farmer's House then lets its owner cut one Peat).
HOUSE_USE_GAIN: Final = {"farmers_house": {CLAY: 1}, "novices_hut": {GRAIN: 1},
                         "workshop": {WOOD: 1}}
HOUSE_USE_DIKE_MOVES: Final = {"novices_hut": 1}
HOUSE_USE_CUT: Final = {"farmers_house": 1}          # Peat it may then cut (optional)
HOUSE_USE_MASTER_STEPS: Final = {"workshop": 1}      # tool steps of its Master move

# The Peat Boatman: 3 Peat, and 1 more per Peat Boat.
PEAT_BOATMAN_PEAT: Final = 3
PEAT_BOATMAN_PER_BOAT: Final = 1
# The Farmer's Inn: at most this many Fields become Forests.
FARMERS_INN_FORESTS: Final = 3

# Conversions limited by a tool (Woolen/Linen Weaver, Tanner, Potter, Baker, Bakehouse,
# Peat-Fired Brickworks): per conversion, what it costs, what it gives, and the tool
# whose value is the most conversions at once.
CONVERSION_COST: Final = {
    "woolen_weaver": {WOOL: 1}, "linen_weaver": {FLAX: 1}, "tanner": {HIDE: 1},
    "potter": {CLAY: 1}, "bakehouse": {GRAIN: 2, FLAX: 1},
    "peat_fired_brickworks": {CLAY: 1, PEAT: 1},
}
#: Costs of "one of these" per conversion: the Baker takes 1 Grain or Flax and 1 Peat or
#: Wood each time (the first of each pair while it lasts).
CONVERSION_EITHER: Final = {"baker": ((GRAIN, FLAX), (PEAT, WOOD))}
CONVERSION_GAIN: Final = {
    "woolen_weaver": {WOOLEN: 1}, "linen_weaver": {LINEN: 1}, "tanner": {LEATHER: 1},
    "potter": {FOOD: 3, PEAT: 1}, "baker": {FOOD: 6}, "bakehouse": {FOOD: 8},
    "peat_fired_brickworks": {BRICK: 1},
}
CONVERSION_TOOL: Final = {
    "woolen_weaver": WEAVING_LOOMS, "linen_weaver": WEAVING_LOOMS, "tanner": FLESHING_BEAMS,
    "potter": POTTERY_WHEELS, "baker": OVENS, "bakehouse": OVENS,
    "peat_fired_brickworks": SHOVELS,
}
# The Butcher: per slaughtered animal, Food by kind and Hide.
BUTCHER_FOOD: Final = (3, 4, 3)       # sheep, cattle, horse
BUTCHER_HIDE: Final = 2

# Buildings whose one-time yield counts something the player has: per counted item.
TURNERY_PEAT_PER_FOREST: Final = 2     # Turnery: 1 Wood and 2 Peat cut per Forest
JOINERY_PEAT_PER_BOAT: Final = 2       # Joinery: 2 Peat per Peat Boat (1 Horse per Plow)
COOPERAGE_FOOD_PER_STEP: Final = 2     # Cooperage: both Food indicators move each step
PEAT_POWER_FOOD_PER_MOOR: Final = 2    # Peat Power Plant: 2 Food per Moor tile removed
# Gulf House Inn: per tile on the home board, the goods it gives.
GULF_HOUSE_GAIN: Final = {"stall": {TIMBER: 1}, "double_stall": {TIMBER: 2},
                          "stable": {BRICK: 1}}

# Buildings whose one-time yield follows a table, (at least, yield), best first:
# Cooperage: sheep + cattle -> steps of every goods-track indicator (both Food ones);
# Mill: Grain and Flax fields -> Food.
COOPERAGE_STEPS: Final = ((15, 3), (10, 2), (5, 1))
MILL_FOOD: Final = ((6, 12), (5, 10), (3, 8))

# Costs of the action spaces that have one: the first option the player can pay is
# taken (the Wood Trader space takes Food, else Grain).
SPACE_COST: Final = {
    "forester": ({FOOD: 1},),
    "laborer_summer": ({FOOD: 2},),
    "laborer_winter": ({FOOD: 2},),
    "wood_trader_space": ({FOOD: 1}, {GRAIN: 1}),
}
# Tiles bought on action spaces (Wood may be paid by Timber, Clay by Brick).
STALL_COST: Final = {CLAY: 2, GRAIN: 1}
STABLE_COST: Final = {BRICK: 2}      # a Stall flipped to a Stable
PLOW_COST: Final = {WOOD: 1}         # plus one cattle or horse given back
# Loading a vehicle (RULINGS 5): what is paid for each loadable good (Clay is fired
# with a Peat; Peat is loaded as it is).
LOAD_COST: Final = {"wood": {WOOD: 1}, "clay": {CLAY: 1, PEAT: 1}, "peat": {},
                    "linen": {LINEN: 1}, "woolen": {WOOLEN: 1}, "leather": {LEATHER: 1}}
# Dark-green houses, used at any time: the cost of one use, what it gives, and the Peat
# to cut afterwards.
DARK_GREEN_COST: Final = {
    "weaving_parlor": {FLAX: 3},
    "colonists_house": {WOOL: 2},
    "carpenters_workshop": {FOOD: 4, BRICK: 1},
    "schnapps_distillery": {GRAIN: 1, PEAT: 1},
    "litter_storage": {FLAX: 3},
    "wood_trader": {TIMBER: 1, FOOD: 1},
}
DARK_GREEN_GAIN: Final = {
    "weaving_parlor": {LINEN: 1}, "colonists_house": {CLAY: 1},
    "schnapps_distillery": {FOOD: 3}, "wood_trader": {WOOD: 2},
}
DARK_GREEN_CUT: Final = {"weaving_parlor": 1, "colonists_house": 1}
# The Litter Storage needs this many horses (and gives one more).
LITTER_STORAGE_HORSES: Final = 2

# Values no source confirms (RULINGS: keep them in one table).
UNCONFIRMED: Final = {
    "travel_vp": TRAVEL_VP,
    "home_board_start_columns": "row 3 = [empty, empty, grain]; row 4 = [stall, boardwalk, flax]",
}
