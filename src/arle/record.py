"""Game records: the setup plus the applied actions; replaying rebuilds the state."""

from __future__ import annotations

import json
from typing import Any

from arle.state import State


def replay(record: dict[str, Any] | str) -> State:
    """Rebuild the state a record describes (ValueError if it is malformed or illegal).

    >>> import arle
    >>> s = arle.new_game(players=1, seed=2)
    >>> s.apply(s.legal_actions()[0])
    >>> arle.replay(s.record()) == s
    True
    """
    from arle.engine.setup import new_game
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise ValueError(f"malformed record JSON: {e}") from e
        except RecursionError:
            raise ValueError("malformed record JSON: nested too deeply") from None
    if not isinstance(record, dict) or record.get("format") != "arle-record-1":
        raise ValueError("not an arle game record (missing format 'arle-record-1')")
    try:
        setup = record["setup"]
        actions = record["actions"]
        if not isinstance(setup, dict) or not isinstance(actions, list):
            raise ValueError("malformed record: 'setup' must be an object and 'actions' "
                             "a list of action texts")
        s = new_game(players=setup["players"], seed=setup["seed"],
                     buildings=setup["buildings"], promos=setup["promos"],
                     options=setup.get("options"))
    except (KeyError, TypeError) as e:
        raise ValueError(f"malformed record: {e}") from e
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise ValueError(f"record action {i}: expected an action text, got {text!r}")
        try:
            s.apply(text)
        except ValueError as e:
            raise ValueError(f"record action {i} ({text!r}): {e}") from e
    return s
