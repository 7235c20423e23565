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
from arle.data.tea_trade import TT_BUILDING_COLOR, TT_BUILDING_NAME, TT_BUILDING_VP
from arle.data import texts
from arle.state import State

__all__ = ["PLAYER_COLORS", "action_board", "buildings_board", "home_board", "goods_panel",
           "tools_panel", "barn_panel", "travel_panel", "special_board", "building_cost_text",
           "Clickable"]

#: Element key -> legal action texts it stands for (see :func:`arle.web.views.clickable`).
Clickable = dict[str, list[str]]

PLAYER_COLORS = ("#c0392b", "#2468b4")
PLAYER_LIGHT = ("#f6d5d0", "#d3e3f6")
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
    "leather_wear": "#c99a6b",
}
ANIMAL_FILL = {"sheep": "#f7f7f2", "cattle": "#7b4a2b", "horse": "#3b2f2a"}


# Building names, VP and colours in every game, Tea & Trade's tiles included.
_BNAME = {**C.BUILDING_NAME, **TT_BUILDING_NAME}
_BVP = {**C.BUILDING_VP, **TT_BUILDING_VP}
_BCOLOR = {**C.BUILDING_COLOR, **TT_BUILDING_COLOR}


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
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{PLAYER_COLORS[p % 2]}" '
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
                clickable: Clickable, small: bool = False) -> str:
    key = f"space:{sp}"
    occupied = s.occupied.get(sp)
    act = _acts(key, clickable)
    fill = "#fffaf0" if C.SPACE_SEASON[sp] == 0 else "#eef4fb"
    if occupied is not None:
        fill = PLAYER_LIGHT[occupied % 2]
    out = [f'<g{act}{_info(sp)} data-space="{sp}">',
           f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" '
           f'stroke="#7a6a55" stroke-width="1"/>']
    name = C.SPACE_NAME.get(sp, sp)
    if small:
        out.append(_text(x + 6, y + h / 2 + 4, name, 10))
    else:
        out.append(_text(x + 7, y + 16, name, 12, weight="bold"))
        out.append(_text(x + 7, y + 33, SPACE_TEXT.get(sp, ""), 10, fill="#444"))
    if occupied is not None:
        out.append(_worker(x + w - 14, y + (h / 2 if small else 16), occupied,
                           6 if small else 9))
    out.append(f"<title>{escape(name)}: {escape(SPACE_TEXT.get(sp, ''))}</title></g>")
    return "".join(out)


def action_board(s: State, clickable: Clickable) -> str:
    """The season's 15 action spaces, with workers and the spaces one may use now."""
    season = s.season
    spaces = C.SUMMER_SPACES if season == 0 else C.WINTER_SPACES
    cw, ch, gap = 178, 44, 8
    cols, rows = 3, 5
    w = cols * cw + (cols + 1) * gap
    h = rows * ch + (rows + 1) * gap + 22
    body = [f'<rect width="{w}" height="{h}" rx="10" '
            f'fill="{"#f5e6c4" if season == 0 else "#d9e6f2"}"/>',
            _text(gap, 16, ("Summer" if season == 0 else "Winter") + " action spaces", 13,
                  weight="bold")]
    for i, sp in enumerate(spaces):
        c, r = i % cols, i // cols
        body.append(_space_card(sp, gap + c * (cw + gap), 22 + gap + r * (ch + gap), cw, ch,
                                s, clickable))
    return _svg(w, h, body, "action board", "action-board")


def special_board(s: State, clickable: Clickable) -> str:
    """The other season's spaces (the Special Action of a two-player game)."""
    other = C.WINTER_SPACES if s.season == 0 else C.SUMMER_SPACES
    cw, ch, gap = 134, 24, 5
    cols = 4
    rows = (len(other) + cols - 1) // cols
    w = cols * cw + (cols + 1) * gap
    h = rows * (ch + gap) + gap + 20
    used = s.special >= 0
    title = ("Special Action: other season's spaces"
             + (f" (used by Player {s.special + 1})" if used else ""))
    body = [f'<rect width="{w}" height="{h}" rx="8" fill="#ece8e0"/>',
            _text(gap, 14, title, 11, weight="bold")]
    for i, sp in enumerate(other):
        c, r = i % cols, i // cols
        body.append(_space_card(sp, gap + c * (cw + gap), 20 + r * (ch + gap), cw, ch, s,
                                clickable, small=True))
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
        name = _BNAME.get(b, b)
        body.append(_text(x + 6, y + 15, name, 11 if len(name) < 19 else 9, weight="bold",
                          fill=ink))
        body.append(_text(x + cw - 6, y + 15, f"{_BVP.get(b, 0)} VP", 10,
                          anchor="end", fill=ink))
        body.append(_text(x + 6, y + 33, building_cost_text(b), 9, fill=ink))
        body.append(f"<title>{escape(_BNAME.get(b, b))}</title></g>")
    return _svg(w, h, body, "buildings", "buildings-board")


# ---------------------------------------------------------------------------
# Home board
# ---------------------------------------------------------------------------
def home_board(s: State, p: int, clickable: Clickable) -> str:
    """A 3x7 home board: tidal flats above the dike line, land, tiles and moors."""
    pl = s.players[p]
    cw, ch = 86, 40
    ox, oy = 12, 24
    w = ox * 2 + 3 * cw
    h = oy + 7 * ch + 64
    land_row = C.first_land_row(pl.dikes)
    body = [f'<rect width="{w}" height="{h}" rx="10" fill="#e9e2cf"/>',
            _text(ox, 16, f"Home board of Player {p + 1}", 12, weight="bold",
                  fill=PLAYER_COLORS[p % 2])]
    cells = view.cells(s, p)
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
        if tile == "" and r < land_row:
            fill, label = "#a9c7d6", "tidal flat"
        elif here.building is not None:
            b = here.building
            fill = BUILDING_FILL.get(_BCOLOR.get(b, ""), "#ddd")
            label = _BNAME.get(b, b)
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
        body.append(f"<title>{escape(label or 'pasture')}</title></g>")
    # dikes: pieces along the gaps above rows 3, 2, 1 and 0
    gaps = C.DIKE_SEQUENCE[min(pl.dikes, len(C.DIKE_SEQUENCE) - 1)]
    for g, n in enumerate(gaps):
        y = oy + (3 - g) * ch
        for k in range(n):
            body.append(f'<rect x="{ox + k * cw + 6}" y="{y - 3}" width="{cw - 12}" '
                        'height="6" rx="2" fill="#6d6152" stroke="#2d261d" stroke-width="0.6">'
                        "<title>dike</title></rect>")
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


# ---------------------------------------------------------------------------
# Goods track and supply
# ---------------------------------------------------------------------------
def goods_panel(s: State, p: int, clickable: Clickable) -> str:
    """The goods track (Food 0..30, the others 0..15) and the personal supply."""
    pl = s.players[p]
    w, row = 300, 17
    supply = [C.RESOURCES[r] for r in C.SUPPLY_ITEMS]
    h = 22 + 5 * row + 10 + ((len(supply) + 3) // 4) * 22 + 6
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
        c, r = k % 4, k // 4
        x, y = 8 + c * 72, y0 + r * 22
        v = pl.res[C.RES_INDEX[name]]
        label = name.replace("_wear", " w.")
        body.append(f'<g data-res="{name}"><rect x="{x}" y="{y}" width="14" height="14" '
                    f'rx="2" fill="{RES_FILL[name]}" stroke="#555"/>')
        body.append(_text(x + 18, y + 11, f"{v} {label}", 10,
                          weight="bold" if v else "normal", fill="#222" if v else "#999"))
        body.append(f"<title>{name.replace('_', ' ')}: {v}</title></g>")
    return _svg(w, h, body, f"goods of player {p + 1}", "goods")


# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------
def tools_panel(s: State, p: int, clickable: Clickable) -> str:
    pl = s.players[p]
    w, row = 300, 16
    h = 22 + len(C.TOOLS) * row + 6
    body = [f'<rect width="{w}" height="{h}" rx="8" fill="#f4efe4"/>',
            _text(8, 15, "Tools", 12, weight="bold")]
    for t, name in enumerate(C.TOOLS):
        y = 20 + t * row
        body.append(f'<g{_acts(f"tool:{p}:{name}", clickable)} data-tool="{name}"'
                    f'{_info(name)}>')
        body.append(_text(8, y + 11, name.replace("_", " "), 10))
        for k, v in enumerate(C.TOOL_VALUES[t]):
            x = 130 + k * 26
            on = pl.tools[t] == k
            body.append(f'<rect x="{x}" y="{y + 1}" width="22" height="13" rx="3" '
                        f'fill="{"#394" if on else "#fff"}" stroke="#888"/>')
            body.append(_text(x + 11, y + 11, str(v), 10, anchor="middle",
                              fill="#fff" if on else "#555",
                              weight="bold" if on else "normal"))
        body.append(f"<title>{name.replace('_', ' ')}: "
                    f"{C.TOOL_VALUES[t][pl.tools[t]]}</title></g>")
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
