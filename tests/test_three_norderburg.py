"""Norderburg Castle (3 players, rulings T44, T47): one tier of 4, 6 or 8 Fields
(``discard grain:G flax:F``), then, with ``choose_cells``, which Fields leave
(``cell R,C``, each after the one before, so each set of Fields is chosen one way)."""

from __future__ import annotations

import json

import pytest
from util import legal, top

import arle
from arle import position
from arle.data import tea_trade as T
from arle.env.catalog import TT_CATALOG
from arle.state import State

TT = "tea-and-trade"
G, F = "field_grain", "field_flax"


def castle(fields: list[str], seed: int = 16, **kw: object) -> tuple[State, int]:
    """Player to move has just built Norderburg Castle holding ``fields`` on cells
    0, 1, 2, ... (all rows land); the tier choice is pending."""
    s = arle.new_game(players=3, seed=seed, expansion=TT, buildings=["norderburg_castle"],
                      **kw)  # type: ignore[arg-type]
    while s.stack and top(s) == "tt_building":
        s.apply(s.legal_actions()[0])
    p = s.current_player
    assert p is not None
    position.edit(s, p, dikes=7, in_place=True)
    grid = ["" if t in (G, F) else t for t in s.players[p].grid]
    for i, tile in enumerate(fields):
        grid[i] = tile
    position.edit(s, p, grid=grid, res={"timber": 3, "brick": 3, "food": 15},
                  in_place=True)
    s.apply("place builder")
    s.apply("build norderburg_castle")
    while top(s) in ("pay", "cell"):
        s.apply(s.legal_actions()[-1])                   # the castle on the last cell
    assert top(s) == "tt_building" and s.stack[-1].building == "norderburg_castle"
    return s, p


def left(s: State, p: int) -> list[int]:
    return [i for i, t in enumerate(s.players[p].grid) if t in (G, F)]


def test_the_tiers_and_their_food() -> None:
    s, p = castle([G, F] * 4)
    offered = legal(s)
    assert "done" in offered
    tiers = {sum(int(x.split(":")[1]) for x in a.split()[1:])
             for a in offered if a.startswith("discard")}
    assert tiers == {4, 6, 8}
    assert "discard grain:5 flax:1" not in offered       # only 4 Grain Fields
    for a in offered:
        assert a in TT_CATALOG
    s.apply("discard grain:4 flax:4")                    # every Field: nothing to ask
    assert top(s) != "cell" and left(s, p) == []
    assert s.players[p].res[T.TT_RES_INDEX["food"]] == 24


def test_the_owner_names_the_fields_that_leave() -> None:
    # Grain on cells 0 2 4 6, Flax on 1 3 5 7: two of each leave.
    s, p = castle([G, F] * 4)
    pool = s.pool["field"]
    s.apply("discard grain:2 flax:2")
    food = s.players[p].res[T.TT_RES_INDEX["food"]]
    assert food == 14
    # The first Grain Field: any but the last (one more must follow it).
    assert top(s) == "cell" and legal(s) == {"cell 0,0", "cell 0,2", "cell 1,1"}
    assert s.players[p].grid[0] == ""                    # the engine's pick until then
    s.apply("cell 1,1")                                  # cell 4
    # The second Grain Field follows cell 4: only cell 6 is left, so nothing is asked.
    assert top(s) == "cell" and legal(s) == {"cell 0,1", "cell 1,0", "cell 1,2"}
    s.apply("cell 1,0")                                  # Flax on cell 3
    assert legal(s) == {"cell 1,2", "cell 2,1"}          # Flax after cell 3
    t = arle.State.from_json(s.to_json())                # saved mid-choice
    assert t == s and legal(t) == legal(s)
    s.apply("cell 2,1")                                  # cell 7
    assert top(s) != "cell"
    assert left(s, p) == [0, 1, 2, 5]
    assert s.players[p].grid[:8] == [G, F, G, "", "", F, "", ""]
    assert s.pool["field"] == pool + 4
    assert arle.replay(s.record()) == s
    t.apply("cell 1,2")
    assert left(t, p) == [0, 1, 2, 7]


def test_each_set_of_fields_is_chosen_one_way() -> None:
    # 4 of 6 Grain Fields: C(6, 4) = 15 ways, each reached by exactly one sequence.
    s, p = castle([G] * 6)
    s.apply("discard grain:4 flax:0")
    finals: list[tuple[int, ...]] = []

    def walk(t: State) -> None:
        if top(t) != "cell":
            finals.append(tuple(left(t, p)))
            return
        for a in t.legal_actions():
            u = t.clone()
            u.apply(a)
            walk(u)

    walk(s)
    assert len(finals) == 15 and len(set(finals)) == 15
    assert all(len(f) == 2 for f in finals)


def test_without_choose_cells_the_lowest_fields_leave() -> None:
    s, p = castle([G, F] * 4, options={"choose_cells": False})
    s.apply("discard grain:2 flax:2")
    assert top(s) != "cell" and left(s, p) == [4, 5, 6, 7]


def test_a_damaged_castle_question_is_refused() -> None:
    s, p = castle([G, F] * 4)
    s.apply("discard grain:2 flax:2")
    d = json.loads(s.to_json())
    cell = d["stack"][-1]
    assert cell["t"] == "cell" and cell["then"] == "castle"
    d["stack"][-2] = {"t": "eff", "p": p, "name": "tea_done", "args": []}
    with pytest.raises(ValueError, match="next Field|history does not lead"):
        arle.State.from_json(json.dumps(d))


def test_records_from_before_the_question_still_replay() -> None:
    # Records written before the castle asked went on right after the discard; the
    # lowest cells left then, which is the engine's pick today.
    s, p = castle([G, F] * 4)
    s.apply("discard grain:2 flax:2")
    while top(s) == "cell":
        s.apply(s.legal_actions()[0])                   # the engine's pick each time
    assert left(s, p) == [4, 5, 6, 7]
    s.apply(s.legal_actions()[0])                       # the game goes on
    assert top(s) != "cell"
    rec = json.loads(json.dumps(s.record()))
    k = rec["actions"].index("discard grain:2 flax:2")
    n = 0
    while rec["actions"][k + 1 + n].startswith("cell "):
        n += 1
    cells = rec["actions"][k + 1:k + 1 + n]
    assert cells == ["cell 0,0", "cell 0,2", "cell 0,1", "cell 1,0"]
    rec["actions"] = rec["actions"][:k + 1] + rec["actions"][k + 1 + len(cells):]
    assert arle.replay(rec) == s
    d = json.loads(s.to_json())
    d["history"] = rec["actions"]
    assert arle.State.from_json(json.dumps(d)) == s
    # A record that answers differently than it goes on is still refused.
    bad = dict(rec, actions=rec["actions"][:k + 1] + ["cell 1,1", "cell 9,9"])
    with pytest.raises(ValueError, match="cell 9,9"):
        arle.replay(bad)
