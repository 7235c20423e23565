"""``arle.green``: a card-drafting farm game whose rules are modelled on Fields of Green
(Artipia Games, 2016) with invented cards; unofficial, not affiliated, not a faithful copy.

Two to four players draft cards over four years and build them into a farm grid; one
player plays the project's own labelled solo variant (``solo_mode = "arle_market"``,
ARLE VARIANT, not the published solo mode).  The shipped card sets are invented:
``arle-placeholder-v3`` (the default), ``arle-placeholder-v2`` and ``arle-placeholder-v1``
(kept so that their records replay; ``cards=PATH`` loads another set).  Rules coverage,
the card schema and the hidden-information model are in ``docs/GREEN.md``.

>>> import arle.green
>>> s = arle.green.new_game(players=3, seed=1)
>>> s.current_player == s.first, s.pending().kind
(True, 'declare')
>>> s.apply(s.legal_actions()[0])
>>> arle.green.replay(s.record()) == s and arle.green.State.from_json(s.to_json()) == s
True
>>> p, q = s.first, (s.first + 1) % 3          # p drew; q sees only how many cards
>>> s.observation(p)["hand"] == s.players[p].hand, s.observation(q)["hand"]
(True, [])
>>> s.observation(q)["seats"][p]["hand_size"], s.observation(q)["seats"][p]["hand_piles"]
(6, {'field': 4, 'livestock': 1, 'construction': 1, 'building': 0})
"""

from __future__ import annotations

import random
from typing import Any

from arle.framework import bots as _bots
from arle.framework import game as _game
from arle.green.cards import CardSet, load_cards
from arle.green.catalog import FOG_OPTIONS, FOG_PASS_DIRECTIONS, TITLE
from arle.green.sampling import resample_from_infostate
from arle.green.state import SCORE_CATEGORIES, GreenScore, State, new_game, replay

__all__ = ["BOT_ALIASES", "CardSet", "FOG_OPTIONS", "FOG_PASS_DIRECTIONS", "GAME",
           "GreenScore", "SCORE_CATEGORIES", "State", "TITLE", "load_cards", "new_game",
           "replay"]


def _sample(state: _game.GameState, player: int, rng: random.Random) -> _game.GameState:
    """The game's sampler: :func:`arle.green.sampling.resample_from_infostate`."""
    if not isinstance(state, State):
        raise TypeError(f"not a state of the green game: {type(state).__name__}")
    return resample_from_infostate(state, player, rng)


#: The game as the faces see it (registered as ``"green"``); its determinization deals
#: the other hands, the piles, the unseen tiles and the generator afresh (H6).
GAME = _game.Game(name="green", title=TITLE, min_players=1, max_players=4,
                  perfect_information=False, chance_after_setup=True,
                  new_game=new_game, from_json=State.from_json, replay=replay,
                  state_type=State, sampler=_sample)
_game.register(GAME)


def _bot_factory(kind: str) -> _bots.BotFactory:
    """The registry's factory of this game's bot ``kind``, importing it only when used."""
    def make(seed: int = 0, **options: str) -> _bots.Bot[Any]:
        from arle.green.bots import make_bot
        return make_bot(kind, seed=seed, **options)
    return make


# This game's bots join the one registry (``arle.bots.get("green-greedy")``); they play
# this game only, and its seats take the short names ``greedy`` and ``ismcts``.
#: The short bot names of this game's seats (``greedy`` is ``green-greedy``).
BOT_ALIASES = {"greedy": "green-greedy", "ismcts": "green-ismcts"}
_bots.register_game(GAME.name, "the green game", BOT_ALIASES)
_bots.register("green-greedy", _bot_factory("greedy"), games=(GAME.name,))
_bots.register("green-ismcts", _bot_factory("ismcts"), games=(GAME.name,))
