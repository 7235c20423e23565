"""Golden playthroughs: whole seeded games as text, kept under version control.

Each file in tests/golden/ is the transcript of one seeded game played by a fixed
pseudo-random policy.  The test replays it and compares line by line.  Regenerate on
purpose only, after a deliberate rules change:

    ARLE_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import arle

GOLDEN = Path(__file__).parent / "golden"
GAMES = [  # (name, players, seed, buildings, promos)
    ("solo_first_game_s1", 1, 1, "first-game", False),
    ("solo_random_s2", 1, 2, "random", True),
    ("duo_first_game_s3", 2, 3, "first-game", False),
    ("duo_random_s4", 2, 4, "random", False),
]
TT_GAMES = [  # Tea & Trade: (name, players, seed, buildings, promos)
    ("tt_duo_random_s5", 2, 5, "random", False),
    ("tt_trio_random_s6", 3, 6, "random", False),   # three players (T48-T54)
]
PASSIVE = {"done", "skip", "end", "release", "return", "finish"}


def transcript(players: int, seed: int, buildings: str, promos: bool,
               expansion: str | None = None) -> str:
    s = arle.new_game(players=players, seed=seed, buildings=buildings, promos=promos,
                      expansion=expansion)
    rng = random.Random(seed)
    lines = [f"# arle golden playthrough: players={players} seed={seed} "
             f"buildings={buildings} promos={promos}"
             + (f" expansion={expansion}" if expansion else ""),
             f"# board: {' '.join(s.board)}", f"# start player: {s.start_player}"]
    half = s.half_year
    while not s.is_terminal():
        acts = s.legal_actions()
        active = [a for a in acts if a.verb not in PASSIVE]
        a = rng.choice(active or acts)
        lines.append(f"{s.half_year} p{s.current_player} {a}  [{len(acts)}]")
        s.apply(a)
        if s.half_year != half and not s.is_terminal():
            half = s.half_year
            totals = " ".join(f"{sc.total:g}" for sc in s.scores())
            lines.append(f"# half year {half} begins; start player {s.start_player}; "
                         f"scores {totals}")
    for i, sc in enumerate(s.scores()):
        cats = " ".join(f"{k}={v:g}" for k, v in sc.categories.items())
        lines.append(f"# final p{i}: total={sc.total:g} {cats}")
    lines.append(f"# winner: p{s.winner()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name,players,seed,buildings,promos", GAMES)
def test_golden_playthrough(name: str, players: int, seed: int, buildings: str,
                            promos: bool) -> None:
    path = GOLDEN / f"{name}.txt"
    text = transcript(players, seed, buildings, promos)
    if os.environ.get("ARLE_REGEN_GOLDEN"):
        path.write_text(text)
    expected = path.read_text()
    assert text.splitlines() == expected.splitlines()


@pytest.mark.parametrize("name,players,seed,buildings,promos", TT_GAMES)
def test_golden_expansion_playthrough(name: str, players: int, seed: int, buildings: str,
                                      promos: bool) -> None:
    path = GOLDEN / f"{name}.txt"
    text = transcript(players, seed, buildings, promos, expansion="tea-and-trade")
    if os.environ.get("ARLE_REGEN_GOLDEN"):
        path.write_text(text)
    expected = path.read_text()
    assert text.splitlines() == expected.splitlines()
