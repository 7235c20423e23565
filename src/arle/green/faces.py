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

from typing import Any

from arle.green.cards import CardSet, Design, Tile
from arle.green.infostate import public_observation, redacted_history
from arle.green.state import State

__all__ = ["NOTICE", "card_text", "design_line", "seat_view", "tile_line"]

#: What every face says the game is.
NOTICE = ("Rules modelled on Fields of Green (Artipia Games, 2016) with invented cards; "
          "unofficial, not affiliated, not a faithful copy.")

_RES = {"coins": "coins", "water": "Water", "food": "Food", "vp": "VP"}


def _cost(coins: int, water: int, food: int) -> str:
    parts = [f"{n} {w}" for n, w in ((coins, "coins"), (water, "Water"), (food, "Food")) if n]
    return ", ".join(parts) if parts else "free"


def _selector(sel: dict[str, Any]) -> str:
    of = sel.get("of")
    if of == "cards":
        what = sel.get("tag") or sel.get("type") or "location"
        near = {"adjacent": " adjacent", "within2": " within 2"}.get(str(sel.get("near")), "")
        return f"{what} card{near}"
    if of == "open_areas":
        return "Open Area" + (" near" if sel.get("near") else "")
    if of == "empty_towers":
        return "empty tower"
    if of == "type_sets":
        return "set of the four types"
    return str(of)


def _effect(e: dict[str, Any]) -> str:
    op = e.get("op")
    if op == "gain":
        text = f"+{e.get('n', 0)} {_RES.get(str(e.get('res')), str(e.get('res')))}"
        if "per" in e:
            text += f" per {_selector(e['per'])}"
        if "cap" in e:
            text += f" (at most {e['cap']})"
        if "if" in e:
            cond = e["if"]
            lo, hi = cond.get("min"), cond.get("max")
            rng = (f"at least {lo}" if hi is None else f"at most {hi}" if lo is None
                   else f"{lo}-{hi}")
            text += f" if {rng} {_selector(cond.get('sel', {}))}"
        return text
    if op == "equipment":
        return "draw Equipment"
    if op == "refill":
        return "refill towers in range"
    if op == "modify":
        return f"{e.get('what')} {int(e.get('n', 0)):+d}"
    return str(op)


def design_line(d: Design) -> str:
    """One line for a location design: name, pile, cost, VP, ability."""
    cost = _cost(d.coins, d.water, d.food)
    effects = "; ".join(_effect(e) for e in d.effect)
    ability = d.frame
    if d.frame == "harvest":
        alts = " or ".join(_cost(*c) for c in d.harvest_cost) or "free"
        ability = f"harvest ({alts}): {effects}"
    elif effects:
        ability = f"{d.frame}: {effects}"
    tags = f" [{', '.join(d.tags)}]" if d.tags else ""
    return f"{d.name} ({d.pile}{tags}) cost {cost}, {d.vp} VP, {ability}"


def tile_line(t: Tile) -> str:
    """One line for an Equipment tile: name, target, timing, effect."""
    kw = f" with {', '.join(t.keywords)}" if t.keywords else ""
    return (f"{t.name} (on a {t.kind}{kw}, {t.timing}): "
            + "; ".join(_effect(e) for e in t.effect))


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
