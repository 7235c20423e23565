"""What the player to move is deciding, in words and in fields.

The engine keeps a pending decision as a frame on the state's stack (see
:mod:`arle.engine.core`).  :func:`pending` turns the top of that stack (or its absence)
into a :class:`Decision` (the framework's, :mod:`arle.framework.decision`, which both
games use) that faces, logs and bot authors can use without knowing the frames: its
``kind``, a short ``title`` for a heading, a ``text`` of one sentence, and the
frame's ``details`` (the space whose choice is open, the Peat still to cut, the
destination being sold at...).

>>> import arle
>>> s = arle.new_game(players=1, seed=1, buildings="first-game")
>>> d = s.pending()
>>> d.player, d.kind, d.title
(0, 'place', 'Place a worker')
>>> s.apply("place fisherman")
>>> d = s.pending()
>>> d.kind, d.title
('optional_animal', 'You may take an animal')
>>> d.text
'take one animal (sheep) or none.'
>>> d.details
{'kinds': ('sheep',)}
"""

from __future__ import annotations

from typing import Any, Callable

from arle.data import catalog as C
from arle.data.tea_trade import SPECIALIZATION_PICKS as TT_SPECIALIZATION_PICKS
from arle.data.tea_trade import TT_SPACE_NAME
from arle.engine.three import spec_decode
from arle.framework.decision import Decision

from arle.state import State, link

__all__ = ["Decision", "pending", "KINDS"]


def _name(x: str) -> str:
    return x.replace("_", " ")


def _tile(f: dict[str, object]) -> str:
    """The name of a home-board tile of a ``cell`` frame (``b:ID`` is a building)."""
    tile = str(f.get("tile"))
    return _space(tile[2:]) if tile.startswith("b:") else _name(tile)


def _space(sp: object) -> str:
    """The printed name of an action space or a building (conversions happen at both)."""
    key = str(sp)
    return (C.SPACE_NAME.get(key) or C.BUILDING_NAME.get(key) or TT_SPACE_NAME.get(key)
            or _name(key))


def _kinds(f: dict[str, Any]) -> str:
    kinds = [str(k) for k in f.get("kinds", ())]
    if len(kinds) <= 1:
        return "".join(kinds)
    return ", ".join(kinds[:-1]) + " or " + kinds[-1]


def _dest(f: dict[str, Any]) -> str:
    return str(f.get("dest", "")).capitalize()


_Words = Callable[[dict[str, Any]], str]

# frame kind -> (title, sentence); both may use the frame's fields (its ``details()``).
#: Tea & Trade's one-time building choices (frame ``tt_building``): title, prompt.
_TT_CHOICE: dict[str, tuple[str, str]] = {
    "old_brickworks_inn": ("Old Brickworks Inn: how many exchanges?",
                           "Old Brickworks Inn: exchange 1 Tea for 1 Brick and 1 Flax, "
                           "up to {n} times (one per Field), or done."),
    "farmers_inn_star": ("Farmer's Inn*: how many exchanges?",
                         "Farmer's Inn*: exchange 1 East Frisian Tea for 9 Food, up to "
                         "{n} times (one per Forest), or done."),
    "farmers_inn_star_forest": ("Farmer's Inn*: a field to a forest?",
                                "Farmer's Inn*: replace 1 field by a forest, or done."),
    "smithy_star": ("Smithy*: turn a ship or vehicle?",
                    "Smithy*: pay 2 Food to turn a ship or vehicle to its upper side "
                    "({n} left, one per Workbench), or done."),
    "small_wharf": ("Small Wharf: a boat for 1 Timber?",
                    "Small Wharf: pay 1 Timber for a Small Fishing Cutter or a Peat Boat "
                    "({n} left, one per 3 Ditches), or done."),
    "mennonite_church": ("Mennonite Church: how many exchanges?",
                         "Mennonite Church: exchange 1 Linen for 5 Food, up to {n} "
                         "times, or done."),
    "caroline_sluice": ("Caroline Sluice: dehydrate a moor",
                        "Caroline Sluice: choose the moor to dehydrate."),
    "norderburg_castle": ("Norderburg Castle: discard fields for Food?",
                          "Norderburg Castle: discard 4, 6 or 8 fields for 14, 19 or 24 "
                          "Food, or done."),
    "specialization": ("Specialization: choose a pick",
                       "Preliminary round: advance a tool track nobody chose yet (the "
                       "others get its cost) or build a Small House at double cost."),
    "moor_farmers_house": ("Moor Farmer's House: discard a moor tile",
                           "Moor Farmer's House: discard a moor tile or the Small "
                           "Boardwalk for Grain Fields."),
}

_ORDINAL = ("first", "second", "third", "fourth")


def _specialization_title(f: Any) -> str:
    """Which of the player's picks of the specialization round this is (the frame's
    ``n`` packs the picks left: :func:`arle.engine.three.spec_decode`)."""
    left = spec_decode(int(f.get("n") or 0))[0]
    pick = max(1, min(len(_ORDINAL), TT_SPECIALIZATION_PICKS - left + 1))
    return f"Specialization: your {_ORDINAL[pick - 1]} pick of {TT_SPECIALIZATION_PICKS}"


_FRAMES: dict[str, tuple[_Words, _Words]] = {
    "pay": (lambda f: "How do you pay?", lambda f: "choose how to pay."),
    "cut": (lambda f: f"Cut up to {f.get('n')} peat",
            lambda f: (f"cut peat from a moor tile (or the boardwalk), up to {f.get('n')} "
                       "more" + (" (you must cut while peat is left)." if f.get("must")
                                 else ", or stop with done."))),
    "house": (lambda f: "Not enough room: give back animals",
              lambda f: "your animals do not all fit: give one back at a time."),
    "breed": (lambda f: "Breeding: choose the newborns",
              lambda f: "May breeding: choose which newborn animals to keep."),
    "sustain": (lambda f: f"Feeding: pay {C.SUSTENANCE_FOOD} Food (and "
                          f"{C.SUSTENANCE_PEAT_NOVEMBER} Peat in November)",
                lambda f: (f"feed your household: {C.SUSTENANCE_FOOD} Food (Food first, then "
                           "Grain, then the animals you choose), and in November "
                           f"{C.SUSTENANCE_PEAT_NOVEMBER} Peat (Wood or Timber for what Peat "
                           f"is missing); each one still missing costs {-C.BOTTLENECK_VP} VP.")),
    "final": (lambda f: "Last exchanges, then finish the game",
              lambda f: "the last conversions of the game, then finish."),
    "before_november": (lambda f: "Before November: use your houses",
                        lambda f: "use your light-green houses before November."),
    "plow_maker": (lambda f: "Plow Maker's Workshop: a field",
                   lambda f: "Plow Maker's Workshop: place a field, or done."),
    "optional_animal": (lambda f: "You may take an animal",
                        lambda f: f"take one animal ({_kinds(f)}) or none."),
    "take_animal": (lambda f: "Take an animal",
                    lambda f: f"take one animal: {_kinds(f)}."),
    "grocer": (lambda f: "Grocer: take one more",
               lambda f: "Grocer: take Timber, Brick or one animal."),
    "merchant": (lambda f: "Builder's Merchant: choose your materials",
                 lambda f: "Builder's Merchant: take Wood or Clay, and Timber or Brick."),
    "colonist": (lambda f: "Colonist",
                 lambda f: "Colonist: take a horse and/or dehydrate a moor, or done."),
    "convert": (lambda f: f"{_space(f.get('kind'))}: how many conversions?",
                lambda f: (f"{_space(f.get('kind'))}: how many times to convert (limited "
                           "by your tools), or done.")),
    "butcher": (lambda f: "Butcher: which animals?",
                lambda f: "Butcher: choose animals to slaughter, or done."),
    "master": (lambda f: "Advance tools",
               lambda f: "Master: move tool indicators one step each, then done."),
    "again": (lambda f: f"{_space(f.get('space'))}: the second time",
              lambda f: (f"{_space(f.get('space'))} taken twice: carry it out again "
                         "(anytime actions may come first).")),
    "dig": (lambda f: f"Dig up to {f.get('n')} ditches",
            lambda f: (f"dig a ditch (up to {f.get('n')} more), each joined to "
                       "the network, or done.")),
    "reconnect": (lambda f: "A free ditch to the Dike Line",
                  lambda f: (f"the dike move left your ditches apart from the Dike Line: "
                             f"dig the free ditch {f.get('edge')}, or done.")),
    "cell": (lambda f: (f"Which cell does the {_tile(f)} leave?"
                        if f.get("gone") else
                        f"Where does the {_tile(f)} go?"),
             lambda f: (f"choose the cell (cell R,C: row from the sea, column) the "
                        f"{_tile(f)} "
                        + ("leaves." if f.get("gone") else "goes on."))),
    "dikes": (lambda f: "Place the moved dike",
              lambda f: (f"dike C1 C2: move the dike of column C1 to the free column C2 "
                         f"of the gap above ({f.get('n')} dike move(s) left).")),
    "shipwright": (lambda f: f"{_space(f.get('space'))}: build a ship",
                   lambda f: (f"{_space(f.get('space'))}: build a ship (or a peat boat) at "
                              "its cost, one of each kind offered, then done.")),
    "trades": (lambda f: "Send your trading ships",
               lambda f: ("Inventory: send each trading ship to India, England, Norway or "
                          "Finland to trade once, then done.")),
    "upgrade": (lambda f: "Choose a tile upgrade",
                lambda f: "Tile upgrade: flip a tile or vehicle to its better side, or done."),
    "wainwright": (lambda f: "Wainwright: a vehicle and/or a peat boat",
                   lambda f: "Wainwright: build a vehicle and/or a peat boat, then done."),
    "farmer": (lambda f: "Farmer: plow and fields",
               lambda f: "Farmer: build a plow and/or plow fields, then done."),
    "space_choice": (lambda f: f"{_space(f.get('space'))}: choose what to do",
                     lambda f: f"{_space(f.get('space'))}: choose what to do here, or done."),
    "animals_choice": (lambda f: "Choose your animals",
                       lambda f: f"Potter's Inn: choose {f.get('n')} animals in any mix."),
    "fields_to_forests": (lambda f: "Replace fields by forests",
                          lambda f: "Farmer's Inn: replace fields by forests."),
    "free_equipment": (lambda f: "Take free equipment",
                       lambda f: f"take a free {_kinds(f)}, or done."),
    "remove_moors": (lambda f: "Remove moors",
                     lambda f: "Peat Power Plant: remove moor tiles (2 Food each), or done."),
    "tt_building": (lambda f: _specialization_title(f) if f.get("building") == "specialization"
                    else _TT_CHOICE.get(str(f.get("building")), ("", ""))[0],
                    lambda f: _TT_CHOICE.get(str(f.get("building")), ("", ""))[1].format(
                        n=f.get("n"))),
    "smithy": (lambda f: "Smithy: exchange equipment for plows",
               lambda f: "Smithy: exchange equipment for plows, or done."),
    "sell": (lambda f: f"Travel to {_dest(f)}: sell goods",
             lambda f: f"at {_dest(f)}: sell goods, each item at most once, then done."),
}

#: Every ``Decision.kind``: the three outside any frame, then the engine's frame types.
KINDS: tuple[str, ...] = ("place", "end", "over", *_FRAMES)


def pending(s: State) -> Decision:
    """The decision the player to move faces in ``s`` (see :class:`Decision`)."""
    p = s.current_player
    if s.is_terminal() or p is None:
        return Decision(None, "over", "The game is over", "the game is over.", {})
    if not s.stack:
        # At rest between frames a player places (or skips) while the half year's
        # placements are not all made, and ends the work phase after: the condition of
        # the engine's legal actions there, without listing them (an evaluation reads
        # the decision of every position it judges).
        if s.turn < C.WORKERS_PER_PLAYER * s.n:
            placed = sum(1 for v in s.occupied.values() if v == p)
            so_far = (f" ({placed} of yours on the board so far)" if placed else "")
            return Decision(p, "place", "Place a worker",
                            f"place a worker on a free action space{so_far}.", {})
        return Decision(p, "end", "End your work phase",
                        "all workers are placed; take any last anytime actions, then "
                        "end your work phase.", {})
    f = s.stack[-1]
    t = f.KIND
    details = f.details()
    words = _FRAMES.get(t)
    if words is None:            # a frame type added to the engine without words yet
        return Decision(p, t, _name(t).capitalize(), f"decide ({t}).", details)
    return Decision(p, t, words[0](details), words[1](details), details)


link(pending=pending)
