"""Balance measurements of an :mod:`arle.green` card set against the P6 targets.

``python -m arle.green.balance --players 2 --games 100 --bot green-greedy`` plays
seeded games (every seat the same bot) and prints the P6 figures as JSON: mean score
and spread, farm size, the share of each action among the act decisions, how often an
Open Area occurs, the share of Game End plus printed VP in the score, the First
Player's win rate, and per design how often it is built where seen and how much it
lifts its owner's win rate.  ``--versus green-ismcts`` plays ``--bot`` against it in
2-player games with the seats swapped every game and reports the win rate of
``--versus`` (a shared win counts half).

Long runs can be split over seeds and added up: ``--raw FILE`` also writes the raw
tallies of a run, ``--merge FILE ...`` prints the figures of several such files (runs
of the same player count, bot and card set over disjoint seeds), exactly as one run
over all their seeds would.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

import arle.green as G
from arle.green.bots import green_bot
from arle.green.io import options_from_rules

__all__ = ["collect", "head_to_head", "main", "measure", "merge", "summarize"]

_ACTS = ("build", "tower", "silo", "market", "restore")


def _play(n: int, seed: int, specs: list[str], cards: str | None,
          options: dict[str, Any] | None = None) -> tuple[G.State, dict[str, Any]]:
    s = G.new_game(players=n, seed=seed, cards=cards, **(options or {}))
    bots = [green_bot(spec, seed=seed * 7 + i) for i, spec in enumerate(specs)]
    acts = {k: 0 for k in _ACTS}
    planned = [""] * n
    seen: set[str] = set()
    while not s.is_terminal():
        for pl in s.players:
            seen.update(pl.hand)
        seen.update(s.market)
        p = s.current_player
        assert p is not None
        a = bots[p].choose(s)
        kind = s.pending().kind
        if kind == "plan":                  # F17 "hidden": the action as committed
            acts[a.args[0]] += 1
            planned[p] = a.args[0]
        elif kind == "act":
            if planned[p]:                  # chosen again: the plan did not happen
                acts[planned[p]] -= 1
            acts[a.verb] = acts.get(a.verb, 0) + 1
        if kind in ("pick", "take"):
            planned[p] = ""

        s.apply(a)
    return s, {"acts": acts, "seen": seen}


def collect(n: int, games: int, bot: str = "green-greedy", seed0: int = 0,
            cards: str | None = None, options: dict[str, Any] | None = None
            ) -> dict[str, Any]:
    """The raw tallies of ``games`` seeded games (JSON-ready; :func:`merge` adds the
    tallies of runs over different seeds, :func:`summarize` turns them into figures);
    ``options`` of :func:`arle.green.new_game` (the F-rulings' options) for every game."""
    raw: dict[str, Any] = {
        "players": n, "bot": bot, "cards": G.load_cards(cards).id,
        "options": dict(options or {}), "seeds": [],
        "scores": [], "farm": [], "acts": {k: 0 for k in _ACTS}, "open_games": 0,
        "end_share": [], "first_wins": 0.0, "seen_in": {}, "built_in": {},
        "owner_wins": {}, "wins": []}
    for g in range(games):
        s, info = _play(n, seed0 + g, [bot] * n, cards, options)
        raw["seeds"].append(seed0 + g)
        for k, v in info["acts"].items():
            raw["acts"][k] = raw["acts"].get(k, 0) + v
        w = s.winners()
        if _first_player(s) in w:
            raw["first_wins"] += 1 / len(w)
        opened = False
        built_here: set[str] = set()
        for p, sc in enumerate(s.scores()):
            raw["scores"].append(sc.total)
            pl = s.players[p]
            cards_ = [e for e in pl.farm.values() if e[0] not in ("tower", "silo")]
            raw["farm"].append(len(pl.farm))
            opened |= any(not e[1] for e in cards_)
            share = (sc.categories.get("location_game_end", 0)
                     + sc.categories.get("equipment_game_end", 0)
                     + sc.categories.get("printed_vp", 0))
            raw["end_share"].append(share / sc.total if sc.total else 0.0)
            won = (1 / len(w)) if p in w else 0.0
            raw["wins"].append(won)
            for e in cards_:
                raw["owner_wins"].setdefault(e[0], []).append(won)
                built_here.add(e[0])
        raw["open_games"] += opened
        for d in info["seen"]:
            raw["seen_in"][d] = raw["seen_in"].get(d, 0) + 1
        for d in built_here:
            raw["built_in"][d] = raw["built_in"].get(d, 0) + 1
    return raw


def merge(raws: list[dict[str, Any]]) -> dict[str, Any]:
    """The tallies of several :func:`collect` runs of the same player count, bot and set
    (ValueError if they differ or share a seed)."""
    if not raws:
        raise ValueError("nothing to merge")
    out: dict[str, Any] = json.loads(json.dumps(raws[0]))
    for r in raws[1:]:
        for k in ("players", "bot", "cards", "options"):
            if r.get(k, {}) != out.get(k, {}):
                raise ValueError(f"cannot merge runs with different {k}: "
                                 f"{out.get(k)!r} and {r.get(k)!r}")
        if set(r["seeds"]) & set(out["seeds"]):
            raise ValueError("cannot merge runs that share seeds")
        for k in ("seeds", "scores", "farm", "end_share", "wins"):
            out[k] += r[k]
        out["open_games"] += r["open_games"]
        out["first_wins"] += r["first_wins"]
        for k in ("acts", "seen_in", "built_in"):
            for d, v in r[k].items():
                out[k][d] = out[k].get(d, 0) + v
        for d, v in r["owner_wins"].items():
            out["owner_wins"].setdefault(d, []).extend(v)
    return out


def summarize(raw: dict[str, Any]) -> dict[str, Any]:
    """The P6 figures of the tallies of :func:`collect` (or :func:`merge`)."""
    n, games = raw["players"], len(raw["seeds"])
    acts, scores = raw["acts"], raw["scores"]
    total_acts = sum(acts.values()) or 1
    base = statistics.mean(raw["wins"]) if raw["wins"] else 0.0
    seen_in, built_in = raw["seen_in"], raw["built_in"]
    usage = {d: round(built_in.get(d, 0) / seen_in[d], 3) for d in sorted(seen_in)
             if seen_in[d]}
    lift = {d: round(100 * (statistics.mean(v) - base), 1)
            for d, v in raw["owner_wins"].items() if len(v) >= 5}
    return {
        "players": n, "games": games, "bot": raw["bot"], "cards": raw["cards"],
        "options": raw.get("options", {}),
        "score_mean": round(statistics.mean(scores), 2),
        "score_sd": round(statistics.pstdev(scores), 2),
        "score_min": min(scores), "score_max": max(scores),
        "farm_mean": round(statistics.mean(raw["farm"]), 2),
        "act_share": {k: round(v / total_acts, 3) for k, v in acts.items()},
        "open_area_games": round(raw["open_games"] / games, 3),
        "end_plus_printed_share": round(statistics.mean(raw["end_share"]), 3),
        "first_player_win_rate": round(raw["first_wins"] / games, 3) if n > 1 else None,
        "fair_first_player": round(1 / n, 3),
        "designs_built_below_2pct_where_seen": sorted(d for d, u in usage.items() if u < 0.02),
        "designs_lift_over_15_points": {d: x for d, x in sorted(lift.items()) if x > 15},
        "max_lift_points": max(lift.values()) if lift else None,
    }


def measure(n: int, games: int, bot: str = "green-greedy", seed0: int = 0,
            cards: str | None = None, options: dict[str, Any] | None = None
            ) -> dict[str, Any]:
    """The P6 figures over ``games`` seeded games of ``n`` players, every seat ``bot``."""
    return summarize(collect(n, games, bot, seed0, cards, options))


def _first_player(s: G.State) -> int:
    """The game's First Player (it passes clockwise each year, so the final ``first`` is
    YEARS seats on)."""
    from arle.green import catalog as K
    return (s.first - K.YEARS) % s.n


def head_to_head(games: int, bot: str, versus: str, seed0: int = 0,
                 cards: str | None = None, options: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """``versus`` against ``bot`` in 2-player games, seats swapped every game."""
    won = 0.0
    mine: list[float] = []
    theirs: list[float] = []
    for g in range(games):
        specs = [versus, bot] if g % 2 == 0 else [bot, versus]
        me = g % 2
        s, _ = _play(2, seed0 + g, specs, cards, options)
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
    ap.add_argument("--rule", metavar="NAME[=VALUE]", action="append", default=[],
                    help="an option of the rulings for every game (repeatable), e.g. "
                         "--rule action_choice=hidden --rule token_limits")
    ap.add_argument("--raw", metavar="FILE", default=None,
                    help="also write the raw tallies to FILE (for --merge)")
    ap.add_argument("--merge", metavar="FILE", nargs="+", default=None,
                    help="print the figures of raw tally files of runs over other seeds")
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("--games must be at least 1")
    try:
        options = options_from_rules(a.rule, "--rule ")
        G.new_game(players=2 if a.versus else a.players, seed=0, cards=a.cards, **options)
    except ValueError as e:
        ap.error(str(e))
    if a.merge:
        try:
            raws = [json.loads(open(f, encoding="utf-8").read()) for f in a.merge]
            out = summarize(merge(raws))
        except (OSError, ValueError, KeyError, TypeError) as e:
            ap.error(f"--merge: {e}")
    elif a.versus:
        out = head_to_head(a.games, a.bot, a.versus, a.seed, a.cards, options)
    else:
        raw = collect(a.players, a.games, a.bot, a.seed, a.cards, options)
        out = summarize(raw)
        if a.raw:
            with open(a.raw, "w", encoding="utf-8") as f:
                json.dump(raw, f)
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
