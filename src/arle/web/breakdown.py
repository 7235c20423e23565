"""The end of the game: each player's score item by item and the solo benchmark, as the
web lists them (the presenter's :func:`arle.presenter.breakdown`, in JSON: ``player``,
``total``, ``categories`` each with ``key``, ``name``, ``vp`` and ``items`` of
``what`` and ``vp``)."""

from __future__ import annotations

from typing import Any

from arle import presenter
from arle.presenter import SOLO_BENCHMARK, benchmark_text
from arle.state import State

__all__ = ["SOLO_BENCHMARK", "benchmark_text", "breakdown"]


def breakdown(s: State, p: int) -> dict[str, Any]:
    """Player ``p``'s score: per category its VP and the items that make it up."""
    return presenter.breakdown(s, p).to_json()
