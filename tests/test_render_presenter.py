"""The terminal shows the presenter's words (issue 32, item 2): every numbered option is
the presenter's option laid out (notation, detail, cost), the score breakdown lists the
presenter's items, the result names the presenter's benchmark; the terminal computes
none of them."""

from __future__ import annotations

import io

from rich.console import Console

import arle
from arle import presenter
from arle.bots.random_bot import RandomBot
from arle.cli import render


def printed(renderable: object, width: int = 400) -> str:
    console = Console(file=io.StringIO(), width=width, height=200, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def test_the_terminal_lists_the_presenters_options_and_breakdown() -> None:
    for players, expansion, seed in ((1, None, 3), (3, "tea-and-trade", 4)):
        s = arle.new_game(players=players, seed=seed, expansion=expansion)
        bot = RandomBot(seed=seed)
        ply = 0
        while not s.is_terminal():
            if ply % 7 == 0:
                listing, order = render.numbered_actions(s)
                text = printed(listing)
                dv = presenter.decision(s)
                # numbered as the presenter orders them: the options, then anytime
                assert [str(a) for a in order] == [o.action for o in (*dv.options,
                                                                      *dv.anytime)]
                for n, o in enumerate((*dv.options, *dv.anytime), 1):
                    label = render.option_label(o)
                    assert label.startswith(o.action)
                    assert (o.cost == "") == (" · " not in label[len(o.action):])
                    assert f"{n}. {label}" in text, (n, label)
                assert render.describe_decision(s).endswith(dv.text)
            s.apply(bot.choose(s))
            ply += 1
        for p in range(players):
            table = printed(render.breakdown_table(s, p))
            b = presenter.breakdown(s, p)
            for c in b.categories:
                assert c.name in table
                for item in c.items:
                    assert item.what in table, item
        if players == 1:
            lines = render.winner_lines(s)
            assert presenter.benchmark_text(s.scores()[0].total) in lines
