"""Golden playthroughs: seeded random games whose action texts and final scores are
pinned in ``tests/green/golden/``, for every shipped card set (``green-Np-seedS.json``:
``arle-placeholder-v1``; ``green-v2-Np-seedS.json``: ``arle-placeholder-v2``;
``green-v3-Np-seedS.json``: ``arle-placeholder-v3``, the default).  A rules change that alters them fails here; after checking the change is
meant, regenerate on purpose with ``ARLE_REGEN_GOLDEN=1``.  The v1 files also pin that
v1 stays shipped unchanged: its games replay from their records alone."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import arle.green as G
from green_util import V1, V2, V3

HERE = Path(__file__).parent / "golden"
GAMES = [(1, 11), (2, 5), (3, 7), (4, 3)]
SETS = {"v1": (V1, "green-{n}p-seed{seed}.json"), "v2": (V2, "green-v2-{n}p-seed{seed}.json"),
        "v3": (V3, "green-v3-{n}p-seed{seed}.json")}
CASES = [(k, n, seed) for k in SETS for n, seed in GAMES]


def _play(n: int, seed: int, cards: str) -> G.State:
    s = G.new_game(players=n, seed=seed, cards=cards)
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


@pytest.mark.parametrize("which,n,seed", CASES)
def test_golden_playthrough(which: str, n: int, seed: int) -> None:
    cards, name = SETS[which]
    path = HERE / name.format(n=n, seed=seed)
    s = _play(n, seed, cards)
    if os.environ.get("ARLE_REGEN_GOLDEN") == "1":
        path.write_text(json.dumps(_summary(s), indent=1) + "\n")
    want = json.loads(path.read_text())
    assert want["cards"] == f"arle-placeholder-{which}"
    assert _summary(s) == want
    t = G.new_game(players=n, seed=seed, cards=cards)
    for a in want["actions"]:
        t.apply(a)
    assert t == s and [sc.total for sc in t.scores()] == [x["total"] for x in want["scores"]]
    assert G.replay(json.dumps(s.record())) == s        # the record names its set
