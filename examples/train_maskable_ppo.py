"""Train a masked-PPO agent on solo Fields of Arle for a few minutes, then compare its
mean final score with the random bot's on the same games.

    .venv/bin/pip install -e '.[rl]'        # sb3-contrib, stable-baselines3, torch (CPU)
    .venv/bin/python examples/train_maskable_ppo.py --minutes 5

Needs ``sb3-contrib`` (``MaskablePPO``).  The environment is ``arle/Solo-v0``
(registered by ``import arle.env``); the policy sees only legal actions through the
environment's ``action_masks()``.  See docs/RESEARCH.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import arle
import arle.bots
import arle.env


class TimeLimit(BaseCallback):
    """Stops training once the wall-clock budget is spent."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def play_agent(model: Any, game_seeds: list[int], buildings: str) -> list[float]:
    env = gym.make(arle.env.GYM_ID, buildings=buildings, reward="final")
    scores = []
    for gs in game_seeds:
        obs, info = env.reset(options={"game_seed": gs})
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool),
                                      deterministic=True)
            obs, _r, term, trunc, info = env.step(int(action))
            done = term or trunc
        scores.append(float(info["final_score"]))
    return scores


def play_random(game_seeds: list[int], buildings: str) -> list[float]:
    scores = []
    for gs in game_seeds:
        s = arle.new_game(players=1, seed=gs, buildings=buildings)
        bot = arle.bots.get("random", seed=gs)
        while not s.is_terminal():
            s.apply(bot.choose(s))
        scores.append(float(s.scores()[0].total))
    return scores


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=3.0, help="training time budget")
    ap.add_argument("--timesteps", type=int, default=10_000_000,
                    help="upper bound on environment steps (the time budget usually ends first)")
    ap.add_argument("--eval-games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--buildings", default="first-game", choices=["first-game", "random"])
    ap.add_argument("--n-steps", type=int, default=1024, help="PPO rollout length")
    ap.add_argument("--threads", type=int, default=1,
                    help="torch threads (1 is fastest for this small network on a busy CPU)")
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)

    env = gym.make(arle.env.GYM_ID, buildings=args.buildings)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=args.n_steps,
                        batch_size=min(256, args.n_steps), learning_rate=3e-4, gamma=0.999,
                        ent_coef=0.01, policy_kwargs={"net_arch": [256, 256]}, verbose=0)
    start = time.monotonic()
    model.learn(total_timesteps=args.timesteps, callback=TimeLimit(60 * args.minutes))
    trained = time.monotonic() - start
    print(f"trained {model.num_timesteps} steps in {trained:.0f} s "
          f"({model.num_timesteps / max(trained, 1e-9):.0f} steps/s)")

    # Held-out games: seeds the training resets did not pick on purpose.
    rng = np.random.default_rng(10_000 + args.seed)
    game_seeds = [int(x) for x in rng.integers(2**31, size=args.eval_games)]
    agent = play_agent(model, game_seeds, args.buildings)
    rand = play_random(game_seeds, args.buildings)
    print(f"masked PPO: mean score {statistics.fmean(agent):.1f} over {len(agent)} games")
    print(f"random bot: mean score {statistics.fmean(rand):.1f} over {len(rand)} games")
    print(f"difference: {statistics.fmean(agent) - statistics.fmean(rand):+.1f}")


if __name__ == "__main__":
    main()
