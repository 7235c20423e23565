"""Tests build positions through the public API, not by writing engine fields.

A test that writes ``s.players[0].res[...]``, appends to ``s.stack`` or replaces
``s.pool`` breaks whenever the state's layout changes, though it is not about the
layout.  Positions are built with :mod:`arle.position` (``edit``: goods, animals,
tools, cells, buildings, equipment, supply, half year, start player) and decisions are
reached by playing actions (``apply``).  This test reads every test file and fails on a
raw write to a state's field outside the files listed here: the tests *about* the
layout (the atomic apply's snapshot, ``commit`` itself, the score cache's key over the
fields, the second game's hidden fields) and the second game's position builder in
tests/green/green_util.py, each saying so at its top.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from arle.state import PLAYER_FIELDS, STATE_FIELDS

TESTS = Path(__file__).parent

#: The fields of the second game's state and players (arle.green.state), kept by name
#: here so that this test needs no module of the second game.
GREEN_FIELDS = frozenset((
    "coins", "food", "vpt", "farm", "hand", "pick", "card", "aside", "plan",
    "options", "cs", "year", "first", "over", "script", "pc", "unseen", "pile_size",
    "slots", "market", "towers_left", "silos_left", "eq_unseen", "eq_bottom", "eq_gone",
    "discard", "declared", "rng", "chance", "known", "eq_by", "private", "hidden_auto",
    "_forced"))
FIELDS = frozenset(PLAYER_FIELDS) | frozenset(STATE_FIELDS) | GREEN_FIELDS
#: Methods that change a list, dict or set in place.
MUTATORS = frozenset(("append", "extend", "pop", "insert", "remove", "clear", "update",
                      "add", "discard", "setdefault", "sort", "reverse", "popitem"))

#: Tests about the state's layout itself: they may write its fields.
LAYOUT = {
    "test_position.py": "arle.position.commit turns a state edited in place into a "
                        "start position: its test edits fields in place",
    "test_atomic_apply.py": "the atomic apply's snapshot and rollback of the fields",
    "test_engine_fast_paths.py": "a goods count off the track, which no edit allows, for "
                                 "score_total's count-indexed tables",
    "env/test_env_gymnasium.py": "the reward's cache key covers every player field",
    "env/test_env_tea_trade.py": "the reward's cache key covers every expansion field",
    "green/green_util.py": "the second game's position builder (arle.green has no "
                           "position module yet): the one place its tests write fields",
    "green/test_green_props.py": "resamples the hidden fields by hand, an oracle for the "
                                 "redaction of a seat's view",
}
def _attrs(node: ast.expr) -> set[str]:
    """The attribute names along ``a.b[i].c``."""
    out = set()
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            out.add(node.attr)
        node = node.value
    return out


def _root(node: ast.expr) -> str | None:
    """The name ``a`` at the bottom of ``a.b[i].c``."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _aliases(scope: ast.AST) -> set[str]:
    """Names that ``scope`` (a function, or the module) binds to a field itself and to
    nothing else (``g = s.players[0].grid``): writing through one writes the field."""
    bound: dict[str, bool] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    field = isinstance(node.value, ast.Attribute) and node.value.attr in FIELDS
                    bound[t.id] = bound.get(t.id, True) and field
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.comprehension)):
            target = node.target
            for n in ast.walk(target):
                if isinstance(n, ast.Name):
                    bound[n.id] = False
    return {name for name, field in bound.items() if field}


def raw_writes(source: str) -> Iterator[tuple[int, str]]:
    """(line, target) of each write to a state's field in ``source``: an assignment
    (also augmented or ``del``) to an attribute chain through a field name or into a
    name bound to a field (``g = pl.grid; g[9] = ...``), a mutating method called on
    one, or ``setattr`` with a field name (or a name not spelled out)."""
    tree = ast.parse(source)
    scopes: list[ast.AST] = [tree] + [n for n in ast.walk(tree) if isinstance(
        n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
    seen: set[tuple[int, str]] = set()
    for scope in scopes:
        for found in _writes_in(scope, _aliases(scope)):
            if found not in seen:
                seen.add(found)
                yield found


def _writes_in(scope: ast.AST, aliases: set[str]) -> Iterator[tuple[int, str]]:
    def through_field(node: ast.expr) -> bool:
        """``node`` reaches into a field (or into a name bound to one)."""
        return bool(_attrs(node) & FIELDS) or _root(node) in aliases

    for node in ast.walk(scope):
        targets: list[ast.expr] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            for part in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]):
                if isinstance(part, (ast.Attribute, ast.Subscript)) and through_field(part):
                    yield node.lineno, ast.unparse(part)
        if isinstance(node, ast.Call):
            f = node.func
            if (isinstance(f, ast.Attribute) and f.attr in MUTATORS
                    and (through_field(f.value)
                         or isinstance(f.value, ast.Name) and f.value.id in aliases)):
                yield node.lineno, ast.unparse(f)
            if isinstance(f, ast.Name) and f.id == "setattr" and len(node.args) >= 2:
                name = node.args[1]
                if not (isinstance(name, ast.Constant) and name.value not in FIELDS):
                    yield node.lineno, "setattr(..., " + ast.unparse(name) + ")"


def writes_by_file() -> dict[str, list[tuple[int, str]]]:
    out = {}
    for path in sorted(TESTS.rglob("*.py")):
        found = list(raw_writes(path.read_text(encoding="utf-8")))
        if found:
            out[path.relative_to(TESTS).as_posix()] = found
    return out


def test_no_test_writes_engine_fields_outside_the_allow_list() -> None:
    problems = []
    for name, found in writes_by_file().items():
        if name in LAYOUT:
            continue
        where = ", ".join(f"line {line}: {target}" for line, target in found)
        problems.append(f"{name} writes {len(found)} engine field(s) ({where}); "
                        f"build the position with arle.position.edit and apply")
    assert not problems, "\n".join(problems)


def test_the_allow_list_is_tight() -> None:
    """A file of the list still writes fields, and says at its top why it may."""
    found = writes_by_file()
    for name in LAYOUT:
        assert name in found, f"{name}: no raw write left, drop it from LAYOUT"
        first = (TESTS / name).read_text(encoding="utf-8").split('"""')[1]
        assert "layout" in first.lower(), f"{name}: its docstring should say it tests the layout"


def test_the_scan_sees_each_kind_of_write() -> None:
    src = ("s.players[0].res[5] = 1\n"
           "s.pool['field'] -= 1\n"
           "s.stack.append(f)\n"
           "pl.grid[9], pl.bw_peat = 'stall', 0\n"
           "setattr(pl, 'dikes', 2)\n"
           "del s.board[0]\n"
           "x = s.players[0].res[5]\n"          # reads are fine
           "s.apply('skip')\n"
           "d['pool'] = 1\n"                    # a dict key, not a field
           "g = s.players[0].grid\n"
           "g[9] = 'stall'\n"                   # through a name bound to a field
           "g.append('x')\n"
           "x = g[9]\n")
    assert sorted(line for line, _ in raw_writes(src)) == [1, 2, 3, 4, 4, 5, 6, 11, 12]
