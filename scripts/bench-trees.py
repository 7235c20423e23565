"""Two source trees of arle (pure Python) side by side, interleaved round by round: the
before and after of a change to the engine or the search (issue 35).

    python scripts/bench-trees.py --rounds 4 BEFORE/src AFTER/src [--python PY]

Each round runs, for every tree in turn (``PYTHONPATH=TREE``, each in its own process,
niced): the engine in CPU time (seeded random 2-player games, ``legal_actions`` +
``apply`` + the random choice, CPU microseconds per decision, the fastest of 3 repeats
of 20 games) and ``run_mcts_bench(repeats=1)`` (simulations per CPU second of the
default search on seeded solo games), with :func:`arle.cli.bench.workload_ms` timed in
the same process.  Prints one JSON object: per tree the median and range of each.
``PY`` (default: this Python) needs arle's dependencies; the tree gives arle.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

_CODE = r"""
import json, random, time
import arle
from arle.cli.bench import run_mcts_bench, workload_ms
best = float("inf")
for _ in range(3):
    cpu, n = 0.0, 0
    for g in range(20):
        rng = random.Random(g)
        s = arle.new_game(players=2, seed=g, buildings="random")
        t0 = time.process_time()
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            n += 1
        cpu += time.process_time() - t0
    best = min(best, cpu / n * 1e6)
m = run_mcts_bench(repeats=1)
print(json.dumps({"cpu_us_per_decision": best, "sims_per_cpu_s": m["sims_per_cpu_s"],
                  "workload_ms": workload_ms()}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trees", nargs="+", help="src folders of the trees")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--python", default=sys.executable)
    args = ap.parse_args()
    runs: dict[str, list[dict[str, float]]] = {t: [] for t in args.trees}
    for r in range(args.rounds):
        for t in args.trees:
            out = subprocess.run(["nice", args.python, "-c", _CODE], check=True,
                                 capture_output=True, text=True, cwd="/",
                                 env={"PYTHONPATH": t, "PATH": "/usr/bin:/bin"}).stdout
            d = json.loads(out.strip().splitlines()[-1])
            runs[t].append(d)
            print(f"round {r + 1} {t}: {d}", file=sys.stderr)
    summary = {t: {k: {"median": round(statistics.median(x[k] for x in rs), 3),
                       "min": round(min(x[k] for x in rs), 3),
                       "max": round(max(x[k] for x in rs), 3)}
                   for k in ("cpu_us_per_decision", "sims_per_cpu_s", "workload_ms")}
               for t, rs in runs.items()}
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
