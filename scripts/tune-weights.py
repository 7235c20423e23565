#!/usr/bin/env python
"""Tune the hand evaluation's weights for the solo base game's greedy playouts (the
planner's ``rollout=tuned``; docs/BOTS.md, "Tuned weights").

The objective is the greedy policy's own result: the mean final score of greedy
playouts (:func:`arle.bots.plan.playout`) with the candidate weights.  CMA-ES (the
``cma`` package: ``pip install -e '.[tune]'``) searches the base game's feature weights,
each as ``hand weight + x * max(|hand weight|, 0.3)``; the expansion's keep their
hand weights.

1. From the setups of the tuning seeds (``--first`` .. ``--first + --setups - 1``).
   Greedy from a setup plays the same game whatever buildings were drawn, so this
   stage only finds a policy that plays well from the start.
2. From positions along noisy games (greedy with noise of 3 points, once with the hand
   weights and once with stage 1's, stopped at plies 15-115) of the same seeds, plus
   one setup: this stage's best weights are the result.

Every playout is deterministic, so the run is too (for one version of ``cma``: 4.5.0
made the shipped file).  The shipped file (``arle/bots/models/weights-solo-v1.json``)
is this procedure's result with::

    python scripts/tune-weights.py --gens1 32 --gens2 47 --out weights-solo-v1.json

(about an hour of one core in the compiled build; the best weights of stage 2 came
from its generation 41).  Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import arle
from arle.bots import evaluation as E
from arle.bots.greedy import GreedyBot
from arle.bots.plan import playout
from arle.state import State

NB = E.FEATURES.index("tea")                # the base game's features come first


def weights(x: Any) -> list[float]:
    return [w + float(d) * max(abs(w), 0.3) for w, d in zip(E._W[:NB], x)] + E._W[NB:]


def mean_score(w: list[float], starts: list[State]) -> float:
    ev = E.Weighted(w)
    return sum(playout(s, ev=ev)[0] for s in starts) / len(starts)


def noisy_positions(seeds: list[int], policies: list[tuple[list[float] | None, tuple[int, ...]]]
                    ) -> list[State]:
    out: list[State] = []
    for seed in seeds:
        for k, (w, marks) in enumerate(policies):
            s = arle.new_game(players=1, seed=seed)
            bot = GreedyBot(seed=seed * 7 + k, noise=3.0)
            if w is not None:
                bot._ev = E.Weighted(w)
            ply = 0
            while s.phase != "over":
                if ply in marks:
                    out.append(s._fork())
                legal = s.legal_actions()
                s.apply(legal[0] if len(legal) == 1 else bot.choose(s))
                ply += 1
    return out


def cma_search(starts: list[State], x0: list[float], sigma: float, popsize: int, seed: int,
               gens: int, label: str) -> tuple[float, list[float]]:
    import cma                                       # the [tune] extra
    es = cma.CMAEvolutionStrategy(x0, sigma, {"seed": seed, "verbose": -9,
                                              "popsize": popsize})
    w0 = weights(x0)
    best = (mean_score(w0, starts), w0)
    print(f"{label}: start {best[0]:.2f}", file=sys.stderr, flush=True)
    for g in range(gens):
        xs = es.ask()
        fs = []
        for x in xs:
            m = mean_score(weights(x), starts)
            fs.append(-m)
            if m > best[0]:
                best = (m, weights(x))
        es.tell(xs, fs)
        print(f"{label}: generation {g}, best {-min(fs):.2f}, mean {-sum(fs) / len(fs):.2f}, "
              f"best so far {best[0]:.2f}", file=sys.stderr, flush=True)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--first", type=int, default=1000, help="first tuning seed (1000)")
    ap.add_argument("--setups", type=int, default=12, help="tuning seeds (12)")
    ap.add_argument("--gens1", type=int, default=32, help="generations of stage 1 (32)")
    ap.add_argument("--gens2", type=int, default=47, help="generations of stage 2 (47)")
    ap.add_argument("--out", required=True, help="the weights file to write")
    a = ap.parse_args(argv)
    if a.setups < 1 or a.gens1 < 0 or a.gens2 < 0:
        ap.error("--setups must be at least 1, the generations not negative")
    seeds = list(range(a.first, a.first + a.setups))
    setups = [arle.new_game(players=1, seed=sd) for sd in seeds]
    zero = [0.0] * NB
    m1, w1 = cma_search(setups, zero, 0.3, 16, 1, a.gens1, "stage 1")
    starts = noisy_positions(seeds, [(None, (15, 40, 65, 90, 115)), (w1, (25, 50, 75, 100))])
    starts.append(setups[0])
    m2, w2 = cma_search(starts, zero, 0.25, 14, 2, a.gens2, "stage 2")
    data = {"about": "hand-evaluation weights tuned for the solo base game's greedy "
                     "playouts by scripts/tune-weights.py",
            "seeds": [seeds[0], seeds[-1]], "generations": [a.gens1, a.gens2],
            "stage1": round(m1, 3), "stage2": round(m2, 3), "positions": len(starts),
            "weights": dict(zip(E.FEATURES, w2))}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(json.dumps({k: v for k, v in data.items() if k != "weights"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
