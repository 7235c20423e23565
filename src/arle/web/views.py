"""The game view: the HTML fragment of a position as one viewer sees it.

The fragment (rendered by ``templates/view.html``) holds the pictures (:mod:`arle.web.svg`), the pending decision as a small
dialog, the searchable list of every legal action, the undo button, the log, the live
score estimate and, at the end, the scoring pad and the winner.  A viewer who holds the
seat to move gets clickable pictures; everybody else sees the same position without them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from arle import ANYTIME_VERBS as _ANYTIME_VERBS
from arle import view as arle_view
from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data.tea_trade import TT_BUILDING_NAME, TT_BUILDING_VP
from arle.decision import Decision
from arle.scoring import CATEGORIES, CATEGORY_NAMES, TT_CATEGORY_NAMES
from arle.state import State
from arle.web import svg
from arle.web.breakdown import benchmark_text, breakdown
from arle.web.db import EventRow, MoveRow, SeatRow
from arle.web.templating import environment, svg_markup

__all__ = ["action_label", "clickable", "decision_title", "render_view", "fmt_vp",
           "ANYTIME_VERBS", "FREE_KINDS", "cost_note",
           "decision_text", "half_label", "last_half_year"]

ANYTIME_VERBS = _ANYTIME_VERBS   # the engine's one registry, re-exported here
SEASON = ("Summer", "Winter")


# Building names, VP and colours in every game, Tea & Trade's tiles included.
_BNAME = {**C.BUILDING_NAME, **TT_BUILDING_NAME}
_BVP = {**C.BUILDING_VP, **TT_BUILDING_VP}


_TT_SHIP = {k: n.lower() for k, n in TT.SHIP_NAME.items()}
#: Tea & Trade: what a placement's tea use does (``place SPACE tea|eftea|twice``).
_TEA_USE = {"tea": ", its tool action 1 space better",
            "eftea": ", its tool action 2 spaces better (the Ovens 1)",
            "twice": ", carrying the action out twice"}
_TEA_COST = {"tea": "1 tea", "eftea": "1 east frisian tea", "twice": "2 east frisian tea"}


def fmt_vp(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:.1f}"


def _name(x: str) -> str:
    return x.replace("_", " ")


def _space(sp: str) -> str:
    return svg.space_name(sp)


def _building(b: str) -> str:
    return _BNAME.get(b, _name(b))


def _counts(args: Sequence[str], names: Sequence[str]) -> str:
    parts = [f"{n} {name}" for n, name in zip(args, names) if n != "0"]
    return ", ".join(parts) or "nothing"


def _payment(args: Sequence[str]) -> str:
    return ", ".join(f"{n} {_name(k)}" for k, _, n in (a.partition(":") for a in args)) \
        or "nothing"


def _one(item: str) -> str:
    """One animal or good, in words: "a sheep", "a horse", "1 cattle"."""
    if item in ("sheep", "horse"):
        return f"a {item}"
    return f"1 {_name(item)}"


def _goods(cost: dict[int, int]) -> str:
    return " + ".join(f"{n} {_name(TT.TT_RESOURCES[r])}" for r, n in cost.items())


def cost_note(a: Action) -> str:
    """What an action costs (and, for what one builds, the VP it is worth), as
    ``" (...)"`` to follow its label; ``""`` when it costs nothing."""
    v, args = a.verb, a.args
    arg0 = args[0] if args else ""
    parts: list[str] = []
    if v == "build" and arg0 in _BVP:
        parts = [svg.building_cost_text(arg0), f"{_BVP.get(arg0, 0)} VP"]
    elif v in ("vehicle", "peat_boat"):
        kind = arg0 if v == "vehicle" else "peat_boat"
        if kind in C.EQUIPMENT_COST:
            wood, horses = C.EQUIPMENT_COST[kind]
            parts = [" + ".join(x for x in (f"{wood} wood" if wood else "",
                                            f"{horses} horse{'s' if horses != 1 else ''}"
                                            if horses else "") if x),
                     f"{C.EQUIPMENT_VP.get(kind, 0)} VP"]
    elif v == "plow":
        parts = [f"{_goods(dict(C.PLOW_COST))} + give back 1 {_name(arg0)}",
                 f"{C.EQUIPMENT_VP['plow']} VP"]
    elif v == "tool" and arg0 in C.TOOLS:
        r, n = C.TOOL_STEP_COST[C.TOOLS.index(arg0)]
        parts = [f"{n} {_name(C.RESOURCES[r])}"]
    elif v == "tool" and arg0 == TT.DIGGING_SPADES:
        parts = [_goods(dict(TT.DIGGING_SPADE_STEP_COST))]
    elif v == "ship" and arg0 in TT.SHIPS:
        parts = [_goods(dict(TT.SHIPS[arg0].cost)), f"{TT.SHIPS[arg0].vp} VP"]
    elif v == "place" and len(args) == 2 and args[1] in _TEA_COST:
        parts = [_TEA_COST[args[1]]]
    elif v == "stall":
        parts = [_goods(dict(C.STALL_COST))]
    elif v == "stable":
        parts = [_goods(dict(C.STABLE_COST))]
    elif v == "place" and arg0 in C.SPACE_COST:
        parts = [" or ".join(_goods(dict(c)) for c in C.SPACE_COST[arg0])]
    elif v == "load" and len(args) == 3 and args[2] in C.LOAD_COST:
        paid = _goods(dict(C.LOAD_COST[args[2]]))
        parts = [f"pay {paid}"] if paid else []
    elif v == "use" and arg0 in C.DARK_GREEN_COST:
        parts = [f"pay {_goods(dict(C.DARK_GREEN_COST[arg0]))}"]
    parts = [x for x in parts if x]
    return f" ({'; '.join(parts)})" if parts else ""


def log_words(before: State, action: Action) -> str:
    """A move in the game log (:func:`arle.presenter.play_logged`'s ``words``): the
    action's label with its cost, after the decision's title when the label does not
    already say it (``"Place a worker on Fisherman"``)."""
    label = action_label(action, before)
    title = before.pending().title
    if not title or label.lower().startswith(title.lower()):
        return label
    return f"{title}: {label}"


def action_label(a: Action, s: State | None = None) -> str:
    """A short English description of an action, with its cost (the notation stays
    the reference)."""
    return _label(a, s) + cost_note(a)


def _label(a: Action, s: State | None = None) -> str:
    v, args = a.verb, a.args
    arg0 = args[0] if args else ""
    if v == "place":
        use = args[1] if len(args) > 1 else ""
        return f"Place a worker on {_space(arg0)}" + _TEA_USE.get(use, "")
    if v == "dig":
        return f"Dig a ditch at {arg0}"
    if v == "cell":
        r, _, c = arg0.partition(",")
        return f"On the cell in row {r}, column {c}"
    if v == "dike" and len(args) == 2:
        return (f"Move the dike of column {arg0} to column {args[1]} of the gap above")
    if v == "ship":
        return f"Build a {_TT_SHIP.get(arg0, _name(arg0))}"
    if v == "trade" and len(args) >= 2:
        where = TT.TRADE_NAME.get(args[1], args[1].capitalize())
        paid = f", paying {_name(args[2])}" if len(args) > 2 else ""
        return f"Send ship h{arg0} to trade with {where}{paid}"
    if v == "again":
        return ("Skip the second time (its cost cannot be paid)" if arg0 == "unpaid"
                else "Carry the action out a second time")
    if v == "skip":
        return "Pass: use no action space with this worker"
    if v == "end":
        return "End your work phase"
    if v == "done":
        return "Done"
    if v == "finish":
        return "Finish the game"
    if v == "build":
        return f"Build {_building(arg0)}"
    if v == "load" and len(args) == 3 and arg0.startswith("h"):
        kind = ""
        if s is not None and s.current_player is not None:
            ships = s.players[s.current_player].harbor
            i = int(arg0[1:]) if arg0[1:].isdigit() else -1
            kind = _TT_SHIP.get(ships[i][0], "") if 0 <= i < len(ships) else ""
        return (f"Load {_name(args[2])} on the {kind or 'ship'} (h{arg0[1:]}), "
                f"space {int(args[1]) + 1}")
    if v == "load" and len(args) == 3:
        kind = ""
        if s is not None and s.current_player is not None:
            barn = s.players[s.current_player].barn
            i = int(args[0]) if args[0].isdigit() else -1
            kind = _name(barn[i][0]) if 0 <= i < len(barn) else ""
        item = args[2]
        what = f"travel to {item.capitalize()}" if item in C.DESTINATION_SIZE else f"load {item}"
        return f"{what.capitalize()} on the {kind or 'vehicle'}, cell {int(args[1]) + 1}"
    if v == "use":
        return f"Use {_building(arg0)}"
    if v == "house":
        return f"Use {_building(arg0)}"
    if v == "boat":
        return f"Peat boat: 1 peat for 1 {arg0}"
    if v == "release":
        return f"Give back {_one(arg0)}"
    if v == "return":
        kind = arg0.partition('@')[0]
        return f"Return the {_TT_SHIP.get(kind, _name(kind))} to the supply"
    if v == "take":
        if len(args) == 3:
            return "Take " + _counts(args, ("sheep", "cattle", "horses"))
        if arg0 == "none":
            return "Take nothing"
        items = [x for arg in args for x in arg.split("+")]
        takes = [_one(x) if x in C.ANIMALS or x == "horse" else _name(x)
                 for x in items if x != "dehydrate"]
        text = "Take " + " and ".join(takes) if takes else ""
        if "dehydrate" in items:
            text += " and dehydrate a moor" if text else "Dehydrate a moor"
        return text
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
        return f"Advance your {_name(arg0)}"
    if v == "field":
        return f"Place a {arg0} field"
    if v in ("forest", "stall", "stable"):
        return f"Place a {v}"
    if v == "wood":
        return "Take 4 wood"
    if v == "vehicle":
        return f"Build a {_name(arg0)}"
    if v == "peat_boat":
        return "Build a peat boat"
    if v == "plow":
        return "Build a plow"
    if v == "imitate":
        return f"Copy {_space(arg0)}"
    if v == "specialize":
        tool = TT.TT_TOOL_INDEX.get(arg0)
        if tool is not None:
            res, k = TT.TT_TOOL_STEP_COST[tool]
            return (f"Specialize: one free step on your {_name(arg0)} (each other player "
                    f"gets {k} {_name(TT.TT_RESOURCES[res])})")
        return f"Specialize: build {_building(arg0)} at double cost (2 building " \
               "materials, 2 grain)"
    if v == "discard" and len(args) == 2 and arg0.startswith("grain:"):
        g, f = arg0.partition(":")[2], args[1].partition(":")[2]
        return f"Discard {g} grain and {f} flax fields for food"
    if v == "upgrade":
        kind = arg0.partition('@')[0]
        return f"Upgrade a {_TT_SHIP.get(kind, _name(kind))}"
    if v == "sell":
        item, _, choice = arg0.partition(":")
        return f"Sell {_name(item)}" + (f" ({_name(choice)})" if choice else "")
    if v == "exchange":
        return f"Exchange a {_name(arg0)} for a plow"
    if v == "replace":
        return f"Replace {arg0} grain and {args[1] if len(args) > 1 else 0} flax fields " \
               "by forests"
    if v == "remove":
        return f"Remove a {_name(arg0)} (2 food)"
    return str(a)


def decision_title(s: State) -> str:
    """What the pending decision asks, as a heading (see :mod:`arle.decision`)."""
    return s.pending().title


# ---------------------------------------------------------------------------
# Which picture stands for which action
# ---------------------------------------------------------------------------
def _cells_of(s: State, p: int, tile: str) -> list[int]:
    return [i for i, t in enumerate(s.players[p].grid) if t == tile]


def _cell_index(rc: str) -> int | None:
    """The cell number of ``R,C`` (``cell R,C``), or None."""
    r, _, c = rc.partition(",")
    if not (r.strip().isdigit() and c.strip().isdigit()):
        return None
    row, col = int(r), int(c)
    if not (0 <= row < C.ROWS and 0 <= col < C.COLS):
        return None
    return row * C.COLS + col


def clickable(s: State, legal: Iterable[Action]) -> svg.Clickable:
    """Element keys (see :mod:`arle.web.svg`) -> the legal actions each one stands for."""
    out: svg.Clickable = {}
    p = s.current_player
    if p is None:
        return out
    pl = s.players[p]
    first_land = C.first_land_row(pl.dikes) * 3
    empty_land = [i for i in range(first_land, 21) if pl.grid[i] == ""]

    def add(key: str, a: Action) -> None:
        out.setdefault(key, []).append(str(a))

    for a in legal:
        v, args = a.verb, a.args
        arg0 = args[0] if args else ""
        if v == "place":
            add(f"space:{arg0}", a)
        elif v == "imitate":
            add(f"space:{arg0}", a)
        elif v == "build":
            add(f"building:{arg0}", a)
        elif v == "load" and args and arg0.startswith("h"):
            add(f"ship:{p}:{arg0[1:]}", a)      # Tea & Trade: a ship of the harbor
        elif v == "load" and args:
            add(f"barn:{p}:{arg0}", a)
        elif v in ("return", "upgrade") and "@h" in arg0:
            add(f"ship:{p}:{arg0.partition('@h')[2]}", a)
        elif v in ("return", "upgrade") and "@" in arg0:
            add(f"barn:{p}:{arg0.partition('@')[2]}", a)
        elif v == "trade" and args:
            add(f"ship:{p}:{arg0}", a)
        elif v == "dig" and args:
            add(svg.edge_key(p, arg0), a)
        elif v == "cell" and args:
            at = _cell_index(arg0)
            if at is not None:
                add(f"cell:{p}:{at}", a)
        elif v == "upgrade" and arg0 in ("forest", "stall", "stable", "moor"):
            cells = _cells_of(s, p, arg0)
            if cells:
                add(f"cell:{p}:{cells[0]}", a)
        elif v in ("use", "house"):
            for c in _cells_of(s, p, "b:" + arg0):
                add(f"cell:{p}:{c}", a)
        elif v == "boat":
            add(f"good:{p}:{arg0}", a)
        elif v == "release":
            add(f"animal:{p}:{arg0}", a)
        elif v == "cut" and args:
            if arg0 == "bw":
                cells = _cells_of(s, p, "boardwalk")
            elif arg0[1:].isdigit():
                col = int(arg0[1:])
                cells = [i for i in range(col, 21, 3) if pl.grid[i] == "dmoor"][:1]
            else:
                cells = []
            for c in cells:
                add(f"cell:{p}:{c}", a)
        elif v == "tool":
            add(f"tool:{p}:{arg0}", a)
        elif v in ("field", "forest", "stall"):
            for c in empty_land:
                add(f"cell:{p}:{c}", a)
        elif v == "stable":
            for c in _cells_of(s, p, "stall")[:1]:
                add(f"cell:{p}:{c}", a)
    return out


# ---------------------------------------------------------------------------
# The fragment: its facts, rendered by templates/view.html
# ---------------------------------------------------------------------------
#: Decision kinds with no engine frame open (see :mod:`arle.decision`).
FREE_KINDS = frozenset({"place", "end", "over"})


def _button(a: Action, s: State) -> dict[str, str]:
    return {"text": str(a), "label": action_label(a, s)}


def _decision_dialog(s: State, d: Decision, legal: list[Action]) -> dict[str, Any]:
    own = [a for a in legal if a.verb not in ANYTIME_VERBS]
    if d.kind == "house":
        own = [a for a in legal if a.verb == "release"] or own
    if not own:
        own = legal
    return {"title": d.title, "choices": [_button(a, s) for a in own],
            "more": len(own) < len(legal)}


def _log(moves: Sequence[MoveRow], seats: Sequence[SeatRow],
         events: Sequence[EventRow] = ()) -> list[dict[str, Any]]:
    """The log's lines: every move, and after the move it followed each event (an undo,
    a hint) that happened with that many moves on the board."""
    after: dict[int, list[EventRow]] = {}
    for e in events:
        after.setdefault(min(e.ply, len(moves)), []).append(e)
    rows: list[dict[str, Any]] = []

    def add_events(k: int) -> None:
        for e in after.get(k, ()):
            rows.append({"event": e.kind, "player": e.player, "who": f"P{e.player + 1}",
                         "text": e.text})
    add_events(0)
    for m in moves:
        who = f"P{m.player + 1}"
        if seats[m.player].kind == "bot":
            who += " (bot)"
        rows.append({"ply": m.ply, "player": m.player, "who": who, "action": m.action})
        add_events(m.ply)
    return rows


def _notice(events: Sequence[EventRow], version: int, held: set[int]) -> str | None:
    """The other player's undo, told to the people who did not make it, until the
    next change."""
    if events and events[-1].kind == "undo" and events[-1].version == version \
            and events[-1].player not in held:
        return events[-1].text + "."
    return None


_CATEGORY_NAMES = {**CATEGORY_NAMES, **TT_CATEGORY_NAMES}


def _categories(sheets: Sequence[Any]) -> list[str]:
    """The score categories, in the sheets' order (Tea & Trade adds Tea, ships and the
    Digging Spades after the base game's eight)."""
    out = list(CATEGORIES)
    for sh in sheets:
        out += [c for c in sh.categories if c not in out]
    return out


def _scores(s: State, final: bool) -> dict[str, Any]:
    sheets = s.scores()
    return {
        "final": final, "players": s.n,
        "title": "Scoring pad" if final else "Score estimate (if the game ended now)",
        "rows": [(_CATEGORY_NAMES.get(cat, _name(cat)),
                  [fmt_vp(sh.categories.get(cat, 0)) for sh in sheets])
                 for cat in _categories(sheets)],
        "totals": [fmt_vp(sh.total) for sh in sheets],
    }


def _status(s: State, d: Decision, seats: Sequence[SeatRow], held: set[int]) -> dict[str, Any]:
    if s.is_terminal():
        w = s.winner()
        sheets = s.scores()
        if s.n == 1:
            return {"kind": "solo_over", "vp": fmt_vp(sheets[0].total)}
        return {"kind": "over", "player": w or 0, "vp": fmt_vp(sheets[w or 0].total)}
    p = s.current_player
    assert p is not None
    who = f"Player {p + 1}" + (f" (bot {seats[p].bot})" if seats[p].kind == "bot" else "")
    what = d.title
    what += "" if what.endswith(("?", ".")) else "."
    return {"kind": "yours" if p in held else "waiting", "player": p, "who": who,
            "what": what, "thinking": seats[p].kind == "bot"}


def _presence(s: State, seats: Sequence[SeatRow], held: set[int],
              online: set[int] | None) -> list[dict[str, Any]]:
    """Whether the other people of the game are here: invited (not joined yet), online
    (a page of theirs is open) or away."""
    if online is None or s.is_terminal():
        return []
    out = []
    for q, seat in enumerate(seats):
        if seat.kind != "human" or q in held:
            continue
        if q in online:
            state, text = "online", "online"
        elif seat.joined:
            state, text = "away", "joined, not here now"
        else:
            state, text = "invited", "invited, has not joined yet"
        out.append({"seat": q, "state": state, "text": text})
    return out


#: The game's last half year (one source: :func:`arle.view.last_half_year`).
last_half_year = arle_view.last_half_year


def half_label(s: State) -> str:
    """The heading: the half year and its season, or the inventory that ends it (and,
    before the first half year of a 3-player game, the specialization round)."""
    last = last_half_year(s)
    d = s.pending()
    if d.kind == "tt_building" and d.details.get("building") == "specialization":
        return f"Before half year 1 of {last}: the specialization round"
    if s.phase == "inventory":
        what = "November inventory" if s.season == 0 else "May inventory"
        return f"Half year {s.half_year} of {last}: {SEASON[s.season]}, the {what}"
    return f"Half year {s.half_year} of {last}: {SEASON[s.season]}"


def decision_text(s: State, d: Decision) -> str:
    """The pending decision in one sentence (``State.pending().text``, but for the
    placement, which the web words itself)."""
    if d.kind == "place" and d.player is not None:
        placed = sum(1 for v in s.occupied.values() if v == d.player)
        return ("place a worker on a free action space" +
                (f" ({placed} of yours placed already)." if placed else "."))
    return d.text


def _final(s: State) -> dict[str, Any] | None:
    """At the end: every player's score item by item, and the solo benchmark."""
    if not s.is_terminal():
        return None
    return {"sheets": [breakdown(s, q) for q in range(s.n)],
            "benchmark": benchmark_text(s.scores()[0].total) if s.n == 1 else None}


def _own_seat(s: State, seats: Sequence[SeatRow], held: set[int]) -> int:
    """The farm shown beside the action board: the viewer's own (the one to move when
    the viewer holds several), else the one to move (spectators), else Player 1."""
    p = s.current_player
    if p is not None and (p in held or not held):
        return p
    return min(held) if held else 0


def _tab_title(s: State, d: Decision, held: set[int], mine: bool) -> str:
    """What the browser tab says: the viewer's turn first, so that it shows in a
    background tab."""
    if s.is_terminal():
        return "Game over"
    if mine:
        return f"Your turn: {d.title}"
    return f"Waiting for Player {(s.current_player or 0) + 1}"


def render_view(s: State, moves: Sequence[MoveRow], seats: Sequence[SeatRow],
                held: set[int], version: int, *, can_undo: bool = False,
                bot_error: str | None = None, interactive: bool = True,
                events: Sequence[EventRow] = (), hints: bool = True,
                online: set[int] | None = None,
                bot_fix: dict[str, Any] | None = None,
                rematch: str | None = None) -> str:
    """The inner HTML of the game view for a viewer holding the ``held`` seats;
    ``bot_fix`` (the owner's, while a bot failed): the form that retries or replaces
    it, ``{"action": URL, "seats": [...], "bots": [...]}``; ``rematch`` (the owner's):
    where the Rematch button posts once the game is over."""
    p = s.current_player
    d = s.pending()
    in_frame = d.kind not in FREE_KINDS
    mine = interactive and p is not None and p in held and seats[p].kind == "human"
    legal = s.legal_actions() if mine else []
    clicks = clickable(s, legal) if mine else {}
    futile = (arle_view.futile_placements(s) if mine and any(a.verb == "place" for a in legal)
              else frozenset())
    boards = [svg.action_board(s, clicks, futile)]
    if s.n > 1:
        boards.append(svg.special_board(s, clicks, futile))
    boards.append(svg.buildings_board(s, clicks))
    boards.append(svg.supply_board(s))
    totals = [fmt_vp(sc.total) for sc in s.scores()]
    own = _own_seat(s, seats, held)
    players = []
    for q in range(s.n):
        label = f"Player {q + 1}"
        if seats[q].kind == "bot":
            label += f" (bot {seats[q].bot})"
        elif q in held:
            label += " (you)"
        players.append({
            "index": q, "label": label, "vp": totals[q], "own": q == own,
            "home": svg_markup(svg.home_board(s, q, clicks)),
            "goods": svg_markup(svg.goods_panel(s, q, clicks)),
            "tools": svg_markup(svg.tools_panel(s, q, clicks)),
            "barn": svg_markup(svg.barn_panel(s, q, clicks)),
            "travel": svg_markup(svg.travel_panel(s, q)),
            "harbor": (svg_markup(svg.harbor_panel(s, q, clicks))
                       if svg.expansion_game(s) else None),
            "buildings": ", ".join(_building(b) for b in s.players[q].buildings) or "none",
        })
    ctx: dict[str, Any] = {
        "decision_key": f"{'' if p is None else p}:{d.kind}:{len(moves)}",
        "tab_title": _tab_title(s, d, held, mine),
        "presence": _presence(s, seats, held, online) if interactive else None,
        "final": _final(s),
        "version": version, "ply": len(moves), "half_year": s.half_year,
        "to_move": "" if p is None else p, "mine": int(mine), "over": int(s.is_terminal()),
        "half": half_label(s),
        "start_player": s.start_player + 1,
        "status": _status(s, d, seats, held),
        "bot_error": bot_error,
        "bot_fix": bot_fix if bot_error else None,
        "rematch": rematch if s.is_terminal() and interactive else None,
        "futile": sorted(futile),
        "game_over_links": s.is_terminal() and interactive,
        "controls": [_button(a, s) for a in legal
                     if not in_frame and a.verb in ("skip", "end", "finish")],
        "hint": mine and hints, "undo": interactive and can_undo,
        "boards": [svg_markup(b) for b in boards],
        "dialog": _decision_dialog(s, d, legal) if mine and in_frame else None,
        "actions": [_button(a, s) for a in legal] if mine else None,
        "scores": _scores(s, final=s.is_terminal()),
        "log": _log(moves, seats, events),
        "notice": _notice(events, version, held) if interactive else None,
        "players": players,
    }
    return environment().get_template("view.html").render(ctx)


def legal_json(s: State) -> str:
    return json.dumps([str(a) for a in s.legal_actions()])
