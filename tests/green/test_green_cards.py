"""The invented card set and its loader (R1, P1-P7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import arle.green as G
from arle.green.cards import FRAMES, PILES, SHIPPED, CardSet, load_cards, parse_cards

CS = load_cards()
RAW = json.loads(Path(CS.path).read_text())
#: Every shipped set must meet P1-P5 (v3, the default; v2 and v1, kept for old records).
SETS = pytest.mark.parametrize("CS", [load_cards(p) for p in SHIPPED], ids=["v3", "v2", "v1"])


def test_default_is_v3_and_the_older_sets_still_load() -> None:
    assert CS.id == "arle-placeholder-v3"
    assert [load_cards(p).id for p in SHIPPED] == ["arle-placeholder-v3",
                                                   "arle-placeholder-v2",
                                                   "arle-placeholder-v1"]
    assert G.new_game(players=2, seed=0).cs.id == "arle-placeholder-v3"


@SETS
def test_r1_p2_component_counts(CS: CardSet) -> None:
    assert CS.pile_total == {p: 33 for p in PILES}
    for p in PILES:
        designs = [CS.designs[d] for d in CS.pile_designs[p]]
        assert 8 <= len(designs) <= 11 and all(2 <= d.copies <= 5 for d in designs)
    assert (CS.tower_count, CS.tower_vp, CS.silo_count, CS.silo_vp) == (20, 0, 14, 0)
    assert CS.equipment_total == 30 and 10 <= len(CS.tiles) <= 15
    assert all(t.copies <= 3 for t in CS.tiles.values())


@SETS
def test_p1_identity_and_invented_names(CS: CardSet) -> None:
    assert CS.id in ("arle-placeholder-v1", "arle-placeholder-v2", "arle-placeholder-v3")
    banned = ("brewery", "watchdog", "rabbit", "duck", "turkey", "cabbage")
    for x in list(CS.designs.values()) + list(CS.tiles.values()):
        code, label = x.name.split(" ", 1)
        assert code.lower() == x.id and label
        assert not any(b in x.name.lower() for b in banned)


@SETS
def test_p3_roles_and_frames(CS: CardSet) -> None:
    frame_piles: dict[str, set[str]] = {}
    for d in CS.designs.values():
        frame_piles.setdefault(d.frame, set()).add(d.pile)
    for f in ("immediate", "harvest", "game_end", "ongoing"):
        assert len(frame_piles[f]) >= 2, f
    main = {"field": "harvest", "livestock": "harvest", "construction": "immediate"}
    for p in PILES:
        frames = [CS.designs[d].frame for d in CS.pile_designs[p]]
        assert len(set(frames)) >= 2                    # another frame in every pile
        if p in main:
            assert frames.count(main[p]) > len(frames) / 2
    assert all(d.tags for d in CS.designs.values())


def _ops(effs: object) -> str:
    return json.dumps(effs)


@SETS
def test_p4_mechanics_present(CS: CardSet) -> None:
    ds = list(CS.designs.values())
    assert any(d.water for d in ds) and any(d.food for d in ds)
    assert any(d.coins and not d.water and not d.food for d in ds)
    costs = [c for d in ds for c in d.harvest_cost]
    assert any(c[1] for c in costs) and any(c[2] for c in costs) and any(c[0] for c in costs)
    assert any(len(d.harvest_cost) > 1 for d in ds)
    assert any(d.frame == "harvest" and not d.harvest_cost for d in ds)
    text = _ops([d.effect for d in ds])
    for needle in ('"equipment"', '"refill"', '"adjacent"', '"within2"', '"max": 0',
                   '"empty_towers"', '"type_sets"', '"market_coins"', '"restore_cost"'):
        assert needle in text, needle
    tiles = list(CS.tiles.values())
    assert {t.kind for t in tiles} == set(PILES) | {"water_tower", "silo"}
    assert any(t.keywords == ("harvest",) for t in tiles)
    assert {t.timing for t in tiles} >= {"always", "placement", "harvest", "game_end"}
    ttext = _ops([t.effect for t in tiles])
    assert '"capacity"' in ttext and '"range"' in ttext


@SETS
def test_p5_number_bands(CS: CardSet) -> None:
    ds = list(CS.designs.values())
    assert all(0 <= d.coins <= 8 and 0 <= d.water <= 2 and 0 <= d.food <= 2 for d in ds)
    assert all(0 <= d.vp <= 5 for d in ds)
    assert all(1 <= sum(c) <= 3 for d in ds for c in d.harvest_cost)
    assert max(d.vp for d in ds) == max(d.vp for d in ds if d.pile == "building")
    coins = sorted(d.coins for d in ds)
    assert coins[len(coins) // 2] == 3


def _write(tmp_path: Path, data: object) -> str:
    p = tmp_path / "set.json"
    p.write_text(json.dumps(data))
    return str(p)


def test_p7_another_set_loads_and_errors_name_file_and_field(tmp_path: Path) -> None:
    data = json.loads(json.dumps(RAW))
    data["id"] = "my-own"
    data["locations"][0]["name"] = "X01 Mine"
    path = _write(tmp_path, data)
    s = G.new_game(players=2, seed=1, cards=path)
    assert s.cs.id == "my-own" and s.cs.hash != CS.hash
    assert s.record()["setup"]["cards"]["id"] == "my-own"
    bad = json.loads(json.dumps(RAW))
    bad["locations"][3]["ability"]["effect"][0]["op"] = "teleport"
    with pytest.raises(ValueError, match=r"set\.json: locations\[3\] \(f04\)\.ability\."
                                         r"effect\[0\]\.op: unknown primitive 'teleport'"):
        load_cards(_write(tmp_path, bad))
    bad = json.loads(json.dumps(RAW))
    bad["equipment"][1]["target"]["kind"] = "moon"
    with pytest.raises(ValueError, match=r"equipment\[1\] \(e02\)\.target\.kind"):
        load_cards(_write(tmp_path, bad))
    bad = json.loads(json.dumps(RAW))
    del bad["locations"][0]["cost"]
    with pytest.raises(ValueError, match=r"locations\[0\]: missing field 'cost'"):
        load_cards(_write(tmp_path, bad))
    with pytest.raises(ValueError, match="not JSON"):
        (tmp_path / "x.json").write_text("{")
        load_cards(tmp_path / "x.json")
    with pytest.raises(ValueError, match="cannot read"):
        load_cards(tmp_path / "missing.json")


def test_p7_f13_size_check(tmp_path: Path) -> None:
    small = json.loads(json.dumps(RAW))
    for loc in small["locations"]:
        loc["copies"] = 2
    path = _write(tmp_path, small)
    with pytest.raises(ValueError, match=r"88 cards, fewer than the 96 .*F13"):
        G.new_game(players=4, seed=1, cards=path)
    G.new_game(players=3, seed=1, cards=path)          # 72 needed
    for loc in small["locations"]:
        loc["copies"] = 1
    path = _write(tmp_path, small)
    with pytest.raises(ValueError, match=r"44 cards, fewer than the 48 a 1-player"):
        G.new_game(players=1, seed=1, cards=path)
    with pytest.raises(ValueError, match=r"fewer than the 16 draw_mode 'fixed'"):
        G.new_game(players=1, seed=1, draw_mode="fixed", cards=_write(tmp_path, _pile(small)))


def _pile(data: dict[str, object]) -> dict[str, object]:
    """Three copies of everything but one copy of each Field (11 < 16 = 2 x 4 x 2)."""
    out = json.loads(json.dumps(data))
    for loc in out["locations"]:  # type: ignore[attr-defined]
        loc["copies"] = 1 if loc["pile"] == "field" else 3
    return out  # type: ignore[no-any-return]


def test_p7_replay_refuses_another_set(tmp_path: Path) -> None:
    data = json.loads(json.dumps(RAW))
    data["id"] = "other"
    data["locations"][0]["vp"] = 3
    path = _write(tmp_path, data)
    s = G.new_game(players=2, seed=3, cards=path)
    rec = s.record()
    assert G.replay(rec, cards=path) == s
    with pytest.raises(ValueError, match="played with card set 'other'"):
        G.replay(rec, cards=CS.path)


def test_frames_documented() -> None:
    assert FRAMES == ("immediate", "harvest", "game_end", "ongoing", "none")
    with pytest.raises(ValueError, match=r"\(top\): missing field"):
        parse_cards({"format": "arle-green-cards-1"})
