"""The search's shortcuts play exactly as the slow way they replace (issue 35).

``State._fork`` is ``clone`` without the history, for the copies a search makes; the
mcts bot's choices, pinned below from the tree before the shortcuts, stay the same.
"""

from __future__ import annotations

import hashlib
import random

import arle
from arle.actions import Action
from arle.bots.common import after, best_after, candidates, own_actions
from arle.bots.mcts import MCTSBot, _in_chain, complete
from arle.state import State


def _played(s: State, seed: int) -> list[State]:
    """Positions along a seeded random game from ``s`` (``s`` itself is played on)."""
    rng = random.Random(seed)
    out = []
    while not s.is_terminal():
        out.append(s.clone())
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return out


def test_a_fork_plays_as_a_clone_and_records_nothing() -> None:
    for kw in ({"players": 1, "seed": 11}, {"players": 2, "seed": 12},
               {"players": 3, "seed": 13, "expansion": "tea-and-trade"}):
        s = arle.new_game(**kw)
        s.apply(s.legal_actions()[0])
        before = list(s.history)
        fork, clone = s._fork(), s.clone()
        assert fork.key() == clone.key() and fork.history == []
        rng = random.Random(str(kw))
        steps = 0
        while not clone.is_terminal():
            legal = clone.legal_actions()
            assert fork.legal_actions() == legal
            i = rng.randrange(len(legal))
            if steps % 2:
                fork._apply_discardable(legal[i])
            else:
                fork.apply(str(legal[i]))
            clone.apply(legal[i])
            assert fork.key() == clone.key()
            steps += 1
        assert fork.scores() == clone.scores() and fork.winner() == clone.winner()
        assert fork.history == [] and len(clone.history) == len(before) + steps
        assert s.history == before                      # the original is untouched
        # the copies of a fork are forks; a clone of an ordinary state keeps its history
        assert fork.clone().history == [] and fork._fork().history == []
        assert s.clone().history == before and s.clone().history is not s.history


def test_after_is_the_clone_with_the_action_applied() -> None:
    for s in _played(arle.new_game(players=2, seed=21), 21)[::13]:
        for a in s.legal_actions():
            slow = s.clone()
            slow.apply(a)
            fast = after(s, a)
            assert fast.key() == slow.key() and fast.legal_actions() == slow.legal_actions()


def mcts_digest() -> str:
    """A SHA-256 of seeded mcts choices along partly random games."""
    h = hashlib.sha256()
    for kw in ({"players": 1, "seed": 3}, {"players": 2, "seed": 4},
               {"players": 3, "seed": 5, "expansion": "tea-and-trade"}):
        s = arle.new_game(**kw)
        rng = random.Random(str(kw))
        bot = MCTSBot(seed=7, sims=20)
        i = 0
        while not s.is_terminal() and i < 70:
            legal = s.legal_actions()
            a = bot.choose(s) if i % 4 == 0 else legal[rng.randrange(len(legal))]
            h.update(f"{i} {a}\n".encode())
            s.apply(a)
            i += 1
    return h.hexdigest()


def test_mcts_chooses_as_before_the_search_shortcuts() -> None:
    # computed on main c5a18d3, before State._fork and the other shortcuts
    assert mcts_digest() == "24152d1000e4b24042f62fcfa4f978ceb3e6f1553c77271b1039cb863884aec0"


def _complete_slow(s: State, p: int, limit: int = 12) -> tuple[list[Action], State,
                                                              float | None]:
    """mcts.complete as it was: every step, forced or not, cloned and evaluated."""
    seq: list[Action] = []
    best_v: float | None = None
    while len(seq) < limit and _in_chain(s, p):
        best_v = -1e18
        acts = own_actions(candidates(s))
        if not acts:
            break
        a, s, best_v = best_after(s, p, acts)
        seq.append(a)
    return seq, s, best_v


def test_complete_skips_judging_forced_steps_with_the_same_result() -> None:
    chains = forced = 0
    for kw in ({"players": 1, "seed": 31}, {"players": 2, "seed": 32},
               {"players": 3, "seed": 33, "expansion": "tea-and-trade"}):
        for s in _played(arle.new_game(**kw), 31):
            p = s.current_player
            if p is None or not _in_chain(s, p):
                continue
            chains += 1
            seq, end, v = complete(s, p)
            slow_seq, slow_end, slow_v = _complete_slow(s, p)
            assert seq == slow_seq and end.key() == slow_end.key() and v == slow_v
            forced += len(own_actions(candidates(s))) == 1
    assert chains > 20 and forced > 5


def test_best_after_judging_one_position_at_a_time_is_the_list_form() -> None:
    """``best_after`` with the hand evaluation, or another one without ``many``,
    judges each position as it is made; the action, position and value are those of
    judging the whole list (the first of equals), also with an evaluator that judges
    the list in one call (``many``: the list form) and is the hand one."""
    from arle.bots.evaluation import evaluate

    class Many:
        def __call__(self, st: State, q: int) -> float:
            raise AssertionError("the list form judges the list with many()")

        def many(self, states: list[State], q: int) -> list[float]:
            return [evaluate(st, q) for st in states]

    seen = ties = 0
    for kw in ({"players": 1, "seed": 41}, {"players": 2, "seed": 42},
               {"players": 3, "seed": 43, "expansion": "tea-and-trade"}):
        for s in _played(arle.new_game(**kw), 41):
            p = s.current_player
            if p is None:
                continue
            acts = own_actions(candidates(s))
            kids = [after(s, a) for a in acts]
            vals = [evaluate(k, p) for k in kids]
            want = vals.index(max(vals))
            a, end, v = best_after(s, p, acts)
            assert a is acts[want] and end.key() == kids[want].key()
            assert repr(v) == repr(vals[want])
            for ev in (lambda st, q: evaluate(st, q), Many()):
                a2, end2, v2 = best_after(s, p, acts, ev)
                assert a2 is a and end2.key() == end.key() and repr(v2) == repr(v)
            seen += 1
            ties += vals.count(vals[want]) > 1
    assert seen > 50 and ties > 0


def _nested_key(s: State) -> tuple[object, ...]:
    """State.key as it was: nested tuples."""
    return (
        s.half_year, s.phase, s.turn, s.special, s.start_player,
        tuple(s.ended), tuple(sorted(s.occupied.items())), tuple(s.stack),
        tuple(sorted(s.pool.items())), tuple(s.board),
        tuple((tuple(p.res), tuple(p.animals), tuple(p.tools),
               tuple(tuple(b) for b in p.barn), tuple(p.grid), tuple(p.moor_peat),
               p.bw_peat, p.dikes, tuple(p.buildings), tuple(p.travel), p.bottleneck,
               p.ditches, tuple(p.dike_cols), tuple(p.boost),
               tuple(tuple(h) for h in p.harbor))
              for p in s.players))


def test_the_flat_key_tells_positions_apart_as_the_nested_one() -> None:
    states: list[State] = []
    for kw in ({"players": 1, "seed": 41}, {"players": 2, "seed": 42},
               {"players": 3, "seed": 43, "expansion": "tea-and-trade"},
               {"players": 2, "seed": 44, "expansion": "tea-and-trade"}):
        game = _played(arle.new_game(**kw), 41)
        states += game[::3]
        states += [State.from_json(s.to_json()) for s in game[::17]]   # equal positions
        for s in game[::23]:                  # positions one move apart, and transposed
            for a in s.legal_actions()[:6]:
                states.append(after(s, a))
                states.append(after(s, a))
    by_nested: dict[tuple[object, ...], set[int]] = {}
    by_flat: dict[tuple[object, ...], set[int]] = {}
    for i, s in enumerate(states):
        by_nested.setdefault(_nested_key(s), set()).add(i)
        by_flat.setdefault(s.key(), set()).add(i)
    assert sorted(map(sorted, by_flat.values())) == sorted(map(sorted, by_nested.values()))
    assert len(by_flat) < len(states) and len(by_flat) > 100   # some equal, most not


def test_master_and_cut_frames_replaced_as_replace_top_did() -> None:
    from arle import frames as FR
    from arle.data import tea_trade as T
    seen = {"master": 0, "cut": 0}
    for kw in ({"players": 1, "seed": 51}, {"players": 2, "seed": 52},
               {"players": 1, "seed": 53, "expansion": "tea-and-trade"}):
        for seed in range(6):
            s = arle.new_game(**kw)
            rng = random.Random(seed)
            while not s.is_terminal():
                f = s.stack[-1] if s.stack else None
                legal = s.legal_actions()
                a = legal[rng.randrange(len(legal))]
                depth = len(s.stack)
                s.apply(a)
                if isinstance(f, FR.Master) and a.verb != "done":
                    expected = f._with(moved=tuple(f.moved) + (T.TT_TOOL_INDEX[a.args[0]],))
                elif isinstance(f, FR.Cut) and a.verb != "done" and f.n - int(a.args[1]) > 0:
                    expected = f._with(n=f.n - int(a.args[1]))
                else:
                    continue
                if len(s.stack) < depth or s.stack[depth - 1].KIND != f.KIND:
                    continue          # the frame ended by itself (nothing left to do)
                seen[f.KIND] += 1
                assert s.stack[depth - 1] == expected
                assert type(s.stack[depth - 1]) is type(f)
    assert seen["master"] > 3 and seen["cut"] > 3, seen
