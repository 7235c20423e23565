"""The engine's kept answers and shortcuts (issue 35, the compiled build's hot paths)
give what computing afresh gives."""

from __future__ import annotations

import random

import pytest

import arle
from arle.actions import Action
from arle.engine import buildings as B
from arle.engine import farm as F
from arle.engine import inventory as I
from arle.engine import vehicles as V
from arle.state import _listed


def _games() -> list[arle.State]:
    return [arle.new_game(players=2, seed=4, buildings="random"),
            arle.new_game(players=2, seed=5, buildings="random", expansion="tea-and-trade")]


def test_the_kept_building_answers_are_the_buildings_payable_now() -> None:
    """``build_actions`` (payable or not kept by goods, then building) lists exactly the
    board's buildings a payment exists for, at every decision of seeded games."""
    for s in _games():
        rng = random.Random(7)
        while not s.is_terminal():
            for p in range(s.n):
                pl = s.players[p]
                fresh = [Action("build", (b,)) for b in s.board
                         if F.has_land(pl) and B.building_payments(s, p, b)]
                assert B.build_actions(s, p) == fresh
                assert B.build_actions(s, p) == fresh        # the kept answers again
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_a_kept_feed_action_is_the_one_its_counts_spell() -> None:
    for counts in ((0, 0, 0, 0, 0), (1, 0, 2, 0, 3), (0, 2, 0, 1, 0), (3, 1, 1, 2, 2)):
        names = ("sheep", "cattle", "horse", "wood", "timber")
        spelled = Action("feed", tuple(f"{k}:{n}" for k, n in zip(names, counts) if n))
        a = I.feed_action(*counts)
        assert a == spelled and I.feed_action(*counts) is a


def test_a_kept_return_action_is_the_one_it_spells() -> None:
    a = V._return_action("handcart", 2)
    assert a == Action("return", ("handcart@2",)) and V._return_action("handcart", 2) is a
    assert V._return_action("wagon", 2) == Action("return", ("wagon@2",))


def test_an_action_is_listed_by_identity_or_by_equality() -> None:
    legal = [Action("skip"), Action("place", ("fisherman",)), Action("end")]
    assert all(_listed(a, legal) for a in legal)
    assert _listed(Action("place", ("fisherman",)), legal)      # equal, another object
    assert not _listed(Action("place", ("builder",)), legal)
    assert not _listed(Action("skip"), [])


def test_the_kept_snapshot_copies_restore_exactly_and_stay_private(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """State.apply's snapshot reuses the copies of the previous one where a list is
    unchanged: a failing move still leaves the state exactly as it was, at any point
    of a game (again after an earlier failure), and no player list is a kept copy."""
    import arle.state as state_module

    def broken(s: arle.State, a: Action) -> None:
        # (the lists reached by name, as test_atomic_apply's scribbler does: this test
        # breaks the engine on purpose, it does not build a position)
        for pl in s.players:
            barn = getattr(pl, "barn")
            for lst in [getattr(pl, name) for name in ("res", "animals", "tools", "grid",
                                                       "moor_peat", "buildings", "travel")
                        ] + barn:
                lst.append(lst[0] if lst else 1)         # every list changed in place
            barn.append(["handcart", ""])
        raise RuntimeError("injected")

    real = state_module._ENGINE_APPLY
    for s in _games():
        rng = random.Random(3)
        turn = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            act = legal[rng.randrange(len(legal))]
            if turn % 7 == 0:
                before = s.to_json()
                monkeypatch.setattr(state_module, "_ENGINE_APPLY", broken)
                with pytest.raises(RuntimeError):
                    s.apply(act)
                monkeypatch.setattr(state_module, "_ENGINE_APPLY", real)
                assert s.to_json() == before
                snap = s._bsnap
                assert snap is not None
                kept: list[object] = [snap.occupied, snap.ended, snap.stack, snap.pool,
                                      snap.board]
                for c in snap.copies:
                    kept += [c.res, c.animals, c.tools, c.grid, c.moor_peat, c.buildings,
                             c.travel, c.barn, *c.barn, c.dike_cols, c.boost, c.harbor,
                             *c.harbor]
                state_lists = [s.occupied, s.ended, s.stack, s.pool, s.board]
                for pl in s.players:
                    state_lists += [pl.res, pl.animals, pl.tools, pl.grid, pl.moor_peat,
                                    pl.buildings, pl.travel, pl.barn, *pl.barn,
                                    pl.dike_cols, pl.boost, pl.harbor, *pl.harbor]
                for lst in state_lists:
                    assert all(lst is not c for c in kept)
            s.apply(act)
            turn += 1


def test_an_action_s_kept_text_is_its_verb_and_arguments() -> None:
    """``str(action)`` is made once and kept: at every decision of seeded games, each
    legal action's text (asked twice) is its verb and arguments joined by spaces, and
    reads back as the same action."""
    for s in _games():
        rng = random.Random(11)
        while not s.is_terminal():
            legal = s.legal_actions()
            for a in legal:
                text = " ".join((a.verb, *a.args))
                assert str(a) == text and str(a) == text
                assert Action.from_text(text) == a
            s.apply(legal[rng.randrange(len(legal))])
    a = Action("place", ("fisherman",))
    assert str(a) == "place fisherman" and repr(a) == \
        "Action(verb='place', args=('fisherman',))"
    assert str(Action("skip")) == "skip"


def test_the_anytime_listing_asks_only_the_verbs_a_player_can_use() -> None:
    """``core.anytime_actions`` skips a verb whose needs (``ANYTIME_NEEDS``: vehicles or
    ships, an animal, a building) the player lacks: at every decision of seeded games
    (base, solo, Tea & Trade, 3 players; a policy that likes vehicles, loads, buildings
    and their use, so that barns fill), for every player and level, it lists exactly
    what asking every verb's rules lists."""
    from arle.engine import core
    liked = ("vehicle", "load", "build", "use", "boat", "return", "release", "take")
    games = [arle.new_game(players=2, seed=8, buildings="random"),
             arle.new_game(players=1, seed=9, buildings="random"),
             arle.new_game(players=2, seed=10, buildings="random", expansion="tea-and-trade"),
             arle.new_game(players=3, seed=11, buildings="random", expansion="tea-and-trade")]
    vehicles = skipped = 0
    for s in games:
        rng = random.Random(5)
        while not s.is_terminal():
            for p in range(s.n):
                vehicles += bool(s.players[p].barn)
                for level in ("work", "game"):
                    slow = [a for v in core.ANYTIME_ORDER
                            for a in core.ANYTIME[v][0](s, p, level)]
                    fast = core.anytime_actions(s, p, level)
                    assert fast == slow
                    skipped += not s.players[p].buildings
            legal = s.legal_actions()
            pick = [a for a in legal if a.verb in liked] or legal
            s.apply(pick[rng.randrange(len(pick))])
    assert vehicles > 50 and skipped > 50


def test_a_pushed_continuation_is_the_effect_it_names_made_once() -> None:
    """``core.push_eff`` pushes ``Effect(p, name, args)``, with or without arguments,
    the same object each time it is asked for the same one (kept, not rebuilt)."""
    from arle.engine import core
    from arle.frames import Effect
    s = arle.new_game(players=2, seed=4, buildings="random")
    below = len(s.stack)
    for p in (0, 1):
        for name, args in (("tea_done", ()), ("place_stall", ()),
                           ("convert_gain", ("grain", 2)), ("tt_dig", (3,))):
            core.push_eff(s, name, p, *args)
            core.push_eff(s, name, p, *args)
            first, second = s.stack[-2:]
            assert type(first) is Effect and first == Effect(p, name, args)
            assert first.p == p and first.name == name and first.args == args
            assert second is first
    assert len({id(f) for f in s.stack[below:]}) == 8


def test_a_state_that_applied_moves_is_in_no_reference_cycle() -> None:
    """The snapshot ``apply`` keeps makes no reference cycle: nothing a state holds
    leads back to it, so a state dropped after its moves is freed at once, also while
    the collector is off (a search holds it off)."""
    import gc
    import types
    s = arle.new_game(players=2, seed=4, buildings="random")
    rng = random.Random(1)
    for _ in range(30):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert s._bsnap is not None
    seen: set[int] = set()
    todo = list(gc.get_referents(s))
    while todo:
        o = todo.pop()
        assert o is not s
        if id(o) in seen or isinstance(o, (type, types.ModuleType, types.FunctionType)):
            continue
        seen.add(id(o))
        todo.extend(gc.get_referents(o))
    assert len(seen) > 50
