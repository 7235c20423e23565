"""The bot protocol and the bot registry, for every game of the game protocol.

A bot is any object with a ``name`` and a ``choose(state) -> Action`` method that returns
one of ``state.legal_actions()``; it never changes the state it is given.  The protocol
is generic in the states a bot reads: a bot written against :class:`arle.game.GameState`
alone (``random``) is a ``Bot[GameState]`` and so plays every game; one that reads a
particular game's state (Fields of Arle's ``greedy``, the second game's
``green-greedy``) is a ``Bot`` of that state.

Bots are made from a text spec by :func:`get`.  A spec is ``NAME`` or
``NAME:key=value,key=value``; the options reach the bot's factory as keyword arguments
(values stay text; the factory converts them).  Each registered bot says which games it
plays (:func:`register`'s ``games``; none said: every game); :func:`get` with ``game=``
refuses a bot that does not play that game and takes the game's short names
(:func:`register_game`).  Bots of installed packages join through the ``arle.bots``
entry-point group and are offered for every game.

>>> from arle.framework import bots
>>> bots.parse_spec("random:by=verb")
('random', {'by': 'verb'})
>>> bots.plays("random", "any-game-at-all")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any, Callable, Protocol, TypeVar

from arle.framework.actions import Action
from arle.framework.game import GameState

__all__ = ["Bot", "BotFactory", "ENTRY_POINT_GROUP", "GAME_BOTS", "GameBots", "PLAYS",
           "REGISTRY", "SEED_IN_SPEC", "SOLO_ONLY", "canonical", "get", "known", "parse_spec",
           "plays", "register", "register_game", "resolve", "solo_only"]

S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)


class Bot(Protocol[S_contra]):
    """What a bot offers: a display name and a (seeded, deterministic) choice in the
    states of type ``S_contra`` (``Bot[GameState]``: every game)."""

    @property
    def name(self) -> str: ...

    def choose(self, state: S_contra) -> Action: ...


#: ``factory(seed=..., **options) -> Bot``; options are the spec's ``key=value`` pairs.
BotFactory = Callable[..., Bot[Any]]


def _random_factory(seed: int = 0, **options: str) -> Bot[GameState]:
    from arle.framework.random_bot import RandomBot
    return RandomBot(seed=seed, **options)


def _search_factory(seed: int = 0, **options: str) -> Bot[GameState]:
    from arle.framework.search import ISMCTSBot
    return ISMCTSBot(seed=seed, **options)


#: Bot name -> factory.  A game's bots add one entry each (through :func:`register`)
#: whose factory imports the bot's module lazily, as ``_random_factory`` does.  The
#: framework's own play every game: ``random`` and the search ``so-ismcts``
#: (:mod:`arle.framework.search`).
REGISTRY: dict[str, BotFactory] = {
    "random": _random_factory,
    "so-ismcts": _search_factory,
}

#: Bot name -> the names of the games it plays; a bot not listed plays every game.
PLAYS: dict[str, frozenset[str]] = {}

#: Bots whose spec may name their seed (``plan:seed=N``, issue 33); for the others the
#: seed is the caller's alone.  :func:`register` with ``seed_in_spec=True`` adds to it.
SEED_IN_SPEC: frozenset[str] = frozenset({"so-ismcts"})


@dataclass(frozen=True)
class GameBots:
    """What the registry knows of a game: how a message names it, and the short names
    its seats and tournaments may use for its bots (``greedy`` -> ``green-greedy``)."""

    called: str
    aliases: dict[str, str] = field(default_factory=dict)


#: Game name -> :class:`GameBots` (a game not registered: called by its name, no aliases).
GAME_BOTS: dict[str, GameBots] = {}


#: Bots that play solo games only (Fields of Arle's planner: no opponents to model).
SOLO_ONLY: set[str] = set()


def solo_only(name: str) -> bool:
    """Whether the bot called ``name`` plays solo games only."""
    return name in SOLO_ONLY


def register(name: str, factory: BotFactory, games: Iterable[str] | None = None,
             seed_in_spec: bool = False, solo: bool = False) -> None:
    """Add (or replace) a bot: ``games`` are the games it plays (``None``: every game);
    ``seed_in_spec`` lets its spec name its seed (:data:`SEED_IN_SPEC`); ``solo``: it
    plays solo games only."""
    global SEED_IN_SPEC
    if not name or ":" in name or "," in name or "=" in name:
        raise ValueError(f"bot name {name!r} may not be empty or contain ':', ',' or '='")
    REGISTRY[name] = factory
    if games is None:
        PLAYS.pop(name, None)
    else:
        PLAYS[name] = frozenset(games)
    if seed_in_spec:
        SEED_IN_SPEC = SEED_IN_SPEC | {name}
    if solo:
        SOLO_ONLY.add(name)
    else:
        SOLO_ONLY.discard(name)


def register_game(game: str, called: str, aliases: dict[str, str] | None = None) -> None:
    """Tell the registry how messages name ``game`` and its bots' short names."""
    GAME_BOTS[game] = GameBots(called, dict(aliases or {}))


def _called(game: str) -> str:
    entry = GAME_BOTS.get(game)
    return entry.called if entry is not None else game


#: The entry-point group through which installed packages offer bots:
#: ``[project.entry-points."arle.bots"] mybot = "mypackage.bot:make_bot"``.
ENTRY_POINT_GROUP = "arle.bots"


def _plugins() -> dict[str, str]:
    """Bot name -> ``module:attribute`` of every bot installed packages offer."""
    return {ep.name.lower(): ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _load_plugin(name: str) -> BotFactory | None:
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name.lower() == name:
            try:
                factory: BotFactory = ep.load()
            except Exception as e:      # a broken plugin must not break the built-ins
                raise ValueError(f"bot {name!r}: cannot load {ep.value!r} from the "
                                 f"{ENTRY_POINT_GROUP!r} entry points ({e})") from e
            if not callable(factory):
                raise ValueError(f"bot {name!r}: {ep.value!r} is not callable")
            register(name, factory)
            return factory
    return None


#: The modules that register the bots shipped with arle (Fields of Arle's, the second
#: game's).  Like installed plugins they are looked up by name, here imported on the
#: first lookup of a bot not yet registered, so that a name finds its bot (or the
#: game it plays) whichever game was imported first.
SHIPPED = ("arle.bots", "arle.green")
_shipped: list[str] = []


def _load_shipped(name: str | None = None) -> None:
    """Import the :data:`SHIPPED` modules once (``name`` given: only if it is not yet
    registered)."""
    if _shipped or (name is not None and name in REGISTRY):
        return
    _shipped.extend(SHIPPED)
    for module in SHIPPED:
        import_module(module)


def plays(name: str, game: str) -> bool:
    """Whether the bot called ``name`` plays ``game`` (plugins and bots registered
    without ``games`` play every game)."""
    _load_shipped(name)
    games = PLAYS.get(name)
    return games is None or game in games


def known(game: str | None = None) -> list[str]:
    """The names of the registered bots and of the installed plugin bots, sorted; with
    ``game``, only those that play it."""
    _load_shipped()
    names = set(REGISTRY) | set(_plugins())
    return sorted(n for n in names if game is None or plays(n, game))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"NAME:key=value,key=value"`` into the name and its options.

    >>> parse_spec("random:temperature=2")
    ('random', {'temperature': '2'})
    """
    if not isinstance(spec, str):
        raise ValueError(f"bot spec must be text, not {type(spec).__name__}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    options: dict[str, str] = {}
    if rest.strip():
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            key = key.strip()
            if not eq or not key.isidentifier():
                raise ValueError(f"bad bot option {part.strip()!r} in {spec!r} "
                                 "(expected key=value)")
            if key in options or (key == "seed" and name not in SEED_IN_SPEC):
                raise ValueError(f"bot option {key!r} given twice or reserved in {spec!r}")
            options[key] = value.strip()
    return name, options


def _offered(game: str) -> str:
    """The bots of ``game`` for a message: ``random, greedy (green-greedy), ...``."""
    short = {full: alias for alias, full in
             (GAME_BOTS[game].aliases.items() if game in GAME_BOTS else ())}
    return ", ".join(f"{short[n]} ({n})" if n in short else n for n in known(game))


def canonical(name: str, game: str) -> str:
    """The bot a short name of ``game`` means (``greedy`` in the second game:
    ``green-greedy``); any other name as it is."""
    entry = GAME_BOTS.get(game)
    return entry.aliases.get(name, name) if entry is not None else name


def resolve(spec: str, game: str) -> str:
    """``spec`` with the game's short name put as the bot's own (``greedy:x=1`` ->
    ``green-greedy:x=1`` in the second game), or ValueError for a registered bot that
    does not play ``game``.

    >>> register_game("demo", "the demo game", {"quick": "random"})
    >>> resolve("QUICK:by=verb", "demo")
    'random:by=verb'
    """
    name, sep, rest = spec.strip().partition(":")
    low = canonical(name.strip().lower(), game)
    if not plays(low, game):
        where = " and ".join(_called(g) for g in sorted(PLAYS[low]))
        raise ValueError(f"bot {low!r} plays {where} only; {_called(game)}'s bots: "
                         f"{_offered(game)}")
    return low + sep + rest


def get(spec: str, seed: int = 0, game: str | None = None) -> Bot[Any]:
    """The bot a spec names, seeded with ``seed`` (ValueError for an unknown bot); a
    ``seed=N`` option of the spec takes its place for the bots of :data:`SEED_IN_SPEC`
    (``"plan:time=2,seed=7"``); for the others ``seed`` is reserved.  With ``game``, the
    game's short names are taken (:func:`resolve`) and a bot that does not play it is
    refused.

    >>> get("nobody")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'nobody' (known bots: ...random...)
    """
    if game is not None:
        spec = resolve(spec, game)
    name, options = parse_spec(spec)
    _load_shipped(name)
    if "seed" in options:
        text = options.pop("seed")
        if not (text.isascii() and text.isdigit() and len(text) <= 18):
            raise ValueError(f"bot option seed={text[:20]} must be a whole number >= 0")
        seed = int(text)
    factory = REGISTRY.get(name) or _load_plugin(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known bots: {', '.join(known())})")
    try:
        return factory(seed=seed, **options)
    except TypeError as e:
        raise ValueError(f"bot {name!r}: bad options {sorted(options)} ({e})") from e
