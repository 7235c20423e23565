"""Three players with Tea & Trade (the expansion's "3-Player Setup" and "3-Player
Gameplay", rulings T40-T54): setup, the specialization round, turn order, Special
Actions, Imitate, the 3-player spaces and buildings, the end and the tie-break."""

from __future__ import annotations

from collections import Counter

import pytest
from util import legal, res, set_res, top

import arle
from arle import position
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.state import State

TT = "tea-and-trade"


def new3(seed: int = 0, **kw: object) -> State:
    return arle.new_game(players=3, seed=seed, expansion=TT, **kw)  # type: ignore[arg-type]


def specialize_all(s: State) -> State:
    """Finish the specialization round: every player takes the first two tracks offered."""
    while s.stack and top(s) == "tt_building" and s.stack[-1].building == "specialization":
        s.apply(s.legal_actions()[0])
    assert not s.stack and s.half_year == 1
    return s


def started(seed: int = 0, **kw: object) -> State:
    return specialize_all(new3(seed, **kw))


def edit(s: State, p: int = 0, **kw: object) -> State:
    return position.edit(s, p, in_place=True, **kw)  # type: ignore[arg-type]


def color(b: str) -> str:
    c = C.BUILDING_COLOR.get(b) or T.TT_BUILDING_COLOR[b]
    return "green" if c.endswith("green") else c


# ---------------------------------------------------------------------------
# new_game
# ---------------------------------------------------------------------------
def test_three_players_need_the_expansion() -> None:
    with pytest.raises(ValueError, match="Tea & Trade expansion"):
        arle.new_game(players=3, seed=1)
    with pytest.raises(ValueError, match="players must be 1, 2 or 3"):
        arle.new_game(players=4, seed=1, expansion=TT)


def test_three_player_options_only_with_three_players() -> None:
    with pytest.raises(ValueError, match="3-player games only"):
        arle.new_game(players=2, seed=1, expansion=TT,
                      options={"three_player_start_cart": True})
    s = new3(options={"three_player_start_cart": True})
    assert s.setup["options"]["three_player_start_cart"] is True
    # 1-2 player setups do not record the 3-player options
    assert "three_player_start_cart" not in arle.new_game(
        players=2, seed=1, expansion=TT).setup["options"]


# ---------------------------------------------------------------------------
# Setup (3-Player Setup; T46, T49, T50)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("buildings", ["random", "expansion-only"])
def test_all_four_building_displays(buildings: str) -> None:
    s = new3(seed=3, buildings=buildings)
    counts = Counter(color(b) for b in s.board)
    # Building Overview with 3 players: 6 green, 3 yellow, 10 orange, 4 blue, 5 red
    assert counts == {"green": 6, "yellow": 3, "orange": 10, "blue": 4, "red": 5}
    assert {"schnapps_factory", "norderburg_castle"} <= set(s.board)
    if buildings == "expansion-only":     # T46: 4 new houses + 2 base dark-green ones
        assert set(T.TT_GREEN) <= set(s.board)
    two = arle.new_game(players=2, seed=3, expansion=TT)
    assert not T.THREE_PLAYER_ONLY & set(two.board)


def test_three_player_tiles_refused_with_two_players() -> None:
    with pytest.raises(ValueError, match="3 players only"):
        arle.new_game(players=2, seed=1, expansion=TT, buildings=["schnapps_factory"])
    s = new3(buildings=["schnapps_factory", "norderburg_castle"])
    assert s.board == ["schnapps_factory", "norderburg_castle"]


def test_start_position_goods_one_higher_boardwalk_and_handcart() -> None:
    s = new3(seed=2)
    two = arle.new_game(players=2, seed=2, expansion=TT)
    for p, pl in enumerate(s.players):
        for r in (C.FOOD, C.GRAIN, C.FLAX, C.WOOL, C.HIDE):     # T50: +1 on each
            assert pl.res[r] == two.players[0].res[r] + 1
        for r in (C.WOOD, C.CLAY, C.PEAT, T.TEA):
            assert pl.res[r] == 3
        assert pl.bw_peat == 2 and pl.grid.count("boardwalk") == 1   # the 2-Peat boardwalk
        assert [b[0] for b in pl.barn] == ["handcart"]               # T49
    # the 3-player box's extra tiles, the three Handcarts taken from them
    assert s.pool["handcart_wagon"] == C.SUPPLY_POOLS["handcart_wagon"]
    assert s.pool["cart_horse_cart"] == C.SUPPLY_POOLS["cart_horse_cart"] + 1
    assert s.pool["stable"] == C.SUPPLY_POOLS["stable"] + 1
    assert s.pool["boat_plow"] == C.SUPPLY_POOLS["boat_plow"] + 1
    assert s.pool["field"] == C.FIELDS_TOTAL - 3 * C.START_FIELDS


def test_start_vehicle_option_cart() -> None:
    s = new3(options={"three_player_start_cart": True})
    assert all([b[0] for b in pl.barn] == ["cart"] for pl in s.players)
    assert s.pool["cart_horse_cart"] == C.SUPPLY_POOLS["cart_horse_cart"] + 1 - 3


def test_boardwalk_scores_minus_three_while_it_stays() -> None:
    s = started()
    assert s.farm(0)["home_board"]["boardwalk"] is True
    home = s.scores()[0].categories["home_board"]
    grid = list(s.players[0].grid)
    grid[grid.index("boardwalk")] = ""
    s = edit(s, 0, grid=grid, bw_peat=0)
    assert s.scores()[0].categories["home_board"] == home + 3   # T50: -3 VP


def test_start_player_is_drawn() -> None:
    assert {new3(seed=k).start_player for k in range(12)} == {0, 1, 2}


# ---------------------------------------------------------------------------
# The preliminary specialization round (T53)
# ---------------------------------------------------------------------------
def test_order_last_player_first_then_middle_then_start() -> None:
    s = new3(seed=1)
    start = s.start_player
    seen = []
    while top(s) == "tt_building":
        seen.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert seen == [(start + 2) % 3] * 2 + [(start + 1) % 3] * 2 + [start] * 2
    assert s.half_year == 1 and s.current_player == start and s.history[-1]


def test_rulebook_example_workbenches_then_chicken_farm() -> None:
    s = new3(seed=1, buildings=["chicken_farm"])
    red = s.current_player
    assert red is not None
    others = [q for q in range(3) if q != red]
    clay = [res(s, q, "clay") for q in range(3)]
    s.apply("specialize workbenches")
    assert s.players[red].tools[C.WORKBENCHES] == 1
    for q in others:                       # each other player gets the step's 2 Clay
        assert res(s, q, "clay") == clay[q] + 2
    before = [res(s, red, k) for k in ("wood", "clay", "grain")]
    s.apply("specialize chicken_farm")
    s.apply("pay grain:2 wood:1 clay:1")   # double cost: 2 materials, 2 Grain
    assert "chicken_farm" in s.players[red].buildings
    assert [res(s, red, k) for k in ("wood", "clay", "grain")] == [
        before[0] - 1, before[1] - 1, before[2] - 2]
    # the next player may not choose Workbenches again
    assert "specialize workbenches" not in legal(s)


def test_tool_or_house_combinations_and_no_anytime_actions() -> None:
    s = new3(seed=4, buildings=["chicken_farm", "tea_office"])
    assert not [a for a in s.legal_actions() if a.verb != "specialize"]
    s.apply("specialize chicken_farm")
    while top(s) in ("pay", "cell"):
        s.apply(s.legal_actions()[0])
    # the second pick is a tool: a second house is not allowed
    assert all(T.TT_TOOL_INDEX.get(a.args[0]) is not None for a in s.legal_actions())
    # the house's ability waits for the end of the round
    assert not any(a.verb == "use" for a in s.legal_actions())
    owner = s.current_player
    specialize_all(s)
    while s.current_player != owner:
        s.apply("skip")
    set_res(s, owner or 0, wood=2, grain=2)
    assert any(a.verb == "use" and a.args[0] == "chicken_farm" for a in s.legal_actions())


def test_spade_pick_moves_one_space() -> None:
    s = new3(seed=5)
    p = s.current_player
    assert p is not None
    s.apply("specialize digging_spades")
    assert s.farm(p)["tools"]["digging_spades"] == 4


def test_house_needs_the_goods() -> None:
    s = new3(seed=6, buildings=["chicken_farm"])
    p = s.current_player
    assert p is not None
    s = edit(s, p, res={"grain": 1})
    assert "specialize chicken_farm" not in legal(s)


# ---------------------------------------------------------------------------
# Spaces (T40-T43)
# ---------------------------------------------------------------------------
def placements(s: State) -> set[str]:
    return {a.args[0] for a in s.legal_actions() if a.verb == "place"}


def test_summer_and_winter_spaces() -> None:
    s = started()
    summer = placements(s)
    assert {"ditcher", "sailmaker", "grandmother", "laborer_summer_3p"} <= summer
    # the Overlay covers the base Laborers; every winter space is there as a Special Action
    assert not {"laborer_summer", "laborer_winter"} & summer
    assert {"driver", "woodcutter_winter", "laborer_winter_3p", "boat_builder"} <= summer
    place_in_turn(s, ["fisherman"])
    assert "imitate_1" in placements(s)
    assert "imitate_2" not in placements(s)   # only the lowest free Imitate space
    s = started()
    s = edit(s, half_year=2)
    assert "grandmother" in placements(s)     # offered as a Special Action only ...
    w = arle.State.from_json(s.to_json())
    assert w == s


def test_driver_and_winter_woodcutter() -> None:
    s = started(seed=7)
    p = s.current_player
    assert p is not None
    ditches = sum(1 << e for e in (6, 8, 10, 23, 24, 9))   # 6 connected ditches
    s = edit(s, p, half_year=2, barn=[["peat_boat"], ["peat_boat"]], ditches=ditches)
    clay = res(s, p, "clay")
    s.apply("place driver")                  # 2 boats + 6 ditches // 3
    assert res(s, p, "clay") == clay + 2 + 2
    q = s.current_player
    assert q is not None
    grid = list(s.players[q].grid)
    grid[9:11] = ["forest", "park"]           # Parks do not count (T42)
    s = edit(s, q, grid=grid)
    wood = res(s, q, "wood")
    s.apply("place woodcutter_winter")
    assert res(s, q, "wood") == wood + 3 + 1


def test_boat_builder_builds_only_a_trading_ship() -> None:
    s = started(seed=8)
    p = s.current_player
    assert p is not None
    s = edit(s, p, half_year=2, res={"wood": 10, "linen": 4})
    s.apply("place boat_builder")
    assert top(s) == "shipwright"
    verbs = {str(a) for a in s.legal_actions() if a.verb in ("ship", "peat_boat")}
    assert verbs == {"ship trading_ship_small", "ship trading_ship_large"}


def test_laborers_pay_two_food_and_build() -> None:
    s = started(seed=9)
    p = s.current_player
    assert p is not None
    s = edit(s, p, res={"wood": 10, "linen": 4, "food": 5})
    s.apply("place laborer_summer_3p")
    assert res(s, p, "food") == 3 and top(s) == "shipwright"
    offered = legal(s)
    assert "vehicle cart" in offered and "ship trading_ship_small" in offered
    assert "ship fishing_cutter_small" not in offered and "peat_boat" not in offered
    s.apply("vehicle cart")
    assert top(s) != "shipwright"             # one item only
    t = started(seed=9)
    t = edit(t, t.current_player or 0, res={"food": 1})
    assert "laborer_summer_3p" not in placements(t)   # the 2 Food are missing


def test_winter_laborer_builds_a_building() -> None:
    s = started(seed=10)
    p = s.current_player
    assert p is not None
    s = edit(s, p, half_year=2, res={"food": 12, "timber": 3, "brick": 3})
    s.apply("place laborer_winter_3p")
    assert top(s) == "space_choice"
    assert any(a.verb == "build" for a in s.legal_actions())


# ---------------------------------------------------------------------------
# Special Actions and the start player (T51)
# ---------------------------------------------------------------------------
def place_in_turn(s: State, spaces: list[str | None]) -> None:
    """Place one worker per entry for the players in turn (None: skip)."""
    for sp in spaces:
        s.apply("skip" if sp is None else f"place {sp}")
        while s.stack:
            s.apply("done" if "done" in legal(s) else s.legal_actions()[-1])


def _plain_step(s: State) -> None:
    """One decision taken the plain way: skip, end, done or finish, else the first."""
    acts = legal(s)
    for choice in ("skip", "end", "done", "finish"):
        if choice in acts:
            s.apply(choice)
            return
    s.apply(s.legal_actions()[0])


def finish_half_year(s: State) -> State:
    hy = s.half_year
    while s.half_year == hy and not s.is_terminal():
        _plain_step(s)
    return s


def test_two_different_players_may_take_a_special_action() -> None:
    s = started(seed=11)
    a = s.start_player
    b, c = (a + 1) % 3, (a + 2) % 3
    place_in_turn(s, ["driver"])               # A: a Winter space in Summer
    assert "woodcutter_winter" in placements(s)     # B may too
    place_in_turn(s, ["woodcutter_winter"])
    assert s.current_player == c
    assert not {"boat_builder", "driver"} & placements(s)   # two taken: closed for C
    place_in_turn(s, [None])
    assert s.current_player == a
    assert "boat_builder" not in placements(s)      # one each
    finish_half_year(s)
    assert s.start_player == c                 # the player who took none


@pytest.mark.parametrize("taker,expected", [(None, 2), (0, 2), (2, 1), (1, 2)])
def test_next_start_player_counterclockwise(taker: int | None, expected: int) -> None:
    """Play order A, B, C (offsets 0, 1, 2 from the start player): with nobody taking a
    Special Action C starts; if C took one, B does."""
    s = started(seed=12)
    a = s.start_player
    order = [None, None, None]
    if taker is not None:
        order[taker] = "driver"
    place_in_turn(s, order)
    finish_half_year(s)
    assert s.start_player == (a + expected) % 3


# ---------------------------------------------------------------------------
# Imitate (T52)
# ---------------------------------------------------------------------------
def test_imitate_costs_one_then_two_food_once_per_player() -> None:
    s = started(seed=13)
    a = s.start_player
    b, c = (a + 1) % 3, (a + 2) % 3
    for q in range(3):
        s = edit(s, q, res={"food": 9})
    assert "imitate_1" not in placements(s)     # nothing occupied to copy yet
    place_in_turn(s, ["clay_worker"])
    clay = res(s, b, "clay")
    s.apply("place imitate_1")
    assert res(s, b, "food") == 8 and top(s) == "space_choice"
    assert legal(s) >= {"imitate clay_worker", "done"}
    assert "imitate imitate_1" not in legal(s)
    s.apply("imitate clay_worker")
    assert res(s, b, "clay") > clay
    s.apply("place imitate_2")                 # the second Imitate costs 2
    assert res(s, c, "food") == 7
    s.apply("done")
    place_in_turn(s, ["fisherman"])             # A's second worker
    assert s.current_player == b
    assert not any(sp.startswith("imitate") for sp in placements(s))   # one per player


def test_imitate_pays_the_imitated_space_cost() -> None:
    s = started(seed=14)
    a = s.start_player
    b = (a + 1) % 3
    s = edit(s, a, res={"food": 9, "wood": 9})
    s = edit(s, b, res={"food": 3, "wood": 9})
    place_in_turn(s, ["laborer_summer_3p"])
    s.apply("place imitate_1")                  # 1 Food; the Laborer's 2 more
    assert res(s, b, "food") == 2
    s.apply("imitate laborer_summer_3p")
    assert res(s, b, "food") == 0 and top(s) == "shipwright"


# ---------------------------------------------------------------------------
# Buildings (T47)
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("b", sorted(T.THREE_PLAYER_ONLY))
def test_three_player_tiles_score_their_vp(b: str) -> None:
    s = started(seed=20, buildings=[b])
    before = s.scores()[0].categories["home_board"]
    grid = list(s.players[0].grid)
    grid[9] = "b:" + b
    s = edit(s, 0, buildings=[b], grid=grid)
    assert s.scores()[0].categories["home_board"] - before == T.TT_BUILDING_VP[b]


def test_schnapps_factory() -> None:
    s = started(seed=15, buildings=["schnapps_factory", "vossenhus_inn"])
    p = s.current_player
    assert p is not None
    grid = list(s.players[p].grid)
    grid[9] = "b:vossenhus_inn"
    s = edit(s, p, res={"grain": 6, "brick": 1, "food": 2}, buildings=["vossenhus_inn"],
             grid=grid,
             harbor=[["trading_ship_small", "", ""], ["trading_ship_large", "", "", ""]])
    s.apply("place builder")
    s.apply("build schnapps_factory")
    while top(s) is not None:
        s.apply(s.legal_actions()[0])
    assert res(s, p, "food") == 2 + 4 * 2 + 4 * 1


def test_norderburg_castle() -> None:
    s = started(seed=16, buildings=["norderburg_castle"])
    p = s.current_player
    assert p is not None
    s = edit(s, p, dikes=7)                   # all rows are land
    grid = list(s.players[p].grid)
    for i, tile in zip(range(8), ["field_grain", "field_flax"] * 4):
        grid[i] = tile
    s = edit(s, p, grid=grid, res={"timber": 3, "brick": 3, "food": 15})
    fields = s.players[p].grid.count("field_grain") + s.players[p].grid.count("field_flax")
    spades = s.farm(p)["tools"]["digging_spades"]
    s.apply("place builder")
    s.apply("build norderburg_castle")
    while top(s) in ("pay", "cell"):
        s.apply(s.legal_actions()[0])
    assert top(s) == "tt_building"
    assert s.farm(p)["tools"]["digging_spades"] == spades + 1
    offered = legal(s)
    assert "done" in offered and all(a.startswith(("discard", "done")) for a in offered)
    pick = next(a for a in s.legal_actions() if a.verb == "discard"
                and sum(int(x.partition(":")[2]) for x in a.args) == 6)
    pool = s.pool["field"]
    s.apply(pick)
    assert res(s, p, "food") == 19
    while top(s) == "cell":                   # which Fields leave (test_three_norderburg)
        s.apply(s.legal_actions()[0])
    grid = s.players[p].grid
    assert grid.count("field_grain") + grid.count("field_flax") == fields - 6
    assert s.pool["field"] == pool + 6


# ---------------------------------------------------------------------------
# The end: 7 half years (T48), scoring and the tie-break (T54)
# ---------------------------------------------------------------------------
def test_seven_half_years_or_nine_by_option() -> None:
    s = started(seed=17)
    while not s.is_terminal():
        assert s.half_year <= 7
        finish_half_year(s) if s.half_year < 7 else _to_end(s)
    assert s.half_year == 7 and len(s.scores()) == 3
    t = started(seed=17, options={"three_player_nine_half_years": True})
    for _ in range(7):
        finish_half_year(t)
    assert t.half_year == 8 and not t.is_terminal()


def _to_end(s: State) -> None:
    while not s.is_terminal():
        _plain_step(s)


def test_tie_break_earliest_in_the_next_play_order() -> None:
    """T54, on the winner rule itself (a finished game's scores are what they are; a
    patched ``scores`` would not reach the compiled build's ``winner``)."""
    from arle.state import winner_of
    s = started(seed=18)
    _to_end(s)
    nxt = s.start_player
    totals = [0.0, 0.0, 0.0]
    totals[(nxt + 1) % 3] = totals[(nxt + 2) % 3] = 50.0
    assert winner_of(totals, nxt) == (nxt + 1) % 3     # the earlier of the two tied
    assert winner_of([50.0, 50.0, 50.0], nxt) == nxt
    assert winner_of([10.0, 60.0, 20.0], nxt) == 1       # no tie: the best
    assert s.winner() == winner_of([sc.total for sc in s.scores()], nxt)


# ---------------------------------------------------------------------------
# The state format
# ---------------------------------------------------------------------------
def test_state_json_round_trip_and_strict_loader() -> None:
    s = new3(seed=19)
    s.apply(s.legal_actions()[0])
    t = State.from_json(s.to_json())
    assert t == s and t.legal_actions() == s.legal_actions()
    import json
    d = json.loads(s.to_json())
    d["setup"].pop("expansion")
    with pytest.raises(ValueError, match="expansion"):
        State.from_json(json.dumps(d))
    d = json.loads(s.to_json())
    d["occupied"] = {"laborer_summer": 0}
    with pytest.raises(ValueError, match="occupied.laborer_summer"):
        State.from_json(json.dumps(d))
    d = json.loads(s.to_json())
    d["half_year"] = 8
    with pytest.raises(ValueError, match="half_year"):
        State.from_json(json.dumps(d))
    d = json.loads(s.to_json())
    d["setup"]["options"]["three_player_start_cart"] = "yes"
    with pytest.raises(ValueError, match="three_player_start_cart"):
        State.from_json(json.dumps(d))
    two = json.loads(arle.new_game(players=2, seed=1, expansion=TT).to_json())
    two["setup"]["options"]["three_player_start_cart"] = True
    with pytest.raises(ValueError, match="3-player games only"):
        State.from_json(json.dumps(two))


def test_every_three_player_verb_is_documented() -> None:
    import random
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parent.parent / "docs" / "NOTATION.md").read_text()
    documented = set(re.findall(r"`([a-z_]+)(?:[ `])", doc))
    verbs: set[str] = set()
    for seed in range(2):
        rng = random.Random(seed)
        s = new3(seed=seed)
        while not s.is_terminal():
            acts = s.legal_actions()
            verbs.update(a.verb for a in acts)
            active = [a for a in acts if a.verb not in ("done", "skip", "end", "release")]
            s.apply(rng.choice(active or acts))
    assert "specialize" in verbs
    assert not verbs - documented, sorted(verbs - documented)
