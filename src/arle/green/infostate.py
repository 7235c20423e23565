"""Information states of :mod:`arle.green` (rulings H5, H6): what one seat knows, as a
string and as fixed-size tensors, a fixed action catalogue with legal masks, and
determinization (``resample_from_infostate``, from :mod:`arle.green.sampling`: the game's
sampler, :meth:`arle.framework.game.Game.determinize`).

A seat's information state is perfect recall: the public action history (other seats'
hidden picks, Equipment keeps and (option ``action_choice="hidden"``) committed actions
written ``pick ?`` / ``keep ?`` / ``plan ?``), the seat's private log (the hands it
held, its picks and plans, the tiles it drew and kept: ``State.private``), what it
knows of the other hands from the hands it passed on (``State.known``), where its
returned tiles lie under the stack, and its current observation.

>>> import random, arle.green
>>> from arle.green import infostate as I
>>> s = arle.green.new_game(players=3, seed=2)
>>> s.apply(s.legal_actions()[0])
>>> p = s.current_player
>>> t = I.resample_from_infostate(s, p, random.Random(1))
>>> I.infostate_string(t, p) == I.infostate_string(s, p)
True
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np

from arle.framework.actions import Action
from arle.green import catalog as K
from arle.green.cards import PILES, CardSet
from arle.green.frames import Keep, TileChoice
from arle.green.sampling import _HIDDEN_VERBS, resample_from_infostate
from arle.green.state import State

__all__ = ["GreenCatalog", "catalog_for", "infostate_string", "information_state_tensor",
           "observation_string", "observation_tensor", "public_observation",
           "redacted_history", "resample_from_infostate", "WINDOW", "REACH", "CELLS",
           "KINDS", "open_choices"]

#: How far a farm can grow (F5): it starts with the tower at 0,0 and the silo at 1,0 and
#: gains at most one card a turn (no effect adds cards, P4), so after the game's
#: ``YEARS * TURNS`` = 24 turns every card, and every cell an action can name, is at most
#: 24 orthogonal steps from one of the two starting cells.
REACH = K.YEARS * K.TURNS


def _steps_from_start(x: int, y: int) -> int:
    """Orthogonal steps from the nearer of the starting cells 0,0 and 1,0."""
    return abs(y) + max(0, -x, x - 1)


#: Every cell a farm can reach (:data:`REACH` steps from the start), ordered by x then
#: y: the cells of the catalogue's cell actions and of the tensors' farm features.
CELLS: tuple[tuple[int, int], ...] = tuple(
    (x, y) for x in range(-REACH, REACH + 2) for y in range(-REACH, REACH + 1)
    if _steps_from_start(x, y) <= REACH)
_CELL_INDEX = {c: i for i, c in enumerate(CELLS)}
#: The x (and y) range bounding :data:`CELLS`.
WINDOW = range(-REACH, REACH + 2)
#: Decision kinds in tensor order.
KINDS = ("declare", "pick", "take", "act", "paywater", "store", "keep", "tile", "attach",
         "harvest", "plan", "over")
_CELL_KINDS = ("field", "livestock", "construction", "building", "tower", "silo")


def _water_most(cs: CardSet) -> int:
    """The most Water one payment or one gain of ``cs`` can move (income, costs, Harvest
    costs, gains of cards and tiles; a gain counted per card at most ``REACH + 2`` cards
    unless capped)."""
    most = K.INCOME["water"]
    for d in cs.designs.values():
        most = max([most, d.water] + [c[1] for c in d.harvest_cost])
    effects = [e for d in cs.designs.values() for e in d.effect]
    effects += [e for tile in cs.tiles.values() for e in tile.effect]
    for e in effects:
        if e.get("op") == "gain" and e.get("res") == "water":
            n = int(e["n"]) * (REACH + 2 if "per" in e else 1)
            most = max(most, min(n, int(e["cap"])) if "cap" in e else n)
    return most


def open_choices(cs: CardSet) -> int:
    """How many ``pay#k`` / ``store#k`` entries the catalogue of ``cs`` has: the ways to
    spread the most Water one payment or gain moves over every Water Tower of the set
    (one seat can hold them all), so every such choice is catalogued.  (With
    ``token_limits``, a refill short of Water (F10) may be larger; such a choice beyond
    the count is left out of the mask.)"""
    return math.comb(_water_most(cs) + cs.tower_count - 1, cs.tower_count - 1)


# ---------------------------------------------------------------------------- strings


def redacted_history(s: State, player: int) -> list[str]:
    """The action history as ``player`` saw it: every hidden pick, Equipment keep and
    committed action is written ``pick ?`` / ``keep ?`` / ``plan ?`` (the seat's own are
    in its private log; what a plan did shows in the farms once it is resolved).  A
    hidden decision taken automatically because it had one legal action is written the
    same way, so the history's length never tells that a decision was forced."""
    out: list[str] = []
    auto = s.hidden_auto
    k = 0
    for i, a in enumerate(s.history):
        while k < len(auto) and auto[k][0] == i:
            out.append(str(auto[k][1]) + " ?")
            k += 1
        verb = a.partition(" ")[0]
        out.append(verb + " ?" if verb in _HIDDEN_VERBS else a)
    out += [str(x[1]) + " ?" for x in auto[k:]]
    return out


def _check(s: State, player: int) -> None:
    if not (type(player) is int and 0 <= player < s.n):
        raise ValueError(f"no player {player!r} in a {s.n}-player game")


def public_observation(s: State) -> dict[str, Any]:
    """What everybody (a spectator) sees: the observation without any seat's private
    items."""
    o = s.observation(0)
    for k in ("hand", "pick", "plan", "legal_actions", "seat"):
        o.pop(k, None)
    o["decision"] = {"player": s.current_player,
                     "kind": s.stack[-1].KIND if s.stack and not s.over else "over"}
    return o


def observation_string(s: State, player: int) -> str:
    """The seat's current observation (no memory) as canonical JSON."""
    return json.dumps(s.observation(player), sort_keys=True, separators=(",", ":"))


def _memory(s: State, player: int) -> dict[str, Any]:
    return {"private": list(s.private[player]),
            "known": [sorted(k) for k in s.known[player]],
            "returned": [[i, t] for i, (t, b) in enumerate(zip(s.eq_bottom, s.eq_by))
                         if b == player]}


def infostate_string(s: State, player: int) -> str:
    """The seat's perfect-recall information state as canonical JSON (H5)."""
    _check(s, player)
    d = {"history": redacted_history(s, player), "memory": _memory(s, player),
         "observation": s.observation(player)}
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


# ---------------------------------------------------------------------------- tensors
class _Layout:
    """Named slices of the fixed-size tensors for one card set (sizes from the set)."""

    def __init__(self, cs: CardSet) -> None:
        self.d = len(cs.design_index)
        self.t = len(cs.tile_order)
        w = len(CELLS)
        parts: list[tuple[str, int]] = [
            ("year", K.YEARS), ("direction", 1), ("players", 4), ("first", 4),
            ("current", 5), ("kind", len(KINDS)), ("piles", 4), ("face_down", 4),
            ("market", self.d), ("discard", self.d), ("supply", 3), ("eq_gone", self.t)]
        for i in range(4):
            parts += [(f"seat{i}.res", 8), (f"seat{i}.hand_piles", 4),
                      (f"seat{i}.card", self.d), (f"seat{i}.aside", self.t),
                      (f"seat{i}.built", self.d), (f"seat{i}.farm", w * 9)]
        parts += [("hand", self.d), ("pick", self.d), ("decision_tiles", self.t)]
        self.obs: dict[str, slice] = {}
        o = 0
        for name, k in parts:
            self.obs[name] = slice(o, o + k)
            o += k
        self.obs_size = o
        info = [("known", 4 * self.d), ("seen_cards", self.d), ("seen_tiles", self.t),
                ("returned", self.t), ("steps", 1)]
        self.info: dict[str, slice] = {}
        for name, k in info:
            self.info[name] = slice(o, o + k)
            o += k
        self.info_size = o


_LAYOUTS: dict[str, _Layout] = {}


def layout(cs: CardSet) -> _Layout:
    if cs.hash not in _LAYOUTS:
        _LAYOUTS[cs.hash] = _Layout(cs)
    return _LAYOUTS[cs.hash]


def _fill_obs(s: State, player: int, v: np.ndarray, L: _Layout) -> None:
    cs = s.cs
    di, ti = cs.design_index, {t: i for i, t in enumerate(cs.tile_order)}
    o = L.obs

    def at(name: str, i: int = 0) -> int:
        return int(o[name].start) + i

    v[at("year", s.year - 1)] = 1
    v[at("direction")] = 1.0 if s.options["pass_directions"][s.year - 1] == "L" else 0.0
    v[at("players", s.n - 1)] = 1
    v[at("first", (s.first - player) % s.n)] = 1
    cur = s.current_player
    v[at("current", 4 if cur is None else (cur - player) % s.n)] = 1
    v[at("kind", KINDS.index(s.stack[-1].KIND) if cur is not None else len(KINDS) - 1)] = 1
    for i, pile in enumerate(PILES):
        v[at("piles", i)] = s.pile_size[pile] / 33.0
        v[at("face_down", i)] = s.slots[pile] / 12.0
    for c in s.market:
        v[at("market", di[c])] += 1 / 3
    for c in s.discard:
        v[at("discard", di[c])] += 1 / 3
    v[at("supply", 0)] = s.towers_left / 20
    v[at("supply", 1)] = s.silos_left / 14
    v[at("supply", 2)] = (sum(s.eq_unseen) + len(s.eq_bottom)) / 30
    for t in s.eq_gone:
        v[at("eq_gone", ti[t])] += 1 / 3
    for r in range(s.n):
        q = (player + r) % s.n
        pl = s.players[q]
        pre = f"seat{r}."
        hp = [0, 0, 0, 0]
        for c in pl.hand + ([pl.pick] if pl.pick else []):
            hp[PILES.index(cs.designs[c].pile)] += 1
        water = sum(e[2] for e in pl.farm.values())
        res = [pl.coins / 30, pl.food / 10, pl.vpt / 20, water / 10,
               (len(pl.hand) + (1 if pl.pick else 0)) / 6, 1.0 if pl.pick else 0.0,
               len(pl.farm) / 20, sum(1 for e in pl.farm.values() if not e[1]) / 5]
        v[o[pre + "res"]] = res
        v[o[pre + "hand_piles"]] = [x / 6 for x in hp]
        if pl.card:
            v[at(pre + "card", di[pl.card])] = 1
        for t in pl.aside:
            v[at(pre + "aside", ti[t])] += 1
        base = int(o[pre + "farm"].start)
        for key, e in pl.farm.items():
            card = e[0]
            if card not in ("tower", "silo") and e[1]:
                v[at(pre + "built", di[card])] += 1 / 3
            x, y = (int(z) for z in key.split(","))
            ci = _CELL_INDEX.get((x, y))
            if ci is None:         # beyond REACH: only a state built by hand has it
                continue
            cell = base + ci * 9
            kind = card if card in ("tower", "silo") else cs.designs[card].pile
            v[cell + _CELL_KINDS.index(kind)] = 1
            v[cell + 6] = 1.0 if e[1] else 0.0
            v[cell + 7] = e[2] / 3
            v[cell + 8] = len(e[3]) / 2
    me = s.players[player]
    for c in me.hand:
        v[at("hand", di[c])] += 1 / 3
    if me.pick:
        v[at("pick", di[me.pick])] = 1
    if cur == player:
        f = s.stack[-1]
        for t in f.tiles if isinstance(f, Keep) else (f.e,) if isinstance(f, TileChoice) else ():
            v[at("decision_tiles", ti[t])] += 1


def observation_tensor(s: State, player: int) -> np.ndarray:
    """The seat's current observation as a ``float32`` vector (seats relative to it)."""
    _check(s, player)
    L = layout(s.cs)
    v = np.zeros(L.obs_size, np.float32)
    _fill_obs(s, player, v, L)
    return v


def information_state_tensor(s: State, player: int) -> np.ndarray:
    """The observation tensor followed by the seat's memory: what it knows of each other
    hand, the cards and tiles it has held, its returned tiles, and the step count."""
    _check(s, player)
    L = layout(s.cs)
    v = np.zeros(L.info_size, np.float32)
    _fill_obs(s, player, v, L)
    di, ti = s.cs.design_index, {t: i for i, t in enumerate(s.cs.tile_order)}
    kstart = int(L.info["known"].start)
    for r in range(s.n):
        for c in s.known[player][(player + r) % s.n]:
            v[kstart + r * L.d + di[c]] += 1 / 3
    for line in s.private[player]:
        words = line.split()
        if words[1] == "hand":
            for c in words[2:]:
                v[int(L.info["seen_cards"].start) + di[c]] += 1 / 18
        elif words[1] == "tiles":
            for t in words[2:]:
                v[int(L.info["seen_tiles"].start) + ti[t]] += 1 / 3
    for t, b in zip(s.eq_bottom, s.eq_by):
        if b == player:
            v[int(L.info["returned"].start) + ti[t]] += 1 / 3
    v[int(L.info["steps"].start)] = (len(s.history) + len(s.hidden_auto)) / 300
    return v


# ---------------------------------------------------------------------------- catalogue
class GreenCatalog:
    """A fixed list of action texts for one card set (H5): every declaration split, a
    ``pick``/``take`` per design, the cell actions over :data:`CELLS`, ``market
    0..2``, the tile actions per tile, and ``pay#k`` / ``store#k`` for the k-th legal
    choice of an open-ended Water payment or distribution (``plan X`` is at ``X``)."""

    def __init__(self, cs: CardSet) -> None:
        self.cs = cs
        texts: list[str] = []
        h = K.HAND
        for f in range(h + 1):
            for li in range(h + 1 - f):
                for c in range(h + 1 - f - li):
                    texts.append(f"draw {f} {li} {c} {h - f - li - c}")
        designs = sorted(cs.design_index, key=cs.design_index.__getitem__)
        texts += [f"pick {d}" for d in designs] + [f"take {d}" for d in designs]
        texts += [f"market {k}" for k in range(K.MARKET_FOOD_MAX + 1)]
        cells = CELLS
        for verb in ("build", "tower", "silo", "restore", "tile", "harvest", "flip"):
            texts += [f"{verb} {x} {y}" for x, y in cells]
        alts = max([2] + [len(d.harvest_cost) for d in cs.designs.values()])
        texts += [f"harvest {x} {y} {k}" for x, y in cells for k in range(1, alts + 1)]
        texts += [f"use {x} {y} {t}" for x, y in cells for t in cs.tile_order]
        texts += [f"keep {t}" for t in cs.tile_order] + [f"attach {t}" for t in cs.tile_order]
        texts += ["aside", "done"]
        #: Entries for the k-th legal choice of a Water payment or distribution.
        self.open_max = open_choices(cs)
        texts += [f"pay#{k}" for k in range(self.open_max)]
        texts += [f"store#{k}" for k in range(self.open_max)]
        self.texts = tuple(texts)
        self._index = {t: i for i, t in enumerate(self.texts)}

    def __len__(self) -> int:
        return len(self.texts)

    def __deepcopy__(self, memo: dict[int, Any]) -> "GreenCatalog":
        """The catalogue never changes: a copied game state shares it (OpenSpiel copies
        its states deeply, and the catalogue has tens of thousands of entries)."""
        return self

    def _open(self, s: State, a: Action) -> str | None:
        if a.verb in ("pay", "store"):
            same = [b for b in s.legal_actions() if b.verb == a.verb]
            k = same.index(a)
            return f"{a.verb}#{k}" if k < self.open_max else None
        return None

    def index(self, s: State, a: Action) -> int | None:
        """The catalogue index of legal action ``a`` of ``s`` (``None`` if uncatalogued).
        A committed ``plan X`` (F17's option) shares the index of ``X``: the decision's
        kind tells them apart."""
        if a.verb == "plan":
            a = Action(a.args[0], a.args[1:])
        key = self._open(s, a) if a.verb in ("pay", "store") else str(a)
        return None if key is None else self._index.get(key)

    def legal_indices(self, s: State) -> list[int]:
        """Sorted catalogue indices of the legal actions (uncatalogued ones left out,
        unless no legal action is catalogued: ValueError then)."""
        out = sorted({i for a in s.legal_actions() if (i := self.index(s, a)) is not None})
        if not out and not s.is_terminal():
            raise ValueError("no legal action of this state is in the catalogue "
                             f"(legal: {[str(a) for a in s.legal_actions()][:5]})")
        return out

    def mask(self, s: State) -> np.ndarray:
        m = np.zeros(len(self.texts), np.int8)
        m[self.legal_indices(s)] = 1
        return m

    def action(self, s: State, index: int) -> Action:
        """The legal action of ``s`` at catalogue ``index`` (ValueError otherwise)."""
        if not (type(index) in (int, np.int64, np.int32) and 0 <= int(index) < len(self.texts)):
            raise ValueError(f"catalogue index {index!r} is out of range 0..{len(self.texts) - 1}")
        text = self.texts[int(index)]
        for a in s.legal_actions():
            if self.index(s, a) == int(index):
                return a
        raise ValueError(f"catalogue action {int(index)} ({text!r}) is not legal now")


_CATALOGS: dict[str, GreenCatalog] = {}


def catalog_for(cs: CardSet) -> GreenCatalog:
    """The (cached) catalogue of a card set."""
    if cs.hash not in _CATALOGS:
        _CATALOGS[cs.hash] = GreenCatalog(cs)
    return _CATALOGS[cs.hash]
