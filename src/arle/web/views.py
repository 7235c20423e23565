"""The game view: the HTML fragment of a position as one viewer sees it.

The fragment holds the pictures (:mod:`arle.web.svg`), the pending decision as a small
dialog, the searchable list of every legal action, the undo button, the log, the live
score estimate and, at the end, the scoring pad and the winner.  A viewer who holds the
seat to move gets clickable pictures; everybody else sees the same position without them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from html import escape

from arle.actions import Action
from arle.data import catalog as C
from arle.scoring import CATEGORIES, CATEGORY_NAMES
from arle.state import State
from arle.web import svg
from arle.web.db import MoveRow, SeatRow

__all__ = ["action_label", "clickable", "decision_title", "render_view", "fmt_vp",
           "ANYTIME_VERBS"]

ANYTIME_VERBS = frozenset({"load", "use", "boat", "release", "return"})
SEASON = ("Summer", "Winter")


def fmt_vp(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:.1f}"


def _name(x: str) -> str:
    return x.replace("_", " ")


def _space(sp: str) -> str:
    return C.SPACE_NAME.get(sp, _name(sp))


def _building(b: str) -> str:
    return C.BUILDING_NAME.get(b, _name(b))


def _counts(args: Sequence[str], names: Sequence[str]) -> str:
    parts = [f"{n} {name}" for n, name in zip(args, names) if n != "0"]
    return ", ".join(parts) or "nothing"


def _payment(args: Sequence[str]) -> str:
    return ", ".join(f"{n} {_name(k)}" for k, _, n in (a.partition(":") for a in args)) \
        or "nothing"


def action_label(a: Action, s: State | None = None) -> str:
    """A short English description of an action (the notation stays the reference)."""
    v, args = a.verb, a.args
    arg0 = args[0] if args else ""
    if v == "place":
        return f"Place a worker on {_space(arg0)}"
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
    if v == "load" and len(args) == 3:
        kind = ""
        if s is not None and s.current_player is not None:
            barn = s.players[s.current_player].barn
            i = int(args[0]) if args[0].isdigit() else -1
            kind = _name(barn[i][0]) if 0 <= i < len(barn) else ""
        item = args[2]
        what = f"travel to {item.capitalize()}" if item in C.DESTINATION_SIZE else f"load {item}"
        return f"{what.capitalize()} on the {kind or 'vehicle'} (cell {int(args[1]) + 1})"
    if v == "use":
        return f"Use {_building(arg0)}"
    if v == "house":
        return f"Use {_building(arg0)}"
    if v == "boat":
        return f"Peat boat: 1 peat for 1 {arg0}"
    if v == "release":
        return f"Give back a {arg0}"
    if v == "return":
        return f"Return the {_name(arg0.partition('@')[0])} to the supply"
    if v == "take":
        if len(args) == 3:
            return "Take " + _counts(args, ("sheep", "cattle", "horses"))
        if arg0 == "none":
            return "Take nothing"
        return "Take " + " and ".join(_name(x).replace("+", " and ") for x in args)
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
        return f"Build a plow (pay a {arg0})"
    if v == "imitate":
        return f"Copy {_space(arg0)}"
    if v == "upgrade":
        return f"Upgrade a {_name(arg0.partition('@')[0])}"
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
        elif v == "load" and args:
            add(f"barn:{p}:{arg0}", a)
        elif v in ("return", "upgrade") and "@" in arg0:
            add(f"barn:{p}:{arg0.partition('@')[2]}", a)
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
# The fragment
# ---------------------------------------------------------------------------
def _btn(a: Action, s: State, cls: str = "choice") -> str:
    text = str(a)
    return (f'<button type="button" class="{cls}" data-action="{escape(text)}">'
            f'<span class="label">{escape(action_label(a, s))}</span> '
            f'<code>{escape(text)}</code></button>')


def _decision_dialog(s: State, legal: list[Action]) -> str:
    own = [a for a in legal if a.verb not in ANYTIME_VERBS]
    if s.stack and s.stack[-1].KIND == "house":
        own = [a for a in legal if a.verb == "release"] or own
    if not own:
        own = legal
    items = "".join(f"<li>{_btn(a, s)}</li>" for a in own)
    extra = ""
    if len(own) < len(legal):
        extra = ('<p class="hint">You can also load vehicles, use houses and more before '
                 "deciding: click the pictures or search the list of all actions.</p>")
    return (f'<dialog open id="decision" class="decision" aria-label="pending decision">'
            f"<h3>{escape(decision_title(s))}</h3><ul class=\"choices\">{items}</ul>"
            f"{extra}</dialog>")


def _action_list(s: State, legal: list[Action]) -> str:
    items = "".join(
        f'<li data-text="{escape((str(a) + " " + action_label(a, s)).lower())}">'
        f"{_btn(a, s, 'listed')}</li>" for a in legal)
    return ('<details class="all-actions" open><summary>All legal actions '
            f"({len(legal)})</summary>"
            '<input type="search" class="action-filter" placeholder="Search actions, e.g. '
            'load or fisherman" aria-label="search actions">'
            '<form class="typed-action"><input name="action" placeholder="or type one in the '
            'notation" aria-label="action notation" autocomplete="off"><button>Play</button>'
            "</form>"
            f'<ul class="action-list">{items}</ul></details>')


def _log(moves: Sequence[MoveRow], seats: Sequence[SeatRow]) -> str:
    rows = []
    for m in moves:
        who = f"P{m.player + 1}"
        if seats[m.player].kind == "bot":
            who += " (bot)"
        rows.append(f'<li value="{m.ply}"><span class="who p{m.player}">{who}</span> '
                    f"<code>{escape(m.action)}</code></li>")
    return ('<details class="log" open><summary>Game log ' f"({len(moves)} moves)</summary>"
            f'<ol class="log-list">{"".join(rows)}</ol></details>')


def score_table(s: State, final: bool) -> str:
    sheets = s.scores()
    head = "".join(f'<th class="p{i}">Player {i + 1}</th>' for i in range(s.n))
    body = []
    for cat in CATEGORIES:
        cells = "".join(f"<td>{fmt_vp(sh.categories[cat])}</td>" for sh in sheets)
        body.append(f"<tr><th scope=\"row\">{escape(CATEGORY_NAMES[cat])}</th>{cells}</tr>")
    totals = "".join(f"<td><b>{fmt_vp(sh.total)}</b></td>" for sh in sheets)
    title = "Scoring pad" if final else "Score estimate (if the game ended now)"
    return (f'<table class="scores{" final" if final else ""}"><caption>{title}</caption>'
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(body)}"
            f"<tr class=\"total\"><th scope=\"row\">Total</th>{totals}</tr></tbody></table>")


def _status(s: State, seats: Sequence[SeatRow], held: set[int]) -> str:
    if s.is_terminal():
        w = s.winner()
        sheets = s.scores()
        if s.n == 1:
            return (f'<p class="status over">Game over: Player 1 scored '
                    f"<b>{fmt_vp(sheets[0].total)}</b> VP.</p>")
        return (f'<p class="status over">Game over: <b class="p{w}">Player '
                f"{(w or 0) + 1} wins</b> with {fmt_vp(sheets[w or 0].total)} VP.</p>")
    p = s.current_player
    assert p is not None
    who = f"Player {p + 1}" + (f" (bot {seats[p].bot})" if seats[p].kind == "bot" else "")
    what = decision_title(s)
    what += "" if what.endswith(("?", ".")) else "."
    if p in held:
        return (f'<p class="status yours">Your turn, <b class="p{p}">{escape(who)}</b>: '
                f"{escape(what)}</p>")
    return (f'<p class="status">Waiting for <b class="p{p}">{escape(who)}</b>: '
            f"{escape(what)}</p>")


def render_view(s: State, moves: Sequence[MoveRow], seats: Sequence[SeatRow],
                held: set[int], version: int, *, can_undo: bool = False,
                bot_error: str | None = None, interactive: bool = True) -> str:
    """The inner HTML of the game view for a viewer holding the ``held`` seats."""
    p = s.current_player
    mine = interactive and p is not None and p in held and seats[p].kind == "human"
    legal = s.legal_actions() if mine else []
    clicks = clickable(s, legal) if mine else {}
    half = f"Half year {s.half_year} of {C.HALF_YEARS}: {SEASON[s.season]}"
    parts = [f'<div class="view" data-version="{version}" data-ply="{len(moves)}" '
             f'data-half-year="{s.half_year}" data-to-move="{"" if p is None else p}" '
             f'data-mine="{int(mine)}" data-over="{int(s.is_terminal())}">']
    parts.append(f'<header class="game-head"><h2>{escape(half)}</h2>'
                 f'<span class="start">Start player: Player {s.start_player + 1}</span>'
                 f'<span class="ply">Move {len(moves)}</span></header>')
    parts.append(_status(s, seats, held))
    if bot_error:
        parts.append(f'<p class="error">{escape(bot_error)}</p>')
    controls = []
    if mine and not s.stack:
        for a in legal:
            if a.verb in ("skip", "end", "finish"):
                controls.append(_btn(a, s, "control"))
    if mine:
        controls.append('<button type="button" class="control hint" data-hint="1" '
                        'title="Ask the mcts bot what it would play here">Hint</button>')
    if interactive and can_undo:
        controls.append('<button type="button" class="control undo" data-undo="1">'
                        "Undo my last decision</button>")
    if controls:
        parts.append(f'<div class="controls">{"".join(controls)}</div>')
    parts.append('<div class="layout"><div class="boards">')
    parts.append(svg.action_board(s, clicks))
    if s.n > 1:
        parts.append(svg.special_board(s, clicks))
    parts.append(svg.buildings_board(s, clicks))
    parts.append('</div><div class="side">')
    if mine and s.stack:
        parts.append(_decision_dialog(s, legal))
    if mine:
        parts.append(_action_list(s, legal))
    parts.append(score_table(s, final=s.is_terminal()))
    parts.append(_log(moves, seats))
    parts.append("</div></div>")
    parts.append('<div class="players">')
    for q in range(s.n):
        label = f"Player {q + 1}"
        if seats[q].kind == "bot":
            label += f" (bot {seats[q].bot})"
        elif q in held:
            label += " (you)"
        total = fmt_vp(s.scores()[q].total)
        parts.append(f'<section class="player p{q}" data-player="{q}">'
                     f'<h3 class="p{q}">{escape(label)} <span class="vp">{total} VP</span>'
                     f"</h3><div class=\"player-boards\">")
        parts.append(svg.home_board(s, q, clicks))
        parts.append('<div class="stack">')
        parts.append(svg.goods_panel(s, q, clicks))
        parts.append(svg.tools_panel(s, q, clicks))
        parts.append("</div><div class=\"stack\">")
        parts.append(svg.barn_panel(s, q, clicks))
        parts.append(svg.travel_panel(s, q))
        blds = ", ".join(_building(b) for b in s.players[q].buildings) or "none"
        parts.append(f'<p class="owned">Buildings: {escape(blds)}</p>')
        parts.append("</div></div></section>")
    parts.append("</div></div>")
    return "".join(parts)


def legal_json(s: State) -> str:
    return json.dumps([str(a) for a in s.legal_actions()])
