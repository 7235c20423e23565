"""What players expect of ``arle play`` in a terminal: a compact screen that fits 80x24,
the other players' moves in words, the board's names as input, costs beside the
choices, a quit that asks, whole names on the farm grid, and the score item by item.

Games run in a child process as in test_cli_play.py (a pseudo-terminal with
``TERM=dumb``, which rich sizes 80x25, or piped input).
"""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

import arle
from arle.actions import Action
from arle.bots import get
from arle.cli import render
from arle.cli.play import AmbiguousInput, resolve_names
from arle.position import edit
from test_cli_play import PROMPT, answer, env, record, run_piped, spawn

WIDTH, HEIGHT = 80, 24


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def printed(renderable: object, width: int = WIDTH) -> str:
    console = Console(file=io.StringIO(), width=width, height=HEIGHT, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def played(players: int, seed: int, steps: int = 10_000) -> list[arle.State]:
    """Positions of a random game (every decision kind comes up over a few games)."""
    s = arle.new_game(players=players, seed=seed, buildings="random")
    bot = get("random", seed=seed)
    out: list[arle.State] = []
    while not s.is_terminal() and len(out) < steps:
        out.append(s.clone())
        s.apply(bot.choose(s))
    out.append(s)
    return out


def _human_first_seed() -> int:
    for seed in range(50):
        if arle.new_game(players=2, seed=seed, buildings="first-game").current_player == 0:
            return seed
    raise AssertionError("no seed found")


# ---------------------------------------------------------------------------
# 1. The compact screen
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(1, 0), (2, 1), (1, 2), (2, 3)])
def test_the_compact_screen_fits_80_by_24_with_the_full_numbering(players: int,
                                                                   seed: int) -> None:
    moves = [(1, "Place a worker: build carpenters_workshop (Carpenter's Workshop, 1 VP) "
                 "· 1 Grain + 1 building material")] * 9
    changed = [f"Food {i}→{i + 2}" for i in range(20)]
    for s in played(players, seed)[:-1]:
        body, order = render.compact_screen(s, moves=moves, changed=changed)
        out = printed(body)
        lines = out.rstrip("\n").split("\n")
        assert len(lines) <= HEIGHT - 1, out          # the prompt takes the last line
        assert all(len(line) <= WIDTH for line in lines), out
        assert order == [a for _, acts in render.group_actions(s) for a in acts]
        assert render.describe_decision(s).split(":")[0] in out


def test_a_small_terminal_gets_the_compact_screen_and_the_parts_on_demand(
        tmp_path: Path) -> None:
    child = spawn("--seed", "5", cwd=tmp_path)       # TERM=dumb: rich says 80 x 25
    child.expect_exact(PROMPT)
    first = str(child.before).split("seed 5).", 1)[1]
    lines = first.strip("\r\n").split("\r\n")
    assert len(lines) <= HEIGHT - 1 and all(len(x) <= WIDTH for x in lines), first
    assert "Half year 1/9" in first and "Food 5" in first and "estimate" in first
    assert "place on (type the number, or place NAME)" in first
    assert "1. fisherman" in first and "forester · 1 Food" in first
    assert "help NAME" in first
    assert "Action board" not in first               # the full parts are on demand
    assert "Action board · Summer" in answer(child, "board")
    out = answer(child, "buildings")
    assert "Buildings on the game board" in out and "Potter's Inn 5" in out
    out = answer(child, "farm")
    assert "Player 1 ◄ to move" in out and "tidal flat" in out
    assert "name a player from 1 to 1" in flat(answer(child, "farm 2"))
    out = answer(child, "scores")
    assert "Score estimate (if the game ended now)" in out
    assert "Score breakdown: Player 1" in out
    out = answer(child, "list")
    assert "Worker placement:" in out and "Anytime actions:" in out
    out = answer(child, "full")                     # the old full redraw
    assert "Action board · Summer" in out and "Fisherman  free" in out
    out = answer(child, "full")                     # and back
    assert "Action board" not in out and "Half year 1/9" in out
    out = answer(child, "place dike")
    assert "Player 1: place dike_builder" in out and "Changed: dike moves 0→1" in out
    child.sendline("quit!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("rows,cols,full", [(150, 200, True), (24, 80, False),
                                             (60, 200, False)])
def test_auto_is_full_where_the_full_screen_fits(tmp_path: Path, rows: int, cols: int,
                                                 full: bool) -> None:
    child = pexpect.spawn(sys.executable, ["-m", "arle.cli.main", "play", "--seed", "5"],
                          cwd=str(tmp_path), env={**env(), "TERM": "xterm"},
                          encoding="utf-8", dimensions=(rows, cols), timeout=20)
    child.expect_exact(PROMPT)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before))
    assert ("Action board · Summer" in shown) == full
    assert len(shown.split("seed 5).", 1)[1].strip().splitlines()) <= rows - 1
    child.sendline("quit!")
    child.expect(pexpect.EOF)


def test_a_pipe_gets_the_full_screen_unless_asked(tmp_path: Path) -> None:
    r = run_piped("--seed", "5", input_text="", cwd=tmp_path)
    assert "Action board · Summer" in r.stdout
    r = run_piped("--seed", "5", "--view", "compact", input_text="", cwd=tmp_path)
    assert "Action board" not in r.stdout and "Half year 1/9" in r.stdout
    r = run_piped("--seed", "5", "--view", "wide", input_text="", cwd=tmp_path)
    assert r.returncode == 2 and "use auto, compact or full" in r.stderr


# ---------------------------------------------------------------------------
# 2. The other players' moves
# ---------------------------------------------------------------------------
def test_the_bots_moves_since_your_decision_are_shown_above_the_prompt(
        tmp_path: Path) -> None:
    seed = _human_first_seed()
    for view in ("compact", "full"):
        r = run_piped("--players", "2", "--seats", "human,bot:greedy", "--seed", str(seed),
                      "--view", view, input_text="place woodcutter\nsave g.json\n",
                      cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        bot_moves = record(tmp_path / "g.json")["actions"][1:]
        last_screen = r.stdout.rsplit("Player 1: place woodcutter", 1)[1]
        before_prompt = last_screen.rsplit("Player 1> ", 1)[0]
        block = before_prompt.split("Since your last decision:", 1)[1]
        assert f"Player 2: Place a worker: {bot_moves[0]}" in block
        if view == "compact":
            assert "Player 1: place a worker" in block    # the decision comes after


def test_hot_seat_shows_the_other_persons_moves(tmp_path: Path) -> None:
    r = run_piped("--players", "2", "--seed", "1", "--view", "compact",
                  input_text="place woodcutter\nplace fisherman\ntake none\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    last = r.stdout.rsplit("Player 2: take none\n", 1)[1]
    assert "Since your last decision:" in last
    assert ": Place a worker: place fisherman" in last
    assert ": You may take an animal: take none" in last


# ---------------------------------------------------------------------------
# 3. The board's names as input
# ---------------------------------------------------------------------------
def test_printed_names_and_prefixes_resolve_to_ids() -> None:
    s = arle.new_game(players=1, seed=1)
    assert resolve_names(s, "place Dike Builder") == "place dike_builder"
    assert resolve_names(s, "place dike") == "place dike_builder"   # Summer: the Builder
    assert resolve_names(s, "PLACE wood trader") == "place wood_trader_space"
    assert resolve_names(s, "place grocer") == "place grocer_summer"
    assert resolve_names(s, "build Potter's Inn") == "build potters_inn"
    assert resolve_names(s, "take sheep") == "take sheep"           # no names to read
    assert resolve_names(s, "place nowhere") == "place nowhere"
    with pytest.raises(AmbiguousInput) as e:
        resolve_names(s, "place w")
    assert {i for i, _ in e.value.candidates} == {"woolen_weaver", "woodcutter", "warden"}
    two = arle.new_game(players=2, seed=1)       # the Special Action: both seasons
    with pytest.raises(AmbiguousInput, match="Dike Builder.*Dike Warden"):
        resolve_names(two, "place dike")


def test_names_in_play_and_an_ambiguous_name_changes_nothing(tmp_path: Path) -> None:
    lines = ["place Dike Builder", "take none", "place w", "place wood", "place builder",
             "build novice's hut", "save g.json"]
    r = run_piped("--seed", "1", "--promos", "--buildings",
                  "workshop,novices_hut,peat_fired_brickworks,mill,peat_power_plant",
                  input_text="\n".join(lines) + "\n", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = flat(r.stdout)
    assert "'place w' could mean: Woolen Weaver (woolen_weaver), Woodcutter (woodcutter), "\
           "Warden (warden)" in out and "(nothing changed)" in out
    actions = record(tmp_path / "g.json")["actions"]
    assert actions[:5] == ["place dike_builder", "take none", "place woodcutter",
                           "place builder", "build novices_hut"]


# ---------------------------------------------------------------------------
# 4. Costs beside the choices
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("action,cost", [
    ("place forester", "1 Food"),
    ("place laborer_winter", "2 Food"),
    ("vehicle cart", "5 Wood + 1 Horse"),
    ("vehicle droshky", "6 Wood + 2 Horses"),
    ("peat_boat", "1 Wood"),
    ("plow cattle", "1 Wood + 1 Cattle"),
    ("build potters_inn", "9 Food + 2 different building materials"),
    ("use colonists_house", "2 Wool"),
    ("tool weaving_looms", "2 Wood"),
    ("load 0 1 clay", "1 Clay + 1 Peat"),
    ("load 0 0 peat", "free"),
    ("boat grain", "1 Peat"),
    ("stall", "2 Clay + 1 Grain"),
])
def test_each_costly_action_shows_its_cost(action: str, cost: str) -> None:
    label = render.action_label(Action.from_text(action))
    assert label.startswith(action) and label.endswith(" · " + cost)


def test_the_compact_screen_names_buildings_as_printed_which_is_accepted_as_input() -> None:
    a = Action.from_text("build colonists_house")
    label = render.short_label(a)
    assert label == "build Colonist's House (1 VP) · 1 Grain + 1 building material"
    s = arle.new_game(players=1, seed=1)
    assert resolve_names(s, label.split(" (")[0]) == "build colonists_house"


def test_free_actions_show_no_cost() -> None:
    for text in ("place fisherman", "take sheep", "done", "end", "pay wood:1"):
        assert "·" not in render.action_label(Action.from_text(text))


def test_the_wainwright_lists_its_vehicles_with_their_costs(tmp_path: Path) -> None:
    s = edit(arle.new_game(players=1, seed=1), res={"wood": 9}, animals={"horse": 2},
             half_year=2)
    s.apply("place wainwright")
    assert s.pending().kind == "wainwright"
    labels = [render.action_label(a) for a in s.legal_actions()]
    assert "vehicle handcart · 2 Wood" in labels and "peat_boat · 1 Wood" in labels
    assert "vehicle carriage · 4 Wood + 2 Horses" in labels


# ---------------------------------------------------------------------------
# 5. Quit asks; whole names on the farm grid
# ---------------------------------------------------------------------------
def test_quit_asks_when_there_are_unsaved_changes(tmp_path: Path) -> None:
    r = run_piped("--seed", "5", input_text="quit\n", cwd=tmp_path)       # nothing to lose
    assert "leave anyway" not in r.stdout and "Leaving the game" in r.stdout
    r = run_piped("--seed", "5", cwd=tmp_path, input_text="place woodcutter\nquit\nn\n"
                  "save g.json\nplace fisherman\nquit\nyes\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("Unsaved changes since the last save: leave anyway?") == 2
    assert "Not leaving: the game goes on" in r.stdout
    assert r.stdout.rstrip().endswith("(unsaved changes are lost).")
    assert record(tmp_path / "g.json")["actions"] == ["place woodcutter"]
    r = run_piped("--seed", "5", cwd=tmp_path,
                  input_text="place woodcutter\nquit\nsave /nonexistent/x.json\nquit\n"
                             "save k.json\n")
    assert "Error: cannot write /nonexistent/x.json" in r.stdout
    assert "Saved the game record to k.json" in r.stdout
    assert r.stdout.rstrip().endswith("Leaving the game at half year 1.")
    assert record(tmp_path / "k.json")["actions"] == ["place woodcutter"]
    r = run_piped("--seed", "5", input_text="place woodcutter\nquit!\n", cwd=tmp_path)
    assert "leave anyway" not in r.stdout and "Leaving the game at half year 1" in r.stdout
    r = run_piped("--seed", "5", input_text="place woodcutter\nquit\n", cwd=tmp_path)
    assert r.returncode == 0 and "Leaving the game" in r.stdout      # EOF still leaves


def test_long_building_names_wrap_on_the_farm_grid() -> None:
    s = arle.new_game(players=1, seed=1)
    grid = list(s.players[0].grid)
    grid[9], grid[10] = "b:plow_makers_workshop", "b:colonists_house"
    s = edit(s, grid=grid, buildings=["plow_makers_workshop", "colonists_house"])
    out = printed(render.home_board(s, 0))
    assert "…" not in out
    row = [line for line in out.splitlines() if "Plow Maker's" in line]
    assert len(row) == 1 and "Colonist's" in row[0]
    after = out.splitlines()[out.splitlines().index(row[0]) + 1]
    assert "Workshop" in after and "House" in after


# ---------------------------------------------------------------------------
# 6. The score item by item
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(1, 4), (2, 5), (2, 6)])
def test_the_breakdown_adds_up_to_each_category(players: int, seed: int) -> None:
    for s in played(players, seed)[::40] + played(players, seed)[-1:]:
        for p in range(players):
            sheet = s.scores()[p]
            parts = render.score_breakdown(s, p)
            for key, items in parts.items():
                assert sum(vp for _, vp in items) == pytest.approx(sheet.categories[key])
            names = [w for w, _ in parts["home_board"]]
            for b in s.players[p].buildings:
                assert render.building_name(b) in names
            assert len(parts["tools"]) == 10


def test_the_end_of_a_game_shows_the_breakdown_and_the_benchmark(tmp_path: Path) -> None:
    s = arle.new_game(players=1, seed=9)
    bot = get("greedy", seed=9)
    while not s.is_terminal():
        s.apply(bot.choose(s))
    rec = s.record()
    last = rec["actions"][-1]
    rec["actions"] = rec["actions"][:-1]
    import json
    (tmp_path / "almost.json").write_text(json.dumps(rec), encoding="utf-8")
    for view in ("full", "compact"):
        r = run_piped("--load", "almost.json", "--view", view, input_text=f"{last}\n",
                      cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        out = r.stdout
        assert "Final scoring pad" in out and "Score breakdown: Player 1" in out
        assert "Solo benchmark (rulebook): 110 VP" in out
        assert "Fish Traps at" in out and "fewest: " in out
        for b in s.players[0].buildings:
            assert render.building_name(b) in out.split("Score breakdown")[1]


# ---------------------------------------------------------------------------
# 7. The notation help
# ---------------------------------------------------------------------------
def test_the_notation_help_names_help_name_and_the_views() -> None:
    text = render.notation_basics()
    assert "help NAME" in text and "quit!" in text
    for word in ("board", "farm [N]", "buildings", "scores", "full", "place Dike Builder"):
        assert word in text


def test_the_season_line_names_the_inventory_during_it() -> None:
    from util import fresh, play_out_half_year

    from arle.cli import render
    s = fresh(players=1, seed=2)
    assert render.season_words(s).startswith("Summer (")
    while s.phase != "inventory":
        acts = [str(a) for a in s.legal_actions()]
        s.apply("skip" if "skip" in acts else "end")
    assert render.season_words(s) == "Summer, the November inventory"
    play_out_half_year(s)
    assert render.season_words(s).startswith("Winter (")


def test_the_first_placement_does_not_count_zero_workers() -> None:
    import arle
    s = arle.new_game(players=1, seed=2)
    assert s.pending().text == "place a worker on a free action space."
    s.apply("place fisherman")
    while s.pending().kind != "place":
        s.apply(s.legal_actions()[0])
    assert "(1 of yours on the board so far)" in s.pending().text


@pytest.mark.parametrize("players", [1, 2])
def test_the_breakdown_of_an_expansion_game_adds_up(players: int) -> None:
    rng = random.Random(players)
    s = arle.new_game(players=players, seed=players, expansion="tea-and-trade")
    states = [s.clone()]
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
        if len(s.history) % 50 == 0:
            states.append(s.clone())
    for st in states + [s]:
        for p in range(players):
            sheet = st.scores()[p]
            parts = render.score_breakdown(st, p)
            assert set(parts) == set(sheet.categories)
            for key, items in parts.items():
                assert sum(vp for _, vp in items) == pytest.approx(sheet.categories[key])
            render.breakdown_table(st, p)        # draws every row, the expansion's too
