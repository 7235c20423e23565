"""The ``random`` bot: a uniform choice among the legal actions.

``random`` picks uniformly among ``legal_actions()``.  ``random:by=verb`` first picks
uniformly among the verbs of the legal actions, then uniformly among that verb's
actions: a player choosing at random *what* to do, then *where*.  The two differ where
one kind of action comes in many placements (a Fields of Green Water Tower or Silo can
go on any empty cell next to the farm, so the flat choice builds one two times in three)::

    >>> import arle.green as G
    >>> s = G.new_game(players=2, seed=0)
    >>> bot = RandomBot(seed=1, by="verb")
    >>> bot.choose(s) in s.legal_actions()
    True
"""

from __future__ import annotations

import random

from arle.framework.actions import Action
from arle.framework.game import GameState

__all__ = ["RandomBot"]

_BY = ("action", "verb")


class RandomBot:
    """Picks uniformly among ``state.legal_actions()`` with its own seeded generator
    (with ``by="verb"``: uniformly among the verbs first, then among that verb's actions).

    The same seed and the same sequence of states give the same choices.  Its one option
    is ``by`` (``action``, the default, or ``verb``), and it plays any game of
    :mod:`arle.game` (it needs only ``legal_actions``).
    """

    def __init__(self, seed: int = 0, **options: str) -> None:
        by = options.pop("by", "action")
        if options:
            raise ValueError(f"the random bot takes only the option by=action|verb "
                             f"(got {', '.join(sorted(options))})")
        if by not in _BY:
            raise ValueError(f"random by={by!r}: expected action or verb")
        self.seed = seed
        self.by = by
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return "random" if self.by == "action" else "random:by=verb"

    def choose(self, state: GameState) -> Action:
        """A legal action of ``state`` (ValueError once the game is over)."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        if self.by == "verb":
            verbs = sorted({a.verb for a in legal})
            if len(verbs) > 1:
                verb = verbs[self._rng.randrange(len(verbs))]
                legal = [a for a in legal if a.verb == verb]
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        if self.by == "action":
            return f"RandomBot(seed={self.seed})"
        return f"RandomBot(seed={self.seed}, by={self.by!r})"
