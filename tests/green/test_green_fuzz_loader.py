"""The strict loader against damaged states (issue 31): thousands of derandomized
damages (a value replaced by a value of another type or from elsewhere in the state, a
field or list element deleted, a list element repeated) to states of every player count
and phase.  Each is either refused with :class:`arle.errors.StateFormatError` naming a
field, or loads as a consistent state that plays on without losing or copying a card."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import arle.green as G
from arle.errors import ArleError, StateFormatError
from arle.green.io import conservation_problems
from green_util import play_random

_VALUES: list[Any] = [None, True, False, -1, 0, 1, 2, 7, 10 ** 9, 1.5, "", "x", "f01",
                      "tower", "0,0", "99,99", [], [0], ["x"], {}, {"t": "pick", "p": 0},
                      [[]]]


def _bases() -> list[str]:
    out = []
    for n in (1, 2, 3, 4):
        for steps in (3, 40, 150):
            s = G.new_game(players=n, seed=n * 7 + steps)
            out.append(play_random(s, n + steps, steps=steps).to_json())
    s = G.new_game(players=3, seed=5, action_choice="hidden", token_limits=True)
    out.append(play_random(s, 1, steps=60).to_json())
    s = G.new_game(players=4, seed=2)
    out.append(play_random(s, 2).to_json())                    # a finished game
    return out


BASES = _bases()
PATHS: list[list[tuple[Any, ...]]] = []


def _paths(d: Any, pre: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [pre]
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, pre + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += _paths(v, pre + (i,))
    return out


for _text in BASES:
    PATHS.append(_paths(json.loads(_text))[1:])


def _damage(base: int, where: int, kind: int, pick: int) -> dict[str, Any]:
    d = json.loads(BASES[base])
    paths = PATHS[base]
    path = paths[where % len(paths)]
    node = d
    for k in path[:-1]:
        node = node[k]
    k = path[-1]
    if kind == 0:
        node[k] = _VALUES[pick % len(_VALUES)]
    elif kind == 1:
        del node[k]
    elif kind == 2 and isinstance(node, list):
        node.insert(k, json.loads(json.dumps(node[k])))
    else:                                    # a value found elsewhere in the state
        v: Any = d
        for kk in paths[pick % len(paths)]:
            v = v[kk] if isinstance(v, (dict, list)) else None
        node[k] = json.loads(json.dumps(v))
    return d


def _outcome(d: dict[str, Any]) -> str:
    try:
        s = G.State.from_json(json.dumps(d))
    except StateFormatError as e:
        assert isinstance(e, ArleError) and isinstance(e, ValueError)
        assert str(e).startswith("arle.green state: ")
        assert e.field or "malformed" in str(e)
        return "refused"
    assert conservation_problems(s) == []
    r = random.Random(0)
    for _ in range(25):
        if s.is_terminal():
            break
        s.apply(r.choice(s.legal_actions()))
        assert conservation_problems(s) == []
    return "loaded"


@settings(derandomize=True, max_examples=2500, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(base=st.integers(0, len(BASES) - 1), where=st.integers(0, 10 ** 6),
       kind=st.integers(0, 3), pick=st.integers(0, 10 ** 6))
def test_every_damaged_state_is_refused_cleanly_or_stays_consistent(
        base: int, where: int, kind: int, pick: int) -> None:
    d = _damage(base, where, kind, pick)
    if json.dumps(d, sort_keys=True) != json.dumps(json.loads(BASES[base]), sort_keys=True):
        _outcome(d)


@pytest.mark.parametrize("n", [3, 4])
def test_a_deleted_or_repeated_step_is_refused(n: int) -> None:
    s = play_random(G.new_game(players=n, seed=n), n, steps=12)
    d = json.loads(s.to_json())
    commits = [i for i, st_ in enumerate(d["script"]) if st_[0] == "commit"]
    for change in ("delete", "repeat"):
        bad = json.loads(json.dumps(d))
        i = commits[-1]
        if change == "delete":
            del bad["script"][i]
        else:
            bad["script"].insert(i, bad["script"][i])
        with pytest.raises(StateFormatError, match="not the year's script") as e:
            G.State.from_json(json.dumps(bad))
        assert e.value.field.startswith("script")


def test_a_card_moved_between_hands_or_a_stray_pick_is_refused() -> None:
    s = play_random(G.new_game(players=3, seed=4), 4, steps=8)
    while s.pending().kind != "pick":
        s.apply(s.legal_actions()[0])
    d = json.loads(s.to_json())
    giver = next(i for i, p in enumerate(d["players"]) if len(p["hand"]) > 1)
    taker = (giver + 1) % 3
    bad = json.loads(json.dumps(d))
    bad["players"][taker]["hand"].append(bad["players"][giver]["hand"].pop())
    with pytest.raises(StateFormatError, match="hand") as e:
        G.State.from_json(json.dumps(bad))
    assert e.value.field in (f"players[{giver}].hand", f"players[{taker}].hand") \
        or e.value.field.startswith("known[")
    for row in bad["known"]:                 # what the seats knew of the hands, cleared
        for k in row:
            k.clear()
    with pytest.raises(StateFormatError, match="cards, .* at this point") as e:
        G.State.from_json(json.dumps(bad))
    assert e.value.field in (f"players[{giver}].hand", f"players[{taker}].hand")
    for bad_value, field in ((True, "players[1]"), ([["x"]], "script[0]")):
        bad = json.loads(json.dumps(d))
        if field == "players[1]":
            bad["players"][1] = bad_value
        else:
            bad["script"][0] = bad_value[0]
        with pytest.raises(StateFormatError) as e:
            G.State.from_json(json.dumps(bad))
        assert e.value.field == field


def test_a_repeated_pending_decision_is_refused() -> None:
    s = G.new_game(players=2, seed=3)
    r = random.Random(3)
    while s.pending().kind != "act":
        s.apply(r.choice(s.legal_actions()))
    d = json.loads(s.to_json())
    d["stack"].insert(0, dict(d["stack"][0]))
    with pytest.raises(StateFormatError, match="a second pending 'act' decision") as e:
        G.State.from_json(json.dumps(d))
    assert e.value.field == "stack[1]"
