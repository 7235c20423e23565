"""What every face shows of Fields of Arle, for a position and a seat (issue 32): the
log in words (:mod:`arle.presenter.log`), the pending decision and its options with
their costs (:mod:`arle.presenter.options`), the score item by item
(:mod:`arle.presenter.score`), and the names of things (:mod:`arle.presenter.names`).
The terminal and the web lay these out and compute none of them; rules facts (half
years, season spaces, workers) come from :mod:`arle.view`.
"""

from __future__ import annotations

from arle.presenter.log import (LogEntry, Words, default_words, game_log, log_json,
                                play_logged)
from arle.presenter.names import (SOLO_BENCHMARK, animal_name, building_name, building_vp,
                                  cell_name, destination_name, edge_words, equipment_name, fmt_vp, player_name,
                                  resource_name, season_name, season_text, ship_name,
                                  space_name, tile_name, trade_name)
from arle.presenter.options import (DecisionView, Option, decision, effects, option,
                                    option_cost, option_detail, option_pays, option_vp,
                                    option_words)
from arle.presenter.score import (ScoreBreakdown, ScoreCategory, ScoreItem, benchmark_text,
                                  breakdown, category_name)

__all__ = [
    "DecisionView", "LogEntry", "Option", "SOLO_BENCHMARK", "ScoreBreakdown",
    "ScoreCategory", "ScoreItem", "Words", "animal_name", "benchmark_text", "breakdown",
    "building_name", "building_vp", "category_name", "cell_name", "decision",
    "default_words", "destination_name", "edge_words", "effects", "equipment_name", "fmt_vp", "game_log", "log_json",
    "option", "option_cost", "option_detail", "option_pays", "option_vp", "option_words",
    "play_logged", "player_name", "resource_name", "season_name", "season_text",
    "ship_name", "space_name", "tile_name", "trade_name",
]
