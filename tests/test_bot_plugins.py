"""Bots from other installed packages: the ``arle.bots`` entry-point group.

A throwaway distribution (a ``.dist-info`` folder and a module on the path) offers two
bots: a working one and one whose target does not exist.  The working one is found by
name by ``arle.bots.get``/``known`` and by ``arle tournament``; the broken one gets a
clear error and leaves the built-in bots usable.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import arle
import arle.bots

SRC = Path(__file__).resolve().parents[1] / "src"

MODULE = '''
import random


class FirstOrRandom:
    """Takes the first legal action, or a random one with probability ``p``."""

    def __init__(self, seed=0, p="0.5"):
        self.rng = random.Random(seed)
        self.p = float(p)

    @property
    def name(self):
        return "plugged"

    def choose(self, state):
        legal = state.legal_actions()
        if self.rng.random() < self.p:
            return legal[self.rng.randrange(len(legal))]
        return legal[0]


def make(seed=0, **options):
    return FirstOrRandom(seed=seed, **options)
'''


@pytest.fixture
def plugin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "arle_plugin_example.py").write_text(textwrap.dedent(MODULE))
    info = tmp_path / "arle_plugin_example-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: arle-plugin-example\n"
                                   "Version: 0.1\n")
    (info / "entry_points.txt").write_text("[arle.bots]\nplugged = arle_plugin_example:make\n"
                                           "broken = arle_plugin_example:missing\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def _registry_restored() -> Iterator[None]:
    """The registry as it was before the test (a plugin registers itself when loaded)."""
    saved = dict(arle.bots.REGISTRY)
    yield
    arle.bots.REGISTRY.clear()
    arle.bots.REGISTRY.update(saved)


def test_a_plugin_bot_is_found_by_name(plugin_dir: Path) -> None:
    assert {"plugged", "broken", "random", "greedy", "mcts"} <= set(arle.bots.known())
    bot = arle.bots.get("plugged:p=0", seed=3)
    assert bot.name == "plugged"
    s = arle.new_game(players=1, seed=3)
    assert bot.choose(s) == s.legal_actions()[0]
    assert "plugged" in arle.bots.REGISTRY          # loaded once, then registered


def test_a_broken_plugin_gets_a_clear_error(plugin_dir: Path) -> None:
    with pytest.raises(ValueError, match="broken.*arle_plugin_example:missing"):
        arle.bots.get("broken")
    assert arle.bots.get("random").name == "random"
    with pytest.raises(ValueError, match="unknown bot 'absent'"):
        arle.bots.get("absent")


def test_arle_tournament_plays_a_plugin_bot(plugin_dir: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(plugin_dir), str(SRC),
                                         env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, "-m", "arle.cli.main", "tournament", "--players", "2",
         "--bots", "plugged,random", "--games", "2", "--seed", "5", "--json"],
        capture_output=True, text=True, env=env, timeout=300, check=True)
    data = json.loads(out.stdout)
    assert data["games"] == 2
    assert set(data["bots"]) == {"plugged", "random"}
