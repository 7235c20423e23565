"""Views and loading for :mod:`arle.green`: the per-seat observation (the one place that
redacts hidden information), the strict JSON loader, and the conservation check."""

from __future__ import annotations

import json
import re
from typing import Any, NoReturn, TypeVar

from arle.framework import jsonread
from arle.framework.errors import StateFormatError
from arle.green import catalog as K
from arle.green.cards import PILES, CardSet, by_hash, load_cards
from arle.green.flow import year_script
from arle.green.frames import FIELDS, FRAME_TYPES, OPTIONAL_FIELDS, Fx, Keep, TileChoice
from arle.green.frames import frame_from_json
from arle.green.rules import legal, legal_now
from arle.green.setup import check_options
from arle.green.statedata import STATE_FORMAT, Player, StateData
from arle.green.tokens import supply
from arle.green.words import pending

__all__ = ["observation", "state_from_json", "conservation_problems", "options_from_rules"]

_S = TypeVar("_S", bound=StateData)

_CELL = re.compile(r"^-?\d{1,3},-?\d{1,3}$")


# ---------------------------------------------------------------------------- views
def _farm_view(s: StateData, p: int) -> list[dict[str, Any]]:
    return [{"cell": k, "card": e[0], "face_up": bool(e[1]), "water": e[2],
             "tiles": list(e[3]), "harvested": list(e[4])}
            for k, e in s.players[p].farm.items()]


def observation(s: StateData, player: int) -> dict[str, Any]:
    """What ``player`` may see (H1): public items plus its own hand, pick and (option
    ``action_choice="hidden"``) committed action; with ``token_limits`` the supply left.

    Never another seat's hand, pick or plan, the piles' contents, the face-down market's
    cards, the Equipment stack's order or contents, the RNG or the action history."""
    cur = s.current_player
    hidden = s.options["action_choice"] == "hidden"
    seats = []
    for i, pl in enumerate(s.players):
        piles = {k: 0 for k in PILES}
        for c in pl.hand:
            piles[s.cs.designs[c].pile] += 1
        if pl.pick:                      # the committed pick is still a card of the hand
            piles[s.cs.designs[pl.pick].pile] += 1
        seat: dict[str, Any] = {
            "coins": pl.coins, "food": pl.food, "vp_tokens": pl.vpt,
            "farm": _farm_view(s, i), "aside": list(pl.aside),
            "hand_size": len(pl.hand) + (1 if pl.pick else 0), "hand_piles": piles,
            "committed": bool(pl.pick), "card": pl.card,
        }
        if hidden:
            seat["planned"] = bool(pl.plan)
        seats.append(seat)
    out: dict[str, Any] = {
        "game": "green", "cards": {"id": s.cs.id, "hash": s.cs.hash},
        "seat": player, "players": s.n, "year": s.year,
        "direction": s.options["pass_directions"][s.year - 1], "first": s.first,
        "over": s.over, "current_player": cur, "options": dict(s.options),
        "piles": dict(s.pile_size), "market": list(s.market),
        "market_face_down": dict(s.slots), "declared": [d[:] for d in s.declared],
        "discard": list(s.discard), "towers_left": s.towers_left,
        "silos_left": s.silos_left, "equipment_stack": len(s.eq_bottom) + sum(s.eq_unseen),
        "equipment_discarded": list(s.eq_gone), "seats": seats,
        "hand": list(s.players[player].hand), "pick": s.players[player].pick,
    }
    if hidden:                           # F17 option: the seat's own committed action
        out["plan"] = s.players[player].plan
    left = supply(s)
    if left is not None:                 # F10 option: the tokens left in the supply
        out["supply"] = left
    if cur is None:
        out["decision"] = {"player": None, "kind": "over"}
    elif cur == player:
        d = pending(s)
        out["decision"] = {"player": cur, "kind": d.kind, "title": d.title,
                           "details": json.loads(json.dumps(d.details))}
        out["legal_actions"] = [str(a) for a in legal_now(s)]
    else:
        out["decision"] = {"player": cur, "kind": s.stack[-1].KIND}
    return out


def options_from_rules(specs: list[str], flag: str = "") -> dict[str, Any]:
    """``NAME[=VALUE]`` texts (``arle play --game green --rule``, ``python -m
    arle.green.balance --rule``) as options of :func:`arle.green.new_game`
    (``catalog.FOG_OPTIONS``): a true/false option takes ``on``/``off`` (``NAME`` alone
    is ``on``), ``first_player`` a seat number from 1 or ``random``, the others their
    value's text; ``new_game`` checks the values.  ``flag`` starts each error message.

    >>> options_from_rules(["token_limits", "action_choice=hidden", "first_player=2"])
    {'token_limits': True, 'action_choice': 'hidden', 'first_player': 1}
    """
    out: dict[str, Any] = {}
    for spec in specs:
        name, sep, value = (x.strip() for x in spec.partition("="))
        if name not in K.FOG_OPTIONS:
            raise ValueError(f"{flag}{spec}: unknown option {name!r} for the green game "
                             f"(known: {', '.join(K.FOG_OPTIONS)})")
        if isinstance(K.FOG_OPTIONS[name], bool):
            on = {"on": True, "true": True, "off": False, "false": False}.get(
                value.lower() if sep else "on")
            if on is None:
                raise ValueError(f"{flag}{spec}: expected {name}, {name}=on or {name}=off")
            out[name] = on
        elif not sep or not value:
            raise ValueError(f"{flag}{spec}: expected {name}=VALUE")
        elif name == "first_player" and value.isdigit():
            out[name] = int(value) - 1
        else:
            out[name] = value
    return out


# ---------------------------------------------------------------------------- checks
def conservation_problems(s: StateData) -> list[str]:
    """Every card, tower, silo and tile is somewhere exactly once (empty if so)."""
    cs = s.cs
    probs: list[str] = []
    seen = {d: 0 for d in cs.designs}
    for pile in PILES:
        for did, cnt in zip(cs.pile_designs[pile], s.unseen[pile]):
            seen[did] += cnt
        if sum(s.unseen[pile]) != s.pile_size[pile] + s.slots[pile]:
            probs.append(f"unseen.{pile}: {sum(s.unseen[pile])} cards, but pile_size "
                         f"{s.pile_size[pile]} + slots {s.slots[pile]}")
    towers = silos = 0
    tiles = {t: 0 for t in cs.tiles}
    for i, cnt in enumerate(s.eq_unseen):
        tiles[cs.tile_order[i]] += cnt
    for t in s.eq_bottom + s.eq_gone:
        tiles[t] += 1
    for f in s.stack:
        if isinstance(f, Keep):
            for t in f.tiles:
                tiles[t] += 1
        elif isinstance(f, TileChoice):
            tiles[f.e] += 1
    for pl in s.players:
        for c in pl.hand + [x for x in (pl.pick, pl.card) if x]:
            seen[c] += 1
        for t in pl.aside:
            tiles[t] += 1
        for e in pl.farm.values():
            if e[0] == "tower":
                towers += 1
            elif e[0] == "silo":
                silos += 1
            else:
                seen[e[0]] += 1
            for t in e[3]:
                tiles[t] += 1
    for c in s.market + s.discard:
        seen[c] += 1
    for d, n in seen.items():
        if n != cs.designs[d].copies:
            probs.append(f"cards: design {d} found {n} times, the set has "
                         f"{cs.designs[d].copies}")
    for t, n in tiles.items():
        if n != cs.tiles[t].copies:
            probs.append(f"equipment: tile {t} found {n} times, the set has "
                         f"{cs.tiles[t].copies}")
    if towers + s.towers_left != cs.tower_count:
        probs.append(f"towers_left: {s.towers_left} + {towers} built != {cs.tower_count}")
    if silos + s.silos_left != cs.silo_count:
        probs.append(f"silos_left: {s.silos_left} + {silos} built != {cs.silo_count}")
    return probs


# ---------------------------------------------------------------------------- loading
def _bad(where: str, msg: str) -> NoReturn:
    raise StateFormatError(where, msg)


def _keys(d: Any, where: str, keys: set[str]) -> dict[str, Any]:
    if not isinstance(d, dict):
        _bad(where, f"expected an object, got {type(d).__name__}")
    for k in sorted(keys):
        if k not in d:
            _bad(f"{where}.{k}" if where else k, "missing field")
    for k in sorted(d):
        if k not in keys:
            _bad(f"{where}.{k}" if where else k, "unknown field")
    return dict(d)


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if type(v) is not int:
        _bad(where, f"expected an integer, got {v!r}")
    if not lo <= v <= hi:
        _bad(where, f"{v} is out of range {lo}..{hi}")
    return int(v)


def _list(v: Any, where: str) -> list[Any]:
    if not isinstance(v, list):
        _bad(where, f"expected a list, got {type(v).__name__}")
    return list(v)


def _str(v: Any, where: str, choices: Any = None) -> str:
    if not isinstance(v, str):
        _bad(where, f"expected a string, got {v!r}")
    if choices is not None and v not in choices:
        _bad(where, f"{v!r} is not known here")
    return str(v)


#: The verbs of an action chosen with a card (F17's committed ``plan``).
_ACT_VERBS = ("build", "tower", "silo", "market", "restore")
#: The verbs of the action texts in ``history``.
_VERBS = K.VERBS
#: An entry of a seat's private log: ``y<year> <what> <ids...>``.
_PRIVATE = re.compile(r"^y([1-4]) (hand|pick|tiles|keep|plan)( [^ ]+)*$")
_STEPS = {"income": 2, "declare": 2, "commit": 2, "reveal": 1, "plan": 2, "act": 2, "open": 1,
          "turn": 2, "neutral": 1, "reveal2": 1, "harvest": 2, "endyear": 1}


#: The script step that pushes each kind of frame found at the bottom of the stack (the
#: frames of an action's effects rest on the step of the action).
_BOTTOM_STEPS: dict[str, tuple[str, ...]] = {
    "declare": ("declare",), "pick": ("commit",), "take": ("turn",), "plan": ("plan",),
    "harvest": ("harvest",), "act": ("act", "turn"), "store": ("income", "act", "turn"),
    "attach": ("act", "turn"), "fx": ("act", "turn"), "keep": ("act", "turn"),
    "tile": ("act", "turn"), "paywater": ("act", "turn")}


def _check_progress(s: StateData) -> None:
    """The script, the stack and the hands agree with one another: the script is the
    year's own, the first pending frame is one its last step can have started, and
    every hand, pick and card to act with is where the year's progress puts it (so that
    a deleted or repeated step, or a card moved between hands, is refused instead of
    losing or copying a card later)."""
    first = s.first
    if s.over:                          # the First Player tile passed after the Harvest
        s.first = (first - 1) % s.n
    try:
        want = year_script(s)
    finally:
        s.first = first
    if s.script != want:
        i = next((j for j, (a, b) in enumerate(zip(s.script, want)) if a != b),
                 min(len(s.script), len(want)))
        _bad(f"script[{i}]" if i < len(s.script) else "script",
             f"not the year's script (expected {want[i] if i < len(want) else 'its end'})")
    if s.over:
        if s.stack or s.pc != len(s.script):
            _bad("over", "a finished game has pending steps or decisions")
        return
    if not s.stack:
        _bad("stack", "no decision is pending")
    owner = s.stack[0].p
    seen_kinds: set[str] = set()
    for i, f in enumerate(s.stack):
        if f.KIND in ("declare", "pick", "take", "act", "plan", "harvest"):
            if f.KIND in seen_kinds:
                _bad(f"stack[{i}]", f"a second pending {f.KIND!r} decision")
            seen_kinds.add(f.KIND)
        if f.KIND in ("act", "plan") and not s.players[f.p].card:
            _bad(f"stack[{i}]", f"seat {f.p} has no card to act with")
    if s.pc == 0:
        _bad("pc", "no step of the year has run")
    step = s.script[s.pc - 1]
    bottom = s.stack[0]
    if step[0] not in _BOTTOM_STEPS[bottom.KIND] or (len(step) > 1 and step[1] != owner):
        _bad("stack[0]", f"a {bottom.KIND!r} frame of seat {owner} does not follow the "
             f"step {step!r} (pc {s.pc})")
    done = s.script[:s.pc]
    if s.n >= 3:                         # the hands of the hidden draft
        reveals = sum(1 for st in done if st[0] == "reveal")
        last = max((j for j, st in enumerate(done) if st[0] == "reveal"), default=-1)
        for q, pl in enumerate(s.players):
            w = f"players[{q}]"
            declared = ["declare", q] in done and not (bottom.KIND == "declare"
                                                       and owner == q)
            held = len(pl.hand) + (1 if pl.pick else 0)
            want_held = K.HAND - reveals if declared else 0
            if held != want_held:
                _bad(w + ".hand", f"holds {held} cards, {want_held} at this point of "
                     "the year")
            committed = ["commit", q] in done[last + 1:] and not (bottom.KIND == "pick"
                                                                 and owner == q)
            if bool(pl.pick) != (committed and held > 0):
                _bad(w + ".pick", "a pick is held exactly from the seat's commit to "
                     "the reveal")
            acting = (last >= 0 and ["act", q] not in done[last + 1:]) or any(
                f.KIND in ("act", "plan") and f.p == q for f in s.stack)
            if pl.card and not acting:
                _bad(w + ".card", "a card to act with is held only from the reveal to "
                     "the seat's action")
    else:
        for q, pl in enumerate(s.players):
            if pl.hand or pl.pick:
                _bad(f"players[{q}].hand", "hands are only held with 3-4 players")
            if pl.card and not any(f.KIND == "act" and f.p == q for f in s.stack):
                _bad(f"players[{q}].card", "a card taken from the market is held only "
                     "while its action is chosen")


def state_from_json(text: str, cards: str | None = None, *, cls: type[_S]) -> _S:
    """The strict loader behind :meth:`arle.green.State.from_json` (``cls``: the class of
    the state built, ``arle.green.State``): a damaged state raises
    :class:`arle.errors.StateFormatError` naming the field (its ``field``)."""
    try:
        if not isinstance(text, (str, bytes)):
            raise StateFormatError("", f"malformed state JSON: expected JSON text, got "
                                       f"{type(text).__name__}")
        try:
            d = jsonread.loads(text)
        except StateFormatError as e:
            raise e.with_prefix("malformed state JSON: ") from None
        return _load(d, cards, cls)
    except StateFormatError as e:
        raise e.with_prefix("arle.green state: ") from None


def _load(d: Any, cards: str | None, cls: type[_S]) -> _S:
    if not isinstance(d, dict) or d.get("format") != STATE_FORMAT:
        _bad("format", f"not an arle.green state (expected {STATE_FORMAT!r})")
    _keys(d, "", {"format", "n", "seed", "options", "cards", "year", "first", "over",
                  "script", "pc", "stack", "players", "unseen", "pile_size", "slots",
                  "market", "towers_left", "silos_left", "eq_unseen", "eq_bottom",
                  "eq_gone", "discard", "declared", "rng", "chance", "history", "known",
                  "eq_by", "private"} | ({"hidden_auto"} if "hidden_auto" in d else set()))
    s = cls.__new__(cls)
    s.n = n = _int(d["n"], "n", 1, 4)
    s.seed = _int(d["seed"], "seed", 0, 2 ** 63)
    c = _keys(d["cards"], "cards", {"id", "hash"})
    cs: CardSet | None = load_cards(cards) if cards is not None else by_hash(str(c["hash"]))
    if cs is None or cs.hash != c["hash"]:
        _bad("cards.hash", f"card set {c['id']!r} (hash {c['hash']}) is not loaded: pass "
             "cards=PATH")
    assert cs is not None
    s.cs = cs
    if not isinstance(d["options"], dict):
        _bad("options", "expected an object")
    try:
        s.options = check_options(n, d["options"], cs)
    except ValueError as e:
        _bad("options", str(e))
    s.year = _int(d["year"], "year", 1, K.YEARS)
    s.first = _int(d["first"], "first", 0, n - 1)
    if type(d["over"]) is not bool:
        _bad("over", "expected true or false")
    s.over = d["over"]
    s.script = _list(d["script"], "script")
    for i, st in enumerate(s.script):
        w = f"script[{i}]"
        _list(st, w)
        if not st or not isinstance(st[0], str) or st[0] not in _STEPS \
                or len(st) != _STEPS[st[0]]:
            _bad(w, f"unknown step {st!r}")
        if len(st) == 2:
            _int(st[1], w + "[1]", 0, n - 1)
    s.pc = _int(d["pc"], "pc", 0, len(s.script))
    tiles, designs = cs.tiles, cs.designs
    s.stack = []
    for i, f in enumerate(_list(d["stack"], "stack")):
        w = f"stack[{i}]"
        if not isinstance(f, dict) or not isinstance(f.get("t"), str) \
                or f["t"] not in FRAME_TYPES:
            _bad(w + ".t", f"unknown frame {f.get('t') if isinstance(f, dict) else f!r}")
        _keys(f, w, {"t", "p"} | FIELDS[f["t"]]
              | ({k for k in OPTIONAL_FIELDS[f["t"]] if k in f}))
        _int(f["p"], w + ".p", 0, n - 1)
        if "n" in f:
            _int(f["n"], w + ".n", 1, 99)
        if "i" in f:
            _int(f["i"], w + ".i", 0, 99)
        for k in ("cell",):
            if k in f and not _CELL.match(_str(f[k], f"{w}.{k}")):
                _bad(f"{w}.{k}", f"{f[k]!r} is not a cell 'x,y'")
        if "e" in f:
            _str(f["e"], w + ".e", tiles)
        if "tiles" in f:
            for j, t in enumerate(_list(f["tiles"], w + ".tiles")):
                _str(t, f"{w}.tiles[{j}]", tiles)
        if "src" in f:
            src = _str(f["src"], w + ".src")
            if src not in ("card", "harvest") and not (src.startswith("tile:")
                                                      and src[5:] in tiles):
                _bad(w + ".src", f"{src!r} is not 'card', 'harvest' or 'tile:ID'")
        s.stack.append(frame_from_json(f))
    pls = _list(d["players"], "players")
    if len(pls) != n:
        _bad("players", f"expected {n} players, got {len(pls)}")
    s.players = []
    for i, pd in enumerate(pls):
        w = f"players[{i}]"
        if not isinstance(pd, dict):
            _bad(w, f"expected an object, got {type(pd).__name__}")
        _keys(pd, w, {"coins", "food", "vpt", "farm", "hand", "pick", "card", "aside"}
              | ({"plan"} if "plan" in pd else set()))
        pl = Player()
        pl.coins = _int(pd["coins"], w + ".coins", 0, 10 ** 6)
        pl.food = _int(pd["food"], w + ".food", 0, 10 ** 6)
        pl.vpt = _int(pd["vpt"], w + ".vpt", 0, 10 ** 6)
        for j, row in enumerate(_list(pd["farm"], w + ".farm")):
            we = f"{w}.farm[{j}]"
            _list(row, we)
            if len(row) != 6:
                _bad(we, "expected [cell, card, face_up, water, tiles, harvested]")
            k, ent = _str(row[0], we + "[0]"), row[1:]
            if not _CELL.match(k) or k in pl.farm:
                _bad(we + "[0]", f"{k!r} is not a new cell 'x,y'")
            we = f"{w}.farm[{j}] ({k})"
            card = _str(ent[0], we + "[1]", set(designs) | {"tower", "silo"})
            _int(ent[1], we + "[2]", 0, 1)
            _int(ent[2], we + "[3]", 0, 99 if card == "tower" else 0)
            ts = [_str(t, f"{we}[4][{j}]", tiles) for j, t in enumerate(_list(ent[3], we + "[4]"))]
            if len(ts) > K.TILES_PER_CARD or len(set(ts)) != len(ts):
                _bad(we + "[4]", "at most 2 different tiles a card")
            hv = [_str(t, f"{we}[5][{j}]", set(tiles) | {"c"})
                  for j, t in enumerate(_list(ent[4], we + "[5]"))]
            pl.farm[k] = [card, ent[1], ent[2], ts, hv]
        pl.hand = [_str(x, f"{w}.hand[{j}]", designs)
                   for j, x in enumerate(_list(pd["hand"], w + ".hand"))]
        pl.pick = _str(pd["pick"], w + ".pick", set(designs) | {""})
        pl.card = _str(pd["card"], w + ".card", set(designs) | {""})
        pl.aside = [_str(x, f"{w}.aside[{j}]", tiles)
                    for j, x in enumerate(_list(pd["aside"], w + ".aside"))]
        if "plan" in pd:
            plan = _str(pd["plan"], w + ".plan")
            if plan.split(" ")[0] not in _ACT_VERBS or not pl.card:
                _bad(w + ".plan", f"{plan!r} is not an action planned with a card "
                     f"({', '.join(_ACT_VERBS)})")
            pl.plan = plan
        s.players.append(pl)
    for name in ("unseen", "pile_size", "slots"):
        v = _keys(d[name], name, set(PILES))
        for pile in PILES:
            if name == "unseen":  # noqa: SIM114
                lst = _list(v[pile], f"unseen.{pile}")
                if len(lst) != len(cs.pile_designs[pile]):
                    _bad(f"unseen.{pile}", f"expected {len(cs.pile_designs[pile])} counts")
                for j, x in enumerate(lst):
                    _int(x, f"unseen.{pile}[{j}]", 0, 999)
            else:
                _int(v[pile], f"{name}.{pile}", 0, 999)
    s.unseen = {p: list(d["unseen"][p]) for p in PILES}
    s.pile_size = {p: d["pile_size"][p] for p in PILES}
    s.slots = {p: d["slots"][p] for p in PILES}
    s.market = [_str(x, f"market[{j}]", designs) for j, x in enumerate(_list(d["market"], "market"))]
    s.discard = [_str(x, f"discard[{j}]", designs)
                 for j, x in enumerate(_list(d["discard"], "discard"))]
    s.towers_left = _int(d["towers_left"], "towers_left", 0, cs.tower_count)
    s.silos_left = _int(d["silos_left"], "silos_left", 0, cs.silo_count)
    eu = _list(d["eq_unseen"], "eq_unseen")
    if len(eu) != len(cs.tile_order):
        _bad("eq_unseen", f"expected {len(cs.tile_order)} counts")
    s.eq_unseen = [_int(x, f"eq_unseen[{j}]", 0, 999) for j, x in enumerate(eu)]
    s.eq_bottom = [_str(x, f"eq_bottom[{j}]", tiles)
                   for j, x in enumerate(_list(d["eq_bottom"], "eq_bottom"))]
    s.eq_gone = [_str(x, f"eq_gone[{j}]", tiles)
                 for j, x in enumerate(_list(d["eq_gone"], "eq_gone"))]
    s.declared = []
    for j, x in enumerate(_list(d["declared"], "declared")):
        _list(x, f"declared[{j}]")
        if len(x) != 5:
            _bad(f"declared[{j}]", "expected [seat, field, livestock, construction, building]")
        _int(x[0], f"declared[{j}][0]", 0, n - 1)
        for q in range(1, 5):
            _int(x[q], f"declared[{j}][{q}]", 0, K.HAND)
        if sum(x[1:]) != K.HAND:
            _bad(f"declared[{j}]", f"a draw of {sum(x[1:])} cards, not {K.HAND}")
        s.declared.append(list(x))
    s.rng = _int(d["rng"], "rng", 0, (1 << 64) - 1)
    s.chance = [_int(x, f"chance[{j}]", 0, 10 ** 6) for j, x in enumerate(_list(d["chance"], "chance"))]
    s.history = [_str(x, f"history[{j}]") for j, x in enumerate(_list(d["history"], "history"))]
    for j, x in enumerate(s.history):
        if x.partition(" ")[0] not in _VERBS or x != x.strip() or "  " in x:
            _bad(f"history[{j}]", f"{x!r} is not an action text of this game")
    kn = _list(d["known"], "known")
    if len(kn) != n:
        _bad("known", f"expected {n} rows")
    s.known = []
    for j, row in enumerate(kn):
        row = _list(row, f"known[{j}]")
        if len(row) != n:
            _bad(f"known[{j}]", f"expected {n} lists")
        s.known.append([[_str(x, f"known[{j}][{q}][{i}]", designs)
                         for i, x in enumerate(_list(kq, f"known[{j}][{q}]"))]
                        for q, kq in enumerate(row)])
    s.eq_by = [_int(x, f"eq_by[{j}]", 0, n - 1) for j, x in enumerate(_list(d["eq_by"], "eq_by"))]
    if len(s.eq_by) != len(s.eq_bottom):
        _bad("eq_by", f"expected {len(s.eq_bottom)} seats, one per returned tile")
    pv = _list(d["private"], "private")
    if len(pv) != n:
        _bad("private", f"expected {n} lists")
    s.private = [[_str(x, f"private[{j}][{i}]") for i, x in enumerate(_list(row, f"private[{j}]"))]
                 for j, row in enumerate(pv)]
    for j, row in enumerate(s.private):
        for i, x in enumerate(row):
            m = _PRIVATE.match(x)
            ids = x.split(" ")[2:]
            if m is None or int(m.group(1)) > s.year or not all(
                    c in (tiles if m.group(2) in ("tiles", "keep") else designs)
                    for c in (ids if m.group(2) != "plan" else ())):
                _bad(f"private[{j}][{i}]", f"{x!r} is not an entry of a seat's private log")
    for j, row in enumerate(s.known):
        for q, kq in enumerate(row):
            have = s.players[q].hand + ([s.players[q].pick] if s.players[q].pick else [])
            for kc in kq:
                if kc not in have:
                    _bad(f"known[{j}][{q}]", f"{kc!r} is not in seat {q}'s hand")
                have.remove(kc)
    s.hidden_auto = []
    for j, x in enumerate(_list(d.get("hidden_auto", []), "hidden_auto")):
        w = f"hidden_auto[{j}]"
        if not isinstance(x, list) or len(x) != 2:
            _bad(w, "expected [history length, 'pick' | 'keep' | 'plan']")
        _int(x[0], w + "[0]", s.hidden_auto[-1][0] if s.hidden_auto else 0, len(s.history))
        _str(x[1], w + "[1]", ("pick", "keep", "plan"))
        s.hidden_auto.append((x[0], x[1]))
    if "hidden_auto" in d and not s.hidden_auto:
        _bad("hidden_auto", "written only when not empty")
    s._legal = None
    s._forced = None
    probs = conservation_problems(s)
    if probs:
        _bad(probs[0].split(":")[0], probs[0].split(": ", 1)[1])
    _check_progress(s)
    if s.over != (not s.stack and s.pc == len(s.script)) and s.over:
        _bad("over", "a finished game has pending decisions")
    if not s.over:
        if not s.stack or isinstance(s.stack[-1], Fx):
            _bad("stack", "no decision is pending")
        try:
            acts = legal(s, s.stack[-1])
        except (KeyError, ValueError, IndexError, AttributeError, TypeError) as err:
            raise StateFormatError(
                "stack", f"the pending decision cannot be evaluated ({err!r})") from None
        if len(acts) < 2:
            _bad("stack", "the pending decision has fewer than two actions")
        s._legal = acts
    if s.to_json() != json.dumps(d, sort_keys=True, separators=(",", ":")):
        _bad("(state)", "does not round-trip (non-canonical values)")
    return s

