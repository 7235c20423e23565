"""Game records: the setup plus the applied actions; replaying rebuilds the state.

The record format (``arle-record-1``) is described in docs/STATE_FORMAT.md.
"""

from __future__ import annotations

from typing import Any

from arle.state import State


def replay(record: dict[str, Any] | str) -> State:
    """Rebuild the state a record describes: its setup (a new game, or the start
    position ``setup["position"]``) then every action.  A malformed or illegal record
    raises ValueError naming the field or the action.

    >>> import arle
    >>> s = arle.new_game(players=1, seed=2)
    >>> s.apply(s.legal_actions()[0])
    >>> arle.replay(s.record()) == s
    True
    """
    from arle.errors import StateFormatError
    from arle.stateformat import Malformed, load_record, parse
    if isinstance(record, str):
        try:
            record = parse(record, "record")
        except Malformed as e:
            raise e.with_prefix("malformed record JSON: ") from None
    try:
        return load_record(record)
    except RecursionError:
        raise StateFormatError("", "nested too deeply",
                               prefix="malformed record JSON: ") from None
    except StateFormatError as e:
        if e.field == "format":                # not a record at all
            raise StateFormatError("", e.reason) from None
        raise e.with_prefix("malformed record: ") from None
    except ValueError as e:
        raise StateFormatError("", str(e), prefix="malformed record: ") from None
