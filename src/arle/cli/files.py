"""Reading the files the ``arle`` commands are given, with one message per failure.

A command that cannot read its input prints ``arle COMMAND: PATH: why`` on stderr and
exits with code 2; nothing else happens (no file is written, nothing is printed on
stdout).
"""

from __future__ import annotations

import sys
from typing import NoReturn

import typer

__all__ = ["EXIT_REFUSED", "MAX_INT_DIGITS", "parse_int", "read_text", "refuse"]

EXIT_REFUSED = 2


def refuse(command: str, message: str) -> NoReturn:
    """Print ``arle COMMAND: message`` on stderr and exit with code 2."""
    typer.echo(f"arle {command}: {message}", err=True)
    raise typer.Exit(code=EXIT_REFUSED)


def read_text(path: str, command: str, what: str = "a JSON file",
              stdin: bool = True) -> str:
    """The UTF-8 text of ``path`` (with ``stdin``, ``-`` reads standard input), or
    refuse naming the reason."""
    if path == "-" and stdin:
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        refuse(command, f"{path}: no such file")
    except IsADirectoryError:
        refuse(command, f"{path}: is a directory, not {what}")
    except UnicodeDecodeError:
        refuse(command, f"{path}: not UTF-8 text")
    except OSError as exc:
        refuse(command, f"{path}: cannot read ({exc.strerror or exc})")


#: The longest whole number a file may hold: far beyond any count of the game, short of
#: Python's own limit on converting digits (4,300), which would fail with a traceback.
MAX_INT_DIGITS = 30


def parse_int(digits: str) -> int:
    """``json.loads(..., parse_int=parse_int)``: refuse absurdly long numbers clearly."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"a number has {len(digits.lstrip('-'))} digits "
                         f"(at most {MAX_INT_DIGITS})")
    return int(digits)
