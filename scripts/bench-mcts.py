"""MCTS simulations per second, for comparing the pure and the compiled build.

    python scripts/bench-mcts.py [--sims 60] [--decisions 12] [--games 3] [--repeats 3]

Plays the first ``--decisions`` decisions of ``--games`` seeded solo games with
``mcts:sims=N`` (the same searches every repeat) and divides the simulations the
searches ran (``last_stats``) by the CPU time of those decisions; prints the median
over the repeats as JSON, with ``"compiled"`` (which build ran).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import arle
import arle.bots
from arle.cli.bench import compiled


def one_repeat(sims: int, decisions: int, games: int) -> float:
    total_sims = 0.0
    cpu = 0.0
    for g in range(games):
        bot = arle.bots.get(f"mcts:sims={sims}", seed=g)
        s = arle.new_game(players=1, seed=g, buildings="random")
        for _ in range(decisions):
            if s.is_terminal():
                break
            bot.last_stats = {}   # type: ignore[attr-defined]
            t0 = time.process_time()
            a = bot.choose(s)
            dt = time.process_time() - t0
            stats = bot.last_stats   # type: ignore[attr-defined]
            if stats:   # a search ran (not a step of the previous search's plan)
                total_sims += stats["sims"]
                cpu += dt
            s.apply(a)
    return total_sims / cpu if cpu > 0 else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sims", type=int, default=60)
    ap.add_argument("--decisions", type=int, default=12)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=3)
    o = ap.parse_args()
    runs = [one_repeat(o.sims, o.decisions, o.games) for _ in range(o.repeats)]
    print(json.dumps({"sims_per_s": round(statistics.median(runs), 1),
                      "runs": [round(r, 1) for r in runs], "compiled": compiled()}))


if __name__ == "__main__":
    main()
