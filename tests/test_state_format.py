"""The saved-state format (docs/STATE_FORMAT.md): old files load, impossible positions
are refused with a ValueError naming the field, damaged files never crash or hang.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arle
from arle.data import catalog as C
from arle.state import State

FIXTURES = Path(__file__).parent / "fixtures"
STATE_FILES = sorted(FIXTURES.glob("*.state.json"))
RECORD_FILES = sorted(FIXTURES.glob("*.record.json"))


def plays_on(s: State) -> None:
    """A loaded state answers every query and takes an action."""
    s.current_player
    s.pending()
    s.scores()
    legal = s.legal_actions()
    assert legal or s.is_terminal()
    if legal:
        t = s.clone()
        t.apply(legal[-1])
        t.scores()
        State.from_json(t.to_json())
    s.to_json()


# ---------------------------------------------------------------------------
# Files written by earlier versions (tests/fixtures, see generate.py there)
# ---------------------------------------------------------------------------
def test_the_fixtures_cover_the_cases() -> None:
    names = {p.name.split(".")[0] for p in STATE_FILES}
    assert {"solo-start", "solo-mid-action", "duo-mid-action-promos", "duo-inventory",
            "solo-inventory-promos", "solo-game-over", "duo-game-over"} <= names
    assert len(RECORD_FILES) >= 3


@pytest.mark.parametrize("path", STATE_FILES, ids=lambda p: p.name)
def test_an_old_saved_state_loads_unchanged(path: Path) -> None:
    text = path.read_text(encoding="utf-8").strip()
    s = State.from_json(text)
    # the same state, continuations renamed since (sustain -> sustenance, ...) aside
    from arle.frames import LEGACY_EFFECT_NAMES
    old = json.loads(text)
    for f in old["stack"]:
        if f["t"] == "eff":
            f["name"] = LEGACY_EFFECT_NAMES.get(f["name"], f["name"])
    assert json.loads(s.to_json()) == old
    plays_on(s)


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: p.name)
def test_an_old_record_replays_to_its_saved_state(path: Path) -> None:
    s = arle.replay(path.read_text(encoding="utf-8"))
    saved = FIXTURES / path.name.replace(".record.", ".state.")
    assert s.to_json() == saved.read_text(encoding="utf-8").strip()
    assert arle.replay(s.record()) == s


# ---------------------------------------------------------------------------
# Each check names its field
# ---------------------------------------------------------------------------
BASE = json.loads((FIXTURES / "duo-mid-action-promos.state.json").read_text())
SOLO = json.loads((FIXTURES / "solo-mid-action.state.json").read_text())


def damaged(change: Callable[[dict[str, Any]], Any], base: dict[str, Any] = BASE) -> str:
    d = copy.deepcopy(base)
    change(d)
    return json.dumps(d)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        node: Any = d
        keys = [int(k) if k.isdigit() else k for k in path.split("/")]
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value
    return change


def _del(path: str) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        node: Any = d
        keys = path.split("/")
        for k in keys[:-1]:
            node = node[int(k) if k.isdigit() else k]
        del node[keys[-1]]
    return change


def _grid(p: int, cells: dict[int, str]) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for i, t in cells.items():
            d["players"][p]["grid"][i] = t
    return change


def _barn(p: int, items: list[list[str]]) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["players"][p]["barn"] = items
    return change


def _both(*changes: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for c in changes:
            c(d)
    return change


LARGE5 = [["cart", "", "", ""], ["carriage", "", ""], ["droshky", "", "", ""],
          ["horse_cart", "", "", "", ""], ["cart", "", "", ""]]

CHECKS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    # non-finite numbers and wrong types
    ("infinity", _set("half_year", float("inf")), "Infinity is not a number"),
    ("nan", _set("players/0/res/0", float("nan")), "NaN is not a number"),
    ("float", _set("turn", 1.5), "turn: expected a whole number"),
    ("bool for int", _set("players/0/animals/0", True),
     "players[0].animals[0]: expected a whole number"),
    # integers out of range
    ("half year", _set("half_year", 10), "half_year: 10 is out of range (1..9)"),
    ("huge", _set("players/1/res/7", 10 ** 30), "players[1].res[7]: 1000000000000000000000000000000 is out of range"),
    ("goods cap", _set("players/0/res/1", 16), "players[0].res[1]: 16 is out of range"),
    ("tool", _set("players/0/tools/4", 3), "players[0].tools[4]: 3 is out of range"),
    ("dikes", _set("players/0/dikes", 8), "players[0].dikes: 8 is out of range"),
    ("bottleneck", _set("players/0/bottleneck", 2), "players[0].bottleneck: 2 is out of range"),
    ("odd bottleneck", _set("players/0/bottleneck", -3), "players[0].bottleneck: expected a multiple"),
    ("start player", _set("start_player", 2), "start_player: 2 is out of range"),
    ("special", _set("special", 5), "special: 5 is out of range"),
    ("n", _set("n", 3), "n: players must be 1, 2 or 3 and match setup.players (2)"),
    ("seed", _set("seed", 99), "seed: must match setup.seed"),
    # missing or extra keys
    ("no pool", _del("pool"), "pool: missing"),
    ("pool key", _del("pool/stable"), "pool.stable: missing"),
    ("extra key", _set("colour", "red"), "colour: unknown key"),
    ("player key", _del("players/1/travel"), "players[1].travel: missing"),
    ("extra player key", _set("players/0/gold", 1), "players[0].gold: unknown key"),
    ("setup key", _set("setup/colour", 1), "setup.colour: unknown key"),
    ("no setup seed", _del("setup/seed"), "setup.seed: missing"),
    ("ended", _set("ended", [True]), "ended: expected 2 true/false flag(s)"),
    # unknown ids
    ("phase", _set("phase", "lunch"), "phase: unknown phase 'lunch'"),
    ("space", _set("occupied", {"nowhere": 0}), "occupied.nowhere: unknown space"),
    ("board", _set("board", ["castle"]), "board[0]: unknown building 'castle'"),
    ("building", _set("players/0/buildings", ["castle"]),
     "players[0].buildings[0]: unknown building 'castle'"),
    ("travel", _set("players/0/travel", ["hage", "hage"]), "players[0].travel: an entry is repeated"),
    ("tile", _grid(0, {9: "castle"}), "players[0].grid[9]: unknown tile 'castle'"),
    ("equipment", _barn(0, [["rocket"]]), "players[0].barn[0]: expected [equipment"),
    ("cells", _barn(0, [["cart", ""]]), "players[0].barn[0]: expected [equipment"),
    ("load", _barn(0, [["cart", "gold", "", ""]]), "players[0].barn[0][1]: unknown load 'gold'"),
    ("orphan +", _barn(0, [["cart", "+", "", ""]]), "players[0].barn[0][1]: '+' continues no tile"),
    ("load size", _barn(0, [["wagon", "winter_wear", "+"]]),
     "players[0].barn[0][1]: a tile of size 3 does not fit here"),
    ("destination", _barn(0, [["handcart", "dest:paris"]]),
     "players[0].barn[0][1]: unknown destination 'paris'"),
    ("grid size", _set("players/0/grid", ["stall"] * 20), "players[0].grid: expected 21 tile names"),
    ("frame", _set("stack", [{"t": "cut"}]), "stack[0]: expected a frame"),
    ("setup players", _set("setup/players", 4), "setup.players: players must be 1, 2 or 3"),
    ("setup 3 players", _set("setup/players", 3),
     "setup.players: 3 players need the Tea & Trade expansion"),
    ("setup buildings", _set("setup/buildings", "all"), "setup.buildings: unknown building selection"),
    ("setup option", _set("setup/options", {"x": True}), "setup.options.x: unknown rules option"),
    ("setup seed", _set("setup/seed", 1.5), "setup.seed: seed must be a whole number"),
    ("setup seed text", _set("setup/seed", "7"), "setup.seed: seed must be a whole number"),
    ("setup promos", _set("setup/promos", "yes"), "setup.promos: promos must be true or false"),
    # impossible boards, counts that do not add up
    ("five large vehicles", _barn(0, LARGE5), "players[0].barn: the barn holds at most 3 large"),
    ("10^7 sheep", _set("players/0/animals/0", 10 ** 7),
     "players[0].animals[0]: 10000000 is out of range"),
    ("500 sheep", _set("players/0/animals/0", 500),
     "players[0].animals: 500 animals, but this farm has room for"),
    ("no room", _set("players/1/animals", [0, 0, 30]),
     "players[1].animals: 30 animals, but this farm has room for 21"),
    ("peat on a hydrated moor", _both(_grid(0, {15: "moor", 18: "moor"}),
                                     _set("players/0/moor_peat/0", 2)),
     "players[0].moor_peat[0]: Peat on a hydrated Moor"),
    ("half a moor", _grid(0, {15: "moor", 18: ""}), "players[0].grid[15]: a Moor tile covers two"),
    ("moor elsewhere", _grid(0, {9: "moor"}), "players[0].grid[9]: no Moor tile lies here"),
    ("above the dikes", _grid(1, {0: "forest"}), "players[1].grid[0]: 'forest' above the dike line"),
    ("boardwalk peat", _set("players/0/bw_peat", 0), "players[0].bw_peat"),
    ("supply", _set("pool/field", 0), "pool.field: 0 in the supply and"),
    ("extra stall", _grid(1, {14: "stall"}), "pool.stall_depot: 3 in the supply and 5 with the players"),
    ("building twice", lambda d: d["players"][0]["buildings"].append(d["board"][0]),
     "players[0].buildings"),
    ("building not on the farm", lambda d: d["board"].pop(), "history"),
    # the history must lead to exactly this state
    ("history text", _set("history/3", "juggle"), "history[3] ('juggle')"),
    ("history type", _set("history/3", 7), "history[3]: expected an action text"),
    ("history short", lambda d: d["history"].pop(), "the history does not lead here"),
    ("edited wood", _set("players/0/res/5", 14), "players[0].res[5]: the history does not lead here"),
    ("edited turn", lambda d: d.update(turn=d["turn"] + 1),
     "turn: the history does not lead here"),
    ("unknown position", _set("setup/position", {"x": 1}), "setup.position.players: missing"),
]


@pytest.mark.parametrize("name,change,message", CHECKS, ids=[c[0] for c in CHECKS])
def test_an_impossible_state_is_refused_naming_the_field(
        name: str, change: Callable[[dict[str, Any]], None], message: str) -> None:
    base = SOLO if name in ("boardwalk peat",) else BASE
    with pytest.raises(ValueError, match="malformed state JSON") as e:
        State.from_json(damaged(change, base))
    assert message in str(e.value)


def test_animals_that_cannot_be_housed_are_refused() -> None:
    # one pasture, one stable (6 of one kind), the 5 dikes: 13 places, but 3 sheep,
    # 5 cattle and 5 horses cannot share them out
    s = arle.new_game(players=1, seed=1)
    grid = list(s.players[0].grid)
    grid[9], grid[12] = "forest", "stable"
    s = arle.position.edit(s, grid=grid)
    with pytest.raises(ValueError, match=r"players\[0\]\.animals: these animals cannot be "
                       "housed"):
        arle.position.edit(s, animals=(3, 5, 5))
    d = json.loads(s.to_json())
    d["setup"]["position"]["players"][0]["animals"] = [3, 5, 5]
    with pytest.raises(ValueError, match=r"setup\.position\.players\[0\]\.animals: these"):
        State.from_json(json.dumps(d))
    arle.position.edit(s, animals=(3, 5, 4))


def test_the_damage_table_starts_from_states_that_load() -> None:
    State.from_json(json.dumps(BASE))
    State.from_json(json.dumps(SOLO))
    assert SOLO["players"][0]["grid"][13] == "boardwalk"
    assert BASE["players"][1]["dikes"] == 4 and BASE["players"][0]["grid"][15] == "dmoor"


@pytest.mark.parametrize("text", ["", "[]", "{}", '{"format": "arle-state-1"}', "{,",
                                  "[" * 200_000, "1" * 5000, '{"format": "arle-state-2"}'])
def test_not_a_state_at_all(text: str) -> None:
    with pytest.raises(ValueError):
        State.from_json(text)


# ---------------------------------------------------------------------------
# Random damage: refused or playable, nothing else
# ---------------------------------------------------------------------------
from test_state_json import _paths  # noqa: E402  (every path into a JSON value)

BASES = [json.loads(p.read_text()) for p in STATE_FILES]


PATHS = [_paths(b)[1:] for b in BASES]
ODD = [None, -1, 0, 1, 2, 3, 7, 10 ** 7, 10 ** 30, -(10 ** 30), "", "x", "moor", "+",
       "dest:hage", "plow", [], {}, 1.5, float("inf"), float("-inf"), float("nan"), True,
       False, [1, 2], [[[[[]]]]], {"a": {"b": [None]}}, ["cart", "", "", ""],
       {"t": "cut", "p": 0, "n": 10 ** 9, "must": True}, {"t": "house", "p": 0}]


@st.composite
def damage(draw: st.DrawFn) -> str:
    b = draw(st.integers(0, len(BASES) - 1))
    d = copy.deepcopy(BASES[b])
    for _ in range(draw(st.integers(1, 2))):
        paths = _paths(d)[1:]
        path = draw(st.sampled_from(paths))
        parent: Any = d
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        kind = draw(st.sampled_from(["value", "value", "value", "delete", "add", "swap",
                                     "bump"]))
        if kind == "value":
            parent[key] = draw(st.sampled_from(ODD))
        elif kind == "bump" and type(parent[key]) is int:
            parent[key] += draw(st.sampled_from([-2, -1, 1, 2]))
        elif kind == "delete":
            del parent[key]
        elif kind == "add":
            if isinstance(parent[key], dict):
                parent[key][draw(st.sampled_from(["x", "t", "p", "stable"]))] = \
                    draw(st.sampled_from(ODD))
            elif isinstance(parent[key], list):
                parent[key].append(draw(st.sampled_from(ODD)))
        elif kind == "swap" and isinstance(parent[key], list) and len(parent[key]) > 1:
            lst = parent[key]
            i = draw(st.integers(0, len(lst) - 1))
            j = draw(st.integers(0, len(lst) - 1))
            lst[i], lst[j] = lst[j], lst[i]
    return json.dumps(d)


@settings(max_examples=1000, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(damage())
def test_a_damaged_state_is_refused_or_plays_on(text: str) -> None:
    try:
        s = State.from_json(text)
    except ValueError:
        return
    plays_on(s)


# ---------------------------------------------------------------------------
# Records and setups
# ---------------------------------------------------------------------------
RECORD = json.loads((FIXTURES / "duo-game-over.record.json").read_text())


@pytest.mark.parametrize("change,message", [
    (_set("setup/colour", 1), "setup.colour: unknown key"),
    (_del("setup/players"), "setup.players: missing"),
    (_set("setup/seed", float("inf")), "Infinity is not a number"),
    (_set("setup/buildings", ["castle"]), "setup.buildings: unknown building id"),
    (_set("setup/position", 3), "setup.position: expected an object"),
    (_set("setup/position", {"x": 1}), "setup.position.players: missing"),
    (_del("actions"), "actions: missing"),
    (_set("actions/4", "juggle"), "record action 4 ('juggle')"),
])
def test_a_malformed_record_is_refused_naming_the_field(
        change: Callable[[dict[str, Any]], None], message: str) -> None:
    with pytest.raises(ValueError) as e:
        arle.replay(damaged(change, RECORD))
    assert message in str(e.value)


def test_a_record_may_carry_annotations() -> None:
    rec = dict(RECORD, seats=["greedy", "random"], scores=[1, 2])
    assert arle.replay(rec).is_terminal()


def test_a_start_position_in_a_record_is_checked_like_a_state() -> None:
    s = arle.position.edit(arle.new_game(players=1, seed=2), res={"wood": 7})
    rec = s.record()
    rec["setup"]["position"]["players"][0]["animals"] = [40, 0, 0]
    with pytest.raises(ValueError, match="setup.position.players.0..animals"):
        arle.replay(rec)


@pytest.mark.parametrize("kw,message", [
    ({"players": 4}, "players must be 1, 2 or 3"),
    ({"players": 3}, "3 players need the Tea & Trade expansion"),
    ({"seed": "x"}, "seed must be a whole number"),
    ({"buildings": "all"}, "unknown building selection"),
    ({"buildings": ["castle"]}, "unknown building id"),
    ({"promos": 1}, "promos must be true or false"),
    ({"options": {"x": True}}, "unknown rules option"),
])
def test_new_game_refuses_a_malformed_setup(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arle.new_game(**kw)


def test_states_of_random_games_load_as_saved() -> None:
    """No check refuses a real position (a sample of the states of a few games)."""
    for seed in range(4):
        rng = random.Random(seed)
        s = arle.new_game(players=1 + seed % 2, seed=seed, buildings="random",
                          promos=seed % 2 == 0)
        while not s.is_terminal():
            acts = s.legal_actions()
            busy = [a for a in acts if a.verb not in ("skip", "done", "end", "release")]
            s.apply(rng.choice(busy if busy and rng.random() < 0.7 else acts))
            if rng.random() < 0.1:
                assert State.from_json(s.to_json()) == s
    assert s.phase == "over" and C.HALF_YEARS == s.half_year
