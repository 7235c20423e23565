"""The scoring pad with the Tea & Trade expansion: ``arle score --ask --expansion
tea-and-trade`` asks the expansion's figures (its two teas, the Digging Spades track, the
ships in the harbor, the ditches, its buildings), scores them in the expansion's rows as
``arle score FARM.json`` does, and docs/SCORING_PAD.md documents every key it asks.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner
from util import EXAMPLE_FARM

from arle.cli.main import app
from arle.data import tea_trade as tt
from arle.scorepad import QUESTIONS, TT_QUESTIONS, questions
from arle.scoring import farm_from_dict, score_farm

runner = CliRunner()
DOC = Path(__file__).resolve().parents[1] / "docs" / "SCORING_PAD.md"

#: The pad's example farm, played with the expansion.
TT_FARM: dict[str, Any] = copy.deepcopy(EXAMPLE_FARM)
TT_FARM["supply"].update({"tea": 3, "east_frisian_tea": 2})
TT_FARM["tools"]["digging_spades"] = 5
TT_FARM["harbor"] = ["fishing_cutter_small", "trading_ship_large", "trading_ship_large"]
TT_FARM["home_board"]["ditches"] = 4
TT_FARM["home_board"]["buildings"] = ["village_church", "mill", "tea_office", "smithy_star"]


def typed(path: tuple[str, ...], farm: dict[str, Any]) -> str:
    """What a person types for ``path``: lists by their printed names."""
    node: Any = farm
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    if node is None:
        return ""
    if isinstance(node, bool):
        return "yes" if node else "no"
    if isinstance(node, list):
        names = {**tt.TT_BUILDING_NAME, **tt.SHIP_NAME}
        return ", ".join(names.get(x, x.replace("_", " ")) for x in node)
    return str(node)


def answers(farm: dict[str, Any], expansion: bool) -> str:
    return "".join(typed(q.path, farm) + "\n" for q in questions(expansion))


def test_ask_with_the_expansion_scores_its_rows() -> None:
    result = runner.invoke(app, ["score", "--ask", "--json", "--expansion", "tea-and-trade"],
                           input=answers(TT_FARM, True))
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)
    expected = score_farm(farm_from_dict(TT_FARM))
    assert sheet["total"] == expected.total
    assert sheet["categories"] == expected.categories
    tea_vp = 3 * tt.TEA_VP[tt.TT_RES_INDEX["tea"]] + 2 * tt.TEA_VP[tt.TT_RES_INDEX["east_frisian_tea"]]
    assert sheet["categories"]["tea"] == tea_vp
    ships = tt.SHIPS["fishing_cutter_small"].vp + 2 * tt.SHIPS["trading_ship_large"].vp
    assert sheet["categories"]["ships"] == ships
    assert sheet["categories"]["digging_spades"] == tt.DIGGING_SPADE_VP[5]
    # the base game's rows are the example's, with the Tea Office and Smithy* built
    base = score_farm(farm_from_dict(EXAMPLE_FARM)).categories
    assert sheet["categories"]["animals"] == base["animals"]
    for q in TT_QUESTIONS:
        assert q.prompt in result.stderr, q.prompt


def test_the_expansion_questions_only_with_the_flag() -> None:
    assert len(questions(True)) == len(QUESTIONS) + len(TT_QUESTIONS)
    result = runner.invoke(app, ["score", "--ask", "--json"],
                           input=answers(EXAMPLE_FARM, False))
    assert result.exit_code == 0, result.output
    assert "tea" not in json.loads(result.stdout)["categories"]
    assert not any(q.prompt in result.stderr for q in TT_QUESTIONS)


def test_saved_answers_keep_the_expansion(tmp_path: Path) -> None:
    out = tmp_path / "pad.json"
    result = runner.invoke(app, ["score", "--ask", "--expansion", "tea-and-trade",
                                 "--save", str(out)], input=answers(TT_FARM, True))
    assert result.exit_code == 0, result.output
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["harbor"] == TT_FARM["harbor"]
    again = runner.invoke(app, ["score", "--json", str(out)])
    assert json.loads(again.stdout) == json.loads(
        runner.invoke(app, ["score", "--json", "-"], input=json.dumps(TT_FARM)).stdout)


def test_a_base_farm_scored_as_tea_and_trade_shows_the_rows_at_zero(tmp_path: Path) -> None:
    farm = tmp_path / "farm.json"
    farm.write_text(json.dumps(EXAMPLE_FARM), encoding="utf-8")
    result = runner.invoke(app, ["score", "--json", "--expansion", "tea-and-trade", str(farm)])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)
    assert sheet["total"] == 57
    assert {k: sheet["categories"][k] for k in ("tea", "ships")} == {"tea": 0, "ships": 0}
    table = runner.invoke(app, ["score", "--expansion", "tea-and-trade", str(farm)])
    assert "Fishing Cutters and Trading Ships" in table.stdout


def test_a_refused_expansion_ship_is_asked_again() -> None:
    text = answers(TT_FARM, True).splitlines(keepends=True)
    at = [".".join(q.path) for q in questions(True)].index("harbor")
    text.insert(at, "rowing boat\n")
    text.insert(at, "small fishing cutter, large fishing cutter, small fishing cutter\n")
    result = runner.invoke(app, ["score", "--ask", "--json", "--expansion", "tea-and-trade"],
                           input="".join(text))
    assert result.exit_code == 0, result.output
    assert "unknown id 'rowing boat'" in result.stderr
    assert "exceed the harbor's 2 spaces" in result.stderr


def test_an_unknown_expansion_is_refused() -> None:
    result = runner.invoke(app, ["score", "--ask", "--expansion", "tea"], input="")
    assert result.exit_code == 2
    assert "unknown expansion 'tea'" in result.stderr and "tea-and-trade" in result.stderr
    assert result.stdout == ""


def test_the_doc_names_every_key_the_expansion_pad_asks() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for q in TT_QUESTIONS:
        assert f"`{'.'.join(q.path)}`" in doc, q.path
    for building in tt.TT_BUILDINGS:
        assert f"`{building}`" in doc, building
    for ship in tt.SHIP_IDS:
        assert f"`{ship}`" in doc, ship
    assert "arle score --ask --expansion tea-and-trade" in doc
    assert "/score?expansion=tea-and-trade" in doc
