"""Environment overhead per step, against the engine's own time per decision.

    .venv/bin/python -m arle.env.bench [--games 20] [--repeat 3]

Random games are recorded first (catalog indices).  Then the same action sequences are
replayed three ways, best of ``--repeat`` runs each:

* engine: ``State.apply(action)`` (applying a decision, running the game forward and
  listing the next legal actions);
* gym: ``SoloEnv.step(index)`` (the above plus observation, mask and the
  score-change reward) on the solo games;
* aec: ``ArleAECEnv.step(index)`` followed by ``last()`` (observation and mask of the
  agent to move) on the two-player games.

Times are CPU time of this process (``time.process_time``), so other work on a shared
machine disturbs them less than wall-clock time.  Overhead = env time - engine time per
step; the report gives it as a multiple of the engine's time (the target is at most 2x).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

import arle
from arle.env.catalog import catalog_for
from arle.env.gym_env import SoloEnv
from arle.env.pettingzoo_env import aec_env

__all__ = ["Recorded", "main", "measure", "record"]


@dataclass
class Recorded:
    players: int
    game_seed: int
    actions: list[int]
    expansion: str | None = None


def _new(players: int, seed: int, expansion: str | None) -> arle.State:
    if expansion is None:
        return arle.new_game(players=players, seed=seed)
    return arle.new_game(players=players, seed=seed, expansion=expansion)


def record(games: int, players: int, seed: int = 0,
           expansion: str | None = None) -> list[Recorded]:
    rng = random.Random(seed)
    catalog = catalog_for(expansion)
    out = []
    for g in range(games):
        gs = 100_000 * players + seed * 1000 + g
        s = _new(players, gs, expansion)
        acts = []
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            acts.append(catalog.index(a))
            s.apply(a)
        out.append(Recorded(players, gs, acts, expansion))
    return out


def _engine(games: list[Recorded]) -> tuple[float, int]:
    total = 0.0
    steps = 0
    for g in games:
        s = _new(g.players, g.game_seed, g.expansion)
        acts = [catalog_for(g.expansion).actions[i] for i in g.actions]
        t0 = time.process_time()
        for a in acts:
            s.apply(a)
        total += time.process_time() - t0
        steps += len(acts)
    return total, steps


def _gym(games: list[Recorded]) -> tuple[float, int]:
    env = SoloEnv(expansion=games[0].expansion if games else None)
    total = 0.0
    steps = 0
    for g in games:
        env.reset(options={"game_seed": g.game_seed})
        step = env.step
        t0 = time.process_time()
        for i in g.actions:
            step(i)
        total += time.process_time() - t0
        steps += len(g.actions)
    return total, steps


def _aec(games: list[Recorded]) -> tuple[float, int]:
    env = aec_env(players=2, expansion=games[0].expansion if games else None)
    total = 0.0
    steps = 0
    for g in games:
        env.reset(options={"game_seed": g.game_seed})
        step, last = env.step, env.last
        t0 = time.process_time()
        for i in g.actions:
            step(i)
            last()
        total += time.process_time() - t0
        steps += len(g.actions)
    return total, steps


def measure(games: int = 20, repeat: int = 3, seed: int = 0,
            expansion: str | None = None) -> dict[str, float]:
    """Microseconds per step: engine and env for solo (gym) and two players (aec)."""
    solo = record(games, 1, seed, expansion)
    duo = record(games, 2, seed, expansion)
    out: dict[str, float] = {}
    for name, fn, data in (("engine_solo", _engine, solo), ("gym", _gym, solo),
                           ("engine_2p", _engine, duo), ("aec", _aec, duo)):
        best = min(fn(data)[0] for _ in range(repeat))
        out[name] = 1e6 * best / sum(len(g.actions) for g in data)
    out["gym_overhead_x"] = (out["gym"] - out["engine_solo"]) / out["engine_solo"]
    out["aec_overhead_x"] = (out["aec"] - out["engine_2p"]) / out["engine_2p"]
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="arle.env overhead per step")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--expansion", choices=["tea-and-trade"], default=None)
    args = ap.parse_args(argv)
    r = measure(args.games, args.repeat, args.seed, args.expansion)
    print(f"solo: engine {r['engine_solo']:.1f} us/step, gym env {r['gym']:.1f} us/step, "
          f"overhead {r['gym'] - r['engine_solo']:.1f} us = {r['gym_overhead_x']:.2f}x engine")
    print(f"2p:   engine {r['engine_2p']:.1f} us/step, aec env {r['aec']:.1f} us/step, "
          f"overhead {r['aec'] - r['engine_2p']:.1f} us = {r['aec_overhead_x']:.2f}x engine")


if __name__ == "__main__":
    main()
