"""Named rules options: readings of ambiguous texts that a table may choose between."""

from __future__ import annotations

from typing import Final

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
