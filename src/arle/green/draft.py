"""Getting cards in :mod:`arle.green`: the draw declaration (R8, F3, F4: ``declare``),
the hidden pick of the draft with 3-4 players (``pick``), and the face-up market with
1-2 players (``take``)."""

from __future__ import annotations

from arle.framework.actions import Action
from arle.green import catalog as K
from arle.green.cards import PILES
from arle.green.chance import draw_pile
from arle.green.frames import Act, Declare, Pick, Take
from arle.green.statedata import StateData

__all__ = ["splits", "declare_legal", "declare_apply", "pick_legal", "pick_apply",
           "take_legal", "take_apply"]


def splits(s: StateData, p: int) -> list[tuple[int, int, int, int]]:
    """The draws ``p`` may declare: cards from each pile, in the order of the actions."""
    sizes = [s.pile_size[k] for k in PILES]
    if s.n == 1:
        caps = [min(K.SOLO_PILE_CAP, z) for z in sizes]
    else:
        caps = sizes
    if s.options["draw_mode"] == "fixed":
        return [K.FIXED_DRAW]
    need = min(K.MIN_PILES, sum(1 for z in sizes if z > 0))
    out = []
    for a in range(min(caps[0], K.HAND), -1, -1):
        for b in range(min(caps[1], K.HAND - a), -1, -1):
            for c in range(min(caps[2], K.HAND - a - b), -1, -1):
                d = K.HAND - a - b - c
                if d <= caps[3] and sum(1 for x in (a, b, c, d) if x) >= need:
                    out.append((a, b, c, d))
    if not out and s.n == 1:          # a small loaded set: drop the solo cap
        caps = sizes
        out = [(a, b, c, K.HAND - a - b - c) for a in range(min(caps[0], 6), -1, -1)
               for b in range(min(caps[1], 6 - a), -1, -1)
               for c in range(min(caps[2], 6 - a - b), -1, -1)
               if 0 <= 6 - a - b - c <= caps[3]]
    return out


def _sorted_ids(s: StateData, ids: list[str]) -> list[str]:
    order = s.cs.design_index
    return sorted(set(ids), key=lambda x: order[x])


# ---------------------------------------------------------------------------- decisions
def declare_legal(s: StateData, f: Declare) -> list[Action]:
    return [Action("draw", tuple(str(x) for x in sp)) for sp in splits(s, f.p)]


def declare_apply(s: StateData, f: Declare, a: Action) -> None:
    p = f.p
    split = [int(x) for x in a.args]
    s.declared.append([p] + split)
    if s.n >= 3:
        hand: list[str] = []
        for pile, k in zip(PILES, split):
            for _ in range(k):
                hand.append(draw_pile(s, pile))
            s.pile_size[pile] -= k
        pl = s.players[p]
        pl.hand = sorted(hand, key=s.cs.design_index.__getitem__)
        s.private[p].append(f"y{s.year} hand " + " ".join(pl.hand))
        return
    for pile, k in zip(PILES, split):
        s.pile_size[pile] -= k
        s.slots[pile] += k
    if s.n == 1:                       # F3: the neutral's draw, same split
        for pile, k in zip(PILES, split):
            take = min(k, s.pile_size[pile])
            s.pile_size[pile] -= take
            s.slots[pile] += take
            short = k - take
            while short > 0:
                big = max(PILES, key=lambda q: s.pile_size[q])
                if s.pile_size[big] == 0:
                    break
                s.pile_size[big] -= 1
                s.slots[big] += 1
                short -= 1


def pick_legal(s: StateData, f: Pick) -> list[Action]:
    return [Action("pick", (c,)) for c in _sorted_ids(s, s.players[f.p].hand)]


def pick_apply(s: StateData, f: Pick, a: Action) -> None:
    pl = s.players[f.p]
    pl.hand.remove(a.args[0])
    pl.pick = a.args[0]
    s.private[f.p].append(f"y{s.year} pick {a.args[0]}")


def take_legal(s: StateData, f: Take) -> list[Action]:
    return [Action("take", (c,)) for c in _sorted_ids(s, s.market)]


def take_apply(s: StateData, f: Take, a: Action) -> None:
    s.market.remove(a.args[0])
    s.players[f.p].card = a.args[0]
    s.stack.append(Act(f.p))
