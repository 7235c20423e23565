"""The strict JSON reader (pinned path): it lives in :mod:`arle.framework.jsonread`."""

from __future__ import annotations

from arle.framework.jsonread import MAX_DIGITS, loads

__all__ = ["MAX_DIGITS", "loads"]
