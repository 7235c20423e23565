"""The project's exception classes (pinned path): they live in
:mod:`arle.framework.errors`, under both games, and are the same classes here."""

from __future__ import annotations

from arle.framework.errors import (
    ActionSyntaxError,
    ArleError,
    GameOverError,
    IllegalActionError,
    StateFormatError,
)

__all__ = ["ActionSyntaxError", "ArleError", "GameOverError", "IllegalActionError",
           "StateFormatError"]
