"""The ``random`` bot, which plays every game: kept here as the path earlier versions
published (:mod:`arle.framework.random_bot` is its home)."""

from __future__ import annotations

from arle.framework.random_bot import RandomBot

__all__ = ["RandomBot"]
