"""Runs past one process: the local and Ray backends give the same games, a killed worker
loses no game, self-play folders resume, Ctrl-C stops cleanly (arle.framework.runs,
arle.framework.selfplay and their earlier paths, ``arle tournament --backend``, ``arle selfplay``;
the second game too)."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Iterator

import pytest
from typer.testing import CliRunner

import arle
from arle.bots.arena import Match, MatchResult, play_match, schedule
from arle.bots.runs import RunInterrupted, run_matches
from arle.bots.selfplay import plan, selfplay
from arle.cli.main import app
from arle.cli.tournament import run as run_tournament

ray = pytest.importorskip("ray")
from ray import cloudpickle  # noqa: E402  (Ray's own copy, the one it pickles tasks with)

# The play functions below run in Ray workers, which cannot import this test module.
cloudpickle.register_pickle_by_value(sys.modules[__name__])

BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _games(results: list[MatchResult]) -> list[dict[str, Any]]:
    """Everything a game produced except the measured thinking time."""
    out = []
    for r in results:
        d = asdict(r)
        d.pop("seconds")
        out.append(d)
    return out


def _summary(results: list[MatchResult], labels: list[str], players: int) -> Any:
    from arle.bots.arena import summarize
    stats = summarize(labels, results, players)
    return {lb: {k: v for k, v in st.to_json().items() if k != "sec_per_decision"}
            for lb, st in stats.items()}


def test_backends_play_exactly_the_same_games(local_ray: None) -> None:
    args = (["random", "greedy"], 2, 2, 3)
    kw: dict[str, Any] = {"buildings": "first-game", "progress": False}
    labels, serial = run_tournament(*args, jobs=1, **kw)
    _, pool = run_tournament(*args, jobs=2, **kw)
    _, on_ray = run_tournament(*args, backend="ray", **kw)
    assert [r.index for r in on_ray] == list(range(len(serial)))
    assert _games(serial) == _games(pool) == _games(on_ray)
    assert _summary(serial, labels, 2) == _summary(on_ray, labels, 2)


def _die_once(marker: str, dying: int, m: Match) -> MatchResult:
    """Play ``m``, but kill this worker process the first time game ``dying`` starts."""
    if m.index == dying and not os.path.exists(marker):
        Path(marker).write_text("died once")
        os._exit(1)
    return play_match(m)


def test_a_killed_ray_worker_loses_and_duplicates_no_game(local_ray: None,
                                                          tmp_path: Path) -> None:
    matches = schedule(["random"], players=1, games=4, seed=20, buildings="first-game")
    seen: list[int] = []
    play = functools.partial(_die_once, str(tmp_path / "marker"), 2)
    results = run_matches(matches, "ray", play=play, on_result=lambda r: seen.append(r.index))
    assert (tmp_path / "marker").exists()          # the worker did die
    assert sorted(seen) == [0, 1, 2, 3]             # each game reported once
    assert _games(results) == _games(run_matches(matches))


def test_a_killed_local_worker_loses_and_duplicates_no_game(tmp_path: Path) -> None:
    matches = schedule(["random"], players=1, games=4, seed=30, buildings="first-game")
    seen: list[int] = []
    play = functools.partial(_die_once, str(tmp_path / "marker"), 1)
    results = run_matches(matches, "local", jobs=2, play=play,
                          on_result=lambda r: seen.append(r.index))
    assert (tmp_path / "marker").exists()
    assert sorted(seen) == [0, 1, 2, 3]
    assert _games(results) == _games(run_matches(matches))


@pytest.mark.parametrize("backend,jobs", [("local", 1), ("local", 2)])
def test_an_interrupt_keeps_the_finished_games(backend: str, jobs: int) -> None:
    matches = schedule(["random"], players=1, games=4, seed=40, buildings="first-game")

    def stop(r: MatchResult) -> None:
        raise KeyboardInterrupt

    with pytest.raises(RunInterrupted) as info:
        run_matches(matches, backend, jobs, on_result=stop)
    assert len(info.value.done) == 1


def test_bad_backend_options_are_refused() -> None:
    matches = schedule(["random"], players=1, games=1, seed=0)
    with pytest.raises(ValueError, match="unknown backend 'spark'"):
        run_matches(matches, "spark")
    with pytest.raises(ValueError, match="only for the ray backend"):
        run_matches(matches, "local", address="auto")
    runner = CliRunner()
    r = runner.invoke(app, ["tournament", "--players", "1", "--bots", "random",
                            "--backend", "spark"])
    assert r.exit_code == 2 and "unknown backend 'spark'" in r.output
    r = runner.invoke(app, ["selfplay", "--bots", "random", "--out", "x",
                            "--address", "auto"])
    assert r.exit_code == 2 and "--address is only for the ray backend" in r.output


def test_selfplay_seats_rotate_and_seeds_are_fixed() -> None:
    ms = plan(["a", "b", "c"], players=2, games=4, seed=7)
    assert [m.specs for m in ms] == [("a", "b"), ("b", "c"), ("c", "a"), ("a", "b")]
    assert [m.seed for m in ms] == [7, 8, 9, 10]
    assert len({m.bot_seeds for m in ms}) == 4
    assert [m.specs for m in plan(["x"], players=2, games=2, seed=0)] == [("x", "x")] * 2


def _files(d: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(d.iterdir())}


def test_selfplay_writes_records_and_a_manifest_then_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    m = selfplay(["random", "greedy"], 2, 3, 5, str(out), buildings="first-game")
    assert (m["played"], m["kept"], m["complete"]) == (3, 0, True)
    assert sorted(os.listdir(out)) == ["game-00000.json", "game-00001.json",
                                       "game-00002.json", "manifest.json"]
    man = json.loads((out / "manifest.json").read_text())
    assert man["format"] == "arle-selfplay-1" and man["args"]["bots"] == ["random", "greedy"]
    assert [g["seats"] for g in man["games"]] == [["bot:random", "bot:greedy"],
                                                 ["bot:greedy", "bot:random"],
                                                 ["bot:random", "bot:greedy"]]
    rec = json.loads((out / "game-00001.json").read_text())
    s = arle.replay(rec)
    assert s.is_terminal() and rec["scores"] == [sh.total for sh in s.scores()]
    assert man["games"][1]["scores"] == rec["scores"]
    before = _files(out)
    # A torn file and a missing one are played again; the others are kept as they are.
    (out / "game-00000.json").write_text('{"format": "arle-record-1", "setup"')
    (out / "game-00002.json").unlink()
    m = selfplay(["random", "greedy"], 2, 3, 5, str(out), buildings="first-game")
    assert (m["played"], m["kept"]) == (2, 1)
    assert _files(out) == before
    # Another run's arguments are refused, and nothing changes.
    with pytest.raises(ValueError, match="another self-play run"):
        selfplay(["random"], 2, 3, 5, str(out), buildings="first-game")
    assert _files(out) == before


def test_selfplay_on_ray_writes_the_same_files(local_ray: None, tmp_path: Path) -> None:
    selfplay(["random", "greedy"], 1, 3, 9, str(tmp_path / "a"), buildings="first-game")
    selfplay(["random", "greedy"], 1, 3, 9, str(tmp_path / "b"), buildings="first-game",
             backend="ray")
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def test_selfplay_command_and_dataset_of_its_folder(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    out = tmp_path / "g"
    runner = CliRunner()
    r = runner.invoke(app, ["selfplay", "--bots", "random", "--players", "1", "--games", "2",
                            "--seed", "3", "--out", str(out), "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "2 game record(s)" in r.output and "2 played, 0 kept" in r.output
    r = runner.invoke(app, ["dataset", str(out), "--out", str(tmp_path / "d.npz")])
    assert r.exit_code == 0, r.output
    assert "from 2 games" in r.output
    r = runner.invoke(app, ["selfplay", "--bots", "random", "--players", "4", "--out",
                            str(out)])
    assert r.exit_code == 2 and "--players must be 1, 2 or 3" in r.output
    r = runner.invoke(app, ["selfplay", "--bots", "random", "--players", "3", "--out",
                            str(out)])
    assert r.exit_code == 2 and "--players 3 needs --expansion tea-and-trade" in r.output


def test_ctrl_c_stops_selfplay_cleanly_and_a_rerun_resumes(tmp_path: Path) -> None:
    out = tmp_path / "g"
    cmd = [str(BIN / "arle"), "selfplay", "--bots", "greedy", "--players", "2", "--games",
           "40", "--seed", "1", "--out", str(out), "--no-progress"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not (out / "game-00000.json").exists():
            assert proc.poll() is None and time.monotonic() < deadline, "no game finished"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "rerun the same command to resume" in err and "Traceback" not in err
    kept = sorted(p.name for p in out.glob("game-*.json"))
    assert 1 <= len(kept) < 40
    assert not list(out.glob("*.tmp"))
    assert json.loads((out / "manifest.json").read_text())["complete"] is False
    for name in kept:
        assert arle.replay(json.loads((out / name).read_text())).is_terminal()


def test_the_second_game_runs_on_ray_as_on_local_processes(local_ray: None,
                                                           tmp_path: Path) -> None:
    # The framework's runs and self-play serve every game of the protocol.
    from arle.framework import selfplay as F
    from arle.green.arena import green_schedule
    matches = green_schedule(["random", "greedy"], players=3, games=3, seed=2)
    assert _games(run_matches(matches, "ray")) == _games(run_matches(matches, "local", 2))
    F.selfplay(["greedy", "random"], 2, 2, 6, str(tmp_path / "a"), game="green")
    F.selfplay(["greedy", "random"], 2, 2, 6, str(tmp_path / "b"), game="green",
               backend="ray")
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
