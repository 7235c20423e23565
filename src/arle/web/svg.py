"""Pictures of a position as SVG: the action board, buildings, home boards, goods, tools,
barn and travel track.

Everything is read from the public state fields and the catalog's display data; nothing
here changes the state.  An element a player can click carries ``class="act"`` and a
``data-acts`` attribute holding the legal actions it stands for (JSON), which the page's
script turns into a move or a small chooser.
"""

from __future__ import annotations

import json
from html import escape
from typing import Sequence

from arle import view
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data.tea_trade import TT_BUILDING_COLOR
from arle.data import texts
from arle.presenter import building_name, building_vp, edge_words
from arle.state import State

__all__ = ["PLAYER_COLORS", "action_board", "buildings_board", "home_board", "goods_panel",
           "tools_panel", "barn_panel", "travel_panel", "special_board", "building_cost_text",
           "harbor_panel", "supply_board", "expansion_game", "season_spaces", "space_name", "edge_key",
           "ditch_edges", "dehydrated_cells", "TEA_USES", "Clickable"]

#: Element key -> legal action texts it stands for (see :func:`arle.web.views.clickable`).
Clickable = dict[str, list[str]]

#: One colour per seat (the third for Tea & Trade's 3-player game).
PLAYER_COLORS = ("#c0392b", "#2468b4", "#2e8b3e")
PLAYER_LIGHT = ("#f6d5d0", "#d3e3f6", "#d4ecd6")
FONT = "font-family:system-ui,Segoe UI,Helvetica,Arial,sans-serif"

SPACE_TEXT = {
    "fisherman": "Fish traps +1, food; a sheep",
    "grocer_summer": "Grain, leather + one more",
    "woolen_weaver": "Wool to woolen (looms)",
    "colonist": "A horse; dry out a moor",
    "peat_cutter": "Cut peat (spades)",
    "dike_builder": "Dikes (shovels); an animal",
    "clay_worker": "Clay (shovels)",
    "farmer": "Plow, then fields",
    "forester": "1 food: forest or build",
    "woodcutter": "Wood (axes)",
    "master_summer": "Advance tools",
    "carpenter_summer": "Build, or a stall",
    "builder": "Build a building",
    "warden": "A tile upgrade",
    "laborer_summer": "2 food: vehicle or copy",
    "peat_boatman": "Peat (+ per peat boat)",
    "tanner": "Hide to leather",
    "linen_weaver": "Flax to linen (looms)",
    "butcher": "Animals to food + hides",
    "cattle_trader": "Grain, animals",
    "grocer_winter": "Wood, clay, an animal",
    "builders_merchant": "Hides, materials",
    "potter": "Clay to food + peat",
    "baker": "Grain + fuel to food",
    "wood_trader_space": "Food: 4 wood or build",
    "master_winter": "Advance tools",
    "wainwright": "Vehicle, peat boat",
    "carpenter_winter": "A stall or a stable",
    "dike_warden": "A dike + an upgrade",
    "laborer_winter": "2 food: build or copy",
    # Tea & Trade
    "ditcher": "Dig ditches (digging spades)",
    "sailmaker": "Wool + peat; cutter or boat",
    "boat_builder": "Trading ship and/or cutter",
    "grandmother": "1 EF tea + 4 food",
    "driver": "Clay per peat boat/3 ditches",
    "woodcutter_winter": "3 wood + 1 per forest",
    "laborer_summer_3p": "2 food: a vehicle or a ship",
    "laborer_winter_3p": "2 food: a building",
    "imitate_1": "Copy a taken space (food)",
    "imitate_2": "Copy a taken space (food)",
    "imitate_3": "Copy a taken space (food)",
}

TILE_FILL = {
    "": "#b9d98b", "moor": "#7a5a3a", "dmoor": "#9b7653", "boardwalk": "#a67c52",
    "field_grain": "#f2d16b", "field_flax": "#8fa9e0", "forest": "#2f6b35",
    "park": "#5fa55a", "stall": "#c9835b", "depot": "#b8733f", "stable": "#9c4f2e",
    "double_stall": "#7e3a1f",
}
TILE_TEXT = {
    "moor": "moor", "dmoor": "dry moor", "boardwalk": "boardwalk",
    "field_grain": "grain", "field_flax": "flax", "forest": "forest", "park": "park",
    "stall": "stall", "depot": "depot", "stable": "stable", "double_stall": "dbl stall",
}
BUILDING_FILL = {
    "light_green": "#b7e07a", "dark_green": "#4f8f3a", "yellow": "#f3d34a",
    "orange": "#f0a04b", "blue": "#6ea6dc", "red": "#d9604c",
}
RES_FILL = {
    "food": "#e8b04a", "grain": "#e6cf6a", "flax": "#7f9fe0", "hide": "#b07c55",
    "wool": "#f4f1ea", "wood": "#9a6a3a", "clay": "#c8703e", "timber": "#6e4422",
    "brick": "#a23c26", "peat": "#4a3a2a", "linen": "#d8e4f5", "woolen": "#e9e0d0",
    "leather": "#8a5530", "summer_wear": "#9fd3f0", "winter_wear": "#c7b8e8",
    "leather_wear": "#c99a6b", "tea": "#7fa84a", "east_frisian_tea": "#3f6d2a",
}
ANIMAL_FILL = {"sheep": "#f7f7f2", "cattle": "#7b4a2b", "horse": "#3b2f2a"}


# Building names, VP and colours in every game, Tea & Trade's tiles included.
_BCOLOR = {**C.BUILDING_COLOR, **TT_BUILDING_COLOR}
_SPACE_NAME = {**C.SPACE_NAME, **TT.TT_SPACE_NAME,
               # the board says the season; "3 players" is what tells them apart
               "laborer_summer_3p": "Laborer (3 players)",
               "laborer_winter_3p": "Laborer (3 players)"}

#: The tea uses of a placement (``place SPACE USE``, Tea & Trade) -> badge text.
TEA_USES = {"tea": "Tea +1", "eftea": "EF tea +2", "twice": "Twice"}


def expansion_game(s: State) -> bool:
    """Whether ``s`` is a Tea & Trade game (its setup names the expansion)."""
    return s.setup.get("expansion") is not None


#: A season's action spaces in this game (one source: :func:`arle.view.season_spaces`).
season_spaces = view.season_spaces


def space_name(sp: str) -> str:
    return _SPACE_NAME.get(sp, sp.replace("_", " "))


# ---------------------------------------------------------------------------
# Ditches (Tea & Trade): edges of the home board, as in docs/NOTATION.md (``dig EDGE``)
# ---------------------------------------------------------------------------
_V_EDGES = C.ROWS * (C.COLS - 1)


def _edge_names() -> tuple[str, ...]:
    """Edge names by bit of a ditch mask (``Player.ditches``): ``v(r,k)`` is bit
    ``2r + k``, ``h(r,c)`` bit ``14 + 3r + c`` (the state format's edge numbering)."""
    names = [f"v({r},{k})" for r in range(C.ROWS) for k in range(C.COLS - 1)]
    names += [f"h({r},{c})" for r in range(C.ROWS - 1) for c in range(C.COLS)]
    return tuple(names)


EDGE_NAMES = _edge_names()


def edge_key(p: int, edge: str) -> str:
    """The clickable key of an edge of player ``p``'s home board."""
    return f"edge:{p}:{edge}"


def ditch_edges(s: State, p: int) -> list[str]:
    """The edges holding player ``p``'s ditches (none in a base game)."""
    mask = s.players[p].ditches or 0
    return [name for e, name in enumerate(EDGE_NAMES) if mask >> e & 1]


def _edge_cells(edge: str) -> tuple[int, int]:
    kind, _, rest = edge.partition("(")
    a, b = (int(x) for x in rest.rstrip(")").split(","))
    if kind == "v":
        return a * C.COLS + b, a * C.COLS + b + 1
    return a * C.COLS + b, (a + 1) * C.COLS + b


def dehydrated_cells(s: State, p: int) -> set[int]:
    """Cells with at least ``DEHYDRATED_MIN_DITCHES`` ditches on their edges."""
    count: dict[int, int] = {}
    for edge in ditch_edges(s, p):
        for x in _edge_cells(edge):
            count[x] = count.get(x, 0) + 1
    return {x for x, n in count.items() if n >= TT.DEHYDRATED_MIN_DITCHES}


def _edge_line(edge: str, ox: float, oy: float, cw: float, ch: float
               ) -> tuple[float, float, float, float]:
    kind, _, rest = edge.partition("(")
    a, b = (int(x) for x in rest.rstrip(")").split(","))
    if kind == "v":
        x = ox + (b + 1) * cw
        return x, oy + a * ch, x, oy + (a + 1) * ch
    y = oy + (a + 1) * ch
    return ox + b * cw, y, ox + (b + 1) * cw, y


def _acts(key: str, clickable: Clickable) -> str:
    """Attributes making an SVG element clickable, or ``""``."""
    acts = clickable.get(key)
    if not acts:
        return ""
    return (f' class="act" tabindex="0" role="button" data-key="{escape(key)}" '
            f'data-acts="{escape(json.dumps(acts))}"')


#: Home-board tile -> its entry in :mod:`arle.data.texts`.
TILE_INFO = {"moor": "moor", "dmoor": "dehydrated_moor", "boardwalk": "boardwalk",
             "field_grain": "field_grain", "field_flax": "field_flax", "forest": "forest",
             "park": "park", "stall": "stall", "depot": "depot", "stable": "stable",
             "double_stall": "double_stall"}


def _info(element: str | None) -> str:
    """The attribute naming an element's card (its id in :mod:`arle.data.texts`), shown
    by the page's script on hover or tap; ``""`` for none."""
    if not element or element not in _TEXT_IDS:
        return ""
    return f' data-info="{escape(element)}"'


def _text(x: float, y: float, s: str, size: int = 11, anchor: str = "start",
          weight: str = "normal", fill: str = "#222", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{extra}>{escape(s)}</text>')


def _svg(w: int, h: int, body: Sequence[str], label: str, cls: str = "") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
            f'height="{h}" role="img" aria-label="{escape(label)}" class="board {cls}" '
            f'style="{FONT}">' + "".join(body) + "</svg>")


def _worker(x: float, y: float, p: int, r: float = 9) -> str:
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{PLAYER_COLORS[p % len(PLAYER_COLORS)]}" '
            f'stroke="#111" stroke-width="1.2"><title>worker of Player {p + 1}</title>'
            "</circle>")


def _wrap(s: str, width: int) -> list[str]:
    words = s.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = (cur + " " + w).strip()
    if cur:
        lines.append(cur)
    return lines


_TEXT_IDS = frozenset(texts.ids())


# ---------------------------------------------------------------------------
# Action board
# ---------------------------------------------------------------------------
def _space_card(sp: str, x: float, y: float, w: float, h: float, s: State,
                clickable: Clickable, small: bool = False,
                futile: frozenset[str] = frozenset()) -> str:
    key = f"space:{sp}"
    occupied = s.occupied.get(sp)
    act = _acts(key, clickable)
    # every way to place here gives nothing now: drawn so, and the page asks first
    useless = bool(act) and all(a in futile for a in clickable.get(key, []))
    if useless:
        act = act.replace(' class="act"', ' class="act futile" data-futile="1"', 1)
    season = view.space_season(s, sp)
    fill = "#fffaf0" if season == 0 else "#eef4fb"
    if occupied is not None:
        fill = PLAYER_LIGHT[occupied % len(PLAYER_LIGHT)]
    out = [f'<g{act}{_info(sp)} data-space="{sp}">',
           f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" '
           f'stroke="#7a6a55" stroke-width="1"/>']
    name = space_name(sp)
    if small:
        out.append(_text(x + 6, y + h / 2 + 4, name, 10))
    else:
        out.append(_text(x + 7, y + 16, name, 12, weight="bold"))
        out.append(_text(x + 7, y + 33, SPACE_TEXT.get(sp, ""), 10, fill="#444"))
    if occupied is not None:
        out.append(_worker(x + w - 14, y + (h / 2 if small else 16), occupied,
                           6 if small else 9))
    nothing = " (placing a worker here now gives you nothing)" if useless else ""
    closed = (view.imitate_closed(s, s.current_player).get(sp)      # said to the mover
              if clickable and sp in TT.IMITATE_SPACES and s.current_player is not None
              and occupied is None else None)
    if closed:
        nothing = f" (not now: {closed})"
        out.append(_text(x + 7, y + h - 5, f"not now: {closed}", 9, fill="#8a5a00"))
    out.append(f"<title>{escape(name)}: {escape(SPACE_TEXT.get(sp, ''))}{nothing}</title>")
    if not small:
        out.extend(_tea_badges(sp, x, y + h - 16, clickable))
    out.append("</g>")
    return "".join(out)


def _tea_badges(sp: str, x: float, y: float, clickable: Clickable) -> list[str]:
    """Tea & Trade: the tea uses of placing on ``sp`` offered now (``place SPACE tea``,
    ``eftea``, ``twice``), each a badge that sends that placement (the card itself
    opens the chooser of every way to place there)."""
    out: list[str] = []
    bx = x + 7
    for text in clickable.get(f"space:{sp}", []):
        parts = text.split()
        use = parts[2] if len(parts) == 3 and parts[0] == "place" else ""
        if use not in TEA_USES:
            continue
        label = TEA_USES[use]
        bw = 8 + 6 * len(label)
        acts = {f"tea:{sp}:{use}": [text]}
        out.append(f'<g{_acts(f"tea:{sp}:{use}", acts)} data-tea="{use}">'
                   f'<rect x="{bx:.1f}" y="{y:.1f}" width="{bw}" height="13" rx="6" '
                   'fill="#dcebc8" stroke="#3f6d2a"/>'
                   + _text(bx + bw / 2, y + 10, label, 9, anchor="middle", weight="bold",
                           fill="#2c4d1d")
                   + f"<title>{escape(TEA_TITLE[use])}</title></g>")
        bx += bw + 5
    return out


TEA_TITLE = {"tea": "pay 1 Tea: the tool action 1 space better",
             "eftea": "pay 1 East Frisian Tea: the tool action 2 spaces better",
             "twice": "pay 2 East Frisian Tea: carry the action out twice"}


def action_board(s: State, clickable: Clickable,
                 futile: frozenset[str] = frozenset()) -> str:
    """The season's 15 action spaces, with workers and the spaces one may use now;
    ``futile``: the placements that would give nothing now (those spaces are drawn so)."""
    season = s.season
    spaces = season_spaces(s, season)
    tt = expansion_game(s)
    cw, ch, gap = 178, 56 if tt else 44, 8
    cols, rows = 3, (len(spaces) + 2) // 3
    w = cols * cw + (cols + 1) * gap
    h = rows * ch + (rows + 1) * gap + 22
    body = [f'<rect width="{w}" height="{h}" rx="10" '
            f'fill="{"#f5e6c4" if season == 0 else "#d9e6f2"}"/>',
            _text(gap, 16, ("Summer" if season == 0 else "Winter") + " action spaces", 13,
                  weight="bold")]
    for i, sp in enumerate(spaces):
        c, r = i % cols, i // cols
        body.append(_space_card(sp, gap + c * (cw + gap), 22 + gap + r * (ch + gap), cw, ch,
                                s, clickable, futile=futile))
    return _svg(w, h, body, "action board", "action-board")


def special_takers(s: State) -> list[int]:
    """3 players: who took a Special Action this half year (a space of the other
    season; the Imitate spaces belong to both)."""
    return [who for who, _ in view.special_actions(s)]


def special_board(s: State, clickable: Clickable,
                  futile: frozenset[str] = frozenset()) -> str:
    """The other season's spaces (the Special Action of a 2-player game; with three
    players two different players may take one a half year)."""
    other = season_spaces(s, 1 - s.season)
    if s.n == 3:
        other = tuple(sp for sp in other if sp not in TT.IMITATE_SPACES)
    cw, ch, gap = 134, 24, 5
    cols = 4
    rows = (len(other) + cols - 1) // cols
    w = cols * cw + (cols + 1) * gap
    h = rows * (ch + gap) + gap + 20
    if s.n == 3:
        takers = special_takers(s)
        title = ("Special Actions: other season's spaces, 2 players a half year"
                 + (" (used by " + " and ".join(f"Player {q + 1}" for q in takers) + ")"
                    if takers else ""))
    else:
        used = s.special >= 0
        title = ("Special Action: other season's spaces"
                 + (f" (used by Player {s.special + 1})" if used else ""))
    body = [f'<rect width="{w}" height="{h}" rx="8" fill="#ece8e0"/>',
            _text(gap, 14, title, 11, weight="bold")]
    for i, sp in enumerate(other):
        c, r = i % cols, i // cols
        body.append(_space_card(sp, gap + c * (cw + gap), 20 + r * (ch + gap), cw, ch, s,
                                clickable, small=True, futile=futile))
    return _svg(w, h, body, "special action spaces", "special-board")


# ---------------------------------------------------------------------------
# Buildings
# ---------------------------------------------------------------------------
def building_cost_text(b: str) -> str:
    """A building's cost, short enough for its tile."""
    return texts.building_cost(b, "short")


def buildings_board(s: State, clickable: Clickable) -> str:
    """The buildings still on the game board, with their cost and VP."""
    cw, ch, gap, cols = 178, 46, 8, 3
    items = list(s.board)
    rows = max(1, (len(items) + cols - 1) // cols)
    w = cols * cw + (cols + 1) * gap
    h = rows * (ch + gap) + gap + 22
    body = [f'<rect width="{w}" height="{h}" rx="10" fill="#efe9dc"/>',
            _text(gap, 16, "Buildings", 13, weight="bold")]
    for i, b in enumerate(items):
        c, r = i % cols, i // cols
        x, y = gap + c * (cw + gap), 22 + gap + r * (ch + gap)
        fill = BUILDING_FILL.get(_BCOLOR.get(b, ""), "#ddd")
        dark = _BCOLOR.get(b) in ("dark_green",)
        ink = "#fff" if dark else "#222"
        body.append(f'<g{_acts(f"building:{b}", clickable)} data-building="{b}"{_info(b)}>'
                    f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" rx="6" fill="{fill}" '
                    'stroke="#555"/>')
        name = building_name(b)
        body.append(_text(x + 6, y + 15, name, 11 if len(name) < 19 else 9, weight="bold",
                          fill=ink))
        body.append(_text(x + cw - 6, y + 15, f"{building_vp(b)} VP", 10,
                          anchor="end", fill=ink))
        body.append(_text(x + 6, y + 33, building_cost_text(b), 9, fill=ink))
        body.append(f"<title>{escape(building_name(b))}</title></g>")
    return _svg(w, h, body, "buildings", "buildings-board")


def supply_board(s: State) -> str:
    """The tiles left in the general supply (fields, stalls, vehicles...), and with Tea &
    Trade the ship tiles left with each side's cost and VP (T1-T5)."""
    pool = [(texts.POOL_NAME.get(k, k), v) for k, v in s.pool.items() if k != "coach" or v]
    ships = view.ships_left(s) if expansion_game(s) else {}
    cols, cw, gap = 3, 178, 8
    w = cols * cw + (cols + 1) * gap
    rows = (len(pool) + cols - 1) // cols
    h = 30 + rows * 18 + (26 + 2 * 18 if ships else 0) + 6
    body = [f'<rect width="{w}" height="{h}" rx="10" fill="#efe9dc"/>',
            _text(gap, 16, "Supply", 13, weight="bold")]
    for i, (name, n) in enumerate(pool):
        x, y = gap + (i % cols) * (cw + gap), 34 + (i // cols) * 18
        body.append(f'<g data-supply="{escape(name)}" data-left="{n}">'
                    + _text(x, y, f"{name}: {n}", 11, fill="#222" if n else "#a33")
                    + "</g>")
    if ships:
        y = 34 + rows * 18 + 10
        body.append(_text(gap, y, "Ships left (either side of a tile)", 11, weight="bold"))
        for r, (kind, n) in enumerate(ships.items()):
            sides = [sid for sid in TT.SHIP_IDS if TT.SHIP_KIND[sid] == kind]
            words = " · ".join(f"{TT.SHIP_NAME[sid]} {texts.amounts(TT.SHIPS[sid].cost)}, "
                               f"{TT.SHIPS[sid].vp} VP" for sid in sides)
            yy = y + 18 * (r + 1)
            body.append(f'<g data-ships-left="{kind}" data-left="{n}">'
                        + _text(gap, yy, f"{n} ×", 11, weight="bold",
                                fill="#222" if n else "#a33")
                        + _text(gap + 28, yy, words, 10) + "</g>")
    return _svg(w, h, body, "general supply", "supply-board")


# ---------------------------------------------------------------------------
# Home board
# ---------------------------------------------------------------------------
def home_board(s: State, p: int, clickable: Clickable) -> str:
    """A 3x7 home board: tidal flats above the dike line, land, tiles and moors."""
    pl = s.players[p]
    cw, ch = 86, 40
    ox, oy = 24, 34
    w = ox + 12 + 3 * cw
    h = oy + 7 * ch + 64
    land_row = C.first_land_row(pl.dikes)
    body = [f'<rect width="{w}" height="{h}" rx="10" fill="#e9e2cf"/>',
            _text(12, 16, f"Home board of Player {p + 1}", 12, weight="bold",
                  fill=PLAYER_COLORS[p % len(PLAYER_COLORS)])]
    # rows and columns numbered from 1 (the words of the choices: "row 4, column 1")
    body += [f'<text class="coord" x="{ox + c * cw + cw / 2}" y="{oy - 4}" font-size="9" '
             f'text-anchor="middle" fill="#6b604c">column {c + 1}</text>' for c in range(3)]
    body += [f'<text class="coord" x="{ox - 8}" y="{oy + r * ch + ch / 2 + 3}" font-size="9" '
             f'text-anchor="middle" fill="#6b604c">{r + 1}</text>' for r in range(7)]
    cells = view.cells(s, p)
    dry = dehydrated_cells(s, p) if pl.ditches is not None else set()
    drawn: set[int] = set()
    for cell in range(21):
        if cell in drawn:
            continue
        r, c = divmod(cell, 3)
        x, y = ox + c * cw, oy + r * ch
        here = cells[cell]
        tile = here.tile or ""
        span = 1
        if tile in ("moor", "dmoor") and r + 1 < 7 and cells[cell + 3].tile == tile:
            span = 2
            drawn.add(cell + 3)
        key = f"cell:{p}:{cell}"
        attrs = _acts(key, clickable)
        lower = clickable.get(f"cell:{p}:{cell + 3}") if span == 2 else None
        if lower:       # a tile over two cells is one picture: it stands for both
            attrs = _acts(key, {key: clickable.get(key, []) + lower})
        if tile == "" and r < land_row:
            fill, label = "#a9c7d6", "tidal flat"
        elif here.building is not None:
            b = here.building
            fill = BUILDING_FILL.get(_BCOLOR.get(b, ""), "#ddd")
            label = building_name(b)
        else:
            fill, label = TILE_FILL.get(tile, "#ccc"), TILE_TEXT.get(tile, "")
        info = here.building if here.building is not None else TILE_INFO.get(tile)
        body.append(f'<g{attrs} data-cell="{cell}"{_info(info)}>'
                    f'<rect x="{x + 1}" y="{y + 1}" width="{cw - 2}" height="{ch * span - 2}" '
                    f'rx="4" fill="{fill}" stroke="#6b604c" stroke-width="0.8"/>')
        ink = "#fff" if tile in ("moor", "dmoor", "forest", "stable", "double_stall",
                                 "boardwalk") or fill in ("#4f8f3a",) else "#222"
        lines = _wrap(label, 12)[:2]
        for k, line in enumerate(lines):
            body.append(_text(x + cw / 2, y + 16 + k * 12, line, 10, anchor="middle",
                              fill=ink))
        if tile == "dmoor":
            peat = here.peat
            body.append(_text(x + cw / 2, y + 44, f"peat {peat}", 10, anchor="middle",
                              weight="bold", fill="#fff"))
        if tile == "boardwalk":
            body.append(_text(x + cw / 2, y + 31, f"peat {here.peat}", 10, anchor="middle",
                              weight="bold", fill="#fff"))
        wet = cell in dry and r >= land_row
        if wet:
            body.append(f'<rect x="{x + 4}" y="{y + 4}" width="{cw - 8}" '
                        f'height="{ch * span - 8}" rx="3" fill="none" stroke="#1d6fa5" '
                        'stroke-width="1.2" stroke-dasharray="2 2" class="dehydrated"/>')
            body.append(_text(x + cw - 5, y + ch * span - 5, "dehydrated", 8, anchor="end",
                              fill="#1d4e89" if ink == "#222" else "#d7ecfa"))
        title = (label or "pasture") + (" (dehydrated: 2 or more ditches)" if wet else "")
        body.append(f"<title>{escape(title)}</title></g>")
    # dikes: pieces along the gaps above rows 3, 2, 1 and 0 (Tea & Trade: in the
    # columns chosen, Player.dike_cols)
    gaps = C.DIKE_SEQUENCE[min(pl.dikes, len(C.DIKE_SEQUENCE) - 1)]
    for g, n in enumerate(gaps):
        y = oy + (3 - g) * ch
        cols = list(range(n))
        if pl.ditches is not None and g < len(pl.dike_cols):
            cols = [k for k in range(C.COLS) if pl.dike_cols[g] >> k & 1]
        for k in cols:
            body.append(f'<rect x="{ox + k * cw + 6}" y="{y - 3}" width="{cw - 12}" '
                        'height="6" rx="2" fill="#6d6152" stroke="#2d261d" stroke-width="0.6">'
                        "<title>dike</title></rect>")
    if pl.ditches is not None:
        body.extend(_ditches(s, p, clickable, ox, oy, cw, ch))
        gaps_moving = view.dike_move_gaps(s, p)
        if gaps_moving is not None:
            # Tea & Trade: a dike move, clicked on the board: the dike that leaves its
            # gap, or the free place in the gap that takes it (dashed gold)
            for (kind, gap, what) in (("dikefrom", gaps_moving[0], "move this dike"),
                                      ("dikeslot", gaps_moving[1], "move a dike here")):
                y = oy + (3 - gap) * ch
                for k in range(C.COLS):
                    key = f"{kind}:{p}:{k}"
                    if key in clickable:
                        body.append(f'<g{_acts(key, clickable)} data-{kind}="{k}">'
                                    f'<rect x="{ox + k * cw + 6}" y="{y - 6}" '
                                    f'width="{cw - 12}" height="12" rx="3" fill="#fff3c4" '
                                    'fill-opacity="0.6" stroke="#d4a017" '
                                    'stroke-dasharray="5 3"/>'
                                    f"<title>{what} (column {k + 1})</title></g>")
    ly = oy + land_row * ch
    body.append(f'<line x1="{ox - 6}" x2="{ox + 3 * cw + 6}" y1="{ly}" y2="{ly}" '
                'stroke="#1d4e89" stroke-width="1.5" stroke-dasharray="4 3"/>')
    # animals
    ay = oy + 7 * ch + 22
    body.append(_text(ox, ay - 4, f"Dike moves {pl.dikes}/7", 10, fill="#444"))
    for k, name in enumerate(C.ANIMALS):
        x = ox + 4 + k * 88
        n = pl.animals[k]
        body.append(f'<g{_acts(f"animal:{p}:{name}", clickable)} data-animal="{name}">'
                    f'<ellipse cx="{x + 12}" cy="{ay + 18}" rx="13" ry="9" '
                    f'fill="{ANIMAL_FILL[name]}" stroke="#222"/>')
        plural = name if n == 1 or name != "horse" else "horses"
        body.append(_text(x + 28, ay + 22, f"{n} {plural}", 11, weight="bold"))
        body.append(f"<title>{n} {name}</title></g>")
    return _svg(w, h, body, f"home board of player {p + 1}", "home-board")


def _ditches(s: State, p: int, clickable: Clickable, ox: float, oy: float, cw: float,
             ch: float) -> list[str]:
    """Tea & Trade: the ditches dug (blue, on the cells' edges) and, when ``dig EDGE``
    is legal, each edge one may dig (gold, dashed; clicking it digs there)."""
    out = []
    for edge in ditch_edges(s, p):
        x1, y1, x2, y2 = _edge_line(edge, ox, oy, cw, ch)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                   'stroke="#1d6fa5" stroke-width="5" stroke-linecap="round" class="ditch" '
                   f'data-ditch="{edge}"><title>ditch {edge}</title></line>')
    for edge in EDGE_NAMES:
        key = edge_key(p, edge)
        if key not in clickable:
            continue
        x1, y1, x2, y2 = _edge_line(edge, ox, oy, cw, ch)
        line = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
        out.append(f'<g{_acts(key, clickable)} data-edge="{edge}">'
                   f'<line {line} stroke="#d4a017" stroke-width="4" stroke-dasharray="6 4" '
                   'stroke-linecap="round"/>'
                   f'<rect x="{min(x1, x2) - 7:.1f}" y="{min(y1, y2) - 7:.1f}" '
                   f'width="{abs(x2 - x1) + 14:.1f}" height="{abs(y2 - y1) + 14:.1f}" '
                   'fill="#000" fill-opacity="0"/>'
                   f"<title>dig a ditch {escape(edge_words(edge))}</title></g>")
    return out


# ---------------------------------------------------------------------------
# Goods track and supply
# ---------------------------------------------------------------------------
_SUPPLY_LABEL = {"east_frisian_tea": "E. Frisian tea"}
_CELL_LABEL = {"east_frisian_tea": "EF tea"}     # a ship's cell: the title names it whole
#: Supply items whose full name is not their id in words (their cards say what they do).
SUPPLY_NAME = {"east_frisian_tea": "East Frisian Tea"}


def goods_panel(s: State, p: int, clickable: Clickable) -> str:
    """The goods track (Food 0..30, the others 0..15) and the personal supply."""
    pl = s.players[p]
    w, row = 300, 17
    supply = [C.RESOURCES[r] for r in C.SUPPLY_ITEMS]
    if len(pl.res) > len(C.RESOURCES):      # Tea & Trade: Tea and East Frisian Tea
        supply += list(TT.TT_RESOURCES[len(C.RESOURCES):len(pl.res)])
    h = 22 + 5 * row + 10 + ((len(supply) + 2) // 3) * 20 + 6
    body = [f'<rect width="{w}" height="{h}" rx="8" fill="#f4efe4"/>',
            _text(8, 15, "Goods track", 12, weight="bold")]
    for k, r in enumerate(C.GOODS_TRACK):
        name = C.RESOURCES[r]
        cap = C.FOOD_CAP if r == C.FOOD else C.GOOD_CAP
        v = pl.res[r]
        y = 22 + k * row
        bw = 180
        body.append(f'<g{_acts(f"good:{p}:{name}", clickable)} data-good="{name}">')
        body.append(_text(8, y + 11, name, 11))
        body.append(f'<rect x="56" y="{y + 2}" width="{bw}" height="11" rx="3" '
                    'fill="#fff" stroke="#aaa"/>')
        body.append(f'<rect x="56" y="{y + 2}" width="{bw * v / cap:.1f}" height="11" rx="3" '
                    f'fill="{RES_FILL[name]}" stroke="#777"/>')
        body.append(_text(244, y + 12, f"{v}", 11, weight="bold"))
        body.append(f"<title>{name}: {v} of {cap}</title></g>")
    y0 = 22 + 5 * row + 10
    for k, name in enumerate(supply):
        c, r = k % 3, k // 3
        x, y = 6 + c * 97, y0 + r * 20
        v = pl.res[TT.TT_RES_INDEX[name]]
        label = _SUPPLY_LABEL.get(name, name.replace("_", " "))
        full = SUPPLY_NAME.get(name, name.replace("_", " "))
        body.append(f'<g data-res="{name}"{_info(name)}><rect x="{x}" y="{y}" width="20" '
                    f'height="14" rx="2" fill="{RES_FILL[name]}" stroke="#555"/>')
        body.append(_text(x + 10, y + 11, f"{v}", 10, anchor="middle", weight="bold",
                          fill="#111" if v else "#777"))
        body.append(_text(x + 23, y + 11, label, 10, fill="#222" if v else "#888"))
        body.append(f"<title>{escape(full)}: {v}</title></g>")
    return _svg(w, h, body, f"goods of player {p + 1}", "goods")


# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------
def tools_panel(s: State, p: int, clickable: Clickable) -> str:
    pl = s.players[p]
    w, row = 300, 16
    names = TT.TT_TOOLS[:len(pl.tools)]     # Tea & Trade: the Digging Spade track too
    h = 22 + len(names) * row + 6
    body = [f'<rect width="{w}" height="{h}" rx="8" fill="#f4efe4"/>',
            _text(8, 15, "Tools", 12, weight="bold")]
    for t, name in enumerate(names):
        y = 20 + t * row
        body.append(f'<g{_acts(f"tool:{p}:{name}", clickable)} data-tool="{name}"'
                    f'{_info(name)}>')
        body.append(_text(8, y + 11, name.replace("_", " "), 10))
        for k, v in enumerate(TT.TT_TOOL_VALUES[t]):
            x = 130 + k * 26
            on = pl.tools[t] == k
            body.append(f'<rect x="{x}" y="{y + 1}" width="22" height="13" rx="3" '
                        f'fill="{"#394" if on else "#fff"}" stroke="#888"/>')
            body.append(_text(x + 11, y + 11, str(v), 10, anchor="middle",
                              fill="#fff" if on else "#555",
                              weight="bold" if on else "normal"))
        body.append(f"<title>{name.replace('_', ' ')}: "
                    f"{TT.TT_TOOL_VALUES[t][pl.tools[t]]}</title></g>")
    return _svg(w, h, body, f"tools of player {p + 1}", "tools")


# ---------------------------------------------------------------------------
# Barn and travel
# ---------------------------------------------------------------------------
def _load_label(load: view.Load) -> str:
    item = str(load.item)
    if load.kind == "destination":
        return item.capitalize()
    return item.replace("_wear", " w.").replace("_", " ")


def barn_panel(s: State, p: int, clickable: Clickable) -> str:
    """The barn: each piece of equipment; vehicles with their cells and loads."""
    barn = view.barn(s, p)
    w, unit = 300, 44
    rows = max(1, len(barn))
    h = 24 + rows * 34 + 4
    body = [f'<rect width="{w}" height="{h}" rx="8" fill="#efe3cf"/>',
            _text(8, 15, "Barn" + ("" if barn else ": empty"), 12, weight="bold")]
    for i, item in enumerate(barn):
        kind = item.kind
        y = 22 + i * 34
        body.append(f'<g{_acts(f"barn:{p}:{i}", clickable)} data-barn="{i}" '
                    f'data-kind="{kind}"{_info(kind)}>')
        body.append(f'<rect x="6" y="{y}" width="{w - 12}" height="30" rx="5" fill="#fff8ea" '
                    'stroke="#8c7553"/>')
        body.append(_text(12, y + 19, kind.replace("_", " "), 11, weight="bold"))
        widths = C.VEHICLE_CELLS.get(kind)
        if widths:
            x = 122
            loads = item.loads
            for j, cw in enumerate(widths):
                load = loads[j] if j < len(loads) else view.Load("empty")
                cellw = cw * unit
                fill = ("#fff" if load.kind == "empty" else "#e9d8b8" if load.kind == "covered"
                        else "#f7dc9b" if load.kind == "destination"
                        else RES_FILL.get(str(load.item), "#ddd"))
                body.append(f'<rect x="{x}" y="{y + 4}" width="{cellw - 3}" height="22" '
                            f'rx="3" fill="{fill}" stroke="#8c7553"/>')
                if load.kind in ("good", "destination"):
                    body.append(_text(x + 3, y + 19, _load_label(load)[:9], 9))
                x += cellw
        body.append(f"<title>{escape(kind.replace('_', ' '))}</title></g>")
    return _svg(w, h, body, f"barn of player {p + 1}", "barn")


def harbor_panel(s: State, p: int, clickable: Clickable) -> str:
    """Tea & Trade: the harbor's four spaces (two for Fishing Cutters, two for Trading
    Ships), each ship with its side and the load of each of its spaces."""
    ships = view.harbor(s, p)
    w, unit = 300, 40
    kinds = tuple(TT.HARBOR_SPACES)
    rows = sum(TT.HARBOR_SPACES.values())
    h = 24 + rows * 34 + 4
    body = [f'<rect width="{w}" height="{h}" rx="8" fill="#dbe9f1"/>',
            _text(8, 15, "Harbor" + ("" if ships else ": no ship yet"), 12, weight="bold")]
    k = 0
    for kind in kinds:
        mine = [sh for sh in ships if TT.SHIP_KIND.get(sh.kind) == kind]
        for n in range(TT.HARBOR_SPACES[kind]):
            y = 22 + k * 34
            k += 1
            if n >= len(mine):
                body.append(f'<g data-harbor-space="{kind}"><rect x="6" y="{y}" '
                            f'width="{w - 12}" height="30" rx="5" fill="none" stroke="#7d98aa" '
                            'stroke-dasharray="4 3"/>'
                            + _text(12, y + 19, f"space for a {kind.replace('_', ' ')}", 10,
                                    fill="#6a8293")
                            + "</g>")
                continue
            ship = mine[n]
            name = TT.SHIP_NAME.get(ship.kind, ship.kind)
            vp = TT.SHIPS[ship.kind].vp if ship.kind in TT.SHIPS else 0
            body.append(f'<g{_acts(f"ship:{p}:{ship.slot}", clickable)} '
                        f'data-ship="{ship.slot}" data-kind="{escape(ship.kind)}">'
                        f'<rect x="6" y="{y}" width="{w - 12}" height="30" rx="5" '
                        'fill="#f3f8fb" stroke="#45697f"/>')
            body.append(_text(12, y + 13, name.replace("Fishing ", ""), 10, weight="bold"))
            body.append(_text(12, y + 25, f"h{ship.slot} · {vp} VP", 9, fill="#456"))
            x = 128
            for load in ship.loads:
                fill = ("#fff" if load.kind == "empty" else "#cfdfe8" if load.kind == "covered"
                        else RES_FILL.get(str(load.item), "#ddd"))
                body.append(f'<rect x="{x}" y="{y + 4}" width="{unit - 3}" height="22" '
                            f'rx="3" fill="{fill}" stroke="#45697f"/>')
                if load.kind == "good":
                    label = _CELL_LABEL.get(str(load.item), _load_label(load))
                    body.append(_text(x + 3, y + 19, label[:8], 8,
                                      fill="#fff" if load.item == "east_frisian_tea"
                                      else "#222"))
                x += unit
            cargo = ", ".join(SUPPLY_NAME.get(str(x.item), str(x.item).replace("_", " "))
                              for x in ship.loads if x.kind == "good")
            body.append(f"<title>{escape(name)} (harbor position h{ship.slot})"
                        f"{': ' + escape(cargo) if cargo else ''}</title></g>")
    return _svg(w, h, body, f"harbor of player {p + 1}", "harbor")


def travel_panel(s: State, p: int) -> str:
    """The Travel Experience track: destinations reached so far (and loaded ones)."""
    pl = s.players[p]
    loaded = list(view.destinations_used(s, p)[len(pl.travel):])
    w, sq = 300, 14
    h = 62
    body = [f'<rect width="{w}" height="{h}" rx="8" fill="#f4efe4"/>',
            _text(8, 15, "Travel experience", 12, weight="bold")]
    x = 8
    covered = 0
    for d, pending in [(d, False) for d in pl.travel] + [(d, True) for d in loaded]:
        n = C.DESTINATION_SIZE.get(d, 1)
        for _ in range(n):
            if covered >= C.TRAVEL_TRACK_LEN:
                break
            body.append(f'<rect x="{x + covered * sq}" y="22" width="{sq - 1}" height="14" '
                        f'fill="{"#f7dc9b" if pending else "#d9a441"}" stroke="#7a6a55"'
                        f'{_info(d)}>'
                        f"<title>{escape(d.capitalize())}</title></rect>")
            covered += 1
    for k in range(covered, C.TRAVEL_TRACK_LEN):
        body.append(f'<rect x="{x + k * sq}" y="22" width="{sq - 1}" height="14" fill="#fff" '
                    'stroke="#bbb"/>')
    names = ", ".join(d.capitalize() for d in pl.travel) or "none yet"
    if loaded:
        names += " (loaded: " + ", ".join(d.capitalize() for d in loaded) + ")"
    body.append(_text(8, 52, names[:60], 10, fill="#444"))
    return _svg(w, h, body, f"travel of player {p + 1}", "travel")
