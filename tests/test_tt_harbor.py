"""Tea & Trade, second slice: the harbor, its ships (T1-T5, T9), loading them (T6, T26),
the Sailmaker and the Boat Builder (T41), and the Inventory's cutters and trades
(T27-T33).  Every example of the text is a test; the figures are read from
``arle.data.tea_trade`` (its UNCONFIRMED table), never re-typed."""

from __future__ import annotations

import json
from typing import Any

import pytest

import arle
from arle import position, view
from arle.data import catalog as C
from arle.data import tea_trade as T
from arle.state import State
from tests.util import do, legal, top

TT = "tea-and-trade"
CS, CL = "fishing_cutter_small", "fishing_cutter_large"
TS, TL = "trading_ship_small", "trading_ship_large"


def tt(players: int = 1, seed: int = 0) -> State:
    return arle.new_game(players=players, seed=seed, expansion=TT)


def tres(s: State, p: int, name: str) -> int:
    return s.players[p].res[T.TT_RES_INDEX[name]]


def ship(kind: str, *loads: str) -> list[str]:
    cells = list(loads) + [""] * (T.SHIPS[kind].spaces - len(loads))
    return [kind] + cells


def edit(s: State, p: int = 0, **kw: Any) -> State:
    return position.edit(s, p, in_place=True, **kw)


def cost_of(kind: str) -> dict[str, int]:
    return {T.TT_RESOURCES[r]: n for r, n in T.SHIPS[kind].cost.items()}


def to_inventory_step(s: State, kind: str) -> State:
    """Skip the workers and end the Work Phase until a ``kind`` frame is on top."""
    while top(s) != kind:
        acts = legal(s)
        assert s.phase != "over"
        for choice in ("skip", "end", "feed", "finish"):
            if choice in acts:
                s.apply(choice)
                break
        else:
            raise AssertionError(f"stuck at {top(s)}: {sorted(acts)[:5]}")
    return s


def empty_after_inventory(s: State) -> State:
    """Finish the current Inventory (no further trades)."""
    while top(s) in ("trades",):
        s.apply("done")
    return s


# --------------------------------------------------------------------------- state
def test_harbor_in_expansion_states_only() -> None:
    base = json.loads(arle.new_game(players=1, seed=0).to_json())
    assert "harbor" not in base["players"][0]
    s = tt()
    assert json.loads(s.to_json())["players"][0]["harbor"] == []
    assert view.harbor(s, 0) == () and s.farm(0)["harbor"] == []


def test_harbor_round_trip_view_and_scoring() -> None:
    s = edit(tt(), harbor=[ship(CL, "timber"), ship(TL, "winter_wear", "+", "+")])
    t = arle.State.from_json(s.to_json())
    assert t.players[0].harbor == s.players[0].harbor and t.key() == s.key()
    ships = view.harbor(s, 0)
    assert [x.kind for x in ships] == [CL, TL]
    assert ships[0].loads[0] == view.Load("good", "timber")
    assert ships[1].loads[1].kind == "covered"
    assert view.loaded_goods(s, 0) == {"timber": 1, "winter_wear": 1}
    assert s.farm(0)["harbor"] == [CL, TL]
    assert s.scores()[0].categories["ships"] == T.SHIPS[CL].vp + T.SHIPS[TL].vp   # T4


def test_ships_are_not_vehicles() -> None:
    """T32: a Large Trading Ship does not avoid the -3 of a barn without a large vehicle."""
    a = tt()
    b = edit(tt(), harbor=[ship(TL)])
    assert a.scores()[0].categories["equipment"] == b.scores()[0].categories["equipment"]


@pytest.mark.parametrize("harbor, why", [
    ([["rowing_boat", ""]], "expected \\[ship"),
    ([[CS, ""]], "expected \\[ship"),
    ([ship(CS), ship(CS), ship(CL)], "more than 2 fishing cutters"),
    ([ship(CS, "dest:hage")], "no destination goes on a ship"),
    ([ship(CS, "+")], "continues no tile"),
    ([ship(CS, "winter_wear", "+")], "does not fit"),
    ([ship(CS, "summer_wear")], "does not fit"),
    ("x", "expected a list of ships"),
])
def test_bad_harbors_refused(harbor: Any, why: str) -> None:
    s = tt()
    before = s.to_json()
    d = json.loads(before)
    d["players"][0]["harbor"] = harbor
    with pytest.raises(ValueError, match=why):
        arle.State.from_json(json.dumps(d))
    with pytest.raises(ValueError):
        edit(s, harbor=harbor)
    assert s.to_json() == before


def test_expansion_state_saved_before_the_harbor_loads() -> None:
    d = json.loads(tt().to_json())
    del d["players"][0]["harbor"]
    assert arle.State.from_json(json.dumps(d)).players[0].harbor == []


def test_ship_supply_is_shared() -> None:
    """T1: 5 cutter tiles and 4 trading-ship tiles for all players."""
    from arle.engine import harbor as H
    s = edit(tt(players=2), 0, harbor=[ship(CS), ship(TL)])
    edit(s, 1, harbor=[ship(CL), ship(TS), ship(TS)])
    assert H.supply_left(s, "fishing_cutter") == T.SHIP_SUPPLY["fishing_cutter"] - 2
    assert H.supply_left(s, "trading_ship") == T.SHIP_SUPPLY["trading_ship"] - 3
    assert not H.can_take_ship(s, 1, TS) and H.can_take_ship(s, 0, TS)


# --------------------------------------------------------------------------- Sailmaker
def test_sailmaker_wool_and_peat_then_one_cutter_or_peat_boat() -> None:
    """T41: the Wool and Peat come regardless; one Fishing Cutter (either side, T2) or
    one Peat Boat, at cost."""
    s = edit(tt(), res={"wood": 5, "timber": 0, "wool": 0, "peat": 0})
    do(s, "place sailmaker")
    assert tres(s, 0, "wool") == 1 and tres(s, 0, "peat") == 1
    assert legal(s) >= {f"ship {CS}", f"ship {CL}", "peat_boat", "done"}
    assert not any(a.startswith(f"ship {TS}") for a in legal(s))
    do(s, f"ship {CL}")
    assert top(s) is None and tres(s, 0, "wood") == 5 - cost_of(CL)["wood"]
    assert [h[0] for h in s.players[0].harbor] == [CL]


def test_sailmaker_build_is_optional() -> None:
    s = edit(tt(), res={"wood": 0, "timber": 0})
    do(s, "place sailmaker")
    assert tres(s, 0, "wool") == 1 + tt().players[0].res[T.TT_RES_INDEX["wool"]]
    assert top(s) == "shipwright" and "ship " + CS not in legal(s)
    do(s, "done")
    assert s.players[0].harbor == []


def test_sailmaker_peat_boat_goes_to_the_barn() -> None:
    s = edit(tt(), res={"wood": 3})
    do(s, "place sailmaker", "peat_boat")
    assert top(s) is None and [b[0] for b in s.players[0].barn][-1] == "peat_boat"
    assert s.players[0].harbor == []


def test_timber_pays_for_wood() -> None:
    s = edit(tt(), res={"wood": 2, "timber": 3})
    do(s, "place sailmaker", f"ship {CS}")
    assert top(s) == "pay"
    opts = legal(s)
    do(s, sorted(o for o in opts if "timber:1" in o)[0])
    assert tres(s, 0, "wood") == 0 and tres(s, 0, "timber") == 2
    assert [h[0] for h in s.players[0].harbor] == [CS]


# --------------------------------------------------------------------------- Boat Builder
def boat_builder(res: dict[str, int], **kw: Any) -> State:
    s = edit(tt(), res=res, half_year=2, **kw)
    return do(s, "place boat_builder")


def test_boat_builder_trading_ship_and_cutter() -> None:
    """T41: (a Trading Ship or a Peat Boat) and/or a Fishing Cutter."""
    s = boat_builder({"wood": 20, "linen": 4})
    assert legal(s) >= {f"ship {TS}", f"ship {TL}", "peat_boat", f"ship {CS}", f"ship {CL}"}
    do(s, f"ship {TS}")
    assert "peat_boat" not in legal(s) and not any(f"ship {k}" in legal(s) for k in (TS, TL))
    assert f"ship {CS}" in legal(s)
    do(s, f"ship {CS}")
    assert top(s) is None
    assert [h[0] for h in s.players[0].harbor] == [TS, CS]
    wood = 20 - cost_of(TS)["wood"] - cost_of(CS)["wood"]
    assert tres(s, 0, "wood") == wood and tres(s, 0, "linen") == 4 - cost_of(TS)["linen"]


def test_boat_builder_peat_boat_or_trading_ship_not_both() -> None:
    s = boat_builder({"wood": 20, "linen": 4})
    do(s, "peat_boat")
    assert not any(a.startswith(f"ship {k}") for k in (TS, TL) for a in legal(s))
    do(s, f"ship {CS}")
    assert top(s) is None


def test_boat_builder_trading_ship_needs_linen() -> None:
    s = boat_builder({"wood": 20, "linen": 0})
    assert not any(a.startswith("ship trading") for a in legal(s))


def test_full_harbor_then_return_a_ship() -> None:
    """T9: a third cutter needs a free space; an empty ship may be returned at any time."""
    s = edit(tt(), res={"wood": 9}, harbor=[ship(CS), ship(CS, "timber")])
    do(s, "place sailmaker")
    assert not any(a.startswith("ship ") for a in legal(s))
    assert f"return {CS}@h0" in legal(s) and f"return {CS}@h1" not in legal(s)   # loaded
    do(s, f"return {CS}@h0", f"ship {CS}")
    assert [h[0] for h in s.players[0].harbor] == [CS, CS]
    assert s.players[0].harbor[0] == ship(CS, "timber")


# --------------------------------------------------------------------------- loading
def test_loading_ships_like_vehicles() -> None:
    """T26, T5: goods upgrade on the ships' single spaces; larger tiles need adjacent
    free spaces; no Travel Destination ever goes on a ship."""
    s = edit(tt(), res={"wood": 2, "clay": 1, "peat": 1, "woolen": 1, "linen": 1},
             harbor=[ship(CS), ship(CL)])
    acts = legal(s)
    assert {"load h0 0 wood", "load h0 1 wood", "load h0 0 clay", "load h0 0 linen",
            "load h1 0 woolen"} <= acts
    assert "load h0 0 woolen" not in acts                       # 3 spaces on a small cutter
    assert not any(a.startswith("load h") and a.split()[3] in C.DESTINATIONS
                   for a in acts)
    do(s, "load h1 0 woolen")
    assert s.players[0].harbor[1] == ship(CL, "winter_wear", "+", "+")
    do(s, "load h0 1 clay")
    assert tres(s, 0, "peat") == 0 and s.players[0].harbor[0] == ship(CS, "", "brick")


def test_loading_tea_makes_east_frisian_tea() -> None:
    """T6: a Tea tile covers one space and comes back as East Frisian Tea."""
    s = edit(tt(), res={"tea": 1, "east_frisian_tea": 0}, harbor=[ship(TS)])
    do(s, "load h0 0 tea")
    assert tres(s, 0, "tea") == 0 and s.players[0].harbor[0] == ship(TS, "east_frisian_tea")


def test_loading_station_peat_not_on_ships() -> None:
    s = edit(tt(), res={"wood": 0, "clay": 0, "linen": 0}, harbor=[ship(CS)])
    assert not any(a.startswith("load h0") and a.endswith("peat") for a in legal(s))


def test_ship_upgrade_by_the_warden_keeps_loads() -> None:
    """T2: Warden flips a Small ship to its Large side free; loads stay."""
    s = edit(tt(), harbor=[ship(CS, "timber"), ship(CL)])
    do(s, "place warden")
    assert f"upgrade {CS}@h0" in legal(s) and f"upgrade {CL}@h1" not in legal(s)
    do(s, f"upgrade {CS}@h0")
    assert s.players[0].harbor[0] == ship(CL, "timber")


# --------------------------------------------------------------------------- Inventory
def test_cutter_food_per_uncovered_space() -> None:
    """T31: 1 Food per uncovered Fishing Cutter space, then the cutters are emptied."""
    s = edit(tt(), res={"food": 10}, harbor=[ship(CL, "timber"), ship(CS)])
    to_inventory_step(s, "sustain")
    uncovered = (T.SHIPS[CL].spaces - 1) + T.SHIPS[CS].spaces
    assert tres(s, 0, "food") == 10 + uncovered * T.CUTTER_FOOD_PER_SPACE
    assert s.players[0].harbor == [ship(CL), ship(CS)]


def test_india_tea_on_each_uncovered_space() -> None:
    """India: pay 3 Food, 1 Tea on each uncovered space (Tea, not EF Tea, T28)."""
    s = edit(tt(), res={"food": 8, "tea": 0, "wood": 1},
             harbor=[ship(TL, "timber")])
    to_inventory_step(s, "trades")
    assert "trade 0 india" in legal(s)
    do(s, "trade 0 india")
    assert top(s) != "trades"
    assert tres(s, 0, "tea") == T.SHIPS[TL].spaces - 1
    assert tres(s, 0, "timber") == 1


def test_england_large_ship_three_spaces_tea_or_eftea() -> None:
    """England: 1 Tea (or 1 EF Tea) for 1 Winter Wear on the Large ship, which needs
    3 uncovered spaces."""
    s = edit(tt(), res={"tea": 1, "east_frisian_tea": 1, "winter_wear": 0},
             harbor=[ship(TL), ship(TS)])
    to_inventory_step(s, "trades")
    acts = legal(s)
    assert {"trade 0 england tea", "trade 0 england east_frisian_tea"} <= acts
    assert not any(a.startswith("trade 1 england") for a in acts)
    do(s, "trade 0 england east_frisian_tea")
    empty_after_inventory(s)
    assert tres(s, 0, "winter_wear") == 1 and tres(s, 0, "east_frisian_tea") == 0
    assert tres(s, 0, "tea") == 1


def test_the_payment_is_named_only_where_several_ways_are_open() -> None:
    """England with Tea only, East Frisian Tea only, or both; Norway with Grain only
    or both: ``PAID`` is written only with two ways open."""
    for goods, expected in (
            ({"tea": 1, "east_frisian_tea": 0}, {"trade 0 england"}),
            ({"tea": 0, "east_frisian_tea": 1}, {"trade 0 england"}),
            ({"tea": 1, "east_frisian_tea": 1},
             {"trade 0 england tea", "trade 0 england east_frisian_tea"})):
        s = edit(tt(), res={**goods, "winter_wear": 0, "food": 0, "flax": 0, "grain": 0},
                 harbor=[ship(TL)])
        to_inventory_step(s, "trades")
        assert {a for a in legal(s) if a.startswith("trade")} == expected, goods
    s = edit(tt(), res={"tea": 0, "east_frisian_tea": 1, "winter_wear": 0, "food": 0,
                        "flax": 0, "grain": 0}, harbor=[ship(TL)])
    to_inventory_step(s, "trades")
    do(s, "trade 0 england")                      # the one way: East Frisian Tea
    assert tres(s, 0, "east_frisian_tea") == 0 and tres(s, 0, "winter_wear") == 1
    s = edit(tt(), res={"flax": 3, "grain": 3}, harbor=[ship(TS)])
    to_inventory_step(s, "trades")
    assert {"trade 0 norway flax", "trade 0 norway grain"} <= legal(s)
    assert "trade 0 norway" not in legal(s)


def test_records_that_name_a_single_payment_still_replay() -> None:
    """Older records wrote ``PAID`` wherever the table has several ways to pay: that
    form is still read (as the action written today), never for another way."""
    s = edit(tt(), res={"flax": 0, "grain": 3, "wood": 0}, harbor=[ship(TS)])
    to_inventory_step(s, "trades")
    with pytest.raises(arle.IllegalActionError):
        s.apply("trade 0 norway flax")            # not the open way
    old = s.clone()
    s.apply("trade 0 norway grain")               # the older spelling
    assert s.history[-1] == "trade 0 norway"
    old.apply("trade 0 norway")
    assert old == s
    # A whole record and a saved state in the old form replay and load.
    rec = json.loads(json.dumps(s.record()))
    i = rec["actions"].index("trade 0 norway")
    rec["actions"][i] = "trade 0 norway grain"
    assert arle.replay(rec) == s
    d = json.loads(s.to_json())
    d["history"][d["history"].index("trade 0 norway")] = "trade 0 norway grain"
    t = arle.State.from_json(json.dumps(d))
    assert t == s and t.history == s.history


def test_england_needs_three_uncovered_spaces() -> None:
    s = edit(tt(), res={"tea": 2, "food": 0, "flax": 0, "grain": 0, "winter_wear": 0},
             harbor=[ship(TL, "timber")])
    while s.phase == "work":
        s.apply("skip" if "skip" in legal(s) else "end")
    assert top(s) != "trades"        # only England is affordable, and it does not fit


def test_norway_flax_or_grain_not_mixed() -> None:
    """Norway: 3 Flax or 3 Grain (not mixed) for 1 Wood on each uncovered space; the
    Wood is not upgraded (T28)."""
    s = edit(tt(), res={"flax": 3, "grain": 2, "wood": 0}, harbor=[ship(TS)])
    to_inventory_step(s, "trades")
    # One way open (Flax): the payment is not named (docs/NOTATION.md).
    assert "trade 0 norway" in legal(s)
    assert not {"trade 0 norway flax", "trade 0 norway grain"} & legal(s)
    do(s, "trade 0 norway")
    g = s.players[0].grid          # the November harvest came after the emptying
    assert tres(s, 0, "flax") == g.count("field_flax")
    assert tres(s, 0, "wood") == T.SHIPS[TS].spaces + g.count("forest")
    assert tres(s, 0, "timber") == tt().players[0].res[T.TT_RES_INDEX["timber"]]


def test_finland_timber_on_each_uncovered_space() -> None:
    s = edit(tt(), res={"winter_wear": 1, "timber": 0}, harbor=[ship(TS)])
    to_inventory_step(s, "trades")
    do(s, "trade 0 finland")
    assert tres(s, 0, "winter_wear") == 0 and tres(s, 0, "timber") == T.SHIPS[TS].spaces


def test_trades_are_simultaneous() -> None:
    """T29: England's Winter Wear cannot pay for Finland in the same Inventory; both
    ships may trade, once each (T30)."""
    s = edit(tt(), res={"tea": 1, "winter_wear": 0, "food": 3, "timber": 0},
             harbor=[ship(TL), ship(TS)])
    to_inventory_step(s, "trades")
    do(s, "trade 0 england")
    assert not any(a.startswith("trade 1 finland") for a in legal(s))
    assert not any(a.startswith("trade 0") for a in legal(s))       # once per ship
    do(s, "trade 1 india")
    assert top(s) != "trades"
    assert tres(s, 0, "winter_wear") == 1 and tres(s, 0, "timber") == 0


def test_cutter_food_pays_for_trades() -> None:
    """T27 (cutter_food_before_trades): the cutters' Food is there for India."""
    assert T.UNCONFIRMED["cutter_food_before_trades"]
    s = edit(tt(), res={"food": 0}, harbor=[ship(CL), ship(TS)])
    to_inventory_step(s, "trades")
    assert tres(s, 0, "food") == T.SHIPS[CL].spaces and "trade 1 india" in legal(s)


def test_loaded_goods_cover_spaces_for_trading() -> None:
    """'Upgraded resources cover spaces for trading.'"""
    s = edit(tt(), res={"food": 3, "tea": 0}, harbor=[ship(TS, "timber")])
    to_inventory_step(s, "trades")
    do(s, "trade 0 india")
    assert tres(s, 0, "tea") == T.SHIPS[TS].spaces - 1


def test_cutters_cannot_trade_and_trading_is_optional() -> None:
    s = edit(tt(), res={"food": 9}, harbor=[ship(CS), ship(TS)])
    to_inventory_step(s, "trades")
    assert all(a.split()[1] == "1" for a in legal(s) if a.startswith("trade"))
    food = tres(s, 0, "food")
    do(s, "done")
    assert tres(s, 0, "food") == food
    assert top(s) != "trades"


def test_inventory_order_two_players() -> None:
    """T27: every player's cutters, then every player's trades, then the emptying."""
    s = tt(players=2)
    for p in range(2):
        edit(s, p, res={"food": 0}, harbor=[ship(CS), ship(TS)])
    to_inventory_step(s, "trades")
    assert all(tres(s, p, "food") == T.SHIPS[CS].spaces for p in range(2))
    first = s.current_player
    do(s, "done")
    assert top(s) == "trades" and s.current_player != first


def test_last_inventory_trades_before_scoring() -> None:
    s = edit(tt(), res={"food": 3, "tea": 0}, harbor=[ship(TS)])
    position.edit(s, half_year=C.HALF_YEARS, in_place=True)
    to_inventory_step(s, "trades")
    do(s, "trade 0 india")
    while not s.is_terminal():
        acts = legal(s)
        s.apply(next(c for c in ("finish", "feed", "done") if c in acts)
                if any(c in acts for c in ("finish", "feed", "done")) else sorted(acts)[0])
    assert tres(s, 0, "tea") == T.SHIPS[TS].spaces
    assert s.scores()[0].categories["tea"] == T.SHIPS[TS].spaces * T.TEA_VP[T.TEA]


def test_tea_on_any_single_space_of_a_vehicle() -> None:
    """T6 (option ``any_single``): Tea goes on a vehicle's single spaces too, never on a
    2-space cell, and comes back as East Frisian Tea at the Inventory."""
    assert T.UNCONFIRMED["tea_upgrade_spaces"].value == "any_single"
    s = edit(tt(), res={"tea": 2, "east_frisian_tea": 0}, barn=[["carriage", "", ""]])
    acts = legal(s)
    assert "load 0 0 tea" in acts and "load 0 1 tea" not in acts
    do(s, "load 0 0 tea")
    assert s.players[0].barn[0] == ["carriage", "east_frisian_tea", ""]
    t = arle.State.from_json(s.to_json())
    assert t.players[0].barn == s.players[0].barn
    to_inventory_step(s, "sustain")
    assert tres(s, 0, "east_frisian_tea") == 1 and tres(s, 0, "tea") == 1


def test_base_game_has_no_harbor_nor_tea_loads() -> None:
    s = arle.new_game(players=1, seed=0)
    d = json.loads(s.to_json())
    d["players"][0]["harbor"] = []
    with pytest.raises(ValueError, match="harbor"):
        arle.State.from_json(json.dumps(d))
    d = json.loads(s.to_json())
    d["players"][0]["barn"] = [["handcart", "east_frisian_tea"]]
    with pytest.raises(ValueError, match="unknown load"):
        arle.State.from_json(json.dumps(d))
    assert not any(a.startswith("place sailmaker") for a in legal(s))


def test_ship_loads_score_as_emptied() -> None:
    """The sheet counts ship loads as emptied, as it does vehicle loads."""
    a = edit(tt(), res={"tea": 0, "east_frisian_tea": 0, "timber": 0})
    b = edit(tt(), res={"tea": 0, "east_frisian_tea": 0, "timber": 0},
             harbor=[ship(CL, "east_frisian_tea", "tea", "timber")])
    assert b.farm(0)["supply"]["east_frisian_tea"] == 1 and b.farm(0)["supply"]["tea"] == 1
    tea = T.TEA_VP[T.TEA] + T.TEA_VP[T.EAST_FRISIAN_TEA]
    assert b.scores()[0].categories["tea"] == a.scores()[0].categories["tea"] + tea
    assert b.scores()[0].total > a.scores()[0].total


def test_dike_warden_flips_a_ship_too() -> None:
    s = edit(tt(), half_year=2, harbor=[ship(TS, "timber")])
    do(s, "place dike_warden")
    while top(s) == "dikes":                          # the dike's columns first (T18)
        do(s, sorted(legal(s))[0])
    assert f"upgrade {TS}@h0" in legal(s)
    do(s, f"upgrade {TS}@h0")
    assert s.players[0].harbor == [ship(TL, "timber")]


def test_engine_api_for_the_buildings() -> None:
    """``gain_ship`` (free, T33) fails into a full harbor (T9); ``build_ship`` takes a
    price of its own (the Small Wharf's 1 Timber)."""
    from arle.engine import harbor as H
    s = edit(tt(), res={"timber": 1, "wood": 0}, harbor=[ship(TL), ship(TS)])
    assert not H.gain_ship(s, 0, TS) and len(s.players[0].harbor) == 2
    assert H.gain_ship(s, 0, CL) and s.players[0].harbor[-1] == ship(CL)
    H.build_ship(s, 0, CS, payments=[{T.TT_RES_INDEX["timber"]: 2}])   # cannot pay
    assert not s.stack
    H.build_ship(s, 0, CS, payments=[{T.TT_RES_INDEX["timber"]: 1}])
    from arle.engine.core import advance
    advance(s)                       # the ship comes with the effect after the payment
    assert s.players[0].harbor[-1] == ship(CS) and tres(s, 0, "timber") == 0
