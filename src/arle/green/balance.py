"""Balance measurements of an :mod:`arle.green` card set against the P6 targets.

``python -m arle.green.balance --players 2 --games 100 --bot green-greedy`` plays
seeded games (every seat the same bot) and prints the P6 figures as JSON: mean score
and spread, farm size, the share of each action among the act decisions, how often an
Open Area occurs, the share of Game End plus printed VP in the score, the First
Player's win rate, and per design how often it is built where seen and how much it
lifts its owner's win rate.  ``--versus green-ismcts`` plays ``--bot`` against it in
2-player games with the seats swapped every game and reports the win rate of
``--versus`` (a shared win counts half).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

import arle.bots
import arle.green as G

__all__ = ["measure", "head_to_head", "main"]

_ACTS = ("build", "tower", "silo", "market", "restore")


def _play(n: int, seed: int, specs: list[str], cards: str | None) -> tuple[G.State, dict[str, Any]]:
    s = G.new_game(players=n, seed=seed, cards=cards)
    bots = [arle.bots.get(spec, seed=seed * 7 + i) for i, spec in enumerate(specs)]
    acts = {k: 0 for k in _ACTS}
    seen: set[str] = set()
    while not s.is_terminal():
        for pl in s.players:
            seen.update(pl.hand)
        seen.update(s.market)
        p = s.current_player
        assert p is not None
        a = bots[p].choose(s)  # type: ignore[arg-type]
        if s.pending().kind == "act":
            acts[a.verb] = acts.get(a.verb, 0) + 1
        s.apply(a)
    return s, {"acts": acts, "seen": seen}


def measure(n: int, games: int, bot: str = "green-greedy", seed0: int = 0,
            cards: str | None = None) -> dict[str, Any]:
    """The P6 figures over ``games`` seeded games of ``n`` players, every seat ``bot``."""
    scores: list[float] = []
    farm: list[int] = []
    acts = {k: 0 for k in _ACTS}
    open_games = 0
    end_share: list[float] = []
    first_wins = 0.0
    seen_in: dict[str, int] = {}
    built_in: dict[str, int] = {}
    owner_games: dict[str, list[float]] = {}
    wins_all: list[float] = []
    for g in range(games):
        s, info = _play(n, seed0 + g, [bot] * n, cards)
        for k, v in info["acts"].items():
            acts[k] = acts.get(k, 0) + v
        w = s.winners()
        first = _first_player(s)
        if first in w:
            first_wins += 1 / len(w)
        opened = False
        built_here: set[str] = set()
        for p, sc in enumerate(s.scores()):
            scores.append(sc.total)
            pl = s.players[p]
            cards_ = [e for e in pl.farm.values() if e[0] not in ("tower", "silo")]
            farm.append(len(pl.farm))
            opened |= any(not e[1] for e in cards_)
            share = (sc.categories.get("location_game_end", 0)
                     + sc.categories.get("equipment_game_end", 0)
                     + sc.categories.get("printed_vp", 0))
            end_share.append(share / sc.total if sc.total else 0.0)
            won = (1 / len(w)) if p in w else 0.0
            wins_all.append(won)
            for e in cards_:
                owner_games.setdefault(e[0], []).append(won)
                built_here.add(e[0])
        open_games += opened
        for d in info["seen"]:
            seen_in[d] = seen_in.get(d, 0) + 1
        for d in built_here:
            built_in[d] = built_in.get(d, 0) + 1
    total_acts = sum(acts.values()) or 1
    base = statistics.mean(wins_all) if wins_all else 0.0
    designs = sorted(G.load_cards(cards).designs) if cards else sorted(G.load_cards().designs)
    usage = {d: round(built_in.get(d, 0) / seen_in[d], 3) for d in designs if seen_in.get(d)}
    lift = {d: round(100 * (statistics.mean(v) - base), 1) for d, v in owner_games.items()
            if len(v) >= 5}
    return {
        "players": n, "games": games, "bot": bot,
        "score_mean": round(statistics.mean(scores), 2),
        "score_sd": round(statistics.pstdev(scores), 2),
        "score_min": min(scores), "score_max": max(scores),
        "farm_mean": round(statistics.mean(farm), 2),
        "act_share": {k: round(v / total_acts, 3) for k, v in acts.items()},
        "open_area_games": round(open_games / games, 3),
        "end_plus_printed_share": round(statistics.mean(end_share), 3),
        "first_player_win_rate": round(first_wins / games, 3) if n > 1 else None,
        "fair_first_player": round(1 / n, 3),
        "designs_built_below_2pct_where_seen": sorted(d for d, u in usage.items() if u < 0.02),
        "designs_lift_over_15_points": {d: x for d, x in sorted(lift.items()) if x > 15},
        "max_lift_points": max(lift.values()) if lift else None,
    }


def _first_player(s: G.State) -> int:
    """The game's First Player (it passes clockwise each year, so the final ``first`` is
    YEARS seats on)."""
    from arle.green import catalog as K
    return (s.first - K.YEARS) % s.n


def head_to_head(games: int, bot: str, versus: str, seed0: int = 0,
                 cards: str | None = None) -> dict[str, Any]:
    """``versus`` against ``bot`` in 2-player games, seats swapped every game."""
    won = 0.0
    mine: list[float] = []
    theirs: list[float] = []
    for g in range(games):
        specs = [versus, bot] if g % 2 == 0 else [bot, versus]
        me = g % 2
        s, _ = _play(2, seed0 + g, specs, cards)
        w = s.winners()
        if me in w:
            won += 1 / len(w)
        mine.append(s.scores()[me].total)
        theirs.append(s.scores()[1 - me].total)
    return {"games": games, "bot": bot, "versus": versus,
            "versus_win_rate": round(won / games, 3),
            "versus_score_mean": round(statistics.mean(mine), 2),
            "bot_score_mean": round(statistics.mean(theirs), 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m arle.green.balance",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--bot", default="green-greedy")
    ap.add_argument("--versus", default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cards", default=None)
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("--games must be at least 1")
    if a.versus:
        out = head_to_head(a.games, a.bot, a.versus, a.seed, a.cards)
    else:
        out = measure(a.players, a.games, a.bot, a.seed, a.cards)
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
