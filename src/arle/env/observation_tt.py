"""The Tea & Trade observation and the choice of layout, at their earlier path: Fields
of Arle's :mod:`arle.encoding.tea_trade` and :mod:`arle.encoding.layouts` (every name
re-exported)."""

from __future__ import annotations

from arle.encoding.layouts import *  # noqa: F403
from arle.encoding.layouts import __all__ as _layouts
from arle.encoding.tea_trade import *  # noqa: F403
from arle.encoding.tea_trade import __all__ as _tea_trade

__all__ = [*_tea_trade, *_layouts]
