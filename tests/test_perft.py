"""Perft: the number of decision sequences of a given length from fixed positions.

As in chess engines, counting every legal line to a small depth pins the whole legal
move generator at once (placements, sub-decisions, payments, anytime actions) far more
broadly than a single game does: any change in what is legal changes a count.  The
counts below were produced by this engine; a change that alters them must be a
deliberate rules change, and the counts are then updated with it.  Positions are fixed
by (players, seed, buildings, promos) and a walk of action texts from the start
(``tests/perft_positions.json``, first made by a seeded random walk of ``steps``
decisions), so a change in the order of the legal actions cannot move a position.
A second check counts the same lines through ``to_json``/``from_json`` copies.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import arle
from arle.state import State


def perft(s: State, depth: int, via_json: bool = False) -> int:
    if depth == 0 or s.is_terminal():
        return 1
    total = 0
    for a in s.legal_actions():
        c = State.from_json(s.to_json()) if via_json else s.clone()
        c.apply(a)
        total += perft(c, depth - 1, via_json)
    return total


WALKS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "perft_positions.json").read_text(encoding="utf-8"))


def _id(players: int, seed: int, buildings: str, promos: bool, steps: int) -> str:
    return f"{players}p-s{seed}-{buildings}{'-promos' if promos else ''}-{steps}"


def position(players: int, seed: int, buildings: str, promos: bool, steps: int,
             expansion: str | None = None) -> State:
    """The position after the stored walk of ``steps`` action texts."""
    key = _id(players, seed, buildings, promos, steps)
    w = WALKS[key if expansion is None else f"tt-{key}"]
    assert (w["players"], w["seed"], w["buildings"], w["promos"], w.get("expansion")) == (
        players, seed, buildings, promos, expansion) and len(w["walk"]) == steps
    s = arle.new_game(players=players, seed=seed, buildings=buildings, promos=promos,
                      expansion=expansion)
    for text in w["walk"]:
        s.apply(text)
    return s


# (players, seed, buildings, promos, steps) -> pending decision, counts for depth 1, 2, ...
CASES: list[tuple[tuple[int, int, str, bool, int], str, list[int]]] = [
    ((1, 0, "first-game", False, 0), "place", [17, 126, 1137, 10223]),
    ((2, 0, "first-game", False, 0), "place", [32, 259, 2939]),
    ((1, 6, "random", True, 54), "master", [10, 96, 786]),
    ((1, 6, "random", True, 75), "convert", [3, 46, 397]),
    ((2, 7, "random", True, 9), "master", [10, 96, 1223]),
    ((2, 7, "random", True, 12), "cut", [7, 55, 417]),
    ((2, 7, "random", True, 72), "merchant", [4, 108, 792]),
    ((2, 7, "random", True, 102), "pay", [2, 22, 278]),
    ((2, 9, "random", True, 21), "wainwright", [3, 62, 494]),
    ((2, 9, "random", True, 87), "grocer", [5, 140, 1132]),
    ((2, 9, "random", True, 48), "upgrade", [3, 42, 273]),
    ((2, 9, "random", True, 168), "sustain", [6, 186, 1923]),
    ((2, 5, "random", False, 100), "place", [11, 71, 391]),
]


@pytest.mark.parametrize("where,kind,counts", CASES, ids=[_id(*w) for w, _, _ in CASES])
def test_perft(where: tuple[int, int, str, bool, int], kind: str,
               counts: list[int]) -> None:
    s = position(*where)
    assert s.pending().kind == kind
    assert [perft(s, d) for d in range(1, len(counts) + 1)] == counts


# Tea & Trade games (``expansion="tea-and-trade"``, the setup's defaults: cells chosen):
# the starts, and the expansion's decisions (a digging, the dike columns, the Farmer,
# a tile's cell), each reached by a seeded random walk.
TT_CASES: list[tuple[tuple[int, int, str, bool, int], str, list[int]]] = [
    ((1, 11, "random", False, 0), "place", [27, 253]),
    ((2, 12, "random", False, 0), "place", [49, 523]),
    ((1, 11, "random", False, 8), "dig", [3, 10, 37]),
    ((1, 11, "random", False, 38), "dikes", [3, 9, 117]),
    ((1, 11, "random", False, 47), "farmer", [3, 7, 15]),
    ((1, 11, "random", False, 53), "cell", [4, 68, 516]),
]


@pytest.mark.parametrize("where,kind,counts", TT_CASES,
                         ids=["tt-" + _id(*w) for w, _, _ in TT_CASES])
def test_perft_expansion(where: tuple[int, int, str, bool, int], kind: str,
                         counts: list[int]) -> None:
    s = position(*where, expansion="tea-and-trade")
    assert s.pending().kind == kind
    assert [perft(s, d) for d in range(1, len(counts) + 1)] == counts


def test_every_stored_walk_is_a_case() -> None:
    assert sorted(WALKS) == sorted([_id(*w) for w, _, _ in CASES]
                                   + ["tt-" + _id(*w) for w, _, _ in TT_CASES])


def test_expansion_perft_through_json_copies() -> None:
    s = position(1, 11, "random", False, 53, expansion="tea-and-trade")
    assert perft(s, 2, via_json=True) == perft(s, 2)


def test_perft_through_json_copies() -> None:
    s = position(2, 9, "random", True, 168)
    assert perft(s, 2, via_json=True) == perft(s, 2)
