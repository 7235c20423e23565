"""Named rules options: readings of ambiguous texts that a table may choose between."""

from __future__ import annotations

from typing import Final

#: The player counts of Fields of Arle: 1 or 2 in the base game, 3 with the Tea & Trade
#: expansion only (T40); by expansion (None: the base game).
PLAYER_COUNTS: Final[dict[str | None, tuple[int, ...]]] = {
    None: (1, 2), "tea-and-trade": (1, 2, 3)}
#: Why 3 players are refused without the expansion (each face adds how to ask for it).
THREE_NEED_EXPANSION: Final = "3 players need the Tea & Trade expansion"


def players_error(players: object, expansion: str | None, how: str = "") -> str | None:
    """Why ``players`` cannot play Fields of Arle with this expansion (None: they can),
    from :data:`PLAYER_COUNTS`; ``how``: the face's way to ask for the expansion,
    added in parentheses (``"--expansion tea-and-trade"``).

    >>> players_error(3, None, "--expansion tea-and-trade")
    '3 players need the Tea & Trade expansion (--expansion tea-and-trade)'
    >>> players_error(3, "tea-and-trade") is None, players_error(4, None)
    (True, 'players must be 1, 2 or 3, not 4')
    """
    every = sorted({n for counts in PLAYER_COUNTS.values() for n in counts})
    if type(players) is not int or players not in every:
        return f"players must be {', '.join(map(str, every[:-1]))} or {every[-1]}, " \
               f"not {players!r}"
    if expansion in PLAYER_COUNTS and players not in PLAYER_COUNTS[expansion]:
        return THREE_NEED_EXPANSION + (f" ({how})" if how else "")
    return None          # (an unknown expansion is refused by the check of expansions)

RULE_OPTIONS: Final[dict[str, bool]] = {
    # RULINGS 6: the Korean Lütetsburg Castle tile's word may be read as Shovels.
    # False (default): +1 Spades, +1 Pottery Wheels, +1 Workbenches.
    # True: +1 Shovels instead of +1 Spades.
    "lutetsburg_shovels": False,
}

#: Rules options of Tea & Trade games (their defaults with the expansion).  A base game
#: takes ``choose_cells`` too (default False there, recorded only when given); the
#: others need the expansion.
TT_RULE_OPTIONS: Final[dict[str, bool]] = {
    # Land spaces are no longer interchangeable once ditches dehydrate some of them:
    # every tile placed on (or, where it matters, removed from) the home board asks
    # its cell (``cell R,C``).  False: the engine picks the cell, as in the base game.
    "choose_cells": True,
    # T8 (table Z ``ditch_supply``): True plays the ``shared`` value, the 30 wooden
    # ditches shared by all players; False (default) the ``unlimited`` supply.
    "shared_ditches": False,
    # T6 (table Z ``tea_upgrade_spaces``): True plays the ``ships_only`` value, Tea is
    # upgraded on ships only; False (default) ``any_single``, any single space of a
    # vehicle too.
    "tea_ships_only": False,
}
#: The base game's default of each Tea & Trade option it accepts.
BASE_TT_OPTIONS: Final[dict[str, bool]] = {"choose_cells": False}
