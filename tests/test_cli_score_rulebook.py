"""Every scoring example and scoring rule of the rulebook's "End of the Game" section,
through the real `arle score --json` command (the engine uses the same code)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arle.cli.main import app

runner = CliRunner()


def categories(tmp_path: Path, farm: dict[str, Any]) -> dict[str, Any]:
    path = tmp_path / "farm.json"
    path.write_text(json.dumps(farm))
    result = runner.invoke(app, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["total"] == sum(out["categories"].values())
    return dict(out["categories"])


@pytest.mark.parametrize("animals,vp", [
    ({"sheep": 6, "horses": 5, "cattle": 4}, 13),   # 0 + 5 + 8
    ({"horses": 5, "cattle": 4, "sheep": 0}, 4),    # 0 + 4 + 0
    ({"horses": 3, "cattle": 3, "sheep": 3}, 9),    # 0 + 3 + 6
])
def test_animal_examples(tmp_path: Path, animals: dict[str, int], vp: int) -> None:
    assert categories(tmp_path, {"animals": animals})["animals"] == vp


def test_timber_is_half_a_point_and_not_rounded(tmp_path: Path) -> None:
    cats = categories(tmp_path, {"supply": {"timber": 3, "brick": 1, "linen": 1,
                                            "woolen": 1, "leather": 1}})
    assert cats["clothing_and_materials"] == 5.5


def test_clothing_values(tmp_path: Path) -> None:
    # Summer Wear 2, Winter and Leather Wear 2.5 each (RULINGS 5)
    cats = categories(tmp_path, {"supply": {"summer_wear": 1, "winter_wear": 1,
                                            "leather_wear": 1, "wood": 9, "clay": 9,
                                            "peat": 9}})
    assert cats["clothing_and_materials"] == 7


def test_equipment_minus_three_without_a_large_vehicle(tmp_path: Path) -> None:
    assert categories(tmp_path, {"barn": ["plow", "peat_boat", "wagon"]})["equipment"] == 2
    assert categories(tmp_path, {"barn": ["plow", "cart"]})["equipment"] == 4


def test_travel_first_empty_space_up_to_ten(tmp_path: Path) -> None:
    every = ["hage", "beemoor", "dornum", "norden", "aurich", "esens", "emden", "leer",
             "bremen"]
    assert categories(tmp_path, {"travel": every})["travel"] == 10
    assert categories(tmp_path, {"travel": []})["travel"] == 0


def test_ovens_alone_worth_up_to_seven(tmp_path: Path) -> None:
    assert categories(tmp_path, {"tools": {"ovens": 4}})["tools"] == 7


def test_goods_track_indicators_food_split_and_depot(tmp_path: Path) -> None:
    goods = {"food": 26, "grain": 15, "flax": 11, "hide": 7, "wool": 6}
    # food 26 = 15 + 11 -> 3 + 2; grain 15 -> 3; flax 11 -> 2; hide 7 -> 1; wool 6 -> 0
    assert categories(tmp_path, {"goods": goods})["goods_track"] == 11
    doubled = categories(tmp_path, {"goods": goods, "home_board": {"depots": 2}})
    assert doubled["goods_track"] == 22  # doubled once, however many depots


def test_home_board_tiles_moors_and_top_row(tmp_path: Path) -> None:
    board = {"buildings": ["mill"], "stalls": 1, "stables": 1, "forests": 1, "parks": 1,
             "moors": 1, "dehydrated_moors": 1, "boardwalk": False, "dikes_moved": 5}
    # 6 + 2 + 6 + 2 + 6 - 4 - 1 - (3 - 1 covered mark) = 15
    assert categories(tmp_path, {"home_board": board})["home_board"] == 15


def test_supply_bottlenecks_are_taken_as_they_are(tmp_path: Path) -> None:
    assert categories(tmp_path, {"supply_bottlenecks": -4})["bottlenecks"] == -4
