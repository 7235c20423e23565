"""Research interfaces: a fixed action space, a numeric observation, and environments
for PettingZoo (AEC), Gymnasium (solo) and OpenSpiel.

Importing this package registers ``arle/Solo-v0`` with Gymnasium and, when OpenSpiel is
installed, ``python_fields_of_arle`` with ``pyspiel``.  See ``docs/RESEARCH.md``.

>>> import arle.env
>>> n = len(arle.env.CATALOG)
>>> arle.env.CATALOG.index(arle.env.CATALOG.text(7)) == 7
True
"""

from __future__ import annotations

import gymnasium as _gym

from arle.env.catalog import CATALOG, ActionCatalog, UncataloguedActionError, uncatalogued
from arle.env.gym_env import SoloEnv
from arle.env.observation import OBS_SIZE, SLICES, encode, text_view
from arle.env.pettingzoo_env import ArleAECEnv, aec_env
from arle.env.green_pettingzoo import green_aec_env  # arle.green (h8)

__all__ = ["CATALOG", "ActionCatalog", "ArleAECEnv", "GYM_ID", "OBS_SIZE", "OPENSPIEL_NAME",
           "SLICES", "SoloEnv", "UncataloguedActionError", "aec_env", "encode", "green_aec_env",
           "legal_mask",
           "text_view", "uncatalogued"]

GYM_ID = "arle/Solo-v0"
OPENSPIEL_NAME = "python_fields_of_arle"
#: ``legal_mask(state)``: the 0/1 ``int8`` mask of legal catalog indices.
legal_mask = CATALOG.mask

if GYM_ID not in _gym.registry:
    _gym.register(id=GYM_ID, entry_point="arle.env.gym_env:SoloEnv")

try:  # OpenSpiel is a required test dependency, but the interfaces work without it.
    from arle.env import openspiel_game as _openspiel_game  # noqa: F401
    from arle.env import green_openspiel as _green_openspiel  # noqa: F401
except ImportError:  # pragma: no cover
    pass
