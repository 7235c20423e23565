"""``State.from_json`` refuses malformed input with a ValueError naming what is wrong.

A state file edited by hand or damaged must be refused when it is read, never load and
crash later: every field's type and range is checked, the history must replay to the
state, and a state that loads answers every query and takes each of its legal actions.
(tests/test_state_format.py has the full table of checks and the old-file fixtures.)
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import arle
from arle.state import State


def midgame() -> State:
    s = arle.new_game(players=2, seed=3, buildings="random")
    rng = random.Random(1)
    for _ in range(60):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


BASE = json.loads(midgame().to_json())


def edited(path: tuple[Any, ...], value: Any) -> str:
    d = json.loads(json.dumps(BASE))
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(d)


@pytest.mark.parametrize("path,value,message", [
    (("n",), 3, "n: players must be 1, 2 or 3"),
    (("half_year",), 10, "half_year: 10 is out of range (1..9)"),
    (("phase",), "lunch", "unknown phase 'lunch'"),
    (("start_player",), 2, "start_player: 2 is out of range (0..1)"),
    (("players", 0, "res", 0), -1, "players[0].res[0]: -1 is out of range"),
    (("players", 0, "res", 1), 16, "players[0].res[1]: 16 is out of range"),
    (("players", 1, "animals"), [1, 2], "players[1].animals: expected a list of 3"),
    (("players", 0, "tools", 4), 3, "players[0].tools[4]: 3 is out of range"),
    (("players", 0, "dikes"), 8, "players[0].dikes: 8 is out of range (0..7)"),
    (("players", 0, "bottleneck"), 2, "players[0].bottleneck: 2 is out of range"),
    (("players", 0, "travel"), ["hage", "hage"], "players[0].travel: an entry is repeated"),
    (("players", 0, "buildings"), ["castle"], "players[0].buildings[0]: unknown building"),
    (("players", 0, "barn"), [["rocket"]], "players[0].barn[0]: expected [equipment"),
    (("players", 0, "barn"), [["cart", ""]], "players[0].barn[0]: expected [equipment"),
    (("players", 0, "grid"), ["stall"] * 20, "players[0].grid: expected 21 tile names"),
    (("occupied",), {"nowhere": 0}, "occupied.nowhere: unknown space or player"),
    (("board",), ["castle"], "board[0]: unknown building 'castle'"),
    (("stack",), [{"t": "cut"}], "stack[0]: expected a frame"),
    (("stack",), [{"t": "juggle", "p": 0}], "stack[0].t: unknown frame kind 'juggle'"),
    (("stack",), [{"t": "cut", "p": 0, "n": "3", "must": True}],
     "stack[0].n: expected an integer"),
    (("stack",), [{"t": "cut", "p": 0, "n": 3, "must": 1}],
     "stack[0].must: expected true or false"),
    (("stack",), [{"t": "cut", "p": 0, "n": 3}], "stack[0].must: missing field"),
    (("stack",), [{"t": "cut", "p": 0, "n": 3, "must": True, "x": 1}],
     "stack[0].x: unknown field"),
    (("stack",), [{"t": "sell", "p": 0, "dest": "hage", "sold": ["x", 2]}],
     "stack[0].sold[1]: expected a string"),
    (("stack",), [{"t": "final", "p": 0}, {"t": "eff", "p": 0, "name": "nap", "args": []}],
     "stack[1].name: unknown effect 'nap'"),
    (("stack",), [{"t": "eff", "p": 0, "name": "milk", "args": [None]}],
     "stack[0].args[0]: expected an integer or a string"),
    (("players", 0, "animals", 0), True,
     "players[0].animals[0]: expected a whole number 0..1000000, got True"),
])
def test_a_bad_field_is_named(path: tuple[Any, ...], value: Any, message: str) -> None:
    with pytest.raises(ValueError, match="malformed state JSON") as e:
        State.from_json(edited(path, value))
    assert message in str(e.value)


@pytest.mark.parametrize("text", ["", "[]", "{}", '{"format": "arle-state-1"}', "{,",
                                  "[" * 200_000])
def test_not_a_state_at_all(text: str) -> None:
    with pytest.raises(ValueError):
        State.from_json(text)


def test_a_frame_the_engine_does_not_know_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown frame kind"):
        State.from_json(edited(("stack",), [{"t": "juggle", "p": 0}]))


def _inventory_state() -> State:
    """A state in an inventory, its stack holding decisions and continuations."""
    s = arle.new_game(players=2, seed=3, buildings="random")
    rng = random.Random(2)
    while not (s.phase == "inventory" and len(s.stack) > 2):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


def test_frames_round_trip_as_plain_json() -> None:
    s = _inventory_state()
    d = json.loads(s.to_json())
    assert all(set(f) >= {"t", "p"} for f in d["stack"])
    assert any(f["t"] == "eff" and set(f) == {"t", "p", "name", "args"} for f in d["stack"])
    t = State.from_json(s.to_json())
    assert t.stack == s.stack and t.key() == s.key() and hash(t.key()) == hash(s.key())
    assert t.to_json() == s.to_json()


def test_saved_games_with_the_older_effect_names_still_load() -> None:
    s = _inventory_state()
    d = json.loads(s.to_json())
    new_to_old = {"houses_before_november": "before_november", "breeding": "breed",
                  "sustenance": "sustain"}
    renamed = 0
    for f in d["stack"]:
        if f["t"] == "eff" and f["name"] in new_to_old:
            f["name"] = new_to_old[f["name"]]
            renamed += 1
    assert renamed
    assert State.from_json(json.dumps(d)).to_json() == s.to_json()


def _paths(o: Any, p: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [p]
    if isinstance(o, dict):
        for k, v in o.items():
            out += _paths(v, p + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            out += _paths(v, p + (i,))
    return out


PATHS = _paths(BASE)[1:]
ODD = [None, -1, 10 ** 9, "x", [], {}, 1.5, True, [1, 2], {"a": 1}]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), st.sampled_from(ODD))
def test_a_damaged_file_loads_playable_or_not_at_all(path: tuple[Any, ...], value: Any) -> None:
    try:
        s = State.from_json(edited(path, value))
    except ValueError:
        return
    legal = s.legal_actions()
    s.scores()
    if legal:
        s.clone().apply(legal[0])


# ---------------------------------------------------------------------------
# Records (arle.replay) and the setup they carry
# ---------------------------------------------------------------------------
RECORD = midgame().record()


@pytest.mark.parametrize("key,value,message", [
    ("actions", 3, "'actions' a list"),
    ("setup", "random", "'setup' must be an object"),
    ("setup.options", "x", "options must map rules option names"),
    ("setup.options", {"lutetsburg_shovels": "yes"}, "must be true or false"),
    ("setup.seed", None, "seed must be a whole number"),
    ("setup.seed", 1.5, "seed must be a whole number"),
    ("setup.players", True, "players must be 1, 2 or 3"),
    ("setup.promos", "no", "promos must be true or false"),
])
def test_a_bad_record_is_refused(key: str, value: Any, message: str) -> None:
    rec = json.loads(json.dumps(RECORD))
    node = rec
    *head, last = key.split(".")
    for k in head:
        node = node[k]
    node[last] = value
    with pytest.raises(ValueError, match=message):
        arle.replay(rec)


def test_a_record_action_that_is_not_text_is_refused() -> None:
    rec = json.loads(json.dumps(RECORD))
    rec["actions"][5] = 7
    with pytest.raises(ValueError, match="record action 5: expected an action text"):
        arle.replay(rec)
