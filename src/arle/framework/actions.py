"""Actions: small immutable values with a stable text form (also :mod:`arle.actions`).

An action is a verb and a tuple of string arguments; ``str(action)`` joins them with
single spaces (``"place fisherman"``, ``"load 0 0 wood"``, ``"pay wood:1 grain:1"``).
Each game documents its notation (Fields of Arle: ``docs/NOTATION.md``).
"""

from __future__ import annotations

from typing import NamedTuple


from arle.framework.errors import ActionSyntaxError, IllegalActionError

__all__ = ["Action", "IllegalActionError", "act"]


class Action(NamedTuple):
    """One atomic decision: ``verb`` plus arguments, e.g. ``Action("place", ("builder",))``."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.verb
        return self.verb + " " + " ".join(self.args)

    @staticmethod
    def from_text(text: str) -> "Action":
        """Split a notation string into an action (no legality check).

        >>> Action.from_text("  place   fisherman ")
        Action(verb='place', args=('fisherman',))
        """
        parts = text.strip().lower().split()
        if not parts:
            raise ActionSyntaxError("empty action text")
        return Action(parts[0], tuple(parts[1:]))


def act(verb: str, *args: object) -> Action:
    """Build an action from a verb and arguments converted to text."""
    return Action(verb, tuple(str(a) for a in args))
