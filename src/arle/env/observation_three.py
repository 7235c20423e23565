"""The 3-player observation, at its earlier path: Fields of Arle's
:mod:`arle.encoding.three` (every name re-exported)."""

from __future__ import annotations

from arle.encoding.three import *  # noqa: F403
from arle.encoding.three import __all__ as __all__
