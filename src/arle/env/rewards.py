"""End-of-game rewards shared by the PettingZoo and OpenSpiel environments."""

from __future__ import annotations

from arle.state import State

__all__ = ["REWARDS", "SOLO_TARGET", "check_reward", "final_rewards"]

#: ``score_diff``: a player's final score minus the other's (solo: the final score;
#: three players: minus the best of the two others', so the winner's margin is positive
#: and the sum is not zero).
#: ``win_loss``: +1 for the winner and -1 for the loser (solo: +1 when the final score
#: reaches ``solo_target``, else -1; three players: +1 for the winner, -1 for each of
#: the two others, the ties broken as the engine's ``winner`` does).
REWARDS = ("score_diff", "win_loss")
#: Default solo target for ``win_loss`` (the score the solo variant asks for).
SOLO_TARGET = 110.0


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r} (use one of {', '.join(REWARDS)})")
    return reward


def final_rewards(s: State, reward: str, solo_target: float = SOLO_TARGET) -> list[float]:
    """Each player's reward for a finished game (zeros while it goes on)."""
    if not s.is_terminal():
        return [0.0] * s.n
    totals = [float(sc.total) for sc in s.scores()]
    if s.n == 1:
        if reward == "win_loss":
            return [1.0 if totals[0] >= solo_target else -1.0]
        return [totals[0]]
    if reward == "win_loss":
        w = s.winner()
        return [1.0 if p == w else -1.0 for p in range(s.n)]
    return [totals[p] - max(totals[q] for q in range(s.n) if q != p) for p in range(s.n)]
