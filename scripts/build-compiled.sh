#!/usr/bin/env bash
# Build the mypyc-compiled arle beside the pure one, leaving this tree untouched:
#
#   scripts/build-compiled.sh DEST [--deps-from VENV]
#
# DEST/tree  a copy of this tree (tests, sources) whose src/arle also holds the compiled
#            extension modules, so every way the tests import arle gets the compiled build
#            (the installed package, PYTHONPATH=src subprocesses, the doctests);
# DEST/venv  a virtualenv with `ARLE_COMPILE=1 pip install '.[dev]'` of that copy.
#
# --deps-from VENV (what .ci/run does): DEST/venv gets only the compiled arle
# (`ARLE_COMPILE=1 pip install --no-deps .`) and takes every other package from the
# virtualenv VENV, which has `pip install -e '.[dev]'` of this tree: a line in a .pth
# file puts VENV's site-packages after its own (VENV's editable arle is not on that path:
# its .pth files are not read from there).  That saves installing the dev dependencies
# a second time; VENV is only read.
#
# Then run the suite against it (.ci/run runs the tests marked ``compiled``, `-m compiled`,
# tests/compiled_run.py; with no -m, the whole suite):
#   cd DEST/tree && ARLE_EXPECT_COMPILED=1 PY_IGNORE_IMPORTMISMATCH=1 \
#     ARLE_COMPILED_PYTHON=DEST/venv/bin/python ARLE_PURE_PYTHON=<pure venv>/bin/python \
#     DEST/venv/bin/python -m pytest -m compiled -n auto --dist loadfile
# (PY_IGNORE_IMPORTMISMATCH: the doctests of src/arle/*.py run in the compiled module of
# the same name, whose __file__ is the extension module.)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
usage() { echo "usage: $0 DEST [--deps-from VENV]" >&2; exit 2; }
deps=""
case $# in
  1) ;;
  3) [ "$2" = "--deps-from" ] || usage
     [ -x "$3/bin/python" ] || { echo "build-compiled: $3 is not a virtualenv" >&2; exit 2; }
     deps="$(cd "$3" && pwd)";;
  *) usage;;
esac
mkdir -p "$1"
dest="$(cd "$1" && pwd)"
case "$dest/" in "$root/"*) echo "build-compiled: DEST must be outside the tree" >&2; exit 2;; esac
rm -rf "$dest/tree" "$dest/venv"
mkdir -p "$dest/tree"
# (tar's exit 1, "file changed as we read it", is a folder of the tree gaining one of the
# caches excluded here while it is read: .ci/run starts its suite beside this build.)
{ tar -C "$root" --exclude=./.venv --exclude='./.venv-*' --exclude=./build --exclude=./dist \
    --exclude='*.egg-info' --exclude=__pycache__ --exclude=.mypy_cache --exclude=.pytest_cache \
    --exclude=.hypothesis --exclude=.artifacts --exclude='*.so' --warning=no-file-changed \
    -cf - . || [ $? -eq 1 ]; } | tar -C "$dest/tree" -xf -
python3 -m venv "$dest/venv"
py="$dest/venv/bin/python"
if [ -z "$deps" ]; then
  (cd "$dest/tree" && ARLE_COMPILE=1 "$py" -m pip install -q '.[dev]') \
      || { echo "build-compiled: the compiled install failed" >&2; exit 1; }
else
  # arle first, into the bare venv (so pip sees no other arle), then the path to VENV's
  # packages.
  (cd "$dest/tree" && ARLE_COMPILE=1 "$py" -m pip install -q --no-deps .) \
      || { echo "build-compiled: the compiled install failed" >&2; exit 1; }
  "$deps/bin/python" -c 'import sysconfig; p = sysconfig.get_paths()
print(p["purelib"]); p["platlib"] != p["purelib"] and print(p["platlib"])' \
      > "$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/arle-deps-from-venv.pth"
fi
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
