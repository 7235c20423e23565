"""The decision machine: pending-decision frames, anytime actions, turn flow.

A state's ``stack`` holds frames (the typed immutable values of
:mod:`arle.frames`; a change puts a new frame on the stack).  The top frame names
the deciding player (``p``) and its kind (``KIND``).  :class:`~arle.frames.Effect`
frames are continuations executed automatically when they reach the top, which keeps
multi-step rules sequential without Python call stacks.  When the stack is empty the
work phase asks the next worker to be placed.

Modules register the rules of each frame kind in :data:`FRAMES` (``@frame(Cut)``), their
continuations in :data:`EFFECTS` (``@effect("name")``) and their anytime actions in
:data:`ANYTIME` (``anytime("verb", legal, apply)``).  The order of the legal actions is
fixed here, whatever the import order (docs/ARCHITECTURE.md, "Action order"): the top
frame's own actions, then the anytime actions by verb in :data:`ANYTIME_ORDER`; with no
frame, the placements in the board's space order, ``skip`` (or ``end``), then the
anytime actions.
"""

from __future__ import annotations

from typing import Any, Callable, Final, TypeVar

from arle.actions import Action, IllegalActionError, act
from arle.data import catalog as C
from arle.data.tea_trade import TT_RES_INDEX, TT_RESOURCES, TT_TOOL_VALUES
from arle import frames as FR
from arle.frames import Effect, Frame
from arle.state import State
from arle.state import link as _link_state

LegalFn = Callable[[State, Any], list[Action]]
ApplyFn = Callable[[State, Any, Action], None]
AnytimeLegal = Callable[[State, int, str], list[Action]]
AnytimeApply = Callable[[State, int, Action], None]
F_ = TypeVar("F_", bound=Frame)
#: The tool tracks' values and last index (Tea & Trade's supersets, see tool_value).
_TOOL_VALUES: Final[tuple[tuple[int, ...], ...]] = TT_TOOL_VALUES
_TOOL_LAST: Final[tuple[int, ...]] = tuple(len(v) - 1 for v in TT_TOOL_VALUES)


class FrameType:
    """How one kind of pending decision lists and applies its actions."""

    __slots__ = ("legal", "apply", "anytime")

    def __init__(self, legal: LegalFn, apply: ApplyFn, anytime: str | None = None) -> None:
        self.legal = legal
        self.apply = apply
        self.anytime = anytime  # None, "work" (every anytime action) or "game"


#: The rules of each decision kind (``Frame.KIND`` -> legal/apply), filled by ``@frame``.
FRAMES: Final[dict[str, FrameType]] = {}
#: The one registry of continuations: ``Effect.name`` -> function, filled by ``@effect``.
EFFECTS: Final[dict[str, Callable[..., None]]] = {}
#: The anytime verbs, in the order their actions are listed (one table, see module doc).
ANYTIME_ORDER: Final[tuple[str, ...]] = ("use", "load", "boat", "release", "return")
#: Anytime actions by verb: (legal(state, player, level) -> actions, apply).
ANYTIME: Final[dict[str, tuple[AnytimeLegal, AnytimeApply]]] = {}
#: What a player must have for the anytime actions of a verb to be possible at all (the
#: listing asks the verb's rules only then; a test pins it to asking them always):
#: vehicles or ships (load, boat, return), an animal (release), a building (use).
NEEDS_NOTHING: Final = 0
NEEDS_VEHICLES: Final = 1
NEEDS_ANIMALS: Final = 2
NEEDS_BUILDINGS: Final = 3
ANYTIME_NEEDS: Final[dict[str, int]] = {
    "load": NEEDS_VEHICLES, "boat": NEEDS_VEHICLES, "return": NEEDS_VEHICLES,
    "release": NEEDS_ANIMALS, "use": NEEDS_BUILDINGS}
#: (legal, needs) of the registered verbs, in ANYTIME_ORDER.
_ANYTIME_LIST: Final[list[tuple[AnytimeLegal, int]]] = []


def anytime_verbs() -> frozenset[str]:
    """Every verb of the registered anytime actions (the one list of them)."""
    return frozenset(ANYTIME)


def frame(ftype: type[F_], anytime: str | None = None) -> Callable[[type], type]:
    """Class decorator registering ``legal(s, f)``/``apply(s, f, a)`` static methods as
    the rules of frame class ``ftype`` (their ``f`` is annotated with ``ftype``)."""
    name = ftype.KIND
    assert name in FR.DECISION_KINDS, f"{name!r} is not a decision frame kind"
    assert name not in FRAMES and name not in EFFECTS, f"{name!r} registered twice"

    def deco(cls: type) -> type:
        FRAMES[name] = FrameType(cls.legal, cls.apply, anytime)  # type: ignore[attr-defined]
        return cls
    return deco


def effect(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a continuation; no name may be both an effect and a frame kind."""
    assert name not in FR.FRAME_TYPES and name not in EFFECTS, \
        f"effect name {name!r} is already a frame kind or an effect"
    assert name not in FR.LEGACY_EFFECT_NAMES, f"{name!r} is an old effect name"

    def deco(fn: Callable[..., None]) -> Callable[..., None]:
        EFFECTS[name] = fn
        return fn
    return deco


def anytime(verb: str, legal: AnytimeLegal, apply: AnytimeApply) -> None:
    """Register the anytime actions of ``verb`` (which must be in :data:`ANYTIME_ORDER`)."""
    assert verb in ANYTIME_ORDER and verb not in ANYTIME, verb
    ANYTIME[verb] = (legal, apply)
    _ANYTIME_LIST[:] = [(ANYTIME[v][0], ANYTIME_NEEDS.get(v, NEEDS_NOTHING))
                        for v in ANYTIME_ORDER if v in ANYTIME]


def check_registries() -> None:
    """Every frame kind has rules, every anytime verb is registered, every rule of a
    module above this one is linked (run once every rules module is imported)."""
    assert _LINKS.placements is not _unlinked and _LINKS.place_worker is not _unlinked
    assert _LINKS.start_inventory is not _unlinked
    missing = set(FR.DECISION_KINDS) - set(FRAMES)
    assert not missing, f"frame kinds without rules: {sorted(missing)}"
    assert set(ANYTIME) == set(ANYTIME_ORDER), sorted(set(ANYTIME_ORDER) ^ set(ANYTIME))
    assert not set(EFFECTS) & set(FR.FRAME_TYPES)


def push(s: State, f: Frame) -> None:
    """Push a decision frame."""
    s.stack.append(f)


#: The continuations made so far, by (player, name, args): a frame is an immutable value,
#: so one made before serves again (building a frozen dataclass costs more than the
#: look-up); emptied when large.
_EFFECT_FRAMES: Final[dict[tuple[int, str, tuple[int | str, ...]], Effect]] = {}
_EFFECT_FRAMES_MAX: Final = 10_000


#: The continuations without arguments (most of them), by name then player: looked up
#: without building and hashing a key tuple.
_PLAIN_EFFECTS: Final[dict[str, dict[int, Effect]]] = {}


def push_eff(s: State, name: str, p: int, *args: int | str) -> None:
    """Push a continuation: ``EFFECTS[name](s, p, *args)`` runs when it reaches the top."""
    if not args:
        by_player = _PLAIN_EFFECTS.get(name)
        if by_player is None:
            by_player = _PLAIN_EFFECTS[name] = {}
        f = by_player.get(p)
        if f is None:
            f = by_player[p] = Effect(p, name, args)
        s.stack.append(f)
        return
    key = (p, name, args)
    f = _EFFECT_FRAMES.get(key)
    if f is None:
        if len(_EFFECT_FRAMES) >= _EFFECT_FRAMES_MAX:
            _EFFECT_FRAMES.clear()
        f = _EFFECT_FRAMES[key] = Effect(p, name, args)
    s.stack.append(f)


def replace_top(s: State, **changes: Any) -> None:
    """Put a changed copy of the top frame in its place (``Frame._with``)."""
    s.stack[-1] = s.stack[-1]._with(**changes)


# ---------------------------------------------------------------------------
# Turn order
# ---------------------------------------------------------------------------
def workers_total(s: State) -> int:
    return C.WORKERS_PER_PLAYER * s.n


def turn_player(s: State) -> int:
    return (s.start_player + s.turn % s.n) % s.n


def end_order(s: State) -> list[int]:
    return [(s.start_player + i) % s.n for i in range(s.n)]


def current_player(s: State) -> int | None:
    if s.phase == "over":
        return None
    if s.stack:
        return s.stack[-1].p
    n = s.n
    if s.turn < C.WORKERS_PER_PLAYER * n:      # workers_total(s), turn_player(s)
        return (s.start_player + s.turn % n) % n
    for p in end_order(s):
        if not s.ended[p]:
            return p
    return None  # transient only


# ---------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------

def _unlinked(*args: Any) -> Any:  # pragma: no cover - replaced when linked
    raise AssertionError("arle.engine is not fully imported")


# Rules of the modules above this one (they import it), linked by them when they are
# imported (importing arle.engine imports every rules module; check_registries checks):
# spaces.py's placements and place_worker, inventory.py's start_inventory (held as
# attributes of one object that is never rebound: the compiled build reads them without
# a look-up of the module's globals).
class _Links:
    __slots__ = ("placements", "place_worker", "start_inventory")

    def __init__(self) -> None:
        self.placements: Callable[[State, int], list[Action]] = _unlinked
        self.place_worker: Callable[..., None] = _unlinked
        self.start_inventory: Callable[[State], None] = _unlinked


_LINKS: Final = _Links()


def link_placements(placements: Callable[[State, int], list[Action]],
                    place_worker: Callable[..., None]) -> None:
    """spaces.py's placement rules, which the turn loop calls."""
    _LINKS.placements, _LINKS.place_worker = placements, place_worker


def link_inventory(start_inventory: Callable[[State], None]) -> None:
    """inventory.py's start of the inventory phase, which :func:`advance` calls."""
    _LINKS.start_inventory = start_inventory
SKIP: Final = Action("skip")
END: Final = Action("end")


def anytime_actions(s: State, p: int, level: str) -> list[Action]:
    out: list[Action] = []
    _add_anytime(s, p, level, out)
    return out


def _add_anytime(s: State, p: int, level: str, out: list[Action]) -> None:
    """Add the anytime actions of player ``p`` to ``out``, verb by verb in
    :data:`ANYTIME_ORDER`, asking a verb's rules only if the player has what it
    needs (:data:`ANYTIME_NEEDS`): most positions have no vehicle, many no animal or
    building, and a call that lists nothing costs more than the test."""
    pl = s.players[p]
    a = pl.animals
    vehicles = bool(pl.barn) or bool(pl.harbor)
    animals = a[0] > 0 or a[1] > 0 or a[2] > 0
    buildings = bool(pl.buildings)
    for gen, needs in _ANYTIME_LIST:
        if needs == NEEDS_VEHICLES:
            if not vehicles:
                continue
        elif needs == NEEDS_ANIMALS:
            if not animals:
                continue
        elif needs == NEEDS_BUILDINGS:
            if not buildings:
                continue
        out.extend(gen(s, p, level))


def _own_legal(s: State) -> list[Action]:
    """Legal actions without automatic resolution (the state must be at rest)."""
    if s.phase == "over":
        return []
    if s.stack:
        f = s.stack[-1]
        ft = FRAMES[f.KIND]
        acts = ft.legal(s, f)
        if ft.anytime is not None and s.phase == "work" or ft.anytime == "game":
            level = ft.anytime or "work"
            acts = acts + anytime_actions(s, f.p, level)
        return acts
    p = current_player(s)
    assert p is not None
    if s.turn < C.WORKERS_PER_PLAYER * s.n:       # workers_total(s)
        out = _LINKS.placements(s, p)      # a new list (the placement functions build one)
        out.append(SKIP)
    else:
        out = [END]
    _add_anytime(s, p, "work", out)                 # anytime_actions(s, p, "work")
    return out


def legal_actions(s: State) -> list[Action]:
    return _own_legal(s)


# ---------------------------------------------------------------------------
# Applying
# ---------------------------------------------------------------------------
def apply_action(s: State, a: Action) -> None:
    """Apply a legal action and run the game forward to the next real decision."""
    _dispatch(s, a)
    s._legal = None
    advance(s)


def _dispatch(s: State, a: Action) -> None:
    handler = ANYTIME.get(a.verb)
    if s.stack:
        # A frame's own actions go to the frame, even where a verb is also an anytime
        # verb (the "house" frame's ``release``); the rest are anytime actions.
        f = s.stack[-1]
        ft = FRAMES[f.KIND]
        if ft.anytime is None or handler is None or a in ft.legal(s, f):
            ft.apply(s, f, a)
            return
    p = current_player(s)
    assert p is not None
    if handler is not None:
        handler[1](s, p, a)
        return
    if s.stack:  # pragma: no cover - legality was checked before dispatch
        raise IllegalActionError(f"unknown action {a}")
    if a.verb == "end":
        s.ended[p] = True
        return
    if a.verb == "skip":
        s.turn += 1
        return
    if a.verb == "place":
        args = a.args
        if len(args) == 1:      # a call without *args costs less
            _LINKS.place_worker(s, p, args[0])
        else:
            _LINKS.place_worker(s, p, *args)
        return
    raise IllegalActionError(f"unknown action {a}")  # pragma: no cover


#: While a face traces an apply (:func:`arle.view.apply_logged`), the innermost list
#: here receives ``(player, effect name, figures before, figures after)`` of every
#: continuation :func:`advance` runs (figures: the player's resources, animals, dikes).
#: Never rebound, so that the compiled build reads the same list; empty, nothing traced.
TRACE: Final[list[list[tuple[int, str, tuple[int, ...], tuple[int, ...]]]]] = []


def _figures(s: State, p: int) -> tuple[int, ...]:
    pl = s.players[p]
    return (*pl.res, *pl.animals, pl.dikes)


def advance(s: State) -> None:
    """Run continuations and forced choices until a player has a real decision."""
    while True:
        if s.phase == "over":
            s._legal = []
            return
        if s.stack:
            f = s.stack[-1]
            if type(f) is Effect:
                s.stack.pop()
                if not TRACE:
                    # by the number of arguments: a call without *args costs less
                    fn = EFFECTS[f.name]
                    args = f.args
                    k = len(args)
                    if k == 0:
                        fn(s, f.p)
                    elif k == 1:
                        fn(s, f.p, args[0])
                    elif k == 2:
                        fn(s, f.p, args[0], args[1])
                    else:
                        fn(s, f.p, *args)
                else:
                    before = _figures(s, f.p)
                    EFFECTS[f.name](s, f.p, *f.args)
                    TRACE[-1].append((f.p, f.name, before, _figures(s, f.p)))
                continue
            acts = _own_legal(s)
            if not acts:  # defensive: a frame with nothing left to decide ends
                s.stack.pop()
                continue
            if len(acts) == 1:
                _dispatch(s, acts[0])
                continue
            s._legal = acts
            return
        if s.phase == "work":
            if s.turn < C.WORKERS_PER_PLAYER * s.n:        # workers_total(s)
                # A worker to place: the placements are listed when first asked for
                # (State.legal_actions, State.apply), not here: a search judges many
                # positions it never plays on from.
                s._legal = None
                return
            p = current_player(s)
            if p is None:
                _LINKS.start_inventory(s)
                continue
            acts = _own_legal(s)
            if len(acts) == 1:
                s.ended[p] = True
                continue
            s._legal = acts
            return
        # inventory with an empty stack cannot happen: its last effect changes phase
        raise AssertionError(f"stuck in phase {s.phase}")  # pragma: no cover


# ---------------------------------------------------------------------------
# Shared helpers used by every rules module
# ---------------------------------------------------------------------------
def gain(s: State, p: int, r: int, n: int) -> None:
    """Gain ``n`` of resource ``r``; goods-track goods stop at their cap (excess lost)."""
    res = s.players[p].res
    v = res[r] + n
    if r == C.FOOD:
        v = min(v, C.FOOD_CAP)
    elif r <= C.WOOL:
        v = min(v, C.GOOD_CAP)
    res[r] = v


# The tool tables are Tea & Trade's supersets (the Digging Spade track is index 10);
# a base game never holds that index, so they serve both.
def tool_value(s: State, p: int, t: int) -> int:
    """The value of track ``t`` for the action under way: the indicator's space, or,
    while a Tea improvement of this track is in force (``Player.boost``), that many
    spaces further right, never beyond the last (T35)."""
    pl = s.players[p]
    b = pl.boost
    if b and b[0] == t:
        return _TOOL_VALUES[t][min(pl.tools[t] + b[1], _TOOL_LAST[t])]
    return _TOOL_VALUES[t][pl.tools[t]]


def tool_at_end(s: State, p: int, t: int) -> bool:
    return s.players[p].tools[t] >= _TOOL_LAST[t]


def advance_tool(s: State, p: int, t: int, steps: int = 1) -> None:
    """Move a tool indicator right for free; stops at the track's end."""
    tools = s.players[p].tools
    tools[t] = min(tools[t] + steps, _TOOL_LAST[t])


def can_pay_fixed(res: list[int], cost: dict[int, int]) -> bool:
    """Whether a fixed cost can be paid with Timber for Wood and Brick for Clay:
    ``bool(payment_options(res, cost))`` without listing the ways (Timber makes up for
    Wood and Brick for Clay, beyond the Timber and Brick the cost names itself)."""
    wood = clay = 0
    for r, n in cost.items():
        if r == C.WOOD:
            wood = n
        elif r == C.CLAY:
            clay = n
        elif res[r] < n:
            return False
    if wood and res[C.WOOD] + res[C.TIMBER] - cost.get(C.TIMBER, 0) < wood:
        return False
    return not clay or res[C.CLAY] + res[C.BRICK] - cost.get(C.BRICK, 0) >= clay


def can_pay_one(res: list[int], r: int, n: int) -> bool:
    """Whether a cost of ``n`` (>= 0) of the one resource ``r`` can be paid:
    ``bool(payment_options(res, {r: n}))`` without listing the ways."""
    if r == C.WOOD:
        return res[C.WOOD] + res[C.TIMBER] >= n
    if r == C.CLAY:
        return res[C.CLAY] + res[C.BRICK] >= n
    return res[r] >= n


def payment_options(res: list[int], cost: dict[int, int]) -> list[dict[int, int]]:
    """Every distinct way to pay ``cost`` (Wood by Wood/Timber, Clay by Clay/Brick)."""
    need = dict(cost)
    for r, n in need.items():
        if r not in (C.WOOD, C.CLAY) and res[r] < n:
            return []
    wood_need = need.pop(C.WOOD, 0)
    clay_need = need.pop(C.CLAY, 0)
    timber_left = res[C.TIMBER] - need.get(C.TIMBER, 0)
    brick_left = res[C.BRICK] - need.get(C.BRICK, 0)
    w_opts = _splits(wood_need, res[C.WOOD], timber_left)
    c_opts = _splits(clay_need, res[C.CLAY], brick_left)
    out = []
    for w, t in w_opts:
        for c, b in c_opts:
            pay = dict(need)
            # Wood, Timber, Clay, Brick in this order (a payment's key order is shown)
            if w:
                pay[C.WOOD] = pay.get(C.WOOD, 0) + w
            if t:
                pay[C.TIMBER] = pay.get(C.TIMBER, 0) + t
            if c:
                pay[C.CLAY] = pay.get(C.CLAY, 0) + c
            if b:
                pay[C.BRICK] = pay.get(C.BRICK, 0) + b
            out.append(pay)
    return out


def _splits(need: int, base: int, sub: int) -> list[tuple[int, int]]:
    if need == 0:
        return [(0, 0)]
    return [(need - k, k) for k in range(max(0, need - base), min(need, sub) + 1)]


def pay(s: State, p: int, payment: dict[int, int]) -> None:
    res = s.players[p].res
    for r, n in payment.items():
        res[r] -= n
        assert res[r] >= 0, (TT_RESOURCES[r], res[r])


def payment_text(payment: dict[int, int]) -> tuple[str, ...]:
    return tuple(f"{TT_RESOURCES[r]}:{n}" for r, n in sorted(payment.items()) if n)


def parse_payment(args: tuple[str, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for a in args:
        name, _, n = a.partition(":")
        out[TT_RES_INDEX[name]] = int(n)
    return out


def pay_then(s: State, p: int, options: list[dict[int, int]], then: str,
             *args: int | str) -> None:
    """Pay one of ``options`` and continue with effect ``then``: asks only on a real choice."""
    assert options
    push_eff(s, then, p, *args)
    if len(options) == 1:
        pay(s, p, options[0])
    else:
        push(s, FR.Pay(p, opts=tuple(payment_text(o) for o in options)))


@frame(FR.Pay)
class PayFrame:
    """Choose how to pay (e.g. Wood or Timber).  ``pay wood:1 timber:1``."""

    @staticmethod
    def legal(s: State, f: FR.Pay) -> list[Action]:
        return [Action("pay", tuple(o)) for o in f.opts]

    @staticmethod
    def apply(s: State, f: FR.Pay, a: Action) -> None:
        s.stack.pop()
        pay(s, f.p, parse_payment(a.args))


def frame_done(s: State) -> None:
    s.stack.pop()


def done_action() -> Action:
    return Action("done")


__all__ = ["act", "push", "push_eff", "gain", "pay", "payment_options", "pay_then"]


_link_state(current_player=current_player, legal_actions=legal_actions,
            apply_action=apply_action)
