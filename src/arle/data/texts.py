"""What every game element does, in plain words: the texts behind ``arle explain``.

One entry per building (base game, promos and Tea & Trade), action space (both seasons,
Tea & Trade's included), travel destination, piece of equipment (and Tea & Trade's
ships), home-board tile and tool track (and the Digging Spades), plus a few rules that
players ask about (the Special Action, loading vehicles; Tea, ditches, dehydrated land,
the harbor and its four trades).  Each entry has a printed
``name``, a ``kind``, a ``cost`` and ``vp`` taken from :mod:`arle.data.catalog` (never
typed here twice) and a ``text``: what the element does, when, and for how much, as the
engine plays it (rulings and named rules options included).  The effect sentences are
written for this project; figures the catalog holds (destination sales, vehicle layouts,
tool tracks) are filled in from it.

Public API (also meant for the web): :func:`explain` (one entry as a dict),
:func:`lookup` (ids matching a name), :func:`suggest` (nearest ids), :func:`ids`,
:data:`KINDS`, :func:`normalize`.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Final, TypedDict

from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data.tea_trade import TT_BUILDING_COST, TT_RESOURCES

__all__ = ["KINDS", "KIND_TITLE", "Entry", "AmbiguousName", "UnknownName", "amounts",
           "building_cost", "entries", "entry",
           "explain", "ids", "lookup", "normalize", "resolve", "suggest"]


class Entry(TypedDict):
    """One explained element: ``cost`` is None when the element has no price of its
    own, ``vp`` None when it scores nothing by itself."""

    id: str
    kind: str
    name: str
    cost: str | None
    vp: float | None
    text: str


KINDS: Final = ("building", "space", "destination", "equipment", "tile", "tool", "rule")
KIND_TITLE: Final = {
    "building": "Buildings", "space": "Action spaces", "destination": "Travel destinations",
    "equipment": "Equipment", "tile": "Home-board tiles", "tool": "Tools",
    "rule": "Rules",
}

# "Cut Peat": take Peat off one's own moor tiles, never from the general supply.
_CUT = "from your dehydrated Moors or the Small Boardwalk"

# ---------------------------------------------------------------------------
# Buildings
# ---------------------------------------------------------------------------
_BEFORE_NOV = ("In every Summer half year (the ninth included), just before the November "
               "inventory (several light-green houses in the order you choose)")
_ANYTIME = "At any time, as often as you like"

BUILDING_TEXT: Final[dict[str, str]] = {
    # light green: before November
    "farmers_house": f"{_BEFORE_NOV}, you get 1 Clay and may cut 1 Peat {_CUT}.",
    "plow_makers_workshop": f"{_BEFORE_NOV}, you may lay 1 Field from the supply on an "
                            "empty Land Space, Grain or Flax side up. A Field not laid then "
                            "cannot be laid later.",
    "novices_hut": f"{_BEFORE_NOV}, you get 1 Grain and build 1 Dike.",
    "workshop": f"{_BEFORE_NOV}, you get 1 Wood and may move one tool indicator 1 space "
                "right, paying that track's step cost (a Master action with one move).",
    # dark green: anytime conversions
    "weaving_parlor": f"{_ANYTIME}: pay 3 Flax to get 1 Linen and cut 1 Peat {_CUT}.",
    "colonists_house": f"{_ANYTIME}: pay 2 Wool to get 1 Clay and cut 1 Peat {_CUT}. "
                       "The printed tile asks for Wool from the goods track, not Woolen.",
    "carpenters_workshop": f"{_ANYTIME}: pay 4 Food and 1 Brick to turn one of your "
                           "Stalls into a Stable (instead of the Winter Carpenter's 2 "
                           "Brick). Only while a Stable is left in the supply.",
    "schnapps_distillery": f"{_ANYTIME}, also while paying sustenance at an inventory: "
                           "pay 1 Grain and 1 Peat to get 3 Food.",
    "loading_station": "During the work phase, at any time and as often as you like: put "
                       "1 Peat from the general supply (not from your Moors) on an empty "
                       "single space of one of your vehicles, for free. It comes into your "
                       "supply when the vehicles are emptied at the next inventory.",
    "litter_storage": f"{_ANYTIME}, as long as you have at least 2 Horses: pay 3 Flax to "
                      "get 1 Horse (it must be housed).",
    "wood_trader": f"{_ANYTIME}: pay 1 Timber and 1 Food to get 2 Wood. (The Winter "
                   "action space of the same name is wood_trader_space.)",
    # yellow: once, when built
    "turnery": "Once, when built: per Forest on your home board you get 1 Wood and cut 2 "
               f"Peat {_CUT}. Parks do not count.",
    "smokehouse": f"Once, when built: cut 1 Peat per Fish Trap you have, {_CUT}.",
    "smithy": "Once, when built: you may exchange any number of your Peat Boats and "
              "unloaded Handcarts and Wagons for Plows, one for one (a Handcart or Wagon "
              "only while a Plow is left in the supply).",
    "cooperage": "Once, when built: count your Sheep and Cattle together. With 5, 10 or 15 "
                 "of them each of your six goods indicators moves up 1, 2 or 3 spaces, so "
                 "Food rises by 2, 4 or 6 and Grain, Flax, Hide and Wool by 1, 2 or 3 each "
                 "(the caps still apply).",
    "bakehouse": "Once, when built: up to once per Oven you have, you may pay 2 Grain and "
                 "1 Flax to get 8 Food.",
    "peat_fired_brickworks": "Promo tile. Once, when built: up to once per Shovel you have, "
                             "you may pay 1 Clay and 1 Peat to get 1 Brick.",
    # orange
    "mill": "Once, when built: you get 8 Food with 3 or 4 Fields, 10 Food with 5 and 12 "
            "Food with 6 or more (Grain and Flax Fields both count; 2 or fewer give "
            "nothing).",
    "weaving_mill": "Once, when built: you get 1 Winter Wear and your Weaving Loom "
                    "indicator moves 2 spaces right for free. As the printed tile says, the "
                    "cost is 10 Flax or 10 Wool, not mixed (not Woolen).",
    "textile_house": "Once, when built: you get 1 Linen, 1 Woolen and 1 Leather.",
    "saddlery": f"Once, when built: cut 1 Peat per Horse you have, {_CUT}; then your "
                "Fleshing Beam indicator moves 1 space right for free.",
    "joinery": "Once, when built: you get 2 Peat from the general supply per Peat Boat in "
               "your barn and 1 Horse per Plow in your barn (Horses you cannot house are "
               "given back).",
    "waterfront_house": "Once, when built: you get 10 Food back, build 2 Dikes, and your "
                        "Fish Trap indicator moves 3 spaces right for free (as far as the "
                        "track goes).",
    # blue
    "potters_inn": "Once, when built: take 1 animal per Pottery Wheel you have, in any mix "
                   "of Sheep, Cattle and Horses you like; animals you cannot house are given "
                   "back.",
    "farmers_inn": "Once, when built: you may replace up to 3 of your Fields (Grain or Flax) "
                   "with Forests from the supply; the Fields go back to the supply.",
    "junk_dealers_inn": "Once, when built: you get 1 Leather Wear and 1 Woolen, and you may "
                        "also take a Handcart or a Peat Boat for free (if one is left and "
                        "your barn has room).",
    "gulf_house_inn": "Once, when built: you get 1 Timber per Stall on your home board (a "
                      "Double Stall counts as 2) and 1 Brick per Stable.",
    "milk_house_inn": "Once, when built: you get 1 Cattle, housed first; then cut 1 Peat "
                      f"per Cattle you have, {_CUT}.",
    "sluice_yard_inn": "Once, when built: your Fish Trap indicator moves 2 spaces right for "
                       "free (as the printed tile says; the rulebook index says 1), then "
                       "you get 1 Wood per Fish Trap you have.",
    # red
    "village_church": "Once, when built: you get a Carriage for free, front side up, if one "
                      "is left in the supply (make room in your barn if needed).",
    "lutetsburg_castle": "Once, when built: lay a Forest from the supply on an empty Land "
                         "Space (if one is left and you have room), and your Spade, Pottery "
                         "Wheel and Workbench indicators each move 1 space right for free. "
                         "With the rules option lutetsburg_shovels, Shovels move instead "
                         "of Spades.",
    "berum_castle": "Once, when built: your Oven and Weaving Loom indicators each move 1 "
                    "space right for free, and you get one Tile Upgrade (flip one of your "
                    "tiles with an arrow for free, as at the Warden).",
    "peat_power_plant": "Promo tile, a fourth red building. Once, when built: remove as "
                        "many Moor tiles from your home board as you like (either side, any "
                        "Peat on them is lost) and get 2 Food for each; the Small Boardwalk "
                        "counts as a Moor tile here.",
}

# ---------------------------------------------------------------------------
# Action spaces
# ---------------------------------------------------------------------------
_MASTER = ("Move tool indicators 1 space right, up to one move per Workbench you have (a "
           "Workbench gained during the action counts at once), each indicator at most "
           "once; every move costs the step price printed on its track.")

SPACE_TEXT: Final[dict[str, str]] = {
    # Summer
    "fisherman": "Your Fish Trap indicator moves 1 space right for free, then take 1 Food "
                 "per Fish Trap you now have. You may also take 1 Sheep.",
    "grocer_summer": "Take 1 Grain and 1 Leather, plus one of: 1 Timber, 1 Brick, 1 Sheep, "
                     "1 Cattle or 1 Horse.",
    "woolen_weaver": "Turn Wool into Woolen, 1 for 1, up to once per Weaving Loom you have.",
    "colonist": "Take 1 Horse, or dehydrate one of your Moors (flip it and put 4 Peat from "
                "the general supply on it), or both.",
    "peat_cutter": f"Cut up to 1 Peat per Spade you have, {_CUT}; never from the general "
                   "supply. A tile whose last Peat is cut leaves the board and frees its "
                   "Land Spaces.",
    "dike_builder": "Build 1 Dike per pair of Shovels you have (1, 2, 2 or 3 Dikes with 3, "
                    "4, 5 or 6 Shovels). You may also take 1 Sheep or 1 Cattle.",
    "clay_worker": "Take 1 Clay per Shovel you have.",
    "farmer": "Build a Plow into your barn for 1 Wood and 1 Cattle or Horse (the animal is "
              "lost), and/or lay up to 1 new Field per Plow you own on empty Land Spaces, "
              "Grain or Flax side up as you choose.",
    "forester": "Pay 1 Food, then either lay a Forest from the supply on an empty Land "
                "Space or build a building (paying its cost), not both.",
    "woodcutter": "Take 1 Wood per Axe you have (your Forests do not matter here).",
    "master_summer": _MASTER,
    "carpenter_summer": "Either build a building (paying its cost) or build a Stall for 2 "
                        "Clay and 1 Grain; either goes on an empty Land Space.",
    "builder": "Build a building, paying its cost, on an empty Land Space.",
    "warden": "One Tile Upgrade: flip one of your tiles with an arrow to its back for free "
              "(Forest to Park, Stall to Depot, Stable to Double Stall, Moor to dehydrated "
              "with 4 Peat, Peat Boat to Plow, Handcart to Wagon, Cart to Horse Cart, "
              "Carriage to Droshky, Coach-and-Four to its back). You may decline; a flip "
              "after which your animals would not fit is refused.",
    "laborer_summer": "Pay 2 Food, then either build a vehicle (paying its cost) or repeat "
                      "the action of a Summer space that is already occupied (by anybody, "
                      "your own workers included, but not a Laborer), with your own tools "
                      "and paying that space's own cost (the Forester's 1 Food).",
    # Winter
    "peat_boatman": "Take 3 Peat from the general supply, plus 1 more per Peat Boat in "
                    "your barn.",
    "tanner": "Turn Hide into Leather, 1 for 1, up to once per Fleshing Beam you have.",
    "linen_weaver": "Turn Flax into Linen, 1 for 1, up to once per Weaving Loom you have.",
    "butcher": "Slaughter animals of any kinds, up to 1 per Slaughtering Table you have: "
               "each gives 3 Food and 2 Hides, a Cattle 1 Food more.",
    "cattle_trader": "Take 2 Grain and 1 Sheep, plus 1 Cattle or 1 Horse.",
    "grocer_winter": "Take 1 Wood, 1 Clay and 1 animal of any kind, and cut 1 Peat "
                     f"{_CUT} (compulsory while they hold Peat; never from the general "
                     "supply).",
    "builders_merchant": "Take 2 Hides, plus 1 Wood or 1 Clay, plus 1 Timber or 1 Brick.",
    "potter": "Up to once per Pottery Wheel you have: pay 1 Clay to get 3 Food and 1 Peat "
              "(the Peat comes from the general supply).",
    "baker": "Up to once per Oven you have: pay 1 Grain and 1 Peat to get 6 Food. Only when "
             "out of Grain may you pay Flax instead, and only when out of Peat, Wood.",
    "wood_trader_space": "Pay 1 Food (1 Grain if you have no Food), then either take 4 Wood "
                         "or build a building (paying its cost), not both. (The dark-green "
                         "building of the same name is wood_trader.)",
    "master_winter": _MASTER,
    "wainwright": "Build one vehicle (paying its Wood and Horses) and/or one Peat Boat for "
                  "1 Wood; they go into your barn (return equipment first if it is full).",
    "carpenter_winter": "Either build a Stall for 2 Clay and 1 Grain on an empty Land Space, "
                        "or turn one of your Stalls into a Stable for 2 Brick, not both.",
    "dike_warden": "Build 1 Dike, and you may make one Tile Upgrade (flip one of your tiles "
                   "with an arrow for free, as at the Warden).",
    "laborer_winter": "Pay 2 Food, then either build a building (paying its cost) or repeat "
                      "the action of a Winter space that is already occupied (by anybody, "
                      "your own workers included, but not a Laborer), with your own tools "
                      "and paying that space's own cost (the Wood Trader's 1 Food or Grain).",
}

# The spaces' own entry costs (the engine's ``space_cost_options``; a test compares).
SPACE_COST: Final[dict[str, str]] = {
    "forester": "1 Food",
    "laborer_summer": "2 Food",
    "laborer_winter": "2 Food",
    "wood_trader_space": "1 Food (1 Grain once you have no Food)",
}

# ---------------------------------------------------------------------------
# Travel destinations: ``{item}`` is the Food the catalog gives for that sale.
# ---------------------------------------------------------------------------
DESTINATION_NAME: Final = {d: d.capitalize() for d in C.DESTINATIONS}
DESTINATION_TEXT: Final[dict[str, str]] = {
    "hage": "Remove one of your Fields (either side) from your home board for {field} "
            "Food; it goes back to the supply.",
    "beemoor": "Give 1 Peat from your supply (not from a Moor) for {peat} Food.",
    "dornum": "Return a Plow from your barn to the supply for {plow} Food.",
    "norden": "Sell 1 to 3 of: a Sheep for {sheep} Food, a Winter Wear for {winter_wear} "
              "Food, a Peat Boat from your barn for {peat_boat} Food.",
    "aurich": "Sell 1 to 3 of: a Leather (not Leather Wear) for {leather} Food, a Horse for "
              "{horse} Food, another animal of any kind for {animal} Food.",
    "esens": "Sell 1 to 3 of: 2 Grain together for {grain2} Food, a Hide for {hide} Food, "
             "a Woolen for {woolen} Food.",
    "emden": "Sell 1 to 4 of: a Winter Wear for {winter_wear} Food, a Leather Wear for "
             "{leather_wear} Food, a Summer Wear for {summer_wear} Food, 1 Peat from your "
             "supply for {peat} Food.",
    "leer": "Sell 1 to 4 of: a Flax for {flax} Food, a Linen (not Summer Wear) for {linen} "
            "Food, a Cattle for {cattle} Food, one Summer, Winter or Leather Wear for "
            "{wear} Food.",
    "bremen": "Sell 1 to 5 of: a Timber for {timber} Food, 2 animals of one kind for "
              "{animals2} Food, a Linen, a Woolen and a Leather together for {fabrics} "
              "Food, a Summer, Winter and Leather Wear together for {wears} Food (Food "
              "above 30 is lost), and the removal of a Moor tile (either side, its Peat "
              "lost; the Small Boardwalk too) for {moor} Food, which spares its minus "
              "points.",
}
_TRAVEL = ("Load it on a vehicle in the work phase and sell at once: at least one item, "
           "each once, from your supply, home board or barn (never from a vehicle). Usable "
           "once per game; the tile moves to your Travel Experience track at the next "
           "inventory.")

# ---------------------------------------------------------------------------
# Equipment
# ---------------------------------------------------------------------------
EQUIPMENT_NAME: Final = {
    "plow": "Plow", "peat_boat": "Peat Boat", "handcart": "Handcart", "wagon": "Wagon",
    "cart": "Cart", "horse_cart": "Horse Cart", "carriage": "Carriage",
    "droshky": "Droshky", "coach_and_four": "Coach-and-Four",
    "coach_and_four_upgraded": "Coach-and-Four (back side)",
}
_PLOW_COST = "1 Wood + 1 Cattle or 1 Horse"  # the engine's ``plow_payment``; see catalog
EQUIPMENT_TEXT: Final[dict[str, str]] = {
    "plow": "Each Plow you own lets the Farmer lay one more new Field. Built at the Farmer "
            "(the Cattle or Horse is lost); also from a Peat Boat by a Tile Upgrade or the "
            "Smithy, and sold at Dornum.",
    "peat_boat": "At any time in the work phase or while paying sustenance, and once more "
                 "after the last November before scoring, exchange 1 Peat for 1 Food, "
                 "Grain, Flax, Hide or Wool, as often as you like. Built at the "
                 "Wainwright; the Peat Boatman gives 1 more Peat and the Joinery 2 Peat "
                 "per Peat Boat.",
    "handcart": "Carries Wood, Clay (paying 1 Peat), Peat (Loading Station) or a size-1 "
                "destination. Built at the "
                "Wainwright or the Summer Laborer; free from the Junk Dealer's Inn.",
    "wagon": "Built at the Wainwright or the Summer Laborer, or flipped from a Handcart.",
    "cart": "Built at the Wainwright or the Summer Laborer; the Horse is used up.",
    "horse_cart": "One of the vehicles that can reach Bremen (size 4). Built at the "
                  "Wainwright or the Summer Laborer, or flipped from a Cart.",
    "carriage": "Built at the Wainwright or the Summer Laborer; free from the Village "
                "Church.",
    "droshky": "Its single, double and single space together can take Bremen (size 4). "
               "Built at the Wainwright or the Summer Laborer, or flipped from a Carriage.",
    "coach_and_four": "Promo tile. Its triple space takes only tiles of size 3 (Woolen, "
                      "Leather, Emden, Leer), nothing smaller.",
    "coach_and_four_upgraded": "Promo tile. The triple space takes only tiles of size 3; "
                               "with the single beside it, Bremen (size 4). It may also "
                               "be built with this side up, for the cost shown.",
}

# ---------------------------------------------------------------------------
# Home-board tiles
# ---------------------------------------------------------------------------
TILE_NAME: Final = {
    "field_grain": "Grain Field", "field_flax": "Flax Field", "forest": "Forest",
    "park": "Park", "stall": "Stall", "depot": "Depot", "stable": "Stable",
    "double_stall": "Double Stall", "moor": "Moor", "dehydrated_moor": "Dehydrated Moor",
    "boardwalk": "Small Boardwalk", "dike": "Dike",
}
TILE_TEXT: Final[dict[str, str]] = {
    "field_grain": "Gives 1 Grain at each November harvest. Laid by the Farmer (one per "
                   "Plow) or the Plow Maker's Workshop; the side is chosen when it is laid. "
                   "Counts for the Mill and can be sold at Hage.",
    "field_flax": "Gives 1 Flax at each November harvest. Laid by the Farmer (one per Plow) "
                  "or the Plow Maker's Workshop; the side is chosen when it is laid. Counts "
                  "for the Mill and can be sold at Hage.",
    "forest": "Gives 1 Wood at each November harvest. Laid by the Forester or the "
              "Lütetsburg Castle, or by the Farmer's Inn in place of Fields; a Tile Upgrade "
              "turns it into a Park.",
    "park": "Holds 2 animals of any kinds but gives no Wood. Only by a Tile Upgrade of a "
            "Forest.",
    "stall": "Holds up to 3 animals of one kind; with exactly 2 in it, a third is born at "
             "the May inventory. Built for 2 Clay and 1 Grain at a Carpenter; becomes a "
             "Depot by a Tile Upgrade, a Stable at the Winter Carpenter or the "
             "Carpenter's Workshop.",
    "depot": "Doubles your goods-track VP at the end (once, however many Depots). Only by "
             "a Tile Upgrade of a Stall; it holds no animals.",
    "stable": "Holds up to 6 animals of one kind; with 2, 3 or 5 of them it gets 1 young at "
              "the May inventory, with 4, 2 young. Only from a Stall (Winter Carpenter, "
              "Carpenter's Workshop); becomes a Double Stall by a Tile Upgrade.",
    "double_stall": "Counts as two Stalls (3 animals of one kind each, each breeding on its "
                    "own). Only by a Tile Upgrade of a Stable.",
    "moor": "A wet Moor covers two Land Spaces and holds no Peat. Dehydrate it (Colonist or "
            "a Tile Upgrade) to put 4 Peat on it; Bremen or the Peat Power Plant remove it.",
    "dehydrated_moor": "Holds the Peat you cut. When its last Peat is cut, the tile leaves "
                       "the board and its two Land Spaces become free.",
    "boardwalk": "A one-space dehydrated Moor on the mainland, starting with 4 Peat to cut. "
                 "It leaves the board with its last Peat; left on the board at the end it "
                 "costs VP.",
    "dike": "You have 5; each holds 1 animal of any kind. Building a Dike moves your lowest "
            "one up: the 1st, 4th and 7th each turn a row of 3 Tidal Flat spaces into "
            "land, and at the end you lose 1 VP per empty mark above the top row.",
}
_TILE_VP: Final[dict[str, float]] = {
    **C.TILE_VP, "moor": C.MOOR_VP, "dehydrated_moor": C.DEHYDRATED_MOOR_VP,
    "boardwalk": C.BOARDWALK_VP,
}

# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------
TOOL_NAME: Final = {t: t.replace("_", " ").title() for t in C.TOOLS}
TOOL_TEXT: Final[dict[str, str]] = {
    "fish_traps": "Fisherman: 1 Food per Fish Trap. Also counted by the Smokehouse and "
                  "Sluice Yard Inn.",
    "fleshing_beams": "Tanner: one Hide to Leather per Fleshing Beam.",
    "weaving_looms": "Woolen Weaver and Linen Weaver: one conversion per Weaving Loom.",
    "slaughtering_tables": "Butcher: one animal per Slaughtering Table.",
    "spades": "Peat Cutter: one Peat cut per Spade.",
    "shovels": "Clay Worker: 1 Clay per Shovel; Dike Builder: 1 Dike per pair of Shovels "
               "(pairs at 3, 4, 5, 6 Shovels: 1, 2, 2, 3). Also the Peat-Fired Brickworks.",
    "pottery_wheels": "Potter: one Clay per Pottery Wheel; Potter's Inn: one animal each.",
    "ovens": "Baker: one baking per Oven; Bakehouse: one exchange per Oven.",
    "axes": "Woodcutter: 1 Wood per Axe.",
    "workbenches": "Master: one tool move per Workbench.",
}

# ---------------------------------------------------------------------------
# Rules players ask about
# ---------------------------------------------------------------------------
RULE_NAME: Final = {"special_action": "Special Action", "loading": "Loading vehicles"}
RULE_TEXT: Final[dict[str, str]] = {
    "special_action": "Two players only: once per half year, one of the eight workers "
                      "(whoever is first) may take a free space of the other season. If the "
                      "start player uses it the marker passes as usual; if the other player "
                      "does, the start player keeps the marker for the next half year. A "
                      "Laborer of the other season used this way can build but has nothing "
                      "to imitate.",
    "loading": "During the work phase, at any time and for free, load your vehicles: Wood "
               "becomes Timber and Clay Brick (paying 1 Peat) on single spaces, Linen (size "
               "2) Summer Wear, Woolen and Leather (size 3) Winter and Leather Wear, or a "
               "destination tile to sell there. Loads reach your supply when the vehicles "
               "are emptied at the next inventory; a double space never takes a size-1 "
               "tile.",
}


# ---------------------------------------------------------------------------
# Tea & Trade (1-2 players): its buildings, spaces, ships, tool track and rules, as
# the engine plays them (the expansion's rulings T1-T47 and its table Z).  Figures
# come from arle.data.tea_trade.
# ---------------------------------------------------------------------------
_TT_ONCE = "Once, when built"
_TT_ANY = f"{_ANYTIME}, also at an inventory"
_3P = "Three players only (not in 1-2 player games). "

TT_BUILDING_TEXT: Final[dict[str, str]] = {
    "animal_market": f"{_TT_ANY}: give back any 3 animals (kinds may be mixed) to get 4 "
                     "Tea and 3 Food.",
    "chicken_farm": f"{_TT_ANY}: pay 1 Wood and 1 Grain to get 4 Food.",
    "tea_office": f"{_TT_ANY}: pay 2 different fabrics (Linen, Woolen, Leather; not "
                  "clothing) and 1 Food to get 4 Tea.",
    "dehydration_mill": f"{_TT_ANY}: pay 1 Wood and 1 Food to dig 2 ditches, each joined "
                        "to your network as at the Ditcher.",
    "smokehouse_star": f"Replaces the Smokehouse in games with the expansion. {_TT_ONCE}: "
                       f"cut 2 Peat per Fishing Cutter and 1 per Fish Trap you have, {_CUT} "
                       "(never from the general supply).",
    "smithy_star": f"Replaces the Smithy in games with the expansion. {_TT_ONCE}: up to "
                   "once per Workbench you have, pay 2 Food to flip one of your ships or "
                   "vehicles to its better side (each a different tile).",
    "moor_farmers_house": f"{_TT_ONCE}: take one Moor tile off your home board (a wet or "
                          "dehydrated Moor, 2 spaces, or the Small Boardwalk, 1 space; its "
                          "Peat goes back) and lay a Grain Field on each space it uncovers, "
                          "as far as Fields are left in the supply.",
    "small_wharf": f"{_TT_ONCE}: for every 3 ditches on your home board you may pay 1 "
                   "Timber to get a Small Fishing Cutter or a Peat Boat (while one is left "
                   "and your harbor or barn has room); the ditches stay.",
    "fridericus_sluice": f"{_TT_ONCE}: dig up to 3 ditches per Workbench you have (6 to "
                         "12), each joined to your network as at the Ditcher.",
    "homestead": f"{_TT_ONCE}: 1 Grain per Horse and 1 Flax per Cattle you have (the goods "
                 "track stops at 15).",
    "peat_barn": f"{_TT_ONCE}: 1 Cart for every 3 ditches on your home board and 1 more "
                 "per Peat Boat you have, as far as the supply and your barn allow.",
    "slaughterhouse": f"{_TT_ONCE}: your Slaughtering Table indicator moves 1 space right "
                      "for free. For the rest of the game the Butcher gives 1 more Food per "
                      "animal (not Aurich nor the Animal Market).",
    "caroline_sluice": f"{_TT_ONCE}: 1 Clay per ditch on your home board, and one of your "
                       "wet Moors turns to its dehydrated side (4 Peat on it).",
    "tea_factory": f"{_TT_ONCE}: you get 5 East Frisian Tea. East Frisian Tea may pay for "
                   "the Tea of its cost.",
    "schnapps_factory": f"{_3P}{_TT_ONCE}: 4 Food per Trading Ship in your harbor and 4 "
                        "per Inn (blue building) on your home board.",
    "ale_house_inn": f"{_TT_ONCE}: 2 Food and 2 Wool per orange building on your home "
                     "board.",
    "old_brickworks_inn": f"{_TT_ONCE}: up to once per Field on your home board, you may "
                          "pay 1 Tea to get 1 Brick and 1 Flax.",
    "vossenhus_inn": f"{_TT_ONCE}: 3 Peat per vehicle in your barn (Plows and Peat Boats "
                     "are no vehicles).",
    "farmers_inn_star": f"Replaces the Farmer's Inn in games with the expansion. "
                        f"{_TT_ONCE}: you may replace 1 Field by a Forest; then, once per "
                        "Forest on your home board, you may pay 1 East Frisian Tea to get 9 "
                        "Food.",
    "sluice_yard_inn_star": f"Replaces the Sluice Yard Inn in games with the expansion. "
                            f"{_TT_ONCE}: you get a Large Fishing Cutter (while one is left "
                            "and your harbor has room) and 1 Wood per Axe, as at the "
                            "Woodcutter.",
    "old_smithy_inn": f"{_TT_ONCE}: 3 Horses and 1 Plow (from the supply; animals you "
                      "cannot house are given back).",
    "mennonite_church": f"{_TT_ONCE}: you get a Large Trading Ship (while one is left and "
                        "your harbor has room), then you may pay 1 Linen for 5 Food up to 3 "
                        "times.",
    "norderburg_castle": f"{_3P}{_TT_ONCE}: you may give back exactly 4, 6 or 8 Fields "
                         "for 14, 19 or 24 Food (one choice, Food stops at 30), and your "
                         "Digging Spade indicator moves 1 space right for free.",
}

TT_SPACE_TEXT: Final[dict[str, str]] = {
    "ditcher": "Dig 1 ditch per Digging Spade you have (3 to 6; Tea improves it) on the "
               "edges between Land Spaces: the first must touch the dike line, each later "
               "one an earlier ditch, never under a Dike nor above the line. 'done' stops "
               "early.",
    "sailmaker": "You get 1 Wool and 1 Peat, then you may build a Fishing Cutter (either "
                 "side, at its cost) or a Peat Boat.",
    "boat_builder": "With 1 or 2 players: build a Trading Ship or a Peat Boat, and/or a "
                    "Fishing Cutter, each at its cost (either side of a ship).",
    "grandmother": "You get 1 East Frisian Tea and 4 Food. A Winter space with 1 or 2 "
                   "players.",
}

def _three_player_space_text() -> dict[str, str]:
    """The 3-player game's own spaces (T40-T43, T52), their figures from the catalog."""
    first, later = TT.IMITATE_FOOD
    imitate = (f"Both seasons, 3 players. Copy an occupied action space of this season "
               f"(not an Imitate space; your own or another player's), with your own "
               f"tools: pay its own cost plus {first} Food for the half year's first "
               f"Imitate, {later} Food for each later one. One Imitate per player and half "
               f"year; never a Special Action. Tea improves the copied tool action.")
    laborer_food = TT.LABORER_3P_FOOD
    return {
        "driver": f"Winter, 3 players. You get {TT.DRIVER_CLAY_PER_PEAT_BOAT} Clay per Peat "
                  f"Boat in your Barn, plus 1 Clay per {TT.DRIVER_DITCHES_PER_CLAY} ditches.",
        "woodcutter_winter": f"Winter, 3 players. You get {TT.WOODCUTTER_WINTER_WOOD} Wood "
                             f"plus {TT.WOODCUTTER_WINTER_WOOD_PER_FOREST} per Forest "
                             "(Parks do not count).",
        "laborer_summer_3p": f"Summer, 3 players (it covers the base Laborer). Pay "
                             f"{laborer_food} Food, then build a vehicle or a Trading Ship "
                             "at its cost. It does not imitate.",
        "laborer_winter_3p": f"Winter, 3 players (it covers the base Laborer). Pay "
                             f"{laborer_food} Food, then build a building at its cost. It "
                             "does not imitate.",
        **{sp: imitate for sp in TT.IMITATE_SPACES},
    }


_SHIP_TEXT: Final = {
    "fishing_cutter": "At each inventory, before the ships are emptied, you get 1 Food per "
                      "uncovered space of it. Cannot trade.",
    "trading_ship": "At each inventory, before the ships are emptied, you may send it to "
                    "trade once: india, england (Large side only), norway or finland.",
}


def _ship_facts(ship: str) -> str:
    s = TT.SHIPS[ship]
    kind = TT.SHIP_KIND[ship]
    words = "fishing cutter" if kind == "fishing_cutter" else "trading ship"
    flip = (f" A Tile Upgrade (Warden, Dike Warden, Berum Castle) flips it to the "
            f"{TT.SHIP_NAME[s.flips_to]}." if s.flips_to else "")
    return (f"A {words} for your harbor (2 spaces for each kind; {TT.SHIP_SUPPLY[kind]} "
            f"tiles in the box). {s.spaces} single loading spaces (adjacent ones may be "
            "joined for bigger tiles), loaded like a vehicle in the work phase (load h0 0 "
            "wood loads the first ship) but never with a travel destination or the Loading "
            "Station's Peat; "
            f"Tea loaded becomes East Frisian Tea.{flip} {_SHIP_TEXT[kind]}")


#: The tile supplies of the game board (``State.pool`` keys), in words.
POOL_NAME: Final = {
    "field": "fields", "stall_depot": "stalls/depots", "stable": "stables",
    "forest_park": "forests/parks", "boat_plow": "peat boats/plows",
    "handcart_wagon": "handcarts/wagons", "cart_horse_cart": "carts/horse carts",
    "carriage_droshky": "carriages/droshkies", "coach": "coach and four",
}

TT_RULE_NAME: Final = {
    "tea_and_trade": "Tea & Trade", "tea": "Tea", "east_frisian_tea": "East Frisian Tea", "ditches": "Ditches",
    "dehydrated_land": "Dehydrated Land", "harbor": "Harbor Board",
    "india": "India", "england": "England", "norway": "Norway", "finland": "Finland",
}
TT_RULE_TEXT: Final[dict[str, str]] = {
    "tea_and_trade": "The expansion, here for 1 or 2 players (arle play --expansion "
                     "tea-and-trade): Tea and East Frisian Tea improve the actions, ditches "
                     "dehydrate the land, a harbor holds Fishing Cutters and Trading Ships "
                     "that trade at each inventory, a Digging Spade track, the Ditcher, "
                     "Sailmaker, Boat Builder and Grandmother spaces and 23 buildings. Three "
                     "rows join the scoring pad: Tea, ships and Digging Spades.",
    "tea": "When you place a worker you may pay 1 Tea to take a tool action as if its "
           "indicator were 1 space further right (place fisherman tea, for instance; not the Ovens). East "
           "Frisian Tea pays for Tea. One Tea use per action, never beyond the end of the "
           "track. Worth 0.5 VP each at the end; loaded on a single space of a vehicle or "
           "ship it becomes East Frisian Tea.",
    "east_frisian_tea": "Upgraded Tea, worth 1 VP at the end. At a placement, 1 East "
                        "Frisian Tea takes a tool action as if its indicator were 2 spaces "
                        "further right (place clay_worker eftea; the Ovens only 1), and 2 take "
                        "the action twice (place builder twice: its costs are paid each time, no "
                        "Tea improves either, anytime actions may come between, then "
                        "'again').",
    "ditches": "Dug on the edges between two Land Spaces: v(r,k) between cells r,k and "
               "r,k+1, h(r,c) between cells r,c and r+1,c (rows from the sea, columns 0 to "
               "2). The first must touch the dike line, and only one may; every later one "
               "touches an earlier one. Never above the dike line nor under a Dike; they "
               "stay to the end. When a Dike move parts them from the line you may dig one "
               "ditch for free to join them again.",
    "dehydrated_land": "A Land Space with at least 2 ditches around it. Empty, it holds up "
                       "to 3 Sheep, and 2 Sheep there get a third at the May inventory; "
                       "the Farmer lays 2 Fields per Plow on empty dehydrated spaces. A wet "
                       "Moor with 2 ditches on its border turns to its dehydrated side at "
                       "once (4 Peat on it).",
    "harbor": "Each player's board for ships: 2 spaces for Fishing Cutters and 2 for "
              "Trading Ships, built at the Sailmaker and the Boat Builder or given by "
              "buildings. Ships are numbered h0, h1 in the order built; give an empty one "
              "back (return fishing_cutter_small@h0, for instance) to make room. Each ship scores its VP at the end.",
    "india": "A trade of a Trading Ship at an inventory: pay 3 Food to put 1 Tea on each "
             "uncovered space of the ship.",
    "england": "A trade of a Large Trading Ship at an inventory, with its 3 spaces "
               "uncovered: pay 1 Tea (or East Frisian Tea) to put 1 Winter Wear on it.",
    "norway": "A trade of a Trading Ship at an inventory: pay 3 Flax or 3 Grain (not "
              "mixed) to put 1 Wood on each uncovered space of the ship.",
    "finland": "A trade of a Trading Ship at an inventory: pay 1 Winter Wear to put 1 "
               "Timber on each uncovered space of the ship.",
}
TT_TOOL_TEXT: Final = ("Ditcher: 1 ditch per Digging Spade. Moved by the Master like the "
                       "other tools (Timber pays for Wood; the Workshop, a light-green house, "
                       "is not used with the expansion); scores on a row of its own.")


# ---------------------------------------------------------------------------
# Costs and derived sentences (figures from the catalog)
# ---------------------------------------------------------------------------
def _res(r: int) -> str:
    return TT_RESOURCES[r].replace("_", " ").title()   # the base names, then Tea's


def amounts(cost: dict[int, int], short: bool = False) -> str:
    """A fixed cost in words: ``1 Grain + 2 Wood`` (``short``: ``1 grain + 2 wood``)."""
    name = (lambda r: TT_RESOURCES[r].replace("_", " ")) if short else _res
    return " + ".join(f"{n} {name(r)}" for r, n in cost.items())


#: The words of the costs with a choice, per style of :func:`building_cost`.
_COST_WORDS: Final = {
    "full": {"any1": "any 1 building material (Wood, Clay, Timber or Brick)",
             "two_different": "2 different building materials",
             "clothing2": "2 different clothing tiles (Summer, Winter or Leather Wear)"},
    "plain": {"any1": "1 building material", "two_different": "2 different building materials",
              "clothing2": "2 different clothing"},
    "short": {"any1": "1 material", "two_different": "2 diff. materials",
              "clothing2": "2 diff. clothing"},
}


def building_cost(b: str, style: str = "full") -> str:
    """The printed cost of building ``b`` in words (from ``catalog.BUILDING_COST``):
    ``style`` ``"full"`` (as ``arle explain`` prints it), ``"plain"`` (one line of a
    list) or ``"short"`` (a label on a drawn tile)."""
    cost = C.BUILDING_COST.get(b) or TT_BUILDING_COST[b]
    short = style == "short"
    fixed = amounts(cost.fixed, short)
    if cost.kind == "either":
        a, b2, n = cost.alt
        if short:
            return f"{fixed} + {n} {C.RESOURCES[a]} or {C.RESOURCES[b2]}"
        either = f"{fixed} + {n} {_res(a)} or {n} {_res(b2)}"
        return either + " (not mixed)" if style == "full" else either
    words = _COST_WORDS[style].get(cost.kind)
    return f"{fixed} + {words}" if words else fixed


def equipment_cost(e: str) -> str:
    if e == "plow":
        return _PLOW_COST
    wood, horses = C.EQUIPMENT_COST[e]
    parts = [f"{wood} Wood"] + ([f"{horses} Horse" + ("s" if horses > 1 else "")]
                                if horses else [])
    return " + ".join(parts)


_PROMO: Final = frozenset({"coach_and_four", "coach_and_four_upgraded"})
_WIDTH = {1: "single", 2: "double", 3: "triple"}


def _vehicle_layout(e: str) -> str:
    cells = C.VEHICLE_CELLS[e]
    words = [_WIDTH[w] for w in cells]
    if len(words) == 1:
        return f"Loading space: one {words[0]}."
    join = ("adjacent ones may be joined for bigger tiles" if C.VEHICLE_COMBINABLE[e]
            else "never joined")
    return f"Loading spaces: {', '.join(words)} ({join})."


def _fits(e: str, size: int) -> bool:
    """Whether a tile of ``size`` fits on an empty vehicle ``e`` (the engine's rule)."""
    widths = C.VEHICLE_CELLS[e]
    for i, w in enumerate(widths):
        if size == 1:
            if w == 1:
                return True
            continue
        total = 0
        for j in range(i, len(widths)):
            total += widths[j]
            if total >= size or not C.VEHICLE_COMBINABLE[e]:
                break
        if total == size:
            return True
    return False


def _equipment_facts(e: str) -> str:
    if e in C.VEHICLES:
        kind = "Large vehicle" if e in C.LARGE else "Small vehicle"
        facts = [f"{kind} (needs a {'large' if e in C.LARGE else 'small'} barn space).",
                 _vehicle_layout(e)]
    else:
        facts = ["Small equipment, not a vehicle (needs a small barn space)."]
    back = C.UPGRADES.get(e)
    if back:
        facts.append(f"A Tile Upgrade flips it to its back: {EQUIPMENT_NAME[back]}.")
    fronts = [f for f, b in C.UPGRADES.items() if b == e]
    if fronts:
        facts.append(f"It is the back of the {EQUIPMENT_NAME[fronts[0]]} tile.")
    return " ".join(facts)


def _destination_facts(d: str) -> str:
    size = C.DESTINATION_SIZE[d]
    on = [EQUIPMENT_NAME[v] for v in C.VEHICLES if _fits(v, size) and v not in _PROMO]
    promo = [EQUIPMENT_NAME[v] for v in C.VEHICLES if _fits(v, size) and v in _PROMO]
    extra = f" (with the promos also {' or '.join(promo)})" if promo else ""
    return f"Size {size}; fits on: {', '.join(on)}{extra}."


def _tool_facts(t: str) -> str:
    i = C.TOOL_INDEX[t]
    values = C.TOOL_VALUES[i]
    vp = C.TOOL_VP[i]
    scored = (", ".join(f"{v} VP at {n}" for n, v in sorted(vp.items())) if vp else "none")
    return (f"Track: {', '.join(map(str, values))} (you start with {values[0]}). "
            f"VP at the end: {scored}.")


def _tool_cost(t: str) -> str:
    r, n = TT.TT_TOOL_STEP_COST[TT.TT_TOOL_INDEX[t]]
    return f"{n} {_res(r)} per step (Master, Workshop)"


def _digging_spade_facts() -> str:
    values = TT.DIGGING_SPADE_VALUES
    vp = TT.DIGGING_SPADE_VP
    scored = ", ".join(f"{v} VP at {n}" for n, v in sorted(vp.items()) if v)
    return (f"Track: {', '.join(map(str, values))} (you start with {values[0]}). "
            f"VP at the end: {scored}.")


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------
def _build() -> dict[str, Entry]:
    out: dict[str, Entry] = {}

    def add(i: str, kind: str, name: str, cost: str | None, vp: float | None,
            text: str) -> None:
        assert i not in out, f"duplicate id {i}"
        out[i] = Entry(id=i, kind=kind, name=name, cost=cost, vp=vp, text=text)

    for b in C.BUILDINGS:
        add(b, "building", C.BUILDING_NAME[b], building_cost(b), C.BUILDING_VP[b],
            BUILDING_TEXT[b])
    for sp in C.SPACES:
        add(sp, "space", C.SPACE_NAME[sp], SPACE_COST.get(sp), None, SPACE_TEXT[sp])
    for d in C.DESTINATIONS:
        text = DESTINATION_TEXT[d].format(**C.DESTINATION_SALES[d])
        add(d, "destination", DESTINATION_NAME[d], None, None,
            f"{text} {_destination_facts(d)} {_TRAVEL}")
    for e in C.EQUIPMENT:
        add(e, "equipment", EQUIPMENT_NAME[e], equipment_cost(e), C.EQUIPMENT_VP[e],
            f"{_equipment_facts(e)} {EQUIPMENT_TEXT[e]}")
    for t in TILE_NAME:
        add(t, "tile", TILE_NAME[t], None, _TILE_VP.get(t), TILE_TEXT[t])
    for t in C.TOOLS:
        add(t, "tool", TOOL_NAME[t], _tool_cost(t), None, f"{TOOL_TEXT[t]} {_tool_facts(t)}")
    for r in RULE_NAME:
        add(r, "rule", RULE_NAME[r], None, None, RULE_TEXT[r])
    # Tea & Trade's elements, after the base game's (ids are unique across both).
    for b in TT.TT_BUILDINGS:
        add(b, "building", TT.TT_BUILDING_NAME[b], building_cost(b), TT.TT_BUILDING_VP[b],
            f"Tea & Trade. {TT_BUILDING_TEXT[b]}")
    for sp in TT.TT_SUMMER_SPACES_2P + TT.TT_WINTER_SPACES_2P:
        add(sp, "space", TT.TT_SPACE_NAME[sp], None, None, f"Tea & Trade. {TT_SPACE_TEXT[sp]}")
    three = _three_player_space_text()
    for sp in (*TT.SPACE_SEASON_3P, *TT.IMITATE_SPACES):     # the catalog's order
        if sp not in out:            # Ditcher, Sailmaker... already have their entry
            add(sp, "space", TT.TT_SPACE_NAME[sp], None, None, f"Tea & Trade. {three[sp]}")
    for ship in TT.SHIP_IDS:
        add(ship, "equipment", TT.SHIP_NAME[ship], amounts(TT.SHIPS[ship].cost),
            TT.SHIPS[ship].vp, f"Tea & Trade. {_ship_facts(ship)}")
    spade_cost = _tool_cost(TT.DIGGING_SPADES).replace("(Master, Workshop)", "(Master)")
    add(TT.DIGGING_SPADES, "tool", "Digging Spades", spade_cost, None,
        f"Tea & Trade. {TT_TOOL_TEXT} {_digging_spade_facts()}")
    for r in TT_RULE_NAME:
        text = TT_RULE_TEXT[r] if r == "tea_and_trade" else f"Tea & Trade. {TT_RULE_TEXT[r]}"
        add(r, "rule", TT_RULE_NAME[r], None, None, text)
    return out


_ENTRIES: Final = _build()


def entries() -> list[Entry]:
    """Every entry, grouped by kind in :data:`KINDS` order (copies)."""
    return [Entry(**e) for k in KINDS for e in _ENTRIES.values() if e["kind"] == k]


def entry(i: str) -> Entry:
    """The entry with id ``i`` (a copy); KeyError if there is none."""
    return Entry(**_ENTRIES[i])


def ids(kind: str | None = None) -> list[str]:
    """The ids of one kind (or all), in catalog order."""
    return [i for i, e in _ENTRIES.items() if kind is None or e["kind"] == kind]


# ---------------------------------------------------------------------------
# Finding an entry by id or printed name
# ---------------------------------------------------------------------------
def normalize(text: str) -> str:
    """A name as a lookup key: case, accents (ü), apostrophes, spaces, hyphens and
    underscores do not matter (``"Lütetsburg Castle"`` -> ``"lutetsburg_castle"``)."""
    s = unicodedata.normalize("NFKD", text.strip().lower())
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    s = re.sub(r"['’`´]", "", s)
    s = s.replace("*", " star")          # Tea & Trade's starred tiles: "Smithy*"
    return re.sub(r"[^a-z0-9]+", "_", s).strip("_")


def _keys() -> dict[str, list[str]]:
    keys: dict[str, list[str]] = {}

    def put(key: str, i: str) -> None:
        ids_ = keys.setdefault(key, [])
        if i not in ids_:
            ids_.append(i)

    for i, e in _ENTRIES.items():
        put(normalize(i), i)
        name = normalize(e["name"])
        put(name, i)
        # "Grocer (Summer)" is also found as "grocer" (with its Winter twin).
        base = re.sub(r"_(summer|winter|back_side)$", "", name)
        put(base, i)
        if "u" in name and "ü" in e["name"].lower():
            put(normalize(e["name"].lower().replace("ü", "ue")), i)
    return keys


_KEYS: Final = _keys()


class UnknownName(LookupError):
    """No entry has this id or name; ``suggestions`` are the nearest ids."""

    def __init__(self, query: str, suggestions: list[str]) -> None:
        self.query = query
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no game element is called {query!r}{hint}")


class AmbiguousName(LookupError):
    """Several entries answer to this name; ``matches`` are their ids."""

    def __init__(self, query: str, matches: list[str]) -> None:
        self.query = query
        self.matches = matches
        super().__init__(f"{query!r} names several game elements: {', '.join(matches)}")


def _containing(key: str) -> list[str]:
    """Ids whose key holds ``key`` as whole words (``castle``, ``inn``)."""
    out: list[str] = []
    for k, found in _KEYS.items():
        if key and f"_{key}_" in f"_{k}_":
            out += [i for i in found if i not in out]
    return out


def lookup(query: str) -> list[str]:
    """The ids answering to ``query`` (an id or a printed name, tolerant as
    :func:`normalize`); failing that, the ids it is the start of, or the ids holding it
    as whole words (at most 3 either way), or the one id it is a near miss of. Empty
    if nothing matches well."""
    key = normalize(query)
    if not key:
        return []
    if key in _KEYS:
        return list(_KEYS[key])
    starts: list[str] = []
    for k, found in _KEYS.items():
        if k.startswith(key):
            starts += [i for i in found if i not in starts]
    if 0 < len(starts) <= 3:
        return starts
    words = _containing(key)
    if 0 < len(words) <= 3:
        return words
    close = difflib.get_close_matches(key, list(_KEYS), n=2, cutoff=0.85)
    if len(close) == 1 or (len(close) == 2 and _KEYS[close[0]] == _KEYS[close[1]]):
        return list(_KEYS[close[0]])
    return []


def suggest(query: str, n: int = 5) -> list[str]:
    """The ids whose id or name is nearest to ``query`` (difflib), best first."""
    key = normalize(query)
    out: list[str] = []
    for k, found in _KEYS.items():       # "peat" -> the ids starting with it first
        if key and k.startswith(key):
            out += [i for i in found if i not in out]
    out += [i for i in _containing(key) if i not in out]
    for k in difflib.get_close_matches(key, list(_KEYS), n=3 * n, cutoff=0.5):
        out += [i for i in _KEYS[k] if i not in out]
    return out[:n]


def resolve(query: str) -> list[Entry]:
    """Every entry answering to ``query`` (see :func:`lookup`); UnknownName if none."""
    found = lookup(query)
    if not found:
        raise UnknownName(query, suggest(query))
    return [Entry(**_ENTRIES[i]) for i in found]


def explain(query: str) -> dict[str, object]:
    """The entry of one game element as a dict (keys ``id, kind, name, cost, vp, text``).

    ``query`` is an id (exact ids always win: ``"wood_trader"`` is the building) or a
    printed name. UnknownName (with suggestions) if nothing matches, AmbiguousName if a
    name fits several elements (``"grocer"``: both seasons).
    """
    if query in _ENTRIES:
        return dict(_ENTRIES[query])
    found = resolve(query)
    if len(found) > 1:
        raise AmbiguousName(query, [e["id"] for e in found])
    return dict(found[0])


#: The inventory steps the engine carries out by itself, as the log names them
#: (:func:`arle.view.apply_logged`); each is logged when it changed a player's goods or
#: animals.
AUTO_STEPS: Final[dict[str, str]] = {
    "houses_before_november": "light-green houses before November",
    "cutter_food": "Fishing Cutters' Food",
    "ship_trades": "trades of the Trading Ships",
    "empty": "vehicles and ships emptied",
    "milk": "milking",
    "harvest": "harvest",
    "breeding": "newborn animals",
    "shear": "shearing",
    "sustenance": "feeding",
}

