"""``State.apply`` takes only a legal Action (or its text), and is all or nothing.

Anything else is refused with IllegalActionError and changes nothing; an exception
inside the engine while an action is applied leaves the state, its history and its
legal actions exactly as they were, and is raised again.

A test of the state's layout (allowed in tests/test_public_api_only.py): the engine
functions injected here write the state's fields directly, as the real engine does, so
that the snapshot of every field is what is checked.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from util import do, fresh

from arle.actions import Action, IllegalActionError
from arle.engine import core
from arle.state import State


class Boom(Exception):
    pass


class Lookalike(NamedTuple):
    verb: str
    args: tuple[str, ...] = ()


def _made(make: Any) -> list[Any]:
    """What ``make()`` returns, as a list of one, or no value if the build refuses to make
    it: the compiled Action, a native class, takes no subclass written in Python and no
    list for its tuple of arguments."""
    try:
        return [make()]
    except TypeError:
        return []


def _subaction() -> Any:
    class SubAction(Action):
        pass
    return SubAction("place", ("fisherman",))


def _picture(s: State) -> tuple[str, list[str], list[Action], int | None]:
    return s.to_json(), list(s.history), s.legal_actions(), s.current_player


@pytest.mark.parametrize("bad", [
    ("place", ("fisherman",)),            # a plain tuple equal to a legal Action
    Lookalike("place", ("fisherman",)),   # another NamedTuple with the same fields
    *_made(_subaction),                   # a subclass
    ["place", ["fisherman"]],
    *_made(lambda: Action("place", ["fisherman"])),     # arguments in a list
    0, 3, None, b"place fisherman", 1.5,
])
def test_only_legal_actions_are_taken(bad: Any) -> None:
    s = fresh()
    assert Action("place", ("fisherman",)) in s.legal_actions()
    before = _picture(s)
    with pytest.raises(IllegalActionError):
        s.apply(bad)
    assert _picture(s) == before


def test_an_action_or_its_text_is_taken() -> None:
    a, b = fresh(), fresh()
    a.apply(Action("place", ("fisherman",)))
    b.apply("place fisherman")
    assert a.to_json() == b.to_json()
    with pytest.raises(IllegalActionError):
        a.apply("place fisherman")          # no longer legal: nothing changes
    assert a.to_json() == b.to_json()


def _frame_rules_raising(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the rules of frame ``kind`` change the state, then fail."""
    ft = core.FRAMES[kind]

    def apply(s: State, f: Any, a: Action) -> None:
        ft.apply(s, f, a)                   # the real change first
        s.players[0].res[0] += 5
        raise Boom("injected")
    monkeypatch.setitem(core.FRAMES, kind, core.FrameType(ft.legal, apply, ft.anytime))


def test_a_failing_frame_leaves_the_state_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    do(s, "place fisherman")
    assert s.pending().kind == "optional_animal"
    before = _picture(s)
    _frame_rules_raising("optional_animal", monkeypatch)
    with pytest.raises(Boom):
        s.apply("take sheep")
    assert _picture(s) == before
    monkeypatch.undo()
    s.apply("take sheep")                   # and the state still plays
    assert s.history[-1] == "take sheep"


def test_a_failing_effect_deep_in_the_inventory_changes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = fresh()
    do(s, "skip", "skip", "skip", "skip")
    assert s.pending().kind == "end"
    players = s.players[:]
    before = _picture(s)
    real = core.EFFECTS["harvest"]

    def harvest(st: State, p: int) -> None:
        real(st, p)                         # vehicles emptied, milk and harvest done
        raise Boom("injected")
    monkeypatch.setitem(core.EFFECTS, "harvest", harvest)
    with pytest.raises(Boom):
        s.apply("end")                      # the inventory runs
    assert _picture(s) == before
    assert s.players == players and all(a is b for a, b in zip(s.players, players))
    monkeypatch.undo()
    s.apply("end")
    assert s.half_year == 2 or s.phase == "inventory"


def test_a_failing_anytime_action_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    s = do(fresh(), "place fisherman", "take sheep")
    legal = [str(a) for a in s.legal_actions()]
    assert "release sheep" in legal
    legal_fn, apply_fn = core.ANYTIME["release"]

    def release(st: State, p: int, a: Action) -> None:
        apply_fn(st, p, a)
        st.stack.clear()
        raise Boom("injected")
    monkeypatch.setitem(core.ANYTIME, "release", (legal_fn, release))
    before = _picture(s)
    with pytest.raises(Boom):
        s.apply("release sheep")
    assert _picture(s) == before


@pytest.mark.parametrize("expansion", [None, "tea-and-trade"])
def test_a_failure_after_every_field_changed_restores_every_field(
        monkeypatch: pytest.MonkeyPatch, expansion: str | None) -> None:
    """Whatever fields State and Player grow, apply's snapshot must cover them: the
    injected engine scribbles on every slot (in place and by rebinding), then fails."""
    import arle.state as state_module
    from arle.state import PLAYER_FIELDS, STATE_FIELDS

    def scribble(value: Any) -> Any:
        if isinstance(value, bool):
            return not value
        if isinstance(value, int):
            return value + 7
        if isinstance(value, str):
            return value + "x"
        if isinstance(value, list):
            value.append(value[0] if value else 1)    # in place, then a new value
            return [scribble(v) for v in value]
        if isinstance(value, dict):
            value["zz"] = 1
            return {k: scribble(v) for k, v in value.items()}
        return value

    def broken_engine(s: State, a: Action) -> None:
        for obj, slots in [(s, STATE_FIELDS)] + [(p, PLAYER_FIELDS) for p in s.players]:
            for name in slots:
                if name in ("n", "seed", "setup", "_bsnap"):   # never changed by a move
                    continue
                if name == "_legal":     # a cache the engine replaces, never edits
                    s._legal = None
                    continue
                setattr(obj, name, scribble(getattr(obj, name)))
        raise Boom("late failure")

    s = do(fresh(players=2, seed=3, buildings="random", expansion=expansion),
           "place fisherman")
    before = _picture(s)
    monkeypatch.setattr(state_module, "_ENGINE_APPLY", broken_engine)
    with pytest.raises(Boom):
        s.apply(s.legal_actions()[0])
    monkeypatch.undo()
    assert _picture(s) == before


def test_the_search_apply_plays_as_apply_and_refuses_the_same() -> None:
    """``State._apply_discardable`` (the bots' copies: no snapshot) reaches the same
    states as ``apply`` on seeded random games, and refuses what ``apply`` refuses
    without changing anything."""
    import random

    import arle
    for players, kw in ((1, {}), (2, {}), (2, {"expansion": "tea-and-trade"})):
        rng = random.Random(players)
        a = arle.new_game(players=players, seed=5, buildings="random", **kw)
        b = a.clone()
        while not a.is_terminal():
            legal = a.legal_actions()
            assert b.legal_actions() == legal
            act = legal[rng.randrange(len(legal))]
            a.apply(act)
            b._apply_discardable(act)
            assert a.to_json() == b.to_json() and a.key() == b.key()
        with pytest.raises(IllegalActionError):
            b._apply_discardable(Action("end"))
        assert b.to_json() == a.to_json()
    s = fresh()
    before = _picture(s)
    for bad in (("place", ("fisherman",)), Lookalike("place", ("fisherman",)),
                Action("place", ("nowhere",)), "place nowhere"):
        with pytest.raises(IllegalActionError):
            s._apply_discardable(bad)
        assert _picture(s) == before
    t = s.clone()
    s._apply_discardable("place fisherman")    # text goes through apply's parser
    t.apply(Action("place", ("fisherman",)))
    assert s.to_json() == t.to_json()
