"""How long bots think on the web: a seat's search is bounded by time unless its spec
says how long (``mcts`` is seated as ``mcts:time=2``), hints come from the server's hint
bots (``arle serve --hint-bot/--solo-hint-bot``, refused at start when the server would
not seat them), the page says that a bot is thinking, and ``warm_workers`` starts the
bot workers with the server.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from slowbot import think as slow_think
from webutil import create, info, token, wait_until

from arle.web.botworker import SEAT_TIME, check_bot_spec


@pytest.mark.parametrize(("spec", "game", "seated"), [
    ("mcts", "arle", f"mcts:time={SEAT_TIME:g}"),
    ("mcts:c=1.5", "arle", f"mcts:c=1.5,time={SEAT_TIME:g}"),
    ("mcts:sims=50", "arle", "mcts:sims=50"),          # the spec says how long
    ("mcts:time=5", "arle", "mcts:time=5"),            # a seat may ask for more
    ("plan", "arle", f"plan:time={SEAT_TIME:g}"),
    ("plan:playouts=3", "arle", "plan:playouts=3"),
    # the planner's search options; its time stays bounded
    ("plan:method=nrpa,level=2,iterations=10,alpha=0.5", "arle",
     f"plan:method=nrpa,level=2,iterations=10,alpha=0.5,time={SEAT_TIME:g}"),
    ("plan:rollout=hand,order=hand,time=1", "arle", "plan:rollout=hand,order=hand,time=1"),
    ("greedy", "arle", "greedy"),                      # no search: nothing to bound
    ("ismcts", "green", f"green-ismcts:time={SEAT_TIME:g}"),
    ("green-ismcts:sims=20", "green", "green-ismcts:sims=20"),
    ("so-ismcts", "arle", f"so-ismcts:time={SEAT_TIME:g}"),    # the framework's search
    ("so-ismcts:c=1", "green", f"so-ismcts:c=1,time={SEAT_TIME:g}"),
    ("so-ismcts:sims=20", "green", "so-ismcts:sims=20"),
])
def test_a_search_is_bounded_by_time_unless_its_spec_says(spec: str, game: str,
                                                           seated: str) -> None:
    assert check_bot_spec(spec, game) == seated


@pytest.mark.parametrize(("spec", "why"), [
    ("plan:level=9", "above this server's limit of 5"),
    ("plan:iterations=100000", "above this server's limit of 1000"),
    ("plan:alpha=0", "below this server's lowest value of 0.01"),
    ("plan:method=beam", "not one plan takes"),
    ("plan:rollout=learned,model=/etc/passwd", "takes no option 'model'"),
    ("plan:order=random", "not one plan takes"),
    ("plan:clock=cpu", "not one plan takes"),     # the server bounds the wall time
])
def test_the_planners_options_within_limits(spec: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        check_bot_spec(spec)


def test_a_seated_search_shows_its_bound(client: Any) -> None:
    made = create(client, players=2, seats=["human", "bot:mcts"], seed=3)
    assert made["seats"][1]["bot"] == f"mcts:time={SEAT_TIME:g}"
    assert info(client, made["id"])["seats"][1]["bot"] == f"mcts:time={SEAT_TIME:g}"


def test_hints_come_from_the_servers_hint_bot(make_app: Any) -> None:
    with TestClient(make_app(hint_bot="greedy", solo_hint_bot="greedy:noise=0")) as client:
        made = create(client, players=2, seats=["human", "human"], seed=3, hints=True)
        gid = made["id"]
        tok = token(made, info(client, gid)["current_player"])
        answers = [client.post(f"/api/games/{gid}/hint", json=body,
                               headers={"X-Arle-Token": tok}).json()["action"]
                   for body in ({}, {"bot": "greedy"})]
        assert answers[0] == answers[1]
        solo = create(client, players=1, seed=3)
        r = client.post(f"/api/games/{solo['id']}/hint", json={},
                        headers={"X-Arle-Token": token(solo, 0)})
        assert r.status_code == 200 and r.json()["action"] in info(client, solo["id"])["legal"]


@pytest.mark.parametrize(("kw", "why"), [
    ({"hint_bot": "plan"}, "solo games only"),
    ({"hint_bot": "nobody"}, "unknown bot"),
    ({"solo_hint_bot": "mcts:model=/etc/passwd"}, "no option 'model'"),
    ({"hint_bot": "mcts:time=600"}, "limit"),
])
def test_a_hint_bot_the_server_would_not_seat_is_refused(make_app: Any, kw: dict[str, str],
                                                         why: str) -> None:
    with pytest.raises(ValueError, match=why):
        make_app(**kw)


def test_arle_serve_refuses_a_hint_bot_at_start(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "arle"
    cmd = [str(script)] if script.exists() else [
        sys.executable, "-c", "from arle.cli.main import app; app()"]
    out = subprocess.run(cmd + ["serve", "--db", str(tmp_path / "x.sqlite3"),
                                "--hint-bot", "plan:time=1"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "solo games only" in out.stderr
    assert not (tmp_path / "x.sqlite3").exists()


def test_the_page_says_a_bot_is_thinking(make_app: Any, tmp_path: Path,
                                        monkeypatch: Any) -> None:
    release = tmp_path / "release"
    monkeypatch.setenv("ARLE_TEST_RELEASE", str(release))
    monkeypatch.setenv("ARLE_TEST_THINK_SECONDS", "30")
    with TestClient(make_app(think_fn=slow_think)) as client:
        made = create(client, players=2, seats=["human", "bot:random"], seed=0)
        gid = made["id"]
        assert info(client, gid)["current_player"] == 1          # the bot starts (seed 0)
        view = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": token(made, 0)})
        assert 'class="status thinking"' in view.text and "is thinking" in view.text
        release.write_text("go")
        wait_until(lambda: info(client, gid)["current_player"] == 0, timeout=60,
                   what="the bot's move")
        view = client.get(f"/games/{gid}/view", headers={"X-Arle-Token": token(made, 0)})
        assert 'class="status thinking"' not in view.text and "Your turn" in view.text


def test_warm_workers_start_with_the_server(make_app: Any) -> None:
    with TestClient(make_app(warm_workers=True)) as client:
        service = client.app.state.service
        assert service.bots.pool_started                  # started before any request
        made = create(client, players=1, seed=2)
        r = client.post(f"/api/games/{made['id']}/hint", json={"bot": "mcts:sims=5"},
                        headers={"X-Arle-Token": token(made, 0)})
        assert r.status_code == 200, r.text
