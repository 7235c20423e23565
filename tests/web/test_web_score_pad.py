"""The scoring pad in the browser (``/score``) and its JSON twin (``POST /api/score``).

The pad's example farm (docs/SCORING_PAD.md, 57 VP) is typed into the form as a person
would; refused figures come back with the reason and the figures kept; the API gives the
same sheet as ``arle score --json``.
"""

from __future__ import annotations

import re
import urllib.parse
from typing import Any

from util import EXAMPLE_FARM

FORM = {"content-type": "application/x-www-form-urlencoded"}


def example_form() -> list[tuple[str, str]]:
    """The example farm as the form's fields (check boxes repeat their name)."""
    f = EXAMPLE_FARM
    fields: list[tuple[str, str]] = []
    for group in ("goods", "supply", "animals", "tools"):
        fields += [(f"{group}.{k}", str(v)) for k, v in f[group].items()]
    for item in set(f["barn"]):
        fields.append((f"barn.{item}", str(f["barn"].count(item))))
    fields += [("travel", d) for d in f["travel"]]
    home = f["home_board"]
    fields += [("home_board.buildings", b) for b in home["buildings"]]
    fields += [(f"home_board.{k}", str(v)) for k, v in home.items()
               if k not in ("buildings", "boardwalk")]
    if home["boardwalk"]:
        fields.append(("home_board.boardwalk", "y"))
    fields.append(("supply_bottlenecks", str(f["supply_bottlenecks"])))
    return fields


def post(client: Any, fields: list[tuple[str, str]]) -> Any:
    return client.post("/score", content=urllib.parse.urlencode(fields), headers=FORM)


def test_the_form_offers_every_figure(client: Any) -> None:
    r = client.get("/score")
    assert r.status_code == 200
    html = r.text
    for name in ("goods.food", "supply.leather_wear", "animals.horses", "tools.spades",
                 "barn.droshky", "travel", "home_board.buildings", "home_board.dikes_moved",
                 "home_board.boardwalk", "supply_bottlenecks"):
        assert f'name="{name}"' in html, name
    assert 'value="village_church"' in html and "Village Church" in html
    assert 'id="pad-result"' not in html


def test_the_example_farm_scores_57(client: Any) -> None:
    r = post(client, example_form())
    assert r.status_code == 200, r.text
    total = re.search(r'id="pad-total">([^<]+)<', r.text)
    assert total is not None and total.group(1) == "57"
    assert re.search(r'data-category="home_board"><th>[^<]+</th><td>14<', r.text)
    # the figures stay in the form for a correction
    assert re.search(r'name="goods.wool" value="15"', r.text)
    assert re.search(r'value="emden" checked', r.text)


def test_refused_figures_name_the_key_and_keep_the_form(client: Any) -> None:
    fields = [(k, "16" if k == "goods.grain" else v) for k, v in example_form()]
    r = post(client, fields)
    assert r.status_code == 400
    assert "goods.grain" in r.text and 'id="pad-result"' not in r.text
    assert re.search(r'name="goods.grain" value="16"', r.text)
    for bad in ("lots", "\u00b2", "-1", "99"):        # a word, a Unicode digit, out of range
        r = post(client, example_form() + [("barn.plow", bad)])
        assert r.status_code == 400 and "barn.plow" in r.text, bad
        assert re.search(r'name="goods.wool" value="15"', r.text), bad   # figures kept
        assert re.search(r'value="emden" checked', r.text), bad
    r = post(client, example_form() + [("barn.cart", "5")])   # 8 items: over the barn
    assert r.status_code == 400 and "barn" in r.text


def test_api_score_matches_the_command(client: Any) -> None:
    r = client.post("/api/score", json=EXAMPLE_FARM)
    assert r.status_code == 200
    assert r.json()["total"] == 57
    assert r.json()["categories"]["clothing_and_materials"] == 11
    bad = client.post("/api/score", json={"tools": {"spades": 4}})
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("tools.spades: 4 is not a value")
    assert client.post("/api/score", content="{", headers={
        "content-type": "application/json"}).status_code == 400
    assert client.post("/api/score", content="x=1", headers=FORM).status_code == 415
