"""Scoring in :mod:`arle.green`: the scoring pad (R22) and the winners (F27)."""

from __future__ import annotations

from dataclasses import dataclass

from arle.green import catalog as K
from arle.green.farm import value
from arle.green.statedata import SILO, TOWER, StateData

__all__ = ["SCORE_CATEGORIES", "GreenScore", "location_count", "score", "winners"]

#: The scoring pad's categories (R22), in the pad's order.
SCORE_CATEGORIES: tuple[str, ...] = (
    "printed_vp", "vp_tokens", "equipment_game_end", "equipment_set_aside", "coins",
    "food", "empty_towers", "location_game_end")


@dataclass(frozen=True)
class GreenScore:
    """One player's result: the pad's categories (R22) and their sum."""

    categories: dict[str, float]
    total: float


def location_count(s: StateData, p: int) -> int:
    """Face-up locations, towers and silos included (F27); Open Areas per option."""
    farm = s.players[p].farm.values()
    if s.options["open_area_counts_as_location"]:
        return len(farm)
    return sum(1 for e in farm if e[1])


def score(s: StateData, p: int) -> GreenScore:
    """Seat ``p``'s scoring pad (a live estimate before the end)."""
    pl = s.players[p]
    cat = {k: 0.0 for k in SCORE_CATEGORIES}
    for k, e in pl.farm.items():
        if e[0] == TOWER:
            if e[2] == 0:
                cat["empty_towers"] += 1
            cat["printed_vp"] += s.cs.tower_vp
        elif e[0] == SILO:
            cat["printed_vp"] += s.cs.silo_vp
        elif e[1]:
            d = s.cs.designs[e[0]]
            cat["printed_vp"] += d.vp
            if d.frame == "game_end":
                cat["location_game_end"] += sum(value(s, p, k, x) for x in d.effect)
        if e[1]:
            for t in e[3]:
                tile = s.cs.tiles[t]
                if tile.timing == "game_end":
                    cat["equipment_game_end"] += sum(value(s, p, k, x)
                                                     for x in tile.effect)
    cat["vp_tokens"] = float(pl.vpt)
    cat["equipment_set_aside"] = float(len(pl.aside))
    cat["coins"] = float(pl.coins // K.COINS_PER_VP)
    cat["food"] = float(pl.food // K.FOOD_PER_VP)
    return GreenScore(cat, float(sum(cat.values())))


def winners(s: StateData) -> list[int]:
    """Every seat ranking first (F27: VP, then face-up locations, then coins; a remaining
    tie is a shared win); empty before the end."""
    if not s.over:
        return []
    keys = [(score(s, i).total, location_count(s, i), s.players[i].coins)
            for i in range(s.n)]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]
