"""The exception classes of the framework, raised by both games (also :mod:`arle.errors`).

:class:`ArleError` is the root of the errors this package raises on purpose.

- :class:`IllegalActionError` (also ``arle.IllegalActionError``): an action that may not
  be taken; its subclasses say why when it is more than "not legal now":
  :class:`ActionSyntaxError` (the text names no action of the game) and
  :class:`GameOverError` (the game is over: nothing may be applied).
- :class:`StateFormatError`: a saved state or record that a loader refuses, naming the
  field at fault.

Both are :class:`ValueError` too, so code that caught ``ValueError`` keeps working.

>>> import arle
>>> from arle.errors import ActionSyntaxError, IllegalActionError, StateFormatError
>>> s = arle.new_game(players=1, seed=1)
>>> try:
...     s.apply("fly away")
... except ActionSyntaxError as e:
...     print(type(e).__name__, isinstance(e, IllegalActionError), isinstance(e, ValueError))
ActionSyntaxError True True
>>> e = StateFormatError("players[0].coins", "expected an integer, got true")
>>> e.field, str(e), isinstance(e, ValueError)
('players[0].coins', 'players[0].coins: expected an integer, got true', True)
"""

from __future__ import annotations

__all__ = ["ActionSyntaxError", "ArleError", "GameOverError", "IllegalActionError",
           "StateFormatError"]


class ArleError(Exception):
    """The root of the errors raised on purpose by :mod:`arle`."""


class IllegalActionError(ArleError, ValueError):
    """An action that is not legal in the state it is applied to; nothing changed."""


class ActionSyntaxError(IllegalActionError):
    """An action text that names no action of the game at all (not text, empty, or a
    verb the game does not have)."""


class GameOverError(IllegalActionError):
    """An action applied to a game that is over."""


class StateFormatError(ArleError, ValueError):
    """A saved state or record refused by a loader: ``field`` names the field at fault
    (a path such as ``players[1].farm[0]``; empty when the whole text is unreadable) and
    the message says what is wrong with it."""

    def __init__(self, field: str, message: str, *, prefix: str = "") -> None:
        self.field = field
        self.reason = message
        text = f"{field}: {message}" if field else message
        super().__init__(prefix + text)

    def with_prefix(self, prefix: str) -> StateFormatError:
        """The same refusal (field and reason) with ``prefix`` before its message."""
        out = StateFormatError(self.field, self.reason)
        out.args = (prefix + str(self),)
        return out


# Shown (in tracebacks, reprs, pickles) under their pinned public path, arle.errors,
# which re-exports them.
for _cls in (ArleError, IllegalActionError, ActionSyntaxError, GameOverError,
             StateFormatError):
    _cls.__module__ = "arle.errors"
del _cls
