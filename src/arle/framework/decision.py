"""What the player to move is deciding, for any game: :class:`Decision`.

Each game says what its decisions are (``GameState.pending()``): Fields of Arle in
:mod:`arle.decision`, the second game in :mod:`arle.green.state`.  A face shows the
``title`` and ``text`` and may read the ``details`` without knowing the game's rules.

>>> d = Decision(0, "place", "Place a worker", "place a worker on a free action space.", {})
>>> d.player, d.kind
(0, 'place')
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Decision"]


class Decision(NamedTuple):
    """The pending decision of a state.

    ``player``: who decides (``None`` once the game is over).  ``kind``: a short name
    of the decision, from a list the game documents (Fields of Arle: ``"place"`` (place
    a worker), ``"end"``, ``"over"`` or the engine frame asking, see
    :data:`arle.decision.KINDS`).  ``title``: a heading of a few words.  ``text``: one
    sentence saying what to do, in lower case so it can follow ``"Player 1: "``.
    ``details``: the decision's own fields (JSON-ready; empty when there are none).
    """

    player: int | None
    kind: str
    title: str
    text: str
    details: dict[str, Any]
