"""Tea on the 3-player Imitate spaces (rulings T34, T36, T37, T52): ``place imitate_K
tea|eftea`` improves the copied tool action with the imitator's own tools; ``place
imitate_K twice`` carries the Imitate out twice, paying every cost each time."""

from __future__ import annotations

import random

from util import legal, top

import arle
from arle import position
from arle.actionspace import three_player_actions
from arle.data import tea_trade as T
from arle.env.catalog import TT_CATALOG
from arle.state import State

TT = "tea-and-trade"


def started(seed: int) -> State:
    s = arle.new_game(players=3, seed=seed, expansion=TT)
    while s.stack and top(s) == "tt_building":
        s.apply(s.legal_actions()[0])
    assert not s.stack and s.half_year == 1
    return s


def res(s: State, p: int, name: str) -> int:
    return s.players[p].res[T.TT_RES_INDEX[name]]


def edit(s: State, p: int, **kw: object) -> State:
    return position.edit(s, p, in_place=True, **kw)  # type: ignore[arg-type]


def own(s: State) -> set[str]:
    """The pending frame's own actions (the anytime ones left out)."""
    return {a for a in legal(s) if a.split()[0] in ("imitate", "done", "again")}


def imitator(seed: int = 31, shovels: int = 3, **goods: int) -> tuple[State, int]:
    """The start player places on the Clay Worker; the next player (returned), with
    ``shovels`` Shovels and ``goods``, is to place with an Imitate space free."""
    s = started(seed)
    a = s.start_player
    b = (a + 1) % 3
    edit(s, b, tools={"shovels": shovels}, res={"tea": 0, "east_frisian_tea": 0, **goods})
    s.apply("place clay_worker")
    while s.stack:
        s.apply("done" if "done" in legal(s) else s.legal_actions()[-1])
    assert s.current_player == b
    return s, b


def test_tea_on_an_imitate_improves_the_copied_tool_action() -> None:
    # The copied Clay Worker uses the imitator's own Shovels (3), one track space
    # better with Tea: 4 Clay (T36); the Imitate's 1 Food and 1 Tea are paid.
    s, b = imitator(shovels=3, tea=1, food=5)
    assert {"place imitate_1", "place imitate_1 tea"} <= legal(s)
    assert "place imitate_1 eftea" not in legal(s)        # no East Frisian Tea
    clay = res(s, b, "clay")
    s.apply("place imitate_1 tea")
    assert res(s, b, "food") == 4 and res(s, b, "tea") == 0
    assert top(s) == "space_choice" and own(s) == {"imitate clay_worker", "done"}
    s.apply("imitate clay_worker")
    assert res(s, b, "clay") == clay + 4
    assert s.players[b].boost == [] and s.current_player != b
    assert arle.replay(s.record()) == s


def test_east_frisian_tea_on_an_imitate_moves_two_spaces() -> None:
    s, b = imitator(shovels=3, east_frisian_tea=1, food=5)
    assert {"place imitate_1 tea", "place imitate_1 eftea"} <= legal(s)
    clay = res(s, b, "clay")
    s.apply("place imitate_1 eftea")
    s.apply("imitate clay_worker")
    assert res(s, b, "clay") == clay + 5 and res(s, b, "east_frisian_tea") == 0


def test_east_frisian_tea_pays_for_tea_on_an_imitate() -> None:
    s, b = imitator(shovels=4, east_frisian_tea=1, food=5)   # T38
    clay = res(s, b, "clay")
    s.apply("place imitate_1 tea")
    assert res(s, b, "east_frisian_tea") == 0
    s.apply("imitate clay_worker")
    assert res(s, b, "clay") == clay + 5


def test_no_tea_where_it_changes_nothing() -> None:
    # Shovels at their last space: Tea would not change the copied action.
    s, b = imitator(shovels=6, tea=1, east_frisian_tea=1, food=5)
    assert "place imitate_1" in legal(s)
    assert not {"place imitate_1 tea", "place imitate_1 eftea"} & legal(s)
    # Nothing that corresponds to a tool track occupied: no Tea either.
    s = started(31)
    a = s.start_player
    b = (a + 1) % 3
    edit(s, b, res={"tea": 2, "food": 5})
    s.apply("place grandmother")
    while s.stack:
        s.apply("done" if "done" in legal(s) else s.legal_actions()[-1])
    assert "place imitate_1" in legal(s) and "place imitate_1 tea" not in legal(s)


def test_the_tea_offers_only_the_copies_it_improves() -> None:
    s = started(32)
    a = s.start_player
    b, c = (a + 1) % 3, (a + 2) % 3
    edit(s, c, tools={"shovels": 3}, res={"tea": 1, "food": 5})
    s.apply("place clay_worker")
    s.apply("place grandmother")
    while s.stack:
        s.apply("done" if "done" in legal(s) else s.legal_actions()[-1])
    assert s.current_player == c
    s.apply("place imitate_1 tea")
    assert own(s) == {"imitate clay_worker", "done"}      # not the Grandmother
    # Saved and loaded while the Tea waits for the copy: the same decision.
    t = arle.State.from_json(s.to_json())
    assert t == s and own(t) == own(s)
    s.apply("done")                                       # the Tea is spent all the same
    assert res(s, c, "tea") == 0 and s.players[c].boost == []


def test_an_imitate_taken_twice_pays_every_cost_twice() -> None:
    # T37: 2 East Frisian Tea, then the Imitate's Food (1, the first Imitate of the
    # half year) and the copy each time: Clay Worker twice with 3 Shovels.
    s, b = imitator(shovels=3, east_frisian_tea=2, food=5)
    assert "place imitate_1 twice" in legal(s)
    clay = res(s, b, "clay")
    s.apply("place imitate_1 twice")
    assert res(s, b, "east_frisian_tea") == 0 and res(s, b, "food") == 4
    s.apply("imitate clay_worker")
    assert top(s) == "again" and own(s) == {"again"}
    assert res(s, b, "clay") == clay + 3
    s.apply("again")
    assert res(s, b, "food") == 3 and own(s) == {"imitate clay_worker", "done"}
    s.apply("imitate clay_worker")
    assert res(s, b, "clay") == clay + 6 and s.current_player != b
    assert [sp for sp, who in s.occupied.items() if who == b] == ["imitate_1"]
    assert arle.replay(s.record()) == s


def test_a_later_imitate_taken_twice_pays_two_food_each_time() -> None:
    s, b = imitator(seed=33, shovels=3, food=5)
    c = (b + 1) % 3
    edit(s, c, res={"east_frisian_tea": 2, "food": 4})
    s.apply("place imitate_1")
    s.apply("imitate clay_worker")
    assert s.current_player == c
    assert "place imitate_2 twice" in legal(s)
    s.apply("place imitate_2 twice")
    assert res(s, c, "food") == 2
    s.apply("imitate clay_worker")
    s.apply("again")
    assert res(s, c, "food") == 0


def test_twice_needs_the_imitates_food_twice() -> None:
    s, _b = imitator(shovels=3, east_frisian_tea=2, food=1)
    assert "place imitate_1" in legal(s) and "place imitate_1 twice" not in legal(s)


def test_the_second_copy_can_go_unpaid() -> None:
    # The first copy's own cost (the 3-player Laborer's 2 Food) leaves too little
    # Food for the Imitate's second 1 Food: ``again unpaid``.
    s = started(34)
    a = s.start_player
    b = (a + 1) % 3
    edit(s, b, res={"east_frisian_tea": 2, "food": 3, "wood": 0, "timber": 0})
    s.apply("place laborer_summer_3p")
    while s.stack:
        s.apply("done" if "done" in legal(s) else s.legal_actions()[-1])
    assert s.current_player == b
    s.apply("place imitate_1 twice")
    assert res(s, b, "food") == 2
    s.apply("imitate laborer_summer_3p")
    while top(s) != "again":
        s.apply("done")
    assert res(s, b, "food") == 0 and own(s) == {"again unpaid"}
    s.apply("again unpaid")
    assert s.current_player != b


def test_tea_imitates_are_catalogued() -> None:
    for k in (1, 2, 3):
        for how in ("tea", "eftea", "twice"):
            t = f"place imitate_{k} {how}"
            assert arle.Action.from_text(t) in three_player_actions() and t in TT_CATALOG


def test_random_three_player_games_offer_tea_on_imitates() -> None:
    # Whenever Tea is offered on an Imitate, its copy (and the catalog) agree.
    offered = 0
    for seed in range(6):
        s = arle.new_game(players=3, seed=seed, expansion=TT)
        rng = random.Random(seed)
        while not s.is_terminal():
            acts = s.legal_actions()
            tea = [x for x in acts if x.verb == "place" and len(x.args) == 2
                   and x.args[0].startswith("imitate")]
            for x in tea:
                assert str(x) in TT_CATALOG
            offered += len(tea)
            s.apply(rng.choice(tea) if tea and rng.random() < 0.7 else rng.choice(acts))
            if s.stack and top(s) == "space_choice" and s.stack[-1].tea:
                assert any(x.verb == "imitate" for x in s.legal_actions())
        assert arle.replay(s.record()) == s
    assert offered > 0
