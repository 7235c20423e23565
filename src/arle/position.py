"""Build positions by hand, honestly: for tests, puzzles and analysis.

A position set up by hand (five Wood here, a second Stall there) is not reachable from
a new game by its history, so :meth:`arle.State.from_json` would refuse it.  The helpers
here make such a position a *start position*: it is checked like any saved state
(types, ranges, counts that add up, animals housed), recorded in the setup as
``setup["position"]`` (like a chess FEN start) and the history starts empty, so
``record()``, :func:`arle.replay` and ``from_json`` all work from it
(replay = start position + history).

>>> import arle
>>> from arle.position import edit
>>> s = edit(arle.new_game(players=1, seed=1), res={"wood": 9}, animals={"sheep": 2})
>>> s.players[0].res[5], s.players[0].animals
(9, [2, 0, 1])
>>> arle.State.from_json(s.to_json()) == s
True

The limited supplies (fields, stalls, stables, forests, equipment) are settled for you:
the supply holds whatever the players do not (a ValueError if they hold more than the
game has), and a building a player holds leaves the game board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.state import Player, State

__all__ = ["edit", "commit"]

_PLAYER_FIELDS = ("grid", "barn", "buildings", "travel", "moor_peat", "bw_peat", "dikes",
                  "bottleneck")
#: Tea & Trade games also: the ditch mask, the dike columns per gap and the harbor.
_TT_PLAYER_FIELDS = ("ditches", "dike_cols", "harbor")


def edit(state: State, player: int = 0, *,
         res: Mapping[str, int] | None = None,
         only: bool = False,
         animals: Mapping[str, int] | Iterable[int] | None = None,
         tools: Mapping[str, int] | None = None,
         half_year: int | None = None,
         start_player: int | None = None,
         cells: Mapping[int | str, str] | None = None,
         built: Mapping[str, int | str] | None = None,
         equipment: Iterable[str] | None = None,
         dehydrated: Iterable[int] | None = None,
         supply: Mapping[str, int] | None = None,
         in_place: bool = False,
         **fields: Any) -> State:
    """A new, checked state: ``state`` with player ``player``'s belongings changed, as a
    start position.  ``state`` itself is not changed.

    ``res`` sets resources by name (``{"wood": 5, "food": 10}``); with ``only=True``
    every other resource is set to 0 first.  ``animals`` sets counts by name
    (``{"sheep": 3}``) or all three as ``(sheep, cattle, horses)``.  ``tools`` puts
    tool indicators on the space showing a value (``{"fish_traps": 4}``).
    ``half_year`` changes the half year and ``start_player`` the player who starts it
    (both only before the half year's first worker).

    The farm: ``cells`` puts tiles on home-board cells, named by index 0..20 (row-major
    from the top) or as ``"R,C"`` (row from the sea, column, as ``cell R,C``), e.g.
    ``{"3,0": "field", 10: ""}`` (``""`` empties a cell).  ``built`` gives buildings,
    each on its cell (``{"mill": "4,0"}``).  ``equipment`` adds barn items by kind,
    unloaded (``["plow", "cart"]``).  ``dehydrated`` turns the Moor tiles of these
    columns (0..2) to their dehydrated side, with their full Peat.  ``supply`` sets
    tiles of a limited supply aside (``{"stable": 0}``): the supply can hold fewer than
    the players leave it, never more.  ``cells`` apply before ``built``, and both after
    a ``grid`` keyword.

    Other keyword arguments replace a player field as saved (``grid``, ``barn``,
    ``buildings``, ``travel``, ``moor_peat``, ``bw_peat``, ``dikes``, ``bottleneck``; see
    docs/STATE_FORMAT.md).  Raises ValueError naming the field if the result is not a
    valid position.  With ``in_place=True`` ``state`` itself becomes the new position
    (unchanged if the edit is refused) and is returned.

    >>> import arle
    >>> s = edit(arle.new_game(players=2, seed=3), 1, cells={"3,0": "stable"},
    ...          built={"mill": 10}, equipment=["plow"], supply={"stable": 1},
    ...          start_player=1)
    >>> s.players[1].grid[9], s.players[1].grid[10], s.players[1].barn
    ('stable', 'b:mill', [['plow']])
    >>> s.start_player, s.pool["stable"], "mill" in s.board
    (1, 1, False)
    >>> edit(s, cells={"9,0": "field"})
    Traceback (most recent call last):
    ...
    ValueError: cells.9,0: no such cell (rows 0..6, columns 0..2)
    """
    if type(player) is not int or not 0 <= player < state.n:
        raise ValueError(f"player: no player {player!r} in a {state.n}-player game")
    s = state.clone()
    pl = s.players[player]
    # Expansion games add Tea, East Frisian Tea and the Digging Spade track.
    tt = "expansion" in s.setup
    names, index = (TT.TT_RESOURCES, TT.TT_RES_INDEX) if tt else (C.RESOURCES, C.RES_INDEX)
    tracks, values_of = ((TT.TT_TOOL_INDEX, TT.TT_TOOL_VALUES) if tt
                         else (C.TOOL_INDEX, C.TOOL_VALUES))
    if only:
        pl.res = [0] * len(names)
    for name, n in (res or {}).items():
        if name not in index:
            raise ValueError(f"res.{name}: unknown resource (known: {list(names)})")
        pl.res[index[name]] = n
    if animals is not None:
        if isinstance(animals, Mapping):
            for name, n in animals.items():
                key = {"horses": "horse"}.get(name, name)
                if key not in C.ANIMAL_INDEX:
                    raise ValueError(f"animals.{name}: unknown animal")
                pl.animals[C.ANIMAL_INDEX[key]] = n
        else:
            counts = list(animals)
            if len(counts) != 3:
                raise ValueError("animals: expected (sheep, cattle, horses)")
            pl.animals = counts
    for name, value in (tools or {}).items():
        if name not in tracks:
            raise ValueError(f"tools.{name}: unknown tool track")
        t = tracks[name]
        if value not in values_of[t]:
            raise ValueError(f"tools.{name}: the track shows {values_of[t]}, "
                             f"not {value!r}")
        pl.tools[t] = values_of[t].index(value)
    if tt and "dikes" in fields and "dike_cols" not in fields:
        from arle.engine.farm import next_dike_cols, start_dike_cols
        cols = start_dike_cols()
        for k in range(int(fields["dikes"]) if isinstance(fields["dikes"], int) else 0):
            if k < C.MAX_DIKE_MOVES:
                cols = next_dike_cols(cols, k)
        fields = {**fields, "dike_cols": cols}
    fields = _farm_fields(pl, fields, cells, built, equipment, dehydrated)
    for name, value in fields.items():
        if name not in _PLAYER_FIELDS + (_TT_PLAYER_FIELDS if tt else ()):
            raise ValueError(f"{name}: not a player field "
                             f"(use res, animals, tools or one of {_PLAYER_FIELDS})")
        if isinstance(getattr(pl, name), list) and not isinstance(value, (list, tuple)):
            raise ValueError(f"{name}: expected a list, not {value!r}")
        try:
            setattr(pl, name, [list(v) if isinstance(v, (list, tuple)) else v for v in value]
                    if isinstance(value, (list, tuple)) else value)
        except TypeError as e:       # a compiled Player checks its field types itself
            raise ValueError(f"{name}: {e}") from None
    if half_year is not None:
        if s.turn != 0 or s.stack:
            raise ValueError("half_year: only a half year without workers placed can "
                             "change")
        s.half_year = half_year
    if start_player is not None:
        if type(start_player) is not int or not 0 <= start_player < s.n:
            raise ValueError(f"start_player: no player {start_player!r} in a "
                             f"{s.n}-player game")
        if s.turn != 0 or s.stack:
            raise ValueError("start_player: only a half year without workers placed can "
                             "change it")
        s.start_player = start_player
    for name, n in (supply or {}).items():
        if name not in s.pool:
            raise ValueError(f"supply.{name}: no such supply (known: {sorted(s.pool)})")
        if type(n) is not int or n < 0:
            raise ValueError(f"supply.{name}: expected a count, not {n!r}")
        s.pool[name] = n
    new = commit(s)
    for name, n in (supply or {}).items():
        if new.pool[name] != n:
            raise ValueError(f"supply.{name}: the supply holds at most {new.pool[name]} "
                             f"here, not {n}")
    if in_place:
        from arle.stateformat import adopt
        return adopt(state, new)
    return new


def _cell(key: int | str, where: str) -> int:
    """A home-board cell from its index or its ``"R,C"`` name."""
    if type(key) is int:
        if 0 <= key < C.ROWS * C.COLS:
            return key
    elif isinstance(key, str):
        r, comma, c = key.partition(",")
        if comma and r.strip().isdigit() and c.strip().isdigit():
            row, col = int(r), int(c)
            if row < C.ROWS and col < C.COLS:
                return row * C.COLS + col
    raise ValueError(f"{where}.{key}: no such cell (rows 0..{C.ROWS - 1}, "
                     f"columns 0..{C.COLS - 1})")


def _farm_fields(pl: Player, fields: dict[str, Any], cells: Mapping[int | str, str] | None,
                 built: Mapping[str, int | str] | None,
                 equipment: Iterable[str] | None,
                 dehydrated: Iterable[int] | None) -> dict[str, Any]:
    """``fields`` with the ``grid``, ``buildings``, ``barn`` and ``moor_peat`` that
    ``cells``, ``built``, ``equipment`` and ``dehydrated`` make of the player's (or of
    the fields given)."""
    if cells is None and built is None and equipment is None and dehydrated is None:
        return fields
    out = dict(fields)
    if cells is not None or built is not None or dehydrated is not None:
        grid = list(out.get("grid", pl.grid))
        if dehydrated is not None:
            peat = list(out.get("moor_peat", pl.moor_peat))
            for c in dehydrated:
                if type(c) is not int or not 0 <= c < len(C.MOOR_CELLS):
                    raise ValueError(f"dehydrated.{c}: no Moor column {c!r} (0..2)")
                upper, lower = C.MOOR_CELLS[c]
                if grid[upper] != "moor" or grid[lower] != "moor":
                    raise ValueError(f"dehydrated.{c}: no Moor tile to turn in column {c}")
                grid[upper] = grid[lower] = "dmoor"
                peat[c] = C.MOOR_PEAT
            out["moor_peat"] = peat
        for key, tile in (cells or {}).items():
            if not isinstance(tile, str):
                raise ValueError(f"cells.{key}: expected a tile name, not {tile!r}")
            grid[_cell(key, "cells")] = tile
        if built:
            have = list(out.get("buildings", pl.buildings))
            for b, key in built.items():
                if b not in C.BUILDINGS and b not in TT.TT_BUILDINGS:
                    raise ValueError(f"built.{b}: unknown building")
                if b in have:
                    raise ValueError(f"built.{b}: already built")
                grid[_cell(key, f"built.{b}")] = "b:" + b
                have.append(b)
            out["buildings"] = have
        out["grid"] = grid
    if equipment is not None:
        barn = [list(item) for item in out.get("barn", pl.barn)]
        for kind in ([equipment] if isinstance(equipment, str) else equipment):
            if not isinstance(kind, str) or kind not in C.EQUIPMENT_VP:
                raise ValueError(f"equipment.{kind}: unknown equipment "
                                 f"(known: {sorted(C.EQUIPMENT_VP)})")
            barn.append([kind] + [""] * len(C.VEHICLE_CELLS.get(kind, ())))
        out["barn"] = barn
    return out


def commit(state: State) -> State:
    """Make a state edited in place a valid start position, in place: its current
    contents become ``setup["position"]``, its history is emptied and its cached legal
    actions dropped.  Returns the same state.  Raises ValueError naming the field (and
    leaves the state as it was) if it is not a valid position."""
    from arle.stateformat import adopt, rebase
    try:
        new = rebase(state, settle_supply=True)
    except RecursionError:
        raise ValueError("position: nested too deeply") from None
    return adopt(state, new)
