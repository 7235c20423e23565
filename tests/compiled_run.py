"""Which tests the CI's compiled run takes (``pytest -m compiled`` against the mypyc build).

.ci/run runs the whole suite on the pure package, then again, on the package built with
``ARLE_COMPILE=1`` (scripts/build-compiled.sh), the tests of the code that build compiles
(setup.py's ``COMPILED``: the rules engine, the state, scoring, the view, the bots' hot
paths and the observations) and the build comparison (tests/test_compiled_build.py).
tests/conftest.py marks those tests ``compiled``.

The selection is by path and leaves out only the tests of parts that the build does not
compile and whose own code therefore runs the same pure modules in both builds:

* the faces, the web (``tests/web/``) and the terminal (``tests/test_cli_*``,
  ``tests/test_tt_cli.py``), with their browsers, PostgreSQL servers and terminals;
* the second game (``tests/green/``, package ``arle.green``);
* the checks of the sources rather than of the package (mypy: a step of its own in
  .ci/run; the import rules of tests/test_layers.py and tests/test_import_graph.py);
* the Ray backend of the distributed runs (tests/test_distributed.py), which plays the
  same compiled games as the process pool that tests/test_tournament.py covers.

Every other test is in, so a new test file is in the compiled run unless it belongs to
one of those parts, and a test of the engine can't drop out by being forgotten.
tests/test_compiled_build.py checks that no compiled module lies in a left-out part,
that every entry below still names something and that the marks follow this selection.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Paths (relative to the repository, as prefixes) whose tests the compiled run leaves out.
LEFT_OUT = (
    "tests/web/", "src/arle/web/",                # the web face
    "tests/test_cli_", "tests/test_tt_cli.py",    # the terminal face
    "src/arle/cli/",
    "tests/green/", "src/arle/green/",            # the second game
    "src/arle/env/green_",
    "tests/test_typing.py",                       # mypy (its own CI step)
    "tests/test_layers.py",                       # import-linter on the sources
    "tests/test_import_graph.py",                 # grimp on the sources
    "tests/test_distributed.py",                  # Ray
)


def relative(path: Path | str) -> str:
    """``path`` relative to the repository, with forward slashes."""
    p = Path(path).resolve()
    try:
        return p.relative_to(ROOT).as_posix()
    except ValueError:
        return p.as_posix()


def in_compiled_run(path: Path | str) -> bool:
    """Whether the tests collected from ``path`` (a test file, a module's doctests, the
    README) are run again against the compiled build."""
    return not relative(path).startswith(LEFT_OUT)
