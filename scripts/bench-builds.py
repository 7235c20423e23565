"""The pure and the compiled build side by side, interleaved in one run (issue 35).

    python scripts/bench-builds.py --pure PURE/bin/python --compiled COMPILED/bin/python \
        [--rounds 5] [--games 20] [--repeats 5] [--mcts-games 2] [--decisions 6] \
        [--mcts-repeats 1] [--before BEFORE_PURE/bin/python BEFORE_COMPILED/bin/python]

Each round runs, for the pure then the compiled build, ``arle bench --json`` (µs per
decision of seeded random 2-player games, wall clock), the same games timed in CPU time
(``cpu_us_per_decision``: legal_actions + apply + the random choice, the fastest
repeat; what to compare on a busy machine) and the default search's simulations per
CPU second on seeded solo games (as ``arle bench --mcts`` of this tree counts them:
whole games timed; the best of ``--mcts-repeats``, timed here in every build alike),
each build in its own process, with :func:`arle.cli.bench.workload_ms` (a fixed pure-Python workload) timed
here before and after every benchmark.  On a machine shared with other jobs the load
changes from minute to minute; a figure is put on the run's common scale by the
workload timed beside it (``scaled = figure * w_run / w_beside`` for a time,
``figure * w_beside / w_run`` for a rate, ``w_run`` the median workload of the run).
The ratios compiled/pure are taken within each round.  Prints one JSON object: per
build the medians and ranges, raw and scaled, and the ratios' medians and ranges.

``--before`` adds the two builds of an earlier commit to every round (after the two
above), so that a change is measured before and after in the same run: their figures
are under ``"before_pure"`` and ``"before_compiled"``, scaled to the same workload, with
their own ratios under ``"before_speedup_*"``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from typing import Any

from arle.cli.bench import workload_ms


def _run(python: str, args: list[str]) -> dict[str, Any]:
    # each build's Python finds its own arle: PYTHONPATH is not passed on
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([python, "-m", "arle.cli.main", "bench", *args, "--json"],
                         check=True, capture_output=True, text=True, env=env).stdout
    data: dict[str, Any] = json.loads(out)
    return data


#: The engine timed in CPU time (the load of other jobs inflates wall-clock figures
#: several-fold on a shared machine): seeded random 2-player games, legal_actions +
#: apply + the random choice, CPU microseconds per decision, the fastest of the repeats.
_CPU_ENGINE = """
import json, random, sys, time
import arle
from arle.cli.bench import compiled
games, repeats = int(sys.argv[1]), int(sys.argv[2])
best = float("inf")
for _ in range(repeats):
    cpu = 0.0
    n = 0
    for g in range(games):
        rng = random.Random(g)
        s = arle.new_game(players=2, seed=g, buildings="random")
        t0 = time.process_time()
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            n += 1
        cpu += time.process_time() - t0
    best = min(best, cpu / n * 1e6)
print(json.dumps({"cpu_us_per_decision": best, "compiled": compiled()}))
"""


#: The default search timed the same way in every build, the builds of an earlier commit
#: included (whose ``arle bench --mcts`` may time it otherwise): what ``arle bench
#: --mcts`` of this tree measures, simulations over the CPU time of whole games (setup,
#: searches, plan steps and applies), the best of the repeats.
_CPU_MCTS = """
import json, sys, time
import arle, arle.bots
from arle.cli.bench import compiled
games, decisions, repeats = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
best = 0.0
for _ in range(repeats):
    sims = 0
    cpu = 0.0
    for g in range(games):
        bot = arle.bots.get("mcts", seed=g)
        t0 = time.process_time()
        s = arle.new_game(players=1, seed=g, buildings="random")
        for _ in range(decisions):
            if s.is_terminal():
                break
            bot.last_stats = {}
            a = bot.choose(s)
            if bot.last_stats:
                sims += int(bot.last_stats["sims"])
            s.apply(a)
        cpu += time.process_time() - t0
    best = max(best, sims / cpu)
print(json.dumps({"sims_per_cpu_s": best, "compiled": compiled()}))
"""


def _cpu_mcts(python: str, games: int, decisions: int, repeats: int) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([python, "-c", _CPU_MCTS, str(games), str(decisions), str(repeats)],
                         check=True, capture_output=True, text=True, env=env).stdout
    value: float = json.loads(out)["sims_per_cpu_s"]
    return value


def _cpu_engine(python: str, games: int, repeats: int) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([python, "-c", _CPU_ENGINE, str(games), str(repeats)], check=True,
                         capture_output=True, text=True, env=env).stdout
    value: float = json.loads(out)["cpu_us_per_decision"]
    return value


def _summary(xs: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(xs), 3), "min": round(min(xs), 3),
            "max": round(max(xs), 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pure", required=True, help="python of the pure build")
    ap.add_argument("--compiled", required=True, help="python of the compiled build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--mcts-games", type=int, default=2)
    ap.add_argument("--decisions", type=int, default=6)
    ap.add_argument("--mcts-repeats", type=int, default=1)
    ap.add_argument("--before", nargs=2, metavar=("PURE", "COMPILED"),
                    help="the pure and the compiled build of an earlier commit")
    o = ap.parse_args()
    builds = {"pure": o.pure, "compiled": o.compiled}
    if o.before:
        builds.update({"before_pure": o.before[0], "before_compiled": o.before[1]})
    rows: dict[str, list[dict[str, float]]] = {b: [] for b in builds}
    for name, python in builds.items():          # each build is what it says
        flag = _run(python, ["--games", "1", "--repeats", "1"])["compiled"]
        if flag != name.endswith("compiled"):
            sys.exit(f"{python} is not the {name} build (compiled: {flag})")
    for r in range(o.rounds):
        for name, python in builds.items():
            w0 = workload_ms()
            eng = _run(python, ["--games", str(o.games), "--repeats", str(o.repeats)])
            cpu_us = _cpu_engine(python, o.games, o.repeats)
            w1 = workload_ms()
            sims = _cpu_mcts(python, o.mcts_games, o.decisions, o.mcts_repeats)
            w2 = workload_ms()
            rows[name].append({"us": eng["us_per_decision"], "w_us": (w0 + w1) / 2,
                               "cpu_us": cpu_us, "sims": sims, "w_sims": (w1 + w2) / 2})
            print(f"round {r + 1} {name}: {eng['us_per_decision']:.2f} us/decision "
                  f"(CPU {cpu_us:.2f}), "
                  f"{sims:.1f} sims/CPU s, workload "
                  f"{w0:.1f}/{w1:.1f}/{w2:.1f} ms", file=sys.stderr, flush=True)
    w_run = statistics.median([x[k] for b in rows.values() for x in b
                               for k in ("w_us", "w_sims")])
    out: dict[str, Any] = {"rounds": o.rounds, "workload_ms": round(w_run, 2)}
    for name, xs in rows.items():
        out[name] = {
            "us_per_decision": _summary([x["us"] for x in xs]),
            "us_per_decision_scaled": _summary([x["us"] * w_run / x["w_us"] for x in xs]),
            "cpu_us_per_decision": _summary([x["cpu_us"] for x in xs]),
            "cpu_us_per_decision_scaled": _summary(
                [x["cpu_us"] * w_run / x["w_us"] for x in xs]),
            "sims_per_cpu_s": _summary([x["sims"] for x in xs]),
            "sims_per_cpu_s_scaled": _summary([x["sims"] * x["w_sims"] / w_run for x in xs]),
        }
    for prefix in ("", "before_") if o.before else ("",):
        pure, comp = rows[prefix + "pure"], rows[prefix + "compiled"]
        out[prefix + "speedup_engine"] = _summary(
            [p["us"] / c["us"] for p, c in zip(pure, comp)])
        out[prefix + "speedup_engine_scaled"] = _summary(
            [(p["us"] / p["w_us"]) / (c["us"] / c["w_us"]) for p, c in zip(pure, comp)])
        out[prefix + "speedup_engine_cpu"] = _summary(
            [p["cpu_us"] / c["cpu_us"] for p, c in zip(pure, comp)])
        out[prefix + "speedup_mcts"] = _summary(
            [c["sims"] / p["sims"] for p, c in zip(pure, comp)])
        out[prefix + "speedup_mcts_scaled"] = _summary(
            [(c["sims"] * c["w_sims"]) / (p["sims"] * p["w_sims"]) for p, c in zip(pure, comp)])
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
