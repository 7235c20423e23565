"""Action text: ``str(action)`` writes it, :func:`parse_action` reads it back.

The notation is documented in ``docs/NOTATION.md``.
"""

from __future__ import annotations

from functools import lru_cache

from arle.actions import Action
from arle.errors import ActionSyntaxError, GameOverError, IllegalActionError
from arle.state import State, link


def parse_action(state: State, text: str) -> Action:
    """The legal action of ``state`` written as ``text``; otherwise IllegalActionError:
    :class:`~arle.errors.ActionSyntaxError` when the text names no action of the game
    (not text, empty, an unknown verb), :class:`~arle.errors.GameOverError` once the
    game is over.

    >>> import arle
    >>> s = arle.new_game(players=1, seed=1)
    >>> parse_action(s, "place  Woodcutter")
    Action(verb='place', args=('woodcutter',))
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(f"action text must be a string, not {type(text).__name__}")
    a = Action.from_text(text)
    legal = state.legal_actions()
    if a in legal:
        return a
    old = _older_spelling(state, a)
    if old is not None:
        return old
    if state.is_terminal():
        raise GameOverError("the game is over: no action is legal")
    if a.verb not in _verbs():
        raise ActionSyntaxError(f"{text.strip()[:40]!r} names no action: the game has no "
                                f"verb {a.verb[:20]!r} (see docs/NOTATION.md)")
    same_verb = sorted({str(x) for x in legal if x.verb == a.verb})
    hint = (f"; legal {a.verb!r} actions: {', '.join(same_verb[:12])}"
            + (" ..." if len(same_verb) > 12 else "")) if same_verb else (
        f"; legal verbs now: {', '.join(sorted({x.verb for x in legal}))}")
    raise IllegalActionError(f"illegal action {text.strip()!r} for player "
                             f"{state.current_player}{hint}")


@lru_cache(maxsize=1)
def _verbs() -> frozenset[str]:
    """Every verb of the game (base, Tea & Trade, 3 players), from the action catalog."""
    from arle.actionspace import every_action
    return frozenset(a.verb for a in every_action(8, 13, "tea-and-trade"))


def _older_spelling(state: State, a: Action) -> Action | None:
    """The legal action that older records wrote as ``a`` (None if there is none): a
    trade named its payment even where the player had one way to pay
    (``trade 0 england tea`` is now ``trade 0 england``)."""
    if a.verb == "trade":
        from arle.engine.harbor import trade_alias
        return trade_alias(state, a)
    return None


link(parse_action=parse_action)
