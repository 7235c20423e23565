"""Golden playthroughs: seeded random games whose action texts and final scores are
pinned in ``tests/green/golden/``.  A rules change that alters them fails here; after
checking the change is meant, regenerate on purpose with ``ARLE_REGEN_GOLDEN=1``."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import arle.green as G

HERE = Path(__file__).parent / "golden"
GAMES = [(1, 11), (2, 5), (3, 7), (4, 3)]


def _play(n: int, seed: int) -> G.State:
    s = G.new_game(players=n, seed=seed)
    r = random.Random(seed)
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
    return s


def _summary(s: G.State) -> dict[str, object]:
    return {"players": s.n, "seed": s.seed, "cards": s.cs.id,
            "actions": s.history,
            "scores": [{"categories": sc.categories, "total": sc.total}
                       for sc in s.scores()],
            "winners": s.winners()}


@pytest.mark.parametrize("n,seed", GAMES)
def test_golden_playthrough(n: int, seed: int) -> None:
    path = HERE / f"green-{n}p-seed{seed}.json"
    s = _play(n, seed)
    if os.environ.get("ARLE_REGEN_GOLDEN") == "1":
        path.write_text(json.dumps(_summary(s), indent=1) + "\n")
    want = json.loads(path.read_text())
    assert _summary(s) == want
    t = G.new_game(players=n, seed=seed)
    for a in want["actions"]:
        t.apply(a)
    assert t == s and [sc.total for sc in t.scores()] == [x["total"] for x in want["scores"]]
