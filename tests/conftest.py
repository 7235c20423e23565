"""Test-suite set-up: the helpers' folder on the path and the hypothesis profiles.

The suite is deterministic: hypothesis runs derandomized (the same examples every run,
no example database), in CI and locally alike.  A deeper, randomized search can be run by
hand with ``HYPOTHESIS_PROFILE=deep python -m pytest``: fresh random examples each run and
ten times as many (see :func:`hyp.examples`).
"""

import os
import signal
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

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
