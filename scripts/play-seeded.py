"""Play N seeded random games (uniform over the legal actions): the workload whose
instructions BENCHMARKS.md counts.

    python scripts/play-seeded.py N [EXPANSION] [PLAYERS]    # default: base game, 2 players

Under ``valgrind --tool=callgrind``, the instructions of N games minus those of 0 games
(the imports and a first new_game), divided by the decisions printed, are the instructions
per decision: a count that other jobs on the machine do not change.
"""
import random
import sys

import arle

n = int(sys.argv[1])
exp = sys.argv[2] if len(sys.argv) > 2 else ""
players = int(sys.argv[3]) if len(sys.argv) > 3 else 2
arle.new_game(players=2, seed=999, buildings="random")
d = 0
for g in range(n):
    rng = random.Random(g)
    s = (arle.new_game(players=players, seed=g, buildings="random", expansion=exp) if exp
         else arle.new_game(players=players, seed=g, buildings="random"))
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        d += 1
print("decisions", d)
