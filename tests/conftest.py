"""Test-suite set-up: the helpers' folder on the path and the hypothesis profiles.

The tests that .ci/run runs again against the mypyc-compiled build are marked
``compiled`` here (``pytest -m compiled``; compiled_run.py says which and why).

The suite is deterministic: hypothesis runs derandomized (the same examples every run,
no example database), in CI and locally alike.  A deeper, randomized search can be run by
hand with ``HYPOTHESIS_PROFILE=deep python -m pytest``: fresh random examples each run and
ten times as many (see :func:`hyp.examples`).
"""

import os
import signal
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

from compiled_run import in_compiled_run  # noqa: E402  (from the folder just added)

# A suite started in the background of a non-interactive shell (nohup, `cmd &`) inherits
# SIGINT ignored, and so would every program it starts: the tests that stop
# `arle selfplay` or `arle serve` with Ctrl-C would then wait for nothing.  Ctrl-C
# behaves as at a terminal for this process and its children.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile(
    "default", derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "deep", derandomize=False, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "compiled: run again against the mypyc-compiled build by .ci/run "
                   "(set by tests/conftest.py from tests/compiled_run.py, not by hand)")


@pytest.hookimpl(tryfirst=True)   # before ``-m`` deselects by the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if in_compiled_run(item.path):
            item.add_marker(pytest.mark.compiled)
