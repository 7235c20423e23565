"""What the faces show of a game's history: the log, entry by entry, in words and with
the goods and animals each entry changed (issue 32).

A ply is one decision taken (an action of the record); its log entries are the move
itself (``kind`` ``"move"``, with the action's notation) and then each automatic step
the engine carried out by itself after it (``kind`` ``"auto"``: harvest, milking,
newborn animals...; ``action`` ``None``), in the order they ran.  Each entry's
``changes`` give, per player (as a string key, ready for JSON), the change of every
resource and animal it moved, named as :func:`arle.view.resources` and
:func:`arle.view.animals` name them; summed over a ply they are exactly what the engine
changed (the move's entry holds whatever the automatic steps did not).

>>> import arle
>>> s = arle.new_game(players=1, seed=1)
>>> entries = []
>>> while s.season == 0 and s.phase == "work":
...     entries += play_logged(s, s.legal_actions()[0], ply=len(entries) + 1)
>>> entries[0].to_json()["action"], entries[0].kind
('place fisherman', 'move')
>>> harvest = [e for e in entries if e.kind == "auto"][-1]
>>> harvest.text, harvest.changes, harvest.action
('Harvest: Player 1 +1 grain, +1 flax', {'0': {'grain': 1, 'flax': 1}}, None)

The words of a move come from ``words(state before, action)``; the default is the
decision's title with the notation (the web passes its labels, with their costs).  Only the figures and the automatic
steps are specific to Fields of Arle (:mod:`arle.view`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from arle import view
from arle.actions import Action
from arle.record import replay
from arle.state import State

__all__ = ["LogEntry", "Words", "default_words", "game_log", "log_json", "play_logged"]

#: How a move is put in words: ``words(state before the move, action)``.
Words = Callable[[State, Action], str]

#: Per player (``"0"``, ``"1"``...): resource or animal name -> change.
Changes = dict[str, dict[str, int]]


class LogEntry(NamedTuple):
    """One entry of the game log.

    ``ply``: the number of the decision (1 for the first action of the record) that
    led to it; ``player``: who decided (a move) or whose goods the step changed (an
    automatic step); ``action``: the move's notation, ``None`` for an automatic step;
    ``kind``: ``"move"`` or ``"auto"``; ``text``: the entry in words; ``changes``: see
    the module's description."""

    ply: int
    player: int
    action: str | None
    kind: str
    text: str
    changes: Changes

    def to_json(self) -> dict[str, Any]:
        """The entry as the web's ``log`` lists it."""
        return {"ply": self.ply, "player": self.player, "action": self.action,
                "kind": self.kind, "text": self.text,
                "changes": {q: dict(c) for q, c in self.changes.items()}}


def default_words(before: State, action: Action) -> str:
    """The decision's title and the action's notation (``"Place a worker: place
    fisherman"``); the faces pass their own words (the web's labels with their costs:
    :func:`arle.web.views.log_words`)."""
    title = before.pending().title
    return f"{title}: {action}" if title else str(action)


def _figures(s: State) -> list[dict[str, int]]:
    """Every player's resources and animals, by the view's names."""
    return [{**view.resources(s, p), **view.animals(s, p)} for p in range(len(s.players))]


def _diff(before: list[dict[str, int]], after: list[dict[str, int]]) -> Changes:
    out: Changes = {}
    for p, (b, a) in enumerate(zip(before, after)):
        moved = {k: a[k] - b.get(k, 0) for k in a if a[k] != b.get(k, 0)}
        if moved:
            out[str(p)] = moved
    return out


def _amounts(changes: Mapping[str, int]) -> str:
    return ", ".join(f"{n:+d} {k.replace('_', ' ')}" for k, n in changes.items())


def _changes_words(player: int, changes: Changes) -> str:
    """``"+3 wood"`` (the mover's own), ``"-1 food; Player 2 +1 grain"`` (others by
    name); ``""`` when nothing changed."""
    parts = []
    if str(player) in changes:
        parts.append(_amounts(changes[str(player)]))
    parts += [f"Player {int(q) + 1} {_amounts(c)}" for q, c in changes.items()
              if q != str(player)]
    return "; ".join(parts)


def play_logged(s: State, action: Action | str, ply: int,
                words: Words | None = None) -> tuple[LogEntry, ...]:
    """Apply ``action`` to ``s`` (atomic: an illegal action raises
    :class:`arle.IllegalActionError` and changes nothing) and return the log entries
    of this ply, numbered ``ply``: the move, then the automatic steps it led to."""
    p = s.current_player
    if p is None:
        from arle.errors import GameOverError
        raise GameOverError("the game is over: no action is legal")
    act = action if isinstance(action, Action) else _parse(s, action)
    said = (words or default_words)(s, act)
    before = _figures(s)
    events = view.apply_logged(s, act)
    total = _diff(before, _figures(s))
    autos: list[LogEntry] = []
    names = set(before[0]) if before else set()
    rest = {q: dict(c) for q, c in total.items()}
    for e in events:
        moved = {k: n for k, n in e.changes if k in names}
        changes = {str(e.player): moved} if moved else {}
        for k, n in moved.items():
            left = rest.setdefault(str(e.player), {})
            left[k] = left.get(k, 0) - n
        autos.append(LogEntry(ply, e.player, None, "auto", e.text, changes))
    own = {q: {k: n for k, n in c.items() if n} for q, c in rest.items()}
    own = {q: c for q, c in sorted(own.items(), key=lambda x: int(x[0])) if c}
    what = _changes_words(p, own)
    text = f"Player {p + 1}: {said}" + (f" ({what})" if what else "")
    return (LogEntry(ply, p, str(act), "move", text, own), *autos)


def _parse(s: State, text: str) -> Action:
    from arle.notation import parse_action
    return parse_action(s, text)


def game_log(game: State | Mapping[str, Any], words: Words | None = None
             ) -> list[LogEntry]:
    """The log of a whole game, replayed from its setup: ``game`` is a state (its
    record is replayed) or a record (``arle-record-1``, as downloaded or uploaded).
    A malformed record raises ValueError."""
    record = dict(game.record() if isinstance(game, State) else game)
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise ValueError("malformed record: 'actions' must be a list")
    s = replay({**record, "actions": []})
    out: list[LogEntry] = []
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise ValueError(f"malformed record: action {i} is not a text")
        out += play_logged(s, text, i + 1, words)
    return out


def log_json(entries: list[LogEntry] | tuple[LogEntry, ...]) -> list[dict[str, Any]]:
    """The entries as the web's ``log`` lists them."""
    return [e.to_json() for e in entries]
