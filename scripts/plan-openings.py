"""Which first moves of a solo game the planner's playouts rate best, over many setups:
the measurement behind ``arle.bots.plan.OPENINGS``.

    python scripts/plan-openings.py [--seed 1000] [--games 20] [--expansion tea-and-trade] \
        [--forced] [--json]

For each setup (solo, random buildings, ``arle tournament --players 1 --seed SEED``'s
setups), every macro-action of the first decision (a first action and the
sub-decisions it opens, completed by the playouts' policy) is played out to the end by
the playouts' greedy policy (the learned evaluation where a model is shipped), as the
planner's first step would; with ``--forced``, by the best of that and the forced lines
of ``starts=1`` from there (:func:`arle.bots.plan.start_combos`), as the book's first
lines are.  Per macro-action (by its text): on how many setups it was
the best, its mean score and its mean rank by the evaluation that orders the step
(``order=playout``); the best first.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict

import arle
from arle.bots.common import Evaluator
from arle.bots.plan import PlanBot, _macros, forced_playout, playout, start_combos


def forced_best(s: arle.State, ev: Evaluator | None) -> float:
    """The best final score of the forced lines of ``starts=1`` from ``s`` (-inf if none
    had its chance)."""
    best = -float("inf")
    for _name, wants in start_combos(s):
        got = forced_playout(s, wants, ev)
        if got is not None:
            best = max(best, got[0][0])
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--expansion", default=None)
    ap.add_argument("--forced", action="store_true",
                    help="continue each first move by the best of greedy and the forced lines")
    ap.add_argument("--json", action="store_true")
    o = ap.parse_args()
    scores: dict[str, list[float]] = defaultdict(list)
    ranks: dict[str, list[int]] = defaultdict(list)
    best: dict[str, int] = defaultdict(int)
    for seed in range(o.seed, o.seed + o.games):
        s = arle.new_game(players=1, seed=seed, buildings="random", expansion=o.expansion)
        ev = PlanBot(seed=0)._rollout_eval(s)
        rows = []
        for rank, (_v, acts, end) in enumerate(_macros(s, 1, ev)):
            text = " ".join(map(str, acts))
            score = playout(end, ev=ev)[0]
            if o.forced:
                score = max(score, forced_best(end, ev))
            rows.append((score, text))
            scores[text].append(score)
            ranks[text].append(rank)
        top = max(score for score, _t in rows)
        for score, text in rows:
            if score == top:
                best[text] += 1
        print(f"setup {seed}: best {top:g} by {[t for sc, t in rows if sc == top]}",
              flush=True)
    order = sorted(scores, key=lambda t: (-best[t], -statistics.fmean(scores[t])))
    table = [{"move": t, "best": best[t], "mean": round(statistics.fmean(scores[t]), 2),
              "setups": len(scores[t]), "mean_rank": round(statistics.fmean(ranks[t]), 1)}
             for t in order]
    if o.json:
        print(json.dumps({"seed": o.seed, "games": o.games, "expansion": o.expansion,
                          "moves": table}))
    else:
        for r in table:
            print(f"{r['move']:<60} best on {r['best']:>2} of {r['setups']:>2}, "
                  f"mean {r['mean']:6.2f}, mean rank {r['mean_rank']}")


if __name__ == "__main__":
    main()
