"""How long a web hint takes: ``POST /api/games/ID/hint`` timed end to end (request,
the bot worker's search, the answer) through the web app with its real bot workers,
started with the app as ``arle serve`` starts them.

    python scripts/bench-hints.py [--hints 20] [--seed 1] [--json]

For each kind of game (solo base, 2 players base, 2 and 3 players Tea & Trade) it plays
seeded random moves through the API and asks a hint every few moves, with the server's
default hint bots (``arle.web.service.HINT_BOT``, ``SOLO_HINT_BOT``); it prints the
median, 90th percentile and longest time per kind.  Measure on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from arle.web.app import create_app
from arle.web.service import HINT_BOT, SOLO_HINT_BOT

KINDS: list[tuple[str, dict[str, Any]]] = [
    ("solo base", {"players": 1}),
    ("2 players base", {"players": 2}),
    ("2 players Tea & Trade", {"players": 2, "expansion": "tea-and-trade"}),
    ("3 players Tea & Trade", {"players": 3, "expansion": "tea-and-trade"}),
]


def measure(client: TestClient, body: dict[str, Any], hints: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    n = body["players"]
    r = client.post("/api/games", json={**body, "seats": ["human"] * n, "seed": seed,
                                         "hints": True})
    r.raise_for_status()
    made = r.json()
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    times: list[float] = []
    while len(times) < hints:
        data = client.get(f"/api/games/{gid}").json()
        p = data["current_player"]
        if p is None:
            break
        head = {"X-Arle-Token": tokens[p]}
        if rng.random() < 0.25:
            t0 = time.perf_counter()
            h = client.post(f"/api/games/{gid}/hint", json={}, headers=head)
            times.append(time.perf_counter() - t0)
            h.raise_for_status()
        r = client.post(f"/api/games/{gid}/moves", headers=head,
                        json={"action": rng.choice(data["legal"]), "version": data["version"]})
        r.raise_for_status()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hints", type=int, default=20, help="hints per kind of game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict[str, Any] = {"hint_bot": HINT_BOT, "solo_hint_bot": SOLO_HINT_BOT, "kinds": {}}
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "bench.sqlite3", bot_delay=0.0, warm_workers=True,
                         allowed_hosts=("testserver",))
        with TestClient(app) as client:
            time.sleep(3.0)                      # let the workers finish warming up
            for name, body in KINDS:
                times = sorted(measure(client, body, args.hints, args.seed))
                p90 = times[min(len(times) - 1, round(0.9 * (len(times) - 1)))]
                row = {"hints": len(times), "median": round(statistics.median(times), 3),
                       "p90": round(p90, 3), "max": round(times[-1], 3)}
                out["kinds"][name] = row
                print(f"{name:24} {row['hints']:3} hints  median {row['median']:.2f} s  "
                      f"p90 {row['p90']:.2f} s  max {row['max']:.2f} s", file=sys.stderr)
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
