"""Which observation layout a game uses, by its expansion and player count, and the
layouts by name (a dataset or a model file records the name of the one it holds).

>>> layout_name("tea-and-trade", 3), layout_named("base").size == BASE_LAYOUT.size
('tea-and-trade-3p', True)
>>> layout_for("tea-and-trade", 3) is THREE_LAYOUT
True
"""

from __future__ import annotations

from arle.encoding.tea_trade import BASE_LAYOUT, TT_LAYOUT, Layout
from arle.encoding.three import THREE_LAYOUT
from arle.state import State

__all__ = ["LAYOUT_NAMES", "layout_for", "layout_name", "layout_named", "state_layout_name"]

#: The name of every layout (a dataset or a model file records the one it holds).
LAYOUT_NAMES = ("base", "tea-and-trade", "tea-and-trade-3p")


def layout_for(expansion: str | None, players: int = 2) -> Layout:
    """The observation layout of games with ``expansion`` (None: the base game) and
    ``players`` (3: the 3-player layout, :mod:`arle.encoding.three`)."""
    if expansion is None:
        return BASE_LAYOUT
    if expansion == "tea-and-trade":
        return THREE_LAYOUT if players == 3 else TT_LAYOUT
    raise ValueError(f"unknown expansion {expansion!r} (known: tea-and-trade)")


def layout_name(expansion: str | None, players: int = 2) -> str:
    """The name of the layout of games with ``expansion`` and ``players`` (see
    :func:`layout_for`)."""
    layout_for(expansion, players)                  # refuses an unknown expansion
    if expansion is None:
        return "base"
    return f"{expansion}-3p" if players == 3 else expansion


def state_layout_name(s: State) -> str:
    """The name of the layout of the game ``s``."""
    expansion = s.setup.get("expansion")
    return layout_name(None if expansion is None else str(expansion), s.n)


def layout_named(name: str) -> Layout:
    """The layout called ``name`` (one of :data:`LAYOUT_NAMES`)."""
    if name == "base":
        return BASE_LAYOUT
    if name == "tea-and-trade":
        return TT_LAYOUT
    if name == "tea-and-trade-3p":
        return THREE_LAYOUT
    raise ValueError(f"unknown observation layout {name!r} (known: {', '.join(LAYOUT_NAMES)})")
