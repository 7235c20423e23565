"""How many examples a property test runs: its usual count, ten times that in the
``deep`` hypothesis profile (``HYPOTHESIS_PROFILE=deep``, see conftest.py)."""

import os


def examples(n: int) -> int:
    return n * 10 if os.environ.get("HYPOTHESIS_PROFILE") == "deep" else n
