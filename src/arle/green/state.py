"""The state and rules of :mod:`arle.green` (rules modelled on Fields of Green (Artipia
Games, 2016) with invented cards; unofficial, not a faithful copy).

A :class:`State` is flat data (ints, strings, lists, dicts of small lists), so
``clone()`` is a few list copies and ``to_json()`` is the whole state.  What is being
decided is a frame on ``stack`` (a dict with a type ``t`` and the deciding seat ``p``),
never the Python call stack; automatic steps of the year are a ``script`` of steps run
by :func:`_advance` until a decision with two or more actions is pending (a decision with
one action is taken at once).  The legal actions of that decision are cached until the
next :meth:`State.apply`.

Chance is explicit and seeded: piles and the never-seen part of the Equipment stack are
multisets (counts), never a shuffled order, and every card or tile is sampled when it is
drawn or revealed from a small RNG (``rng``, one 64-bit integer) kept in the state.  Each
sampled index is appended to ``chance``, so a record logs every outcome.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from arle.framework.actions import Action
from arle.framework.errors import (
    ActionSyntaxError,
    GameOverError,
    IllegalActionError,
    StateFormatError,
)
from arle.framework.decision import Decision
from arle.green import catalog as K
from arle.green.cards import PILES, CardSet, by_hash, load_cards

__all__ = ["ChanceNeeded", "State", "GreenScore", "new_game", "replay", "SCORE_CATEGORIES"]

STATE_FORMAT = "arle-green-state-1"
RECORD_FORMAT = "arle-green-record-1"
TOWER, SILO = "tower", "silo"

#: The scoring pad's categories (R22), in the pad's order.
SCORE_CATEGORIES: tuple[str, ...] = (
    "printed_vp", "vp_tokens", "equipment_game_end", "equipment_set_aside", "coins",
    "food", "empty_towers", "location_game_end")

_MASK = (1 << 64) - 1
#: The decisions whose choice other seats do not see (written ``pick ?``, ``keep ?``,
#: ``plan ?`` in their histories), also when the decision had one legal action.
HIDDEN_KINDS: tuple[str, ...] = ("pick", "keep", "plan")


def _splitmix(x: int) -> tuple[int, int]:
    """One step of splitmix64: (new state, 64-bit output)."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return x, z ^ (z >> 31)


def _key(x: int, y: int) -> str:
    return f"{x},{y}"


@functools.lru_cache(maxsize=4096)
def _xy(key: str) -> tuple[int, int]:
    """The coordinates of a cell key (cached: scoring asks for the same few cells often)."""
    a, b = key.split(",")
    return int(a), int(b)


@dataclass(frozen=True)
class GreenScore:
    """One player's result: the pad's categories (R22) and their sum."""

    categories: dict[str, float]
    total: float


class Player:
    """One seat's belongings.  ``farm`` maps a cell ``"x,y"`` to ``[card, face_up, water,
    tiles, harvested]`` in building order (``card`` is a design id, ``"tower"`` or
    ``"silo"``; ``harvested`` lists what resolved this Harvest: ``"c"`` for the card's
    ability, tile ids for standalone Harvest tiles)."""

    __slots__ = ("coins", "food", "vpt", "farm", "hand", "pick", "card", "aside", "plan")

    def __init__(self) -> None:
        self.coins = 0
        self.food = 0
        self.vpt = 0                 # VP tokens
        self.farm: dict[str, list[Any]] = {}
        self.hand: list[str] = []    # private
        self.pick = ""               # committed pick, private until the reveal
        self.card = ""               # the revealed (or taken) card still to act with
        self.aside: list[str] = []   # set-aside Equipment (public)
        self.plan = ""               # action_choice "hidden": the committed action, private

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.coins, p.food, p.vpt = self.coins, self.food, self.vpt
        p.farm = {k: [v[0], v[1], v[2], v[3][:], v[4][:]] for k, v in self.farm.items()}
        p.hand = self.hand[:]
        p.pick, p.card = self.pick, self.card
        p.aside = self.aside[:]
        p.plan = self.plan
        return p

    def to_dict(self) -> dict[str, Any]:
        d = {"coins": self.coins, "food": self.food, "vpt": self.vpt,
             "farm": [[k] + v for k, v in self.farm.items()], "hand": self.hand,
             "pick": self.pick, "card": self.card, "aside": self.aside}
        if self.plan:                # only with action_choice "hidden", only until resolved
            d["plan"] = self.plan
        return d


# ---------------------------------------------------------------------------- the state
class State:
    """A game of :mod:`arle.green` at one decision point (build one with
    :func:`arle.green.new_game`)."""

    __slots__ = ("n", "seed", "options", "cs", "year", "first", "over", "script", "pc",
                 "stack", "players", "unseen", "pile_size", "slots", "market",
                 "towers_left", "silos_left", "eq_unseen", "eq_bottom", "eq_gone",
                 "discard", "declared", "rng", "chance", "history", "known", "eq_by",
                 "private", "hidden_auto", "_legal", "_forced")

    def __init__(self) -> None:
        self.n = 1
        self.seed = 0
        self.options: dict[str, Any] = dict(K.FOG_OPTIONS)
        self.cs: CardSet = load_cards()
        self.year = 1
        self.first = 0
        self.over = False
        self.script: list[list[Any]] = []
        self.pc = 0
        self.stack: list[dict[str, Any]] = []
        self.players: list[Player] = []
        self.unseen: dict[str, list[int]] = {}   # per pile: counts per design, unseen
        self.pile_size: dict[str, int] = {}      # cards still in each pile (public)
        self.slots: dict[str, int] = {}          # face-down market cards per pile
        self.market: list[str] = []              # face-up market (2 players, solo)
        self.towers_left = 0
        self.silos_left = 0
        self.eq_unseen: list[int] = []           # never-seen tiles, counts per design
        self.eq_bottom: list[str] = []           # returned tiles, in order, top first
        self.eq_gone: list[str] = []             # discarded tiles (out of the game)
        self.discard: list[str] = []             # discarded cards, face up
        self.declared: list[list[int]] = []      # this year's draws: [seat, f, l, c, b]
        self.rng = 0
        self.chance: list[int] = []
        self.history: list[str] = []
        # Perfect recall (H1, H5): known[p][q] is the multiset of cards seat p knows to be
        # in seat q's hand (with its pick), from hands p passed on; eq_by[i] is the seat
        # that returned eq_bottom[i]; private[p] logs what only p saw (its hands, its
        # Equipment draws), in order.
        self.known: list[list[list[str]]] = []
        self.eq_by: list[int] = []
        self.private: list[list[str]] = []
        # Hidden decisions taken automatically because they had one legal action (a
        # single Equipment to keep, a single pick): [i, verb] for one taken after the
        # first i entries of ``history``, so that every seat's redacted history still
        # shows it (``pick ?``, ``keep ?``, ``plan ?``), forced or not.
        self.hidden_auto: list[list[Any]] = []
        self._legal: list[Action] | None = None
        # Chance outcomes to use instead of the RNG (the OpenSpiel wrapper's explicit
        # chance nodes); when it is an empty list, the next chance raises ChanceNeeded.
        self._forced: list[int] | None = None

    # -------------------------------------------------------------- protocol queries
    @property
    def current_player(self) -> int | None:
        """The seat to decide (always one seat), ``None`` once the game is over."""
        if self.over or not self.stack:
            return None
        return int(self.stack[-1]["p"])

    def legal_actions(self) -> list[Action]:
        """The legal actions of ``current_player``, in the order of ``docs/GREEN.md``."""
        if self._legal is None:
            self._legal = [] if self.over or not self.stack else _legal(self, self.stack[-1])
        return list(self._legal)

    def is_terminal(self) -> bool:
        return self.over

    def apply(self, action: Action | str) -> None:
        """Take one legal action (or its text); anything else raises
        :class:`IllegalActionError` and changes nothing."""
        legal = self._legal if self._legal is not None else self.legal_actions()
        if self.over:
            raise GameOverError(f"the game is over: {str(action)[:40]!r} cannot be applied")
        if isinstance(action, str):
            a = Action.from_text(action)         # ActionSyntaxError for an empty text
        elif isinstance(action, Action):
            a = action
        else:
            raise ActionSyntaxError(f"not an action: {action!r}")
        if a not in legal:
            if a.verb not in K.VERBS:
                raise ActionSyntaxError(f"{str(a)[:40]!r} names no action: the game has "
                                        f"no verb {a.verb[:20]!r} (see docs/GREEN.md)")
            raise IllegalActionError(
                f"illegal action {str(a)!r} for player {self.current_player}")
        self.history.append(str(a))
        _apply(self, self.stack[-1], a)
        _advance(self)

    def clone(self) -> "State":
        s = State.__new__(State)
        s.n, s.seed, s.options, s.cs = self.n, self.seed, self.options, self.cs
        s.year, s.first, s.over = self.year, self.first, self.over
        s.script, s.pc = self.script, self.pc       # never changed in place
        s.stack = self.stack[:]                     # frames are never changed in place
        s.players = [p.copy() for p in self.players]
        s.unseen = {k: v[:] for k, v in self.unseen.items()}
        s.pile_size = dict(self.pile_size)
        s.slots = dict(self.slots)
        s.market = self.market[:]
        s.towers_left, s.silos_left = self.towers_left, self.silos_left
        s.eq_unseen = self.eq_unseen[:]
        s.eq_bottom = self.eq_bottom[:]
        s.eq_gone = self.eq_gone[:]
        s.discard = self.discard[:]
        s.declared = [d[:] for d in self.declared]
        s.rng = self.rng
        s.chance = self.chance[:]
        s.history = self.history[:]
        s.known = [[k[:] for k in row] for row in self.known]
        s.eq_by = self.eq_by[:]
        s.private = [x[:] for x in self.private]
        s.hidden_auto = self.hidden_auto[:]          # entries are never changed in place
        s._legal = self._legal
        s._forced = None if self._forced is None else self._forced[:]
        return s

    def pending(self) -> Decision:
        """What ``current_player`` decides, in words and fields (only that seat's)."""
        if self.over or not self.stack:
            return Decision(None, "over", "The game is over", "the game is over.", {})
        f = self.stack[-1]
        t = str(f["t"])
        details = {k: v for k, v in f.items() if k not in ("t", "p")}
        pl = self.players[int(f["p"])]
        if t in ("act", "plan"):
            details["card"] = pl.card
        title, text = _WORDS[t](self, f)
        return Decision(int(f["p"]), t, title, text, details)

    def scores(self) -> list[GreenScore]:
        """Each seat's scoring pad (R22; a live estimate before the end)."""
        return [_score(self, i) for i in range(self.n)]

    def score(self, player: int) -> GreenScore:
        """One seat's scoring pad, as ``scores()[player]`` without scoring the others."""
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.n:
            raise ValueError(f"no seat {player!r} in a {self.n}-player game")
        return _score(self, player)

    def winners(self) -> list[int]:
        """Every seat ranking first (F27: VP, then face-up locations, then coins; a
        remaining tie is a shared win); empty before the end."""
        if not self.over:
            return []
        keys = [(sc.total, _location_count(self, i), self.players[i].coins)
                for i, sc in enumerate(self.scores())]
        best = max(keys)
        return [i for i, k in enumerate(keys) if k == best]

    def winner(self) -> int | None:
        """The sole winner once the game is over; ``None`` before the end and for a
        shared win (F27.3: see :meth:`winners`)."""
        w = self.winners()
        return w[0] if len(w) == 1 else None

    # ------------------------------------------------------------------------ I/O
    def to_dict(self) -> dict[str, Any]:
        d = self._to_dict()
        if self.hidden_auto:        # absent when empty: states saved before it still load
            d["hidden_auto"] = self.hidden_auto
        return d

    def _to_dict(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT, "n": self.n, "seed": self.seed,
            "options": self.options,
            "cards": {"id": self.cs.id, "hash": self.cs.hash},
            "year": self.year, "first": self.first, "over": self.over,
            "script": self.script, "pc": self.pc, "stack": self.stack,
            "players": [p.to_dict() for p in self.players],
            "unseen": self.unseen, "pile_size": self.pile_size, "slots": self.slots,
            "market": self.market, "towers_left": self.towers_left,
            "silos_left": self.silos_left, "eq_unseen": self.eq_unseen,
            "eq_bottom": self.eq_bottom, "eq_gone": self.eq_gone,
            "discard": self.discard, "declared": self.declared, "rng": self.rng,
            "chance": self.chance, "history": self.history,
            "known": self.known, "eq_by": self.eq_by, "private": self.private,
        }

    def to_json(self) -> str:
        """The whole state (hidden parts and RNG included) as JSON text."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(text: str, cards: str | None = None) -> "State":
        """Rebuild a state written by :meth:`to_json`; a damaged one raises
        :class:`arle.errors.StateFormatError` (a ValueError) naming the field.

        The card set is found by its content hash among the sets loaded in this process
        (the shipped one always), or loaded from ``cards``."""
        return _state_from_json(text, cards)

    def record(self) -> dict[str, Any]:
        """The setup, every applied action and every chance outcome (replay reads it)."""
        return {"format": RECORD_FORMAT,
                "setup": {"players": self.n, "seed": self.seed,
                          "options": dict(self.options),
                          "cards": {"id": self.cs.id, "hash": self.cs.hash,
                                    "path": self.cs.path}},
                "actions": list(self.history), "chance": list(self.chance)}

    def observation(self, player: int) -> dict[str, Any]:
        """A JSON-ready view of exactly what ``player`` may see (H1, H2)."""
        if not (type(player) is int and 0 <= player < self.n):
            raise ValueError(f"no player {player!r} in a {self.n}-player game")
        return _observation(self, player)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        return (f"<arle.green.State players={self.n} year={self.year} "
                f"player={self.current_player} over={self.over}>")


# ---------------------------------------------------------------------------- chance
def _unlinked(*args: Any) -> Any:   # pragma: no cover - replaced by link_io
    raise AssertionError("arle.green.io is not imported")


# The strict loader and the per-seat view of arle.green.io, which imports this module:
# it links them here when imported (importing arle.green imports it).
_state_from_json: Callable[[str, str | None], State] = _unlinked
_observation: Callable[[State, int], dict[str, Any]] = _unlinked


def link_io(state_from_json: Callable[[str, str | None], State],
            observation: Callable[[State, int], dict[str, Any]]) -> None:
    """Link :mod:`arle.green.io`'s loader and view (called by it when imported)."""
    global _state_from_json, _observation
    _state_from_json, _observation = state_from_json, observation


class ChanceNeeded(Exception):
    """Raised by a chance event when the state's forced outcomes are used up (see
    :mod:`arle.env.green_openspiel`): ``n`` uniform outcomes ``range(n)``."""

    def __init__(self, n: int) -> None:
        super().__init__(f"a chance event with {n} outcomes")
        self.n = n


def _chance(s: State, n: int) -> int:
    """A uniform index in ``range(n)`` from the state's RNG, logged in ``s.chance``."""
    if s._forced is not None:
        if not s._forced:
            raise ChanceNeeded(n)
        out = s._forced.pop(0)
        if not 0 <= out < n:
            raise ValueError(f"chance outcome {out} is not in range({n})")
        s.chance.append(out)
        return out
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        s.rng, r = _splitmix(s.rng)
        if r < limit:
            break
    out = r % n
    s.chance.append(out)
    return out


def _draw_pile(s: State, pile: str) -> str:
    counts = s.unseen[pile]
    r = _chance(s, sum(counts))
    for i, c in enumerate(counts):
        if r < c:
            counts[i] -= 1
            return s.cs.pile_designs[pile][i]
        r -= c
    raise AssertionError("empty pile drawn")  # pragma: no cover


def _draw_tiles(s: State, k: int) -> list[str]:
    out: list[str] = []
    for _ in range(k):
        total = sum(s.eq_unseen)
        if total:
            r = _chance(s, total)
            for i, c in enumerate(s.eq_unseen):
                if r < c:
                    s.eq_unseen[i] -= 1
                    out.append(s.cs.tile_order[i])
                    break
                r -= c
        elif s.eq_bottom:
            out.append(s.eq_bottom.pop(0))
            if s.eq_by:
                s.eq_by.pop(0)
    return out


def _stack_size(s: State) -> int:
    return sum(s.eq_unseen) + len(s.eq_bottom)


# ---------------------------------------------------------------------------- tokens
def _held(s: State, res: str) -> int:
    """Tokens of kind ``res`` (``water``, ``food``, ``coins``, ``vp``) out of the supply."""
    if res == "water":
        return sum(int(e[2]) for pl in s.players for e in pl.farm.values() if e[0] == TOWER)
    if res == "food":
        return sum(pl.food for pl in s.players)
    if res == "coins":
        return sum(pl.coins for pl in s.players)
    return sum(pl.vpt for pl in s.players)


def supply(s: State) -> dict[str, int] | None:
    """What is left of each kind of token with ``token_limits`` (F10), else ``None``
    (unlimited)."""
    if not s.options["token_limits"]:
        return None
    return {k: cap - _held(s, k) for k, cap in K.TOKEN_LIMITS.items()}


def _gain(s: State, res: str, v: int) -> int:
    """The part of a gain of ``v`` tokens the supply can give (F10: all of it unless
    ``token_limits``; beyond what is left the gain is lost)."""
    if v <= 0 or not s.options["token_limits"]:
        return v
    return max(0, min(v, K.TOKEN_LIMITS[res] - _held(s, res)))


# ---------------------------------------------------------------------------- geometry
def _kind(s: State, card: str) -> str:
    if card == TOWER:
        return "water_tower"
    if card == SILO:
        return "silo"
    return s.cs.designs[card].pile


def _dist(s: State, farm: dict[str, list[Any]], a: str, b: str) -> int:
    """Distance from cell ``a`` to cell ``b`` under the F8 options."""
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    if s.options["distance_metric"] == "grid":
        d = abs(ax - bx) + abs(ay - by)
    else:                                   # farm_path: through cells holding cards
        d = 99
        seen = {a: 0}
        frontier = [a]
        while frontier and d == 99:
            nxt: list[str] = []
            for c in frontier:
                cx, cy = _xy(c)
                for nb in (_key(cx + 1, cy), _key(cx - 1, cy), _key(cx, cy + 1),
                           _key(cx, cy - 1)):
                    if nb in seen:
                        continue
                    if nb == b:
                        d = seen[c] + 1
                        break
                    if nb in farm and seen[c] < 8:
                        seen[nb] = seen[c] + 1
                        nxt.append(nb)
                if d != 99:
                    break
            frontier = nxt
        if a == b:
            d = 0
    if s.options["distance_count"] == "cards_between":
        d -= 1
    return d


def _tile_mod(s: State, entry: list[Any], what: str) -> int:
    n = 0
    for t in entry[3]:
        tile = s.cs.tiles[t]
        if tile.timing == "always":
            for e in tile.effect:
                if e["op"] == "modify" and e["what"] == what:
                    n += int(e["n"])
    return n


def _capacity(s: State, entry: list[Any]) -> int:
    base = K.TOWER_CAPACITY if entry[0] == TOWER else K.SILO_CAPACITY
    return max(0, base + _tile_mod(s, entry, "capacity"))


def _range(s: State, entry: list[Any]) -> int:
    return max(0, K.TOWER_RANGE + _tile_mod(s, entry, "range"))


def _food_cap(s: State, p: int) -> int:
    return sum(_capacity(s, e) for e in s.players[p].farm.values() if e[0] == SILO)


def _towers_for(s: State, p: int, cell: str) -> list[str]:
    """The towers of ``p`` whose range reaches ``cell`` (F9), in building order."""
    farm = s.players[p].farm
    return [k for k, e in farm.items()
            if e[0] == TOWER and _dist(s, farm, k, cell) <= _range(s, e)]


def _water_in_range(s: State, p: int, cell: str) -> int:
    farm = s.players[p].farm
    return sum(int(farm[k][2]) for k in _towers_for(s, p, cell))


def _open_cells(s: State, p: int) -> list[str]:
    """Empty cells orthogonally next to a card of the farm (F7), sorted."""
    farm = s.players[p].farm
    anchors = s.options["open_area_anchors_placement"]
    out: set[tuple[int, int]] = set()
    for k, e in farm.items():
        if not e[1] and not anchors:
            continue
        x, y = _xy(k)
        for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if _key(*c) not in farm:
                out.add(c)
    return [_key(x, y) for x, y in sorted(out)]


def _global_mod(s: State, p: int, what: str) -> int:
    n = 0
    for e in s.players[p].farm.values():
        if not e[1]:
            continue
        if e[0] not in (TOWER, SILO):
            d = s.cs.designs[e[0]]
            if d.frame == "ongoing":
                n += sum(int(x["n"]) for x in d.effect
                         if x["op"] == "modify" and x["what"] == what)
        n += _tile_mod(s, e, what)
    return n


def _restore_cost(s: State, p: int) -> int:
    return max(0, K.RESTORE_COST + _global_mod(s, p, "restore_cost"))


# ---------------------------------------------------------------------------- selectors
def _count(s: State, p: int, cell: str, sel: dict[str, Any]) -> int:
    farm = s.players[p].farm
    of = sel["of"]
    if of == "empty_towers":
        return sum(1 for e in farm.values() if e[0] == TOWER and e[2] == 0)
    if of == "type_sets":
        per = {k: 0 for k in PILES}
        for e in farm.values():
            if e[1] and e[0] not in (TOWER, SILO):
                per[s.cs.designs[e[0]].pile] += 1
        return min(per.values())
    near = sel.get("near")
    want_open = of == "open_areas"
    count_open = want_open or (s.options["open_area_counts_as_location"]
                               and "type" not in sel and "tag" not in sel)
    n = 0
    if near == "adjacent":          # only the four neighbours can count
        cx, cy = _xy(cell)
        cells: Any = [(k, farm[k]) for k in (_key(cx + 1, cy), _key(cx - 1, cy),
                                             _key(cx, cy + 1), _key(cx, cy - 1))
                      if k in farm]
    else:
        cells = farm.items()
    for k, e in cells:
        if k == cell:
            continue
        if not e[1]:
            if not count_open:
                continue
        elif want_open:
            continue
        if e[1]:
            if "type" in sel and _kind(s, e[0]) != sel["type"]:
                continue
            if "tag" in sel and (e[0] in (TOWER, SILO)
                                 or sel["tag"] not in s.cs.designs[e[0]].tags):
                continue
        if near == "within2" and _dist(s, farm, k, cell) > 2:
            continue
        n += 1
    return n


def _value(s: State, p: int, cell: str, e: dict[str, Any]) -> int:
    """The amount a ``gain`` effect gives at ``cell`` (per, cap and condition applied)."""
    cond = e.get("if")
    if cond is not None:
        c = _count(s, p, cell, cond["sel"])
        if ("min" in cond and c < cond["min"]) or ("max" in cond and c > cond["max"]):
            return 0
    v = int(e["n"])
    if "per" in e:
        v *= _count(s, p, cell, e["per"])
    if "cap" in e:
        v = min(v, int(e["cap"]))
    return v


# ---------------------------------------------------------------------------- water
def _distributions(amounts: list[int], n: int) -> Iterator[list[int]]:
    """Every vector v with 0 <= v[i] <= amounts[i] and sum n (first index varies last)."""
    if not amounts:
        if n == 0:
            yield []
        return
    rest = sum(amounts[1:])
    for k in range(min(amounts[0], n), -1, -1):
        if n - k <= rest:
            for tail in _distributions(amounts[1:], n - k):
                yield [k] + tail


def _rooms(s: State, p: int, near: str | None) -> list[tuple[str, int]]:
    """The towers of ``p`` with room (in range of ``near`` if given) and their room."""
    farm = s.players[p].farm
    keys = [k for k, e in farm.items() if e[0] == TOWER] if near is None \
        else _towers_for(s, p, near)
    rooms = [(k, _capacity(s, farm[k]) - int(farm[k][2])) for k in keys]
    return [(k, r) for k, r in rooms if r > 0]


def _store_water(s: State, p: int, n: int, near: str | None = None) -> None:
    """Gain ``n`` Water (F12; F10 caps it with ``token_limits``): fill towers with room
    (those in range of ``near`` if given), asking where when it matters."""
    farm = s.players[p].farm
    n = _gain(s, "water", n)
    rooms = _rooms(s, p, near)
    total = sum(r for _, r in rooms)
    if n <= 0 or total == 0:
        return
    if total <= n or len(rooms) == 1:
        left = n
        for k, r in rooms:
            put = min(r, left)
            farm[k][2] += put
            left -= put
        return
    f: dict[str, Any] = {"t": "store", "p": p, "n": n}
    if near is not None:
        f["cell"] = near
    s.stack.append(f)


def _pay_water(s: State, p: int, cell: str, n: int) -> None:
    """Pay ``n`` Water from towers in range of ``cell``, asking how when it matters."""
    if n <= 0:
        return
    farm = s.players[p].farm
    towers = [k for k in _towers_for(s, p, cell) if farm[k][2] > 0]
    if len(towers) == 1 or sum(farm[k][2] for k in towers) == n:
        left = n
        for k in towers:
            take = min(int(farm[k][2]), left)
            farm[k][2] -= take
            left -= take
        return
    s.stack.append({"t": "paywater", "p": p, "n": n, "cell": cell})


def _dist_args(keys: list[str], v: list[int]) -> tuple[str, ...]:
    return tuple(f"{k}:{x}" for k, x in zip(keys, v) if x)


# ---------------------------------------------------------------------------- effects
def _effects(s: State, p: int, cell: str, src: str) -> tuple[dict[str, Any], ...]:
    entry = s.players[p].farm[cell]
    if src.startswith("tile:"):
        return s.cs.tiles[src[5:]].effect
    d = s.cs.designs[entry[0]]
    if src == "harvest":
        out = list(d.effect)
        for t in entry[3]:
            tile = s.cs.tiles[t]
            if tile.timing == "host_harvest":
                out.extend(tile.effect)
        return tuple(out)
    return d.effect


def _water_waits(s: State, f: dict[str, Any], i: int, more: bool, n: int,
                 near: str | None) -> bool:
    """Store ``n`` Water in the middle of effect frame ``f`` (its next effect is ``i``):
    True when a ``store`` decision now waits, the rest of the effects resuming after it."""
    if more:
        s.stack.append({"t": "fx", "p": f["p"], "cell": f["cell"], "src": f["src"], "i": i})
    _store_water(s, int(f["p"]), n, near)
    if s.stack and s.stack[-1]["t"] == "store":
        return True
    if more:
        s.stack.pop()
    return False


def _run_fx(s: State, f: dict[str, Any]) -> None:
    p, cell, src, i = int(f["p"]), str(f["cell"]), str(f["src"]), int(f["i"])
    effs = _effects(s, p, cell, src)
    pl = s.players[p]
    while i < len(effs):
        e = effs[i]
        i += 1
        op = e["op"]
        if op == "gain":
            v = _value(s, p, cell, e)
            res = e["res"]
            if res == "coins":
                pl.coins += _gain(s, "coins", v)
            elif res == "vp":
                pl.vpt += _gain(s, "vp", v)
            elif res == "food":
                pl.food = min(_food_cap(s, p), pl.food + _gain(s, "food", v))
            elif v > 0 and _water_waits(s, f, i, i < len(effs), v, None):
                return
        elif op == "refill":
            farm = pl.farm
            need = sum(r for _, r in _rooms(s, p, cell)) if s.options["token_limits"] else 0
            if _gain(s, "water", need) == need:
                for k in _towers_for(s, p, cell):
                    farm[k][2] = _capacity(s, farm[k])
            elif _water_waits(s, f, i, i < len(effs), need, cell):
                return              # F10: too little Water left; the owner places it
        elif op == "equipment":
            drawn = _draw_tiles(s, min(K.EQUIPMENT_DRAW, _stack_size(s)))
            if drawn:
                s.private[p].append(f"y{s.year} tiles " + " ".join(drawn))
                if i < len(effs):
                    s.stack.append({"t": "fx", "p": p, "cell": cell, "src": src, "i": i})
                s.stack.append({"t": "keep", "p": p, "tiles": drawn})
                return
        # "modify" acts while its card is face up: nothing to do now


def _tile_hosts(s: State, p: int, tile: str, only: str | None = None) -> list[str]:
    """Cells of ``p``'s farm that may take ``tile`` now (F22), in building order."""
    t = s.cs.tiles[tile]
    out = []
    for k, e in s.players[p].farm.items():
        if only is not None and k != only:
            continue
        if not e[1] or len(e[3]) >= K.TILES_PER_CARD or tile in e[3]:
            continue
        if _kind(s, e[0]) != t.kind:
            continue
        if t.keywords:
            if e[0] in (TOWER, SILO):
                continue
            d = s.cs.designs[e[0]]
            if not all(kw == d.frame or kw in d.tags for kw in t.keywords):
                continue
        out.append(k)
    return out


def _place_tile(s: State, p: int, cell: str, tile: str) -> None:
    s.players[p].farm[cell][3].append(tile)
    if s.cs.tiles[tile].timing == "placement":
        s.stack.append({"t": "fx", "p": p, "cell": cell, "src": "tile:" + tile, "i": 0})


# ---------------------------------------------------------------------------- the year
def _year_script(s: State) -> list[list[Any]]:
    order = [(s.first + i) % s.n for i in range(s.n)]
    sc: list[list[Any]] = []
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


def _reveal_slot(s: State) -> None:
    total = sum(s.slots.values())
    if total == 0:
        return
    r = _chance(s, total)
    for pile in PILES:
        c = s.slots[pile]
        if r < c:
            s.slots[pile] -= 1
            s.market.append(_draw_pile(s, pile))
            return
        r -= c


def _step(s: State, step: list[Any]) -> None:
    kind = step[0]
    if kind == "income":
        p = int(step[1])
        pl = s.players[p]
        pl.coins += _gain(s, "coins", K.INCOME["coins"])
        pl.food = min(_food_cap(s, p), pl.food + _gain(s, "food", K.INCOME["food"]))
        _store_water(s, p, K.INCOME["water"])
    elif kind == "declare":
        s.stack.append({"t": "declare", "p": int(step[1])})
    elif kind == "commit":
        s.stack.append({"t": "pick", "p": int(step[1])})
    elif kind == "reveal":
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
    elif kind == "plan":
        if s.players[int(step[1])].card:
            s.stack.append({"t": "plan", "p": int(step[1])})
    elif kind == "act":
        p = int(step[1])
        pl = s.players[p]
        if pl.card:
            if pl.plan:                 # F17 "hidden": resolve the plan if still possible
                planned, pl.plan = Action.from_text(pl.plan), ""
                if planned in _act_legal(s, p):
                    _apply_act(s, p, planned)
                    return
            s.stack.append({"t": "act", "p": p})    # else the player chooses again
    elif kind == "open":
        for _ in range(K.MARKET_OPEN):
            _reveal_slot(s)
    elif kind == "turn":
        if s.market:
            s.stack.append({"t": "take", "p": int(step[1])})
    elif kind == "neutral":
        if s.market:
            s.discard.append(s.market.pop(_chance(s, len(s.market))))
    elif kind == "reveal2":
        for _ in range(K.MARKET_REVEAL):
            _reveal_slot(s)
    elif kind == "harvest":
        s.stack.append({"t": "harvest", "p": int(step[1])})
    elif kind == "endyear":
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
        s.script = _year_script(s)
        s.pc = 0
    else:  # pragma: no cover
        raise AssertionError(f"unknown step {kind}")


_AUTO: dict[str, Callable[[State, dict[str, Any]], None]] = {"fx": _run_fx}


def _advance(s: State) -> None:
    """Run automatic steps and single-option decisions until a real choice is pending."""
    s._legal = None
    while not s.over:
        if s.stack:
            f = s.stack[-1]
            run = _AUTO.get(f["t"])
            if run is not None:
                s.stack.pop()
                run(s, f)
                continue
            legal = _legal(s, f)
            if not legal:
                s.stack.pop()
                continue
            if len(legal) == 1:
                if f["t"] in HIDDEN_KINDS:
                    s.hidden_auto.append([len(s.history), f["t"]])
                _apply(s, f, legal[0])
                continue
            s._legal = legal
            return
        step = s.script[s.pc]
        s.pc += 1
        _step(s, step)
    s._legal = []


# ---------------------------------------------------------------------------- decisions
def _splits(s: State, p: int) -> list[tuple[int, int, int, int]]:
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


def _sorted_ids(s: State, ids: list[str]) -> list[str]:
    order = s.cs.design_index
    return sorted(set(ids), key=lambda x: order[x])


def _legal(s: State, f: dict[str, Any]) -> list[Action]:
    t = f["t"]
    p = int(f["p"])
    pl = s.players[p]
    if t == "declare":
        return [Action("draw", tuple(str(x) for x in sp)) for sp in _splits(s, p)]
    if t == "pick":
        return [Action("pick", (c,)) for c in _sorted_ids(s, pl.hand)]
    if t == "take":
        return [Action("take", (c,)) for c in _sorted_ids(s, s.market)]
    if t == "act":
        return _act_legal(s, p)
    if t == "plan":
        return [Action("plan", (a.verb, *a.args)) for a in _act_legal(s, p)]
    if t == "store":
        farm = pl.farm
        keys = [k for k, _ in _rooms(s, p, f.get("cell"))]
        rooms = [_capacity(s, farm[k]) - int(farm[k][2]) for k in keys]
        n = min(int(f["n"]), sum(rooms))
        return [Action("store", _dist_args(keys, v)) for v in _distributions(rooms, n)]
    if t == "paywater":
        farm = pl.farm
        keys = [k for k in _towers_for(s, p, str(f["cell"])) if farm[k][2] > 0]
        have = [int(farm[k][2]) for k in keys]
        return [Action("pay", _dist_args(keys, v))
                for v in _distributions(have, int(f["n"]))]
    if t == "keep":
        return [Action("keep", (x,)) for x in sorted(set(f["tiles"]),
                                                      key=s.cs.tile_order.index)]
    if t == "tile":
        out = [Action("tile", tuple(c.split(","))) for c in _tile_hosts(s, p, f["e"])]
        return out + [Action("aside")]
    if t == "attach":
        cell = str(f["cell"])
        tiles = [x for x in dict.fromkeys(pl.aside) if _tile_hosts(s, p, x, only=cell)]
        if not tiles:
            return []
        return [Action("attach", (x,)) for x in tiles] + [Action("done")]
    if t == "harvest":
        return _harvest_legal(s, p)
    raise AssertionError(f"unknown frame {t}")  # pragma: no cover


def _act_legal(s: State, p: int) -> list[Action]:
    pl = s.players[p]
    d = s.cs.designs[pl.card]
    cells = _open_cells(s, p)
    out: list[Action] = []
    if pl.coins >= d.coins and pl.food >= d.food:
        for c in cells:
            if d.water == 0 or _water_in_range(s, p, c) >= d.water:
                out.append(Action("build", tuple(c.split(","))))
    if s.towers_left > 0 and pl.coins >= K.TOWER_COST:
        out += [Action("tower", tuple(c.split(","))) for c in cells]
    if s.silos_left > 0:
        out += [Action("silo", tuple(c.split(","))) for c in cells]
    out += [Action("market", (str(k),)) for k in range(min(K.MARKET_FOOD_MAX, pl.food) + 1)]
    if pl.coins >= _restore_cost(s, p):
        out += [Action("restore", tuple(k.split(","))) for k, e in pl.farm.items()
                if not e[1]]
    return out


def _can_pay(s: State, p: int, cell: str, cost: tuple[int, int, int]) -> bool:
    pl = s.players[p]
    coins, water, food = cost
    return (pl.coins >= coins and pl.food >= food
            and (water == 0 or _water_in_range(s, p, cell) >= water))


def _harvest_legal(s: State, p: int) -> list[Action]:
    out: list[Action] = []
    for k, e in s.players[p].farm.items():
        if not e[1]:
            continue
        xy = tuple(k.split(","))
        if e[0] not in (TOWER, SILO) and "c" not in e[4]:
            d = s.cs.designs[e[0]]
            if d.frame == "harvest":
                alts = d.harvest_cost
                if not alts:
                    out.append(Action("harvest", xy))
                else:
                    for j, cost in enumerate(alts):
                        if _can_pay(s, p, k, cost):
                            out.append(Action("harvest", xy + ((str(j + 1),)
                                                               if len(alts) > 1 else ())))
                    out.append(Action("flip", xy))
        for t in e[3]:
            if s.cs.tiles[t].timing == "harvest" and t not in e[4]:
                out.append(Action("use", xy + (t,)))
    return out


def _apply(s: State, f: dict[str, Any], a: Action) -> None:
    t = f["t"]
    p = int(f["p"])
    pl = s.players[p]
    s.stack.pop()
    if t == "declare":
        split = [int(x) for x in a.args]
        s.declared.append([p] + split)
        if s.n >= 3:
            hand: list[str] = []
            for pile, k in zip(PILES, split):
                for _ in range(k):
                    hand.append(_draw_pile(s, pile))
                s.pile_size[pile] -= k
            pl.hand = sorted(hand, key=s.cs.design_index.__getitem__)
            s.private[p].append(f"y{s.year} hand " + " ".join(pl.hand))
        else:
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
    elif t == "pick":
        pl.hand.remove(a.args[0])
        pl.pick = a.args[0]
        s.private[p].append(f"y{s.year} pick {a.args[0]}")
    elif t == "take":
        s.market.remove(a.args[0])
        pl.card = a.args[0]
        s.stack.append({"t": "act", "p": p})
    elif t == "act":
        _apply_act(s, p, a)
    elif t == "plan":
        pl.plan = " ".join(a.args)
        s.private[p].append(f"y{s.year} plan {pl.plan}")
    elif t == "store":
        for arg in a.args:
            cell_, amount = arg.split(":")
            pl.farm[cell_][2] += int(amount)
    elif t == "paywater":
        for arg in a.args:
            cell_, amount = arg.split(":")
            pl.farm[cell_][2] -= int(amount)
    elif t == "keep":
        kept = a.args[0]
        rest = list(f["tiles"])
        s.private[p].append(f"y{s.year} keep {kept}")
        rest.remove(kept)
        s.eq_bottom.extend(rest)
        s.eq_by.extend([p] * len(rest))
        s.stack.append({"t": "tile", "p": p, "e": kept})
    elif t == "tile":
        if a.verb == "aside":
            pl.aside.append(str(f["e"]))
        else:
            _place_tile(s, p, _key(int(a.args[0]), int(a.args[1])), str(f["e"]))
    elif t == "attach":
        if a.verb == "attach":
            cell = str(f["cell"])
            s.stack.append(f)                  # more may follow
            pl.aside.remove(a.args[0])
            _place_tile(s, p, cell, a.args[0])
    elif t == "harvest":
        s.stack.append(f)                      # until nothing is left
        cell = _key(int(a.args[0]), int(a.args[1]))
        e = pl.farm[cell]
        if a.verb == "flip":
            e[1] = 0
            s.eq_gone.extend(e[3])
            e[3] = []
            e[4] = e[4] + ["c"]
        elif a.verb == "use":
            e[4] = e[4] + [a.args[2]]
            s.stack.append({"t": "fx", "p": p, "cell": cell, "src": "tile:" + a.args[2],
                            "i": 0})
        else:
            e[4] = e[4] + ["c"]
            d = s.cs.designs[e[0]]
            s.stack.append({"t": "fx", "p": p, "cell": cell, "src": "harvest", "i": 0})
            if d.harvest_cost:
                j = int(a.args[2]) - 1 if len(a.args) > 2 else 0
                coins, water, food = d.harvest_cost[j]
                pl.coins -= coins
                pl.food -= food
                _pay_water(s, p, cell, water)
    else:  # pragma: no cover
        raise AssertionError(f"unknown frame {t}")


def _apply_act(s: State, p: int, a: Action) -> None:
    pl = s.players[p]
    card, pl.card = pl.card, ""
    v = a.verb
    if v == "market":
        k = int(a.args[0])
        pl.food -= k
        pl.coins += _gain(s, "coins", K.MARKET_COINS + K.MARKET_FOOD_PRICE * k
                          + _global_mod(s, p, "market_coins"))
        s.discard.append(card)
        return
    cell = _key(int(a.args[0]), int(a.args[1]))
    if v == "restore":
        pl.coins -= _restore_cost(s, p)
        s.discard.append(card)
        e = pl.farm[cell]
        e[1] = 1
        if s.options["restore_retriggers_immediate"] and s.cs.designs[e[0]].frame == \
                "immediate":
            s.stack.append({"t": "fx", "p": p, "cell": cell, "src": "card", "i": 0})
        return
    s.stack.append({"t": "attach", "p": p, "cell": cell})
    if v == "tower":
        s.discard.append(card)
        pl.coins -= K.TOWER_COST
        s.towers_left -= 1
        pl.farm[cell] = [TOWER, 1, _gain(s, "water", K.TOWER_CAPACITY), [], []]
    elif v == "silo":
        s.discard.append(card)
        s.silos_left -= 1
        pl.farm[cell] = [SILO, 1, 0, [], []]
    else:                                       # build a Location (F19)
        d = s.cs.designs[card]
        pl.coins -= d.coins
        pl.food -= d.food
        water_cell = cell
        pl.farm[cell] = [card, 1, 0, [], []]
        if d.frame == "immediate":
            s.stack.append({"t": "fx", "p": p, "cell": cell, "src": "card", "i": 0})
        _pay_water(s, p, water_cell, d.water)


# ---------------------------------------------------------------------------- scoring
def _location_count(s: State, p: int) -> int:
    """Face-up locations, towers and silos included (F27); Open Areas per option."""
    farm = s.players[p].farm.values()
    if s.options["open_area_counts_as_location"]:
        return len(farm)
    return sum(1 for e in farm if e[1])


def _score(s: State, p: int) -> GreenScore:
    pl = s.players[p]
    cat = {k: 0.0 for k in SCORE_CATEGORIES}
    for k, e in pl.farm.items():
        if e[0] == TOWER:
            if e[2] == 0:
                cat["empty_towers"] += 1
            cat["printed_vp"] += s.cs.tower_vp
        elif e[0] == SILO:
            cat["printed_vp"] += s.cs.silo_vp
        elif e[1]:
            d = s.cs.designs[e[0]]
            cat["printed_vp"] += d.vp
            if d.frame == "game_end":
                cat["location_game_end"] += sum(_value(s, p, k, x) for x in d.effect)
        if e[1]:
            for t in e[3]:
                tile = s.cs.tiles[t]
                if tile.timing == "game_end":
                    cat["equipment_game_end"] += sum(_value(s, p, k, x)
                                                     for x in tile.effect)
    cat["vp_tokens"] = float(pl.vpt)
    cat["equipment_set_aside"] = float(len(pl.aside))
    cat["coins"] = float(pl.coins // K.COINS_PER_VP)
    cat["food"] = float(pl.food // K.FOOD_PER_VP)
    return GreenScore(cat, float(sum(cat.values())))


# ---------------------------------------------------------------------------- words
def _w(title: str, text: str) -> Callable[[State, dict[str, Any]], tuple[str, str]]:
    return lambda s, f: (title, text)


_WORDS: dict[str, Callable[[State, dict[str, Any]], tuple[str, str]]] = {
    "declare": _w("Declare your draw", "choose how many of your 6 cards come from each "
                  "pile (Field, Livestock, Construction, Building), from at least 3 piles."),
    "pick": _w("Pick a card (hidden)", "pick a card of your hand face down; the picks "
               "are revealed when every player has picked."),
    "take": _w("Take a face-up card", "take one of the face-up cards to act with."),
    "act": lambda s, f: ("Act with " + s.cs.designs[s.players[int(f["p"])].card].name,
                         "build it, or discard it to build a Water Tower or a Silo, go "
                         "to market or restore an Open Area."),
    "plan": lambda s, f: ("Plan your action with "
                          + s.cs.designs[s.players[int(f["p"])].card].name + " (hidden)",
                          "choose face down what you do with the card; the actions are "
                          "revealed and resolved in turn order, and if yours has become "
                          "impossible you choose again."),
    "store": lambda s, f: ("Store Water", f"choose the towers for {f['n']} Water."),
    "paywater": lambda s, f: ("Pay Water", f"choose the towers paying {f['n']} Water."),
    "keep": _w("Keep an Equipment tile", "keep one of the drawn tiles; the others go "
               "under the stack."),
    "tile": _w("Place the Equipment", "place the tile on a card it fits, or set it aside."),
    "attach": _w("Add set-aside Equipment", "place set-aside tiles on the new card, "
                 "or done."),
    "harvest": _w("Harvest", "pay and resolve a Harvest ability, or flip its location "
                  "to an Open Area, one at a time."),
}

#: Every ``Decision.kind`` of this game (and ``"over"``).
KINDS: tuple[str, ...] = ("over", *_WORDS)


# ---------------------------------------------------------------------------- setup
def _check_options(n: int, options: dict[str, Any], cs: CardSet) -> dict[str, Any]:
    out = dict(K.FOG_OPTIONS)
    for k, v in options.items():
        if not isinstance(k, str) or k not in K.OPTION_VALUES:
            raise ValueError(f"unknown option {k!r} (known: {', '.join(K.OPTION_VALUES)})")
        if k == "first_player" and type(v) is int:
            if not 0 <= v < n:
                raise ValueError(f"option first_player: no seat {v} with {n} players")
        elif v not in K.OPTION_VALUES[k] or type(v) is not type(K.FOG_OPTIONS[k]):
            raise ValueError(f"option {k}: {v!r} is not one of "
                             f"{', '.join(map(repr, K.OPTION_VALUES[k]))}")
        out[k] = v
    if out["action_choice"] == "hidden" and n < 3:
        raise ValueError(f"option action_choice='hidden' is for 3-4 players (F17); with "
                         f"{n} the players take a card and act one at a time")
    need = K.YEARS * K.HAND * (2 if n == 1 else n)
    total = sum(cs.pile_total.values())
    if total < need:
        raise ValueError(f"card set {cs.id}: its piles hold {total} cards, fewer than the "
                         f"{need} a {n}-player game draws (F13)")
    if out["draw_mode"] == "fixed":
        draws = K.YEARS * (2 if n == 1 else n)
        for pile, per in zip(PILES, K.FIXED_DRAW):
            if cs.pile_total[pile] < per * draws:
                raise ValueError(f"card set {cs.id}: the {pile} pile holds "
                                 f"{cs.pile_total[pile]} cards, fewer than the "
                                 f"{per * draws} draw_mode 'fixed' takes (F4)")
    return out


def new_game(players: int = 3, seed: int = 0, cards: "str | CardSet | None" = None,
             *, chance_outcomes: list[int] | None = None, **options: Any) -> State:
    """A new game (see :mod:`arle.green`).

    ``chance_outcomes`` (for explicit chance nodes, :mod:`arle.env.green_openspiel`):
    the outcomes every chance event takes in turn instead of the RNG's; once they are
    used up, the next chance event raises :class:`ChanceNeeded` (also in later
    ``apply`` calls)."""
    if type(players) is not int or not 1 <= players <= 4:
        raise ValueError(f"players must be 1 to 4 (got {players!r})")
    if type(seed) is not int or seed < 0:
        raise ValueError(f"seed must be a non-negative integer (got {seed!r})")
    cs = cards if isinstance(cards, CardSet) else load_cards(cards)
    s = State()
    s.n, s.seed, s.cs = players, seed, cs
    s.options = _check_options(players, options, cs)
    s.rng = seed & _MASK
    if chance_outcomes is not None:
        s._forced = [int(x) for x in chance_outcomes]
    s.unseen = {p: [cs.designs[d].copies for d in cs.pile_designs[p]] for p in PILES}
    s.pile_size = dict(cs.pile_total)
    s.slots = {p: 0 for p in PILES}
    s.towers_left = cs.tower_count - players
    s.silos_left = cs.silo_count - players
    if s.towers_left < 0 or s.silos_left < 0:
        raise ValueError(f"card set {cs.id}: too few Water Towers or Silos for "
                         f"{players} players")
    s.eq_unseen = [cs.tiles[t].copies for t in cs.tile_order]
    s.known = [[[] for _ in range(players)] for _ in range(players)]
    s.private = [[] for _ in range(players)]
    for _ in range(players):
        pl = Player()
        pl.coins = K.START_COINS
        pl.food = K.START_FOOD
        pl.farm = {"0,0": [TOWER, 1, K.START_WATER, [], []], "1,0": [SILO, 1, 0, [], []]}
        s.players.append(pl)
    fp = s.options["first_player"]
    s.first = fp if type(fp) is int else (_chance(s, players) if players > 1 else 0)
    s.script = _year_script(s)
    _advance(s)
    return s


def replay(record: dict[str, Any] | str, cards: str | None = None) -> State:
    """Rebuild the state a record describes; :class:`arle.errors.StateFormatError`
    (a ValueError) naming the field if it is malformed, illegal, played with another
    card set, or its logged chance outcomes differ."""
    from arle.framework import jsonread

    def bad(field: str, msg: str, prefix: str = "malformed record: ") -> StateFormatError:
        return StateFormatError(field, msg, prefix=prefix)

    if isinstance(record, str):
        try:
            record = jsonread.loads(record)
        except StateFormatError as e:
            raise e.with_prefix("malformed record JSON: ") from None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise bad("format", f"not an arle.green record (missing format {RECORD_FORMAT!r})",
                  "")
    try:
        setup, actions = record["setup"], record["actions"]
        if not isinstance(setup, dict) or not isinstance(actions, list):
            raise bad("setup", "'setup' must be an object and 'actions' a list of "
                               "action texts")
        want = setup["cards"]
        if not isinstance(want, dict):
            raise bad("setup.cards", "must be an object")
        cs = load_cards(cards) if cards is not None else by_hash(str(want.get("hash")))
        if cs is None or cs.hash != want.get("hash"):
            raise bad("setup.cards", f"played with card set {want.get('id')!r} (hash "
                                     f"{want.get('hash')}); pass cards=PATH of that set",
                      "record ")
        opts = setup["options"]
        if not isinstance(opts, dict):
            raise bad("setup.options", "must be an object")
        s = new_game(players=setup["players"], seed=setup["seed"], cards=cs, **opts)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise bad("setup", str(e)) from None
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            err = StateFormatError(f"actions[{i}]", "expected an action text")
            err.args = (f"record action {i}: expected an action text, got {text!r}"[:160],)
            raise err
        try:
            s.apply(text)
        except ValueError as e:
            err = StateFormatError(f"actions[{i}]", str(e))
            err.args = (f"record action {i} ({text!r}): {e}",)
            raise err from None
    logged = record.get("chance")
    if logged is not None and logged != s.chance:
        raise bad("chance", "the logged chance outcomes differ from the replay's "
                            "(another seed or engine version)", "record ")
    return s
