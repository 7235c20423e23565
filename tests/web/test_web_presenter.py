"""The web shows the presenter's words (issue 32, item 2): the view's buttons are the
presenter's options laid out (words, cost, VP), ``GET /api/games/ID`` lists them with
the presenter's fields, and the final breakdown is the presenter's; the web computes
none of them."""

from __future__ import annotations

import html
import re
from typing import Any

from webutil import create, info, move, token

import arle
from arle import presenter
from arle.bots.random_bot import RandomBot
from arle.web.views import option_label


def test_the_web_shows_the_presenters_options_and_breakdown(client: Any) -> None:
    created = create(client, players=1, seed=6, expansion="tea-and-trade")
    gid, tok = created["id"], token(created, 0)
    s = arle.new_game(players=1, seed=6, expansion="tea-and-trade")
    bot = RandomBot(seed=6)
    checked = 0
    while not s.is_terminal():
        if len(s.history) % 9 == 0:
            data = info(client, gid, tok)
            dv = presenter.decision(s, seat=0)
            assert data["options"] == [{**o.to_json(), "label": option_label(o)}
                                       for o in dv.options]
            assert data["anytime"] == [{**o.to_json(), "label": option_label(o)}
                                       for o in dv.anytime]
            page = html.unescape(client.get(f"/games/{gid}/view",
                                            headers={"X-Arle-Token": tok}).text)
            labels = set(re.findall(r'<span class="label">([^<]*)</span>', page))
            assert {option_label(o) for o in (*dv.options, *dv.anytime)} <= labels
            assert "Workers: " in page
            checked += 1
        a = bot.choose(s)
        assert move(client, gid, tok, str(a)).status_code == 200
        s.apply(a)
    assert checked > 5
    data = info(client, gid)
    assert data["breakdown"] == [presenter.breakdown(s, 0).to_json()]
    page = html.unescape(client.get(f"/games/{gid}").text)
    assert presenter.benchmark_text(s.scores()[0].total) in page
