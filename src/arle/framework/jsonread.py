"""The one strict JSON reader of the package: what every loader and server reads with
(also :mod:`arle.jsonread`).

:func:`loads` refuses what no file or request of ``arle`` holds on purpose: a key given
twice in one object, ``NaN`` and ``Infinity``, whole numbers of more than
:data:`MAX_DIGITS` digits, finite numbers beyond a float's range, and nesting deep enough
to exhaust the stack.  A refusal is a :class:`~arle.framework.errors.StateFormatError` whose
``field`` names the key at fault (empty for text that is not JSON).

>>> loads('{"players": 2, "seats": ["human", "bot:random"]}')
{'players': 2, 'seats': ['human', 'bot:random']}
>>> loads('{"a": 1, "a": 2}')
Traceback (most recent call last):
...
arle.errors.StateFormatError: a: key given twice in one object
>>> loads('{"seed": 1' + '0' * 40 + '}').field
Traceback (most recent call last):
...
arle.errors.StateFormatError: seed: 10000000... is not a number arle reads (whole numbers of at most 30 digits, finite numbers only)
"""

from __future__ import annotations

import json
import math
from typing import Any

from arle.framework.errors import StateFormatError

__all__ = ["MAX_DIGITS", "loads"]

#: The longest whole number any field of any file or request takes.
MAX_DIGITS = 30


class _Unusable:
    """A JSON number no field takes (too many digits, infinite, NaN): parsed into this
    marker, so that the object holding it can name the key."""

    def __init__(self, text: str) -> None:
        self.text = text




def _parse_float(text: str) -> float | _Unusable:
    value = float(text)
    return value if math.isfinite(value) else _Unusable(text)


def _check(key: str, value: Any) -> None:
    if isinstance(value, _Unusable):
        shown = value.text if len(value.text) <= 12 else value.text[:8] + "..."
        raise StateFormatError(key, f"{shown} is not a number arle reads (whole numbers "
                                    f"of at most {MAX_DIGITS} digits, finite numbers only)")
    if isinstance(value, list):
        for x in value:
            _check(key, x)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise StateFormatError(key, "key given twice in one object")
        _check(key, value)
        out[key] = value
    return out


def loads(text: str | bytes, max_digits: int = MAX_DIGITS) -> Any:
    """JSON text (or UTF-8 bytes) as Python objects, strictly (see the module);
    ``max_digits``: the longest whole number taken (a loader that checks every field's
    range may take longer ones, up to what ``int`` reads, and name the field)."""

    def parse_int(digits: str) -> int | _Unusable:
        return _Unusable(digits) if len(digits.lstrip("-")) > max_digits else int(digits)

    try:
        obj = json.loads(text, object_pairs_hook=_object, parse_int=parse_int,
                         parse_float=_parse_float, parse_constant=_Unusable)
        _check("", obj)
    except json.JSONDecodeError as e:
        raise StateFormatError("", f"not valid JSON (line {e.lineno}, column {e.colno}: "
                                   f"{e.msg})") from None
    except UnicodeDecodeError as e:
        raise StateFormatError("", f"not UTF-8 text ({e.reason})") from None
    except RecursionError:
        raise StateFormatError("", "not valid JSON (nested too deeply)") from None
    return obj
