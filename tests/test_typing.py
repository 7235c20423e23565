"""The package is mypy-clean under the strict settings in pyproject.toml.

mypy runs once per CI run: .ci/run checks the package as a step of its own
(``python tests/test_typing.py STAMP``, which runs mypy and, when it is clean, writes a
digest of what it checked to STAMP) and then runs the suite with ``ARLE_MYPY_STAMP=STAMP``.
The test below takes that stamp as the check when its digest is still the digest of the
files mypy reads (the package's sources, pyproject.toml, mypy's version); anything else
(no stamp, another tree, a file changed since) runs mypy here.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def checked_digest() -> str:
    """A digest of everything the strict check depends on in this tree."""
    h = hashlib.sha256(f"mypy {version('mypy')}\n".encode())
    files = [ROOT / "pyproject.toml"]
    files += sorted(p for p in (ROOT / "src" / "arle").rglob("*")
                    if p.suffix in (".py", ".pyi") or p.name == "py.typed")
    for p in files:
        h.update(p.relative_to(ROOT).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


def run_mypy() -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_mypy_strict_clean() -> None:
    stamp = os.environ.get("ARLE_MYPY_STAMP", "")
    if stamp and Path(stamp).is_file() and Path(stamp).read_text() == checked_digest():
        return   # this run's own mypy step found these very files clean
    out = run_mypy()
    assert out.returncode == 0, out.stdout + out.stderr


def test_only_this_trees_stamp_stands_for_the_check(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A stamp whose digest is not this tree's makes the test run mypy itself (and fail
    when mypy fails); the matching one stands for the check."""
    stamp = tmp_path / "stamp"
    monkeypatch.setenv("ARLE_MYPY_STAMP", str(stamp))
    ran: list[int] = []

    def failing_mypy() -> subprocess.CompletedProcess[str]:
        ran.append(1)
        return subprocess.CompletedProcess([], 1, "src/arle/x.py:1: error: ...", "")
    monkeypatch.setattr(sys.modules[__name__], "run_mypy", failing_mypy)
    for stale in (None, "0" * 64, checked_digest()[:-1] + "x"):
        if stale is not None:
            stamp.write_text(stale)
        with pytest.raises(AssertionError, match="error"):
            test_mypy_strict_clean()
    assert len(ran) == 3
    stamp.write_text(checked_digest())
    test_mypy_strict_clean()
    assert len(ran) == 3


if __name__ == "__main__":   # .ci/run: python tests/test_typing.py STAMP
    if len(sys.argv) != 2:
        sys.exit("usage: python tests/test_typing.py STAMP")
    before = checked_digest()
    res = run_mypy()
    sys.stdout.write(res.stdout)
    sys.stderr.write(res.stderr)
    if res.returncode == 0 and checked_digest() == before:
        Path(sys.argv[1]).write_text(before)
    sys.exit(res.returncode or (checked_digest() != before))
