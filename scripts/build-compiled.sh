#!/usr/bin/env bash
# Build the mypyc-compiled arle beside the pure one, leaving this tree untouched:
#
#   scripts/build-compiled.sh DEST
#
# DEST/tree  a copy of this tree (tests, sources) whose src/arle also holds the compiled
#            extension modules, so every way the tests import arle gets the compiled build
#            (the installed package, PYTHONPATH=src subprocesses, the doctests);
# DEST/venv  a virtualenv with `ARLE_COMPILE=1 pip install '.[dev]'` of that copy.
#
# Then run the suite against it (what .ci/run does):
#   cd DEST/tree && ARLE_EXPECT_COMPILED=1 PY_IGNORE_IMPORTMISMATCH=1 \
#     ARLE_COMPILED_PYTHON=DEST/venv/bin/python ARLE_PURE_PYTHON=<pure venv>/bin/python \
#     DEST/venv/bin/python -m pytest
# (PY_IGNORE_IMPORTMISMATCH: the doctests of src/arle/*.py run in the compiled module of
# the same name, whose __file__ is the extension module.)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 2; }
mkdir -p "$1"
dest="$(cd "$1" && pwd)"
case "$dest/" in "$root/"*) echo "build-compiled: DEST must be outside the tree" >&2; exit 2;; esac
rm -rf "$dest/tree" "$dest/venv"
mkdir -p "$dest/tree"
tar -C "$root" --exclude=./.venv --exclude='./.venv-*' --exclude=./build --exclude=./dist \
    --exclude='*.egg-info' --exclude=__pycache__ --exclude=.mypy_cache --exclude=.pytest_cache \
    --exclude=.hypothesis --exclude=.artifacts --exclude='*.so' -cf - . | tar -C "$dest/tree" -xf -
python3 -m venv "$dest/venv"
py="$dest/venv/bin/python"
(cd "$dest/tree" && ARLE_COMPILE=1 "$py" -m pip install -q '.[dev]') \
    || { echo "build-compiled: the compiled install failed" >&2; exit 1; }
# The compiled modules next to the copy's sources (the group library arle__mypyc stays
# in site-packages, where the modules find it).
"$py" - "$dest/tree/src" <<'PY'
import importlib.util, pathlib, shutil, sys
pkg = pathlib.Path(importlib.util.find_spec("arle").origin).parent
n = 0
for so in pkg.rglob("*.so"):
    target = pathlib.Path(sys.argv[1]) / "arle" / so.relative_to(pkg)
    shutil.copy2(so, target)
    n += 1
if n == 0:
    sys.exit("build-compiled: the install holds no compiled module")
print(f"build-compiled: {n} compiled modules in {pkg}")
PY
(cd "$dest/tree" && "$py" -c '
import arle, arle.engine.core as c, arle.state as s, importlib.machinery as m, sys
assert arle.__file__.startswith(sys.prefix), arle.__file__
for mod in (c, s):
    assert mod.__file__.endswith(tuple(m.EXTENSION_SUFFIXES)), mod.__file__
print("build-compiled:", arle.__file__)')
