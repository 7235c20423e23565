"""Fields of Arle as a game of the framework: :data:`FIELDS_OF_ARLE`, registered as
``"arle"``; and the game protocol (pinned path), which lives in
:mod:`arle.framework.game`: the same :class:`Game`, :class:`GameState`, registry and
:func:`get` as there.

>>> import arle.game
>>> g = arle.game.get("arle")
>>> g is arle.game.FIELDS_OF_ARLE, g.title, g.min_players, g.max_players
(True, 'Fields of Arle', 1, 3)
>>> s = g.new_game(players=1, seed=3)
>>> isinstance(s, arle.game.GameState)
True
>>> g.replay(s.record()) == s and g.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

from arle import decision, notation, stateformat, view  # noqa: F401  (link their rules into State)
from arle.engine.setup import new_game
from arle.framework.game import GAMES, Game, GameState, Scores, get, register
from arle.record import replay
from arle.state import State

__all__ = ["FIELDS_OF_ARLE", "GAMES", "Game", "GameState", "Scores", "get", "register"]

#: Fields of Arle (1-2 players; 3 with the Tea & Trade expansion, whose new_game refuses
#: players=3 without ``expansion="tea-and-trade"``).
FIELDS_OF_ARLE: Game = Game(name="arle", title="Fields of Arle", min_players=1,
                            max_players=3, perfect_information=True,
                            chance_after_setup=False, new_game=new_game,
                            from_json=State.from_json, replay=replay,
                            state_type=State)
register(FIELDS_OF_ARLE)
