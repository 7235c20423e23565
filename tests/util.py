"""Helpers for rules tests: build a position by hand, then drive it through the API."""

from __future__ import annotations

from typing import Any

import arle
from arle.data import catalog as C
from arle.state import State


def fresh(players: int = 1, seed: int = 0, buildings: Any = "first-game",
          promos: bool = False, **kw: Any) -> State:
    """A new game (first-game buildings unless told otherwise)."""
    return arle.new_game(players=players, seed=seed, buildings=buildings, promos=promos, **kw)


def touch(s: State) -> State:
    """Call after editing a state by hand: drops the cached legal actions."""
    s._legal = None
    return s


def set_res(s: State, p: int = 0, **amounts: int) -> State:
    """Set resources by name, e.g. ``set_res(s, 0, wood=5, food=10)``."""
    for name, n in amounts.items():
        s.players[p].res[C.RES_INDEX[name]] = n
    return touch(s)


def res(s: State, p: int, name: str) -> int:
    return s.players[p].res[C.RES_INDEX[name]]


def set_animals(s: State, p: int = 0, sheep: int | None = None, cattle: int | None = None,
                horse: int | None = None) -> State:
    a = s.players[p].animals
    for i, v in enumerate((sheep, cattle, horse)):
        if v is not None:
            a[i] = v
    return touch(s)


def set_tool(s: State, p: int, tool: str, value: int) -> State:
    """Put a tool indicator on the space showing ``value``."""
    t = C.TOOL_INDEX[tool]
    s.players[p].tools[t] = C.TOOL_VALUES[t].index(value)
    return touch(s)


def winter(s: State) -> State:
    """Make the current (unstarted) half year a Winter one: half year 2."""
    assert s.turn == 0 and not s.stack
    s.half_year = 2
    return touch(s)


def legal(s: State) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def do(s: State, *texts: str) -> State:
    for t in texts:
        s.apply(t)
    return s


def play_out_half_year(s: State) -> State:
    """Skip the remaining workers, end the Work Phase, feed plainly and finish: stops at
    the start of the next half year (or at the end of the game)."""
    hy = s.half_year
    while s.half_year == hy and not s.is_terminal():
        acts = legal(s)
        for choice in ("skip", "end", "feed", "finish"):
            if choice in acts:
                s.apply(choice)
                break
        else:
            s.apply(sorted(a for a in acts if a.startswith("feed"))[0])
    return s
