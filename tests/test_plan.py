"""The ``plan`` bot (a planner for the solo game) and ``arle solve``.

The bot is registered and parses its options (bad ones refused); its choices are legal;
with a fixed seed and a budget in playouts it repeats itself exactly; the best line it
keeps is a real game whose score it reports, and that score never falls while the game
follows the line; it beats greedy on the end of a solo game at a tiny budget.  The
solo game draws nothing after setup (what the planner relies on).  ``arle solve``
prints a line and its score, saves a record that ``arle replay`` reads, and refuses bad
options.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import arle
import arle.bots
from arle.actions import Action
from arle.bots.greedy import GreedyBot
from arle.bots.plan import Line, PlanBot, playout
from arle.cli.main import app
from arle.cli.review_cmd import default_judge
from arle.state import State

runner = CliRunner()


def late_position(seed: int, half_year: int, expansion: str | None = None) -> State:
    """A solo game played by greedy up to the start of ``half_year``."""
    s = arle.new_game(players=1, seed=seed, buildings="random", expansion=expansion)
    bot = GreedyBot(seed=seed)
    while s.half_year < half_year:
        s.apply(bot.choose(s))
    return s


def finish(s: State, bot: arle.bots.Bot) -> State:
    s = s.clone()
    while not s.is_terminal():
        a = bot.choose(s)
        assert a in s.legal_actions()
        s.apply(a)
    return s


def test_registered_with_its_options() -> None:
    assert "plan" in arle.bots.known()
    bot = arle.bots.get("plan:time=0.5,width=4,noise=1", seed=3)
    assert isinstance(bot, PlanBot) and bot.name == "plan"
    assert (bot.time, bot.playouts, bot.width, bot.noise, bot.seed) == (0.5, None, 4, 1.0, 3)
    default = arle.bots.get("plan")
    assert isinstance(default, PlanBot)
    assert (default.time, default.playouts, default.width) == (2.0, None, 10)
    cpu = arle.bots.get("plan:clock=cpu")
    assert default.clock == "wall" and isinstance(cpu, PlanBot) and cpu.clock == "cpu"
    counted = arle.bots.get("plan:playouts=5")
    assert isinstance(counted, PlanBot) and (counted.time, counted.playouts) == (None, 5)


@pytest.mark.parametrize("spec, message", [
    ("plan:depth=3", "unknown plan option"),
    ("plan:time=0", "time must be a positive"),
    ("plan:time=-1", "time must be a positive"),
    ("plan:time=inf", "time must be a positive"),
    ("plan:time=soon", "time must be a number"),
    ("plan:playouts=0", "playouts must be at least 1"),
    ("plan:playouts=2.5", "playouts must be a number"),
    ("plan:time=1,playouts=3", "not both"),
    ("plan:width=0", "width must be at least 1"),
    ("plan:noise=-1", "noise must not be negative"),
    ("plan:noise=nan", "noise must not be negative"),
    ("plan:clock=sundial", "clock must be wall or cpu"),
])
def test_bad_options_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arle.bots.get(spec)


def test_solo_only() -> None:
    s = arle.new_game(players=2, seed=1)
    with pytest.raises(ValueError, match="solo games only"):
        arle.bots.get("plan:playouts=1").choose(s)


def test_no_draw_after_setup() -> None:
    """The planner's premise: after the setup a solo game has no chance in it (the same
    actions from the same setup give the same positions), so a line can be replayed."""
    a = late_position(5, 3)
    b = arle.new_game(players=1, seed=5, buildings="random")
    for text in a.history:
        b.apply(text)
    assert b.to_json() == a.to_json()
    first = playout(a.clone())
    again = playout(a.clone())
    assert first == again
    end = a.clone()
    for act in first[1]:
        end.apply(act)
    assert end.is_terminal() and end.scores()[0].total == first[0]


def test_choices_are_legal_and_repeat_with_a_seed() -> None:
    s = late_position(2, 8)
    lines = []
    for _ in range(2):
        bot = arle.bots.get("plan:playouts=2,rollout=hand", seed=7)
        t = s.clone()
        played = []
        for _ in range(25):
            if t.is_terminal():
                break
            a = bot.choose(t)
            assert a in t.legal_actions()
            played.append(str(a))
            t.apply(a)
        lines.append(played)
    assert lines[0] == lines[1] and len(lines[0]) >= 10


def test_the_best_line_is_kept_and_never_gets_worse() -> None:
    s = late_position(4, 9)
    bot = PlanBot(seed=0, playouts=2, rollout="hand")
    scores = []
    while not s.is_terminal():
        a = bot.choose(s)
        if len(s.legal_actions()) > 1:
            scores.append(bot.best_score)
        # the line is the whole game: the history so far, then the plan
        assert [str(x) for x in bot.best_line[:len(s.history)]] == s.history
        s.apply(a)
    assert scores == sorted(scores)
    assert s.scores()[0].total == scores[-1]
    # A position off the line (another game) starts a new line from that position.
    other = late_position(6, 9)
    bot.choose(other)
    assert [str(x) for x in bot.best_line[:len(other.history)]] == other.history
    end = other.clone()
    for x in bot.best_line[len(other.history):]:
        end.apply(x)
    assert end.is_terminal() and end.scores()[0].total == bot.best_score


def test_beats_greedy_at_a_tiny_budget() -> None:
    s = late_position(11, 8)
    greedy = finish(s, GreedyBot(seed=11)).scores()[0].total
    plan = finish(s, PlanBot(seed=11, playouts=2, rollout="hand")).scores()[0].total
    assert plan > greedy


def test_solve_spreads_the_time_over_the_game() -> None:
    s = late_position(9, 9)
    bot = PlanBot(seed=0, clock="cpu")
    score, line = bot.solve(s, 0.5)
    end = s.clone()
    for a in line:
        end.apply(a)
    assert end.is_terminal() and end.scores()[0].total == score == bot.best_score
    # the first line is the better of the greedy playouts on the learned and the hand
    # evaluations, and the line never gets worse on the way
    from arle.bots.learned import learned_evaluator
    assert score >= max(playout(s)[0], playout(s, ev=learned_evaluator())[0])
    with pytest.raises(ValueError, match="positive time"):
        bot.solve(s, 0)
    assert len(bot.sweep_scores) >= 1 and bot.sweep_scores == sorted(bot.sweep_scores)
    with pytest.raises(ValueError, match="a time or a number of playouts"):
        bot.solve(s)
    with pytest.raises(ValueError, match="a time or a number of playouts"):
        bot.solve(s, 1.0, playouts=2)
    with pytest.raises(ValueError, match="at least 1 playout"):
        bot.solve(s, playouts=0)
    with pytest.raises(ValueError, match="at least 1 sweep"):
        bot.solve(s, playouts=1, sweeps=0)
    # a game over: nothing to search, nothing left
    t = s.clone()
    while not t.is_terminal():
        t.apply(t.legal_actions()[0])
    assert PlanBot(seed=0, playouts=1).solve(t, playouts=1) == (t.scores()[0].total, ())


def test_solve_sweeps_start_with_a_game_and_never_lose_it() -> None:
    """The first sweep of a solve with a playout budget is exactly the bot's game with
    that budget; the later sweeps keep its line or find a better one, and the line
    returned replays to its score."""
    s = late_position(5, 8)
    game = finish(s, PlanBot(seed=3, playouts=2, rollout="hand"))
    game_score = game.scores()[0].total
    bot = PlanBot(seed=3, playouts=2, rollout="hand")
    score, line = bot.solve(s, playouts=2, sweeps=3)
    assert bot.sweep_scores[0] == game_score
    assert [str(a) for a in bot.best_line[:len(s.history)]] == s.history
    assert [str(a) for a in line] == game.history[len(s.history):] or score > game_score
    assert bot.sweep_scores == sorted(bot.sweep_scores) and len(bot.sweep_scores) == 3
    assert score == bot.sweep_scores[-1] == bot.best_score
    end = s.clone()
    for a in line:
        assert a in end.legal_actions()
        end.apply(a)
    assert end.is_terminal() and end.scores()[0].total == score
    # deterministic for a seed
    again = PlanBot(seed=3, playouts=2, rollout="hand").solve(s, playouts=2, sweeps=3)
    assert again == (score, line)


def test_a_later_sweep_starts_its_own_pass_at_the_solves_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = late_position(5, 9)
    bot = PlanBot(seed=3, playouts=1, rollout="hand")
    starts: list[tuple[int, int]] = []
    sweep = PlanBot._sweep

    def spy(self: PlanBot, state: State, end: float | None,
            playouts: int | None) -> tuple[float, tuple[arle.Action, ...]]:
        starts.append((self._pass, self._walk_at))
        return sweep(self, state, end, playouts)

    monkeypatch.setattr(PlanBot, "_sweep", spy)
    bot.solve(s, playouts=1, sweeps=3)
    at = len(s.history)
    assert starts[1:] == [(2, at), (3, at)]


def test_solve_portfolio_keeps_the_best_game_of_several_openings() -> None:
    """With ``starts=N`` the first sweep plays a game from each of N openings (the
    best first moves, then pairs of a first move and its second best next one) and
    keeps the best line of all; the later sweep only improves it, and the line
    replays to its score."""
    from arle.bots.plan import _macros
    s = late_position(4, 9)
    bot = PlanBot(seed=1, clock="cpu", rollout="hand")
    ranked = [m[1] for m in _macros(s, 1, None)]
    assert len(ranked) >= 3
    score, line = bot.solve(s, 1.5, starts=3)
    games = bot.games
    assert [g["opening"] for g in games] == [", ".join(map(str, r)) for r in ranked[:3]]
    scores = [float(str(g["score"])) for g in games]
    assert bot.sweep_scores[0] == max(scores)
    assert score == bot.sweep_scores[-1] == bot.best_score >= max(scores)
    end = s.clone()
    for a in line:
        assert a in end.legal_actions()
        end.apply(a)
    assert end.is_terminal() and end.scores()[0].total == score
    assert [str(a) for a in bot.best_line[:len(s.history)]] == s.history
    with pytest.raises(ValueError, match="at least 1 start"):
        bot.solve(s, 1.0, starts=0)


def test_portfolio_openings_go_on_with_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the first moves (:data:`SINGLES` of them), the openings pair each first
    move, in order, with its second best next move, then its third; all different."""
    from arle.bots import plan
    s = late_position(4, 9)
    bot = PlanBot(seed=1, rollout="hand")
    monkeypatch.setattr(plan, "SINGLES", 2)
    got = bot._openings(s, 6)
    firsts = [m[1] for m in plan._macros(s, 1, None)[:2]]
    nexts = []
    for acts in firsts:
        after = s.clone()
        for a in acts:
            after.apply(a)
        nexts.append([acts + m[1] for m in plan._macros(after, 1, None)])
    assert got == [firsts[0], firsts[1], nexts[0][1], nexts[1][1], nexts[0][2],
                   nexts[1][2]]
    assert len(set(got)) == 6
    assert bot._openings(s, 1) == firsts[:1]


def test_solve_portfolio_only_when_the_time_holds_several_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """By default the number of games follows the time measured on this machine: a
    short solve is one game (no portfolio, and nothing spent measuring), ``starts=1``
    never has one, and a long one plays at most :data:`SCREEN_MAX` games."""
    from arle.bots import plan
    s = late_position(4, 9)
    bot = PlanBot(seed=1, clock="cpu", rollout="hand")
    bot.solve(s, 0.3)
    assert bot.games == []
    measured: list[State] = []
    with monkeypatch.context() as m:
        m.setattr(plan, "playout", lambda st, *a, **k: measured.append(st))
        assert bot._portfolio_size(s, plan.PORTFOLIO_MIN_SECONDS - 0.1, None) is None
    assert measured == []
    assert bot._portfolio_size(s, 1e6, 1) is None
    size = bot._portfolio_size(s, 1e6, None)
    assert size is not None
    branches = int(plan.BRANCH_SHARE * plan.SCREEN_MAX)
    openings, game, branch_seconds = size
    assert len(openings) == plan.SCREEN_MAX - branches
    assert game == pytest.approx(plan.SCREEN_SHARE * 1e6 / plan.SCREEN_MAX)
    assert branch_seconds == pytest.approx(branches * game) and branches > 0
    size = bot._portfolio_size(s, 1e6, plan.BRANCH_MIN_GAMES + 2)   # starts=N: openings
    assert size is not None and size[2] == 0
    assert len(size[0]) == plan.BRANCH_MIN_GAMES + 2
    assert size[1] == pytest.approx(plan.SCREEN_SHARE * 1e6 / (plan.BRANCH_MIN_GAMES + 2))


def test_portfolio_size_times_the_median_of_several_playouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's time is :data:`SCREEN_PLAYOUTS` times the median of
    :data:`UNIT_PLAYOUTS` playouts: one slow playout (load, a first playout's one-time
    costs) does not shrink the portfolio."""
    from arle.bots import plan
    s = late_position(4, 9)
    bot = PlanBot(seed=1, rollout="hand")
    clock = iter([0.0, 9.0, 9.0, 10.0, 10.0, 12.0])    # playouts of 9, 1 and 2 seconds
    monkeypatch.setattr(bot, "_now", lambda: next(clock))
    monkeypatch.setattr(plan, "playout", lambda st, *a, **k: (0.0, ()))
    monkeypatch.setattr(plan, "SCREEN_PLAYOUTS", 5)
    size = bot._portfolio_size(s, 50.0 / plan.SCREEN_SHARE, None)   # 5 games of 10 s
    assert size is not None and len(size[0]) == 5
    assert size[1:] == (pytest.approx(10.0), 0.0)


def test_portfolio_size_times_the_games_own_playouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The playouts timed for a game's time are those the games play: greedy on the
    playouts' evaluation (the tuned weights in the base game with ``rollout=auto``,
    the hand one with ``rollout=hand``), which cost more or less than the hand ones."""
    from arle.bots import plan
    from arle.bots.evaluation import tuned_evaluator
    s = late_position(4, 9)
    for rollout, want in (("auto", tuned_evaluator()), ("hand", None)):
        timed: list[object] = []

        def spy(st: State, *a: object, ev: object = None, **k: object) -> Line:
            timed.append(ev)
            return (0.0, ())

        monkeypatch.setattr(plan, "playout", spy)
        bot = PlanBot(seed=1, rollout=rollout)
        assert bot._portfolio_size(s, 1e6, None) is not None
        assert timed == [want] * plan.UNIT_PLAYOUTS


def small_portfolio(monkeypatch: pytest.MonkeyPatch, most: int) -> list[Any]:
    """Portfolios of at most ``most`` games a process, each a playout's time, from
    half a second on; the sizes :meth:`PlanBot._portfolio_size` returns from now on,
    in a list."""
    from arle.bots import plan
    monkeypatch.setattr(plan, "SCREEN_PLAYOUTS", 1)
    monkeypatch.setattr(plan, "PORTFOLIO_MIN_SECONDS", 0.5)
    monkeypatch.setattr(plan, "SCREEN_MAX", most)
    sizes: list[Any] = []
    portfolio_size = PlanBot._portfolio_size

    def spy(self: PlanBot, *args: object) -> object:
        got = portfolio_size(self, *args)          # type: ignore[arg-type]
        sizes.append(got)
        return got

    monkeypatch.setattr(PlanBot, "_portfolio_size", spy)
    return sizes


def test_branch_leaves_the_best_line_at_a_placement_with_an_untried_move() -> None:
    """A branch game keeps the best line up to a placement with a choice (the
    ``j``-th at the fraction :func:`branch_point` ``(j)`` of them: the middle, then
    the quarters of the range...) and plays another legal macro-action there, the
    best by the evaluation first; no branch is tried twice, and none is its line's
    own; past the points in the range, None."""
    from arle.bots import plan
    lo, hi = plan.BRANCH_FROM, plan.BRANCH_TO
    assert [plan.branch_point(j) for j in range(3)] == pytest.approx(
        [lo + 0.5 * (hi - lo), lo + 0.25 * (hi - lo), lo + 0.75 * (hi - lo)])
    assert all(plan.BRANCH_FROM <= plan.branch_point(j) < plan.BRANCH_TO
               for j in range(200))
    assert len({plan.branch_point(j) for j in range(200)}) == 200
    bot = PlanBot(seed=1, rollout="hand")

    def placements(s: State, line: tuple[Action, ...]) -> list[int]:
        """Where ``line`` places a worker with a choice."""
        here = s.clone()
        out = []
        i = 0
        while i < len(line):
            if line[i].verb == "place" and len(here.legal_actions()) > 1:
                out.append(i)
            i = plan._chain_step(here, line, i)
        return out

    s = late_position(4, 5)
    line = plan.playout(s)[1]
    points = placements(s, line)
    tried: set[tuple[str, ...]] = set()
    for j in range(3):
        got = bot._branch(s, line, j, tried)
        assert got is not None
        base, acts = got
        assert len(base) == points[int(plan.branch_point(j) * len(points))]
        here = s.clone()
        for a in base:
            here.apply(a)
        own = line[len(base):plan._chain_step(here.clone(), line, len(base))]
        moves = [m[1] for m in plan._macros(here, 1, None)]
        assert acts == [m for m in moves if m != own][0]     # the best other move
    assert len(tried) == 3
    s = late_position(4, 9)              # few placements left: the branches run out
    line = plan.playout(s)[1]
    points = placements(s, line)
    reachable = {points[min(int(plan.branch_point(j) * len(points)), len(points) - 1)]
                 for j in range(8 * len(points) + 8)}
    tried = set()
    for j in range(500):
        got = bot._branch(s, line, j, tried)
        if got is None:
            break
        assert len(got[0]) in reachable and len(tried) == j + 1
    else:
        raise AssertionError("the branches never ran out")
    others = 0                           # every other move at every point
    for at in reachable:
        here = plan._played(s, line[:at])
        own = line[at:plan._chain_step(here.clone(), line, at)]
        others += sum(m[1] != own for m in plan._macros(here, 1, None))
    assert len(tried) == others
    assert bot._branch(s, (), 0, set()) is None


def test_solve_portfolio_branches_from_the_best_line(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """A portfolio of at least :data:`BRANCH_MIN_GAMES` games ends with branch games
    from the best line so far, in the time of :data:`BRANCH_SHARE` of its games, each
    with a game's time at most; each one's ``branch`` is the best line's actions it
    kept.  The result is at least the best of all games and replays to its score."""
    from arle.bots import plan
    s = late_position(4, 9)
    bot = PlanBot(seed=1, clock="cpu", rollout="hand")
    sizes = small_portfolio(monkeypatch, 10)
    score, line = bot.solve(s, 2.0)
    (openings, game, branch_seconds), = sizes
    branches = int(plan.BRANCH_SHARE * 10)
    assert len(openings) == 10 - branches
    assert branch_seconds == pytest.approx(branches * game)
    games = bot.games
    branch = [g for g in games if "branch" in g]
    assert len(games) > len(openings) and games[len(openings):] == branch
    for g in branch:
        assert isinstance(g["branch"], int) and 0 <= g["branch"] < len(line)
        assert float(str(g["seconds"])) <= game + 1e-3
    assert score == bot.best_score >= max(float(str(g["score"])) for g in games)
    end = s.clone()
    for a in line:
        end.apply(a)
    assert end.is_terminal() and end.scores()[0].total == score


def test_solve_portfolio_in_worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``jobs=2`` two worker processes play the portfolio's games: twice the games
    of one job in all the time (each process's: no later sweep), branch games from the
    best line of the games ended by then; the result is at least the best of all games
    and replays to its score.  ``jobs`` below 1 is refused."""
    from arle.bots import plan
    s = late_position(4, 9)
    bot = PlanBot(seed=1, clock="cpu", rollout="hand")
    sizes = small_portfolio(monkeypatch, 5)
    score, line = bot.solve(s, 1.0, jobs=2)
    (openings, game, branch_seconds), = sizes
    branches = int(plan.BRANCH_SHARE * 10)
    assert len(openings) == 10 - branches
    assert branch_seconds == pytest.approx(branches * game)
    assert game == pytest.approx(1.0 * 2 / 10)
    games = bot.games
    assert sorted(g["opening"] for g in games if "branch" not in g) == sorted(
        ", ".join(map(str, o)) for o in openings)
    branch = [g for g in games if "branch" in g]
    # the time charged: a game's, or what a game that joined the best line took of it
    # (at most its time: a search's first playouts may overrun a game this short)
    assert branch and sum(min(float(str(g.get("used", g["seconds"]))),
                              float(str(g["seconds"]))) for g in branch) \
        <= branch_seconds + 1e-6
    assert bot.sweep_scores == [score]
    assert score == bot.best_score >= max(float(str(g["score"])) for g in games)
    end = s.clone()
    for a in line:
        end.apply(a)
    assert end.is_terminal() and end.scores()[0].total == score
    with pytest.raises(ValueError, match="at least 1 job"):
        bot.solve(s, 1.0, jobs=0)


def test_a_portfolio_game_is_one_search_from_its_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game of the portfolio (:func:`_play_game`) is one search of its bot from the
    game's position with the game's time, its walk's passes all from there: no sweep
    through the line's decisions.  Its line replays to its score."""
    from arle.bots import plan
    s = late_position(4, 9)
    calls: list[tuple[int, float | None]] = []
    search = PlanBot.search

    def spy(self: PlanBot, state: State, seconds: float | None,
            playouts: int | None = None) -> Line:
        calls.append((len(state.history), seconds))
        return search(self, state, seconds, playouts)

    def no_sweep(*args: object) -> Line:
        raise AssertionError("a portfolio game swept the line")

    monkeypatch.setattr(PlanBot, "search", spy)
    monkeypatch.setattr(PlanBot, "_sweep", no_sweep)
    bot = PlanBot(seed=1, clock="cpu", rollout="hand")
    (score, line), used, joined = plan._play_game(bot, s, 0.5)
    assert calls == [(len(s.history), 0.5)]
    assert joined is None and used > 0 and bot.last_stats["playouts"] > 0
    end = s.clone()
    for a in line:
        end.apply(a)
    assert end.is_terminal() and end.scores()[0].total == score == bot.best_score


def test_a_branch_game_stops_where_it_joins_the_best_line_it_left() -> None:
    """A bot given the line it branched from (``join``: the positions after the branch
    point, the line, its score) stops its search where its walk reaches one of those
    positions: ``joined`` is where, and the rest of its line is that line's from there
    when that is better.  At its root already, it searches nothing more; later, after
    the walk has moved on along its own line."""
    from arle.bots import plan
    s = late_position(4, 9)
    score, line = plan.playout(s)
    b = len(line) // 2
    here = plan._played(s, line[:b])
    bot = PlanBot(seed=1, rollout="hand")
    claimed = score + 10                 # better than anything it finds: taken
    bot.join = (plan._line_keys(s, line, b - 1), line, claimed)
    assert bot.solve(here, playouts=50, sweeps=1) == (claimed, line[b:])
    assert bot.joined == len(here.history) and bot.best_line[len(here.history):] \
        == line[b:]
    assert bot.best_score == claimed
    bot.join = None                      # a new solve without one searches on
    bot.solve(here, playouts=20, sweeps=1)
    assert bot.joined is None and len(bot.best_line) > len(here.history)
    free = PlanBot(seed=1, rollout="hand")   # without join, the search goes on
    own_score, own = free.solve(here, playouts=50, sweeps=1)
    assert free.joined is None
    bot = PlanBot(seed=1, rollout="hand")     # the same search, stopped on that line
    bot.join = (plan._line_keys(here, own, 0), own, own_score)
    got_score, got = bot.solve(here, playouts=50, sweeps=1)
    assert bot.joined is not None and bot.joined > len(here.history)
    end = here.clone()
    for a in got:
        end.apply(a)
    assert end.is_terminal() and end.scores()[0].total == got_score >= own_score
    keys = plan._line_keys(s, line, 3)
    assert sorted(keys.values()) == list(range(4, len(line)))


@pytest.mark.parametrize("jobs", [1, 2])
def test_portfolio_gives_the_time_a_joined_game_left_to_more_branch_games(
        monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    """A branch game is given the best line so far to join (``join``: its positions
    after the branch point, the line and its score); a game that joined it is recorded
    with where (``joined``, from the solve's position) and the seconds it took
    (``used``), and the time it left is played by more branch games; without joins,
    the branch games are as many as :data:`BRANCH_SHARE` of the games.  (The games are
    played by a stand-in that takes no time, in threads for ``jobs=2``.)"""
    from concurrent.futures import ThreadPoolExecutor

    from arle.bots import plan
    s = late_position(4, 9)
    small_portfolio(monkeypatch, 10)
    monkeypatch.setattr(plan, "ProcessPoolExecutor",
                        lambda max_workers, mp_context: ThreadPoolExecutor(max_workers))

    def counted(joins: bool) -> list[dict[str, object]]:
        def stand_in(bot: PlanBot, st: State, seconds: float
                     ) -> tuple[Line, float, int | None]:
            tail = plan.playout(st)
            if bot.join is None:
                return tail, seconds, None
            keys, line, score = bot.join            # the best line so far, left at
            at = min(keys.values()) - 1             # its action ``at``
            assert tuple(map(str, line[:at])) == tuple(st.history[len(s.history):][:at])
            assert plan._played(s, line).scores()[0].total == score
            return tail, 0.0 if joins else seconds, len(st.history) if joins else None

        monkeypatch.setattr(plan, "_play_game", stand_in)
        bot = PlanBot(seed=1, clock="cpu", rollout="hand")
        bot.solve(s, 2.0 / jobs, jobs=jobs)      # ten games a process
        return bot.games

    games = counted(False)
    branch = [g for g in games if "branch" in g]
    if jobs == 2:       # the games' times are counted (one job: the clock, which
        assert len(branch) == int(plan.BRANCH_SHARE * 20)   # the stand-in stops)
    assert branch and not any("joined" in g for g in games)
    games = counted(True)
    joined = [g for g in games if "joined" in g]
    assert joined and all("branch" in g and g["used"] == 0.0 for g in joined)
    assert all(g["joined"] == int(str(g["branch"])) + len(str(g["opening"]).split(", "))
               for g in joined)
    assert len(joined) > int(plan.BRANCH_SHARE * 10 * jobs)


def test_solve_command_with_jobs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``arle solve --jobs 2``: the portfolio's games in two processes, the line saved
    as a record that replays to the score printed."""
    small_portfolio(monkeypatch, 2)
    out = tmp_path / "line.json"
    r = runner.invoke(app, ["solve", "--seed", "3", "--time", "2", "--clock", "cpu",
                            "--jobs", "2", "--json", "--out", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert len(data["games"]) == 4 and "game 4 (" in r.stderr
    assert data["score"] >= max(g["score"] for g in data["games"])
    assert data["jobs"] == 2 and data["sweeps"] == [data["score"]]
    assert arle.replay(json.loads(out.read_text(encoding="utf-8"))).scores()[0].total \
        == data["score"]


def test_solve_with_jobs_exits_cleanly(tmp_path: Path) -> None:
    """``arle solve --jobs 2`` in a process of its own ends with exit code 0, its line
    on stdout and nothing on stderr but its progress: the worker processes are shut
    down before Python exits (left to exit on their own, they once printed a
    "Bad file descriptor" traceback at the end of a solve)."""
    import os
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "arle.cli.main", "solve", "--seed", "3",
                        "--time", "1", "--clock", "cpu", "--jobs", "2", "--starts", "2",
                        "--json"], capture_output=True, text=True, cwd=str(tmp_path),
                       env=dict(os.environ, PYTHONIOENCODING="utf-8"), timeout=300)
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["games"]) == 2
    assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr, r.stderr


def test_solve_jobs_default_to_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``--jobs`` a solve starts one worker process per processor core it may
    run on, at most :data:`DEFAULT_JOBS`; ``--jobs`` overrides it."""
    from arle.cli import solve_cmd
    monkeypatch.setattr(solve_cmd.os, "sched_getaffinity", lambda pid: {0, 1, 2},
                        raising=False)
    assert solve_cmd.default_jobs() == 3
    monkeypatch.setattr(solve_cmd.os, "sched_getaffinity", lambda pid: set(range(40)),
                        raising=False)
    assert solve_cmd.default_jobs() == solve_cmd.DEFAULT_JOBS == 8
    monkeypatch.delattr(solve_cmd.os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(solve_cmd.os, "cpu_count", lambda: None)
    assert solve_cmd.default_jobs() == 1
    monkeypatch.setattr(solve_cmd.os, "cpu_count", lambda: 2)
    assert solve_cmd.default_jobs() == 2
    asked: list[int] = []

    def solve(self: PlanBot, state: State, seconds: float, starts: int | None = None,
              jobs: int = 1) -> Line:
        asked.append(jobs)
        return playout(state)

    monkeypatch.setattr(PlanBot, "solve", solve)
    for args, want in (([], 2), (["--jobs", "1"], 1), (["--jobs", "5"], 5)):
        r = runner.invoke(app, ["solve", "--seed", "3", "--time", "1", "--json",
                                "--quiet", *args])
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["jobs"] == want and asked[-1] == want


def test_tea_and_trade() -> None:
    s = late_position(3, 9, expansion="tea-and-trade")
    end = finish(s, PlanBot(seed=0, playouts=1))
    assert end.is_terminal() and end.setup["expansion"] == "tea-and-trade"


def test_solve_then_replay(tmp_path: Path) -> None:
    out = tmp_path / "line.json"
    r = runner.invoke(app, ["solve", "--seed", "3", "--time", "0.2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "Half year 1 (Summer):" in r.stdout and "Half year 9 (Summer):" in r.stdout
    assert "Score breakdown" in r.stdout and "Best line found:" in r.stdout
    assert "first line:" in r.stderr and "done:" in r.stderr
    rec = json.loads(out.read_text(encoding="utf-8"))
    end = arle.replay(rec)
    assert end.is_terminal() and rec["setup"]["seed"] == 3
    total = end.scores()[0].total
    assert f"Best line found: {total:g} VP" in r.stdout
    r = runner.invoke(app, ["replay", "--final", str(out)])
    assert r.exit_code == 0, r.output
    assert "Total" in r.stdout
    r = runner.invoke(app, ["solve", "--seed", "3", "--time", "0.2", "--json", "--quiet",
                            "--clock", "cpu"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["seed"] == 3 and data["score"] == sum(data["categories"].values())
    assert data["sweeps"] and data["sweeps"][-1] == data["score"]
    assert data["games"] == []          # 0.2 s holds no portfolio
    assert r.stderr == ""
    r = runner.invoke(app, ["solve", "--seed", "3", "--time", "1", "--json", "--quiet",
                            "--clock", "cpu", "--starts", "2", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert [g["opening"] for g in data["games"]] == [
        "place fisherman, take sheep", "place grocer_summer, take cattle"]   # the book
    assert data["score"] >= max(g["score"] for g in data["games"])
    assert len(data["sweeps"]) == 2 and data["sweeps"][-1] == data["score"]


@pytest.mark.parametrize("args, message", [
    (["--seed", "1", "--time", "0"], "--time must be a positive"),
    (["--seed", "1", "--time", "-2"], "--time must be a positive"),
    (["--seed", "1", "--expansion", "spices"], "unknown expansion 'spices'"),
    (["--seed", "1", "--buildings", "nowhere_hall"], "nowhere_hall"),
    (["--seed", "1", "--buildings", ","], "--buildings: use random"),
    (["--seed", "1", "--clock", "sundial"], "--clock must be wall or cpu"),
    (["--seed", "1", "--starts", "0"], "--starts must be at least 1"),
    (["--seed", "1", "--jobs", "0"], "--jobs must be 1 to 64, not 0"),
    (["--seed", "1", "--jobs", "65"], "--jobs must be 1 to 64, not 65"),
])
def test_solve_refusals(args: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    r = runner.invoke(app, ["solve", *args, "--out", str(out)])
    assert r.exit_code == 2, r.output
    assert message in r.stderr
    assert not out.exists()
    r = runner.invoke(app, ["solve", "--seed", "1", "--time", "0.1", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "cannot write (it is a directory)" in r.stderr
    r = runner.invoke(app, ["solve", "--seed", "1", "--time", "0.1", "--out",
                            str(tmp_path / "none" / "x.json")])
    assert r.exit_code == 2 and "cannot write (no such folder)" in r.stderr


def test_review_of_a_solo_game_asks_the_planner(tmp_path: Path) -> None:
    assert default_judge(1) == "plan:time=1"
    assert default_judge(2) == "greedy" and default_judge(3) == "greedy"
    s = arle.new_game(players=1, seed=8, buildings="random")
    s.apply(GreedyBot(seed=1).choose(s))
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(s.record()), encoding="utf-8")
    r = runner.invoke(app, ["review", str(path), "--json"])
    assert r.exit_code == 0, r.output
    turns = json.loads(r.stdout)["turns"]
    assert len(turns) == 1 and turns[0]["player"] == 0
    r = runner.invoke(app, ["review", str(path)])
    assert r.exit_code == 0, r.output
    assert "turns reviewed with plan:time=1" in r.stdout


def test_the_spec_takes_seed() -> None:
    """issue 33 pins the options time= and seed=."""
    from arle.bots import get
    assert get("plan:playouts=1,seed=7", seed=0).seed == 7
    assert get("plan:playouts=1", seed=5).seed == 5
    for bad in ("plan:seed=-1", "plan:seed=x", "plan:seed=1,seed=2"):
        with pytest.raises(ValueError, match="seed"):
            get(bad)


def test_rollouts_by_the_learned_evaluation_where_a_model_is_shipped() -> None:
    """rollout=auto plays its playouts with greedy on the learned evaluation in the base
    game (a model is shipped for solo games) and with the hand one in Tea & Trade (none
    is); the first line is that playout."""
    from arle.bots.learned import learned_evaluator
    s = late_position(12, 9)
    bot = PlanBot(seed=0, playouts=1)
    bot.search(s, None, 1)
    assert bot._ev is not None
    learned = playout(s, ev=learned_evaluator())
    assert bot.best_score >= learned[0]
    hand = PlanBot(seed=0, playouts=1, rollout="hand")
    hand.search(s, None, 1)
    assert hand._ev is None
    tea = late_position(3, 9, expansion="tea-and-trade")
    auto = PlanBot(seed=0, playouts=1)
    auto.search(tea, None, 1)
    assert auto._ev is None
    with pytest.raises(ValueError, match="no learned model"):
        PlanBot(seed=0, playouts=1, rollout="learned").search(tea, None, 1)
    with pytest.raises(ValueError, match="rollout must be"):
        arle.bots.get("plan:rollout=dice")


def test_nrpa_repeats_with_a_seed_and_keeps_a_legal_line() -> None:
    """method=nrpa (nested rollout policy adaptation): with a seed and a budget in
    playouts the same choices; the best line it keeps is a real game with its score,
    never worse along the game."""
    s = late_position(7, 8)
    runs = []
    for _ in range(2):
        bot = arle.bots.get("plan:method=nrpa,playouts=12,level=2,iterations=4,"
                            "rollout=hand", seed=3)
        assert isinstance(bot, PlanBot) and (bot.method, bot.level, bot.iterations) == \
            ("nrpa", 2, 4)
        t = s.clone()
        played, scores = [], []
        while not t.is_terminal():
            a = bot.choose(t)
            assert a in t.legal_actions()
            scores.append(bot.best_score)
            assert [str(x) for x in bot.best_line[:len(t.history)]] == t.history
            played.append(str(a))
            t.apply(a)
        assert scores == sorted(scores) and t.scores()[0].total == scores[-1]
        runs.append(played)
    assert runs[0] == runs[1]
    for spec, message in [("plan:method=beam", "method must be"),
                          ("plan:level=0", "level must be"),
                          ("plan:iterations=0", "iterations must be"),
                          ("plan:alpha=0", "alpha must be")]:
        with pytest.raises(ValueError, match=message):
            arle.bots.get(spec)


def test_a_playout_is_remembered_at_every_position_it_passes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A deterministic playout is known from each position on its way: a later playout
    from one of them (the step's try of the line's own next move) costs nothing and
    gives the rest of the same line with its score."""
    import arle.bots.plan as plan_mod
    s = late_position(13, 9)
    bot = PlanBot(seed=0, playouts=1, rollout="hand")
    bot.search(s, None, 1)
    score, line = bot.best_score, bot.best_line[len(s.history):]
    t = s.clone()
    for a in line[:7]:
        t.apply(a)

    def no_playout(*_args: object, **_kw: object) -> None:
        raise AssertionError("played again")

    monkeypatch.setattr(plan_mod, "playout", no_playout)
    assert bot._playout(t.clone(), 1) == (score, line[7:])
    assert bot._playout(t.clone(), 2) == (score, line[7:])
    with pytest.raises(AssertionError, match="played again"):   # noisy passes play
        bot._playout(t.clone(), 3)


def test_order_ranks_the_steps_moves_by_the_playouts_evaluation() -> None:
    """order=playout (the default) ranks a step's macro-actions by the playouts'
    evaluation (the learned one in a solo base game); order=hand by the hand one."""
    from arle.bots.evaluation import evaluate
    from arle.bots.learned import learned_evaluator
    from arle.bots.plan import _macros
    s = late_position(14, 5)
    ev = learned_evaluator()
    ranked = _macros(s, 1, ev)
    assert [v for v, _a, _e in ranked] == sorted((v for v, _a, _e in ranked), reverse=True)
    for v, _acts, end in ranked:
        assert v == pytest.approx(ev(end, 0), abs=1e-3)
    by_hand = _macros(s, 1)
    assert [v for v, _a, _e in by_hand] == sorted((evaluate(e, 0) for _v, _a, e in by_hand),
                                                  reverse=True)
    # the same first actions (their sub-decisions completed by either evaluation)
    assert {a[0] for _v, a, _e in by_hand} == {a[0] for _v, a, _e in ranked}
    bot = arle.bots.get("plan:order=hand")
    assert isinstance(bot, PlanBot) and bot.order == "hand"
    assert PlanBot().order == "playout"
    with pytest.raises(ValueError, match="order must be playout or hand"):
        arle.bots.get("plan:order=dice")


def test_the_playouts_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MEMO_LIMIT positions a playout is remembered at its start only."""
    import arle.bots.plan as plan_mod
    monkeypatch.setattr(plan_mod, "MEMO_LIMIT", 1)
    s = late_position(13, 9)
    bot = PlanBot(seed=0, playouts=1, rollout="hand")
    bot.search(s, None, 1)                 # the first playout fills the memory
    filled = len(bot._memo)
    assert filled > 1
    t = late_position(14, 9)               # a position the first playout did not pass
    score, tail = bot._playout(t.clone(), 1)
    assert len(bot._memo) == filled + 1 and bot._playout(t.clone(), 1) == (score, tail)


def test_invest_tries_every_vehicle_and_ship_whatever_its_rank() -> None:
    from arle.bots.plan import INVEST_VERBS, _investments, _macros
    s = arle.new_game(players=1, seed=3, buildings="random", expansion="tea-and-trade")
    found = _investments(s, None)
    assert found and all(m[1][1].verb in INVEST_VERBS for m in found)
    for m in found:               # real macro-actions: legal, and they reach their end
        t = s.clone()
        for act in m[1]:
            assert act in t.legal_actions()
            t.apply(act)
        assert t.key() == m[2].key()
    top = _macros(s, 1)[0][1]
    for invest, extra in (("1", [m[1] for m in found if m[1] != top]), ("0", [])):
        bot = PlanBot(seed=0, playouts=2, width=1, invest=invest, starts=0)
        bot.search(s, None, 2)        # the first line, then the step's first try
        assert bot._pending is not None
        assert [m[1] for m in bot._pending[1]] == [top, *extra]
    assert any(m[1] != top for m in found)     # the step tried more with invest=1
    with pytest.raises(ValueError, match="invest must be 0 or 1"):
        arle.bots.get("plan:invest=2")


def test_forced_first_lines_are_legal_games_that_make_their_investment() -> None:
    from arle.bots.plan import START_TARGETS, forced_playout, large_vehicle, trading_ship
    s = arle.new_game(players=1, seed=1000, buildings="random", expansion="tea-and-trade")
    wants = {t[0]: (t[1], t[2]) for t in START_TARGETS}
    for names, musts in ((("large vehicle",), (large_vehicle,)),
                         (("trading ship",), (trading_ship,)),
                         (("large vehicle", "trading ship"), (large_vehicle, trading_ship))):
        got = forced_playout(s, tuple(wants[n] for n in names))
        assert got is not None
        (score, tail), free = got
        t = s.clone()
        for act in tail:                      # a real game from the setup to its end
            assert act in t.legal_actions()
            t.apply(act)
        assert t.is_terminal() and t.scores()[0].total == score
        for must in musts:                    # each investment taken before the free part
            assert any(must(a) for a in tail[:free])
        u = s.clone()                         # from there on the greedy policy plays
        for act in tail[:free]:
            u.apply(act)
        assert playout(u) == (score, tail[free:])
    assert playout(s)[0] < 100 and not any(large_vehicle(a) for a in playout(s)[1])


def test_starts_keeps_the_best_first_line_and_repeats_itself() -> None:
    from arle.bots.plan import START_TARGETS, forced_playout
    s = arle.new_game(players=1, seed=1000, buildings="random", expansion="tea-and-trade")
    greedy_score = playout(s)[0]
    forced = []
    for combo in ([(t[1], t[2])] for t in START_TARGETS):
        got = forced_playout(s, tuple(combo))
        assert got is not None
        forced.append(got[0][0])
    both = forced_playout(s, tuple((t[1], t[2]) for t in START_TARGETS))
    assert both is not None
    forced.append(both[0][0])
    assert max(forced) > greedy_score         # on this setup a forced line is better
    plain = PlanBot(seed=0, playouts=1, starts=0)
    plain.search(s, None, 1)
    assert plain.best_score == greedy_score and plain.start == "greedy"
    bot = PlanBot(seed=0, playouts=1, book=0)   # starts=1 by default
    bot.search(s, None, 1)
    assert bot.best_score == max(forced) and bot.start != "greedy"
    t = s.clone()                             # the kept line is a real game of its score
    for act in bot.best_line:
        t.apply(act)
    assert t.is_terminal() and t.scores()[0].total == bot.best_score
    assert bot.last_stats["playouts"] == 4    # the greedy line and the three forced ones
    choices = []
    for _ in range(2):                        # the same seed and budget: the same game
        b = arle.bots.get("plan:playouts=2,starts=1", seed=5)
        g = s.clone()
        for _i in range(3):
            g.apply(b.choose(g))
        choices.append((g.history, b.best_line, b.best_score))
    assert choices[0] == choices[1]
    with pytest.raises(ValueError, match="starts must be 0, 1 or 2"):
        arle.bots.get("plan:starts=3")


def test_starts_in_the_base_game_forces_a_large_vehicle_only() -> None:
    from arle.bots.evaluation import evaluate
    from arle.bots.plan import WOOD_PULL, _Pulled
    from arle.data.catalog import WOOD
    s = arle.new_game(players=1, seed=1000, buildings="random")
    bot = PlanBot(seed=0, playouts=1, starts=1, rollout="hand")
    bot.search(s, None, 1)
    assert bot.last_stats["playouts"] == 2    # the greedy line and the vehicle's: no ship
    assert bot.best_score >= playout(s)[0] and bot.start in ("greedy", "large vehicle")
    t = late_position(1000, 5)
    pulled = _Pulled(None, 5)
    wood = t.players[0].res[WOOD]
    assert pulled(t, 0) == evaluate(t, 0) + WOOD_PULL * min(5, wood)
    assert pulled.many([t, s], 0) == [pulled(t, 0), pulled(s, 0)]


def test_a_need_pulls_by_the_share_of_it_held() -> None:
    from arle.bots.plan import Need, _Pulled, building_need, wood_need
    from arle.data.catalog import BRICK, FLAX, FOOD, TIMBER, WOOD, WOOL
    res = [0] * 40
    res[TIMBER], res[BRICK], res[FOOD] = 1, 5, 6
    castle = building_need("berum_castle", 12.0)         # 3 Timber, 3 Brick, 15 Food
    assert castle == Need(((TIMBER, 3), (BRICK, 3), (FOOD, 15)), (), 12.0)
    assert castle.pull(res) == 12.0 * (1 + 3 + 6) / 21
    weaving = building_need("weaving_mill", 6.0)         # 2 Brick, and 10 Flax or 10 Wool
    assert weaving.either == ((FLAX, WOOL, 10),)
    res[FLAX], res[WOOL] = 4, 7
    assert weaving.pull(res) == 6.0 * (2 + 7) / 12
    assert building_need("weaving_mill", 0.0).pull(res) == 0.0
    assert Need().pull(res) == 0.0
    res[WOOD] = 3
    assert wood_need(5).pull(res) == 6.0                 # WOOD_PULL a Wood, up to 5
    s = late_position(1000, 4)
    assert _Pulled(None, 5)(s, 0) == _Pulled(None, wood_need(5))(s, 0)


def test_building_goals_force_each_building_on_the_board() -> None:
    from arle.bots.plan import BUILD_PULLS, Goal, building_goals, forced_playout, goal_pairs
    s = arle.new_game(players=1, seed=1000, buildings="random")
    goals = building_goals(s)
    board = list(s.board)
    assert [g.name for g in goals[:len(board)]] == [f"build {b}" for b in board]
    assert [g.target for g in goals[:len(board)]] == board
    assert all(g.wants[0][1].points == 0.0 for g in goals[:len(board)])
    pulled = goals[len(board):]
    assert {g.wants[0][1].points for g in pulled} == set(BUILD_PULLS) - {0.0}
    assert all(g.wants[0][1].fixed or g.wants[0][1].either for g in pulled)
    goal = next(g for g in goals if g.name == "build litter_storage")
    want = goal.wants[0][0]
    got = forced_playout(s, goal.wants)
    assert got is not None
    (score, tail), free = got
    assert any(want(a) for a in tail[:free]) and not any(want(a) for a in tail[free:])
    t = s.clone()
    for act in tail:                           # a real game, built at its first chance
        assert act in t.legal_actions()
        t.apply(act)
    assert t.is_terminal() and t.scores()[0].total == score
    assert "litter_storage" in t.players[0].buildings
    by_name = {g.name: g for g in goals}
    found = [(110.0, by_name["build mill"]), (108.0, by_name["build mill (pull 15)"]),
             (105.0, by_name["build turnery"]), (101.0, by_name["build cooperage"]),
             (99.0, by_name["build saddlery"])]
    pairs = goal_pairs(found)                  # the 3 best, one goal per building
    assert [p.name for p in pairs] == [
        "build mill + build turnery", "build mill + build cooperage",
        "build turnery + build mill", "build turnery + build cooperage",
        "build cooperage + build mill", "build cooperage + build turnery"]
    assert pairs[0] == Goal("build mill + build turnery", "mill + turnery",
                            by_name["build mill"].wants + by_name["build turnery"].wants)
    both = forced_playout(s, by_name["build farmers_inn"].wants
                          + by_name["build litter_storage"].wants)
    assert both is not None                    # each built at its first chance in turn
    t = s.clone()
    for act in both[0][1]:
        t.apply(act)
    assert {"litter_storage", "farmers_inn"} <= set(t.players[0].buildings)


def test_starts_2_tries_the_goals_between_the_walks_playouts() -> None:
    from arle.bots.learned import learned_evaluator
    from arle.bots.plan import building_goals, forced_playout
    s = arle.new_game(players=1, seed=1000, buildings="random")
    base = PlanBot(seed=0, playouts=1)
    base.search(s, None, 1)
    n = 2
    bot = PlanBot(seed=0, playouts=2 + 2 * n, starts=2)
    bot.search(s, None, 2 + 2 * n)     # greedy, the vehicle's, then walk and goal in turn
    goals = building_goals(s)
    assert len(bot._goals) == len(goals) - n
    scores = {}
    for g in goals[:n]:
        got = forced_playout(s, g.wants, learned_evaluator())
        scores[g.name] = -1.0 if got is None else got[0][0]
    assert bot.best_score >= max(scores.values()) > base.best_score
    t = s.clone()
    for act in bot.best_line:
        t.apply(act)
    assert t.is_terminal() and t.scores()[0].total == bot.best_score
    with pytest.raises(ValueError, match="starts must be 0, 1 or 2"):
        arle.bots.get("plan:starts=3")


def test_the_opening_book_orders_the_first_step() -> None:
    from arle.bots.plan import OPENINGS, _macros, opening_order
    s = arle.new_game(players=1, seed=1006, buildings="random")
    bot = PlanBot(seed=0, playouts=3)        # the first line, then the step's first try
    bot.search(s, None, 3)
    ranked = _macros(s, 1, bot._ev)
    texts = [" ".join(map(str, m[1])) for m in ranked]
    book = OPENINGS[None]
    assert set(book) <= set(texts)             # each a first move of the base game
    assert texts.index(book[0]) >= 4           # which the evaluation ranks further down
    ordered = [" ".join(map(str, m[1])) for m in opening_order(s, ranked)]
    assert ordered[:len(book)] == list(book)
    assert sorted(ordered) == sorted(texts)    # the same moves, the book's first
    assert bot._pending is not None
    assert [" ".join(map(str, m[1])) for m in bot._pending[1][:len(book)]] == list(book)
    off = PlanBot(seed=0, playouts=3, book=0)
    off.search(s, None, 3)
    assert off._pending is not None
    assert [m[1] for m in off._pending[1]] == [m[1] for m in ranked[:off.width]]
    t = arle.new_game(players=1, seed=1006, buildings="random", expansion="tea-and-trade")
    tt = _macros(t, 1)
    assert opening_order(t, tt) == tt          # no book for Tea & Trade
    with pytest.raises(ValueError, match="book must be 0 or 1"):
        arle.bots.get("plan:book=2")


def test_the_book_starts_the_forced_lines_after_its_first_move_in_tea_and_trade() -> None:
    from arle.bots.plan import OPENING_STARTS, START_TARGETS, forced_playout, opening_starts
    s = arle.new_game(players=1, seed=1000, buildings="random", expansion="tea-and-trade")
    book = OPENING_STARTS["tea-and-trade"]
    starts = opening_starts(s, None)
    assert [b for b, _a, _s in starts] == list(book)
    text, acts, after_it = starts[0]
    t = s.clone()
    for act in acts:                           # the book's move, as a step would play it
        t.apply(act)
    assert t.key() == after_it.key() and " ".join(map(str, acts)) == text
    wants = [(x[1], x[2]) for x in START_TARGETS]
    lines = {}
    for name, combo in (("large vehicle", wants[:1]), ("trading ship", wants[1:]),
                        ("large vehicle + trading ship", wants)):
        got = forced_playout(after_it, tuple(combo))
        if got is not None:
            lines[name] = got[0][0]
    from_setup = max(g[0][0] for g in (forced_playout(s, (w,)) for w in wants) if g)
    bot = PlanBot(seed=0, playouts=1)          # book=1, starts=1: the defaults
    bot.search(s, None, 1)
    assert bot.best_score == max(lines.values()) > from_setup
    assert bot.start == f"{text}, then " + max(lines, key=lambda k: lines[k])
    assert bot.last_stats["playouts"] == 4     # the greedy line and three after the book's
    u = s.clone()                              # the line is a real game of its score
    for act in bot.best_line:
        u.apply(act)
    assert u.is_terminal() and u.scores()[0].total == bot.best_score
    base = arle.new_game(players=1, seed=1000, buildings="random")
    assert opening_starts(base, None) == []    # the base game's forced line: greedy's
    later = s.clone()
    later.apply(later.legal_actions()[0])
    off = PlanBot(seed=0, playouts=1)          # after the first decision: no book
    off.search(later, None, 1)
    assert not off.start.startswith(text)
