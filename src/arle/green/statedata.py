"""The data of a game of :mod:`arle.green`: the state's fields, its copy and its JSON
form, without rules (the rules are functions of the modules above it, and
:class:`arle.green.State` adds the public methods that play by them).

A state is flat data (ints, strings, lists, dicts of small lists), so ``clone()`` is a
few list copies and ``to_json()`` is the whole state.  What is being decided is a frame
on ``stack`` (:mod:`arle.green.frames`), never the Python call stack; the automatic steps
of the year are a ``script`` of steps (:mod:`arle.green.flow`).
"""

from __future__ import annotations

import json
from typing import Any, TypeVar, Union

from arle.framework.actions import Action
from arle.green import catalog as K
from arle.green.cards import CardSet, load_cards
from arle.green.frames import Frame

__all__ = ["STATE_FORMAT", "RECORD_FORMAT", "TOWER", "SILO", "Step", "FarmEntry", "Player",
           "StateData"]

STATE_FORMAT = "arle-green-state-1"
RECORD_FORMAT = "arle-green-record-1"
TOWER, SILO = "tower", "silo"

#: One step of the year's script: its kind and, for a seat's step, the seat
#: (``["income", 2]``, ``["reveal"]``); JSON lists as written.
Step = list[Union[str, int]]
#: One card of a farm: ``[card, face_up, water, tiles, harvested]`` (see :class:`Player`).
FarmEntry = list[Any]

_S = TypeVar("_S", bound="StateData")


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
        self.farm: dict[str, FarmEntry] = {}
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


class StateData:
    """The fields of a game of :mod:`arle.green` (see the module)."""

    __slots__ = ("n", "seed", "options", "cs", "year", "first", "over", "script", "pc",
                 "stack", "players", "unseen", "pile_size", "slots", "market",
                 "towers_left", "silos_left", "eq_unseen", "eq_bottom", "eq_gone",
                 "discard", "declared", "rng", "chance", "history", "known", "eq_by",
                 "private", "hidden_auto", "_legal", "_forced")

    def __init__(self) -> None:
        self.n = 1
        self.seed = 0
        self.options: K.Options = K.default_options()
        self.cs: CardSet = load_cards()
        self.year = 1
        self.first = 0
        self.over = False
        self.script: list[Step] = []
        self.pc = 0
        self.stack: list[Frame] = []
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
        # single Equipment to keep, a single pick): (i, kind) for one taken after the
        # first i entries of ``history``, so that every seat's redacted history still
        # shows it (``pick ?``, ``keep ?``, ``plan ?``), forced or not.
        self.hidden_auto: list[tuple[int, str]] = []
        # The legal actions of the pending decision, cached until the next change.
        self._legal: list[Action] | None = None
        # Chance outcomes to use instead of the RNG (the OpenSpiel wrapper's explicit
        # chance nodes); when it is an empty list, the next chance raises ChanceNeeded.
        self._forced: list[int] | None = None

    @property
    def current_player(self) -> int | None:
        """The seat to decide (always one seat), ``None`` once the game is over."""
        if self.over or not self.stack:
            return None
        return self.stack[-1].p

    def is_terminal(self) -> bool:
        return self.over

    def clone(self: _S) -> _S:
        cls = type(self)
        s = cls.__new__(cls)
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

    # ------------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        d = self._to_dict()
        if self.hidden_auto:        # absent when empty: states saved before it still load
            d["hidden_auto"] = [list(x) for x in self.hidden_auto]
        return d

    def _to_dict(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT, "n": self.n, "seed": self.seed,
            "options": self.options,
            "cards": {"id": self.cs.id, "hash": self.cs.hash},
            "year": self.year, "first": self.first, "over": self.over,
            "script": self.script, "pc": self.pc,
            "stack": [f.to_json() for f in self.stack],
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

    def record(self) -> dict[str, Any]:
        """The setup, every applied action and every chance outcome (replay reads it)."""
        return {"format": RECORD_FORMAT,
                "setup": {"players": self.n, "seed": self.seed,
                          "options": dict(self.options),
                          "cards": {"id": self.cs.id, "hash": self.cs.hash,
                                    "path": self.cs.path}},
                "actions": list(self.history), "chance": list(self.chance)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StateData) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())
