"""The base game's observation, at its earlier path: it is Fields of Arle's
:mod:`arle.encoding.base` (every name re-exported; the encodings belong to the game, below
the faces)."""

from __future__ import annotations

from arle.encoding.base import *  # noqa: F403
from arle.encoding.base import __all__ as __all__
