"""Named rules options: readings of ambiguous texts that a table may choose between."""

from __future__ import annotations

from typing import Final

RULE_OPTIONS: Final[dict[str, bool]] = {
    # RULINGS 6: the Korean Lütetsburg Castle tile's word may be read as Shovels.
    # False (default): +1 Spades, +1 Pottery Wheels, +1 Workbenches.
    # True: +1 Shovels instead of +1 Spades.
    "lutetsburg_shovels": False,
}
