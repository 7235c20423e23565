"""Small words of the terminal: names (the presenter's), the season line, packing segments into
lines."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text

from arle import presenter, view
from arle.actions import Action
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.state import State

__all__ = ["BENCHMARK_SOLO", "CELL", "EQUIPMENT_NAMES", "PANEL_WIDTH", "SEASONS", "SPACE_SEASON",
           "TEA_NAMES", "TILE_STYLE", "building_name", "destination_name", "figure_name", "fmt_vp",
           "imitate_cost", "is_expansion", "is_three", "last_half_year", "pack", "player_name",
           "plural", "res_name", "season_line", "season_spaces", "season_words", "space_name",
           "space_season"]


#: Each base or Tea & Trade (1-2 players) space's season, for a listing without a position.
SPACE_SEASON = {**C.SPACE_SEASON, **TT.TT_SPACE_SEASON}


#: The solo benchmark of the rulebook's solo variant (one source: the presenter's).
BENCHMARK_SOLO = presenter.SOLO_BENCHMARK

CELL = 14  # characters per home-board cell
PANEL_WIDTH = 84  # a player's panel; two fit side by side in 170 columns
SEASONS = ("Summer", "Winter")
EQUIPMENT_NAMES: dict[str, str] = {e: presenter.equipment_name(e) for e in C.EQUIPMENT}
TILE_STYLE = {
    "moor": "magenta", "dmoor": "magenta", "boardwalk": "magenta",
    "field_grain": "yellow", "field_flax": "blue", "forest": "green", "park": "green",
    "stall": "red", "depot": "red", "stable": "red", "double_stall": "red",
}


# ---------------------------------------------------------------------------
# Small words
# ---------------------------------------------------------------------------
#: Tea & Trade's resources, in the words the presenter names them.
TEA_NAMES = {r: presenter.resource_name(r) for r in ("tea", "east_frisian_tea")}


def is_expansion(s: State) -> bool:
    """Whether ``s`` is a Tea & Trade game (its setup names the expansion)."""
    return s.setup.get("expansion") == "tea-and-trade"


def is_three(s: State) -> bool:
    """Whether ``s`` is a 3-player game (Tea & Trade's)."""
    return len(s.players) == 3


#: The game's last half year (one source: :func:`arle.view.last_half_year`).
last_half_year = view.last_half_year


#: A season's action spaces and a space's season (one source: :mod:`arle.view`).
season_spaces = view.season_spaces
space_season = view.space_season


def imitate_cost(s: State) -> str:
    """What the next Imitate of this half year costs (T52: the first 1 Food, then 2)."""
    return presenter.option_cost(Action("place", (TT.IMITATE_SPACES[0],)), s)


#: Names and figures, one source each (:mod:`arle.presenter`).
player_name = presenter.player_name
fmt_vp = presenter.fmt_vp
res_name = presenter.resource_name
building_name = presenter.building_name
space_name = presenter.space_name


destination_name = presenter.destination_name


def season_words(s: State) -> str:
    """``Summer (July–October)``, or during the inventory that closes the half year
    ``Summer, the November inventory``."""
    return presenter.season_text(s)


def season_line(s: State, compact: bool = False) -> Text:
    """Half year, season and months, start player and who is to move (``compact``:
    short enough for 80 columns)."""
    hy, last = s.half_year, last_half_year(s)
    t = Text(f"Half year {hy}/{last}" if compact else f"Half year {hy} of {last}",
             style="bold")
    t.append(f" · {season_words(s)}")
    if len(s.players) > 1:
        t.append(f" · {'start' if compact else 'start player'}: "
                 f"{player_name(s.start_player)}")
    if s.is_terminal():
        t.append(" · game over", style="bold")
    else:
        t.append(f" · to move: {player_name(s.current_player)}", style="bold")
    return t


def figure_name(key: str) -> str:
    if key in TEA_NAMES:
        return TEA_NAMES[key]
    return key if key in ("VP", "dike moves", "buildings", "travel") else res_name(key)


def pack(segments: Sequence[str], width: int, sep: str = " │ ") -> list[str]:
    """Segments joined by ``sep`` into lines of at most ``width`` characters (a segment
    longer than a line is wrapped on its own)."""
    lines: list[str] = []
    cur = ""
    for seg in segments:
        if not seg:
            continue
        joined = f"{cur}{sep}{seg}" if cur else seg
        if len(joined) <= width:
            cur = joined
            continue
        if cur:
            lines.append(cur)
        if len(seg) <= width:
            cur = seg
        else:
            parts = textwrap.wrap(seg, width)
            lines += parts[:-1]
            cur = parts[-1]
    if cur:
        lines.append(cur)
    return lines


def plural(n: int, word: str, words: str) -> str:
    return f"{n} {word if n == 1 else words}"
