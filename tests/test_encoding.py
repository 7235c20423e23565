"""Fields of Arle's observation encodings live in the game's layer (arle.encoding), below
the faces; their earlier paths under arle.env re-export the same objects."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import arle
import arle.encoding as E

SRC = Path(__file__).resolve().parent.parent / "src"

OLD_PATHS = {
    "arle.env.observation": ["arle.encoding.base"],
    "arle.env.observation_tt": ["arle.encoding.tea_trade", "arle.encoding.layouts"],
    "arle.env.observation_three": ["arle.encoding.three"],
}


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_the_earlier_paths_re_export_every_name(old: str) -> None:
    shim = importlib.import_module(old)
    news = [importlib.import_module(n) for n in OLD_PATHS[old]]
    names = [name for new in news for name in new.__all__]
    assert sorted(shim.__all__) == sorted(names)
    for new in news:
        for name in new.__all__:
            assert getattr(shim, name) is getattr(new, name), (old, name)


def test_pinned_names_of_the_earlier_paths_are_still_there() -> None:
    from arle.env.observation import OBS_SIZE, OBS_VERSION, densify, describe, encode, text_view
    from arle.env.observation_three import THREE_OBS_SIZE, encode_three
    from arle.env.observation_tt import (LAYOUT_NAMES, Layout, TT_OBS_SIZE, encode_tt,
                                         layout_for, layout_named, state_layout_name)
    assert (OBS_VERSION, LAYOUT_NAMES) == (1, ("base", "tea-and-trade", "tea-and-trade-3p"))
    assert OBS_SIZE < TT_OBS_SIZE < THREE_OBS_SIZE
    s = arle.new_game(players=3, seed=2, expansion="tea-and-trade")
    lay = layout_named(state_layout_name(s))
    assert isinstance(lay, Layout) and lay is layout_for("tea-and-trade", 3)
    three = encode_three(s, 1)
    assert (lay.encode(s, 1) == three).all()
    assert (three[:TT_OBS_SIZE] == encode_tt(s, 1)).all()
    assert (three[:OBS_SIZE] == encode(s, 1)).all()
    assert (densify(lay.counts(s, 1), lay.scale, lay.high) == three).all()
    assert describe().splitlines()[0].startswith("me.farm") and text_view(s)


def _fresh(code: str) -> str:
    """What ``code`` prints in a fresh interpreter that imports arle from this tree."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout

def test_every_layout_is_found_whichever_module_is_imported_first() -> None:
    # The 3-player layout used to join the others when its module was imported; now the
    # choice of layout imports every layout itself.
    for first in ("arle.encoding.tea_trade", "arle.encoding.layouts",
                  "arle.env.observation_tt"):
        code = (f"import {first}, json, arle\n"
                "from arle.encoding.layouts import layout_named\n"
                "s = arle.new_game(players=3, seed=1, expansion='tea-and-trade')\n"
                "print(json.dumps(layout_named('tea-and-trade-3p').encode(s, 0).shape))\n")
        assert json.loads(_fresh(code)) == [E.THREE_OBS_SIZE]


def test_the_encodings_load_no_face() -> None:
    code = ("import sys, arle.encoding\n"
            "print(sorted(m for m in sys.modules if m.split('.')[:2] in "
            "(['arle', 'env'], ['arle', 'bots'], ['arle', 'cli'], ['arle', 'web'], "
            "['arle', 'green'])))\n")
    assert _fresh(code).strip() == "[]"


def test_an_unknown_layout_or_expansion_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown observation layout 'solo'"):
        E.layout_named("solo")
    with pytest.raises(ValueError, match="unknown expansion 'x'"):
        E.layout_for("x")
