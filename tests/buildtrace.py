"""A fingerprint of the engine's and the bots' behaviour, to compare two builds.

``python tests/buildtrace.py`` prints the JSON of :func:`trace`; the compiled-build test
(tests/test_compiled_build.py) runs it in the other build's Python and compares it with
the trace of the build running the tests.  Every step of every game is one digest of the
legal-action texts and ``to_json()``, so the first step where two builds part is named.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import arle
import arle.bots
from arle.bots.evaluation import evaluate

#: (seed, players, buildings) of the random games: 50 seeds x solo/2p x both modes.
GAMES = [(seed, players, buildings) for seed in range(50) for players in (1, 2)
         for buildings in ("random", "first-game")]
#: The bot games: (spec, players, seed, decisions the bot takes before random play).
BOT_GAMES = [("greedy", 1, 3, 400), ("greedy:noise=0.5", 2, 4, 400),
             ("mcts:sims=6", 1, 5, 30), ("mcts:sims=6", 2, 6, 20)]


def _digest(s: arle.State) -> str:
    text = "\n".join(str(a) for a in s.legal_actions()) + "\n" + s.to_json()
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def random_game(seed: int, players: int, buildings: str) -> list[str]:
    rng = random.Random(seed * 1000 + players)
    s = arle.new_game(players=players, seed=seed, buildings=buildings)
    steps = [_digest(s)]
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        steps.append(_digest(s))
    return steps


def bot_game(spec: str, players: int, seed: int, budget: int) -> list[str]:
    """The bot's choices (and the evaluation, as exact floats) for ``budget`` decisions,
    every player played by a bot of ``spec`` seeded from ``seed``, then random play."""
    bots = [arle.bots.get(spec, seed=seed + p) for p in range(players)]
    rng = random.Random(seed)
    s = arle.new_game(players=players, seed=seed, buildings="random")
    out = []
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        if budget > 0:
            a = bots[p].choose(s)
            budget -= 1
        else:
            legal = s.legal_actions()
            a = legal[rng.randrange(len(legal))]
        out.append(f"{a} {evaluate(s, p)!r}")
        s.apply(a)
        out.append(_digest(s))
    return out


def trace() -> dict[str, Any]:
    return {
        "games": {f"{seed}/{players}p/{b}": random_game(seed, players, b)
                  for seed, players, b in GAMES},
        "bots": {f"{spec}/{players}p/{seed}": bot_game(spec, players, seed, budget)
                 for spec, players, seed, budget in BOT_GAMES},
    }


if __name__ == "__main__":
    json.dump(trace(), sys.stdout)
