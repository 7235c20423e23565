"""The game view: the HTML fragment of a position as one viewer sees it.

The fragment (rendered by ``templates/view.html``) holds the pictures
(:mod:`arle.web.svg`), the pending decision as a small dialog, the searchable list of
every legal action, the undo button, the log, the live score estimate and, at the end,
the scoring pad and the winner.  A viewer who holds the seat to move gets clickable
pictures; everybody else sees the same position without them.  What the words say (the
options with their costs, the breakdown, the names) comes from :mod:`arle.presenter`;
this module lays it out.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from arle import ANYTIME_VERBS as _ANYTIME_VERBS
from arle import presenter
from arle import view as arle_view
from arle.actions import Action
from arle.data import catalog as C
from arle.decision import Decision
from arle.scoring import CATEGORIES
from arle.state import State
from arle.web import svg
from arle.web.breakdown import benchmark_text, breakdown
from arle.web.db import EventRow, MoveRow, SeatRow
from arle.web.templating import environment, svg_markup

__all__ = ["action_label", "clickable", "decision_title", "render_view", "fmt_vp",
           "ANYTIME_VERBS", "FREE_KINDS", "cost_note", "log_words", "option_label",
           "decision_text", "half_label", "last_half_year"]

ANYTIME_VERBS = _ANYTIME_VERBS   # the engine's one registry, re-exported here

#: A VP figure as printed (one source: :func:`arle.presenter.fmt_vp`).
fmt_vp = presenter.fmt_vp


def _note(o: presenter.Option) -> str:
    """An option's cost and the VP of what it builds, as ``" (...)"`` after its words."""
    parts = [x for x in (o.cost, "" if o.vp is None else f"{fmt_vp(o.vp)} VP") if x]
    return f" ({'; '.join(parts)})" if parts else ""


def cost_note(a: Action) -> str:
    """What an action costs (and, for what one builds, the VP it is worth), as
    ``" (...)"`` to follow its label; ``""`` when it costs nothing (the presenter's
    :func:`arle.presenter.option`)."""
    return _note(presenter.option(None, a))


def log_words(before: State, action: Action) -> str:
    """A move in the game log (:func:`arle.presenter.play_logged`'s ``words``): the
    action's label with its cost, after the decision's title when the label does not
    already say it (``"Place a worker on Fisherman"``)."""
    label = action_label(action, before)
    title = before.pending().title
    if not title or label.lower().startswith(title.lower()):
        return label
    return f"{title}: {label}"


def option_label(o: presenter.Option) -> str:
    """An option as the web's buttons show it: its words, then its cost and VP."""
    return o.words + _note(o)


def action_label(a: Action, s: State | None = None) -> str:
    """A short English description of an action, with its cost (the notation stays
    the reference): the presenter's words laid out (:func:`option_label`)."""
    return option_label(presenter.option(s, a))


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
        elif v == "dike" and len(args) == 2:
            add(f"dikefrom:{p}:{arg0}", a)          # the dike that moves
            add(f"dikeslot:{p}:{args[1]}", a)       # where it goes
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


def _button(o: presenter.Option) -> dict[str, str]:
    return {"text": o.action, "label": option_label(o)}


def _decision_dialog(dv: presenter.DecisionView) -> dict[str, Any]:
    return {"title": dv.title, "choices": [_button(o) for o in dv.options],
            "more": bool(dv.anytime)}


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
        "rows": [(presenter.category_name(cat),
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
    return f"Half year {s.half_year} of {last}: {presenter.season_text(s, months=False)}"


def decision_text(s: State, d: Decision) -> str:
    """The pending decision in one sentence: ``State.pending().text``, as every face
    says it."""
    return d.text


def _final(s: State) -> dict[str, Any] | None:
    """At the end: every player's score item by item, and the solo benchmark."""
    if not s.is_terminal():
        return None
    return {"sheets": [breakdown(s, q) for q in range(s.n)],
            "benchmark": benchmark_text(s.scores()[0].total) if s.n == 1 else None}


def _workers(s: State, q: int) -> str:
    """Player ``q``'s workers this half year, as :mod:`arle.view` counts them."""
    placed, left = arle_view.workers_placed(s, q), arle_view.workers_left(s, q)
    return f"{placed} on the board, {left} to place of {arle_view.workers_per_player()}"


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
    dv = presenter.decision(s) if mine else None
    options = {o.action: o for o in (*dv.options, *dv.anytime)} if dv else {}
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
            "workers": _workers(s, q),
            "buildings": ", ".join(presenter.building_name(b)
                                  for b in arle_view.buildings(s, q)) or "none",
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
        "controls": [_button(options[str(a)]) for a in legal
                     if not in_frame and a.verb in ("skip", "end", "finish")],
        "hint": mine and hints, "undo": interactive and can_undo,
        "boards": [svg_markup(b) for b in boards],
        "dialog": _decision_dialog(dv) if dv is not None and in_frame else None,
        "actions": [_button(options[str(a)]) for a in legal] if mine else None,
        "scores": _scores(s, final=s.is_terminal()),
        "log": _log(moves, seats, events),
        "notice": _notice(events, version, held) if interactive else None,
        "players": players,
    }
    return environment().get_template("view.html").render(ctx)


def legal_json(s: State) -> str:
    return json.dumps([str(a) for a in s.legal_actions()])
