"""What an import loads (issue 30): the second game and the framework load no module of
Fields of Arle's rules, and ``arle``'s public names are imported when first used.

Each case runs in a fresh interpreter, since this one has long imported everything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import arle

SRC = Path(arle.__file__).resolve().parent.parent


def loaded_after(code: str) -> list[str]:
    """The ``arle`` modules loaded once ``code`` has run in a fresh interpreter."""
    probe = (code + "\nimport sys, json\n"
             "print(json.dumps(sorted(m for m in sys.modules "
             "if m == 'arle' or m.startswith('arle.'))))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    modules: list[str] = json.loads(out.stdout.splitlines()[-1])
    return modules


def outside(modules: list[str], *allowed: str) -> list[str]:
    """The modules that are not ``arle`` itself nor in one of the ``allowed`` packages."""
    return [m for m in modules if m != "arle"
            and not any(m == a or m.startswith(a + ".") for a in allowed)]


@pytest.mark.parametrize("code", [
    "import arle.green",
    "import arle.green; s = arle.green.new_game(players=2, seed=1); s.apply("
    "s.legal_actions()[0]); arle.green.State.from_json(s.to_json()); s.observation(0)",
    "from arle.framework import game; game.get('green').new_game(players=3, seed=2)",
])
def test_the_second_game_loads_no_module_of_fields_of_arle(code: str) -> None:
    modules = loaded_after(code)
    assert "arle.green.state" in modules
    assert outside(modules, "arle.framework", "arle.green") == []


def test_the_framework_loads_no_game() -> None:
    modules = loaded_after("import arle.framework.game, arle.framework.jsonread, "
                           "arle.errors, arle.actions, arle.jsonread")
    assert "arle.framework.game" in modules
    assert outside(modules, "arle.framework", "arle.errors", "arle.actions",
                   "arle.jsonread") == []


def test_import_arle_loads_nothing_until_a_name_is_used() -> None:
    assert loaded_after("import arle") == ["arle"]
    modules = loaded_after("import arle; arle.IllegalActionError")
    assert outside(modules, "arle.framework") == []
    modules = loaded_after("import arle; arle.new_game(players=1, seed=1).apply('place fisherman')")
    assert {"arle.engine.core", "arle.state", "arle.notation"} <= set(modules)
    assert not [m for m in modules if m.startswith("arle.green")]   # nor the second game


def test_the_registry_loads_fields_of_arle_when_asked() -> None:
    modules = loaded_after("from arle.framework import game; "
                           "assert game.get('arle').title == 'Fields of Arle'")
    assert "arle.engine.core" in modules and "arle.green" not in modules


def test_public_names_are_the_same_objects_as_in_their_modules() -> None:
    import arle.actions
    import arle.decision
    import arle.engine.setup
    import arle.errors
    import arle.framework.actions
    import arle.framework.errors
    import arle.notation
    import arle.position
    import arle.record
    import arle.scoring
    import arle.state
    import arle.view
    assert arle.State is arle.state.State and arle.new_game is arle.engine.setup.new_game
    assert arle.Action is arle.framework.actions.Action is arle.actions.Action
    assert arle.Decision is arle.decision.Decision
    assert arle.IllegalActionError is arle.errors.IllegalActionError \
        is arle.framework.errors.IllegalActionError
    assert arle.parse_action is arle.notation.parse_action and arle.replay is arle.record.replay
    assert arle.ScoreSheet is arle.scoring.ScoreSheet and arle.position is arle.position
    assert arle.ANYTIME_VERBS == arle.view.anytime_verbs() and "load" in arle.ANYTIME_VERBS
    assert set(arle.__all__) <= set(dir(arle))
    for name in arle.__all__:
        assert getattr(arle, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        arle.nope  # type: ignore[attr-defined]  # noqa: B018


_PLAY = """
import json, random, sys
from arle.state import State
t = State.from_json(sys.stdin.read())
r = random.Random(1)
while not t.is_terminal():
    a = t.legal_actions()
    t.apply(str(a[r.randrange(len(a))]))
    t.pending(), t.current_player
print(json.dumps([t.winner(), [sc.total for sc in t.scores()], t.farm(0)["tools"]]))
"""


@pytest.mark.parametrize("first", [
    "arle.state", "arle.frames", "arle.engine.core", "arle.engine.three", "arle.view",
    "arle.decision", "arle.notation", "arle.stateformat", "arle.game",
    "arle.env.observation_tt",
])
def test_a_state_plays_whichever_module_is_imported_first(first: str) -> None:
    # The rules link themselves into arle.state when imported; a state read from JSON
    # by a program that imported only ``first`` finds them all the same.
    s = arle.new_game(players=3, seed=4, expansion="tea-and-trade")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
    out = subprocess.run([sys.executable, "-c", f"import {first}\n" + _PLAY],
                         input=s.to_json(), capture_output=True, text=True, env=env,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    winner, totals, tools = json.loads(out.stdout)
    t = s.clone()
    import random
    r = random.Random(1)
    while not t.is_terminal():
        a = t.legal_actions()
        t.apply(str(a[r.randrange(len(a))]))
    assert [winner, totals, tools] == [t.winner(), [sc.total for sc in t.scores()],
                                       t.farm(0)["tools"]]
