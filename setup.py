"""Optional mypyc build of the engine and the bots' hot paths.

``pip install .`` installs the pure-Python package.  ``ARLE_COMPILE=1 pip install .``
compiles the modules in :data:`COMPILED` with mypyc (the same source, as C extension
modules next to their ``.py`` files, which the import system prefers).  If anything in
the compilation fails the build stops with an error: there is no fallback to a
partly compiled package.  Editable installs are always pure (see build_backend/).
BENCHMARKS.md ("Compiled build") lists why the other modules stay pure.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

#: Modules compiled by ``ARLE_COMPILE=1`` (paths relative to this file).
COMPILED = [
    "src/arle/framework/actions.py",
    "src/arle/state.py",
    "src/arle/animals.py",
    "src/arle/scoring.py",
    "src/arle/data/catalog.py",
    "src/arle/data/options.py",
    "src/arle/engine/core.py",
    "src/arle/engine/farm.py",
    "src/arle/engine/spaces.py",
    "src/arle/engine/buildings.py",
    "src/arle/engine/vehicles.py",
    "src/arle/engine/ditches.py",
    "src/arle/engine/inventory.py",
    "src/arle/engine/catalog.py",
    "src/arle/frames.py",
    "src/arle/engine/harbor.py",
    "src/arle/engine/three.py",
    "src/arle/engine/tt_buildings.py",
    "src/arle/view.py",
    "src/arle/bots/common.py",
    "src/arle/bots/evaluation.py",
    "src/arle/bots/greedy.py",
    "src/arle/bots/mcts.py",
    "src/arle/encoding/base.py",
    "src/arle/encoding/tea_trade.py",
    "src/arle/encoding/three.py",
]


def _compile_requested() -> bool:
    value = os.environ.get("ARLE_COMPILE", "").strip()
    if value not in ("", "0", "1"):
        sys.exit(f"ARLE_COMPILE must be 0 or 1, not {value!r}")
    return value == "1"


#: The setup.py commands that build the extension modules (the others, such as the
#: metadata that pip asks for first, need no compilation).
BUILD_COMMANDS = ("build", "build_ext", "bdist_wheel", "install", "bdist")


def _ext_modules() -> list[object]:
    if not _compile_requested() or not any(c in sys.argv[1:] for c in BUILD_COMMANDS):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:  # the build backend asks for mypy when ARLE_COMPILE=1
        sys.exit(f"ARLE_COMPILE=1: mypyc is not available ({exc}); install mypy")
    here = os.path.dirname(os.path.abspath(__file__))
    os.chdir(here)
    missing = [p for p in COMPILED if not os.path.exists(p)]
    if missing:
        sys.exit(f"ARLE_COMPILE=1: modules to compile not found: {', '.join(missing)}")
    print(f"arle: compiling {len(COMPILED)} modules with mypyc", file=sys.stderr)
    try:
        return list(mypycify(COMPILED, opt_level="3", debug_level="0", group_name="arle",
                             strict_dunder_typing=False))
    except SystemExit as exc:   # mypyc reports type errors and exits
        sys.exit(f"ARLE_COMPILE=1: mypyc failed ({exc.code}); nothing was installed")


setup(ext_modules=_ext_modules())
