"""The project's exception classes.

:class:`ArleError` is the root of the errors this package raises on purpose;
:class:`StateFormatError` is a saved state (or record) that the loader refuses.  It is
also a :class:`ValueError`, so code that caught ``ValueError`` from a loader keeps
working.

>>> from arle.errors import StateFormatError
>>> e = StateFormatError("players[0].coins", "expected an integer, got true")
>>> e.field, str(e), isinstance(e, ValueError)
('players[0].coins', 'players[0].coins: expected an integer, got true', True)
"""

from __future__ import annotations

__all__ = ["ArleError", "StateFormatError"]


class ArleError(Exception):
    """The root of the errors raised on purpose by :mod:`arle`."""


class StateFormatError(ArleError, ValueError):
    """A saved state or record refused by a loader: ``field`` names the field at fault
    (a path such as ``players[1].farm[0]``; empty when the whole text is unreadable) and
    the message says what is wrong with it."""

    def __init__(self, field: str, message: str, *, prefix: str = "") -> None:
        self.field = field
        self.reason = message
        text = f"{field}: {message}" if field else message
        super().__init__(prefix + text)
