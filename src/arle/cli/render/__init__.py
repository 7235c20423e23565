"""The terminal screen of a game: action board, home boards, supplies, scores, decisions.

Everything here reads the public state (the belongings through :mod:`arle.view`,
``s.occupied``, ``s.board``, ``s.pool``, ``s.half_year``, ``s.start_player`` and the
pending decision ``s.pending()``) and never changes it.  ``arle play`` and ``arle replay`` share
these pieces, so a replayed position looks exactly like a played one.

Two screens: :func:`screen`, the whole position, and :func:`compact_screen`, which fits
80 x 24 (the decision with its numbered options, the player's key figures and what
changed, the other players' moves); the parts of the full one are shown on demand
(:func:`action_board`, :func:`player_panel`, :func:`supply_board`, :func:`scores_view`
with the item-by-item :func:`score_breakdown`).  :func:`action_label` lays out the
presenter's option: the notation, its detail, its cost after a ``·``.

The rooms of this package, one purpose each: :mod:`.words` (names, the season line),
:mod:`.board` (the action board, the supply), :mod:`.farm` (home boards, barn, harbor,
panels), :mod:`.decision` (the decision, its help and its options), :mod:`.score`
(the pad and the breakdown), :mod:`.log` (the other players' moves) and
:mod:`.screen` (the whole screen and the compact one).  What they show comes from
:mod:`arle.presenter` and :mod:`arle.view`; every name stays importable from
``arle.cli.render``.
"""

from __future__ import annotations

from arle import ANYTIME_VERBS
from arle.cli.render.words import (SPACE_SEASON, BENCHMARK_SOLO, CELL, PANEL_WIDTH, SEASONS,
                                   EQUIPMENT_NAMES, TILE_STYLE, TEA_NAMES, is_expansion, is_three,
                                   last_half_year, season_spaces, space_season, imitate_cost,
                                   player_name, fmt_vp, res_name, building_name, space_name,
                                   destination_name, season_words, season_line, figure_name, pack,
                                   plural)
from arle.cli.render.board import (special_action_used_by, special_actions_taken, action_board,
                                   POOL_LABEL, building_cost_text, ships_left, supply_board)
from arle.cli.render.farm import (home_board, DITCH, DIKE, tt_home_board, barn_lines, harbor_lines,
                                  used_destinations, player_panel, STRIP_WIDTH, strip_lines,
                                  farms_strip, BOARD_VERBS, MINI_CELL, MINI_WIDTH, mini_board)
from arle.cli.render.score import (score_table, winner_lines, score_breakdown, breakdown_table,
                                   scores_view)
from arle.cli.render.log import MOVES_SHOWN, move_words, moves_block
from arle.cli.render.decision import (describe_decision, SPECIALIZE_HELP, THREE_PLAYER_HELP,
                                      decision_help, notation_basics, group_actions, action_cost,
                                      option_label, action_label, numbered_actions, listing_lines,
                                      short_label, TEA_LEGEND, full_listing)
from arle.cli.render.screen import (screen, COMPACT_WIDTH, COMPACT_HEIGHT, COMMAND_WORDS,
                                    COMMAND_WORDS_3P, key_figures, changes, figure_lines,
                                    other_lines, compact_header, compact_screen, HARBOR_VERBS)

__all__ = [
    "ANYTIME_VERBS", "BENCHMARK_SOLO", "BOARD_VERBS", "CELL", "COMMAND_WORDS",
    "COMMAND_WORDS_3P", "COMPACT_HEIGHT", "COMPACT_WIDTH", "DIKE", "DITCH",
    "EQUIPMENT_NAMES", "HARBOR_VERBS", "MINI_CELL", "MINI_WIDTH", "MOVES_SHOWN",
    "PANEL_WIDTH", "POOL_LABEL", "SEASONS", "SPACE_SEASON", "SPECIALIZE_HELP",
    "STRIP_WIDTH", "TEA_LEGEND", "TEA_NAMES", "THREE_PLAYER_HELP", "TILE_STYLE",
    "action_board", "action_cost", "action_label", "barn_lines", "breakdown_table",
    "building_cost_text", "building_name", "changes", "compact_header",
    "compact_screen", "decision_help", "describe_decision", "destination_name",
    "farms_strip", "figure_lines", "figure_name", "fmt_vp", "full_listing",
    "group_actions", "harbor_lines", "home_board", "imitate_cost", "is_expansion",
    "is_three", "key_figures", "last_half_year", "listing_lines", "mini_board",
    "move_words", "moves_block", "notation_basics", "numbered_actions", "option_label",
    "other_lines", "pack", "player_name", "player_panel", "plural", "res_name",
    "score_breakdown", "score_table", "scores_view", "screen", "season_line",
    "season_spaces", "season_words", "ships_left", "short_label", "space_name",
    "space_season", "special_action_used_by", "special_actions_taken", "strip_lines",
    "supply_board", "tt_home_board", "used_destinations", "winner_lines",
]
