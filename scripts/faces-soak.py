"""Seeded random games through the faces, counting the crashes (issue 32).

    nice python scripts/faces-soak.py N [--first-seed S] [--faces terminal,web,...]
                                        [--progress]

Plays ``N`` setups (cycling over Fields of Arle 1-2 players, Tea & Trade 1-3 and the
green game 1-4, each with its own seed from ``S``; some seats the faces' own bots, the
others piloted by a bot through the face as a person would play them) through the
terminal loop of ``arle play`` and through the web app, with the checks of
``tests/faces.py``: in the web, one game per setup goes through every web face asked
for (``web``: the API's moves; ``pages``: the game page and its view fragment;
``ws``: every piloted seat's and a spectator's live view after each move, the second
game's holding no card hidden from its seat; ``record``: download, upload, the replay
pages and ``arle replay`` (the second game's also ``arle play --game green --load``);
``review``: the web's review and ``arle review``, the second game's once it is over).  Prints each crash (its setup, face
and error) to stderr and, at the end, one JSON line: games and crashes per face, the
seeds and the seconds taken.  Exits 1 when a game crashed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from faces import FACES, Setup, setups, soak  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", type=int, help="how many setups to play (each through every face)")
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--faces", default=",".join(FACES),
                    help=f"comma-separated, among {', '.join(FACES)} (default all)")
    ap.add_argument("--progress", action="store_true",
                    help="print a line per game to stderr (face, seconds, setup)")
    args = ap.parse_args()
    faces = tuple(f.strip() for f in args.faces.split(",") if f.strip())
    if args.games < 1 or not faces or set(faces) - set(FACES):
        ap.error(f"need a positive number of games and faces among {', '.join(FACES)}")

    def crashed(setup: Setup, face: str, exc: BaseException) -> None:
        print(f"CRASH {face}: {setup}", file=sys.stderr)
        traceback.print_exception(exc, file=sys.stderr, limit=-8)

    start = time.monotonic()
    def played(setup: Setup, face: str, seconds: float) -> None:
        print(f"{face:8} {seconds:6.1f}s {setup}", file=sys.stderr, flush=True)

    counts = soak(list(setups(args.games, args.first_seed)), faces, on_crash=crashed,
                  on_game=played if args.progress else None)
    print(json.dumps({**counts, "seeds": [args.first_seed, args.first_seed + args.games - 1],
                      "seconds": round(time.monotonic() - start, 1)}))
    return 1 if any(n for k, n in counts.items() if k.endswith("crashes")) else 0


if __name__ == "__main__":
    sys.exit(main())
