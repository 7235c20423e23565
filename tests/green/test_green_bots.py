"""The arle.green bots: legal, deterministic, registered, and blind to hidden cards."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import arle.bots
import arle.green as G
from arle.green import infostate as I
from arle.green.bots import GreenGreedyBot, GreenISMCTSBot, evaluate, make_bot


def _at(n: int, seed: int, kind: str, skip: int = 0) -> G.State:
    """A seeded random game advanced to a decision of ``kind`` (after ``skip`` more)."""
    s = G.new_game(players=n, seed=seed)
    r = random.Random(seed)
    while True:
        if s.pending().kind == kind:
            if skip == 0:
                return s
            skip -= 1
        s.apply(r.choice(s.legal_actions()))


def test_registry_finds_the_green_bots() -> None:
    g = arle.bots.get("green-greedy", seed=3)
    m = arle.bots.get("green-ismcts:sims=4,horizon=10", seed=3)
    assert g.name == "green-greedy" and m.name == "green-ismcts"
    assert {"green-greedy", "green-ismcts", "greedy", "mcts"} <= set(arle.bots.known())
    with pytest.raises(ValueError, match="unknown option 'depth'"):
        arle.bots.get("green-ismcts:depth=3")
    with pytest.raises(ValueError, match="sims=.*expected int"):
        arle.bots.get("green-ismcts:sims=many")
    with pytest.raises(ValueError, match="sims must be"):
        make_bot("ismcts", sims="0")
    with pytest.raises(ValueError, match="unknown green bot"):
        make_bot("oracle")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_bots_choose_legal_actions_without_changing_the_state(n: int) -> None:
    for kind in ("act", "harvest"):
        s = _at(n, 5, kind)
        before = s.to_json()
        for bot in (GreenGreedyBot(seed=1), GreenISMCTSBot(seed=1, sims="6", horizon="20")):
            a = bot.choose(s)
            assert a in s.legal_actions()
            assert s.to_json() == before


def test_greedy_plays_a_whole_game() -> None:
    s = G.new_game(players=2, seed=3)
    bots = [GreenGreedyBot(seed=1), GreenGreedyBot(seed=2)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    assert s.winners() and all(x.total >= 0 for x in s.scores())
    assert evaluate(s, 0) == s.scores()[0].total
    with pytest.raises(ValueError, match="game is over"):
        bots[0].choose(s)


def _altered(s: G.State, p: int, seed: int) -> G.State:
    """``s`` with everything ``p`` cannot see dealt afresh (hands, piles, stack, RNG)."""
    t = I.resample_from_infostate(s, p, random.Random(seed))
    assert I.infostate_string(t, p) == I.infostate_string(s, p)
    return t


@pytest.mark.parametrize("n,kind,skip", [(3, "pick", 3), (2, "take", 2), (4, "act", 5)])
def test_bots_never_read_hidden_cards(n: int, kind: str, skip: int) -> None:
    s = _at(n, 11, kind, skip)
    p = s.current_player
    alts = [_altered(s, p, k) for k in (1, 2)]
    assert any(a.to_json() != s.to_json() for a in alts)    # hidden parts really differ
    for make in (lambda: GreenGreedyBot(seed=4),
                 lambda: GreenISMCTSBot(seed=4, sims="12", horizon="30")):
        want = make().choose(s)
        for t in alts:
            assert make().choose(t) == want


def test_ismcts_is_deterministic_for_a_seed_and_honours_time() -> None:
    s = _at(2, 8, "take")
    a = GreenISMCTSBot(seed=2, sims="10").choose(s)
    assert GreenISMCTSBot(seed=2, sims="10").choose(s) == a
    assert GreenISMCTSBot(seed=2, time="0.05").choose(s) in s.legal_actions()


def test_balance_figures_and_head_to_head() -> None:
    from arle.green import balance
    m = balance.measure(3, 2, bot="random", seed0=1)
    assert m["games"] == 2 and 0 <= m["first_player_win_rate"] <= 1
    assert abs(sum(m["act_share"].values()) - 1) < 0.01 and m["score_min"] <= m["score_mean"]
    h = balance.head_to_head(2, "random", "green-greedy", seed0=1)
    assert 0 <= h["versus_win_rate"] <= 1
    with pytest.raises(SystemExit):
        balance.main(["--games", "0"])


def test_balance_runs_split_over_seeds_add_up(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from arle.green import balance
    whole = balance.measure(2, 5, bot="random", seed0=3)
    assert whole["cards"] == "arle-placeholder-v3"
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert balance.main(["--players", "2", "--games", "2", "--seed", "3", "--bot", "random",
                         "--raw", str(a)]) == 0
    assert balance.main(["--players", "2", "--games", "3", "--seed", "5", "--bot", "random",
                         "--raw", str(b)]) == 0
    capsys.readouterr()
    assert balance.main(["--merge", str(b), str(a)]) == 0
    assert json.loads(capsys.readouterr().out) == whole
    with pytest.raises(ValueError, match="share seeds"):
        balance.merge([json.loads(a.read_text())] * 2)
    other = balance.collect(3, 1, bot="random")
    with pytest.raises(ValueError, match="different players"):
        balance.merge([json.loads(a.read_text()), other])
    with pytest.raises(SystemExit):
        balance.main(["--merge", str(tmp_path / "missing.json")])


def test_ismcts_judges_every_candidate_at_the_same_point_of_the_year() -> None:
    root = _at(2, 8, "take", 1)
    rng = random.Random(0)
    me = root.current_player
    assert me is not None
    for steps, want in (("2", None), ("0", "year end")):
        bot = GreenISMCTSBot(seed=1, steps=steps)
        ends = set()
        for a in root.legal_actions():
            t = I.resample_from_infostate(root, me, rng)
            t.apply(a)
            bot._play_on(t, root, rng)
            ends.add((t.year, t.pc, t.is_terminal()))
        if want is None:     # the decision posed by the step two after the root's
            assert ends == {(root.year, root.pc + 2, False)}
        else:                # the next year's first decision
            assert {(y, over) for y, _, over in ends} == {(root.year + 1, False)}
    bot = GreenISMCTSBot(seed=1, look="3")      # the earlier horizon: three decisions
    t = root.clone()
    t.apply(root.legal_actions()[0])
    before = len(t.record()["actions"])
    bot._play_on(t, root, rng)
    assert len(t.record()["actions"]) == before + 3
    with pytest.raises(ValueError, match="steps >= 0"):
        GreenISMCTSBot(steps="-1")
