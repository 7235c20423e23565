"""The terminal face of Tea & Trade: the board drawn (harbor, ditches, dehydrated land,
dikes by column, Tea, the Digging Spade track, the new spaces and buildings), the
choices described (Tea uses, edges, cells, dikes, ships, trades), the help texts, and
whole expansion games played by bots and by scripted input."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import arle
from arle import position, view
from arle.actions import Action
from arle.bots import get
from arle.cli import render
from arle.cli.main import app
from arle.cli.play import resolve_names
from arle.data import tea_trade as TT
from arle.data import texts
from arle.engine.ditches import parse_edge
from arle.state import State
from test_cli_play import run_piped

WIDTH, HEIGHT = 80, 24
TEA = "tea-and-trade"
runner = CliRunner()


def printed(renderable: object, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, height=HEIGHT, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def mask(*edges: str) -> int:
    return sum(1 << parse_edge(e) for e in edges)


def board_position() -> State:
    """A solo expansion game with 4 ditches (cells 3,0 and 3,1 dehydrated and empty),
    a loaded Small Fishing Cutter and a Large Trading Ship carrying Winter Wear."""
    s = arle.new_game(players=1, seed=3, expansion=TEA)
    s = position.edit(s, 0, ditches=mask("v(3,0)", "h(3,0)", "h(3,1)", "v(4,0)"),
                      harbor=[["fishing_cutter_small", "timber", ""],
                              ["trading_ship_large", "winter_wear", "+", "+"]])
    return position.commit(s)


def panel_lines(s: State) -> list[str]:
    """The panel's lines without its frame (and the margins)."""
    out = []
    for line in printed(render.player_panel(s, 0)).splitlines():
        if line.startswith("│") and line.endswith("│"):
            line = line[1:-1]
        out.append(line.strip())
    return out


# ---------------------------------------------------------------------------
# 1. The board
# ---------------------------------------------------------------------------
def test_the_home_board_numbers_rows_and_columns_and_draws_ditches_and_dikes() -> None:
    lines = panel_lines(board_position())
    text = "\n".join(lines)
    assert "column 0       column 1       column 2" in text
    # Dikes in their columns on the gaps (G1 holds two, G0 three: the dike line).
    g1 = next(x for x in lines if x.startswith("G1"))
    assert g1.count("▬") == 28 and "· ·" in g1
    assert next(x for x in lines if x.startswith("G0")).endswith("◄ dike line")
    assert "sea edge (0/3 covered)" in text
    # v(3,0) between cells 3,0 and 3,1; v(4,0) between 4,0 and 4,1; both dehydrated
    # cells of row 3 are empty; h(3,0) and h(3,1) below them.
    assert "3 │· dehydrated  ≈· dehydrated  │grain field   │" in text
    assert "4 │stall         ≈boardwalk 4pt │flax field    │" in text
    below3 = lines[lines.index(next(x for x in lines if x.startswith("3 │"))) + 1]
    assert below3 == "≈" * 14 + " " + "≈" * 14 + " " + "─" * 14
    assert "Ditches (4): v(3,0) v(4,0) h(3,0) h(3,1)" in text
    assert "v(r,k) right of cell r,k, h(r,c) below cell r,c" in text
    assert "Dike moves 0/7 · Ditches 4 ·" in text


def test_the_panel_shows_the_harbor_tea_and_the_digging_spades() -> None:
    text = "\n".join(panel_lines(board_position()))
    assert "Cutter space 1:  h0 Small Fishing Cutter (2 VP)  Timber | □" in text
    assert "Cutter space 2:  free" in text
    assert "Trading space 1: h1 Large Trading Ship (4 VP)  Winter wear | ◄ | ◄" in text
    assert "Trading space 2: free" in text
    assert "Tea:      Tea 3 · East Frisian Tea 0" in text
    assert "Workbenches 2 · Digging spades 3" in text


def test_the_full_screen_shows_the_new_spaces_ships_left_buildings_and_pad_rows() -> None:
    s = board_position()
    out = printed(render.screen(s)[0], width=180)
    assert "Ditcher  free" in out and "Sailmaker  free" in out
    assert "Ships left in the supply: fishing cutters 4 · trading ships 3" in out
    assert "Tea Factory 6" in out              # an expansion building still to build
    for row in ("Tea", "Fishing Cutters and Trading Ships", "Digging Spade tools"):
        assert re.search(rf"│ {row} +│", out), row
    # The pad's rows add up to the total again.
    sheet = s.scores()[0]
    assert sum(sheet.categories.values()) == sheet.total
    # Winter: the Boat Builder and the Grandmother.
    w = arle.new_game(players=2, seed=3, expansion=TEA)
    board = printed(render.action_board(w), width=120)
    assert "Special Action still open" in board
    assert "Boat Builder  free" in board and "Grandmother  free" in board
    assert board.index("Ditcher") < board.index("Special Action")


def test_the_base_game_draws_none_of_it() -> None:
    s = arle.new_game(players=1, seed=3)
    out = printed(render.screen(s, show_actions=True)[0], width=180)
    for word in ("column 0", "Harbor", "Ditches", "Ditcher", "Tea", "Digging", "Ships left"):
        assert word not in out, word
    assert render.mini_board(s, 0) == []
    assert "Tea & Trade" not in render.notation_basics()


# ---------------------------------------------------------------------------
# 2. Choosing actions
# ---------------------------------------------------------------------------
def test_tea_uses_are_listed_readably() -> None:
    s = arle.new_game(players=1, seed=3, expansion=TEA)
    labels = {str(a): render.action_label(a, s) for a in s.legal_actions()}
    assert labels["place fisherman tea"] == "place fisherman tea (Fish traps +1) · 1 Tea"
    assert labels["place ditcher tea"] == "place ditcher tea (Digging spades +1) · 1 Tea"
    label = render.action_label
    assert label(Action.from_text("place clay_worker eftea")) == (
        "place clay_worker eftea (Shovels +2) · 1 East Frisian Tea")
    assert label(Action.from_text("place baker eftea")) == (
        "place baker eftea (Ovens +1) · 1 East Frisian Tea")
    assert label(Action.from_text("place forester twice")) == (
        "place forester twice (the action twice) · 2 East Frisian Tea + 1 Food each time")
    out = printed(render.compact_screen(s)[0], width=WIDTH)
    assert "tea: tool +1 for 1 Tea · eftea: tool +2 (Ovens +1) for 1 East Frisian" in out
    assert "2. fisherman tea" in out
    listing = printed(render.numbered_actions(s)[0])
    assert "2. place fisherman tea (Fish traps +1) · 1 Tea" in listing


def test_dig_choices_name_the_cells_on_each_side_and_the_compact_map() -> None:
    s = board_position()
    s.apply("place ditcher")
    assert s.pending().kind == "dig"
    labels = {str(a): render.action_label(a, s) for a in s.legal_actions()}
    assert labels["dig v(4,1)"] == (
        "dig v(4,1) (right of 4,1 boardwalk 4pt, left of 4,2 flax field)")
    assert labels["dig h(3,2)"] == "dig h(3,2) (below 3,2 grain field, above 4,2 flax field)"
    body, order = render.compact_screen(s)
    out = printed(body, width=WIDTH)
    lines = out.rstrip("\n").split("\n")
    assert len(lines) <= HEIGHT - 1 and all(len(x) <= WIDTH for x in lines), out
    assert "1. dig v(4,1) between 4,1 and 4,2" in out
    assert "3. dig h(3,2) between 3,2 and 4,2" in out
    # The map beside the options: columns, the dike line, ditches and dry land.
    assert re.search(r"c0 +c1 +c2", out)
    assert " 3 │ dry ≈ dry │grain│" in out and " 4 │stall≈ bw4 │ flax│" in out
    assert "≈≈≈≈≈ ≈≈≈≈≈ ─────" in out
    assert order == s.legal_actions()
    assert "dig v(r,k)" in render.decision_help(s)
    assert "Tea & Trade: 'place SPACE tea|eftea|twice'" in render.notation_basics(True)


def test_cell_and_dike_choices_are_described_from_the_position() -> None:
    """The ``cell R,C`` and ``dike C1 C2`` verbs (labels work for any position)."""
    s = board_position()
    label = render.action_label
    assert label(Action.from_text("cell 4,2"), s) == "cell 4,2 (flax field)"
    assert label(Action.from_text("cell 3,0"), s) == "cell 3,0 (empty, dehydrated)"
    assert label(Action.from_text("cell 3,2"), s) == "cell 3,2 (grain field)"
    assert label(Action.from_text("dike 0 2"), s) == "dike 0 2 (G0 column 0 up to G1 column 2)"
    assert label(Action.from_text("cell 4,2")) == "cell 4,2"     # no position: the text
    out = printed(render.mini_board(s, 0)[0])
    assert "c0" in out


def test_ship_trade_and_load_labels_say_what_and_for_how_much() -> None:
    label = render.action_label
    assert label(Action.from_text("ship fishing_cutter_small")) == (
        "ship fishing_cutter_small (Small Fishing Cutter, 2 VP) · 3 Wood")
    assert label(Action.from_text("ship trading_ship_large")) == (
        "ship trading_ship_large (Large Trading Ship, 4 VP) · 5 Wood + 2 Linen")
    assert label(Action.from_text("trade 0 india")) == "trade 0 india (ship h0 to India) · 3 Food"
    assert label(Action.from_text("trade 1 norway grain")) == (
        "trade 1 norway grain (ship h1 to Norway) · 3 Grain")
    assert label(Action.from_text("trade 0 england east_frisian_tea")) == (
        "trade 0 england east_frisian_tea (ship h0 to England) · 1 East Frisian Tea")
    assert label(Action.from_text("load h0 1 tea")) == "load h0 1 tea · 1 Tea"
    assert label(Action.from_text("tool digging_spades")) == "tool digging_spades · 1 Wood"
    assert label(Action.from_text("build tea_factory")) == (
        "build tea_factory (Tea Factory, 6 VP) · 5 Tea + 2 Brick")


@pytest.mark.parametrize("players,seed", [(1, 4), (2, 5)])
def test_every_compact_screen_of_an_expansion_game_fits_80_by_24(players: int,
                                                                 seed: int) -> None:
    s = arle.new_game(players=players, seed=seed, expansion=TEA)
    bot = get("random", seed=seed)
    moves = [(1, "Place a worker: place fisherman tea")] * 6
    kinds: set[str] = set()
    rng = random.Random(seed)
    while not s.is_terminal():
        if rng.random() < 0.3 or s.pending().kind in ("dig", "shipwright", "trades"):
            kinds.add(s.pending().kind)
            body, order = render.compact_screen(s, moves=moves)
            out = printed(body, width=WIDTH)
            lines = out.rstrip("\n").split("\n")
            assert len(lines) <= HEIGHT - 1, out
            assert all(len(line) <= WIDTH for line in lines), out
            assert order == [a for _, acts in render.group_actions(s) for a in acts]
            for a in s.legal_actions():
                render.action_label(a, s)
        s.apply(bot.choose(s))
    assert "place" in kinds


def test_names_of_the_new_spaces_and_buildings_are_typed_as_on_the_board() -> None:
    s = arle.new_game(players=1, seed=3, expansion=TEA)
    assert resolve_names(s, "place Ditcher") == "place ditcher"
    assert resolve_names(s, "place Dike Builder tea") == "place dike_builder tea"
    assert resolve_names(s, "place sail") == "place sailmaker"
    assert resolve_names(s, "build Tea Factory") == "build tea_factory"


# ---------------------------------------------------------------------------
# 3. Help texts
# ---------------------------------------------------------------------------
def test_every_expansion_element_has_a_text() -> None:
    for i in (*TT.TT_BUILDINGS, *TT.TT_SUMMER_SPACES_2P, *TT.TT_WINTER_SPACES_2P,
              *TT.SHIP_IDS, TT.DIGGING_SPADES, "tea", "east_frisian_tea", "ditches",
              "dehydrated_land", "harbor", "india", "england", "norway", "finland"):
        e = texts.explain(i)
        assert e["text"], i
    assert texts.explain("tea_factory")["cost"] == "5 Tea + 2 Brick"
    assert texts.explain("fishing_cutter_large")["vp"] == TT.SHIPS["fishing_cutter_large"].vp
    assert texts.lookup("Smithy*") == ["smithy_star"] and texts.lookup("smithy") == ["smithy"]
    assert "2 VP at 5, 3 VP at 6" in str(texts.explain("digging_spades")["text"])
    res = runner.invoke(app, ["explain", "grandmother"])
    assert res.exit_code == 0 and "Winter action space" in res.output
    assert "1 East Frisian Tea and 4 Food" in flat(res.output)
    res = runner.invoke(app, ["explain", "sluice yard inn*"])
    assert res.exit_code == 0 and "blue building" in res.output
    assert "Large Fishing Cutter" in res.output


# ---------------------------------------------------------------------------
# 4. Whole games
# ---------------------------------------------------------------------------
def drawn_ditches(out: str) -> list[int]:
    """The ditch counts of the boards drawn in an output, each checked against the
    edges listed with it."""
    counts = []
    for n, names in re.findall(r"Ditches \((\d+)\): ([^│\n]*)", out):
        edges = re.findall(r"[vh]\(\d,\d\)", names)
        assert len(edges) == int(n) or (int(n) > 8 and len(edges) >= 8), (n, names)
        counts.append(int(n))
    return counts


def test_a_solo_expansion_game_by_the_greedy_bot_shows_the_harbor_and_ditches() -> None:
    res = runner.invoke(app, ["play", "--expansion", TEA, "--seats", "bot:greedy",
                              "--seed", "2"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Final scoring pad" in out and "Fishing Cutters and Trading Ships" in out
    for space in ("Cutter space 1:", "Cutter space 2:", "Trading space 1:",
                  "Trading space 2:"):
        assert space in out
    # the final board (the dike line's marker depends on the dikes the bot moved: the
    # drawing of a given position is tested above)
    assert "column 0" in out and len(drawn_ditches(out)) == 1
    assert "Tea:      Tea" in out and "Digging spades" in out


def test_solo_expansion_games_by_the_random_bot_show_their_ditches() -> None:
    dug = []
    for seed in (1, 4, 6):
        res = runner.invoke(app, ["play", "--expansion", TEA, "--seats", "bot:random",
                                  "--seed", str(seed)])
        assert res.exit_code == 0, res.output
        dug += drawn_ditches(res.output)
        assert "Trading space 2:" in res.output
    assert max(dug) > 0                 # some ditches were dug, and drawn as listed


def test_a_two_player_expansion_game_of_two_bots() -> None:
    res = runner.invoke(app, ["play", "--expansion", TEA, "--seats",
                              "bot:greedy,bot:random", "--seed", "2"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Winner:" in out or "Tie:" in out
    assert out.count("Cutter space 1:") == 2 and len(drawn_ditches(out)) == 2
    assert "Player 2 (random bot): place" in out and "Player 1 (greedy bot): place" in out


def test_a_scripted_expansion_game_digs_asks_for_help_and_leaves(tmp_path: Path) -> None:
    script = "\n".join(["place Ditcher", "help", "1", "farm", "done", "help ditcher",
                        "quit!"]) + "\n"
    res = run_piped("--expansion", TEA, "--seed", "3", "--view", "compact",
                    input_text=script, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "1. fisherman" in out and "tea: tool +1 for 1 Tea" in out
    assert "Player 1: place ditcher" in out
    assert "dig v(r,k)' between cells r,k and r,k+1" in flat(out)
    assert "Ditches (1): v(3," in out                 # the farm view after one ditch
    assert "Ditcher (Summer action space, id ditcher)" in flat(out)


def test_what_changed_names_the_tea() -> None:
    s = arle.new_game(players=1, seed=3, expansion=TEA)
    before = render.key_figures(s, 0)
    s.apply("place fisherman tea")
    changed = render.changes(before, render.key_figures(s, 0))
    assert "Tea 3→2" in changed


def test_the_breakdown_lists_the_tea_ships_and_digging_spades_and_adds_up() -> None:
    s = board_position()
    parts = render.score_breakdown(s, 0)
    assert parts["tea"] == [("3 Tea × 0.5", 1.5)]
    assert parts["ships"] == [("Small Fishing Cutter", 2.0), ("Large Trading Ship", 4.0)]
    assert parts["digging_spades"] == [("Digging Spades at 3", 0.0)]
    for players, seed in ((1, 6), (2, 2)):
        g = arle.new_game(players=players, seed=seed, expansion=TEA)
        bot = get("random", seed=seed)
        while not g.is_terminal():
            g.apply(bot.choose(g))
        for p in range(players):
            sheet = g.scores()[p]
            items = render.score_breakdown(g, p)
            for key, vp in sheet.categories.items():
                assert sum(v for _, v in items[key]) == pytest.approx(vp), key


def _first_decision(kind: str, seeds: range) -> State | None:
    for seed in seeds:
        s = arle.new_game(players=seed % 2 + 1, seed=seed, expansion=TEA)
        bot = get("random", seed=seed)
        while not s.is_terminal():
            if s.pending().kind == kind:
                return s
            s.apply(bot.choose(s))
    return None


def test_real_cell_and_dike_decisions_are_labelled_and_mapped() -> None:
    """Once the engine asks ``cell R,C`` and ``dike C1 C2`` (the lead's notation), their
    options name what lies there and the compact screen maps the land beside them."""
    for kind, verb in (("cell", "cell"), ("dikes", "dike")):
        s = _first_decision(kind, range(4))
        if s is None:
            pytest.skip(f"the engine does not ask '{verb}' yet")
        acts = [a for a in s.legal_actions() if a.verb == verb]
        assert len(acts) > 1
        for a in acts:
            assert render.action_label(a, s).startswith(f"{a} ("), a
        at = s.pending().details.get("at")
        if kind == "cell" and isinstance(at, int) and not s.pending().details.get("gone"):
            here = f"cell {at // 3},{at % 3}"
            assert any(render.action_label(a, s).startswith(f"{here} (empty")
                       for a in acts if str(a) == here)
        out = printed(render.compact_screen(s)[0], width=WIDTH)
        lines = out.rstrip("\n").split("\n")
        assert len(lines) <= HEIGHT - 1 and all(len(x) <= WIDTH for x in lines), out
        assert re.search(r"c0 +c1 +c2", out) and "1. " + verb in out


def test_ship_and_trade_choices_come_with_the_harbor() -> None:
    s = board_position()
    assert render.action_label(Action.from_text("trade 1 india"), s) == (
        "trade 1 india (h1 Large Trading Ship to India) · 3 Food")
    s.apply("place sailmaker")
    assert s.pending().kind == "shipwright"
    out = printed(render.compact_screen(s)[0], width=WIDTH)
    lines = out.rstrip("\n").split("\n")
    assert len(lines) <= HEIGHT - 1 and all(len(x) <= WIDTH for x in lines), out
    assert "Your harbor:" in out and "Cutter space 1:  h0 Small Fishing Cutter" in out
    assert "ship fishing_cutter_small (Small Fishing Cutter, 2 VP) · 3 Wood" in out
