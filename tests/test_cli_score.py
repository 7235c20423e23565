"""Tests of ``arle score FARM.json`` through the real typer app."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from util import EXAMPLE_FARM

from arle.cli.main import app
from arle.scoring import CATEGORIES

runner = CliRunner()

SRC = Path(__file__).resolve().parents[1] / "src"

EXAMPLE = EXAMPLE_FARM   # the example of docs/SCORING_PAD.md (worked out in util.py)
EXAMPLE_CATEGORIES = {
    "clothing_and_materials": 11, "equipment": 9, "travel": 3, "tools": 3,
    "goods_track": 6, "home_board": 14, "animals": 13, "bottlenecks": -2,
}


def write(tmp_path: Path, data: object, name: str = "farm.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def run_json(tmp_path: Path, data: object) -> dict[str, Any]:
    result = runner.invoke(app, ["score", "--json", write(tmp_path, data)])
    assert result.exit_code == 0, result.output
    parsed: dict[str, Any] = json.loads(result.stdout)
    return parsed


# ---------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------
def test_example_table(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", write(tmp_path, EXAMPLE)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for name in ("Clothing tiles and building materials", "Equipment in the barn",
                 "Travel experience", "Tools", "Goods track", "VP on home board",
                 "Animals on home board", "Supply bottlenecks", "Total"):
        assert name in out
    total_line = next(line for line in out.splitlines() if "Total" in line)
    assert "57" in total_line
    assert result.stderr == ""


def test_example_json(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", write(tmp_path, EXAMPLE), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data) == ["categories", "total"]
    assert list(data["categories"]) == list(CATEGORIES)
    assert data["categories"] == EXAMPLE_CATEGORIES
    assert data["total"] == 57
    # Whole numbers are JSON integers.
    assert '"total": 57}' in result.stdout
    assert all(isinstance(v, int) for v in data["categories"].values())


def test_empty_farm(tmp_path: Path) -> None:
    # {}: every tool at its starting value (0 VP), nothing in the supply or the barn, no
    # animals, boardwalk false, no moors.  Only two penalties remain: the barn without a
    # large vehicle (-3) and the top row with no dike moved, 3 uncovered marks (-3).
    data = run_json(tmp_path, {})
    assert data == {"categories": {
        "clothing_and_materials": 0, "equipment": -3, "travel": 0, "tools": 0,
        "goods_track": 0, "home_board": -3, "animals": 0, "bottlenecks": 0}, "total": -6}


def test_halves(tmp_path: Path) -> None:
    farm = {"supply": {"timber": 1, "winter_wear": 1}, "barn": ["cart"],
            "home_board": {"dikes_moved": 7}}
    data = run_json(tmp_path, farm)
    assert data["categories"]["clothing_and_materials"] == 3
    assert data["total"] == 4
    farm["supply"] = {"timber": 3}
    result = runner.invoke(app, ["score", "--json", write(tmp_path, farm)])
    assert '"clothing_and_materials": 1.5' in result.stdout
    assert '"total": 2.5}' in result.stdout
    table = runner.invoke(app, ["score", write(tmp_path, farm)])
    total_line = next(line for line in table.stdout.splitlines() if "Total" in line)
    assert "2.5" in total_line


def test_depot_and_boardwalk(tmp_path: Path) -> None:
    data = run_json(tmp_path, {"goods": {"grain": 15}, "home_board": {
        "depots": 2, "boardwalk": True, "dikes_moved": 5}})
    assert data["categories"]["goods_track"] == 6          # 3, doubled once
    assert data["categories"]["home_board"] == 4 - 3 - 2    # depots, boardwalk, top row


def test_stdin(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", "--json", "-"], input=json.dumps(EXAMPLE))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == 57


def test_limits_accepted(tmp_path: Path) -> None:
    farm = {"goods": {"food": 30, "wool": 15},
            "barn": ["cart", "droshky", "coach_and_four", "plow", "plow", "wagon", "handcart"],
            "home_board": {"stalls": 4, "depots": 3, "stables": 1, "double_stalls": 2,
                           "forests": 2, "parks": 3, "moors": 1, "dehydrated_moors": 2,
                           "dikes_moved": 7},
            "supply_bottlenecks": -3}
    run_json(tmp_path, farm)
    farm["barn"] = ["cart", "carriage", "plow", "plow", "peat_boat", "wagon", "handcart"]
    run_json(tmp_path, farm)


def test_subprocess(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC) + os.pathsep + env.get("PYTHONPATH", "")
    path = write(tmp_path, EXAMPLE)
    ok = subprocess.run([sys.executable, "-m", "arle.cli.main", "score", "--json", path],
                        capture_output=True, text=True, env=env, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout) == {"categories": EXAMPLE_CATEGORIES, "total": 57}
    bad = subprocess.run([sys.executable, "-m", "arle.cli.main", "score", "-"],
                         input='{"tools": {"spades": 4}}', capture_output=True, text=True,
                         env=env, timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert "tools.spades: 4 is not a value of the Spades track (3, 5, 7)" in bad.stderr


# ---------------------------------------------------------------------------
# Refusals: exit code 2, one message on stderr naming the key, nothing on stdout
# ---------------------------------------------------------------------------
REFUSALS: list[tuple[str, object, str]] = [
    ("float count", {"goods": {"grain": 1.5}}, "goods.grain"),
    ("whole float", {"supply": {"brick": 2.0}}, "supply.brick"),
    ("bool count", {"animals": {"sheep": True}}, "animals.sheep"),
    ("string count", {"supply": {"wood": "3"}}, "supply.wood"),
    ("null count", {"home_board": {"stalls": None}}, "home_board.stalls"),
    ("negative supply", {"supply": {"timber": -1}}, "supply.timber"),
    ("negative animal", {"animals": {"horses": -2}}, "animals.horses"),
    ("negative tile", {"home_board": {"forests": -1}}, "home_board.forests"),
    ("food over 30", {"goods": {"food": 31}}, "goods.food"),
    ("good over 15", {"goods": {"hide": 16}}, "goods.hide"),
    ("negative good", {"goods": {"flax": -1}}, "goods.flax"),
    ("tool off track", {"tools": {"spades": 4}}, "tools.spades"),
    ("tool below track", {"tools": {"fish_traps": 1}}, "tools.fish_traps"),
    ("tool bool", {"tools": {"ovens": True}}, "tools.ovens"),
    ("destination twice", {"travel": ["hage", "emden", "hage"]}, "travel[2]"),
    ("building twice", {"home_board": {"buildings": ["mill", "mill"]}},
     "home_board.buildings[1]"),
    ("unknown destination", {"travel": ["paris"]}, "travel[0]"),
    ("unknown building", {"home_board": {"buildings": ["castle"]}}, "home_board.buildings[0]"),
    ("unknown equipment", {"barn": ["tractor"]}, "barn[0]"),
    ("non-string id", {"barn": [3]}, "barn[0]"),
    ("unknown top key", {"score": 3}, "score"),
    ("unknown good", {"goods": {"gold": 1}}, "goods.gold"),
    ("unknown supply", {"supply": {"iron": 1}}, "supply.iron"),
    ("unknown animal", {"animals": {"horse": 1}}, "animals.horse"),
    ("unknown tool", {"tools": {"hammers": 3}}, "tools.hammers"),
    ("unknown home key", {"home_board": {"fields": 2}}, "home_board.fields"),
    ("positive bottlenecks", {"supply_bottlenecks": 2}, "supply_bottlenecks"),
    ("float bottlenecks", {"supply_bottlenecks": -2.5}, "supply_bottlenecks"),
    ("dikes over 7", {"home_board": {"dikes_moved": 8}}, "home_board.dikes_moved"),
    ("dikes negative", {"home_board": {"dikes_moved": -1}}, "home_board.dikes_moved"),
    ("too many moors", {"home_board": {"moors": 2, "dehydrated_moors": 2}}, "home_board.moors"),
    ("too many stables", {"home_board": {"stables": 2, "double_stalls": 2}},
     "home_board.stables"),
    ("too many forests", {"home_board": {"forests": 3, "parks": 3}}, "home_board.forests"),
    ("too many stalls", {"home_board": {"stalls": 5, "depots": 3}}, "home_board.stalls"),
    ("four large vehicles", {"barn": ["cart", "cart", "carriage", "droshky"]}, "barn"),
    ("six small, no large", {"barn": ["plow"] * 4 + ["wagon", "handcart"]}, "barn"),
    ("five small, three large",
     {"barn": ["cart", "carriage", "coach_and_four"] + ["plow"] * 4 + ["wagon"]}, "barn"),
    ("two coaches", {"barn": ["coach_and_four", "coach_and_four_upgraded"]}, "barn"),
    ("three handcarts", {"barn": ["handcart", "wagon", "handcart"]}, "barn"),
    ("boardwalk not bool", {"home_board": {"boardwalk": 1}}, "home_board.boardwalk"),
    ("boardwalk string", {"home_board": {"boardwalk": "yes"}}, "home_board.boardwalk"),
    ("root not object", [1, 2], "<root>"),
    ("goods not object", {"goods": [12]}, "goods"),
    ("barn not list", {"barn": "plow"}, "barn"),
    ("home board not object", {"home_board": 3}, "home_board"),
]


@pytest.mark.parametrize(("case", "data", "key"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusals(tmp_path: Path, case: str, data: object, key: str) -> None:
    path = write(tmp_path, data)
    for args in (["score", path], ["score", "--json", path]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (case, result.output)
        assert result.stdout == ""
        assert f"{key}:" in result.stderr
        assert path in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_refuse_tool_message(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", write(tmp_path, {"tools": {"spades": 4}})])
    assert "tools.spades: 4 is not a value of the Spades track (3, 5, 7)" in result.stderr


def test_refuse_missing_file(tmp_path: Path) -> None:
    path = str(tmp_path / "nowhere.json")
    result = runner.invoke(app, ["score", path])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert path in result.stderr and "no such file" in result.stderr


def test_refuse_directory(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", str(tmp_path)])
    assert result.exit_code == 2
    assert str(tmp_path) in result.stderr


@pytest.mark.parametrize("text", ['{"goods": {', "", "not json", '{"goods": {"food": 3,}}',
                                  "\x00"])
def test_refuse_malformed_json(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text, "broken.json")
    result = runner.invoke(app, ["score", path])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "broken.json" in result.stderr and "not valid JSON" in result.stderr


def test_refuse_malformed_stdin() -> None:
    result = runner.invoke(app, ["score", "-"], input="{")
    assert result.exit_code == 2
    assert "<stdin>" in result.stderr


def test_refuse_duplicate_key(tmp_path: Path) -> None:
    path = write(tmp_path, '{"goods": {"food": 3}, "goods": {"food": 4}}')
    result = runner.invoke(app, ["score", path])
    assert result.exit_code == 2
    assert "goods:" in result.stderr and "twice" in result.stderr


def test_odd_bottlenecks_accepted(tmp_path: Path) -> None:
    # Only positive values are refused; an odd loss is unusual but scored as given.
    assert run_json(tmp_path, {"supply_bottlenecks": -3})["categories"]["bottlenecks"] == -3


def test_absurdly_long_numbers_are_refused_without_a_traceback(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from arle.cli.main import app
    f = tmp_path / "farm.json"
    f.write_text('{"goods": {"food": ' + "9" * 5000 + "}}")
    r = CliRunner().invoke(app, ["score", str(f)])
    assert r.exit_code == 2 and "is not a number arle reads" in r.output
    assert "Traceback" not in r.output
    rec = tmp_path / "rec.json"
    rec.write_text('{"format": "arle-record-1", "setup": {"seed": ' + "9" * 5000 + "}}")
    r = CliRunner().invoke(app, ["dataset", str(rec), "--out", str(tmp_path / "d.npz")])
    assert r.exit_code == 2 and "is not a number arle reads" in r.output
    assert not (tmp_path / "d.npz").exists()
