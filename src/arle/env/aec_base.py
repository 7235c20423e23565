"""The PettingZoo environment both games share, at its earlier path: the framework's
:mod:`arle.framework.aec` (its names re-exported here)."""

from __future__ import annotations

from arle.framework.aec import ObsDict, TurnBasedAEC

__all__ = ["ObsDict", "TurnBasedAEC"]
