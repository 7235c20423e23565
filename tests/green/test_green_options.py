"""The two options of the rulings that change play the most: F10 ``token_limits`` (the
box's token counts as a shared supply) and F17 ``action_choice = "hidden"`` (3-4
players commit their actions blind at the reveal and choose again if theirs became
impossible)."""

from __future__ import annotations

import json
import random

import pytest

import arle.bots
import arle.green as G
from arle.actions import Action, IllegalActionError
from arle.green import catalog as K
from arle.green import infostate as I
from arle.green import state as S
from arle.green.frames import Act, Store
from green_util import (act_with, card, fresh, harvest_of, legal, put, replace_decision, seat,
                        supply)


# ---------------------------------------------------------------------------- F10
def limited(n: int = 3, **opts: object) -> G.State:
    return fresh(n, seed=1, first_player=0, token_limits=True, **opts)


def test_f10_caps_are_the_box_counts_and_the_supply_is_public() -> None:
    assert K.TOKEN_LIMITS == {"water": 32, "food": 44, "coins": 61, "vp": 20}
    s = limited(4)
    # four seats start with 15 coins, 1 Food and a full tower (3 Water) each
    assert S.supply(s) == {"water": 20, "food": 40, "coins": 1, "vp": 20}
    assert s.observation(2)["supply"] == S.supply(s)
    assert S.supply(fresh(4)) is None and "supply" not in fresh(4).observation(0)


def test_f10_market_coins_beyond_the_supply_are_lost() -> None:
    s = limited()
    seat(s, 1, coins=0)
    seat(s, 2, coins=0)
    seat(s, 0, coins=58)                               # 3 coins left in the supply
    act_with(s, 0, "b07")
    s.apply("market 1")                                # 2 + 2 for the Food: 4
    assert s.players[0].coins == 61 and S.supply(s)["coins"] == 0
    assert s.players[0].food == 0                      # the Food sold is paid in full


def test_f10_food_and_vp_gains_stop_at_the_supply() -> None:
    s = limited()
    put(s, 0, "0,1", "f01")                            # Harvest: 1 Water -> 2 Food
    put(s, 0, "-1,0", "l02")                           # Harvest: 1 Food -> 2 VP
    seat(s, 1, food=42, vpt=19)                        # with seat 0's 1: 1 Food left,
    seat(s, 2, food=0)                                 # and 1 VP token left
    harvest_of(s, 0)
    s.apply("harvest 0 1")
    assert s.players[0].food == 2                      # 1 + 1, not 1 + 2
    s.apply("harvest -1 0")                            # pays its Food back first
    assert s.players[0].food == 1 and s.players[0].vpt == 1
    assert S.supply(s) == {"water": 32 - 8, "food": 1, "coins": 61 - 45, "vp": 0}


def test_f10_a_new_tower_takes_what_water_is_left() -> None:
    s = limited()
    card(s, 1, "0,0", water=25)                        # 25 + 3 + 3 held: 1 left
    act_with(s, 0, "b07")
    s.apply("tower -1 0")
    assert s.players[0].farm["-1,0"][2] == 1 and S.supply(s)["water"] == 0
    t = fresh(3, seed=1, first_player=0)               # unlimited: full, as R11 says
    card(t, 1, "0,0", water=25)
    act_with(t, 0, "b07")
    t.apply("tower -1 0")
    assert t.players[0].farm["-1,0"][2] == 3


def test_f10_income_is_cut_to_the_supply() -> None:
    s = limited()
    card(s, 0, "0,0", water=0)
    seat(s, 1, coins=30)                               # with seat 0's 15: 1 coin left
    seat(s, 2, coins=15)
    card(s, 1, "0,0", water=28)                        # 28 + 0 + 3 held: 1 Water left
    S._step(s, ["income", 0])
    assert (s.players[0].coins, s.players[0].food, s.players[0].farm["0,0"][2]) == (16, 2, 1)


def test_f10_water_gain_with_too_little_left_asks_where_it_goes() -> None:
    s = limited()
    put(s, 0, "-1,0", "tower")
    card(s, 0, "0,0", water=0)
    card(s, 1, "0,0", water=27)                        # 27 + 3 held: 2 left
    act_with(s, 0, "c06", coins=10)                    # Immediate: gain 3 Water
    s.apply("build 0 1")
    assert s.pending().kind == "store" and s.pending().details["n"] == 2
    assert legal(s) == {"store 0,0:2", "store 0,0:1 -1,0:1", "store -1,0:2"}


def test_f10_refill_with_too_little_left_fills_only_towers_in_range() -> None:
    s = limited()
    put(s, 0, "-1,0", "tower")                         # both in range of 0,1
    put(s, 0, "5,0", "tower")                          # out of range, with room
    for k in ("0,0", "-1,0", "5,0"):
        card(s, 0, k, water=0)
    card(s, 1, "0,0", water=25)                        # 25 + 3 held: 4 left
    act_with(s, 0, "c02", coins=10)                    # Immediate: refill towers in range
    s.apply("build 0 1")
    f = s.stack[-1]
    assert f == Store(0, 4, "0,1")
    assert legal(s) == {"store 0,0:3 -1,0:1", "store 0,0:2 -1,0:2", "store 0,0:1 -1,0:3"}
    t = G.State.from_json(s.to_json())                 # the frame's cell is state too
    assert t == s and legal(t) == legal(s)
    s.apply("store 0,0:1 -1,0:3")
    assert [s.players[0].farm[k][2] for k in ("0,0", "-1,0", "5,0")] == [1, 3, 0]
    u = limited()                                      # enough Water: all filled at once
    put(u, 0, "-1,0", "tower")
    card(u, 0, "0,0", water=0)
    act_with(u, 0, "c02", coins=10)
    u.apply("build 0 1")
    assert [u.players[0].farm[k][2] for k in ("0,0", "-1,0")] == [3, 3]


@pytest.mark.parametrize("n", [3, 4])
def test_f10_random_games_never_hold_more_than_the_box(n: int) -> None:
    for seed in range(3):
        s = G.new_game(players=n, seed=seed, token_limits=True)
        r = random.Random(seed)
        while not s.is_terminal():
            left = S.supply(s)
            assert left is not None and min(left.values()) >= 0, left
            s.apply(r.choice(s.legal_actions()))
        assert G.replay(s.record()) == s
        assert G.State.from_json(s.to_json()) == s


# ---------------------------------------------------------------------------- F17
def hidden(n: int = 3, seed: int = 1) -> G.State:
    return fresh(n, seed=seed, first_player=0, action_choice="hidden")


def to_plans(s: G.State) -> G.State:
    """Declare and pick the first legal choices until the first plan is posed."""
    while s.pending().kind != "plan":
        s.apply(s.legal_actions()[0])
    return s


def test_f17_hidden_is_for_three_and_four_players() -> None:
    for n in (1, 2):
        with pytest.raises(ValueError, match="action_choice='hidden' is for 3-4 players"):
            fresh(n, action_choice="hidden")
    with pytest.raises(ValueError, match="action_choice: 'secret' is not one of"):
        fresh(3, action_choice="secret")
    assert fresh(4, action_choice="hidden").options["action_choice"] == "hidden"


def test_f17_every_seat_commits_its_action_before_any_resolves() -> None:
    s = to_plans(hidden())
    assert [p.card for p in s.players] == ["f02", "f01", "f05"]   # revealed picks
    planned = []
    for p in (0, 1, 2):                                # First Player order
        assert s.pending().kind == "plan" and s.current_player == p
        assert s.pending().details == {"card": s.players[p].card}
        a = next(x for x in s.legal_actions() if x.args[0] == "market")
        planned.append(a)
        s.apply(a)
        if p < 2:
            assert all(pl.card for pl in s.players)   # nobody has acted yet
    assert [str(a) for a in planned] == ["plan market 0", "plan market 0", "plan market 0"]
    # all three resolved in order: each card discarded, 2 coins each
    assert [pl.card for pl in s.players] == ["", "", ""]
    assert s.discard[-3:] == ["f02", "f01", "f05"]
    assert [pl.coins for pl in s.players] == [17, 17, 17]
    assert s.pending().kind == "pick"


def test_f17_a_plan_made_impossible_by_an_earlier_seat_is_chosen_again() -> None:
    s = to_plans(hidden())
    supply(s, towers=1)                                # one Water Tower left
    s.apply("plan tower -1 0")                         # seat 0
    s.apply("plan tower -1 0")                         # seat 1: the same last tower
    s.apply("plan market 0")                           # seat 2
    assert s.players[0].farm["-1,0"][0] == "tower" and s.towers_left == 0
    assert s.pending().kind == "act" and s.current_player == 1   # choose again
    assert not any(a.verb == "tower" for a in s.legal_actions())
    assert s.players[1].plan == ""
    s.apply("build 0 1")                               # f01 (2 coins)
    assert s.players[1].farm["0,1"][0] == "f01"
    assert s.players[2].card == "" and s.players[2].coins == 17   # seat 2's plan resolved


def test_f17_plans_are_private_until_resolved() -> None:
    s = to_plans(hidden())
    s.apply("plan build 0 1")
    for viewer in (1, 2):
        o = s.observation(viewer)
        assert o["seats"][0]["planned"] is True and o["plan"] == ""
        assert "build 0 1" not in json.dumps({k: v for k, v in o.items()
                                              if k != "legal_actions"})   # seat 1's own
        assert "plan ?" in I.redacted_history(s, viewer)
    assert s.observation(0)["plan"] == "build 0 1"
    from arle.green.faces import seat_view
    assert "plan" not in I.public_observation(s)
    for seat in (None, 2):                             # what a page or a screen gets
        assert "build 0 1" not in json.dumps(seat_view(s, seat), default=str)
    assert s.private[0][-1] == "y1 plan build 0 1"
    # another seat's information is the same whatever seat 0 planned
    t = to_plans(hidden())
    t.apply("plan market 0")
    for viewer in (1, 2):
        assert I.infostate_string(t, viewer) == I.infostate_string(s, viewer)
        assert (I.information_state_tensor(t, viewer)
                == I.information_state_tensor(s, viewer)).all()
    assert I.infostate_string(t, 0) != I.infostate_string(s, 0)
    from arle.cli.green_play import public_text
    assert public_text("plan build 0 1") == "commits an action"


def test_f17_states_with_a_plan_round_trip_and_bad_plans_are_refused() -> None:
    s = to_plans(hidden())
    s.apply("plan build 0 1")
    d = json.loads(s.to_json())
    assert d["players"][0]["plan"] == "build 0 1" and "plan" not in d["players"][1]
    assert G.State.from_json(s.to_json()) == s
    assert G.replay(s.record()) == s
    d["players"][0]["plan"] = "fly 0 1"
    with pytest.raises(ValueError, match=r"players\[0\]\.plan: 'fly 0 1' is not an action"):
        G.State.from_json(json.dumps(d))
    with pytest.raises(IllegalActionError, match="illegal action 'build 0 1'"):
        s.apply("build 0 1")                           # seat 1 plans, it cannot act yet
    assert G.State.from_json(s.to_json()) == s


def test_f17_the_catalogue_puts_a_plan_at_its_action() -> None:
    s = to_plans(hidden())
    cat = I.catalog_for(s.cs)
    idx = cat.legal_indices(s)
    assert len(idx) == len(s.legal_actions())
    a = cat.action(s, cat._index["build 0 1"])
    assert str(a) == "plan build 0 1"
    assert I.observation_tensor(s, 0)[I.layout(s.cs).obs["kind"].start + I.KINDS.index("plan")] == 1


def test_f17_determinizations_redeal_the_other_seats_plans() -> None:
    s = to_plans(hidden())
    s.apply("plan build 0 1")
    s.apply("plan market 0")
    seen = set()
    for k in range(30):
        t = I.resample_from_infostate(s, 2, random.Random(k))
        assert I.infostate_string(t, 2) == I.infostate_string(s, 2)
        legal0 = {str(a) for a in S._act_legal(t, 0)}
        assert t.players[0].plan in legal0
        assert t.private[0] == []                      # seat 0's log is not seat 2's to know
        seen.add(t.players[0].plan)
    assert len(seen) > 3                               # not the real plan every time
    own = I.resample_from_infostate(s, 0, random.Random(0))
    assert own.players[0].plan == "build 0 1"


def test_f17_bots_play_hidden_games_to_the_end() -> None:
    s = hidden(3, seed=4)
    bots = [arle.bots.get("green-greedy", seed=i) for i in range(3)]
    plans = 0
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        a = bots[p].choose(s)  # type: ignore[attr-defined]
        plans += a.verb == "plan"
        s.apply(a)
    assert plans == sum(1 for h in s.history if h.startswith("plan ")) >= 60
    builds = sum(1 for h in s.history if h.startswith("plan build"))
    assert builds >= 30                                # greedy builds, as in sequential play
    assert G.replay(s.record()) == s
    t = to_plans(hidden())                             # the search bot commits a plan too
    bot = arle.bots.get("green-ismcts:dets=1,prune=2,steps=2", seed=0)
    assert bot.choose(t).verb == "plan"  # type: ignore[attr-defined]


def test_f17_greedy_judges_a_plan_as_its_action() -> None:
    from arle.green.bots import GreenGreedyBot
    s = to_plans(hidden())
    g = GreenGreedyBot(seed=0)
    act = s.clone()
    replace_decision(act, Act(0))
    for a in s.legal_actions():
        inner = Action(a.args[0], a.args[1:])
        assert g._value(s, 0, a, 1) == pytest.approx(g._value(act, 0, inner, 1))


def test_f17_push_helper_plan_frame_offers_the_act_choices() -> None:
    s = to_plans(hidden())
    act = s.clone()
    replace_decision(act, Act(0))
    assert {f"plan {a}" for a in act.legal_actions()} == legal(s)


def test_balance_runs_take_the_options_and_count_what_resolved(
        capsys: pytest.CaptureFixture[str]) -> None:
    from arle.green import balance
    raw = balance.collect(3, 2, "green-greedy", seed0=5,
                          options={"action_choice": "hidden", "token_limits": True})
    assert raw["options"] == {"action_choice": "hidden", "token_limits": True}
    # every card of every turn does one thing: 3 seats x 6 turns x 4 years x 2 games,
    # less the decisions with a single choice (taken without asking)
    assert 120 <= sum(raw["acts"].values()) <= 144 and min(raw["acts"].values()) >= 0
    out = balance.summarize(raw)
    assert out["options"] == raw["options"] and out["games"] == 2
    plain = balance.collect(3, 1, "green-greedy", seed0=9)
    with pytest.raises(ValueError, match="different options"):
        balance.merge([raw, plain])
    with pytest.raises(SystemExit):
        balance.main(["--players", "2", "--games", "1", "--rule", "action_choice=hidden"])
    assert "for 3-4 players" in capsys.readouterr().err
