"""The build backend: setuptools, plus mypy (for mypyc) when ``ARLE_COMPILE=1``.

A pure build needs only setuptools.  ``ARLE_COMPILE=1 pip install .`` asks for the
mypy pinned below in the isolated build environment, and setup.py compiles the hot
modules with it.  Editable installs are always pure: with ``ARLE_COMPILE=1`` an
editable install stops with an error rather than build C extensions into src/.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F401,F403  (the other PEP 517 hooks)

#: The mypy (mypyc) that compiles the package: the one the dev tools check with.
MYPY_REQUIREMENT = "mypy==2.4.1"
#: Packages mypyc must see to type-check what the compiled modules import: numpy (the
#: research observation, compiled), and the frameworks that the package ``arle.env``
#: around it imports (not compiled, but type-checked with it).
TYPE_CHECK_REQUIREMENTS = ["numpy>=1.26", "gymnasium>=1.0", "pettingzoo>=1.24"]


def _compile() -> bool:
    return os.environ.get("ARLE_COMPILE", "").strip() == "1"


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    if _compile():   # setuptools' own hook runs setup.py, which needs mypyc already
        return ["wheel", MYPY_REQUIREMENT, *TYPE_CHECK_REQUIREMENTS]
    return list(_orig.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    _refuse_editable()
    return list(_orig.get_requires_for_build_editable(config_settings))


def build_editable(wheel_directory: str, config_settings: Any = None,
                   metadata_directory: str | None = None) -> str:
    _refuse_editable()
    return str(_orig.build_editable(wheel_directory, config_settings, metadata_directory))


def _refuse_editable() -> None:
    if _compile():
        raise SystemExit("ARLE_COMPILE=1 compiles a regular install only "
                         "(`ARLE_COMPILE=1 pip install .`); an editable install is "
                         "pure Python: unset ARLE_COMPILE")
