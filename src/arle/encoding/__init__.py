"""Fields of Arle as numbers: fixed-size observations of a position from one player's
point of view, for learning (the research interfaces of :mod:`arle.env`, the learned
evaluation of :mod:`arle.bots.learned`, the datasets of ``arle dataset``).

They belong to the game, not to a face: what a seat's numbers say is a reading of the
rules (through :mod:`arle.view`), the same for every face that reads them.  Three
layouts, each extending the one before (its first entries are exactly the earlier
layout's):

- :mod:`arle.encoding.base`: the base game, solo and two players (version 1);
- :mod:`arle.encoding.tea_trade`: Tea & Trade games of 1-2 players (version 2);
- :mod:`arle.encoding.three`: Tea & Trade's 3-player game (version 3);

and :mod:`arle.encoding.layouts` picks the one of a game and names them (``base``,
``tea-and-trade``, ``tea-and-trade-3p``).  The earlier paths ``arle.env.observation``,
``arle.env.observation_tt`` and ``arle.env.observation_three`` re-export them.

>>> import arle
>>> from arle.encoding import layout_for, state_layout_name
>>> s = arle.new_game(players=3, seed=3, expansion="tea-and-trade")
>>> state_layout_name(s), layout_for("tea-and-trade", 3).encode(s, 0).shape
('tea-and-trade-3p', (4841,))
"""

from __future__ import annotations

from arle.encoding.base import OBS_SIZE, SLICES, densify, describe, encode, text_view
from arle.encoding.layouts import (LAYOUT_NAMES, layout_for, layout_name, layout_named,
                                   state_layout_name)
from arle.encoding.tea_trade import BASE_LAYOUT, TT_LAYOUT, TT_OBS_SIZE, TT_SLICES, Layout, encode_tt
from arle.encoding.three import THREE_LAYOUT, THREE_OBS_SIZE, THREE_SLICES, encode_three

__all__ = ["BASE_LAYOUT", "LAYOUT_NAMES", "Layout", "OBS_SIZE", "SLICES", "THREE_LAYOUT",
           "THREE_OBS_SIZE", "THREE_SLICES", "TT_LAYOUT", "TT_OBS_SIZE", "TT_SLICES",
           "densify", "describe", "encode", "encode_three", "encode_tt", "layout_for",
           "layout_name", "layout_named", "state_layout_name", "text_view"]
