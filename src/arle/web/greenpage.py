"""What the second game's web page draws, in words: card faces (name, cost, VP,
ability), the farm as a labelled grid, and every legal action of the decision on screen
with a label that says what it does and where it is clicked.

Everything here is built from one seat's :func:`arle.green.faces.seat_view` (its
observation, the redacted log) and the card set, which is public; nothing reads the
state's hidden parts, so the page can draw only what the seat may see.

>>> import arle.green, arle.green.faces
>>> s = arle.green.new_game(players=2, seed=3)
>>> m = page_model(s.cs, arle.green.faces.seat_view(s, s.current_player))
>>> m["choices"][0]["label"]
'Draw 4 from Fields, 1 from Livestock, 1 from Construction, none from Buildings'
>>> card_face(s.cs, "f01")["name"], card_face(s.cs, "f01")["ability"]
('Dry Plot', 'Harvest (pay 1 Water): +2 Food')
"""

from __future__ import annotations

from typing import Any

from arle.green.cards import PILES, CardSet
from arle.green.faces import KIND_NAME, cost_words, effect_words

__all__ = ["PILE_LABELS", "RESULT_ROWS", "action_label", "card_face", "farm_grid", "log_line",
           "page_model", "place_name", "prompt"]

#: The rows of the final scores (:data:`arle.green.SCORE_CATEGORIES`) in words.
RESULT_ROWS: tuple[tuple[str, str], ...] = (
    ("printed_vp", "VP printed on cards"), ("vp_tokens", "VP tokens"),
    ("equipment_game_end", "Equipment at game end"),
    ("equipment_set_aside", "Equipment set aside"), ("coins", "Coins (1 VP per 3)"),
    ("food", "Food (1 VP per 2)"), ("empty_towers", "Empty Water Towers"),
    ("location_game_end", "Game end abilities"))

#: A pile's name on the page (singular, plural).
PILE_LABELS: dict[str, tuple[str, str]] = {
    "field": ("Field", "Fields"), "livestock": ("Livestock", "Livestock"),
    "construction": ("Construction", "Construction"), "building": ("Building", "Buildings")}
_FRAME = {"immediate": "When built", "harvest": "Harvest", "game_end": "Game end",
          "ongoing": "Always", "none": ""}
_TIMING = {"always": "always", "placement": "when placed", "harvest": "at Harvest",
           "host_harvest": "when its card is harvested", "game_end": "at game end"}
Cell = tuple[int, int]


# -- card faces ----------------------------------------------------------------------
def _split_name(cid: str, name: str) -> str:
    code = cid.upper()
    return name[len(code):].strip() if name.upper().startswith(code + " ") else name


def card_face(cs: CardSet, cid: str) -> dict[str, Any]:
    """A card's face: ``id``, ``code`` (``F09``), ``name``, ``kind`` (a pile,
    ``tile``, ``tower`` or ``silo``), ``kind_label``, ``cost``, ``vp`` (None: none
    printed), ``tags``, ``ability`` (in words), ``text`` (all of it on one line)."""
    face: dict[str, Any]
    if cid in cs.designs:
        d = cs.designs[cid]
        effects = "; ".join(effect_words(e) for e in d.effect)
        if d.frame == "harvest":
            alts = " or ".join(cost_words(*c) for c in d.harvest_cost) or "free"
            ability = f"Harvest (pay {alts}): {effects}"
        elif effects:
            ability = f"{_FRAME.get(d.frame, d.frame)}: {effects}"
        else:
            ability = "No ability"
        face = {"id": cid, "code": cid.upper(), "name": _split_name(cid, d.name),
                "kind": d.pile, "kind_label": PILE_LABELS[d.pile][0],
                "cost": cost_words(d.coins, d.water, d.food), "vp": d.vp, "tags": list(d.tags),
                "ability": ability}
    elif cid in cs.tiles:
        t = cs.tiles[cid]
        kw = f" with {', '.join(t.keywords)}" if t.keywords else ""
        face = {"id": cid, "code": cid.upper(), "name": _split_name(cid, t.name),
                "kind": "tile", "kind_label": "Equipment",
                "cost": "", "vp": None, "tags": list(t.keywords),
                "ability": (f"On a {KIND_NAME.get(t.kind, t.kind)}{kw}, "
                            f"{_TIMING.get(t.timing, t.timing)}: "
                            + "; ".join(effect_words(e) for e in t.effect))}
    elif cid == "tower":
        face = {"id": cid, "code": "", "name": "Water Tower", "kind": "tower",
                "kind_label": "Water Tower", "cost": "2 coins", "vp": cs.tower_vp,
                "tags": [], "ability": "Holds Water for the cards in its range"}
    elif cid == "silo":
        face = {"id": cid, "code": "", "name": "Silo", "kind": "silo", "kind_label": "Silo",
                "cost": "free", "vp": cs.silo_vp, "tags": [],
                "ability": "Stores Food"}
    else:
        face = {"id": cid, "code": cid.upper(), "name": cid, "kind": "unknown",
                "kind_label": "", "cost": "", "vp": None, "tags": [], "ability": ""}
    bits = [str(face["name"]) if not face["code"] else f"{face['code']} {face['name']}"]
    if face["kind_label"] and face["kind_label"] != face["name"]:
        bits.append(face["kind_label"])
    if face["cost"]:
        bits.append(f"cost {face['cost']}")
    if face["vp"] is not None:
        bits.append(f"{face['vp']} VP")
    if face["ability"]:
        bits.append(str(face["ability"]))
    face["text"] = " · ".join(bits)
    return face


def _title(cs: CardSet, cid: str) -> str:
    f = card_face(cs, cid)
    return str(f["name"]) if not f["code"] else f"{f['code']} {f['name']}"


# -- the farm grid -------------------------------------------------------------------
def _cell(key: str) -> Cell:
    x, y = key.split(",")
    return int(x), int(y)


def _bounds(farm: list[dict[str, Any]]) -> tuple[int, int, int, int]:
    """The farm's cells and one empty ring around them (where a card can be built)."""
    cells = [_cell(str(e["cell"])) for e in farm] or [(0, 0)]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1


def place_name(cell: Cell, farm: list[dict[str, Any]]) -> str:
    """``row R, column C`` of a cell on the drawn grid of ``farm`` (1-based, the empty
    ring around the farm included, as the grid is labelled)."""
    x0, _, y0, _ = _bounds(farm)
    return f"row {cell[1] - y0 + 1}, column {cell[0] - x0 + 1}"


def farm_grid(cs: CardSet, farm: list[dict[str, Any]],
              moves: dict[str, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """The farm as ``rows`` (each ``{"label", "cells"}``) and ``columns`` (labels); a
    cell holds its ``entry`` (the farm entry with the card's ``face``) or None, and the
    ``moves`` clicked on it."""
    moves = moves or {}
    x0, x1, y0, y1 = _bounds(farm)
    for key in moves:          # every choice lands on the grid (the ring holds them all)
        x, y = _cell(key)
        x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
    by = {str(e["cell"]): e for e in farm}
    rows = []
    for y in range(y0, y1 + 1):
        cells = []
        for x in range(x0, x1 + 1):
            key = f"{x},{y}"
            e = by.get(key)
            entry = None
            if e is not None:
                entry = dict(e)
                entry["face"] = card_face(cs, str(e["card"]))
                entry["tile_faces"] = [card_face(cs, t) for t in e.get("tiles", [])]
            cells.append({"key": key, "entry": entry, "moves": moves.get(key, [])})
        rows.append({"label": str(y - y0 + 1), "cells": cells})
    return {"rows": rows, "columns": [str(i + 1) for i in range(x1 - x0 + 1)]}


# -- the choices in words ------------------------------------------------------------
def _mod(cs: CardSet, farm: list[dict[str, Any]], what: str) -> int:
    n = 0
    for e in farm:
        if not e.get("face_up"):
            continue
        cid = str(e["card"])
        if cid in cs.designs and cs.designs[cid].frame == "ongoing":
            n += sum(int(x["n"]) for x in cs.designs[cid].effect
                     if x["op"] == "modify" and x["what"] == what)
        for t in e.get("tiles", []):
            tile = cs.tiles.get(t)
            if tile is not None and tile.timing == "always":
                n += sum(int(x["n"]) for x in tile.effect
                         if x["op"] == "modify" and x["what"] == what)
    return n


def _counts(words: list[str]) -> str:
    out = []
    for pile, n in zip(PILES, words):
        plural = PILE_LABELS[pile][1]
        out.append(f"{n} from {plural}" if n != "0" else f"none from {plural}")
    return ", ".join(out)


def _where_card(cs: CardSet, farm: list[dict[str, Any]], key: str) -> str:
    e = next((e for e in farm if e["cell"] == key), None)
    what = _title(cs, str(e["card"])) if e is not None else "the card"
    return f"{what} at {place_name(_cell(key), farm)}"


def _towers(farm: list[dict[str, Any]], args: list[str], verb: str) -> str:
    parts = []
    for a in args:
        key, _, n = a.partition(":")
        parts.append(f"{n} {verb} the Water Tower at {place_name(_cell(key), farm)}")
    return " and ".join(parts)


def action_label(cs: CardSet, obs: dict[str, Any], action: str) -> tuple[str, str, str]:
    """``(label, target, short)`` of a legal action of the seat to move: what it does in
    words; where it is clicked (``cell:X,Y`` on the seat's farm, ``card:ID`` a card
    shown in the hand, market or drawn tiles, ``panel`` the decision panel); the short
    text of its button there."""
    me = obs["seats"][obs["seat"]]
    farm: list[dict[str, Any]] = me["farm"]
    dec = obs.get("decision") or {}
    words = action.split()
    planned = bool(words) and words[0] == "plan"
    if planned:
        words = words[1:]
    verb, args = (words[0], words[1:]) if words else ("", [])
    card = str(me.get("card") or (dec.get("details") or {}).get("card") or "")
    pre = "Plan: " if planned else ""
    if verb == "draw" and len(args) == 4:
        return f"Draw {_counts(args)}", "panel", "Draw"
    if verb in ("pick", "take") and args:
        name = _title(cs, args[0])
        return f"{verb.capitalize()} {name}", f"card:{args[0]}", verb.capitalize()
    if verb in ("build", "tower", "silo", "restore") and len(args) == 2:
        where = place_name((int(args[0]), int(args[1])), farm)
        key = f"{int(args[0])},{int(args[1])}"
        if verb == "build":
            text, short = f"Build {_title(cs, card)} at {where}", "Build here"
        elif verb == "tower":
            text, short = f"Build a Water Tower at {where} (2 coins)", "Water Tower"
        elif verb == "silo":
            text, short = f"Build a Silo at {where}", "Silo"
        else:
            cost = max(0, 1 + _mod(cs, farm, "restore_cost"))
            text = f"Restore the Open Area at {where} ({cost} coin{'s' if cost != 1 else ''})"
            short = "Restore"
        return pre + text, f"cell:{key}", short
    if verb == "market" and args:
        k = int(args[0])
        coins = 2 + 2 * k + _mod(cs, farm, "market_coins")
        food = "no Food" if k == 0 else f"{k} Food"
        what = _title(cs, card) if card else "the card"
        return (pre + f"Market: sell {what} with {food} for {coins} coins", "panel",
                f"Sell with {food}")
    if verb == "pay" and args:
        return f"Pay {_towers(farm, args, 'Water from')}", "panel", "Pay"
    if verb == "store" and args:
        return f"Put {_towers(farm, args, 'Water on')}", "panel", "Store"
    if verb == "keep" and args:
        return f"Keep {_title(cs, args[0])}", f"card:{args[0]}", "Keep"
    tile = str((dec.get("details") or {}).get("e") or "")
    if verb == "tile" and len(args) == 2:
        key = f"{int(args[0])},{int(args[1])}"
        return (f"Put {_title(cs, tile)} on {_where_card(cs, farm, key)}", f"cell:{key}",
                f"Put {tile.upper()} here")
    if verb == "aside":
        return (f"Set {_title(cs, tile)} aside (1 VP at the end, or added to a card you "
                "build later)", "panel", "Set aside")
    if verb == "attach" and args:
        return f"Add {_title(cs, args[0])} to the card just built", f"card:{args[0]}", "Add"
    if verb == "done":
        return "Done (keep the rest set aside)", "panel", "Done"
    if verb in ("harvest", "flip", "use") and len(args) >= 2:
        key = f"{int(args[0])},{int(args[1])}"
        where = _where_card(cs, farm, key)
        e = next((e for e in farm if e["cell"] == key), None)
        design = cs.designs.get(str(e["card"])) if e is not None else None
        if verb == "flip":
            return (f"Turn {where} face down (an Open Area) instead of paying",
                    f"cell:{key}", "Flip")
        if verb == "use" and len(args) == 3:
            return (f"Use {_title(cs, args[2])} on {where}", f"cell:{key}",
                    f"Use {args[2].upper()}")
        alt = int(args[2]) if len(args) == 3 and args[2].isdigit() else 1
        pay = ""
        if design is not None and 0 < alt <= len(design.harvest_cost):
            pay = f" (pay {cost_words(*design.harvest_cost[alt - 1])})"
        return f"Harvest {where}{pay}", f"cell:{key}", f"Harvest{pay}"
    return action, "panel", action


# -- the log -------------------------------------------------------------------------
def log_line(cs: CardSet, line: str) -> str:
    """A move of the (redacted) log in words, without the grid places (they move as
    a farm grows)."""
    words = line.split()
    if not words:
        return line
    planned = words[0] == "plan" and len(words) > 1
    if planned:
        words = words[1:]
    verb, args = words[0], words[1:]

    def name(cid: str) -> str:
        return _title(cs, cid) if cid in cs.designs or cid in cs.tiles else cid.upper()

    pre = "planned: " if planned else ""
    if args == ["?"]:
        return {"pick": "picked a card (hidden)", "keep": "kept an Equipment tile (hidden)",
                "plan": "planned an action (hidden)"}.get(verb, line)
    if verb == "draw" and len(args) == 4:
        return f"drew {_counts(args)}"
    if verb in ("pick", "take", "keep") and args:
        return {"pick": "picked", "take": "took", "keep": "kept"}[verb] + " " + name(args[0])
    done = {"build": "built the card", "tower": "built a Water Tower", "silo": "built a Silo",
            "restore": "restored an Open Area", "flip": "turned a card into an Open Area",
            "harvest": "harvested a card", "pay": "paid Water", "store": "stored Water",
            "aside": "set Equipment aside", "done": "finished adding Equipment",
            "tile": "placed Equipment"}
    if verb == "market" and args:
        return pre + f"sold at the market with {args[0]} Food"
    if verb == "attach" and args:
        return f"added {name(args[0])} to the card just built"
    if verb == "use" and len(args) == 3:
        return f"used {name(args[2])}"
    return pre + done.get(verb, line)


def prompt(cs: CardSet, obs: dict[str, Any]) -> str:
    """What the seat to move is asked, in a sentence (the decision's title heads it)."""
    dec = obs.get("decision") or {}
    kind = dec.get("kind")
    details = dec.get("details") or {}
    me = obs["seats"][obs["seat"]]
    card = str(me.get("card") or details.get("card") or "")
    if kind == "declare":
        return "How many cards from each pile? Then press Draw."
    if kind == "take":
        return "Press Take on a card of the market."
    if kind == "pick":
        return ("Press Pick on a card of your hand: the others see it when everyone has "
                "picked; the rest of your hand passes on.")
    if kind in ("act", "plan"):
        what = _title(cs, card) if card else "your card"
        return (f"Build {what}, a Water Tower or a Silo on a marked space of your farm, "
                "restore an Open Area, or sell the card at the market.")
    if kind == "paywater":
        where = str(details.get("cell", ""))
        at = f" for {_where_card(cs, me['farm'], where)}" if where else ""
        return f"Pay {details.get('n', '')} Water{at}: choose the towers it comes from."
    if kind == "store":
        return "Choose the Water Towers the Water goes on."
    if kind == "keep":
        return "Press Keep on the tile you keep; the others go under the Equipment stack."
    if kind == "tile":
        tile = str(details.get("e", ""))
        return (f"Put {_title(cs, tile)} on a marked card of your farm, or set it aside."
                if tile else "Place the Equipment tile.")
    if kind == "attach":
        return "Add a set-aside tile to the card just built, or press Done."
    if kind == "harvest":
        return ("Harvest: pay for a card's ability, or turn it into an Open Area, one "
                "card at a time in any order.")
    return ""


def _log(cs: CardSet, lines: list[str], actors: list[int | None]) -> list[dict[str, Any]]:
    """The log in words with who moved; a card taken face up is named again when its
    taker builds it or sells it."""
    out = []
    taken: dict[int, str] = {}
    for i, line in enumerate(lines):
        who = actors[i] if i < len(actors) else None
        text = log_line(cs, line)
        verb, _, rest = line.partition(" ")
        if who is not None:
            if verb == "take" and rest in cs.designs:
                taken[who] = rest
            elif verb in ("build", "market") and who in taken:
                name = _title(cs, taken.pop(who))
                text = (text.replace("built the card", f"built {name}") if verb == "build"
                        else text.replace("sold at the market", f"sold {name} at the market"))
            elif verb in ("tower", "silo", "restore"):
                taken.pop(who, None)
        out.append({"who": who, "text": text})
    return out


# -- the whole page ------------------------------------------------------------------
def page_model(cs: CardSet, view: dict[str, Any], actors: list[int | None] | None = None,
               interactive: bool = True) -> dict[str, Any]:
    """What the page draws of ``view`` (a :func:`seat_view`): ``choices`` (each
    ``{"action", "label", "target", "short"}``), ``declare`` (the draw picker:
    ``{"piles", "legal"}``, when declaring), the card faces of the ``hand``, the
    ``market``, the drawn ``keep`` tiles, the ``aside`` tiles (targets of their
    choices), each seat's ``farms`` (grids; the mover's with its cell moves), ``log``
    (``{"who", "text"}``, newest last; ``actors``: the seat of each log line, None
    where unknown).  Not ``interactive`` (a replay): no choices."""
    obs = view["obs"]
    seat = obs.get("seat")
    legal = [str(a) for a in obs.get("legal_actions", [])] \
        if seat is not None and interactive else []
    choices = []
    for a in legal:
        label, target, short = action_label(cs, obs, a)
        choices.append({"action": a, "label": label, "target": target, "short": short})
    by_card: dict[str, list[dict[str, Any]]] = {}
    by_cell: dict[str, list[dict[str, Any]]] = {}
    for c in choices:
        kind, _, what = c["target"].partition(":")
        if kind == "card":
            by_card.setdefault(what, []).append(c)
        elif kind == "cell":
            by_cell.setdefault(what, []).append(c)
    dec = obs.get("decision") or {}
    declare: dict[str, Any] | None = None
    if dec.get("kind") == "declare" and legal:
        combos = [[int(n) for n in a.split()[1:]] for a in legal if a.startswith("draw ")]
        start = next((c for c in combos if c == [2, 2, 1, 1]), combos[0] if combos else None)
        declare = {"piles": [{"id": p, "label": PILE_LABELS[p][1],
                              "left": obs["piles"].get(p, 0)} for p in PILES],
                   "legal": combos, "start": start,
                   "start_label": "Draw " + _counts([str(n) for n in start]) if start else ""}

    def faces(ids: list[str]) -> list[dict[str, Any]]:
        return [dict(card_face(cs, i), moves=by_card.get(i, [])) for i in ids]

    me = obs["seats"][seat] if seat is not None else None
    farms = []
    for q, st in enumerate(obs["seats"]):
        moves = by_cell if q == seat else {}
        farms.append(farm_grid(cs, st["farm"], moves))
    keep_tiles = [str(t) for t in (dec.get("details") or {}).get("tiles", [])] \
        if dec.get("kind") == "keep" else []
    return {
        "choices": choices,
        "panel": [c for c in choices if c["target"] == "panel" and dec.get("kind") != "declare"],
        "on_board": [c for c in choices if c["target"] != "panel"],
        "declare": declare,
        "hand": faces([str(c) for c in obs.get("hand", [])]),
        "market": faces([str(c) for c in obs.get("market", [])]),
        "keep": faces(keep_tiles),
        "placing": (card_face(cs, str(dec["details"]["e"]))
                    if dec.get("kind") == "tile" and (dec.get("details") or {}).get("e")
                    and seat is not None and interactive else None),
        "aside": faces([str(t) for t in me["aside"]]) if me is not None else [],
        "pick": card_face(cs, str(obs["pick"])) if obs.get("pick") else None,
        "acting": [card_face(cs, str(st["card"])) if st.get("card") else None
                   for st in obs["seats"]],
        "discard": [card_face(cs, str(c)) for c in obs.get("discard", [])],
        "eq_discarded": [card_face(cs, str(c)) for c in obs.get("equipment_discarded", [])],
        "farms": farms,
        "log": _log(cs, [str(x) for x in view.get("log", [])], actors or []),
        "pile_labels": {p: PILE_LABELS[p][1] for p in PILES},
    }
