"""arle: a complete, fast, open digital Fields of Arle.

>>> import arle
>>> s = arle.new_game(players=2, seed=7, buildings="first-game")
>>> s.current_player in (0, 1)
True

The names below are imported when first used (PEP 562), so that ``import arle.green``
(the second game) or ``import arle.framework`` loads no module of Fields of Arle's rules.
"""

import importlib as _importlib
from typing import TYPE_CHECKING
from typing import Any as _Any

if TYPE_CHECKING:
    from arle import position
    from arle.decision import Decision
    from arle.engine.setup import new_game
    from arle.framework.actions import Action
    from arle.framework.errors import (
        ActionSyntaxError,
        ArleError,
        GameOverError,
        IllegalActionError,
        StateFormatError,
    )
    from arle.notation import parse_action
    from arle.record import replay
    from arle.scoring import ScoreSheet
    from arle.state import State

    #: Verbs of the anytime actions, from the engine's registry (``arle.view.ANYTIME_VERBS``).
    ANYTIME_VERBS: frozenset[str]

__all__ = ["ANYTIME_VERBS", "Action", "ActionSyntaxError", "ArleError", "Decision",
           "GameOverError", "IllegalActionError", "ScoreSheet", "State", "StateFormatError",
           "new_game", "parse_action", "position", "replay"]
__version__ = "0.1.0"

#: Where each public name lives: (module, attribute; "" for the module itself).
_WHERE: dict[str, tuple[str, str]] = {
    "Action": ("arle.framework.actions", "Action"),
    "ActionSyntaxError": ("arle.framework.errors", "ActionSyntaxError"),
    "ArleError": ("arle.framework.errors", "ArleError"),
    "GameOverError": ("arle.framework.errors", "GameOverError"),
    "IllegalActionError": ("arle.framework.errors", "IllegalActionError"),
    "StateFormatError": ("arle.framework.errors", "StateFormatError"),
    "Decision": ("arle.decision", "Decision"),
    "ScoreSheet": ("arle.scoring", "ScoreSheet"),
    "State": ("arle.state", "State"),
    "new_game": ("arle.engine.setup", "new_game"),
    "parse_action": ("arle.notation", "parse_action"),
    "replay": ("arle.record", "replay"),
    "position": ("arle.position", ""),
}


def __getattr__(name: str) -> _Any:
    """A public name, imported on first use (and kept in the module from then on)."""
    if name == "ANYTIME_VERBS":
        from arle.view import anytime_verbs
        value: _Any = anytime_verbs()
    elif name in _WHERE:
        module, attr = _WHERE[name]
        loaded = _importlib.import_module(module)
        value = getattr(loaded, attr) if attr else loaded
    else:
        raise AttributeError(f"module 'arle' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
