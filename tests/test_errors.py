"""arle.errors: one hierarchy of refusals (issue 30, item 3), raised by the engine where
each applies and caught as ValueError by older code."""

from __future__ import annotations

import json

import pytest

import arle
from arle.errors import (
    ActionSyntaxError,
    ArleError,
    GameOverError,
    IllegalActionError,
    StateFormatError,
)


def test_the_hierarchy_and_the_old_names() -> None:
    assert issubclass(IllegalActionError, ArleError) and issubclass(IllegalActionError,
                                                                    ValueError)
    assert issubclass(ActionSyntaxError, IllegalActionError)
    assert issubclass(GameOverError, IllegalActionError)
    assert issubclass(StateFormatError, ArleError) and issubclass(StateFormatError, ValueError)
    from arle.actions import IllegalActionError as old
    assert old is arle.IllegalActionError is IllegalActionError
    assert {"ArleError", "ActionSyntaxError", "GameOverError",
            "StateFormatError"} <= set(arle.__all__)


@pytest.mark.parametrize("text", ["", "   ", "fly away", "teleport 3", 7, None, ("place",)])
def test_a_text_that_names_no_action_is_a_syntax_error(text: object) -> None:
    s = arle.new_game(players=1, seed=1)
    before = s.to_json()
    with pytest.raises(ActionSyntaxError):
        arle.parse_action(s, text)  # type: ignore[arg-type]
    if isinstance(text, str):
        with pytest.raises(ActionSyntaxError):
            s.apply(text)
    assert s.to_json() == before


def test_an_action_not_legal_now_is_illegal_but_no_syntax_error() -> None:
    s = arle.new_game(players=1, seed=1)
    for text in ("place nowhere", "take sheep", "load 9 9 wood"):
        with pytest.raises(IllegalActionError) as info:
            s.apply(text)
        assert not isinstance(info.value, (ActionSyntaxError, GameOverError)), text


def test_apply_on_a_finished_game_is_game_over() -> None:
    s = arle.new_game(players=1, seed=3)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    before = s.to_json()
    for action in ("place fisherman", arle.Action("place", ("fisherman",))):
        with pytest.raises(GameOverError, match="game is over"):
            s.apply(action)
    assert s.to_json() == before


def test_a_state_that_fails_to_load_names_the_field() -> None:
    s = arle.new_game(players=1, seed=1)
    d = json.loads(s.to_json())
    d["players"][0]["res"][0] = -5
    with pytest.raises(StateFormatError) as info:
        arle.State.from_json(json.dumps(d))
    assert info.value.field.startswith("players[0]"), info.value.field
    assert str(info.value).startswith("malformed state JSON: players[0]")
    with pytest.raises(StateFormatError) as info:
        arle.State.from_json("{not json")
    assert isinstance(info.value, ValueError)


def test_a_record_that_fails_to_load_names_the_field() -> None:
    rec = arle.new_game(players=1, seed=1).record()
    rec["setup"]["seed"] = "seven"
    with pytest.raises(StateFormatError) as info:
        arle.replay(rec)
    assert info.value.field == "setup.seed"
    rec = arle.new_game(players=1, seed=1).record()
    rec["actions"] = ["fly away"]
    with pytest.raises(StateFormatError, match="malformed record"):
        arle.replay(rec)


def test_the_second_game_raises_the_same_errors() -> None:
    import arle.green as G
    s = G.new_game(players=2, seed=1)
    before = s.to_json()
    for text, kind in (("fly away", ActionSyntaxError), ("", ActionSyntaxError),
                       ("take zz99", IllegalActionError)):
        with pytest.raises(kind):
            s.apply(text)
    with pytest.raises(ActionSyntaxError):
        s.apply(7)  # type: ignore[arg-type]
    assert s.to_json() == before
    with pytest.raises(StateFormatError) as info:
        G.State.from_json('{"a": 1, "a": 2}')
    assert info.value.field == "a"
    rec = s.record()
    rec["actions"] = ["fly away"]
    with pytest.raises(StateFormatError) as info:
        G.replay(rec)
    assert info.value.field == "actions[0]"
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    with pytest.raises(GameOverError):
        s.apply("done")
