"""The log of the other players' moves on the compact screen, in the presenter's words."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from arle.actions import Action
from arle.state import State
from arle.cli.render.words import player_name
from arle.cli.render.decision import action_label

__all__ = ["MOVES_SHOWN", "move_words", "moves_block"]


#: Lines of the compact screen kept for the other players' moves (older ones are counted).
MOVES_SHOWN = 4


def move_words(before: State, action: Action) -> str:
    """One move in words, taken in state ``before``: the pending decision's title and the
    action's label (``Place a worker: place fisherman``)."""
    return f"{before.pending().title}: {action_label(action, before)}"


def moves_block(moves: Sequence[tuple[int, str]], shown: int = MOVES_SHOWN) -> list[Text]:
    """The other players' moves since the player's last decision, newest last."""
    if not moves:
        return []
    out = [Text("Since your last decision:", style="bold")]
    if len(moves) > shown:
        out.append(Text(f"  ({len(moves) - shown} earlier move(s) not shown)", style="dim"))
    for who, words in moves[-shown:]:
        out.append(Text(f"  {player_name(who)}: {words}"))
    return out
