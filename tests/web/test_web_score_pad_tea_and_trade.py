"""The web scoring pad with Tea & Trade (``/score?expansion=tea-and-trade``): the form
asks the expansion's figures (teas, Digging Spades, ships by kind, ditches, its
buildings), the sheet has its three rows, and a refused figure or expansion names why.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from test_web_score_pad import FORM, example_form, post
from util import EXAMPLE_FARM

from arle.scoring import TT_CATEGORY_NAMES, farm_from_dict, format_vp, score_farm


def tt_form() -> list[tuple[str, str]]:
    return example_form() + [
        ("expansion", "tea-and-trade"), ("supply.tea", "3"), ("supply.east_frisian_tea", "2"),
        ("tools.digging_spades", "5"), ("harbor.fishing_cutter_small", "1"),
        ("harbor.trading_ship_large", "2"), ("home_board.ditches", "4"),
        ("home_board.buildings", "tea_office"), ("home_board.buildings", "smithy_star")]


def tt_farm() -> dict[str, Any]:
    farm = copy.deepcopy(EXAMPLE_FARM)
    farm["supply"].update({"tea": 3, "east_frisian_tea": 2})
    farm["tools"]["digging_spades"] = 5
    farm["harbor"] = ["fishing_cutter_small", "trading_ship_large", "trading_ship_large"]
    farm["home_board"]["ditches"] = 4
    farm["home_board"]["buildings"] += ["tea_office", "smithy_star"]
    return farm


def test_the_expansion_pad_asks_its_figures(client: Any) -> None:
    base = client.get("/score").text
    assert 'name="supply.tea"' not in base and 'href="/score?expansion=tea-and-trade"' in base
    r = client.get("/score?expansion=tea-and-trade")
    assert r.status_code == 200
    html = r.text
    for name in ("supply.tea", "supply.east_frisian_tea", "tools.digging_spades",
                 "harbor.fishing_cutter_small", "harbor.trading_ship_large",
                 "home_board.ditches", "goods.food", "barn.plow"):
        assert f'name="{name}"' in html, name
    assert 'value="tea_office"' in html and "Tea Office" in html
    assert "Large Trading Ship" in html
    assert '<input type="hidden" name="expansion" value="tea-and-trade">' in html


def test_the_expansion_farm_scores_its_rows(client: Any) -> None:
    r = post(client, tt_form())
    assert r.status_code == 200, r.text
    sheet = score_farm(farm_from_dict(tt_farm()))
    total = re.search(r'id="pad-total">([^<]+)<', r.text)
    assert total is not None and total.group(1) == format_vp(sheet.total)
    for key, name in TT_CATEGORY_NAMES.items():
        row = re.search(rf'data-category="{key}"><th>([^<]+)</th><td>([^<]+)<', r.text)
        assert row is not None, key
        assert row.group(2) == format_vp(sheet.categories[key]), key
    # the figures stay for a correction, the pad stays the expansion's
    assert re.search(r'name="supply.tea" value="3"', r.text)
    assert re.search(r'name="harbor.trading_ship_large" value="2"', r.text)


def test_refusals_name_the_figure(client: Any) -> None:
    r = post(client, tt_form() + [("harbor.fishing_cutter_large", "2")])   # 3 cutters
    assert r.status_code == 400 and "exceed the harbor" in r.text
    assert re.search(r'name="supply.tea" value="3"', r.text)
    r = post(client, tt_form() + [("harbor.trading_ship_small", "lots")])
    assert r.status_code == 400 and "harbor.trading_ship_small" in r.text
    r = post(client, [("expansion", "../etc/passwd")] + example_form())
    assert r.status_code == 400 and "unknown expansion" in r.text
    r = client.get("/score?expansion=bogus")
    assert r.status_code == 400 and "unknown expansion" in r.text
    # a base pad ignores the expansion's fields it does not ask
    r = post(client, example_form() + [("supply.tea", "3")])
    assert r.status_code == 200 and 'data-category="tea"' not in r.text


def test_a_base_pad_posted_without_expansion_keeps_the_base_rows(client: Any) -> None:
    r = client.post("/score", content="goods.food=12", headers=FORM)
    assert r.status_code == 200
    assert 'data-category="ships"' not in r.text
