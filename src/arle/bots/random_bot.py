"""The ``random`` bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from arle.actions import Action
from arle.game import GameState

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among ``state.legal_actions()`` with its own seeded generator.

    The same seed and the same sequence of states give the same choices.  It takes no
    options, and it plays any game of :mod:`arle.game` (it needs only ``legal_actions``).
    """

    def __init__(self, seed: int = 0, **options: str) -> None:
        if options:
            raise ValueError(f"the random bot takes no options (got {', '.join(sorted(options))})")
        self.seed = seed
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return "random"

    def choose(self, state: GameState) -> Action:
        """A legal action of ``state`` (ValueError once the game is over)."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
