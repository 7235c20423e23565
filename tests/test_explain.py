"""The texts of every game element (``arle.data.texts``) and ``arle explain``."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import arle
from arle.cli.main import app
from arle.data import catalog as C
from arle.data import tea_trade as TT
from arle.data import texts as T
from arle.engine import spaces as S
from arle.engine.vehicles import placements_for
from arle.position import edit

WORD = re.compile(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]*")
# Game words that are no entry's name (entry names are added below).
GAME_TERMS = set(
    "Food Grain Flax Hide Wool Wood Clay Timber Brick Peat Linen Woolen Leather Summer "
    "Winter Wear Sheep Cattle Horse Land Space Moor Dike Tidal Flat Tile Upgrade November "
    "May VP Travel Experience Promo Fish Trap Weaving Loom Spade Shovel Pottery Wheel "
    "Workbench Oven Fleshing Beam Slaughtering Table Axe Field Forest Stall Stable Depot "
    "Plow Park Boat Handcart Wagon".split())


def known_words() -> set[str]:
    words = set(GAME_TERMS)
    for e in T.entries():
        words.update(WORD.findall(e["name"]))
    return words


def is_known(word: str, words: set[str]) -> bool:
    if word in words:
        return True
    w = re.sub(r"['’]s$", "", word)
    return any(x in words for x in (w, w.removesuffix("s"), w.removesuffix("es"),
                                    w.removesuffix("ies") + "y"))


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind,catalog_ids", [       # the base game's, then Tea & Trade's
    ("building", C.BUILDINGS + TT.TT_BUILDINGS),
    ("space", C.SPACES + TT.TT_SUMMER_SPACES_2P + TT.TT_WINTER_SPACES_2P
     + tuple(sp for sp in TT.SPACE_SEASON_3P
             if sp not in TT.TT_SUMMER_SPACES_2P + TT.TT_WINTER_SPACES_2P)
     + TT.IMITATE_SPACES),
    ("destination", C.DESTINATIONS),
    ("equipment", C.EQUIPMENT + TT.SHIP_IDS),
    ("tool", TT.TT_TOOLS),
])
def test_every_catalog_id_has_a_text(kind: str, catalog_ids: tuple[str, ...]) -> None:
    assert T.ids(kind) == list(catalog_ids)
    for i in catalog_ids:
        e = T.explain(i)
        assert e["kind"] == kind and e["id"] == i


def test_every_home_board_tile_kind_has_a_text() -> None:
    tiles = set(C.TILE_VP) | {"moor", "dehydrated_moor", "boardwalk", "dike"}
    tiles |= {k for k in list(C.UPGRADES) + list(C.UPGRADES.values())
              if k not in C.EQUIPMENT}
    assert tiles == set(T.ids("tile"))


def test_entries_have_the_documented_keys_and_non_empty_texts() -> None:
    seen = set()
    for e in T.entries():
        assert set(e) == {"id", "kind", "name", "cost", "vp", "text"}
        assert e["kind"] in T.KINDS
        assert e["id"] not in seen
        seen.add(e["id"])
        assert e["name"].strip() and e["text"].strip()
        assert e["text"].endswith((".", ")")), e["id"]
        assert "{" not in e["text"] and "}" not in e["text"], e["id"]
        json.dumps(e)


def test_texts_name_only_known_things() -> None:
    """Capitalised words inside a sentence are game terms or entry names (a typo such as
    'Shovle' or a name that does not exist fails)."""
    words = known_words()
    unknown: dict[str, str] = {}
    for e in T.entries():
        text = e["text"]
        for m in WORD.finditer(text):
            w = m.group()
            before = text[:m.start()].rstrip()
            if not w[0].isupper() or not before or before[-1] in ".:;(!?":
                continue
            if not is_known(w, words):
                unknown[w] = e["id"]
    assert unknown == {}
    # Ids quoted in texts exist.
    for e in T.entries():
        for ref in re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", e["text"]):
            assert ref in T.ids() or ref == "lutetsburg_shovels", (e["id"], ref)


def test_costs_and_vp_come_from_the_catalog() -> None:
    for b in C.BUILDINGS:
        e = T.explain(b)
        assert e["vp"] == C.BUILDING_VP[b]
    assert T.explain("mill")["cost"] == "1 Timber + 8 Flax or 8 Grain (not mixed)"
    assert T.explain("farmers_house")["cost"] == (
        "1 Grain + any 1 building material (Wood, Clay, Timber or Brick)")
    assert T.explain("potters_inn")["cost"] == "9 Food + 2 different building materials"
    assert T.explain("village_church")["cost"] == "3 Timber + 3 Brick + 15 Food"
    assert T.explain("textile_house")["cost"].startswith("1 Brick + 2 different clothing")
    for e in C.EQUIPMENT:
        assert T.explain(e)["vp"] == C.EQUIPMENT_VP[e]
    assert T.explain("droshky")["cost"] == "6 Wood + 2 Horses"
    assert T.explain("cart")["cost"] == "5 Wood + 1 Horse"
    assert T.explain("peat_boat")["cost"] == "1 Wood"
    assert T.explain("depot")["vp"] == C.TILE_VP["depot"]
    assert T.explain("moor")["vp"] == C.MOOR_VP
    assert T.explain("boardwalk")["vp"] == C.BOARDWALK_VP
    assert T.explain("fisherman")["vp"] is None and T.explain("bremen")["cost"] is None


def test_destination_sales_are_filled_in_from_the_catalog() -> None:
    for d in C.DESTINATIONS:
        text = T.explain(d)["text"]
        for food in C.DESTINATION_SALES[d].values():
            assert f"{food} Food" in text, d
        assert f"Size {C.DESTINATION_SIZE[d]}" in text
    assert "Size 4; fits on: Horse Cart, Droshky (with the promos also " \
           "Coach-and-Four (back side))." in T.explain("bremen")["text"]


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_fits_on_follows_the_engines_loading_rule(size: int) -> None:
    for v in C.VEHICLES:
        empty = [""] * len(C.VEHICLE_CELLS[v])
        assert T._fits(v, size) == bool(placements_for(v, empty, size)), (v, size)


def test_space_costs_match_the_engine() -> None:
    s = arle.new_game(players=1, seed=1)
    for sp in C.SPACES:
        opts = S.space_cost_options(s, 0, sp)
        cost = T.explain(sp)["cost"]
        if opts is None:
            assert cost is None, sp
        else:
            assert opts and opts[0] == {C.FOOD: int(str(cost).split()[0])}, sp
    s = edit(s, res={"food": 0})
    assert S.space_cost_options(s, 0, "wood_trader_space") == [{C.GRAIN: 1}]
    assert "Grain" in str(T.explain("wood_trader_space")["cost"])


def test_rulings_and_options_are_what_the_engine_does() -> None:
    assert "2 Wool" in T.explain("colonists_house")["text"]
    assert "moves 2 spaces" in T.explain("sluice_yard_inn")["text"]
    assert "10 Flax or 10 Wool" in T.explain("weaving_mill")["cost"]  # type: ignore[operator]
    assert "lutetsburg_shovels" in T.explain("lutetsburg_castle")["text"]
    assert "Small Boardwalk" in T.explain("peat_power_plant")["text"]
    assert "not a Laborer" in T.explain("laborer_winter")["text"]


# ---------------------------------------------------------------------------
# Finding entries
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("query,expected", [
    ("potters_inn", ["potters_inn"]),
    ("Potter's Inn", ["potters_inn"]),
    ("POTTERS  INN", ["potters_inn"]),
    ("Lütetsburg Castle", ["lutetsburg_castle"]),
    ("lutetsburg castle", ["lutetsburg_castle"]),
    ("Luetetsburg-Castle", ["lutetsburg_castle"]),
    ("peat-fired brickworks", ["peat_fired_brickworks"]),
    ("Grocer (Winter)", ["grocer_winter"]),
    ("grocer", ["grocer_summer", "grocer_winter"]),
    ("Wood Trader", ["wood_trader", "wood_trader_space"]),
    ("wood_trader_space", ["wood_trader_space"]),
    ("lutetsburg", ["lutetsburg_castle"]),          # the start of a name
    ("Potters In", ["potters_inn"]),                 # a near miss
    ("Bremmen", ["bremen"]),
    ("coach", ["coach_and_four", "coach_and_four_upgraded"]),
    ("castle", ["lutetsburg_castle", "berum_castle", "norderburg_castle"]),  # whole words
    ("weaver", ["woolen_weaver", "linen_weaver"]),
    ("inn", []),                                     # too many inns
    ("peat", []),                                    # too many starts
    ("xyzzy", []),
    ("", []),
])
def test_lookup(query: str, expected: list[str]) -> None:
    assert T.lookup(query) == expected


def test_explain_errors() -> None:
    assert T.explain("wood_trader")["kind"] == "building"   # an exact id wins
    with pytest.raises(T.AmbiguousName) as amb:
        T.explain("grocer")
    assert amb.value.matches == ["grocer_summer", "grocer_winter"]
    with pytest.raises(T.UnknownName) as unk:
        T.explain("peat")
    assert "peat_boat" in unk.value.suggestions and "peat_cutter" in unk.value.suggestions
    assert "no game element is called 'peat'" in str(unk.value)


def test_explain_returns_a_copy() -> None:
    e = T.explain("mill")
    e["text"] = "changed"
    assert T.explain("mill")["text"] != "changed"


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------
def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, ["explain", *args])
    return r.exit_code, r.stdout, r.stderr


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_command_by_id_shows_name_kind_cost_vp_and_text() -> None:
    code, out, err = run("mill")
    assert code == 0 and err == ""
    out = flat(out)
    assert "Mill (orange building, id mill)" in out
    assert "Cost: 1 Timber + 8 Flax or 8 Grain (not mixed)" in out
    assert "VP: 6" in out
    assert "12 Food with 6 or more" in out


def test_command_by_printed_name_in_several_words() -> None:
    code, out, _ = run("potter's", "INN")
    assert code == 0 and "Potter's Inn" in out and "Pottery Wheel" in out
    code, out, _ = run("Lütetsburg Castle")
    assert code == 0 and "Lütetsburg Castle (red building" in flat(out)


def test_command_fuzzy_and_several_matches() -> None:
    code, out, _ = run("bremmen")
    assert code == 0 and "Bremen (travel destination" in flat(out)
    code, out, _ = run("master")
    out = flat(out)
    assert code == 0
    assert "Master (Summer) (Summer action space" in out
    assert "Master (Winter) (Winter action space" in out


def test_command_unknown_name_exits_2_with_suggestions() -> None:
    code, out, err = run("peat", "cutting")
    assert code == 2 and out == ""
    assert "arle explain: no game element is called 'peat cutting'" in err
    assert "nearest: peat_cutter" in err
    code, _out, err = run("qqqqqqqq")
    assert code == 2 and "arle explain --list" in err
    code, _out, err = run()
    assert code == 2 and "give a NAME" in err


def test_command_list_groups_ids_by_kind() -> None:
    code, out, _ = run("--list")
    assert code == 0
    for title in T.KIND_TITLE.values():
        assert title in out
    for i in T.ids():
        assert re.search(rf"^{i}\s", out, re.M), i
    assert out.index("Buildings") < out.index("farmers_house") < out.index("Action spaces")
    code, out, _ = run("--list", "--json")
    assert code == 0 and json.loads(out) == {k: T.ids(k) for k in T.KINDS}
    code, _out, err = run("--list", "mill")
    assert code == 2


def test_command_json() -> None:
    code, out, _ = run("--json", "Lütetsburg Castle")
    assert code == 0
    data = json.loads(out)
    assert data == T.explain("lutetsburg_castle")
    assert list(data) == ["id", "kind", "name", "cost", "vp", "text"]
    code, out, _ = run("grocer", "--json")
    assert [e["id"] for e in json.loads(out)] == ["grocer_summer", "grocer_winter"]
    code, out, err = run("--json", "xyzzy")
    assert code == 2 and out == ""


def test_the_three_player_spaces_are_explained() -> None:
    """issue 34: arle explain (and the web's cards, /api/texts) know every space of the
    3-player game, with the catalog's figures."""
    from arle.data import tea_trade as TT
    from arle.data import texts
    for sp in (*TT.SPACE_SEASON_3P, *TT.IMITATE_SPACES):
        e = texts.explain(sp)
        assert e["kind"] == "space" and e["name"] == TT.TT_SPACE_NAME[sp], sp
        assert "3 players" in str(e["text"]) or sp in ("ditcher", "sailmaker",
                                                       "grandmother", "boat_builder"), sp
    imitate = str(texts.explain("imitate_2")["text"])
    first, later = TT.IMITATE_FOOD
    assert f"{first} Food" in imitate and f"{later} Food" in imitate
    assert f"{TT.WOODCUTTER_WINTER_WOOD} Wood" in str(texts.explain("woodcutter_winter")["text"])
    r = CliRunner().invoke(app, ["explain", "driver"])
    assert r.exit_code == 0 and "Winter action space" in r.output and "Clay" in r.output
    r = CliRunner().invoke(app, ["explain", "imitate_1"])
    assert r.exit_code == 0 and "both seasons" in r.output
