"""The notation: text round trips and docs/NOTATION.md documents every verb."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import arle
from arle.actions import Action

DOC = (Path(__file__).resolve().parent.parent / "docs" / "NOTATION.md").read_text()


def _seen_verbs() -> set[str]:
    verbs: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        s = arle.new_game(players=1 + seed % 2, seed=seed, buildings="random", promos=True)
        while not s.is_terminal():
            acts = s.legal_actions()
            verbs.update(a.verb for a in acts)
            active = [a for a in acts if a.verb not in ("done", "skip", "end", "release")]
            s.apply(rng.choice(active or acts))
    return verbs


def test_every_verb_is_documented() -> None:
    documented = set(re.findall(r"`([a-z_]+)(?:[ `])", DOC))
    missing = _seen_verbs() - documented
    assert not missing, f"verbs missing from docs/NOTATION.md: {sorted(missing)}"


def test_text_form() -> None:
    assert str(Action("place", ("fisherman",))) == "place fisherman"
    assert str(Action("skip")) == "skip"
    assert Action.from_text("  LOAD 0  1 wood ") == Action("load", ("0", "1", "wood"))


def test_parse_is_forgiving_about_spaces_and_case() -> None:
    s = arle.new_game(players=1, seed=0)
    assert arle.parse_action(s, " Place   CLAY_WORKER ") == Action("place", ("clay_worker",))


@pytest.mark.parametrize("text", ["", "   ", "place", "place builder builder", "jump"])
def test_parse_refuses_with_a_message(text: str) -> None:
    s = arle.new_game(players=1, seed=0)
    with pytest.raises(arle.IllegalActionError) as e:
        arle.parse_action(s, text)
    assert str(e.value)


def test_parse_refuses_non_strings() -> None:
    s = arle.new_game(players=1, seed=0)
    with pytest.raises(arle.IllegalActionError):
        arle.parse_action(s, 42)  # type: ignore[arg-type]
