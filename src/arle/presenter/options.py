"""The pending decision and its options, in words with their costs, for every face
(issue 32): what the terminal lists by number and the web offers as buttons.

An :class:`Option` is one legal action: its notation (``action``), its ``words``
(``"Build Mill"``), a ``detail`` read from the position where the notation is terse
(``"Mill, 6 VP"``, ``"below 3,1 stall, above 4,1 empty"``), its ``cost`` in words
from the catalog (``"1 Timber + 8 Flax or 8 Grain"``; ``""`` when it costs nothing),
the ``vp`` of what it builds, and ``pays``: the resources and animals it takes from
the mover, by the names :func:`arle.view.resources` and :func:`arle.view.animals`
use, when the cost is one fixed amount (``None`` when the player chooses how to pay).
What an option gains is the engine's own report: :func:`effects` applies it to a
copy of the position and returns what changed for the mover.

>>> import arle
>>> s = arle.new_game(players=1, seed=1)
>>> o = option(s, arle.Action("place", ("forester",)))
>>> o.words, o.cost, o.pays
('Place a worker on Forester', '1 Food', {'food': 1})
>>> effects(s, arle.Action("place", ("fisherman",)))
{'food': 3}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from arle import ANYTIME_VERBS
from arle import view
from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data import texts
from arle.presenter.names import (building_name, building_vp, cell_name, edge_words, fmt_vp,
                                  resource_name, ship_name, space_name, tile_name,
                                  trade_name)
from arle.state import State

__all__ = ["DecisionView", "Option", "TEA_USE_COST", "cell_label", "cell_words", "decision",
           "decision_actions", "effects", "option",
           "option_cost", "option_detail", "option_pays", "option_vp", "option_words",
           "tea_use_words", "specialize_words"]

#: Tea & Trade: what a Tea use of a placement costs (``place SPACE tea|eftea|twice``).
TEA_USE_COST = {"tea": "1 Tea", "eftea": "1 East Frisian Tea", "twice": "2 East Frisian Tea"}
_TEA_USE_PAYS = {"tea": {"tea": 1}, "eftea": {"east_frisian_tea": 1},
                 "twice": {"east_frisian_tea": 2}}
#: Tea & Trade: what a placement's Tea use does, after the space's name.
_TEA_USE = {"tea": ", its tool action 1 space better",
            "eftea": ", its tool action 2 spaces better (the Ovens 1)",
            "twice": ", carrying the action out twice"}
_SHIP_WORDS = {k: n.lower() for k, n in TT.SHIP_NAME.items()}
_NAMES = TT.TT_RESOURCES          # the state's layout, as arle.view.resources reads it


class Option(NamedTuple):
    """One legal action of the pending decision, in words (see the module)."""

    action: str
    verb: str
    words: str
    detail: str
    cost: str
    vp: float | None
    pays: dict[str, int] | None

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "words": self.words, "detail": self.detail,
                "cost": self.cost, "vp": None if self.vp is None else fmt_vp(self.vp),
                "pays": self.pays}


class DecisionView(NamedTuple):
    """The pending decision as a seat sees it: who decides (``None`` at the end), its
    ``kind``, ``title`` and ``text`` (:meth:`arle.state.State.pending`), the options
    of the decision itself and the anytime actions offered beside them (both empty
    for a seat that is not to move)."""

    player: int | None
    kind: str
    title: str
    text: str
    options: tuple[Option, ...]
    anytime: tuple[Option, ...]

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "title": self.title,
                "text": self.text, "options": [o.to_json() for o in self.options],
                "anytime": [o.to_json() for o in self.anytime]}


# ---------------------------------------------------------------------------
# Costs: what taking an option pays, from the catalog
# ---------------------------------------------------------------------------
def _named(cost: Mapping[int, int]) -> dict[str, int]:
    return {_NAMES[r]: n for r, n in cost.items() if n}


def _amounts(cost: Mapping[int, int]) -> str:
    return texts.amounts(dict(cost))


#: Every space's own cost: the base game's and the 3-player Laborers' (T40).
_SPACE_COST = {**C.SPACE_COST, **TT.SPACE_COST_3P}


def _space_cost(space: str) -> tuple[dict[int, int], ...]:
    return tuple(_SPACE_COST.get(space, ()))


def _imitate(a: Action, s: State | None) -> int | None:
    """The Food of ``place imitate_K`` in ``s`` (3 players), else None."""
    if s is None or a.verb != "place" or len(a.args) != 1 \
            or a.args[0] not in TT.IMITATE_SPACES:
        return None
    return view.imitate_food(s)


def _ef_for_tea(s: State | None) -> bool:
    """Whether the mover in ``s`` pays a Tea with East Frisian Tea (holding no Tea)."""
    p = None if s is None else s.current_player
    return s is not None and p is not None and view.resources(s, p).get("tea", 0) < 1


def option_cost(a: Action, s: State | None = None) -> str:
    """What taking ``a`` costs, in words from the catalog (``""`` if nothing, or if the
    cost is the action's own text, as for ``pay``): a space's entry cost (and a Tea
    use's, East Frisian Tea standing for Tea when the mover in ``s`` holds none; an
    Imitate's in the position ``s``), a building, a vehicle, peat boat or
    plow, a tool step, a dark-green house's use, a load, a ship, a trade, a peat boat
    exchange, a stall or a stable."""
    verb, args = a.verb, a.args
    first = str(args[0]) if args else ""
    food = _imitate(a, s)
    if food is not None:
        return _amounts({C.FOOD: food})
    if verb == "place" and len(args) == 2:          # Tea & Trade: a Tea use
        tea = TEA_USE_COST.get(str(args[1]))
        if tea is None:
            return ""
        if args[1] == "tea" and _ef_for_tea(s):
            tea = "1 East Frisian Tea for the Tea"
        entry = _space_cost(first)
        if not entry:
            return tea
        own = " or ".join(_amounts(o) for o in entry)
        return f"{tea} + {own}" + (" each time" if args[1] == "twice" else "")
    if verb in ("place", "imitate") and first in _SPACE_COST:
        return " or ".join(_amounts(o) for o in _space_cost(first))
    if verb == "build" and (first in C.BUILDING_COST or first in TT.TT_BUILDING_COST):
        return texts.building_cost(first, "plain")
    if verb == "use" and first in C.DARK_GREEN_COST:
        return _amounts(C.DARK_GREEN_COST[first])
    if verb == "vehicle" and first in C.EQUIPMENT_COST:
        return texts.equipment_cost(first)
    if verb == "peat_boat":
        return texts.equipment_cost("peat_boat")
    if verb == "plow" and first:
        return _amounts(C.PLOW_COST) + f" + 1 {resource_name(first)}"
    if verb == "tool" and first in TT.TT_TOOL_INDEX:
        r, n = TT.TT_TOOL_STEP_COST[TT.TT_TOOL_INDEX[first]]
        return _amounts({r: n})
    if verb == "load" and len(args) >= 3:
        item = str(args[2])
        if item in C.LOAD_COST:
            return _amounts(C.LOAD_COST[item]) or "free"
        if item == "tea":                  # Tea & Trade: Tea becomes East Frisian Tea
            return "1 Tea"
        return ""
    if verb == "ship" and first in TT.SHIPS:
        return _amounts(TT.SHIPS[first].cost)
    if verb == "trade" and len(args) >= 2 and str(args[1]) in TT.TRADES:
        return " or ".join(_amounts(o) for o in _trade_pay(a))
    if verb == "boat":
        return "1 Peat"
    if verb == "stall":
        return _amounts(C.STALL_COST)
    if verb == "stable":
        return _amounts(C.STABLE_COST)
    return ""


def _trade_pay(a: Action) -> tuple[dict[int, int], ...]:
    """The ways a ``trade I DEST [PAID]`` may be paid (only the named one if named)."""
    options = TT.TRADES[str(a.args[1])].pay
    if len(a.args) >= 3:
        paid = TT.TT_RES_INDEX.get(str(a.args[2]), -1)
        instead = TT.PAYS_FOR.get(paid)       # East Frisian Tea paying for Tea
        options = (tuple(o for o in options if paid in o)
                   or tuple({paid if r == instead else r: n for r, n in o.items()}
                            for o in options if instead in o)
                   or options)
    return tuple(options)


def option_pays(a: Action, s: State | None = None) -> dict[str, int] | None:
    """What taking ``a`` takes from the mover when its cost is one fixed amount, by the
    view's names (``{"wood": 4, "horse": 2}``); ``{}`` when it costs nothing; ``None``
    when the player chooses how to pay (alternatives, any building material) or the
    cost is paid later (the second time of a ``twice``).  The amounts are the cost's
    own; where the rules let Timber stand for Wood or Brick for Clay the engine may take
    those instead (or ask which).  With the position ``s``, East Frisian Tea pays a Tea
    use when the mover holds no Tea."""
    verb, args = a.verb, a.args
    first = str(args[0]) if args else ""
    food = _imitate(a, s)
    if food is not None:
        return {"food": food}
    if verb == "place" and len(args) == 2:
        tea = _TEA_USE_PAYS.get(str(args[1]))
        if args[1] == "tea" and _ef_for_tea(s):
            tea = _TEA_USE_PAYS["eftea"]
        entry = _space_cost(first)
        if tea is None or len(entry) > 1:
            return None
        return {**tea, **(_named(entry[0]) if entry else {})}
    if verb in ("place", "imitate") and first in _SPACE_COST:
        entry = _space_cost(first)
        return _named(entry[0]) if len(entry) == 1 else None
    if verb == "build":
        cost = C.BUILDING_COST.get(first) or TT.TT_BUILDING_COST.get(first)
        return _named(cost.fixed) if cost is not None and cost.kind == "fixed" else None
    if verb == "use" and first in C.DARK_GREEN_COST:
        return _named(C.DARK_GREEN_COST[first])
    if verb in ("vehicle", "peat_boat"):
        kind = first if verb == "vehicle" else "peat_boat"
        if kind not in C.EQUIPMENT_COST:
            return None
        wood, horses = C.EQUIPMENT_COST[kind]
        return {k: n for k, n in (("wood", wood), ("horse", horses)) if n}
    if verb == "plow" and first:
        return {**_named(C.PLOW_COST), first: 1}
    if verb == "tool" and first in TT.TT_TOOL_INDEX:
        r, n = TT.TT_TOOL_STEP_COST[TT.TT_TOOL_INDEX[first]]
        return _named({r: n})
    if verb == "load" and len(args) >= 3:
        item = str(args[2])
        if item in C.LOAD_COST:
            return _named(C.LOAD_COST[item])
        return {"tea": 1} if item == "tea" else None
    if verb == "ship" and first in TT.SHIPS:
        return _named(TT.SHIPS[first].cost)
    if verb == "trade" and len(args) >= 2 and str(args[1]) in TT.TRADES:
        pay = _trade_pay(a)
        return _named(pay[0]) if len(pay) == 1 else None
    if verb == "boat":
        return {"peat": 1}
    if verb == "stall":
        return _named(C.STALL_COST)
    if verb == "stable":
        return _named(C.STABLE_COST)
    if option_cost(a, s):
        return None
    return {}


def option_vp(a: Action) -> float | None:
    """The VP of what ``a`` builds (a building, a vehicle, a peat boat, a plow, a
    ship); ``None`` for an action that builds nothing."""
    verb, first = a.verb, (str(a.args[0]) if a.args else "")
    if verb == "build" and (first in C.BUILDING_COST or first in TT.TT_BUILDING_COST):
        return float(building_vp(first))
    if verb == "vehicle" and first in C.EQUIPMENT_VP:
        return float(C.EQUIPMENT_VP[first])
    if verb in ("peat_boat", "plow"):
        return float(C.EQUIPMENT_VP[verb])
    if verb == "ship" and first in TT.SHIPS:
        return float(TT.SHIPS[first].vp)
    return None


# ---------------------------------------------------------------------------
# Words: what an option does
# ---------------------------------------------------------------------------
def _counts(args: tuple[str, ...], names: tuple[str, ...]) -> str:
    parts = [f"{n} {name}" for n, name in zip(args, names) if n != "0"]
    return ", ".join(parts) or "nothing"


def _payment(args: tuple[str, ...]) -> str:
    return ", ".join(f"{n} {k.replace('_', ' ')}"
                     for k, _, n in (x.partition(":") for x in args)) or "nothing"


def _one(item: str) -> str:
    """One animal or good, in words: "a sheep", "a horse", "1 cattle"."""
    if item in ("sheep", "horse"):
        return f"a {item}"
    return f"1 {item.replace('_', ' ')}"


def option_words(a: Action, s: State | None = None) -> str:
    """What ``a`` does in a short English sentence (the notation stays the
    reference); with the position ``s`` a vehicle or ship is named by its kind."""
    v, args = a.verb, a.args
    arg0 = args[0] if args else ""
    if v == "place":
        use = args[1] if len(args) > 1 else ""
        return f"Place a worker on {space_name(arg0)}" + _TEA_USE.get(use, "")
    if v == "dig":
        return f"Dig a ditch {edge_words(arg0)}"
    if v == "cell":
        return f"On the cell in {cell_name(arg0)}"
    if v == "dike" and len(args) == 2 and arg0.isdigit() and args[1].isdigit():
        return (f"Move the dike of column {int(arg0) + 1} to column {int(args[1]) + 1} of "
                "the gap above")
    if v == "ship":
        return f"Build a {_SHIP_WORDS.get(arg0, arg0.replace('_', ' '))}"
    if v == "trade" and len(args) >= 2:
        paid = f", paying {args[2].replace('_', ' ')}" if len(args) > 2 else ""
        return f"Send ship h{arg0} to trade with {trade_name(args[1])}{paid}"
    if v == "again":
        return ("Skip the second time (its cost cannot be paid)" if arg0 == "unpaid"
                else "Carry the action out a second time")
    simple = {"skip": "Pass: use no action space with this worker",
              "end": "End your work phase", "done": "Done", "finish": "Finish the game",
              "wood": "Take 4 wood", "peat_boat": "Build a peat boat",
              "plow": "Build a plow"}
    if v in simple:
        return simple[v]
    if v == "build":
        return f"Build {building_name(arg0)}"
    if v in ("use", "house"):
        return f"Use {building_name(arg0)}"
    if v == "load" and len(args) == 3:
        return _load_words(a, s)
    if v == "boat":
        return f"Peat boat: 1 peat for 1 {arg0}"
    if v == "release":
        return f"Give back {_one(arg0)}"
    if v == "return":
        kind = arg0.partition('@')[0]
        return f"Return the {_SHIP_WORDS.get(kind, kind.replace('_', ' '))} to the supply"
    if v == "take":
        return _take_words(args)
    if v == "pay":
        return "Pay " + _payment(args)
    if v == "feed":
        extra = _payment(args)
        return "Feed with food and grain" + ("" if extra == "nothing" else f", plus {extra}")
    if v == "cut" and len(args) == 2:
        where = "the boardwalk" if arg0 == "bw" else f"the moor in column {int(arg0[1:]) + 1}"
        return f"Cut {args[1]} peat from {where}"
    if v == "convert":
        return f"Convert {arg0} time{'s' if arg0 != '1' else ''}"
    if v == "butcher":
        return "Slaughter " + _counts(args, ("sheep", "cattle", "horses"))
    if v == "breed":
        return "Newborns: " + _counts(args, ("sheep", "cattle", "horses"))
    if v == "tool":
        return f"Advance your {arg0.replace('_', ' ')}"
    if v == "field":
        return f"Place a {arg0} field"
    if v in ("forest", "stall", "stable"):
        return f"Place a {v}"
    if v == "vehicle":
        return f"Build a {arg0.replace('_', ' ')}"
    if v == "imitate":
        return f"Copy {space_name(arg0)}"
    if v == "specialize":
        tool = TT.TT_TOOL_INDEX.get(arg0)
        if tool is not None:
            res, k = TT.TT_TOOL_STEP_COST[tool]
            return (f"Specialize: one free step on your {arg0.replace('_', ' ')} (each "
                    f"other player gets {k} {TT.TT_RESOURCES[res].replace('_', ' ')})")
        return (f"Specialize: build {building_name(arg0)} at double cost (2 building "
                "materials, 2 grain)")
    if v == "discard" and len(args) == 2 and arg0.startswith("grain:"):
        g, f = arg0.partition(":")[2], args[1].partition(":")[2]
        return f"Discard {g} grain and {f} flax fields for food"
    if v == "upgrade":
        kind = arg0.partition('@')[0]
        return f"Upgrade a {_SHIP_WORDS.get(kind, kind.replace('_', ' '))}"
    if v == "sell":
        item, _, choice = arg0.partition(":")
        return f"Sell {item.replace('_', ' ')}" + (
            f" ({choice.replace('_', ' ')})" if choice else "")
    if v == "exchange":
        return f"Exchange a {arg0.replace('_', ' ')} for a plow"
    if v == "replace":
        return (f"Replace {arg0} grain and {args[1] if len(args) > 1 else 0} flax fields "
                "by forests")
    if v == "remove":
        return f"Remove a {arg0.replace('_', ' ')} (2 food)"
    return str(a)


def _take_words(args: tuple[str, ...]) -> str:
    if len(args) == 3:
        return "Take " + _counts(args, ("sheep", "cattle", "horses"))
    if args and args[0] == "none":
        return "Take nothing"
    items = [x for arg in args for x in arg.split("+")]
    takes = [_one(x) if x in C.ANIMALS or x == "horse" else x.replace("_", " ")
             for x in items if x != "dehydrate"]
    text = "Take " + " and ".join(takes) if takes else ""
    if "dehydrate" in items:
        text += " and dehydrate a moor" if text else "Dehydrate a moor"
    return text


def _load_words(a: Action, s: State | None) -> str:
    args = a.args
    p = None if s is None else s.current_player
    if args[0].startswith("h"):                        # Tea & Trade: a ship
        kind = ""
        if s is not None and p is not None:
            ships = view.harbor(s, p)
            i = int(args[0][1:]) if args[0][1:].isdigit() else -1
            kind = _SHIP_WORDS.get(ships[i].kind, "") if 0 <= i < len(ships) else ""
        return (f"Load {args[2].replace('_', ' ')} on the {kind or 'ship'} "
                f"(h{args[0][1:]}), space {int(args[1]) + 1}")
    kind = ""
    if s is not None and p is not None:
        barn = view.barn(s, p)
        i = int(args[0]) if args[0].isdigit() else -1
        kind = barn[i].kind.replace("_", " ") if 0 <= i < len(barn) else ""
    item = args[2]
    what = f"travel to {item.capitalize()}" if item in C.DESTINATION_SIZE else f"load {item}"
    return f"{what.capitalize()} on the {kind or 'vehicle'}, cell {int(args[1]) + 1}"


# ---------------------------------------------------------------------------
# Details read from the position (the terminal shows them after the notation)
# ---------------------------------------------------------------------------
def tea_use_words(space: str, use: str) -> str:
    """What a Tea use of a placement does, in a few words: ``Fish traps +1``, ``Ovens
    +1``, ``the action twice``."""
    if use == "twice":
        return "the action twice"
    track = TT.TEA_TOOL_SPACES.get(space)
    resource = TT.TEA if use == "tea" else TT.EAST_FRISIAN_TEA
    n = (TT.OVEN_TEA_STEPS if track == "ovens" else TT.TEA_STEPS)[resource]
    return f"{(track or 'tool').replace('_', ' ').capitalize()} +{n}"


def specialize_words(choice: str, s: State | None = None) -> str:
    """The 3-player specialization round's pick in words (T53): a tool step
    (``Spades 3→5 free; each other player gets 1 Wood``) or a house at double cost."""
    if choice in TT.TT_TOOL_INDEX:
        t = TT.TT_TOOL_INDEX[choice]
        r, n = TT.TT_TOOL_STEP_COST[t]
        step = ""
        p = None if s is None else s.current_player
        if s is not None and p is not None:
            values = TT.TT_TOOL_VALUES[t]
            at = view.tool_positions(s, p)[choice]
            if at + 1 < len(values):
                step = f" {values[at]}→{values[at + 1]}"
        return (f"{choice.replace('_', ' ').capitalize()}{step} free; each other player "
                f"gets {n} {resource_name(C.RESOURCES[r])}")
    if choice in C.BUILDING_COST or choice in TT.TT_BUILDING_COST:
        return (f"{building_name(choice)}, {building_vp(choice)} VP, at double cost: "
                f"2 x ({texts.building_cost(choice, 'plain')})")
    return choice


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.replace("(", " ").replace(")", " ").replace(",", " ").split()
            if x.isdigit()]


def cell_words(s: State, p: int, row: int, col: int) -> str:
    """A cell by the notation's ``R,C`` and what lies on it (``3,1 stall``)."""
    if not (0 <= row < C.ROWS and 0 <= col < C.COLS):
        return f"{row},{col}"
    i = row * C.COLS + col
    c = view.cell(s, p, i)
    return f"{row},{col} {cell_label(c, i in view.dehydrated_cells(s, p))}"


def cell_label(c: view.Cell, dry: bool = False) -> str:
    """What lies on a home-board cell in words (``grain field``, ``dry moor 3pt``,
    ``empty, dehydrated``, ``tidal flat``)."""
    if c.tile is None:
        if not c.land:
            return "tidal flat"
        return "empty, dehydrated" if dry else "empty"
    if c.tile in ("dmoor", "boardwalk"):
        return f"{tile_name(c.tile)} {c.peat}pt"
    if c.building is not None:
        return building_name(c.building)
    return tile_name(c.tile)


def _where(s: State, a: Action) -> str:
    """Tea & Trade: which edge, cell or dike an action names, in words read from the
    position (``dig``, ``cell``, ``dike``); ``""`` for other actions."""
    p = s.current_player
    if p is None or not a.args:
        return ""
    first = str(a.args[0])
    if a.verb == "dig":
        nums = _ints(first[1:])
        if len(nums) != 2:
            return ""
        r, k = nums
        if first.startswith("v"):
            return f"right of {cell_words(s, p, r, k)}, left of {cell_words(s, p, r, k + 1)}"
        return f"below {cell_words(s, p, r, k)}, above {cell_words(s, p, r + 1, k)}"
    if a.verb == "cell":
        nums = _ints(" ".join(str(x) for x in a.args))
        if len(nums) != 2:
            return ""
        d = s.pending()
        at, tile = d.details.get("at"), str(d.details.get("tile", ""))
        if d.kind == "cell" and isinstance(at, int) and tile:
            # The tile stands on cell ``at`` until the choice (or has left it): say what
            # the cell holds without it.
            name = building_name(tile[2:]) if tile.startswith("b:") else tile_name(tile)
            here = nums[0] * C.COLS + nums[1] == at
            if d.details.get("gone") and here:
                return f"the {name} there"
            if here:
                dry = at in view.dehydrated_cells(s, p)
                return "empty, dehydrated" if dry else "empty"
        return cell_words(s, p, *nums).partition(" ")[2]
    if a.verb == "dike" and len(a.args) >= 2:
        cols = view.dike_columns(s, p)
        low = next((g for g in range(len(cols)) if cols[g]), None)
        if low is None or low + 1 >= len(cols):
            return f"column {first} up to column {a.args[1]}"
        return f"G{low} column {first} up to G{low + 1} column {a.args[1]}"
    return ""


def option_detail(a: Action, s: State | None = None) -> str:
    """A few words the notation leaves out: a building's name and VP, a Tea use's
    effect, a ship's side and VP, which ship trades where, the edge, cell or dike of a
    Tea & Trade choice (read from ``s``), a specialization's pick; ``""`` if none."""
    args = a.args
    first = str(args[0]) if args else ""
    if a.verb in ("build", "use") and (first in C.BUILDING_COST
                                       or first in TT.TT_BUILDING_COST):
        return f"{building_name(first)}, {building_vp(first)} VP"
    if a.verb == "place" and len(args) == 2 and str(args[1]) in TEA_USE_COST:
        return tea_use_words(first, str(args[1]))
    if a.verb == "ship" and first in TT.SHIPS:
        return f"{ship_name(first)}, {TT.SHIPS[first].vp} VP"
    if a.verb == "trade" and len(args) >= 2 and str(args[1]) in TT.TRADE_NAME:
        ship = f"ship h{first}"
        if s is not None and s.current_player is not None:
            held = view.harbor(s, s.current_player)
            slot = _ints(first)
            if len(slot) == 1 and slot[0] < len(held):
                ship = f"h{slot[0]} {ship_name(held[slot[0]].kind)}"
        return f"{ship} to {trade_name(str(args[1]))}"
    if s is not None and a.verb in ("dig", "cell", "dike"):
        return _where(s, a)
    if a.verb == "specialize" and args:
        return specialize_words(first, s)
    return ""


# ---------------------------------------------------------------------------
# The options and the decision
# ---------------------------------------------------------------------------
def option(s: State | None, a: Action) -> Option:
    """The option ``a`` in words (``s``: the position it is offered in, which names
    vehicles, ships and cells; without it the words stay general)."""
    return Option(str(a), a.verb, option_words(a, s), option_detail(a, s),
                  option_cost(a, s), option_vp(a), option_pays(a, s))


def effects(s: State, a: Action | str) -> dict[str, int]:
    """What applying ``a`` in ``s`` changes for the player who takes it, as the engine
    reports it (applied to a copy; ``s`` is unchanged): the move's own changes of the
    mover's resources and animals, automatic steps it led to left out (see
    :func:`arle.presenter.play_logged`).  An illegal action raises
    :class:`arle.IllegalActionError`."""
    from arle.presenter.log import play_logged
    p = s.current_player
    copy = s.clone()
    move = play_logged(copy, a, 0)[0]
    return dict(move.changes.get(str(p), {}))


def decision_actions(s: State) -> tuple[list[Action], list[Action]]:
    """The legal actions split: the decision's own options and the anytime actions
    offered beside them, each in the engine's order; giving back animals is the
    decision itself when the animals do not fit (``house``)."""
    return _split(s, s.legal_actions())


def _split(s: State, legal: list[Action]) -> tuple[list[Action], list[Action]]:
    house = s.pending().kind == "house"
    own = [a for a in legal if a.verb not in ANYTIME_VERBS or house and a.verb == "release"]
    if not own:
        return legal, []
    return own, [a for a in legal if a not in own]


def decision(s: State, seat: int | None = None) -> DecisionView:
    """The pending decision as ``seat`` sees it (``None``: anybody's view with the
    options): its options and the anytime actions, in words, for the seat that is to
    move; none for the others."""
    d = s.pending()
    if d.player is None or seat is not None and seat != d.player:
        return DecisionView(d.player, d.kind, d.title, d.text, (), ())
    own, anytime = _split(s, s.legal_actions())
    return DecisionView(d.player, d.kind, d.title, d.text,
                        tuple(option(s, a) for a in own), tuple(option(s, a) for a in anytime))
