"""States and records written before the second game's state was split into typed frames
and rule modules load and play as they did: ``saved/green-e2ad56c.json`` holds states
(one for each kind of pending decision, every seat count, both action-choice options)
and records written by the tree at e2ad56c, with what that tree answered about each.
Old JSON in, the same JSON out, the same decision, legal actions and next state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import arle.green as G

SAVED: dict[str, Any] = json.loads(
    (Path(__file__).parent / "saved" / "green-e2ad56c.json").read_text())


def test_the_saved_states_cover_every_decision_kind() -> None:
    tops = {json.loads(v["state"])["stack"][-1]["t"] for v in SAVED["states"].values()}
    assert tops == {"declare", "pick", "take", "act", "plan", "store", "paywater", "keep",
                    "tile", "attach", "harvest"}


@pytest.mark.parametrize("name", sorted(SAVED["states"]))
def test_a_saved_state_loads_and_plays_as_before(name: str) -> None:
    saved = SAVED["states"][name]
    s = G.State.from_json(saved["state"])
    assert s.to_json() == saved["state"]
    d = s.pending()
    assert json.loads(json.dumps([d.player, d.kind, d.title, d.details])) == saved["pending"]
    assert [str(a) for a in s.legal_actions()] == saved["legal"]
    s.apply(saved["after"]["action"])
    assert s.to_json() == saved["after"]["state"]
    assert G.State.from_json(s.to_json()) == s


def _placed(record: dict[str, Any]) -> dict[str, Any]:
    """A record without the card file's path, which names where the tree that wrote it
    was checked out (the set is known by its id and hash)."""
    cards = {k: v for k, v in record["setup"]["cards"].items() if k != "path"}
    return {**record, "setup": {**record["setup"], "cards": cards}}


@pytest.mark.parametrize("name", sorted(SAVED["records"]))
def test_a_saved_record_replays_as_before(name: str) -> None:
    saved = SAVED["records"][name]
    s = G.replay(json.dumps(saved["record"]))
    assert s.to_json() == saved["final"]
    assert _placed(s.record()) == _placed(saved["record"])
    assert G.State.from_json(saved["final"]) == s
