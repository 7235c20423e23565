"""Play N seeded random games (uniform over the legal actions): the workload whose
instructions BENCHMARKS.md counts.

    python scripts/play-seeded.py N [EXPANSION] [PLAYERS] [--evaluate]
    # default: base game, 2 players ("" for the base game with PLAYERS)

Under ``valgrind --tool=callgrind``, the instructions of N games minus those of 0 games
(the imports and a first new_game), divided by the decisions printed, are the instructions
per decision: a count that other jobs on the machine do not change.  With
``--evaluate`` the hand evaluation (:func:`arle.bots.evaluation.evaluate`) also judges
every position before its decision, for every player: the difference to the same run
without ``--evaluate``, divided by the evaluations printed, is the instructions per
evaluation.
"""
import random
import sys

import arle
from arle.bots.evaluation import evaluate   # imported either way: only the calls differ

args = [a for a in sys.argv[1:] if a != "--evaluate"]
judge = "--evaluate" in sys.argv[1:]
n = int(args[0])
exp = args[1] if len(args) > 1 else ""
players = int(args[2]) if len(args) > 2 else 2
arle.new_game(players=2, seed=999, buildings="random")
d = k = 0
for g in range(n):
    rng = random.Random(g)
    s = (arle.new_game(players=players, seed=g, buildings="random", expansion=exp) if exp
         else arle.new_game(players=players, seed=g, buildings="random"))
    while not s.is_terminal():
        if judge:
            for p in range(s.n):
                evaluate(s, p)
                k += 1
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        d += 1
print("decisions", d)
if judge:
    print("evaluations", k)
