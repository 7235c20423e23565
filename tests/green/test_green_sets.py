"""The shipped card sets: v2 is the default, v1 stays shipped unchanged, and a record or a
saved state finds its set by id and content hash (P7: a replay refuses another set)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import arle.green as G
from arle.green import cards as C
from green_util import V1, V2, act_with, harvest_of, play_random, put

ROOT = Path(__file__).resolve().parents[2]

#: The content hashes the records of each shipped set name.  v1's must never change:
#: records and goldens written with it replay only while it is the same file.
HASHES = {"arle-placeholder-v1": "da980f1ea1d751a5", "arle-placeholder-v2": "4184c9924a42108d"}


def _game(cards: str | None, n: int = 2, seed: int = 3, steps: int = 60) -> G.State:
    s = G.new_game(players=n, seed=seed) if cards is None else G.new_game(
        players=n, seed=seed, cards=cards)
    return play_random(s, seed, steps=steps)


def test_shipped_sets_and_their_hashes() -> None:
    got = {C.load_cards(p).id: C.load_cards(p).hash for p in C.SHIPPED}
    assert got == HASHES
    assert C.DEFAULT_CARDS == C.V2_CARDS and C.load_cards().id == "arle-placeholder-v2"


@pytest.mark.parametrize("cards", [V1, V2, None], ids=["v1", "v2", "default"])
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


def test_a_v1_game_and_a_v2_game_differ_only_by_their_cards() -> None:
    a, b = G.new_game(players=3, seed=5, cards=V1), G.new_game(players=3, seed=5)
    assert a.cs.id != b.cs.id and a.first == b.first
    assert a.cs.designs.keys() == b.cs.designs.keys()
    assert {d.name for d in a.cs.designs.values()} == {d.name for d in b.cs.designs.values()}


def _tuner() -> Any:
    spec = importlib.util.spec_from_file_location("green_tune_v2",
                                                  ROOT / "scripts" / "green-tune-v2.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_v2_is_v1_plus_the_tuning_table() -> None:
    """The shipped v2 file is exactly what ``scripts/green-tune-v2.py`` builds from v1 and
    its table of changes, so the table documents every difference."""
    tune = _tuner()
    assert tune.dump(tune.build()) == Path(V2).read_text(encoding="utf-8")
    v1, v2 = (json.loads(Path(p).read_text()) for p in (V1, V2))
    changed = {a["id"] for a, b in zip(v1["locations"], v2["locations"]) if a != b}
    assert changed == set(tune.LOCATIONS)
    for a, b in zip(v1["locations"], v2["locations"]):
        assert (a["id"], a["name"], a["pile"], a["copies"], a["tags"]) == (
            b["id"], b["name"], b["pile"], b["copies"], b["tags"])


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
    s.players[0].food = 1
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
