"""The second game's typed frames and its dispatch table: each kind of frame is an
immutable value with the JSON form of the old dict frames, every decision kind has its
rules and words, and the names callers import from ``arle.green.state`` stay there."""

from __future__ import annotations

import dataclasses
import importlib
import json

import pytest

import arle.green as G
from arle.green import frames as FR
from arle.green import rules, words
from arle.errors import StateFormatError

EXAMPLES: list[FR.Frame] = [
    FR.Declare(0), FR.Pick(1), FR.Take(0), FR.Act(2), FR.Plan(3), FR.Store(1, 4),
    FR.Store(0, 2, "0,1"), FR.PayWater(1, 3, "-1,0"), FR.Keep(0, ("e01", "e04")),
    FR.TileChoice(2, "e05"), FR.Attach(1, "2,0"), FR.Harvest(0),
    FR.Fx(1, "1,1", "tile:e02", 2),
]


def test_every_kind_has_an_example() -> None:
    assert {f.KIND for f in EXAMPLES} == set(FR.FRAME_TYPES)


@pytest.mark.parametrize("f", EXAMPLES, ids=lambda f: f"{f.KIND}-{len(f.details())}")
def test_a_frame_has_the_json_of_the_old_dict_frames(f: FR.Frame) -> None:
    d = f.to_json()
    assert list(d)[:2] == ["t", "p"] and d["t"] == f.KIND and d["p"] == f.p
    assert json.loads(json.dumps(d)) == d                  # lists, not tuples
    assert FR.frame_from_json(json.loads(json.dumps(d))) == f
    assert f.details() == {k: v for k, v in d.items() if k not in ("t", "p")}
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.p = 3  # type: ignore[misc]


def test_the_optional_cell_of_store_is_left_out_while_none() -> None:
    assert FR.Store(1, 4).to_json() == {"t": "store", "p": 1, "n": 4}
    assert FR.Store(1, 4, "0,1").to_json() == {"t": "store", "p": 1, "n": 4, "cell": "0,1"}
    assert FR.FIELDS["store"] == {"n"} and FR.OPTIONAL_FIELDS["store"] == {"cell"}
    assert FR.Keep(0, ("e01",)).to_json() == {"t": "keep", "p": 0, "tiles": ["e01"]}


def test_the_table_gives_every_decision_kind_its_rules_and_words() -> None:
    assert [c.KIND for c in rules.RULES] == list(FR.DECISION_KINDS)
    assert set(rules.AUTO) == {FR.Fx} and FR.Fx.KIND not in FR.DECISION_KINDS
    assert tuple(words.WORDS) == FR.DECISION_KINDS
    assert words.KINDS == ("over", *FR.DECISION_KINDS)
    assert FR.HIDDEN_KINDS == ("pick", "keep", "plan")


def test_the_loader_checks_a_frame_against_its_class() -> None:
    s = G.new_game(players=3, seed=4)
    d = json.loads(s.to_json())
    d["stack"][-1] = {"t": "store", "p": 0}
    with pytest.raises(StateFormatError, match=r"stack\[0\]\.n: missing field"):
        G.State.from_json(json.dumps(d))
    d["stack"][-1] = {"t": "declare", "p": 0, "n": 1}
    with pytest.raises(StateFormatError, match=r"stack\[0\]\.n: unknown field"):
        G.State.from_json(json.dumps(d))


def test_the_names_callers_import_from_the_state_module_stay() -> None:
    S = importlib.import_module("arle.green.state")
    for name in ("State", "ChanceNeeded", "GreenScore", "SCORE_CATEGORIES", "new_game",
                 "replay", "Player", "STATE_FORMAT", "RECORD_FORMAT", "TOWER", "SILO",
                 "HIDDEN_KINDS", "KINDS", "supply", "_legal", "_apply", "_act_legal",
                 "_apply_act", "_advance", "_step", "_year_script", "_check_options",
                 "_chance"):
        assert hasattr(S, name), name
    assert S.State is G.State and S.new_game is G.new_game and S.replay is G.replay
    s = G.new_game(players=3, seed=4)
    assert S._legal(s, s.stack[-1]) == s.legal_actions()
