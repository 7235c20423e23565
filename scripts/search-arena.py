"""A bot against another in two-player games of either game, every setup played twice
with the seats swapped (the framework search's figures in docs/BOTS.md).

    python scripts/search-arena.py so-ismcts:sims=100 random --game green --seeds 0-4

Prints one line a game (setup seed, the first bot's seat, the scores, the winners, the
seconds a decision of each bot) and a summary line: the first bot's wins (a shared win
counts as one) of the games played.  Bot seeds are the setup seed and the setup seed
plus 100, so a run repeats exactly with ``sims=`` (not with ``time=``).
"""

from __future__ import annotations

import argparse
import time

from arle.framework.arena import Match, play_match


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bot")
    ap.add_argument("opponent")
    ap.add_argument("--game", default="green", help="arle or green")
    ap.add_argument("--seeds", default="0-1", help="setup seeds, e.g. 0-4")
    args = ap.parse_args()
    wins = played = 0
    start = time.perf_counter()
    for seed in _seeds(args.seeds):
        for seat in (0, 1):
            specs = (args.bot, args.opponent) if seat == 0 else (args.opponent, args.bot)
            r = play_match(Match(index=played, seed=seed, players=2, specs=specs,
                                 labels=specs, bot_seeds=(seed, seed + 100), game=args.game))
            per = [round(s / max(1, d), 3) for s, d in zip(r.seconds, r.decisions)]
            won = r.winners or []
            wins += seat in won
            played += 1
            print(f"seed {seed} seat {seat}: scores {r.scores} winners {won} "
                  f"s/decision {per[seat]} vs {per[1 - seat]}", flush=True)
    print(f"{args.bot} vs {args.opponent} ({args.game}): {wins} wins of {played} games "
          f"in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
