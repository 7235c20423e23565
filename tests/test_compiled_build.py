"""The mypyc build (``ARLE_COMPILE=1 pip install .``) against the pure one.

The two builds live in different virtualenvs, so the other build runs in a subprocess:
``ARLE_COMPILED_PYTHON`` names the compiled build's Python (``ARLE_PURE_PYTHON`` the
pure one's, when the tests themselves run compiled).  .ci/run builds the compiled copy
with scripts/build-compiled.sh and sets both; locally the comparison is skipped unless
they are set.  ``ARLE_EXPECT_COMPILED=1`` (the CI's compiled run) makes sure the tests
really import the compiled modules.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import arle
import buildtrace
import compiled_run
from arle.cli.bench import build_name, compiled

ROOT = Path(__file__).resolve().parents[1]
TRACE = Path(__file__).resolve().parent / "buildtrace.py"


def compiled_modules() -> list[str]:
    """The modules setup.py compiles (its ``COMPILED`` list), as module names."""
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    block = text.split("COMPILED = [", 1)[1].split("]", 1)[0]
    return [p[len("src/"):-len(".py")].replace("/", ".")
            for p in re.findall(r'"(src/arle/[\w/]+\.py)"', block)]


def _is_extension(name: str) -> bool:
    f = importlib.import_module(name).__file__ or ""
    return f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_compiled_list_names_existing_hot_modules() -> None:
    names = compiled_modules()
    assert "arle.state" in names and "arle.engine.core" in names and "arle.bots.mcts" in names
    for name in names:
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file(), name


def test_every_module_is_either_all_compiled_or_all_pure() -> None:
    kinds = {name: _is_extension(name) for name in compiled_modules()}
    assert len(set(kinds.values())) == 1, kinds
    assert compiled() is kinds["arle.state"]
    assert build_name() == ("compiled with mypyc" if compiled() else "pure Python")


@pytest.mark.skipif(os.environ.get("ARLE_EXPECT_COMPILED") != "1",
                    reason="ARLE_EXPECT_COMPILED=1 is set only in the CI's compiled run")
def test_this_run_imports_the_compiled_package() -> None:
    assert compiled(), "ARLE_EXPECT_COMPILED=1 but arle.state is not an extension module"
    assert arle.__file__ is not None and arle.__file__.startswith(sys.prefix), arle.__file__
    pure = [n for n in compiled_modules() if not _is_extension(n)]
    assert not pure, f"not compiled: {pure}"


def _other_python() -> str:
    var = "ARLE_PURE_PYTHON" if compiled() else "ARLE_COMPILED_PYTHON"
    other = os.environ.get(var, "")
    if not other:
        pytest.skip(f"{var} is not set: no {'pure' if compiled() else 'compiled'} build to "
                    "compare with (scripts/build-compiled.sh builds one; .ci/run sets it)")
    if not Path(other).is_file():
        pytest.fail(f"{var}={other}: no such Python")
    return other


def _run_other(python: str, code: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    res = subprocess.run([python, "-c", code], capture_output=True, text=True, env=env,
                         cwd=TRACE.parent, check=False)
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_the_other_build_is_the_other_kind() -> None:
    other = _other_python()
    out = _run_other(other, "from arle.cli.bench import compiled; print(compiled())")
    assert out.strip() == str(not compiled())


def test_both_builds_play_bit_for_bit_the_same() -> None:
    """Legal-action texts and ``to_json()`` after every step of 200 seeded random games
    (solo and 2p, random and first-game buildings), and seeded greedy and mcts choices
    with their evaluations, are the same in the pure and the compiled build."""
    other = _other_python()
    theirs = json.loads(_run_other(other, "import json, sys, buildtrace; "
                                          "json.dump(buildtrace.trace(), sys.stdout)"))
    ours = buildtrace.trace()
    assert len(ours["games"]) >= 200
    assert ours.keys() == theirs.keys()
    for part in ("games", "bots"):
        assert ours[part].keys() == theirs[part].keys()
        for game, steps in ours[part].items():
            other_steps = theirs[part][game]
            for i, (a, b) in enumerate(zip(steps, other_steps)):
                assert a == b, f"{part} {game}: the builds part at step {i}"
            assert len(steps) == len(other_steps), f"{part} {game}: lengths differ"


def test_setup_refuses_a_bad_compile_flag() -> None:
    env = dict(os.environ, ARLE_COMPILE="yes")
    res = subprocess.run([sys.executable, str(ROOT / "setup.py"), "--name"], cwd=ROOT,
                         capture_output=True, text=True, env=env, check=False)
    assert res.returncode != 0 and "ARLE_COMPILE must be 0 or 1" in res.stderr


@pytest.mark.filterwarnings("ignore")   # setuptools' beta notice on [tool.setuptools]
def test_an_editable_compiled_install_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "build_backend"))
    monkeypatch.chdir(ROOT)   # setuptools' hooks run ./setup.py
    import arle_build
    monkeypatch.setenv("ARLE_COMPILE", "1")
    with pytest.raises(SystemExit, match="editable install is pure"):
        arle_build.get_requires_for_build_editable()
    assert "mypy==" in " ".join(arle_build.get_requires_for_build_wheel())
    monkeypatch.setenv("ARLE_COMPILE", "0")
    assert not any("mypy" in r for r in arle_build.get_requires_for_build_wheel())


def test_the_field_lists_are_the_slots_of_the_pure_classes() -> None:
    """``PLAYER_FIELDS`` / ``STATE_FIELDS`` stand for ``__slots__``, which the compiled
    classes lack: in the pure build they must be the same."""
    from arle.state import PLAYER_FIELDS, STATE_FIELDS, Player, State
    if compiled():
        assert not hasattr(Player, "__slots__") or Player.__slots__ == PLAYER_FIELDS
        return
    assert Player.__slots__ == PLAYER_FIELDS and State.__slots__ == STATE_FIELDS


def test_version_names_the_build() -> None:
    from typer.testing import CliRunner

    from arle.cli.main import app
    res = CliRunner().invoke(app, ["--version"])
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() == f"arle {arle.__version__} ({build_name()})"
    assert build_name() in ("compiled with mypyc", "pure Python")


def test_the_compiled_run_leaves_out_no_compiled_code() -> None:
    """tests/compiled_run.py's selection: each left-out path still names something, no
    compiled module lies in a left-out part (its doctests and tests would be skipped),
    and the run takes the build comparison and most of the suite."""
    files = [compiled_run.relative(p) for top in ("tests", "src")
             for p in (ROOT / top).rglob("*.py")]
    for prefix in compiled_run.LEFT_OUT:
        assert any(f.startswith(prefix) for f in files), \
            f"compiled_run.LEFT_OUT: {prefix!r} names nothing"
    for name in compiled_modules():
        source = ROOT / "src" / (name.replace(".", "/") + ".py")
        assert compiled_run.in_compiled_run(source), f"{name} is compiled but left out"
    tests = list((ROOT / "tests").rglob("test_*.py"))
    taken = [p for p in tests if compiled_run.in_compiled_run(p)]
    assert Path(__file__) in taken and 2 * len(taken) > len(tests)


def test_the_compiled_mark_follows_the_selection(request: pytest.FixtureRequest) -> None:
    items = request.session.items
    assert items
    for item in items:
        assert (item.get_closest_marker("compiled") is not None) \
            == compiled_run.in_compiled_run(item.path), item.nodeid
    assert request.node.get_closest_marker("compiled") is not None
    assert not compiled_run.in_compiled_run(ROOT / "tests" / "web" / "test_web_api.py")
    assert compiled_run.in_compiled_run(ROOT / "tests" / "test_random_games.py")
    assert compiled_run.in_compiled_run(ROOT / "src" / "arle" / "state.py")
    assert compiled_run.in_compiled_run(ROOT / "README.md")
