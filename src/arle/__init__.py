"""arle: a complete, fast, open digital Fields of Arle.

>>> import arle
>>> s = arle.new_game(players=2, seed=7, buildings="first-game")
>>> s.current_player in (0, 1)
True
"""

from arle import engine as _engine  # noqa: F401  (registers the rules)
from arle import position
from arle.actions import Action
from arle.errors import (
    ActionSyntaxError,
    ArleError,
    GameOverError,
    IllegalActionError,
    StateFormatError,
)
from arle.decision import Decision
from arle.engine.setup import new_game
from arle.notation import parse_action
from arle.record import replay
from arle.scoring import ScoreSheet
from arle.state import State
from arle.view import anytime_verbs as _anytime_verbs

#: Verbs of the anytime actions, from the engine's registry (``arle.view.ANYTIME_VERBS``).
ANYTIME_VERBS: frozenset[str] = _anytime_verbs()

__all__ = ["ANYTIME_VERBS", "Action", "ActionSyntaxError", "ArleError", "Decision",
           "GameOverError", "IllegalActionError", "ScoreSheet", "State", "StateFormatError",
           "new_game", "parse_action", "position", "replay"]
__version__ = "0.1.0"
