"""The course of a year in :mod:`arle.green` (R5-R9, R23, R24, F15-F17): the year's
``script`` of steps (:func:`year_script`), each step's rule (:data:`STEPS`), and
:func:`advance`, which runs automatic steps and continuations until a decision with two
or more actions is pending (a decision with one action is taken at once)."""

from __future__ import annotations

from typing import Callable, cast

from arle.framework.actions import Action
from arle.green import catalog as K
from arle.green.acting import act_legal, apply_act
from arle.green.chance import chance, reveal_slot
from arle.green.farm import food_cap
from arle.green.frames import HIDDEN_KINDS, Act, Declare, Harvest, Pick, Plan, Take
from arle.green.rules import AUTO, RULES
from arle.green.statedata import StateData, Step
from arle.green.tokens import gain
from arle.green.water import store_water

__all__ = ["STEPS", "year_script", "step", "advance"]


def year_script(s: StateData) -> list[Step]:
    """The steps of year ``s.year`` from first player ``s.first``."""
    order = [(s.first + i) % s.n for i in range(s.n)]
    sc: list[Step] = []
    if s.year > 1:
        sc += [["income", p] for p in order]
    sc += [["declare", p] for p in order]
    if s.n >= 3:
        hidden = s.options["action_choice"] == "hidden"
        for _ in range(K.TURNS):
            sc += [["commit", p] for p in order]
            sc.append(["reveal"])
            if hidden:                  # F17 option: every action committed blind first
                sc += [["plan", p] for p in order]
            sc += [["act", p] for p in order]
    else:
        sc.append(["open"])
        for k in range(K.TURNS):
            if s.n == 2:
                sc += [["turn", order[0]], ["turn", order[1]]]
            else:
                sc += [["turn", 0], ["neutral"]]
            if k < 3:
                sc.append(["reveal2"])
    sc += [["harvest", p] for p in order]
    sc.append(["endyear"])
    return sc


# ---------------------------------------------------------------------------- the steps
def _income(s: StateData, st: Step) -> None:
    p = int(st[1])
    pl = s.players[p]
    pl.coins += gain(s, "coins", K.INCOME["coins"])
    pl.food = min(food_cap(s, p), pl.food + gain(s, "food", K.INCOME["food"]))
    store_water(s, p, K.INCOME["water"])


def _declare(s: StateData, st: Step) -> None:
    s.stack.append(Declare(int(st[1])))


def _commit(s: StateData, st: Step) -> None:
    s.stack.append(Pick(int(st[1])))


def _reveal(s: StateData, st: Step) -> None:
    """The picks are revealed and the hands passed on (3-4 players)."""
    hands = [pl.hand for pl in s.players]
    for pl in s.players:
        pl.card, pl.pick = pl.pick, ""
    for row in s.known:
        for q, kq in enumerate(row):
            c = s.players[q].card
            if c and c in kq:
                kq.remove(c)
    d = 1 if s.options["pass_directions"][s.year - 1] == "L" else -1
    for i, pl in enumerate(s.players):
        pl.hand = hands[(i - d) % s.n]
    for p, row in enumerate(s.known):        # each seat knows the hand it passed
        s.known[p] = [[] if i == p else (hands[p][:] if (i - d) % s.n == p
                                          else row[(i - d) % s.n])
                      for i in range(s.n)]
    if any(hands):
        for i, pl in enumerate(s.players):
            s.private[i].append(f"y{s.year} hand " + " ".join(pl.hand))


def _plan(s: StateData, st: Step) -> None:
    if s.players[int(st[1])].card:
        s.stack.append(Plan(int(st[1])))


def _act(s: StateData, st: Step) -> None:
    p = int(st[1])
    pl = s.players[p]
    if pl.card:
        if pl.plan:                 # F17 "hidden": resolve the plan if still possible
            planned, pl.plan = Action.from_text(pl.plan), ""
            if planned in act_legal(s, p):
                apply_act(s, p, planned)
                return
        s.stack.append(Act(p))      # else the player chooses again


def _open(s: StateData, st: Step) -> None:
    for _ in range(K.MARKET_OPEN):
        reveal_slot(s)


def _turn(s: StateData, st: Step) -> None:
    if s.market:
        s.stack.append(Take(int(st[1])))


def _neutral(s: StateData, st: Step) -> None:
    if s.market:
        s.discard.append(s.market.pop(chance(s, len(s.market))))


def _reveal2(s: StateData, st: Step) -> None:
    for _ in range(K.MARKET_REVEAL):
        reveal_slot(s)


def _harvest(s: StateData, st: Step) -> None:
    s.stack.append(Harvest(int(st[1])))


def _endyear(s: StateData, st: Step) -> None:
    for pl in s.players:
        for e in pl.farm.values():
            e[4] = []
    s.first = (s.first + 1) % s.n
    if s.year >= K.YEARS:
        s.over = True
        return
    s.year += 1
    s.declared = []
    s.known = [[[] for _ in range(s.n)] for _ in range(s.n)]
    s.script = year_script(s)
    s.pc = 0


#: The rule of each kind of step of the script.
STEPS: dict[str, Callable[[StateData, Step], None]] = {
    "income": _income, "declare": _declare, "commit": _commit, "reveal": _reveal,
    "plan": _plan, "act": _act, "open": _open, "turn": _turn, "neutral": _neutral,
    "reveal2": _reveal2, "harvest": _harvest, "endyear": _endyear}


def step(s: StateData, st: Step) -> None:
    """Run one step of the script."""
    STEPS[cast(str, st[0])](s, st)


def advance(s: StateData) -> None:
    """Run automatic steps and single-option decisions until a real choice is pending."""
    s._legal = None
    while not s.over:
        stack = s.stack
        if stack:
            f = stack[-1]
            kind = type(f)
            run = AUTO.get(kind)
            if run is not None:
                stack.pop()
                run(s, f)
                continue
            rules = RULES[kind]
            legal = rules.legal(s, f)
            if not legal:
                stack.pop()
                continue
            if len(legal) == 1:
                if f.KIND in HIDDEN_KINDS:
                    s.hidden_auto.append((len(s.history), f.KIND))
                stack.pop()
                rules.apply(s, f, legal[0])
                continue
            s._legal = legal
            return
        st = s.script[s.pc]
        s.pc += 1
        STEPS[cast(str, st[0])](s, st)
    s._legal = []
