"""Setting up a game of :mod:`arle.green` (R3, F13, F16): checking its options against
the card set and the seat count, and dealing the starting farms and supply."""

from __future__ import annotations

from typing import Any, cast

from arle.green import catalog as K
from arle.green.cards import PILES, CardSet
from arle.green.chance import MASK, chance
from arle.green.flow import advance, year_script
from arle.green.statedata import SILO, TOWER, Player, StateData

__all__ = ["check_options", "start"]


def check_options(n: int, options: dict[str, Any], cs: CardSet) -> K.Options:
    """The full options of an ``n``-player game with card set ``cs`` (the defaults and
    ``options``); a ``ValueError`` names an unknown option or a value not allowed."""
    out: dict[str, Any] = dict(K.FOG_OPTIONS)
    for k, v in options.items():
        if not isinstance(k, str) or k not in K.OPTION_VALUES:
            raise ValueError(f"unknown option {k!r} (known: {', '.join(K.OPTION_VALUES)})")
        if k == "first_player" and type(v) is int:
            if not 0 <= v < n:
                raise ValueError(f"option first_player: no seat {v} with {n} players")
        elif v not in K.OPTION_VALUES[k] or type(v) is not type(K.FOG_OPTIONS[k]):
            raise ValueError(f"option {k}: {v!r} is not one of "
                             f"{', '.join(map(repr, K.OPTION_VALUES[k]))}")
        out[k] = v
    if out["action_choice"] == "hidden" and n < 3:
        raise ValueError(f"option action_choice='hidden' is for 3-4 players (F17); with "
                         f"{n} the players take a card and act one at a time")
    need = K.YEARS * K.HAND * (2 if n == 1 else n)
    total = sum(cs.pile_total.values())
    if total < need:
        raise ValueError(f"card set {cs.id}: its piles hold {total} cards, fewer than the "
                         f"{need} a {n}-player game draws (F13)")
    if out["draw_mode"] == "fixed":
        draws = K.YEARS * (2 if n == 1 else n)
        for pile, per in zip(PILES, K.FIXED_DRAW):
            if cs.pile_total[pile] < per * draws:
                raise ValueError(f"card set {cs.id}: the {pile} pile holds "
                                 f"{cs.pile_total[pile]} cards, fewer than the "
                                 f"{per * draws} draw_mode 'fixed' takes (F4)")
    return cast(K.Options, out)


def start(s: StateData, players: int, seed: int, cs: CardSet,
          chance_outcomes: list[int] | None, options: dict[str, Any]) -> None:
    """Set up the new state ``s`` and run it to its first decision (the arguments of
    :func:`arle.green.new_game`, checked there but for the options)."""
    s.n, s.seed, s.cs = players, seed, cs
    s.options = check_options(players, options, cs)
    s.rng = seed & MASK
    if chance_outcomes is not None:
        s._forced = [int(x) for x in chance_outcomes]
    s.unseen = {p: [cs.designs[d].copies for d in cs.pile_designs[p]] for p in PILES}
    s.pile_size = dict(cs.pile_total)
    s.slots = {p: 0 for p in PILES}
    s.towers_left = cs.tower_count - players
    s.silos_left = cs.silo_count - players
    if s.towers_left < 0 or s.silos_left < 0:
        raise ValueError(f"card set {cs.id}: too few Water Towers or Silos for "
                         f"{players} players")
    s.eq_unseen = [cs.tiles[t].copies for t in cs.tile_order]
    s.known = [[[] for _ in range(players)] for _ in range(players)]
    s.private = [[] for _ in range(players)]
    for _ in range(players):
        pl = Player()
        pl.coins = K.START_COINS
        pl.food = K.START_FOOD
        pl.farm = {"0,0": [TOWER, 1, K.START_WATER, [], []], "1,0": [SILO, 1, 0, [], []]}
        s.players.append(pl)
    fp = s.options["first_player"]
    s.first = fp if type(fp) is int else (chance(s, players) if players > 1 else 0)
    s.script = year_script(s)
    advance(s)
