"""The games one web service serves, and what it needs of each (:class:`Kind`).

The service (:mod:`arle.web.service`) stores, loads, seats, checks and plays any game
through these few functions: how to read a stored state, replay a record, apply a
client's action text (with the log's automatic events), and which job the bot workers
run for a position.  Fields of Arle's kind is :data:`ARLE`; the second game's is made by
:mod:`arle.web.green`.  A kind with hidden information (``secret``) never serves its
whole state, its record before the end or undos; hints are offered only in the games of
a kind that says so (``hints``).  The service and the faces ask these hooks, never a
game's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

__all__ = ["ARLE", "Kind", "Played", "ThinkFn"]

#: A bot worker's job: ``fn(spec, seed, state_json)`` answers the action's text.
ThinkFn = Callable[[str, int, str], str]


class Played(NamedTuple):
    """An action applied to a copy of the state: the new state, the action in the
    game's notation, and the automatic events it led to (player, words)."""

    state: Any
    text: str
    auto: list[tuple[int, str]]


@dataclass(frozen=True)
class Kind:
    name: str                                        # "arle" or "green"
    from_json: Callable[[str], Any]
    replay: Callable[[dict[str, Any]], Any]
    #: apply a client's action text to a copy (ValueError: illegal, nothing changes)
    play: Callable[[Any, str], Played]
    #: the bot workers' job for a position of this game (``default``: the server's)
    think: Callable[[Any, ThinkFn], ThinkFn]
    secret: bool = False
    #: where the game's pages are (``/green`` -> ``/green/games/ID``, ``/green/join/TOKEN``);
    #: ``""``: the routes of ``/games/ID``, Fields of Arle's, which serve no other kind
    pages: str = ""
    #: whether a person to move may ask the server's hint bot what it would play
    hints: bool = False


def _arle_from_json(text: str) -> Any:
    import arle
    return arle.State.from_json(text)


def _arle_replay(record: dict[str, Any]) -> Any:
    import arle
    return arle.replay(record)


def _arle_play(state: Any, text: str) -> Played:
    import arle
    from arle.view import apply_logged
    new = state.clone()
    act = arle.parse_action(new, text)
    steps = apply_logged(new, act)
    return Played(new, str(act), [(e.player, e.text) for e in steps])


def _server_think(state: Any, default: ThinkFn) -> ThinkFn:
    return default


#: Fields of Arle (base game, Tea & Trade, 3 players).
ARLE = Kind("arle", _arle_from_json, _arle_replay, _arle_play, _server_think, hints=True)
