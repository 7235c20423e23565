"""Solo strength of a bot (the planner by default): mean, spread and range of its final
scores over consecutive setup seeds.

    python scripts/bench-plan.py [--bot plan:time=2] [--seed 770000] [--games 15] \
        [--expansion tea-and-trade] [--jobs 2] [--json]

Each game is a solo game with random buildings on setup ``seed + i`` (the setups of
``arle tournament --players 1 --seed SEED``), the bot seeded with the setup seed.  A
line per game as it ends (stderr): its score, decisions, mean and longest seconds per
decision; then the summary (stdout): mean, standard deviation, minimum and maximum.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import arle
import arle.bots


def one_game(spec: str, seed: int, expansion: str | None) -> dict[str, object]:
    s = arle.new_game(players=1, seed=seed, buildings="random", expansion=expansion)
    bot = arle.bots.get(spec, seed=seed)
    longest = total = 0.0
    decisions = 0
    while not s.is_terminal():
        t0 = time.perf_counter()
        a = bot.choose(s)
        dt = time.perf_counter() - t0
        total += dt
        longest = max(longest, dt)
        decisions += 1
        s.apply(a)
    return {"seed": seed, "score": s.scores()[0].total, "decisions": decisions,
            "seconds": round(total, 1), "longest": round(longest, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bot", default="plan:time=2")
    ap.add_argument("--seed", type=int, default=770000)
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--expansion", default=None)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    o = ap.parse_args()
    arle.bots.get(o.bot)              # a bad spec fails here, before any game
    games: list[dict[str, object]] = []
    with ProcessPoolExecutor(max_workers=max(1, o.jobs)) as pool:
        futures = [pool.submit(one_game, o.bot, o.seed + i, o.expansion)
                   for i in range(o.games)]
        for f in as_completed(futures):
            g = f.result()
            games.append(g)
            print(json.dumps(g), file=sys.stderr, flush=True)
    games.sort(key=lambda g: int(str(g["seed"])))
    scores = [float(str(g["score"])) for g in games]
    out = {"bot": o.bot, "expansion": o.expansion, "seeds": [o.seed, o.seed + o.games - 1],
           "games": len(scores), "mean": round(statistics.mean(scores), 2),
           "sd": round(statistics.stdev(scores), 2) if len(scores) > 1 else 0.0,
           "min": min(scores), "max": max(scores), "scores": scores}
    if o.json:
        print(json.dumps(out))
    else:
        print(f"{o.bot} ({o.expansion or 'base game'}), setups {o.seed}-"
              f"{o.seed + o.games - 1}: mean {out['mean']} (sd {out['sd']}, range "
              f"{out['min']:g}-{out['max']:g}) over {len(scores)} games")


if __name__ == "__main__":
    main()
