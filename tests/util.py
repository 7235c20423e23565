"""Helpers for rules tests: build a position by hand, then drive it through the API."""

from __future__ import annotations

from typing import Any

import arle
from arle import position
from arle.data import catalog as C
from arle.state import State


def fresh(players: int = 1, seed: int = 0, buildings: Any = "first-game",
          promos: bool = False, **kw: Any) -> State:
    """A new game (first-game buildings unless told otherwise)."""
    return arle.new_game(players=players, seed=seed, buildings=buildings, promos=promos, **kw)


def touch(s: State) -> State:
    """Call after editing a state by hand: makes it a checked start position (in place)
    through the public helper :func:`arle.position.commit`."""
    return position.commit(s)


def set_res(s: State, p: int = 0, **amounts: int) -> State:
    """Set resources by name, e.g. ``set_res(s, 0, wood=5, food=10)``."""
    return position.edit(s, p, res=amounts, in_place=True)


def res(s: State, p: int, name: str) -> int:
    return s.players[p].res[C.RES_INDEX[name]]


def set_animals(s: State, p: int = 0, sheep: int | None = None, cattle: int | None = None,
                horse: int | None = None) -> State:
    counts = {k: v for k, v in (("sheep", sheep), ("cattle", cattle), ("horse", horse))
              if v is not None}
    return position.edit(s, p, animals=counts, in_place=True)


def set_tool(s: State, p: int, tool: str, value: int) -> State:
    """Put a tool indicator on the space showing ``value``."""
    return position.edit(s, p, tools={tool: value}, in_place=True)


def only(s: State, p: int = 0, **amounts: int) -> State:
    """Empty the player's goods track and supply, then set the named amounts."""
    return position.edit(s, p, res=amounts, only=True, in_place=True)


def top(s: State) -> str | None:
    """The kind of the pending decision frame (None outside any frame)."""
    return s.stack[-1].KIND if s.stack else None


def home(s: State, p: int = 0) -> float:
    """Player ``p``'s home-board score now."""
    return s.scores()[p].categories["home_board"]


def winter(s: State) -> State:
    """Make the current (unstarted) half year a Winter one: half year 2."""
    assert s.turn == 0 and not s.stack
    return position.edit(s, half_year=2, in_place=True)


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


# The example of docs/SCORING_PAD.md.  By hand:
#   clothing and materials: timber 3 x 1/2 + brick 2 + linen 1 + leather 2 + summer wear 2
#                           + leather wear 2.5 (wood, clay, peat 0) = 11
#   equipment: plow 3 + peat boat 1 + droshky 5, a large vehicle so no -3 = 9
#   travel: hage 1 + emden 3 = 4 covered spaces -> 3
#   tools: fish traps at 6 -> 3; all other tracks at their start -> 0 = 3
#   goods track: food 12 (as 12 + 0) 2 + grain 7 1 + flax 0 + hide 3 0 + wool 15 3 = 6;
#                no depot, not doubled
#   home board: village church 15 + mill 6 + 1 stall 2 + 1 forest 2 - 2 moors x 4
#               - top row (4 dikes moved: none in the top gap) 3 = 14
#   animals: 6 sheep, 4 cattle, 5 horses -> 2 x 4 + 5 = 13
#   bottlenecks: -2
#   total: 11 + 9 + 3 + 3 + 6 + 14 + 13 - 2 = 57
EXAMPLE_FARM: dict[str, Any] = {
    "goods": {"food": 12, "grain": 7, "flax": 0, "hide": 3, "wool": 15},
    "supply": {"wood": 0, "clay": 1, "timber": 3, "brick": 2, "peat": 4, "linen": 1,
               "woolen": 0, "leather": 2, "summer_wear": 1, "winter_wear": 0,
               "leather_wear": 1},
    "animals": {"sheep": 6, "cattle": 4, "horses": 5},
    "tools": {"fish_traps": 6, "fleshing_beams": 3, "weaving_looms": 2,
              "slaughtering_tables": 2, "spades": 3, "shovels": 3, "pottery_wheels": 2,
              "ovens": 1, "axes": 3, "workbenches": 2},
    "barn": ["plow", "peat_boat", "droshky"],
    "travel": ["hage", "emden"],
    "home_board": {"buildings": ["village_church", "mill"], "stalls": 1, "depots": 0,
                   "stables": 0, "double_stalls": 0, "forests": 1, "parks": 0, "moors": 2,
                   "dehydrated_moors": 0, "boardwalk": False, "dikes_moved": 4},
    "supply_bottlenecks": -2,
}


def settle(s: State, *kinds: str) -> State:
    """Answer every pending decision of these kinds (default: the Tea & Trade cell and
    dike choices) with its first legal action, e.g. after a placement whose own rule
    is not the test's subject."""
    kinds = kinds or ("cell", "dikes")
    while s.stack and s.stack[-1].KIND in kinds:
        s.apply(s.legal_actions()[0])
    return s


def played_record(seed: int, players: int = 1, expansion: str | None = None,
                  bot: str = "greedy:noise=2") -> dict[str, Any]:
    """The record of a whole game played by the bot ``bot`` in every seat (seeded)."""
    import arle.bots
    s = (arle.new_game(players=players, seed=seed) if expansion is None
         else arle.new_game(players=players, seed=seed, expansion=expansion))
    bots = [arle.bots.get(bot, seed=seed + i) for i in range(players)]
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        s.apply(bots[p].choose(s))
    return s.record()

