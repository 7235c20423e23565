"""Bots: programs that choose an action for the player to move.

A bot is any object with a ``name`` and a ``choose(state) -> Action`` method that returns
one of ``state.legal_actions()``; it never changes the state it is given.  Bots are made
from a text spec by :func:`get`::

    >>> import arle, arle.bots
    >>> bot = arle.bots.get("random", seed=1)
    >>> s = arle.new_game(players=1, seed=1)
    >>> bot.choose(s) in s.legal_actions()
    True

A spec is ``NAME`` or ``NAME:key=value,key=value``; the options are passed to the bot's
factory as keyword arguments (values stay text; the factory converts them).  New bots
join the registry with :func:`register` (or by adding to :data:`REGISTRY`); a bot in
another installed package joins through the ``arle.bots`` entry-point group, so that
``arle play``, ``arle tournament`` and ``arle serve`` find it by name (see
``docs/BOTS.md``).

The protocol and the registry are the framework's (:mod:`arle.framework.bots`, for every
game); this package re-exports them under their earlier names and registers Fields of
Arle's own bots (``greedy``, ``mcts``, ``plan``), which play that game only.
"""

from __future__ import annotations

from typing import Any

from arle.framework.bots import (ENTRY_POINT_GROUP, REGISTRY, Bot, BotFactory, get, known,
                                 parse_spec, register, register_game)

__all__ = ["Bot", "BotFactory", "ENTRY_POINT_GROUP", "REGISTRY", "SEED_IN_SPEC", "get",
           "known", "parse_spec", "register"]

#: The name :func:`get`'s messages give Fields of Arle.
GAME = "arle"


def _greedy_factory(seed: int = 0, **options: str) -> Bot[Any]:
    from arle.bots.greedy import GreedyBot
    return GreedyBot(seed=seed, **options)


def _mcts_factory(seed: int = 0, **options: str) -> Bot[Any]:
    from arle.bots.mcts import MCTSBot
    return MCTSBot(seed=seed, **options)


def _plan_factory(seed: int = 0, **options: str) -> Bot[Any]:
    from arle.bots.plan import PlanBot
    return PlanBot(seed=seed, **options)


register_game(GAME, "Fields of Arle")
register("greedy", _greedy_factory, games=(GAME,))
register("mcts", _mcts_factory, games=(GAME,))
register("plan", _plan_factory, games=(GAME,), seed_in_spec=True, solo=True)

from arle.framework.bots import SEED_IN_SPEC  # noqa: E402  (after plan joined it)
