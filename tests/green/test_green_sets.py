"""The shipped card sets: v3 is the default, v1 and v2 stay shipped unchanged, and a record
or a saved state finds its set by id and content hash (P7: a replay refuses another set)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import arle.green as G
from arle.green import cards as C
from green_util import V1, V2, V3, act_with, harvest_of, play_random, put, seat

ROOT = Path(__file__).resolve().parents[2]

#: The content hashes the records of each shipped set name.  They must never change:
#: records and goldens written with a set replay only while it is the same file.
HASHES = {"arle-placeholder-v1": "da980f1ea1d751a5", "arle-placeholder-v2": "4184c9924a42108d",
          "arle-placeholder-v3": "fcb1b8cfab2fdaf2"}


def _game(cards: str | None, n: int = 2, seed: int = 3, steps: int = 60) -> G.State:
    s = G.new_game(players=n, seed=seed) if cards is None else G.new_game(
        players=n, seed=seed, cards=cards)
    return play_random(s, seed, steps=steps)


def test_shipped_sets_and_their_hashes() -> None:
    got = {C.load_cards(p).id: C.load_cards(p).hash for p in C.SHIPPED}
    assert got == HASHES
    assert C.DEFAULT_CARDS == C.V3_CARDS and C.load_cards().id == "arle-placeholder-v3"


@pytest.mark.parametrize("cards", [V1, V2, V3, None], ids=["v1", "v2", "v3", "default"])
def test_records_and_states_find_their_shipped_set(cards: str | None,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    s = _game(cards)
    rec, text = json.dumps(s.record()), s.to_json()
    monkeypatch.setattr(C, "_BY_HASH", {})       # as in a fresh process: nothing loaded
    t = G.replay(rec)
    assert t == s and t.cs.id == s.cs.id and t.cs.hash == HASHES[s.cs.id]
    assert G.State.from_json(text) == s


def _record(s: G.State, **cards: Any) -> str:
    r = s.record()
    r["setup"]["cards"].update(cards)
    return json.dumps(r)


def test_a_record_of_an_unknown_or_changed_set_is_refused() -> None:
    s = _game(V1)
    with pytest.raises(ValueError, match=r"played with card set 'arle-placeholder-v1' "
                                         r"\(hash 0000000000000000\); pass cards=PATH"):
        G.replay(_record(s, hash="0" * 16))
    with pytest.raises(ValueError, match=r"played with card set 'mine' \(hash 00"):
        G.replay(_record(s, id="mine", hash="0" * 16))
    # v1's record against v2's file: the hash differs, so it is refused, not misread.
    with pytest.raises(ValueError, match="played with card set 'arle-placeholder-v1'"):
        G.replay(s.record(), cards=V2)
    with pytest.raises(ValueError, match="played with card set 'arle-placeholder-v2'"):
        G.replay(_game(V2).record(), cards=V1)
    with pytest.raises(ValueError, match="played with card set 'arle-placeholder-v3'"):
        G.replay(_game(V3).record(), cards=V2)
    with pytest.raises(ValueError, match="played with card set 'arle-placeholder-v2'"):
        G.replay(_game(V2).record(), cards=V3)


@pytest.mark.parametrize("old", [V1, V2], ids=["v1", "v2"])
def test_games_of_two_sets_differ_only_by_their_cards(old: str) -> None:
    a, b = G.new_game(players=3, seed=5, cards=old), G.new_game(players=3, seed=5)
    assert a.cs.id != b.cs.id and a.first == b.first
    assert a.cs.designs.keys() == b.cs.designs.keys()
    assert {d.name for d in a.cs.designs.values()} == {d.name for d in b.cs.designs.values()}


def _tuner(version: int) -> Any:
    spec = importlib.util.spec_from_file_location(f"green_tune_v{version}",
                                                  ROOT / "scripts" / f"green-tune-v{version}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("base,new,version", [(V1, V2, 2), (V2, V3, 3)], ids=["v2", "v3"])
def test_each_set_is_the_one_before_plus_its_tuning_table(base: str, new: str,
                                                           version: int) -> None:
    """The shipped v2 (v3) file is exactly what ``scripts/green-tune-v2.py``
    (``-v3.py``) builds from v1 (v2) and its table of changes, so the table documents
    every difference."""
    tune = _tuner(version)
    assert tune.dump(tune.build()) == Path(new).read_text(encoding="utf-8")
    old_data, new_data = (json.loads(Path(p).read_text()) for p in (base, new))
    changed = {a["id"] for a, b in zip(old_data["locations"], new_data["locations"]) if a != b}
    assert changed == set(tune.LOCATIONS)
    for a, b in zip(old_data["locations"], new_data["locations"]):
        assert (a["id"], a["name"], a["pile"], a["copies"], a["tags"]) == (
            b["id"], b["name"], b["pile"], b["copies"], b["tags"])
    assert old_data["equipment"] == new_data["equipment"] or version == 2


def test_a_stored_v1_record_still_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record saved while v1 was the default (2 players, seed 5, random play) replays
    from the file alone, and its game is the v1 golden one."""
    golden = Path(__file__).parent / "golden"
    text = (golden / "record-v1-2p-seed5.json").read_text()
    monkeypatch.setattr(C, "_BY_HASH", {})
    s = G.replay(text)
    want = json.loads((golden / "green-2p-seed5.json").read_text())
    assert s.cs.id == "arle-placeholder-v1" and s.is_terminal()
    assert s.history == want["actions"]
    assert [sc.total for sc in s.scores()] == [x["total"] for x in want["scores"]]


def test_v2_new_abilities_score_as_written() -> None:
    """The effects v2 gives designs in new combinations: Game End per Silo (B03, capped at
    4), placement VP per adjacent card (C04, capped at 3), VP from a Harvest (L01)."""
    s = G.new_game(players=3, seed=1, cards=V2, first_player=0)
    for cell in ("2,0", "3,0", "4,0", "5,0"):
        put(s, 0, cell, "silo")
    put(s, 0, "0,1", "b03")
    cat = s.scores()[0].categories
    assert cat["location_game_end"] == 4                 # 5 Silos, capped at 4
    seat(s, 0, food=1)
    put(s, 0, "0,-1", "l01")
    harvest_of(s, 0)
    before = s.players[0].vpt, s.players[0].coins
    s.apply("harvest 0 -1")
    assert (s.players[0].vpt, s.players[0].coins) == (before[0] + 1, before[1] + 3)
    t = G.new_game(players=3, seed=1, cards=V2, first_player=0)
    put(t, 0, "0,1", "f01")
    act_with(t, 0, "c04", coins=2)
    vpt = t.players[0].vpt
    t.apply("build 1 1")                                  # next to the Silo and F01
    assert t.players[0].vpt == vpt + 2 and t.players[0].coins == 0


def test_v3_changes_work_as_written() -> None:
    """What v3 changes from v2: B04 scores 1 VP a type set, at most 3 (v2: 2 VP a set,
    uncapped) and costs 4; B02 scores at most 3 per Livestock and costs 3; B05 scores a
    Silo and a Water Tower, at most 2 each; C07 adds 1 coin to a market trip (v2: 2);
    C06, C10 and L10 print 1 VP; L08 costs 4 coins and 1 Food."""
    def game(cards: str) -> G.State:
        return G.new_game(players=3, seed=1, cards=cards, first_player=0)

    def game_end_of(s: G.State, cell: str, card: str) -> float:
        """The Game End VP that ``card`` at ``cell`` adds to seat 0."""
        before = s.scores()[0].categories["location_game_end"]
        put(s, 0, cell, card)
        return s.scores()[0].categories["location_game_end"] - before

    for cards, want in ((V2, 8), (V3, 3)):
        s = game(cards)
        cells = iter(f"{x},{y}" for y in (1, 2, -1, -2) for x in range(-2, 3))
        for row in zip(("f01", "f02", "f03", "f04"), ("l01", "l02", "l05", "l06"),
                       ("c01", "c02", "c03", "c04"), ("b01", "b07", "b08", "b11")):
            for d in row:                                   # four sets of the four types
                put(s, 0, next(cells), d)
        assert game_end_of(s, "3,0", "b04") == want
        assert game_end_of(s, "4,0", "b02") == (4 if cards == V2 else 3)
    v2, v3 = game(V2).cs.designs, game(V3).cs.designs
    assert (v2["b04"].coins, v3["b04"].coins, v2["b02"].coins, v3["b02"].coins) == (8, 4, 4, 3)
    for cards, want in ((V2, 3), (V3, 4)):              # 3 Silos and 3 towers
        s = game(cards)
        for cell in ("2,0", "3,0"):
            put(s, 0, cell, "silo")
        for cell in ("0,1", "0,2", "0,-1"):
            put(s, 0, cell, "tower", water=1)
        assert game_end_of(s, "-1,0", "b05") == want
    for cards, coins in ((V2, 6), (V3, 5)):
        s = game(cards)
        put(s, 0, "2,0", "c07")
        act_with(s, 0, "b07", coins=0, food=1)
        s.apply("market 1")                     # 2 for the card, 2 for the Food, + C07
        assert s.players[0].coins == coins
    assert [(v2[d].vp, v3[d].vp) for d in ("c06", "c10", "l10")] == [(0, 1)] * 3
    s = game(V3)
    act_with(s, 0, "l08", coins=4, food=1)
    s.apply("build 1 1")
    assert s.players[0].farm["1,1"][0] == "l08"
    assert (s.players[0].coins, s.players[0].food) == (0, 0)
