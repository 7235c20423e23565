"""Which first moves of a solo game the planner's playouts rate best, over many setups:
the measurement behind ``arle.bots.plan.OPENINGS``.

    python scripts/plan-openings.py [--seed 1000] [--games 20] [--expansion tea-and-trade] \
        [--forced] [--json]

For each setup (solo, random buildings, ``arle tournament --players 1 --seed SEED``'s
setups), every macro-action of the first decision (a first action and the
sub-decisions it opens, completed by the playouts' policy) is played out to the end by
the playouts' greedy policy (the learned evaluation where a model is shipped), as the
planner's first step would; with ``--forced``, by the best of that and the forced lines
of ``starts=1`` from there (:func:`arle.bots.plan.forced_playout` for each of
:data:`arle.bots.plan.START_TARGETS` and for all of them), as the book's first lines
are.  Per macro-action (by its text): on how many setups it was
the best, its mean score and its mean rank by the evaluation that orders the step
(``order=playout``); the best first.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict

import arle
from arle.bots.plan import START_TARGETS, PlanBot, _macros, forced_playout, playout


def forced_best(s: arle.State, ev: object) -> float:
    """The best final score of the forced lines of ``starts=1`` from ``s`` (-inf if none
    had its chance)."""
    targets = [t for t in START_TARGETS
               if "expansion" in s.setup or t[0] != "trading ship"]
    wants = [(t[1], t[2]) for t in targets]
    combos = [(w,) for w in wants] + ([tuple(wants)] if len(wants) > 1 else [])
    best = -float("inf")
    for combo in combos:
        got = forced_playout(s, combo, ev)  # type: ignore[arg-type]
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
    table = sorted(({"move": t, "best": best[t], "mean": round(statistics.fmean(v), 2),
                     "setups": len(v), "mean_rank": round(statistics.fmean(ranks[t]), 1)}
                    for t, v in scores.items()), key=lambda r: (-r["best"], -r["mean"]))
    if o.json:
        print(json.dumps({"seed": o.seed, "games": o.games, "expansion": o.expansion,
                          "moves": table}))
    else:
        for r in table:
            print(f"{r['move']:<60} best on {r['best']:>2} of {r['setups']:>2}, "
                  f"mean {r['mean']:6.2f}, mean rank {r['mean_rank']}")


if __name__ == "__main__":
    main()
