"""``arle score --ask``: the scoring pad filled in by answering questions.

The answers for the pad's example farm (docs/SCORING_PAD.md) give its 57 VP; refused
answers are asked again with the reason; ``--save`` writes a FARM.json that ``arle
score`` reads back; a FARM.json given with ``--ask`` supplies the defaults; and an
aborted session writes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner
from util import EXAMPLE_FARM

from arle.cli.main import app
from arle.scorepad import QUESTIONS

runner = CliRunner()


def example_answer(path: tuple[str, ...]) -> str:
    """The answer a person would type for ``path`` from the example farm."""
    node: Any = EXAMPLE_FARM
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    if node is None:
        return ""                                   # keep the default
    if isinstance(node, bool):
        return "yes" if node else "no"
    if isinstance(node, list):
        return ", ".join(x.replace("_", " ") for x in node)   # names as printed
    return str(node)


def answers_for_example(**wrong_first: str) -> str:
    """All answers, one per line; ``wrong_first["goods.grain"] = "x"`` types a refused
    answer before the right one."""
    lines = []
    for q in QUESTIONS:
        key = ".".join(q.path)
        if key in wrong_first:
            lines.append(wrong_first[key])
        lines.append(example_answer(q.path))
    return "\n".join(lines) + "\n"


def test_the_example_farm_scores_57() -> None:
    result = runner.invoke(app, ["score", "--ask", "--json"], input=answers_for_example())
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)
    assert sheet["total"] == 57
    assert sheet["categories"]["home_board"] == 14


def test_refused_answers_are_asked_again_with_the_reason(tmp_path: Path) -> None:
    wrong = {"goods.grain": "16", "goods.wool": "lots", "tools.spades": "4",
             "barn": "plow, rocket", "home_board.boardwalk": "maybe",
             "home_board.dikes_moved": "8", "supply_bottlenecks": "3"}
    result = runner.invoke(app, ["score", "--ask", "--json"], input=answers_for_example(**wrong))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == 57
    err = result.stderr
    assert "goods.grain" in err and "'lots' is not a whole number" in err
    assert "tools.spades: 4 is not a value of the Spades track" in err
    assert "unknown id 'rocket'" in err and "answer y or n" in err
    assert "home_board.dikes_moved" in err and "supply_bottlenecks" in err


def test_save_writes_a_farm_that_arle_score_reads(tmp_path: Path) -> None:
    out = tmp_path / "pad.json"
    result = runner.invoke(app, ["score", "--ask", "--save", str(out)],
                           input=answers_for_example())
    assert result.exit_code == 0, result.output
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["barn"] == ["plow", "peat_boat", "droshky"]
    again = runner.invoke(app, ["score", "--json", str(out)])
    assert json.loads(again.stdout)["total"] == 57


def test_a_farm_file_gives_the_defaults(tmp_path: Path) -> None:
    farm = tmp_path / "farm.json"
    farm.write_text(json.dumps(EXAMPLE_FARM), encoding="utf-8")
    keep_all = "\n" * len(QUESTIONS)
    result = runner.invoke(app, ["score", "--ask", "--json", str(farm)], input=keep_all)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == 57
    # correct one figure: no Stall after all (a Stall is worth 2 VP)
    lines = ["" for _ in QUESTIONS]
    lines[[".".join(q.path) for q in QUESTIONS].index("home_board.stalls")] = "0"
    result = runner.invoke(app, ["score", "--ask", "--json", str(farm)],
                           input="\n".join(lines) + "\n")
    assert json.loads(result.stdout)["total"] == 57 - 2


def test_an_aborted_session_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "pad.json"
    half = "".join(answers_for_example().splitlines(keepends=True)[:10])
    result = runner.invoke(app, ["score", "--ask", "--save", str(out)], input=half)
    assert result.exit_code != 0
    assert not out.exists()


def test_refusals(tmp_path: Path) -> None:
    for args, message in [
        (["score"], "use --ask"),
        (["score", "--save", str(tmp_path / "x.json"), "farm.json"], "--save goes with --ask"),
        (["score", "--ask", "-"], "not '-'"),
    ]:
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr
    missing_dir = tmp_path / "no" / "such" / "dir" / "pad.json"
    result = runner.invoke(app, ["score", "--ask", "--save", str(missing_dir)],
                           input=answers_for_example())
    assert result.exit_code == 2
    assert "cannot write" in result.stderr and not missing_dir.exists()
