"""Actions: small immutable values with a stable text form (also :mod:`arle.actions`).

An action is a verb and a tuple of string arguments; ``str(action)`` joins them with
single spaces (``"place fisherman"``, ``"load 0 0 wood"``, ``"pay wood:1 grain:1"``).
Each game documents its notation (Fields of Arle: ``docs/NOTATION.md``).

:class:`Action` is a plain class with two read-only fields (not a ``NamedTuple``): the
compiled build (mypyc) makes it a native class, whose construction, field reads,
comparison and hash are native code.  It compares and hashes as the pair
``(verb, args)`` but equals only another :class:`Action` (never a plain tuple), and is
neither a sequence nor unpackable: read ``.verb`` and ``.args``.
"""

from __future__ import annotations

from typing import Any, Final

from arle.framework.errors import ActionSyntaxError, IllegalActionError

__all__ = ["Action", "IllegalActionError", "act"]


class Action:
    """One atomic decision: ``verb`` plus arguments, e.g. ``Action("place", ("builder",))``.

    >>> a = Action("place", ("fisherman",))
    >>> a, str(a), a.verb, a.args
    (Action(verb='place', args=('fisherman',)), 'place fisherman', 'place', ('fisherman',))
    >>> a == Action("place", ("fisherman",)) and a != Action("pass")
    True
    """

    __slots__ = ("verb", "args", "_text")
    verb: Final[str]
    args: Final[tuple[str, ...]]

    def __init__(self, verb: str, args: tuple[str, ...] = ()) -> None:
        self.verb = verb
        self.args = args
        self._text = ""       # str(self), made when first asked for (see __str__)

    def __str__(self) -> str:
        # kept: the same actions are written again and again (the game's history)
        text = self._text
        if not text:
            text = self.verb if not self.args else self.verb + " " + " ".join(self.args)
            self._text = text
        return text

    def __repr__(self) -> str:
        return f"Action(verb={self.verb!r}, args={self.args!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return self.verb == other.verb and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.verb, self.args))

    # Ordered as the pair (verb, args), as when an action was a tuple.
    def __lt__(self, other: object) -> bool:
        if type(other) is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return (self.verb, self.args) < (other.verb, other.args)

    def __le__(self, other: object) -> bool:
        if type(other) is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return (self.verb, self.args) <= (other.verb, other.args)

    def __gt__(self, other: object) -> bool:
        if type(other) is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return (self.verb, self.args) > (other.verb, other.args)

    def __ge__(self, other: object) -> bool:
        if type(other) is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return (self.verb, self.args) >= (other.verb, other.args)

    def __reduce__(self) -> tuple[Any, tuple[str, tuple[str, ...]]]:
        """Pickled (and copied) as the class and its two fields."""
        return (Action, (self.verb, self.args))

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
