"""The greedy and mcts bots and the evaluation they share.

Every bot's choice is one of the legal actions and leaves the state untouched; the same
seed gives the same game; the evaluation's scoring pad equals the engine's.  The mcts
bot runs with tiny budgets here (a handful of expansions per decision) to keep the
module fast; its strength is measured by ``arle tournament`` (see docs/BOTS.md).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import arle
from arle.bots import get, known
from arle.bots.common import candidates
from arle.bots.evaluation import (
    FEATURES,
    WEIGHTS,
    Weighted,
    evaluate,
    features,
    score_now,
    time_left,
)
from arle.bots.greedy import GreedyBot
from arle.bots.mcts import MCTSBot, macro_actions, state_key
from arle.state import State

SRC = Path(__file__).resolve().parents[1] / "src"


def random_positions(players: int, seed: int, every: int = 7) -> list[State]:
    """Positions along a random game (every ``every``-th decision, and the end)."""
    rng = random.Random(seed)
    s = arle.new_game(players=players, seed=seed, buildings="random")
    out = []
    i = 0
    while not s.is_terminal():
        if i % every == 0:
            out.append(s.clone())
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        i += 1
    out.append(s)
    return out


def greedy_positions(players: int, seed: int, every: int = 9) -> list[State]:
    """Positions along a greedy game: closer to what the bots meet in play."""
    s = arle.new_game(players=players, seed=seed, buildings="random")
    bot = GreedyBot(seed=seed)
    out = []
    i = 0
    while not s.is_terminal():
        if i % every == 0:
            out.append(s.clone())
        s.apply(bot.choose(s))
        i += 1
    return out


# ---------------------------------------------------------------------------
# Registry and options
# ---------------------------------------------------------------------------
def test_bots_are_registered() -> None:
    assert {"random", "greedy", "mcts"} <= set(known())
    assert get("greedy").name == "greedy"
    assert get("mcts:sims=3,c=1.5,rollout=greedy,depth=1").name == "mcts"
    assert get("mcts:time=0.5").name == "mcts"


@pytest.mark.parametrize("spec", ["greedy:noise=-1", "greedy:depth=2", "mcts:sims=0",
                                  "mcts:rollout=magic", "mcts:expand=3", "mcts:bogus=1",
                                  "mcts:sims=lots", "mcts:time=nan", "mcts:widen=nan",
                                  "mcts:c=inf", "greedy:noise=nan"])
def test_bad_options_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        get(spec)


# ---------------------------------------------------------------------------
# Legal choices, untouched states, determinism
# ---------------------------------------------------------------------------
def test_greedy_plays_whole_games_legally() -> None:
    for players, seed in ((1, 3), (2, 4)):
        s = arle.new_game(players=players, seed=seed, buildings="random")
        bots = [get("greedy", seed=seed + p) for p in range(players)]
        while not s.is_terminal():
            legal = s.legal_actions()
            before = s.to_json()
            a = bots[s.current_player or 0].choose(s)
            assert a in legal
            assert s.to_json() == before, "choose() changed the state"
            s.apply(a)
        assert len(s.scores()) == players


@pytest.mark.parametrize("players,seed", [(1, 1), (2, 2)])
def test_mcts_choices_are_legal_at_many_positions(players: int, seed: int) -> None:
    bot = MCTSBot(seed=seed, sims=3)
    for s in greedy_positions(players, seed, every=23):
        legal = s.legal_actions()
        before = s.to_json()
        a = bot.choose(s)
        assert a in legal
        assert s.to_json() == before, "choose() changed the state"


def test_mcts_follows_its_plan_through_sub_decisions() -> None:
    s = arle.new_game(players=2, seed=6, buildings="random")
    bot = MCTSBot(seed=1, sims=4)
    for _ in range(30):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        a = bot.choose(s)
        assert a in legal
        s.apply(a)


def test_same_seed_same_game() -> None:
    def game(spec: str, seed: int, decisions: int) -> list[str]:
        s = arle.new_game(players=2, seed=seed, buildings="random")
        bots = [get(spec, seed=seed + p) for p in range(2)]
        for _ in range(decisions):
            if s.is_terminal():
                break
            s.apply(bots[s.current_player or 0].choose(s))
        return s.history

    assert game("greedy:noise=2", 3, 400) == game("greedy:noise=2", 3, 400)
    assert game("mcts:sims=3", 5, 25) == game("mcts:sims=3", 5, 25)


def test_greedy_noise_varies_with_the_seed() -> None:
    def first(seed: int) -> list[str]:
        s = arle.new_game(players=1, seed=2)
        bot = get("greedy:noise=5", seed=seed)
        for _ in range(12):
            s.apply(bot.choose(s))
        return s.history

    assert len({tuple(first(k)) for k in range(4)}) > 1


def test_bots_refuse_a_finished_game() -> None:
    s = random_positions(1, 4)[-1]
    assert s.is_terminal()
    for spec in ("greedy", "mcts:sims=2"):
        with pytest.raises(ValueError):
            get(spec).choose(s)


def test_mcts_time_budget_is_respected() -> None:
    s = arle.new_game(players=2, seed=9, buildings="random")
    bot = MCTSBot(seed=0, time=0.3)
    bot.choose(s)
    # one expansion may finish after the deadline; allow a generous margin
    assert bot.last_stats["seconds"] < 1.5
    assert bot.last_stats["sims"] >= 1


def test_mcts_with_rollouts() -> None:
    s = arle.new_game(players=1, seed=3, buildings="random")
    for rollout in ("greedy", "random"):
        bot = MCTSBot(seed=0, sims=3, rollout=rollout, depth=2)
        assert bot.choose(s) in s.legal_actions()


# ---------------------------------------------------------------------------
# Helpers of the search
# ---------------------------------------------------------------------------
def test_candidates_leave_out_giving_back_but_never_everything() -> None:
    for s in random_positions(2, 8, every=5)[:-1]:
        legal = s.legal_actions()
        cands = candidates(s)
        assert cands and set(cands) <= set(legal)
        if any(a.verb != "release" for a in legal):
            assert all(a.verb != "release" for a in cands)


def test_macro_actions_start_with_a_legal_action_and_reach_later_positions() -> None:
    for s in greedy_positions(1, 5, every=31):
        first = set(s.legal_actions())
        for actions, end, value in macro_actions(s):
            assert actions[0] in first
            replay = s.clone()
            for a in actions:
                replay.apply(a)
            assert state_key(replay) == state_key(end)
            if value is not None:
                assert value == pytest.approx(evaluate(end, s.current_player or 0))


# ---------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(1, 11), (2, 12), (2, 13)])
def test_score_now_equals_the_scoring_pad(players: int, seed: int) -> None:
    for s in random_positions(players, seed, every=3) + greedy_positions(players, seed, 5):
        sheets = s.scores()
        for p in range(players):
            assert score_now(s, p) == pytest.approx(sheets[p].total)


def test_evaluation_of_a_finished_game_is_its_score() -> None:
    s = random_positions(2, 14)[-1]
    assert s.is_terminal()
    for p in range(2):
        assert evaluate(s, p) == s.scores()[p].total


def test_features_match_their_names() -> None:
    s = arle.new_game(players=1, seed=1)
    x = features(s, 0)
    assert len(x) == len(FEATURES) == len(WEIGHTS)
    assert set(WEIGHTS) == set(FEATURES)
    # a fresh game: workers left are all 36 of the game
    assert x[FEATURES.index("workers")] == 36


def test_time_left_counts_the_inventories_of_the_rules() -> None:
    """A fresh game has 5 Novembers (each with Food and Peat) and 4 Mays to come; the
    counts fall as half years end and are zero once the game is over."""
    s = arle.new_game(players=1, seed=4)
    tl = time_left(s, 0)
    assert (tl.nov, tl.may, tl.feed, tl.fuel, tl.houses, tl.pending) == (5, 4, 9, 5, 5, True)
    end = random_positions(1, 4)[-1]
    assert end.is_terminal()
    tl = time_left(end, 0)
    assert (tl.nov, tl.may, tl.feed, tl.fuel, tl.houses, tl.pending) == (0, 0, 0, 0, 0, False)
    assert (tl.g_nov, tl.g_may, tl.g_houses) == (0.0, 0.0, 0.0)


def test_state_key_is_hashable_after_a_json_round_trip() -> None:
    """Positions loaded from JSON (the web app's bots search those) give the same
    transposition key as the position they were saved from."""
    for s in random_positions(2, 15, every=11):
        loaded = State.from_json(s.to_json())
        assert hash(state_key(loaded)) == hash(state_key(s))
        assert state_key(loaded) == state_key(s)


def test_the_trees_key_keeps_the_hash_and_equality_of_the_state_key() -> None:
    """The tree's table is keyed by ``_Key``: a position's key with its hash kept.  Two
    of them are equal exactly when the state keys are (a position loaded from JSON
    finds the node of the one it was saved from), and hash as the state key."""
    from arle.bots.mcts import _Key
    states = random_positions(2, 15, every=11)
    keys = [_Key(state_key(s)) for s in states]
    for s, k in zip(states, keys):
        loaded = _Key(state_key(State.from_json(s.to_json())))
        assert loaded == k and hash(loaded) == hash(k) == hash(state_key(s))
        assert {k: 1}.get(loaded) == 1
        assert k != state_key(s) and k != object()
    for i, a in enumerate(keys):
        for j, b in enumerate(keys):
            assert (a == b) == (state_key(states[i]) == state_key(states[j]))
    assert len(set(keys)) == len({state_key(s) for s in states}) > 1


def test_sustenance_due_is_not_a_loss() -> None:
    """Paying the sustenance the rules require leaves the evaluation nearly unchanged
    (otherwise a greedy player would put off ending its work phase)."""
    s = arle.new_game(players=1, seed=2)
    bot = GreedyBot(seed=0)
    while s.half_year == 1 and not s.stack and s.turn < 4:
        s.apply(bot.choose(s))
    while s.stack or s.turn < 4:
        s.apply(bot.choose(s))
    assert [str(a) for a in s.legal_actions()][0] == "end"
    before = evaluate(s, 0)
    s.apply("end")
    while s.half_year == 1:
        s.apply(bot.choose(s))
    assert abs(evaluate(s, 0) - before) < 3.0


# ---------------------------------------------------------------------------
# arle play with every bot
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:sims=2"])
def test_arle_play_seats_every_bot(spec: str, tmp_path: Path) -> None:
    env = dict(os.environ, TERM="dumb", PYTHONPATH=str(SRC), PYTHONIOENCODING="utf-8")
    r = subprocess.run(
        [sys.executable, "-m", "arle.cli.main", "play", "--players", "2", "--seats",
         f"human,bot:{spec}", "--seed", "2"],
        input="place woodcutter\nsave g.json\n", capture_output=True, text=True,
        cwd=str(tmp_path), env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    actions = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["actions"]
    assert "place woodcutter" in actions
    assert len(actions) >= 2                  # the bot took its turn


def test_evaluate_values_are_pinned() -> None:
    """evaluate() on 2,496 positions of seeded random games (solo and 2p, promos on and
    off) gives exactly the values it gave when score_now was a copy of the scoring pad
    (before it became the pad itself): the bots' choices depend on every digit."""
    import hashlib
    import random

    vals = []
    for seed in range(6):
        for players in (1, 2):
            rng = random.Random(seed)
            s = arle.new_game(players=players, seed=seed, buildings="random",
                              promos=seed % 2 == 1)
            while not s.is_terminal():
                for p in range(s.n):
                    vals.append(repr(evaluate(s, p)))
                s.apply(rng.choice(s.legal_actions()))
    assert len(vals) == 2496
    digest = hashlib.sha256("\n".join(vals).encode()).hexdigest()
    assert digest == "e640d2d42f8a0f5a11cc87e32030ecfff72f0d11aa8c91664f98feb731467ce8"


@pytest.mark.parametrize("kind", [{"players": 1}, {"players": 2},
                                  {"players": 1, "expansion": "tea-and-trade"},
                                  {"players": 3, "expansion": "tea-and-trade"}])
def test_evaluate_is_the_score_plus_the_weighted_features_to_the_bit(
        kind: dict[str, object]) -> None:
    """evaluate() adds its terms itself (no list of features): the value is exactly
    score_now + sum(w * f) over features() (what evaluate with explicit weights
    computes), in base games, Tea & Trade games and 3-player games alike."""
    weights = [WEIGHTS[name] for name in FEATURES]
    rng = random.Random(11)
    other = [rng.uniform(-2.0, 3.0) for _ in FEATURES]     # e.g. tuned weights
    s = arle.new_game(seed=11, buildings="random", **kind)  # type: ignore[arg-type]
    n = 0
    while not s.is_terminal():
        for p in range(s.n):
            value = evaluate(s, p)
            assert value == evaluate(s, p, weights)
            assert value == score_now(s, p) + sum(w * f for w, f in zip(weights,
                                                                        features(s, p)))
            # other weights take the same path: the terms added one after the other
            # from 0.0, in the order of FEATURES
            acc = 0.0
            for w, f in zip(other, features(s, p)):
                acc += w * f
            assert evaluate(s, p, other) == score_now(s, p) + acc
            assert Weighted(other)(s, p) == score_now(s, p) + acc
            n += 1
        s.apply(rng.choice(s.legal_actions()))
    assert n > 50


def test_the_search_holds_off_the_garbage_collector_and_gives_it_back() -> None:
    """While a search runs the cyclic garbage collector is off (its passes over the
    tree cost much and found nothing); it is on again after the search, also when the
    search fails, and left off if it was off before."""
    import gc

    from arle.bots import mcts

    seen: list[bool] = []

    def spy(s: State, p: int) -> float:
        seen.append(gc.isenabled())
        return evaluate(s, p)

    s = arle.new_game(players=1, seed=3, buildings="random")
    assert gc.isenabled()
    bot = MCTSBot(seed=1, sims=3, eval="hand")
    bot._ev = spy           # an evaluation that reports the collector's state
    bot.choose(s)
    assert seen and not any(seen) and gc.isenabled()

    def broken(s: State, p: int) -> float:
        raise RuntimeError("evaluation failed")

    bot = MCTSBot(seed=1, sims=3, eval="hand")
    bot._ev = broken
    with pytest.raises(RuntimeError, match="evaluation failed"):
        bot.choose(s)
    assert gc.isenabled()

    gc.disable()
    try:
        seen.clear()
        bot = MCTSBot(seed=1, sims=3, eval="hand")
        bot._ev = spy
        bot.choose(s)
        assert seen and not gc.isenabled()
    finally:
        gc.enable()
    # Holds nest (searches in several threads): the last one out turns it back on.
    mcts._hold_gc()
    mcts._hold_gc()
    mcts._release_gc()
    assert not gc.isenabled()
    mcts._release_gc()
    assert gc.isenabled()


def test_the_search_freezes_its_tree_and_collects_in_full_when_the_memory_doubles(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After a search the objects alive (the tree the bot keeps) are frozen out of the
    collector's generations, so its next passes do not walk them; a cycle of garbage
    among frozen objects is collected in full once the interpreter's memory blocks have
    grown to twice their number after the last full collection."""
    import gc
    import weakref

    from arle.bots import mcts

    class Cycle:
        pass

    s = arle.new_game(players=1, seed=3, buildings="random")
    bot = MCTSBot(seed=1, sims=20, eval="hand")
    monkeypatch.setattr(mcts, "_gc_frozen_base", 10**12)   # no full collection due
    bot.choose(s)
    assert gc.isenabled() and gc.get_freeze_count() > 0
    # the tree is frozen: the node objects are in none of the collector's generations
    assert not any(isinstance(o, mcts._Node) for o in gc.get_objects())
    # a cycle alive at the end of a search and dropped after it waits, frozen...
    c = Cycle()
    c.me = c  # type: ignore[attr-defined]
    ref = weakref.ref(c)
    mcts._hold_gc()
    mcts._release_gc()
    del c
    gc.collect()
    assert ref() is not None
    # ... until the memory blocks have doubled since the last full collection
    monkeypatch.setattr(mcts, "_gc_frozen_base", 1)
    mcts._hold_gc()
    mcts._release_gc()
    assert ref() is None
    blocks = sys.getallocatedblocks()
    assert 0.9 * blocks < mcts._gc_frozen_base <= 1.1 * blocks
    # the first search of a process takes its memory as the base, no collection
    monkeypatch.setattr(mcts, "_gc_frozen_base", 0)
    mcts._hold_gc()
    mcts._release_gc()
    blocks = sys.getallocatedblocks()
    assert 0.9 * blocks < mcts._gc_frozen_base <= 1.1 * blocks
    # with the collector off before the search nothing is frozen or collected
    gc.unfreeze()
    gc.disable()
    try:
        mcts._hold_gc()
        mcts._release_gc()
        assert gc.get_freeze_count() == 0 and not gc.isenabled()
    finally:
        gc.enable()
