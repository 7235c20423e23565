"""Actions (pinned path): :class:`Action` lives in :mod:`arle.framework.actions`, under
both games, and is the same class here."""

from __future__ import annotations

from arle.framework.actions import Action, IllegalActionError, act

__all__ = ["Action", "IllegalActionError", "act"]
