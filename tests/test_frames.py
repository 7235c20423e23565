"""The frame classes of :mod:`arle.frames`: plain classes that behave as the frozen
dataclasses they replaced (fields, comparison, hash, text, copies, pickling, JSON).

Each kind's fields are given three times in frames.py (the ``__init__`` parameters, the
``FIELDS`` names with ``_values()``, and the JSON types of ``_TYPES``); the tests below
check that they agree, build every kind with distinct values, and play seeded games
checking that no frame is ever changed in place.
"""

from __future__ import annotations

import ast
import copy
import inspect
import pickle
import random
import typing
from pathlib import Path
from typing import Any

import pytest

import arle
from arle import frames as FR
from arle.cli.bench import compiled
from arle.engine import core

KINDS = list(FR.FRAME_TYPES)
SOURCE = Path(__file__).resolve().parents[1] / "src" / "arle" / "frames.py"


def sample(tp: Any, k: int) -> Any:
    """A value of JSON type ``tp`` depending on ``k`` (distinct ``k``, distinct values)."""
    if tp is bool:
        return k % 2 == 1
    if tp is int:
        return 10 + k
    if tp is str:
        return f"s{k}"
    args = typing.get_args(tp)
    if typing.get_origin(tp) is tuple:
        return (sample(args[0], k), sample(args[0], k + 1))
    return sample(args[0], k)        # a union: its first member


def build(kind: str, k: int = 0) -> tuple[FR.Frame, tuple[Any, ...]]:
    """A frame of ``kind`` with field values from ``k``, and those values."""
    cls = FR.FRAME_TYPES[kind]
    values = (k % 3, *(sample(tp, k + 2 * i) for i, tp in enumerate(
        FR._TYPES.get(kind, {}).values())))
    return cls(*values), values


@pytest.mark.skipif(compiled(), reason="compiled classes keep no signature or annotations")
@pytest.mark.parametrize("kind", KINDS)
def test_fields_types_and_defaults_agree_with_init(kind: str) -> None:
    cls = FR.FRAME_TYPES[kind]
    params = list(inspect.signature(cls).parameters.values())
    assert tuple(p.name for p in params) == cls.FIELDS
    hints = typing.get_type_hints(cls.__init__, vars(FR))
    assert hints["p"] is int
    assert {n: hints[n] for n in cls.FIELDS[1:]} == FR._TYPES.get(kind, {})
    assert {p.name: p.default for p in params
            if p.default is not inspect.Parameter.empty} == FR._DEFAULTS.get(kind, {})
    own = tuple(n for c in cls.__mro__ for n in c.__dict__.get("__slots__", ()))
    assert sorted(own) == sorted(cls.FIELDS) and not hasattr(build(kind)[0], "__dict__")


def test_every_own_field_is_final() -> None:
    """In the source, each field of a kind (all but ``p``) is declared ``typing.Final``:
    mypy refuses an assignment to it and the compiled build makes it read-only."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    declared: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            declared[node.name] = {
                st.target.id: ast.unparse(st.annotation) for st in node.body
                if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
                and not ast.unparse(st.annotation).startswith("ClassVar")}
    for cls in FR.FRAME_TYPES.values():
        fields = declared[cls.__name__]
        assert set(fields) == set(cls.FIELDS[1:]), cls.KIND
        assert all(a.startswith("typing.Final[") for a in fields.values()), fields


@pytest.mark.parametrize("kind", KINDS)
def test_values_equality_hash_and_text(kind: str) -> None:
    f, values = build(kind)
    cls = type(f)
    assert f.KIND == kind and cls.KIND == kind and f.FIELDS[0] == "p"
    assert tuple(getattr(f, n) for n in f.FIELDS) == values == f._values()
    same = cls(*values)
    assert same == f and not (same != f) and hash(same) == hash(f) == hash(values)
    assert repr(f) == cls.__qualname__ + "(" + ", ".join(
        f"{n}={v!r}" for n, v in zip(f.FIELDS, values)) + ")"
    assert f != values and f != FR.Frame(values[0]) and f != object()
    for i, name in enumerate(f.FIELDS):       # any one field differing: unequal
        other, _ = build(kind, 1)
        changed = list(values)
        changed[i] = other._values()[i]
        if changed[i] != values[i]:
            assert cls(*changed) != f, name


def test_kinds_with_the_same_fields_differ() -> None:
    assert FR.OptionalAnimal(0, ("sheep",)) != FR.TakeAnimal(0, ("sheep",))
    assert FR.House(1) != FR.Grocer(1) and FR.House(1) == FR.House(1)
    assert {FR.House(1), FR.House(1), FR.Grocer(1)} == {FR.House(1), FR.Grocer(1)}
    assert repr(FR.Cut(0, 2, True)) == "Cut(p=0, n=2, must=True)"
    assert repr(FR.Farmer(1, built=False, fields=2)) == \
        "Farmer(p=1, built=False, fields=2, dry=0)"


@pytest.mark.parametrize("kind", KINDS)
def test_copies_and_pickles(kind: str) -> None:
    f, _ = build(kind, 4)
    for c in (copy.copy(f), copy.deepcopy(f), pickle.loads(pickle.dumps(f)),
              pickle.loads(pickle.dumps(f, protocol=2))):
        assert type(c) is type(f) and c == f and c._values() == f._values()


@pytest.mark.parametrize("kind", KINDS)
def test_with_makes_a_changed_copy(kind: str) -> None:
    f, values = build(kind, 0)
    g, other = build(kind, 1)
    for i, name in enumerate(f.FIELDS):
        h = f._with(**{name: other[i]})
        assert type(h) is type(f) and h._values() == values[:i] + (other[i],) + values[i + 1:]
        assert f._values() == values                       # the original is unchanged
    assert f._with() == f and f._with(**dict(zip(g.FIELDS, other))) == g
    with pytest.raises(TypeError, match="no field 'nope'"):
        f._with(nope=1)


def test_replace_top_puts_the_copy_on_the_stack() -> None:
    s = arle.new_game(players=1, seed=1)
    s.apply("place peat_cutter")
    top = s.stack[-1]
    assert isinstance(top, FR.Cut)
    below = s.stack[:-1]
    core.replace_top(s, n=top.n - 1)
    assert s.stack[-1] == FR.Cut(top.p, top.n - 1, top.must) and s.stack[:-1] == below
    assert top.n == s.stack[-1].n + 1                       # the old frame is unchanged
    with pytest.raises(TypeError):
        core.replace_top(s, must=True, moved=(1,))
    assert s.stack[-1] == FR.Cut(top.p, top.n - 1, top.must)


@pytest.mark.parametrize("kind", KINDS)
def test_json_round_trip(kind: str) -> None:
    f, values = build(kind, 3)
    d = FR.frame_to_json(f)
    assert d == {"t": kind, **dict(zip(f.FIELDS, values))}
    effects = {f.name} if isinstance(f, FR.Effect) else set()
    assert FR.frame_from_json(d, "stack[0]", 3, effects) == f
    assert f.details() == dict(zip(f.FIELDS[1:], values[1:]))


def test_json_defaults_and_strict_errors() -> None:
    f = FR.Farmer(0, built=True, fields=1)
    assert FR.frame_to_json(f) == {"t": "farmer", "p": 0, "built": True, "fields": 1}
    assert f.details() == {"built": True, "fields": 1}
    assert FR.frame_to_json(f._with(dry=1))["dry"] == 1
    assert FR.frame_from_json({"t": "farmer", "p": 0, "built": True, "fields": 1},
                              "s", 1, ()) == f
    sc = FR.SpaceChoice(0, ("forest",), "forest_hut")
    assert FR.frame_to_json(sc) == {"t": "space_choice", "p": 0, "opts": ("forest",),
                                    "space": "forest_hut"}
    bad = [
        ({"t": "cut", "p": 0, "n": "2", "must": True}, "stack[2].n: expected an integer"),
        ({"t": "cut", "p": 0, "n": 2}, "stack[2].must: missing field of a 'cut' frame"),
        ({"t": "cut", "p": 0, "n": 2, "must": True, "x": 1},
         "stack[2].x: unknown field of a 'cut' frame"),
        ({"t": "nope", "p": 0}, "stack[2].t: unknown frame kind 'nope'"),
        ({"t": "cut", "p": 5, "n": 2, "must": True}, "stack[2]: expected a frame"),
        ({"t": "pay", "p": 0, "opts": [["wood:1", 2]]},
         "stack[2].opts[0][1]: expected a string"),
        ({"t": "eff", "p": 0, "name": "nope", "args": []},
         "stack[2].name: unknown effect 'nope'"),
        ({"t": "eff", "p": 0, "name": "x", "args": [1.5]},
         "stack[2].args[0]: expected an integer or a string"),
    ]
    for d, message in bad:
        with pytest.raises(ValueError, match=r"^" + message.replace("[", r"\[")
                           .replace("]", r"\]").replace(".", r"\.")):
            FR.frame_from_json(d, "stack[2]", 2, {"x"})
    old = FR.frame_from_json({"t": "eff", "p": 0, "name": "breed", "args": []}, "s", 1,
                             {"breeding"})
    assert old == FR.Effect(0, "breeding", ())


@pytest.mark.skipif(not compiled(), reason="the pure build leaves Final to mypy")
def test_compiled_fields_are_read_only() -> None:
    f = FR.Cut(0, 2, True)
    with pytest.raises(AttributeError):
        f.must = False  # type: ignore[misc]
    assert f.must is True


@pytest.mark.parametrize("seed,expansion", [(11, None), (12, "tea-and-trade")])
def test_no_frame_changes_in_play(seed: int, expansion: str | None) -> None:
    """Along seeded games, every frame ever on a stack keeps the values it had when
    first seen (a state's clone shares them, so a change in place would leak)."""
    s = (arle.new_game(players=2, seed=seed, buildings="random") if expansion is None
         else arle.new_game(players=2, seed=seed, buildings="random", expansion=expansion))
    rng = random.Random(seed)
    seen: dict[int, tuple[FR.Frame, tuple[Any, ...]]] = {}
    while not s.is_terminal():
        for f in s.stack:
            seen.setdefault(id(f), (f, f._values()))
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert len(seen) > 50
    for f, values in seen.values():
        assert f._values() == values, f
