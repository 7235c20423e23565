"""``Action`` (arle.framework.actions, also arle.actions): a plain class that behaves
as the ``NamedTuple`` it replaced for its users (fields, text, comparison, hash, order,
copies and pickling), in both builds, and equals only another Action."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import arle
import arle.actions
from arle.cli.bench import compiled
from arle.errors import ActionSyntaxError
from arle.framework.actions import Action, act


def test_fields_defaults_and_keywords() -> None:
    a = Action("place", ("builder",))
    assert (a.verb, a.args) == ("place", ("builder",))
    assert Action("pass").args == () and Action(verb="x", args=("1",)) == Action("x", ("1",))
    assert arle.actions.Action is Action and not hasattr(a, "__dict__")


def test_text_and_repr() -> None:
    assert str(Action("pass")) == "pass"
    assert str(Action("load", ("0", "0", "wood"))) == "load 0 0 wood"
    assert repr(Action("place", ("fisherman",))) == "Action(verb='place', args=('fisherman',))"
    assert repr(Action("pass")) == "Action(verb='pass', args=())"


def test_equality_and_hash_are_those_of_the_pair() -> None:
    a, b = Action("place", ("fisherman",)), Action("place", ("fisherman",))
    assert a == b and not (a != b) and hash(a) == hash(b) == hash(("place", ("fisherman",)))
    assert a != Action("place", ("builder",)) and a != Action("plac", ("fisherman",))
    assert Action("pass") != Action("pass", ("x",))
    assert len({a, b, Action("pass")}) == 2 and {a: 1}[b] == 1
    # never equal to a plain tuple or anything else with the same values
    assert a != ("place", ("fisherman",)) and ("place", ("fisherman",)) != a
    assert a != "place fisherman" and a != object()


def test_order_is_that_of_the_pair() -> None:
    texts = ["place fisherman", "pass", "place builder", "pay wood:1", "pay", "load 0 0 wood"]
    acts = [Action.from_text(t) for t in texts]
    want = sorted(acts, key=lambda a: (a.verb, a.args))
    assert sorted(acts) == want and sorted(reversed(acts)) == want
    a, b = Action("pay"), Action("pay", ("wood:1",))
    assert a < b and a <= b and b > a and b >= a and a <= Action("pay") >= a
    with pytest.raises(TypeError):
        assert a < ("pay", ())  # type: ignore[operator]


def test_read_only_fields() -> None:
    a = Action("pass")
    if compiled():
        with pytest.raises(AttributeError):
            a.verb = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.other = 1  # type: ignore[attr-defined]
    assert a == Action("pass")


def test_not_a_sequence() -> None:
    a = Action("place", ("fisherman",))
    with pytest.raises(TypeError):
        verb, args = a  # type: ignore[misc]
    with pytest.raises(TypeError):
        a[0]  # type: ignore[index]


@pytest.mark.parametrize("a", [Action("pass"), Action("load", ("0", "0", "wood"))])
def test_copies_and_pickles(a: Action) -> None:
    for c in [copy.copy(a), copy.deepcopy(a)] + [
            pickle.loads(pickle.dumps(a, protocol=k)) for k in range(pickle.HIGHEST_PROTOCOL + 1)]:
        assert type(c) is Action and c == a and (c.verb, c.args) == (a.verb, a.args)


def test_from_text_and_act() -> None:
    assert Action.from_text("  Place   FISHERMAN ") == Action("place", ("fisherman",))
    assert Action.from_text("pass") == Action("pass")
    with pytest.raises(ActionSyntaxError):
        Action.from_text("   ")
    assert act("load", 0, 1, "wood") == Action("load", ("0", "1", "wood"))
    assert act("pass") == Action("pass")


def test_a_list_of_arguments_is_refused() -> None:
    """The compiled class checks the type of its arguments; the pure one takes the list,
    and the state refuses the action it makes."""
    s = arle.new_game(players=1, seed=1)
    try:
        bad: Any = Action("place", ["fisherman"])  # type: ignore[arg-type]
    except TypeError:
        assert compiled()
        return
    assert not compiled()
    with pytest.raises(arle.IllegalActionError):
        s.apply(bad)


def test_legal_actions_are_actions_and_round_trip_their_text() -> None:
    for seed, players in ((1, 1), (2, 2)):
        s = arle.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            legal = s.legal_actions()
            for a in legal:
                assert type(a) is Action and Action.from_text(str(a)) == a
            assert len(set(legal)) == len(legal)
            s.apply(legal[rng.randrange(len(legal))])
