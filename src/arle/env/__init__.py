"""Research interfaces: a fixed action space, a numeric observation, and environments
for PettingZoo (AEC), Gymnasium (solo) and OpenSpiel.

Importing this package registers ``arle/Solo-v0`` and ``arle/SoloTeaTrade-v0`` with Gymnasium and, when OpenSpiel is
installed, ``python_fields_of_arle`` with ``pyspiel``.  See ``docs/RESEARCH.md``.

>>> import arle.env
>>> n = len(arle.env.CATALOG)
>>> arle.env.CATALOG.index(arle.env.CATALOG.text(7)) == 7
True
"""

from __future__ import annotations

from typing import Any

from arle.env.catalog import (
    CATALOG, TT_CATALOG, ActionCatalog, UncataloguedActionError, catalog_for, uncatalogued,
)
from arle.encoding import (OBS_SIZE, SLICES, THREE_OBS_SIZE, THREE_SLICES, TT_OBS_SIZE,
                           TT_SLICES, encode, encode_three, encode_tt, layout_for, text_view)

_gym: Any = None
try:   # the environments need the research extra; the encodings need numpy only
    import gymnasium

    _gym = gymnasium

    from arle.env.gym_env import SoloEnv
    from arle.env.pettingzoo_env import ArleAECEnv, aec_env
    from arle.env.green_pettingzoo import green_aec_env  # arle.green (h8)
except ImportError as _missing:  # pragma: no cover - the default install (no gymnasium)
    _MISSING = _missing.name

    def __getattr__(name: str) -> Any:
        if name in ("SoloEnv", "ArleAECEnv", "aec_env", "green_aec_env"):
            raise ImportError(f"arle.env.{name} needs the research extra ({_MISSING} is "
                              "missing): pip install 'arle[env]'")
        raise AttributeError(f"module 'arle.env' has no attribute {name!r}")

__all__ = ["CATALOG", "ActionCatalog", "ArleAECEnv", "GYM_ID", "GYM_TT_ID", "OBS_SIZE",
           "OPENSPIEL_NAME", "SLICES", "SoloEnv", "THREE_OBS_SIZE", "THREE_SLICES", "TT_CATALOG", "TT_OBS_SIZE", "TT_SLICES",
           "UncataloguedActionError", "aec_env", "catalog_for", "encode", "encode_three", "encode_tt",
           "green_aec_env", "layout_for", "legal_mask", "text_view", "uncatalogued"]

GYM_ID = "arle/Solo-v0"
GYM_TT_ID = "arle/SoloTeaTrade-v0"
OPENSPIEL_NAME = "python_fields_of_arle"
#: ``legal_mask(state)``: the 0/1 ``int8`` mask of legal catalog indices.
legal_mask = CATALOG.mask

if _gym is not None:
    if GYM_ID not in _gym.registry:
        _gym.register(id=GYM_ID, entry_point="arle.env.gym_env:SoloEnv")
    if GYM_TT_ID not in _gym.registry:
        _gym.register(id=GYM_TT_ID, entry_point="arle.env.gym_env:SoloEnv",
                      kwargs={"expansion": "tea-and-trade"})

try:  # OpenSpiel is a required test dependency, but the interfaces work without it.
    from arle.env import openspiel_game as _openspiel_game  # noqa: F401
    from arle.env import green_openspiel as _green_openspiel  # noqa: F401
except ImportError:  # pragma: no cover
    pass
