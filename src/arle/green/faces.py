"""What the faces (terminal ``arle play --game green``, the web pages) show of an
:mod:`arle.green` game, built only from what one seat may see.

:func:`seat_view` is the one entry point: the seat's :meth:`State.observation` (or, for
a spectator, :func:`arle.green.infostate.public_observation`), the action history with
every hidden pick, Equipment keep and plan written ``pick ?`` / ``keep ?`` / ``plan ?``,
the live score totals (all from public items), and the texts of the cards the view
names.  A face
renders this dictionary and nothing else, so it cannot show a card the seat may not see.

>>> import arle.green
>>> s = arle.green.new_game(players=3, seed=1)
>>> s.apply(s.legal_actions()[0])
>>> v = seat_view(s, None)                    # a spectator: no hand, no legal actions
>>> "hand" in v["obs"], v["obs"]["seats"][s.first]["hand_size"]
(False, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arle.green.cards import CardSet, Design, Tile
from arle.green.infostate import public_observation, redacted_history
from arle.green.state import State

__all__ = ["NOTICE", "card_text", "cost_words", "design_line", "effect_words", "seat_view",
           "selector_words", "tile_line", "KIND_NAME"]

#: What every face says the game is.
NOTICE = ("Rules modelled on Fields of Green (Artipia Games, 2016) with invented cards; "
          "unofficial, not affiliated, not a faithful copy.")

#: The kinds of cards, in words.
KIND_NAME = {"field": "Field card", "livestock": "Livestock card",
             "construction": "Construction card", "building": "Building card",
             "water_tower": "Water Tower", "silo": "Silo"}
_RES = {"coins": "coins", "water": "Water", "food": "Food", "vp": "VP"}
_MODIFY = {"capacity": "capacity", "range": "Water range", "market_coins":
           "coins at the market", "restore_cost": "coins to restore"}


def cost_words(coins: int, water: int, food: int) -> str:
    """A cost in words (``3 coins, 1 Water``; ``free``)."""
    parts = [f"{n} {w}" for n, w in ((coins, "coins" if coins != 1 else "coin"),
                                     (water, "Water"), (food, "Food")) if n]
    return ", ".join(parts) if parts else "free"


def selector_words(sel: Mapping[str, Any]) -> str:
    """What a card's effect counts, in words (``Field card adjacent``)."""
    of = sel.get("of")
    if of == "cards":
        what = sel.get("tag") or KIND_NAME.get(str(sel.get("type")), "location").replace(
            " card", "")
        near = {"adjacent": " adjacent", "within2": " within 2"}.get(str(sel.get("near")), "")
        return f"{what} card{near}"
    if of == "open_areas":
        return "Open Area" + (" nearby" if sel.get("near") else "")
    if of == "empty_towers":
        return "empty Water Tower"
    if of == "type_sets":
        return "set of the four kinds"
    return str(of)


def effect_words(e: Mapping[str, Any]) -> str:
    """One effect of a card, in words (``+2 coins per Field card``)."""
    op = e.get("op")
    if op == "gain":
        text = f"+{e.get('n', 0)} {_RES.get(str(e.get('res')), str(e.get('res')))}"
        if "per" in e:
            text += f" per {selector_words(e['per'])}"
        if "cap" in e:
            text += f" (at most {e['cap']})"
        if "if" in e:
            cond = e["if"]
            lo, hi = cond.get("min"), cond.get("max")
            rng = (f"at least {lo}" if hi is None else f"at most {hi}" if lo is None
                   else f"{lo} to {hi}")
            text += f" if {rng} {selector_words(cond.get('sel', {}))}"
        return text
    if op == "equipment":
        return "draw Equipment"
    if op == "refill":
        return "refill the Water Towers in range"
    if op == "modify":
        return f"{int(e.get('n', 0)):+d} {_MODIFY.get(str(e.get('what')), str(e.get('what')))}"
    return str(op)


def design_line(d: Design) -> str:
    """One line for a location design: name, pile, cost, VP, ability."""
    cost = cost_words(d.coins, d.water, d.food)
    effects = "; ".join(effect_words(e) for e in d.effect)
    ability = d.frame
    if d.frame == "harvest":
        alts = " or ".join(cost_words(*c) for c in d.harvest_cost) or "free"
        ability = f"harvest ({alts}): {effects}"
    elif effects:
        ability = f"{d.frame}: {effects}"
    tags = f" [{', '.join(d.tags)}]" if d.tags else ""
    return f"{d.name} ({d.pile}{tags}) cost {cost}, {d.vp} VP, {ability}"


def tile_line(t: Tile) -> str:
    """One line for an Equipment tile: name, target, timing, effect."""
    kw = f" with {', '.join(t.keywords)}" if t.keywords else ""
    return (f"{t.name} (on a {t.kind}{kw}, {t.timing}): "
            + "; ".join(effect_words(e) for e in t.effect))


def card_text(cs: CardSet, cid: str) -> str:
    """The line of a design, a tile, ``tower`` or ``silo``; the id itself if unknown."""
    if cid in cs.designs:
        return design_line(cs.designs[cid])
    if cid in cs.tiles:
        return tile_line(cs.tiles[cid])
    if cid == "tower":
        return f"Water Tower ({cs.tower_vp} VP)"
    if cid == "silo":
        return f"Silo ({cs.silo_vp} VP)"
    return cid


def _ids(obj: Any, out: set[str]) -> None:
    if isinstance(obj, str):
        for word in obj.replace(",", " ").replace(":", " ").split():
            out.add(word)
    elif isinstance(obj, dict):
        for v in obj.values():
            _ids(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _ids(v, out)


def seat_view(s: State, seat: int | None) -> dict[str, Any]:
    """What seat ``seat`` (``None``: a spectator) may see, JSON-ready:
    ``obs`` (the observation), ``log`` (the redacted history), ``scores`` (live totals),
    ``winners`` (at the end), ``cards`` (id -> text of every card the view names)."""
    if seat is None:
        obs = public_observation(s)
    else:
        if not (type(seat) is int and 0 <= seat < s.n):
            raise ValueError(f"no seat {seat!r} in a {s.n}-player game")
        obs = s.observation(seat)
    log = redacted_history(s, seat if seat is not None else 0)
    view: dict[str, Any] = {
        "obs": obs, "log": log,
        "scores": [sc.total for sc in s.scores()],
        "winners": s.winners() if s.is_terminal() else [],
    }
    named: set[str] = set()
    _ids(obs, named)
    _ids(log, named)
    cs = s.cs
    view["cards"] = {i: card_text(cs, i) for i in sorted(named)
                     if i in cs.designs or i in cs.tiles}
    return view
