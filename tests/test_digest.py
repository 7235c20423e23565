"""The same play before and after a restructuring: a digest of seeded games.

Seeded random games of every setup of both games are played through the public game
protocol (``legal_actions``, ``apply``, ``to_json``, ``observation``, ``scores``) and
every step is fed into one SHA-256 per setup: the setup's first state, each step's
pending decision (``pending()``) and legal actions in their order, the action taken,
the state after it (its ``to_json()``), and for the second game, whose positions hide
cards, the view of the seat that just moved.
The hex digests below were computed on the tree before the framework package took the
game protocol (issue 30); a move of code that changes no play leaves them as they are.

If a change of the rules or of a state's format is meant to change them, recompute
them (``python tests/test_digest.py`` prints the current ones) and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Callable

import pytest

import arle
import arle.green

#: Setup name -> how to start one game of it from a seed.
SETUPS: dict[str, Callable[[int], Any]] = {
    "arle-1p": lambda seed: arle.new_game(players=1, seed=seed),
    "arle-2p": lambda seed: arle.new_game(players=2, seed=seed),
    "arle-2p-random-buildings": lambda seed: arle.new_game(players=2, seed=seed,
                                                           buildings="random"),
    "tea-and-trade-1p": lambda seed: arle.new_game(players=1, seed=seed,
                                                   expansion="tea-and-trade"),
    "tea-and-trade-2p": lambda seed: arle.new_game(players=2, seed=seed,
                                                   expansion="tea-and-trade"),
    "tea-and-trade-3p": lambda seed: arle.new_game(players=3, seed=seed,
                                                   expansion="tea-and-trade"),
    "green-1p": lambda seed: arle.green.new_game(players=1, seed=seed),
    "green-2p": lambda seed: arle.green.new_game(players=2, seed=seed),
    "green-3p": lambda seed: arle.green.new_game(players=3, seed=seed),
    "green-4p": lambda seed: arle.green.new_game(players=4, seed=seed),
}

#: Seeds of the games played per setup (the game's seed; the choices' seed is derived).
SEEDS = (1, 2, 3, 4, 5)

#: The digests of the tree before issue 30's restructuring.
DIGESTS: dict[str, str] = {
    'arle-1p': '72f2a3af7c557162a3ecc5cc386edd98da39cd8491f127ff1ac05b5785e6e7a9',
    'arle-2p': 'b3df756fdde280f75a3908a5525585e4aee4110f5cbcf658fc6d20a27c8225d1',
    'arle-2p-random-buildings': 'b20f62588f16c533a39c6fd59b707541c1d4a14bb820796af4e3c04df7ee8d4f',
    'green-1p': '59a8da26bb71033852ddad467d51184827e470ae9f1260de66002ae69304b04e',
    'green-2p': 'eb1be98ff0536e2ea9812c9fcc80ad325f1bd190f5bb9c34bc2cb71fcdef1c83',
    'green-3p': '28c7c165019c89ec5d09bebe9712f4e2309eac2d571f1c2a694dd78030c98212',
    'green-4p': '2b9a365f595e1444803dcd7820a88ec18da19d13c78346a377f28e6cc01ae240',
    'tea-and-trade-1p': 'f0b22b18b796da69b317455081511c611c4bba1a275397bb0a59e20d49f3b21a',
    'tea-and-trade-2p': '788f9d1632ad8fffe34740b7188d514751b055520f34c2fa5d583c3024586e03',
    'tea-and-trade-3p': 'b49c9a50362baac2b34fdd3fad741304ae948111f84ebd123b44ec263b17d3fe',
}


def digest(setup: str) -> str:
    """The SHA-256 (hex) of the seeded random games of ``setup`` (see the module)."""
    h = hashlib.sha256()
    for seed in SEEDS:
        s = SETUPS[setup](seed)
        hidden = setup.startswith("green")
        choices = random.Random(f"{setup}/{seed}")
        h.update(s.to_json().encode())
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            h.update("|".join(map(str, legal)).encode())
            action = legal[choices.randrange(len(legal))]
            mover = s.current_player
            h.update(repr(tuple(s.pending())).encode())
            h.update(f"\n{mover} {action}\n".encode())
            s.apply(action)
            h.update(s.to_json().encode())
            if hidden and mover is not None:
                h.update(repr(sorted(s.observation(mover).items())).encode())
            steps += 1
            assert steps < 5000, f"{setup} seed {seed}: no end after {steps} actions"
        h.update(repr([(sc.total, sorted(sc.categories.items())) for sc in s.scores()])
                 .encode())
        h.update(f"winner {s.winner()}\n".encode())
    return h.hexdigest()


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_seeded_games_play_as_before(setup: str) -> None:
    assert digest(setup) == DIGESTS[setup], (
        f"{setup}: seeded random games no longer play, show or score as before")


if __name__ == "__main__":
    for name in sorted(SETUPS):
        print(f"    {name!r}: {digest(name)!r},")
