"""Equipment tiles in :mod:`arle.green` (R18-R21, F21, F22): where a tile fits, placing
it, and the decisions after a draw (``keep`` one tile, place it on a card or set it
aside: ``tile``) and after a build (``attach`` set-aside tiles to the new card)."""

from __future__ import annotations

from arle.framework.actions import Action
from arle.green import catalog as K
from arle.green.farm import key, kind_of
from arle.green.frames import Attach, Fx, Keep, TileChoice
from arle.green.statedata import SILO, TOWER, StateData

__all__ = ["tile_hosts", "place_tile", "keep_legal", "keep_apply", "tile_legal",
           "tile_apply", "attach_legal", "attach_apply"]


def tile_hosts(s: StateData, p: int, tile: str, only: str | None = None) -> list[str]:
    """Cells of ``p``'s farm that may take ``tile`` now (F22), in building order."""
    t = s.cs.tiles[tile]
    out = []
    for k, e in s.players[p].farm.items():
        if only is not None and k != only:
            continue
        if not e[1] or len(e[3]) >= K.TILES_PER_CARD or tile in e[3]:
            continue
        if kind_of(s, e[0]) != t.kind:
            continue
        if t.keywords:
            if e[0] in (TOWER, SILO):
                continue
            d = s.cs.designs[e[0]]
            if not all(kw == d.frame or kw in d.tags for kw in t.keywords):
                continue
        out.append(k)
    return out


def place_tile(s: StateData, p: int, cell: str, tile: str) -> None:
    """Put ``tile`` on the card at ``cell``; a placement tile's ability resolves next."""
    s.players[p].farm[cell][3].append(tile)
    if s.cs.tiles[tile].timing == "placement":
        s.stack.append(Fx(p, cell, "tile:" + tile, 0))


# ---------------------------------------------------------------------------- decisions
def keep_legal(s: StateData, f: Keep) -> list[Action]:
    return [Action("keep", (x,)) for x in sorted(set(f.tiles), key=s.cs.tile_order.index)]


def keep_apply(s: StateData, f: Keep, a: Action) -> None:
    kept = a.args[0]
    rest = list(f.tiles)
    s.private[f.p].append(f"y{s.year} keep {kept}")
    rest.remove(kept)
    s.eq_bottom.extend(rest)
    s.eq_by.extend([f.p] * len(rest))
    s.stack.append(TileChoice(f.p, kept))


def tile_legal(s: StateData, f: TileChoice) -> list[Action]:
    out = [Action("tile", tuple(c.split(","))) for c in tile_hosts(s, f.p, f.e)]
    return out + [Action("aside")]


def tile_apply(s: StateData, f: TileChoice, a: Action) -> None:
    if a.verb == "aside":
        s.players[f.p].aside.append(f.e)
    else:
        place_tile(s, f.p, key(int(a.args[0]), int(a.args[1])), f.e)


def attach_legal(s: StateData, f: Attach) -> list[Action]:
    tiles = [x for x in dict.fromkeys(s.players[f.p].aside)
             if tile_hosts(s, f.p, x, only=f.cell)]
    if not tiles:
        return []
    return [Action("attach", (x,)) for x in tiles] + [Action("done")]


def attach_apply(s: StateData, f: Attach, a: Action) -> None:
    if a.verb == "attach":
        s.stack.append(f)                  # more may follow
        s.players[f.p].aside.remove(a.args[0])
        place_tile(s, f.p, f.cell, a.args[0])
