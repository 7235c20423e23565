"""Wall time of the same tournament games on the local and Ray backends, 1 and 2 CPUs.

    .venv/bin/python scripts/bench-distributed.py [--games 6] [--bot mcts:sims=15]

Solo games of one bot on seeds 0.., played four ways: local with 1 and 2 processes, and
on a local Ray with 1 and 2 CPUs (workers warmed with two games first).  Prints the
seconds and games per second of each.
"""

from __future__ import annotations

import argparse
import time

import ray

from arle.bots.arena import schedule
from arle.bots.runs import run_matches


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--bot", default="mcts:sims=15")
    args = ap.parse_args()
    matches = schedule([args.bot], players=1, games=args.games, seed=0, buildings="random")
    times: dict[str, float] = {}
    for jobs in (1, 2):
        t = time.perf_counter()
        run_matches(matches, "local", jobs)
        times[f"local, {jobs} process(es)"] = time.perf_counter() - t
    for cpus in (1, 2):
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        run_matches(matches[:2], "ray")
        t = time.perf_counter()
        run_matches(matches, "ray")
        times[f"ray, {cpus} CPU(s)"] = time.perf_counter() - t
        ray.shutdown()
    for what, sec in times.items():
        print(f"{what}: {sec:.1f} s, {len(matches) / sec:.2f} games/s")


if __name__ == "__main__":
    main()
