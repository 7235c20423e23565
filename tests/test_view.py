"""The public read view (arle.view) and ``State.farm``: the farm sheet scored by
``arle score``'s own code equals ``state.scores()`` at every point of random games."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arle
from arle import view
from arle.cli.main import app
from arle.scoring import farm_from_dict, score_farm
from arle.data import catalog as C



def _check(s: arle.State) -> None:
    sheets = s.scores()
    for p in range(s.n):
        sheet = s.farm(p)
        # the functions ``arle score`` calls, on the sheet sent through JSON text
        got = score_farm(farm_from_dict(json.loads(json.dumps(sheet))))
        assert got.categories == sheets[p].categories
        assert got.total == sheets[p].total


def _play(seed: int, players: int, promos: bool, every: int,
          expansion: str | None = None) -> int:
    rng = random.Random(seed)
    s = arle.new_game(players=players, seed=seed, buildings="random", promos=promos,
                      expansion=expansion)
    checked = 0
    step = 0
    while True:
        if step % every == 0 or s.is_terminal():
            _check(s)
            checked += 1
        if s.is_terminal():
            return checked
        s.apply(rng.choice(s.legal_actions()))
        step += 1


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("promos", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_farm_sheet_scores_like_the_state(seed: int, players: int, promos: bool) -> None:
    assert _play(seed, players, promos, every=3) > 10


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2]), promos=st.booleans(),
       every=st.integers(1, 40))
def test_farm_sheet_property(seed: int, players: int, promos: bool, every: int) -> None:
    _play(seed, players, promos, every)


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("seed", range(3))
def test_expansion_farm_sheet_scores_like_the_state(seed: int, players: int) -> None:
    assert _play(seed, players, seed == 1, every=3, expansion="tea-and-trade") > 10


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2]), promos=st.booleans(),
       every=st.integers(1, 40))
def test_expansion_farm_sheet_property(seed: int, players: int, promos: bool,
                                       every: int) -> None:
    _play(seed, players, promos, every, expansion="tea-and-trade")


def test_expansion_sheet_keys() -> None:
    s = arle.new_game(players=1, seed=4, expansion="tea-and-trade")
    sheet = s.farm(0)
    assert sheet["supply"]["tea"] == 3 and sheet["supply"]["east_frisian_tea"] == 0
    assert sheet["tools"]["digging_spades"] == 3
    assert sheet["harbor"] == [] and sheet["home_board"]["ditches"] == 0
    cats = s.scores()[0].categories
    assert cats["tea"] == 1.5 and cats["ships"] == 0 and cats["digging_spades"] == 0
    base = arle.new_game(players=1, seed=4).farm(0)
    assert "harbor" not in base and "tea" not in base["supply"]


def test_farm_sheet_through_the_score_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = arle.new_game(players=2, seed=9)
    rng = random.Random(9)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    for p in range(2):
        path = tmp_path / f"farm{p}.json"
        path.write_text(json.dumps(s.farm(p)))
        out = CliRunner().invoke(app, ["score", "--json", str(path)])
        assert out.exit_code == 0, out.output
        sheet = json.loads(out.stdout)
        assert sheet["total"] == s.scores()[p].total
        assert sheet["categories"] == s.scores()[p].categories


def test_farm_rejects_unknown_player_and_changes_nothing() -> None:
    s = arle.new_game(players=1, seed=2)
    before = s.to_json()
    for bad in (1, -1, "0", None):
        with pytest.raises(ValueError):
            s.farm(bad)  # type: ignore[arg-type]
    assert s.to_json() == before


def test_view_reads_without_changing_the_state() -> None:
    rng = random.Random(5)
    s = arle.new_game(players=2, seed=5, buildings="random", promos=True)
    seen_loads: set[str] = set()
    seen_tiles: set[str | None] = set()
    while not s.is_terminal():
        before = s.to_json()
        for p in range(s.n):
            cells = view.cells(s, p)
            assert len(cells) == C.ROWS * C.COLS
            assert [c.at for c in cells] == list(range(C.ROWS * C.COLS))
            for c in cells:
                assert c == view.cell(s, p, c.at)
                seen_tiles.add(c.tile)
                assert (c.building is not None) == (c.tile == "building")
                if c.building:
                    assert c.building in view.buildings(s, p)
                assert (c.peat is not None) == (c.tile in ("dmoor", "boardwalk"))
            for item in view.barn(s, p):
                assert item.kind in C.EQUIPMENT
                assert len(item.loads) == len(C.VEHICLE_CELLS.get(item.kind, ()))
                for ld in item.loads:
                    seen_loads.add(ld.kind)
                    assert (ld.item is None) == (ld.kind in ("empty", "covered"))
            assert set(view.travel(s, p)) <= set(view.destinations_used(s, p))
            assert set(view.goods(s, p)) | set(view.supply(s, p)) == set(view.resources(s, p))
            assert sum(view.animals(s, p).values()) >= 0
            assert all(v in C.TOOL_VALUES[C.TOOLS.index(t)] for t, v in view.tools(s, p).items())
        assert s.to_json() == before
        s.apply(rng.choice(s.legal_actions()))
    assert {"empty", "good"} <= seen_loads
    assert {None, "moor", "stall"} <= seen_tiles


def test_anytime_verbs_are_the_engines_registry() -> None:
    from arle.engine import core
    verbs = frozenset(core.ANYTIME) | frozenset(core.ANYTIME_ORDER)
    assert frozenset(core.ANYTIME) == frozenset(core.ANYTIME_ORDER)
    assert arle.ANYTIME_VERBS == verbs == view.anytime_verbs() == core.anytime_verbs()
    from arle.bots import common
    from arle.cli import render
    from arle.web import views
    assert common.ANYTIME_VERBS == verbs and render.ANYTIME_VERBS == verbs
    assert views.ANYTIME_VERBS == verbs
